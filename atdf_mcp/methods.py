"""JSON-RPC methods the server has no handler for: -32601 with an ATDF envelope saying what to send instead.

    {"jsonrpc": "2.0", "id": 7, "method": "notifications/initialized"}
    → {"jsonrpc": "2.0", "id": 7, "error": {"code": -32601, "message": "Method not found: ...", "data": <envelope:
       "a notification is sent without an id">}}

The SDK answers a request for a method it does not serve with -32601 and the method's name as `data`: a
notification sent with an id (so read as a request) or a misspelt method learns nothing from it. `UnknownMethods`
is a server middleware, so every transport (stdio, Streamable HTTP, SSE, both protocol eras) answers alike.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from mcp.shared.exceptions import MCPError
from mcp_types import METHOD_NOT_FOUND
from mcp_types import methods as spec_methods

from .codes import Code
from .envelope import build_entry, envelope
from .l10n import gettext as _

__all__ = ["UnknownMethods"]

_NOTIFICATION_PREFIX = "notifications/"


class UnknownMethods:
    """Server middleware: a -32601 refusal without an envelope gets one (a notification sent with an id, a misspelt method)."""

    def __init__(self, server: Any) -> None:
        self.server = server

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        try:
            return await call_next(ctx)
        except MCPError as exc:
            if exc.error.code != METHOD_NOT_FOUND or exc.error.data != ctx.method:  # not the SDK's bare refusal
                raise
            raise self._refusal(ctx.method) from None

    def served(self) -> list[str]:
        """The request methods this server answers."""
        registered = getattr(self.server, "_request_handlers", {})  # the extensions' methods (tasks/get...) too
        return sorted(m for m in spec_methods.SPEC_CLIENT_METHODS | set(registered)
                      if m == "initialize" or self.server.get_request_handler(m) is not None)

    def _refusal(self, method: str) -> MCPError:
        if method.startswith(_NOTIFICATION_PREFIX):
            detail = _("{method} is a notification, sent with an id: a message with an id is a request, and this method is "
                       "not one.").format(method=repr(method))
            entry = build_entry(Code.METHOD_NOT_FOUND, detail, "server", parameter="id", context={
                "retryable": False, "solution": _("Send a notification without an id: {example}; it gets no answer.").format(
                    example=json.dumps({"jsonrpc": "2.0", "method": method}))})
            return MCPError(METHOD_NOT_FOUND, f"Method not found: {method} is a notification (send it without an id)", envelope([entry]))
        served = self.served()
        close = difflib.get_close_matches(method, served, n=1, cutoff=0.6)
        detail = _("This server has no method {method}.").format(method=repr(method))
        if close:
            solution = _("Did you mean {method}? Send it as the method.").format(method=close[0])
        else:
            solution = _("Use one of the methods this server answers: {methods}.").format(methods=", ".join(served))
        entry = build_entry(Code.METHOD_NOT_FOUND, detail, "server", parameter="method",
                            context={"retryable": False, "solution": solution},
                            **({"suggested_value": close[0]} if close else {}))
        return MCPError(METHOD_NOT_FOUND, f"Method not found: {method}", envelope([entry]))
