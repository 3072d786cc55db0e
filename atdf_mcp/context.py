"""ToolContext: what a handler may ask of the server during a call (progress, logs, language)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from .model import Descriptor

__all__ = ["ToolContext"]

_log = logging.getLogger("atdf_mcp.handlers")


@dataclass
class ToolContext:
    """Passed as `ctx` to handlers that declare a `ctx` parameter."""

    tool: Descriptor
    lang: str | None = None
    request: Any = None  # the SDK's ServerRequestContext, or None outside MCP (tests, direct calls)

    @property
    def descriptor(self) -> Descriptor:
        """The descriptor of the tool being called."""
        return self.tool

    @property
    def request_id(self) -> Any:
        """The JSON-RPC id of the call, when there is one."""
        return getattr(self.request, "request_id", None)

    async def report_progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        """Send a progress notification to the caller (a no-op when the caller asked for none)."""
        if self.request is not None:
            await self.request.session.report_progress(progress, total=total, message=message)

    async def log(self, level: str, data: Any, *, logger: str | None = None) -> None:
        """Send a log message to the client (and to stderr), at an MCP logging level such as "info"."""
        _log.log(getattr(logging, level.upper(), logging.INFO), "%s: %s", self.tool.id, data)
        if self.request is not None:
            await self.request.session.send_log_message(level, data, logger=logger or self.tool.id)
