"""The default catalogue (`descriptors/`, what `atdf-mcp serve` serves with no argument), as a client sees it.

Every tool succeeds on its own examples; every wrong call comes back as a valid ATDF envelope that
names the parameter and, when a fix exists, carries `suggested_arguments` that succeed when retried.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import mcp
import pytest
from envelopes import envelope_of
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

from atdf_mcp import load_catalog
from atdf_mcp.cli import main as cli_main
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import build_server

DESCRIPTORS = Path(__file__).resolve().parent.parent / "descriptors"
ARDF_MIME = "application/vnd.ardf+json"
RESOURCE_NOT_FOUND = -32002
MODES = pytest.mark.parametrize("mode", ["legacy", "auto"])

TOOLS = {"hotel_reservation", "flight_booking", "search_hotels", "date_range_validator", "unit_converter"}
# HTTP-backed tools of descriptors/http (their backend is examples/demo_api; covered in test_http_dispatch.py).
HTTP_TOOLS = {"weather_forecast", "travel_api__list_currencies", "travel_api__convert_currency", "travel_api__add_trip_note",
              "travel_api__get_trip_note", "review_sentiment__invoke"}
WORKFLOW_TOOLS = {"trip_booking"}  # a runnable workflow is a composite tool (atdf_mcp.workflows) ...
PROMPTS = {"travel_agent", "trip_summary", "trip_booking"}  # ... and a prompt too
TODAY = dt.date.today()


def day(offset: int) -> str:
    """Today plus `offset` days, as YYYY-MM-DD."""
    return (TODAY + dt.timedelta(days=offset)).isoformat()


# Valid base calls that the wrong calls below alter.
HOTEL = {"hotel_id": "MAD-PRADO", "check_in": "2030-06-01", "check_out": "2030-06-04"}
FLIGHT = {"origin": "MAD", "destination": "JFK", "departure_date": "2030-03-15"}
RANGE = {"start_date": "2030-07-01", "end_date": "2030-07-07"}
UNITS = {"value": 10, "from_unit": "km", "to_unit": "mi"}

# ATDF 1.x cannot carry examples: these are unit_converter's, kept here.
UNIT_CONVERTER_CALLS = [
    ({"value": 26.2, "from_unit": "mi", "to_unit": "km"}, 42.1648),
    ({"value": 98.6, "from_unit": "F", "to_unit": "C"}, 37),
    ({"value": 5, "from_unit": "kg", "to_unit": "lb"}, 11.0231),
    ({"value": 100, "from_unit": "km/h", "to_unit": "m/s"}, 27.7778),
]



@pytest.fixture(scope="module")
def catalog() -> Any:
    return load_catalog(DESCRIPTORS)


@pytest.fixture(scope="module")
def server(catalog: Any) -> Any:
    return build_server(catalog)


# ---------------------------------------------------------------------------------------------
# Loading


def test_catalogue_loads_without_problems(catalog: Any) -> None:
    assert catalog.report.errors == []
    assert catalog.report.warnings == []
    assert {"tool", "prompt", "document", "workflow", "policy", "dataset"} <= set(catalog.counts())
    assert {"model", "connector"} <= set(catalog.counts())  # HTTP-backed, served by examples/demo_api
    assert {d.id for d in catalog.tools} == TOOLS | HTTP_TOOLS
    assert {d.dialect for d in catalog.tools} == {"ardf", "atdf1", "atdf2", "openakita"}
    assert catalog.serving_problems == ()  # every tool has a working handler


def test_catalogue_config(catalog: Any) -> None:
    config = catalog.config
    assert config.name == "atdf-mcp demo catalogue"
    assert config.version and config.description
    assert config.bindings["unit_converter"] == {"handler": "units:convert"}


def test_validate_command_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["validate", "--strict", str(DESCRIPTORS)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().out


def test_validate_reports_a_broken_binding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = shutil.copytree(DESCRIPTORS, tmp_path / "descriptors", ignore=shutil.ignore_patterns("__pycache__"))
    config = copy / "atdf-mcp.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("units:convert", "units:no_such_function"), encoding="utf-8")
    assert load_catalog(copy).serving_problems  # the server does see it
    assert cli_main(["validate", str(copy)]) == 1


def test_every_tool_but_atdf1_carries_examples(catalog: Any) -> None:
    for tool in catalog.tools:
        if tool.id in HTTP_TOOLS:
            continue
        if tool.dialect == "atdf1":
            assert not tool.examples  # the 1.x schema has no room for them: UNIT_CONVERTER_CALLS stand in
        else:
            assert len(tool.examples) >= 2, tool.id


@pytest.mark.anyio
async def test_an_edited_copy_uses_its_own_helpers(tmp_path: Path) -> None:
    async with mcp.Client(build_server(load_catalog(DESCRIPTORS)), mode="legacy") as client:
        original = (await client.call_tool("hotel_reservation", HOTEL)).structured_content
    copy = shutil.copytree(DESCRIPTORS, tmp_path / "descriptors", ignore=shutil.ignore_patterns("__pycache__"))
    helpers = copy / "demo_support.py"
    helpers.write_text(helpers.read_text(encoding="utf-8").replace('"rates": {"standard": 120,', '"rates": {"standard": 99,'),
                       encoding="utf-8")
    async with mcp.Client(build_server(load_catalog(copy)), mode="legacy") as client:
        edited = (await client.call_tool("hotel_reservation", HOTEL)).structured_content
    assert (original["nightly_rate"], edited["nightly_rate"]) == (120, 99)


# ---------------------------------------------------------------------------------------------
# Listing


@pytest.mark.anyio
@MODES
async def test_lists(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        prompts = {p.name: p for p in (await client.list_prompts()).prompts}
        resources = {r.uri: r for r in (await client.list_resources()).resources}
    assert set(tools) == TOOLS | HTTP_TOOLS | WORKFLOW_TOOLS
    assert tools["trip_booking"].input_schema["required"] == ["origin", "destination", "city", "start_date", "end_date"]
    assert "Runs 4 steps in order: validate_dates (date_range_validator) → book_flight" in tools["trip_booking"].description
    for name in ("search_hotels", "date_range_validator"):
        assert tools[name].annotations is not None and tools[name].annotations.read_only_hint is True
    assert tools["hotel_reservation"].annotations.read_only_hint is False
    for name in ("hotel_reservation", "flight_booking", "date_range_validator"):
        assert tools[name].output_schema is not None
    assert "Declared failures: INVALID_DATES" in tools["hotel_reservation"].description
    assert "Warnings:" in tools["search_hotels"].description  # OpenAkita warnings reach the description
    assert "relax the filters." in tools["search_hotels"].description  # the detail fits, untruncated
    assert set(prompts) == PROMPTS | {"catalog_overview"}  # and the Level-1 index (atdf_mcp.disclosure)
    assert {a.name: a.required for a in prompts["trip_summary"].arguments} == {
        "destination": True, "start_date": True, "end_date": True, "travelers": False}
    assert resources["ardf://document/travel_policy_guide/content"].mime_type == "text/markdown"
    for kind, ident in (("policy", "corporate_travel_policy"), ("dataset", "airports"), ("workflow", "trip_booking")):
        assert resources[f"ardf://{kind}/{ident}"].mime_type == ARDF_MIME


@pytest.mark.anyio
@MODES
async def test_serve_without_argument_serves_this_catalogue(mode: str, tmp_path: Path) -> None:
    """`atdf-mcp serve` run from the project root, over stdio, as Claude Desktop launches it."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve"], cwd=DESCRIPTORS.parent)
    with (tmp_path / "stderr.txt").open("w+", encoding="utf-8") as errlog:
        async with mcp.Client(stdio_client(params, errlog=errlog), mode=mode) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            result = await client.call_tool("unit_converter", {"value": 26.2, "from_unit": "mi", "to_unit": "km"})
        errlog.seek(0)
        log = errlog.read()
    assert tools == TOOLS | HTTP_TOOLS | WORKFLOW_TOOLS
    assert result.structured_content["result"] == pytest.approx(42.1648)
    assert "(0 error(s), 0 warning(s)" in log, log


@pytest.mark.anyio
async def test_spanish_descriptions(catalog: Any) -> None:
    async with mcp.Client(build_server(catalog, lang="es"), mode="legacy") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        prompts = {p.name: p for p in (await client.list_prompts()).prompts}
    assert tools["hotel_reservation"].description.startswith("Reserva una habitación")
    assert tools["flight_booking"].description.startswith("Reserva un vuelo")
    assert tools["unit_converter"].description.startswith("Convierte un valor")  # the unit_converter_es.json copy
    assert prompts["trip_summary"].description.startswith("Pide un resumen")


# ---------------------------------------------------------------------------------------------
# Successful calls


@pytest.mark.anyio
@MODES
async def test_every_example_succeeds(catalog: Any, server: Any, mode: str) -> None:
    calls = [(tool.id, example.input) for tool in catalog.tools if tool.id in TOOLS for example in tool.examples]
    calls += [("unit_converter", arguments) for arguments, _ in UNIT_CONVERTER_CALLS]
    async with mcp.Client(server, mode=mode) as client:  # the client checks structuredContent against outputSchema
        for name, arguments in calls:
            result = await client.call_tool(name, arguments)
            assert not result.is_error, (name, arguments, result.content)
            assert isinstance(result.structured_content, dict)
            assert json.loads(result.content[0].text) == result.structured_content


@pytest.mark.anyio
@MODES
async def test_results(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        hotel = (await client.call_tool("hotel_reservation", {"city": "Lisbon", "check_in": "2030-07-10", "check_out": "2030-07-17",
                                                              "guests": 4, "room_type": "deluxe"})).structured_content
        again = (await client.call_tool("hotel_reservation", {"city": "Lisbon", "check_in": "2030-07-10", "check_out": "2030-07-17",
                                                              "guests": 4, "room_type": "deluxe"})).structured_content
        flight = (await client.call_tool("flight_booking", {"origin": "MAD", "destination": "JFK", "departure_date": "2030-03-15",
                                                           "return_date": "2030-03-22", "passengers": 2})).structured_content
        dates = (await client.call_tool("date_range_validator", {"start_date": "2030-07-01", "end_date": "2030-07-07"})).structured_content
        offers = (await client.call_tool("search_hotels", {"city": "Madrid", "max_price": 150})).structured_content
        for arguments, expected in UNIT_CONVERTER_CALLS:
            assert (await client.call_tool("unit_converter", arguments)).structured_content["result"] == pytest.approx(expected, rel=1e-4)
    assert hotel == again  # deterministic: same request, same confirmation
    assert hotel["hotel_id"] == "LIS-ALFAMA" and hotel["nights"] == 7 and hotel["total_price"] == 7 * 160
    assert flight["trip"] == "return" and [s["origin"] for s in flight["segments"]] == ["MAD", "JFK"]
    assert flight["total_fare"] == pytest.approx(2 * flight["fare_per_passenger"])
    assert dates == {"valid": True, "start_date": "2030-07-01", "end_date": "2030-07-07", "days": 7, "nights": 6, "weekdays": 5,
                     "weekend_days": 2, "start_weekday": "Monday", "end_weekday": "Sunday"}
    assert [o["nightly_rate"] for o in offers["offers"]] == sorted(o["nightly_rate"] for o in offers["offers"])
    assert offers["count"] > 0 and all(o["nightly_rate"] <= 150 for o in offers["offers"])


@pytest.mark.anyio
@MODES
async def test_search_reports_progress(server: Any, mode: str) -> None:
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total))

    async with mcp.Client(server, mode=mode) as client:
        result = await client.call_tool("search_hotels", {"city": "Madrid"}, progress_callback=on_progress)
    assert not result.is_error
    assert seen == [(1, 2), (2, 2)]


# ---------------------------------------------------------------------------------------------
# Wrong calls: (tool, arguments, code, parameter, whether a retry with suggested_arguments must succeed)

WRONG_CALLS: list[tuple[str, str, dict[str, Any], str, str, bool]] = [
    # hotel_reservation (ARDF)
    ("hotel-enum-case", "hotel_reservation", {**HOTEL, "room_type": "Deluxe"}, "VALIDATION_ERROR", "room_type", True),
    ("hotel-string-number", "hotel_reservation", {**HOTEL, "guests": "2"}, "VALIDATION_ERROR", "guests", True),
    ("hotel-too-many-guests", "hotel_reservation", {"city": "Madrid", "check_in": "2030-07-10", "check_out": "2030-07-12",
                                                    "room_type": "suite", "guests": 12}, "VALIDATION_ERROR", "guests", True),
    ("hotel-bad-date-format", "hotel_reservation", {**HOTEL, "check_in": "2030/06/01"}, "VALIDATION_ERROR", "check_in", True),
    ("hotel-missing-check-out", "hotel_reservation", {"hotel_id": "MAD-PRADO", "check_in": "2030-06-01"},
     "VALIDATION_ERROR", "check_out", False),
    ("hotel-unexpected-argument", "hotel_reservation", {**HOTEL, "breakfast": True}, "VALIDATION_ERROR", "breakfast", False),
    ("hotel-check-in-past", "hotel_reservation", {**HOTEL, "check_in": day(-3), "check_out": day(5)}, "INVALID_DATES", "check_in", True),
    ("hotel-both-dates-past", "hotel_reservation", {**HOTEL, "check_in": day(-10), "check_out": day(-7)}, "INVALID_DATES", "check_in", True),
    ("hotel-check-out-not-after", "hotel_reservation", {**HOTEL, "check_out": "2030-06-01"}, "INVALID_DATES", "check_out", True),
    ("hotel-suite-sold-out", "hotel_reservation", {**HOTEL, "room_type": "suite"}, "NO_AVAILABILITY", "room_type", True),
    ("hotel-room-too-small", "hotel_reservation", {**HOTEL, "guests": 4}, "NO_AVAILABILITY", "room_type", True),
    ("hotel-city-sold-out", "hotel_reservation", {"city": "Lima", "check_in": "2030-08-01", "check_out": "2030-08-03",
                                                  "guests": 6, "room_type": "suite"}, "NO_AVAILABILITY", "room_type", False),
    ("hotel-unknown-id", "hotel_reservation", {**HOTEL, "hotel_id": "mad-prado"}, "UNKNOWN_LOCATION", "hotel_id", True),
    ("hotel-unknown-city", "hotel_reservation", {"city": "Lisboa", "check_in": "2030-06-01", "check_out": "2030-06-02"},
     "UNKNOWN_LOCATION", "city", True),
    ("hotel-no-location", "hotel_reservation", {"check_in": "2030-06-01", "check_out": "2030-06-02"}, "LOCATION_REQUIRED", "city", False),
    # flight_booking (ATDF 2.x)
    ("flight-enum-case", "flight_booking", {**FLIGHT, "cabin": "Business"}, "VALIDATION_ERROR", "cabin", True),
    ("flight-string-number", "flight_booking", {**FLIGHT, "passengers": "3"}, "VALIDATION_ERROR", "passengers", True),
    ("flight-no-passengers", "flight_booking", {**FLIGHT, "passengers": 0}, "VALIDATION_ERROR", "passengers", True),
    ("flight-too-many-passengers", "flight_booking", {**FLIGHT, "passengers": 12}, "VALIDATION_ERROR", "passengers", True),
    ("flight-bad-date-format", "flight_booking", {**FLIGHT, "departure_date": "2030/03/15"}, "VALIDATION_ERROR", "departure_date", True),
    ("flight-missing-origin", "flight_booking", {"destination": "JFK", "departure_date": "2030-03-15"}, "VALIDATION_ERROR", "origin", False),
    ("flight-same-airports", "flight_booking", {**FLIGHT, "destination": "MAD"}, "invalid_route", "destination", False),
    ("flight-departure-past", "flight_booking", {**FLIGHT, "departure_date": day(-1)}, "invalid_dates", "departure_date", True),
    ("flight-both-dates-past", "flight_booking", {**FLIGHT, "departure_date": day(-9), "return_date": day(-2)},
     "invalid_dates", "departure_date", True),
    ("flight-return-before", "flight_booking", {**FLIGHT, "return_date": "2030-03-10"}, "invalid_dates", "return_date", True),
    ("flight-unknown-airport", "flight_booking", {**FLIGHT, "origin": "MDA"}, "unknown_airport", "origin", True),
    # search_hotels (OpenAkita: no declared failures, built-in codes)
    ("search-enum-case", "search_hotels", {"city": "Tokyo", "room_type": "SUITE"}, "VALIDATION_ERROR", "room_type", True),
    ("search-string-number", "search_hotels", {"city": "Madrid", "nights": "3"}, "VALIDATION_ERROR", "nights", True),
    ("search-out-of-range", "search_hotels", {"city": "Madrid", "guests": 9}, "VALIDATION_ERROR", "guests", True),
    ("search-zero-price", "search_hotels", {"city": "Madrid", "max_price": 0}, "VALIDATION_ERROR", "max_price", False),
    ("search-bad-date-format", "search_hotels", {"city": "Madrid", "check_in": "15/07/2030"}, "VALIDATION_ERROR", "check_in", True),
    ("search-missing-city", "search_hotels", {"guests": 2}, "VALIDATION_ERROR", "city", False),
    ("search-misspelt-argument", "search_hotels", {"cty": "Lisbon"}, "VALIDATION_ERROR", "cty", True),
    ("search-unknown-city", "search_hotels", {"city": "Madird"}, "NOT_FOUND", "city", True),
    ("search-check-in-past", "search_hotels", {"city": "Paris", "check_in": day(-1)}, "VALIDATION_ERROR", "check_in", True),
    # date_range_validator (ATDF 2.x in YAML)
    ("range-string-number", "date_range_validator", {**RANGE, "max_days": "10"}, "VALIDATION_ERROR", "max_days", True),
    ("range-out-of-range", "date_range_validator", {**RANGE, "max_days": 500}, "VALIDATION_ERROR", "max_days", True),
    ("range-string-boolean", "date_range_validator", {**RANGE, "allow_past": "yes"}, "VALIDATION_ERROR", "allow_past", True),
    ("range-bad-date-format", "date_range_validator", {**RANGE, "start_date": "01.07.2030"}, "VALIDATION_ERROR", "start_date", True),
    ("range-missing-end", "date_range_validator", {"start_date": "2030-07-01"}, "VALIDATION_ERROR", "end_date", True),
    ("range-end-before-start", "date_range_validator", {**RANGE, "end_date": "2030-06-20"}, "END_BEFORE_START", "end_date", True),
    ("range-too-long", "date_range_validator", {**RANGE, "end_date": "2030-09-01"}, "RANGE_TOO_LONG", "end_date", True),
    ("range-start-past", "date_range_validator", {"start_date": day(-2), "end_date": day(10)}, "START_IN_PAST", "start_date", True),
    ("range-all-past", "date_range_validator", {"start_date": day(-20), "end_date": day(-13)}, "START_IN_PAST", "start_date", True),
    # unit_converter (ATDF 1.x: no enums, so units are checked by the handler)
    ("units-string-number", "unit_converter", {**UNITS, "value": "12.5"}, "VALIDATION_ERROR", "value", True),
    ("units-wrong-case", "unit_converter", {**UNITS, "to_unit": "MI"}, "UNKNOWN_UNIT", "to_unit", True),
    ("units-spelled-out", "unit_converter", {**UNITS, "from_unit": "kilometers"}, "UNKNOWN_UNIT", "from_unit", True),
    ("units-below-absolute-zero", "unit_converter", {"value": -300, "from_unit": "C", "to_unit": "K"},
     "BELOW_ABSOLUTE_ZERO", "value", True),
    ("units-incompatible", "unit_converter", {**UNITS, "to_unit": "kg"}, "INCOMPATIBLE_UNITS", "to_unit", False),
    ("units-missing-to", "unit_converter", {"value": 10, "from_unit": "km"}, "VALIDATION_ERROR", "to_unit", False),
]


def test_wrong_calls_cover_every_tool() -> None:
    assert {case[1] for case in WRONG_CALLS} == TOOLS


@pytest.mark.anyio
@MODES
@pytest.mark.parametrize(("tool", "arguments", "code", "parameter", "retry"), [c[1:] for c in WRONG_CALLS],
                         ids=[c[0] for c in WRONG_CALLS])
async def test_wrong_call(server: Any, mode: str, tool: str, arguments: dict[str, Any], code: str, parameter: str, retry: bool) -> None:
    async with mcp.Client(server, mode=mode) as client:
        envelope = envelope_of(await client.call_tool(tool, arguments))
        error = envelope["errors"][0]
        assert (error["code"], error["parameter_name"], error["tool_name"]) == (code, parameter, tool)
        assert error["type"] == f"urn:atdf:error:{code.lower().replace('_', '-')}"
        assert error["context"].get("solution")
        if not retry:
            assert "suggested_arguments" not in error["context"]
            return
        suggested = error["context"]["suggested_arguments"]
        assert suggested != arguments
        if error["suggested_value"] is not None and parameter in suggested:
            value = suggested[parameter]
            assert error["suggested_value"] == (value if isinstance(value, str) else json.dumps(value))
        again = await client.call_tool(tool, suggested)
        assert not again.is_error, (suggested, again.content)


@pytest.mark.anyio
@MODES
async def test_declared_failure_titles_come_from_the_descriptor(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        error = envelope_of(await client.call_tool("hotel_reservation", {**HOTEL, "room_type": "suite"}))["errors"][0]
    assert error["title"] == "No room of the requested type that sleeps the party is free at the hotel or in the city."
    assert error["suggested_value"] == "deluxe"
    assert error["context"]["available_room_types"] == ["deluxe", "standard"]


@pytest.mark.anyio
@MODES
async def test_suggestions_keep_the_stay_length(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        error = envelope_of(await client.call_tool("hotel_reservation", {**HOTEL, "check_in": day(-10), "check_out": day(-7)}))["errors"][0]
    assert error["suggested_value"] == day(1)
    assert error["context"]["suggested_arguments"] == {**HOTEL, "check_in": day(1), "check_out": day(4), "guests": 2, "room_type": "standard"}


@pytest.mark.anyio
@MODES
async def test_unknown_tool(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        error = envelope_of(await client.call_tool("hotel_reservations", HOTEL))["errors"][0]
    assert (error["code"], error["parameter_name"], error["suggested_value"]) == ("TOOL_NOT_FOUND", "name", "hotel_reservation")


@pytest.mark.anyio
async def test_pattern_suggestion_keeps_the_callers_value(server: Any) -> None:
    async with mcp.Client(server, mode="legacy") as client:
        error = envelope_of(await client.call_tool("flight_booking", {**FLIGHT, "destination": "lhr"}))["errors"][0]
    assert error["parameter_name"] == "destination"
    assert error["suggested_value"] == "LHR"


# ---------------------------------------------------------------------------------------------
# Prompts


@pytest.mark.anyio
@MODES
async def test_system_prompt_renders(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        result = await client.get_prompt("travel_agent", {"traveler_name": "Ana Ruiz", "company": "Acme", "home_airport": "MAD"})
    [message] = result.messages
    assert message.role == "user"  # MCP has no system role: sent as a user message that says it is an instruction
    text = message.content.text
    assert text.startswith("[System instruction")
    assert "travel agent of Acme" in text and "Ana Ruiz" in text and "home airport is MAD" in text
    assert "${" not in text


@pytest.mark.anyio
@MODES
async def test_prompt_defaults_and_missing_argument(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        result = await client.get_prompt("trip_summary", {"destination": "Lisbon", "start_date": "2030-07-10", "end_date": "2030-07-17"})
        assert "trip to Lisbon from 2030-07-10 to 2030-07-17 for 1 traveller(s)" in result.messages[0].content.text
        with pytest.raises(MCPError) as raised:
            await client.get_prompt("trip_summary", {"destination": "Lisbon", "start_date": "2030-07-10"})
    assert "end_date" in raised.value.message


@pytest.mark.anyio
@MODES
async def test_workflow_prompt_names_its_steps(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        result = await client.get_prompt("trip_booking", {"origin": "MAD", "destination": "LIS", "city": "Lisbon",
                                                          "start_date": "2030-07-10", "end_date": "2030-07-17"})
    text = result.messages[0].content.text
    for name in ("date_range_validator", "flight_booking", "search_hotels", "hotel_reservation"):
        assert f"`{name}`" in text
    assert "Validate 2030-07-10 to 2030-07-17" in text and "the corporate_travel_policy allows" in text and "${" not in text


# ---------------------------------------------------------------------------------------------
# Resources


@pytest.mark.anyio
@MODES
async def test_document_content_is_markdown(server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        result = await client.read_resource("ardf://document/travel_policy_guide/content")
    [content] = result.contents
    assert content.mime_type == "text/markdown"
    assert content.text == (DESCRIPTORS / "knowledge" / "guides" / "travel-policy.md").read_text(encoding="utf-8")


@pytest.mark.anyio
@MODES
async def test_every_descriptor_reads_as_ardf(catalog: Any, server: Any, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        for descriptor in catalog.descriptors:
            [content] = (await client.read_resource(descriptor.uri)).contents
            assert content.mime_type == ARDF_MIME
            document = json.loads(content.text)
            assert SCHEMAS["ardf"].violations(document) == [], descriptor.uri
            assert (document["resource_type"], document["resource_id"]) == (descriptor.type, descriptor.id)


@pytest.mark.anyio
@MODES
@pytest.mark.parametrize("uri", ["ardf://tool/no_such_tool", "ardf://document/no_such_doc/content", "ardf://policy/hotel_reservation"])
async def test_unknown_resource(server: Any, mode: str, uri: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        with pytest.raises(MCPError) as raised:
            await client.read_resource(uri)
    assert raised.value.code == RESOURCE_NOT_FOUND


def test_the_top_level_manifest_is_the_manifest_of_descriptors() -> None:
    """mcp_manifest.json at the repository root equals `atdf-mcp manifest descriptors` (regenerate it when this fails)."""
    from atdf_mcp.publish import build_manifest

    committed = json.loads((DESCRIPTORS.parent / "mcp_manifest.json").read_text(encoding="utf-8"))
    assert committed == build_manifest(load_catalog(DESCRIPTORS))
