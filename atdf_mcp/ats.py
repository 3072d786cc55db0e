"""The Agent Tool Service API: tools for agents that do not speak MCP, as plain HTTP routes and tasks.

    GET  /get_tool                 [{"name", "description", "input_schema"}] of what tools/list shows the request
    POST /call_tool/{tool_name}    the arguments as a JSON object → {"task_id"} at once (400/404 before any task)
    GET  /callback/{task_id}       SSE: `progress` and `log` events, then one `result` or `error`; Last-Event-ID resumes
    POST /cancel/{task_id}         cancel the handler; the task ends with a CANCELLED envelope as its `error` event
    GET  /task/{task_id}           the task's state (status, tool, times, events so far)
    GET  /reset                    reload the catalogue (the same reload as POST /reset), `"status": "ok"`

The routes sit beside the MCP endpoints, behind the same Host/Origin guard and bearer-token gate (atdf_mcp.gate):
`?toolset=` or an agent token's set limits what a request lists, calls and follows. A task is visible only in the
tool set it was started in. Tasks run in the app's task runner (atdf_mcp.tasks); a task store that cannot be reached
answers 503 TASK_STORE_UNAVAILABLE on these routes, never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import anyio
import mcp.types as types
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .codes import Code, row_of
from .enforce import SCOPES_SCOPE_KEY
from .envelope import new_instance
from .l10n import gettext as _
from .rest import error_response, reset_view
from .results import envelope_of_result
from .tasks import TaskInfo, TaskOptions, TaskRunner, TaskStoreUnavailable, TooManyTasks
from .tasks.store import public_url
from .view import Views

if TYPE_CHECKING:
    from .disclosure import Disclosure
    from .live import LiveCatalog
    from .server import CatalogServer

__all__ = ["ATS_PATHS", "AgentToolService", "store_label", "task_json"]

ATS_PATHS = ("/get_tool", "/call_tool/", "/callback/", "/cancel/", "/task/")
"""The Agent Tool Service's paths (prefixes end with /): they need the bearer token when one is set."""

PING_SECONDS = 15  # an SSE comment this often on a silent stream, so that proxies do not close it
CANCEL_WAIT = 2.0  # POST /cancel waits this long for the task to end, to answer its final status
_log = logging.getLogger("atdf_mcp.ats")


class AgentToolService:
    """The ATS routes of one served catalogue, and the task runner they start tasks in."""

    def __init__(self, app: CatalogServer, options: TaskOptions, live: LiveCatalog | None = None) -> None:
        self.app, self.live = app, live
        self.runner = TaskRunner(app, options.open_store(), max_tasks=options.max_tasks)
        self.store_kind = (options.store or "memory://").split(":", 1)[0]
        self.serving = False  # inside runner.serving(): tasks can start
        self.failure: str | None = None  # why the task store could not start
        self.started = 0  # tasks started by this process since it started
        self._listings: tuple[Views, Disclosure, dict[str | None, bytes]] | None = None

    def routes(self) -> list[Route]:
        """The routes, to add to the app's (GET /reset only with a live catalogue)."""
        routes = [
            Route("/get_tool", self.get_tool, methods=["GET"]),
            Route("/call_tool/{tool_name}", self.call_tool, methods=["POST"]),
            Route("/callback/{task_id}", self.callback, methods=["GET"]),
            Route("/cancel/{task_id}", self.cancel, methods=["POST"]),
            Route("/task/{task_id}", self.task, methods=["GET"]),
        ]
        if self.live is not None:
            routes.append(Route("/reset", reset_view(self.live, "GET", status="ok"), methods=["GET"]))
        return routes

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Run the task runner for the app's lifespan; a store that cannot start leaves the task routes answering 503."""
        async with contextlib.AsyncExitStack() as stack:
            try:
                await stack.enter_async_context(self.runner.serving())
            except Exception as exc:
                self.failure = f"{type(exc).__name__}: {exc}"
                _log.error("the task store (%s) cannot be reached: %s; the task routes answer 503", self.store_kind, self.failure)
            else:
                self.serving = True
                self.app.tasks = self.runner  # tools marked "task": the MCP tasks extension runs them here (shared with /callback)
            try:
                yield
            finally:
                self.serving = False
                if self.app.tasks is self.runner:
                    self.app.tasks = None

    def health(self) -> dict[str, Any]:
        """The `tasks` part of /health (an open route: why the store failed is only logged)."""
        return {"store": self.store_kind, "available": self.serving, "running": len(self.runner.active), "started": self.started,
                "max_tasks": self.runner.max_tasks}

    # -- routes ------------------------------------------------------------------------------------

    async def get_tool(self, request: Request) -> Response:
        """GET /get_tool: the tools the request's view lists, as `{name, description, input_schema}`."""
        app = self.app
        views, disclosure = app.views, app.disclosure  # read once: a swap replaces both
        if self._listings is None or self._listings[0] is not views or self._listings[1] is not disclosure:
            self._listings = (views, disclosure, {})
        view = app.view_in(request.scope, views)
        bodies = self._listings[2]
        body = bodies.get(view.toolset)
        if body is None:
            body = bodies[view.toolset] = _tool_list(disclosure.list_tools(view))
        return Response(body, media_type="application/json")

    async def call_tool(self, request: Request) -> Response:
        """POST /call_tool/{tool_name}: check the call, start its task, answer `{"task_id"}` at once."""
        name = request.path_params["tool_name"]
        arguments = _arguments(await request.body())
        if isinstance(arguments, Response):
            return arguments
        view, scopes = self.app.view_in(request.scope), request.scope.get(SCOPES_SCOPE_KEY)  # scopes: an agent token's
        refused = await self.app.refusal(view, name, arguments, scopes)
        if refused is not None:
            return _refused(refused)
        if not self.serving:
            return self._unavailable()
        try:
            task = await self.runner.start(view, name, arguments, scopes=scopes)
        except TooManyTasks as exc:
            return error_response(Code.TOO_MANY_TASKS, _("{limit} tasks are running on this server, its limit; no task was started.").format(
                                      limit=exc.limit),
                                  headers={"Retry-After": str(exc.retry_after)},
                                  context={"retryable": True, "retry_after": exc.retry_after, "max_tasks": exc.limit,
                                           "solution": _("Wait {seconds} s (Retry-After), then POST the call again.").format(
                                               seconds=exc.retry_after)})
        except TaskStoreUnavailable as exc:
            return self._unavailable(exc)
        self.started += 1
        return JSONResponse({"task_id": task.task_id})

    async def callback(self, request: Request) -> Response:
        """GET /callback/{task_id}: the task's events as SSE, from `Last-Event-ID` on, until its final event."""
        after_header = request.headers.get("last-event-id", "0").strip() or "0"
        try:
            after = int(after_header)
        except ValueError:
            return error_response(Code.INVALID_REQUEST, _("Last-Event-ID {value} is not an event number.").format(value=repr(after_header)),
                                  parameter="Last-Event-ID", context={"solution": _("Send the `id` of the last event received "
                                                                                    "(a whole number), or no Last-Event-ID to start over.")})
        found = await self._task_of(request)
        if isinstance(found, Response):
            return found
        return EventSourceResponse(self._events(found, max(after, 0)), ping=PING_SECONDS)

    async def cancel(self, request: Request) -> Response:
        """POST /cancel/{task_id}: cancel the task and answer its state once it ended (or after CANCEL_WAIT)."""
        found = await self._task_of(request)
        if isinstance(found, Response):
            return found
        if found.finished:
            return JSONResponse({**task_json(found), "outcome": "already_finished",
                                 "detail": f"The task had already finished ({found.status}); nothing was cancelled."})
        store = self.runner.store
        try:
            info = await self.runner.cancel(found.task_id) or found
            with anyio.move_on_after(CANCEL_WAIT):
                async for event in store.follow(info.task_id, info.events):
                    if event.final:
                        break
            info = await store.get(info.task_id) or info
        except TaskStoreUnavailable as exc:
            return self._unavailable(exc)
        if not info.finished:
            return JSONResponse({**task_json(info), "outcome": "cancelling",
                                 "detail": f"Cancellation was asked; the task had not ended {CANCEL_WAIT:g} s later. Its "
                                           "`error` event will carry the CANCELLED envelope."})
        outcome = "cancelled" if info.status == "cancelled" else "already_finished"
        return JSONResponse({**task_json(info), "outcome": outcome})

    async def task(self, request: Request) -> Response:
        """GET /task/{task_id}: the task's state."""
        found = await self._task_of(request)
        return found if isinstance(found, Response) else JSONResponse(task_json(found))

    # -- helpers -----------------------------------------------------------------------------------

    async def _task_of(self, request: Request) -> TaskInfo | Response:
        """The task a request names, if it exists and belongs to the request's tool set; else the error answer."""
        task_id = request.path_params["task_id"]
        if not self.serving:
            return self._unavailable()
        try:
            info = await self.runner.store.get(task_id)
        except TaskStoreUnavailable as exc:
            return self._unavailable(exc)
        if info is None or info.toolset != self.app.view_in(request.scope).toolset:  # another set's task: not told apart
            return error_response(Code.TASK_NOT_FOUND, _("No task {task} is known here.").format(task=repr(task_id)), parameter="task_id",
                                  context={"solution": _("Use the task_id POST /call_tool answered; a finished task is kept "
                                                         "{seconds} s, then forgotten.").format(seconds=f"{self.runner.store.ttl:g}")})
        return info

    async def _events(self, info: TaskInfo, after: int) -> AsyncIterator[ServerSentEvent]:
        """The SSE events of a task; a store failure mid-stream ends the stream (the client resumes with Last-Event-ID)."""
        try:
            async for event in self.runner.store.follow(info.task_id, after):
                data = _with_received(event.data, info.received) if event.kind == "error" else event.data
                yield ServerSentEvent(data=json.dumps(data, ensure_ascii=False), event=event.kind, id=str(event.id))
        except TaskStoreUnavailable as exc:
            _log.error("the task store failed while streaming task %s (%s); the stream ends early", info.task_id, exc)

    def _unavailable(self, failure: TaskStoreUnavailable | None = None) -> Response:
        """503 TASK_STORE_UNAVAILABLE: the store failed (`failure`, logged under the envelope's instance id) or never started."""
        instance = new_instance()
        if failure is not None:
            _log.error("the task store (%s) failed [%s]: %s", self.store_kind, instance, failure)
        why = failure.reason if failure is not None else self.failure or "the server is not running its tasks"
        return error_response(Code.TASK_STORE_UNAVAILABLE, _("The task store ({store}) cannot be used right now: {why}.").format(
                                  store=self.store_kind, why=why), instance=instance, headers={"Retry-After": "5"},
                              context={"retryable": True, "solution": _("Retry in a few seconds; if it lasts, the operator should "
                                                                        "check the --task-store the server was started with.")})


def store_label(url: str | None) -> str:
    """A task store URL fit for a banner or a log: without its password."""
    return public_url(url) if url else "memory://"


def task_json(info: TaskInfo) -> dict[str, Any]:
    """A task's state as the routes answer it."""
    body: dict[str, Any] = {"task_id": info.task_id, "tool": info.tool, "status": info.status, "created_at": info.created_at,
                            "updated_at": info.updated_at, "events": info.events}
    if info.toolset is not None:
        body["toolset"] = info.toolset
    return body


def _tool_list(listed: types.ListToolsResult) -> bytes:
    """The body of GET /get_tool."""
    tools = [{"name": t.name, "description": t.description or "", "input_schema": t.input_schema} for t in listed.tools]
    return json.dumps(tools, ensure_ascii=False).encode("utf-8")


def _arguments(body: bytes) -> Any:
    """The arguments object of a POST /call_tool body (empty: {}), or the 400 answer."""
    if not body.strip():
        return {}
    try:
        arguments = json.loads(body)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        return error_response(Code.INVALID_JSON, _("The request body is not JSON: {why}.").format(why=exc),
                              context={"solution": _("POST the tool's arguments as one JSON object, e.g. {example} "
                                                     "(Content-Type: application/json); an empty body means no arguments.").format(
                                                         example='{"text": "hi"}')})
    if not isinstance(arguments, dict):
        return error_response(Code.VALIDATION_ERROR, _("The arguments must be a JSON object, not {kind}.").format(kind=type(arguments).__name__),
                              parameter="arguments", context={"solution": _("POST the arguments as one JSON object of "
                                                                            "name → value, as the tool's input_schema describes.")})
    return arguments


def _with_received(env: dict[str, Any], received: dict[str, Any] | None) -> dict[str, Any]:
    """A task's final envelope with the arguments its call was sent (masked and clipped, kept with the task) as
    `meta.received`, whoever ended it (the tool, a timeout, a cancel, a lost replica): the stream's reader may not be the
    caller (another replica, a resumed stream)."""
    meta = env.get("meta")
    if received is None or not isinstance(meta, dict) or "received" in meta:
        return env
    return {**env, "meta": {**meta, "received": received}}


def _refused(result: types.CallToolResult) -> Response:
    """The HTTP answer of a call refused before any task: its envelope, with its code's 4xx status (404 an unknown tool,
    403 a policy or a missing permission, 400 bad arguments)."""
    body = envelope_of_result(result)
    if body is None:
        return error_response(Code.VALIDATION_ERROR, _("The call was refused before it ran."))
    entry = body["errors"][0]
    row = row_of(str(entry.get("code", "")))
    status = row.status if row is not None and 400 <= row.status < 500 else 400
    missing = (entry.get("context") or {}).get("missing_scopes") if entry.get("code") == Code.PERMISSION_DENIED else None
    headers = {"WWW-Authenticate": f'Bearer error="insufficient_scope", scope="{" ".join(missing)}"'} if missing else None
    return JSONResponse(body, status_code=status, headers=headers)
