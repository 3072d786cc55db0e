"""A value written after the label the input itself names ("RRULE:FREQ=DAILY" for an RRULE value): the value alone.

    >>> without_label("RRULE:FREQ=DAILY", "^FREQ=(DAILY|WEEKLY)$", "recurrence An RRULE value without its prefix.")
    'FREQ=DAILY'
    >>> without_label("EU:DE", "^[A-Z]{2}$", "region")   # EU is no label of a region: a code of its own
    MISSING

    >>> without_label("Time: 5pm", "^[A-Za-z0-9 ]+$", "reminder What to remember at the time.")   # "Time 5pm" fits too
    MISSING

The label must be a word of the input's name or description, and the rest must pass the pattern as it is. Where the
pattern also takes the label as a word of the value (its colon aside: a free text), the label may be what the user
wrote: two corrections, so none.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["without_label"]

_LABELLED = re.compile(r"([A-Za-z][A-Za-z0-9_-]{1,30}):\s*(\S.*)", re.DOTALL)  # no nested repeats: linear on any text


def without_label(value: str, pattern: str, described: str) -> Any:
    """`value` without a leading "label:" whose label the input names, when the rest passes `pattern`; else MISSING."""
    if len(value) > 2000:
        return MISSING
    match = _LABELLED.fullmatch(value.strip())
    if match is None or not re.search(rf"(?<![A-Za-z0-9]){re.escape(match[1])}(?![A-Za-z0-9])", described, re.IGNORECASE):
        return MISSING
    rest = match[2].strip()
    if search(pattern, f"{match[1]} {rest}"):  # "Time 5pm" for a reminder: the label may be part of the text
        return MISSING
    return rest if search(pattern, rest) else MISSING
