"""A sort written as {"field": …, "order": …}, as a list of one such object, or as "-field", for an enum whose members
are a field and a direction ("created_at:desc", "creationTimestamp desc"): the one member that says both, or nothing.

    >>> sort_member({"field": "created_at", "order": "desc"}, ["created_at:desc", "created_at:asc"])
    'created_at:desc'
    >>> sort_member("-created_at", ["created_at:desc", "created_at:asc"])
    'created_at:desc'
    >>> sort_member({"field": "created_at"}, ["created_at:desc", "created_at:asc"])   # which direction?
    MISSING

The object must hold exactly a field and a direction (keys such as field/by/key/column and order/direction/dir); a
leading minus is descending and a leading plus ascending (JSON:API, Django). The member must name that field and that
direction, whatever mark joins them; two members that do, or none, and it is MISSING (never the closest spelling:
"-updated_at" is no typo of "updated_at:asc").
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING, only
from .spelling import norm

__all__ = ["asks_a_sort", "sort_member"]

_FIELD_KEYS = frozenset({"field", "by", "key", "sort", "sort_by", "column", "attribute", "property", "name", "order_by"})
_DIRECTION_KEYS = frozenset({"order", "direction", "dir", "sort_order", "sort_direction"})
_DIRECTIONS = {"desc": "desc", "descending": "desc", "-1": "desc", "asc": "asc", "ascending": "asc", "1": "asc"}


def sort_member(value: Any, members: list[Any]) -> Any:
    """The one member of `members` that says the field and direction `value` gives; else MISSING."""
    asked = _asked(value)
    if asked is None:
        return MISSING
    return only([m for m in members if isinstance(m, str) and _says(m) == asked])


def asks_a_sort(value: Any, members: list[Any]) -> bool:
    """Whether `value` says a field and a direction and `members` are sorts: then no misspelling is read into it."""
    return _asked(value) is not None and any(isinstance(m, str) and _says(m) for m in members)


def _asked(value: Any) -> tuple[str, str] | None:
    """(field, direction) that a sort object, a list of one, or a signed field name says."""
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, str):
        signed = re.fullmatch(r"\s*([-+])\s*([A-Za-z_][\w.]*)\s*", value)
        return (norm(signed[2]), "desc" if signed[1] == "-" else "asc") if signed else None
    if not isinstance(value, dict) or len(value) != 2:
        return None
    field = [v for k, v in value.items() if norm(str(k)) in _FIELD_KEYS]
    direction = [v for k, v in value.items() if norm(str(k)) in _DIRECTION_KEYS]
    if len(field) != 1 or len(direction) != 1 or not isinstance(field[0], str):
        return None
    said = _DIRECTIONS.get(str(direction[0]).strip().lower())
    return (norm(field[0]), said) if said else None


def _says(member: str) -> tuple[str, str] | None:
    """(field, direction) of a member such as "created_at:desc" or "creationTimestamp desc"."""
    parts = re.fullmatch(r"\s*([A-Za-z_][\w.]*)\s*[:\s,|]\s*([A-Za-z]+)\s*", member)
    said = _DIRECTIONS.get(parts[2].lower()) if parts else None
    return (norm(parts[1]), said) if parts and said else None
