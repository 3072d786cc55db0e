"""Suggestions for wrong arguments: the value an agent should have sent, derived from the schema.

    >>> nearest("Standrad", ["standard", "high", "ultra"])
    'standard'
    >>> coerce("5", {"type": "integer"})
    5
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

__all__ = ["MISSING", "coerce", "edit_distance", "format_example", "nearest", "suggest_for_format"]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Sentinel: no suggestion could be made."""


def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance between two strings."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def nearest(value: Any, choices: list[Any], *, max_ratio: float = 0.6) -> Any:
    """The choice closest to `value`: case-insensitive match first, then smallest edit distance."""
    if not choices:
        return MISSING
    text = str(value).strip()
    for choice in choices:
        if str(choice).lower() == text.lower():
            return choice
    for choice in choices:  # a prefix or contained word ("stand" → "standard")
        if text and isinstance(choice, str) and (choice.lower().startswith(text.lower()) or text.lower() in choice.lower()):
            return choice
    scored = sorted(choices, key=lambda c: edit_distance(text.lower(), str(c).lower()))
    best = scored[0]
    distance = edit_distance(text.lower(), str(best).lower())
    if distance <= max(2, int(len(str(best)) * max_ratio)):
        return best
    return MISSING


def coerce(value: Any, schema: dict[str, Any]) -> Any:
    """`value` converted to the schema's type when that is lossless ("5" → 5, "true" → True), else MISSING."""
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
    for kind in kinds:
        converted = _coerce_one(value, kind)
        if converted is not MISSING:
            return converted
    return MISSING


def _coerce_one(value: Any, kind: str) -> Any:
    if kind == "integer":
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d+(\.0*)?\s*", value):
            return int(float(value))
    elif kind == "number":
        if isinstance(value, str):
            try:
                number = float(value.strip().replace(",", "."))
            except ValueError:
                return MISSING
            return int(number) if number.is_integer() else number
        if isinstance(value, bool):
            return int(value)
    elif kind == "boolean":
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "on", "false", "no", "0", "off"):
            return value.strip().lower() in ("true", "yes", "1", "on")
        if isinstance(value, (int, float)) and value in (0, 1):
            return bool(value)
    elif kind == "string":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        if isinstance(value, bool):
            return "true" if value else "false"
    elif kind == "array":
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            return parts if parts else MISSING
        if not isinstance(value, (list, dict)) and value is not None:
            return [value]
    elif kind == "null" and value in ("", "null", "None"):
        return None
    return MISSING


_DATE_PATTERNS = ("%Y-%m-%d", "%Y/%m/%d", "%d/%m/%Y", "%d-%m-%Y", "%d.%m.%Y", "%Y%m%d", "%b %d %Y", "%d %b %Y",
                  "%B %d %Y", "%d %B %Y", "%B %d, %Y", "%b %d, %Y")


def _parse_date(text: str) -> dt.datetime | None:
    text = text.strip()
    try:
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        pass
    for pattern in _DATE_PATTERNS:
        try:
            return dt.datetime.strptime(text, pattern)
        except ValueError:
            continue
    return None


def format_example(fmt: str) -> Any:
    """A valid example value for a JSON Schema format, or MISSING for formats without one."""
    tomorrow = dt.date.today() + dt.timedelta(days=1)
    return {
        "date": tomorrow.isoformat(),
        "date-time": f"{tomorrow.isoformat()}T09:00:00Z",
        "time": "09:00:00Z",
        "email": "user@example.com",
        "uri": "https://example.com/",
        "uri-reference": "https://example.com/",
        "url": "https://example.com/",
        "uuid": "123e4567-e89b-12d3-a456-426614174000",
        "ipv4": "192.0.2.1",
        "hostname": "example.com",
    }.get(fmt, MISSING)


def suggest_for_format(value: Any, fmt: str) -> Any:
    """`value` rewritten in the required format when its meaning is clear, else a format example."""
    if isinstance(value, str):
        text = value.strip()
        if fmt in ("date", "date-time"):
            parsed = _parse_date(text)
            if parsed is not None:
                if fmt == "date":
                    return parsed.date().isoformat()
                if parsed.tzinfo is None:
                    return parsed.strftime("%Y-%m-%dT%H:%M:%SZ")
                return parsed.isoformat().replace("+00:00", "Z")
        elif fmt == "email":
            candidate = re.sub(r"\s*(?:\(at\)|\[at\]|\s+at\s+)\s*", "@", text, flags=re.IGNORECASE)
            candidate = re.sub(r"\s+", "", candidate)
            if re.fullmatch(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}", candidate):
                return candidate
        elif fmt in ("uri", "url", "uri-reference") and text and " " not in text and "://" not in text:
            return "https://" + text.lstrip("/")
    return format_example(fmt)
