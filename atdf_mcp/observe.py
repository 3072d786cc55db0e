"""What a running tool call tells whoever observes it: its HTTP upstream answers (atdf_mcp.metrics counts them).

The observer is a context variable set around one call, so the HTTP dispatcher reports without knowing who listens;
with nobody listening (stdio, or no /metrics) a report costs one lookup.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

__all__ = ["UPSTREAM_OBSERVER", "upstream_status"]

UPSTREAM_OBSERVER: ContextVar[Callable[[int], None] | None] = ContextVar("atdf_mcp_upstream_observer", default=None)


def upstream_status(status: int) -> None:
    """Report an HTTP upstream's answer for the call running now (nothing when nobody observes it)."""
    record = UPSTREAM_OBSERVER.get()
    if record is not None:
        record(status)
