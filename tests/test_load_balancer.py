"""Three stateless `atdf-mcp serve` replicas behind a real nginx (the shipped deploy/nginx.conf), sharing a real Redis:
50 MCP clients x 40 calls while one replica is killed; every call answers (a call cut in flight gets an error that says
to retry, and its retry succeeds), none hangs; a task started through nginx is followed through nginx; an edit of the
shared catalogue reaches every replica left."""

from __future__ import annotations

import contextlib
import json
import signal
import statistics
import time
from pathlib import Path

import anyio
import httpx
import pytest
from local_server import free_port, serve_over_http
from mcp import Client
from nginx_server import MISSING, NGINX, nginx

pytestmark = [pytest.mark.anyio, pytest.mark.skipif(NGINX is None, reason=MISSING)]

CLIENTS, CALLS, KILL_AFTER = 50, 40, 700
TOOLS = {"tools": [{"name": "work", "description": "Works for `ms` milliseconds and says which replica did it.",
                    "inputSchema": {"type": "object", "properties": {"ms": {"type": "integer", "minimum": 0, "maximum": 1000}}}}]}
HANDLERS = '''
import os

import anyio


async def work(ms: int = 20) -> dict:
    """Sleep `ms` ms on this replica; answer its process id."""
    await anyio.sleep(ms / 1000)
    return {"replica": os.getpid(), "ms": ms}
'''
EXTRA_TOOL = {"tools": [{"name": "added_later", "description": "A tool written while the replicas run.",
                         "inputSchema": {"type": "object", "properties": {}}}]}


def write_catalog(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


async def test_fifty_clients_through_nginx_survive_a_replica_killed_midway(tmp_path: Path, redis_url: str) -> None:
    catalog = write_catalog(tmp_path / "catalog")
    ports = [free_port() for _ in range(3)]
    args = ("--stateless", "--task-store", redis_url, "--allow-host", "*", "--shutdown-timeout", "2")
    with contextlib.ExitStack() as stack:
        replicas = [stack.enter_context(serve_over_http(catalog, *args, port=port)) for port in ports]
        lb = stack.enter_context(nginx(ports, free_port(), tmp_path / "nginx"))
        pids = {process.pid for process, _, _ in replicas}
        victim = replicas[1][0]
        latencies: list[float] = []
        cut: list[str] = []  # first attempts that failed: calls cut in flight
        failed: list[str] = []  # calls that failed again on their retry
        served: dict[int, int] = {}
        done = 0
        killed_at: float | None = None

        async def one_call(client: Client) -> None:
            nonlocal done
            for attempt in (1, 2):
                started = time.perf_counter()
                try:
                    with anyio.fail_after(30):  # a hang is a failure
                        result = await client.call_tool("work", {"ms": 20})
                except Exception as exc:  # every way a call can fail is counted and shown
                    (cut if attempt == 1 else failed).append(f"{type(exc).__name__}: {exc}"[:300])
                    continue
                if result.is_error:
                    (cut if attempt == 1 else failed).append(result.content[0].text[:300])
                    continue
                latencies.append(time.perf_counter() - started)
                replica = result.structured_content["replica"]
                served[replica] = served.get(replica, 0) + 1
                done += 1
                return

        async def one_client(i: int) -> None:
            """40 calls. A reply the killed replica cut mid-body (nginx had already passed its headers on) ends the
            client's transport: the client reconnects once and makes the interrupted call again."""
            finished = lost = 0
            while finished < CALLS:
                try:
                    async with Client(f"{lb}/mcp", mode="auto") as client:
                        while finished < CALLS:
                            await one_call(client)
                            finished += 1
                except Exception as exc:  # the SDK client's transport failed (in its task group)
                    lost += 1
                    (cut if lost == 1 else failed).append(f"transport lost: {type(exc).__name__}: {exc}"[:300])
                    if lost > 1:
                        return

        async def kill_midway() -> None:
            nonlocal killed_at
            while done < KILL_AFTER:
                await anyio.sleep(0.01)
            victim.send_signal(signal.SIGKILL)
            killed_at = time.perf_counter()

        started = time.perf_counter()
        with anyio.fail_after(300):
            async with anyio.create_task_group() as group:
                group.start_soon(kill_midway)
                for i in range(CLIENTS):
                    group.start_soon(one_client, i)
        took = time.perf_counter() - started

        # A task started through nginx runs on some replica and is followed through nginx (Redis holds it).
        async with httpx.AsyncClient(base_url=lb, timeout=30) as http:
            task = (await http.post("/call_tool/work", json={"ms": 50})).json()["task_id"]
            async with http.stream("GET", f"/callback/{task}") as events:
                kinds = [line async for line in events.aiter_lines() if line.startswith("event:")]
        assert kinds == ["event: result"]

        # An edit of the shared catalogue reaches every replica still running (each watches the directory).
        (catalog / "later.json").write_text(json.dumps(EXTRA_TOOL), encoding="utf-8")
        async with httpx.AsyncClient(timeout=10) as http:
            for process, url, _ in replicas:
                if process is victim:
                    continue
                with anyio.fail_after(30):
                    while "added_later" not in {t["name"] for t in (await http.get(f"{url}/get_tool")).json()}:
                        await anyio.sleep(0.1)

    ordered = sorted(latencies)
    figures = {"calls": CLIENTS * CALLS, "answered": len(latencies), "cut_in_flight": len(cut), "failed_after_retry": len(failed),
               "p50_ms": round(statistics.median(ordered) * 1000, 1), "p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1000, 1),
               "seconds": round(took, 1), "calls_per_second": round(len(latencies) / took),
               "served_by_replica": sorted(served.values(), reverse=True)}
    print("load balancer:", json.dumps(figures), "cut:", cut[:3])
    assert failed == [], failed
    assert len(latencies) == CLIENTS * CALLS
    assert all("retry" in text.lower() or "503" in text or text.startswith("transport lost") for text in cut), cut
    assert set(served) <= pids and len(served) == 3  # all three served before the kill
    assert killed_at is not None
