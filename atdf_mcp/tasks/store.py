"""The task store: each task's state and its numbered events, behind one small interface (memory here, Redis beside).

    store = MemoryTaskStore(ttl=3600)
    task = await store.create("build_report", toolset=None)
    await store.append(task.task_id, "progress", {"progress": 1, "total": 5})
    await store.append(task.task_id, "result", {"content": [...], "structuredContent": {...}})   # final: completed
    async for event in store.follow(task.task_id, after=0):   # replays, then waits, until the final event
        ...

Events are numbered 1, 2, 3… per task (the SSE `id`, so `Last-Event-ID: 2` resumes at 3). Exactly one final event
(`result`, or `error` carrying the ATDF envelope) ends a task; what a task appends after it is dropped. A finished
task is kept `ttl` seconds, then forgotten. Cancelling asks the replica that runs the task (`cancelled` returns there).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol
from urllib.parse import urlsplit, urlunsplit

import anyio

from ..codes import Code
from ..shutdown import SERVER_STOPPED

__all__ = ["DEFAULT_TASK_TTL", "FINAL_KINDS", "MemoryTaskStore", "TaskEvent", "TaskInfo", "TaskStatus", "TaskStore",
           "TaskStoreUnavailable", "final_status", "public_url"]

DEFAULT_TASK_TTL = 3600.0  # `serve --task-ttl`: seconds a finished task stays readable
FINAL_KINDS = frozenset({"result", "error"})

TaskStatus = Literal["working", "completed", "failed", "cancelled"]  # the MCP tasks' words


@dataclass(frozen=True)
class TaskEvent:
    """One event of a task: its number (from 1), its kind (progress, log, result, error) and its JSON data."""

    id: int
    kind: str
    data: dict[str, Any]

    @property
    def final(self) -> bool:
        """Whether this event ends the task (a result or an error)."""
        return self.kind in FINAL_KINDS


@dataclass(frozen=True)
class TaskInfo:
    """What is known of a task: its tool, its status, when it was created and last changed (Unix seconds), who runs it."""

    task_id: str
    tool: str
    status: TaskStatus
    created_at: float
    updated_at: float
    replica: str  # the process running it (atdf_mcp.tasks.redis: its heartbeat says it is alive)
    toolset: str | None = None  # the tool set it was started in: only that set's callers see it
    events: int = 0  # how many events it has
    received: dict[str, Any] | None = None  # the call's arguments, secrets masked and clipped: what its failure echoes

    @property
    def finished(self) -> bool:
        """Whether the task has its final event."""
        return self.status != "working"


class TaskStoreUnavailable(Exception):
    """The task store cannot be reached (Redis down, refused, timed out): the HTTP routes answer 503 TASK_STORE_UNAVAILABLE.

    `where` names the store without its password; the message says what failed and that the call may be retried.
    """

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"The task store {where} is unavailable ({reason}); try again shortly.")
        self.where, self.reason = where, reason


def final_status(kind: str, data: dict[str, Any]) -> TaskStatus:
    """The status a final event leaves: completed (a result), cancelled (a CANCELLED envelope, on request) or failed
    (any other envelope, a server's stop included: nobody asked for that cancel, so MCP tasks/get shows its envelope)."""
    if kind == "result":
        return "completed"
    errors = data.get("errors") if isinstance(data, dict) else None
    first = errors[0] if isinstance(errors, list) and errors and isinstance(errors[0], dict) else {}
    context = first.get("context") if isinstance(first.get("context"), dict) else {}
    return "cancelled" if first.get("code") == Code.CANCELLED and context.get("reason") != SERVER_STOPPED else "failed"


def new_task_id() -> str:
    """A task id no one can guess (it is the only key to a task's events)."""
    return uuid.uuid4().hex


def public_url(url: str) -> str:
    """The store's URL without its password (nor a query, which may carry one): what messages and logs may show."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = (f"{parts.username}@" if parts.username else "") + host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


class TaskStore(Protocol):
    """Where tasks live. Every method may be called from any replica sharing the store."""

    replica: str
    ttl: float

    async def create(self, tool: str, *, toolset: str | None = None, received: dict[str, Any] | None = None) -> TaskInfo:
        """A new working task of `tool`, run by this replica; `received`: its arguments as its failure echoes them."""

    async def get(self, task_id: str) -> TaskInfo | None:
        """The task, or None when it is unknown or expired."""

    async def append(self, task_id: str, kind: str, data: dict[str, Any]) -> int | None:
        """Add an event; return its number, or None when the task is unknown or already finished (the event is dropped)."""

    def follow(self, task_id: str, after: int = 0) -> AsyncIterator[TaskEvent]:
        """The task's events numbered above `after`, then each new one as it comes, until the final one (nothing when unknown)."""

    async def cancel(self, task_id: str) -> TaskInfo | None:
        """Ask the replica running the task to cancel it; the task as it is now (None when unknown)."""

    async def cancelled(self, task_id: str) -> None:
        """Return when someone asks to cancel the task (the running replica waits on this)."""

    def running(self) -> AbstractAsyncContextManager[None]:
        """The store's background work while the server runs (sweeping expired tasks, heartbeats)."""


@dataclass
class _Task:
    info: TaskInfo
    events: list[TaskEvent] = field(default_factory=list)
    changed: anyio.Event = field(default_factory=anyio.Event)
    cancel: anyio.Event = field(default_factory=anyio.Event)
    expires: float = float("inf")


class MemoryTaskStore:
    """Tasks in this process's memory: the default, for one server process."""

    def __init__(self, *, ttl: float = DEFAULT_TASK_TTL, replica: str | None = None) -> None:
        self.ttl = ttl
        self.replica = replica or f"memory-{uuid.uuid4().hex[:8]}"
        self._tasks: dict[str, _Task] = {}
        self._swept = 0.0

    async def create(self, tool: str, *, toolset: str | None = None, received: dict[str, Any] | None = None) -> TaskInfo:
        """A new working task of `tool`."""
        self._sweep()
        now = time.time()
        info = TaskInfo(new_task_id(), tool, "working", now, now, self.replica, toolset, received=received)
        self._tasks[info.task_id] = _Task(info)
        return info

    async def get(self, task_id: str) -> TaskInfo | None:
        """The task, or None."""
        task = self._live(task_id)
        return task.info if task is not None else None

    async def append(self, task_id: str, kind: str, data: dict[str, Any]) -> int | None:
        """Add an event and wake its followers; None when the task is unknown or finished."""
        task = self._live(task_id)
        if task is None or task.info.finished:
            return None
        event = TaskEvent(len(task.events) + 1, kind, data)
        task.events.append(event)
        now = time.time()
        status = final_status(kind, data) if event.final else task.info.status
        task.info = replace(task.info, status=status, updated_at=now, events=event.id)
        if event.final:
            task.expires = time.monotonic() + self.ttl
        woken, task.changed = task.changed, anyio.Event()
        woken.set()
        return event.id

    async def follow(self, task_id: str, after: int = 0) -> AsyncIterator[TaskEvent]:
        """Replay the events above `after`, then follow the task until its final event."""
        task = self._live(task_id)
        if task is None:
            return
        next_index = max(after, 0)
        while True:
            changed = task.changed  # taken before reading, so an append in between still wakes this follower
            while next_index < len(task.events):
                event = task.events[next_index]
                next_index += 1
                yield event
                if event.final:
                    return
            if task.info.finished:
                return  # `after` was at or past the final event
            await changed.wait()

    async def cancel(self, task_id: str) -> TaskInfo | None:
        """Ask the running task to stop."""
        task = self._live(task_id)
        if task is None:
            return None
        if not task.info.finished:
            task.cancel.set()
        return task.info

    async def cancelled(self, task_id: str) -> None:
        """Return once the task is asked to stop (at once for an unknown task)."""
        task = self._live(task_id)
        if task is not None:
            await task.cancel.wait()

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Nothing runs in the background: expired tasks are swept as new ones come."""
        yield

    def _live(self, task_id: str) -> _Task | None:
        task = self._tasks.get(task_id)
        if task is not None and task.expires <= time.monotonic():
            del self._tasks[task_id]
            return None
        return task

    def _sweep(self) -> None:
        """Forget the tasks finished more than `ttl` ago (at most once a second)."""
        now = time.monotonic()
        if now - self._swept < 1.0:
            return
        self._swept = now
        for task_id in [k for k, t in self._tasks.items() if t.expires <= now]:
            del self._tasks[task_id]
