"""Tools kept in an object keyed by their names: what an unrecognised file holds, said precisely.

    >>> by_name_hint({"tools": {"ping": {"description": "Ping.", "params": {"host": "string"}}}})[0]
    '/tools'
    >>> by_name_hint({"name": "x", "inputSchema": {}}) is None
    True

`{"<name>": {"description", <parameters>}}` (mcp-bridge's tool_schemas.json, MetaGPT's tool schemas) or the same under
"tools" (a hand-kept tool_config.json): no tool format here reads a tool whose name is only its key, so the file is
not served; its UNKNOWN_DIALECT error says how to write it instead of listing the names as if they were misspelt keys.
A class whose methods are described (MetaGPT's `type: class` with `methods`) is said as such.
"""

from __future__ import annotations

from typing import Any

__all__ = ["by_name_hint"]

# Where such a tool keeps its parameters (any format's word, and mcp-bridge's "parameters_schema").
_PARAMETER_WORDS = frozenset({"parameters", "params", "args", "arguments", "inputSchema", "input_schema",
                              "parameters_schema", "parametersJsonSchema", "parameters_json_schema", "input"})
_SHOWN = 3


def by_name_hint(item: Any) -> tuple[str, str] | None:
    """(pointer, message) when `item` (or its "tools") maps tool names to tools or classes; else None."""
    if not isinstance(item, dict):
        return None
    pointer, mapping = ("/tools", item["tools"]) if isinstance(item.get("tools"), dict) and len(item) <= 2 else ("", item)
    if not mapping or not all(_tool_like(v) or _class_like(v) for v in mapping.values()):
        return None
    names = [str(k) for k in mapping]
    shown = ", ".join(repr(n) for n in names[:_SHOWN]) + (f" and {len(names) - _SHOWN} more" if len(names) > _SHOWN else "")
    classes = [n for n, v in mapping.items() if _class_like(v)]
    if classes:
        return pointer, (f"{', '.join(map(repr, classes[:_SHOWN]))} is a class whose methods are described (MetaGPT's "
                         "tool schema), not a tool: a method needs an instance of the class, which no descriptor can "
                         "create; describe each method you want as a tool (name, description, inputSchema) with a "
                         "handler that creates the instance and calls it")
    first = names[0]
    what = "looks like a tool kept in an object keyed by its name" if len(names) == 1 else \
        "look like tools kept in an object keyed by their names"
    them = "it in a list, with its" if len(names) == 1 else "them as a list, each with its"
    return pointer, (f"{shown} {what}, which no tool format reads: write "
                     f"{them} \"name\": {{\"tools\": [{{\"name\": \"{first}\", \"description\": "
                     "..., \"inputSchema\": {\"type\": \"object\", \"properties\": {...}}}, ...]}")


def _tool_like(value: Any) -> bool:
    """A tool without its name: a description, and its parameters under a word some format uses."""
    return isinstance(value, dict) and isinstance(value.get("description"), str) and bool(value.keys() & _PARAMETER_WORDS)


def _class_like(value: Any) -> bool:
    """MetaGPT's schema of a class: `type: class`, a description and its `methods`."""
    return isinstance(value, dict) and value.get("type") == "class" and isinstance(value.get("methods"), dict)
