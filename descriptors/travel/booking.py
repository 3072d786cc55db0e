"""Handlers of the booking tools, bound inline by their descriptors (`travel.booking:function`).

Business rules raise `ToolError` with a declared failure code and, when one exists, the value that
fixes the call, so the agent receives `context.suggested_arguments` it can retry verbatim.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from atdf_mcp import ToolError

from ..demo_support import (
    CITIES,
    HOTELS,
    ROOM_CAPACITY,
    ROOM_TYPES,
    closest,
    load_airports,
    parse_date,
    present,
    reference,
    today,
    tomorrow,
)

AIRPORTS = load_airports()
AIRLINES = {"ES": "IB", "PT": "TP", "FR": "AF", "GB": "BA", "US": "AA", "JP": "JL", "PE": "LA", "MX": "AM", "DE": "LH"}
CABIN_FACTOR = {"economy": 1.0, "premium_economy": 1.6, "business": 3.2, "first": 5.0}


# ---------------------------------------------------------------------------------------------
# hotel_reservation


def reserve_hotel(check_in: str, check_out: str, hotel_id: str | None = None, city: str | None = None,
                  guests: int = 2, room_type: str = "standard") -> dict[str, Any]:
    """Reserve a hotel room: check the dates, find the hotel, then a free room that fits the party."""
    arguments = present(hotel_id=hotel_id, city=city, check_in=check_in, check_out=check_out, guests=guests, room_type=room_type)
    start, end = _stay(parse_date(check_in), parse_date(check_out), arguments)
    key = _hotel_for(hotel_id, city, room_type, guests)
    hotel = HOTELS[key]
    nights = (end - start).days
    rate = hotel["rates"][room_type]
    return {
        "status": "confirmed",
        "confirmation_code": reference("HR", key, check_in, check_out, guests, room_type),
        "hotel_id": key,
        "hotel_name": hotel["name"],
        "city": hotel["city"],
        "check_in": start.isoformat(),
        "check_out": end.isoformat(),
        "nights": nights,
        "guests": guests,
        "room_type": room_type,
        "nightly_rate": rate,
        "total_price": rate * nights,
        "currency": "EUR",
    }


def _stay(start: dt.date, end: dt.date, arguments: dict[str, Any]) -> tuple[dt.date, dt.date]:
    """The stay's dates, or INVALID_DATES with the dates that make it bookable."""
    if start < today():
        first = tomorrow()
        nights = max((end - start).days, 1)
        context: dict[str, Any] = {"received": {"check_in": start.isoformat()}, "earliest_check_in": first.isoformat()}
        if end <= first:  # moving check-in alone would not be enough: keep the stay's length
            last = first + dt.timedelta(days=nights)
            context["suggested_arguments"] = {**arguments, "check_in": first.isoformat(), "check_out": last.isoformat()}
            context["solution"] = f"Both dates are past: retry with check_in = {first} and check_out = {last} ({nights} night(s))."
        raise ToolError("INVALID_DATES", f"check_in {start} is in the past; the earliest check-in is {first}.",
                        parameter="check_in", suggested_value=first.isoformat(), context=context)
    if end <= start:
        day_after = start + dt.timedelta(days=1)
        raise ToolError("INVALID_DATES", f"check_out {end} must be after check_in {start}.",
                        parameter="check_out", suggested_value=day_after.isoformat(),
                        context={"received": {"check_in": start.isoformat(), "check_out": end.isoformat()}})
    return start, end


def _hotel_for(hotel_id: str | None, city: str | None, room_type: str, guests: int) -> str:
    """The hotel to book: the one named, or the best-rated one of the city with a suitable free room."""
    if hotel_id is not None:
        if hotel_id not in HOTELS:
            suggestion = closest(hotel_id, list(HOTELS))
            raise ToolError("UNKNOWN_LOCATION", f"There is no hotel with id {hotel_id!r}.", parameter="hotel_id",
                            suggested_value=suggestion, context={"known_hotels": sorted(HOTELS)})
        if not _fits(hotel_id, room_type, guests):
            raise _no_room(room_type, guests, [hotel_id], "hotel_id")
        return hotel_id
    if city is None:
        raise ToolError("LOCATION_REQUIRED", "Give a hotel_id or a city to book in.", parameter="city",
                        context={"known_cities": list(CITIES), "solution": "Ask the traveller where to stay, then retry with city."})
    canonical = closest(city, CITIES)
    if canonical is None or canonical.lower() != city.strip().lower():
        raise ToolError("UNKNOWN_LOCATION", f"No hotel of the inventory is in {city!r}.", parameter="city",
                        suggested_value=canonical, context={"known_cities": list(CITIES)})
    candidates = sorted((k for k, h in HOTELS.items() if h["city"] == canonical), key=lambda k: (-HOTELS[k]["stars"], k))
    for key in candidates:
        if _fits(key, room_type, guests):
            return key
    raise _no_room(room_type, guests, candidates, "city")


def _fits(key: str, room_type: str, guests: int) -> bool:
    """Whether the hotel has a free room of this type that sleeps the party."""
    return HOTELS[key]["free"][room_type] > 0 and ROOM_CAPACITY[room_type] >= guests


def _no_room(room_type: str, guests: int, hotels: list[str], place: str) -> ToolError:
    """NO_AVAILABILITY, suggesting the closest room type that is free and fits, else another hotel."""
    rank = ROOM_TYPES.index(room_type)
    others = sorted((t for t in ROOM_TYPES if t != room_type), key=lambda t: (abs(ROOM_TYPES.index(t) - rank), -ROOM_TYPES.index(t)))
    free_types = [t for t in others if any(_fits(k, t, guests) for k in hotels)]
    reason = (f"a {room_type} room sleeps at most {ROOM_CAPACITY[room_type]}" if ROOM_CAPACITY[room_type] < guests
              else f"no {room_type} room is free")
    where = hotels[0] if place == "hotel_id" else HOTELS[hotels[0]]["city"]
    context = {"requested": {"room_type": room_type, "guests": guests}, "available_room_types": free_types}
    if free_types:
        return ToolError("NO_AVAILABILITY", f"No room for {guests} guest(s) at {where}: {reason}.",
                         parameter="room_type", suggested_value=free_types[0], context=context)
    city = HOTELS[hotels[0]]["city"]
    elsewhere = [k for k, h in HOTELS.items() if h["city"] == city and k not in hotels and _fits(k, room_type, guests)]
    if place == "hotel_id" and elsewhere:
        return ToolError("NO_AVAILABILITY", f"No room for {guests} guest(s) at {where}: {reason}; {elsewhere[0]} has one.",
                         parameter="hotel_id", suggested_value=elsewhere[0], context=context)
    return ToolError("NO_AVAILABILITY", f"No room for {guests} guest(s) at {where}: {reason}.", parameter="room_type",
                     context={**context, "solution": "Ask the traveller for other dates, another city or a smaller party."})


# ---------------------------------------------------------------------------------------------
# flight_booking


def book_flight(origin: str, destination: str, departure_date: str, return_date: str | None = None,
                passengers: int = 1, cabin: str = "economy") -> dict[str, Any]:
    """Book a one-way or return flight between two known airports."""
    arguments = present(origin=origin, destination=destination, departure_date=departure_date, return_date=return_date,
                        passengers=passengers, cabin=cabin)
    if origin == destination:
        raise ToolError("invalid_route", f"Origin and destination are both {origin}.", parameter="destination",
                        context={"solution": "Ask the traveller where they want to fly to, then retry with that destination."})
    for parameter, code, other in (("origin", origin, destination), ("destination", destination, origin)):
        if code not in AIRPORTS:
            suggestion = closest(code, [c for c in AIRPORTS if c != other])
            raise ToolError("unknown_airport", f"{code} is not an airport served by this booking system.",
                            parameter=parameter, suggested_value=suggestion, context={"served_airports": sorted(AIRPORTS)})
    outbound = parse_date(departure_date)
    inbound = parse_date(return_date) if return_date is not None else None
    _check_flight_dates(outbound, inbound, arguments)
    segments = [_segment(origin, destination, outbound, cabin)]
    if inbound is not None:
        segments.append(_segment(destination, origin, inbound, cabin))
    fare = round(sum(s["fare"] for s in segments), 2)
    return {
        "status": "booked",
        "booking_reference": reference("FB", arguments),
        "trip": "return" if inbound else "one-way",
        "passengers": passengers,
        "cabin": cabin,
        "segments": [{k: v for k, v in s.items() if k != "fare"} for s in segments],
        "fare_per_passenger": fare,
        "total_fare": round(fare * passengers, 2),
        "currency": "EUR",
    }


def _check_flight_dates(outbound: dt.date, inbound: dt.date | None, arguments: dict[str, Any]) -> None:
    """Raise invalid_dates for a past departure or a return before the departure."""
    if outbound < today():
        first = tomorrow()
        context: dict[str, Any] = {"received": {"departure_date": outbound.isoformat()}, "earliest_departure": first.isoformat()}
        if inbound is not None and inbound < first:
            shifted = first + max(inbound - outbound, dt.timedelta(0))
            context["suggested_arguments"] = {**arguments, "departure_date": first.isoformat(), "return_date": shifted.isoformat()}
        raise ToolError("invalid_dates", f"departure_date {outbound} is in the past.", parameter="departure_date",
                        suggested_value=first.isoformat(), context=context)
    if inbound is not None and inbound < outbound:
        day_after = outbound + dt.timedelta(days=1)
        raise ToolError("invalid_dates", f"return_date {inbound} is before departure_date {outbound}.", parameter="return_date",
                        suggested_value=day_after.isoformat(),
                        context={"received": {"departure_date": outbound.isoformat(), "return_date": inbound.isoformat()}})


def _segment(origin: str, destination: str, day: dt.date, cabin: str) -> dict[str, Any]:
    """One flight: a stable flight number and time, the great-circle distance and the fare per passenger."""
    start, end = AIRPORTS[origin], AIRPORTS[destination]
    distance = _distance_km(start["lat"], start["lon"], end["lat"], end["lon"])
    seed = int(reference("X", origin, destination, day.isoformat())[2:], 16)
    airline = AIRLINES.get(start["country"], "XX")
    return {
        "flight_number": f"{airline}{100 + seed % 8900}",
        "origin": origin,
        "destination": destination,
        "date": day.isoformat(),
        "departure_time": f"{6 + seed % 16:02d}:{(seed // 16) % 4 * 15:02d}",
        "duration_minutes": _minutes(distance),
        "distance_km": round(distance),
        "fare": round((40 + distance * 0.11) * CABIN_FACTOR[cabin], 2),
    }


def _minutes(distance_km: float) -> int:
    """The scheduled duration of a flight over this distance: 800 km/h plus half an hour on the ground."""
    return round(distance_km / 800 * 60) + 30


# ---------------------------------------------------------------------------------------------
# policy functions: what corporate_travel_policy's CEL rules ask of this inventory before a booking runs


def flight_minutes(origin: str, destination: str) -> int:
    """The scheduled minutes of the flight between two airports (-1 for an airport the booking system does not serve)."""
    if origin not in AIRPORTS or destination not in AIRPORTS:
        return -1  # not a short flight the policy could judge: the booking itself answers unknown_airport
    start, end = AIRPORTS[origin], AIRPORTS[destination]
    return _minutes(_distance_km(start["lat"], start["lon"], end["lat"], end["lon"]))


def nightly_rate(arguments: dict[str, Any]) -> float:
    """The nightly rate in EUR of the room a hotel_reservation call would book (0 when it would book none)."""
    room_type = arguments.get("room_type", "standard")
    try:
        key = _hotel_for(arguments.get("hotel_id"), arguments.get("city"), room_type, int(arguments.get("guests", 2)))
    except (ToolError, TypeError, ValueError):
        return 0  # no room would be booked: the booking itself answers why
    return HOTELS[key]["rates"].get(room_type, 0)


def _distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance between two points, in kilometres."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(a))
