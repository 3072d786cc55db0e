"""The task runner: a tool call started now and answered later, its progress, logs and answer kept in a task store.

    runner = TaskRunner(server, MemoryTaskStore(), max_tasks=1000)
    async with runner.serving():                              # the app's lifespan: tasks run in its task group
        refused = await server.refusal(view, "build_report", arguments)   # unknown tool, bad arguments: no task
        task = await runner.start(view, "build_report", arguments)        # at once; TooManyTasks past max_tasks
        async for event in runner.store.follow(task.task_id): ...
        await runner.cancel(task.task_id)                                 # from any replica sharing the store

A task runs the same path as an MCP tools/call (atdf_mcp.server.CatalogServer.call): validation, envelopes, the
silence limit and `--max-call-seconds`, redaction. Its handler's `ctx.report_progress` and `ctx.log` become `progress`
and `log` events; then exactly one `result` (content blocks and structuredContent) or `error` (the ATDF envelope).
"""

from __future__ import annotations

import collections
import logging
import math
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any

import anyio
import anyio.abc
import mcp.types as types
from opentelemetry import context as otel_context

from .. import tracing
from ..codes import Code
from ..envelope import build_entry, envelope
from ..jsonsafe import json_safe
from ..l10n import gettext as _
from ..results import echoed, envelope_of_result
from ..shutdown import SERVER_STOPPED
from .store import TaskInfo, TaskStore

if TYPE_CHECKING:
    from ..server import CatalogServer
    from ..view import View

__all__ = ["DEFAULT_MAX_TASKS", "TaskRunner", "TooManyTasks", "event_of_result"]

DEFAULT_MAX_TASKS = 1000  # `serve --max-tasks`: tasks running at once in one process
_log = logging.getLogger("atdf_mcp.tasks")


class TooManyTasks(Exception):
    """This process already runs `--max-tasks` tasks; `retry_after` is a fair wait in seconds."""

    def __init__(self, limit: int, retry_after: int) -> None:
        super().__init__(f"{limit} tasks are running on this server, its limit")
        self.limit, self.retry_after = limit, retry_after


class TaskRunner:
    """Starts tasks in the server's task group, feeds their events to the store, and cancels them when asked."""

    def __init__(self, server: CatalogServer, store: TaskStore, *, max_tasks: int = DEFAULT_MAX_TASKS) -> None:
        self.server, self.store, self.max_tasks = server, store, max_tasks
        self.active: dict[str, anyio.CancelScope] = {}  # the tasks this process runs now
        self._group: anyio.abc.TaskGroup | None = None
        self._durations: list[float] = []  # of recent tasks, for Retry-After
        self.ended: collections.Counter[str] = collections.Counter()  # tasks this process ran, by final state (/metrics)

    @asynccontextmanager
    async def serving(self) -> AsyncIterator[TaskRunner]:
        """Run tasks until the block exits (then the tasks still running are cancelled, and say so)."""
        async with self.store.running(), anyio.create_task_group() as group:
            self._group = group
            try:
                yield self
            finally:
                self._group = None
                group.cancel_scope.cancel()

    async def start(self, view: View, name: str, arguments: Any, *, scopes: frozenset[str] | None = None) -> TaskInfo:
        """Create a task for a call the caller checked (`CatalogServer.refusal`) and start it; return at once. `scopes`:
        the caller's token's, checked against the tool's permissions when it runs (None: the operator's, all of them)."""
        if self._group is None:
            raise RuntimeError("TaskRunner.start outside TaskRunner.serving()")
        if len(self.active) >= self.max_tasks:
            raise TooManyTasks(self.max_tasks, self._retry_after())
        received = echoed(arguments, self.server.secrets.value) if isinstance(arguments, dict) else None  # kept with the task:
        task = await self.store.create(name, toolset=view.toolset, received=received)  # any replica's answer says what was sent
        scope = anyio.CancelScope()
        self.active[task.task_id] = scope
        parent = otel_context.get_current() if tracing.enabled() else None  # the span of the request that started it
        self._group.start_soon(self._execute, task, view, name, arguments, scope, scopes, parent)
        return task

    async def cancel(self, task_id: str) -> TaskInfo | None:
        """Ask for a task to be cancelled, wherever it runs; the task as it is now (None when unknown)."""
        return await self.store.cancel(task_id)

    async def _execute(self, task: TaskInfo, view: View, name: str, arguments: Any, scope: anyio.CancelScope,
                       scopes: frozenset[str] | None, parent: otel_context.Context | None = None) -> None:
        started = time.monotonic()
        store, task_id = self.store, task.task_id
        try:
            async with anyio.create_task_group() as watch:
                watch.start_soon(_cancel_on_request, store, task_id, scope)
                with scope, tracing.task_span(name, parent):
                    result = await self.server.call(view, name, arguments, events=_TaskEvents(store, task_id), scopes=scopes)
                watch.cancel_scope.cancel()
            if scope.cancelled_caught:
                self.ended["cancelled"] += 1
                await store.append(task_id, "error", _cancelled(name, started))
            else:
                kind, data = event_of_result(result)
                self.ended["completed" if kind == "result" else "failed"] += 1
                await store.append(task_id, kind, data)
        except anyio.get_cancelled_exc_class():  # the server stops: the task must still end, with its answer
            self.ended["cancelled"] += 1
            with anyio.CancelScope(shield=True), _logged(task_id):
                await store.append(task_id, "error", _cancelled(name, started, shutdown=True))
            raise
        except Exception:  # the store failed (Redis down): the task cannot be told; the runner and its other tasks go on
            _log.exception("task %s of %s: its store failed", task_id, name)
        finally:
            self.active.pop(task_id, None)
            self._durations = [*self._durations[-99:], time.monotonic() - started]

    def _retry_after(self) -> int:
        """Seconds until a slot is likely free: the median duration of recent tasks, 1 to 60."""
        if not self._durations:
            return 1
        median = sorted(self._durations)[len(self._durations) // 2]
        return max(1, min(60, math.ceil(median)))


async def _cancel_on_request(store: TaskStore, task_id: str, scope: anyio.CancelScope) -> None:
    """Cancel the task's scope when someone asks (a store that fails leaves the task to run to its end)."""
    with _logged(task_id):
        await store.cancelled(task_id)
        scope.cancel()


@contextmanager
def _logged(task_id: str) -> Iterator[None]:
    """Log a store failure instead of raising it: a task's events are lost, never its runner or the other tasks."""
    try:
        yield
    except Exception:
        _log.exception("task %s: the task store failed", task_id)


class _TaskEvents:
    """A task's progress and log events, as the handler's ToolContext reports them (atdf_mcp.context.CallEvents)."""

    __slots__ = ("store", "task_id")

    def __init__(self, store: TaskStore, task_id: str) -> None:
        self.store, self.task_id = store, task_id

    async def progress(self, progress: float, total: float | None, message: str | None) -> None:
        """A `progress` event."""
        data: dict[str, Any] = {"progress": progress}
        if total is not None:
            data["total"] = total
        if message is not None:
            data["message"] = message
        with _logged(self.task_id):  # the handler goes on when the store fails
            await self.store.append(self.task_id, "progress", json_safe(data, fallback=str))

    async def log(self, level: str, data: Any, logger: str) -> None:
        """A `log` event."""
        with _logged(self.task_id):
            await self.store.append(self.task_id, "log", {"level": level, "logger": logger, "data": json_safe(data, fallback=str)})


def event_of_result(result: types.CallToolResult) -> tuple[str, dict[str, Any]]:
    """The final event of a call's result: `result` with its content blocks and structuredContent, or `error` with the
    ATDF envelope (the first text block of every isError result)."""
    if result.is_error:
        env = envelope_of_result(result)
        return "error", env if env is not None else envelope([build_entry(Code.INTERNAL_ERROR, _("The tool failed without an envelope."), "server")])
    data: dict[str, Any] = {"content": [b.model_dump(mode="json", by_alias=True, exclude_none=True) for b in result.content]}
    if result.structured_content is not None:
        data["structuredContent"] = result.structured_content
    return "result", data


def _cancelled(name: str, started: float, *, shutdown: bool = False) -> dict[str, Any]:
    """The envelope of a task cancelled on request (or by the server's stop)."""
    ran = f"{time.monotonic() - started:.1f}"
    if shutdown:
        detail = _("The task of {tool} stopped after {seconds} s because the server stopped; it returned no result.")
    else:
        detail = _("The task of {tool} stopped after {seconds} s because it was cancelled on request; it returned no result.")
    context = {"retryable": True, "solution": _("The action may or may not have taken effect: check before calling the tool again.")}
    if shutdown:
        context["reason"] = SERVER_STOPPED
    return envelope([build_entry(Code.CANCELLED, detail.format(tool=repr(name), seconds=ran), name, title=_("Cancelled"), context=context)])
