"""What to write instead of a key a closed block does not admit ("Additional properties are not allowed").

    >>> fix_for(["descripton"], {"name": {}, "type": {}, "description": {}}, at_root=False)
    "'descripton' may be 'description': write it so"
    >>> fix_for(["http_status"], {"code": {}, "description": {}}, at_root=False)
    'keys allowed here: code, description; remove the others'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["NAMED", "fix_for"]

NAMED = 5
"""Most unexpected keys a message names with the key each may be; the rest are counted."""


def fix_for(extras: Iterable[str], allowed: Mapping[str, Any], *, at_root: bool) -> str:
    """The key meant when one is close to each unexpected key, else the keys the block admits."""
    names = sorted(map(str, allowed))
    longest = max(map(len, names), default=0)
    meant = [(e, _close(e, names, longest)) for e in map(str, extras)]
    parts = [f"{_short(e)!r} may be {close!r}: write it so" for e, close in meant if close]
    if len(parts) > NAMED:  # thousands of near misses: the first few say what to do
        parts[NAMED:] = [f"and {len(parts) - NAMED:,} more keys like these"]
    if all(close for _, close in meant) and parts:
        return "; ".join(parts)
    if not names:
        return "this object admits no keys: remove them"
    text = f"keys allowed here: {', '.join(names)}; remove the others"
    if at_root and "tool_id" in names and "metadata" not in names:  # the ATDF 1.x root is closed, the 2.x root is not
        text += ', or write "schema_version": "2.0.0" (ATDF 2.x admits keys of its own)'
    return "; ".join([*parts, text])


def _close(extra: str, names: list[str], longest: int) -> str | None:
    """The name `extra` may misspell, or None (a key far longer than every name misspells none of them)."""
    if len(extra) > 2 * longest + 2:
        return None
    close = difflib.get_close_matches(extra, names, n=1, cutoff=0.75)
    return close[0] if close else None


def _short(key: str) -> str:
    """`key`, cut to a length a message can repeat."""
    return key if len(key) <= 60 else key[:60] + "…"
