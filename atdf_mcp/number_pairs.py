"""Two numbers joined by another mark than the schema's: a ratio ("16/9", "16x9" for the member "16:9") or a size
("1920 X 1080", or with a times sign, for the pattern WIDTHxHEIGHT).

    >>> pair_member("16/9", ["16:9", "4:3", "21:9"]), pair_member("16 x 9", ["16:9", "4:3"])
    ('16:9', '16:9')
    >>> paired("1920\u00d71080", "^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$"), paired("1920*1080", "^[0-9]+x[0-9]+$")
    ('1920x1080', '1920x1080')
    >>> pair_member("9:16", ["16:9", "4:3"])   # the other order is another shape
    MISSING
    >>> paired("9/30", "^[0-9]{1,2}:[0-9]{2}$", "start time"), paired("16/9", "^[0-9]+:[0-9]+$", "aspect ratio")   # a date
    (MISSING, '16:9')
    >>> paired("1920 X 1080", "^[0-9]+x[0-9]+$", "size as HEIGHTxWIDTH")   # 1920 high, or wide as sizes are written?
    MISSING

The numbers are kept as written and in their order; only the mark between them changes (':', '/', 'x', 'X', the times sign, '*',
with or without spaces). For a pattern, the mark written is a size's ('x', the times sign, '*'), or a ratio's (':', '/')
only where the input's name or description says ratio or aspect: "9/30" for a time HH:MM is a date, "12x25" no day.
Nothing is read for an input that names the height first ("HEIGHTxWIDTH"): sizes are written width first, so
"1920 X 1080" there is 1920 high as the input says or 1920 wide as sizes go.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING, only
from .patterns import search

__all__ = ["pair_member", "paired", "sides_in_doubt"]

_PAIR = re.compile(r"\s*(\d{1,6}(?:\.\d{1,3})?)\s*[:/xX\u00d7*]\s*(\d{1,6}(?:\.\d{1,3})?)\s*")
_SIZE_MARKS, _RATIO_MARKS = ("x", "\u00d7", "X", "*"), (":", "/")
_RATIO = re.compile(r"ratio|aspect", re.IGNORECASE)
_HEIGHT_FIRST = re.compile(r"height.*width|\bh\s*[x\u00d7*]\s*w\b|\brows?\b.*\bcol", re.IGNORECASE)


def _numbers(text: Any) -> tuple[str, str] | None:
    match = _PAIR.fullmatch(text) if isinstance(text, str) and len(text) <= 40 else None
    return (match[1], match[2]) if match else None


def _sides(value: dict[str, Any]) -> tuple[str, str] | None:
    """(width, height) of an object holding exactly those two whole numbers."""
    sides = {str(k).lower(): v for k, v in value.items()}
    if set(sides) != {"width", "height"} or not all(type(v) is int and 0 < v < 10**6 for v in sides.values()):
        return None
    return str(sides["width"]), str(sides["height"])


def pair_member(value: Any, members: list[str]) -> Any:
    """The one member that joins the same two numbers, in the same order, with another mark; else MISSING."""
    numbers = _numbers(value)
    return MISSING if numbers is None else only([m for m in members if m != value and _numbers(m) == numbers])


def paired(value: Any, pattern: str, about: str = "") -> Any:
    """`value`'s two numbers joined by the one mark `pattern` takes between them; else MISSING. An object of exactly a
    width and a height is the pair in that order ({"width": 1920, "height": 1080} for WIDTHxHEIGHT). `about` is the
    input's name and description."""
    about = about[:512]
    numbers = _sides(value) if isinstance(value, dict) else _numbers(value)
    if numbers is None or sides_in_doubt(value, about):
        return MISSING
    marks = _SIZE_MARKS + (_RATIO_MARKS if _RATIO.search(about) else ())
    return only([f"{numbers[0]}{mark}{numbers[1]}" for mark in marks if search(pattern, f"{numbers[0]}{mark}{numbers[1]}")])


def sides_in_doubt(value: Any, about: str) -> bool:
    """Whether `value` writes two numbers (or a width and a height) for an input whose name or description `about`
    names the height first: sizes are written width first, so which number is the height is the caller's to say."""
    numbers = _sides(value) if isinstance(value, dict) else _numbers(value)
    return numbers is not None and bool(_HEIGHT_FIRST.search(about[:512]))
