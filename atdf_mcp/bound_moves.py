"""Whether a number past its bound may be moved to that bound: never when the number names a thing or states a fact.

    >>> stays_put("zone", {"description": "Zone number on the controller."}, 9)   # an identifier: 8 is another zone
    True
    >>> stays_put("annual_kwh", {}, 420)              # a yearly figure the user reports
    True
    >>> stays_put("quality", {"maximum": 100}, 101)
    False
    >>> stays_put("quality", {"type": "integer", "minimum": 1}, 0.8), stays_put("kelvin", {"minimum": 2000}, 370)   # other scales
    (True, True)
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
    """Whether `received` must not be moved to a bound it is past: the input is a number that identifies something
    ("zone number", `seat_no`), or a figure the user reports (a yearly use). 0 for at least 1 still becomes 1 (the
    demo's passengers and search_tools' limit say so)."""
    if _another_scale(prop, received):
        return True
    words = norm(name).split("_")
    if len(words) > 1 and words[-1] in _IDENTIFIER_NAMES:
        return True
    if set(words) & _REPORTED:
        return True
    return bool(_IDENTIFIER.search(str(prop.get("description") or "").lower()))


def _another_scale(prop: dict[str, Any], received: Any) -> bool:
    """Whether `received` is written on another scale than the input's: a fraction for an input of whole numbers (0.8
    for a quality of 1 to 100), or a positive number under half a positive least value (370 mireds for 2000 to 6500
    kelvin, 5 for at least 60). Either way the bound is not what the caller meant."""
    if isinstance(received, bool) or not isinstance(received, (int, float)):
        return False
    kinds = prop.get("type")
    kinds = {kinds} if isinstance(kinds, str) else set(kinds or ())
    if "integer" in kinds and "number" not in kinds and not float(received).is_integer():
        return True
    low = prop.get("minimum", prop.get("exclusiveMinimum"))
    return isinstance(low, (int, float)) and not isinstance(low, bool) and 0 < received < low / 2
