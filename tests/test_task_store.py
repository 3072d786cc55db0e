"""The task store contract, passed by the memory store and the Redis store alike; then what only Redis does: replicas
sharing tasks, WORKER_LOST when a replica stops beating, and a clear error when Redis cannot be reached."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
import redis
from local_server import free_port

from atdf_mcp.codes import Code
from atdf_mcp.envelope import build_entry, envelope
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.tasks import MemoryTaskStore, TaskEvent, TaskOptions, TaskStore, TaskStoreUnavailable
from atdf_mcp.tasks.redis import RedisTaskStore, public_url

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parent.parent
RESULT = {"content": [{"type": "text", "text": "done"}], "structuredContent": {"ok": True}}
Open = Callable[..., AbstractAsyncContextManager[TaskStore]]


def failure(code: str) -> dict[str, Any]:
    """An ATDF envelope with one entry of `code`."""
    return envelope([build_entry(code, "It failed.", "report")])


async def events_of(store: TaskStore, task_id: str, after: int = 0) -> list[TaskEvent]:
    """Every event `follow` yields (it must end by itself: the caller's fail_after guards against a hang)."""
    return [event async for event in store.follow(task_id, after)]


@pytest.fixture(params=["memory", "redis"])
def open_store(request: pytest.FixtureRequest) -> Open:
    """`async with open_store(ttl=…, heartbeat=…) as store`: a store of the parametrized kind, in its running() block."""
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None

    @asynccontextmanager
    async def open_one(*, ttl: float = 60.0, heartbeat: float = 5.0) -> AsyncIterator[TaskStore]:
        store: TaskStore = MemoryTaskStore(ttl=ttl) if url is None else RedisTaskStore(url, ttl=ttl, heartbeat_timeout=heartbeat)
        async with store.running():
            yield store

    return open_one


# -- the contract, on both stores -------------------------------------------------------------------------------------


async def test_a_new_task_is_working_and_known_by_its_id(open_store: Open) -> None:
    """create() gives a working task of this replica, with no events, that get() finds."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report", toolset="sales")
            assert (task.tool, task.status, task.toolset, task.replica, task.events) == ("report", "working", "sales", store.replica, 0)
            assert not task.finished
            again = await store.get(task.task_id)
            assert again is not None
            assert (again.task_id, again.status, again.toolset, again.replica) == (task.task_id, "working", "sales", store.replica)
            assert (await store.create("report")).task_id != task.task_id


async def test_events_are_numbered_from_one_and_nothing_follows_the_final_one(open_store: Open) -> None:
    """Events are numbered 1, 2, 3; the result completes the task; what comes after it is dropped."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report")
            assert await store.append(task.task_id, "progress", {"progress": 1, "total": 2}) == 1
            assert await store.append(task.task_id, "log", {"level": "info", "logger": "report", "data": "half way"}) == 2
            assert await store.append(task.task_id, "result", RESULT) == 3
            assert await store.append(task.task_id, "progress", {"progress": 2}) is None
            assert await store.append(task.task_id, "error", failure(Code.INTERNAL_ERROR)) is None
            info = await store.get(task.task_id)
            assert info is not None and (info.status, info.events, info.finished) == ("completed", 3, True)
            assert info.updated_at >= info.created_at
            assert [(e.id, e.kind, e.final) for e in await events_of(store, task.task_id)] == [
                (1, "progress", False), (2, "log", False), (3, "result", True)]
            assert (await events_of(store, task.task_id))[2].data == RESULT


@pytest.mark.parametrize(("code", "status"), [(Code.CANCELLED, "cancelled"), (Code.TIMEOUT, "failed"), (Code.WORKER_LOST, "failed")])
async def test_a_final_error_leaves_the_status_its_code_says(open_store: Open, code: str, status: str) -> None:
    """An error event ends the task cancelled (a CANCELLED envelope) or failed (any other)."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report")
            assert await store.append(task.task_id, "error", failure(code)) == 1
            info = await store.get(task.task_id)
            assert info is not None and info.status == status
            [event] = await events_of(store, task.task_id)
            assert (event.kind, event.data["errors"][0]["code"]) == ("error", code)


async def test_follow_resumes_after_the_event_it_is_given(open_store: Open) -> None:
    """follow(after=N) replays from N+1 (a Last-Event-ID reconnect); after the final event it yields nothing and ends."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report")
            for step in range(1, 5):
                await store.append(task.task_id, "progress", {"progress": step})
            await store.append(task.task_id, "result", RESULT)
            assert [e.id for e in await events_of(store, task.task_id, after=2)] == [3, 4, 5]
            assert [e.id for e in await events_of(store, task.task_id, after=-7)] == [1, 2, 3, 4, 5]
            assert await events_of(store, task.task_id, after=5) == []
            assert await events_of(store, task.task_id, after=99) == []


async def test_follow_waits_for_events_appended_later_until_the_final_one(open_store: Open) -> None:
    """A follower that starts before the events gets each one as it comes, then ends with the final event."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report")
            await store.append(task.task_id, "progress", {"progress": 0})
            seen: list[TaskEvent] = []

            async def watch() -> None:
                seen.extend(await events_of(store, task.task_id))

            async with anyio.create_task_group() as group:
                group.start_soon(watch)
                await anyio.sleep(0.2)
                assert [e.id for e in seen] == []  # still waiting: events_of collects until the end
                for step in (1, 2):
                    await store.append(task.task_id, "progress", {"progress": step})
                    await anyio.sleep(0.05)
                await store.append(task.task_id, "error", failure(Code.CANCELLED))
            assert [(e.id, e.kind) for e in seen] == [(1, "progress"), (2, "progress"), (3, "progress"), (4, "error")]
            assert [e.data.get("progress") for e in seen[:3]] == [0, 1, 2]


async def test_an_unknown_task_is_none_everywhere(open_store: Open) -> None:
    """An unknown id: get and cancel give None, append drops the event, follow yields nothing, cancelled returns at once."""
    with anyio.fail_after(10):
        async with open_store() as store:
            assert await store.get("nope") is None
            assert await store.append("nope", "progress", {"progress": 1}) is None
            assert await events_of(store, "nope") == []
            assert await store.cancel("nope") is None
            await store.cancelled("nope")
            assert await store.get("nope") is None  # append did not create it


async def test_cancel_reaches_the_runner_waiting_on_cancelled(open_store: Open) -> None:
    """cancel() wakes cancelled() and returns the task as it is; the runner then writes the CANCELLED envelope."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report")
            reached = anyio.Event()

            async def runner() -> None:
                await store.cancelled(task.task_id)
                reached.set()
                await store.append(task.task_id, "error", failure(Code.CANCELLED))

            async with anyio.create_task_group() as group:
                group.start_soon(runner)
                await anyio.sleep(0.1)
                assert not reached.is_set()
                info = await store.cancel(task.task_id)
                assert info is not None and info.status == "working"
                await reached.wait()
            info = await store.get(task.task_id)
            assert info is not None and info.status == "cancelled"
            finished = await store.cancel(task.task_id)  # a finished task stays as it is
            assert finished is not None and finished.status == "cancelled" and finished.events == 1


async def test_a_cancel_asked_before_the_runner_waits_is_not_missed(open_store: Open) -> None:
    """cancelled() returns at once when the cancel came first."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report")
            await store.cancel(task.task_id)
            await store.cancelled(task.task_id)


async def test_racing_final_events_leave_exactly_one(open_store: Open) -> None:
    """Twenty finals appended at once: one is kept, numbered after the progress, and the others are dropped."""
    with anyio.fail_after(10):
        async with open_store() as store:
            task = await store.create("report")
            await store.append(task.task_id, "progress", {"progress": 1})
            numbers: list[int | None] = []

            async def finish(index: int) -> None:
                kind, data = ("result", RESULT) if index % 2 else ("error", failure(Code.WORKER_LOST))
                numbers.append(await store.append(task.task_id, kind, data))

            async with anyio.create_task_group() as group:
                for index in range(20):
                    group.start_soon(finish, index)
            assert sorted(n for n in numbers if n is not None) == [2] and numbers.count(None) == 19
            events = await events_of(store, task.task_id)
            assert [e.id for e in events] == [1, 2] and [e.final for e in events] == [False, True]


async def test_a_finished_task_is_forgotten_after_its_ttl_but_a_working_one_is_kept(open_store: Open) -> None:
    """After ttl a finished task is unknown (get None, follow empty); a working task outlives the ttl."""
    with anyio.fail_after(10):
        async with open_store(ttl=0.3) as store:
            done, busy = await store.create("report"), await store.create("report")
            await store.append(done.task_id, "result", RESULT)
            await store.append(busy.task_id, "progress", {"progress": 1})
            await anyio.sleep(0.8)
            assert await store.get(done.task_id) is None
            assert await events_of(store, done.task_id) == []
            kept = await store.get(busy.task_id)
            assert kept is not None and (kept.status, kept.events) == ("working", 1)
            assert await store.append(busy.task_id, "result", RESULT) == 2


async def test_200_concurrent_tasks_lose_no_event(open_store: Open) -> None:
    """200 tasks, each followed from its start, each appending 20 events then a result: every follower sees 1..21 in order."""
    with anyio.fail_after(60):
        async with open_store(heartbeat=30.0) as store:
            tasks = [await store.create("report") for _ in range(200)]
            seen: dict[str, list[int]] = {}

            async def watch(task_id: str) -> None:
                seen[task_id] = [e.id for e in await events_of(store, task_id)]

            async def work(task_id: str) -> None:
                for step in range(20):
                    assert await store.append(task_id, "progress", {"progress": step}) == step + 1
                    await anyio.sleep(0)
                assert await store.append(task_id, "result", RESULT) == 21

            async with anyio.create_task_group() as group:
                for task in tasks:
                    group.start_soon(watch, task.task_id)
                for task in tasks:
                    group.start_soon(work, task.task_id)
            assert len(seen) == 200
            assert all(ids == list(range(1, 22)) for ids in seen.values()), {k: v for k, v in seen.items() if v != list(range(1, 22))}


# -- Redis only: replicas, heartbeats, an unreachable server -------------------------------------------------------------


def lost_envelope(event: TaskEvent) -> dict[str, Any]:
    """The WORKER_LOST envelope of a final error event, schema-checked."""
    assert (event.kind, event.final) == ("error", True), event
    assert SCHEMAS["error"].violations(event.data) == []
    [entry] = event.data["errors"]
    assert entry["code"] == Code.WORKER_LOST and entry["context"]["retryable"] is True
    assert "may or may not have taken effect" in entry["context"]["solution"]
    return event.data


async def test_two_replicas_share_a_task_one_runs_it_the_other_follows_and_cancels(redis_url: str) -> None:
    """Replica B follows A's task with its numbers and cancels it; the cancel reaches A, whose CANCELLED ends B's stream."""
    with anyio.fail_after(15):
        a = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=5)
        b = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=5)
        assert a.replica != b.replica
        async with a.running(), b.running():
            task = await a.create("report", toolset="sales")
            seen_by_b: list[TaskEvent] = []

            async def run_on_a() -> None:
                async with anyio.create_task_group() as inner:
                    async def steps() -> None:
                        for step in range(1000):
                            await a.append(task.task_id, "progress", {"progress": step})
                            await anyio.sleep(0.05)

                    inner.start_soon(steps)
                    await a.cancelled(task.task_id)
                    inner.cancel_scope.cancel()
                await a.append(task.task_id, "error", failure(Code.CANCELLED))

            async def follow_on_b() -> None:
                async for event in b.follow(task.task_id):
                    seen_by_b.append(event)

            async with anyio.create_task_group() as group:
                group.start_soon(run_on_a)
                group.start_soon(follow_on_b)
                while len(seen_by_b) < 3:
                    await anyio.sleep(0.02)
                on_b = await b.get(task.task_id)
                assert on_b is not None and (on_b.replica, on_b.toolset, on_b.status) == (a.replica, "sales", "working")
                assert (await b.cancel(task.task_id)) is not None
            assert [e.id for e in seen_by_b] == list(range(1, len(seen_by_b) + 1))
            assert seen_by_b[-1].kind == "error" and seen_by_b[-1].data["errors"][0]["code"] == Code.CANCELLED
            info = await a.get(task.task_id)
            assert info is not None and info.status == "cancelled" and info.events == len(seen_by_b)


async def test_a_replica_that_stops_beating_loses_its_tasks_with_worker_lost(redis_url: str) -> None:
    """A replica leaves its running() with a task working: B's follower ends it WORKER_LOST within about the heartbeat
    timeout, get says failed, and a late result from A is dropped."""
    with anyio.fail_after(15):
        a = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=1)
        b = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=1)
        async with b.running():
            async with a.running():
                task = await a.create("report")
                await a.append(task.task_id, "progress", {"progress": 1})
            stopped = time.monotonic()
            events = await events_of(b, task.task_id)
            assert time.monotonic() - stopped < 1 + 2  # the heartbeat timeout, plus slack for a loaded machine
            assert [(e.id, e.kind) for e in events] == [(1, "progress"), (2, "error")]
            lost_envelope(events[-1])
            info = await b.get(task.task_id)
            assert info is not None and info.status == "failed"
            assert await a.append(task.task_id, "result", RESULT) is None
            assert [e.id for e in await events_of(a, task.task_id)] == [1, 2]
        await a.aclose()


async def test_a_live_replica_never_loses_its_tasks_to_a_follower(redis_url: str) -> None:
    """A task of a beating replica, quiet for several heartbeat timeouts, still ends with its own result."""
    with anyio.fail_after(15):
        a = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=0.6)
        b = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=0.6)
        async with a.running(), b.running():
            task = await a.create("report")

            async def finish_late() -> None:
                await anyio.sleep(2.5)
                assert await a.append(task.task_id, "result", RESULT) == 1

            async with anyio.create_task_group() as group:
                group.start_soon(finish_late)
                events = await events_of(b, task.task_id)
            assert [(e.id, e.kind) for e in events] == [(1, "result")]


KILLED_REPLICA = '''
import sys
import anyio
from atdf_mcp.tasks.redis import RedisTaskStore

async def main() -> None:
    store = RedisTaskStore(sys.argv[1], ttl=60, heartbeat_timeout=1)
    async with store.running():
        task = await store.create("report")
        await store.append(task.task_id, "progress", {"progress": 1, "total": 10})
        print(task.task_id, flush=True)
        await anyio.sleep_forever()

anyio.run(main)
'''


async def test_a_killed_replica_loses_its_tasks_even_when_nobody_follows_them(redis_url: str, tmp_path: Path) -> None:
    """SIGKILL the process running a task: the sweep of a live replica ends it WORKER_LOST, with no follower or get."""
    script = tmp_path / "replica.py"
    script.write_text(textwrap.dedent(KILLED_REPLICA), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen([sys.executable, str(script), redis_url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        task_id = (await anyio.to_thread.run_sync(process.stdout.readline)).decode().strip()  # type: ignore[union-attr]
        assert task_id, process.stderr.read().decode() if process.stderr else ""  # type: ignore[union-attr]
        process.send_signal(signal.SIGKILL)
        process.wait(5)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(5)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    watcher = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=1)
    raw = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        with anyio.fail_after(15):
            async with watcher.running():
                killed = time.monotonic()
                while raw.hget(f"atdf:task:{task_id}", "status") == "working":  # no get(): the sweep alone must notice
                    await anyio.sleep(0.05)
                assert time.monotonic() - killed < 1 + 2
                events = await events_of(watcher, task_id)
        assert [(e.id, e.kind) for e in events] == [(1, "progress"), (2, "error")]
        lost_envelope(events[-1])
        assert raw.hlen("atdf:tasks:working") == 0
        assert 0 < raw.pttl(f"atdf:task:{task_id}") <= 60_000 and 0 < raw.pttl(f"atdf:task:{task_id}:events") <= 60_000
    finally:
        raw.close()


async def test_the_keys_of_a_finished_task_expire_and_a_working_task_has_none_that_expire(redis_url: str) -> None:
    """A working task's keys have no expiry; the final event gives each of them the ttl."""
    with anyio.fail_after(10):
        store = RedisTaskStore(redis_url, ttl=30, heartbeat_timeout=5)
        raw = redis.Redis.from_url(redis_url, decode_responses=True)
        try:
            async with store.running():
                task = await store.create("report")
                await store.append(task.task_id, "progress", {"progress": 1})
                keys = [f"atdf:task:{task.task_id}", f"atdf:task:{task.task_id}:events"]
                assert [raw.pttl(k) for k in keys] == [-1, -1]
                assert raw.hget("atdf:tasks:working", task.task_id) == store.replica
                assert 0 < raw.pttl(f"atdf:replica:{store.replica}") <= 5000
                await store.append(task.task_id, "result", RESULT)
                assert all(25_000 < raw.pttl(k) <= 30_000 for k in keys)
                assert raw.hget("atdf:tasks:working", task.task_id) is None
            assert raw.exists(f"atdf:replica:{store.replica}") == 0  # a replica that stops says so at once
        finally:
            raw.close()


async def test_a_final_event_redis_refused_is_written_once_redis_accepts_writes_again(redis_url: str) -> None:
    """Redis refuses writes (out of memory) when the runner appends its result: append raises TaskStoreUnavailable, and
    the store writes the result itself once Redis accepts writes again, so the follower still gets it."""
    with anyio.fail_after(15):
        store = RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=0.6)
        raw = redis.Redis.from_url(redis_url, decode_responses=True)
        try:
            async with store.running():
                task = await store.create("report")
                raw.config_set("maxmemory-policy", "noeviction")
                raw.config_set("maxmemory", "1")
                try:
                    with pytest.raises(TaskStoreUnavailable, match="OutOfMemoryError"):
                        await store.append(task.task_id, "result", RESULT)
                finally:
                    raw.config_set("maxmemory", "0")
                events = await events_of(store, task.task_id)
                assert [(e.id, e.kind, e.data) for e in events] == [(1, "result", RESULT)]
        finally:
            raw.close()


async def test_an_unreachable_redis_raises_task_store_unavailable_without_the_password() -> None:
    """Nothing listens: every call raises TaskStoreUnavailable naming the URL without its password; running() still runs."""
    url = f"redis://admin:hunter2@127.0.0.1:{free_port()}/3"
    store = RedisTaskStore(url, ttl=60, heartbeat_timeout=3)
    assert store.where == f"redis://admin@127.0.0.1:{url.rsplit(':', 1)[1]}"
    with anyio.fail_after(15):
        async with store.running():  # connects lazily: the server starts, and the routes answer 503
            for call in (store.create("report"), store.get("x"), store.append("x", "progress", {}), store.cancel("x"), events_of(store, "x")):
                with pytest.raises(TaskStoreUnavailable) as caught:
                    await call
                message = str(caught.value)
                assert store.where in message and "hunter2" not in message and "unavailable" in message
                assert caught.value.where == store.where


def test_public_url_drops_the_password_and_the_query() -> None:
    """The store's URL as messages show it."""
    assert public_url("redis://:pw@host:6379/0") == "redis://host:6379/0"
    assert public_url("rediss://user:pw@[::1]:6380/2?password=pw") == "rediss://user@[::1]:6380/2"
    assert public_url("redis://localhost") == "redis://localhost"


def test_task_options_open_a_redis_store_for_a_redis_url() -> None:
    """--task-store redis://… gives a RedisTaskStore with the ttl and heartbeat of the options (no connection yet)."""
    store = TaskOptions(store="redis://127.0.0.1:1/0", ttl=12.0, heartbeat_timeout=3.0).open_store()
    assert isinstance(store, RedisTaskStore) and (store.ttl, store.heartbeat_timeout) == (12.0, 3.0)
