"""`load_catalog` stopped after the descriptor stage, for tests about what files say rather than how tools run.

The full snapshot also binds each tool to a handler, and its one report then warns NO_HANDLER for every tool of a
test catalogue that has none; these tests look at the descriptors' own problems.
"""

from __future__ import annotations

import os
from typing import Any

from atdf_mcp import Catalog
from atdf_mcp import load_catalog as _load_catalog


def load_catalog(path: str | os.PathLike[str], *more: str | os.PathLike[str], **options: Any) -> Catalog:
    """The catalogue of these files, without bindings, validators or listings."""
    return _load_catalog(path, *more, bind=False, **options)
