"""Shared data and rules of the demo catalogue's handlers: deterministic, no network, no randomness.

Handler modules import this file as a sibling (`import demo_support`): atdf-mcp puts the catalogue
root on `sys.path` when it binds the tools.
"""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import json
from pathlib import Path
from typing import Any

CATALOGUE_ROOT = Path(__file__).resolve().parent
AIRPORTS_DATASET = CATALOGUE_ROOT / "knowledge" / "airports.json"

ROOM_CAPACITY: dict[str, int] = {"standard": 2, "deluxe": 4, "suite": 8}
ROOM_TYPES: tuple[str, ...] = tuple(ROOM_CAPACITY)

# The hotel inventory: free rooms per type do not depend on the dates, so every answer is reproducible.
HOTELS: dict[str, dict[str, Any]] = {
    "MAD-PRADO": {"name": "Hotel Prado Gardens", "city": "Madrid", "stars": 4,
                  "rates": {"standard": 120, "deluxe": 185, "suite": 340}, "free": {"standard": 12, "deluxe": 4, "suite": 0}},
    "MAD-SOL": {"name": "Sol Central", "city": "Madrid", "stars": 3,
                "rates": {"standard": 95, "deluxe": 140, "suite": 240}, "free": {"standard": 7, "deluxe": 0, "suite": 2}},
    "LIS-ALFAMA": {"name": "Alfama Riverside", "city": "Lisbon", "stars": 4,
                   "rates": {"standard": 110, "deluxe": 160, "suite": 290}, "free": {"standard": 9, "deluxe": 3, "suite": 1}},
    "PAR-MARAIS": {"name": "Le Marais Boutique", "city": "Paris", "stars": 5,
                   "rates": {"standard": 210, "deluxe": 320, "suite": 650}, "free": {"standard": 0, "deluxe": 5, "suite": 2}},
    "NYC-HUDSON": {"name": "Hudson Yards Inn", "city": "New York", "stars": 4,
                   "rates": {"standard": 240, "deluxe": 330, "suite": 720}, "free": {"standard": 15, "deluxe": 6, "suite": 1}},
    "TYO-GINZA": {"name": "Ginza Lantern", "city": "Tokyo", "stars": 5,
                  "rates": {"standard": 180, "deluxe": 260, "suite": 540}, "free": {"standard": 8, "deluxe": 8, "suite": 3}},
    "LIM-MIRAFLORES": {"name": "Miraflores Ocean View", "city": "Lima", "stars": 4,
                       "rates": {"standard": 90, "deluxe": 130, "suite": 230}, "free": {"standard": 10, "deluxe": 2, "suite": 0}},
}
CITIES: tuple[str, ...] = tuple(sorted({h["city"] for h in HOTELS.values()}))


def today() -> dt.date:
    """The current local date (the only clock the handlers read)."""
    return dt.date.today()


def tomorrow() -> dt.date:
    """The day after today: the earliest bookable day."""
    return today() + dt.timedelta(days=1)


def parse_date(value: str) -> dt.date:
    """A YYYY-MM-DD string (already checked by the input schema) as a date."""
    return dt.date.fromisoformat(value)


def closest(value: str, choices: list[str] | tuple[str, ...]) -> str | None:
    """The choice matching `value` case-insensitively, else the closest spelling, else None."""
    lowered = {c.lower(): c for c in choices}
    key = value.strip().lower()
    if key in lowered:
        return lowered[key]
    match = difflib.get_close_matches(key, list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


def reference(prefix: str, *parts: Any) -> str:
    """A stable booking reference: the same request always gets the same reference."""
    digest = hashlib.sha1(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()
    return f"{prefix}-{digest[:8].upper()}"


def present(**arguments: Any) -> dict[str, Any]:
    """The arguments a caller could resend: the given ones, without the unset (None) optional ones."""
    return {name: value for name, value in arguments.items() if value is not None}


def load_airports() -> dict[str, dict[str, Any]]:
    """The airports of the `airports` dataset descriptor, by IATA code."""
    descriptor = json.loads(AIRPORTS_DATASET.read_text(encoding="utf-8"))
    return {record["iata"]: record for record in descriptor["content"]["data"]["records"]}
