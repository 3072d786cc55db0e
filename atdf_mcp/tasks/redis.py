"""Tasks in Redis, shared by replicas: any replica answers `follow`, `get` and `cancel` for a task another one runs.

    store = RedisTaskStore("redis://127.0.0.1:6379/0", ttl=3600, heartbeat_timeout=15)
    async with store.running():                 # heartbeats, the cancel listener, the sweep of dead replicas' tasks
        task = await store.create("build_report")
        await store.append(task.task_id, "progress", {"progress": 1})
        async for event in store.follow(task.task_id): ...

The keys (one Redis, no cluster):
- `atdf:task:ID`, a hash: tool, toolset, status, replica, created_at, updated_at, `events` (the counter that numbers
  events 1, 2, 3…), `received` (the arguments as a failure echoes them, JSON) and `cancel` (set when someone asks);
- `atdf:task:ID:events`, a stream whose entry ids are `0-N` for event N, each entry holding `n`, `kind` and `data` (JSON);
- `atdf:tasks:working`, a hash task id → the replica running it; `atdf:replica:NAME`, that replica's heartbeat, a key
  refreshed every heartbeat_timeout/3 that expires after heartbeat_timeout;
- the channels `atdf:tasks:events` (a task id: it has a new event) and `atdf:tasks:cancel` (a task id: cancel it), which
  one pub/sub connection per replica listens to; followers wake on them and read the stream with short XREADs, so a
  thousand followers do not hold a thousand connections (without the listener they fall back to XREAD BLOCK).

One Lua script appends every event, so numbering and the single final event hold under races: it drops what comes
after the final event. A finished task's keys expire after `ttl`; a working task's keys never expire while it works.
A working task whose replica's heartbeat is gone ends with a WORKER_LOST error, written by whoever notices first
(a follower on its read timeout, `get`, or any replica's sweep), again through the script, which re-checks the
heartbeat so a live replica's task is never lost.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any

import anyio
import anyio.abc
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import RedisError

from ..codes import Code
from ..envelope import build_entry, envelope
from ..l10n import gettext as _
from .store import FINAL_KINDS, TaskEvent, TaskInfo, TaskStatus, TaskStoreUnavailable, final_status, new_task_id, public_url

__all__ = ["RedisTaskStore", "public_url"]

_log = logging.getLogger("atdf_mcp.tasks")
_PREFIX = "atdf:"
_WORKING = f"{_PREFIX}tasks:working"
_CANCEL_CHANNEL = f"{_PREFIX}tasks:cancel"
_EVENTS_CHANNEL = f"{_PREFIX}tasks:events"
_MAX_CONNECTIONS = 256  # per replica; followers hold one only while they read, so more wait their turn (BlockingConnectionPool)
_HEARTBEAT = f"{_PREFIX}replica:"

# KEYS: the task's hash, its stream, the working hash. ARGV: task id, kind, data, final ("1"/"0"), final status, now,
# ttl in ms, a heartbeat key prefix (when given, the event is written only if the owner's heartbeat is gone), and the
# channel that tells the followers of every replica that the task has a new event.
_APPEND = """
local status = redis.call('HGET', KEYS[1], 'status')
if not status then
  redis.call('HDEL', KEYS[3], ARGV[1])
  return 0
end
if status ~= 'working' then return 0 end
if ARGV[8] ~= '' then
  local replica = redis.call('HGET', KEYS[1], 'replica')
  if redis.call('EXISTS', ARGV[8] .. replica) == 1 then return 0 end
end
local n = redis.call('HINCRBY', KEYS[1], 'events', 1)
redis.call('XADD', KEYS[2], '0-' .. n, 'n', n, 'kind', ARGV[2], 'data', ARGV[3])
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[1], 'status', ARGV[5], 'updated_at', ARGV[6])
  redis.call('HDEL', KEYS[3], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[7])
  redis.call('PEXPIRE', KEYS[2], ARGV[7])
else
  redis.call('HSET', KEYS[1], 'updated_at', ARGV[6])
end
redis.call('PUBLISH', ARGV[9], ARGV[1])
return n
"""

# KEYS: the task's hash. ARGV: the channel, the task id. Flags a working task and tells the replicas; 1 when it did.
_CANCEL = """
if redis.call('HGET', KEYS[1], 'status') ~= 'working' then return 0 end
redis.call('HSET', KEYS[1], 'cancel', '1')
redis.call('PUBLISH', ARGV[1], ARGV[2])
return 1
"""


def _received(text: str | None) -> dict[str, Any] | None:
    """A task's stored `received` (None when it has none, or a replica of another version wrote something else)."""
    try:
        value = json.loads(text) if text else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _task_key(task_id: str) -> str:
    return f"{_PREFIX}task:{task_id}"


def _events_key(task_id: str) -> str:
    return f"{_PREFIX}task:{task_id}:events"


class RedisTaskStore:
    """Tasks in Redis (`redis://HOST:PORT/DB`), for replicas behind one address; connects on first use."""

    def __init__(self, url: str, *, ttl: float, heartbeat_timeout: float, replica: str | None = None) -> None:
        self.url, self.ttl, self.heartbeat_timeout = url, ttl, heartbeat_timeout
        self.replica = replica or f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.where = public_url(url)
        self._ttl_ms = max(1, round(ttl * 1000))
        self._beat_every = heartbeat_timeout / 3
        self._block = min(max(self._beat_every, 0.05), 5.0)  # a follower's longest wait before it checks the owner is alive
        self._client: aioredis.Redis | None = None
        self._append_script: Any = None
        self._cancel_script: Any = None
        self._waiters: dict[str, set[anyio.Event]] = {}  # task id → the cancelled() calls waiting here
        self._changes: dict[str, tuple[anyio.Event, int]] = {}  # task id → (set on its next event, how many follow here)
        self._pending: dict[str, tuple[str, dict[str, Any]]] = {}  # task id → its final event Redis refused, written at the next beat
        self._listening = False  # the channels are subscribed: followers and cancel waiters need not poll
        self._beating = 0  # how many running() blocks are open

    # -- the TaskStore interface -----------------------------------------------------------------------------------

    async def create(self, tool: str, *, toolset: str | None = None, received: dict[str, Any] | None = None) -> TaskInfo:
        """A new working task of `tool`, run by this replica; `received` is kept with it for whichever replica answers."""
        now = time.time()
        info = TaskInfo(new_task_id(), tool, "working", now, now, self.replica, toolset, received=received)
        fields = {"tool": tool, "status": "working", "created_at": repr(now), "updated_at": repr(now), "replica": self.replica, "events": 0}
        if toolset is not None:
            fields["toolset"] = toolset
        if received is not None:
            fields["received"] = json.dumps(received, ensure_ascii=False, separators=(",", ":"), default=str)
        with self._unavailable():
            async with self._redis().pipeline(transaction=True) as pipe:
                pipe.hset(_task_key(info.task_id), mapping=fields)
                pipe.hset(_WORKING, info.task_id, self.replica)
                await pipe.execute()
        return info

    async def get(self, task_id: str) -> TaskInfo | None:
        """The task, or None; a working task whose replica stopped beating is ended WORKER_LOST first."""
        with self._unavailable():
            info = await self._read(task_id)
            if info is not None and not info.finished and not self._alive(info.replica) and not await self._redis().exists(_HEARTBEAT + info.replica):
                await self._lose(task_id, info.tool)
                info = await self._read(task_id)
        return info

    async def append(self, task_id: str, kind: str, data: dict[str, Any]) -> int | None:
        """Add an event; its number, or None when the task is unknown or already finished (the event is dropped).

        A final event Redis refuses raises TaskStoreUnavailable and is kept: the heartbeat writes it once Redis answers
        again, so the task still ends (and its followers with it) though its runner has moved on."""
        try:
            with self._unavailable():
                number = await self._write(task_id, kind, data, only_if_lost=False)
        except TaskStoreUnavailable:
            if kind in FINAL_KINDS:
                self._pending[task_id] = (kind, data)
            raise
        return number or None

    async def follow(self, task_id: str, after: int = 0) -> AsyncIterator[TaskEvent]:
        """The task's events above `after`, then each new one as it comes, until the final one (nothing when unknown)."""
        position = max(after, 0)
        info = await self.get(task_id)
        if info is None or (info.finished and position >= info.events):
            return
        event, count = self._changes.get(task_id, (anyio.Event(), 0))
        self._changes[task_id] = (event, count + 1)
        try:
            while True:
                listening = self._listening
                changed = self._changes[task_id][0]  # taken before reading: an event appended in between still wakes us
                with self._unavailable():
                    reply = await self._redis().xread({_events_key(task_id): f"0-{position}"}, count=500,
                                                      block=None if listening else round(self._block * 1000))
                for _stream, entries in reply or ():
                    for _entry_id, fields in entries:
                        found = TaskEvent(int(fields["n"]), fields["kind"], json.loads(fields["data"]))
                        position = found.id
                        yield found
                        if found.final:
                            return
                if reply:
                    continue
                if listening:
                    with anyio.move_on_after(self._block):
                        await changed.wait()
                    if changed.is_set():
                        continue
                info = await self.get(task_id)  # quiet for a while: is its replica still alive? (ends it WORKER_LOST if not)
                if info is None or (info.finished and position >= info.events):
                    return
        finally:
            event, count = self._changes[task_id]
            if count > 1:
                self._changes[task_id] = (event, count - 1)
            else:
                del self._changes[task_id]

    async def cancel(self, task_id: str) -> TaskInfo | None:
        """Ask the replica running the task to cancel it; the task as it is now (None when unknown)."""
        info = await self.get(task_id)
        if info is not None and not info.finished:
            with self._unavailable():
                await self._cancel_script(keys=[_task_key(task_id)], args=[_CANCEL_CHANNEL, task_id])
        return info

    async def cancelled(self, task_id: str) -> None:
        """Return when someone asks to cancel the task (at once when it is unknown)."""
        waiter = anyio.Event()
        waiters = self._waiters.setdefault(task_id, set())
        waiters.add(waiter)  # before the first check: a message that comes in between still wakes this waiter
        try:
            while not waiter.is_set():
                try:
                    if await self._cancel_asked(task_id):
                        return
                except (RedisError, OSError) as exc:  # the runner waits here for the whole call: outlive an outage
                    _log.debug("task %s: cannot read its cancel flag (%s)", task_id, exc)
                # Subscribed, a message wakes us; the flag is re-read now and then in case one was missed.
                with anyio.move_on_after(self.heartbeat_timeout if self._listening else self._block):
                    await waiter.wait()
        finally:
            waiters.discard(waiter)
            if not waiters:
                self._waiters.pop(task_id, None)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Beat this replica's heartbeat, listen for cancels, and end the tasks of replicas that stopped beating."""
        self._beating += 1
        try:
            async with anyio.create_task_group() as group:
                await group.start(self._beat)  # the first beat before any task is created here
                group.start_soon(self._listen)
                try:
                    yield
                finally:
                    group.cancel_scope.cancel()
        finally:
            self._beating -= 1
            if not self._beating:
                with anyio.CancelScope(shield=True), anyio.move_on_after(2), suppress(RedisError, OSError):
                    await self._redis().delete(_HEARTBEAT + self.replica)  # stopped: our tasks left working are lost now
                await self.aclose()

    async def aclose(self) -> None:
        """Close the connections (the next call opens new ones)."""
        client, self._client = self._client, None
        if client is not None:
            with anyio.CancelScope(shield=True), suppress(RedisError, OSError):
                await client.aclose()

    # -- inside ----------------------------------------------------------------------------------------------------

    def _redis(self) -> aioredis.Redis:
        """The client, made on first use (no connection is opened before a command needs one)."""
        if self._client is None:
            pool = aioredis.BlockingConnectionPool.from_url(
                self.url, max_connections=_MAX_CONNECTIONS, timeout=self._block + 5.0, decode_responses=True, socket_connect_timeout=2.0,
                socket_timeout=self._block + 5.0, retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=2), health_check_interval=30)
            self._client = aioredis.Redis.from_pool(pool)  # its aclose() closes the pool
            self._append_script = self._client.register_script(_APPEND)
            self._cancel_script = self._client.register_script(_CANCEL)
        return self._client

    @contextmanager
    def _unavailable(self) -> Iterator[None]:
        """Redis failures as TaskStoreUnavailable, naming the store without its password."""
        try:
            yield
        except (RedisError, OSError) as exc:
            raise TaskStoreUnavailable(self.where, f"{type(exc).__name__}: {exc}".rstrip(": ")) from exc

    async def _read(self, task_id: str) -> TaskInfo | None:
        fields = await self._redis().hgetall(_task_key(task_id))
        if not fields or "status" not in fields:
            return None
        status: TaskStatus = fields["status"]  # type: ignore[assignment]
        return TaskInfo(task_id, fields.get("tool", ""), status, float(fields.get("created_at", 0)), float(fields.get("updated_at", 0)),
                        fields.get("replica", ""), fields.get("toolset"), int(fields.get("events", 0)), _received(fields.get("received")))

    async def _write(self, task_id: str, kind: str, data: dict[str, Any], *, only_if_lost: bool) -> int:
        final = kind in FINAL_KINDS
        status = final_status(kind, data) if final else "working"
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
        self._redis()
        args = [task_id, kind, text, "1" if final else "0", status, repr(time.time()), self._ttl_ms, _HEARTBEAT if only_if_lost else "",
                _EVENTS_CHANNEL]
        return int(await self._append_script(keys=[_task_key(task_id), _events_key(task_id), _WORKING], args=args))

    async def _lose(self, task_id: str, tool: str) -> bool:
        """End a working task whose replica stopped beating with WORKER_LOST; False when it finished or its replica beats again."""
        lost = envelope([build_entry(
            Code.WORKER_LOST, _("The server running this call of {tool} stopped answering (no heartbeat for {seconds} s); the task ended "
                                "without a result.").format(tool=repr(tool), seconds=f"{self.heartbeat_timeout:g}"),
            tool or "server", title=_("Worker lost"),
            context={"retryable": True, "solution": _("The call may or may not have taken effect: check whether it did, then call the "
                                                      "tool again if it did not.")})])
        number = await self._write(task_id, "error", lost, only_if_lost=True)
        if number:
            _log.warning("task %s of %r ended WORKER_LOST: the replica running it stopped beating", task_id, tool)
        return bool(number)

    async def _cancel_asked(self, task_id: str) -> bool:
        status, flag = await self._redis().hmget(_task_key(task_id), ["status", "cancel"])
        return status is None or flag == "1"

    def _alive(self, replica: str) -> bool:
        """Whether `replica` is this one, beating (no need to ask Redis)."""
        return replica == self.replica and self._beating > 0

    async def _beat(self, *, task_status: anyio.abc.TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Refresh this replica's heartbeat and sweep the dead replicas' tasks, every heartbeat_timeout/3, until cancelled."""
        failing = started = False
        while True:
            try:
                await self._redis().set(_HEARTBEAT + self.replica, repr(time.time()), px=max(1, round(self.heartbeat_timeout * 1000)))
                for task_id, (kind, data) in list(self._pending.items()):
                    await self._write(task_id, kind, data, only_if_lost=False)
                    del self._pending[task_id]
                await self._sweep()
                if failing:
                    _log.warning("task store %s is reachable again", self.where)
                failing = False
            except (RedisError, OSError) as exc:
                if not failing:
                    _log.warning("task store %s: cannot beat the heartbeat (%s); retrying", self.where, exc)
                failing = True
            if not started:  # after the first attempt, even a failed one (the routes answer 503 until Redis answers)
                started = True
                task_status.started()
            await anyio.sleep(self._beat_every)

    async def _sweep(self) -> None:
        """End the working tasks of replicas whose heartbeat is gone (every replica sweeps; the script lets one win)."""
        working: dict[str, str] = await self._redis().hgetall(_WORKING)
        others = sorted({replica for replica in working.values() if replica != self.replica})
        if not others:
            return
        async with self._redis().pipeline(transaction=False) as pipe:
            for replica in others:
                pipe.exists(_HEARTBEAT + replica)
            alive = dict(zip(others, await pipe.execute(), strict=True))
        for task_id, replica in working.items():
            if replica != self.replica and not alive[replica]:
                await self._lose(task_id, await self._redis().hget(_task_key(task_id), "tool") or "")

    async def _listen(self) -> None:
        """Wake the local followers and cancelled() waiters as the channels say; resubscribe after a failure."""
        while True:
            try:
                async with self._redis().pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(_EVENTS_CHANNEL, _CANCEL_CHANNEL)
                    self._listening = True
                    for task_id in list(self._changes):  # what came while we did not listen is in the streams
                        self._wake_followers(task_id)
                    for task_id in list(self._waiters):  # and in the cancel flags
                        if await self._cancel_asked(task_id):
                            self._wake(task_id)
                    while True:
                        message = await pubsub.get_message(timeout=1.0)
                        if message is None or message.get("type") != "message":
                            continue
                        if message["channel"] == _EVENTS_CHANNEL:
                            self._wake_followers(message["data"])
                        else:
                            self._wake(message["data"])
            except (RedisError, OSError) as exc:
                _log.debug("task store %s: the cancel listener failed (%s); resubscribing", self.where, exc)
            finally:
                self._listening = False
            await anyio.sleep(self._block)

    def _wake_followers(self, task_id: str) -> None:
        entry = self._changes.get(task_id)
        if entry is not None:
            self._changes[task_id] = (anyio.Event(), entry[1])
            entry[0].set()

    def _wake(self, task_id: str) -> None:
        for waiter in self._waiters.get(task_id, ()):
            waiter.set()
