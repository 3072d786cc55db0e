"""What ATDF 1.x meant, kept when the lenient reader rewrites a 1.x descriptor as 2.x: its inputs are required.

    >>> from atdf_mcp.dialects.canonical import Canonical
    >>> raw = {"tool_id": "t", "schema_version": "2.0.0", "how_to_use": {"inputs": [
    ...     {"name": "city", "type": "string"}, {"name": "days", "type": "integer", "schema": {"default": 3}}]}}
    >>> c = Canonical(raw)
    >>> keep_required(c, raw)
    >>> [i.get("required") for i in raw["how_to_use"]["inputs"]]
    [True, None]

ATDF 1.x has no `required` flag: its inputs are required (unless the catalogue says `atdf1_required: false`). A
keyword written on a 1.x input moves into its `schema`, and keys of its own make the descriptor `"schema_version":
"2.0.0"`; either makes it 2.x, where an input without the flag is optional. So the rewrite writes the flag that 1.x
implied on each such input, but on one with a default (a default says it may be left out).
"""

from __future__ import annotations

from typing import Any

__all__ = ["keep_required"]


def keep_required(c: Any, raw: dict[str, Any]) -> None:
    """Write `"required": true` on each input of a 1.x descriptor now read as 2.x that has no flag and no default."""
    how = raw.get("how_to_use")
    inputs = how.get("inputs") if isinstance(how, dict) else None
    for i, item in enumerate(inputs if isinstance(inputs, list) else ()):
        if not isinstance(item, dict) or "required" in item:
            continue
        schema = item.get("schema")
        if isinstance(schema, dict) and "default" in schema:
            continue
        item["required"] = True
        c.fixed(f"/how_to_use/inputs/{i}", "an ATDF 1.x input is required, and written as 2.x it says so: "
                "write \"required\": true (or give it a default in its \"schema\" to make it optional)")
