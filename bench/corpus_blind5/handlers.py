"""Handlers of the fifth blind wrong-call corpus's tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def _accept(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "accepted": arguments}


def place_stock_order(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("place_stock_order", arguments)


def add_uptime_monitor(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("add_uptime_monitor", arguments)


def create_vpn_peer(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_vpn_peer", arguments)


def request_time_off(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("request_time_off", arguments)


def schedule_waste_pickup(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("schedule_waste_pickup", arguments)


def schedule_social_post(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("schedule_social_post", arguments)


def book_tee_time(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("book_tee_time", arguments)


def create_job_posting(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_job_posting", arguments)


def log_blood_pressure(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("log_blood_pressure", arguments)


def log_timesheet(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("log_timesheet", arguments)


def book_fitness_class(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("book_fitness_class", arguments)


def submit_meter_reading(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("submit_meter_reading", arguments)


def open_pull_request(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("open_pull_request", arguments)
