"""Arguments a Python handler cannot take: refused before the call, as a VALIDATION_ERROR, even on an open schema.

    >>> from atdf_mcp.dispatch.python import PythonDispatcher
    >>> def weather(city, ctx=None): ...
    >>> dispatcher = PythonDispatcher(weather, "handlers:weather")
    >>> names = callable_names(dispatcher, {"type": "object", "properties": {"city": {"type": "string"}}})
    >>> names.issuperset({"city": "Paris", "cty": "Paris"})
    False
    >>> callable_names(PythonDispatcher(lambda **kwargs: None, "handlers:anything"), None) is None   # takes any name
    True

MCP and OpenAkita tool definitions often leave `additionalProperties` out, so any extra argument validates; a handler
without `**kwargs` would then fail with a TypeError (INTERNAL_ERROR). The server keeps the schema as declared (tools/list
is unchanged) and checks such calls against its closed twin instead, which names the unknown argument and suggests the
declared one it stands for. HTTP tools have no signature: they keep receiving extra arguments.
"""

from __future__ import annotations

from typing import Any

__all__ = ["callable_names", "closed_schema"]


def callable_names(dispatcher: Any, schema: dict[str, Any] | None) -> frozenset[str] | None:
    """The argument names a call may hold: the declared inputs and what the handler takes; None when anything goes."""
    accepted = getattr(dispatcher, "accepted", None)
    if accepted is None:
        return None
    declared = (schema or {}).get("properties")
    return frozenset(accepted) | frozenset(declared if isinstance(declared, dict) else ())


def closed_schema(schema: dict[str, Any] | None) -> dict[str, Any]:
    """The input schema with no room for undeclared arguments (at its root), for the analysis of a refused call."""
    closed = {key: value for key, value in (schema or {"type": "object"}).items()
              if key not in ("patternProperties", "unevaluatedProperties")}
    closed["additionalProperties"] = False
    return closed
