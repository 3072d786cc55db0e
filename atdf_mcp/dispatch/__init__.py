"""Dispatchers execute a tool: `await dispatcher.call(arguments, ctx) -> value`.

One dispatcher per bound tool, built once per catalogue snapshot by `atdf_mcp.bindings`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..context import ToolContext

__all__ = ["Dispatcher", "Unavailable", "UpstreamFailure"]


class Dispatcher(Protocol):
    """Executes one tool call; raises ToolError for declared failures."""

    description: str
    wants_ctx: bool  # when False the server skips building a ToolContext (hot path)

    async def call(self, arguments: dict[str, Any], ctx: ToolContext | None) -> Any: ...


class Unavailable(Exception):
    """The tool cannot run: no binding, or a binding that failed to load (the reason is in `reason`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UpstreamFailure(Exception):
    """A back-end failure already turned into a complete ATDF envelope (HTTP status, connection error, ...)."""

    def __init__(self, envelope: dict[str, Any]) -> None:
        errors = envelope.get("errors") or [{}]
        super().__init__(errors[0].get("detail", "upstream failure"))
        self.envelope = envelope
