"""A time of day written another way, in the one writing a pattern takes ("6:30 pm" → "18:30" for HH:MM).

    >>> clock_time("6:30 PM", "^([01][0-9]|2[0-3]):[0-5][0-9]$", "time")
    '18:30'
    >>> clock_time("06:30:15", "^([01][0-9]|2[0-3]):[0-5][0-9]$", "time")   # seconds HH:MM cannot hold
    MISSING
    >>> clock_time("1:30", "^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$", "start")   # into a video: 1 min 30 s, or 1 h 30 min?
    MISSING
    >>> clock_time("5pm", "^([01][0-9]|2[0-3]):[0-5][0-9]$", "end")   # the pattern is a clock of the day: 17:00
    '17:00'
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING, only
from .patterns import search

__all__ = ["clock_time"]

_DAY_ENDS = (("23:59", "24:00"), ("23:59:59", "24:00:00"))

_CLOCK = re.compile(r"\s*(\d{1,2})(?:[:.h](\d{2})(?::(\d{2}))?)?\s*(?:([ap])\.?\s*m\.?)?\s*", re.IGNORECASE)
_ABOUT_TIME = re.compile(r"\btime\b|\bhh:mm\b|\bclock\b|\bo'clock\b|\bwake\b|\balarm\b|\bstarts?\b|_at\b|^at\b", re.IGNORECASE)


def clock_time(value: str, pattern: str, about: str) -> Any:
    """The time of day `value` is, written as the pattern wants it, when the input is about a time of day (its name
    or description says so) and exactly one writing of that time fits; else MISSING. Seconds are dropped only when
    they are 0; "7pm" is 19:00; a bare number or a dot needs minutes ("06.30", never "16.9")."""
    match = _CLOCK.fullmatch(value) if len(value) <= 64 else None  # its spaces side by side: quadratic on a long text
    if not match or not (_ABOUT_TIME.search(about) or _of_a_day(pattern)) or (match[2] is None and match[4] is None):
        return MISSING
    hour, minute, second = int(match[1]), int(match[2] or 0), int(match[3] or 0)
    if match[3] is None and match[4] is None and match[2] is not None and (search(pattern, "25:00:00") or search(pattern, "25:00")):
        return MISSING  # hours past 23: an elapsed time, where "1:30" is a minute and a half as often as an hour and a half
    if match[4]:
        if not 1 <= hour <= 12:
            return MISSING  # "13:30 pm" is no time
        hour = hour % 12 + (12 if match[4].lower() == "p" else 0)
    if hour > 23 or minute > 59 or second > 59:
        return MISSING
    writings = {f"{hour:02d}:{minute:02d}", f"{hour}:{minute:02d}", f"{hour:02d}:{minute:02d}:{second:02d}"}
    if second:
        writings = {f"{hour:02d}:{minute:02d}:{second:02d}"}
    return only(sorted(w for w in writings if w != value and search(pattern, w)))


def _of_a_day(pattern: str) -> bool:
    """Whether the pattern itself is a clock of the day: it takes 23:59 and refuses 24:00 (with seconds or not)."""
    return any(search(pattern, last) and not search(pattern, past) for last, past in _DAY_ENDS)
