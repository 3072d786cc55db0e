"""Round ten: defaults and conditions. An input's default is what the handler receives when the caller leaves it out,
so a call is judged with its defaults filled in: `if`/`then`/`else`, `dependentRequired` and `dependentSchemas` see the
call the handler gets. A call that leaves out a defaulted input is refused when the default asks for another input
(mode defaults to "slow", which needs a budget), and accepted when the default does not (format defaults to "json", so
a csv-only delimiter is not asked for). A suggestion is checked the same way. A default its own input rejects (`null`
for a string) is the descriptor's, not the caller's, and is not judged; a required input is still asked for, whatever
its default. The same gap is reported elsewhere: ajv-validator/ajv#913 (an `if` on an absent property holds),
pyeve/eve#665 (a dependency "met thru the default value"). Every test calls a real catalogue through the SDK's
in-memory client."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client
from repair_cases import echo_catalogue, entries

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

S = "string"
TOOLS = [
    {"name": "jobs", "description": "mode defaults to slow, which needs a budget (the `if` requires mode).", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"mode": {"type": S, "enum": ["fast", "slow"], "default": "slow"}, "budget": {"type": "integer"},
                       "limit": {"type": "integer"}},
        "if": {"properties": {"mode": {"const": "slow"}}, "required": ["mode"]}, "then": {"required": ["budget"]}}},
    {"name": "exports", "description": "format defaults to json; a csv export needs a delimiter (an `if` true when format is absent).",
     "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"format": {"type": S, "enum": ["csv", "json"], "default": "json"}, "delimiter": {"type": S},
                       "limit": {"type": "integer"}},
        "if": {"properties": {"format": {"const": "csv"}}}, "then": {"required": ["delimiter"]}}},
    {"name": "csv_exports", "description": "format defaults to csv, which needs a delimiter.", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"format": {"type": S, "enum": ["csv", "json"], "default": "csv"}, "delimiter": {"type": S}},
        "if": {"properties": {"format": {"const": "csv"}}, "required": ["format"]}, "then": {"required": ["delimiter"]},
        "else": {"not": {"required": ["delimiter"]}}}},
    {"name": "notify", "description": "channel defaults to sms; a channel needs a phone (dependentRequired).", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"channel": {"type": S, "enum": ["sms", "call"], "default": "sms"}, "phone": {"type": S}},
        "dependentRequired": {"channel": ["phone"]}}},
    {"name": "shipping", "description": "speed defaults to standard; with a speed, an insured value is capped (dependentSchemas).",
     "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"speed": {"type": S, "default": "standard"}, "insured": {"type": "number"}},
        "dependentSchemas": {"speed": {"properties": {"insured": {"maximum": 500}}}}}},
    {"name": "budgets", "description": "a budget is for the slow mode only; mode defaults to fast.", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"mode": {"type": S, "enum": ["fast", "slow"], "default": "fast"}, "budget": {"type": "integer"}},
        "if": {"required": ["budget"]}, "then": {"properties": {"mode": {"const": "slow"}}}}},
    {"name": "loose", "description": "a default its input rejects (null for a string) is not the caller's to fix.", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"label": {"type": S, "default": None}, "mode": {"type": S, "enum": ["a", "b"], "default": "a"}},
        "if": {"properties": {"mode": {"const": "b"}}, "required": ["mode"]}, "then": {"required": ["label"]}}},
]


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    """The round's tools, each handler returning its arguments."""
    return echo_catalogue(tmp_path, "round10", TOOLS)


async def _ran(client: Client, tool: str, arguments: dict) -> dict:
    """What the handler received (it returns its arguments)."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error is False, result.content[0].text
    return result.structured_content if "result" not in (result.structured_content or {}) else result.structured_content["result"]


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "call", "missing"), [
    ("jobs", {}, "budget"), ("jobs", {"limit": 3}, "budget"), ("csv_exports", {}, "delimiter"), ("notify", {}, "phone")])
async def test_a_default_that_asks_for_another_input_is_judged(catalogue: Path, tool: str, call: dict, missing: str) -> None:
    """The call leaves out a defaulted input whose default needs another one: refused, the missing one named, and the
    message says which default asked for it; nothing is suggested (no value is right by the schema)."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, tool, call)
    assert [e["parameter_name"] for e in found] == [missing], found
    text = " ".join(e["detail"] + " " + e["context"].get("solution", "") for e in found)
    assert missing in text, found
    assert "default" in text, found
    assert all("suggested_arguments" not in e["context"] for e in found)


@pytest.mark.anyio
async def test_a_default_beyond_a_bound_the_caller_did_not_send(catalogue: Path) -> None:
    """dependentSchemas applies once the defaulted speed is filled in: an insured value past its cap is refused."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "shipping", {"insured": 900})
        assert found[0]["context"].get("suggested_arguments") in (None, {"insured": 500})
        assert (await _ran(client, "shipping", {"insured": 400})) == {"speed": "standard", "insured": 400}


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "call", "received"), [
    ("exports", {}, {"format": "json"}),
    ("exports", {"limit": 2}, {"format": "json", "limit": 2}),
    ("jobs", {"budget": 5}, {"mode": "slow", "budget": 5}),
    ("jobs", {"mode": "fast"}, {"mode": "fast"}),
    ("csv_exports", {"format": "json"}, {"format": "json"}),
    ("csv_exports", {"delimiter": ";"}, {"format": "csv", "delimiter": ";"}),
    ("notify", {"phone": "+14155550100"}, {"channel": "sms", "phone": "+14155550100"}),
    ("budgets", {}, {"mode": "fast"}),
    ("loose", {}, {"label": None, "mode": "a"}),
])
async def test_a_call_valid_with_its_defaults_runs(catalogue: Path, tool: str, call: dict, received: dict) -> None:
    """A call whose defaults satisfy the conditions runs, and the handler receives the call that was judged."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        assert await _ran(client, tool, call) == received


@pytest.mark.anyio
async def test_a_condition_on_a_defaulted_input_suggests_the_one_value(catalogue: Path) -> None:
    """A budget asks for mode "slow"; mode defaults to "fast": the call is refused, mode "slow" is suggested (the one
    value `then` allows), and the suggestion runs."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "budgets", {"budget": 5})
        assert found[0]["context"].get("suggested_arguments") == {"budget": 5, "mode": "slow"}, found
        assert "default" in found[0]["detail"], found
        assert await _ran(client, "budgets", {"budget": 5, "mode": "slow"}) == {"budget": 5, "mode": "slow"}


@pytest.mark.anyio
async def test_a_suggestion_is_judged_with_the_defaults(catalogue: Path) -> None:
    """A repaired call is suggested only when it is valid with its defaults filled in: "5" for an integer is 5, but the
    jobs call still lacks the budget its default mode asks for (no suggestion); the exports call needs no delimiter
    with format json (suggested, and it runs)."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "jobs", {"limit": "5"})
        assert all("suggested_arguments" not in e["context"] for e in found), found
        assert any("budget" in e["detail"] for e in found), found
        found = await entries(client, "exports", {"limit": "5"})
        assert found[0]["context"].get("suggested_arguments") == {"limit": 5}, found
        assert len(found) == 1, found
        assert await _ran(client, "exports", {"limit": 5}) == {"format": "json", "limit": 5}


@pytest.mark.anyio
async def test_a_required_input_with_a_default_is_still_asked_for(tmp_path: Path) -> None:
    """`required` and a default together: the call that leaves it out is refused, the default suggested (as before)."""
    tool = {"name": "invoice", "description": "currency is required and defaults to EUR.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["currency"],
        "properties": {"currency": {"type": S, "enum": ["EUR", "USD"], "default": "EUR"}, "amount": {"type": "number"}}}}
    async with Client(build_server(load_catalog(echo_catalogue(tmp_path, "invoice", [tool])))) as client:
        found = await entries(client, "invoice", {"amount": 5})
        assert found[0]["context"].get("suggested_arguments") == {"amount": 5, "currency": "EUR"}, found
