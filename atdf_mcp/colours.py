"""A colour written another way ("#fff", "rgb(255, 136, 0)", [255, 136, 0]) for a string whose pattern takes
it as six hex digits ("#RRGGBB"): the same colour in the writing the pattern takes, or nothing.

    >>> hex_colour("rgb(255, 136, 0)", "^#[0-9A-F]{6}$"), hex_colour("#f80", "^#[0-9a-fA-F]{6}$")
    ('#FF8800', '#ff8800')
    >>> hex_colour([255, 136, 0], "^#[0-9a-f]{6}$"), hex_colour("green", "^#[0-9a-fA-F]{6}$")   # CSS's #008000, or a shade?
    ('#ff8800', MISSING)
    >>> hex_colour("rgba(255, 136, 0, 0.5)", "^#[0-9A-F]{6}$")   # half transparent: six digits cannot say it
    MISSING
    >>> hex_colour("abc", "^[0-9a-f]{6,40}$", "commit"), hex_colour("#f80", "^[0-9A-F]{6}$", "fill colour")   # a hash; a colour
    (MISSING, 'FF8800')
    >>> hex_colour([1, 0, 0], "^#[0-9a-f]{6}$")   # red on a 0-1 scale, or #010000?
    MISSING

Read: three or six hex digits with or without '#', rgb() or rgba() with an alpha of 1, and three whole numbers 0-255 in
a list. A colour's name is not read: CSS gives "green" one value, but the user may mean a shade (Spotify's #1db954).
Three channels of 0 and 1 only are not read: [1, 0, 0] is red on a 0-1 scale as often as #010000.
Written: '#' and six digits, in the caller's case
when they wrote hex digits, else lower case first; without '#' if the pattern wants that. A pattern that takes none of
these writings of black is no colour's, and nothing is read for it; nor one that takes six digits without '#' only, unless
the input's name or description (`about`) says colour: hex digits are also hashes and codes ("abc" of a commit).
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["hex_colour"]

_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_COLOUR_WORDS = re.compile(r"colou?r|rgb|hex_?code|background|foreground|fill|stroke|tint", re.IGNORECASE)
_RGB = re.compile(r"rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(1|1\.0+|100%)\s*)?\)", re.IGNORECASE)


def hex_colour(value: Any, pattern: str, about: str = "") -> Any:
    """`value` as the six-hex-digit colour `pattern` takes, when it writes one colour; else MISSING. `about` is the
    input's name and description, read when the pattern takes no '#'."""
    if not search(pattern, "#000000") and not (search(pattern, "000000") and _COLOUR_WORDS.search(about[:512])):
        return MISSING
    digits = _digits(value)
    if digits is None:
        return MISSING
    cases = [digits] if any(c.isalpha() for c in digits) and isinstance(value, str) and _HEX.fullmatch(value.strip()) else []
    cases += [digits.lower(), digits.upper()]
    forms = [mark + case for case in cases for mark in ("#", "")]
    return next((form for form in forms if form != value and search(pattern, form)), MISSING)


def _digits(value: Any) -> str | None:
    """The six hex digits `value` writes (in the caller's case when it wrote hex digits), or None."""
    if isinstance(value, list) and len(value) == 3 and all(type(v) is int and 0 <= v <= 255 for v in value):
        if max(value) == 1:
            return None  # [1, 0, 0]: red on a 0-1 scale as often as #010000
        return "".join(f"{v:02x}" for v in value)
    if not isinstance(value, str) or len(value) > 64:
        return None
    text = value.strip()
    match = _HEX.fullmatch(text)
    if match:
        digits = match[1]
        return "".join(c * 2 for c in digits) if len(digits) == 3 else digits
    match = _RGB.fullmatch(text)
    if match and all(int(part) <= 255 for part in match.groups()[:3]):
        return "".join(f"{int(part):02x}" for part in match.groups()[:3])
    return None
