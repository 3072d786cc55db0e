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
from repair_cases import echo_catalogue, entries, repair_tests

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
def defaults_catalogue(tmp_path: Path) -> Path:
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
async def test_a_default_that_asks_for_another_input_is_judged(defaults_catalogue: Path, tool: str, call: dict, missing: str) -> None:
    """The call leaves out a defaulted input whose default needs another one: refused, the missing one named, and the
    message says which default asked for it; nothing is suggested (no value is right by the schema)."""
    async with Client(build_server(load_catalog(defaults_catalogue))) as client:
        found = await entries(client, tool, call)
    assert [e["parameter_name"] for e in found] == [missing], found
    text = " ".join(e["detail"] + " " + e["context"].get("solution", "") for e in found)
    assert missing in text, found
    assert "default" in text, found
    assert all("suggested_arguments" not in e["context"] for e in found)


@pytest.mark.anyio
async def test_a_default_beyond_a_bound_the_caller_did_not_send(defaults_catalogue: Path) -> None:
    """dependentSchemas applies once the defaulted speed is filled in: an insured value past its cap is refused."""
    async with Client(build_server(load_catalog(defaults_catalogue))) as client:
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
async def test_a_call_valid_with_its_defaults_runs(defaults_catalogue: Path, tool: str, call: dict, received: dict) -> None:
    """A call whose defaults satisfy the conditions runs, and the handler receives the call that was judged."""
    async with Client(build_server(load_catalog(defaults_catalogue))) as client:
        assert await _ran(client, tool, call) == received


@pytest.mark.anyio
async def test_a_condition_on_a_defaulted_input_suggests_the_one_value(defaults_catalogue: Path) -> None:
    """A budget asks for mode "slow"; mode defaults to "fast": the call is refused, mode "slow" is suggested (the one
    value `then` allows), and the suggestion runs."""
    async with Client(build_server(load_catalog(defaults_catalogue))) as client:
        found = await entries(client, "budgets", {"budget": 5})
        assert found[0]["context"].get("suggested_arguments") == {"budget": 5, "mode": "slow"}, found
        assert "default" in found[0]["detail"], found
        assert await _ran(client, "budgets", {"budget": 5, "mode": "slow"}) == {"budget": 5, "mode": "slow"}


@pytest.mark.anyio
async def test_a_suggestion_is_judged_with_the_defaults(defaults_catalogue: Path) -> None:
    """A repaired call is suggested only when it is valid with its defaults filled in: "5" for an integer is 5, but the
    jobs call still lacks the budget its default mode asks for (no suggestion); the exports call needs no delimiter
    with format json (suggested, and it runs)."""
    async with Client(build_server(load_catalog(defaults_catalogue))) as client:
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


# ---------------------------------------------------------------------------------------------
# What the eighth blind corpus (bench/wrong_calls_blind8.py) found, by category, each with its siblings.

ROUND_TOOLS = [
    {"name": "pages", "description": "Page ranges and codes.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "pages": {"type": S, "pattern": "^[1-9][0-9]*(-[1-9][0-9]*)?(,[1-9][0-9]*(-[1-9][0-9]*)?)*$"},
            "course": {"type": S, "pattern": "^[A-Z]{2,4}-[0-9]{3}$"},
            "code": {"type": S, "pattern": "^[A-Z]{3}$"},
            "branch": {"type": S, "pattern": "^(?!refs/)[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$"},
            "handle": {"type": S, "pattern": "^(?!admin)[a-zA-Z0-9_]{3,20}$"}}}},
    {"name": "stock", "description": "A oneOf with a kind discriminator.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "change": {"oneOf": [
                {"type": "object", "properties": {"kind": {"const": "set"}, "count": {"type": "integer", "minimum": 0}},
                 "required": ["kind", "count"], "additionalProperties": False},
                {"type": "object", "properties": {"kind": {"const": "adjust"}, "delta": {"type": "integer"}},
                 "required": ["kind", "delta"], "additionalProperties": False}]}}}},
    {"name": "share", "description": "A message needs notify (dependentSchemas); notify defaults to true.", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"notify": {"type": "boolean", "default": True}, "message": {"type": S},
                       "role": {"type": S, "enum": ["viewer", "editor"]}},
        "dependentSchemas": {"message": {"properties": {"notify": {"const": True}}}}}},
    {"name": "texts", "description": "A WhatsApp needs a template, an SMS a body; channel defaults to sms.", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"to": {"type": S}, "channel": {"type": S, "enum": ["sms", "whatsapp"], "default": "sms"},
                       "body": {"type": S}, "template": {"type": S}},
        "required": ["to"],
        "if": {"properties": {"channel": {"const": "whatsapp"}}, "required": ["channel"]},
        "then": {"required": ["template"]}, "else": {"required": ["body"]}}},
    {"name": "events", "description": "An all-day event takes start_date; a timed one start and end.", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"all_day": {"type": "boolean", "default": False}, "start_date": {"type": S, "format": "date"},
                       "start": {"type": S, "format": "date-time"}, "end": {"type": S, "format": "date-time"}},
        "if": {"properties": {"all_day": {"const": True}}, "required": ["all_day"]},
        "then": {"required": ["start_date"], "properties": {"start": False, "end": False}},
        "else": {"required": ["start", "end"], "properties": {"start_date": False}}}},
    {"name": "notations", "description": "Clock times, weekdays, a labelled value, units in a list.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "hours": {"type": "object", "additionalProperties": False,
                      "properties": {"start": {"type": S, "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"},
                                     "end": {"type": S, "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}}},
            "lap": {"type": S, "pattern": "^[0-9]{2}:[0-5][0-9]$"},
            "days": {"type": "array", "items": {"type": S, "enum": ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]}},
            "day": {"type": S, "enum": ["monday", "tuesday", "wednesday", "thursday", "friday"]},
            "recurrence": {"type": S, "pattern": "^FREQ=(DAILY|WEEKLY)(;BYDAY=[A-Z]{2})?$",
                           "description": "An RRULE value without its prefix."},
            "region": {"type": S, "pattern": "^[A-Z]{2}$"},
            "reminders_minutes": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "sizes_mb": {"type": "array", "items": {"type": "integer"}},
            "pages": {"type": S, "pattern": "^[1-9][0-9]*(-[1-9][0-9]*)?(,[1-9][0-9]*(-[1-9][0-9]*)?)*$"},
            "tags": {"type": S, "pattern": "^[a-z]+(, ?[a-z]+)*$"},
            "colour": {"type": S, "pattern": "^[a-z ]+$"},
            "emails": {"type": "array", "items": {"type": S, "format": "email"}},
            "site": {"type": S, "format": "uri"},
            "code": {"type": S, "pattern": "^[A-Z]{2}-[0-9]{2}$"}}}},
]
ROUND_REPAIRED = [
    # a joining keeps the dashes the caller put between digits when the pattern takes them (a range)
    ("pages", {"pages": "1-3, 5"}, {"pages": "1-3,5"}),
    ("pages", {"pages": "2-4, 7, 9-10"}, {"pages": "2-4,7,9-10"}),
    ("pages", {"course": "MATH 201"}, {"course": "MATH-201"}),
    # re-casing where the pattern takes one case only
    ("pages", {"code": "eur"}, {"code": "EUR"}),
    # a discriminator re-cased, or left out where the other keys say which member
    ("stock", {"change": {"kind": "SET", "count": 4}}, {"change": {"kind": "set", "count": 4}}),
    ("stock", {"change": {"count": 4}}, {"change": {"count": 4, "kind": "set"}}),
    ("stock", {"change": {"kind": "increase", "delta": 4}}, {"change": {"kind": "adjust", "delta": 4}}),
    # the other member's kind where every other key is this member's (as blind6's "webhook" for a Slack webhook):
    # the kind is the one word to change, the caller's values all stay
    ("stock", {"change": {"kind": "set", "delta": -3}}, {"change": {"kind": "adjust", "delta": -3}}),
    # a value the condition reads, repaired: the requirement of the branch it was wrongly in goes away
    ("texts", {"to": "+1", "channel": "WhatsApp", "template": "t"}, {"to": "+1", "channel": "whatsapp", "template": "t"}),
    ("events", {"all_day": "yes", "start_date": "2030-05-06"}, {"all_day": True, "start_date": "2030-05-06"}),
    ("share", {"notify": "yes", "message": "hi"}, {"notify": True, "message": "hi"}),
    # the one value of a left-out input an `if` reads that takes the call as it is, where the call holds an argument
    # only that case takes
    ("events", {"start_date": "2030-05-06"}, {"start_date": "2030-05-06", "all_day": True}),
    # a time of day with am/pm where the pattern itself is a clock (hours up to 23), whatever the input's name
    ("notations", {"hours": {"start": "9am", "end": "5pm"}}, {"hours": {"start": "09:00", "end": "17:00"}}),
    ("notations", {"hours": {"start": "08:30", "end": "6.30 pm"}}, {"hours": {"start": "08:30", "end": "18:30"}}),
    # a weekday by its name, its three letters or in another case: the member that is that day
    ("notations", {"days": ["Monday", "wed"]}, {"days": ["MO", "WE"]}),
    ("notations", {"days": ["Sunday"]}, {"days": ["SU"]}),
    ("notations", {"day": "Thu"}, {"day": "thursday"}),
    # the label the description names, before the value ("RRULE:FREQ=DAILY")
    ("notations", {"recurrence": "RRULE:FREQ=DAILY"}, {"recurrence": "FREQ=DAILY"}),
    # an item of a list read with the list's unit
    ("notations", {"reminders_minutes": ["1h"]}, {"reminders_minutes": [60]}),
    ("notations", {"reminders_minutes": [10, "PT30M"]}, {"reminders_minutes": [10, 30]}),
    # a typographic dash for the hyphen the pattern takes
    ("notations", {"pages": "1\u20133,5"}, {"pages": "1-3,5"}),
    ("notations", {"code": "AB\u201412"}, {"code": "AB-12"}),
    # a list for a text whose pattern joins its items with one list mark
    ("notations", {"pages": ["1-3", "5"]}, {"pages": "1-3,5"}),
    # an object holding the value under the name of its format
    ("notations", {"emails": [{"email": "kim@example.org"}]}, {"emails": ["kim@example.org"]}),
    ("notations", {"site": {"uri": "https://example.org/"}}, {"site": "https://example.org/"}),
]
ROUND_LEFT = [
    ("pages", {"branch": "refs/heads/main"}, "REFS/HEADS/MAIN only dodges the lookahead: the pattern takes both cases"),
    ("pages", {"handle": "admin_kim"}, "ADMIN_KIM only dodges the lookahead"),
    ("share", {"notify": False, "message": "hi"}, "notify false and a message contradict: either may be the slip"),
    ("events", {"all_day": False, "start_date": "2030-05-06"}, "all_day false is the caller's: start and end, or all_day true?"),
    ("events", {}, "nothing to decide by: start and end, or start_date, nobody gave"),
    ("texts", {"to": "+1", "template": "order_shipped"}, "a body is missing, or the channel is whatsapp: sms may hold a template"),
    ("notations", {"lap": "1:30 pm"}, "a lap time takes 25:00: no clock, whatever the pm says"),
    ("notations", {"days": ["weekdays"]}, "a word for five days"),
    ("notations", {"day": "Saturday"}, "a day the enum does not hold"),
    ("notations", {"region": "EU:DE"}, "EU is no label the input names"),
    ("notations", {"sizes_mb": ["2GB"]}, "2 GB is 2,000 or 2,048 MB"),
    ("notations", {"tags": ["red", "blue"]}, "red,blue or red, blue: the pattern takes both"),
    ("notations", {"pages": [1, 2, 3, 5]}, "1,2,3,5 or 1-3,5: numbers have two writings"),
    ("notations", {"colour": ["red", "blue"]}, "no list mark the pattern takes: one colour was wanted"),
    ("notations", {"emails": [{"work": "kim@example.org"}]}, "work is no name of the format"),
    ("notations", {"emails": [{"email": "kim@example.org", "name": "Kim"}]}, "more than the address"),
]
catalogue, test_round_repaired, test_round_left_alone = repair_tests("round10b", ROUND_TOOLS, ROUND_REPAIRED, ROUND_LEFT)


@pytest.mark.anyio
async def test_a_repair_that_leaves_a_condition_unmet_suggests_no_call(catalogue: Path) -> None:
    """"WhatsApp" is whatsapp, whose template nobody wrote: the member is suggested, no call is; a page list beside a
    code nothing repairs: the list's repair is given, no call."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "texts", {"to": "+1", "channel": "WhatsApp", "body": "hi"})
    assert all("suggested_arguments" not in e["context"] for e in found), found
    assert [(e["parameter_name"], e["suggested_value"]) for e in found] == [("channel", "whatsapp")], found
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "pages", {"pages": "1-3, 5", "code": "x"})
    assert all("suggested_arguments" not in e["context"] for e in found), found
    assert {e["parameter_name"]: e["suggested_value"] for e in found} == {"code": None, "pages": "1-3,5"}, found


@pytest.mark.anyio
async def test_an_argument_a_condition_leaves_out_is_named(catalogue: Path) -> None:
    """`then: {properties: {start: false}}`: the entry names start (jsonschema gives no path) and says what to do."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "events", {"all_day": True, "start_date": "2030-05-06", "start": "2030-05-06T09:00:00Z"})
    assert [(e["parameter_name"], e["title"], e["suggested_value"]) for e in found] == [("start", "Argument not allowed here", None)], found
    assert "Leave out 'start'" in found[0]["context"]["solution"], found
