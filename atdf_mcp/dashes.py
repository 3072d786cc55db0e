"""A typographic dash (an en or em dash, a minus sign) written for the hyphen a pattern takes.

    >>> with_hyphens("1\\u20133,5", "^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$")
    '1-3,5'
    >>> with_hyphens("1-3", "^[0-9-]+$")   # no other dash in it: nothing to do
    MISSING
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["with_hyphens"]

_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d", "-"))


def with_hyphens(value: str, pattern: str) -> Any:
    """`value` with each dash or minus sign written as a hyphen, when that passes `pattern`; else MISSING."""
    hyphened = value.translate(_DASHES)
    return hyphened if hyphened != value and search(pattern, hyphened) else MISSING
