"""`exclude:` in atdf-mcp.yaml and `.atdfignore` files: gitignore-style globs of files that are never read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import atdf2_tool, mcp_tool, write_file
from descriptors_only import load_catalog

from atdf_mcp.serve import load_for_serving


def unreadable(path: Path) -> Path:
    """A FIFO where a descriptor would be: reading it is an error, so a file that is excluded must never be opened."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


@needs_fifo
def test_config_exclude_and_atdfignore_keep_files_out_without_reading_them(tmp_path: Path) -> None:
    """`exclude:` globs and the root .atdfignore (with # comments) both apply; excluded files make no line at all."""
    write_file(tmp_path, "atdf-mcp.yaml", "exclude:\n  - bench/\n  - '*.bak.json'\n")
    write_file(tmp_path, ".atdfignore", "# drafts are not served yet\ndrafts/\n\n/old.json\n")
    write_file(tmp_path, "plan.json", atdf2_tool())
    write_file(tmp_path, "tools.json", {"tools": [mcp_tool()]})
    write_file(tmp_path, "plan.bak.json", "{ not json")
    write_file(tmp_path, "old.json", "{ not json")
    write_file(tmp_path, "bench/results.json", {"machine": "x"})
    unreadable(tmp_path / "drafts" / "next.json")
    write_file(tmp_path, "sub/old.json", mcp_tool("kept_because_only_the_root_old_is_anchored"))
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert set(catalog.by_id) == {"plan_trip", "search_flights", "kept_because_only_the_root_old_is_anchored"}
    assert {Path(f.file).name for f in catalog.report.files} == {"plan.json", "tools.json", "old.json", "atdf-mcp.yaml"}


def test_a_nested_atdfignore_applies_to_its_folder_and_a_negation_re_includes(tmp_path: Path) -> None:
    """`team/.atdfignore` ignores `*.json` there except `!keep.json`; the root folder is not affected."""
    write_file(tmp_path, "team/.atdfignore", "*.json\n!keep.json\n")
    write_file(tmp_path, "team/draft.json", "{ not json")
    write_file(tmp_path, "team/deep/also_draft.json", "{ not json")
    write_file(tmp_path, "team/keep.json", mcp_tool("team_tool"))
    write_file(tmp_path, "root.json", mcp_tool("root_tool"))
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert set(catalog.by_id) == {"team_tool", "root_tool"}


def test_a_file_named_on_the_command_line_is_read_even_when_ignored(tmp_path: Path) -> None:
    """Exclusion shapes what a folder serves; a file given by name is read."""
    write_file(tmp_path, ".atdfignore", "drafts/\n")
    draft = write_file(tmp_path, "drafts/plan.json", atdf2_tool())
    assert load_catalog(draft).get("plan_trip") is not None


def test_an_exclude_that_is_not_a_list_of_globs_is_a_config_error(tmp_path: Path) -> None:
    """`exclude: 3` is a CONFIGURATION_ERROR at /exclude that shows how to write it; nothing is excluded."""
    write_file(tmp_path, "atdf-mcp.yaml", "exclude: 3\n")
    write_file(tmp_path, "plan.json", atdf2_tool())
    problems = load_catalog(tmp_path).report.problems
    assert [(p.pointer, p.code) for p in problems] == [("/exclude", "CONFIGURATION_ERROR")]
    assert "list of gitignore-style globs" in problems[0].message


@needs_fifo
def test_validate_serve_and_fix_honour_the_exclusions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same files are left out by `validate`, the `serve` banner and `fix` (which leaves an excluded draft as written)."""
    write_file(tmp_path, ".atdfignore", "drafts/\nfifo.json\n")
    write_file(tmp_path, "plan.json", atdf2_tool())
    write_file(tmp_path, "handlers.py", "def plan_trip(**arguments):\n    return 'planned'\n")
    draft = atdf2_tool("draft_tool")
    draft["__comment"] = "not served yet"
    draft_path = write_file(tmp_path, "drafts/draft.json", draft)
    unreadable(tmp_path / "fifo.json")
    before = draft_path.read_bytes()
    validate = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", "--strict", str(tmp_path)],
                              capture_output=True, text=True, timeout=120)
    assert validate.returncode == 0 and validate.stdout.splitlines()[-1].startswith("1 file(s), 1 descriptor(s) loaded")
    fix = subprocess.run([sys.executable, "-m", "atdf_mcp", "fix", "--write", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert fix.returncode == 0 and "nothing to fix" in fix.stderr
    assert draft_path.read_bytes() == before
    catalog, _ = load_for_serving(str(tmp_path), lang=None)
    assert [d.id for d in catalog.descriptors] == ["plan_trip"]
    assert "(0 error(s), 0 warning(s)" in capsys.readouterr().err
