"""A hostile probe, round five: the session's new readers and repairs, attacked from outside.

Tried against real `atdf-mcp validate`, `serve` and `config` subprocesses: Gemini, Cohere, Bedrock, Dify and JSONC
files nested, unclosed or aliased past reason, request bodies whose parts have the wrong type, a oneOf of 100,000
alternatives met by a wrong call, pathological strings for the new argument repairs, and `config` values holding
what TOML, YAML and JSON escape. Each test is a gap found that way, kept so it stays fixed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
from conftest import write_file
from local_server import serve_over_http
from test_outside_inputs_16 import entry_of_result, post_watching_health, sse_message
from test_robust_protocol import INITIALIZE, MCP_HEADERS


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


# ---------------------------------------------------------------------------------------------
# A listed schema whose union has 100,000 alternatives, and a wrong call against it


def test_a_wrong_call_against_a_union_of_100000_alternatives_is_answered_at_once_without_stalling_others(
        tmp_path: Path) -> None:
    """`oneOf` of 100,000 objects (a 7 MB descriptor) and `"v": "abc"`: the analysis ran python-jsonschema over every
    alternative (2-2.5 s to its first error), past its 2 s deadline, so the call took 2-3.5 s, /health waited up to
    1.4 s while it ran, and each abandoned analysis kept a core busy seconds after its answer. A union past
    MAX_ALTERNATIVES is now not analysed: the plain VALIDATION_ERROR comes at once."""
    folder = tmp_path / "catalogue"
    alternatives = [{"type": "object", "required": ["k"], "properties": {"k": {"const": i}}} for i in range(100_000)]
    folder.mkdir()
    (folder / "pick.json").write_text(json.dumps({"name": "pick", "description": "Pick a thing.", "inputSchema": {
        "type": "object", "required": ["v"], "properties": {"v": {"oneOf": alternatives}}}}, separators=(",", ":")),
        encoding="utf-8")
    (folder / "handlers.py").write_text('def pick(v):\n    """Pick."""\n    return {"v": v}\n', encoding="utf-8")
    with serve_over_http(folder) as (_, url, _), httpx.Client(timeout=60) as http:
        session = http.post(f"{url}/mcp", headers=MCP_HEADERS, json=INITIALIZE)
        headers = {**MCP_HEADERS, "mcp-session-id": session.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        valid = http.post(f"{url}/mcp", headers=headers, json={  # compiles the tool's validator (~1 s, on first use)
            "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "pick", "arguments": {"v": {"k": 99_999}}}})
        assert sse_message(valid.text)["result"]["structuredContent"] == {"v": {"k": 99_999}}, valid.text[:500]
        for request_id, value in enumerate(("abc", {"k": "5"}, {"k": 100_001}), start=2):
            answer, took, waits = post_watching_health(http, url, headers, {
                "jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "pick", "arguments": {"v": value}}},
                linger=0.3)
            assert answer.status_code == 200, answer.text[:300]
            assert len(answer.content) < 16 * 1024, f"{len(answer.content)} bytes"
            entry = entry_of_result(sse_message(answer.text), request_id)
            assert entry["code"] == "VALIDATION_ERROR", entry
            assert took < 1.5, took
            assert max(waits) < 0.5, f"/health waited {max(waits):.2f} s while {value!r} was analysed"
        assert http.get(f"{url}/health").status_code == 200


# ---------------------------------------------------------------------------------------------
# The new argument repairs: durations in another unit, fractions for percents


def wrong_calls(folder: Path, calls: list[dict[str, object]]) -> list[dict[str, object]]:
    """The first envelope entry of each call to `timer` over /mcp of a real server."""
    with serve_over_http(folder) as (_, url, _), httpx.Client(timeout=60) as http:
        session = http.post(f"{url}/mcp", headers=MCP_HEADERS, json=INITIALIZE)
        headers = {**MCP_HEADERS, "mcp-session-id": session.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        entries = []
        for request_id, arguments in enumerate(calls, start=2):
            answer = http.post(f"{url}/mcp", headers=headers, json={
                "jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "timer", "arguments": arguments}})
            entries.append(entry_of_result(sse_message(answer.text), request_id))
        return entries


def timer_dir(tmp_path: Path) -> Path:
    """`timer`: a duration in whole minutes and a volume in whole percents."""
    folder = tmp_path / "catalogue"
    write_file(folder, "timer.json", {"name": "timer", "description": "Set a timer.", "inputSchema": {
        "type": "object", "required": ["duration_minutes"], "properties": {
            "duration_minutes": {"type": "integer", "description": "How long, in minutes."},
            "volume": {"type": "integer", "description": "Volume in percent.", "minimum": 0, "maximum": 100}}}})
    (folder / "handlers.py").write_text('def timer(duration_minutes, volume=50):\n    """Timer."""\n    return {}\n',
                                        encoding="utf-8")
    return folder


def suggested(entry: dict[str, object]) -> object:
    """The arguments an envelope entry suggests, or None."""
    context = entry.get("context")
    return context.get("suggested_arguments") if isinstance(context, dict) else None


def test_a_duration_or_fraction_past_what_a_float_holds_exactly_gets_no_suggestion(tmp_path: Path) -> None:
    """"PT" + 60 nines + "H" for duration_minutes was suggested as 59999999999999999817723503236360894134390639559794877150527488
    (the hours read as a float: not the caller's number), 5e-324 or 1e-12 for a volume in percent as 0 and
    0.9999999999999999 as 100 (a hundred times each, rounded to 9 places, read as whole). A duration is now converted
    only while it is exact, and a fraction only to 1..99 percent; "PT1H30M" and 0.8 still read as 90 and 80."""
    entries = wrong_calls(timer_dir(tmp_path), [
        {"duration_minutes": "PT" + "9" * 60 + "H"}, {"duration_minutes": "1" + "0" * 60 + " h"},
        {"duration_minutes": 5, "volume": 5e-324}, {"duration_minutes": 5, "volume": 1e-12},
        {"duration_minutes": 5, "volume": 0.9999999999999999},
        {"duration_minutes": "PT1H30M"}, {"duration_minutes": 5, "volume": 0.8}])
    assert all(entry["code"] == "VALIDATION_ERROR" for entry in entries), entries
    assert [suggested(entry) for entry in entries] == [None] * 5 + [{"duration_minutes": 90}, {"duration_minutes": 5, "volume": 80}]


# ---------------------------------------------------------------------------------------------
# search_tools: queries far longer than any an agent writes


def test_a_query_of_one_400000_character_word_does_not_stall_the_event_loop(tmp_path: Path) -> None:
    """search_tools runs on the event loop and searched a query's first 64 words, however long: one word of 400,000
    "é" went whole through the Spanish stemmer, which is quadratic on it (2.1 s), and /health waited 2.2 s. 100,000
    repetitions of "tool to" (framing) were cheap. A query is now searched by its first 4,096 characters."""
    folder = tmp_path / "catalogue"
    write_file(folder, "book.json", {"name": "book_hotel", "description": "Book a hotel room.",
                                     "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}})
    queries = ["é" * 400_000, "tool to " * 100_000, " " * 800_000 + "hotel", "reserva " + "ñé" * 200_000]
    with serve_over_http(folder, "--disclosure", "progressive") as (_, url, _), httpx.Client(timeout=60) as http:
        session = http.post(f"{url}/mcp", headers=MCP_HEADERS, json=INITIALIZE)
        headers = {**MCP_HEADERS, "mcp-session-id": session.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        for request_id, query in enumerate(queries, start=2):
            answer, took, waits = post_watching_health(http, url, headers, {
                "jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                "params": {"name": "search_tools", "arguments": {"query": query}}}, linger=0.2)
            result = sse_message(answer.text)["result"]
            assert result.get("isError") is not True and len(answer.content) < 16 * 1024, answer.text[:500]
            assert took < 1.0, (query[:20], took)
            assert max(waits) < 0.5, f"/health waited {max(waits):.2f} s while {query[:20]!r}… was searched"


# ---------------------------------------------------------------------------------------------
# `atdf-mcp config HOST` with values a file format must escape


def config(*args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    """`atdf-mcp config ARGS` as a subprocess (arguments may be bytes, as a shell passes them)."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", "config", *args], capture_output=True, timeout=60)


def yaml_strings(text: str) -> set[str]:
    """Every key and string value of a YAML document."""
    import yaml

    found: set[str] = set()
    stack = [yaml.safe_load(text)]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
    return found


def test_a_yaml_entry_keeps_line_separators_and_next_line_as_given(tmp_path: Path) -> None:
    """Continue's and Goose's YAML wrote U+0085 (NEL) and U+2028 raw in a single-quoted scalar; a YAML reader takes
    them for line breaks and folds them: the value "a\\u2028b\\u0085c" read back as "a\\u2028b c". Such a value is now
    written double-quoted, with YAML's escapes."""
    value = "a\u2028b\u0085c\u2029"
    for host in ("continue", "goose"):
        for option in (["--name", value], ["--env", f"K={value}"]):
            done = config(host, str(tmp_path), *option)
            assert done.returncode == 0, done.stderr.decode()
            assert value in yaml_strings(done.stdout.decode("utf-8")), (host, option[0], done.stdout.decode())


def test_a_value_that_is_not_utf8_is_refused_not_printed_as_raw_bytes(tmp_path: Path) -> None:
    """`--name $'a\\xffb'` (bytes a shell passes from a Latin-1 file name or variable): Python reads the byte as a lone
    surrogate, and every host's entry was printed with the raw byte in it, a JSON or TOML file no host can read (exit
    0). It is now refused with exit 2, and nothing on stdout."""
    for host in ("claude-desktop", "cursor", "vscode", "codex", "continue", "zed"):
        for option in ([b"--name", b"a\xffb"], [b"--env", b"K=a\xffb"], [b"--url", b"http://127.0.0.1:8000/mcp?q=\xff"]):
            if host == "codex" and option[0] == b"--name":
                continue  # refused for its characters already
            args = [host.encode(), *option] if option[0] == b"--url" else [host.encode(), str(tmp_path).encode(), *option]
            done = config(*args)
            assert done.returncode == 2 and done.stdout == b"", (host, option, done.returncode, done.stdout[:300])
            assert b"UTF-8" in done.stderr and b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")


def test_a_wrong_value_for_a_union_of_1000_alternatives_gets_a_small_envelope(tmp_path: Path) -> None:
    """A union of 1,000 objects, each requiring eight long-named properties (under MAX_ALTERNATIVES: analysed), and
    `"v": "abc"`: the envelope's condition listed 100 forms of 160 characters, 112 KB in all with its copies. It now
    lists the first few forms and says how many more there are."""
    folder = tmp_path / "catalogue"
    names = [f"field_{j}_{'x' * 30}" for j in range(8)]
    alternatives = [{"type": "object", "required": names, "properties": {n: {"const": f"value{i}_{n}"} for n in names}}
                    for i in range(1000)]
    write_file(folder, "pick.json", {"name": "pick", "description": "Pick a thing.", "inputSchema": {
        "type": "object", "required": ["v"], "properties": {"v": {"oneOf": alternatives}}}})
    (folder / "handlers.py").write_text('def pick(v):\n    """Pick."""\n    return {"v": v}\n', encoding="utf-8")
    with serve_over_http(folder) as (_, url, _), httpx.Client(timeout=60) as http:
        session = http.post(f"{url}/mcp", headers=MCP_HEADERS, json=INITIALIZE)
        headers = {**MCP_HEADERS, "mcp-session-id": session.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        answer = http.post(f"{url}/mcp", headers=headers, json={
            "jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "pick", "arguments": {"v": "abc"}}})
    entry = entry_of_result(sse_message(answer.text), 2)
    conditions = entry["context"]["expected"]["conditions"]
    assert any("990 more" in condition for condition in conditions), conditions
    assert len(answer.content) < 32 * 1024, len(answer.content)


# ---------------------------------------------------------------------------------------------
# Request bodies and Bedrock tools whose parts have the wrong type


def test_request_bodies_and_bedrock_tools_of_the_wrong_shape_are_named_not_crashed_on(tmp_path: Path) -> None:
    """A request body whose `tools` is a string or a number, a `toolConfig.tools` of junk, Gemini declarations that are
    not objects: each is a problem of its own file (no traceback). A toolSpec whose `json` is a list was said to have a
    root "type" of None; the problem now says the root has no "type" and what it holds instead."""
    bodies = {"str.json": {"model": "m", "messages": [], "tools": "abc"}, "num.json": {"model": "m", "tools": 5},
              "config.json": {"toolConfig": {"tools": [5, None, "x"]}},
              "gemini.json": {"tools": [{"functionDeclarations": "x"}, {"function_declarations": [5, None, []]}]},
              "spec.json": {"toolSpec": {"name": "t", "description": "A tool.", "inputSchema": {"json": [1, 2]}}}}
    for name, body in bodies.items():
        write_file(tmp_path, name, body)
    done, _ = validate(tmp_path)
    assert "Traceback" not in done.stderr and done.returncode == 1, done.stderr[-2000:]
    assert all(name in done.stdout for name in bodies), done.stdout
    spec = done.stdout[done.stdout.index("spec.json"):]
    assert 'has no "type"' in spec and '"json"' in spec and "not None" not in spec, spec
