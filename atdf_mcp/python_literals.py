"""Lists and objects written as text: JSON, or Python's own notation ('single quotes', True, False, None), which models
trained on Python print for a tool's list or object input ("['python', 'tutorial']", "{'theme': 'dark'}").

    >>> literal_of("['linkedin', 'x']")
    ['linkedin', 'x']
    >>> literal_of("{'street': 'Calle Mayor 12', 'open': True, 'floor': None}")
    {'street': 'Calle Mayor 12', 'open': True, 'floor': None}
    >>> literal_of("__import__('os')"), literal_of("[1e999]")
    (MISSING, MISSING)
    >>> literal_of("['a' 'b']"), literal_of("{'a': 1, 'a': 2}")   # a comma missing; which 'a' is meant?
    (MISSING, MISSING)

Only a text that begins as a list or an object does, read by `json.loads` and then by `ast.literal_eval` (which builds
literals and never runs code); only what JSON can hold comes back (string keys, no tuples, sets, bytes or complex
numbers). Two strings side by side (Python joins them: "['a' 'b']" is ['ab'], a comma missing) and a key written twice
are two readings, and read as none. Text longer than MAX_TEXT is no list an agent meant to send (a whole call under a wrapper may be longer).
"""

from __future__ import annotations

import ast
import io
import itertools
import json
import math
import tokenize
from typing import Any

from .budget import MAX_TEXT
from .missing import MISSING

__all__ = ["is_null_text", "literal_of"]

_NULLS = frozenset({"none", "null"})


def literal_of(text: Any, limit: int = MAX_TEXT) -> Any:
    """The list or object a text spells in JSON or in Python's notation (in at most `limit` characters); else MISSING."""
    if not isinstance(text, str) or len(text) > limit:
        return MISSING
    text = text.strip()
    if not text or text[0] not in "[{":
        return MISSING
    try:
        value = json.loads(text, object_pairs_hook=_once)
    except RecursionError:
        return MISSING  # nested deeper than any call an agent writes
    except _Twice:
        return MISSING
    except ValueError:
        try:
            tree = ast.parse(text, mode="eval")
            value = ast.literal_eval(tree)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return MISSING
        if _ambiguous(text, tree):
            return MISSING
    return value if _plain(value, 0) else MISSING


class _Twice(ValueError):
    """A JSON object that names one key twice."""


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict, when no key is written twice."""
    value = dict(pairs)
    if len(value) != len(pairs):
        raise _Twice
    return value


def _ambiguous(text: str, tree: ast.Expression) -> bool:
    """Whether a Python literal joins two strings written side by side, or names a dict's key twice."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = [repr(key.value) for key in node.keys if isinstance(key, ast.Constant)]
            if len(set(keys)) != len(keys):
                return True
    try:
        kinds = [t.type for t in tokenize.generate_tokens(io.StringIO(text).readline)
                 if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)]
    except (tokenize.TokenError, SyntaxError):
        return True
    return any(a == b == tokenize.STRING for a, b in itertools.pairwise(kinds))


def _plain(value: Any, depth: int) -> bool:
    """Whether a value is one JSON could hold (and is not absurdly deep)."""
    if depth > 64:
        return False
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)  # 1e999 reads as inf, which JSON cannot hold
    if isinstance(value, list):
        return all(_plain(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and _plain(item, depth + 1) for key, item in value.items())
    return False


def is_null_text(value: Any) -> bool:
    """Whether a value is null written as text: "None" (Python) or "null" (JSON)."""
    return isinstance(value, str) and value.strip().lower() in _NULLS
