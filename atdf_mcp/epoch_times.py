"""Unix seconds (ten digits, 2001 to 2286) for a date-time: the same instant written in RFC 3339, in UTC.

    >>> epoch_date_time(1924992000)
    '2031-01-01T00:00:00Z'
    >>> epoch_date_time(19249920)   # 1970: no timestamp an API of this century sends
    MISSING

APIs such as Stripe's take and return instants as Unix seconds, and agents send them so where a date-time is wanted.
Ten digits, as a number or as digits only, are one instant; fewer or more (milliseconds, a date written as digits)
are left alone.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from .missing import MISSING

__all__ = ["epoch_date_time"]


def epoch_date_time(value: Any) -> Any:
    """`value` as an RFC 3339 date-time in UTC when it is ten digits of Unix seconds; else MISSING."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return MISSING
    text = str(value).strip()
    if not re.fullmatch(r"[1-9]\d{9}", text):
        return MISSING
    instant = datetime.datetime.fromtimestamp(int(text), tz=datetime.UTC)
    return instant.strftime("%Y-%m-%dT%H:%M:%SZ")
