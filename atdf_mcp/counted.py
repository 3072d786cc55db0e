"""A count written with the noun it counts, where the input says that noun: "2 spots" for `spots`, "9 holes" for
`holes`, "10 shares" for a quantity described as a "Number of shares.", "128 mmHg" for a pressure "in mmHg".

    >>> counted_number("2 spots", "spots", "")
    2
    >>> counted_number("10 shares", "quantity", "Number of shares.")
    10
    >>> counted_number("3 children", "adults", "Number of adults, not children.")   # what is not counted
    MISSING

The noun must be a word of the input's name, or the noun its description says is counted ("number of shares", "how
many nights") or its unit ("in nights", ", mmHg."), when that description negates nothing (singular or plural alike);
never another word of the description ("2 guests" for places booked by "the member and guests" is 3 places), nor a
word of three letters or less that could be anything ("of", "per").
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .number_repairs import plain_number
from .spelling import norm

__all__ = ["counted_number"]

_COUNTED = re.compile(r"\s*([-+]?\d[\d.,]*)\s*([^\W\d_]{3,})\.?\s*")
_SAID_COUNTED = re.compile(r"\b(?:number|count|amount|quantity|total) of (?:the )?([^\W\d_]+)|\bhow many ([^\W\d_]+)"
                           r"|\bin ([^\W\d_]+)\s*(?:[.,;:)]|$)|(?:^|[,;:(])\s*([^\W\d_]+)\s*(?:[.,;:)]|$)")
_NEGATIONS = frozenset({"not", "no", "non", "never", "without", "except", "excluding", "nor"})


def counted_number(value: Any, name: str, description: str, integer: bool = True) -> Any:
    """The number of `value` when the word after it is the noun its input counts; else MISSING."""
    if not isinstance(value, str) or len(value) > 64:
        return MISSING
    match = _COUNTED.fullmatch(value)
    if not match:
        return MISSING
    number = plain_number(match[1])
    if number is MISSING or (integer and not float(number).is_integer()):
        return MISSING
    nouns = set(norm(name).split("_"))
    text = description.lower()
    if not (set(re.findall(r"[^\W\d_]+", text)) & _NEGATIONS):
        nouns |= {word for found in _SAID_COUNTED.findall(text) for word in found if word}
    word = match[2].lower()
    if not ({word, word + "s", word.removesuffix("s"), word.removesuffix("es")} & {n for n in nouns if len(n) > 3}):
        return MISSING
    return int(number) if integer else number
