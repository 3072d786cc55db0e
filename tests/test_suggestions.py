"""What an agent is told about a wrong call: the right code, and suggestions that are right or absent (issue 10 §2, §3).

Every test calls a real catalogue through the SDK's in-memory client and reads the envelope as a client sees it.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import anyio
import pytest
from envelopes import envelope_of
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

MODES = ["legacy", "auto"]
DESCRIPTORS = Path(__file__).resolve().parent.parent / "descriptors"
DOCTOR = "3f2b8c1e-6d4a-4c1b-9e0f-2a7d5c8b1e44"

APPOINTMENT = {
    "schema_version": "1.0.0", "resource_id": "book_slot", "resource_type": "tool", "description": "Book a slot.",
    "content": {"type": "tool/io", "data": {
        "inputs": [
            {"name": "slot", "type": "string", "format": "date-time", "description": "Start", "required": True},
            {"name": "email", "type": "string", "format": "email", "description": "Contact", "required": True},
            {"name": "phone", "type": "string", "pattern": "^\\+[0-9]{7,15}$", "description": "Phone", "required": False},
            {"name": "room", "type": "string", "enum": ["A", "B"], "description": "Room", "required": False},
            {"name": "seats", "type": "integer", "minimum": 1, "maximum": 6, "description": "Seats", "required": False},
        ],
        "outputs": {"success": "Booked.", "failure": [
            {"code": "SLOT_UNAVAILABLE", "description": "Selected slot is no longer available."},
            {"code": "INVALID_PHONE", "description": "Write the phone number as + and 7 to 15 digits.", "parameter": "phone",
             "checks": ["pattern"]},
            {"code": "SEATS_OUT_OF_RANGE", "description": "A room has 1 to 6 seats.", "parameter": "seats"},
            {"code": "ROOM_REQUIRED", "description": "Say which room.", "field": "room", "checks": ["required", "enum"]},
        ]},
    }},
    "examples": [{"name": "Ann's slot", "input": {"slot": "2031-05-02T09:30:00+02:00", "email": "ann@example.org", "seats": 2}}],
}

HOLE_MAKER = {  # upstream's enhanced hole maker, with one code tied to its check by x-failure
    "schema_version": "2.0.0", "tool_id": "hole_maker", "description": "Makes holes.", "when_to_use": "To drill.",
    "how_to_use": {
        "inputs": [
            {"name": "diameter", "type": "number", "description": "mm", "required": True,
             "schema": {"minimum": 1, "maximum": 100, "x-failure": "invalid_diameter"}},
            {"name": "depth", "type": "number", "description": "mm", "required": True, "schema": {"minimum": 1, "maximum": 500}},
            {"name": "surface", "type": "string", "description": "Material", "required": True, "schema": {"enum": ["wood", "metal"]}},
        ],
        "outputs": {"success": "Drilled.", "failure": [
            {"code": "invalid_diameter", "description": "The diameter must be between 1mm and 100mm."},
            {"code": "invalid_depth", "description": "The depth must be between 1mm and 500mm."},
            {"code": "invalid_surface", "description": "The surface type is not supported."},
        ]},
    },
    "examples": [{"goal": "A small hole", "input_values": {"diameter": 5, "depth": 20, "surface": "wood"}, "expected_result": "ok"}],
}

REPAIRS_TOOL = {
    "name": "repairs",
    "description": "One input per kind of check.",
    "inputSchema": {"type": "object", "additionalProperties": False, "properties": {
        "count": {"type": "integer", "minimum": 1, "maximum": 10},
        "amount": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01},
        "currency": {"type": "string", "enum": ["EUR", "USD", "GBP"]},
        "unit": {"type": "string", "enum": ["km", "mi", "m"]},
        "level": {"type": "string", "enum": ["standard", "high", "ultra"]},
        "flag": {"type": "boolean"},
        "day": {"type": "string", "format": "date"},
        "when": {"type": "string", "format": "date-time"},
        "email": {"type": "string", "format": "email"},
        "doc_id": {"type": "string", "format": "uuid"},
        "site": {"type": "string", "format": "uri"},
        "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
        "note": {"type": "string", "minLength": 3, "maxLength": 10},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["red", "blue", "green"]}, "uniqueItems": True, "maxItems": 2},
        "version": {"const": "v2"},
        "minutes": {"type": "integer", "multipleOf": 15},
        "account_id": {"type": "integer", "maximum": 9999},
        "starts": {"type": "string", "format": "time"},
        "window": {"type": "string", "format": "duration"},
        "host": {"type": "string", "format": "ipv4"},
        "recipients": {"type": "array", "items": {"type": "string", "format": "email"}, "maxItems": 3},
        "pages": {"type": "array", "items": {"type": "string", "format": "uri"}},
        "skus": {"type": "array", "items": {"type": "string", "pattern": "^SKU-[0-9]{3}$"}},
        "weekday": {"type": "string", "enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]},
        "month": {"type": "string", "enum": ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]},
        "payday": {"type": "string", "enum": ["monday", "tuesday", "wednesday", "thursday", "friday"]},
        "priority": {"type": "string", "enum": ["low", "medium", "high"]},
        "stat": {"type": "string", "enum": ["avg", "max", "min"]},
        "dollars": {"type": "string", "enum": ["USD", "CAD"]},
        "asian_currency": {"type": "string", "enum": ["JPY", "CNY", "EUR"]},
        "yen_or_euro": {"type": "string", "enum": ["JPY", "EUR"]},
        "currency_code": {"type": "string", "pattern": "^[A-Z]{3}$", "description": "ISO 4217 code."},
        "genre": {"type": "string", "enum": ["art", "music", "film"]},
        "cities": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z][A-Za-z ]+$"}},
    }},
}

HANDLERS = '''
from atdf_mcp import ToolError

def book_slot(slot, email, phone=None, room=None, seats=1):
    """Book (or refuse with the declared business failure)."""
    if slot.startswith("2031-12-24"):
        raise ToolError("SLOT_UNAVAILABLE", "Christmas Eve is taken.", parameter="slot")
    return {"booked": slot}

def hole_maker(diameter, depth, surface):
    """Drill."""
    return "drilled"

def repairs(**arguments):
    """Accept anything valid."""
    return {"ok": True, **arguments}
'''


@pytest.fixture
def server(tmp_path: Path) -> Any:
    """A catalogue with an ARDF appointment tool, upstream's hole maker (ATDF 2.x) and one tool per check."""
    (tmp_path / "book_slot.json").write_text(json.dumps(APPOINTMENT), encoding="utf-8")
    (tmp_path / "hole_maker.json").write_text(json.dumps(HOLE_MAKER), encoding="utf-8")
    (tmp_path / "repairs.json").write_text(json.dumps(REPAIRS_TOOL), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    return build_server(catalog)


async def errors_of(client: Client, tool: str, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    """The envelope's entries for a call that must fail."""
    return envelope_of(await client.call_tool(tool, arguments))["errors"]


# ---------------------------------------------------------------------------------------------
# §2: codes


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_misspelt_argument_is_a_validation_error_not_the_declared_slot_failure(server: Any, mode: str) -> None:
    """`slto` for `slot` (a tool that declares SLOT_UNAVAILABLE): an unknown and a missing argument, renamed back."""
    async with Client(server, mode=mode) as client:
        errors = await errors_of(client, "book_slot", {"slto": "2031-05-02T09:30:00+02:00", "email": "ann@example.org"})
        assert [(e["parameter_name"], e["code"], e["title"]) for e in errors] == [
            ("slto", "VALIDATION_ERROR", "Unknown argument"), ("slot", "VALIDATION_ERROR", "Missing required argument")]
        assert all("no longer available" not in json.dumps(e) for e in errors)
        assert errors[0]["suggested_value"] == "slot"
        retry = await client.call_tool("book_slot", errors[0]["context"]["suggested_arguments"])
    assert retry.is_error is False


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_missing_and_mistyped_arguments_never_take_a_declared_code_by_its_name(server: Any, mode: str) -> None:
    """A missing `depth` is not `invalid_depth` ("must be between 1mm and 500mm"); a `slot` number is not SLOT_UNAVAILABLE."""
    async with Client(server, mode=mode) as client:
        [missing] = await errors_of(client, "hole_maker", {"diameter": 5, "surface": "metal"})
        [typed] = await errors_of(client, "book_slot", {"slot": 930, "email": "ann@example.org"})
        [depth] = await errors_of(client, "hole_maker", {"diameter": 5, "depth": 900, "surface": "wood"})
    assert (missing["code"], missing["title"], missing["parameter_name"]) == ("VALIDATION_ERROR", "Missing required argument", "depth")
    assert (typed["code"], typed["title"]) == ("VALIDATION_ERROR", "Wrong argument type")
    assert (depth["code"], depth["title"]) == ("VALIDATION_ERROR", "Value out of range")  # invalid_depth is not tied to it


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_code_tied_to_a_check_is_used_for_that_check_only(server: Any, mode: str) -> None:
    """INVALID_PHONE is tied to phone's pattern; SEATS_OUT_OF_RANGE to seats' value checks (not its type);
    ROOM_REQUIRED to room's required and enum checks; invalid_diameter by x-failure to diameter's value checks."""
    base = {"slot": "2031-05-02T09:30:00+02:00", "email": "ann@example.org"}
    async with Client(server, mode=mode) as client:
        [phone] = await errors_of(client, "book_slot", {**base, "phone": "+34 600 111 222"})
        [phone_type] = await errors_of(client, "book_slot", {**base, "phone": 34600111222})
        [seats] = await errors_of(client, "book_slot", {**base, "seats": 9})
        [seats_type] = await errors_of(client, "book_slot", {**base, "seats": "many"})
        [room] = await errors_of(client, "book_slot", {**base, "room": "Z"})
        [diameter] = await errors_of(client, "hole_maker", {"diameter": 150, "depth": 20, "surface": "wood"})
        [diameter_missing] = await errors_of(client, "hole_maker", {"depth": 20, "surface": "wood"})
    assert (phone["code"], phone["title"], phone["suggested_value"]) == (
        "INVALID_PHONE", "Write the phone number as + and 7 to 15 digits.", "+34600111222")
    assert phone["type"] == "urn:atdf:error:invalid-phone"
    assert phone_type["code"] == "VALIDATION_ERROR"
    assert (seats["code"], seats["suggested_value"]) == ("SEATS_OUT_OF_RANGE", "6")
    assert seats_type["code"] == "VALIDATION_ERROR"
    assert room["code"] == "ROOM_REQUIRED"
    assert (diameter["code"], diameter["title"], diameter["suggested_value"]) == (
        "invalid_diameter", "The diameter must be between 1mm and 100mm.", "100")
    assert diameter_missing["code"] == "VALIDATION_ERROR"


@pytest.mark.anyio
async def test_a_handler_still_raises_its_declared_failure(server: Any) -> None:
    async with Client(server) as client:
        [entry] = await errors_of(client, "book_slot", {"slot": "2031-12-24T09:00:00Z", "email": "ann@example.org"})
    assert (entry["code"], entry["title"]) == ("SLOT_UNAVAILABLE", "Selected slot is no longer available.")


# ---------------------------------------------------------------------------------------------
# §3: suggestions are the caller's value repaired, the schema's answer, or absent

REPAIRED = [
    ("count", "five", 5), ("count", "twelve", 10), ("count", " 7 ", 7), ("count", "3", 3),
    ("amount", "12,50", 12.5), ("amount", "twenty", 20), ("amount", 19.999, 20),
    ("currency", "euros", "EUR"), ("currency", "US dollars", "USD"), ("currency", "pounds", "GBP"), ("currency", "usd", "USD"),
    ("unit", "kilometers", "km"), ("unit", "Miles", "mi"), ("unit", "metres", "m"),
    ("level", "Hihg", "high"), ("level", "std", "standard"), ("level", "ult", "ultra"), ("level", " HIGH ", "high"),
    ("flag", "yes", True), ("flag", "off", False),
    ("day", "2031/05/01", "2031-05-01"), ("day", "15/03/2031", "2031-03-15"), ("day", "1.5.2031", "2031-05-01"),
    ("day", "May 1, 2031", "2031-05-01"), ("day", "2031-05-01T10:00:00Z", "2031-05-01"),
    ("when", "2031-05-01 10:00:00+02:00", "2031-05-01T10:00:00+02:00"),
    ("email", "ann at example.org", "ann@example.org"), ("email", "mailto:ann@example.org", "ann@example.org"),
    ("doc_id", "{" + DOCTOR.upper() + "}", DOCTOR), ("site", "example.org/docs", "https://example.org/docs"),
    ("code", "lhr", "LHR"), ("code", " mad ", "MAD"),
    ("tags", "red", ["red"]), ("tags", "red, blue", ["red", "blue"]), ("tags", ["red", "red"], ["red"]),
    ("tags", ["red", "blue", "red"], ["red", "blue"]),
    ("version", "v3", "v2"),
    # a time missing only its seconds; the same for a date-time with its offset
    ("starts", "09:30+02:00", "09:30:00+02:00"), ("starts", "9:30Z", "09:30:00Z"), ("starts", "18:05-0500", "18:05:00-05:00"),
    ("when", "2031-05-01T09:30+02:00", "2031-05-01T09:30:00+02:00"),
    # a duration as people write it, in ISO 8601, in the units the caller used
    ("window", "6h", "PT6H"), ("window", "6 hours", "PT6H"), ("window", "90 min", "PT90M"), ("window", "30 days", "P30D"),
    ("window", "1h30m", "PT1H30M"), ("window", "1 hour 30 minutes", "PT1H30M"), ("window", "2 weeks", "P2W"),
    ("window", "45s", "PT45S"), ("window", "pt6h", "PT6H"), ("window", "3 months", "P3M"), ("window", "1 day 12 hours", "P1DT12H"),
    # the other decimal convention, where only one reading exists
    ("amount", "1.250,50", 1250.5), ("amount", "1,250.50", 1250.5), ("amount", "1.234.567", 1234567),
    ("amount", "1,234,567.5", 1234567.5), ("amount", "0.500", 0.5),
    # a currency symbol as the one ISO code the enum or pattern allows
    ("currency", "€", "EUR"), ("currency", "$", "USD"), ("currency", "£", "GBP"), ("currency", " € ", "EUR"),
    ("currency", "US$", "USD"), ("dollars", "US$", "USD"), ("yen_or_euro", "¥", "JPY"),
    ("currency_code", "€", "EUR"), ("currency_code", "£", "GBP"),
    # a separated string for a list of values of a format or pattern
    ("recipients", "ann@example.org, bo@example.org", ["ann@example.org", "bo@example.org"]),
    ("recipients", "ann@example.org;bo@example.org", ["ann@example.org", "bo@example.org"]),
    ("pages", "https://example.org/a, https://example.org/b", ["https://example.org/a", "https://example.org/b"]),
    ("skus", "SKU-001; SKU-002", ["SKU-001", "SKU-002"]),
    # a full word for an enum of abbreviations, or the reverse
    ("weekday", "Monday", "mon"), ("weekday", "Wednesday", "wed"), ("weekday", "Thurs", "thu"), ("month", "January", "jan"),
    ("month", "September", "sep"), ("payday", "mon", "monday"), ("payday", "Fri", "friday"), ("stat", "maximum", "max"),
    # an IPv4 address written with every part padded to three digits
    ("host", "192.168.001.010", "192.168.1.10"), ("host", " 010.000.000.001 ", "10.0.0.1"),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("name", "wrong", "fixed"), REPAIRED, ids=[f"{n}={w!r}"[:30] for n, w, _ in REPAIRED])
async def test_the_callers_own_value_is_repaired_and_the_retry_succeeds(server: Any, name: str, wrong: Any, fixed: Any) -> None:
    async with Client(server) as client:
        entries = await errors_of(client, "repairs", {name: wrong})
        for entry in entries:  # one per failed check of the value (["red", "blue", "red"]: uniqueItems and maxItems)
            assert entry["context"]["suggested_arguments"] == {name: fixed}
            assert entry["suggested_value"] == (fixed if isinstance(fixed, str) else json.dumps(fixed))
        retry = await client.call_tool("repairs", entries[0]["context"]["suggested_arguments"])
    assert retry.is_error is False


NOT_GUESSED = [
    ("email", "ann", "no domain: the address is the user's to give"),
    ("email", "ann@", "no domain"),
    ("doc_id", "report-7", "an id cannot be made up"),
    ("day", "04/06/2031", "4 June or April 6"),
    ("day", "2031-06-31", "no such day"),
    ("when", "2031-05-01T10:00:00", "which time zone?"),
    ("amount", "1,500", "one and a half, or fifteen hundred?"),
    ("amount", 0, "0.01 would be made up"),
    ("amount", "150 EUR", "a currency inside a number"),
    ("count", "3 kg", "a unit the input does not name"),
    ("count", True, "true is not a number"),
    ("count", 2.5, "rounding changes the count"),
    ("count", -3, "a slip of sign, not a value a little too low"),
    ("count", 25, "farther past 10 than the range is wide: another scale, not a slip"),
    ("minutes", 50, "45 or 60 minutes is the user's choice"),
    ("account_id", 12345, "an id is never moved to a bound"),
    ("level", "glass", "not near any level"),
    ("level", "h", "too short to tell"),
    ("note", "hi", "no padding"),
    ("note", "a very long note indeed", "no truncation"),
    ("tags", ["red", "blue", "green"], "dropping items changes the call"),
    ("tags", "red, pink", "pink is not a tag"),
    ("code", "New York", "a city is not its airport code"),
    ("site", "not a url at all", "no host"),
    ("starts", "09:30", "which time zone?"),
    ("starts", "9.30+02:00", "not a time as written"),
    ("when", "2031-05-01T09:30", "a date-time without its zone, even without seconds"),
    ("window", "6", "six what?"),
    ("window", "6 M", "minutes or months?"),
    ("window", "3m", "three minutes, or three months of retention?"),
    ("window", "6h6h", "the same unit twice"),
    ("window", "1.5 hours", "a fraction of an hour is not written as is"),
    ("window", "6 hours ago", "a time, not a length"),
    ("amount", "1.000", "one, or a thousand?"),
    ("amount", "12.500", "twelve and a half, or twelve thousand five hundred?"),
    ("amount", "1,000", "a thousand, or one?"),
    ("amount", "1.250.50", "two dots: no number"),
    ("amount", "1,25,000", "groups of two digits: no one convention"),
    ("currency", "¥", "yen is not offered"),
    ("dollars", "$", "US or Canadian dollars?"),
    ("asian_currency", "¥", "yen or yuan?"),
    ("currency_code", "$", "which dollar?"),
    ("code", "€", "the input is not about currencies"),
    ("recipients", "ann@example.org, bo", "bo is no address"),
    ("recipients", "a@example.org, b@example.org, c@example.org, d@example.org", "four addresses for at most three"),
    ("tags", "red; pink", "pink is not a tag"),
    ("priority", "lowest", "the lowest of what? not the same as low"),
    ("priority", "higher", "a comparison, not a level"),
    ("genre", "artist", "a person, not the art genre: short forms only in an enum of short forms"),
    ("cities", "Paris, France", "one place or two? the pattern allows a name of several words"),
    ("host", "192.168.1.010", "010 reads as 8 where a zero means octal"),
    ("host", "192.168.1.300", "no such address"),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("name", "wrong", "why"), NOT_GUESSED, ids=[f"{n}={w!r}"[:30] for n, w, _ in NOT_GUESSED])
async def test_without_an_honest_fix_the_envelope_says_what_is_expected_and_suggests_nothing(
        server: Any, name: str, wrong: Any, why: str) -> None:
    async with Client(server) as client:
        entries = await errors_of(client, "repairs", {name: wrong})
    for entry in entries:
        assert entry["suggested_value"] is None, why
        assert "suggested_arguments" not in entry["context"], why
        assert entry["context"]["expected"]["conditions"], why
        assert entry["context"]["solution"].startswith(("Change", "Ask the user", "Write", "Add to")), entry["context"]["solution"]


@pytest.mark.anyio
async def test_a_time_without_its_offset_is_told_to_add_the_one_the_user_means(server: Any) -> None:
    """"09:30" for `format: time`: no zone is guessed; the solution names the form with seconds and an offset."""
    async with Client(server) as client:
        [entry] = await errors_of(client, "repairs", {"starts": "9:30"})
    assert entry["suggested_value"] is None and "suggested_arguments" not in entry["context"]
    assert entry["context"]["solution"] == ("Add to 'starts' the UTC offset the user means (e.g. 09:30:00+02:00, or Z for UTC): "
                                            "without it the time is ambiguous.")


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_missing_check_out_is_not_filled_from_an_example_of_other_dates(mode: str) -> None:
    """The issue's 1,130 nights: check_in 2027-05-01 with the example's check_out 2030-06-04. No suggestion now."""
    async with Client(build_server(load_catalog(DESCRIPTORS)), mode=mode) as client:
        [entry] = await errors_of(client, "hotel_reservation", {"hotel_id": "MAD-PRADO", "check_in": "2027-05-01"})
    assert (entry["parameter_name"], entry["code"], entry["suggested_value"]) == ("check_out", "VALIDATION_ERROR", None)
    assert "suggested_arguments" not in entry["context"]
    assert entry["context"]["solution"] == "Add the argument 'check_out' (type: string; format: date (YYYY-MM-DD))."


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_an_invalid_or_missing_email_is_never_made_up_nor_copied_from_an_example(server: Any, mode: str) -> None:
    """The example holds ann@example.org, and the call is the example without its e-mail: still no suggestion."""
    async with Client(server, mode=mode) as client:
        [invalid] = await errors_of(client, "book_slot", {"slot": "2031-05-02T09:30:00+02:00", "email": "ann", "seats": 2})
        [missing] = await errors_of(client, "book_slot", {"slot": "2031-05-02T09:30:00+02:00", "seats": 2})
    for entry in (invalid, missing):
        assert entry["parameter_name"] == "email" and entry["suggested_value"] is None
        assert "suggested_arguments" not in entry["context"]
        assert "example.com" not in json.dumps(entry) and "ann@example.org" not in json.dumps(entry)
        assert entry["context"]["solution"].startswith("Ask the user for 'email'")


@pytest.mark.anyio
async def test_a_missing_value_comes_from_an_example_only_when_it_is_the_callers_own_call(server: Any) -> None:
    """hole_maker's example is {5, 20, wood}: a call {5, wood} takes its depth; {5, metal} does not."""
    async with Client(server) as client:
        [same] = await errors_of(client, "hole_maker", {"diameter": 5, "surface": "wood"})
        [other] = await errors_of(client, "hole_maker", {"diameter": 5, "surface": "metal"})
    assert same["suggested_value"] == "20" and same["context"]["suggested_arguments"] == {"diameter": 5, "depth": 20, "surface": "wood"}
    assert other["suggested_value"] is None and "suggested_arguments" not in other["context"]


@pytest.mark.anyio
async def test_an_unknown_argument_is_renamed_or_left_to_the_agent_never_silently_dropped(server: Any) -> None:
    base = {"slot": "2031-05-02T09:30:00+02:00", "email": "ann@example.org"}
    async with Client(server) as client:
        [unknown] = await errors_of(client, "book_slot", {**base, "parking": True})
        [null] = await errors_of(client, "book_slot", {**base, "parking": None})
        [renamed] = await errors_of(client, "book_slot", {**base, "Seats": 2})
    assert unknown["suggested_value"] is None and "suggested_arguments" not in unknown["context"]
    assert "Leave it out only if the call still does what the user asked" in unknown["context"]["solution"]
    assert null["context"]["suggested_arguments"] == base
    assert (renamed["suggested_value"], renamed["context"]["suggested_arguments"]) == ("seats", {**base, "seats": 2})


@pytest.mark.anyio
async def test_several_problems_are_all_fixed_or_no_arguments_are_suggested(server: Any) -> None:
    """One unfixable problem among fixable ones: each fixable entry keeps its own suggested_value, the call none."""
    async with Client(server) as client:
        errors = await errors_of(client, "repairs", {"count": "five", "level": "Hihg", "email": "ann"})
        fixable = await errors_of(client, "repairs", {"count": "five", "level": "Hihg", "email": "ann at example.org"})
    assert {e["parameter_name"]: e["suggested_value"] for e in errors} == {"count": "5", "level": "high", "email": None}
    assert all("suggested_arguments" not in e["context"] for e in errors)
    assert fixable[0]["context"]["suggested_arguments"] == {"count": 5, "level": "high", "email": "ann@example.org"}


def test_validate_warns_about_a_tie_that_cannot_work(tmp_path: Path) -> None:
    """A failure tied to an input the tool does not have, or an x-failure code it does not declare: a warning."""
    broken = json.loads(json.dumps(APPOINTMENT))
    broken["content"]["data"]["outputs"]["failure"][1]["parameter"] = "telephone"
    hole = json.loads(json.dumps(HOLE_MAKER))
    hole["how_to_use"]["inputs"][1]["schema"]["x-failure"] = "bad_depth"
    (tmp_path / "book_slot.json").write_text(json.dumps(broken), encoding="utf-8")
    (tmp_path / "hole_maker.json").write_text(json.dumps(hole), encoding="utf-8")
    warnings = [p for p in load_catalog(tmp_path).report.problems if p.code == "UNTIED_FAILURE"]
    assert sorted(p.message.split(",")[0] for p in warnings) == [
        "failure 'INVALID_PHONE' is tied to parameter 'telephone'", "input 'depth' names x-failure 'bad_depth'"]
    assert all(p.severity == "warning" for p in warnings)


@pytest.mark.anyio
async def test_a_list_of_addresses_or_an_object_with_a_name_is_never_copied_from_an_example(tmp_path: Path) -> None:
    """The call is the example without `attendees` (or `organizer`): still no suggestion, those hold personal data."""
    tool = {"name": "invite", "description": "Invite people.", "examples": [
        {"name": "sync", "input": {"title": "Sync", "attendees": ["ann@example.org"], "organizer": {"name": "Bo"}}}],
        "inputSchema": {"type": "object", "required": ["title", "attendees", "organizer"], "properties": {
            "title": {"type": "string"},
            "attendees": {"type": "array", "items": {"type": "string", "format": "email"}},
            "organizer": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
    (tmp_path / "invite.json").write_text(json.dumps(tool), encoding="utf-8")
    (tmp_path / "handlers.py").write_text("def invite(**arguments):\n    return arguments\n", encoding="utf-8")
    async with Client(build_server(load_catalog(tmp_path))) as client:
        [attendees] = await errors_of(client, "invite", {"title": "Sync", "organizer": {"name": "Bo"}})
        [organizer] = await errors_of(client, "invite", {"title": "Sync", "attendees": ["ann@example.org"]})
        [title] = await errors_of(client, "invite", {"attendees": ["ann@example.org"], "organizer": {"name": "Bo"}})
    assert title["suggested_value"] == "Sync"  # the same example does fill a value that identifies nobody
    for entry in (attendees, organizer):
        assert entry["suggested_value"] is None and "suggested_arguments" not in entry["context"]
        assert entry["context"]["solution"].startswith("Ask the user for")


# ---------------------------------------------------------------- the close names of an unknown tool, at any size

VERBS = ["get", "list", "create", "update", "delete", "search", "export", "import", "sync", "archive"]
NOUNS = ["invoice", "customer", "order", "payment", "ticket", "user", "report", "shipment", "refund", "subscription"]


@pytest.mark.parametrize("wrong", ["get_r5_invoce", "GET_R5_INVOICE", "creat_r42_customer", "weather_forecast", "r7",
                                   "tool_numbr_5", "sync_r99_subscriptions", "", "x" * 70])
def test_close_names_are_difflibs_at_ten_thousand_names(wrong: str) -> None:
    """close_names narrows the names with rapidfuzz first, and still picks exactly what difflib alone picks."""
    import difflib

    from atdf_mcp.suggest import close_names

    names = [f"{verb}_r{region}_{noun}" for region in range(100) for verb in VERBS for noun in NOUNS]
    names += [f"tool_number_{i}" for i in range(50)]
    assert close_names(wrong, names) == difflib.get_close_matches(wrong, names, n=3, cutoff=0.5)


@pytest.mark.anyio
async def test_an_unknown_tool_among_ten_thousand_is_told_the_close_names(tmp_path: Path) -> None:
    """A call to a misspelt name in a catalogue of 10,000 tools: TOOL_NOT_FOUND with the right name suggested."""
    tools = [{"name": f"{verb}_r{region}_{noun}", "description": f"{verb} a {noun}.",
              "inputSchema": {"type": "object", "properties": {}}}
             for region in range(100) for verb in VERBS for noun in NOUNS]
    (tmp_path / "tools.json").write_text(json.dumps(tools), encoding="utf-8")
    async with Client(build_server(load_catalog(tmp_path))) as client:
        result = await client.call_tool("get_r5_invoce", {})
    entry = envelope_of(result)["errors"][0]
    assert entry["code"] == "TOOL_NOT_FOUND"
    assert entry["suggested_value"] == "get_r5_invoice"
    assert entry["context"]["similar_tools"][0] == "get_r5_invoice"


# ---------------------------------------------------------------- arguments at the wrong level

ADDRESS = {"type": "object", "additionalProperties": False, "required": ["street", "city"], "properties": {
    "street": {"type": "string", "minLength": 1}, "city": {"type": "string", "minLength": 1},
    "postcode": {"type": "string", "pattern": "^[0-9]{5}$"}}}
STOP = {"type": "object", "additionalProperties": False, "required": ["place"], "properties": {
    "place": {"type": "string", "minLength": 1}, "stay_minutes": {"type": "integer", "minimum": 0, "default": 0}}}
SHAPES_TOOLS = [
    {"name": "send_letter", "description": "Send a letter to one address.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["address"], "properties": {
            "address": ADDRESS, "weight_g": {"type": "integer", "minimum": 1, "maximum": 2000}, "registered": {"type": "boolean"}}}},
    {"name": "ship_between", "description": "Ship from one address to another.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["sender", "recipient"], "properties": {
            "sender": ADDRESS, "recipient": ADDRESS}}},
    {"name": "deliver_in", "description": "Deliver in a city, to an address.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["city", "address"], "properties": {
            "city": {"type": "string"}, "address": ADDRESS}}},
    {"name": "plan_trip", "description": "Plan a trip through stops.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["start", "stops"], "properties": {
            "start": {"type": "string"}, "stops": {"type": "array", "maxItems": 5, "items": STOP},
            "legs": {"type": "array", "items": {"type": "object", "required": ["origin", "destination"], "properties": {
                "origin": {"type": "string"}, "destination": {"type": "string"}}}},
            "rooms": {"type": "array", "items": {"type": "object", "required": ["beds"], "properties": {
                "beds": {"type": "integer", "minimum": 1}}}},
            "guests": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}},
    {"name": "connect", "description": "Connect a device by Wi-Fi or Ethernet.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["name", "connection"], "properties": {
            "name": {"type": "string"},
            "connection": {"oneOf": [
                {"type": "object", "additionalProperties": False, "required": ["kind", "ssid"],
                 "properties": {"kind": {"const": "wifi"}, "ssid": {"type": "string"}}},
                {"type": "object", "additionalProperties": False, "required": ["kind", "ip"],
                 "properties": {"kind": {"const": "ethernet"}, "ip": {"type": "string", "format": "ipv4"}}}]}}}},
]
MADRID = {"street": "Calle Mayor 5", "city": "Madrid"}
TOLEDO = {"place": "Toledo"}

RESTRUCTURED = [
    # arguments sent flat that belong to the one object input that has them
    ("send_letter", {**MADRID, "weight_g": 20}, {"address": MADRID, "weight_g": 20}),
    ("send_letter", {**MADRID, "postcode": "28013"}, {"address": {**MADRID, "postcode": "28013"}}),
    ("send_letter", {"address": {"street": "Calle Mayor 5"}, "city": "Madrid"}, {"address": MADRID}),
    ("connect", {"name": "Hall", "ssid": "HomeNet"}, {"name": "Hall", "connection": {"kind": "wifi", "ssid": "HomeNet"}}),
    # the tool's inputs inside a wrapper the schema does not have, or an object inside itself
    ("send_letter", {"params": {"address": MADRID, "weight_g": 20}}, {"address": MADRID, "weight_g": 20}),
    ("send_letter", {"arguments": {"address": MADRID}}, {"address": MADRID}),
    ("send_letter", {"input": {"address": MADRID, "registered": True}}, {"address": MADRID, "registered": True}),
    ("send_letter", {"address": {"address": MADRID}}, {"address": MADRID}),
    ("send_letter", {"address": MADRID, "weight_g": {"weight_g": 20}}, {"address": MADRID, "weight_g": 20}),
    # names for an array of objects whose only required property is a string
    ("plan_trip", {"start": "Madrid", "stops": ["Toledo", "Aranjuez"]}, {"start": "Madrid", "stops": [TOLEDO, {"place": "Aranjuez"}]}),
    ("plan_trip", {"start": "Madrid", "stops": "Toledo"}, {"start": "Madrid", "stops": [TOLEDO]}),
    ("plan_trip", {"start": "Madrid", "stops": [TOLEDO, "Aranjuez"]}, {"start": "Madrid", "stops": [TOLEDO, {"place": "Aranjuez"}]}),
    # one object where an array of such objects is expected
    ("plan_trip", {"start": "Madrid", "stops": {"place": "Toledo", "stay_minutes": 30}},
     {"start": "Madrid", "stops": [{"place": "Toledo", "stay_minutes": 30}]}),
]


@pytest.fixture
def shapes(tmp_path: Path) -> Path:
    """A catalogue of tools with nested objects, objects under oneOf and arrays of objects, each handler echoing."""
    (tmp_path / "shapes.json").write_text(json.dumps(SHAPES_TOOLS), encoding="utf-8")
    (tmp_path / "handlers.py").write_text("".join(f"def {t['name']}(**arguments):\n    return arguments\n\n\n" for t in SHAPES_TOOLS),
                                          encoding="utf-8")
    assert load_catalog(tmp_path).report.errors == []
    return tmp_path


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "fixed"), RESTRUCTURED, ids=[json.dumps(w)[:40] for _, w, _ in RESTRUCTURED])
async def test_arguments_at_the_wrong_level_are_put_where_the_schema_has_them(shapes: Path, tool: str, wrong: Any, fixed: Any) -> None:
    """Every entry carries the one restructured call, and the retry with it succeeds."""
    async with Client(build_server(load_catalog(shapes))) as client:
        entries = await errors_of(client, tool, wrong)
        assert [e["context"].get("suggested_arguments") for e in entries] == [fixed] * len(entries)
        assert (await client.call_tool(tool, fixed)).is_error is False


@pytest.mark.anyio
async def test_a_flat_argument_is_told_where_it_belongs(shapes: Path) -> None:
    """The entry of a flat argument names the path it belongs at, even when the call still lacks a value only the
    agent has (the city); the wrapper's entry says to send its contents."""
    async with Client(build_server(load_catalog(shapes))) as client:
        flat = await errors_of(client, "send_letter", {**MADRID, "weight_g": 20})
        wrapped = await errors_of(client, "send_letter", {"params": {"address": MADRID}})
        incomplete = await errors_of(client, "send_letter", {"street": "Calle Mayor 5"})
        inside = await errors_of(client, "send_letter", {"address": {"address": MADRID}})
    street = next(e for e in flat if e["parameter_name"] == "street")
    assert street["suggested_value"] == "address.street"
    assert street["context"]["solution"] == "Move the argument 'street' into 'address': send it as 'address.street'."
    params = next(e for e in wrapped if e["parameter_name"] == "params")
    assert params["suggested_value"] is None
    assert params["context"]["solution"] == "Send what 'params' holds (address) as the arguments themselves, without 'params' around them."
    assert inside[0]["context"]["solution"] == "Send what 'address.address' holds (city, street) directly in 'address'."
    assert [e["suggested_value"] for e in incomplete if e["parameter_name"] == "street"] == ["address.street"]
    assert [e["suggested_value"] for e in incomplete if e["parameter_name"] == "address"] == [None]  # it lacks the city
    assert all("suggested_arguments" not in e["context"] for e in incomplete)


NOT_RESTRUCTURED = [
    ("ship_between", MADRID, "street and city belong to the sender or to the recipient"),
    ("deliver_in", {"street": "Calle Mayor 5", "city": "Madrid"}, "city is an input of its own as well as the address's"),
    ("send_letter", {"address": MADRID, "city": "Toledo"}, "the address already has a city: which one is meant?"),
    ("send_letter", {"params": {"address": MADRID, "colour": "red"}}, "colour is no input: not the tool's inputs in a wrapper"),
    ("send_letter", {"params": {"address": MADRID}, "address": MADRID}, "the wrapper holds an input the call already has"),
    ("plan_trip", {"start": "Madrid", "stops": [TOLEDO], "legs": ["Madrid"]}, "two required properties: origin or destination?"),
    ("plan_trip", {"start": "Madrid", "stops": [TOLEDO], "rooms": ["2"]}, "the one required property is not a string"),
    ("plan_trip", {"start": "Madrid", "stops": [TOLEDO], "guests": ["Ann"]}, "no required property: is Ann a name?"),
    ("plan_trip", {"start": "Madrid", "stops": {"city": "Toledo"}}, "the object is no stop: not valid as an item"),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "why"), NOT_RESTRUCTURED, ids=[json.dumps(w)[:40] for _, w, _ in NOT_RESTRUCTURED])
async def test_a_structure_with_more_than_one_reading_is_left_to_the_agent(shapes: Path, tool: str, wrong: Any, why: str) -> None:
    """No suggested_arguments, and no entry suggests a place or a value for the misplaced arguments."""
    async with Client(build_server(load_catalog(shapes))) as client:
        entries = await errors_of(client, tool, wrong)
    assert all("suggested_arguments" not in e["context"] for e in entries), why
    assert all(e["suggested_value"] is None for e in entries if e["context"]["validation_keyword"] != "required"), why


@pytest.mark.anyio
async def test_a_real_stdio_server_restructures_a_flat_call_and_the_retry_succeeds(shapes: Path) -> None:
    """Through `atdf-mcp serve` over stdio: flat arguments, a wrapper and names for objects, each retried verbatim."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(shapes), "--no-watch"],
                                   env={"PYTHONPATH": os.environ.get("PYTHONPATH", os.getcwd())})
    with tempfile.TemporaryFile("w+b") as errlog:
        with anyio.fail_after(60):
            async with Client(stdio_client(params, errlog=errlog)) as client:
                for tool, wrong, fixed in (RESTRUCTURED[0], RESTRUCTURED[4], RESTRUCTURED[9]):
                    suggested = envelope_of(await client.call_tool(tool, wrong))["errors"][0]["context"]["suggested_arguments"]
                    assert suggested == fixed
                    retry = await client.call_tool(tool, suggested)
                    assert retry.is_error is False and retry.structured_content == fixed
        errlog.seek(0)
        assert "Traceback" not in errlog.read().decode("utf-8", "replace")


# ---------------------------------------------------------------------------------------------
# Round four (the third blind corpus): readings the schema does not single out are left to the agent

ROUND_FOUR_TOOLS = [
    {"name": "configure", "description": "Set up a job.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "labels": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9-]+$"}},
            "code": {"type": "string", "pattern": "^[0-9]{5}$"},
            "country": {"type": "string", "enum": ["ES", "GB", "US", "FR"]},
            "region": {"type": "string", "enum": ["eu-west-1", "us-east-1"]},
            "image": {"type": "string", "enum": ["ubuntu-24.04", "debian-12"]},
            "limit": {"type": "integer", "minimum": 1, "maximum": 1000},
            "zone": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Zone number on the controller."},
            "annual_kwh": {"type": "integer", "minimum": 500, "maximum": 50000},
            "date": {"type": "string", "format": "date"},
            "time": {"type": "string", "format": "time"},
            "starts": {"type": "string", "format": "time"}}}},
    {"name": "measure", "description": "Record amounts with their units.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "weeks": {"type": "integer", "minimum": 1, "description": "Length of the loan in weeks."},
            "skip_if_rain_mm": {"type": "number", "minimum": 0, "description": "Skip when this much rain (in mm) fell in the last day."},
            "annual_kwh": {"type": "integer", "minimum": 500, "description": "Yearly electricity use in kWh."},
            "volume": {"type": "integer", "minimum": 0, "maximum": 100, "description": "Volume in percent."},
            "quality": {"type": "integer", "minimum": 1, "maximum": 100, "description": "Compression quality."},
            "max_daily_km": {"type": "integer", "enum": [100, 200, 400], "description": "Mileage allowance per day, in km."},
            "length_cm": {"type": "number", "description": "Length in cm, per day of growth."}}}},
    {"name": "alarm", "description": "Set an alarm.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["time"], "properties": {
            "time": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "description": "Local time, HH:MM in 24 hours."},
            "ratio": {"type": "string", "pattern": "^[0-9]+:[0-9]+$", "description": "Aspect ratio, e.g. 16:9."},
            "colour": {"type": "string", "pattern": "^#[0-9a-f]{6}$"},
            "owners": {"type": "array", "items": {"type": "string", "pattern": "^@[a-z0-9_]{2,20}$"}},
            "phone": {"type": "string", "pattern": "^\\+[0-9]{7,15}$"},
            "language": {"type": "string", "enum": ["en", "es", "fr", "pt", "zh"]},
            "country": {"type": "string", "enum": ["ES", "FR", "MX"]},
            "licence_country": {"type": "string", "enum": ["ES", "GB", "US"]},
            "sound": {"type": "string", "enum": ["radar", "chimes"], "default": "radar"},
            "count": {"type": "integer", "minimum": 1},
            "paying": {"oneOf": [
                {"type": "object", "additionalProperties": False, "required": ["method"], "properties": {"method": {"const": "cash"}}},
                {"type": "object", "additionalProperties": False, "required": ["method", "years"],
                 "properties": {"method": {"const": "loan"}, "years": {"type": "integer", "enum": [5, 10, 15]}}}]}}}},
    {"name": "book_day", "description": "Book a day.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["day"], "properties": {
            "day": {"type": "string", "format": "date"}, "guests": {"type": "integer", "minimum": 1, "maximum": 8}}}},
]

LEFT_TO_THE_AGENT = [
    ({"labels": ["needs triage"]}, "needs-triage fits the pattern as well as needstriage"),
    ({"country": "GR"}, "a two-letter code one letter from another (GB) is another country (Greece), not a typo"),
    ({"region": "sa-east-1"}, "a whole part of a code that differs is another region"),
    ({"image": "ubuntu-22.04"}, "another version number is another image"),
    ({"zone": 9}, "a zone number identifies a zone: 8 is another one"),
    ({"annual_kwh": 420}, "a yearly figure is a fact the user reports"),
    ({"date": "2030-05-08T10:30:00+02:00"}, "the time has an input of its own: dropping it loses what was asked"),
]


@pytest.fixture
def round_four(tmp_path: Path) -> Path:
    """A catalogue of the shapes the third blind corpus found misread."""
    (tmp_path / "round_four.json").write_text(json.dumps(ROUND_FOUR_TOOLS), encoding="utf-8")
    (tmp_path / "handlers.py").write_text("".join(f"def {t['name']}(**arguments):\n    return arguments\n\n\n" for t in ROUND_FOUR_TOOLS),
                                          encoding="utf-8")
    assert load_catalog(tmp_path).report.errors == []
    return tmp_path


@pytest.mark.anyio
@pytest.mark.parametrize(("wrong", "why"), LEFT_TO_THE_AGENT, ids=[json.dumps(w)[:40] for w, _ in LEFT_TO_THE_AGENT])
async def test_a_value_with_more_than_one_reading_or_none_is_left_to_the_agent(round_four: Path, wrong: Any, why: str) -> None:
    """No suggested_arguments and no suggested_value: each of these was a confident wrong suggestion."""
    async with Client(build_server(load_catalog(round_four))) as client:
        entries = await errors_of(client, "configure", wrong)
    assert all("suggested_arguments" not in e["context"] for e in entries), why
    assert all(e["suggested_value"] is None for e in entries), why


STILL_REPAIRED = [
    ("configure", {"code": "28 013"}, {"code": "28013"}),  # no other separator fits: the space is a slip
    ("configure", {"labels": ["Frontend"]}, {"labels": ["frontend"]}),
    ("configure", {"country": "gb"}, {"country": "GB"}),
    ("configure", {"country": "UK"}, {"country": "GB"}),  # its usual name, not US one letter away
    ("configure", {"region": "eu_west_1"}, {"region": "eu-west-1"}),
    ("configure", {"image": "Ubuntu 24.04"}, {"image": "ubuntu-24.04"}),
    ("configure", {"limit": 1001}, {"limit": 1000}),
    ("configure", {"date": "2030-05-08T10:30:00+02:00", "time": "10:30:00+02:00"}, {"date": "2030-05-08", "time": "10:30:00+02:00"}),
    ("book_day", {"day": "2030-05-08T10:30:00+02:00"}, {"day": "2030-05-08"}),
    ("book_day", {"day": "2030-05-08", "guests": 9}, {"day": "2030-05-08", "guests": 8}),
]

# A number with the one unit its input names (the name's unit first), a time of day in the writing the pattern takes.
UNITS_AND_CLOCKS = [
    ("measure", {"weeks": "3 weeks"}, {"weeks": 3}),
    ("measure", {"skip_if_rain_mm": "5mm"}, {"skip_if_rain_mm": 5}),  # "per day" in the description is no second unit
    ("measure", {"annual_kwh": "4200 kWh"}, {"annual_kwh": 4200}),
    ("measure", {"volume": "80%"}, {"volume": 80}),
    ("measure", {"max_daily_km": "200 km"}, {"max_daily_km": 200}),
    ("measure", {"length_cm": "12 cm"}, {"length_cm": 12}),
    ("alarm", {"time": "06:30:00"}, {"time": "06:30"}),
    ("alarm", {"time": "6:30"}, {"time": "06:30"}),
    ("alarm", {"time": "6:30 am"}, {"time": "06:30"}),
    ("alarm", {"time": "6:30 PM"}, {"time": "18:30"}),
    ("alarm", {"time": "12:15 a.m."}, {"time": "00:15"}),
    ("alarm", {"time": "06.30"}, {"time": "06:30"}),
    ("alarm", {"time": "7pm"}, {"time": "19:00"}),
    # the mark a pattern begins with, left out; a language tag with its region for an enum of language codes
    ("alarm", {"time": "07:00", "colour": "1db954"}, {"time": "07:00", "colour": "#1db954"}),
    ("alarm", {"time": "07:00", "owners": ["kim_lee"]}, {"time": "07:00", "owners": ["@kim_lee"]}),
    ("alarm", {"time": "07:00", "language": "es-ES"}, {"time": "07:00", "language": "es"}),
    ("alarm", {"time": "07:00", "language": "pt_BR"}, {"time": "07:00", "language": "pt"}),
    ("alarm", {"time": "07:00", "language": "zh-Hans-CN"}, {"time": "07:00", "language": "zh"}),
    # null for an optional enum input (its type and its enum both refuse it; alone, the call runs without it:
    # tests/test_outside_inputs_21.py), a value that breaks two checks of one alternative counted as one problem there
    ("alarm", {"time": "7pm", "sound": None}, {"time": "19:00"}),
    ("alarm", {"time": "07:00", "paying": {"method": "loan", "years": "10"}}, {"time": "07:00", "paying": {"method": "loan", "years": 10}}),
    # a language by its name in English or its own, or its three-letter code; one value in a list; an alternative's tag
    ("alarm", {"time": "07:00", "language": "Spanish"}, {"time": "07:00", "language": "es"}),
    ("alarm", {"time": "07:00", "language": "español"}, {"time": "07:00", "language": "es"}),
    ("alarm", {"time": "07:00", "language": "spa"}, {"time": "07:00", "language": "es"}),
    ("alarm", {"time": "07:00", "language": "Chinese"}, {"time": "07:00", "language": "zh"}),
    ("alarm", {"time": "07:00", "count": [4]}, {"time": "07:00", "count": 4}),
    ("alarm", {"time": "07:00", "count": ["4"]}, {"time": "07:00", "count": 4}),
    ("alarm", {"time": "07:00", "paying": "cash"}, {"time": "07:00", "paying": {"method": "cash"}}),
    ("alarm", {"time": "07:00", "paying": "Cash"}, {"time": "07:00", "paying": {"method": "cash"}}),
    # a country by its name, in English or another language, for an enum of ISO 3166 codes
    ("alarm", {"time": "07:00", "country": "Spain"}, {"time": "07:00", "country": "ES"}),
    ("alarm", {"time": "07:00", "country": "España"}, {"time": "07:00", "country": "ES"}),
    ("alarm", {"time": "07:00", "country": "mexico"}, {"time": "07:00", "country": "MX"}),
    ("alarm", {"time": "07:00", "licence_country": "UK"}, {"time": "07:00", "licence_country": "GB"}),
    ("alarm", {"time": "07:00", "licence_country": "United States"}, {"time": "07:00", "licence_country": "US"}),
]
NO_UNIT_OR_CLOCK = [
    ("measure", {"quality": "90%"}, "the input names no percent"),
    ("measure", {"weeks": "21 days"}, "another unit than the one named"),
    ("measure", {"length_cm": "12 mm"}, "another unit than the one named"),
    ("alarm", {"time": "06:30:15"}, "seconds the pattern cannot hold"),
    ("alarm", {"time": "13:30 pm"}, "no such time"),
    ("alarm", {"time": "half past six"}, "words"),
    ("alarm", {"time": "06:00", "ratio": "16.9"}, "a ratio is no time of day"),
    ("alarm", {"time": "06:00", "colour": "green"}, "a colour name is no hex code"),
    ("alarm", {"time": "06:00", "owners": ["Kim Lee"]}, "a name is no user name"),
    ("alarm", {"time": "06:00", "phone": "612345678"}, "a + needs the country code the number lacks"),
    ("alarm", {"time": "06:00", "country": "es-MX"}, "a language tag names no country: es-MX is Mexico"),
    ("alarm", {"time": "06:00", "language": "de-DE"}, "German is not offered"),
    ("alarm", {"time": "06:00", "language": "German"}, "German is not offered"),
    ("alarm", {"time": "06:00", "country": "Spanish"}, "a language names no country"),
    ("alarm", {"time": "06:00", "country": "Germany"}, "Germany is not offered"),
    ("alarm", {"time": "06:00", "language": "Spain"}, "a country names no language"),
    ("alarm", {"time": "06:00", "count": [4, 5]}, "two values: which one?"),
    ("alarm", {"time": "06:00", "paying": "loan"}, "a loan needs its years"),
]


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "fixed"), UNITS_AND_CLOCKS, ids=[json.dumps(w)[:40] for _, w, _ in UNITS_AND_CLOCKS])
async def test_a_unit_the_input_names_or_a_time_in_another_writing_is_repaired(round_four: Path, tool: str, wrong: Any, fixed: Any) -> None:
    async with Client(build_server(load_catalog(round_four))) as client:
        entries = await errors_of(client, tool, wrong)
        assert entries[0]["context"].get("suggested_arguments") == fixed
        assert (await client.call_tool(tool, fixed)).is_error is False


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "why"), NO_UNIT_OR_CLOCK, ids=[json.dumps(w)[:40] for _, w, _ in NO_UNIT_OR_CLOCK])
async def test_another_unit_or_no_clock_time_is_left_to_the_agent(round_four: Path, tool: str, wrong: Any, why: str) -> None:
    async with Client(build_server(load_catalog(round_four))) as client:
        entries = await errors_of(client, tool, wrong)
    assert all("suggested_arguments" not in e["context"] for e in entries), why
    assert all(e["suggested_value"] is None for e in entries), why


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "fixed"), STILL_REPAIRED, ids=[json.dumps(w)[:40] for _, w, _ in STILL_REPAIRED])
async def test_the_one_reading_is_still_repaired_beside_them(round_four: Path, tool: str, wrong: Any, fixed: Any) -> None:
    async with Client(build_server(load_catalog(round_four))) as client:
        entries = await errors_of(client, tool, wrong)
        assert entries[0]["context"].get("suggested_arguments") == fixed
        assert (await client.call_tool(tool, fixed)).is_error is False
