"""A comparison written as its symbol ("==", "!=", ">=") for an enum of operators named in words: the one member
that names it, or nothing.

    >>> operator_member("==", ["equals", "in", "not_in"]), operator_member(">=", ["gt", "gte", "lt"])
    ('equals', 'gte')
    >>> operator_member("=~", ["equals", "matches"])   # a regex match in some languages only
    MISSING
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING, only
from .spelling import norm

__all__ = ["operator_member"]

_EQUAL = frozenset({"equals", "equal", "eq", "is", "equal_to"})
_NOT_EQUAL = frozenset({"not_equals", "not_equal", "ne", "neq", "is_not", "not_equal_to", "does_not_equal"})
_NAMES = {"==": _EQUAL, "=": _EQUAL, "===": _EQUAL, "!=": _NOT_EQUAL, "<>": _NOT_EQUAL, "!==": _NOT_EQUAL,
          ">": frozenset({"gt", "greater_than"}), "<": frozenset({"lt", "less_than"}),
          ">=": frozenset({"gte", "ge", "greater_than_or_equal", "greater_than_or_equal_to", "at_least"}),
          "<=": frozenset({"lte", "le", "less_than_or_equal", "less_than_or_equal_to", "at_most"})}


def operator_member(value: Any, members: list[str]) -> Any:
    """The one member that names the comparison the symbol `value` writes; else MISSING."""
    names = _NAMES.get(value.strip()) if isinstance(value, str) else None
    return MISSING if names is None else only([m for m in members if norm(m) in names])
