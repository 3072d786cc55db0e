"""A hostile probe, round five: the session's new readers and repairs, attacked from outside.

Tried against real `atdf-mcp validate`, `serve` and `config` subprocesses: Gemini, Cohere, Bedrock, Dify and JSONC
files nested, unclosed or aliased past reason, request bodies whose parts have the wrong type, a oneOf of 100,000
alternatives met by a wrong call, pathological strings for the new argument repairs, and `config` values holding
what TOML, YAML and JSON escape. Each test is a gap found that way, kept so it stays fixed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from conftest import write_file


def validate(folder: Path, timeout: float = 60) -> tuple[subprocess.CompletedProcess[str], float]:
    """`atdf-mcp validate FOLDER` as a subprocess, and how long it took."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(folder)], capture_output=True, text=True,
                          timeout=timeout)
    return done, time.monotonic() - started


# ---------------------------------------------------------------------------------------------
# Cohere v1 parameter types written as Python typing expressions


def cohere_tool(declared: str) -> dict[str, object]:
    """A Cohere v1 tool whose one parameter has the type `declared`."""
    return {"name": "co", "description": "A Cohere tool.",
            "parameter_definitions": {"x": {"type": declared, "description": "The x.", "required": True}}}


def test_a_python_type_nested_twenty_thousand_deep_is_refused_at_once(tmp_path: Path) -> None:
    """`List[List[...[str]...]]` 20,000 deep (a 120 KB file): each level scanned the rest of the text again until
    Python's recursion limit, so validate spent ~16 s on it before saying TOO_DEEP. A Python type past a few levels,
    or longer than any real one, now has no JSON Schema equivalent (AMBIGUOUS), said at once."""
    depth = 20_000
    write_file(tmp_path, "co.json", cohere_tool("List[" * depth + "str" + "]" * depth))
    done, took = validate(tmp_path)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and "[AMBIGUOUS]" in done.stdout, done.stdout[-2000:]
    assert len(done.stdout) < 4096, len(done.stdout)
    assert took < 12, took


def test_a_python_type_a_few_levels_deep_still_reads(tmp_path: Path) -> None:
    """The bound leaves real types alone: `Dict[str, List[Optional[int]]]` is an object of arrays of nullable integers."""
    write_file(tmp_path, "co.json", cohere_tool("Dict[str, List[List[Optional[int]]]]"))
    done, _ = validate(tmp_path)
    assert done.returncode == 0, done.stdout
    assert "additionalProperties" in done.stdout, done.stdout


def test_an_unclosed_python_type_is_not_echoed_whole(tmp_path: Path) -> None:
    """`Dict[` 50,000 times, never closed (a 250 KB file): its problem quoted the whole type, 250 KB of output.
    The type is now quoted by its beginning and its length."""
    write_file(tmp_path, "co.json", cohere_tool("Dict[" * 50_000))
    done, _ = validate(tmp_path)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and "[INVALID_INPUT_SCHEMA]" in done.stdout, done.stdout[-2000:]
    assert len(done.stdout) < 4096, len(done.stdout)


# ---------------------------------------------------------------------------------------------
# A client configuration (JSONC) read again only to say what a file that does not parse is


def test_a_ten_megabyte_file_naming_servers_that_does_not_parse_is_not_read_again_as_jsonc(tmp_path: Path) -> None:
    """A 9.9 MB `.json` naming "servers" that does not parse (3.3 million `"",`) was read again as JSONC, character by
    character, to say whether it is a client configuration: validate took ~8 s and ~470 MB for one PARSE_ERROR. A file
    far larger than any client configuration is now said to be unparseable as it is."""
    (tmp_path / "mcp.json").write_text('{"servers": ' + '"",' * 3_300_000, encoding="utf-8")
    done, took = validate(tmp_path)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and "[PARSE_ERROR]" in done.stdout, done.stdout[-2000:]
    assert took < 5, took
