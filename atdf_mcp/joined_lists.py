"""A list sent for a text whose pattern joins items with one list mark (["1-3", "5"] for pages "1-3,5").

    >>> joined_list(["1-3", "5"], "^[1-9][0-9]*(-[1-9][0-9]*)?(,[1-9][0-9]*(-[1-9][0-9]*)?)*$")
    '1-3,5'
    >>> joined_list(["red", "blue"], "^[a-z]+(, ?[a-z]+)*$")   # "red,blue" and "red, blue" both fit
    MISSING

Two items at least (one is a lone item, atdf_mcp.restructure), each a string holding no mark (numbers are left
alone: [1, 2, 3, 5] for pages is 1,2,3,5 or 1-3,5, two writings), joined by a comma, a comma and a space, a semicolon
or a bar. A space alone is no list mark ("red blue" is no list of colours). Two joinings that fit, or none, and it is
MISSING.
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["joined_list"]

_MARKS = (",", ", ", ";", "; ", "|")
_MAX_ITEMS = 100


def joined_list(value: Any, pattern: str) -> Any:
    """The one joining of the list `value` by a list mark that `pattern` takes; else MISSING."""
    if not isinstance(value, list) or not 2 <= len(value) <= _MAX_ITEMS:
        return MISSING
    if not all(isinstance(item, str) and item and len(item) <= 200 and not any(m.strip() in item for m in _MARKS) for item in value):
        return MISSING
    fits = {joined for mark in _MARKS if search(pattern, joined := mark.join(value))}
    return fits.pop() if len(fits) == 1 else MISSING
