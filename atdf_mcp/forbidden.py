"""The argument a `false` schema refuses (`"then": {"properties": {"start": false}}`): jsonschema names no path for it.

    >>> import jsonschema
    >>> schema = {"if": {"properties": {"all_day": {"const": True}}, "required": ["all_day"]},
    ...           "then": {"properties": {"start": False}}}
    >>> call = {"all_day": True, "start": "2030-05-06"}
    >>> error = next(jsonschema.Draft202012Validator(schema).iter_errors(call))
    >>> forbidden_name(error, schema, call)
    'start'
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING
from .suggest import get_at

__all__ = ["forbidden_name"]


def forbidden_name(error: Any, schema: Any, call: Any) -> str | None:
    """The one property of the object at `error`'s path whose schema is `false` and whose value is `error`'s instance."""
    if error.validator is not None or error.schema is not False:
        return None
    node: Any = schema
    for part in error.absolute_schema_path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    owner = get_at(call, list(error.absolute_path))
    if not isinstance(node, dict) or not isinstance(owner, dict):
        return None
    names = [name for name, sub in node.items() if sub is False and owner.get(name, MISSING) == error.instance]
    return names[0] if len(names) == 1 else None
