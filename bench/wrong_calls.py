"""The wrong-call corpus: calls an agent really gets wrong, each with the call it meant.

Two catalogues: the bundled `descriptors/` (the demo travel desk) and `bench/corpus/` (tools written for the checks
the demo does not exercise: nested objects and arrays, const, multipleOf, uuid, e-mail, URI, declared failures tied
to a check). Every case names the check it exercises, the code a client must see on the first error entry, and
`intended`: the arguments a sensible agent meant. `intended=None` means no valid call says what the agent meant
(an argument the tool does not have, an e-mail address nobody gave), so any `suggested_arguments` would be wrong.

A case is *corrected* when the envelope's `suggested_arguments` equal the intended call (schema defaults filled in
on both sides) and the retry succeeds; a *wrong suggestion* when the suggested arguments, or an entry's
`suggested_value`, say something else than the intended call; *not corrected* when there is no suggestion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = {"descriptors": ROOT / "descriptors", "corpus": Path(__file__).resolve().parent / "corpus"}

V = "VALIDATION_ERROR"
DOCTOR = "3f2b8c1e-6d4a-4c1b-9e0f-2a7d5c8b1e44"
HOTEL = {"hotel_id": "MAD-PRADO", "check_in": "2030-06-01", "check_out": "2030-06-04"}
FLIGHT = {"origin": "MAD", "destination": "JFK", "departure_date": "2030-03-15"}
RANGE = {"start_date": "2030-07-01", "end_date": "2030-07-07"}
UNITS = {"value": 10, "from_unit": "km", "to_unit": "mi"}
VISIT = {"patient_name": "Luis Gomez", "email": "luis.gomez@example.net", "slot": "2030-05-03T11:00:00+02:00", "doctor_id": DOCTOR}
HOLE = {"diameter": 8, "depth": 40, "surface": "wood"}
PRICE = {"amount": 250, "from": "EUR", "to": "USD"}
WORKOUT = {"distance": 10, "unit": "km", "date": "2030-07-04"}
MEETING = {"title": "Budget review", "start": "2030-05-06T15:00:00+02:00", "attendees": ["kim@example.org"]}
ORDER = {"api_version": "2", "customer": {"name": "Bo Chen", "email": "bo@example.net"}, "items": [{"sku": "TEE-010", "quantity": 1}]}


@dataclass(frozen=True)
class WrongCall:
    """One wrong call, the check it trips, the code expected on its first error, and what the agent meant."""

    name: str
    tool: str
    check: str
    arguments: dict[str, Any]
    intended: dict[str, Any] | None
    code: str = V
    codes: dict[str, str] = field(default_factory=dict)  # parameter → code, for entries that must carry another code

    @property
    def catalogue(self) -> str:
        """Which catalogue serves the tool."""
        return "descriptors" if self.tool in DEMO_TOOLS else "corpus"


DEMO_TOOLS = {"hotel_reservation", "flight_booking", "search_hotels", "date_range_validator", "unit_converter"}


def _with(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(base)
    for key, value in changes.items():
        if value is _DROP:
            out.pop(key, None)
        else:
            out[key] = value
    return out


_DROP = object()

CASES: tuple[WrongCall, ...] = (
    # ---- hotel_reservation (ARDF): types, enums, bounds, dates, names ----------------------------------------------
    WrongCall("hotel-missing-check-out-example-disagrees", "hotel_reservation", "required",
              {"hotel_id": "MAD-PRADO", "check_in": "2027-05-01"}, {"hotel_id": "MAD-PRADO", "check_in": "2027-05-01", "check_out": "2027-05-04"}),
    WrongCall("hotel-missing-both-dates", "hotel_reservation", "required", {"hotel_id": "LIS-ALFAMA"},
              {"hotel_id": "LIS-ALFAMA", "check_in": "2030-09-01", "check_out": "2030-09-03"}),
    WrongCall("hotel-enum-case", "hotel_reservation", "enum", {**HOTEL, "room_type": "Deluxe"}, {**HOTEL, "room_type": "deluxe"}),
    WrongCall("hotel-enum-abbreviation", "hotel_reservation", "enum", {**HOTEL, "room_type": "dlx"}, {**HOTEL, "room_type": "deluxe"}),
    WrongCall("hotel-enum-typo", "hotel_reservation", "enum", {**HOTEL, "room_type": "standrad"}, {**HOTEL, "room_type": "standard"}),
    WrongCall("hotel-string-number", "hotel_reservation", "type", {**HOTEL, "guests": "2"}, {**HOTEL, "guests": 2}),
    WrongCall("hotel-number-word", "hotel_reservation", "type", {**HOTEL, "guests": "two"}, {**HOTEL, "guests": 2}),
    WrongCall("hotel-boolean-for-number", "hotel_reservation", "type", {**HOTEL, "guests": True}, None),
    WrongCall("hotel-too-many-guests", "hotel_reservation", "maximum",
              {"city": "Madrid", "check_in": "2030-07-10", "check_out": "2030-07-12", "room_type": "suite", "guests": 12},
              {"city": "Madrid", "check_in": "2030-07-10", "check_out": "2030-07-12", "room_type": "suite", "guests": 8}),
    WrongCall("hotel-date-slashes-year-first", "hotel_reservation", "format date", {**HOTEL, "check_in": "2030/06/01"}, HOTEL),
    WrongCall("hotel-date-ambiguous-day-month", "hotel_reservation", "format date", {**HOTEL, "check_out": "04/06/2030"},
              {**HOTEL, "check_out": "2030-04-06"}),
    WrongCall("hotel-date-time-for-date", "hotel_reservation", "format date", {**HOTEL, "check_out": "2030-06-04T11:00:00Z"}, HOTEL),
    WrongCall("hotel-unknown-argument", "hotel_reservation", "additionalProperties", {**HOTEL, "breakfast": True}, None),
    WrongCall("hotel-null-extra-argument", "hotel_reservation", "additionalProperties", {**HOTEL, "notes": None}, HOTEL),
    WrongCall("hotel-camel-case-name", "hotel_reservation", "additionalProperties",
              {"hotel_id": "MAD-PRADO", "checkIn": "2030-06-01", "check_out": "2030-06-04"}, HOTEL),
    WrongCall("hotel-lower-case-id", "hotel_reservation", "handler: UNKNOWN_LOCATION", {**HOTEL, "hotel_id": "mad-prado"}, HOTEL,
              code="UNKNOWN_LOCATION"),
    # ---- flight_booking (ATDF 2.x): patterns, enums with separators, examples --------------------------------------
    WrongCall("flight-enum-case", "flight_booking", "enum", {**FLIGHT, "cabin": "Business"}, {**FLIGHT, "cabin": "business"}),
    WrongCall("flight-enum-spaces", "flight_booking", "enum", {**FLIGHT, "cabin": "premium economy"}, {**FLIGHT, "cabin": "premium_economy"}),
    WrongCall("flight-string-number", "flight_booking", "type", {**FLIGHT, "passengers": "3"}, {**FLIGHT, "passengers": 3}),
    WrongCall("flight-number-word", "flight_booking", "type", {**FLIGHT, "passengers": "five"}, {**FLIGHT, "passengers": 5}),
    WrongCall("flight-pattern-lower-case", "flight_booking", "pattern", {**FLIGHT, "destination": "lhr"}, {**FLIGHT, "destination": "LHR"}),
    WrongCall("flight-pattern-city-name", "flight_booking", "pattern", {**FLIGHT, "destination": "New York"}, FLIGHT),
    WrongCall("flight-date-day-first", "flight_booking", "format date", {**FLIGHT, "departure_date": "15/03/2030"}, FLIGHT),
    WrongCall("flight-missing-origin", "flight_booking", "required", {"destination": "CDG", "departure_date": "2030-04-03"},
              {"origin": "BCN", "destination": "CDG", "departure_date": "2030-04-03"}),
    WrongCall("flight-missing-origin-example-replayed", "flight_booking", "required", {"destination": "CDG", "departure_date": "2030-04-02",
              "passengers": 1}, {"origin": "LIS", "destination": "CDG", "departure_date": "2030-04-02", "passengers": 1}),
    WrongCall("flight-short-argument-name", "flight_booking", "additionalProperties", {**FLIGHT, "return": "2030-03-22"},
              {**FLIGHT, "return_date": "2030-03-22"}),
    # ---- search_hotels (OpenAkita) ---------------------------------------------------------------------------------
    WrongCall("search-enum-upper-case", "search_hotels", "enum", {"city": "Tokyo", "room_type": "SUITE"}, {"city": "Tokyo", "room_type": "suite"}),
    WrongCall("search-missing-city", "search_hotels", "required", {"guests": 2}, {"city": "Paris", "guests": 2}),
    WrongCall("search-misspelt-argument", "search_hotels", "additionalProperties", {"cty": "Lisbon"}, {"city": "Lisbon"}),
    WrongCall("search-zero-budget", "search_hotels", "exclusiveMinimum", {"city": "Madrid", "max_price": 0}, None),
    WrongCall("search-price-with-currency", "search_hotels", "type", {"city": "Madrid", "max_price": "150 EUR"},
              {"city": "Madrid", "max_price": 150}),
    # ---- date_range_validator (ATDF 2.x in YAML) -------------------------------------------------------------------
    WrongCall("range-string-number", "date_range_validator", "type", {**RANGE, "max_days": "10"}, {**RANGE, "max_days": 10}),
    WrongCall("range-string-boolean", "date_range_validator", "type", {**RANGE, "allow_past": "yes"}, {**RANGE, "allow_past": True}),
    WrongCall("range-dotted-date", "date_range_validator", "format date", {**RANGE, "start_date": "01.07.2030"}, RANGE),
    WrongCall("range-unpadded-date", "date_range_validator", "format date", {**RANGE, "end_date": "2030-7-7"}, RANGE),
    WrongCall("range-impossible-date", "date_range_validator", "format date", {**RANGE, "end_date": "2030-06-31"},
              {**RANGE, "end_date": "2030-06-30"}),
    WrongCall("range-missing-end", "date_range_validator", "required", {"start_date": "2031-02-10"},
              {"start_date": "2031-02-10", "end_date": "2031-02-14"}),
    WrongCall("range-missing-end-example-replayed", "date_range_validator", "required", {"start_date": "2030-09-01", "max_days": 120},
              {"start_date": "2030-09-01", "end_date": "2030-11-30", "max_days": 120}),
    # ---- unit_converter (ATDF 1.x; units checked by the handler) ---------------------------------------------------
    WrongCall("units-string-number", "unit_converter", "type", {**UNITS, "value": "12.5"}, {**UNITS, "value": 12.5}),
    WrongCall("units-number-word", "unit_converter", "type", {**UNITS, "value": "ten"}, UNITS),
    WrongCall("units-thousands-separator", "unit_converter", "type", {**UNITS, "value": "1,500"}, {**UNITS, "value": 1500}),
    WrongCall("units-wrong-case", "unit_converter", "handler: UNKNOWN_UNIT", {**UNITS, "to_unit": "MI"}, UNITS, code="UNKNOWN_UNIT"),
    WrongCall("units-missing-to", "unit_converter", "required", {"value": 10, "from_unit": "km"}, UNITS),
    # ---- book_appointment (ARDF): personal data, a declared code tied to a check, date-times, uuid ------------------
    WrongCall("appointment-misspelt-slot", "book_appointment", "additionalProperties",
              _with(VISIT, slot=_DROP, solt="2030-05-03T11:00:00+02:00"), VISIT),
    WrongCall("appointment-slot-wrong-type", "book_appointment", "type", {**VISIT, "slot": 1100}, VISIT),
    WrongCall("appointment-missing-slot", "book_appointment", "required", _with(VISIT, slot=_DROP), VISIT),
    WrongCall("appointment-slot-without-offset", "book_appointment", "format date-time", {**VISIT, "slot": "2030-05-03T11:00:00"}, VISIT),
    WrongCall("appointment-slot-with-space", "book_appointment", "format date-time", {**VISIT, "slot": "2030-05-03 11:00:00+02:00"}, VISIT),
    WrongCall("appointment-email-without-domain", "book_appointment", "format email", {**VISIT, "email": "luis.gomez"}, VISIT),
    WrongCall("appointment-email-spelled-at", "book_appointment", "format email", {**VISIT, "email": "luis.gomez at example.net"}, VISIT),
    WrongCall("appointment-email-mailto", "book_appointment", "format email", {**VISIT, "email": "mailto:luis.gomez@example.net"}, VISIT),
    WrongCall("appointment-missing-email", "book_appointment", "required", _with(VISIT, email=_DROP), VISIT),
    WrongCall("appointment-name-too-short", "book_appointment", "minLength", {**VISIT, "patient_name": "L"}, VISIT),
    WrongCall("appointment-phone-with-spaces", "book_appointment", "pattern (declared INVALID_PHONE)", {**VISIT, "phone": "+34 600 222 333"},
              {**VISIT, "phone": "+34600222333"}, code="INVALID_PHONE"),
    WrongCall("appointment-phone-without-country", "book_appointment", "pattern (declared INVALID_PHONE)", {**VISIT, "phone": "600222333"},
              {**VISIT, "phone": "+34600222333"}, code="INVALID_PHONE"),
    WrongCall("appointment-uuid-braces", "book_appointment", "format uuid", {**VISIT, "doctor_id": "{" + DOCTOR.upper() + "}"}, VISIT),
    WrongCall("appointment-doctor-by-name", "book_appointment", "format uuid", {**VISIT, "doctor_id": "dr-ortega"},
              {**VISIT, "doctor_id": "0c9d6f3a-1b2e-4f5a-8c7d-6e5f4a3b2c1d"}),
    WrongCall("appointment-reason-too-long", "book_appointment", "maxLength",
              {**VISIT, "reason": "Follow-up on the blood test results from March, and a renewal of the asthma prescription please"},
              {**VISIT, "reason": "Blood test follow-up; asthma prescription renewal"}),
    WrongCall("appointment-visit-abbreviation", "book_appointment", "enum", {**VISIT, "visit_type": "vid"}, {**VISIT, "visit_type": "video"}),
    WrongCall("appointment-unknown-argument", "book_appointment", "additionalProperties", {**VISIT, "insurance": "Acme Health"}, None),
    # ---- drill_hole (ATDF 2.x, upstream's hole maker): declared codes must not hijack missing/typed arguments -------
    WrongCall("drill-missing-depth", "drill_hole", "required", {"diameter": 5, "surface": "metal"}, {"diameter": 5, "depth": 15, "surface": "metal"}),
    WrongCall("drill-depth-number-word", "drill_hole", "type", {**HOLE, "depth": "twenty"}, {**HOLE, "depth": 20}),
    WrongCall("drill-depth-string", "drill_hole", "type", {**HOLE, "depth": "40"}, HOLE),
    WrongCall("drill-depth-with-unit", "drill_hole", "type", {**HOLE, "depth": "40mm"}, HOLE),
    WrongCall("drill-diameter-too-large", "drill_hole", "maximum (declared invalid_diameter)", {**HOLE, "diameter": 150},
              {**HOLE, "diameter": 100}, code="invalid_diameter"),
    WrongCall("drill-depth-negative", "drill_hole", "minimum", {**HOLE, "depth": -40}, HOLE),
    WrongCall("drill-diameter-boolean", "drill_hole", "type", {**HOLE, "diameter": True}, None),
    WrongCall("drill-surface-case-and-space", "drill_hole", "enum", {**HOLE, "surface": "Concrete "}, {**HOLE, "surface": "concrete"}),
    WrongCall("drill-surface-unsupported", "drill_hole", "enum", {**HOLE, "surface": "glass"}, None),
    WrongCall("drill-precision-prefix", "drill_hole", "enum", {**HOLE, "precision": "hi"}, {**HOLE, "precision": "high"}),
    # ---- convert_price (MCP tool): currencies in words, decimals, multipleOf --------------------------------------
    WrongCall("price-currency-in-words", "convert_price", "enum", {**PRICE, "from": "euros"}, PRICE),
    WrongCall("price-currency-two-words", "convert_price", "enum", {**PRICE, "to": "US dollars"}, PRICE),
    WrongCall("price-currency-pounds", "convert_price", "enum", {**PRICE, "to": "pounds"}, {**PRICE, "to": "GBP"}),
    WrongCall("price-currency-swiss-francs", "convert_price", "enum", {**PRICE, "to": "Swiss francs"}, {**PRICE, "to": "CHF"}),
    WrongCall("price-decimal-comma", "convert_price", "type", {**PRICE, "amount": "12,50"}, {**PRICE, "amount": 12.5}),
    WrongCall("price-thousands-comma", "convert_price", "type", {**PRICE, "amount": "1,200"}, {**PRICE, "amount": 1200}),
    WrongCall("price-number-word", "convert_price", "type", {**PRICE, "amount": "fifteen"}, {**PRICE, "amount": 15}),
    WrongCall("price-too-many-decimals", "convert_price", "multipleOf", {**PRICE, "amount": 19.999}, {**PRICE, "amount": 20}),
    WrongCall("price-negative", "convert_price", "exclusiveMinimum", {**PRICE, "amount": -40}, {**PRICE, "amount": 40}),
    WrongCall("price-boolean-word", "convert_price", "type", {**PRICE, "round": "no"}, {**PRICE, "round": False}),
    # ---- log_workout (MCP tool): units in words, dates ------------------------------------------------------------
    WrongCall("workout-unit-in-words", "log_workout", "enum", {**WORKOUT, "unit": "kilometers"}, WORKOUT),
    WrongCall("workout-unit-capitalised-plural", "log_workout", "enum", {**WORKOUT, "unit": "Miles"}, {**WORKOUT, "unit": "mi"}),
    WrongCall("workout-date-month-name", "log_workout", "format date", {**WORKOUT, "date": "July 4, 2030"}, WORKOUT),
    WrongCall("workout-date-us-order", "log_workout", "format date", {**WORKOUT, "date": "07/04/2030"}, WORKOUT),
    WrongCall("workout-duration-string", "log_workout", "type", {**WORKOUT, "duration_minutes": "45 "}, {**WORKOUT, "duration_minutes": 45}),
    WrongCall("workout-duration-fraction", "log_workout", "type", {**WORKOUT, "duration_minutes": 42.5}, None),
    # ---- schedule_meeting (MCP tool): arrays, e-mails, URIs, uuid, multipleOf ------------------------------------
    WrongCall("meeting-duration-words", "schedule_meeting", "type", {**MEETING, "duration_minutes": "forty five"},
              {**MEETING, "duration_minutes": 45}),
    WrongCall("meeting-duration-too-short", "schedule_meeting", "minimum", {**MEETING, "duration_minutes": 10},
              {**MEETING, "duration_minutes": 15}),
    WrongCall("meeting-duration-not-a-step", "schedule_meeting", "multipleOf", {**MEETING, "duration_minutes": 50}, None),
    WrongCall("meeting-attendee-as-string", "schedule_meeting", "type", {**MEETING, "attendees": "kim@example.org"}, MEETING),
    WrongCall("meeting-attendees-duplicated", "schedule_meeting", "uniqueItems", {**MEETING, "attendees": ["kim@example.org", "kim@example.org"]},
              MEETING),
    WrongCall("meeting-attendee-spelled-at", "schedule_meeting", "format email (in an array)", {**MEETING, "attendees": ["kim at example.org"]},
              MEETING),
    WrongCall("meeting-no-attendees", "schedule_meeting", "minItems", {**MEETING, "attendees": []}, MEETING),
    WrongCall("meeting-url-without-scheme", "schedule_meeting", "format uri", {**MEETING, "agenda_url": "example.org/agenda"},
              {**MEETING, "agenda_url": "https://example.org/agenda"}),
    WrongCall("meeting-bad-meeting-id", "schedule_meeting", "format uuid", {**MEETING, "meeting_id": "weekly-sync"}, None),
    WrongCall("meeting-room-prefix", "schedule_meeting", "enum", {**MEETING, "room": "bor"}, {**MEETING, "room": "Borealis"}),
    WrongCall("meeting-empty-title", "schedule_meeting", "minLength", {**MEETING, "title": ""}, MEETING),
    WrongCall("meeting-start-without-offset", "schedule_meeting", "format date-time", {**MEETING, "start": "2030-05-06T15:00"}, MEETING),
    WrongCall("meeting-singular-argument", "schedule_meeting", "additionalProperties", _with(MEETING, attendees=_DROP, attendee="kim@example.org"),
              MEETING),
    # ---- create_order (ARDF): nested objects and arrays, const, uniqueItems, maxItems ------------------------------
    WrongCall("order-nested-string-number", "create_order", "type (nested)", {**ORDER, "items": [{"sku": "TEE-010", "quantity": "1"}]}, ORDER),
    WrongCall("order-nested-pattern-case", "create_order", "pattern (nested)", {**ORDER, "items": [{"sku": "tee-010", "quantity": 1}]}, ORDER),
    WrongCall("order-nested-misspelt-key", "create_order", "additionalProperties (nested)", {**ORDER, "items": [{"sku": "TEE-010", "qty": 1}]},
              ORDER),
    WrongCall("order-nested-email-spelled-at", "create_order", "format email (nested)",
              {**ORDER, "customer": {"name": "Bo Chen", "email": "bo(at)example.net"}}, ORDER),
    WrongCall("order-nested-missing-email", "create_order", "required (nested)", {**ORDER, "customer": {"name": "Bo Chen"}}, ORDER),
    WrongCall("order-no-items", "create_order", "minItems", {**ORDER, "items": []}, None),
    WrongCall("order-too-many-items", "create_order", "maxItems",
              {**ORDER, "items": [{"sku": f"TEE-01{n}", "quantity": 1} for n in range(6)]}, None),
    WrongCall("order-one-item-not-in-a-list", "create_order", "type (array)", {**ORDER, "items": {"sku": "TEE-010", "quantity": 1}}, ORDER),
    WrongCall("order-duplicate-tags", "create_order", "uniqueItems", {**ORDER, "tags": ["gift", "gift", "fragile"]},
              {**ORDER, "tags": ["gift", "fragile"]}),
    WrongCall("order-tags-comma-string", "create_order", "type (array)", {**ORDER, "tags": "gift, fragile"}, {**ORDER, "tags": ["gift", "fragile"]}),
    WrongCall("order-wrong-api-version", "create_order", "const", {**ORDER, "api_version": "3"}, ORDER),
    WrongCall("order-missing-api-version", "create_order", "required (const)", _with(ORDER, api_version=_DROP), ORDER),
    WrongCall("order-api-version-number", "create_order", "type (const)", {**ORDER, "api_version": 2}, ORDER),
    WrongCall("order-gift-message-too-long", "create_order", "maxLength",
              {**ORDER, "gift_message": "Happy birthday Bo! Enjoy the new mugs, and see you at the party next Saturday."},
              {**ORDER, "gift_message": "Happy birthday Bo! See you at the party on Saturday."}),
)
