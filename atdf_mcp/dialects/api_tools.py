"""Tool objects of other model APIs → MCP tools: Bedrock Converse `toolSpec`, and Python type names (Cohere v1).

    >>> python_type_schema("List[str]")
    {'type': 'array', 'items': {'type': 'string'}}
    >>> python_type_schema("Dict[str, int]")
    {'type': 'object', 'additionalProperties': {'type': 'integer'}}
    >>> python_type_schema("Tuple[str, int]") is None     # no one JSON Schema: the caller says AMBIGUOUS
    True
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ..inputs import json_type

if TYPE_CHECKING:
    from .canonical import Canonical

__all__ = ["is_python_generic", "nullable_type", "python_type_schema", "unwrap_tool_spec", "written"]

_GENERIC = re.compile(r"^\s*([A-Za-z_][\w.]*)\s*\[(.*)\]\s*$")
_LISTS = frozenset({"list", "sequence", "iterable", "typing.list", "typing.sequence"})
_SETS = frozenset({"set", "frozenset", "typing.set"})
_MAPS = frozenset({"dict", "mapping", "typing.dict", "typing.mapping"})
_OPTIONAL = frozenset({"optional", "typing.optional"})
_ANY = frozenset({"any", "typing.any", "object"})
_MAX_TYPE_CHARS = 200  # longer than any type a tool parameter really has
_MAX_TYPE_DEPTH = 8  # levels of brackets read: each level scans the text again


def unwrap_tool_spec(c: Canonical, raw: dict[str, Any]) -> None:
    """Bedrock Converse `{"toolSpec": {name, description, inputSchema: {"json": {...}}}}` → an MCP tool, in place."""
    inner = raw.get("toolSpec")
    if len(raw) == 1 and isinstance(inner, dict) and isinstance(inner.get("name"), str):
        c.fixed("/toolSpec", "write a Bedrock Converse tool as an MCP tool: {\"name\", \"description\", \"inputSchema\"}, "
                "not wrapped in {\"toolSpec\": {...}}")
        c.moved("", "/toolSpec")
        raw.clear()
        raw.update(inner)
    schema = raw.get("inputSchema")
    if isinstance(raw.get("name"), str) and isinstance(schema, dict) and schema.keys() == {"json"} \
            and isinstance(schema["json"], dict):
        c.fixed("/inputSchema/json", "an MCP tool's \"inputSchema\" is the JSON Schema itself: write "
                "\"inputSchema\": {\"type\": \"object\", ...}, not Bedrock's {\"json\": {...}} around it")
        c.moved("/inputSchema", "/inputSchema/json")
        raw["inputSchema"] = schema["json"]


def nullable_type(c: Canonical, node: dict[str, Any], at: str) -> None:
    """OpenAPI 3.0's `"nullable": true` (Gemini, Vertex) beside a type → `"type": [type, "null"]`, in one schema (not the
    schemas inside it: canonical's walk of the input schema calls it at every depth).

    JSON Schema ignores `nullable`, so a null argument would be refused; `"nullable": false` is the default: removed.
    """
    flag = node.get("nullable")
    if not isinstance(flag, bool):
        return
    kind = node.get("type")
    if flag and isinstance(kind, str):
        node["type"] = [kind, "null"]
        del node["nullable"]
        c.fixed(f"{at}/nullable", f"\"nullable\" is OpenAPI 3.0's, which JSON Schema ignores: write "
                f"\"type\": {json.dumps(node['type'])} instead")
    elif not flag:
        del node["nullable"]
        c.fixed(f"{at}/nullable", "\"nullable\": false is OpenAPI 3.0's default, which JSON Schema does not know: "
                "remove it")


def is_python_generic(declared: str) -> bool:
    """Whether a type name is written as a Python typing expression (`List[str]`, `Dict[str, int]`)."""
    return _GENERIC.match(declared) is not None


def python_type_schema(declared: str, depth: int = 0) -> dict[str, Any] | None:
    """The JSON Schema of a Python type name (`str`, `List[str]`, `Optional[int]`...); None when there is no one."""
    if len(declared) > _MAX_TYPE_CHARS or depth > _MAX_TYPE_DEPTH:
        return None
    match = _GENERIC.match(declared)
    if match is None:
        name = declared.strip().lower()
        if name in _ANY:
            return {}
        kind = json_type(name)
        return {"type": kind} if kind is not None else None
    outer, args = match.group(1).lower(), _split(match.group(2))
    if args is None:
        return None
    if outer in _LISTS | _SETS and len(args) == 1:
        items = python_type_schema(args[0], depth + 1)
        if items is None:
            return None
        return {"type": "array", **({"items": items} if items else {}), **({"uniqueItems": True} if outer in _SETS else {})}
    if outer in _MAPS and len(args) == 2 and python_type_schema(args[0], depth + 1) == {"type": "string"}:
        values = python_type_schema(args[1], depth + 1)
        return None if values is None else {"type": "object", **({"additionalProperties": values} if values else {})}
    if outer in _OPTIONAL and len(args) == 1:
        inner = python_type_schema(args[0], depth + 1)
        if inner is None or not isinstance(inner.get("type"), str):
            return None
        return {**inner, "type": [inner["type"], "null"]}
    return None


def _split(text: str) -> list[str] | None:
    """The comma-separated arguments of a generic, split at depth 0 (None when the brackets do not balance)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth < 0:
                return None
        elif char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return None if depth or not all(parts) else parts


def written(fragment: dict[str, Any]) -> str:
    """A schema fragment as it would be written in a property (`"type": "array", "items": {...}`)."""
    return ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in fragment.items())
