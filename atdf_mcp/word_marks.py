"""Words joined by a mark the pattern does not take ("new-checkout", "en_US"), joined by the one other mark it takes.

    >>> other_mark("new-checkout", "^[a-z][a-z0-9_]{1,63}$"), other_mark("en_US", "^[a-z]{2}(-[A-Z]{2})?$")
    ('new_checkout', 'en-US')
    >>> other_mark("web_01", "^[a-z0-9-]+$")   # a name with a number: the caller's own, as `separators` keeps it
    MISSING

The caller put a boundary between words of letters; it is kept, written with a hyphen, an underscore or a dot: exactly
one of those the pattern takes, as written (never run together, never re-cased: `separators.one_joining` does that).
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["other_mark"]

_JOINS = ("-", "_", ".")


def other_mark(value: Any, pattern: str) -> Any:
    """`value` with its hyphens or underscores between words as the one other mark `pattern` takes; else MISSING."""
    if not isinstance(value, str) or len(value) > 200:
        return MISSING
    words = re.split(r"(?<=[^\W_])[-_](?=[^\W_])", value.strip())
    if len(words) < 2 or not all(w.isalpha() for w in words):
        return MISSING  # a number among the words makes a name the caller chose: "web_01", "SPRING-25"
    fits = {joined for mark in _JOINS if search(pattern, joined := mark.join(words)) and joined != value.strip()}
    return fits.pop() if len(fits) == 1 else MISSING
