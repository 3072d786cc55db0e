"""Handlers of the seventh blind wrong-call corpus's tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def _accept(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "accepted": arguments}


def reverse_geocode(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("reverse_geocode", arguments)


def search_area(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("search_area", arguments)


def create_geofence(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_geofence", arguments)


def resize_image(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("resize_image", arguments)


def transcode_video(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("transcode_video", arguments)


def record_sensor_reading(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("record_sensor_reading", arguments)


def set_thermostat(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("set_thermostat", arguments)


def configure_device(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("configure_device", arguments)


def set_light(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("set_light", arguments)


def query_table(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("query_table", arguments)


def run_sql(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("run_sql", arguments)


def chat_completion(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("chat_completion", arguments)


def embed_texts(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("embed_texts", arguments)
