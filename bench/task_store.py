"""Task store: what an event costs in the memory store and in the Redis store (atdf_mcp.tasks).

    python -m bench.task_store [--quick] [--redis redis://HOST:PORT/DB]

Without --redis it starts its own `redis-server` (no persistence) on a free 127.0.0.1 port and stops it afterwards.
Three figures per store, medians of the repetitions:
- append: µs per `append` of a small progress event, one task, appended one after the other;
- one task: events/s from the first append to the moment a follower on another replica (another store instance on the
  same Redis; the same store for memory) receives the final event, N progress events then a result;
- 200 tasks: events/s for 200 tasks appending 20 events each at once, each followed by its own follower.
Information only, no target: the Redis figures include a loopback round trip per append (the Lua script).
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anyio

from atdf_mcp.tasks import MemoryTaskStore, TaskStore
from atdf_mcp.tasks.redis import RedisTaskStore

from ._common import stats

REPETITIONS, APPENDS, EVENTS, TASKS, TASK_EVENTS = 5, 2000, 2000, 200, 20
QUICK = 1, 100, 100, 20, 5
PROGRESS = {"progress": 1, "total": 100, "message": "step 1 of 100"}


@contextmanager
def redis_server() -> Iterator[str]:
    """A private redis-server on a free loopback port; its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise ModuleNotFoundError("redis-server is not installed", name="redis-server")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="atdf-bench-redis-") as folder:
        process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", folder],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 10
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
                        conn.sendall(b"PING\r\n")
                        if conn.recv(16).startswith(b"+PONG"):
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(10)


async def append_us(store: TaskStore, appends: int) -> float:
    """µs per sequential append of a progress event to one task."""
    task = await store.create("bench")
    started = time.perf_counter()
    for _ in range(appends):
        await store.append(task.task_id, "progress", PROGRESS)
    elapsed = time.perf_counter() - started
    await store.append(task.task_id, "result", {"content": []})
    return elapsed / appends * 1e6


async def one_task_events_per_s(writer: TaskStore, reader: TaskStore, events: int) -> float:
    """Events/s of one task, from the first append to the follower (on `reader`) holding the final event."""
    task = await writer.create("bench")
    received = 0
    started = time.perf_counter()

    async def follow() -> None:
        nonlocal received
        async for _event in reader.follow(task.task_id):
            received += 1

    async with anyio.create_task_group() as group:
        group.start_soon(follow)
        for _ in range(events):
            await writer.append(task.task_id, "progress", PROGRESS)
        await writer.append(task.task_id, "result", {"content": []})
    assert received == events + 1, received
    return (events + 1) / (time.perf_counter() - started)


async def many_tasks_events_per_s(writer: TaskStore, reader: TaskStore, tasks: int, per_task: int) -> float:
    """Events/s of `tasks` tasks at once, each with `per_task` events and its own follower on `reader`."""
    ids = [(await writer.create("bench")).task_id for _ in range(tasks)]
    received = 0
    started = time.perf_counter()

    async def follow(task_id: str) -> None:
        nonlocal received
        async for _event in reader.follow(task_id):
            received += 1

    async def work(task_id: str) -> None:
        for _ in range(per_task - 1):
            await writer.append(task_id, "progress", PROGRESS)
        await writer.append(task_id, "result", {"content": []})

    async with anyio.create_task_group() as group:
        for task_id in ids:
            group.start_soon(follow, task_id)
        for task_id in ids:
            group.start_soon(work, task_id)
    assert received == tasks * per_task, received
    return received / (time.perf_counter() - started)


async def measure(open_pair: Callable[[], tuple[TaskStore, TaskStore]], sizes: tuple[int, ...]) -> dict[str, float]:
    """One repetition of the three figures."""
    _, appends, events, tasks, per_task = sizes
    writer, reader = open_pair()
    async with writer.running():
        if reader is writer:
            return {"append_us": await append_us(writer, appends), "one_task_events_per_s": await one_task_events_per_s(writer, reader, events),
                    "tasks_events_per_s": await many_tasks_events_per_s(writer, reader, tasks, per_task)}
        async with reader.running():
            return {"append_us": await append_us(writer, appends), "one_task_events_per_s": await one_task_events_per_s(writer, reader, events),
                    "tasks_events_per_s": await many_tasks_events_per_s(writer, reader, tasks, per_task)}


def run(quick: bool = False, redis_url: str | None = None) -> dict[str, Any]:
    """Both stores; {store: {figure: {median, min, max, n}}}."""
    sizes = QUICK if quick else (REPETITIONS, APPENDS, EVENTS, TASKS, TASK_EVENTS)
    samples: dict[str, dict[str, list[float]]] = {"memory": {}, "redis": {}}
    with contextmanager(lambda: iter([redis_url]))() if redis_url else redis_server() as url:

        def memory_pair() -> tuple[TaskStore, TaskStore]:
            store = MemoryTaskStore(ttl=60)
            return store, store

        def redis_pair() -> tuple[TaskStore, TaskStore]:
            return RedisTaskStore(url, ttl=60, heartbeat_timeout=15), RedisTaskStore(url, ttl=60, heartbeat_timeout=15)

        for _ in range(sizes[0]):
            for name, pair in (("memory", memory_pair), ("redis", redis_pair)):
                for figure, value in anyio.run(measure, pair, sizes).items():
                    samples[name].setdefault(figure, []).append(value)
    results: dict[str, Any] = {"repetitions": sizes[0], "appends": sizes[1], "one_task_events": sizes[2] + 1,
                               "tasks": sizes[3], "events_per_task": sizes[4], "stores": {}}
    for name, figures in samples.items():
        results["stores"][name] = {figure: stats(values) for figure, values in figures.items()}
        row = results["stores"][name]
        print(f"{name:>6}: append {row['append_us']['median']:.1f} µs; one task {row['one_task_events_per_s']['median']:.0f} events/s; "
              f"{sizes[3]} tasks {row['tasks_events_per_s']['median']:.0f} events/s", file=sys.stderr)
    return results


def main(argv: list[str] | None = None) -> int:
    """Run and print."""
    parser = argparse.ArgumentParser(prog="python -m bench.task_store", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few events, one repetition (a smoke run)")
    parser.add_argument("--redis", metavar="URL", help="use this Redis instead of starting one (its data is not flushed)")
    args = parser.parse_args(argv)
    run(args.quick, args.redis)
    return 0


if __name__ == "__main__":
    sys.exit(main())
