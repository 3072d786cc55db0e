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

__all__ = ["fix_for"]


def fix_for(extras: Iterable[str], allowed: Mapping[str, Any], *, at_root: bool) -> str:
    """The key meant when one is close to each unexpected key, else the keys the block admits."""
    names = sorted(map(str, allowed))
    extras = [str(e) for e in extras]
    meant = [(e, difflib.get_close_matches(e, names, n=1, cutoff=0.75)) for e in extras]
    parts = [f"{e!r} may be {close[0]!r}: write it so" for e, close in meant if close]
    if len(parts) == len(meant) and parts:
        return "; ".join(parts)
    if not names:
        return "this object admits no keys: remove them"
    text = f"keys allowed here: {', '.join(names)}; remove the others"
    if at_root and "tool_id" in names and "metadata" not in names:  # the ATDF 1.x root is closed, the 2.x root is not
        text += ', or write "schema_version": "2.0.0" (ATDF 2.x admits keys of its own)'
    return "; ".join([*parts, text])
