"""A time zone named by its city ("Berlin") or by a tz database link ("US/Eastern"), for an enum of IANA zone names:
the one member it is, or nothing.

    >>> zone_member("Berlin", ["UTC", "Europe/Berlin", "Europe/Madrid"])
    'Europe/Berlin'
    >>> zone_member("EST", ["UTC", "America/New_York"])   # a fixed UTC-5 all year: not New York's time
    MISSING

A city is the last part of exactly one member's name ("tokyo", "New York"). A link is a name of the tz database whose
rules are byte for byte those of exactly one member (US/Eastern and America/New_York are one file), unless zone.tab
gives the two names two countries (Europe/Zurich's rules are Europe/Busingen's, but Zurich is no German town); abbreviations
(EST, CST, GMT) and offsets are zones of their own, or no zone, and are left alone. Only enums holding at least two
Area/City names are read so; `tz_files` reads the database, never a path outside it nor a file that is no zone.
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING, only
from .spelling import norm
from .tz_files import countries, rules_of

__all__ = ["zone_member"]


def zone_member(value: Any, members: list[str]) -> Any:
    """The member of an enum of IANA zones that `value` names by its city or by a link; else MISSING."""
    zones = [m for m in members if isinstance(m, str) and "/" in m]
    if not isinstance(value, str) or len(zones) < 2 or len(value) > 64:
        return MISSING
    city = norm(value)
    found = only([m for m in zones if norm(m.rsplit("/", 1)[-1]) == city])
    if found is not MISSING or "/" not in value:
        return found
    rules, country = rules_of(value.strip()), countries().get(value.strip())
    if rules is None:
        return MISSING
    return only([m for m in zones if m != value and rules_of(m) == rules and (country is None or countries().get(m) in (None, country))])
