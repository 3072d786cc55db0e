"""A comparison written as its symbol ("==", "!=", ">=") or its name ("gt", "greater_than", "not_equal") for an enum
of operators written the other way, or with another symbol ("==" or "<>" for an enum of "=" and "!="): the one member
that writes the same comparison, or nothing.

    >>> operator_member("==", ["equals", "in", "not_in"]), operator_member(">=", ["gt", "gte", "lt"])
    ('equals', 'gte')
    >>> operator_member("gt", ["=", "!=", ">", ">="]), operator_member("<>", ["=", "!=", "<"]), operator_member("==", ["=", "in"])
    ('>', '!=', '=')
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
    """The one member that writes the comparison `value` writes, by its symbol or its name; else MISSING."""
    if not isinstance(value, str) or len(value) > 40:
        return MISSING
    comparison = _comparison(value)
    return MISSING if comparison is None else only([m for m in members if m != value and _comparison(m) == comparison])


def _comparison(text: str) -> frozenset[str] | None:
    """The names of the comparison a symbol or a name writes ("<>", "ne" → the not-equal names); None for another text."""
    names = _NAMES.get(text.strip())
    if names is not None:
        return names
    key = norm(text)
    return next((names for names in _NAMES.values() if key in names), None)
