"""A value written with the sigil people put before it ('$AAPL' of a ticker, '#spring' of a hashtag, '@dana' of a
user name, '#PRJ-0412' of a reference), where the input's pattern takes the value without it.

    >>> without_sigil("$AAPL", "^[A-Z]{1,5}$")
    'AAPL'
    >>> without_sigil("@dana-k", "^[A-Za-z0-9][A-Za-z0-9-]{0,38}$")
    'dana-k'
    >>> without_sigil("#zz0000", "^#[0-9a-f]{6}$")   # a sigil the pattern takes is part of the value
    MISSING

One sigil only ('$$AAPL' is something else), and only when the value without it fits the pattern as it is.
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["without_sigil"]

_SIGILS = "$#@"


def without_sigil(value: str, pattern: str) -> Any:
    """`value` without its leading $, # or @ when the pattern refuses it with the sigil and takes it without; else MISSING."""
    text = value.strip()
    if len(text) < 2 or text[0] not in _SIGILS or text[1] in _SIGILS or search(pattern, text):
        return MISSING
    return text[1:] if search(pattern, text[1:]) else MISSING
