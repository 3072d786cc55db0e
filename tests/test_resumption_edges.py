"""Stream resumption at its edges (atdf_mcp.resumption): an answer too large to keep, and events evicted while a
resumed stream is being replayed.

A real server on 127.0.0.1 (uvicorn) driven by raw httpx as a client that loses its connection would, and the store
itself for what needs events to arrive in the middle of a replay.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import write_file
from local_server import running
from mcp.server.streamable_http import EventMessage
from mcp_types import JSONRPCNotification, JSONRPCResponse
from test_outside_inputs_11 import SLOW, drop_after_first_event, session, slow_call

from atdf_mcp import load_catalog
from atdf_mcp.resumption import ReplayLimits, SessionEvents
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

BIG_HANDLER = ("import anyio\n\nasync def slow(ctx, seconds=1.0):\n    await ctx.report_progress(1, 2, 'started')\n"
               "    await anyio.sleep(seconds)\n    return 'x' * 5000\n")


def sse_until_closed(response: httpx.Response) -> list[dict[str, Any]]:
    """The JSON-RPC messages of an SSE stream, read until the server closes it."""
    import json

    return [json.loads(line[5:]) for line in response.iter_lines() if line.startswith("data:") and line[5:].strip()]


def test_an_answer_too_large_to_keep_is_an_error_for_its_request_not_a_stream_that_never_ends(tmp_path: Path) -> None:
    """A call whose answer is larger than the session keeps (max_bytes) was answered while the client was away: the
    resumed stream said events were lost, then stayed open for an answer that would never come (the client waited
    forever). The request now gets a JSON-RPC error with its own id (an EVENTS_LOST envelope saying the call ran and
    what to do), and the stream closes."""
    write_file(tmp_path, "tools.json", {"tools": [SLOW]})
    write_file(tmp_path, "handlers.py", BIG_HANDLER)
    options = HttpOptions(replay=ReplayLimits(max_events=50, max_bytes=2000))
    with running(build_app(CatalogServer(load_catalog(tmp_path)), options)) as url, httpx.Client(base_url=url, timeout=10) as http:
        headers = session(http, version="2025-11-25")
        last = drop_after_first_event(http, headers, slow_call(5, 0.5))
        time.sleep(1.0)  # answered meanwhile: 5,000 characters, more than the 2,000 kept
        with http.stream("GET", "/mcp", headers={**headers, "Accept": "text/event-stream", "Last-Event-ID": last}) as resumed:
            assert resumed.status_code == 200
            messages = sse_until_closed(resumed)  # a ReadTimeout here: the stream waited on an answer never coming
    answer = messages[-1]
    assert answer["id"] == 5 and answer["error"]["code"] == -32603, messages
    data = answer["error"]["data"]
    assert SCHEMAS["error"].violations(data) == [] and data["errors"][0]["code"] == "EVENTS_LOST", data
    assert "5" in data["errors"][0]["context"]["solution"] or "again" in data["errors"][0]["context"]["solution"]


def note(text: str) -> JSONRPCNotification:
    """A progress notification saying `text`."""
    return JSONRPCNotification(jsonrpc="2.0", method="notifications/progress",
                               params={"progressToken": "p", "progress": 1, "message": text})


@pytest.mark.anyio
async def test_events_evicted_while_a_stream_is_replayed_are_said_not_skipped() -> None:
    """A resumed stream is replayed while the call goes on; a slow reader and a busy session can push the stream's next
    events out of the store before they are sent. They were skipped without a word (the gap the EVENTS_LOST warning
    exists to say); the replay now says events were lost before going on."""
    store = SessionEvents(ReplayLimits(max_events=4, max_bytes=1 << 20))
    first = await store.store_event("9", note("n0"))
    await store.store_event("9", note("n1"))
    sent: list[Any] = []

    async def slow_reader(event: EventMessage) -> None:
        sent.append(event.message)
        if len(sent) == 1:  # while the client reads its first replayed event, the call sends six more
            for i in range(2, 8):
                await store.store_event("9", note(f"n{i}"))

    await store.replay_events_after(first, slow_reader)
    said = [m.params.get("message") if m.method == "notifications/progress" else m.params["data"]["errors"][0]["code"]
            for m in sent]
    assert said == ["n1", "EVENTS_LOST", "n4", "n5", "n6", "n7"], said


@pytest.mark.anyio
async def test_a_replayed_answer_too_large_to_keep_ends_the_stream() -> None:
    """In the store: an answer not kept replays as an error with the request's id, and the stream is over (None)."""
    store = SessionEvents(ReplayLimits(max_events=10, max_bytes=300))
    first = await store.store_event("7", note("started"))
    await store.store_event("7", JSONRPCResponse(jsonrpc="2.0", id=7, result={"content": [{"type": "text", "text": "x" * 400}]}))
    sent: list[Any] = []

    async def collect(event: EventMessage) -> None:
        sent.append(event)

    assert await store.replay_events_after(first, collect) is None
    [error] = sent
    assert error.message.id == 7 and error.message.error.data["errors"][0]["code"] == "EVENTS_LOST"
    assert error.event_id  # an id of its own, so a client that drops again resumes after it
