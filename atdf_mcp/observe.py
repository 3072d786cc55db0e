"""What a running tool call tells whoever observes it: its HTTP upstream answers (atdf_mcp.metrics counts them), and
the outcome of its result (metrics and traces record it).

The observer is a context variable set around one call, so the HTTP dispatcher reports without knowing who listens;
with nobody listening (stdio, or no /metrics) a report costs one lookup.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

import mcp.types as types

from .codes import Code
from .results import envelope_of_result

__all__ = ["UPSTREAM_OBSERVER", "outcome_of", "upstream_status"]

UPSTREAM_OBSERVER: ContextVar[Callable[[int], None] | None] = ContextVar("atdf_mcp_upstream_observer", default=None)


def upstream_status(status: int) -> None:
    """Report an HTTP upstream's answer for the call running now (nothing when nobody observes it)."""
    record = UPSTREAM_OBSERVER.get()
    if record is not None:
        record(status)


def outcome_of(result: types.CallToolResult) -> str:
    """`ok`, or the code of an error result's envelope (TOOL_ERROR when it carries none)."""
    if not result.is_error:
        return "ok"
    env = envelope_of_result(result)
    code = env["errors"][0].get("code") if env is not None and isinstance(env["errors"][0], dict) else None
    return str(code) if code else Code.TOOL_ERROR
