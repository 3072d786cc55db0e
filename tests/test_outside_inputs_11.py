"""The gaps the ninth probe (tests/test_outside_inputs_9.py) found and left: stream resumption on stateful /mcp, a
notification sent with an id, what a failed call's enriched form says was received, and what --stateless keeps.

Real components only: uvicorn on 127.0.0.1 driven by raw httpx as a client that loses its connection would, a stdio
subprocess, and the SDK's own client.
"""

from __future__ import annotations

import contextlib
import json
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from conftest import write_file
from local_server import free_port, running
from mcp import Client
from mcp.server.streamable_http import GET_STREAM_KEY, EventMessage
from mcp_types import JSONRPCNotification, JSONRPCResponse

from atdf_mcp import load_catalog
from atdf_mcp.results import ENRICHED_META
from atdf_mcp.resumption import ReplayLimits, SessionEvents
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

ACCEPT = "application/json, text/event-stream"
DESCRIPTORS = Path(__file__).resolve().parent.parent / "descriptors"
SECRET = "tok-7f3a9c1e55"


def initialize(version: str = "2025-06-18", request_id: int = 1) -> dict[str, Any]:
    """An initialize request of a plain HTTP client at `version`."""
    return {"jsonrpc": "2.0", "id": request_id, "method": "initialize",
            "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}


def session(http: httpx.Client, path: str = "/mcp", version: str = "2025-06-18") -> dict[str, str]:
    """Open a session at `path`; the headers its next requests carry."""
    opened = http.post(path, json=initialize(version), headers={"Accept": ACCEPT})
    assert opened.status_code == 200, opened.text
    headers = {"Accept": ACCEPT, "mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": version}
    http.post(path, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
    return headers


def sse_messages(text: str) -> list[dict[str, Any]]:
    """The JSON-RPC messages of an SSE body."""
    return [json.loads(line[5:]) for line in text.splitlines() if line.startswith("data:") and line[5:].strip()]


# ---------------------------------------------------------------- 3. a notification sent with an id

NOTIFICATION_WITH_ID = {"jsonrpc": "2.0", "id": 7, "method": "notifications/initialized"}


def assert_method_refusal(message: dict[str, Any], request_id: Any, *, says: str) -> dict[str, Any]:
    """-32601 for this id, whose data is a valid ATDF envelope (METHOD_NOT_FOUND) with a solution saying `says`."""
    assert message["jsonrpc"] == "2.0" and message["id"] == request_id, message
    assert message["error"]["code"] == -32601, message
    data = message["error"]["data"]
    assert isinstance(data, dict) and SCHEMAS["error"].violations(data) == [], message
    [entry] = data["errors"]
    assert entry["code"] == "METHOD_NOT_FOUND", entry
    assert says in entry["context"]["solution"], entry
    return entry


@pytest.fixture(scope="module")
def demo_url() -> Iterator[str]:
    """The bundled descriptors over HTTP."""
    with running(build_app(CatalogServer(load_catalog(DESCRIPTORS)), HttpOptions())) as url:
        yield url


def test_a_notification_sent_with_an_id_over_http_says_to_send_it_without_one(demo_url: str) -> None:
    """`notifications/initialized` with an id got -32601 "Method not found" and data "notifications/initialized": the
    client learnt nothing. It now carries an envelope saying a notification has no id; an unknown request method names
    the closest one."""
    with httpx.Client(base_url=demo_url, timeout=10) as http:
        headers = session(http)
        answered = http.post("/mcp", json=NOTIFICATION_WITH_ID, headers=headers)
        typo = http.post("/mcp", json={"jsonrpc": "2.0", "id": 8, "method": "tools/lst"}, headers=headers)
        still = http.post("/mcp", json={"jsonrpc": "2.0", "id": 9, "method": "ping"}, headers=headers)
    [message] = sse_messages(answered.text)
    entry = assert_method_refusal(message, 7, says="without an id")
    assert entry["parameter_name"] == "id"
    [message] = sse_messages(typo.text)
    entry = assert_method_refusal(message, 8, says="tools/list")
    assert entry["suggested_value"] == "tools/list"
    assert sse_messages(still.text) == [{"jsonrpc": "2.0", "id": 9, "result": {}}]


def test_a_notification_sent_with_an_id_over_stdio_says_to_send_it_without_one(tmp_path: Path) -> None:
    """The same refusal over stdio, on one line of stdout."""
    process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(DESCRIPTORS)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
    assert process.stdin is not None and process.stdout is not None

    def ask(message: dict[str, Any]) -> dict[str, Any]:
        process.stdin.write(json.dumps(message) + "\n")  # type: ignore[union-attr]
        process.stdin.flush()  # type: ignore[union-attr]
        ready, _, _ = select.select([process.stdout], [], [], 15)
        assert ready, f"no answer to {message}"
        return json.loads(process.stdout.readline())  # type: ignore[union-attr]

    try:
        assert ask(initialize())["id"] == 1
        assert_method_refusal(ask(NOTIFICATION_WITH_ID), 7, says="without an id")
        assert ask({"jsonrpc": "2.0", "id": 8, "method": "ping"}) == {"jsonrpc": "2.0", "id": 8, "result": {}}
    finally:
        process.stdin.close()
        process.wait(15)
        process.stdout.close()


# ---------------------------------------------------------------- 4. what the enriched form says was received

TOOLS = [
    {"name": "refuse", "description": "Refuse with a declared failure.",
     "inputSchema": {"type": "object", "properties": {"unit": {"type": "string"}, "value": {"type": "number"}}, "required": ["unit"]}},
    {"name": "crash", "description": "Fail without a declared failure.",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}},
    {"name": "remote", "description": "Call a service that is down.", "endpoint": f"http://127.0.0.1:{free_port()}/search",
     "method": "GET", "auth": {"type": "bearer", "env": "ATDF_TEST_SECRET"},
     "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
]
HANDLERS = ("from atdf_mcp import ToolError\n\n"
            "def refuse(unit, value=1):\n    raise ToolError('UNKNOWN_UNIT', f'{unit!r} is not a unit.', parameter='unit', suggested_value='km')\n\n"
            "def crash(text=''):\n    raise RuntimeError('boom')\n")


def enriched_received(result: Any) -> Any:
    """`_meta."atdf.io/enriched".data.details.received` of an isError result."""
    assert result.is_error, result
    return result.meta[ENRICHED_META]["data"]["details"]["received"]


@pytest.mark.anyio
async def test_a_handlers_tool_error_says_in_its_enriched_form_what_was_sent() -> None:
    """unit_converter's UNKNOWN_UNIT (a handler's ToolError) answered `received: {}` although the caller sent
    from_unit="KM": the enriched form only read `context.received`, which validation errors alone fill."""
    arguments = {"value": 10, "from_unit": "KM", "to_unit": "mi"}
    async with Client(CatalogServer(load_catalog(DESCRIPTORS)).server) as client:
        result = await client.call_tool("unit_converter", arguments)
    assert result.meta[ENRICHED_META]["data"]["code"] == "UNKNOWN_UNIT"
    assert enriched_received(result) == arguments


@pytest.mark.anyio
async def test_every_failed_call_says_what_was_sent_and_masks_secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A declared failure, an undeclared exception and a service that is down all give the call's arguments as
    `received` (a configured secret as ***, as everywhere else in a result); a validation error and an unknown tool keep
    their own `received` (the value of the argument at fault, the tool name sent)."""
    monkeypatch.setenv("ATDF_TEST_SECRET", SECRET)
    write_file(tmp_path, "tools.json", {"tools": TOOLS})
    write_file(tmp_path, "handlers.py", HANDLERS)
    write_file(tmp_path, "atdf-mcp.yaml", yaml.safe_dump({"allow_private_networks": True}))
    async with Client(CatalogServer(load_catalog(tmp_path), disclosure="progressive").server) as client:
        through_meta = await client.call_tool("call_tool", {"name": "refuse", "arguments": {"unit": "KM"}})
    async with Client(CatalogServer(load_catalog(tmp_path)).server) as client:
        declared = await client.call_tool("refuse", {"unit": "KM", "value": 2})
        crashed = await client.call_tool("crash", {"text": "hello"})
        down = await client.call_tool("remote", {"q": f"find {SECRET}"})
        unknown = await client.call_tool("refus", {"unit": "KM"})
        invalid = await client.call_tool("refuse", {"unit": 5})
    assert enriched_received(declared) == {"unit": "KM", "value": 2}
    assert enriched_received(crashed) == {"text": "hello"}
    assert enriched_received(down) == {"q": "find ***"}
    assert SECRET not in json.dumps(down.meta)
    assert enriched_received(unknown) == {"name": "refus"}
    assert enriched_received(invalid) == {"unit": 5}
    assert enriched_received(through_meta) == {"unit": "KM"}  # the inner call's own arguments


# ---------------------------------------------------------------- 1. a dropped stream, resumed with Last-Event-ID

SLOW = {"name": "slow", "description": "Report progress, wait, then answer.",
        "inputSchema": {"type": "object", "properties": {"seconds": {"type": "number"}}}}
SLOW_HANDLER = ("import anyio\n\nasync def slow(ctx, seconds=1.0):\n    await ctx.report_progress(1, 2, 'started')\n"
                "    await anyio.sleep(seconds)\n    await ctx.report_progress(2, 2, 'almost')\n    return f'done after {seconds} s'\n")


@pytest.fixture(scope="module")
def slow_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A catalogue with one slow tool, over HTTP with stateful sessions."""
    folder = tmp_path_factory.mktemp("slow")
    write_file(folder, "tools.json", {"tools": [SLOW]})
    write_file(folder, "handlers.py", SLOW_HANDLER)
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions())) as url:
        yield url


def slow_call(request_id: int, seconds: float) -> dict[str, Any]:
    """A tools/call of `slow` asking for progress."""
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
            "params": {"name": "slow", "arguments": {"seconds": seconds}, "_meta": {"progressToken": f"p{request_id}"}}}


def read_until_answer(lines: Iterator[str], request_id: int) -> tuple[list[str], list[dict[str, Any]]]:
    """The event ids and messages of an SSE stream up to the answer to `request_id`."""
    ids, messages = [], []
    for line in lines:
        if line.startswith("id:"):
            ids.append(line[3:].strip())
        elif line.startswith("data:") and line[5:].strip():
            messages.append(json.loads(line[5:]))
            if messages[-1].get("id") == request_id:
                break
    return ids, messages


def drop_after_first_event(http: httpx.Client, headers: dict[str, str], call: dict[str, Any], events: int = 1) -> str:
    """POST `call`, read its first `events` SSE events, then drop the connection: the id of the last event read."""
    last = ""
    with http.stream("POST", "/mcp", json=call, headers=headers) as stream:
        assert stream.status_code == 200
        seen = 0
        for line in stream.iter_lines():
            if line.startswith("id:"):
                last = line[3:].strip()
            if not line and last:
                seen += 1
                if seen == events:
                    break
    assert last, "the stream carried no event id"
    return last


@pytest.mark.parametrize("version, events", [("2025-11-25", 1), ("2025-06-18", 1)])
def test_a_client_that_drops_its_connection_mid_call_resumes_and_gets_the_result(slow_url: str, version: str, events: int) -> None:
    """A client whose POST stream dropped mid-call and that reconnected with `Last-Event-ID` got a live stream and never
    the result (no event store). Stateful sessions now keep their last events: the GET replays what was sent meanwhile
    (the progress and the result) and the call completes. 2025-11-25 clients get a priming event first; older ones
    resume from the first message they read (here the first progress notification)."""
    with httpx.Client(base_url=slow_url, timeout=15) as http:
        headers = session(http, version=version)
        last = drop_after_first_event(http, headers, slow_call(5, 1.0), events)
        with http.stream("GET", "/mcp", headers={**headers, "Accept": "text/event-stream", "Last-Event-ID": last}) as resumed:
            assert resumed.status_code == 200
            ids, messages = read_until_answer(resumed.iter_lines(), 5)
    answer = messages[-1]
    assert answer["id"] == 5 and answer["result"]["content"][0]["text"] == "done after 1.0 s", messages
    progress = [m["params"]["message"] for m in messages if m.get("method") == "notifications/progress"]
    assert progress[-1] == "almost" and last not in ids, (progress, ids, last)


def test_a_session_replays_only_its_own_events(slow_url: str) -> None:
    """Request ids repeat across sessions (every client counts 1, 2, 3): an event id of one session resumes nothing of
    another's, even when both used the same request id."""
    with httpx.Client(base_url=slow_url, timeout=15) as http:
        first, second = session(http, version="2025-11-25"), session(http, version="2025-11-25")
        last = drop_after_first_event(http, first, slow_call(3, 0.2))
        answered = http.post("/mcp", json=slow_call(3, 0.2), headers=second)
        assert sse_messages(answered.text)[-1]["id"] == 3
        time.sleep(0.5)
        lines: list[str] = []
        with contextlib.suppress(httpx.ReadTimeout), http.stream(
                "GET", "/mcp", headers={**second, "Accept": "text/event-stream", "Last-Event-ID": last}, timeout=1.5) as other:
            assert other.status_code == 200  # an id this session never issued: its live stream, where nothing comes
            lines.extend(other.iter_lines())
        with http.stream("GET", "/mcp", headers={**first, "Accept": "text/event-stream", "Last-Event-ID": last}) as own:
            _, messages = read_until_answer(own.iter_lines(), 3)
    assert not any('"id":3' in line.replace(" ", "") for line in lines), lines
    assert messages[-1]["result"]["content"][0]["text"] == "done after 0.2 s"


@pytest.mark.anyio
async def test_a_sessions_events_stay_within_their_bounds_and_a_gap_is_said() -> None:
    """At most max_events events and max_bytes of JSON per session, oldest out first; a message larger than max_bytes
    is not kept. Resuming from an evicted event, or across a message not kept, starts with an EVENTS_LOST warning
    (the client knows to ask again) instead of a silent gap; an id the session never issued replays nothing."""
    store = SessionEvents(ReplayLimits(max_events=3, max_bytes=400))

    def note(text: str) -> JSONRPCNotification:
        return JSONRPCNotification(jsonrpc="2.0", method="notifications/progress",
                                   params={"progressToken": "p", "progress": 1, "message": text})

    ids = [await store.store_event("9", note(f"n{i}")) for i in range(5)]
    assert len(store.events) == 3 and store.bytes <= 400
    sent: list[Any] = []

    async def collect(event: EventMessage) -> None:
        sent.append(event.message)

    assert await store.replay_events_after(ids[0], collect) == GET_STREAM_KEY  # evicted: the warning, then the live stream
    [notice] = sent
    assert notice.method == "notifications/message" and notice.params["level"] == "warning"
    assert SCHEMAS["error"].violations(notice.params["data"]) == [] and notice.params["data"]["errors"][0]["code"] == "EVENTS_LOST"
    sent.clear()
    assert await store.replay_events_after(ids[2], collect) == "9"
    assert [m.params["message"] for m in sent] == ["n3", "n4"]
    sent.clear()
    big = await store.store_event("9", note("x" * 500))
    answer = await store.store_event("9", JSONRPCResponse(jsonrpc="2.0", id=9, result={}))
    assert store.bytes <= 400 and big != answer
    assert await store.replay_events_after(ids[4], collect) is None  # the answer was replayed: the stream is over
    assert [getattr(m, "method", None) for m in sent] == ["notifications/message", None] and sent[1].id == 9
    sent.clear()
    assert await store.replay_events_after("0", collect) == GET_STREAM_KEY and sent == []
    store.clear()
    assert store.events == {} and store.bytes == 0


# ---------------------------------------------------------------- 5. what --stateless keeps: a log level per request

CHATTY = {"name": "chatty", "description": "Log at two levels.", "inputSchema": {"type": "object", "properties": {}}}
CHATTY_HANDLER = ("async def chatty(ctx):\n    await ctx.log('debug', 'a debug line')\n"
                  "    await ctx.log('warning', 'a warning line')\n    return 'logged'\n")
LOG_LEVEL_META = "io.modelcontextprotocol/logLevel"


@pytest.mark.parametrize("stateless", [True, False])
def test_a_log_level_sent_with_the_request_is_honoured_in_every_mode(tmp_path: Path, stateless: bool) -> None:
    """--stateless forgets logging/setLevel (no session holds it), so a client there had every debug line of every call.
    A request's own `_meta["io.modelcontextprotocol/logLevel"]` (the key MCP 2026-07-28 uses) now sets the level of that
    call's logs in every era and mode, and beats the session's logging/setLevel."""
    write_file(tmp_path, "tools.json", {"tools": [CHATTY]})
    write_file(tmp_path, "handlers.py", CHATTY_HANDLER)
    call = {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "chatty", "arguments": {}, "_meta": {LOG_LEVEL_META: "warning"}}}
    with running(build_app(CatalogServer(load_catalog(tmp_path)), HttpOptions(stateless=stateless))) as url, \
            httpx.Client(base_url=url, timeout=15) as http:
        headers = {"Accept": ACCEPT, "mcp-protocol-version": "2025-06-18"} if stateless else session(http)
        if not stateless:
            http.post("/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "logging/setLevel", "params": {"level": "error"}}, headers=headers)
        messages = sse_messages(http.post("/mcp", json=call, headers=headers).text)
    logged = [m["params"]["data"] for m in messages if m.get("method") == "notifications/message"]
    assert logged == ["a warning line"] and messages[-1]["result"]["content"][0]["text"] == "logged"
