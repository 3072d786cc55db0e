"""Tasks through the Agent Tool Service API: how fast POST /call_tool answers, a task's whole round trip, events/s on /callback.

    python -m bench.tasks [--quick]

One `atdf-mcp serve DIR --transport http` subprocess (uvicorn, the in-memory task store) on a free 127.0.0.1 port; one
client process with httpx. Three measurements:
- POST /call_tool/ping latency: sequential calls of an instant tool, each answered `{"task_id"}` (p50, p99);
- end-to-end task latency: POST /call_tool/ping, then GET /callback/{id} until its `result` event is read (p50, p99);
- events/s through /callback: a chatty handler reports progress EVENTS times (yielding to the loop between reports),
  the client reads every SSE event until the result; one stream alone, and STREAMS such tasks followed at once.
Information only (the issue sets no target); the client shares the machine's cores with the server.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx

from bench._common import stats
from bench.http_throughput import cpu_seconds, free_port, started

CALLS, QUICK_CALLS = 500, 30
EVENTS, QUICK_EVENTS = 20_000, 500
STREAMS = 10
REPEATS, QUICK_REPEATS = 5, 1
TOOLS = {"tools": [
    {"name": "ping", "description": "Answer pong.", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "chatty", "description": "Report progress n times, then answer.",
     "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}},
]}
HANDLERS = '''
import anyio


async def ping() -> str:
    return "pong"


async def chatty(n: int, ctx=None) -> dict:
    for i in range(1, n + 1):
        await ctx.report_progress(i, n)
        await anyio.sleep(0)
    return {"n": n}
'''


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


async def follow(http: httpx.AsyncClient, task_id: str) -> int:
    """Read a task's SSE stream to its end; return how many events it carried (the last one must be the result)."""
    count, last = 0, ""
    async with http.stream("GET", f"/callback/{task_id}") as response:
        response.raise_for_status()
        async for line in response.aiter_lines():
            if line.startswith("event:"):
                count += 1
                last = line[6:].strip()
    if last != "result":
        raise RuntimeError(f"task {task_id} ended with {last!r}, not a result")
    return count


async def start(http: httpx.AsyncClient, tool: str, arguments: dict[str, Any]) -> str:
    response = await http.post(f"/call_tool/{tool}", json=arguments)
    response.raise_for_status()
    return response.json()["task_id"]


def _cpu_us(pid: int, since: float | None, count: int) -> float | None:
    """The server's CPU µs per unit of work since `since` (None where /proc is not available)."""
    now = cpu_seconds(pid)
    return round((now - since) * 1e6 / count, 1) if now is not None and since is not None and count else None


async def measure(base: str, pid: int, calls: int, events: int, repeats: int) -> dict[str, Any]:
    """The three measurements against a running server (and the server's CPU time per unit, which load moves less)."""
    cpu: dict[str, list[float]] = {"post_us": [], "task_us": [], "event_us": []}
    post_ms: list[float] = []
    round_trip_ms: list[float] = []
    single: list[float] = []
    parallel: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=httpx.Limits(max_connections=None)) as http:
        for _ in range(5):  # warm-up: connections, the handler module, the first task
            await follow(http, await start(http, "ping", {}))
        for _ in range(repeats):
            since = cpu_seconds(pid)
            for _ in range(calls):
                began = time.perf_counter()
                await start(http, "ping", {})
                post_ms.append((time.perf_counter() - began) * 1000)
            cpu["post_us"].append(_cpu_us(pid, since, calls) or 0)
            since = cpu_seconds(pid)
            for _ in range(calls):
                began = time.perf_counter()
                await follow(http, await start(http, "ping", {}))
                round_trip_ms.append((time.perf_counter() - began) * 1000)
            cpu["task_us"].append(_cpu_us(pid, since, calls) or 0)
            since = cpu_seconds(pid)
            began = time.perf_counter()
            got = await follow(http, await start(http, "chatty", {"n": events}))
            single.append(got / (time.perf_counter() - began))
            cpu["event_us"].append(_cpu_us(pid, since, got) or 0)
            counts: list[int] = []

            async def one(counts: list[int]) -> None:
                counts.append(await follow(http, await start(http, "chatty", {"n": events // STREAMS})))

            began = time.perf_counter()
            async with anyio.create_task_group() as group:
                for _ in range(STREAMS):
                    group.start_soon(one, counts)
            parallel.append(sum(counts) / (time.perf_counter() - began))
    return {
        "post_ms": {"p50": round(statistics.median(post_ms), 2), "p99": round(percentile(post_ms, 99), 2), "n": len(post_ms)},
        "round_trip_ms": {"p50": round(statistics.median(round_trip_ms), 2), "p99": round(percentile(round_trip_ms, 99), 2),
                          "n": len(round_trip_ms)},
        "events_per_s_one_stream": stats(single, 0),
        f"events_per_s_{STREAMS}_streams": stats(parallel, 0),
        "server_cpu": {name: stats(values) for name, values in cpu.items() if any(values)},
    }


def run(quick: bool = False) -> dict[str, Any]:
    """Serve the two tools over HTTP, measure, and return the figures (with the table's rows under "ratios")."""
    calls, events, repeats = (QUICK_CALLS, QUICK_EVENTS, QUICK_REPEATS) if quick else (CALLS, EVENTS, REPEATS)
    with tempfile.TemporaryDirectory(prefix="atdf-bench-tasks-") as tmp:
        scratch = Path(tmp)
        folder = scratch / "catalog"
        folder.mkdir()
        (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
        (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
        port = free_port()
        command = [sys.executable, "-m", "atdf_mcp", "serve", str(folder), "--transport", "http", "--port", str(port), "--no-watch"]
        with started(command, port, scratch / "serve.log") as server:
            result = anyio.run(measure, f"http://127.0.0.1:{port}", server.pid, calls, events, repeats)
    post, trip = result["post_ms"], result["round_trip_ms"]
    one, many = result["events_per_s_one_stream"], result[f"events_per_s_{STREAMS}_streams"]
    cpu = result["server_cpu"]
    result["ratios"] = [
        {"measurement": "POST /call_tool/ping → {task_id}, sequential: p50 (p99)", "atdf": f"{post['p50']:.2f} ms ({post['p99']:.2f})"},
        {"measurement": "task round trip: POST /call_tool + GET /callback to the result: p50 (p99)",
         "atdf": f"{trip['p50']:.2f} ms ({trip['p99']:.2f})"},
        {"measurement": f"progress events/s through /callback, one chatty task ({events:,} events)", "atdf": f"{one['median']:,.0f}/s"},
        {"measurement": f"progress events/s through /callback, {STREAMS} chatty tasks at once", "atdf": f"{many['median']:,.0f}/s"},
        *({"measurement": f"server CPU per {what}", "atdf": f"{cpu[key]['median']:,.0f} µs"}
          for key, what in (("post_us", "POST /call_tool"), ("task_us", "task round trip (POST + /callback)"),
                            ("event_us", "progress event (report_progress → store → SSE)")) if key in cpu),
    ]
    result.update({"calls": calls, "events": events, "repeats": repeats})
    return result


def main(argv: list[str] | None = None) -> int:
    """Run from the command line and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    print(json.dumps(run(quick=args.quick), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
