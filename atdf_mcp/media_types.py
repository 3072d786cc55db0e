"""A media type ("image/png", "video/mp4", "image/svg+xml") for an enum of file formats: the member its subtype names.

    >>> media_member("image/png", ["jpeg", "png", "webp"]), media_member("image/svg+xml", ["png", "svg"])
    ('png', 'svg')
    >>> media_member("image/heic", ["jpeg", "png"]), media_member("png", ["jpeg", "png"])   # no such member; no type
    (MISSING, MISSING)
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING, only

__all__ = ["media_member"]

_MEDIA_TYPE = re.compile(r"\s*(?:image|video|audio|text|application|font|model)/(?:x-)?([a-z0-9.-]{1,40})(?:\+[a-z]{1,10})?\s*",
                         re.IGNORECASE)


def media_member(value: Any, members: list[str]) -> Any:
    """The one member that is the subtype of the media type `value`, as written or in other case; else MISSING."""
    match = _MEDIA_TYPE.fullmatch(value) if isinstance(value, str) and len(value) <= 64 else None
    return MISSING if match is None else only([m for m in members if m.lower() == match[1].lower()])
