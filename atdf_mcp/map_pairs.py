"""A map (an object of free keys) sent as pairs: ["env=prod"], "env=prod", or [{"key": "env", "value": "prod"}].

    >>> map_of(["env=prod", "team=web"], {"type": "object", "additionalProperties": {"type": "string"}})
    {'env': 'prod', 'team': 'web'}
    >>> map_of(["env=prod", "env=dev"], {"type": "object", "additionalProperties": {"type": "string"}})   # twice
    MISSING

Only for an object that declares no properties of its own and types its free keys (labels, metadata, tags as a
map); each pair is a key and a value joined by one "=" (or ": "), or an object of exactly a key and a value under
key/name and value; a key given twice, or a pair of another shape, and it is MISSING.
"""

from __future__ import annotations

import re
from typing import Any

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
    if isinstance(item, str):
        split = re.fullmatch(r"\s*([^=:\s][^=:]*?)\s*(?:=|:\s)\s*(.*?)\s*", item)
        return (split[1], split[2]) if split and "=" not in split[2] else None
    if isinstance(item, dict) and len(item) == 2:
        key = next((item[k] for k in _KEY_NAMES if k in item), None)
        held = next((item[k] for k in _VALUE_NAMES if k in item), MISSING)
        return (key, held) if isinstance(key, str) and held is not MISSING else None
    return None
