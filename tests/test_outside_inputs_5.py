"""A fifth probe from outside: descriptors as their authors really save them, queries as users type them, and HTTP
upstreams that misbehave. Each test is a problem found by driving the real loader, CLI, search index and HTTP
dispatcher, kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from local_server import running
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from test_http_dispatch import call, catalog_of, error_of, mcp_tool


async def _bad_gzip(request: Request) -> Response:
    """A JSON answer that says it is gzip-compressed and is not (a misconfigured proxy or framework does this)."""
    return Response(b'{"ok": true}', media_type="application/json", headers={"Content-Encoding": "gzip"})


def test_a_body_that_cannot_be_decompressed_is_an_upstream_error(tmp_path: Path) -> None:
    """`Content-Encoding: gzip` on a body that is not gzip made httpx raise DecodingError, which no table mapped: the
    agent got INTERNAL_ERROR ("failed unexpectedly") and stderr a traceback. It is the upstream's fault, said as such."""
    with running(Starlette(routes=[Route("/bad", _bad_gzip)]), log_level="critical") as url:
        catalog = catalog_of(tmp_path, mcp_tool("bad_gzip", f"{url}/bad"))
        entry = error_of(anyio.run(call, catalog, "bad_gzip", {}))
    assert entry["code"] == "UPSTREAM_ERROR"
    assert "gzip" in entry["detail"] and "HTTP 200" in entry["detail"]
    assert entry["context"]["http_status"] == 200 and entry["context"]["retryable"] is False
    assert entry["context"]["content_encoding"] == "gzip"


NAMED = [("get", "Fetch a URL and return its body."),
         ("fetch_page", "Get the page at a URL: get it, get its body, get its headers."),
         ("to_do", "Tasks of the day."), ("me", "Profile of the signed-in account."),
         ("x", "Post to the social network formerly known as Twitter."), ("who_am_i", "Return the signed-in account."),
         ("files.read", "Return the content of a file.")]


@pytest.mark.parametrize(("query", "expected"), [
    ("get", "get"), ("to_do", "to_do"), ("todo", "to_do"), ("me", "me"), ("x", "x"), ("X", "x"), (" x ", "x"),
    ("whoami", "who_am_i"), ("WhoAmI", "who_am_i"), ("files.read", "files.read"), ("files_read", "files.read"),
])
def test_a_query_that_is_a_tool_name_finds_that_tool_first(tmp_path: Path, query: str, expected: str) -> None:
    """An agent that knows a tool's name searches for it: "get" ranked `fetch_page` (which says "get" four times) above
    the tool named `get`; "x", "me" and "to_do" (one letter, stop words) found nothing at all, nor did "whoami" for
    `who_am_i`. A query that is a tool's name, in any case and with or without its separators, answers it first."""
    from conftest import write_file

    from atdf_mcp import load_catalog
    from atdf_mcp.search import SearchIndex

    write_file(tmp_path, "tools.json", {"tools": [{"name": n, "description": d, "inputSchema": {"type": "object"}}
                                                  for n, d in NAMED]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    hits = index.search(query, 3)
    assert hits[0].name == expected and hits[0].score > 0
    assert all(hits[0].score > h.score for h in hits[1:])  # first by its score, so a client that sorts keeps it first
    assert len({h.name for h in hits}) == len(hits)
    assert expected not in [h.name for h in index.search(query, 3, allowed={"get", "fetch_page"} - {expected})]


def _validate(folder: Path) -> dict[str, Any]:
    """`atdf-mcp validate --format json FOLDER` as a user runs it: each file's problems by file name, and the exit code."""
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", "--format", "json", str(folder)],
                          capture_output=True, text=True, timeout=120, env=dict(os.environ))
    assert "Traceback" not in done.stderr, done.stderr
    report = json.loads(done.stdout)
    return {"exit": done.returncode, **{Path(f["file"]).name: f for f in report["files"]}}


def _tool(name: str) -> dict[str, Any]:
    return {"name": name, "description": f"The {name} tool.", "inputSchema": {"type": "object"}}


@pytest.mark.parametrize(("encoding", "suffix"), [("utf-16", ".json"), ("utf-16-be", ".yaml"), ("utf-32", ".json")])
def test_a_utf16_or_utf32_file_with_its_byte_order_mark_is_read(tmp_path: Path, encoding: str, suffix: str) -> None:
    """Windows editors and PowerShell's Out-File save "Unicode" as UTF-16 with a byte-order mark: such a file was
    "binary (it contains NUL bytes)". The mark says the encoding without doubt, so it is read (and `fix` keeps it)."""
    import codecs

    bom = {"utf-16": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE, "utf-32": codecs.BOM_UTF32_LE}[encoding]
    codec = {"utf-16": "utf-16-le", "utf-16-be": "utf-16-be", "utf-32": "utf-32-le"}[encoding]
    text = json.dumps({**_tool("wide"), "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "minimum": 1}}}})
    (tmp_path / f"wide{suffix}").write_bytes(bom + text.encode(codec))
    found = _validate(tmp_path)[f"wide{suffix}"]
    assert found["ids"] == ["wide"]
    assert all(p["severity"] != "error" for p in found["problems"]), found
    from atdf_mcp.fix import canonical_bytes

    fixed = canonical_bytes((tmp_path / f"wide{suffix}").read_bytes(), yaml_syntax=suffix == ".yaml")
    assert fixed is None or fixed.startswith(bom)


def test_utf16_without_a_byte_order_mark_is_named_as_such(tmp_path: Path) -> None:
    """Without the mark it stays unread, but the message says what it is and what to do, not just "binary"."""
    (tmp_path / "wide.json").write_bytes(json.dumps(_tool("wide")).encode("utf-16-le"))
    [problem] = _validate(tmp_path)["wide.json"]["problems"]
    assert problem["code"] == "ENCODING_ERROR" and "UTF-16" in problem["message"] and "UTF-8" in problem["message"]


@pytest.mark.parametrize(("text", "where", "words"), [
    ('{\n  // the echo tool\n  "name": "echo", "description": "d", "inputSchema": {"type": "object"}\n}\n',
     "line 2, column 3", ["comment", '"//"']),
    ('{\n  "name": "echo", /* d */ "description": "d", "inputSchema": {"type": "object"}\n}\n',
     "line 2, column 19", ["comment"]),
    ('{\n  "name": "echo",\n  "description": "d",\n  "inputSchema": {"type": "object"},\n}\n',
     "line 4, column 36", ["trailing comma", "'}'"]),
    ('{"tools": [\n  {"name": "echo", "description": "d", "inputSchema": {"type": "object"}},\n]}\n',
     "line 2, column 74", ["trailing comma", "']'"]),
])
def test_json_with_comments_or_a_trailing_comma_says_so_where_it_is(tmp_path: Path, text: str, where: str,
                                                                     words: list[str]) -> None:
    """JSONC habits (VS Code writes both): the report said "Expecting property name enclosed in double quotes" at the
    closing brace; it now names the comment or the comma, at its own line and column, and how to write it in JSON."""
    (tmp_path / "echo.json").write_text(text, encoding="utf-8")
    found = _validate(tmp_path)
    [problem] = found["echo.json"]["problems"]
    assert found["exit"] == 1 and problem["code"] == "PARSE_ERROR"
    assert where in problem["message"], problem
    assert all(w in problem["message"] for w in words), problem


def test_a_tab_that_indents_yaml_is_named(tmp_path: Path) -> None:
    """YAML indents with spaces only; the report said "found character that cannot start any token"."""
    (tmp_path / "echo.yaml").write_text("name: echo\ndescription: d\ninputSchema:\n\ttype: object\n", encoding="utf-8")
    [problem] = _validate(tmp_path)["echo.yaml"]["problems"]
    assert problem["code"] == "PARSE_ERROR" and "line 4, column 1" in problem["message"]
    assert "tab" in problem["message"] and "spaces" in problem["message"]


def test_openakita_related_tools_written_as_names_are_read_as_meant(tmp_path: Path) -> None:
    """`"related_tools": ["browser_status"]`, the short form authors write, made the whole tool a SCHEMA_VIOLATION
    ("'browser_status' is not of type 'object'") and the tool was not served. A name says `{"name": ...}` without
    doubt: read so, with a NON_CANONICAL warning at the item, and `fix` writes the object."""
    from conftest import write_file

    from atdf_mcp import load_catalog
    from atdf_mcp.fix import canonical_bytes

    write_file(tmp_path, "status.json", {"name": "browser_status", "description": "Is the browser open?", "input_schema": {"type": "object"}})
    path = write_file(tmp_path, "open.json", {"name": "browser_open", "description": "Open a page.", "input_schema": {"type": "object"},
                                              "related_tools": ["browser_status", {"name": "browser_status", "relation": "after"}]})
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    tool = catalog.get("browser_open")
    assert tool is not None and tool.hints["related_tools"] == [{"name": "browser_status"},
                                                                {"name": "browser_status", "relation": "after"}]
    [warning] = [p for p in catalog.report.warnings if p.code == "NON_CANONICAL"]
    assert warning.pointer == "/related_tools/0" and '{"name": "browser_status"}' in warning.message
    fixed = canonical_bytes(path.read_bytes())
    assert fixed is not None and json.loads(fixed)["related_tools"][0] == {"name": "browser_status"}


@pytest.mark.parametrize(("name", "why", "instead"), [
    ("café_tool", "'é'", "cafe_tool"), ("has space", "' '", "has_space"), ("x" * 65, "65 characters", "x" * 64),
    ("weather/now", "'/'", "weather_now"),
])
def test_an_invalid_tool_name_says_what_is_wrong_and_a_name_that_works(tmp_path: Path, name: str, why: str,
                                                                       instead: str) -> None:
    """The message listed the rules ("letters, digits, '_', '-' or '.', at most 64 characters") but not which one the
    name breaks, which an author looks for in a 65-character name or a non-ASCII letter; it now says it, and a name
    that would be valid."""
    (tmp_path / "bad.json").write_text(json.dumps([_tool(name), _tool("fine")]), encoding="utf-8")
    found = _validate(tmp_path)["bad.json"]
    [problem] = [p for p in found["problems"] if p["severity"] == "error"]
    assert problem["code"] == "INVALID_NAME" and problem["pointer"] == "/0/name"
    assert why in problem["message"] and repr(instead) in problem["message"], problem
    assert found["ids"] == ["fine"]  # the good descriptor of the file is still served


def test_an_input_schema_too_deep_to_compile_says_so(tmp_path: Path) -> None:
    """Properties nested 200 deep: "the input schema cannot be compiled: Recursion limit reached" told nothing to do."""
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(200):
        schema = {"type": "object", "properties": {"x": schema}}
    (tmp_path / "deep.json").write_text(json.dumps({**_tool("deep"), "inputSchema": schema}), encoding="utf-8")
    [problem] = _validate(tmp_path)["deep.json"]["problems"]
    assert problem["code"] == "INVALID_INPUT_SCHEMA" and problem["pointer"] == "/inputSchema"
    assert "too deep" in problem["message"] and "$defs" in problem["message"], problem
