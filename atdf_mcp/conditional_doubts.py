"""A value the caller sent that a condition on another input refuses: two corrections, so none is suggested.

    {"notify": false, "message": "Here"} with `dependentSchemas: {message: {properties: {notify: {const: true}}}}`:
    notify true, or no message, are both valid; which one the agent meant is its to say.

A value the caller left out (its default filled in, atdf_mcp.filled_defaults) is not theirs: the condition's value is
suggested for it ({"budget": 5} beside mode "fast" by default, where a budget asks for mode "slow"). A value its own
input refuses ("yes" for a boolean) is a slip, repaired as any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .missing import MISSING
from .suggest import get_at, schema_at

__all__ = ["conditioned_choice"]

_CONDITIONS = frozenset({"then", "else", "dependentSchemas"})


def conditioned_choice(error: Any, schema: dict[str, Any], call: dict[str, Any], passes: Callable[[Any, Any], bool]) -> bool:
    """Whether `error` is a condition refusing a value the caller sent in `call` that its own input accepts."""
    path = list(error.absolute_path)
    if not path or not _CONDITIONS.intersection(str(part) for part in error.absolute_schema_path):
        return False
    value = get_at(call, path)
    own = schema_at(schema, path)
    return value is not MISSING and own is not None and value == error.instance and passes(value, own)
