"""A unit written as its symbol ("°C", "%", "F") for an enum of units named in full ("celsius", "percent"): the one
member whose symbol it is, or nothing.

    >>> unit_member("°C", ["celsius", "fahrenheit", "percent"]), unit_member("%", ["celsius", "percent", "ppm"])
    ('celsius', 'percent')
    >>> unit_member("C", ["celsius", "fahrenheit"]), unit_member("°C", ["kelvin", "fahrenheit"])
    ('celsius', MISSING)
    >>> unit_member("C", ["celsius", "centigrade"])   # two members the symbol writes
    MISSING
    >>> unit_member("MB", ["megabyte", "gigabyte"]), unit_member("MB", ["megabyte", "mebibyte"])   # 10**6 or 2**20 bytes
    ('megabyte', MISSING)

A symbol is matched as written (case counts: "K" is kelvin, "k" is no unit), and only to members that are the full
names `unit_names` knows; the symbol must name exactly one of them, and no member may be the other unit it is
written for as well ("MB" is a mebibyte as often as a megabyte: with both allowed, it is left to the agent).
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING, only
from .spelling import norm
from .unit_names import codes_for_name, unit_symbols

__all__ = ["unit_member"]

_ALSO = {"KB": "kibibyte", "MB": "mebibyte", "GB": "gibibyte", "TB": "tebibyte"}  # a symbol's other, binary, reading


def unit_member(value: Any, members: list[str]) -> Any:
    """The one member (a unit named in full) whose symbol `value` is; else MISSING."""
    if not isinstance(value, str) or not 0 < len(value.strip()) <= 8:
        return MISSING
    symbol = value.strip()
    if symbol not in unit_symbols():
        return MISSING  # the common case, a word: no member's codes need reading
    if symbol in _ALSO and any(norm(m).removesuffix("s") == _ALSO[symbol] for m in members):
        return MISSING
    return only([m for m in members if symbol != m and symbol in codes_for_name(m) and len(m) > len(symbol)])
