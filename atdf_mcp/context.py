"""ToolContext: what a handler may ask of the server during a call.

    async def plan_trip(city: str, ctx: ToolContext) -> str:
        await ctx.report_progress(0, 100)
        await ctx.log("info", f"planning {city}")
        answer = await ctx.elicit("Which dates?", {"type": "object", "properties": {"start": {"type": "string"}}})
        summary = await ctx.sample(f"Summarize a trip to {city}", max_tokens=200)
        dates = await ctx.call_tool("date_range_validator", {"start_date": "2030-05-04", "end_date": "2030-05-08"})
        return summary
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import mcp.types as types
from mcp.shared.exceptions import MCPError
from mcp_types import LOG_LEVEL_META_KEY

from .codes import Code
from .errors import ToolError
from .l10n import gettext as _
from .model import Descriptor

__all__ = ["LOG_LEVELS", "CallEvents", "ElicitationResult", "ToolContext", "requested_level"]

LOG_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
_PY_LEVELS = {"debug": 10, "info": 20, "notice": 25, "warning": 30, "error": 40, "critical": 50, "alert": 50, "emergency": 50}


def requested_level(meta: Any) -> str | None:
    """The minimum log level a request's `_meta` asks for (`io.modelcontextprotocol/logLevel`, MCP 2026-07-28's per-request
    opt-in, honoured in the handshake era too), or None."""
    if meta is None:
        return None
    value = meta.get(LOG_LEVEL_META_KEY) if isinstance(meta, Mapping) else getattr(meta, LOG_LEVEL_META_KEY, None)
    return value if value in LOG_LEVELS else None
_log = logging.getLogger("atdf_mcp.handlers")


@dataclass(frozen=True)
class ElicitationResult:
    """What the user answered: `action` is "accept", "decline" or "cancel"; `content` the accepted fields."""

    action: str
    content: dict[str, Any] = field(default_factory=dict)

    @property
    def accepted(self) -> bool:
        """True when the user accepted and sent content."""
        return self.action == "accept"


class CallEvents(Protocol):
    """Where the progress and logs of a call run as a task go (atdf_mcp.tasks), instead of an MCP request."""

    async def progress(self, progress: float, total: float | None, message: str | None) -> None:
        """Record one progress report."""

    async def log(self, level: str, data: Any, logger: str) -> None:
        """Record one log message."""


@dataclass
class ToolContext:
    """Passed as `ctx` to handlers that declare a `ctx` parameter."""

    tool: Descriptor
    lang: str | None = None
    request: Any = None  # the SDK's ServerRequestContext; None outside MCP (direct calls in tests, tasks)
    log_levels: Any = None  # session → minimum level set by logging/setLevel (a WeakKeyDictionary)
    events: CallEvents | None = None  # a task's event log (atdf_mcp.tasks): progress and logs go there
    alive: Callable[[], None] | None = None  # told of each progress report: the call's silence limit starts again
    caller: Callable[[str, Any, CallEvents], Awaitable[types.CallToolResult]] | None = None  # the server's call path

    @property
    def descriptor(self) -> Descriptor:
        """The descriptor of the tool being called."""
        return self.tool

    @property
    def request_id(self) -> Any:
        """The JSON-RPC id of the call, when there is one."""
        return getattr(self.request, "request_id", None)

    async def report_progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        """Send a progress notification to the caller (a no-op when the caller asked for none); the call's time limit,
        a limit on silence, starts again."""
        if self.alive is not None:
            self.alive()
        if self.events is not None:
            await self.events.progress(progress, total, message)
        elif self.request is not None:
            await self.request.session.report_progress(progress, total=total, message=message)

    async def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> types.CallToolResult:
        """Call another tool of the caller's view the way a direct tools/call does (validation, policies, permissions,
        time limit, envelope); a failure is an isError result, never an exception. Its progress keeps this call alive."""
        if self.caller is None:
            raise ToolError(Code.CLIENT_CAPABILITY_MISSING, "Calling another tool needs the server's call path (an MCP call).")
        return await self.caller(name, arguments or {}, _Nested(self))

    async def log(self, level: str, data: Any, *, logger: str | None = None) -> None:
        """Log to stderr and send `notifications/message` to the client if its level allows: the request's own
        `_meta["io.modelcontextprotocol/logLevel"]`, else the session's logging/setLevel."""
        level = level.lower() if level.lower() in LOG_LEVELS else "info"
        _log.log(_PY_LEVELS[level], "%s: %s", self.tool.id, data)
        if self.events is not None:
            await self.events.log(level, data, logger or self.tool.id)
        if self.request is None:
            return
        minimum = requested_level(getattr(self.request, "meta", None))  # this call's own level, in every era and mode
        if minimum is None:  # else the session's logging/setLevel (which --stateless cannot keep between requests)
            connection = getattr(self.request.session, "_connection", self.request.session)
            minimum = self.log_levels.get(connection, "debug") if self.log_levels is not None else "debug"
        if LOG_LEVELS.index(level) < LOG_LEVELS.index(minimum):
            return
        await self.request.session.send_log_message(level, data, logger=logger or self.tool.id,
                                                    related_request_id=self.request_id)

    async def sample(self, prompt: str | list[types.SamplingMessage], *, max_tokens: int = 1000,
                     system_prompt: str | None = None, temperature: float | None = None) -> str:
        """Ask the client's model for a completion (MCP sampling) and return its text."""
        self._need_request("sampling")
        messages = prompt if isinstance(prompt, list) else [
            types.SamplingMessage(role="user", content=types.TextContent(type="text", text=prompt))]
        try:
            result = await self.request.session.create_message(messages, max_tokens=max_tokens, system_prompt=system_prompt,
                                                               temperature=temperature, related_request_id=self.request_id)
        except MCPError as exc:  # NoBackChannelError subclasses it
            raise _missing_capability("sampling", exc) from exc
        content = result.content
        blocks = content if isinstance(content, list) else [content]
        return "".join(getattr(b, "text", "") for b in blocks)

    async def elicit(self, message: str, schema: dict[str, Any]) -> ElicitationResult:
        """Ask the user for structured input (MCP elicitation); `schema` is a flat object JSON Schema."""
        self._need_request("elicitation")
        try:
            result = await self.request.session.elicit_form(message, schema, related_request_id=self.request_id)
        except MCPError as exc:
            raise _missing_capability("elicitation", exc) from exc
        return ElicitationResult(action=result.action, content=dict(result.content or {}))

    async def resource_updated(self, uri: str) -> None:
        """Tell the calling client that the resource at `uri` changed (notifications/resources/updated)."""
        if self.request is not None:
            await self.request.session.send_resource_updated(uri)

    async def close_sse_stream(self) -> None:
        """Close the call's SSE stream so the client reconnects and resumes (Streamable HTTP only)."""
        closer = getattr(self.request, "close_sse_stream", None)
        if closer is not None:
            await closer()

    def _need_request(self, feature: str) -> None:
        if self.request is None:
            raise ToolError(Code.CLIENT_CAPABILITY_MISSING, _("This tool needs {feature}, which needs an MCP client connection.").format(
                feature=feature))


class _Nested:
    """The events of a tool called from a handler: its progress keeps the outer call alive (and is not sent: the outer
    call reports its own); its logs reach the outer call's task log (the client gets them from the request itself)."""

    def __init__(self, outer: ToolContext) -> None:
        self.outer = outer

    async def progress(self, progress: float, total: float | None, message: str | None) -> None:
        """Keep the outer call alive."""
        if self.outer.alive is not None:
            self.outer.alive()

    async def log(self, level: str, data: Any, logger: str) -> None:
        """Pass a log to the outer call's task, if it runs as one."""
        if self.outer.events is not None:
            await self.outer.events.log(level, data, logger)


def _missing_capability(feature: str, exc: MCPError) -> ToolError:
    return ToolError(Code.CLIENT_CAPABILITY_MISSING,
                     _("This tool needs {feature}, which the client did not offer on this connection ({why}).").format(
                         feature=feature, why=exc.message),
                     context={"retryable": False, "solution": _("Use a client that supports {feature}, over a stateful "
                                                                "connection (stdio, SSE, or Streamable HTTP without --stateless).").format(
                                                                    feature=feature)})


