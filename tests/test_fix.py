"""`atdf-mcp fix`: the canonical form of every deviating file, as a diff or written in place, round-tripping through validate."""

from __future__ import annotations

import codecs
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import atdf2_tool, write_file
from descriptors_only import load_catalog

AS_WRITTEN = Path(__file__).parent / "fixtures" / "as_written"
MEANING = ("type", "dialect", "description", "when_to_use", "title", "inputs", "input_schema", "output_schema", "examples",
           "content", "content_type", "prerequisites", "metadata", "feedback", "localization", "failures", "binding", "success")


def cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True, timeout=120, cwd=cwd)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of every descriptor as written (the ATDF README, the ARDF overview, upstream shapes)."""
    return Path(shutil.copytree(AS_WRITTEN, tmp_path / "as_written"))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_write_round_trips_every_deviation_and_keeps_the_meaning(copy: Path) -> None:
    """After `fix --write`: no NON_CANONICAL left, `validate` passes, and every descriptor means what it meant."""
    before = load_catalog(copy)
    assert any(p.code == "NON_CANONICAL" for p in before.report.warnings)
    result = cli("fix", "--write", copy)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert "rewrote 12 file(s) in canonical form" in result.stderr
    after = load_catalog(copy)
    assert after.report.errors == []
    assert {p.code for p in after.report.warnings} <= {"DANGLING_REFERENCE"}  # the outline names resources kept elsewhere
    assert set(after.by_id) == set(before.by_id)
    for d in before.descriptors:
        fixed = after.get(d.id)
        assert fixed is not None
        for name in MEANING:
            assert getattr(fixed, name) == getattr(d, name), (d.id, name)
    again = cli("fix", copy)
    assert (again.returncode, again.stdout) == (0, "")
    assert "nothing to fix" in again.stderr


def test_the_default_is_a_diff_that_git_apply_turns_into_what_write_writes(copy: Path, tmp_path: Path) -> None:
    """`fix DIR` changes nothing and prints a unified diff (a/ b/ paths); applied, it gives the files `--write` gives."""
    untouched = snapshot(copy)
    diff = cli("fix", "as_written", cwd=tmp_path)
    assert diff.returncode == 0, diff.stderr
    assert snapshot(copy) == untouched
    assert diff.stdout.startswith("--- a/as_written/") and "\n+++ b/as_written/" in diff.stdout
    assert "would rewrite 12 file(s)" in diff.stderr and "--write" in diff.stderr
    written = Path(shutil.copytree(copy, tmp_path / "written"))
    assert cli("fix", "--write", written).returncode == 0
    patch = tmp_path / "fix.diff"
    patch.write_text(diff.stdout, encoding="utf-8")
    applied = subprocess.run(["git", "apply", "--unsafe-paths", str(patch)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert applied.returncode == 0, applied.stderr
    assert snapshot(copy) == snapshot(written)


def test_json_keeps_its_layout_and_only_the_deviating_lines_change(copy: Path) -> None:
    """The README's 2.x template: one-line inputs stay one line, untouched lines stay byte for byte."""
    path = copy / "atdf_readme_template_2x.json"
    old = path.read_text(encoding="utf-8").splitlines()
    assert cli("fix", "--write", path).returncode == 0
    new = path.read_text(encoding="utf-8").splitlines()
    assert new[:8] == old[:8]
    assert new[8] == ('      {"name": "parametro2", "type": "integer", "description": "Valores permitidos", '
                      '"schema": {"minimum": 1, "maximum": 100}, "required": true}')
    assert [line for line in new if line not in old] == [new[8], '      "goal": "Caso básico",',
                                                         '      "input_values": {"parametro1": "valor", "parametro2": 10},',
                                                         '      "expected_result": ""']


def test_yaml_stays_yaml_with_its_comments_quotes_and_key_order(copy: Path) -> None:
    """A YAML descriptor is rewritten as YAML: comments, 'quoted' values, flow lists and key order kept."""
    path = copy / "atdf_inline_keywords.yaml"
    assert cli("fix", "--write", path).returncode == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# A drill, written the way the ATDF README's 2.x template puts constraints\n")
    assert "enum: [wood, metal, 'concrete']" in text
    assert "schema_version: 2.0.0\ntool_id: drill_hole\n" in text
    assert "    - name: depth_mm\n      type: number\n      description: Depth of the hole in millimetres\n      schema:\n" in text
    assert "input_values: {depth_mm: 40, material: wood, diameter: 8}" in text
    assert "es-MX:" in text and "es_MX" not in text
    assert not text.lstrip().startswith("{")


def test_a_bom_and_windows_line_endings_are_kept(tmp_path: Path) -> None:
    """A file saved with a UTF-8 BOM and CRLF comes back with both."""
    raw = atdf2_tool()
    raw["how_to_use"]["inputs"][0]["maxLength"] = 40
    text = json.dumps(raw, indent=2, ensure_ascii=False).replace("\n", "\r\n") + "\r\n"
    path = tmp_path / "plan.json"
    path.write_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    assert cli("fix", "--write", path).returncode == 0
    data = path.read_bytes()
    assert data.startswith(codecs.BOM_UTF8) and data.count(b"\r\n") == data.count(b"\n")
    assert json.loads(data.decode("utf-8-sig"))["how_to_use"]["inputs"][0]["schema"]["maxLength"] == 40


def test_what_cannot_be_fixed_exits_1_and_the_rest_is_still_fixed(tmp_path: Path) -> None:
    """An ambiguous deviation beside a fixable one: the fixable one is written, the other is listed, exit 1."""
    raw: dict[str, Any] = atdf2_tool()
    raw["how_to_use"]["inputs"][0]["maxLength"] = 40  # fixable
    raw["how_to_use"]["inputs"][2]["minimum"] = 5  # the schema says 1: ambiguous
    path = write_file(tmp_path, "plan.json", raw)
    result = cli("fix", "--write", path)
    assert result.returncode == 1
    assert f"not fixed: {path}#/how_to_use/inputs/2/minimum:" in result.stderr and "[AMBIGUOUS]" in result.stderr
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["how_to_use"]["inputs"][0]["schema"] == {"maxLength": 40}
    assert written["how_to_use"]["inputs"][2]["minimum"] == 5


def test_usage_errors_exit_2_and_canonical_files_exit_0(tmp_path: Path) -> None:
    """A missing path is a usage error; a canonical catalogue needs nothing."""
    missing = cli("fix", tmp_path / "nope")
    assert missing.returncode == 2 and "no such file or directory" in missing.stderr
    assert cli("fix").returncode == 2
    write_file(tmp_path, "plan.json", atdf2_tool())
    clean = cli("fix", tmp_path)
    assert (clean.returncode, clean.stdout) == (0, "")


def test_files_that_are_not_descriptors_and_unknown_entries_are_left_alone(tmp_path: Path) -> None:
    """A package.json with a `//` note, and an unrecognised entry beside a deviating one, are not touched."""
    package = write_file(tmp_path, "package.json", {"//": "npm note", "name": "x", "version": "1.0.0", "scripts": {}})
    raw = atdf2_tool()
    raw["__comment"] = "a note"
    mixed = write_file(tmp_path, "mixed.json", [raw, {"__comment": "not a descriptor", "whatever": 1}])
    before = package.read_bytes()
    assert cli("fix", "--write", tmp_path).returncode == 1  # the unknown entry is an error fix cannot resolve
    assert package.read_bytes() == before
    entries = json.loads(mixed.read_text(encoding="utf-8"))
    assert "__comment" not in entries[0] and entries[1] == {"__comment": "not a descriptor", "whatever": 1}
