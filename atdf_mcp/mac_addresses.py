"""A MAC address written in another notation (dashes, dots, no separators, the other case) for a string whose pattern
takes one: the same twelve hex digits in the writing the pattern takes, or nothing.

    >>> mac_address("3C-71-BF-4A-9E-02", "^([0-9A-F]{2}:){5}[0-9A-F]{2}$"), mac_address("3c71.bf4a.9e02", "^([0-9A-F]{2}:){5}[0-9A-F]{2}$")
    ('3C:71:BF:4A:9E:02', '3C:71:BF:4A:9E:02')
    >>> mac_address("3C:71:BF:4A:9E", "^([0-9A-F]{2}:){5}[0-9A-F]{2}$")   # five bytes: one is missing
    MISSING

Read: six pairs joined by one of ':' or '-', three groups of four joined by '.', or twelve digits bare. Written: pairs
joined by ':', then by '-', then bare, then Cisco's dotted groups; upper case, then lower case; the first the pattern
takes. A pattern that takes no MAC address (a bare twelve-digit one only, say a serial number) is read only when it
takes a joined one too.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["mac_address"]

_NOTATIONS = (re.compile(r"[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(?:\1[0-9a-fA-F]{2}){4}"),
              re.compile(r"[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}"), re.compile(r"[0-9a-fA-F]{12}"))
_PROBE = "00:1A:2B:3C:4D:5E"


def mac_address(value: Any, pattern: str) -> Any:
    """`value` as the MAC address writing `pattern` takes, when it writes one MAC address; else MISSING."""
    if not isinstance(value, str) or len(value) > 40:
        return MISSING
    text = value.strip()
    if not any(notation.fullmatch(text) for notation in _NOTATIONS):
        return MISSING
    digits = re.sub(r"[^0-9a-fA-F]", "", text)
    if not any(search(pattern, form) for form in _writings(_PROBE.replace(":", ""), joined_only=True)):
        return MISSING  # not a MAC address's pattern
    return next((form for form in _writings(digits) if form != value and search(pattern, form)), MISSING)


def _writings(digits: str, joined_only: bool = False) -> list[str]:
    """The usual writings of twelve hex digits as a MAC address, upper case first."""
    forms = []
    for case in (digits.upper(), digits.lower()):
        pairs = [case[i:i + 2] for i in range(0, 12, 2)]
        forms += [":".join(pairs), "-".join(pairs)] + ([] if joined_only else [case, ".".join(case[i:i + 4] for i in range(0, 12, 4))])
    return forms
