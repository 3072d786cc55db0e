"""Cursor pages of tools/list, prompts/list and resources/list, for `serve --page-size N` (unpaginated by default).

A cursor is opaque to the client: base64url of `{"k": list, "l": the list it was cut from, "o": offset, "v": view}`,
where the list is named by a digest of its items' names in order, and the view (tool set, language) by a digest of its
key. A cursor continues the very list it was cut from:

- the list served now, when it is that list (the same names in the same order: no reload changed it, or another
  replica or a restarted server serves the same catalogue): at its offset;
- else the list it was cut from, which the server holds while its walk goes on: a walk that reloads interrupt (any
  number of them) reads the whole list it started, never skipping or repeating an item (the client also got
  list_changed, and lists again from the first page). A list is held `HOLD_SECONDS` after its last page was served,
  and at most `MAX_HELD` lists are held (the one paged least recently is dropped first);
- else (a list no longer held, another tool set's or language's list, a cursor that is not ours, of another kind
  of list, or past its end): INVALID_PARAMS (-32602), as the MCP specification says, telling the client to list again
  from the first page (a cursor of another view's list says so, not that the catalogue was reloaded, and a cursor of
  this view's list says it was reloaded, whichever other view still holds a list of the same names). A client
  that pages on a stale position would skip or repeat items without knowing it.

    >>> from atdf_mcp import load_catalog
    >>> from atdf_mcp.view import view_of
    >>> result = view_of(load_catalog("descriptors")).list_tools    # the demo catalogue lists 12 tools
    >>> pages = Pages()                                   # CatalogServer keeps one; rotate() at every reload
    >>> first = pages.page(result, "tools", cursor=None, size=10, key=(None, None))   # key: the view's tool set, language
    >>> len(first.tools), first.next_cursor is not None
    (10, True)
    >>> [t.name for t in pages.page(result, "tools", cursor=first.next_cursor, size=10, key=(None, None)).tools]
    ['unit_converter', 'trip_booking']
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import mcp.types as types
from mcp.shared.exceptions import MCPError

from .codes import Code
from .envelope import build_entry, envelope

__all__ = ["FIELDS", "HOLD_SECONDS", "MAX_HELD", "Pages", "bad_cursor", "decode_cursor", "encode_cursor", "list_digest", "view_digest"]

FIELDS = {"tools": "tools", "prompts": "prompts", "resources": "resources"}  # list kind → the result's field
_MAX_CURSOR = 1024
_MAX_MEMO = 64  # list results whose digest is remembered (one per tool set, language and kind in use)
HOLD_SECONDS = 120.0  # how long a list is held for its cursors after its last page was served
MAX_HELD = 32  # lists held for their cursors at most (each one a list result of a snapshot, its items shared with it)

R = TypeVar("R", types.ListToolsResult, types.ListPromptsResult, types.ListResourcesResult)


def encode_cursor(kind: str, digest: str, offset: int, view: str | None = None) -> str:
    """The opaque cursor of the page starting at `offset` of the list whose digest is `digest` (of the view `view`)."""
    fields: dict[str, Any] = {"k": kind, "l": digest, "o": offset, **({"v": view} if view is not None else {})}
    raw = json.dumps(fields, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode("ascii").rstrip("=")


def decode_cursor(cursor: str, kind: str) -> dict[str, Any]:
    """The fields of a cursor of `kind`; MCPError INVALID_PARAMS when it is not one."""
    try:
        if len(cursor) > _MAX_CURSOR:
            raise ValueError("too long")
        data = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if (not isinstance(data, dict) or data.get("k") != kind or not isinstance(data.get("l"), str)
                or not isinstance(data.get("o"), int) or isinstance(data.get("o"), bool) or data["o"] < 0
                or not isinstance(data.get("v", ""), str)):
            raise ValueError("not a cursor of this list")
    except (ValueError, binascii.Error, UnicodeDecodeError) as exc:
        raise bad_cursor(kind, f"pass a nextCursor of a {kind}/list result, or none for the first page", cursor,
                         "not ours") from exc
    return data


def bad_cursor(kind: str, why: str, cursor: str, reason: str) -> MCPError:
    """The -32602 answer to a cursor that cannot be followed, its data an ATDF envelope: what was received, why
    (`reason`: "not ours", "stale", "past the end") and the request to send instead (no cursor). A cursor that is not
    a string never gets here: atdf_mcp.wire answers it."""
    message = f"Invalid cursor for {kind}/list: {why}"
    entry = build_entry(Code.VALIDATION_ERROR, message, "server", title="Invalid params", parameter="cursor", context={
        "received": {"cursor": cursor[:100]}, "reason": reason, "retryable": True, "suggested_arguments": {},
        "solution": f"Send {kind}/list again without a cursor, then follow each result's nextCursor."})
    return MCPError(types.INVALID_PARAMS, message, envelope([entry]))


def view_digest(key: Hashable) -> str:
    """What names a view (its tool set and language) in its cursors, the same in every process."""
    return hashlib.blake2b(repr(key).encode("utf-8", "surrogatepass"), digest_size=4).hexdigest()


def list_digest(items: list[Any]) -> str:
    """What names a list in its cursors: a digest of its items' names, in order."""
    names = "\n".join(_name(item) for item in items).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(names, digest_size=8).hexdigest()


class Pages:
    """Pages of list results, and the lists their cursors were cut from, held while their walks go on."""

    def __init__(self, *, hold_seconds: float = HOLD_SECONDS, max_held: int = MAX_HELD,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hold_seconds, self.max_held, self._clock = hold_seconds, max_held, clock
        self._held: OrderedDict[tuple[Hashable, str, str], tuple[Any, float]] = OrderedDict()  # (view, kind, digest) → list, last page
        self._digests: dict[int, tuple[Any, str]] = {}  # id(result) → (result, its digest), the result kept: ids stay unique

    def rotate(self) -> None:
        """A new snapshot is served: the lists whose walks have gone quiet are dropped (the others stay held)."""
        self._digests = {}
        self._expire()

    def _expire(self) -> None:
        deadline = self._clock() - self.hold_seconds
        while self._held and (len(self._held) > self.max_held or next(iter(self._held.values()))[1] < deadline):
            self._held.popitem(last=False)

    def _hold(self, key: tuple[Hashable, str, str], result: Any) -> None:
        """Hold a list for the cursor just cut from it (its walk is going on: its time starts again)."""
        self._held[key] = (result, self._clock())
        self._held.move_to_end(key)
        self._expire()

    def page(self, result: R, kind: str, *, cursor: str | None, size: int | None, key: Hashable = None) -> R:
        """The page of `result` that `cursor` asks for (`size` items, None: all the rest), with its next_cursor; `key` names
        the view the list belongs to (its tool set and language), whose cursors fit no other view."""
        if cursor is None and size is None:
            return result
        field, view = FIELDS[kind], view_digest(key)
        start, digest = 0, self._digest(result, field)
        if cursor is not None:
            data = decode_cursor(cursor, kind)
            start = data["o"]
            if data["l"] != digest:  # cut from another list: one a reload replaced, if still held
                self._expire()
                held = self._held.get((key, kind, data["l"]), (None, 0.0))[0]
                if held is None and data.get("v", view) != view:
                    raise bad_cursor(kind, "it was cut from the list of another tool set or language: list this one from the "
                                           "first page, without a cursor", cursor, "not ours")
                if held is None:
                    raise bad_cursor(kind, "the list it was cut from is no longer served (the catalogue was reloaded): list "
                                           "again from the first page, without a cursor", cursor, "stale")
                result, digest = held, data["l"]
        items: list[Any] = getattr(result, field)
        if start > len(items):
            raise bad_cursor(kind, "it points past the end of the list", cursor, "past the end")
        end = len(items) if size is None else min(start + size, len(items))
        next_cursor = None
        if end < len(items):
            self._hold((key, kind, digest), result)
            next_cursor = encode_cursor(kind, digest, end, view)
        return result.model_copy(update={field: items[start:end], "next_cursor": next_cursor})

    def _digest(self, result: Any, field: str) -> str:
        """The digest of a list result, worked out once per result object."""
        known = self._digests.get(id(result))
        if known is not None and known[0] is result:
            return known[1]
        if len(self._digests) >= _MAX_MEMO:
            self._digests = {}
        digest = list_digest(getattr(result, field))
        self._digests[id(result)] = (result, digest)
        return digest


def _name(item: Any) -> str:
    return str(getattr(item, "uri", None) or item.name) if isinstance(item, types.Resource) else item.name
