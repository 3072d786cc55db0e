"""A listed input schema's unions state the type their alternatives share (clients that read a schema without one).

    >>> stated_union_types({"properties": {"c": {"oneOf": [{"type": "object"}, {"type": "object", "required": ["a"]}]}}})
    {'properties': {'c': {'type': 'object', 'oneOf': [{'type': 'object'}, {'type': 'object', 'required': ['a']}]}}}

pydantic (and so FastMCP) writes a discriminated union as `oneOf` alternatives with no `type` of its own, as JSON Schema
allows. llama-index-tools-mcp reads a property without `type` as a string, and told the model so. When every
alternative of a `oneOf`/`anyOf` names the same single type, that type at the union's own level changes nothing that
validates; a union whose alternatives differ (a nullable string) is left as written. The server validates against the
schema as written; this is the copy tools/list shows.
"""

from __future__ import annotations

from typing import Any

__all__ = ["stated_union_types"]

_ONE = frozenset(("items", "additionalProperties", "not", "contains", "if", "then", "else"))
_MANY = frozenset(("oneOf", "anyOf", "allOf", "prefixItems"))
_NAMED = frozenset(("properties", "patternProperties", "$defs", "definitions"))


def stated_union_types(schema: Any) -> Any:
    """`schema` with the shared type of each union's alternatives stated beside it; the same object when none lacks it."""
    if type(schema) is not dict:
        return schema
    changed: dict[str, Any] | None = None
    for key, value in schema.items():
        kind = type(value)
        if kind is dict:
            if key in _NAMED:
                done: Any = {name: stated_union_types(part) for name, part in value.items()}
                if all(done[name] is part for name, part in value.items()):
                    continue
            elif key in _ONE:
                done = stated_union_types(value)
                if done is value:
                    continue
            else:
                continue
        elif kind is list and key in _MANY:
            done = [stated_union_types(part) for part in value]
            if all(new is old for new, old in zip(done, value, strict=True)):
                continue
        else:
            continue
        changed = changed or {}
        changed[key] = done
    shared = _shared_type(schema) if "type" not in schema and ("oneOf" in schema or "anyOf" in schema) else None
    if changed is None and shared is None:
        return schema
    result = {"type": shared} if shared is not None else {}
    result.update({key: changed.get(key, value) for key, value in schema.items()} if changed else schema)
    return result


def _shared_type(schema: dict[str, Any]) -> str | None:
    """The one type every alternative of the schema's oneOf/anyOf names, or None."""
    alternatives = [part for key in ("oneOf", "anyOf") if isinstance(schema.get(key), list) for part in schema[key]]
    kinds = {part.get("type") if isinstance(part, dict) else None for part in alternatives}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    return kind if isinstance(kind, str) else None
