"""Handlers of the eighth blind wrong-call corpus's tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def _accept(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "accepted": arguments}


def create_event(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_event", arguments)


def find_free_slots(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("find_free_slots", arguments)


def update_cells(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("update_cells", arguments)


def format_cells(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("format_cells", arguments)


def sort_range(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("sort_range", arguments)


def place_order(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("place_order", arguments)


def update_inventory(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("update_inventory", arguments)


def send_message(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("send_message", arguments)


def post_chat_message(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("post_chat_message", arguments)


def trigger_pipeline(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("trigger_pipeline", arguments)


def create_release(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_release", arguments)


def export_document(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("export_document", arguments)


def share_document(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("share_document", arguments)
