"""Whether a pattern takes letters of both cases, where re-casing a value is no repair.

    >>> takes_both_cases("^[A-Z]{3}$")
    False
    >>> takes_both_cases("^(?!refs/)[A-Za-z0-9._/-]+$")   # "REFS/HEADS/MAIN" would only dodge the lookahead
    True

A pattern whose letters are of one case (an ISO code, a SKU) is failed by a value in the other case, and the value
re-cased is the caller's. A pattern that takes both cases (a class with a-z and A-Z, \\w, or case-insensitive) was
failed by something else: a re-cased value that passes only dodges a literal or a lookaround, and means another thing.
"""

from __future__ import annotations

import functools
import re

__all__ = ["takes_both_cases"]

_BOTH = re.compile(r"\\w|\(\?[a-z]*i[a-z]*[):]")  # \w, or an inline case-insensitive flag
_CLASS = re.compile(r"\[(?:\\.|[^\]\\]){0,200}\]")  # one character class, escapes kept


@functools.lru_cache(maxsize=1024)
def takes_both_cases(pattern: str) -> bool:
    """Whether `pattern` has a class that takes small and capital letters alike (so a value's case is no slip)."""
    if _BOTH.search(pattern):
        return True
    return any("a-z" in found and "A-Z" in found for found in _CLASS.findall(pattern))
