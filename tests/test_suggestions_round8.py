"""Round eight: three suggestions a review found wrong, their siblings, and what the seventh blind corpus
(bench/wrong_calls_blind7.py) found.

A prefix or a single word of an enum member is that member only when the member's other words do not make it more
specific: "stand" is standard, "invoice" send_invoice and "debian" the one debian-12 (a version), but "cancel" is no
cancel_at_period_end (cancelling now is another value). A duration written without its designators gets P or PT
back only when its units read one way: "1H30M" is PT1H30M and "2M10D" is P2M10D, but "1M" is a month (P1M) as often as
a minute (PT1M), and the message says both. Ten digits are Unix seconds only below 2,000,000,000 (May 2033), where no
North American phone number falls (area codes begin at 201), and never for an input whose name or description speaks
of a phone. Every test calls a real catalogue through the SDK's in-memory client and reads the envelope."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from mcp import Client
from repair_cases import entries, repair_tests

from atdf_mcp import load_catalog
from atdf_mcp.colours import hex_colour
from atdf_mcp.content_blocks import block_text
from atdf_mcp.coordinates import coordinate
from atdf_mcp.duration_designators import designated, designator_readings
from atdf_mcp.enum_words import abbreviates_every_word
from atdf_mcp.epoch_times import epoch_date_time
from atdf_mcp.mac_addresses import mac_address
from atdf_mcp.media_types import media_member
from atdf_mcp.number_pairs import pair_member, paired
from atdf_mcp.number_repairs import float_noise
from atdf_mcp.operators import operator_member
from atdf_mcp.server import build_server
from atdf_mcp.short_names import same_words
from atdf_mcp.sigils import without_sigil
from atdf_mcp.sort_orders import sort_objects
from atdf_mcp.spelling import norm, tied_names
from atdf_mcp.suggest import coerce
from atdf_mcp.unit_members import unit_member

ISO_ANY = r"^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$"
ISO_TIME = "^PT(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+S)?$"
TOOLS = [
    {"name": "plans", "description": "Enum members of several words.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "on_cancel": {"type": "string", "enum": ["none", "cancel_at_period_end", "always_invoice"]},
            "collection": {"type": "string", "enum": ["charge_automatically", "send_invoice"]},
            "tier": {"type": "string", "enum": ["standard", "premium_plus", "basic"]},
            "refund_reason": {"type": "string", "enum": ["duplicate", "fraudulent", "requested_by_customer"]},
            "retention": {"type": "string", "enum": ["keep", "delete_after_30_days"]},
            "image": {"type": "string", "enum": ["ubuntu-24.04", "debian-12"]}}}},
    {"name": "timing", "description": "ISO 8601 durations and instants.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "period": {"type": "string", "pattern": ISO_ANY},
            "timeout": {"type": "string", "pattern": ISO_TIME},
            "window": {"type": "string", "format": "duration"},
            "starts_at": {"type": "string", "format": "date-time"},
            "reminder": {"type": "string", "format": "date-time", "description": "When to call the customer's phone."},
            "callback_phone": {"type": "string", "format": "date-time"}}}},
    {"name": "scales", "description": "Positions, scales and clock texts (bench/wrong_calls_blind7.py).", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "lat": {"type": "number", "minimum": -90, "maximum": 90},
            "lon": {"type": "number", "minimum": -180, "maximum": 180},
            "quality": {"type": "integer", "minimum": 1, "maximum": 100},
            "kelvin": {"type": "integer", "minimum": 2000, "maximum": 6500, "multipleOf": 100},
            "guests": {"type": "integer", "minimum": 1, "maximum": 8},
            "disk_gb": {"type": "integer", "minimum": 10, "maximum": 2000},
            "start": {"type": "string", "pattern": "^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$", "description": "Where to start, HH:MM:SS."},
            "alarm_time": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$", "description": "Alarm time."},
            "position": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number"}},
            "geometry": {"type": "object", "oneOf": [
                {"type": "object", "properties": {"type": {"const": "Point"}, "coordinates": {"type": "array", "items": {"type": "number"}}},
                 "required": ["type", "coordinates"], "additionalProperties": False},
                {"type": "object", "properties": {"type": {"const": "Polygon"}, "coordinates": {"type": "array"}},
                 "required": ["type", "coordinates"], "additionalProperties": False}]}}}},
    {"name": "notations", "description": "Operators, units, MAC addresses, colours, ratios and sizes.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "op": {"type": "string", "enum": ["=", "!=", "<", "<=", ">", ">=", "in", "like"]},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit", "percent", "hPa", "ppm"]},
            "mac": {"type": "string", "pattern": "^([0-9A-F]{2}:){5}[0-9A-F]{2}$"},
            "serial": {"type": "string", "pattern": "^[0-9A-F]{12}$"},
            "color_hex": {"type": "string", "pattern": "^#[0-9A-F]{6}$"},
            "background": {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"},
            "aspect_ratio": {"type": "string", "enum": ["16:9", "4:3", "1:1", "9:16"]},
            "resolution": {"type": "string", "pattern": "^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$"}}}},
    {"name": "places", "description": "Short names and lists of numbers.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "lat": {"type": "number"}, "lon": {"type": "number"}, "op": {"type": "string"}, "min": {"type": "integer"},
            "bbox": {"type": "array", "items": {"type": "number"}}, "ids": {"type": "array", "items": {"type": "integer"}}}}},
    {"name": "units", "description": "Decimal multiples, milliseconds, versions, entity ids, steps, renames.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "radius_m": {"type": "number", "exclusiveMinimum": 0},
            "sample_rate": {"type": "integer", "enum": [44100, 48000], "description": "Audio sample rate in Hz."},
            "bitrate_kbps": {"type": "integer", "minimum": 100},
            "max_bytes": {"type": "integer", "minimum": 1024},
            "weight": {"type": "number", "description": "Weight, e.g. 5."},
            "transition_ms": {"type": "integer", "minimum": 0},
            "duration_seconds": {"type": "number", "exclusiveMinimum": 0},
            "firmware": {"type": "string", "pattern": "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$"},
            "light_id": {"type": "string", "pattern": "^light\\.[a-z0-9_]+$"},
            "target": {"type": "number", "multipleOf": 0.5},
            "recorded_at": {"type": "string", "format": "date-time"},
            "color_hex": {"type": "string", "pattern": "^#[0-9A-F]{6}$"},
            "color_temp_kelvin": {"type": "integer", "minimum": 2000, "maximum": 6500}}}},
    {"name": "shapes", "description": "Coordinates, media types, content blocks, sort objects, sizes.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "lat": {"type": "number", "minimum": -90, "maximum": 90}, "lon": {"type": "number", "minimum": -180, "maximum": 180},
            "output_format": {"type": "string", "enum": ["jpeg", "png", "webp", "svg"]},
            "content": {"type": "string"},
            "order_by": {"type": "array", "items": {"type": "object", "required": ["column"], "additionalProperties": False,
                                                    "properties": {"column": {"type": "string"},
                                                                   "direction": {"type": "string", "enum": ["asc", "desc"]}}}},
            "resolution": {"type": "string", "pattern": "^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$"},
            "max_tokens": {"type": "integer"}, "max_page": {"type": "integer"}}}},
]
REPAIRED = [
    # a clipped word begins the one member; a lone word that is one member's whole subject
    ("plans", {"tier": "stand"}, {"tier": "standard"}),
    ("plans", {"tier": "premium_pl"}, {"tier": "premium_plus"}),
    ("plans", {"collection": "invoice"}, {"collection": "send_invoice"}),
    ("plans", {"image": "debian"}, {"image": "debian-12"}),
    # a duration whose units read one way once P or PT is put before them
    ("timing", {"timeout": "1H30M"}, {"timeout": "PT1H30M"}),
    ("timing", {"period": "2M10D"}, {"period": "P2M10D"}),
    ("timing", {"period": "30D"}, {"period": "P30D"}),
    ("timing", {"period": "1D2H"}, {"period": "P1DT2H"}),
    # Unix seconds below any North American phone number
    ("timing", {"starts_at": 1924992000}, {"starts_at": "2031-01-01T00:00:00Z"}),
    ("timing", {"starts_at": "1924992000"}, {"starts_at": "2031-01-01T00:00:00Z"}),
    # a slip past a bound, on the input's own scale; a time of day, or an elapsed time with its hours said
    ("scales", {"guests": 9}, {"guests": 8}),
    ("scales", {"disk_gb": 5}, {"disk_gb": 10}),
    ("scales", {"alarm_time": "7:30"}, {"alarm_time": "07:30:00"}),
    ("scales", {"start": "0:01:30"}, {"start": "00:01:30"}),
    # a comparison by its name or another symbol; a unit by its symbol; a MAC address, a colour, a ratio or a size in
    # another notation
    ("notations", {"op": "gt"}, {"op": ">"}),
    ("notations", {"op": "greater_than"}, {"op": ">"}),
    ("notations", {"op": "=="}, {"op": "="}),
    ("notations", {"op": "<>"}, {"op": "!="}),
    ("notations", {"unit": "\u00b0C"}, {"unit": "celsius"}),
    ("notations", {"unit": "F"}, {"unit": "fahrenheit"}),
    ("notations", {"unit": "%"}, {"unit": "percent"}),
    ("notations", {"mac": "3C-71-BF-4A-9E-02"}, {"mac": "3C:71:BF:4A:9E:02"}),
    ("notations", {"mac": "3c71bf4a9e02"}, {"mac": "3C:71:BF:4A:9E:02"}),
    ("notations", {"mac": "3c71.bf4a.9e02"}, {"mac": "3C:71:BF:4A:9E:02"}),
    ("notations", {"color_hex": "rgb(255, 136, 0)"}, {"color_hex": "#FF8800"}),
    ("notations", {"color_hex": [255, 136, 0]}, {"color_hex": "#FF8800"}),
    ("notations", {"color_hex": "#f80"}, {"color_hex": "#FF8800"}),
    ("notations", {"background": "#FFF"}, {"background": "#FFFFFF"}),
    ("notations", {"aspect_ratio": "16/9"}, {"aspect_ratio": "16:9"}),
    ("notations", {"aspect_ratio": "16 x 9"}, {"aspect_ratio": "16:9"}),
    ("notations", {"aspect_ratio": "9/16"}, {"aspect_ratio": "9:16"}),
    ("notations", {"resolution": "1920\u00d71080"}, {"resolution": "1920x1080"}),
    ("notations", {"resolution": "1920 X 1080"}, {"resolution": "1920x1080"}),
    # a name with a word in full where the input has its usual short form; numbers in one text, parted by commas
    ("places", {"latitude": 48.8584, "longitude": 2.2945}, {"lat": 48.8584, "lon": 2.2945}),
    ("places", {"lng": 2.2945}, {"lon": 2.2945}),
    ("places", {"operator": ">"}, {"op": ">"}),
    ("places", {"bbox": "2.29,48.85,2.31,48.87"}, {"bbox": [2.29, 48.85, 2.31, 48.87]}),
    ("places", {"ids": "10, 20, 30"}, {"ids": [10, 20, 30]}),
    # milliseconds and h:mm:ss for a time unit; a version's v; an entity
    # id's domain; a float's noise off a step; an epoch in milliseconds; a rename the value chooses
    ("units", {"transition_ms": "0.3s"}, {"transition_ms": 300}),
    ("units", {"duration_seconds": "00:02:00"}, {"duration_seconds": 120}),
    ("units", {"firmware": "v2.4.1"}, {"firmware": "2.4.1"}),
    ("units", {"light_id": "living_room"}, {"light_id": "light.living_room"}),
    ("units", {"target": 21.500000001}, {"target": 21.5}),
    ("units", {"recorded_at": 1924992000000}, {"recorded_at": "2031-01-01T00:00:00Z"}),
    ("units", {"color": "#FF8800"}, {"color_hex": "#FF8800"}),
    ("units", {"color": 2700}, {"color_temp_kelvin": 2700}),
    # a coordinate with its degree sign, hemisphere or minutes and seconds; a media type's subtype; a content block's
    # text; a sort as text for sort objects; a width and a height for WIDTHxHEIGHT; a name with a word more
    ("shapes", {"lat": "33.8688 S", "lon": "151.2093 E"}, {"lat": -33.8688, "lon": 151.2093}),
    ("shapes", {"lat": "48.8584°"}, {"lat": 48.8584}),
    ("shapes", {"lat": "48°51'30\"N"}, {"lat": 48 + 51 / 60 + 30 / 3600}),
    ("shapes", {"output_format": "image/png"}, {"output_format": "png"}),
    ("shapes", {"output_format": "image/svg+xml"}, {"output_format": "svg"}),
    ("shapes", {"content": [{"type": "text", "text": "Summarise this."}]}, {"content": "Summarise this."}),
    ("shapes", {"order_by": "created_at DESC"}, {"order_by": [{"column": "created_at", "direction": "desc"}]}),
    ("shapes", {"order_by": "-created_at"}, {"order_by": [{"column": "created_at", "direction": "desc"}]}),
    ("shapes", {"order_by": "created_at"}, {"order_by": [{"column": "created_at"}]}),
    ("shapes", {"resolution": {"width": 1920, "height": 1080}}, {"resolution": "1920x1080"}),
    ("shapes", {"max_completion_tokens": 512}, {"max_tokens": 512}),
]
LEFT = [
    ("plans", {"on_cancel": "cancel"}, "cancelling now is not cancelling at the period's end"),
    ("plans", {"on_cancel": "Cancel"}, "the same, capitalised"),
    ("plans", {"retention": "delete"}, "deleting now is not deleting after 30 days"),
    ("plans", {"tier": "premium"}, "premium is no premium_plus: the member is a more specific plan"),
    ("plans", {"tier": "prem"}, "premium clipped, and premium is no premium_plus"),
    ("plans", {"refund_reason": "requested"}, "requested by whom: the member says more than the word"),
    ("timing", {"timeout": "1M"}, "a month or a minute"),
    ("timing", {"period": "1M"}, "a month or a minute"),
    ("timing", {"period": "6m"}, "six months or six minutes"),
    ("timing", {"window": "1M"}, "a month or a minute"),
    ("timing", {"period": "1M30S"}, "P1MT30S reads too: a month and 30 seconds, by the grammar"),
    ("timing", {"starts_at": "2125550123"}, "a New York phone number, 2037 as seconds"),
    ("timing", {"starts_at": 2015550123}, "a New Jersey phone number, 2033 as seconds"),
    ("timing", {"starts_at": "2145550199"}, "a Dallas phone number, 2037 as seconds"),
    ("timing", {"reminder": "1924992000"}, "the input speaks of a phone: ten digits there are a number to call"),
    ("timing", {"callback_phone": 1924992000}, "the input's name is a phone's"),
    ("scales", {"lat": 151.2093, "lon": -33.8688}, "a latitude past 90 is a longitude or a typo, never the pole"),
    ("scales", {"lon": 200}, "a longitude past 180 is no point on the antimeridian"),
    ("scales", {"quality": 0.8}, "a fraction of a 1-100 scale is no slip to 1"),
    ("scales", {"kelvin": 370}, "370 for 2000 to 6500 K is mireds (about 2700 K), not 2000 K"),
    ("scales", {"start": "1:30"}, "a minute and a half or an hour and a half into the video"),
    ("scales", {"position": {"lat": 48.8584, "lon": 2.2945}}, "an object is no number of the pair"),
    ("scales", {"geometry": {"type": "Point", "coordinates": {"lat": 48.8584, "lon": 2.2945}}}, "nor in a union's member"),
    ("notations", {"op": "contains"}, "no comparison the enum writes"),
    ("notations", {"op": "=~"}, "a regex match in some languages only"),
    ("notations", {"unit": "K"}, "kelvin is no member"),
    ("notations", {"unit": "c"}, "a lower-case c is no unit's symbol"),
    ("notations", {"mac": "3C:71:BF:4A:9E"}, "five bytes: one is missing"),
    ("notations", {"serial": "3C-71-BF-4A-9E-02"}, "a serial number's pattern, not a MAC address's"),
    ("notations", {"color_hex": "rgba(255, 136, 0, 0.5)"}, "half transparent: six digits cannot say it"),
    ("notations", {"color_hex": "orange"}, "a colour's name: CSS's one value or the shade the user means"),
    ("notations", {"color_hex": [255, 136, 300]}, "300 is no channel of 0-255"),
    ("notations", {"aspect_ratio": "3:2"}, "no member holds 3 and 2"),
    ("places", {"minutes": 5}, "min is a minimum, not minutes"),
    ("units", {"max_bytes": "2MB"}, "2,000,000 or 2,097,152 bytes"),
    ("units", {"radius_m": "0.2 km"}, "a unit the input does not name is not converted (tests/test_suggestions.py: 12 mm for length_cm)"),
    ("units", {"sample_rate": "48kHz"}, "nor kHz for Hz"),
    ("units", {"bitrate_kbps": "5 Mbps"}, "nor Mbps for kbps"),
    ("units", {"target": 21.3}, "21.3 is no float's noise of 21.5"),
    ("units", {"firmware": "v2.4"}, "the version still lacks its patch number"),
    ("units", {"color": "red"}, "neither colour input takes the word"),
    ("shapes", {"lat": "2.2945 E"}, "east is no latitude's hemisphere"),
    ("shapes", {"lat": "N 48.8 S"}, "two hemispheres"),
    ("shapes", {"lat": "48°75'N"}, "75 minutes"),
    ("shapes", {"output_format": "image/heic"}, "no such member"),
    ("shapes", {"content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}, "two texts: joined how?"),
    ("shapes", {"resolution": {"width": 1920, "height": 1080, "depth": 8}}, "an object that says more than a size"),
    ("shapes", {"max_page_size": 50}, "a page's size is no max_page"),
    ("places", {"bbox": "1,000"}, "a thousand, or one and zero"),
    ("places", {"bbox": "10,20"}, "10.2 with a decimal comma, or two numbers"),
    ("places", {"ids": "1.5,2"}, "1.5 is no whole number"),
]


catalogue, test_the_one_value_that_fits_is_suggested_and_the_retry_succeeds, test_a_value_with_two_readings_or_none_is_left_to_the_agent = (
    repair_tests("round_eight", TOOLS, REPAIRED, LEFT))


@pytest.mark.anyio
@pytest.mark.parametrize("field", ["timeout", "period", "window"])
async def test_a_lone_month_or_minute_names_both_readings(catalogue: Path, field: str) -> None:
    """'1M' for an ISO 8601 duration: the solution names P1M (a month) and PT1M (a minute) and lets the agent pick."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "timing", {field: "1M"})
    solution = found[0]["context"]["solution"]
    assert "P1M" in solution and "PT1M" in solution and "month" in solution and "minute" in solution


HOSTILE = ["1" * 20_000, " " * 20_000 + "x", "48" + " " * 20_000 + "N",
           "1," * 10_000, "rgb(" + "1," * 7_000 + ")", "3C-" * 7_000, "16/" * 7_000, "1H" * 10_000,
           "v" + "1." * 10_000, "gt" * 10_000, "°C" * 10_000]


@pytest.mark.parametrize("text", HOSTILE, ids=[t[:8] for t in HOSTILE])
def test_this_rounds_readers_answer_a_20_kb_string_at_once(text: str) -> None:
    """Every value reader added this round answers a hostile 20 KB string in well under a second (bounded, linear)."""
    started = time.perf_counter()
    hex_colour(text, "^#[0-9A-F]{6}$"), mac_address(text, "^([0-9A-F]{2}:){5}[0-9A-F]{2}$"), paired(text, "^[0-9]+x[0-9]+$")
    pair_member(text, ["16:9"]), designator_readings(text), designated(text, ISO_ANY), operator_member(text, [">", "="])
    unit_member(text, ["celsius"]), epoch_date_time(text), float_noise(1e300, 0.5), tied_names(text, ["color_hex", "color_temp"])
    same_words(norm(text[:256]), "lat"), abbreviates_every_word(text[:256], "_".join(["a" * 30] * 8))
    coerce(text, {"type": "array", "items": {"type": "number"}}), without_sigil(text, "^[0-9.]+$")
    coordinate(text, "lat"), media_member(text, ["png"]), block_text([{"type": "text", "text": text}])
    sort_objects(text, {"type": "array", "items": {"properties": {"column": {}, "direction": {"enum": ["asc", "desc"]}}}})
    assert time.perf_counter() - started < 0.5
