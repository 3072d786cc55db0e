"""A listed input schema's unions state the type their alternatives share (clients that read a schema without one).

    >>> stated_union_types({"properties": {"c": {"oneOf": [{"type": "object"}, {"type": "object", "required": ["a"]}]}}})
    {'properties': {'c': {'type': 'object', 'oneOf': [{'type': 'object'}, {'type': 'object', 'required': ['a']}]}}}

pydantic (and so FastMCP) writes a discriminated union as `oneOf` alternatives with no `type` of its own, as JSON Schema
allows. llama-index-tools-mcp reads a property without `type` (unless it is an `anyOf`, an `enum` or a `$ref`) as a
string, and told the model so. When every alternative of such a `oneOf` names the same single type, that type at the
union's own level changes nothing that validates; a union whose alternatives differ (a nullable string) and an `anyOf`
(which that reader understands, and which the OpenAI Agents SDK's strict conversion keeps strict only without an
object type beside it) are left as written. The cost of stating it for an object `oneOf`: the Agents SDK's opt-in
strict conversion (`convert_schemas_to_strict=True`) then sends that tool non-strict, as it does for any such union
written with its type; the tool works the same, without constrained decoding. The server validates against the schema
as written; this is the copy tools/list shows.
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
                done: Any = _each_named(value)
            elif key in _ONE:
                done = stated_union_types(value)
            else:
                continue
        elif kind is list and key in _MANY:
            done = _each_listed(value)
        else:
            continue
        if done is not value:
            changed = changed or {}
            changed[key] = done
    shared = _shared_type(schema["oneOf"]) if "oneOf" in schema and "type" not in schema and "anyOf" not in schema else None
    if changed is None and shared is None:
        return schema
    result = {"type": shared} if shared is not None else {}
    result.update({key: changed.get(key, value) for key, value in schema.items()} if changed else schema)
    return result


def _each_named(parts: dict[str, Any]) -> dict[str, Any]:
    """`parts` (name → schema) with each schema's unions stated; the same object when none changes."""
    copy: dict[str, Any] | None = None
    for name, part in parts.items():
        done = stated_union_types(part)
        if done is not part:
            copy = copy or dict(parts)
            copy[name] = done
    return parts if copy is None else copy


def _each_listed(parts: list[Any]) -> list[Any]:
    """`parts` (a list of schemas) with each schema's unions stated; the same object when none changes."""
    copy: list[Any] | None = None
    for i, part in enumerate(parts):
        done = stated_union_types(part)
        if done is not part:
            copy = copy or list(parts)
            copy[i] = done
    return parts if copy is None else copy


def _shared_type(alternatives: Any) -> str | None:
    """The one type every alternative of a oneOf names, or None."""
    if type(alternatives) is not list:
        return None
    kinds = {kind if type(part) is dict and isinstance(kind := part.get("type"), str) else None for part in alternatives}
    return kinds.pop() if len(kinds) == 1 and None not in kinds else None  # a list of types ("string", "null") is no one type
