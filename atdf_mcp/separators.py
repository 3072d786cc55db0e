"""The parts of a code joined by the one mark its pattern takes ("MATH 201", "MATH201" → "MATH-201"), or nothing.

    >>> one_joining("MATH 201", "^[A-Z]{2,4}-[0-9]{3}$")
    'MATH-201'
    >>> one_joining("+1 (415) 555-0132", "^\\\\+[1-9][0-9]{6,14}$")
    '+14155550132'
    >>> one_joining("needs triage", "^[a-z0-9-]+$")   # needs-triage or needstriage: not ours to pick
    MISSING
    >>> one_joining("12-34", "^[0-9]{4}$")             # two numbers joined by a dash are a range
    MISSING
    >>> one_joining("1-3, 5", "^[1-9][0-9]*(-[1-9][0-9]*)?(,[1-9][0-9]*(-[1-9][0-9]*)?)*$")   # not 13,5
    '1-3,5'

The parts are what lies between spaces and brackets, on both sides of a dash between digits (a phone number's
groups), and where letters meet digits. Each mark (none, a dash, an underscore, a dot, a space) joins them; the value
is the one joining the pattern takes, written as the caller wrote it or in capitals or small letters. Two joinings
that fit, or none, and it is MISSING; where a range's dash between digits can stay (a page list), only the spaces go.
A dash or an underscore the caller put between letters stays (a name they chose:
"SPRING-25", "web_01"), a space stays where the pattern takes spaces (a key's or a phrase's), and a dot or a slash
is never taken apart (a decimal mark, a fraction, a date).
"""

from __future__ import annotations

import re
from typing import Any

from .letter_cases import takes_both_cases
from .missing import MISSING
from .patterns import search

__all__ = ["one_joining"]

_BETWEEN = re.compile(r"(?:[\s()]|(?<=\d)-(?=[\s(]*\d))+")  # a dash only between digits: "SPRING-25" is a name
_LETTER_DIGIT = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")
_RANGE = re.compile(r"\d+\s*-\s*\d+")
_SPACES = re.compile(r"[\s()]+")
_RANGE_DASH = re.compile(r"(?<=\d)-(?=\d)|(?<=\d)\s+-|-\s+(?=\d)")  # a dash between digits; linear on any text
_MARKS = ("", "-", "_", ".", " ")
_MAX_PARTS = 12


def one_joining(value: str, pattern: str) -> Any:
    """The one way of joining `value`'s parts that `pattern` takes, or MISSING."""
    text = value.strip()
    if not text or text[0] in "-_" or _RANGE.fullmatch(text):
        return MISSING
    if re.search(r"\s", text) and re.search(r" |\\s", pattern) and not search(pattern, text):
        return MISSING  # "abcde fghij" for a key whose pattern takes spaces: the space is the key's, not a slip
    kept = _joinings([part for part in _SPACES.split(text) if part], pattern) if _RANGE_DASH.search(text) else set()
    if len(kept) == 1:
        return kept.pop()  # "1-3, 5" → 1-3,5: the dashes of the caller's ranges kept where the pattern takes them
    parts = [part for part in _BETWEEN.split(text) if part]
    finer = [piece for part in parts for piece in _LETTER_DIGIT.split(part) if piece]
    if len(finer) < 2 or len(finer) > _MAX_PARTS:
        return MISSING
    fits = _joinings(parts, pattern) | _joinings(finer, pattern) | kept  # 13,5 beside 1-3,5: two readings
    return fits.pop() if len(fits) == 1 else MISSING


def _joinings(pieces: list[str], pattern: str) -> set[str]:
    """Each joining of `pieces` by one mark that `pattern` takes, as written or re-cased (where its letters have one case)."""
    if len(pieces) < 2 or len(pieces) > _MAX_PARTS:
        return set()
    cased = not takes_both_cases(pattern)
    fits = set()
    for mark in _MARKS:
        joined = mark.join(pieces)
        forms = (joined, joined.upper(), joined.lower()) if cased else (joined,)
        fit = next((form for form in forms if search(pattern, form)), None)
        if fit is not None:
            fits.add(fit)
    return fits
