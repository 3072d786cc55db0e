"""ATDF versions by the names the documents give them: "v0.1" / "0.1.0" is 1.x (basic), "v0.2" / "0.2.0" is 2.x.

    >>> atdf_version("0.2.0"), atdf_version("v0.1"), atdf_version("v2.0.0"), atdf_version("0.3.0")
    ('2.0.0', '1.0.0', '2.0.0', None)

Upstream's version guide, specification and validators call the basic schema "ATDF v0.1" and the enhanced one
"v0.2" (the enhanced schema's title says "(v0.2.0)"), so authors write those numbers in `schema_version`.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from ..schemas import SCHEMAS

__all__ = ["atdf1_own_keys", "atdf_version", "keys_text"]

_ATDF1_KEYS = sorted(SCHEMAS["atdf1"].schema.get("properties", {}))

_LONGEST = 2 * max(map(len, _ATDF1_KEYS), default=0)  # a longer key misspells none of them
_LISTED, _KEY_CHARS = 5, 60  # keys a message names, and how much of each

_NAMED = re.compile(r"[vV]?(?:0\.(?P<old>[12])|(?P<new>[12]))(?:\.\d+){0,2}")


def atdf_version(written: Any) -> str | None:
    """The canonical "1.0.0" / "2.0.0" a `schema_version` written by a document's name means, else None."""
    if not isinstance(written, str):
        return None
    found = _NAMED.fullmatch(written.strip())
    if found is None or (found["new"] and written[:1] not in "vV"):  # "2.1.0" is already a 2.x version
        return None
    return f"{found['old'] or found['new']}.0.0"


def atdf1_own_keys(raw: dict[str, Any]) -> list[str]:
    """The keys of its own an ATDF 1.x descriptor gives (1.x admits none, 2.x does); [] when one may be a misspelt 1.x key."""
    own = [str(k) for k in raw if k not in _ATDF1_KEYS]
    if any(len(k) <= _LONGEST and difflib.get_close_matches(k, _ATDF1_KEYS, n=1, cutoff=0.75) for k in own):
        return []  # "descripton": the schema's error names the key meant
    return own


def keys_text(keys: list[str]) -> str:
    """The first few of `keys` for a message, each cut short, and how many more there are."""
    named = ", ".join(repr(k if len(k) <= _KEY_CHARS else k[:_KEY_CHARS] + "…") for k in keys[:_LISTED])
    return named + (f" and {len(keys) - _LISTED:,} more" if len(keys) > _LISTED else "")
