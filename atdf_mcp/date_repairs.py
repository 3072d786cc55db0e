"""Dates, times of day and lengths of time in the ISO forms JSON Schema's formats require, when the reading is certain.

    >>> repair_date("15/03/2030"), repair_date("04/06/2030")   # 4 June or April 6? Not ours to guess.
    ('2030-03-15', MISSING)
    >>> repair_time("9:30+02:00"), repair_duration("1h30m")
    ('09:30:00+02:00', 'PT1H30M')
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .missing import MISSING

__all__ = ["repair_date", "repair_date_time", "repair_duration", "repair_time"]


def repair_date(text: str) -> Any:
    """A calendar day as YYYY-MM-DD when its reading is certain ("1.7.2030", "July 4, 2030"), else MISSING."""
    parsed = _parse_day(text)
    return parsed.isoformat() if parsed is not None else MISSING


def repair_date_time(text: str) -> Any:
    """A date-time with its UTC offset in ISO 8601 ("2030-05-03 09:00Z"); never one without an offset (which zone?)."""
    candidate = re.sub(r"^(\d{4}-\d{2}-\d{2})[ t](\d)", r"\1T\2", text).replace("z", "Z")
    try:
        parsed = dt.datetime.fromisoformat(candidate.replace("Z", "+00:00"))
    except ValueError:
        return MISSING
    if parsed.tzinfo is None:
        return MISSING  # which time zone? Appending Z would move the time by hours
    written = parsed.isoformat()
    return written[:-6] + "Z" if written.endswith("+00:00") and candidate.endswith("Z") else written


def repair_time(text: str) -> Any:
    """A time of day with its UTC offset, the seconds or the hour's padding left out ("9:30+02:00" → 09:30:00+02:00);
    never one without an offset (which zone?)."""
    match = re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2}))", text)
    if not match or int(match[1]) > 23 or int(match[2]) > 59 or (match[6] and (int(match[7]) > 23 or int(match[8]) > 59)):
        return MISSING
    zone = "Z" if match[5] else f"{match[6]}{match[7]}:{match[8]}"
    return f"{int(match[1]):02d}:{match[2]}:{match[3] or '00'}{match[4] or ''}{zone}"


# Units of a length of time as people write them → (ISO 8601 designator, whether it sits after the "T"). A lone "m" is
# read as minutes only after hours ("1h30m"): "3m" of retention may be months. "M" alone is refused.
_DURATION_UNITS = {
    **dict.fromkeys(("y", "yr", "yrs", "year", "years"), ("Y", False)),
    **dict.fromkeys(("mo", "mos", "month", "months"), ("M", False)),
    **dict.fromkeys(("w", "wk", "wks", "week", "weeks"), ("W", False)),
    **dict.fromkeys(("d", "day", "days"), ("D", False)),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), ("H", True)),
    **dict.fromkeys(("m", "min", "mins", "minute", "minutes"), ("M", True)),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), ("S", True)),
}
_DURATION_ORDER = [("Y", False), ("M", False), ("W", False), ("D", False), ("H", True), ("M", True), ("S", True)]


def repair_duration(text: str) -> Any:
    """A length of time written as people do ("6h", "90 min", "30 days", "1 hour 30 minutes") in ISO 8601, in the
    caller's own units (PT6H, PT90M, P30D, PT1H30M); or an ISO duration in lower case. Whole numbers only."""
    if re.fullmatch(r"p[\dymwdths.]+", text, re.IGNORECASE):
        return text.upper()  # "pt6h": its validity is checked by the caller
    parts = re.findall(r"(\d+)\s*([A-Za-z]+)|(\S)", re.sub(r"\s*(?:,|\band\b)\s*", " ", text.strip()))
    found: dict[tuple[str, bool], int] = {}
    for number, unit, stray in parts:
        key = _DURATION_UNITS.get(unit.lower()) if not stray and unit != "M" else None
        if key is None or key in found or (unit == "m" and ("H", True) not in found):
            return MISSING  # anything else ("ago", "1.5", "6 M", "3m" alone) or a unit twice: not one length of time
        found[key] = int(number)
    if not found:
        return MISSING
    if ("W", False) in found and len(found) > 1:
        found[("D", False)] = found.get(("D", False), 0) + 7 * found.pop(("W", False))  # ISO writes weeks alone
    date = "".join(f"{found[k]}{k[0]}" for k in _DURATION_ORDER if k in found and not k[1])
    time = "".join(f"{found[k]}{k[0]}" for k in _DURATION_ORDER if k in found and k[1])
    return f"P{date}" + (f"T{time}" if time else "")


_MONTHS = {m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}


def _parse_day(text: str) -> dt.date | None:
    """A calendar day whose reading is certain: ISO (also unpadded, with a time, or in its basic form), dd.mm.yyyy, a month name, or
    d/m vs m/d only when one part is above 12."""
    iso = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?", text, re.IGNORECASE)
    if iso:
        return _day(int(iso[1]), int(iso[2]), int(iso[3]))
    basic = re.fullmatch(r"(\d{4})(\d{2})(\d{2})", text)  # ISO 8601's basic form: 20310804
    if basic:
        return _day(int(basic[1]), int(basic[2]), int(basic[3]))
    dotted = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", text)  # written day-first wherever dots are used
    if dotted:
        return _day(int(dotted[3]), int(dotted[2]), int(dotted[1]))
    numeric = re.fullmatch(r"(\d{1,2})[/-](\d{1,2})[/-](\d{4})", text)
    if numeric:
        a, b, year = int(numeric[1]), int(numeric[2]), int(numeric[3])
        if a > 12 >= b:
            return _day(year, b, a)
        if b > 12 >= a:
            return _day(year, a, b)
        return _day(year, a, b) if a == b else None  # 04/06: April or June? ambiguous
    words = re.fullmatch(r"(?:(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)|([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?),?\s+(\d{4})", text.lower())
    if words:
        day, month = (words[1], words[2]) if words[1] else (words[4], words[3])
        number = _MONTHS.get(month[:3])
        return _day(int(words[5]), number, int(day)) if number and month in _month_names(number) else None
    return None


def _month_names(number: int) -> set[str]:
    full = dt.date(2000, number, 1).strftime("%B").lower()
    return {full, full[:3], full[:4]}


def _day(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None  # 31 June is not a day; the nearest one is a guess
