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
Area/City names are read so; a name is looked up only when it is made of the letters, digits and marks zone names
use (never a path), through relative links that stay in the database (its localtime links out to the machine's own
zone), and its file is compared only when it holds a zone's compiled rules (TZif).
"""

from __future__ import annotations

import functools
import os
import re
import zoneinfo
from importlib import resources
from pathlib import Path
from typing import Any

from .missing import MISSING, only
from .spelling import norm

__all__ = ["zone_member"]

_ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9][A-Za-z0-9_+\-]*){0,2}")


def zone_member(value: Any, members: list[str]) -> Any:
    """The member of an enum of IANA zones that `value` names by its city or by a link; else MISSING."""
    zones = [m for m in members if isinstance(m, str) and "/" in m]
    if not isinstance(value, str) or len(zones) < 2 or len(value) > 64:
        return MISSING
    city = norm(value)
    found = only([m for m in zones if norm(m.rsplit("/", 1)[-1]) == city])
    if found is not MISSING or "/" not in value:
        return found
    rules, country = _rules(value.strip()), _countries().get(value.strip())
    if rules is None:
        return MISSING
    return only([m for m in zones if m != value and _rules(m) == rules and (country is None or _countries().get(m) in (None, country))])


@functools.lru_cache(maxsize=256)
def _rules(name: str) -> bytes | None:
    """The TZif bytes of a zone name, from the system's tz database or the tzdata package; None when there is none."""
    if not _ZONE_NAME.fullmatch(name) or ".." in name:
        return None
    for root in zoneinfo.TZPATH:
        path = _within(root, name)
        if path is not None and os.path.isfile(path):
            return _tzif(Path(path).read_bytes())
    try:
        package, _, leaf = f"tzdata.zoneinfo/{name}".rpartition("/")
        return _tzif(resources.files(package.replace("/", ".")).joinpath(leaf).read_bytes())
    except (ModuleNotFoundError, FileNotFoundError, IsADirectoryError, NotADirectoryError, ValueError, OSError):
        return None


@functools.cache
def _countries() -> dict[str, str | None]:
    """Each zone's country, from the tz database's zone.tab: a zone of its own is no link to another country's."""
    for root in zoneinfo.TZPATH:
        path = _within(root, "zone.tab")
        if path is not None and os.path.isfile(path):
            return _table(Path(path).read_text(encoding="utf-8", errors="replace"))
    try:
        return _table(resources.files("tzdata.zoneinfo").joinpath("zone.tab").read_text(encoding="utf-8", errors="replace"))
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return {}


def _table(text: str) -> dict[str, str | None]:
    """zone → country of the lines of a zone.tab ("CH<TAB>+4723+00832<TAB>Europe/Zurich")."""
    rows = (line.split("\t") for line in text.splitlines() if line and not line.startswith("#"))
    return {row[2]: row[0] for row in rows if len(row) >= 3}


def _tzif(data: bytes) -> bytes | None:
    """`data` when it is a zone's compiled rules (TZif), else None: a text file (leapseconds) is no zone."""
    return data if data.startswith(b"TZif") else None


def _within(root: str, name: str) -> str | None:
    """The path `name` names under `root`, following only relative links that stay inside it; else None.
    (The database's localtime links out to the machine's own zone, which no caller is told.)"""
    base = os.path.realpath(root)
    at, parts, hops = base, name.split("/"), 0
    while parts:
        part = parts.pop(0)
        step = os.path.join(at, part)
        if os.path.islink(step):
            target, hops = os.readlink(step), hops + 1
            if os.path.isabs(target) or hops > 8:
                return None
            parts = target.split("/") + parts
        elif part == "..":
            if at == base:
                return None
            at = os.path.dirname(at)
        elif part not in ("", "."):
            at = step
    return at
