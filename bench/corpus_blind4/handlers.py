"""Handlers of the fourth blind wrong-call corpus's tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def _accept(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "accepted": arguments}


def create_dns_record(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_dns_record", arguments)


def add_firewall_rule(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("add_firewall_rule", arguments)


def create_lead(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_lead", arguments)


def create_webhook(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_webhook", arguments)


def create_discount_code(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_discount_code", arguments)


def refill_prescription(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("refill_prescription", arguments)


def pledge_donation(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("pledge_donation", arguments)


def file_claim(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("file_claim", arguments)


def save_recipe(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("save_recipe", arguments)


def book_parking(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("book_parking", arguments)


def set_lights(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("set_lights", arguments)


def enroll_course(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("enroll_course", arguments)


def register_attendee(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("register_attendee", arguments)


def create_api_key(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_api_key", arguments)
