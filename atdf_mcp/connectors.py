"""Tools derived from ARDF connectors (one per endpoint) and HTTP models (one per model)."""

from __future__ import annotations

from .model import Descriptor

__all__ = ["derived_tools"]


def derived_tools(descriptor: Descriptor) -> tuple[list[Descriptor], list[tuple[str, str]]]:
    """The tools a connector or model descriptor publishes, and (pointer, message) problems."""
    return [], []
