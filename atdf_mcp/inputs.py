"""Tool inputs ↔ JSON Schema 2020-12: type mapping, constraints carried over, `$ref` inlined."""

from __future__ import annotations

import json
from typing import Any

from .model import Input

__all__ = ["JSON_TYPES", "SchemaShapeError", "has_ref", "inline_refs", "input_schema", "inputs_from_schema", "json_type",
           "property_schema", "type_name"]

# Free-text ATDF types → JSON Schema fragments (ATDF 1.x/2.x `type` has no enum upstream).
_TYPE_ALIASES: dict[str, dict[str, Any]] = {
    "string": {"type": "string"},
    "str": {"type": "string"},
    "text": {"type": "string"},
    "integer": {"type": "integer"},
    "int": {"type": "integer"},
    "number": {"type": "number"},
    "float": {"type": "number"},
    "double": {"type": "number"},
    "decimal": {"type": "number"},
    "boolean": {"type": "boolean"},
    "bool": {"type": "boolean"},
    "array": {"type": "array"},
    "list": {"type": "array"},
    "tuple": {"type": "array"},
    "object": {"type": "object"},
    "dict": {"type": "object"},
    "map": {"type": "object"},
    "null": {"type": "null"},
    "date": {"type": "string", "format": "date"},
    "datetime": {"type": "string", "format": "date-time"},
    "date-time": {"type": "string", "format": "date-time"},
    "time": {"type": "string", "format": "time"},
    "email": {"type": "string", "format": "email"},
    "uri": {"type": "string", "format": "uri"},
    "url": {"type": "string", "format": "uri"},
}
_UNTYPED = {"any", "unknown", "mixed", ""}
JSON_TYPES = ("string", "integer", "number", "boolean", "array", "object", "null")

# Keys of an ATDF/ARDF input that describe the input itself rather than its JSON Schema.
_INPUT_META_KEYS = {"name", "type", "description", "required", "schema", "handler"}

# JSON Schema keywords carried from an ARDF input (or ATDF `schema`) into the property schema.
_SCHEMA_KEYWORDS = {
    "enum", "const", "format", "default", "examples", "pattern", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
    "minItems", "maxItems", "uniqueItems", "items", "prefixItems", "contains",
    "properties", "required", "additionalProperties", "patternProperties",
    "minProperties", "maxProperties", "oneOf", "anyOf", "allOf", "not", "title",
    "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding",
    "$ref", "$defs", "definitions", "type", "nullable", "x-failure",
}


def json_type(declared: str) -> str | None:
    """The JSON Schema type an ATDF `type` names ("int" → "integer", "date" → "string"); None when untyped or unknown."""
    alias = _TYPE_ALIASES.get(declared.strip().lower())
    return alias["type"] if alias is not None else None


def type_name(schema: dict[str, Any]) -> str:
    """What an ATDF/ARDF input's one-word `type` says of a JSON Schema: its type, the one besides "null", or "any"."""
    kind = schema.get("type")
    if isinstance(kind, list):
        named = [k for k in kind if k != "null"]
        kind = named[0] if len(named) == 1 else None
    return kind if isinstance(kind, str) else "any"


class SchemaShapeError(ValueError):
    """A tool's input schema cannot be served as an MCP input schema."""


def property_schema(raw_input: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of one ATDF/ARDF input: type, description and every constraint it states."""
    declared = raw_input.get("type")
    prop: dict[str, Any] = {}
    if isinstance(declared, str) and declared.strip().lower() not in _UNTYPED:
        prop.update(_TYPE_ALIASES.get(declared.strip().lower(), {"type": declared.strip()}))
    elif isinstance(declared, list):
        prop["type"] = declared
    if raw_input.get("description"):
        prop["description"] = raw_input["description"]
    for key, value in raw_input.items():
        if key not in _INPUT_META_KEYS and key in _SCHEMA_KEYWORDS:
            prop[key] = value
    nested = raw_input.get("schema")
    if isinstance(nested, dict):
        prop.update(nested)
        if "properties" in nested and "type" not in nested and prop.get("type") in (None, "object"):
            prop["type"] = "object"
    return prop


def input_schema(inputs: list[Input] | tuple[Input, ...]) -> dict[str, Any]:
    """The MCP input schema (draft 2020-12, root `type: object`) of a list of inputs.

    `$defs` written inside an input's schema move to the root, where `#/$defs/...` references
    resolve, and the references are then inlined like those of a verbatim schema.
    """
    properties: dict[str, Any] = {}
    defs: dict[str, Any] = {}
    for i in inputs:
        prop = i.schema_
        if "$defs" in prop or "definitions" in prop:
            prop = dict(prop)
            for key in ("definitions", "$defs"):
                found = prop.pop(key, None)
                if isinstance(found, dict):
                    defs.update(found)
        properties[i.name] = prop
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,  # ATDF/ARDF inputs are a closed list: a misspelt name is an error
    }
    required = [i.name for i in inputs if i.required]
    if required:
        schema["required"] = required
    if defs:
        schema["$defs"] = defs
        schema = inline_refs(schema)
    return schema


def has_ref(node: Any) -> bool:
    """Whether a JSON Schema (or any part of one) contains a `$ref`."""
    return _has_ref(node)


def inputs_from_schema(schema: dict[str, Any]) -> tuple[Input, ...]:
    """The inputs described by an object JSON Schema (MCP `inputSchema`, OpenAkita `input_schema`)."""
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or ())
    return tuple(
        Input.build(
            name=name,
            description=str(prop.get("description", "")) if isinstance(prop, dict) else "",
            required=name in required,
            schema_=prop if isinstance(prop, dict) else {},
        )
        for name, prop in properties.items()
    )


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """Return `schema` with local `$ref`s inlined; a cycle keeps its `$ref` with `$defs` kept for it.

    Raises SchemaShapeError for a root that is not an object schema or uses top-level oneOf/anyOf.
    """
    if not _has_ref(schema):
        result = schema
    else:
        defs = {**schema.get("definitions", {}), **schema.get("$defs", {})}
        cyclic: set[str] = set()
        result = _inline(schema, schema, defs, (), cyclic)
        result.pop("$defs", None)
        result.pop("definitions", None)
        if cyclic:
            result["$defs"] = {name: defs[name] for name in sorted(cyclic) if name in defs}
            result = _rewrite_definitions_refs(result)
    return check_root(result)


def check_root(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` if it can be served as an MCP input schema (root object, no top-level oneOf/anyOf).

    A root without `type` but with `properties` gets `"type": "object"`; raises SchemaShapeError otherwise.
    """
    result = schema
    root_type = result.get("type")
    if root_type is None and "properties" in result:
        result = {"type": "object", **result}
    elif root_type is None:
        held = ", ".join(json.dumps(str(key)) for key in list(result)[:5]) or "nothing"
        raise SchemaShapeError(f"the input schema's root must be \"type\": \"object\"; it has no \"type\" (it holds {held})")
    elif root_type != "object":
        raise SchemaShapeError(f"the input schema's root must be \"type\": \"object\", not {root_type!r}")
    for keyword in ("oneOf", "anyOf"):
        if keyword in result:
            raise SchemaShapeError(
                f"top-level {keyword!r} is not accepted by several MCP clients; "
                "move the alternatives into a property"
            )
    return result


def _has_ref(node: Any) -> bool:
    if isinstance(node, dict):
        if "$ref" in node:
            return True
        values: Any = node.values()
    elif isinstance(node, list):
        values = node
    else:
        return False
    for value in values:  # noqa: SIM110 (a plain loop that skips scalars: it runs for every tool at load time)
        if isinstance(value, (dict, list)) and _has_ref(value):
            return True
    return False


def _ref_name(ref: str) -> str | None:
    for prefix in ("#/$defs/", "#/definitions/"):
        if ref.startswith(prefix):
            return ref[len(prefix):].replace("~1", "/").replace("~0", "~")
    return None


def _inline(node: Any, root: dict[str, Any], defs: dict[str, Any], stack: tuple[str, ...], cyclic: set[str]) -> Any:
    if isinstance(node, list):
        return [_inline(v, root, defs, stack, cyclic) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str):
        name = _ref_name(ref)
        if name is not None and name in defs:
            if name in stack:
                cyclic.add(name)
                return {k: v for k, v in node.items()}
            target = _inline(defs[name], root, defs, (*stack, name), cyclic)
            siblings = {k: _inline(v, root, defs, stack, cyclic) for k, v in node.items() if k != "$ref"}
            return {**target, **siblings} if isinstance(target, dict) else target
    return {k: _inline(v, root, defs, stack, cyclic) for k, v in node.items()}


def _rewrite_definitions_refs(node: Any) -> Any:
    if isinstance(node, list):
        return [_rewrite_definitions_refs(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _rewrite_definitions_refs(v) for k, v in node.items()}
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/definitions/"):
        out["$ref"] = "#/$defs/" + ref[len("#/definitions/"):]
    return out
