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

__all__ = ["asks_a_sort", "sort_member", "sort_objects"]

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


def sort_objects(value: Any, schema: dict[str, Any]) -> Any:
    """A sort written as text ("created_at DESC", "-created_at") for a list of sort objects whose items hold a field
    key and a direction key with an enum ({"column": …, "direction": "asc" | "desc"}): the one such object, in a list;
    else MISSING. The field is kept as written; the direction is the member that says it.

    >>> sort_objects("-created_at", {"type": "array", "items": {"type": "object", "properties": {
    ...     "column": {"type": "string"}, "direction": {"enum": ["asc", "desc"]}}}})
    [{'column': 'created_at', 'direction': 'desc'}]
    """
    items = schema.get("items") if isinstance(schema, dict) and schema.get("type") == "array" else None
    properties = items.get("properties") if isinstance(items, dict) else None
    if not isinstance(value, str) or len(value) > 200 or not isinstance(properties, dict):
        return MISSING
    fields = [k for k in properties if norm(k) in _FIELD_KEYS]
    directions = [k for k, p in properties.items() if norm(k) in _DIRECTION_KEYS and isinstance(p, dict) and isinstance(p.get("enum"), list)]
    signed = re.fullmatch(r"\s*([-+])\s*([A-Za-z_][\w.]*)\s*", value)
    spaced = re.fullmatch(r"\s*([A-Za-z_][\w.]*)\s*[:\s]\s*([A-Za-z]+)\s*", value)
    field, said = ((signed[2], "desc" if signed[1] == "-" else "asc") if signed
                   else (spaced[1], _DIRECTIONS.get(spaced[2].lower())) if spaced else (None, None))
    if len(fields) != 1 or len(directions) != 1 or not said or set(items.get("required") or ()) - {fields[0], directions[0]}:
        return MISSING
    member = only([m for m in properties[directions[0]]["enum"] if isinstance(m, str) and _DIRECTIONS.get(m.lower()) == said])
    return MISSING if member is MISSING else [{fields[0]: field, directions[0]: member}]
