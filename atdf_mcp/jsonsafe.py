"""Make what handlers return sendable as JSON: no lone surrogates, no NaN/Infinity, no Python-only types.

    >>> import datetime
    >>> json_safe({"when": datetime.date(2030, 1, 2), "tags": {"a"}, "score": float("nan"), "name": "x\\ud800"})
    {'when': '2030-01-02', 'tags': ['a'], 'score': None, 'name': 'x�'}

The SDK encodes every message as UTF-8 JSON (pydantic's `model_dump_json`), which fails on a lone surrogate, and
Python's `json` writes NaN and Infinity, which are not JSON. Values with an obvious JSON form are converted
(strings with lone surrogates get U+FFFD, non-finite floats become null, sets and tuples lists, dates ISO 8601 text,
bytes base64 text, UUIDs, paths and decimals text, enums their value); anything else raises `NotSerialisable`,
unless a `fallback` turns it into something (envelopes use `str`, so an error is always sent).
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import enum
import json
import math
import re
import uuid
from collections.abc import Callable
from pathlib import PurePath
from typing import Any

__all__ = ["NotSerialisable", "clean_json_line", "clean_text", "json_safe", "json_text", "non_finite"]

_MAX_DEPTH = 400  # deeper values are not walked (nor could the SDK encode them): they are refused


class NotSerialisable(TypeError):
    """A value that has no JSON form, with where it sits (a JSON pointer) and its type."""

    def __init__(self, pointer: str, kind: str) -> None:
        super().__init__(f"a {kind} at {pointer or '/'} has no JSON form")
        self.pointer = pointer
        self.kind = kind


def clean_text(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD (pairs of surrogates are joined into their character)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def json_text(value: Any, *, fallback: Callable[[Any], Any] | None = None) -> tuple[str, Any]:
    """`value` as compact JSON text, and the value that text encodes (`value` itself when it was already JSON-safe)."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
        return text, value
    except (TypeError, ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        safe = json_safe(value, fallback=fallback)
        return json.dumps(safe, ensure_ascii=False), safe


def json_safe(value: Any, *, fallback: Callable[[Any], Any] | None = None) -> Any:
    """A copy of `value` made of JSON types only (see the module docstring); NotSerialisable if that cannot be done."""
    return _safe(value, "", fallback, 0)


def _safe(value: Any, pointer: str, fallback: Callable[[Any], Any] | None, depth: int) -> Any:
    if depth > _MAX_DEPTH:
        raise NotSerialisable(pointer, "value nested too deeply")
    if value is None or (isinstance(value, (bool, int)) and not isinstance(value, enum.Enum)):
        return value
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {clean_text(str(key)): _safe(item, f"{pointer}/{key}", fallback, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_safe(item, f"{pointer}/{i}", fallback, depth + 1) for i, item in enumerate(value)]
    if isinstance(value, (set, frozenset)):
        items = [_safe(item, f"{pointer}/{i}", fallback, depth + 1) for i, item in enumerate(value)]
        try:
            return sorted(items)
        except TypeError:  # mixed kinds: keep the set's own order
            return items
    converted = _convert(value)
    if converted is not _NONE:
        return _safe(converted, pointer, fallback, depth + 1)
    if fallback is not None:
        return _safe(fallback(value), pointer, None, depth + 1)
    raise NotSerialisable(pointer, type(value).__name__)


_NONE = object()


def _convert(value: Any) -> Any:
    """The JSON form of a value of a well-known type, or _NONE."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, (uuid.UUID, PurePath, decimal.Decimal)):
        return str(value)
    if hasattr(value, "model_dump"):  # pydantic models inside a result
        return value.model_dump(mode="json", by_alias=True, exclude_none=True)
    return _NONE


# A \uD800-\uDFFF escape in JSON text (not itself escaped): the SDK's parser refuses lone ones, and drops the message.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def non_finite(value: Any) -> tuple[str, float] | None:
    """The first NaN or ±Infinity in received data (Python reads them, and 1e400 as infinity; JSON has no such number),
    as its path (`value.xs[1]`) and the number; None when every number is finite. Walked without recursion; a path
    is written only for a container or the number found, so a list of millions of numbers costs one pass over it."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return path, item
        members = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        nested: list[tuple[Any, str]] = []
        for key, member in members:
            if isinstance(member, (dict, list)) or (isinstance(member, float) and not math.isfinite(member)):
                nested.append((member, f"{path}.{key}" if isinstance(item, dict) and path else str(key)
                               if isinstance(item, dict) else f"{path}[{key}]"))
                if not isinstance(member, (dict, list)):
                    break  # the first non-finite number of this container: nothing after it is walked
        stack.extend(reversed(nested))
    return None


def clean_json_line(line: str) -> str:
    """A JSON-RPC line whose string escapes of lone surrogates are replaced by U+FFFD, so the message can be parsed
    and answered; any other line is returned as it is."""
    if not _SURROGATE_ESCAPE.search(line):
        return line
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return line
    text, _ = json_text(message, fallback=str)
    return text + ("\n" if line.endswith("\n") else "")
