"""The tz database read for what an agent's zone name names: a zone's compiled rules and its country, never a file
outside the database or one that is no zone.

    >>> rules_of("../../etc/passwd"), rules_of("/etc/localtime")
    (None, None)

A name is looked up only when it is made of the letters, digits and marks zone names use (never a path), through
relative links that stay in the database (its localtime links out to the machine's own zone, which no caller is
told), in the system's database (zoneinfo.TZPATH) or the tzdata package; a file counts only when it holds a zone's
compiled rules (TZif), not text such as leapseconds.
"""

from __future__ import annotations

import functools
import os
import re
import zoneinfo
from importlib import resources
from pathlib import Path

__all__ = ["countries", "rules_of"]

_ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9][A-Za-z0-9_+\-]*){0,2}")


@functools.lru_cache(maxsize=256)
def rules_of(name: str) -> bytes | None:
    """The TZif bytes of a zone name, from the system's tz database or the tzdata package; None when there is none."""
    if not _ZONE_NAME.fullmatch(name) or ".." in name:
        return None
    data = _database_file(name)
    return _tzif(data) if data is not None else None


@functools.cache
def countries() -> dict[str, str | None]:
    """Each zone's country, from the tz database's zone.tab: a zone of its own is no link to another country's."""
    data = _database_file("zone.tab")
    return _table(data.decode("utf-8", errors="replace")) if data is not None else {}


def _database_file(name: str) -> bytes | None:
    """The bytes of the tz database's file `name`: the system's first (zoneinfo.TZPATH), else the tzdata package's."""
    for root in zoneinfo.TZPATH:
        path = _within(root, name)
        if path is not None and os.path.isfile(path):
            return Path(path).read_bytes()
    try:
        package, _, leaf = f"tzdata.zoneinfo/{name}".rpartition("/")
        return resources.files(package.replace("/", ".")).joinpath(leaf).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, IsADirectoryError, NotADirectoryError, ValueError, OSError):
        return None


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
