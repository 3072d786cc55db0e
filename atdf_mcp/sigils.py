"""A value written with the sigil people put before it ('$AAPL' of a ticker, '#spring' of a hashtag, '@dana' of a
user name, '#PRJ-0412' of a reference), where the input's pattern takes the value without it.

    >>> without_sigil("$AAPL", "^[A-Z]{1,5}$")
    'AAPL'
    >>> without_sigil("@dana-k", "^[A-Za-z0-9][A-Za-z0-9-]{0,38}$")
    'dana-k'
    >>> without_sigil("#zz0000", "^#[0-9a-f]{6}$")   # a sigil the pattern takes is part of the value
    MISSING
    >>> without_sigil("v2.4.1", r"^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$")   # a version's v
    '2.4.1'
    >>> without_sigil("v12345", "^[0-9]+$", "order_code"), without_sigil("v2", "^[0-9]+$", "api_version")
    (MISSING, '2')
    >>> without_sigil("v2.4.1-beta.1", "^[0-9]+[.][0-9]+[.][0-9]+(-[0-9A-Za-z.]+)?$")
    '2.4.1-beta.1'

One sigil only ('$$AAPL' is something else), a $ only before a letter ('$100' is a sum of money, not the number 100), a
'v' only before a digit (a version: "v2.4.1"), and only when the value without it fits the pattern as it is. A list
of such values written as one text ("#spring #fashion", "@dana @li") is split where every word carries the same sigil.

    >>> sigil_list("#spring #fashion", "^[A-Za-z0-9_]{1,50}$")
    ['spring', 'fashion']
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["sigil_list", "without_sigil"]

_SIGILS = "$#@"


def without_sigil(value: str, pattern: str, about: str = "") -> Any:
    """`value` without its leading $, # or @ when the pattern refuses it with the sigil and takes it without; else MISSING.
    A 'v' goes only from a version: numbers and a dot first, or any number for an input whose name or description (`about`)
    says version ("v12345" for an order code is a code of its own)."""
    text = value.strip()
    if len(text) >= 2 and text[0] in "vV" and text[1].isdigit() and not search(pattern, text):
        version = re.match(r"\d+\.\d", text[1:]) or "version" in about[:512].lower()  # v2.4.1, v2.4.1-beta.1
        return text[1:] if version and search(pattern, text[1:]) else MISSING
    if len(text) < 2 or text[0] not in _SIGILS or text[1] in _SIGILS or search(pattern, text):
        return MISSING
    if text[0] == "$" and not text[1].isalpha():
        return MISSING  # $100 is a sum (in which currency, which unit?), not a cashtag
    return text[1:] if search(pattern, text[1:]) else MISSING


def sigil_list(value: Any, pattern: str) -> Any:
    """The items of a text of two or more words that each carry the same # or @ (hashtags, mentions), without it, when
    each then fits the items' pattern; else MISSING."""
    if not isinstance(value, str) or len(value) > 1024:
        return MISSING
    words = value.split()
    if len(words) < 2 or words[0][0] not in "#@" or any(w[0] != words[0][0] for w in words):
        return MISSING
    items = [without_sigil(w, pattern) for w in words]
    return items if MISSING not in items else MISSING
