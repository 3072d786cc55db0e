"""Dialect readers: detect which format a raw descriptor is written in and normalize it.

    >>> from atdf_mcp.dialects import detect
    >>> detect({"tool_id": "t", "description": "d", "when_to_use": "w", "how_to_use": {}})
    'atdf1'

Each dialect lives in its own module; only those modules know a dialect's field names.
"""

from __future__ import annotations

from typing import Any

from . import ardf, atdf, mcp_tools, openakita
from ._base import Reader, ReadOptions

__all__ = ["DIALECTS", "READERS", "ReadOptions", "Reader", "detect", "register"]

READERS: dict[str, Reader] = {}


def register(dialect: str, reader: Reader) -> None:
    """Add a reader for `dialect`; registering the same dialect twice is an error."""
    if dialect in READERS:
        raise ValueError(f"a reader for dialect {dialect!r} is already registered")
    READERS[dialect] = reader


register("atdf1", atdf.read)
register("atdf2", atdf.read)
register("ardf", ardf.read)
register("mcp", mcp_tools.read)
register("openakita", openakita.read)

DIALECTS: tuple[str, ...] = tuple(READERS)


def detect(raw: Any) -> str | None:
    """The dialect of one raw descriptor, or None when it matches none."""
    if not isinstance(raw, dict):
        return None
    if "resource_id" in raw or "resource_type" in raw:
        return "ardf"
    if "how_to_use" in raw or "tool_id" in raw or ("id" in raw and "when_to_use" in raw):
        return atdf.version_of(raw)
    if "name" in raw:
        if "input_schema" in raw:
            return "openakita"
        if "inputSchema" in raw:
            return "mcp"
        if any(k in raw for k in openakita.MARKER_KEYS):
            return "openakita"
    return None
