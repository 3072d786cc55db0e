"""The mark a pattern requires first ('#' of a colour, '@' of a user name), put before a value that left it out.

    >>> with_leading_mark("1db954", "^#[0-9a-f]{6}$")
    '#1db954'
    >>> with_leading_mark("green", "^#[0-9a-f]{6}$")
    MISSING
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["with_leading_mark"]

_LEADING = re.compile(r"\^\\?([#@])(?![?*{])")  # "#" of a colour, "@" of a user name; never "+" (a country code is missing)


def with_leading_mark(value: str, pattern: str) -> Any:
    """`value` with the mark its pattern begins with, when it lacks it and then fits; else MISSING."""
    match = _LEADING.match(pattern)
    if not match or value.startswith(match[1]):
        return MISSING
    marked = match[1] + value.strip()
    return marked if search(pattern, marked) else MISSING
