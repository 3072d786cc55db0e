"""A latitude or longitude written as people write them ("48.8584°", "33.8688 S", 48°51'30"N) for a number input
named as one: the same position in signed decimal degrees, or nothing.

    >>> coordinate("33.8688 S", "lat"), coordinate("151.2093°E", "longitude"), coordinate("48.8584°", "latitude")
    (-33.8688, 151.2093, 48.8584)
    >>> coordinate('''48°51'30"N''', "lat") == 48 + 51 / 60 + 30 / 3600
    True
    >>> coordinate("2.2945 N", "lon"), coordinate("48.8584", "elevation")   # north is no longitude's; no coordinate input
    (MISSING, MISSING)
    >>> coordinate("48'N", "lat"), coordinate("48 30'N", "lat")   # 4° 8' or 48'; degrees and minutes parted
    (MISSING, 48.5)

The input's name must say which coordinate it is (lat or latitude; lon, lng, long or longitude, alone or as the last
word); the hemisphere letter must be that coordinate's (N or S for a latitude, E or W for a longitude) and the number
unsigned beside it; minutes and seconds below 60, the minutes parted from the degrees by '°' or a space ("48'N" is
48 minutes, or 4 degrees and 8 minutes). White space is read as single spaces, so the match is linear.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .spelling import norm

__all__ = ["coordinate"]

_LATITUDE, _LONGITUDE = frozenset({"lat", "latitude"}), frozenset({"lon", "lng", "long", "longitude"})
_WRITTEN = re.compile(r"([NSEW])? ?(\d{1,3}(?:\.\d{1,12})?)(?:( ?° ?| )(\d{1,2}(?:\.\d{1,9})?) ?['\u2032]"
                      r"(?: ?(\d{1,2}(?:\.\d{1,9})?) ?(?:\"|\u2033|''))?| ?°)? ?([NSEW])?", re.IGNORECASE)  # spaces single


def coordinate(value: Any, name: str) -> Any:
    """`value` in signed decimal degrees, when the input is a latitude or longitude and `value` writes one; else MISSING."""
    words = norm(name).split("_")
    letters = "NS" if words[-1] in _LATITUDE else "EW" if words[-1] in _LONGITUDE else ""
    text = " ".join(value.split()) if letters and isinstance(value, str) and len(value) <= 64 else ""
    match = _WRITTEN.fullmatch(text) if text else None
    if not match or (match[1] and match[6]) or not any(ch in text for ch in "°'\u2032NSEWnsew"):
        return MISSING  # a bare number is no coordinate written another way; two hemisphere letters are two readings
    hemisphere = (match[1] or match[6] or "").upper()
    if hemisphere and hemisphere not in letters:
        return MISSING
    minutes, seconds = float(match[4] or 0), float(match[5] or 0)
    if minutes >= 60 or seconds >= 60:
        return MISSING
    degrees = float(match[2]) + minutes / 60 + seconds / 3600
    return -degrees if hemisphere in ("S", "W") else degrees
