"""Unix seconds (ten digits, 2001 to 2038) for a date-time: the same instant written in RFC 3339, in UTC.

    >>> epoch_date_time(1924992000)
    '2031-01-01T00:00:00Z'
    >>> epoch_date_time(19249920)   # 1970: no timestamp an API of this century sends
    MISSING
    >>> epoch_date_time(5551234567), epoch_date_time("2024010112")   # a phone number; 2024-01-01 12:00 as digits
    (MISSING, MISSING)

APIs such as Stripe's take and return instants as Unix seconds, and agents send them so where a date-time is wanted.
Ten digits, as a number or as digits only, up to 2**31 - 1 (the instants a signed 32-bit time holds, 2038), are one
instant; fewer or more (milliseconds), more than that (a phone number's ten digits read as 2145), or digits that are
a date and hour (2024010112: YYYYMMDDHH) are left alone.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from .missing import MISSING

__all__ = ["epoch_date_time"]

_LAST = 2**31 - 1
_DATE_HOUR = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[01]\d|2[0-3])")


def epoch_date_time(value: Any) -> Any:
    """`value` as an RFC 3339 date-time in UTC when it is ten digits of Unix seconds; else MISSING."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or (isinstance(value, int) and not 0 < value <= _LAST):
        return MISSING  # and no str() of a 5,000-digit integer, which raises
    text = str(value).strip()
    if not re.fullmatch(r"[1-9]\d{9}", text) or int(text) > _LAST or _DATE_HOUR.fullmatch(text):
        return MISSING
    instant = datetime.datetime.fromtimestamp(int(text), tz=datetime.UTC)
    return instant.strftime("%Y-%m-%dT%H:%M:%SZ")
