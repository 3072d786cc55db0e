"""Project normalized descriptors back out: as ARDF 1.0 documents, and tools as ATDF 2.x.

The writers live with their dialects (atdf_mcp.dialects.ardf.write, atdf_mcp.dialects.atdf.write); this module
keeps their historical names importable.
"""

from __future__ import annotations

from .dialects.ardf import write as to_ardf
from .dialects.atdf import write as to_atdf2

__all__ = ["to_ardf", "to_atdf2"]
