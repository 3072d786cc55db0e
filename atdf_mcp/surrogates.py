"""An ASGI middleware that lets JSON-RPC bodies holding escaped lone surrogates be answered.

The SDK's JSON parser refuses `"\\ud800"` (a lone surrogate escape, valid in JSON text but not as Unicode) and the
request gets no answer for its id. This middleware rewrites such bodies with U+FFFD in place of each lone surrogate
(atdf_mcp.jsonsafe.clean_json_line) before the MCP endpoints read them; other bodies pass untouched.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

from .jsonsafe import clean_json_line
from .wire import read_body, replay

__all__ = ["SurrogateEscapes"]


class SurrogateEscapes:
    """Replaces escaped lone surrogates in POST bodies of the given paths (the MCP endpoints)."""

    def __init__(self, app: ASGIApp, is_target: Callable[[str], bool]) -> None:
        self.app = app
        self.is_target = is_target

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or not self.is_target(scope["path"]):
            await self.app(scope, receive, send)
            return
        body, receive = await read_body(receive)
        if body is None:  # the client left: let the endpoint see it
            await self.app(scope, receive, send)
            return
        if b"\\u" in body:
            text = body.decode("utf-8", "replace")
            cleaned = clean_json_line(text)
            if cleaned is not text:
                body = cleaned.encode("utf-8")
                headers = [(k, v) for k, v in scope["headers"] if k != b"content-length"]
                scope = {**scope, "headers": [*headers, (b"content-length", str(len(body)).encode())]}
            receive = replay([{"type": "http.request", "body": body, "more_body": False}], receive)  # the cleaned body
        await self.app(scope, receive, send)
