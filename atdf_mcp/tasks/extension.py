"""The MCP tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663, protocol 2026-07-28) for tools marked `"task": true`.

    app.tasks = runner          # CatalogServer: advertises the extension; calls of its task tools become tasks

A `tools/call` of a task tool whose request declares the extension in its per-request capabilities is answered at
once with a task handle (`resultType: "task"`); the client polls `tasks/get` until the task is `completed` (its
`result` is the CallToolResult a direct call would have returned, isError results included) or `cancelled`, and may
send `tasks/cancel`. `tasks/update` acknowledges (these tasks never ask for input). Every other call runs as a plain
tools/call: a tool not marked, a request that does not declare the extension, a handshake-era connection (the SDK
sieves its results to the spec's shapes), a server without a runner. Arguments the tool cannot take are refused
before any task exists. The task lives in the runner's store, so `/callback/{id}` follows it too; progress and logs
go there, not to the MCP client (the extension carries no progress on tasks).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import MISSING_REQUIRED_CLIENT_CAPABILITY
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import Field

from ..codes import Code
from ..envelope import build_entry, envelope
from ..l10n import gettext as _
from ..results import error_result, with_received
from .runner import TooManyTasks
from .store import TaskEvent, TaskInfo

if TYPE_CHECKING:
    from ..server import CatalogServer
    from ..view import View

__all__ = ["EXTENSION", "POLL_INTERVAL_MS", "CreateTaskResult", "McpTasks", "TaskIdParams", "UpdateTaskParams"]

EXTENSION = "io.modelcontextprotocol/tasks"
POLL_INTERVAL_MS = 500  # the polling interval a task suggests to its client


class CreateTaskResult(types.Result):
    """The answer to a tools/call run as a task: the task's seed state, tagged `resultType: "task"`."""

    result_type: Literal["task"] = Field(default="task", alias="resultType")
    task_id: str = Field(alias="taskId")
    status: Literal["working"] = "working"
    created_at: str = Field(alias="createdAt")
    last_updated_at: str = Field(alias="lastUpdatedAt")
    ttl_ms: int = Field(alias="ttlMs")
    poll_interval_ms: int = Field(default=POLL_INTERVAL_MS, alias="pollIntervalMs")


class TaskIdParams(types.RequestParams):
    """The params of tasks/get and tasks/cancel."""

    task_id: str = Field(alias="taskId")


class UpdateTaskParams(TaskIdParams):
    """The params of tasks/update."""

    input_responses: dict[str, Any] = Field(default_factory=dict, alias="inputResponses")


class McpTasks:
    """The extension's side of a CatalogServer: which calls become tasks, and the tasks/* methods."""

    def __init__(self, app: CatalogServer) -> None:
        self.app = app

    def install(self, server: Server) -> None:
        """Register tasks/get, tasks/update and tasks/cancel (not spec methods: the SDK routes them in every era)."""
        server.add_request_handler("tasks/get", TaskIdParams, self._get)
        server.add_request_handler("tasks/update", UpdateTaskParams, self._update)
        server.add_request_handler("tasks/cancel", TaskIdParams, self._cancel)

    def wanted(self, ctx: ServerRequestContext, view: View, name: str) -> bool:
        """Whether this tools/call runs as a task: a task tool, a runner, a 2026-07-28 request declaring the extension."""
        if self.app.tasks is None or ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
            return False
        runtime = view.runtimes.get(name)
        return (runtime is not None and runtime.tool.task and self.app.disclosure.meta_runtime(view, name) is None
                and _declares(ctx))  # a meta-tool (call_tool, ...) runs plainly, whatever it calls

    async def start(self, view: View, name: str, arguments: Any,
                    scopes: frozenset[str] | None = None) -> types.CallToolResult | CreateTaskResult:
        """The task handle of a call, or the plain result of one refused before it runs (no task is created); `scopes`:
        the caller's token's (None: the operator)."""
        runner = self.app.tasks
        assert runner is not None  # wanted() said so
        refused = await self.app.refusal(view, name, arguments, scopes)
        if refused is not None:
            return refused
        try:
            info = await runner.start(view, name, arguments if arguments is not None else {}, scopes=scopes)
        except TooManyTasks as exc:
            return view.runtimes[name].failed(envelope([build_entry(
                Code.TOO_MANY_TASKS, _("The server already runs {limit} tasks, its limit; this call was not run.").format(limit=exc.limit),
                name, context={"retryable": True, "retry_after_seconds": exc.retry_after,
                               "solution": _("Retry in {seconds} s; the call was not run, so retrying is safe.").format(
                                   seconds=exc.retry_after)})]))
        return CreateTaskResult(taskId=info.task_id, createdAt=_iso(info.created_at), lastUpdatedAt=_iso(info.updated_at),
                                ttlMs=self._ttl_ms(info))

    async def _get(self, ctx: ServerRequestContext, params: TaskIdParams) -> dict[str, Any]:
        info = await self._task(ctx, params.task_id)
        return {"resultType": "complete", **await self._detailed(ctx, info)}

    async def _update(self, ctx: ServerRequestContext, params: UpdateTaskParams) -> types.EmptyResult:
        await self._task(ctx, params.task_id)  # no task of ours waits for input: every response is for no outstanding key
        return types.EmptyResult(result_type="complete")

    async def _cancel(self, ctx: ServerRequestContext, params: TaskIdParams) -> types.EmptyResult:
        await self._task(ctx, params.task_id)
        runner = self.app.tasks
        if runner is not None:
            await runner.cancel(params.task_id)
        return types.EmptyResult(result_type="complete")

    async def _task(self, ctx: ServerRequestContext, task_id: str) -> TaskInfo:
        """The task a tasks/* request names, if the request may see it; else the spec's JSON-RPC errors."""
        runner = self.app.tasks
        if runner is None:
            raise MCPError(types.METHOD_NOT_FOUND, "Method not found: this server runs no tasks")
        if not _declares(ctx):
            raise MCPError(MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability",
                           {"requiredCapabilities": {"extensions": {EXTENSION: {}}}})
        info = await runner.store.get(task_id)
        if info is None or info.toolset != self.app.view(ctx).toolset:  # another tool set's task is not this caller's
            raise MCPError(types.INVALID_PARAMS, "Failed to retrieve task: Task not found",
                           envelope([build_entry(Code.TASK_NOT_FOUND, _("No task {task} is known here: it never existed, "
                                                   "expired, or belongs to another tool set.").format(task=repr(task_id)), "server",
                                                 context={"retryable": False, "task_id": task_id})]))
        return info

    async def _detailed(self, ctx: ServerRequestContext, info: TaskInfo) -> dict[str, Any]:
        """The task as tasks/get shows it: its status, and its result once it has one."""
        fields: dict[str, Any] = {"taskId": info.task_id, "status": "working", "createdAt": _iso(info.created_at),
                                  "lastUpdatedAt": _iso(info.updated_at), "ttlMs": self._ttl_ms(info),
                                  "pollIntervalMs": POLL_INTERVAL_MS}
        if not info.finished:
            return fields
        runner = self.app.tasks
        final = await _final_event(runner.store, info) if runner is not None else None
        if final is None:  # finished, yet its final event is gone (expired between the two reads)
            raise MCPError(types.INVALID_PARAMS, "Failed to retrieve task: Task has expired")
        if final.kind == "result":
            return {**fields, "status": "completed", "result": {**final.data, "isError": False}}
        detail = _detail(final.data)
        if info.status == "cancelled":
            return {**fields, "status": "cancelled", **({"statusMessage": detail} if detail else {})}
        # A tool's failure is a result (isError, the ATDF envelope), never the extension's `failed` (JSON-RPC errors only).
        runtime = self.app.view(ctx).runtimes.get(info.tool)
        result = runtime.failed(final.data) if runtime is not None else error_result(final.data, structured=False)
        result = with_received(result, info.received, is_echoed=True)  # what was sent, kept with the task (masked, clipped)
        dumped = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        return {**fields, "status": "completed", "result": dumped, **({"statusMessage": detail} if detail else {})}

    def _ttl_ms(self, info: TaskInfo) -> int:
        """Milliseconds from creation the task is kept: exact once finished, the most it can be while it runs."""
        runner = self.app.tasks
        ttl = runner.store.ttl if runner is not None else 0.0
        ran = info.updated_at - info.created_at if info.finished else self.app.max_call_seconds
        return max(0, round((ran + ttl) * 1000))


def _declares(ctx: ServerRequestContext) -> bool:
    """Whether the request's client declared the extension (per request on 2026-07-28, at initialize before)."""
    capabilities = ctx.session.client_capabilities
    extensions = capabilities.extensions if capabilities is not None else None
    return bool(extensions) and EXTENSION in extensions


async def _final_event(store: Any, info: TaskInfo) -> TaskEvent | None:
    """The final event of a finished task."""
    final = None
    async for event in store.follow(info.task_id, after=max(info.events - 1, 0)):
        if event.final:
            final = event
    return final


def _detail(data: dict[str, Any]) -> str | None:
    """The detail of an envelope's first entry, if it has one."""
    errors = data.get("errors") if isinstance(data, dict) else None
    first = errors[0] if isinstance(errors, list) and errors and isinstance(errors[0], dict) else {}
    detail = first.get("detail")
    return detail if isinstance(detail, str) else json.dumps(detail) if detail is not None else None


def _iso(seconds: float) -> str:
    """An ISO 8601 UTC timestamp of Unix seconds."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
