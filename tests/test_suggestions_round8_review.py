"""A hostile review of round eight's readers (tests/test_suggestions_round8.py): calls where a reader suggested a value
the caller did not mean, or one of two readings, each now left to the agent; what the same readers still repair; and
every new reader under a 200 KB value through a real server, answered within the analysis budget.

Found wrong before this review: three hex digits for a short git hash or a product code read as a colour ("abc" →
"aabbcc"); [1, 0, 0] (red on a 0-1 scale) as #010000; "9/30" (a date) as the time 9:30 and "12x25" as the date 12/25;
a width and a height written in the order of an input described as HEIGHTxWIDTH; "48'N" read as 4° 8'; "1,250.5,3" as
[1, 250.5, 3]; "max_results_per_page" renamed max_results beside page_size; "timeout": 30 renamed timeout_minutes beside timeout_ms
(and 300 timeout_ms) because only that one's bounds took it; "v12345" for a numeric code stripped to
12345; "KB" as kilobyte where kibibyte is allowed too; "example.com", a whole host, as www.example.com for a pattern
beginning "www."."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from mcp import Client
from repair_cases import entries, repair_tests

from atdf_mcp import load_catalog
from atdf_mcp.clock_times import clock_time
from atdf_mcp.server import build_server

TOOLS = [
    {"name": "hexes", "description": "Hex digits that are colours, and hex digits that are not.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "commit": {"type": "string", "pattern": "^[0-9a-f]{6,40}$", "description": "Commit hash."},
            "product_code": {"type": "string", "pattern": "^[0-9A-F]{6}$"},
            "fill": {"type": "string", "pattern": "^[0-9A-F]{6}$", "description": "Fill colour as RRGGBB."},
            "color_hex": {"type": "string", "pattern": "^#[0-9A-F]{6}$"}}}},
    {"name": "pairs", "description": "Two numbers joined by a mark.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "starts": {"type": "string", "pattern": "^([01]?[0-9]|2[0-3]):[0-5][0-9]$", "description": "Start time."},
            "day": {"type": "string", "pattern": "^[0-9]{2}/[0-9]{2}$", "description": "Day as MM/DD."},
            "frame": {"type": "string", "pattern": "^[0-9]+x[0-9]+$", "description": "Frame size as HEIGHTxWIDTH."},
            "resolution": {"type": "string", "pattern": "^[0-9]+x[0-9]+$"}}}},
    {"name": "places", "description": "Coordinates and lists of numbers.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "lat": {"type": "number", "minimum": -90, "maximum": 90},
            "scores": {"type": "array", "items": {"type": "number"}}}}},
    {"name": "search", "description": "Renames.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "max_results": {"type": "integer"}, "page_size": {"type": "integer"}, "max_tokens": {"type": "integer"}}}},
    {"name": "timers", "description": "Two inputs a name ties, of one type in two units.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "timeout_ms": {"type": "integer", "minimum": 100}, "timeout_minutes": {"type": "integer", "maximum": 60},
            "start_date": {"type": "string", "format": "date"}, "start_time": {"type": "string", "pattern": "^[0-9]{2}:[0-9]{2}$"}}}},
    {"name": "releases", "description": "Versions and codes.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "order_code": {"type": "string", "pattern": "^[0-9]+$"},
            "api_version": {"type": "string", "pattern": "^[0-9]+$"},
            "firmware": {"type": "string", "pattern": "^[0-9]+\\.[0-9]+\\.[0-9]+$"},
            "site": {"type": "string", "pattern": "^www\\.[a-z0-9-]+\\.[a-z]{2,}$"},
            "app_id": {"type": "string", "pattern": "^com\\.[a-z]+\\.[a-z]+$"},
            "light_id": {"type": "string", "pattern": "^light\\.[a-z0-9_]+$"}}}},
    {"name": "storage", "description": "Units by their symbols.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "size_unit": {"type": "string", "enum": ["kilobyte", "kibibyte", "megabyte", "mebibyte"]},
            "plain_unit": {"type": "string", "enum": ["kilobyte", "megabyte"]}}}},
]
REPAIRED = [
    ("hexes", {"fill": "#F80"}, {"fill": "FF8800"}),
    ("hexes", {"color_hex": [255, 136, 0]}, {"color_hex": "#FF8800"}),
    ("hexes", {"color_hex": "abc"}, {"color_hex": "#AABBCC"}),
    ("pairs", {"resolution": "1920 X 1080"}, {"resolution": "1920x1080"}),
    ("pairs", {"resolution": {"width": 1920, "height": 1080}}, {"resolution": "1920x1080"}),
    ("places", {"lat": "48 30'N"}, {"lat": 48.5}),
    ("places", {"lat": "48\u00b0 51\u2032 30\u2033 N"}, {"lat": 48 + 51 / 60 + 30 / 3600}),
    ("places", {"scores": "1.5,2,3"}, {"scores": [1.5, 2, 3]}),
    ("search", {"max_completion_tokens": 512}, {"max_tokens": 512}),
    ("timers", {"start": "2030-01-01"}, {"start_date": "2030-01-01"}),
    ("releases", {"firmware": "v2.4.1"}, {"firmware": "2.4.1"}),
    ("releases", {"api_version": "v2"}, {"api_version": "2"}),
    ("releases", {"light_id": "living_room"}, {"light_id": "light.living_room"}),
    ("storage", {"plain_unit": "KB"}, {"plain_unit": "kilobyte"}),
]
LEFT = [
    ("hexes", {"commit": "abc"}, "a short hash is no colour: abc is not aabbcc"),
    ("hexes", {"product_code": "abc"}, "a code of hex digits, not a colour"),
    ("hexes", {"color_hex": [1, 0, 0]}, "red on a 0-1 scale as often as #010000"),
    ("hexes", {"color_hex": [1, 1, 1]}, "white on a 0-1 scale, or almost black"),
    ("pairs", {"starts": "9/30"}, "September 30, not half past nine"),
    ("pairs", {"day": "12x25"}, "a size is no day"),
    ("pairs", {"frame": {"width": 1920, "height": 1080}}, "the input puts the height first"),
    ("pairs", {"frame": "1920 X 1080"}, "width first as sizes are written, or the height first as the input says"),
    ("places", {"lat": "48'N"}, "48 minutes, or 4 degrees and 8 minutes: the degrees are not marked"),
    ("places", {"lat": "4830'N"}, "the same, with more digits"),
    ("places", {"scores": "1,250.5,3"}, "1250.5 and 3 with a thousands comma, or three numbers"),
    ("search", {"max_results_per_page": 20}, "a page's most is page_size, not max_results"),
    ("timers", {"timeout": 30}, "30 seconds as likely: the bounds of two units do not say which the caller meant"),
    ("timers", {"timeout": 300}, "the same: 300 fits the milliseconds' bound, not the minutes'"),
    ("releases", {"order_code": "v12345"}, "a letter that is part of a code, not a version's v"),
    ("releases", {"site": "example.com"}, "a whole host already: www.example.com is another host"),
    ("releases", {"app_id": "example.app"}, "a whole dotted id already: com.example.app is another id"),
    ("storage", {"size_unit": "KB"}, "KB is 1000 or 1024 bytes where both are allowed"),
    ("storage", {"size_unit": "MB"}, "the same for MB"),
]

catalogue, test_the_one_value_that_fits_is_still_suggested, test_a_value_with_two_readings_is_left_to_the_agent = (
    repair_tests("round_eight_review", TOOLS, REPAIRED, LEFT))

HOSTILE_TOOL = {"name": "hostile", "description": "Every input a round-eight reader reads.", "inputSchema": {
    "type": "object", "additionalProperties": False, "properties": {
        "lat": {"type": "number"}, "bbox": {"type": "array", "items": {"type": "number"}},
        "color_hex": {"type": "string", "pattern": "^#[0-9A-F]{6}$"},
        "mac": {"type": "string", "pattern": "^([0-9A-F]{2}:){5}[0-9A-F]{2}$"},
        "resolution": {"type": "string", "pattern": "^[0-9]+x[0-9]+$"},
        "aspect": {"type": "string", "enum": ["16:9", "4:3"]}, "op": {"type": "string", "enum": [">", ">=", "="]},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}, "fmt": {"type": "string", "enum": ["png", "jpeg"]},
        "timeout": {"type": "string", "pattern": "^P(?!$)(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)?$"},
        "alarm": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "description": "Alarm time."},
        "firmware": {"type": "string", "pattern": "^[0-9]+\\.[0-9]+\\.[0-9]+$"},
        "light_id": {"type": "string", "pattern": "^light\\.[a-z0-9_]+$"},
        "transition_ms": {"type": "integer"}, "recorded_at": {"type": "string", "format": "date-time"},
        "order_by": {"type": "array", "items": {"type": "object", "properties": {
            "column": {"type": "string"}, "direction": {"type": "string", "enum": ["asc", "desc"]}}}}}}}
SHAPES = {"digits": "1" * 200_000, "spaces": "48" + " " * 200_000 + "N", "degrees": "\u00b0" * 200_000,
          "commas": "1," * 100_000, "brackets": "[" * 100_000 + "]" * 100_000, "colons": "1:" * 100_000,
          "marks": "16/" * 66_000, "units": "1H" * 100_000, "words": "gt_" * 66_000}


@pytest.fixture
def hostile_catalogue(tmp_path: Path) -> Path:
    """One tool whose every input one of round eight's readers reads."""
    (tmp_path / "hostile.json").write_text(json.dumps([HOSTILE_TOOL]), encoding="utf-8")
    (tmp_path / "handlers.py").write_text("def hostile(**arguments):\n    return arguments\n", encoding="utf-8")
    return tmp_path


@pytest.mark.anyio
@pytest.mark.parametrize("shape", list(SHAPES))
async def test_a_200_kb_value_for_every_new_reader_is_refused_within_the_budget(hostile_catalogue: Path, shape: str) -> None:
    """A 200 KB value of a shape that stresses the readers, sent to every input at once: one refused call, answered
    well within the 2 s analysis budget, with no suggestion."""
    text = SHAPES[shape]
    arguments = {name: text for name in HOSTILE_TOOL["inputSchema"]["properties"]}
    async with Client(build_server(load_catalog(hostile_catalogue))) as client:
        started = time.perf_counter()
        found = await entries(client, "hostile", arguments)
        elapsed = time.perf_counter() - started
    assert elapsed < 2.0, elapsed
    assert found and all(e["suggested_value"] is None for e in found)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_time_of_day_reader_answers_a_200_kb_string_at_once(shape: str) -> None:
    """The time-of-day reader, whose pattern has optional spaces side by side, answers 200 KB at once (it took 127 s
    for "48", 200,000 spaces and "N"): a time of day is short, so a long text is none."""
    started = time.perf_counter()
    clock_time(SHAPES[shape], "^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$", "start time")
    assert time.perf_counter() - started < 0.5
