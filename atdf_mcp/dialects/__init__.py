"""Dialects: detect which format a raw descriptor is written in, read it, write it, and say where its fields are.

    >>> from atdf_mcp.dialects import DIALECT, detect, writer
    >>> detect({"tool_id": "t", "description": "d", "when_to_use": "w", "how_to_use": {}})
    'atdf1'
    >>> DIALECT["mcp"].pointers["input_schema"]
    '/inputSchema'
    >>> writer("atdf2").__module__         # ATDF 2.x: any tool; writer("ardf"): any descriptor, as ARDF 1.0
    'atdf_mcp.dialects.atdf'

Each dialect lives in its own module; only those modules know a dialect's field names.
"""

from __future__ import annotations

from typing import Any

from . import ardf, atdf, mcp_tools, openakita
from ._base import Dialect, Reader, ReadOptions, Writer, resolve

__all__ = ["COLLECTION_KEYS", "DIALECT", "DIALECTS", "READERS", "WRITERS", "Dialect", "ReadOptions", "Reader", "Writer", "detect", "register",
           "resolve", "writer"]

DIALECT: dict[str, Dialect] = {}
READERS: dict[str, Reader] = {}


def register(dialect: Dialect) -> None:
    """Add a dialect; registering the same name twice is an error."""
    if dialect.name in DIALECT:
        raise ValueError(f"dialect {dialect.name!r} is already registered")
    DIALECT[dialect.name] = dialect
    READERS[dialect.name] = dialect.read


register(Dialect("atdf1", "ATDF", atdf.read, atdf.POINTERS, atdf.VERSIONS, "1.x or 2.x",
                 inline_binding=False))  # the ATDF 1.x schema forbids extra keys
register(Dialect("atdf2", "ATDF", atdf.read, atdf.POINTERS, atdf.VERSIONS, "1.x or 2.x", write=atdf.write,
                 writes_only=frozenset({"tool"})))
register(Dialect("ardf", "ARDF", ardf.read, ardf.POINTERS, ardf.VERSIONS, "1.0.0", write=ardf.write))
register(Dialect("mcp", "MCP", mcp_tools.read, mcp_tools.POINTERS))
register(Dialect("openakita", "OpenAkita", openakita.read, openakita.POINTERS))

DIALECTS: tuple[str, ...] = tuple(DIALECT)
# Keys of a file-level collection of descriptors, in the order they are looked for: an MCP `{"tools": [...]}`
# list, an ARDF `{"resources": [...]}` collection.
COLLECTION_KEYS: tuple[str, ...] = ("tools", "resources")
WRITERS: tuple[str, ...] = tuple(name for name, d in DIALECT.items() if d.write is not None)


def writer(name: str) -> Writer:
    """The writer of dialect `name` (KeyError when the dialect cannot be written)."""
    write = DIALECT[name].write
    if write is None:
        raise KeyError(f"dialect {name!r} has no writer; writable: {', '.join(WRITERS)}")
    return write


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
