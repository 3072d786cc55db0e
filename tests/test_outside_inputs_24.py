"""A hostile probe, round six: the fields a tool carries into tools/list and its ARDF resource, and the closed-block hints.

Tried against real `atdf-mcp validate` and `serve` subprocesses (stdio with the Python SDK client, and the TypeScript
SDK client): a `_meta` nested past what a client's JSON parser takes or holding atdf-mcp's own keys, icons whose `src`
is `javascript:`, a file path or a 10 MB data: URI, 100,000 icons, and 50,000 unknown keys near the name of a closed
block's key. Each test is a gap found that way, kept so it stays fixed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import write_file
from local_server import serve_over_http
from test_live_reload import Inbox, connected, mcp_tool

from atdf_mcp.dialects.tool_fields import icons_of

NODE = shutil.which("node")
ROOT = Path(__file__).parent.parent
TS_SDK = ROOT / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"


def validate(folder: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    """`atdf-mcp validate FOLDER` as a subprocess, and how long it took."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(folder)], capture_output=True, text=True, timeout=60)
    return done, time.monotonic() - started


def nested(depth: int) -> dict[str, Any]:
    """{"a": {"a": ... {}}} `depth` levels deep."""
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


async def listed(folder: Path) -> dict[str, dict[str, Any]]:
    """tools/list of `atdf-mcp serve FOLDER` to the Python SDK client over stdio, as name → the tool as JSON."""
    async with connected("stdio", folder, Inbox()) as (client, _):
        tools = (await client.list_tools()).tools
    return {t.name: t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools}


def ts_listed(folder: Path) -> list[str]:
    """The tool names the TypeScript SDK client lists from `atdf-mcp serve FOLDER` over stdio."""
    done = subprocess.run([str(NODE), str(ROOT / "scripts" / "ts_client.mjs"), "--", sys.executable, "-m", "atdf_mcp", "serve",
                           str(folder)], input="[]", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return [t["name"] for t in json.loads(done.stdout)["tools"]]


needs_ts = pytest.mark.skipif(NODE is None or not TS_SDK.is_file(), reason="needs Node.js and `npm ci` (the TypeScript SDK)")


# ---------------------------------------------------------------------------------------------
# _meta: nesting and atdf-mcp's own keys


@pytest.mark.anyio
async def test_a_meta_nested_past_what_a_client_parses_does_not_break_tools_list(tmp_path: Path) -> None:
    """A tool whose `_meta` nests 300 levels (a 2 KB file) made every tools/list fail ("Maximum serialization depth
    exceeded": pydantic-core serialises ~255 levels, and a client's JSON parser takes 200), so one file hid the whole
    catalogue. Such a `_meta` is now left out of tools/list, and validate says so."""
    write_file(tmp_path, "deep.json", {**mcp_tool("deep", "Echo the text."), "_meta": {"x-deep": nested(300), "x-ok": 1}})
    write_file(tmp_path, "good.json", mcp_tool("good", "Echo the text."))
    tools = await listed(tmp_path)
    assert set(tools) == {"deep", "good"}
    assert tools["deep"]["_meta"]["ardf.io/uri"] == "ardf://tool/deep" and "x-deep" not in tools["deep"]["_meta"]
    if NODE is not None and TS_SDK.is_file():  # the TypeScript SDK's client lists both too
        assert sorted(ts_listed(tmp_path)) == ["deep", "good"]
    done, _ = validate(tmp_path)
    assert "/_meta" in done.stdout and "nests" in done.stdout, done.stdout


@pytest.mark.anyio
async def test_a_tools_own_meta_never_overrides_atdf_mcps_keys(tmp_path: Path) -> None:
    """`_meta` of {"ardf.io/uri": ..., "ardf.io/failures": [...], "atdf.io/policy": ...}: the tool's uri lost to ours,
    but its failures (a tool declaring none) and any other key in atdf-mcp's namespaces went out as if atdf-mcp said
    them. Keys in those namespaces are now left out, and validate names them."""
    meta = {"ardf.io/uri": "https://evil.example/x", "ardf.io/failures": [{"code": "FAKE"}], "atdf.io/policy": {"allow": True},
            "ardf.io/whatever": 1, "com.example/owner": "me"}
    write_file(tmp_path, "m.json", {**mcp_tool("m", "Echo the text."), "_meta": meta})
    tools = await listed(tmp_path)
    assert tools["m"]["_meta"] == {"ardf.io/uri": "ardf://tool/m", "com.example/owner": "me"}
    done, _ = validate(tmp_path)
    assert "ardf.io/failures" in done.stdout and "atdf.io/policy" in done.stdout, done.stdout


# ---------------------------------------------------------------------------------------------
# icons


@pytest.mark.anyio
async def test_icons_a_client_must_not_load_are_left_out_and_said(tmp_path: Path) -> None:
    """MCP icons are https: or data: URIs (the spec asks clients to refuse others); `javascript:`, `file:`, a bare path
    and a 10 MB data: URI were listed as written. They are now left out, each said once; the https icon stays."""
    icons = [{"src": "javascript:alert(1)"}, {"src": "/etc/passwd"}, {"src": "file:///etc/passwd"},
             {"src": "data:image/png;base64," + "A" * 10_000_000}, {"src": "https://example.com/a.png"}]
    write_file(tmp_path, "i.json", {**mcp_tool("i", "Echo the text."), "icons": icons})
    tools = await listed(tmp_path)
    assert tools["i"]["icons"] == [{"src": "https://example.com/a.png"}]
    done, _ = validate(tmp_path)
    assert all(f"/icons/{n}" in done.stdout for n in range(4)) and "/icons/4" not in done.stdout, done.stdout
    assert len(done.stdout) < 8_000, len(done.stdout)


@needs_ts
@pytest.mark.anyio
async def test_a_hundred_thousand_icons_are_bounded_in_tools_list_and_in_validate(tmp_path: Path) -> None:
    """100,000 icons without a `src` printed 100,000 warnings (20 MB from validate); 100,000 good ones all went into
    tools/list (3.7 MB for one tool). A tool now lists its first MAX_ICONS icons and validate says the rest once."""
    write_file(tmp_path / "bad", "b.json", {**mcp_tool("b", "Echo the text."), "icons": [{"mimeType": "image/png"}] * 100_000})
    done, took = validate(tmp_path / "bad")
    assert len(done.stdout) < 8_000 and took < 15, (len(done.stdout), took)
    write_file(tmp_path / "many", "m.json", {**mcp_tool("m", "Echo the text."), "icons": [{"src": "https://e.com/a.png"}] * 100_000})
    done, _ = validate(tmp_path / "many")
    assert "/icons" in done.stdout and len(done.stdout) < 8_000, done.stdout[:2000]
    from atdf_mcp.dialects.tool_fields import MAX_ICONS
    assert len((await listed(tmp_path / "many"))["m"]["icons"]) == MAX_ICONS
    assert ts_listed(tmp_path / "many") == ["m"]


# ---------------------------------------------------------------------------------------------
# a closed block's unknown keys


def test_fifty_thousand_near_misses_of_a_key_get_a_short_message(tmp_path: Path) -> None:
    """An ATDF 1.x root (a closed block) with 50,000 keys like "descriptio123": each was close to "description", and
    the message said "'descriptioN' may be 'description': write it so" 50,000 times (2.6 MB on one line). The message
    now names the first few and counts the rest."""
    tool = {"schema_version": "1.0.0", "tool_id": "u1", "description": "Echo text.", "when_to_use": "To echo.",
            "how_to_use": {"inputs": [{"name": "text", "type": "string", "description": "The text."}],
                           "outputs": {"success": "The text.", "failure": [{"code": "E", "description": "Bad."}]}},
            **{f"descriptio{i}": 1 for i in range(50_000)}}
    write_file(tmp_path, "u.json", tool)
    done, took = validate(tmp_path)
    assert done.returncode == 1 and "'descriptio0' may be 'description'" in done.stdout, done.stdout[:2000]
    assert len(done.stdout) < 4_000 and took < 15, (len(done.stdout), took)


# ---------------------------------------------------------------------------------------------
# schema_version and ATDF 1.x's own keys


def atdf1_tool(**extra: Any) -> dict[str, Any]:
    """An ATDF 1.x tool with `extra` keys."""
    return {"schema_version": "1.0.0", "tool_id": "u1", "description": "Echo text.", "when_to_use": "To echo.",
            "how_to_use": {"inputs": [{"name": "text", "type": "string", "description": "The text."}],
                           "outputs": {"success": "The text.", "failure": [{"code": "E", "description": "Bad."}]}}, **extra}


@pytest.mark.parametrize("extra", [{f"x-k{i}": i for i in range(10_000)}, {"x" * 1_000_000: 1}], ids=["10000_keys", "1mb_key"])
def test_an_atdf1_tool_with_keys_of_its_own_gets_a_short_message(tmp_path: Path, extra: dict[str, Any]) -> None:
    """"ATDF 1.x admits no keys of its own (...)" listed every key as written: 10,000 keys made a 109 KB line, one key
    of 1 MB a 1 MB line. It now names the first few, each cut short, and counts the rest."""
    write_file(tmp_path, "t.json", atdf1_tool(**extra))
    done, _ = validate(tmp_path)
    assert "admits no keys of its own" in done.stdout and len(done.stdout) < 4_000, (len(done.stdout), done.stdout[:600])


@pytest.mark.parametrize("version", ["v0.2" + ".0" * 500_000, "v" + "1" * 1_000_000], ids=["1mb_dotted", "1mb_digits"])
def test_a_megabyte_schema_version_is_not_echoed_whole(tmp_path: Path, version: str) -> None:
    """"unsupported schema_version '...'" repeated a 1 MB schema_version in full; it is now cut short."""
    write_file(tmp_path, "t.json", atdf1_tool(schema_version=version))
    done, _ = validate(tmp_path)
    assert done.returncode == 1 and "[UNSUPPORTED_VERSION]" in done.stdout and len(done.stdout) < 4_000, done.stdout[:600]


# ---------------------------------------------------------------------------------------------
# optional nulls


@pytest.mark.anyio
async def test_a_left_out_null_is_said_even_when_the_handlers_result_holds_the_key_as_text(tmp_path: Path) -> None:
    """A handler that returns its own CallToolResult with `_meta["atdf.io/arguments"]` a string: a call sending a null
    for an optional input failed with a bare JSON-RPC error ("'str' object is not a mapping"), no envelope, since the
    note of what was left out merged into that string. atdf-mcp's own key is its word: the note replaces it."""
    write_file(tmp_path, "t.json", mcp_tool("pick", "Pick a thing.", a={"type": "string"}, b={"type": "integer"}) | {
        "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}})
    (tmp_path / "handlers.py").write_text(
        "from mcp import types\n\n\ndef pick(a='x', b=1):\n    \"\"\"Pick.\"\"\"\n    return types.CallToolResult(content=["
        "types.TextContent(type='text', text=a)], _meta={'atdf.io/arguments': 'mine'})\n", encoding="utf-8")
    async with connected("stdio", tmp_path, Inbox()) as (client, _):
        result = await client.call_tool("pick", {"a": None, "b": 2})
    assert not result.is_error and result.content[0].text == "x", result
    assert result.meta["atdf.io/arguments"]["left_out"] == ["a"], result.meta


# ---------------------------------------------------------------------------------------------
# unknown root keys carried into the ARDF resource


def test_an_unknown_key_nested_950_deep_does_not_break_the_rest_collections(tmp_path: Path) -> None:
    """An MCP tool with a root key no format defines ("x-deep") nested 950 levels: the key is carried into the tool's
    ARDF resource, and GET /tools, /resources/tool and /manifest answered 500 for the whole catalogue (json.dumps
    ran out of recursion inside the collection). A carried value nested past MAX_META_DEPTH is now left out, and
    validate says so; the collections list both tools."""
    write_file(tmp_path, "deep.json", {**mcp_tool("deep", "Echo the text."), "x-deep": nested(950), "x-owner": "me"})
    write_file(tmp_path, "ok.json", mcp_tool("ok", "Echo the text."))
    with serve_over_http(tmp_path) as (_, url, _), httpx.Client(timeout=60) as http:
        for path in ("/tools", "/resources/tool", "/resources"):
            answer = http.get(url + path)
            assert answer.status_code == 200, (path, answer.text[:500])
        tool = http.get(f"{url}/resources/tool/deep").json()
        assert tool["x-owner"] == "me" and "x-deep" not in tool, tool
    done, _ = validate(tmp_path)
    assert "/x-deep" in done.stdout and "nests" in done.stdout, done.stdout


def test_an_ardf_tools_related_tools_outside_a_tool_set_are_not_served_to_it(tmp_path: Path) -> None:
    """An ARDF tool whose root `related_tools` (OpenAkita guidance, carried into ARDF) names a tool outside the set:
    the set's REST documents served the name as written, though the tool does not exist for that set's clients."""
    tool = {"schema_version": "1.0.0", "resource_id": "open_ticket", "resource_type": "tool", "description": "Open a ticket.",
            "content": {"type": "tool/io", "data": {"inputs": [], "outputs": {"success": "ok"}}},
            "related_tools": [{"name": "secret_tool", "relation": "next"}, {"name": "open_ticket", "relation": "self"}]}
    write_file(tmp_path, "open_ticket.json", tool)
    write_file(tmp_path, "secret.json", mcp_tool("secret_tool", "A tool outside the set."))
    (tmp_path / "atdf-mcp.yaml").write_text("toolsets:\n  support: {ids: [open_ticket]}\n", encoding="utf-8")
    with serve_over_http(tmp_path, "--no-watch") as (_, url, _), httpx.Client(timeout=60) as http:
        whole = http.get(f"{url}/resources/tool/open_ticket").text
        in_set = http.get(f"{url}/resources/tool/open_ticket?toolset=support").text
    assert "secret_tool" in whole and "secret_tool" not in in_set, in_set


# ---------------------------------------------------------------------------------------------
# annotations of the wrong type, a title of a megabyte


def test_annotations_of_the_wrong_type_and_a_megabyte_title_are_said(tmp_path: Path) -> None:
    """`annotations: {"title": 5, "readOnlyHint": "yes", "destructiveHint": [1]}` was dropped without a word (a client
    then takes the tool for a destructive one), and a 1 MB annotations title went into every tools/list unremarked.
    validate now names each value it leaves out, and a title past TITLE_LIMIT characters."""
    write_file(tmp_path / "types", "t.json", {**mcp_tool("a1", "Echo the text."),
                                              "annotations": {"title": 5, "readOnlyHint": "yes", "destructiveHint": [1]}})
    done, _ = validate(tmp_path / "types")
    assert all(f"/annotations/{key}" in done.stdout for key in ("title", "readOnlyHint", "destructiveHint")), done.stdout
    write_file(tmp_path / "long", "t.json", {**mcp_tool("a2", "Echo the text."), "annotations": {"title": "T" * 1_000_000}})
    done, _ = validate(tmp_path / "long")
    assert "/annotations/title" in done.stdout and "1,000,000 characters" in done.stdout, done.stdout[:2000]
    assert len(done.stdout) < 4_000, len(done.stdout)


# ---------------------------------------------------------------------------------------------
# search: the first query of a large catalogue


def test_the_first_searches_of_twenty_thousand_tools_do_not_hold_the_event_loop(tmp_path: Path) -> None:
    """10,000 tools with names of many words, served progressively: the first search_tools in English and the first in
    Spanish held the event loop ~100 ms each (/health waited 66-115 ms) while the index worked out its name keys, name
    words (name coverage) and initials. The index now works them out when it is built, off the event loop.

    Run with 20,000 tools, where the first Spanish search held the loop 450 ms without that (/health waits 3-5 ms with
    it): a bound of 40 ms at 10,000 tools failed 1 run in 13 on a busy 2-core machine, and passed the first English
    search unprepared (17 ms)."""
    import random

    from test_outside_inputs_16 import post_watching_health, sse_message
    from test_robust_protocol import INITIALIZE, MCP_HEADERS

    words = ["".join(random.Random(i).choices("abcdefghijklmnopqrstuvwxyz", k=4)) for i in range(3000)]
    pick = random.Random(7)
    for k in range(20):
        tools = [mcp_tool("_".join(pick.sample(words, 11)) + f"_{k}_{i}", " ".join(pick.sample(words, 20)) + ".")
                 for i in range(1000)]
        write_file(tmp_path / "big", f"t{k}.json", {"tools": tools})
    with serve_over_http(tmp_path / "big", "--disclosure", "progressive", "--no-watch") as (_, url, _), \
            httpx.Client(timeout=60) as http:
        session = http.post(f"{url}/mcp", headers=MCP_HEADERS, json=INITIALIZE)
        headers = {**MCP_HEADERS, "mcp-session-id": session.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        for request_id, query in enumerate(["send an email to a user", "¿cómo puedo enviar un correo?"], start=2):
            answer, _, waits = post_watching_health(http, url, headers, {"jsonrpc": "2.0", "id": request_id, "method":
                                                    "tools/call", "params": {"name": "search_tools", "arguments": {"query": query}}})
            assert "result" in sse_message(answer.text), answer.text[:500]
            assert max(waits) < 0.2, f"/health waited {max(waits) * 1000:.0f} ms during the first search for {query!r}"


def test_a_meta_of_a_hundred_thousand_keys_left_out_is_said_in_a_few_lines(tmp_path: Path) -> None:
    """`_meta` with 50,000 keys in atdf-mcp's namespace and 50,000 past the size bound: each key left out was one
    warning. validate names the first few and counts the rest."""
    meta = {**{f"ardf.io/k{i}": i for i in range(50_000)}, **{f"com.example/k{i}": "x" * 10 for i in range(50_000)}}
    write_file(tmp_path, "m.json", {**mcp_tool("m", "Echo the text."), "_meta": meta})
    done, took = validate(tmp_path)
    assert "/_meta/ardf.io~1k0" in done.stdout and len(done.stdout) < 8_000 and took < 15, (len(done.stdout), took)


def test_a_thousand_root_keys_nested_too_deep_are_said_in_a_few_lines(tmp_path: Path) -> None:
    """An MCP tool with 1,000 root keys no format defines, each nested past MAX_META_DEPTH: each key left out of the
    ARDF resource was one validate warning (1,000 lines, against the README's "the first five named, the rest
    counted"). validate names the first few and counts the rest."""
    write_file(tmp_path, "t.json", {**mcp_tool("deep_keys", "Echo the text."), **{f"x-k{i}": nested(40) for i in range(1_000)}})
    done, _ = validate(tmp_path)
    assert "/x-k0" in done.stdout and "995" in done.stdout and "/x-k999" not in done.stdout, done.stdout[:2000]
    assert len(done.stdout) < 4_000, len(done.stdout)


def test_an_icon_whose_scheme_is_written_in_capitals_is_listed(tmp_path: Path) -> None:
    """A URI's scheme is case-insensitive (RFC 3986, 3.1): "HTTPS://…" and "Data:image/png;…" were left out as not https:
    or data:image, with a warning saying so. validate says nothing of them, and they are listed (a file: URI is not)."""
    icons = [{"src": "HTTPS://example.com/a.png"}, {"src": "Data:image/png;base64,iVBORw0KGgo="}, {"src": "FILE:///etc/passwd"}]
    write_file(tmp_path, "t.json", {**mcp_tool("caps", "Echo the text."), "icons": icons})
    done, _ = validate(tmp_path)
    assert "/icons/0" not in done.stdout and "/icons/1" not in done.stdout and "/icons/2" in done.stdout, done.stdout
    assert icons_of({"icons": icons}) == icons[:2]
