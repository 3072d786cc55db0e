"""The sentinel every repair returns when no honest suggestion exists, and the one-candidate rule.

    >>> only(["EUR", "EUR"]), only(["USD", "CAD"])
    ('EUR', MISSING)
"""

from __future__ import annotations

from typing import Any

__all__ = ["MISSING", "only"]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Sentinel: no honest suggestion exists."""


def only(found: list[Any]) -> Any:
    """The one candidate found, or MISSING when there are none or several (ambiguous)."""
    unique = list(dict.fromkeys(found))
    return unique[0] if len(unique) == 1 else MISSING
