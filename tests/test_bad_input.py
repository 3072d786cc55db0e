"""Hostile or broken input never crashes or hangs the loader: each file gets a report entry with a code."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import Writer, atdf2_tool, mcp_tool
from descriptors_only import load_catalog

from atdf_mcp import Catalog, UsageError
from atdf_mcp.catalog import Problem
from atdf_mcp.files import MAX_FILE_BYTES


def single_problem(catalog: Catalog) -> Problem:
    """The one problem of a catalogue."""
    problems = catalog.report.problems
    assert len(problems) == 1, problems
    return problems[0]


def test_missing_path_raises_usage_error(tmp_path: Path) -> None:
    """load_catalog refuses a path that does not exist, naming it."""
    missing = tmp_path / "nowhere"
    with pytest.raises(UsageError, match=r"no such file or directory: .*nowhere"):
        load_catalog(missing)


def test_missing_second_path_raises_usage_error(tmp_path: Path) -> None:
    """Every path given is checked, not only the first."""
    with pytest.raises(UsageError):
        load_catalog(tmp_path, tmp_path / "nowhere")


def test_missing_path_on_the_command_line_exits_2(tmp_path: Path) -> None:
    """`atdf-mcp validate MISSING` exits 2 with a one-line message and no traceback."""
    result = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(tmp_path / "nowhere")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "no such file or directory" in result.stderr
    assert "Traceback" not in result.stderr


def test_empty_directory_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    """A directory without descriptor files gives one NO_DESCRIPTORS warning and an empty catalogue."""
    catalog = load_catalog(tmp_path)
    problem = single_problem(catalog)
    assert (problem.file, problem.code, problem.severity) == (str(tmp_path), "NO_DESCRIPTORS", "warning")
    assert "*.json" in problem.message
    assert catalog.descriptors == ()
    assert catalog.report.ok


def test_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    """A 50 MB file is FILE_TOO_LARGE, decided from its size (fast, no parse)."""
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(50 * 1024 * 1024)
    started = time.perf_counter()
    problem = single_problem(load_catalog(tmp_path))
    assert time.perf_counter() - started < 2
    assert (problem.file, problem.pointer, problem.code) == (str(path), "", "FILE_TOO_LARGE")
    assert "50.0 MiB" in problem.message
    assert f"{MAX_FILE_BYTES // 1048576} MiB" in problem.message


def test_binary_file_is_reported(tmp_path: Path, write: Writer) -> None:
    """A file with NUL bytes is BINARY_FILE."""
    write("image.json", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    problem = single_problem(load_catalog(tmp_path))
    assert problem.code == "BINARY_FILE"
    assert "UTF-8 JSON or YAML" in problem.message


def test_non_utf8_bytes_are_reported_with_their_line(tmp_path: Path, write: Writer) -> None:
    """Latin-1 bytes give ENCODING_ERROR naming the byte and its line."""
    write("latin1.json", '{\n  "name": "caf\u00e9",\n  "inputSchema": {}\n}'.encode("latin-1"))
    problem = single_problem(load_catalog(tmp_path))
    assert problem.code == "ENCODING_ERROR"
    assert "0xe9" in problem.message
    assert "line 2" in problem.message


def test_invalid_json_is_reported_with_line_and_column(tmp_path: Path, write: Writer) -> None:
    """A JSON syntax error says where it is."""
    write("broken.json", '{\n  "name": "x",\n  "inputSchema": {,}\n}')
    problem = single_problem(load_catalog(tmp_path))
    assert problem.code == "PARSE_ERROR"
    assert "invalid JSON at line 3, column 19" in problem.message


def test_invalid_yaml_is_reported_with_its_line(tmp_path: Path, write: Writer) -> None:
    """A YAML syntax error says which line."""
    write("broken.yaml", "name: x\ninputSchema:\n  type: object\n  properties: [a, b\n")
    problem = single_problem(load_catalog(tmp_path))
    assert problem.code == "PARSE_ERROR"
    assert "invalid YAML at line" in problem.message


@pytest.mark.parametrize("text", ["", "   \n\t\n"])
def test_empty_file_is_reported(tmp_path: Path, write: Writer, text: str) -> None:
    """An empty or blank file is EMPTY_FILE."""
    write("empty.json", text)
    assert single_problem(load_catalog(tmp_path)).code == "EMPTY_FILE"


@pytest.mark.parametrize(("text", "code"), [("[]", "NO_DESCRIPTORS"), ('{"tools": []}', "NO_DESCRIPTORS"),
                                            ("42", "UNKNOWN_DIALECT"), ("null", "UNKNOWN_DIALECT"), ('"text"', "UNKNOWN_DIALECT")])
def test_json_that_holds_no_descriptor_is_reported(tmp_path: Path, write: Writer, text: str, code: str) -> None:
    """Valid JSON without a descriptor gets a report entry, not a crash."""
    write("nothing.json", text)
    problem = single_problem(load_catalog(tmp_path))
    # An empty list or collection is empty, not wrong (like an empty directory): a warning.
    assert (problem.code, problem.severity) == (code, "warning" if code == "NO_DESCRIPTORS" else "error")


def test_deeply_nested_json_is_a_report_entry(tmp_path: Path, write: Writer) -> None:
    """100,000 levels of `[` give a PARSE_ERROR entry, not a RecursionError."""
    write("deep.json", "[" * 100_000 + "]" * 100_000)
    problem = single_problem(load_catalog(tmp_path))
    assert problem.code == "PARSE_ERROR"
    assert "too deep" in problem.message


def test_deeply_nested_json_inside_a_descriptor_is_a_report_entry(tmp_path: Path, write: Writer) -> None:
    """Nesting that parses but is too deep to process is reported against the descriptor."""
    deep = "[" * 600 + "]" * 600
    write("deep.json", '{"name": "t", "inputSchema": {"type": "object", "properties": {"x": {"default": ' + deep + "}}}}")
    catalog = load_catalog(tmp_path)
    assert len(catalog.report.errors) == 1
    assert catalog.report.errors[0].code in ("TOO_DEEP", "PARSE_ERROR", "INVALID_INPUT_SCHEMA")


def test_deeply_nested_yaml_does_not_crash_the_interpreter(tmp_path: Path) -> None:
    """100,000 levels of YAML flow lists (libyaml recurses in C) give a PARSE_ERROR, not a segfault."""
    (tmp_path / "deep.yaml").write_text("[" * 100_000 + "]" * 100_000)
    code = "from atdf_mcp import load_catalog; import sys; print(load_catalog(sys.argv[1]).report.problems[0].code)"
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "PARSE_ERROR"


def test_yaml_alias_bomb_is_refused_quickly(tmp_path: Path, write: Writer) -> None:
    """A "billion laughs" YAML file is refused instead of expanding 9^9 values."""
    lines = ["name: lol", "inputSchema:", "  type: object", "  properties:", "    x:", "      default:",
             '        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"        {name}: &{name} [{', '.join(['*' + prev] * 9)}]")
    write("lol.yaml", "\n".join(lines) + "\n")
    started = time.perf_counter()
    problem = single_problem(load_catalog(tmp_path))
    assert time.perf_counter() - started < 5
    assert problem.code == "PARSE_ERROR"
    assert "aliases" in problem.message


def test_yaml_alias_inside_its_own_anchor_is_refused(tmp_path: Path, write: Writer) -> None:
    """A self-referencing YAML list (`&a [1, *a]`) is refused, not walked forever."""
    write("loop.yaml", "name: loop\ninputSchema:\n  type: object\n  properties:\n    x:\n      default: &a [1, *a]\n")
    assert single_problem(load_catalog(tmp_path)).code == "PARSE_ERROR"


def test_yaml_unquoted_dates_stay_strings(tmp_path: Path, write: Writer) -> None:
    """`created_at: 2025-04-01` in YAML is the string "2025-04-01", as it would be in JSON."""
    write("dated.yaml", "schema_version: '2.0.0'\ntool_id: dated\ndescription: d\nwhen_to_use: w\n"
                        "metadata:\n  created_at: 2025-04-01\n"
                        "how_to_use:\n  inputs:\n    - {name: day, type: string, description: d, schema: {default: 2025-01-01}}\n"
                        "  outputs: {success: ok, failure: []}\n")
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    tool = catalog.get("dated")
    assert tool is not None
    assert tool.metadata["created_at"] == "2025-04-01"
    assert tool.inputs[0].default == "2025-01-01"


@pytest.mark.parametrize(("text", "fragment"), [
    ("name: t\ninputSchema:\n  type: object\n  properties:\n    1: {type: string}\n", "YAML key 1 at /inputSchema/properties"),
    ("name: t\ninputSchema:\n  type: object\n  properties:\n    x: {default: !!binary aGVsbG8=}\n", "/inputSchema/properties/x/default"),
    ("name: t\ninputSchema:\n  type: object\n  properties:\n    x: {enum: !!set {a, b}}\n", "/inputSchema/properties/x/enum"),
])
def test_yaml_values_json_cannot_hold_are_reported(tmp_path: Path, write: Writer, text: str, fragment: str) -> None:
    """Non-string keys, !!binary and !!set values are PARSE_ERRORs naming where they are."""
    write("odd.yaml", text)
    problem = single_problem(load_catalog(tmp_path))
    assert problem.code == "PARSE_ERROR"
    assert fragment in problem.message


def test_yaml_python_tags_are_refused(tmp_path: Path, write: Writer) -> None:
    """YAML is loaded safely: a !!python/object tag is a parse error, never executed."""
    write("evil.yaml", "name: !!python/object/apply:os.system ['echo pwned']\ninputSchema: {type: object}\n")
    assert single_problem(load_catalog(tmp_path)).code == "PARSE_ERROR"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks on this platform")
def test_symlink_loop_does_not_hang(tmp_path: Path, write: Writer) -> None:
    """A directory symlink pointing back up the tree is followed once, never forever."""
    write("tools/t.json", mcp_tool())
    try:
        os.symlink(tmp_path, tmp_path / "tools" / "loop", target_is_directory=True)
    except (OSError, NotImplementedError):
        pytest.skip("cannot create symlinks here")
    started = time.perf_counter()
    catalog = load_catalog(tmp_path)
    assert time.perf_counter() - started < 5
    assert [d.id for d in catalog.descriptors] == ["search_flights"]
    assert catalog.report.problems == []


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks on this platform")
def test_dangling_symlink_is_a_read_error(tmp_path: Path, write: Writer) -> None:
    """A `.json` symlink to nothing is READ_ERROR; the rest loads."""
    write("good.json", mcp_tool())
    try:
        os.symlink(tmp_path / "gone.json", tmp_path / "dangling.json")
    except (OSError, NotImplementedError):
        pytest.skip("cannot create symlinks here")
    catalog = load_catalog(tmp_path)
    problem = single_problem(catalog)
    assert (problem.file, problem.code) == (str(tmp_path / "dangling.json"), "READ_ERROR")
    assert catalog.get("search_flights") is not None


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file_is_a_read_error(tmp_path: Path, write: Writer) -> None:
    """A file without read permission is READ_ERROR."""
    path = write("secret.json", mcp_tool())
    path.chmod(0)
    try:
        assert single_problem(load_catalog(tmp_path)).code == "READ_ERROR"
    finally:
        path.chmod(0o644)


def test_hidden_files_and_directories_are_skipped(tmp_path: Path, write: Writer) -> None:
    """Dot-files, dot-directories, __pycache__ and node_modules are never read."""
    write("visible.json", mcp_tool())
    write(".hidden.json", "not even json")
    write(".git/objects/x.json", "{")
    write("__pycache__/t.json", "{")
    write("node_modules/pkg/package.json", "{")
    write("sub/.secret/t.yaml", "::")
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert [f.file for f in catalog.report.files] == [str(tmp_path / "visible.json")]


def test_a_directory_named_like_a_descriptor_is_walked_not_read(tmp_path: Path, write: Writer) -> None:
    """`tools.json/` as a directory is searched like any folder."""
    write("tools.json/inner.json", atdf2_tool())
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert catalog.get("plan_trip") is not None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this platform")
def test_named_pipe_called_json_does_not_block_the_load(tmp_path: Path, write: Writer) -> None:
    """A FIFO named `x.json` (nobody writing) is refused as not a regular file instead of blocking forever."""
    write("good.json", mcp_tool())
    os.mkfifo(tmp_path / "pipe.json")
    started = time.perf_counter()
    catalog = load_catalog(tmp_path)
    assert time.perf_counter() - started < 5
    problem = single_problem(catalog)
    assert (problem.file, problem.code) == (str(tmp_path / "pipe.json"), "READ_ERROR")
    assert "not a regular file" in problem.message
    assert catalog.get("search_flights") is not None


def test_large_shallow_yaml_list_loads(tmp_path: Path, write: Writer) -> None:
    """A YAML file with hundreds of tools (many `:` and `-`, so its depth is measured) loads normally."""
    import yaml

    write("many.yaml", yaml.safe_dump({"tools": [mcp_tool(f"tool_{i}") for i in range(300)]}))
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert len(catalog.tools) == 300
