"""A map (an object of free keys) sent as pairs: ["env=prod"], "env=prod", or [{"key": "env", "value": "prod"}].

    >>> map_of(["env=prod", "team=web"], {"type": "object", "additionalProperties": {"type": "string"}})
    {'env': 'prod', 'team': 'web'}
    >>> map_of(["env=prod", "env=dev"], {"type": "object", "additionalProperties": {"type": "string"}})   # twice
    MISSING

Only for an object that declares no properties of its own and types its free keys (labels, metadata, tags as a
map); each pair is a key and a value joined by one "=" (or ": "), or an object of exactly a key and a value under
key/name and value; a key given twice, or a pair of another shape, and it is MISSING. A pair is a short text (at most
`budget.MAX_TEXT`), split without a regex: the one it was split with backtracked for seconds on 20 KB of spaces.
"""

from __future__ import annotations

import re
from typing import Any

from .budget import MAX_TEXT
from .missing import MISSING

__all__ = ["map_of"]

_KEY_NAMES = ("key", "name", "Key", "Name")
_VALUE_NAMES = ("value", "Value")


def map_of(value: Any, schema: Any) -> Any:
    """The map the pairs in `value` spell, for a schema of free keys; else MISSING."""
    if not isinstance(schema, dict) or schema.get("properties") or not isinstance(schema.get("additionalProperties"), dict):
        return MISSING
    pairs = [_pair(item) for item in (value if isinstance(value, list) else [value])]
    if not pairs or None in pairs:
        return MISSING
    keys = [key for key, _ in pairs]  # type: ignore[misc]
    return dict(pairs) if len(set(keys)) == len(keys) else MISSING  # type: ignore[arg-type]


def _pair(item: Any) -> tuple[str, Any] | None:
    """(key, value) of "key=value", "key: value" or {"key": …, "value": …}; else None."""
    if isinstance(item, str):
        return _split(item) if len(item) <= MAX_TEXT else None
    if isinstance(item, dict) and len(item) == 2:
        key = next((item[k] for k in _KEY_NAMES if k in item), None)
        held = next((item[k] for k in _VALUE_NAMES if k in item), MISSING)
        return (key, held) if isinstance(key, str) and held is not MISSING else None
    return None


def _split(text: str) -> tuple[str, str] | None:
    """The key before the first "=" or ": " and the value after it, neither empty of a key nor holding another "="."""
    mark = re.search(r"[=:]", text)
    if mark is None or (mark[0] == ":" and not text[mark.end():mark.end() + 1].isspace()):
        return None
    key, held = text[:mark.start()].strip(), text[mark.end():].strip()
    return (key, held) if key and "=" not in held and "\n" not in held else None
