"""Dispatchers execute a tool: `await dispatcher.call(arguments, ctx) -> value`.

One dispatcher per bound tool, built once per catalogue snapshot by `atdf_mcp.bindings`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..context import ToolContext
from ..errors import Unavailable

__all__ = ["Dispatcher", "Unavailable"]


class Dispatcher(Protocol):
    """Executes one tool call; raises ToolError for declared failures, a CallFailure (atdf_mcp.errors) for its own."""

    description: str
    wants_ctx: bool  # when False the server skips building a ToolContext (hot path)

    async def call(self, arguments: dict[str, Any], ctx: ToolContext | None) -> Any: ...

