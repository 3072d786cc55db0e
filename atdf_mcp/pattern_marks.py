"""The mark or word a pattern requires first ('#' of a colour, '@' of a user name, 'POL-' of a policy number), put
before a value that left it out.

    >>> with_leading_mark("1db954", "^#[0-9a-f]{6}$")
    '#1db954'
    >>> with_leading_mark("00482211", "^POL-[0-9]{8}$")
    'POL-00482211'
    >>> with_leading_mark("green", "^#[0-9a-f]{6}$")
    MISSING
    >>> with_leading_mark("living_room", r"^light\\.[a-z0-9_]+$")   # an entity id's domain
    'light.living_room'
    >>> with_leading_mark("example.com", r"^www\\.[a-z0-9-]+\\.[a-z]+$")   # a whole host: www.example.com is another
    MISSING

The word is letters the pattern spells out (not a class, not under a quantifier), with a dash, an underscore or a dot
after them (a dot only before a value without one); never digits nor "+" (a country code the number lacks is the
caller's to give), never one of alternatives, never an ISO 8601 duration's P or PT (which one decides whether "1M" is
a month or a minute: `duration_designators`).
"""

from __future__ import annotations

import re
from typing import Any

from .iso_durations import is_duration_pattern
from .missing import MISSING
from .patterns import search

__all__ = ["with_leading_mark"]

_LEADING = re.compile(r"\^(?:\\?([#@])|([A-Za-z]+(?:[-_]|\\\.)?))(?![?*{+])")


def with_leading_mark(value: str, pattern: str) -> Any:
    """`value` with the mark or word its pattern begins with, when it lacks it and then fits; else MISSING."""
    match = _LEADING.match(pattern)
    lead = (match[1] or match[2].replace("\\.", ".")) if match else None
    if not lead or value.strip().upper().startswith(lead.upper()) or _alternatives(pattern) or is_duration_pattern(pattern):
        return MISSING  # P or PT before "1M" decides month or minute: duration_designators says when that is certain
    if lead.endswith(".") and "." in value:
        return MISSING  # a dotted name already ("example.com"): www.example.com is another host, not its domain added
    marked = lead + value.strip()
    return marked if search(pattern, marked) else MISSING


def _alternatives(pattern: str) -> bool:
    """Whether `pattern` is alternatives as a whole ("^POL-...$|^CLM-...$"): a '|' outside brackets and classes."""
    depth, in_class, escaped = 0, False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            return True
    return False
