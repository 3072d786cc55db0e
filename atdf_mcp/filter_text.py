"""An object written as a filter expression of its own properties ("status = RUNNING", "status:open priority:urgent",
"a=1 AND b=2"): that object, or nothing.

    >>> schema = {"type": "object", "properties": {"status": {"type": "string"}, "zone": {"type": "string"}}}
    >>> object_of_text("status = RUNNING AND zone = eu-1", schema)
    {'status': 'RUNNING', 'zone': 'eu-1'}
    >>> object_of_text("status = RUNNING OR status = STOPPED", schema)   # no object says "or"
    MISSING

Each term is a declared property, "=", "==" or ":" and a value (quoted or one word); terms are joined by spaces,
commas, "&" or AND. Any other word (OR, NOT, a comparison, a key the object does not have, a key twice), a join with
no term after it, or a wildcard in a value ("eu-*" is the zones that match it) and it is MISSING. Values stay text:
the property's own checks repair them afterwards, as any value's are.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .spelling import norm

__all__ = ["object_of_text"]

_TERM = re.compile(r"""\s*([A-Za-z_][\w.]*)\s*(?:==|=|:)\s*("[^"]*"|'[^']*'|[^\s,&'"=:]+)\s*""")
_JOIN = re.compile(r"\s*(?:,|&&?|\bAND\b|\band\b)?\s*")
_DANGLING = re.compile(r"(?:,|&|\bAND|\band)\s*$")


def object_of_text(value: Any, schema: Any) -> Any:
    """The object of declared properties the expression `value` spells; else MISSING."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(value, str) or len(value) > 500 or not isinstance(properties, dict) or not properties:
        return MISSING
    names = {norm(str(name)): name for name in properties}
    found: dict[str, str] = {}
    at = 0
    while at < len(value):
        term = _TERM.match(value, at)
        if not term or norm(term[1]) not in names or names[norm(term[1])] in found:
            return MISSING
        found[names[norm(term[1])]] = term[2].strip("'\"")
        at = _JOIN.match(value, term.end()).end()  # type: ignore[union-attr]
        if at == term.end() and at < len(value) and not value[at - 1].isspace():
            return MISSING
    if _DANGLING.search(value) or any("*" in held for held in found.values()):
        return MISSING  # "a = 1 AND": a term left out; "zone = eu-*": the zones matching a wildcard, not one named so
    return found or MISSING
