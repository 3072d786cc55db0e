"""Handlers of the wrong-call corpus's own tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def book_appointment(**arguments: Any) -> dict[str, Any]:
    """Book the appointment."""
    return {"appointment_id": "APT-1", **arguments}


def drill_hole(diameter: float, depth: float, surface: str, precision: str = "standard") -> str:
    """Drill the hole."""
    return f"A {diameter:g} mm hole, {depth:g} mm deep, in {surface} ({precision})."


def convert_price(amount: float, to: str, round: bool = False, **source: Any) -> dict[str, Any]:
    """Convert at a fixed demo rate."""
    return {"amount": amount, "from": source["from"], "to": to, "rounded": round}


def log_workout(**arguments: Any) -> dict[str, Any]:
    """Record the workout."""
    return {"logged": True, **arguments}


def schedule_meeting(**arguments: Any) -> dict[str, Any]:
    """Schedule the meeting."""
    return {"scheduled": True, **arguments}


def create_order(**arguments: Any) -> dict[str, Any]:
    """Create the order."""
    return {"order": "ORD-1", **arguments}
