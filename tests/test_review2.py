"""Findings of the second review of this round's changes, each through a real server: a language tag read as a
language where the enum may be of countries, "Congo" read as one of two countries, a refused call's arguments walked
for NaN on the event loop, and a handler module printing into the stdio protocol after its import limit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from conftest import write_file
from local_server import serve_over_http, stop_process
from test_live_reload import Inbox, connected, mcp_tool


def _entry(result: Any) -> dict[str, Any]:
    """The first error entry of a failed call's envelope."""
    assert result.is_error, result
    return json.loads(result.content[0].text)["errors"][0]


@pytest.fixture
def regions(tmp_path: Path) -> Path:
    """`ship`, whose country is one of lower-case codes that are also language codes (de, at, ch, es, mx, pt)."""
    folder = tmp_path / "catalogue"
    countries = {"type": "string", "enum": ["at", "ch", "de", "es", "mx", "pt", "br"], "description": "Destination."}
    languages = {"type": "string", "enum": ["de", "en", "es", "pt"], "description": "Language of the label."}
    write_file(folder, "tools.json", {"tools": [
        {**mcp_tool("ship", "Ship a parcel.", country=countries), "handler": "handlers:ship"},
        {**mcp_tool("label", "Print a label.", language=languages), "handler": "handlers:label"}]})
    (folder / "handlers.py").write_text('def ship(country):\n    """Ship."""\n    return {"country": country}\n\n\n'
                                        'def label(language):\n    """Label."""\n    return {"language": language}\n', encoding="utf-8")
    return folder


@pytest.mark.anyio
async def test_a_locale_sent_for_lower_case_codes_that_may_be_countries_gets_no_suggestion(regions: Path) -> None:
    """"de-AT" for an enum holding both "de" and "at" (Germany and Austria, or German and Asturian?) was answered
    with country "de": Germany for a parcel to Austria. Its region is a choice too, so no one reading is right; a
    tag whose region is not a choice still names its language."""
    with anyio.fail_after(30):
        async with connected("stdio", regions, Inbox()) as (client, _):
            for locale in ("de-AT", "es-MX", "pt_BR"):
                entry = _entry(await client.call_tool("ship", {"country": locale}))
                assert entry["code"] == "VALIDATION_ERROR" and entry["context"]["solution"], entry
                assert "suggested_arguments" not in entry["context"], (locale, entry)
            entry = _entry(await client.call_tool("label", {"language": "pt_BR"}))
            assert entry["context"]["suggested_arguments"] == {"language": "pt"}, entry
            entry = _entry(await client.call_tool("label", {"language": "es-ES"}))
            assert entry["context"]["suggested_arguments"] == {"language": "es"}, entry


@pytest.mark.anyio
async def test_congo_names_two_countries_and_gets_no_code(tmp_path: Path) -> None:
    """"Congo" for an enum with CG and CD was answered CG (Spanish's name of the Republic of the Congo), while in English
    it as often means the Democratic Republic (CD): two readings, so no suggestion; "Ireland" still gets IE."""
    folder = tmp_path / "catalogue"
    country = {"type": "string", "enum": ["CD", "CG", "IE", "GN", "GQ"], "description": "Country of the office."}
    write_file(folder, "tools.json", {"tools": [{**mcp_tool("office", "Find an office.", country=country), "handler": "handlers:office"}]})
    (folder / "handlers.py").write_text('def office(country):\n    """Office."""\n    return {"country": country}\n', encoding="utf-8")
    with anyio.fail_after(30):
        async with connected("stdio", folder, Inbox()) as (client, _):
            for name in ("Congo", "the Congo", "Kongo"):
                entry = _entry(await client.call_tool("office", {"country": name}))
                assert "suggested_arguments" not in entry["context"], (name, entry)
            for name, code in (("Ireland", "IE"), ("Guinea", "GN"), ("DR Congo", "CD"), ("Congo-Brazzaville", "CG")):
                entry = _entry(await client.call_tool("office", {"country": name}))
                assert entry["context"].get("suggested_arguments") == {"country": code}, (name, entry)


@pytest.mark.parametrize("tail", ["", ",NaN"])
def test_a_huge_wrong_list_is_searched_for_nan_off_the_event_loop(tmp_path: Path, tail: str) -> None:
    """A call refused by its schema had its arguments walked for NaN/Infinity on the event loop before the analysis that
    runs off it for large arguments: 1.9 million numbers stalled /health for 1.2 s. Now the walk is part of that
    analysis (under its deadline), and the walk itself writes no path per number (the wire guard walks a body that
    holds a NaN on the loop: 1.36 s → 0.23 s for this list); the answer is still a VALIDATION_ERROR, naming the NaN."""
    from test_outside_inputs_16 import entry_of_result, poll_health, sse_message
    from test_robust_protocol import INITIALIZE, MCP_HEADERS

    folder = tmp_path / "catalogue"
    numbers = {"type": "array", "maxItems": 10, "items": {"type": "integer"}, "description": "Numbers."}
    write_file(folder, "tools.json", {"tools": [{**mcp_tool("add", "Add numbers.", xs=numbers), "handler": "handlers:add"}]})
    (folder / "handlers.py").write_text('def add(xs):\n    """Add."""\n    return {"sum": sum(xs)}\n', encoding="utf-8")
    body = ('{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "add", "arguments": {"xs": ['
            + ",".join(["0"] * 1_900_000) + tail + "]}}}")
    with serve_over_http(folder, "--no-watch", "--max-body-size", str(8 * 1024 * 1024)) as (_, url, log), \
            httpx.Client(timeout=60) as http:
        session = http.post(f"{url}/mcp", headers=MCP_HEADERS, json=INITIALIZE)
        headers = {**MCP_HEADERS, "mcp-session-id": session.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        waits: list[float] = []
        stop = threading.Event()
        poller = threading.Thread(target=poll_health, args=(url, stop, waits))
        poller.start()
        time.sleep(0.2)
        answer = http.post(f"{url}/mcp", headers=headers, content=body)
        stop.set()
        poller.join(10)
        entry = entry_of_result(sse_message(answer.text), 2)
        assert entry["code"] == "VALIDATION_ERROR" and entry["context"]["solution"], entry
        assert not tail or "xs[1900000] is NaN" in entry["detail"], entry
        assert max(waits) < 0.8, f"/health waited {max(waits):.2f} s while the arguments were walked"
        assert "Traceback" not in log.read_text(errors="replace")


@pytest.mark.parametrize("flags", [(), ("--no-cache",)])
def test_a_handler_module_printing_after_its_import_limit_never_writes_into_the_stdio_protocol(
        tmp_path: Path, flags: tuple[str, ...]) -> None:
    """A module that keeps printing (print() and os.write(1, ...)) after ATDF_MCP_IMPORT_SECONDS gave up on it wrote
    into stdout between the load and the SDK's claim of fd 1: the client read "stray fd write" among its JSON-RPC
    messages. Now a stdio server claims stdout before it loads: every line on stdout is a JSON-RPC message."""
    folder = tmp_path / "catalogue"
    write_file(folder, "tools.json", {"tools": [
        {**mcp_tool("echo", "Give the text back."), "handler": "good:echo"},
        {**mcp_tool("late", "Never ready."), "handler": "slow:late"}]})
    (folder / "good.py").write_text('def echo(text=""):\n    """Echo."""\n    return {"text": text}\n', encoding="utf-8")
    (folder / "slow.py").write_text('import os, time\nfor i in range(40):\n    time.sleep(0.05)\n    print("stray print", i, flush=True)\n'
                                    '    os.write(1, b"stray fd write\\n")\n\n\ndef late():\n    """Late."""\n', encoding="utf-8")
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "review", "version": "1"}}}
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}}}
    env = {**os.environ, "ATDF_MCP_IMPORT_SECONDS": "0.3"}
    with (tmp_path / "stderr.log").open("wb") as errlog:
        process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(folder), "--no-watch", *flags],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errlog, env=env)
        try:
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write((json.dumps(initialize) + "\n").encode())
            process.stdin.flush()
            time.sleep(2.5)  # the module prints for 2 s
            process.stdin.write((json.dumps(call) + "\n").encode())
            process.stdin.close()
            out = process.stdout.read()
            process.wait(15)
        finally:
            stop_process(process)
    lines = out.decode().splitlines()
    assert [line for line in lines if not line.startswith("{")] == [], lines
    answers = {message.get("id"): message for message in map(json.loads, lines)}
    assert answers[2]["result"]["structuredContent"] == {"text": "hi"}, answers
    assert "stray" in (tmp_path / "stderr.log").read_text(errors="replace")
