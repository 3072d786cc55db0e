"""A duration written in words, short units or h:m:s ("90 minutes", "1.5h", "00:30:00", "PT90M") for a string whose
pattern is an ISO 8601 duration's: the same duration as the pattern takes it, or nothing.

    >>> iso_duration("90 minutes", "^PT(?=[0-9])([1-9][0-9]?H)?([1-5]?[0-9]M)?$")
    'PT1H30M'
    >>> iso_duration("00:30:00", "^PT(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+S)?$")
    'PT30M'
    >>> iso_duration("01:30", "^PT(?=[0-9])([0-9]+H)?([0-9]+M)?$")   # 1 h 30 min, or 1 min 30 s?
    MISSING
    >>> iso_duration("30 minutes", "^P[A-Z0-9]+$")   # a code that begins with P
    MISSING

Only a pattern that begins with P, takes PT1H, PT30M or PT30S and refuses PT1X2Y is read as a duration's (not a
product code's such as ^P[A-Z0-9]+$). The duration is read as `durations` reads one (seconds,
minutes and hours; an ISO duration of hours, minutes and seconds) or as hours:minutes:seconds; a bare number says no
unit and is left alone. It is written the usual way (PT1H30M), else in minutes only, seconds only or hours only, the
first the pattern takes.
"""

from __future__ import annotations

from typing import Any

from .durations import seconds_of
from .missing import MISSING
from .patterns import search

__all__ = ["is_duration_pattern", "iso_duration"]


def iso_duration(value: Any, pattern: str) -> Any:
    """`value` as the ISO 8601 duration `pattern` takes, when it says a duration in a known unit; else MISSING."""
    if not isinstance(value, str) or len(value) > 64 or not is_duration_pattern(pattern):
        return MISSING
    seconds = seconds_of(value.strip())  # h:mm:ss too
    if seconds is MISSING or seconds <= 0 or not float(seconds).is_integer():
        return MISSING
    total = int(seconds)
    return next((form for form in _forms(total) if search(pattern, form)), MISSING)


def is_duration_pattern(pattern: str) -> bool:
    """Whether `pattern` is an ISO 8601 duration's: it begins with P, takes one, and refuses other text after P."""
    return (pattern.lstrip("^(?:").startswith("P") and any(search(pattern, probe) for probe in ("PT1H", "PT30M", "PT30S"))
            and not search(pattern, "PT1X2Y"))


def _forms(total: int) -> list[str]:
    """The ways of writing `total` seconds as an ISO 8601 duration, the usual one first."""
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    usual = "PT" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes else "") + (f"{secs}S" if secs else "")
    forms = [usual]
    forms += [f"PT{total // 60}M"] if total % 60 == 0 else []
    forms += [f"PT{total}S"]
    forms += [f"PT{total // 3600}H"] if total % 3600 == 0 else []
    return forms
