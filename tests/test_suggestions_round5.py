"""Round five (the fourth blind corpus, bench/wrong_calls_blind4.py): the shapes it found misread or left unrepaired.

Each repair is made only when exactly one value fits the schema: the parts of a code joined by the one mark its
pattern takes, a size code never read as a typo of another, a value under anyOf repaired for the one alternative
that can take it. Every test calls a real catalogue through the SDK's in-memory client and reads the envelope."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client
from repair_cases import entries, repair_tests

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

PHONE = "^\\+[1-9][0-9]{6,14}$"
TOOLS = [
    {"name": "codes", "description": "Codes written as patterns.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "course": {"type": "string", "pattern": "^[A-Z]{2,4}-[0-9]{3}$"},
            "plate": {"type": "string", "pattern": "^[A-Z0-9]{2,8}$"},
            "phone": {"type": "string", "pattern": PHONE},
            "key_name": {"type": "string", "pattern": "^[a-z0-9-]{3,40}$"},
            "host": {"type": "string", "pattern": "^[a-z][a-z0-9-]{2,29}$"},
            "pin": {"type": "string", "pattern": "^[0-9]{4}$"},
            "voucher": {"type": "string", "pattern": "^[A-Z0-9]{4,16}$"},
            "postcode": {"type": "string", "pattern": "^[0-9]{5}$"},
            "policy": {"type": "string", "pattern": "^POL-[0-9]{8}$"},
            "sessions": {"type": "array", "items": {"type": "string", "pattern": "^S[0-9]{3}$"}},
            "claim": {"type": "string", "pattern": "^(POL|CLM)-[0-9]{8}$"},
            "case_ref": {"type": "string", "pattern": "^POL-[0-9]{8}$|^CLM-[0-9]{8}$"},
            "e164": {"type": "string", "pattern": "^34[0-9]{9}$"}}}},
    {"name": "sizes", "description": "Sizes and units.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "size": {"type": "string", "enum": ["XS", "S", "M", "L", "XL", "XXL"]},
            "unit": {"type": "string", "enum": ["g", "ml", "tsp", "tbsp", "cup"]},
            "room": {"type": "string", "enum": ["kitchen", "bedroom", "office"]},
            "term": {"type": "string", "enum": ["2031-spring", "2031-autumn"]},
            "scope": {"type": "string", "enum": ["read:orders", "write:orders"]},
            "pair": {"type": "string", "enum": ["usd_to_eur", "gbp_to_eur"]},
            "quote": {"type": "string", "enum": ["USD/EUR", "GBP/EUR"]},
            "route": {"type": "string", "enum": ["paris_london", "rome_paris"]},
            "ratio": {"type": "string", "enum": ["16:9", "4:3"]}}}},
    {"name": "timer", "description": "Durations in the unit each input names.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "duration_minutes": {"type": "integer", "minimum": 1, "maximum": 600},
            "ttl": {"type": "integer", "minimum": 60, "description": "Time to live in seconds."},
            "wait_days": {"type": "integer", "minimum": 0},
            "volume": {"type": "integer", "minimum": 0, "maximum": 100, "description": "Volume in percent."},
            "quality": {"type": "integer", "minimum": 0, "maximum": 100, "description": "Compression quality."}}}},
    {"name": "offer", "description": "A discount code.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "discount": {"type": "object", "properties": {"percent": {"type": "number", "maximum": 100}}},
            "tip_percent": {"type": "integer", "maximum": 30},
            "uses": {"type": "integer", "minimum": 1, "maximum": 100}}}},
    {"name": "notify", "description": "Where a ticket goes.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "to": {"type": "string", "anyOf": [{"format": "email"}, {"pattern": PHONE}]}}}},
]

REPAIRED = [
    ("codes", {"course": "MATH 201"}, {"course": "MATH-201"}),  # the one mark the pattern takes between the parts
    ("codes", {"course": "MATH201"}, {"course": "MATH-201"}),  # ... where letters meet digits
    ("codes", {"course": "math201"}, {"course": "MATH-201"}),
    ("codes", {"plate": "1234 KLM"}, {"plate": "1234KLM"}),
    ("codes", {"phone": "+1 (415) 555-0132"}, {"phone": "+14155550132"}),
    ("codes", {"phone": "+34 612 345 678"}, {"phone": "+34612345678"}),
    ("codes", {"postcode": "28 013"}, {"postcode": "28013"}),
    ("codes", {"policy": "00482211"}, {"policy": "POL-00482211"}),  # the literal word the pattern begins with
    ("codes", {"sessions": [101, 204]}, {"sessions": ["S101", "S204"]}),
    ("sizes", {"size": "xxl"}, {"size": "XXL"}),
    ("sizes", {"room": "kitchn"}, {"room": "kitchen"}),
    ("sizes", {"unit": "tsbp"}, {"unit": "tbsp"}),  # two letters swapped: the same code mistyped
    ("sizes", {"unit": "tsps"}, {"unit": "tsp"}),  # its plural
    ("sizes", {"term": "Autumn 2031"}, {"term": "2031-autumn"}),  # the same words in another order
    ("sizes", {"scope": "orders.read"}, {"scope": "read:orders"}),
    # a duration in another clock unit (s, min, h) than its input names, converted exactly; ISO 8601 as well
    ("timer", {"duration_minutes": "1h"}, {"duration_minutes": 60}),
    ("timer", {"duration_minutes": "1.5 hours"}, {"duration_minutes": 90}),
    ("timer", {"duration_minutes": "PT45M"}, {"duration_minutes": 45}),
    ("timer", {"duration_minutes": "PT1H30M"}, {"duration_minutes": 90}),
    ("timer", {"ttl": "1h"}, {"ttl": 3600}),
    ("timer", {"ttl": "5 min"}, {"ttl": 300}),
    # a share written as a fraction of one for a whole number of percent
    ("timer", {"volume": 0.8}, {"volume": 80}),
    ("timer", {"volume": "0.85"}, {"volume": 85}),
    ("offer", {"uses": 101}, {"uses": 100}),  # a slip past the bound of a count
    ("notify", {"to": "+34 600 123 456"}, {"to": "+34600123456"}),  # only the phone alternative takes it
    ("notify", {"to": "mailto:kim@example.com"}, {"to": "kim@example.com"}),
]
LEFT = [
    ("codes", {"key_name": "Billing Sync"}, "billing-sync fits the pattern as well as billingsync"),
    ("codes", {"host": "web_01"}, "web-01 fits as well as web01"),
    ("codes", {"voucher": "SPRING-25"}, "a dash between letters and digits is part of a name the caller chose"),
    ("codes", {"pin": "12-34"}, "two numbers joined by a dash are a range, not one number"),
    ("codes", {"claim": "00482211"}, "two prefixes the pattern allows: which one is the caller's"),
    ("codes", {"case_ref": "00482211"}, "two prefixes as two alternatives of the whole pattern: not the first one's"),
    ("codes", {"e164": "612345678"}, "digits the pattern begins with are a country code the number lacks"),
    ("codes", {"policy": "CLM-00482211"}, "another prefix is another document"),
    ("sizes", {"pair": "eur to usd"}, "the words of a direction in another order are the other direction"),
    ("sizes", {"ratio": "9:16"}, "two numbers in another order are another ratio"),
    ("sizes", {"quote": "EUR/USD"}, "two currencies in another order are the inverse rate"),
    ("sizes", {"quote": "eur usd"}, "two codes of one kind in another order, in any notation, are another pair"),
    ("sizes", {"route": "london_paris"}, "the same words written the same way in another order: the way back"),
    ("sizes", {"size": "XXXL"}, "a size not offered is no typo of the next one"),
    ("sizes", {"size": "XXS"}, "a code without vowels one letter longer than another is another code"),
    ("timer", {"duration_minutes": "1 month"}, "a month has no fixed number of minutes"),
    ("timer", {"wait_days": "1 year"}, "nor a year of days"),
    ("timer", {"duration_minutes": "90s"}, "a minute and a half is no whole number of minutes"),
    ("timer", {"wait_days": "48h"}, "a day is not always 24 hours: only clock units convert"),
    ("timer", {"wait_days": "2 weeks"}, "nor days and weeks (a loan in weeks written in days stays the caller's)"),
    ("timer", {"duration_minutes": "30m"}, "m is metres as well as minutes"),
    ("timer", {"quality": 0.8}, "the input names no percent"),
    ("timer", {"volume": 0.805}, "80.5 % is no whole percent"),
    ("timer", {"volume": 1.5}, "not a fraction of one"),
    ("offer", {"discount": {"percent": 150}}, "a discount moved to 100 % gives the goods away: inside what is paid, exact"),
    ("offer", {"tip_percent": 40}, "a tip is paid: 30 is another sum"),
    ("notify", {"to": "600123456"}, "a phone number without its country code fits no alternative"),
]


catalogue, test_the_one_value_that_fits_is_suggested_and_the_retry_succeeds, test_a_value_with_two_readings_or_none_is_left_to_the_agent = (
    repair_tests("round_five", TOOLS, REPAIRED, LEFT))


UNION = {"name": "device", "description": "A device and how it connects.", "inputSchema": {
    "type": "object", "required": ["connection"], "properties": {
        "connection": {"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "wifi"}, "ssid": {"type": "string", "minLength": 1}},
             "required": ["kind", "ssid"], "additionalProperties": False},
            {"type": "object", "properties": {"kind": {"const": "ethernet"}, "ip": {"type": "string", "format": "ipv4"}},
             "required": ["kind", "ip"], "additionalProperties": False}]},
        "label": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}


@pytest.mark.anyio
async def test_a_union_says_what_its_alternatives_look_like(tmp_path: Path) -> None:
    """A name where a oneOf of objects is expected: the conditions give the type and each alternative's shape (an agent
    whose framework flattened the schema learns the forms); a property a branch lacks is described by that branch, not
    as its parent object; a nullable union is described by its types alone."""
    (tmp_path / "device.json").write_text(json.dumps(UNION), encoding="utf-8")
    (tmp_path / "handlers.py").write_text("def device(**arguments):\n    return arguments\n", encoding="utf-8")
    async with Client(build_server(load_catalog(tmp_path))) as client:
        [named] = await entries(client, "device", {"connection": "HomeNet"})
        [ssid] = await entries(client, "device", {"connection": {"kind": "wifi"}})
        [label] = await entries(client, "device", {"connection": {"kind": "wifi", "ssid": "Home"}, "label": 5})
    assert named["context"]["expected"]["conditions"] == [
        "type: object", 'one of the forms: {"kind": "wifi", "ssid": string} | {"kind": "ethernet", "ip": string (ipv4)}']
    assert '{"kind": "ethernet", "ip": string (ipv4)}' in named["context"]["solution"]
    assert ssid["parameter_name"] == "connection.ssid"
    assert ssid["context"]["expected"]["conditions"] == ["required", "type: string", "length >= 1"]
    assert label["context"]["expected"]["conditions"] == ["type: string or null"]
