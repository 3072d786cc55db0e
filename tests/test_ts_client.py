"""What a TypeScript-SDK client sees (Claude Desktop, Claude Code, Cursor and the Inspector are built on it).

That SDK validates structuredContent against the tool's outputSchema even on isError results and throws -32602
when it does not match, so these tests drive the real `@modelcontextprotocol/sdk` client (scripts/ts_client.mjs,
installed by `npm ci` from package-lock.json) against the bundled catalogue over stdio (a real `atdf-mcp serve`
subprocess), Streamable HTTP `/mcp` and legacy `/sse` (uvicorn on 127.0.0.1). One Node process per transport makes
every call. The TS SDK 1.x speaks the handshake era; the 2026-07-28 era is covered by tests/test_error_results.py.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from local_server import running

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

ROOT = Path(__file__).parent.parent
SCRIPT = ROOT / "scripts" / "ts_client.mjs"
NODE = shutil.which("node")
SDK = ROOT / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"

pytestmark = pytest.mark.skipif(NODE is None or not SDK.is_file(),
                                reason="needs Node.js and the TypeScript SDK: run `npm ci` in the project root")

CHECK_IN = (dt.date.today() + dt.timedelta(days=30)).isoformat()
CHECK_OUT = (dt.date.today() + dt.timedelta(days=33)).isoformat()
HOTEL = {"hotel_id": "MAD-PRADO", "check_in": CHECK_IN, "check_out": CHECK_OUT, "room_type": "deluxe"}
UNITS = {"value": 10, "from_unit": "km", "to_unit": "mi"}
WITH_SCHEMA = ("hotel_reservation", "flight_booking", "date_range_validator", "weather_forecast")

# (label, tool, arguments, retry with the envelope's suggested_arguments)
CALLS: list[tuple[str, str, dict[str, Any], bool]] = [
    # hotel_reservation declares an output schema that no envelope satisfies
    ("hotel valid", "hotel_reservation", HOTEL, False),
    ("hotel wrong argument", "hotel_reservation", {**HOTEL, "room_type": "Deluxe"}, True),
    ("hotel declared failure", "hotel_reservation", {**HOTEL, "hotel_id": "MAD-PRAD"}, True),
    # unit_converter declares none
    ("units valid", "unit_converter", UNITS, False),
    ("units wrong argument", "unit_converter", {**UNITS, "value": "10"}, True),
    ("units declared failure", "unit_converter", {**UNITS, "from_unit": "KM"}, True),
    # no such tool: no schema on the server, whatever the client holds
    ("unknown tool", "hotel_reservations", HOTEL, False),
    # every tool with an output schema, called with nothing
    *((f"{name} without arguments", name, {}, False) for name in WITH_SCHEMA),
]


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    """`atdf-mcp serve descriptors --transport http` on a free 127.0.0.1 port (/mcp and /sse)."""
    with running(build_app(CatalogServer(load_catalog(ROOT / "descriptors")), HttpOptions())) as url:
        yield url


def ts_client(target: list[str], labelled: list[tuple[str, str, dict[str, Any], bool]] = CALLS) -> dict[str, Any]:
    """Run scripts/ts_client.mjs on `target` with every call of `labelled` (CALLS); its report, by call label."""
    calls = [{"name": tool, "arguments": arguments, "retry": retry} for _, tool, arguments, retry in labelled]
    done = subprocess.run([NODE, str(SCRIPT), *target], input=json.dumps(calls), capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [c["name"] for c in report["calls"]] == [tool for _, tool, _, _ in labelled]
    report["by_label"] = {label: outcome for (label, *_), outcome in zip(labelled, report["calls"], strict=True)}
    return report


def succeeded(outcome: dict[str, Any]) -> dict[str, Any]:
    """The structuredContent of a call the client accepted as a success."""
    assert "exception" not in outcome, outcome["exception"]
    result = outcome["result"]
    assert result.get("isError") in (None, False), result["content"][0]["text"]
    return result["structuredContent"]


def envelope(outcome: dict[str, Any]) -> dict[str, Any]:
    """The envelope of a call the client got as an isError result (and no exception): read from the first text
    block, valid, and equal to structuredContent when that is present."""
    assert "exception" not in outcome, outcome["exception"]
    result = outcome["result"]
    assert result["isError"] is True, result
    env = json.loads(result["content"][0]["text"])
    assert SCHEMAS["error"].violations(env) == []
    assert result.get("structuredContent") in (None, env)
    return env


def failed(outcome: dict[str, Any]) -> dict[str, Any]:
    """The single error entry of the envelope of a failed call."""
    env = envelope(outcome)
    assert len(env["errors"]) == 1, env
    return env["errors"][0]


TARGETS = {
    "stdio": lambda url: ["--", sys.executable, "-m", "atdf_mcp", "serve", str(ROOT / "descriptors")],
    "streamable-http": lambda url: [f"{url}/mcp"],
    "sse": lambda url: [f"{url}/sse"],
}


@pytest.fixture(scope="module", params=list(TARGETS))
def report(request: pytest.FixtureRequest, http_url: str) -> dict[str, Any]:
    """The TS client's report over one transport."""
    return ts_client(TARGETS[request.param](http_url))


def test_the_catalogue_is_listed_with_and_without_output_schemas(report: dict[str, Any]) -> None:
    """The client sees the bundled catalogue; the tools used here do and do not declare an output schema."""
    schemas = {tool["name"]: tool["outputSchema"] for tool in report["tools"]}
    assert report["server"]["name"] == "atdf-mcp demo catalogue"
    assert all(schemas[name] for name in WITH_SCHEMA)
    assert schemas["unit_converter"] is False


def test_valid_calls_succeed_and_pass_the_clients_output_check(report: dict[str, Any]) -> None:
    """A valid call of a tool with an output schema comes back as structuredContent the TS SDK accepted."""
    booking = succeeded(report["by_label"]["hotel valid"])
    assert booking["status"] == "confirmed" and booking["hotel_id"] == "MAD-PRADO" and booking["nights"] == 3
    assert succeeded(report["by_label"]["units valid"])["result"] == pytest.approx(6.21371)


@pytest.mark.parametrize("label", ["hotel wrong argument", "units wrong argument"])
def test_a_wrong_argument_reaches_the_client_with_a_fix_that_works(report: dict[str, Any], label: str) -> None:
    """A wrong argument is a VALIDATION_ERROR envelope naming it, with a suggestion; retried verbatim, it succeeds."""
    outcome = report["by_label"][label]
    error = failed(outcome)
    assert error["code"] == "VALIDATION_ERROR"
    expected = {"hotel wrong argument": ("room_type", "deluxe", HOTEL), "units wrong argument": ("value", "10", UNITS)}[label]
    assert (error["parameter_name"], error["suggested_value"], error["context"]["suggested_arguments"]) == expected
    assert outcome["retry"]["arguments"] == expected[2]
    succeeded(outcome["retry"])


@pytest.mark.parametrize(("label", "code", "parameter", "value"), [
    ("hotel declared failure", "UNKNOWN_LOCATION", "hotel_id", "MAD-PRADO"),
    ("units declared failure", "UNKNOWN_UNIT", "from_unit", "km"),
])
def test_a_declared_failure_reaches_the_client_with_its_code(report: dict[str, Any], label: str, code: str,
                                                             parameter: str, value: str) -> None:
    """A handler's ToolError arrives with the descriptor's declared code and the fixed arguments, which then work."""
    outcome = report["by_label"][label]
    error = failed(outcome)
    assert (error["code"], error["parameter_name"], error["suggested_value"]) == (code, parameter, value)
    assert error["context"]["suggested_arguments"][parameter] == value
    succeeded(outcome["retry"])


def test_an_unknown_tool_reaches_the_client_with_the_nearest_name(report: dict[str, Any]) -> None:
    """A misspelt tool name is a TOOL_NOT_FOUND envelope suggesting the real name, without structuredContent."""
    outcome = report["by_label"]["unknown tool"]
    error = failed(outcome)
    assert (error["code"], error["suggested_value"]) == ("TOOL_NOT_FOUND", "hotel_reservation")
    assert "structuredContent" not in outcome["result"]


@pytest.mark.parametrize("name", WITH_SCHEMA)
def test_no_error_of_a_tool_with_an_output_schema_makes_the_client_throw(report: dict[str, Any], name: str) -> None:
    """Called with no arguments, every tool with an output schema answers an envelope naming each missing argument
    (its structuredContent, if any, passed the client's output check); the client throws nothing."""
    outcome = report["by_label"][f"{name} without arguments"]
    env = envelope(outcome)
    required = {tool["name"]: tool for tool in report["tools"]}[name]["required"]
    assert sorted(error["parameter_name"] for error in env["errors"]) == sorted(required)
    assert all(error["tool_name"] == name for error in env["errors"])


# -- progressive disclosure: the meta-tools as a TS client drives them -------------------------------------------

PROGRESSIVE_CALLS: list[tuple[str, str, dict[str, Any], bool]] = [
    ("search", "search_tools", {"query": "book a hotel room"}, False),
    ("search bad limit", "search_tools", {"query": "hotel", "limit": 99}, True),
    ("info", "get_tool_info", {"name": "hotel_reservation"}, False),
    ("info unknown", "get_tool_info", {"name": "hotel_reservations"}, False),
    ("call valid", "call_tool", {"name": "hotel_reservation", "arguments": HOTEL}, False),
    ("call wrong argument", "call_tool", {"name": "hotel_reservation", "arguments": {**HOTEL, "room_type": "Deluxe"}}, False),
]


@pytest.fixture(scope="module")
def progressive_report() -> dict[str, Any]:
    """The TS client's report from `atdf-mcp serve descriptors --disclosure progressive` over stdio."""
    return ts_client(["--", sys.executable, "-m", "atdf_mcp", "serve", str(ROOT / "descriptors"), "--disclosure", "progressive",
                      "--no-watch"], PROGRESSIVE_CALLS)


def test_a_ts_client_sees_search_tools_structured_result(progressive_report: dict[str, Any]) -> None:
    """tools/list is the three meta-tools; search_tools' structuredContent passes the client's check of its outputSchema."""
    assert [tool["name"] for tool in progressive_report["tools"]] == ["search_tools", "get_tool_info", "call_tool"]
    found = succeeded(progressive_report["by_label"]["search"])["tools"]
    assert found[0]["name"] == "hotel_reservation" and set(found[0]) == {"name", "description", "score"}
    assert succeeded(progressive_report["by_label"]["info"])["inputSchema"]["required"]


def test_a_ts_client_gets_meta_tool_envelopes_without_throwing(progressive_report: dict[str, Any]) -> None:
    """A bad limit and an unknown name: envelopes (no structuredContent that breaks the outputSchema); the fix works."""
    by_label = progressive_report["by_label"]
    bad = by_label["search bad limit"]
    assert failed(bad)["code"] == "VALIDATION_ERROR" and bad["retry"]["arguments"] == {"query": "hotel", "limit": 50}
    succeeded(bad["retry"])
    unknown = failed(by_label["info unknown"])
    assert (unknown["code"], unknown["suggested_value"]) == ("TOOL_NOT_FOUND", "hotel_reservation")


def test_a_ts_client_calls_through_call_tool_and_gets_the_tools_envelope(progressive_report: dict[str, Any]) -> None:
    """call_tool: the tool's own result, and for a wrong argument the tool's own envelope."""
    by_label = progressive_report["by_label"]
    assert succeeded(by_label["call valid"])["status"] == "confirmed"
    wrong = failed(by_label["call wrong argument"])
    assert (wrong["code"], wrong["tool_name"], wrong["parameter_name"]) == ("VALIDATION_ERROR", "hotel_reservation", "room_type")


# -- a tool set over legacy SSE: /sse/{toolset} ------------------------------------------------------------------


def test_a_ts_client_sees_only_the_set_over_sse(tmp_path: Path) -> None:
    """`/sse/support` is the set over the legacy transport: the TS client connects with its SSE transport (the script
    took any path not ending in /sse for Streamable HTTP, and failed to connect), lists the set's tools only, calls
    one, and a tool of another set is TOOL_NOT_FOUND."""
    from test_toolsets import write_catalog

    folder = write_catalog(tmp_path / "catalog", "toolsets:\n  support: {tags: [crm, email]}\n  finance: {ids: ['invoice_*']}\n")
    calls = [("inside", "crm_lookup", {"text": "ada"}, False), ("outside", "invoice_void", {"text": "x"}, False)]
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions())) as url:
        report = ts_client([f"{url}/sse/support"], calls)
    assert sorted(tool["name"] for tool in report["tools"]) == ["crm_lookup", "send_email"]
    assert succeeded(report["by_label"]["inside"]) == {"tool": "crm_lookup", "text": "ada"}
    assert failed(report["by_label"]["outside"])["code"] == "TOOL_NOT_FOUND"
