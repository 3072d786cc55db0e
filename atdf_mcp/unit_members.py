"""A unit written as its symbol ("°C", "%", "F") for an enum of units named in full ("celsius", "percent"): the one
member whose symbol it is, or nothing.

    >>> unit_member("°C", ["celsius", "fahrenheit", "percent"]), unit_member("%", ["celsius", "percent", "ppm"])
    ('celsius', 'percent')
    >>> unit_member("C", ["celsius", "fahrenheit"]), unit_member("°C", ["kelvin", "fahrenheit"])
    ('celsius', MISSING)
    >>> unit_member("C", ["celsius", "centigrade"])   # two members the symbol writes
    MISSING

A symbol is matched as written (case counts: "K" is kelvin, "k" is no unit), and only to members that are the full
names `unit_names` knows; the symbol must name exactly one of them.
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING, only
from .unit_names import codes_for_name, unit_symbols

__all__ = ["unit_member"]


def unit_member(value: Any, members: list[str]) -> Any:
    """The one member (a unit named in full) whose symbol `value` is; else MISSING."""
    if not isinstance(value, str) or not 0 < len(value.strip()) <= 8:
        return MISSING
    symbol = value.strip()
    if symbol not in unit_symbols():
        return MISSING  # the common case, a word: no member's codes need reading
    return only([m for m in members if symbol != m and symbol in codes_for_name(m) and len(m) > len(symbol)])
