"""A language tag with its region or script ("es-ES", "pt_BR", "zh-Hans-CN") for an enum of bare language codes.

    >>> language_of("pt_BR", ["en", "es", "pt"])
    'pt'
    >>> language_of("es-MX", ["ES", "FR", "MX"])   # upper-case codes are countries: es-MX is Mexico
    MISSING
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING, only

__all__ = ["language_of"]

_TAG = re.compile(r"([A-Za-z]{2,3})(?:[-_](?:[A-Za-z]{4}|[A-Za-z]{2}|\d{3}))+")


def language_of(value: Any, choices: list[Any]) -> Any:
    """The one language code of an enum of lower-case language codes that a longer tag begins with; else MISSING."""
    strings = [c for c in choices if isinstance(c, str)]
    if not isinstance(value, str) or not strings or not all(re.fullmatch(r"[a-z]{2,3}", c) for c in strings):
        return MISSING
    match = _TAG.fullmatch(value.strip())
    return only([c for c in strings if c == match[1].lower()]) if match else MISSING
