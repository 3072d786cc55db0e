"""An ASGI middleware that lets JSON-RPC bodies holding escaped lone surrogates be answered.

The SDK's JSON parser refuses `"\\ud800"` (a lone surrogate escape, valid in JSON text but not as Unicode) and the
request gets no answer for its id. This middleware rewrites such bodies with U+FFFD in place of each lone surrogate
(atdf_mcp.jsonsafe.clean_json_line) before the MCP endpoints read them; other bodies pass untouched.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .jsonsafe import clean_json_line

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
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: let the endpoint see it
                await self.app(scope, _replay([message], receive), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if b"\\u" in body:
            text = body.decode("utf-8", "replace")
            cleaned = clean_json_line(text)
            if cleaned is not text:
                body = cleaned.encode("utf-8")
                headers = [(k, v) for k, v in scope["headers"] if k != b"content-length"]
                scope = {**scope, "headers": [*headers, (b"content-length", str(len(body)).encode())]}
        await self.app(scope, _replay([{"type": "http.request", "body": body, "more_body": False}], receive), send)


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A receive that hands out `messages` first, then reads on (for the disconnect)."""
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
