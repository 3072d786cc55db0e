"""JSON-RPC messages the SDK would drop without a reply, and the error answer each one gets instead.

    >>> refusal_of('{bad').message()["error"]["code"], refusal_of('{bad').message()["id"]
    (-32700, None)
    >>> answer = refusal_of('{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}').message()
    >>> answer["error"]["code"], answer["id"]
    (-32600, None)
    >>> refusal_of('{"jsonrpc": "2.0", "id": 1, "method": "ping"}') is None     # a valid message: hand it on
    True

The SDK parses a message with pydantic-core, whose JSON parser stops at 200 levels of nesting, and reads a
request whose id is an object, a fraction or an overflowing number as a notification; both get no reply at all
(over stdio) or a 202 (over HTTP). stdio.py and the `JsonRpcGuard` below ask this module first.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import pydantic_core
from mcp_types import INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, jsonrpc_message_adapter
from pydantic import ValidationError
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .codes import Code
from .envelope import build_entry, envelope
from .files import may_overflow
from .jsonsafe import non_finite
from .results import error_result

__all__ = ["MAX_NESTING", "JsonRpcGuard", "Refusal", "read_body", "refusal_of", "replay"]

MAX_NESTING = 200  # levels, the whole message included: pydantic-core's JSON recursion limit


@dataclass(frozen=True, slots=True)
class Refusal:
    """A JSON-RPC error answer for a message the server cannot process, with an ATDF envelope as its data."""

    id: str | int | None
    code: int
    reason: str
    envelope_code: str
    solution: str
    parameter: str | None = None
    tool: str | None = None  # a tools/call whose id and tool name could be read: answered as that tool's error result
    suggested_value: str | None = None
    suggested_arguments: dict[str, Any] | None = None  # the request's arguments as they should be sent

    def message(self) -> dict[str, Any]:
        """The JSON-RPC answer to send back: the tool's isError result (envelope first) for a readable tools/call,
        else a JSON-RPC error whose data is the envelope."""
        if self.tool is not None and self.id is not None:
            entry = build_entry(self.envelope_code, f"The arguments are {self.reason.removeprefix('the message is ').rstrip('.')}.",
                                self.tool, parameter=self.parameter, context={"retryable": False, "solution": self.solution})
            result = error_result(envelope([entry]), structured=False)  # the tool's outputSchema is not known here
            return {"jsonrpc": "2.0", "id": self.id, "result": result.model_dump(mode="json", by_alias=True, exclude_none=True)}
        titles = {PARSE_ERROR: "Parse error", INVALID_REQUEST: "Invalid Request", INVALID_PARAMS: "Invalid params"}
        context: dict[str, Any] = {"retryable": False, "solution": self.solution}
        if self.suggested_arguments is not None:
            context["suggested_arguments"] = self.suggested_arguments
        entry = build_entry(self.envelope_code, self.reason, "server", title=titles[self.code], parameter=self.parameter,
                            context=context, **({"suggested_value": self.suggested_value} if self.suggested_value is not None else {}))
        return {"jsonrpc": "2.0", "id": self.id,
                "error": {"code": self.code, "message": f"{titles[self.code]}: {self.reason}", "data": envelope([entry])}}


def refusal_of(raw: str | bytes) -> Refusal | None:
    """The error answer `raw` gets, or None when it is fine to hand on (or is a blank line or a response: no answer)."""
    if not raw.strip():
        return None
    try:
        value = pydantic_core.from_json(raw)
    except ValueError as exc:
        if "recursion limit" in str(exc):
            return _too_deep(raw)
        return Refusal(None, PARSE_ERROR, f"the message is not valid JSON ({exc}).", Code.PARSE_ERROR,
                       "Send one JSON-RPC message per line (stdio) or per request body (HTTP), as UTF-8 JSON.")
    if not isinstance(value, dict):
        return _invalid(None, "a JSON-RPC message is a JSON object (batches are not supported by MCP).")
    if "method" not in value:  # a response to one of our requests, or junk: neither gets an answer unless it is junk
        return None if "id" in value and ("result" in value or "error" in value) else \
            _invalid(_id_of(value), "the object has no 'method' (nor 'result'/'error' with an 'id').")
    if "id" in value and not _is_valid_id(value["id"]):
        return _invalid(None, f"the id {json.dumps(value['id'], default=str)[:40]} is not a string or an integer.")
    try:
        jsonrpc_message_adapter.validate_python(value, by_name=False)
    except ValidationError as exc:
        problems = "; ".join(f"{'/'.join(map(str, e['loc'][1:])) or 'message'}: {e['msg']}" for e in exc.errors()[:3])
        return _invalid(_id_of(value), f"the message does not have the JSON-RPC 2.0 shape ({problems}).")
    if _is_valid_id(value.get("id")) and (refusal := _bad_progress_token(value["id"], value.get("params"))) is not None:
        return refusal
    if value.get("method") == "tools/call" and _is_valid_id(value.get("id")):
        return _bad_call(value["id"], value.get("params")) or _not_finite(value["id"], value.get("params"), raw)
    if value.get("method") in _LISTS and _is_valid_id(value.get("id")):
        return _bad_list(value["id"], value["method"], value.get("params"))
    if value.get("method") == "prompts/get" and _is_valid_id(value.get("id")):
        return _bad_prompt(value["id"], value.get("params"))
    if value.get("method") in _BY_URI and _is_valid_id(value.get("id")):
        return _bad_uri(value["id"], value["method"], value.get("params"))
    return None


_BY_URI = ("resources/read", "resources/subscribe", "resources/unsubscribe")
_PROMPT_SHAPE = 'A prompts/get holds "params": {"name": "<prompt name>", "arguments": {<argument name>: "<string>", ...}}.'


def _bad_prompt(request_id: str | int, params: Any) -> Refusal | None:
    """What the SDK answers with a bare -32602 (data ""): no prompt name, arguments that are not an object, or an
    argument that is not a string (MCP prompt arguments are strings: the answer holds the arguments to send)."""
    if not isinstance(params, dict) or not isinstance(params.get("name"), str):
        return Refusal(request_id, INVALID_PARAMS, "the prompts/get names no prompt: params.name must be the prompt's name, a string.",
                       Code.VALIDATION_ERROR, f"{_PROMPT_SHAPE} prompts/list gives the names.", "name")
    arguments = params.get("arguments")
    if arguments is None:
        return None
    if not isinstance(arguments, dict):
        return Refusal(request_id, INVALID_PARAMS, f"the prompt arguments are {_kind(arguments)}, not a JSON object.",
                       Code.VALIDATION_ERROR, f"{_PROMPT_SHAPE} prompts/list gives each prompt's arguments.", "arguments")
    wrong = [name for name, given in arguments.items() if not isinstance(given, str)]
    if not wrong:
        return None
    fixed = {name: _as_text(given) for name, given in arguments.items() if given is not None}
    name, given = wrong[0], arguments[wrong[0]]
    if given is None:
        return Refusal(request_id, INVALID_PARAMS, f"the prompt argument {name!r} is null; prompt arguments are strings.",
                       Code.VALIDATION_ERROR, f"Leave {name!r} out to use its default, or send it as a string.", name,
                       suggested_arguments=fixed)
    return Refusal(request_id, INVALID_PARAMS, f"the prompt argument {name!r} is {_kind(given)}; prompt arguments are strings.",
                   Code.VALIDATION_ERROR, f"Send {name!r} as a string: context.suggested_arguments holds each argument as one.",
                   name, suggested_value=fixed[name], suggested_arguments=fixed)


def _as_text(value: Any) -> str:
    """A JSON value as the string a prompt argument carries: strings as they are, numbers and booleans as JSON writes them."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _bad_uri(request_id: str | int, method: str, params: Any) -> Refusal | None:
    """A resources request whose uri is missing or not a string (the SDK answers a bare -32602, data ""); None otherwise."""
    uri = params.get("uri") if isinstance(params, dict) else None
    if isinstance(uri, str):
        return None
    return Refusal(request_id, INVALID_PARAMS, f"the {method} has {'no uri' if uri is None else 'a uri that is ' + _kind(uri)}; "
                   "it must be a string.", Code.VALIDATION_ERROR,
                   f'Send {method} with "params": {{"uri": "<a URI from resources/list>"}}.', "uri")


_LISTS = ("tools/list", "prompts/list", "resources/list", "resources/templates/list")


def _bad_list(request_id: str | int, method: str, params: Any) -> Refusal | None:
    """A list request whose cursor is not a string (the SDK answers a bare -32602, data ""); None otherwise."""
    cursor = params.get("cursor") if isinstance(params, dict) else None
    if cursor is None or isinstance(cursor, str):
        return None
    return Refusal(request_id, INVALID_PARAMS, f"the {method} cursor is {_kind(cursor)}, not a string.", Code.VALIDATION_ERROR,
                   f"Send {method} without a cursor for the first page, then each result's nextCursor as it is (a string).",
                   "cursor")


_CALL_SHAPE = 'A tools/call holds "params": {"name": "<tool name>", "arguments": {<argument name>: <value>, ...}}.'


def _bad_call(request_id: str | int, params: Any) -> Refusal | None:
    """What the SDK answers with a bare -32602 (data ""): params that are not an object or lack a tool name, and
    arguments that are not an object (then answered as the tool's VALIDATION_ERROR result); None for a well-formed call."""
    if not isinstance(params, dict):
        return Refusal(request_id, INVALID_PARAMS, f"the tools/call has {'no params' if params is None else 'params that are not an object'}.",
                       Code.VALIDATION_ERROR, _CALL_SHAPE, "params")
    name = params.get("name")
    if not isinstance(name, str):
        return Refusal(request_id, INVALID_PARAMS, "the tools/call names no tool: params.name must be the tool's name, a string.",
                       Code.VALIDATION_ERROR, f"{_CALL_SHAPE} tools/list gives the names.", "name")
    arguments = params.get("arguments")
    if arguments is not None and not isinstance(arguments, dict):
        return Refusal(request_id, INVALID_PARAMS, f"not a JSON object (received {_kind(arguments)}).", Code.VALIDATION_ERROR,
                       'Send the arguments as one JSON object of argument names and values, e.g. "arguments": {"city": "Lima"}; '
                       "the tool's inputSchema names them.", "arguments", name)
    return None


def _bad_progress_token(request_id: str | int, params: Any) -> Refusal | None:
    """A request whose params._meta.progressToken is not a string or an integer (the SDK answers a bare -32602, data "")."""
    meta = params.get("_meta") if isinstance(params, dict) else None
    token = meta.get("progressToken") if isinstance(meta, dict) else None
    if token is None or _is_valid_id(token):
        return None
    return Refusal(request_id, INVALID_PARAMS, f"the progress token {json.dumps(token)[:40]} is not a string or an integer.",
                   Code.VALIDATION_ERROR, 'Send "_meta": {"progressToken": "<a string or an integer of your own>"} (one per '
                   "request, to match the progress notifications to it), or leave it out.", "_meta.progressToken")


def _not_finite(request_id: str | int, params: Any, raw: str | bytes) -> Refusal | None:
    """A tools/call whose arguments hold NaN, ±Infinity or a number that overflows to it, whatever the tool's schema:
    answered as the tool's VALIDATION_ERROR result naming where (server.py names it too, for every face, when a
    schema refuses it)."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if not (b"NaN" in data or b"Infinity" in data or may_overflow(data)):  # C substring searches: most calls stop here
        return None
    found = non_finite(params.get("arguments") if isinstance(params, dict) else None)
    if found is None:
        return None
    path, number = found
    reason, solution = _not_finite_texts(path, _said(number, data))
    return Refusal(request_id, INVALID_PARAMS, f"not valid JSON: {reason}", Code.VALIDATION_ERROR, solution,
                   path.split(".", 1)[0].split("[", 1)[0], params["name"])


def _said(number: float, data: bytes) -> str:
    """How the message wrote a non-finite number: NaN, ±Infinity, or a number that overflows (1e400), as the body
    shows it (a "NaN" in some string elsewhere does not make 1e400 an Infinity)."""
    if math.isnan(number):
        return "NaN"
    written = ("-" if number < 0 else "") + "Infinity"
    overflow = "a number too large to read (it overflows to infinity)"
    if b"Infinity" not in data:
        return overflow
    return f"{written} or {overflow}" if may_overflow(data) else written


def _not_finite_texts(path: str, said: str) -> tuple[str, str]:
    """What is wrong with a non-finite number at `path`, and what to send instead."""
    return (f"{path} is {said}, which JSON has no number for.",
            f"Send {path} as a finite number (JSON has no NaN or Infinity), or leave it out if it is optional.")


def _kind(value: Any) -> str:
    """A JSON value's kind, as a person says it."""
    if isinstance(value, bool):
        return "a boolean"
    return {list: "an array", str: "a string", int: "a number", float: "a number"}.get(type(value), "a JSON value")


def _too_deep(raw: str | bytes) -> Refusal:
    """A message nested past what the SDK parses: Invalid params for its own id when the id can still be read."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        value = None
    request_id = _id_of(value) if isinstance(value, dict) and "method" in value else None
    params = value.get("params") if isinstance(value, dict) and value.get("method") == "tools/call" else None
    tool = params.get("name") if isinstance(params, dict) and isinstance(params.get("name"), str) else None
    return Refusal(request_id, INVALID_PARAMS, f"the message is nested more than {MAX_NESTING} levels deep.", Code.VALIDATION_ERROR,
                   f"Flatten the arguments: at most about {MAX_NESTING - 5} levels of nested objects and arrays.", "arguments",
                   tool)


def _invalid(request_id: str | int | None, reason: str) -> Refusal:
    return Refusal(request_id, INVALID_REQUEST, reason, Code.INVALID_REQUEST,
                   "Send a JSON-RPC 2.0 request: {\"jsonrpc\": \"2.0\", \"id\": <string or integer>, \"method\": ..., \"params\": {...}}.")


def _is_valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _id_of(value: dict[str, Any]) -> str | int | None:
    request_id = value.get("id")
    return request_id if _is_valid_id(request_id) else None


class JsonRpcGuard:
    """Answers the JSON-RPC POSTs to /mcp, /mcp/{toolset} and /messages/ that the SDK would drop: HTTP 400 and the JSON-RPC error, or
200 and the tool's error result for a tools/call too deep to parse."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not _is_jsonrpc_post(scope):
            await self.app(scope, receive, send)
            return
        body, receive = await read_body(receive)  # BodyLimit, outside this guard, bounds what is read here
        if body is None:  # the client left: let the endpoint see it
            await self.app(scope, receive, send)
            return
        refusal = refusal_of(body)
        if refusal is not None:
            answer = refusal.message()
            await JSONResponse(answer, status_code=200 if "result" in answer else 400)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _is_jsonrpc_post(scope: Scope) -> bool:
    if scope["type"] != "http" or scope["method"] != "POST":
        return False
    path = scope["path"]
    if not (path == "/mcp" or path.startswith(("/mcp/", "/messages/"))):  # /mcp/{toolset}: a set's endpoint
        return False
    return "json" in Headers(scope=scope).get("content-type", "")  # other media types: the SDK answers 415


async def read_body(receive: Receive) -> tuple[bytes | None, Receive]:
    """The whole request body (None if the client left first), and a receive that hands the read messages back."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None, replay([message], receive)
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            body = b"".join(chunks)
            return body, replay([{"type": "http.request", "body": body, "more_body": False}], receive)


def replay(messages: list[Message], receive: Receive) -> Receive:
    """A receive that hands back the messages already read, then reads on."""
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
