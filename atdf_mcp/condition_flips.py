"""The one value of a left-out input, read by an `if`, that makes the call valid as it is.

    {"title": "Offsite", "start_date": "2030-05-06"} where all_day (default false) decides between start_date (true)
    and start with end (false): all_day true is the one change that takes the caller's arguments as they are.

Only inputs the caller left out (theirs would be a choice, atdf_mcp.conditional_doubts), only finite ones (a boolean,
an enum of 20 members at most, a const), and only when exactly one such change makes the whole call valid. The caller
asks for it (atdf_mcp.arguments) only where the call holds an argument the present case refuses (a `false` schema):
{} for a job whose default mode needs a budget gets no other mode, the budget is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .missing import MISSING

__all__ = ["condition_flip"]

_MAX_MEMBERS = 20


def condition_flip(schema: dict[str, Any], call: dict[str, Any], valid: Callable[[dict[str, Any]], bool]) -> Any:
    """(name, value) of the one left-out input an `if` reads whose value makes `valid(call + it)` true; else MISSING."""
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    nodes = [schema, *(n for n in schema.get("allOf") or () if isinstance(n, dict))]
    found: dict[tuple[str, str], tuple[str, Any]] = {}
    for node in nodes:
        condition = node.get("if")
        if not isinstance(condition, dict) or not ("then" in node or "else" in node):
            continue
        for name in condition.get("properties") or {}:
            if name in call or not isinstance(properties.get(name), dict):
                continue
            for value in _values(properties[name]):
                if valid({**call, name: value}):
                    found[(name, repr(value))] = (name, value)
    return next(iter(found.values())) if len(found) == 1 else MISSING


def _values(prop: dict[str, Any]) -> list[Any]:
    """The values an input can take when they are few: a const, an enum's members, or a boolean's two."""
    if "const" in prop:
        return [prop["const"]]
    if isinstance(prop.get("enum"), list) and len(prop["enum"]) <= _MAX_MEMBERS:
        return list(prop["enum"])
    return [True, False] if prop.get("type") == "boolean" else []
