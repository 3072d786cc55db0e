"""Whether cutting a date-time down to its date would lose a time the call has an input for.

    >>> time_left_behind("date", "2030-05-08T10:30:00+02:00", {"date": "..."}, {"properties": {"time": {"format": "time"}}})
    True
    >>> time_left_behind("day", "2030-05-08T10:30:00+02:00", {"day": "..."}, {"properties": {"starts": {"format": "time"}}})
    False
"""

from __future__ import annotations

import re
from typing import Any

from .spelling import norm

__all__ = ["time_left_behind"]

_WITH_TIME = re.compile(r"^\s*\d{4}-\d{1,2}-\d{1,2}[Tt ]\d")
_TIME_FORMATS = {"time", "date-time"}


def time_left_behind(name: str, received: Any, container: Any, node: dict[str, Any]) -> bool:
    """A date-time sent for a date while the same object has the time input of that date (`date`/`time`,
    `pickup_date`/`pickup_time`) and the call leaves it empty: the time was meant for it, so the date alone is not
    what the agent asked (the agent is told to split it)."""
    if not isinstance(received, str) or not _WITH_TIME.match(received) or not isinstance(container, dict):
        return False
    properties = node.get("properties") if isinstance(node, dict) else None
    return isinstance(properties, dict) and any(
        key != name and isinstance(prop, dict) and prop.get("format") in _TIME_FORMATS and key not in container
        and _stem(str(key)) == _stem(name) for key, prop in properties.items())


def _stem(name: str) -> str:
    """A name without its words for a day or a time of day: `pickup_date` and `pickup_time` are both `pickup`."""
    return "_".join(w for w in norm(name).split("_") if w not in _MOMENT_WORDS)


_MOMENT_WORDS = {"date", "day", "time", "at", "on", "hour", "clock"}
