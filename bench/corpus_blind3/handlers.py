"""Handlers of the third blind wrong-call corpus's tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def _accept(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "accepted": arguments}


def open_ticket(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("open_ticket", arguments)


def create_playlist(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_playlist", arguments)


def post_job(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("post_job", arguments)


def search_logs(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("search_logs", arguments)


def translate_text(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("translate_text", arguments)


def reserve_table(restaurant: str, day: str, party_size: int = 2, outdoor: bool = False) -> dict[str, Any]:
    """Reserve the table."""
    return _accept("reserve_table", {"restaurant": restaurant, "day": day, "party_size": party_size, "outdoor": outdoor})


def borrow_book(isbn: str, member_number: int, weeks: int = 3) -> dict[str, Any]:
    """Lend the book."""
    return _accept("borrow_book", {"isbn": isbn, "member_number": member_number, "weeks": weeks})


def rent_car(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("rent_car", arguments)


def create_vm(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_vm", arguments)


def irrigate_garden(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("irrigate_garden", arguments)


def solar_quote(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("solar_quote", arguments)


def vet_appointment(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("vet_appointment", arguments)


def set_alarm(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("set_alarm", arguments)
