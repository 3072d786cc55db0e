"""A lone value for an object whose one required property takes it ("weekly" for {"frequency": …}): that object.

    >>> schema = {"type": "object", "required": ["frequency"], "properties": {"frequency": {"type": "string"},
    ...                                                                       "count": {"type": "integer"}}}
    >>> as_lone_property("weekly", schema)
    {'frequency': 'weekly'}

Only when no other property takes a value of the same type (an address whose street alone is required, but whose city
is text too, is no place for "Calle Mayor 12, Madrid"); the property's own checks are repaired afterwards, as any
value's are (`arguments._refine`).
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING

__all__ = ["as_lone_property"]

_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean"}


def as_lone_property(value: Any, schema: Any) -> Any:
    """{the one required property: value} when only that property takes the value's type; else MISSING."""
    kind = _TYPES.get(type(value))
    if kind is None or not isinstance(schema, dict) or schema.get("type") != "object":
        return MISSING
    required, properties = schema.get("required") or [], schema.get("properties") or {}
    if len(required) != 1 or not isinstance(properties, dict):
        return MISSING
    takers = [name for name, prop in properties.items() if isinstance(prop, dict) and _takes(prop, kind)]
    return {required[0]: value} if takers == [required[0]] else MISSING


def _takes(prop: dict[str, Any], kind: str) -> bool:
    """Whether the property `prop` takes a value of the JSON type `kind`."""
    kinds = prop.get("type")
    kinds = {kinds} if isinstance(kinds, str) else set(kinds or ())
    return kind in kinds or (kind == "integer" and "number" in kinds) or (not kinds and "enum" in prop)
