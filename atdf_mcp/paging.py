"""Cursor pages of tools/list, prompts/list and resources/list, for `serve --page-size N` (unpaginated by default).

A cursor is opaque to the client: base64url of `{"k": list, "g": generation, "o": offset, "a": last name}`. The
server counts its snapshots (`generation`); a cursor of the snapshot being served continues at its offset. A cursor
made before a reload continues after the last item it returned, by name, in the new list (at its offset when that
item is gone): it never fails, and the client also got list_changed and may list again. A cursor that is not one of
ours, or that names another list or an offset past the end of the same snapshot, is INVALID_PARAMS (-32602), as the
MCP specification says.

    >>> page(result, "tools", cursor=None, size=100, generation=3)   # the first 100 tools and a next_cursor
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any, TypeVar

import mcp.types as types
from mcp.shared.exceptions import MCPError

__all__ = ["FIELDS", "decode_cursor", "encode_cursor", "page"]

FIELDS = {"tools": "tools", "prompts": "prompts", "resources": "resources"}  # list kind → the result's field
_MAX_CURSOR = 1024

R = TypeVar("R", types.ListToolsResult, types.ListPromptsResult, types.ListResourcesResult)


def encode_cursor(kind: str, generation: int, offset: int, after: str) -> str:
    """The opaque cursor of the page starting at `offset`, after the item named `after`."""
    raw = json.dumps({"k": kind, "g": generation, "o": offset, "a": after}, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(raw.encode()).decode("ascii").rstrip("=")


def decode_cursor(cursor: str, kind: str) -> dict[str, Any]:
    """The fields of a cursor of `kind`; MCPError INVALID_PARAMS when it is not one."""
    try:
        if len(cursor) > _MAX_CURSOR:
            raise ValueError("too long")
        data = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if (not isinstance(data, dict) or data.get("k") != kind or not isinstance(data.get("g"), int)
                or not isinstance(data.get("o"), int) or isinstance(data.get("o"), bool) or data["o"] < 0
                or not isinstance(data.get("a"), str)):
            raise ValueError("not a cursor of this list")
    except (ValueError, binascii.Error, UnicodeDecodeError) as exc:
        raise MCPError(types.INVALID_PARAMS, f"Invalid cursor for {kind}/list: pass a nextCursor of a {kind}/list result, "
                                             "or none for the first page", {"cursor": cursor[:100]}) from exc
    return data


def page(result: R, kind: str, *, cursor: str | None, size: int | None, generation: int) -> R:
    """The page of `result` that `cursor` asks for (`size` items, None: all the rest), with its next_cursor."""
    if cursor is None and size is None:
        return result
    field = FIELDS[kind]
    items: list[Any] = getattr(result, field)
    start = 0
    if cursor is not None:
        data = decode_cursor(cursor, kind)
        start = data["o"]
        if data["g"] == generation:
            if start > len(items):
                raise MCPError(types.INVALID_PARAMS, f"Invalid cursor for {kind}/list: it points past the end of the list",
                               {"cursor": cursor[:100]})
        else:  # made before a reload: continue after the item it ended with
            start = _after(items, data["a"], start)
    end = len(items) if size is None else min(start + size, len(items))
    chunk = items[start:end]
    next_cursor = encode_cursor(kind, generation, end, _name(chunk[-1])) if end < len(items) and chunk else None
    return result.model_copy(update={field: chunk, "next_cursor": next_cursor})


def _name(item: Any) -> str:
    return str(getattr(item, "uri", None) or item.name) if isinstance(item, types.Resource) else item.name


def _after(items: list[Any], name: str, offset: int) -> int:
    """Where a page continues in a new list: after the item called `name`, else at `offset` (at most the end)."""
    for n, item in enumerate(items):
        if _name(item) == name:
            return n + 1
    return min(offset, len(items))
