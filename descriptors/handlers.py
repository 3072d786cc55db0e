"""Handlers bound by convention: atdf-mcp calls the function named like the tool.

`search_hotels` (an OpenAkita definition, which cannot declare failures) raises the built-in codes
NOT_FOUND and VALIDATION_ERROR; `date_range_validator` raises the failures its descriptor declares.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from atdf_mcp import ToolError
from atdf_mcp.context import ToolContext

from .demo_support import CITIES, HOTELS, ROOM_CAPACITY, ROOM_TYPES, closest, parse_date, present, today, tomorrow


async def search_hotels(ctx: ToolContext, city: str, check_in: str | None = None, nights: int = 1, guests: int = 2,
                        room_type: str | None = None, max_price: float | None = None) -> dict[str, Any]:
    """List the free rooms of a city's hotels that fit the party and the budget, cheapest first."""
    canonical = closest(city, CITIES)
    if canonical is None or canonical.lower() != city.strip().lower():
        raise ToolError("NOT_FOUND", f"No hotel of the inventory is in {city!r}.", parameter="city",
                        suggested_value=canonical, context={"known_cities": list(CITIES)})
    if check_in is not None and parse_date(check_in) < today():
        raise ToolError("VALIDATION_ERROR", f"check_in {check_in} is in the past.", parameter="check_in",
                        suggested_value=tomorrow().isoformat())
    hotels = sorted(k for k, h in HOTELS.items() if h["city"] == canonical)
    offers = []
    for done, key in enumerate(hotels, 1):
        hotel = HOTELS[key]
        for kind in (room_type,) if room_type else ROOM_TYPES:
            rate = hotel["rates"][kind]
            if hotel["free"][kind] and ROOM_CAPACITY[kind] >= guests and (max_price is None or rate <= max_price):
                offers.append({"hotel_id": key, "hotel_name": hotel["name"], "stars": hotel["stars"], "room_type": kind,
                               "sleeps": ROOM_CAPACITY[kind], "free_rooms": hotel["free"][kind], "nightly_rate": rate,
                               "total_price": rate * nights})
        await ctx.report_progress(done, len(hotels), f"checked {hotel['name']}")
    offers.sort(key=lambda o: (o["nightly_rate"], -o["stars"], o["hotel_id"]))
    return {**present(city=canonical, check_in=check_in, nights=nights, guests=guests, room_type=room_type,
                      max_price=max_price), "offers": offers, "count": len(offers), "currency": "EUR"}


def date_range_validator(start_date: str, end_date: str, max_days: int = 30, allow_past: bool = False) -> dict[str, Any]:
    """Check that a date range is ordered, not in the past and at most `max_days` long; describe it."""
    arguments = present(start_date=start_date, end_date=end_date, max_days=max_days, allow_past=allow_past)
    start, end = parse_date(start_date), parse_date(end_date)
    first = today()
    if start < first and not allow_past:
        context: dict[str, Any] = {"received": {"start_date": start_date}, "today": first.isoformat(),
                                   "solution": f"Retry with start_date = {first}, or with allow_past = true for a historical range."}
        if end < first:  # both dates are past: keep the range's length, starting today
            shifted = first + max(end - start, dt.timedelta(0))
            context["suggested_arguments"] = {**arguments, "start_date": first.isoformat(), "end_date": shifted.isoformat()}
        raise ToolError("START_IN_PAST", f"start_date {start} is before today ({first}).", parameter="start_date",
                        suggested_value=first.isoformat(), context=context)
    if end < start:
        raise ToolError("END_BEFORE_START", f"end_date {end} is before start_date {start}.", parameter="end_date",
                        suggested_value=start_date, context={"received": {"start_date": start_date, "end_date": end_date}})
    days = (end - start).days + 1
    if days > max_days:
        last = start + dt.timedelta(days=max_days - 1)
        raise ToolError("RANGE_TOO_LONG", f"The range covers {days} days; at most {max_days} are allowed.", parameter="end_date",
                        suggested_value=last.isoformat(), context={"days": days, "max_days": max_days})
    weekend = sum((start + dt.timedelta(days=n)).weekday() >= 5 for n in range(days))
    return {
        "valid": True,
        "start_date": start.isoformat(),
        "end_date": end.isoformat(),
        "days": days,
        "nights": days - 1,
        "weekdays": days - weekend,
        "weekend_days": weekend,
        "start_weekday": start.strftime("%A"),
        "end_weekday": end.strftime("%A"),
    }
