"""A weekday written another way ("Monday", "wed", "Sun.") as the enum's member for that day ("MO", "WE", "SU").

    >>> weekday_member("Monday", ["MO", "TU", "WE", "TH", "FR", "SA", "SU"])
    'MO'
    >>> weekday_member("weekdays", ["MO", "TU", "WE", "TH", "FR", "SA", "SU"])   # five days, not one
    MISSING
    >>> weekday_member("Saturday", ["monday", "tuesday", "wednesday", "thursday", "friday"])   # not offered
    MISSING

A value is a day when it begins one English weekday name only (two letters at least: "t" is Tuesday or Thursday); a
member is a day the same way, and the enum must be a list of weekdays (five members at least) for it to count.
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING

__all__ = ["weekday_member"]

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def weekday_member(value: Any, members: list[Any]) -> Any:
    """The one member of a weekday enum that names the same day as `value`; else MISSING."""
    day = _day(value)
    if day is None:
        return MISSING
    days = [(member, _day(member)) for member in members if isinstance(member, str)]
    if sum(1 for _, found in days if found is not None) < 5:
        return MISSING
    same = [member for member, found in days if found == day]
    return same[0] if len(same) == 1 and same[0] != value else MISSING


def _day(text: Any) -> int | None:
    """Which weekday (0 for Monday) a text names, if it begins exactly one weekday name; else None."""
    if not isinstance(text, str) or not 2 <= len(text) <= 12:
        return None
    word = text.strip().rstrip(".").lower()
    found = [index for index, name in enumerate(_DAYS) if len(word) >= 2 and name.startswith(word)]
    return found[0] if len(found) == 1 else None
