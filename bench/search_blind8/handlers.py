"""The one handler every corpus tool is bound to: the search bench lists and searches tools, it never calls them."""

from __future__ import annotations

from typing import Any


def accept(**arguments: Any) -> dict[str, Any]:
    """Accept any valid call and echo its arguments."""
    return {"accepted": True, "arguments": arguments}
