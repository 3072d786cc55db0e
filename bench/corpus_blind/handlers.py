"""Handlers of the blind wrong-call corpus's tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def _accept(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "accepted": arguments}


def ship_parcel(**arguments: Any) -> dict[str, Any]:
    """Book the shipment."""
    return _accept("ship_parcel", arguments)


def register_device(**arguments: Any) -> dict[str, Any]:
    """Register the device."""
    return _accept("register_device", arguments)


def resize_image(**arguments: Any) -> dict[str, Any]:
    """Resize the image."""
    return _accept("resize_image", arguments)


def order_groceries(**arguments: Any) -> dict[str, Any]:
    """Place the order."""
    return _accept("order_groceries", arguments)


def plan_route(**arguments: Any) -> dict[str, Any]:
    """Plan the route."""
    return _accept("plan_route", arguments)


def create_invoice(**arguments: Any) -> dict[str, Any]:
    """Create the invoice."""
    return _accept("create_invoice", arguments)


def send_notification(**arguments: Any) -> dict[str, Any]:
    """Queue the notification."""
    return _accept("send_notification", arguments)


def query_metrics(**arguments: Any) -> dict[str, Any]:
    """Read the series."""
    return _accept("query_metrics", arguments)


def set_thermostat(**arguments: Any) -> dict[str, Any]:
    """Set the zone."""
    return _accept("set_thermostat", arguments)


def transfer_funds(**arguments: Any) -> dict[str, Any]:
    """Accept the transfer."""
    return _accept("transfer_funds", arguments)


def schedule_backup(**arguments: Any) -> dict[str, Any]:
    """Schedule the backup."""
    return _accept("schedule_backup", arguments)


def log_expense(**arguments: Any) -> dict[str, Any]:
    """Record the expense."""
    return _accept("log_expense", arguments)


def book_train(origin: str, destination: str, travel_date: str, passengers: int = 1, first_class: bool = False) -> dict[str, Any]:
    """Book the seats."""
    return _accept("book_train", {"origin": origin, "destination": destination, "travel_date": travel_date,
                                  "passengers": passengers, "first_class": first_class})


def weather_forecast(city: str, days: int = 3, metric: bool = True) -> dict[str, Any]:
    """Forecast the weather."""
    return _accept("weather_forecast", {"city": city, "days": days, "metric": metric})


def create_poll(**arguments: Any) -> dict[str, Any]:
    """Create the poll."""
    return _accept("create_poll", arguments)


def add_calendar_event(**arguments: Any) -> dict[str, Any]:
    """Add the event."""
    return _accept("add_calendar_event", arguments)
