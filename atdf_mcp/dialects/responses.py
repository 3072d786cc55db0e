"""BFCL's `response`: the JSON Schema of a function's result, read as the tool's MCP `outputSchema`.

    >>> from atdf_mcp.dialects.canonical import Canonical
    >>> c = Canonical({"name": "f", "inputSchema": {"type": "object"}, "response": {"type": "dict", "properties": {}}})
    >>> bfcl_response(c, c.raw), sorted(c.raw), c.origin("/outputSchema/type")
    (True, ['inputSchema', 'name', 'outputSchema'], '/response/type')

The Berkeley Function Calling Leaderboard's function documents (multi_turn_func_doc/*.json) write it
`{"type": "dict", "properties": {...}}` with Python's type names, which the caller converts as it does the input
schema's. Only an object schema is read (an MCP outputSchema describes `structuredContent`, an object); anything else
in `response` (atdf-mcp's own binding: the part of an HTTP answer to return, a path or `{"pointer": ...}`) is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..inputs import json_type

if TYPE_CHECKING:
    from .canonical import Canonical

__all__ = ["bfcl_response"]

_PATH_KEYS = ("pointer", "path", "extract")  # what atdf-mcp's binding reads in a `response` mapping


def bfcl_response(c: Canonical, raw: dict[str, Any]) -> bool:
    """Move a `response` object schema to `outputSchema`, saying so; True when it moved (its types still to convert)."""
    response = raw.get("response")
    if type(response) is not dict or not isinstance(response.get("properties"), dict):
        return False
    kind = response.get("type")
    if not isinstance(kind, str) or json_type(kind) != "object":
        return False
    path = next((k for k in _PATH_KEYS if isinstance(response.get(k), str)), None)
    if path is not None:
        c.ambiguous("/response", f"\"response\" holds both a JSON Schema of the result (\"type\", \"properties\") and "
                    f"the part of an HTTP answer to return ({path!r}): write the schema as \"outputSchema\" and keep "
                    f"only {path!r} in \"response\"")
        return False
    if "outputSchema" in raw:
        if raw["outputSchema"] != response:
            c.ambiguous("/response", "\"response\" (the JSON Schema of the result, as BFCL writes it) and "
                        "\"outputSchema\" differ: keep one, as \"outputSchema\"")
            return False
        del raw["response"]
        c.fixed("/response", "the result's JSON Schema is given twice, as \"response\" and \"outputSchema\": keep "
                "\"outputSchema\" (the copy is dropped)")
        return False
    items = [("outputSchema", v) if k == "response" else (k, v) for k, v in raw.items()]
    raw.clear()
    raw.update(items)
    c.moved("/outputSchema", "/response")
    c.fixed("/outputSchema", "\"response\" (as BFCL writes it) is the JSON Schema of the tool's result: write it as "
            "\"outputSchema\" (MCP), which clients read and each result is checked against")
    return True
