"""Whether one text of several words, given for a list, reads two ways: as one item, and as one item a word.

    >>> two_readings("python backup.py", {"type": "string", "minLength": 1})
    True
    >>> two_readings("eu-central", {"type": "string"})   # one word: one item
    False
    >>> two_readings("New York", {"type": "string", "enum": ["New York", "Boston"]})   # only the whole is a member
    False

A list of plain strings takes "python backup.py" as ["python backup.py"] and as ["python", "backup.py"]: which list
was meant is the caller's to say. Items with an enum or a pattern decide by themselves; items with a format are left to
the format's own check (False here).
"""

from __future__ import annotations

from typing import Any

from .patterns import search

__all__ = ["two_readings"]


def two_readings(value: Any, items: Any) -> bool:
    """Whether the text `value` fits the list's items whole, and word by word too."""
    if not isinstance(value, str) or not isinstance(items, dict) or "format" in items or items.get("type", "string") != "string":
        return False
    words = value.split()
    return len(words) >= 2 and _fits(value.strip(), items) and all(_fits(word, items) for word in words)


def _fits(text: str, items: dict[str, Any]) -> bool:
    """Whether `text` meets the items' enum, pattern and lengths."""
    if isinstance(items.get("enum"), list) and text not in items["enum"]:
        return False
    if isinstance(items.get("pattern"), str) and not search(items["pattern"], text):
        return False
    low, high = items.get("minLength", 0), items.get("maxLength")
    return (not isinstance(low, int) or len(text) >= low) and (not isinstance(high, int) or len(text) <= high)
