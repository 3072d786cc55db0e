"""Unix seconds (ten digits, September 2001 to May 2033) for a date-time: the same instant written in RFC 3339, in UTC.

    >>> epoch_date_time(1924992000)
    '2031-01-01T00:00:00Z'
    >>> epoch_date_time(19249920)   # 1970: no timestamp an API of this century sends
    MISSING
    >>> epoch_date_time(1924992000000), epoch_date_time("1924992000250")   # milliseconds
    ('2031-01-01T00:00:00Z', '2031-01-01T00:00:00.250Z')
    >>> epoch_date_time(2125550123), epoch_date_time("2024010112")   # a New York phone number; 2024-01-01 12:00 as digits
    (MISSING, MISSING)
    >>> epoch_date_time(1924992000, "callbackPhone"), epoch_date_time(1924992000, "telemetry_at")   # a phone's; a time's
    (MISSING, '2031-01-01T00:00:00Z')

APIs such as Stripe's take and return instants as Unix seconds, and agents send them so where a date-time is wanted.
Ten digits, as a number or as digits only, from 1,000,000,000 to 1,999,999,999 are one instant; thirteen digits
from 1,000,000,000,000 to 1,999,999,999,999 are one in milliseconds (no phone number has thirteen digits beginning
with 1: that country code is North America's, whose numbers have eleven). From 2,000,000,000 on
(May 2033) every North American phone number is one too (area codes begin at 201, so 201-555-0123 reads as 2033 and
214-… as 2037), and no more can tell them apart than the year, so those are left alone; so are fewer or more digits
(milliseconds), digits that are a date and hour (2024010112: YYYYMMDDHH), and any digits for an input whose name or
description (`about`) speaks of a phone, a fax or a contact number.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from .missing import MISSING
from .spelling import norm

__all__ = ["epoch_date_time"]

_FIRST, _LAST = 1_000_000_000, 1_999_999_999  # below the first North American phone number, 200-000-0000
_DATE_HOUR = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[01]\d|2[0-3])")
_PHONE_WORDS = frozenset({"phone", "phones", "telephone", "tel", "mobile", "cell", "fax", "sms", "whatsapp", "msisdn", "dial"})


def epoch_date_time(value: Any, about: str = "") -> Any:
    """`value` as an RFC 3339 date-time in UTC when it is ten digits of Unix seconds for an input `about` a time, not a
    phone; else MISSING."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or (isinstance(value, int) and not 0 < value < 10**13):
        return MISSING  # and no str() of a 5,000-digit integer, which raises
    text = str(value).strip()
    millis = re.fullmatch(r"[1-9]\d{12}", text) is not None  # milliseconds, as JavaScript's Date.now() writes them
    seconds = int(text[:10]) if millis or re.fullmatch(r"[1-9]\d{9}", text) else 0
    if not _FIRST <= seconds <= _LAST or (not millis and _DATE_HOUR.fullmatch(text)):
        return MISSING
    if _PHONE_WORDS & set(re.findall(r"[a-z]+", norm(about[:512]))):
        return MISSING
    instant = datetime.datetime.fromtimestamp(seconds, tz=datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return instant + (f".{text[10:]}Z" if millis and text[10:] != "000" else "Z")
