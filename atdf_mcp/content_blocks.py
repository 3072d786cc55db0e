"""A text sent as a content block ({"type": "text", "text": …}, or a list of one, as chat APIs write message content)
for a string input: the text it holds, or nothing.

    >>> block_text([{"type": "text", "text": "Summarise this."}]), block_text({"type": "text", "text": "Hi"})
    ('Summarise this.', 'Hi')
    >>> block_text([{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])   # two texts: joined how?
    MISSING
    >>> block_text({"type": "image_url", "image_url": {"url": "https://x.test/a.png"}})
    MISSING
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING

__all__ = ["block_text"]


def block_text(value: Any) -> Any:
    """The text of one text block (alone or the one item of a list) that holds nothing else; else MISSING."""
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if not isinstance(value, dict) or set(value) != {"type", "text"} or value["type"] != "text":
        return MISSING
    return value["text"] if isinstance(value["text"], str) else MISSING
