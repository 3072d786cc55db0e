"""Whether cutting a date-time down to its date would lose a time the call has an input for.

    >>> time_left_behind("day", "2030-05-08T10:30:00+02:00", {"day": "..."}, {"properties": {"at": {"format": "time"}}})
    True
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["time_left_behind"]

_WITH_TIME = re.compile(r"^\s*\d{4}-\d{1,2}-\d{1,2}[Tt ]\d")
_TIME_FORMATS = {"time", "date-time"}


def time_left_behind(name: str, received: Any, container: Any, node: dict[str, Any]) -> bool:
    """A date-time sent for a date while the same object has a time input the call leaves empty: the time was
    meant for it, so the date alone is not what the agent asked (the agent is told to split it)."""
    if not isinstance(received, str) or not _WITH_TIME.match(received) or not isinstance(container, dict):
        return False
    properties = node.get("properties") if isinstance(node, dict) else None
    return isinstance(properties, dict) and any(
        key != name and isinstance(prop, dict) and prop.get("format") in _TIME_FORMATS and key not in container
        for key, prop in properties.items())
