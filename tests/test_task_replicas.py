"""Replicas sharing tasks through one real Redis: in process (two TaskRunners on one catalogue), then over HTTP (two
`atdf-mcp serve --task-store redis://…` processes): a task started on one is watched and cancelled through the other,
and killing the one that runs it ends the task WORKER_LOST within the heartbeat timeout."""

from __future__ import annotations

import json
import textwrap
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from local_server import serve_over_http

from atdf_mcp import load_catalog
from atdf_mcp.codes import Code
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.tasks import TaskEvent, TaskRunner
from atdf_mcp.tasks.redis import RedisTaskStore

pytestmark = pytest.mark.anyio
HEARTBEAT = 1.0  # seconds: `serve --task-heartbeat`
TOOLS = {"tools": [
    {"name": "slow_report", "description": "Builds a report step by step, reporting progress after each step.",
     "inputSchema": {"type": "object", "properties": {"steps": {"type": "integer", "minimum": 1}, "delay": {"type": "number", "minimum": 0}},
                     "required": ["steps", "delay"]}},
]}
HANDLERS = '''
import anyio
from atdf_mcp.context import ToolContext

async def slow_report(steps: int, delay: float, ctx: ToolContext) -> dict:
    """Sleep `delay` seconds per step and report progress after each one."""
    for step in range(1, steps + 1):
        await anyio.sleep(delay)
        await ctx.report_progress(step, steps, f"step {step} of {steps}")
    return {"steps": steps}
'''


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One catalogue: a slow tool that reports progress (a Python handler)."""
    folder = tmp_path_factory.mktemp("replicas") / "catalog"
    folder.mkdir()
    (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (folder / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    return folder


def error_code(event: TaskEvent | SseEvent) -> str:
    """The code of a final error event's envelope (schema-checked)."""
    data = event.data
    assert SCHEMAS["error"].violations(data) == [], data
    return data["errors"][0]["code"]


# -- in process: two runners, two stores, one Redis -------------------------------------------------------------------


async def test_a_runner_s_task_is_followed_to_its_result_and_cancelled_through_another_replica(redis_url: str, catalog_dir: Path) -> None:
    """Runner A runs the calls; replica B follows them (numbered progress, then the result) and cancels one (CANCELLED)."""
    server = CatalogServer(load_catalog(catalog_dir))
    a = TaskRunner(server, RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=5))
    b = TaskRunner(server, RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=5))
    with anyio.fail_after(30):
        async with a.serving(), b.serving():
            view = server.view()
            assert await server.refusal(view, "slow_report", {"steps": 3, "delay": 0.05}) is None
            done = await a.start(view, "slow_report", {"steps": 3, "delay": 0.05})
            events = [event async for event in b.store.follow(done.task_id)]
            assert [(e.id, e.kind) for e in events] == [(1, "progress"), (2, "progress"), (3, "progress"), (4, "result")]
            assert [e.data["progress"] for e in events[:3]] == [1, 2, 3] and events[0].data["total"] == 3
            assert events[-1].data["structuredContent"] == {"steps": 3}

            long = await a.start(view, "slow_report", {"steps": 1000, "delay": 0.05})
            seen: list[TaskEvent] = []
            async for event in b.store.follow(long.task_id):
                seen.append(event)
                if len(seen) == 3:
                    assert (await b.cancel(long.task_id)) is not None
            assert [e.id for e in seen] == list(range(1, len(seen) + 1)) and len(seen) < 100
            assert seen[-1].kind == "error" and error_code(seen[-1]) == Code.CANCELLED
            info = await a.store.get(long.task_id)
            assert info is not None and info.status == "cancelled"


# -- over HTTP: two `atdf-mcp serve` processes ---------------------------------------------------------------------------


@dataclass
class SseEvent:
    """One event of a /callback stream."""

    id: int | None
    kind: str
    data: Any


async def sse_events(response: httpx.Response) -> AsyncIterator[SseEvent]:
    """The events of an SSE response (`id:`, `event:`, `data:` lines, a blank line ends each; comments skipped)."""
    fields: dict[str, str] = {}
    data: list[str] = []
    async for line in response.aiter_lines():
        if line == "":
            if data or fields:
                yield SseEvent(int(fields["id"]) if fields.get("id", "").isdigit() else None, fields.get("event", "message"),
                               json.loads("\n".join(data)) if data else None)
            fields, data = {}, []
            continue
        if line.startswith(":"):
            continue  # a keep-alive comment
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            data.append(value)
        else:
            fields[name] = value


async def start_task(client: httpx.AsyncClient, base: str, arguments: dict[str, Any]) -> str:
    """POST /call_tool/slow_report; the task id it answers."""
    response = await client.post(f"{base}/call_tool/slow_report", json=arguments)
    assert response.status_code == 200, (response.status_code, response.text)
    task_id = response.json()["task_id"]
    assert isinstance(task_id, str) and task_id
    return task_id


async def test_two_servers_share_one_redis_watch_cancel_and_worker_lost(redis_url: str, catalog_dir: Path) -> None:
    """Server A runs the tasks; through server B a client watches one (numbered progress) and cancels it (CANCELLED);
    then A is killed mid-task and B's stream ends WORKER_LOST within the heartbeat timeout; B replays it afterwards."""
    args = ("--task-store", redis_url, "--task-heartbeat", f"{HEARTBEAT:g}")
    timeout = httpx.Timeout(30.0)  # a hang guard on every read, not a timing
    with serve_over_http(catalog_dir, *args) as (server_a, url_a, _log_a), serve_over_http(catalog_dir, *args) as (_b, url_b, _log_b):
        async with httpx.AsyncClient(timeout=timeout) as client:
            with anyio.fail_after(60):
                # Watched and cancelled through the other server.
                task_id = await start_task(client, url_a, {"steps": 1000, "delay": 0.05})
                seen: list[SseEvent] = []
                async with client.stream("GET", f"{url_b}/callback/{task_id}") as stream:
                    assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")
                    async for event in sse_events(stream):
                        seen.append(event)
                        if len(seen) == 3:
                            cancel = await client.post(f"{url_b}/cancel/{task_id}")
                            assert cancel.status_code < 300, (cancel.status_code, cancel.text)
                assert [e.id for e in seen] == list(range(1, len(seen) + 1))
                assert {e.kind for e in seen[:-1]} == {"progress"} and seen[-1].kind == "error"
                assert error_code(seen[-1]) == Code.CANCELLED

                # The server running a task is killed: the other one's stream ends WORKER_LOST.
                task_id = await start_task(client, url_a, {"steps": 1000, "delay": 0.05})
                seen = []
                killed = None
                async with client.stream("GET", f"{url_b}/callback/{task_id}") as stream:
                    assert stream.status_code == 200
                    async for event in sse_events(stream):
                        seen.append(event)
                        if len(seen) == 3:
                            server_a.kill()  # SIGKILL: no goodbye, its heartbeat just stops
                            server_a.wait(10)
                            killed = time.monotonic()
                assert killed is not None and time.monotonic() - killed < HEARTBEAT + 3  # the timeout, plus slack for a loaded machine
                assert seen[-1].kind == "error" and error_code(seen[-1]) == Code.WORKER_LOST
                assert "may or may not have taken effect" in seen[-1].data["errors"][0]["context"]["solution"]
                assert [e.id for e in seen] == list(range(1, len(seen) + 1))

                # A client that comes afterwards gets the final event straight away; Last-Event-ID resumes after it.
                async with client.stream("GET", f"{url_b}/callback/{task_id}", headers={"Last-Event-ID": "2"}) as stream:
                    replay = [event async for event in sse_events(stream)]
                assert [e.id for e in replay] == [e.id for e in seen[2:]] and replay[-1].kind == "error"
                assert error_code(replay[-1]) == Code.WORKER_LOST
