"""Whether a number past its bound may be moved to that bound: never when the number names a thing or states a fact.

    >>> stays_put("limit", {"minimum": 1}, 0)          # 0 often means "no limit" or "off": 1 is not what was asked
    True
    >>> stays_put("zone", {"description": "Zone number on the controller."}, 9)   # an identifier: 8 is another zone
    True
    >>> stays_put("annual_kwh", {}, 420)              # a yearly figure the user reports
    True
    >>> stays_put("quality", {"maximum": 100}, 101)
    False
"""

from __future__ import annotations

import re
from typing import Any

from .spelling import norm

__all__ = ["stays_put"]

_IDENTIFIER = re.compile(r"\b(?!the\b|a\b|an\b|any\b|total\b|whole\b)[a-z]+ number\b(?! of\b)")  # "zone number", not "number of"
_IDENTIFIER_NAMES = {"number", "no", "nr", "num"}  # zone_number, seat_no
_REPORTED = {"annual", "yearly", "monthly", "consumption", "usage", "reading", "income", "revenue"}


def stays_put(name: str, prop: dict[str, Any], received: Any) -> bool:
    """Whether `received` must not be moved to a bound it is past: it is 0 (none, off, unlimited), the input is
    a number that identifies something ("zone number", `seat_no`), or a figure the user reports (a yearly use)."""
    if received == 0 and not isinstance(received, bool):
        return True
    words = norm(name).split("_")
    if len(words) > 1 and words[-1] in _IDENTIFIER_NAMES:
        return True
    if set(words) & _REPORTED:
        return True
    return bool(_IDENTIFIER.search(str(prop.get("description") or "").lower()))
