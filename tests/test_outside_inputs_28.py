"""A twenty-eighth probe from outside: a hostile review of round five's loader changes and the sign-in advice.

Real descriptor files of every dialect that carry the keys the new NOT_A_DESCRIPTOR detections look at, JSON Lines
written as other tools write them (a line separator inside a string, a document spread over lines), and the texts
of the 401 answer a client's log shows. Each test failed on the commit before the fix it names.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from conftest import ardf_tool, atdf1_tool, atdf2_tool, mcp_tool, write_file
from local_server import serve_over_http
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.fix import canonical_bytes

SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}
SERVERS = [{"url": "https://api.example.com/v1"}]  # an OpenAPI document's "servers", kept on a tool made from it


def ids_and_codes(folder: Path) -> tuple[set[str], list[tuple[str, str, str]]]:
    """The ids the real loader serves, and (pointer, severity, code) of every problem but NO_HANDLER."""
    catalog = load_catalog(folder)
    problems = [(p.pointer, p.severity, p.code) for p in catalog.report.problems if p.code != "NO_HANDLER"]
    return {d.id for d in catalog.descriptors}, problems


async def listed(folder: Path) -> set[str]:
    """The tool names an SDK client lists from `atdf-mcp serve FOLDER` over stdio."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--no-watch"])
    with anyio.fail_after(60), (folder.parent / f"{folder.name}.err").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            return {tool.name for tool in (await client.list_tools()).tools}


# ---------------------------------------------------------------- 1. a "servers" key is not a list of MCP servers

TOOLS_WITH_SERVERS: dict[str, tuple[dict[str, Any], str]] = {
    "mcp": ({**mcp_tool("get_weather"), "servers": SERVERS}, "get_weather"),
    "atdf1": ({**atdf1_tool("book_hotel"), "servers": SERVERS}, "book_hotel"),
    "atdf2": ({**atdf2_tool("plan_trip"), "servers": SERVERS}, "plan_trip"),
    "ardf": ({**ardf_tool("create_appointment"), "servers": SERVERS}, "create_appointment"),
    "openai": ({"type": "function", "function": {"name": "oa", "description": "Does oa.", "parameters": SCHEMA},
                "servers": SERVERS}, "oa"),
    "anthropic": ({"name": "an", "description": "Does an.", "input_schema": SCHEMA, "servers": SERVERS}, "an"),
    "collection": ({"tools": [mcp_tool("listed_one")], "servers": SERVERS}, "listed_one"),
    "collection-mcpServers": ({"tools": [mcp_tool("listed_two")], "mcpServers": [{"command": "npx", "args": ["x"]}]},
                              "listed_two"),
}


@pytest.mark.parametrize("dialect", sorted(TOOLS_WITH_SERVERS))
def test_a_descriptor_with_a_servers_key_is_served(tmp_path: Path, dialect: str) -> None:
    """A descriptor or collection that keeps a "servers" list of urls (an OpenAPI document's, or the servers beside a
    catalogue's tools) was skipped whole as "a list of 1 MCP server entry", an info line that fails not even --strict:
    the server-list check ran before any descriptor was looked for. It is read as the tools it holds."""
    raw, name = TOOLS_WITH_SERVERS[dialect]
    write_file(tmp_path / "c", "t.json", raw)
    ids, problems = ids_and_codes(tmp_path / "c")
    assert name in ids, problems
    assert not any(code == "NOT_A_DESCRIPTOR" for *_, code in problems), problems


@pytest.mark.parametrize("tool", [
    {"name": "ge", "description": "Does ge.", "parametersJsonSchema": SCHEMA, "url": "https://ge.example.com"},
    {"name": "lt", "description": "Does lt.", "json_schema": {"name": "lt", "description": "Does lt.", "parameters": SCHEMA},
     "url": "https://lt.example.com"},
    {"name": "cr", "description": "Does cr.", "run_params_schema": SCHEMA, "url": "https://cr.example.com"},
], ids=["gemini-parametersJsonSchema", "letta-json_schema", "crewai-run_params_schema"])
def test_a_tool_list_whose_tools_carry_a_url_is_read_as_tools(tmp_path: Path, tool: dict[str, Any]) -> None:
    """A list of Gemini declarations, Letta tool objects or CrewAI specs, each with a "url" (the endpoint it calls), was
    skipped as a list of MCP server entries: the entry test knew only some of the keys that hold a tool's schema."""
    write_file(tmp_path / "c", "t.json", [tool])
    ids, problems = ids_and_codes(tmp_path / "c")
    assert tool["name"] in ids, problems


@pytest.mark.parametrize("entry", [
    {"name": "get_time", "description": "The current time.", "url": "https://api.example.com/time", "method": "GET"},
    {"name": "get_time", "description": "The current time.", "url": "https://api.example.com/time"},
], ids=["url-and-method", "url-only"])
def test_a_tool_without_a_schema_that_names_its_url_stays_an_error(tmp_path: Path, entry: dict[str, Any]) -> None:
    """A hand-kept list of HTTP tools written without an input schema (`{"name", "description", "url", "method"}`) was an
    UNKNOWN_DIALECT error before round five, which the author sees and fixes; round five made it an info line, "a list
    of 1 MCP server entry ... run each server", that --strict passes: the tool silently not served. A url alone does not
    say "server": only a command, or a url with an MCP transport ("type": "http", "sse"...) or headers, does."""
    write_file(tmp_path / "c", "t.json", [entry])
    ids, problems = ids_and_codes(tmp_path / "c")
    assert not ids and ("/0", "error", "UNKNOWN_DIALECT") in problems, problems
    assert not any(code == "NOT_A_DESCRIPTOR" for *_, code in problems), problems


@pytest.mark.anyio
async def test_a_client_lists_a_tool_that_keeps_its_servers(tmp_path: Path) -> None:
    """What a client sees: the tool made from an OpenAPI operation, its servers kept beside it, is listed."""
    folder = tmp_path / "c"
    write_file(folder, "weather.json", {**mcp_tool("get_weather"), "servers": SERVERS})
    write_file(folder, "trip.json", {"tools": [mcp_tool("plan")], "servers": SERVERS})
    assert await listed(folder) == {"get_weather", "plan"}


# ---------------------------------------------------------------- 3. JSON Lines as other programs write them

def tool_line(name: str, description: str = "Does it.", **extra: Any) -> str:
    """One MCP tool as one JSON Lines line, written as Python's json.dumps(ensure_ascii=False) and `fix` write it."""
    return json.dumps({"name": name, "description": description, "inputSchema": SCHEMA, **extra}, ensure_ascii=False)


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085"], ids=["LS", "PS", "NEL"])
def test_a_line_separator_inside_a_string_does_not_split_a_json_lines_line(tmp_path: Path, separator: str) -> None:
    """JSON admits U+2028, U+2029 and U+0085 unescaped in a string, and json.dumps(ensure_ascii=False) writes them so;
    JSON Lines ends a line at \\n only. The loader split lines as str.splitlines does, so the tool was lost with two
    PARSE_ERRORs ("Unterminated string", "Expecting value") and every later line's number was off by one."""
    folder = tmp_path / "c"
    write_file(folder, "t.jsonl", "\n".join([tool_line("first", f"Line one.{separator}Line two."), "{bad",
                                             tool_line("third")]) + "\n")
    ids, problems = ids_and_codes(folder)
    assert ids == {"first", "third"}, problems
    assert problems == [("/1", "error", "PARSE_ERROR")], problems
    assert "line 2:" in load_catalog(folder).report.problems[0].message


def test_fix_of_json_lines_keeps_a_line_separator_inside_a_string(tmp_path: Path) -> None:
    """`fix` rewrote a .jsonl line by line with str.splitlines too: a line it rewrote that held U+2028 in a string was
    cut in two, so the fixed file lost the tool. It rewrites each line and the result loads every tool."""
    folder = tmp_path / "c"
    openai = {"type": "function", "function": {"name": "oa", "description": "One.\u2028Two.", "parameters": SCHEMA}}
    data = (json.dumps(openai, ensure_ascii=False) + "\n" + tool_line("plain", "A\u2028B") + "\n").encode()
    fixed = canonical_bytes(data, json_lines=True)
    assert fixed is not None and fixed != data
    write_file(folder, "t.jsonl", fixed)
    ids, problems = ids_and_codes(folder)
    assert ids == {"oa", "plain"} and problems == [], problems


PRETTY = json.dumps({"name": "spread", "description": "Over lines.", "inputSchema": SCHEMA}, indent=2)


def test_a_json_file_of_pretty_printed_documents_is_one_precise_error(tmp_path: Path) -> None:
    """A .json file whose first line is `{}` and whose next document is pretty-printed was read as JSON Lines: one
    PARSE_ERROR a line (12 of them, "Extra data", "Expecting value"), and an info line "JSON Lines of 1 record(s) with ,
    none a descriptor". It is one PARSE_ERROR that says a document spans lines 2-13 where JSON Lines keeps one a line."""
    folder = tmp_path / "c"
    write_file(folder, "t.json", "{}\n" + PRETTY + "\n")
    catalog = load_catalog(folder)
    problems = [p for p in catalog.report.problems if p.code != "NO_HANDLER"]
    assert [(p.severity, p.code) for p in problems] == [("error", "PARSE_ERROR")], [p.message for p in problems]
    assert "lines 2-13" in problems[0].message and "one document a line" in problems[0].message, problems[0].message


def test_a_json_lines_file_with_a_document_spread_over_lines_keeps_the_others(tmp_path: Path) -> None:
    """In a .jsonl, a pretty-printed document among one-line ones is one PARSE_ERROR that names its lines, not one a
    line; the lines before and after it are served."""
    folder = tmp_path / "c"
    write_file(folder, "t.jsonl", tool_line("before") + "\n" + PRETTY + "\n" + tool_line("after") + "\n")
    catalog = load_catalog(folder)
    problems = [p for p in catalog.report.problems if p.code != "NO_HANDLER"]
    assert {d.id for d in catalog.descriptors} == {"before", "after"}, [p.message for p in problems]
    assert [(p.pointer, p.code) for p in problems] == [("/1", "PARSE_ERROR")], [p.message for p in problems]
    assert "lines 2-13" in problems[0].message, problems[0].message


def test_json_lines_of_empty_objects_say_so(tmp_path: Path) -> None:
    """JSON Lines of `{}` records said "JSON Lines of 3 record(s) with , none a descriptor": no key to list."""
    folder = tmp_path / "c"
    write_file(folder, "t.jsonl", "{}\n{}\n{}\n")
    [message] = [p.message for p in load_catalog(folder).report.problems if p.code == "NOT_A_DESCRIPTOR"]
    assert "with ," not in message and "empty" in message, message


def test_a_broken_line_keeps_the_last_good_version_of_its_json_lines_file(tmp_path: Path) -> None:
    """Live reload: an edit that breaks one line of a .jsonl keeps that file's last good version served (both tools),
    as for any file, with LAST_GOOD_SERVED; the other files are read as they are."""
    folder = tmp_path / "c"
    path = write_file(folder, "t.jsonl", tool_line("one") + "\n" + tool_line("two") + "\n")
    before = load_catalog(folder)
    path.write_text(tool_line("one") + "\n{broken\n", encoding="utf-8")
    after = load_catalog(folder, previous=before)
    assert {d.id for d in after.descriptors} == {"one", "two"}
    assert {p.code for p in after.report.problems} >= {"PARSE_ERROR", "LAST_GOOD_SERVED"}


# ---------------------------------------------------------------- 4. the 401 answer, as a client's log shows it

REDACTED_SHAPE = "Authorization: "  # Claude Code 2.1.332 writes "Authorization: [REDACTED]" for this shape in its log


def test_the_401_answer_never_writes_the_header_in_the_shape_a_client_log_redacts(tmp_path: Path) -> None:
    """A client with no token or a wrong one gets a 401 whose body the TypeScript SDK puts in its error ("Error POSTing
    to endpoint (HTTP 401): {...}"), which Claude Code logs: its detail said "needs an Authorization: Bearer token"
    and its solution "Send the header `Authorization: Bearer <token>`", both redacted to "Authorization: [REDACTED]".
    Both name the header as the sign-in advice does, in English and Spanish."""
    folder = tmp_path / "c"
    write_file(folder, "t.json", mcp_tool("ping"))
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    with serve_over_http(folder, "--auth-token", "s3cret-token-value") as (_, url, _log):
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Accept-Language": "es"}):
            answer = httpx.post(f"{url}/mcp", json=body, headers={"Accept": "application/json, text/event-stream", **headers})
            assert answer.status_code == 401
            text = answer.text
            assert REDACTED_SHAPE not in text, text
            assert "Authorization" in text and "Bearer <token>" in text, text


def test_a_duplicate_id_in_json_lines_says_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round five promised that every problem of a JSON Lines document says its line; the checks across files
    (DUPLICATE_ID, DANGLING_REFERENCE, a case twin) ran after the lines were added, so a duplicate on line 3 said only
    "/1/name". They say their line too, also after a reload that reuses the file and from the start-up cache."""
    folder = tmp_path / "c"
    write_file(folder, "t.jsonl", tool_line("same") + "\n\n" + tool_line("same") + "\n" + tool_line("Same") + "\n")
    write_file(folder, "other.json", mcp_tool("elsewhere"))
    monkeypatch.setenv("ATDF_MCP_CACHE_DIR", str(tmp_path / "cache"))
    catalog = load_catalog(folder, cache=True)
    warm = load_catalog(folder, cache=True)  # the start-up cache's copy of the file
    assert warm.results[0] is not catalog.results[0]
    for loaded in (catalog, load_catalog(folder, previous=catalog), warm):
        found = {p.code: p for p in loaded.report.problems if p.code in ("DUPLICATE_ID", "AMBIGUOUS")}
        assert found["DUPLICATE_ID"].message.startswith("line 3: "), found["DUPLICATE_ID"].message
        assert found["AMBIGUOUS"].message.startswith("line 4: "), found["AMBIGUOUS"].message


def test_the_fix_diff_of_json_lines_applies_with_git_apply_and_loses_nothing(tmp_path: Path) -> None:
    """`atdf-mcp fix DIR` on a .jsonl saved with a BOM and CRLF, a blank line, a line that does not parse and strings
    holding U+2028 and U+0085, and on a pretty .json with U+2028: the diff was cut at those characters (str.splitlines,
    each cut marked "No newline at end of file") and did not apply; a UTF-8 BOM was left out of the diff's first line,
    so `git apply` refused any file saved with one. Applied, the diff now gives what `--write` gives, and every tool
    and the broken line are still there."""
    openai = {"type": "function", "function": {"name": "oa", "description": "One.\u2028Two.", "parameters": SCHEMA}}
    lines = [json.dumps(openai, ensure_ascii=False), "", tool_line("ok", "Fine\u0085too."), "{broken"]
    source = tmp_path / "src"
    write_file(source, "t.jsonl", ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    write_file(source, "u.json", json.dumps([{"name": "x", "description": "A\u2028B", "parameters": SCHEMA}], indent=2,
                                            ensure_ascii=False) + "\n")
    written = tmp_path / "written"
    written.mkdir()
    for path in source.iterdir():
        (written / path.name).write_bytes(path.read_bytes())
    diff = subprocess.run([sys.executable, "-m", "atdf_mcp", "fix", "src"], cwd=tmp_path, capture_output=True,
                          timeout=120)
    assert subprocess.run([sys.executable, "-m", "atdf_mcp", "fix", "--write", str(written)], capture_output=True,
                          timeout=120).returncode == 1  # the broken line cannot be fixed; the rest is written
    (tmp_path / "fix.diff").write_bytes(diff.stdout)
    applied = subprocess.run(["git", "apply", "--unsafe-paths", "fix.diff"], cwd=tmp_path, capture_output=True, text=True,
                             timeout=60)
    assert applied.returncode == 0, applied.stderr
    for name in ("t.jsonl", "u.json"):
        assert (source / name).read_bytes() == (written / name).read_bytes(), name
    text = (source / "t.jsonl").read_bytes()
    assert text.startswith(b"\xef\xbb\xbf") and text.count(b"\r\n") == 4 and b"{broken\r\n" in text
    ids, problems = ids_and_codes(source)
    assert ids == {"oa", "ok", "x"}
    assert [(pointer, code) for pointer, _, code in problems] == [("/2", "PARSE_ERROR")], problems


def test_a_json_lines_file_of_300_000_broken_lines_is_a_hundred_and_one_errors(tmp_path: Path) -> None:
    """300,001 lines that do not parse (a JSON list's items one a line, under 10 MiB) were 300,001 PARSE_ERRORs, each
    a Problem held in the snapshot and printed by validate. The first 100 are listed, then one error counts the rest
    and says where they are; the good line after them is served."""
    folder = tmp_path / "c"
    write_file(folder, "t.jsonl", "[\n" + "1,\n" * 300_000 + tool_line("after") + "\n")
    catalog = load_catalog(folder)
    errors = [p for p in catalog.report.problems if p.code == "PARSE_ERROR"]
    assert len(errors) == 101, len(errors)
    assert errors[-1].message.startswith("line 101: ") and "299901 more lines" in errors[-1].message, errors[-1].message
    assert "lines 101-300001" in errors[-1].message, errors[-1].message
    assert {d.id for d in catalog.descriptors} == {"after"}
