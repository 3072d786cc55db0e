"""Names whose words differ only by a word's conventional short form: "latitude" is lat, "longitude" lon or lng,
"operator" op, "temperature" temp.

    >>> same_words("latitude", "lat"), same_words("lng", "lon"), same_words("filter_operator", "filter_op")
    (True, True, True)
    >>> same_words("minutes", "min"), same_words("statement", "state")   # min is a minimum; a statement no state
    (False, False)

Only the short forms listed here are read, each the one usual abbreviation of its word in API names; a clipped word
in general is not ("min" of minutes is a minimum, "state" of statement another word).
"""

from __future__ import annotations

__all__ = ["same_words"]

_SHORT = {
    "latitude": ("lat",), "longitude": ("lon", "lng", "long"), "altitude": ("alt",), "operator": ("op",),
    "temperature": ("temp",), "quantity": ("qty",), "message": ("msg",), "messages": ("msgs",), "description": ("desc",),
    "address": ("addr",), "reference": ("ref",), "configuration": ("config", "cfg"), "directory": ("dir",),
    "document": ("doc",), "information": ("info",), "parameters": ("params",), "parameter": ("param",),
    "source": ("src",), "destination": ("dest", "dst"), "timezone": ("tz",), "identifier": ("id",),
    "maximum": ("max",), "minimum": ("min",), "database": ("db",), "environment": ("env",), "application": ("app",),
    "repository": ("repo",), "organization": ("org",), "organisation": ("org",), "attachment": ("att",),
}
_FULL = {short: full for full, shorts in _SHORT.items() for short in shorts}


def same_words(first: str, second: str) -> bool:
    """Whether two names (as `spelling.norm` writes them) differ, and only by a listed short form of a word."""
    if first == second:
        return False
    one, other = first.split("_"), second.split("_")
    return len(one) == len(other) and all(_FULL.get(a, a) == _FULL.get(b, b) for a, b in zip(one, other, strict=True))
