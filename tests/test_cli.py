"""The command line as a user runs it: a real `python -m atdf_mcp` subprocess, its exit code, stdout and stderr."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import Writer, all_samples, atdf1_tool, mcp_tool, write_file

from atdf_mcp import __version__, load_catalog
from atdf_mcp.schemas import SCHEMAS

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def cli(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m atdf_mcp ARGS` and capture its output (stdout is a pipe, not a TTY)."""
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | (env or {})
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True,
                          timeout=120, env=environment)


def handlers_for(*tools: str) -> str:
    """A handlers.py binding each tool by convention (a tool without one is a NO_HANDLER warning)."""
    return "".join(f"def {tool}(**arguments):\n    return arguments\n\n\n" for tool in tools)


@pytest.fixture
def good_dir(tmp_path: Path) -> Path:
    """A catalogue of every dialect, every tool bound, that validates with neither errors nor warnings."""
    folder = tmp_path / "good"
    for name, content in all_samples().items():
        write_file(folder, name, content)
    write_file(folder, "handlers.py", handlers_for(*(t.id for t in load_catalog(folder).tools)))
    return folder


def test_version_prints_the_package_version() -> None:
    """`--version` prints `atdf-mcp X.Y.Z` and exits 0."""
    result = cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"atdf-mcp {__version__}"


def test_no_command_is_a_usage_error() -> None:
    """Running without a sub-command exits 2 with the usage on stderr."""
    result = cli()
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert result.stdout == ""


def test_validate_good_directory_exits_0_with_only_a_summary_line(good_dir: Path) -> None:
    """A clean catalogue prints one summary line and exits 0."""
    result = cli("validate", good_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"\d+ file\(s\), \d+ descriptor\(s\) loaded, 0 error\(s\), 0 warning\(s\)", lines[0])
    assert "0 error(s)" in lines[0]
    assert result.stderr == ""


def test_validate_with_an_error_exits_1_and_shows_file_pointer_and_code(good_dir: Path) -> None:
    """An error is printed under its file with its JSON pointer, message and code; exit 1."""
    raw = atdf1_tool("broken_tool")
    raw["how_to_use"]["inputs"][0]["name"] = 3
    bad = write_file(good_dir, "broken.json", raw)
    result = cli("validate", good_dir)
    assert result.returncode == 1
    assert str(bad) in result.stdout
    assert "/how_to_use/inputs/0/name" in result.stdout
    assert "[SCHEMA_VIOLATION]" in result.stdout
    assert "3 is not of type 'string'" in result.stdout
    assert "1 error(s)" in result.stdout.splitlines()[-1]


def test_validate_reports_every_file_with_problems(tmp_path: Path, write: Writer) -> None:
    """Two broken files are both listed, each with its own problem."""
    write("a.json", "{")
    write("b.json", {"name": "x"})
    result = cli("validate", tmp_path)
    assert result.returncode == 1
    assert "[PARSE_ERROR]" in result.stdout
    assert "[UNKNOWN_DIALECT]" in result.stdout


def test_validate_with_warnings_only_exits_0(tmp_path: Path, write: Writer) -> None:
    """Warnings are printed but do not fail validation."""
    write("t.json", mcp_tool() | {"description": "x" * 250})
    result = cli("validate", tmp_path)
    assert result.returncode == 0
    assert "[DESCRIPTION_TOO_LONG]" in result.stdout
    assert "warning /description" in result.stdout


def test_validate_strict_fails_on_warnings(tmp_path: Path, write: Writer) -> None:
    """`--strict` turns warnings into exit 1."""
    write("t.json", mcp_tool() | {"description": "x" * 250})
    assert cli("validate", "--strict", tmp_path).returncode == 1


def test_validate_missing_path_exits_2(tmp_path: Path) -> None:
    """A path that does not exist is a usage error: exit 2, message on stderr, nothing on stdout."""
    result = cli("validate", tmp_path / "absent")
    assert result.returncode == 2
    assert "no such file or directory" in result.stderr
    assert result.stdout == ""


def test_validate_json_prints_one_object_with_files_and_summary(tmp_path: Path, write: Writer) -> None:
    """`--format json` prints a single JSON document: files[{file, dialect, ids, problems[...]}] and summary."""
    good = write("good.json", {"tools": [mcp_tool("a"), mcp_tool("b")]})
    bad = write("bad.json", atdf1_tool("bad name"))
    write("handlers.py", handlers_for("a", "b"))
    result = cli("validate", "--format", "json", tmp_path)
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert set(document) == {"files", "summary"}
    files = {f["file"]: f for f in document["files"]}
    assert set(files[str(good)]) == {"file", "dialect", "ids", "problems"}
    assert files[str(good)] == {"file": str(good), "dialect": "mcp", "ids": ["a", "b"], "problems": []}
    [problem] = files[str(bad)]["problems"]
    assert problem == {"pointer": "/tool_id", "message": problem["message"], "severity": "error", "code": "INVALID_NAME"}
    assert document["summary"]["errors"] == 1
    assert document["summary"]["warnings"] == 0
    assert document["summary"]["ok"] is False


def test_validate_json_of_a_clean_catalogue_is_ok(good_dir: Path) -> None:
    """A clean catalogue's JSON summary says ok with zero errors."""
    result = cli("validate", "--format", "json", good_dir)
    assert result.returncode == 0
    summary = json.loads(result.stdout)["summary"]
    assert (summary["errors"], summary["warnings"], summary["ok"]) == (0, 0, True)
    assert summary["descriptors"] == len(all_samples()) + 1  # mcp_list.json holds two tools


def test_validate_several_paths(tmp_path: Path, write: Writer) -> None:
    """validate accepts several files and directories at once."""
    a = write("a.json", mcp_tool())
    b = write("b.json", atdf1_tool())
    result = cli("validate", "--format", "json", a, b)
    assert result.returncode == 0
    assert json.loads(result.stdout)["summary"]["descriptors"] == 2


def convert(path: Path, target: str) -> Any:
    """Run `convert PATH --to TARGET`, require exit 0 and return the JSON it printed."""
    result = cli("convert", path, "--to", target)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_convert_mcp_tool_to_ardf_is_valid_ardf(write: Writer) -> None:
    """`convert --to ardf` of an MCP tool prints one ARDF 1.0 document that validates."""
    doc = convert(write("t.json", mcp_tool()), "ardf")
    assert SCHEMAS["ardf"].violations(doc) == []
    assert (doc["resource_id"], doc["resource_type"], doc["content"]["type"]) == ("search_flights", "tool", "tool/io")
    inputs = {i["name"]: i for i in doc["content"]["data"]["inputs"]}
    assert inputs["cabin"]["enum"] == ["economy", "business", "first"]
    assert inputs["date"]["format"] == "date"


def test_convert_atdf1_to_ardf_is_valid_ardf(write: Writer) -> None:
    """An ATDF 1.x tool converts to valid ARDF, required flags made explicit."""
    doc = convert(write("t.json", atdf1_tool()), "ardf")
    assert SCHEMAS["ardf"].violations(doc) == []
    assert [i["required"] for i in doc["content"]["data"]["inputs"]] == [True, True]


def test_convert_mcp_tool_list_to_atdf2_gives_valid_atdf2_documents(write: Writer) -> None:
    """An MCP `{"tools": [...]}` list converts to a list of valid ATDF 2.x descriptors keeping constraints."""
    docs = convert(write("tools.json", {"tools": [mcp_tool("one"), mcp_tool("two")]}), "atdf2")
    assert [d["tool_id"] for d in docs] == ["one", "two"]
    for doc in docs:
        assert SCHEMAS["atdf2"].violations(doc) == []
        inputs = {i["name"]: i for i in doc["how_to_use"]["inputs"]}
        assert inputs["passengers"]["schema"] == {"minimum": 1, "maximum": 9, "default": 1}
        assert inputs["origin"]["required"] is True


def test_convert_output_converts_back(tmp_path: Path, write: Writer) -> None:
    """The ATDF 2.x that convert prints validates again with atdf-mcp itself."""
    result = cli("convert", write("t.json", mcp_tool()), "--to", "atdf2")
    back = write_file(tmp_path, "back/t.json", result.stdout)
    assert cli("validate", back).returncode == 0


def test_convert_non_tool_to_atdf2_fails_with_a_message(write: Writer) -> None:
    """Only tools have an ATDF 2.x form: a policy is refused with exit 1 and a message."""
    path = write("p.json", {"schema_version": "1.0.0", "resource_id": "privacy", "resource_type": "policy", "description": "d",
                            "content": {"type": "policy/rules", "data": {"rules": [{"id": "r", "statement": "s"}]}}})
    result = cli("convert", path, "--to", "atdf2")
    assert result.returncode == 1
    assert "only tools can be written as ATDF 2.x" in result.stderr


def test_convert_missing_file_exits_2(tmp_path: Path) -> None:
    """convert of a file that does not exist is a usage error."""
    result = cli("convert", tmp_path / "absent.json", "--to", "ardf")
    assert result.returncode == 2
    assert "no such file" in result.stderr


def test_convert_invalid_file_exits_1_and_says_why(write: Writer) -> None:
    """convert of a broken descriptor prints its problems on stderr and exits 1."""
    result = cli("convert", write("t.json", {"tool_id": "x"}), "--to", "ardf")
    assert result.returncode == 1
    assert "'description' is a required property" in result.stderr
    assert result.stdout == ""


def test_convert_one_file_of_a_catalogue_imports_no_handler() -> None:
    # Converted alone, a file's folder is the root, so its handler module ("travel.booking") cannot be imported; a
    # conversion needs none, so it neither says HANDLER_UNAVAILABLE nor fails.
    result = cli("convert", Path(__file__).resolve().parent.parent / "descriptors" / "travel" / "hotel_reservation.json", "--to", "atdf2")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["tool_id"] == "hotel_reservation"
    assert "HANDLER_UNAVAILABLE" not in result.stderr and "travel" not in result.stderr


def test_convert_requires_a_target() -> None:
    """`--to` is mandatory: argparse exits 2."""
    assert cli("convert", "x.json").returncode == 2


def test_no_colour_codes_when_stdout_is_not_a_tty(tmp_path: Path, write: Writer) -> None:
    """Piped output carries no ANSI escape codes."""
    write("a.json", "{")
    write("b.json", mcp_tool() | {"description": "x" * 250})
    result = cli("validate", tmp_path)
    assert "[PARSE_ERROR]" in result.stdout
    assert not ANSI.search(result.stdout)
    assert not ANSI.search(result.stderr)


def run_on_a_tty(args: list[str], env: dict[str, str]) -> str:
    """Run the CLI with stdout attached to a pseudo-terminal and return what it printed."""
    import pty

    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", *args], stdout=follower, stderr=subprocess.PIPE, env=env)
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
        assert process.stderr is not None
        process.stderr.close()
    finally:
        os.close(leader)
    return b"".join(chunks).decode()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_colour_on_a_tty_and_none_with_no_color(tmp_path: Path, write: Writer) -> None:
    """On a terminal problems are coloured; NO_COLOR turns colour off."""
    write("a.json", "{")
    base = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    assert ANSI.search(run_on_a_tty(["validate", str(tmp_path)], base))
    plain = run_on_a_tty(["validate", str(tmp_path)], base | {"NO_COLOR": "1"})
    assert "[PARSE_ERROR]" in plain
    assert not ANSI.search(plain)


def test_config_file_warning_is_not_labelled_unreadable(tmp_path: Path, write: Writer) -> None:
    """A warning about atdf-mcp.yaml is shown under the config file without calling it unreadable."""
    write("atdf-mcp.yaml", "colour: blue\n")
    write("t.json", mcp_tool())
    result = cli("validate", tmp_path)
    assert result.returncode == 0
    assert "[CONFIGURATION_ERROR]" in result.stdout
    assert "unreadable" not in result.stdout
