"""What the SDK's HTTP transports answer on their own, made answers a client can act on.

    POST /mcp  Content-Type: text/plain     SDK: 400 "Invalid Content-Type header" (plain text)
               → 400 {"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": ..., "data": <ATDF envelope>}}

The Streamable HTTP and SSE transports refuse a wrong Content-Type or Accept, a missing or ended session and an
unsupported method before any handler runs, in plain text or as a JSON-RPC error with a message only: nothing says
what to send instead. `SdkRefusals` keeps each status and JSON-RPC code and adds the envelope, whose solution names the
header or query parameter to fix. An answer that already carries an envelope (the gate's, the guard's) passes as it is.

It also drops `Last-Event-ID` from a GET of /mcp when sessions keep no events (`--stateless`): the SDK then returns
without any answer (uvicorn's 500). The MCP specification lets a server not replay; the stream opens, live. Stateful
sessions replay (atdf_mcp.resumption).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mcp_types import INTERNAL_ERROR, INVALID_REQUEST
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .codes import Code
from .l10n import N_
from .l10n import gettext as _
from .rest import error_response

__all__ = ["SdkRefusals"]

@dataclass(frozen=True, slots=True)
class _Fix:
    """What a refusal whose text holds `words` means: its code, the header or parameter at fault and what to send."""

    words: str
    code: Code
    parameter: str | None
    solution: str  # marked N_: translated when answered


_FIXES = (  # matched in order against the SDK's text, lowercased
    _Fix("content-type", Code.INVALID_REQUEST, "Content-Type", N_("Send the JSON-RPC message with the header `Content-Type: application/json`.")),
    _Fix("not acceptable", Code.INVALID_REQUEST, "Accept", N_(
        "Send the header `Accept: application/json, text/event-stream` (a GET of the session's stream: `Accept: text/event-stream`).")),
    _Fix("missing session id", Code.INVALID_REQUEST, "Mcp-Session-Id", N_(
        "Send initialize first, without Mcp-Session-Id, then send the Mcp-Session-Id header of its answer with every request "
        "(a client of the older HTTP+SSE transport connects to /sse, or /sse/NAME for a tool set, instead).")),
    *(_Fix(words, Code.NOT_FOUND, "Mcp-Session-Id", N_(
        "The session has ended (closed, idle too long, or the server restarted): send initialize again without Mcp-Session-Id, "
        "then send the Mcp-Session-Id header of its answer with every request."))
      for words in ("session not found", "invalid or expired session", "session has been terminated")),
    _Fix("only one sse stream", Code.INVALID_REQUEST, None, N_(
        "This session's GET stream is already open: keep reading it, or close it before opening another.")),
    *(_Fix(words, Code.INVALID_REQUEST, "session_id", N_(
        "Open GET /sse first and POST each message to the endpoint URL its first event names (it carries ?session_id=...)."))
      for words in ("session_id is required", "invalid session id")),
    _Fix("could not find session", Code.NOT_FOUND, "session_id", N_(
        "The SSE session has ended: open GET /sse again and POST each message to the endpoint URL its first event names (its new ?session_id=...).")),
)
_OTHER = _Fix("", Code.HTTP_ERROR, None, N_(
    "Send a JSON-RPC message as a POST with `Content-Type: application/json`, and the session's header or query parameter."))
_FAILED = _Fix("", Code.INTERNAL_ERROR, None, N_("Retry the request; if it keeps failing, tell the server's operator."))
_SSE_METHODS = _Fix("", Code.METHOD_NOT_ALLOWED, None, N_("POST the messages of an SSE session here; GET /sse opens one."))
_MCP_METHODS = _Fix("", Code.METHOD_NOT_ALLOWED, None, N_(
    "Use POST to send a message, GET to open the session's stream and DELETE to end the session."))


def _fix_for(text: str, status: int, path: str) -> _Fix:
    lowered = text.lower()
    for fix in _FIXES:
        if fix.words in lowered:
            return fix
    if status == 405:
        return _SSE_METHODS if path.startswith("/messages/") else _MCP_METHODS
    return _FAILED if status >= 500 else _OTHER


class SdkRefusals:
    """ASGI middleware around the MCP endpoints: an SDK refusal (4xx, 5xx) without an envelope gets one."""

    def __init__(self, app: ASGIApp, is_target: Any, resumable: bool = False) -> None:
        self.app, self.is_target, self.resumable = app, is_target, resumable

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.is_target(scope["path"]):
            await self.app(scope, receive, send)
            return
        if not self.resumable and scope["method"] == "GET" and scope["path"].startswith("/mcp"):  # no events kept: none to replay
            scope = {**scope, "headers": [(k, v) for k, v in scope["headers"] if k.lower() != b"last-event-id"]}
        held: list[Message] = []

        async def refusing(message: Message) -> None:
            if held or (message["type"] == "http.response.start" and message["status"] >= 400):
                held.append(message)
                if message["type"] == "http.response.body" and not message.get("more_body", False):
                    await self._answer(scope, held, receive, send)
                return
            await send(message)

        await self.app(scope, receive, refusing)

    async def _answer(self, scope: Scope, held: list[Message], receive: Receive, send: Send) -> None:
        start, body = held[0], b"".join(m.get("body", b"") for m in held[1:])
        status = start["status"]
        text, code = _read(body, status)
        if text is None:  # an envelope already: as it was
            for message in held:
                await send(message)
            return
        fix = _fix_for(text, status, scope["path"])
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in start.get("headers", [])
                   if k.lower() in (b"allow", b"mcp-session-id", b"www-authenticate")}
        answer = error_response(fix.code, text or _("The request was refused ({status}).").format(status=status), status=status,
                                parameter=fix.parameter, headers=headers or None, jsonrpc=True,
                                context={"retryable": status >= 500, "solution": _(fix.solution)})
        payload = json.loads(answer.body)
        payload["error"]["code"] = code
        await _send_json(payload, status, answer.headers, send)


def _read(body: bytes, status: int) -> tuple[str | None, int]:
    """The refusal's text and JSON-RPC code; None for the text when the body already carries an envelope."""
    try:
        value = json.loads(body)
    except ValueError:
        return body.decode("utf-8", "replace").strip(), INTERNAL_ERROR if status >= 500 else INVALID_REQUEST
    error = value.get("error") if isinstance(value, dict) else None
    if not isinstance(error, dict):
        return (None, 0) if isinstance(value, dict) and "errors" in value else (body.decode("utf-8", "replace").strip(), INVALID_REQUEST)
    if isinstance(error.get("data"), dict):
        return None, 0
    code = error.get("code")
    return str(error.get("message", "")), code if isinstance(code, int) else INVALID_REQUEST


async def _send_json(payload: dict[str, Any], status: int, headers: Any, send: Send) -> None:
    body = json.dumps(payload).encode()
    raw = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items() if k.lower() != "content-length"]
    await send({"type": "http.response.start", "status": status, "headers": [*raw, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
