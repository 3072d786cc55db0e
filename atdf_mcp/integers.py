"""Whole numbers written as floats (3.0, an integer to JSON Schema, as Python clients send it), made ints wherever a
tool's input schema types them integer: top-level inputs, object properties, array items, `$ref`s, at any depth.

A handler counting with `times` or `order["qty"]` fails on 3.0 (`[word] * 3.0`), so the arguments it gets follow the
schema. `anyOf`/`oneOf` are followed only when unambiguous: for a number, when every branch a number fits says
integer (`anyOf: [{type: integer}, {type: "null"}]`); for an object or an array, when one branch only fits it.

    >>> schema = {"type": "object", "properties": {"order": {"type": "object", "properties": {"qty": {"type": "integer"}}}}}
    >>> made_whole({"order": {"qty": 2.0}}, schema, schema)
    {'order': {'qty': 2}}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .dialects._base import resolve

__all__ = ["made_whole", "says_integer", "types_integer_deeper"]

_MAX_HOPS = 16  # `$ref`, allOf, anyOf and oneOf followed in a row without going down the value: a guard against cycles


def says_integer(schema: Any) -> bool:
    """Whether a schema's `type` is integer (alone, or with other types but number: ["integer", "null"])."""
    kind = schema.get("type") if isinstance(schema, Mapping) else None
    return kind == "integer" or (isinstance(kind, list) and "integer" in kind and "number" not in kind)


def types_integer_deeper(schema: Any) -> bool:
    """Whether a tool's input schema may type an integer anywhere but in its top-level properties' own `type`."""
    if not isinstance(schema, Mapping):
        return False
    properties = schema.get("properties")
    rest = dict(schema)
    if isinstance(properties, Mapping):
        rest["properties"] = {name: {k: v for k, v in prop.items() if k != "type"} if says_integer(prop) else prop
                              for name, prop in properties.items() if isinstance(prop, Mapping)}
    return '"integer"' in json.dumps(rest, default=str)


def made_whole(value: Any, schema: Any, root: Any, hops: int = 0) -> Any:
    """`value` with every whole-number float that `schema` types integer made an int (`value` itself when none is);
    `root` is the document its local `$ref`s point into."""
    if not isinstance(schema, Mapping) or hops > _MAX_HOPS:
        return value
    ref = schema.get("$ref")
    if isinstance(ref, str):
        value = made_whole(value, _resolve(root, ref), root, hops + 1)
    for branch in schema.get("allOf") or ():
        value = made_whole(value, branch, root, hops + 1)
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and branches:
            value = made_whole(value, _unambiguous(value, branches, root), root, hops + 1)
    cls = value.__class__
    if cls is float:
        return int(value) if value.is_integer() and says_integer(schema) else value
    if cls is dict:
        return _object(value, schema, root)
    if cls is list:
        return _array(value, schema, root)
    return value


def _object(value: dict[str, Any], schema: Mapping[str, Any], root: Any) -> dict[str, Any]:
    properties = schema.get("properties") if isinstance(schema.get("properties"), Mapping) else {}
    patterns = schema.get("patternProperties") if isinstance(schema.get("patternProperties"), Mapping) else {}
    others = schema.get("additionalProperties")
    changed: dict[str, Any] = {}
    for name, item in value.items():
        made = item
        if name in properties:
            made = made_whole(made, properties[name], root)
        matched = [sub for pattern, sub in patterns.items() if _matches(pattern, name)]
        for sub in matched:
            made = made_whole(made, sub, root)
        if name not in properties and not matched:
            made = made_whole(made, others, root)
        if made is not item:
            changed[name] = made
    return {**value, **changed} if changed else value


def _matches(pattern: str, name: str) -> bool:
    """Whether a patternProperties regex matches a name (a pattern Python cannot read matches nothing)."""
    try:
        return re.search(pattern, name) is not None
    except re.error:
        return False


def _array(value: list[Any], schema: Mapping[str, Any], root: Any) -> list[Any]:
    prefix = schema.get("prefixItems") if isinstance(schema.get("prefixItems"), list) else []
    items = schema.get("items")
    if isinstance(items, list):  # draft 4-2019 tuples: `items` is the prefix, `additionalItems` the rest
        prefix, items = items, schema.get("additionalItems")
    made = [made_whole(item, prefix[n] if n < len(prefix) else items, root) for n, item in enumerate(value)]
    return made if any(a is not b for a, b in zip(made, value, strict=True)) else value


def _unambiguous(value: Any, branches: list[Any], root: Any) -> Any:
    """The branch of an anyOf/oneOf to follow for `value`, or None when the schema leaves it open."""
    resolved = [_resolve(root, b["$ref"]) if isinstance(b, Mapping) and isinstance(b.get("$ref"), str) and len(b) == 1 else b
                for b in branches]
    resolved = [b for b in resolved if isinstance(b, Mapping)]
    if value.__class__ is float:
        fitting = [b for b in resolved if _admits(b, "number")]
        return fitting[0] if fitting and all(says_integer(b) for b in fitting) else None
    kind = "object" if value.__class__ is dict else "array" if value.__class__ is list else None
    if kind is None:
        return None
    fitting = [b for b in resolved if _admits(b, kind)]
    return fitting[0] if len(fitting) == 1 else None


def _admits(schema: Mapping[str, Any], kind: str) -> bool:
    """Whether a value of a JSON kind (number, object, array) may fit a schema, by its `type` (or its keywords)."""
    declared = schema.get("type")
    if declared is None:
        if "properties" in schema or "additionalProperties" in schema:
            declared = "object"
        elif "items" in schema or "prefixItems" in schema:
            declared = "array"
        else:
            return True
    kinds = {declared} if isinstance(declared, str) else set(declared) if isinstance(declared, list) else set()
    return kind in kinds or (kind == "number" and "integer" in kinds)


def _resolve(root: Any, ref: str) -> Any:
    """The part of `root` a local `$ref` ("#/$defs/Count") points to, or None."""
    return resolve(root, ref[1:]) if ref.startswith("#") else None
