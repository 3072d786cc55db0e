"""A cron schedule in another dialect (a macro such as "@daily", day and month names, Quartz's seconds and "?") for a
string whose pattern takes five-field cron: the same schedule in five numeric fields, or nothing.

    >>> cron_text("@daily", "^[0-9*/,-]+( [0-9*/,-]+){4}$"), cron_text("0 3 * * MON-FRI", "^[0-9*/,-]+( [0-9*/,-]+){4}$")
    ('0 0 * * *', '0 3 * * 1-5')
    >>> cron_text("0 0 3 * * 2", "^[0-9*/,-]+( [0-9*/,-]+){4}$")   # Quartz's 2 is Monday, cron's Tuesday
    MISSING

Macros are Vixie cron's (@reboot is no time). Quartz's six or seven fields are read only with its seconds at 0, its
year (if any) "*", and its weekday "?" or "*" or named: Quartz numbers weekdays from 1 on Sunday, cron from 0, so a
numbered weekday reads two ways. A named range across the week's or the year's end (THU-MON, NOV-FEB) is no cron
range and is left alone. The pattern must take "0 0 * * *" and refuse "0 0 * *" and "x x x x x" (a cron's, not any text's), and take the
result.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["cron_text"]

_MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
           "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *"}
_MONTHS = {m: str(i) for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_DAYS = {d: str(i) for i, d in enumerate(("sun", "mon", "tue", "wed", "thu", "fri", "sat"))}


def cron_text(value: Any, pattern: str) -> Any:
    """`value` as five numeric cron fields, when it says one schedule and `pattern` takes cron; else MISSING."""
    if not isinstance(value, str) or len(value) > 100 or not _is_cron_pattern(pattern):
        return MISSING
    text = value.strip()
    fields = _MACROS.get(text.lower(), text).split()
    if len(fields) in (6, 7):
        fields = _from_quartz(fields)
    if fields is None or len(fields) != 5:
        return MISSING
    minute, hour, day, month, weekday = fields
    written = " ".join((minute, hour, day, _numbered(month, _MONTHS), _numbered(weekday, _DAYS)))
    if any(int(low) > int(high) for low, high in re.findall(r"(\d+)-(\d+)", written)):
        return MISSING  # "THU-MON" across the week's end: cron's 4-1 is no range, and its reading is the caller's
    return written if written != text and search(pattern, written) else MISSING


def _is_cron_pattern(pattern: str) -> bool:
    """Whether `pattern` is five-field cron's: it takes "0 0 * * *" and refuses four fields and five words."""
    return search(pattern, "0 0 * * *") and not search(pattern, "0 0 * *") and not search(pattern, "x x x x x")


def _from_quartz(fields: list[str]) -> list[str] | None:
    """Quartz's sec min hour day month weekday [year] as cron's five fields, when they read one way; else None."""
    if fields[0] != "0" or (len(fields) == 7 and fields[6] != "*"):
        return None
    minute, hour, day, month, weekday = fields[1:6]
    if re.search(r"\d", weekday):
        return None  # Quartz's 1 is Sunday, cron's Monday
    if "?" in (day, weekday) and (day, weekday).count("?") == 1:
        return [minute, hour, "*" if day == "?" else day, month, "*" if weekday == "?" else weekday]
    return None


def _numbered(field: str, names: dict[str, str]) -> str:
    """A field with its three-letter names as numbers ("MON-FRI" → "1-5")."""
    return re.sub(r"[A-Za-z]{3}", lambda m: names.get(m[0].lower(), m[0]), field)
