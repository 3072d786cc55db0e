"""Policies enforced at dispatch: CEL rules block, warn, withhold results and suggest arguments that pass (atdf_mcp.policies)."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.codes import Code
from atdf_mcp.enforce import POLICY_META_KEY
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

DESCRIPTORS = Path(__file__).parent.parent / "descriptors"
MODES = pytest.mark.parametrize("mode", ["legacy", "auto"])
FIRST_CLASS_HOP = {"origin": "MAD", "destination": "BCN", "departure_date": "2030-05-02", "cabin": "first"}  # a 66-minute flight
LONG_STAY = {"hotel_id": "TYO-GINZA", "check_in": "2030-05-01", "check_out": "2030-05-30", "room_type": "deluxe"}  # 29 nights at 260


@pytest.fixture(scope="module")
def bundled() -> CatalogServer:
    """The bundled catalogue, served."""
    return CatalogServer(load_catalog(DESCRIPTORS))


def tool(name: str, tags: list[str] | None = None, inputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """An ARDF tool descriptor taking an integer `n` (or `inputs`)."""
    return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "tool", "description": f"The {name} tool.",
            "metadata": {"tags": tags or []},
            "content": {"type": "tool/io", "data": {
                "inputs": inputs or [{"name": "n", "type": "integer", "description": "A number.", "required": True}],
                "outputs": {"success": "Done.", "failure": []}}}}


def policy(*rules: dict[str, Any], **data: Any) -> dict[str, Any]:
    """An ARDF policy descriptor holding `rules`."""
    return {"schema_version": "1.0.0", "resource_id": "house_rules", "resource_type": "policy", "description": "House rules.",
            "content": {"type": "policy/rules", "data": {"rules": list(rules), **data}}}


def write_catalog(folder: Path, descriptors: list[dict[str, Any]], handlers: str) -> Path:
    """A catalogue folder: one JSON file per descriptor and a handlers.py."""
    folder.mkdir(parents=True, exist_ok=True)
    for d in descriptors:
        (folder / f"{d['resource_id']}.json").write_text(json.dumps(d), encoding="utf-8")
    (folder / "handlers.py").write_text(handlers, encoding="utf-8")
    return folder


def echo_handlers(*names: str) -> str:
    """handlers.py with one echoing handler per tool name."""
    return "".join(f"def {n}(**arguments):\n    return {{'tool': {n!r}, **arguments}}\n" for n in names)


async def retry(client: Client, name: str, entry: dict[str, Any]) -> types.CallToolResult:
    """The call again with the envelope's suggested arguments."""
    return await client.call_tool(name, entry["context"]["suggested_arguments"])


# ---------------------------------------------------------------------------------------------
# the bundled travel policy


@pytest.mark.anyio
@MODES
async def test_a_first_class_hop_is_refused_naming_the_rule_and_a_cabin_that_passes(bundled: CatalogServer, mode: str) -> None:
    """The 66-minute MAD-BCN flight in first class breaks travel-001 before the handler runs; premium_economy passes."""
    async with Client(bundled.server, mode=mode) as client:
        result = await client.call_tool("flight_booking", FIRST_CLASS_HOP)
        env = envelope_of(result)
        [entry] = env["errors"]
        assert (entry["code"], entry["title"], entry["tool_name"]) == ("POLICY_DENIED", "Policy denied", "flight_booking")
        assert entry["context"]["policy"] == "corporate_travel_policy" and entry["context"]["rule"] == "travel-001"
        assert "Flights shorter than 6 hours" in entry["detail"] and "travel-001" in entry["detail"]
        assert entry["context"]["statement"].startswith("Flights shorter than 6 hours")
        assert entry["context"]["arguments"] == {"cabin": "first", "origin": "MAD", "destination": "BCN"}
        assert (entry["parameter_name"], entry["suggested_value"]) == ("cabin", "premium_economy")
        assert entry["context"]["suggested_arguments"]["cabin"] == "premium_economy"
        again = await retry(client, "flight_booking", entry)
    assert not again.is_error, again.content
    assert again.structured_content["cabin"] == "premium_economy" and again.structured_content["segments"][0]["duration_minutes"] == 66


@pytest.mark.anyio
@MODES
async def test_a_29_night_stay_at_260_a_night_breaks_both_hotel_rules_and_the_suggestion_passes(bundled: CatalogServer, mode: str) -> None:
    """One entry per broken rule (budget travel-002, length travel-005); the suggested arguments fix both."""
    async with Client(bundled.server, mode=mode) as client:
        entries = envelope_of(await client.call_tool("hotel_reservation", LONG_STAY))["errors"]
        assert [(e["code"], e["context"]["rule"]) for e in entries] == [("POLICY_DENIED", "travel-002"), ("POLICY_DENIED", "travel-005")]
        budget, length = entries
        assert "250 EUR per night" in budget["context"]["statement"] and "14 nights" in length["context"]["statement"]
        assert (budget["parameter_name"], budget["suggested_value"]) == ("room_type", "standard")
        assert (length["parameter_name"], length["suggested_value"]) == ("check_out", "2030-05-15")
        assert length["context"]["arguments"] == {"check_out": "2030-05-30", "check_in": "2030-05-01"}
        again = await retry(client, "hotel_reservation", length)
    assert not again.is_error, again.content
    booked = again.structured_content
    assert (booked["nights"], booked["room_type"], booked["nightly_rate"]) == (14, "standard", 180)


@pytest.mark.anyio
async def test_the_descriptors_examples_pass_their_own_policy(bundled: CatalogServer) -> None:
    """Every example of the booking tools books (the policy refuses none of them)."""
    async with Client(bundled.server, mode="legacy") as client:
        for name in ("flight_booking", "hotel_reservation"):
            for example in bundled.runtimes[name].examples:
                result = await client.call_tool(name, example)
                assert not result.is_error, (name, example, result.content)


@pytest.mark.anyio
@MODES
async def test_an_advisory_rule_lets_the_call_through_and_warns_in_meta_and_a_log(bundled: CatalogServer, mode: str) -> None:
    """A flight three days ahead books, with travel-006 in `_meta` and a warning notification the client receives."""
    logs: list[types.LoggingMessageNotificationParams] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        logs.append(params)

    soon = (dt.date.today() + dt.timedelta(days=3)).isoformat()
    async with Client(bundled.server, mode=mode, logging_callback=on_log, log_level="warning") as client:  # opts in (2026-07-28)
        result = await client.call_tool("flight_booking", {"origin": "LIS", "destination": "CDG", "departure_date": soon})
        later = await client.call_tool("flight_booking", {"origin": "LIS", "destination": "CDG", "departure_date": "2030-04-02"})
        await anyio.sleep(0.05)  # notifications travel beside the response
    assert not result.is_error and result.structured_content["status"] == "booked"
    [advice] = result.meta[POLICY_META_KEY]["advisories"]
    assert (advice["policy"], advice["rule"], advice["enforcement"]) == ("corporate_travel_policy", "travel-006", "advisory")
    assert advice["statement"].startswith("Book flights at least 14 days before departure")
    assert [(log.level, log.logger) for log in logs] == [("warning", "atdf.policy")]
    assert "travel-006" in str(logs[0].data)
    assert not later.is_error and POLICY_META_KEY not in (later.meta or {})  # far ahead: no warning


@pytest.mark.anyio
async def test_the_policy_is_enforced_over_stdio() -> None:
    """`atdf-mcp serve` over stdio refuses the first-class hop the same way."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(DESCRIPTORS)])
    with anyio.fail_after(60):
        async with Client(stdio_client(params), mode="legacy") as client:
            entry = envelope_of(await client.call_tool("flight_booking", FIRST_CLASS_HOP))["errors"][0]
    assert (entry["code"], entry["context"]["rule"], entry["suggested_value"]) == ("POLICY_DENIED", "travel-001", "premium_economy")


# ---------------------------------------------------------------------------------------------
# load problems


def test_a_rule_that_does_not_compile_is_a_load_error_with_its_file_and_pointer(tmp_path: Path) -> None:
    """A CEL syntax error and an undeclared function are INVALID_POLICY errors at the rule's expression; validate shows them."""
    folder = write_catalog(tmp_path / "c", [tool("count"), policy(
        {"id": "r1", "statement": "Small numbers only.", "effect": "deny", "expression": "args.n >"},
        {"id": "r2", "statement": "Prose only, never enforced.", "effect": "deny"},
        {"id": "r3", "statement": "Known functions only.", "effect": "deny", "expression": "nope(args.n)"})], echo_handlers("count"))
    catalog = load_catalog(folder)
    problems = [p for p in catalog.report.problems if p.code == Code.INVALID_POLICY]
    assert [(Path(p.file).name, p.pointer, p.severity) for p in problems] == [
        ("house_rules.json", "/content/data/rules/0/expression", "error"), ("house_rules.json", "/content/data/rules/2/expression", "error")]
    assert "does not compile" in problems[0].message and "Syntax error" in problems[0].message
    assert "unknown function(s) nope" in problems[1].message
    validate = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(folder)], capture_output=True, text=True, timeout=120)
    assert validate.returncode == 1
    assert "/content/data/rules/0/expression" in validate.stdout and "[INVALID_POLICY]" in validate.stdout
    assert "house_rules.json" in validate.stdout


def test_a_draft_guardrails_rule_is_reported_where_the_file_wrote_it(tmp_path: Path) -> None:
    """The draft form's how_to_use.guardrails rules are enforced too; a bad one points into how_to_use."""
    draft = {"schema_version": "1.0.0", "resource_id": "house_rules", "resource_type": "policy", "description": "House rules.",
             "how_to_use": {"guardrails": {"rules": [{"id": "g1", "statement": "No zero.", "expression": "args.n == 0"},
                                                     {"id": "g2", "statement": "Broken.", "expression": "args.n = 1"}]}}}
    folder = write_catalog(tmp_path / "c", [tool("count"), draft], echo_handlers("count"))
    catalog = load_catalog(folder)
    [problem] = [p for p in catalog.report.problems if p.code == Code.INVALID_POLICY]
    assert problem.pointer == "/how_to_use/guardrails/rules/1/expression"
    assert [r.id for r in catalog.runtimes["count"].rules.inputs] == ["g1"]


# ---------------------------------------------------------------------------------------------
# rules on tiny catalogues


@pytest.mark.anyio
async def test_an_output_rule_withholds_a_result_that_holds_a_passport_number(tmp_path: Path) -> None:
    """applies_to_output checks the structured result: a match answers POLICY_DENIED and the value never reaches the client."""
    profile = tool("traveller_profile", inputs=[{"name": "name", "type": "string", "description": "Who.", "required": True}])
    handlers = ("def traveller_profile(name):\n"
                "    if name == 'Ada':\n        return {'name': name, 'passport_number': 'XK1234567'}\n"
                "    return {'name': name}\n")
    rule = {"id": "pii-1", "statement": "Never return a passport number.", "effect": "deny", "applies_to_output": True,
            "expression": "has(result.passport_number)"}
    server = CatalogServer(load_catalog(write_catalog(tmp_path / "c", [profile, policy(rule)], handlers)))
    async with Client(server.server, mode="legacy") as client:
        withheld = await client.call_tool("traveller_profile", {"name": "Ada"})
        fine = await client.call_tool("traveller_profile", {"name": "Grace"})
    entry = envelope_of(withheld)["errors"][0]
    assert (entry["code"], entry["context"]["rule"]) == ("POLICY_DENIED", "pii-1") and "withheld" in entry["detail"]
    assert "XK1234567" not in withheld.model_dump_json()
    assert not fine.is_error and fine.structured_content == {"name": "Grace"}


@pytest.mark.anyio
async def test_applies_to_scopes_rules_by_id_tag_and_glob(tmp_path: Path) -> None:
    """A rule runs only on the tools its applies_to names: an id, a tag, a glob; without it, on every tool."""
    tools = [tool("alpha"), tool("beta", tags=["money"]), tool("report_daily"), tool("gamma")]
    rules = [{"id": "by-id", "statement": "alpha takes n <= 1.", "expression": "args.n > 1", "applies_to": ["alpha"]},
             {"id": "by-tag", "statement": "money takes n <= 2.", "expression": "args.n > 2", "applies_to": ["money"]},
             {"id": "by-glob", "statement": "reports take n <= 3.", "expression": "args.n > 3", "applies_to": ["report_*"]},
             {"id": "everywhere", "statement": "n <= 100.", "expression": "args.n > 100"}]
    server = CatalogServer(load_catalog(write_catalog(tmp_path / "c", [*tools, policy(*rules)],
                                                      echo_handlers("alpha", "beta", "report_daily", "gamma"))))
    assert {n: [r.id for r in rt.rules.inputs] for n, rt in server.runtimes.items()} == {
        "alpha": ["by-id", "everywhere"], "beta": ["by-tag", "everywhere"], "report_daily": ["by-glob", "everywhere"], "gamma": ["everywhere"]}
    async with Client(server.server, mode="legacy") as client:
        outcome = {}
        for name in ("alpha", "beta", "report_daily", "gamma"):
            result = await client.call_tool(name, {"n": 3})
            outcome[name] = envelope_of(result)["errors"][0]["context"]["rule"] if result.is_error else "ran"
        huge = envelope_of(await client.call_tool("gamma", {"n": 101}))["errors"][0]
    assert outcome == {"alpha": "by-id", "beta": "by-tag", "report_daily": "ran", "gamma": "ran"}
    assert huge["context"]["rule"] == "everywhere" and huge["suggested_value"] == "100"


@pytest.mark.anyio
async def test_an_allow_rule_refuses_what_it_does_not_match_and_suggests_the_bound(tmp_path: Path) -> None:
    """effect allow states what passes: n = 11 breaks `args.n <= 10`, and 10 is suggested."""
    rule = {"id": "cap", "statement": "At most 10.", "effect": "allow", "expression": "args.n <= 10"}
    server = CatalogServer(load_catalog(write_catalog(tmp_path / "c", [tool("count"), policy(rule)], echo_handlers("count"))))
    async with Client(server.server, mode="legacy") as client:
        entry = envelope_of(await client.call_tool("count", {"n": 11}))["errors"][0]
        again = await retry(client, "count", entry)
    assert (entry["context"]["rule"], entry["suggested_value"]) == ("cap", "10")
    assert again.structured_content == {"tool": "count", "n": 10}


@pytest.mark.anyio
async def test_a_rule_that_fails_at_run_time_blocks_when_it_blocks_and_is_skipped_when_advisory(tmp_path: Path) -> None:
    """A missing key: a blocking rule fails closed (POLICY_DENIED with the evaluation error), an advisory one is skipped."""
    rules = [{"id": "strict", "statement": "Mode must be safe.", "expression": "args.mode != 'safe'", "applies_to": ["strict_tool"]},
             {"id": "lenient", "statement": "Mode should be safe.", "expression": "args.mode != 'safe'", "enforcement": "advisory",
              "applies_to": ["lenient_tool"]}]
    server = CatalogServer(load_catalog(write_catalog(tmp_path / "c", [tool("strict_tool"), tool("lenient_tool"), policy(*rules)],
                                                      echo_handlers("strict_tool", "lenient_tool"))))
    async with Client(server.server, mode="legacy") as client:
        strict = await client.call_tool("strict_tool", {"n": 1})
        lenient = await client.call_tool("lenient_tool", {"n": 1})
    entry = envelope_of(strict)["errors"][0]
    assert entry["context"]["rule"] == "strict" and "mode" in entry["context"]["evaluation_error"]
    assert "could not be evaluated" in entry["detail"]
    assert not lenient.is_error and POLICY_META_KEY not in (lenient.meta or {})


def test_rules_are_compiled_once_per_snapshot(tmp_path: Path) -> None:
    """The runtime holds the compiled program; preparing the snapshot again for the same options reuses it."""
    rule = {"id": "cap", "statement": "At most 10.", "expression": "args.n > 10"}
    catalog = load_catalog(write_catalog(tmp_path / "c", [tool("count"), tool("free"), policy(rule, enforcement="advisory")],
                                         echo_handlers("count", "free")))
    [compiled] = catalog.runtimes["count"].rules.inputs
    assert compiled.program is not None and compiled.enforcement == "advisory"  # the policy's enforcement is its rules' default
    assert catalog.prepared().runtimes["count"].rules.inputs[0] is compiled
    reloaded = load_catalog(tmp_path / "c", previous=catalog)
    assert reloaded.runtimes["count"] is catalog.runtimes["count"]  # nothing changed: the runtime, rules and all, is kept


@pytest.mark.anyio
async def test_a_task_the_policy_refuses_is_never_created(bundled: CatalogServer) -> None:
    """POST /call_tool of the first-class hop: 403 POLICY_DENIED naming travel-001, with arguments that pass; no task."""
    with running(build_app(bundled, HttpOptions())) as base:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            refused = await http.post("/call_tool/flight_booking", json=FIRST_CLASS_HOP)
            health = (await http.get("/health")).json()
    assert refused.status_code == 403
    entry = refused.json()["errors"][0]
    assert (entry["code"], entry["context"]["rule"]) == ("POLICY_DENIED", "travel-001")
    assert entry["context"]["suggested_arguments"]["cabin"] != "first"
    assert health["tasks"]["started"] == 0
