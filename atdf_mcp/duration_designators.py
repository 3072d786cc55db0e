"""An ISO 8601 duration written without its designators ("1H30M", "30D"): P, and T before the hours, put back only
when the units read one way.

    >>> designator_readings("1H30M"), designator_readings("2M10D"), designator_readings("1D2H")
    (['PT1H30M'], ['P2M10D'], ['P1DT2H'])
    >>> designator_readings("1M")   # a month (P1M) or a minute (PT1M)
    ['P1M', 'PT1M']
    >>> designated("1M", "^PT(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+S)?$")   # the pattern takes minutes only; the caller said?
    MISSING

ISO 8601 writes M for months before T and for minutes after it, so "1M" is P1M as often as PT1M, and "1M30S" is
PT1M30S or P1MT30S; which one the caller meant is theirs to say, whatever the pattern takes. Every split of the units
into a date part (Y, M, W, D in that order) and a time part (H, M, S) is a reading; a value is put back only when
there is exactly one.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["designated", "designator_readings"]

_UNITS = re.compile(r"(?:\d{1,9}[YMWDHS]){1,7}")  # no nested quantifier over the same text: linear on any input
_DATE, _TIME = ("Y", "M", "W", "D"), ("H", "M", "S")  # the units before T and after it, in their order


def designator_readings(value: Any) -> list[str]:
    """The ISO 8601 durations `value` (digits and unit letters, no P) can be, in the order P…, P…T…, PT…; else []."""
    if not isinstance(value, str) or len(value) > 64:
        return []
    text = value.strip().upper()
    if not _UNITS.fullmatch(text):
        return []
    tokens = re.findall(r"(\d+)([YMWDHS])", text)
    readings = []
    for split in range(len(tokens), -1, -1):  # the date part longest first
        date, time = tokens[:split], tokens[split:]
        if _ordered(date, _DATE) and _ordered(time, _TIME):
            reading = "P" + "".join(n + u for n, u in date) + ("T" + "".join(n + u for n, u in time) if time else "")
            readings.append(reading)
    return readings


def designated(value: Any, pattern: str) -> Any:
    """`value` with its designators put back, when its units read one way and `pattern` takes that; else MISSING."""
    readings = designator_readings(value)
    return readings[0] if len(readings) == 1 and search(pattern, readings[0]) else MISSING


def _ordered(tokens: list[tuple[str, str]], units: tuple[str, ...]) -> bool:
    """Whether every unit of `tokens` is one of `units`, each once, in their order."""
    places = [units.index(unit) if unit in units else -1 for _, unit in tokens]
    return all(place >= 0 for place in places) and places == sorted(set(places))
