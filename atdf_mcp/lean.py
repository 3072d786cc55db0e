"""Smaller copies of the pydantic models a snapshot holds by the thousand (a listing entry per tool and resource).

    >>> from mcp import types
    >>> tool = types.Tool.model_validate({"name": "t", "inputSchema": {"type": "object"}})
    >>> entry = lean(tool)
    >>> entry == tool, entry.model_dump_json() == tool.model_dump_json()
    (True, True)

A validated model keeps its fields in a dict of its own (0.6 KiB for the nine fields of an MCP `Tool`) and a set of
the fields given (0.2 KiB). `lean` re-houses the same values: the fields set one by one in field order, so that every
instance of the class shares one table of keys (CPython's key-sharing instance dicts, a third of the size), and one
fields set per class and set of names. Nothing else changes: the same values, equal models, the same dumps.
The shared set is safe as long as nobody assigns a field of a listed model (pydantic would add the name to it for
every model sharing it); `model_copy(update=...)` copies the set first, and listings are never changed in place.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

__all__ = ["lean"]

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__
_FIELDS_SETS: dict[tuple[type[BaseModel], frozenset[str]], set[str]] = {}


def lean(model: M) -> M:
    """An equal model that takes less memory: key-sharing fields and a shared fields set."""
    cls = type(model)
    copy = cls.__new__(cls)
    for name, value in model.__dict__.items():
        _set(copy, name, value)
    given = model.__pydantic_fields_set__
    key = (cls, frozenset(given))
    _set(copy, "__pydantic_fields_set__", _FIELDS_SETS.get(key) or _FIELDS_SETS.setdefault(key, given))
    _set(copy, "__pydantic_extra__", model.__pydantic_extra__)
    _set(copy, "__pydantic_private__", model.__pydantic_private__)
    return copy
