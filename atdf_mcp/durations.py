"""A duration written in another time unit than the one its input names, converted exactly ("1h" for
duration_minutes → 60, "PT45M" → 45, "5 min" for a TTL "in seconds" → 300), or nothing.

    >>> duration_in_unit("1.5 hours", "duration_minutes", "")
    90
    >>> duration_in_unit("PT1H30M", "duration_minutes", "")
    90
    >>> duration_in_unit("7h30", "hours", "", integer=False)
    7.5
    >>> duration_in_unit("1 month", "duration_minutes", "")   # 28 to 31 days
    MISSING
    >>> duration_in_unit("0.3s", "transition_ms", ""), duration_in_unit("00:02:00", "duration_seconds", "")
    (300, 120)

Only milliseconds, seconds, minutes and hours convert (also written h:mm:ss), the units of a clock (a day is not
always 24 hours, a month or a year has no fixed length, and "21 days" for a loan in weeks stays the caller's to say),
and only to a whole number of the input's unit when it takes integers; the input must name exactly one time unit, in
its name first, as `number_in_unit` reads it.
A duration past 2**53 seconds is not converted: the float it is read as is no longer the caller's number.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .number_repairs import plain_number
from .spelling import norm
from .unit_names import units_named

__all__ = ["duration_in_unit", "seconds_of"]

SECONDS = {"ms": 0.001, "s": 1, "min": 60, "h": 3600}
_EXACT = 2.0 ** 53
_WRITTEN = re.compile(r"\s*(\d+(?:[.,]\d+)?)\s*([^\W\d_]+)\.?\s*")
_COMPOUND = re.compile(r"\s*(\d+)\s*h(?:ours?|rs?)?\s*(\d{1,2})\s*(?:m|min|mins|minutes?)?\.?\s*", re.IGNORECASE)  # 7h30, 1h 45m
_CLOCK = re.compile(r"\s*(\d{1,3}):([0-5]\d):([0-5]\d)\s*")  # h:mm:ss, three parts: no other reading
_ISO = re.compile(r"PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?", re.IGNORECASE)  # a clock duration: no days


def duration_in_unit(value: Any, name: str, description: str, integer: bool = True) -> Any:
    """`value` (text) in the one time unit its input names, when it says a duration in another; else MISSING."""
    if not isinstance(value, str) or len(value) > 64:
        return MISSING
    unit = _declared(name, description)
    seconds = seconds_of(value.strip())
    if unit is None or seconds is MISSING:
        return MISSING
    if not abs(seconds) < _EXACT:  # past 2**53 a float is no longer the number the caller wrote
        return MISSING
    amount = round(seconds / SECONDS[unit], 9)  # 0.3 s is 300 ms, not 299.99999999999994
    if float(amount).is_integer():
        return int(amount)
    return MISSING if integer else amount


def _declared(name: str, description: str) -> str | None:
    spoken = norm(name).replace("_", " ")
    units = units_named(spoken)
    units = units if len(units) == 1 else units_named(f"{spoken} {description}")
    unit = next(iter(units)) if len(units) == 1 else None
    return unit if unit in SECONDS else None


def seconds_of(text: str) -> Any:
    """The seconds a duration written with a clock unit or as an ISO duration of hours, minutes and seconds says."""
    iso = _ISO.fullmatch(text)
    if iso and any(iso.groups()):
        hours, minutes, secs = (float(g) if g else 0.0 for g in iso.groups())
        return (hours * 60 + minutes) * 60 + secs
    clock = _CLOCK.fullmatch(text)
    if clock:
        return (int(clock[1]) * 60 + int(clock[2])) * 60 + int(clock[3])
    compound = _COMPOUND.fullmatch(text)
    if compound and int(compound[2]) < 60:
        return (int(compound[1]) * 60 + int(compound[2])) * 60
    written = _WRITTEN.fullmatch(text)
    if not written:
        return MISSING
    number = plain_number(written[1])
    units = units_named(written[2])
    unit = next(iter(units)) if len(units) == 1 else None
    return number * SECONDS[unit] if number is not MISSING and unit in SECONDS else MISSING
