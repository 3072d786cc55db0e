"""A name written as a URI of its scheme ("s3://acme-logs", "gs://acme-logs/") where the pattern takes the bare
name: the name, or nothing.

    >>> bare_name("s3://acme-logs", "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$")
    'acme-logs'
    >>> bare_name("s3://acme-logs/archive/", "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$")   # a folder inside it
    MISSING

Only a URI with nothing after its authority but one slash; a path, a query or a port say more than the name. A web
address whose host's first label fits as well (https://acme-logs.s3.amazonaws.com) reads two ways: that label is a
bucket's name in a virtual-hosted URL, the whole host a host's.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["bare_name"]

_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([^/?#:@\s]+)/?")


def bare_name(value: Any, pattern: str) -> Any:
    """The authority of the URI `value` when `pattern` takes it and not the URI; else MISSING."""
    found = _URI.fullmatch(value.strip()) if isinstance(value, str) and len(value) <= 512 else None
    if not found or search(pattern, value) or not search(pattern, found[1]):
        return MISSING
    host = found[1].split(".")
    if value.strip().lower().startswith(("http:", "https:")) and len(host) > 1 and search(pattern, host[0]):
        return MISSING  # https://acme-logs.s3.amazonaws.com: the bucket acme-logs in its web address, or a host so named
    return found[1]
