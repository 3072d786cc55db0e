"""Flowise custom tools (`name`, `description`, `schema` as a JSON string of parameters, `func` in JavaScript) → MCP.

    >>> from atdf_mcp.dialects.canonical import Canonical
    >>> c = Canonical({"name": "t", "description": "T.", "func": "return 1;",
    ...                "schema": '[{"id": 1, "property": "q", "type": "string", "required": true}]'})
    >>> flowise_tool(c, c.raw); c.raw["inputSchema"], c.origin("/inputSchema")
    ({'type': 'object', 'properties': {'q': {'type': 'string'}}, 'required': ['q']}, '/schema')

Flowise's marketplace (packages/server/marketplaces/tools/*.json) and its exports keep each parameter as
`{"id", "property", "description", "type", "required"}` in that string; its types ("string", "number", "boolean",
"date") are converted with the other type words. A `schema` text that is not such a list is AMBIGUOUS.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .canonical import Canonical

__all__ = ["flowise_tool", "is_flowise_tool"]

_KEPT = ("type", "description")  # a Flowise parameter's own keys that are JSON Schema's
_TOOL_KEYS = ("inputSchema", "input_schema", "parameters")


def is_flowise_tool(raw: dict[str, Any]) -> bool:
    """A Flowise custom tool: a name, its parameters as JSON text in `schema`, its JavaScript in `func`."""
    return isinstance(raw.get("name"), str) and isinstance(raw.get("schema"), str) and isinstance(raw.get("func"), str) \
        and not any(k in raw for k in _TOOL_KEYS)


def flowise_tool(c: Canonical, raw: dict[str, Any]) -> None:
    """Rewrite a Flowise custom tool's `schema` text in place as its `inputSchema`; say it, or AMBIGUOUS when unreadable."""
    if not is_flowise_tool(raw):
        return
    schema = _input_schema(raw["schema"])
    if schema is None:
        c.ambiguous("/schema", "a Flowise custom tool's \"schema\" is a JSON list of its parameters, each "
                    "{\"property\": \"<name>\", \"type\": ..., \"description\": ..., \"required\": true|false}; this one "
                    "is not: write the tool's \"inputSchema\" (a JSON Schema object) instead")
        return
    items = [("inputSchema", schema) if k == "schema" else (k, v) for k, v in raw.items()]
    raw.clear()
    raw.update(items)
    c.moved("/inputSchema", "/schema")
    c.fixed("/inputSchema", "a Flowise custom tool's parameters are a JSON list kept as text in \"schema\": write them as "
            "\"inputSchema\": {\"type\": \"object\", \"properties\": {...}, \"required\": [...]} (MCP); its JavaScript "
            "(\"func\") runs in Flowise only, so give the tool a handler here")


def _input_schema(text: str) -> dict[str, Any] | None:
    """The input schema Flowise's parameter list (as JSON text) says, or None when the text is not such a list."""
    try:
        items = json.loads(text)
    except ValueError:
        return None
    if not isinstance(items, list) or not all(isinstance(i, dict) and isinstance(i.get("property"), str) for i in items):
        return None
    names = [i["property"] for i in items]
    if len(set(names)) != len(names):
        return None
    properties = {i["property"]: {k: i[k] for k in _KEPT if k in i} for i in items}
    required = [i["property"] for i in items if i.get("required") is True]
    return {"type": "object", "properties": properties, **({"required": required} if required else {})}
