"""call_tool's `arguments` sent as a JSON string: agents that write the inner call as text send `"{\\"text\\": \\"hi\\"}"`.

A string holding a JSON object is decoded and the tool is called with the object, as if it had been sent so; the
result (the tool's own: content and structured output untouched) says it under `_meta["atdf.io/arguments"]`. Any
other string (not JSON, or the JSON of something else than an object) is a VALIDATION_ERROR on `arguments` that says
what the string held, whose suggested_arguments are the same call with an object. The tool's arguments sent beside
`name` (`{"name": "shout", "text": "hi"}`, as a direct call takes them) are a VALIDATION_ERROR whose suggested_arguments
put them under `arguments`.

    >>> decode_inner({"name": "shout", "arguments": '{"text": "hi"}'}).arguments
    {'name': 'shout', 'arguments': {'text': 'hi'}}
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import mcp.types as types

from .codes import Code
from .envelope import build_entry, envelope

__all__ = ["ARGUMENTS_META_KEY", "Inner", "decode_inner", "noted"]

ARGUMENTS_META_KEY = "atdf.io/arguments"
"""The `_meta` key of a call_tool result whose `arguments` arrived as a string holding a JSON object."""
_NOTE = {"decoded": True, "note": "'arguments' arrived as a string holding a JSON object: it was decoded, and the tool called "
                                  "with the object. Send 'arguments' as a JSON object, not as a string."}
_PREVIEW = 80
_OWN = ("name", "arguments")  # call_tool's own arguments
_REQUEST_META = frozenset({"_meta", "progressToken"})  # the request's, never a tool's argument


class Inner(NamedTuple):
    """call_tool's arguments with `arguments` decoded (`decoded`), or the envelope refusing a string that holds no object."""

    arguments: Any
    decoded: bool = False
    refusal: dict[str, Any] | None = None


def decode_inner(arguments: Any) -> Inner:
    """call_tool's arguments with a string `arguments` decoded when it holds a JSON object (else refused); others as given."""
    flat = _flat_call(arguments)
    if flat is not None:
        return Inner(arguments, refusal=_flat(arguments, *flat))
    inner = arguments.get("arguments") if isinstance(arguments, dict) else None
    if not isinstance(inner, str):
        return Inner(arguments)
    try:
        value = json.loads(inner)
    except (ValueError, RecursionError) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else "it nests too deeply"
        return Inner(arguments, refusal=_refused(arguments, f"Argument 'arguments' is a string that is not JSON ({why}): "
                                                            "call_tool takes the tool's arguments as a JSON object."))
    if isinstance(value, dict):
        return Inner({**arguments, "arguments": value}, decoded=True)
    shown = inner if len(inner) <= _PREVIEW else inner[:_PREVIEW - 3] + "..."
    return Inner(arguments, refusal=_refused(arguments, f"Argument 'arguments' is a string holding JSON {_kind(value)} ({shown}), "
                                                        "not an object of the tool's arguments.", decoded=value))


def noted(result: types.CallToolResult) -> types.CallToolResult:
    """The result of a call whose `arguments` were decoded, saying so in its `_meta`."""
    return result.model_copy(update={"meta": {**(result.meta or {}), ARGUMENTS_META_KEY: dict(_NOTE)}})


def _refused(arguments: dict[str, Any], detail: str, **decoded: Any) -> dict[str, Any]:
    """The VALIDATION_ERROR envelope of a string `arguments` that holds no object."""
    retry = {**arguments, "arguments": {}}
    name = arguments.get("name")
    return envelope([build_entry(Code.VALIDATION_ERROR, detail, "call_tool", title="Wrong argument type", parameter="arguments",
                                 suggested_value={}, context={
                                     **decoded, "suggested_arguments": retry,
                                     "solution": "Send 'arguments' as a JSON object of the tool's arguments (an object, not a "
                                                 f"string holding one): get_tool_info {{\"name\": {json.dumps(name)}}} names them; "
                                                 "{} for a tool that takes none."})])


def _own_key(arguments: dict[str, Any], own: str) -> str | None:
    """The key spelling call_tool's own argument `own`: as is, else the one key of it in another case ('ARGUMENTS')."""
    if own in arguments:
        return own
    keys = [key for key in arguments if isinstance(key, str) and key.casefold() == own]
    return keys[0] if len(keys) == 1 else None


def _flat_call(arguments: Any) -> tuple[str, dict[str, Any], list[str]] | None:
    """(the name, the tool's arguments under `arguments`, the keys beside them) of a call_tool whose `name` (in any
    case) is a string and whose object, null or JSON object string `arguments` (in any case) has keys beside it, or
    its own keys in another case; else None."""
    if not isinstance(arguments, dict):
        return None
    name_key, inner_key = _own_key(arguments, "name"), _own_key(arguments, "arguments")
    if name_key is None or not isinstance(arguments[name_key], str):
        return None
    inner = {} if inner_key is None else arguments[inner_key]
    if isinstance(inner, str):
        try:
            inner = json.loads(inner)
        except (ValueError, RecursionError):
            inner = {}  # not JSON: the retry holds the keys beside the name alone
    inner = {} if inner is None else inner
    beside = [key for key in arguments if key not in (name_key, inner_key)]
    if not isinstance(inner, dict) or not (beside or (name_key, inner_key or "arguments") != _OWN):
        return None
    return arguments[name_key], inner, beside


def _flat(arguments: dict[str, Any], name: str, inner: dict[str, Any], beside: list[str]) -> dict[str, Any]:
    """The VALIDATION_ERROR envelope of a tool's arguments sent beside `name` (or of call_tool's own arguments in another
    case): the retry puts them under `arguments` (none when one of them is also there with another value), without the
    request's `_meta` or `progressToken`, which are no arguments."""
    moved = {key: arguments[key] for key in beside if key not in _REQUEST_META}
    dropped = [key for key in beside if key in _REQUEST_META]
    clash = any(key in inner and inner[key] != value for key, value in moved.items())
    names = ", ".join(repr(key) for key in moved)
    solution = (f"Put the tool's arguments ({names}) under 'arguments': " if moved else "") + \
        "call_tool takes {\"name\": ..., \"arguments\": {...}}, in lower case."
    if dropped:
        solution += " A progress token goes in the request's params._meta (progressToken), not among call_tool's arguments."
    context: dict[str, Any] = {"received": {key: arguments[key] for key in beside} or dict(arguments),
                               "expected": {"conditions": ["allowed arguments: name, arguments"]}, "solution": solution}
    if not clash:
        context["suggested_arguments"] = {"name": name, "arguments": {**inner, **moved}}
    wrong = beside[0] if beside else next(key for key in arguments if key not in _OWN)
    detail = (f"call_tool has no argument {wrong!r}: the tool's arguments go under 'arguments', not beside 'name'." if moved else
              f"call_tool has no argument {wrong!r}: its arguments are 'name' and 'arguments'.")
    return envelope([build_entry(Code.VALIDATION_ERROR, detail, "call_tool", title="Unknown argument", parameter=wrong,
                                 context=context)])


def _kind(value: Any) -> str:
    """'an array', 'a string', ... for a decoded JSON value."""
    return {list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}.get(type(value), "null")
