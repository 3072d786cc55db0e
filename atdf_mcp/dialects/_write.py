"""What the dialect writers share: localization keys, the default success text and `$defs` carried along."""

from __future__ import annotations

import re
from typing import Any

from ..inputs import has_ref
from ..model import Descriptor

__all__ = ["DEFAULT_SUCCESS", "LANG_KEY", "root_defs", "with_defs"]

LANG_KEY = re.compile(r"^[a-z]{2}(-[A-Z]{2})?$")
DEFAULT_SUCCESS = "The tool completed successfully."


def root_defs(d: Descriptor) -> dict[str, Any]:
    """The `$defs` a recursive input schema kept at its root (the references that could not be inlined)."""
    defs = (d.input_schema or {}).get("$defs")
    return defs if isinstance(defs, dict) else {}


def with_defs(item: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """An input that still holds `$ref`s carries the root `$defs` along (the readers move them back to the root)."""
    if defs and "$defs" not in item and has_ref(item):
        return {**item, "$defs": defs}
    return item
