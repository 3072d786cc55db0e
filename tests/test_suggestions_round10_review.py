"""Review of round ten: a call judged with its defaults filled in, and the round's new repairs, attacked with calls a
real client would send. A default is what the handler receives for a left-out input, so a condition it trips is the
caller's to meet (add the budget the default mode needs); but where the schema refuses the default's mere presence
(`offset` defaults to 0, and a `cursor` call must not hold an offset), no argument the caller could add or change
would be accepted: the call as sent is valid, and the handler receives it without that default, exactly as it was
validated. Every test calls a real catalogue through the SDK's in-memory client."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
import yaml
from demo_upstream import app as upstream_app
from local_server import running
from mcp import Client
from repair_cases import echo_catalogue, entries

from atdf_mcp import load_catalog
from atdf_mcp.dispatch import http
from atdf_mcp.server import build_server

S = "string"
PAGING = {"cursor": {"type": S}, "offset": {"type": "integer", "minimum": 0, "default": 0}, "q": {"type": S}}
TOOLS = [
    {"name": "pages_not", "description": "a cursor call holds no offset (dependentSchemas with not).", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": PAGING,
        "dependentSchemas": {"cursor": {"not": {"required": ["offset"]}}}}},
    {"name": "pages_false", "description": "a cursor call holds no offset (then: offset false).", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": PAGING,
        "if": {"required": ["cursor"]}, "then": {"properties": {"offset": False}}}},
    {"name": "pages_few", "description": "at most two inputs (the default counts as one).", "inputSchema": {
        "type": "object", "properties": PAGING, "maxProperties": 2}},
    {"name": "jobs", "description": "mode defaults to slow, which needs a budget.", "inputSchema": {
        "type": "object", "additionalProperties": False,
        "properties": {"mode": {"type": S, "enum": ["fast", "slow"], "default": "slow"}, "budget": {"type": "integer"}},
        "if": {"properties": {"mode": {"const": "slow"}}, "required": ["mode"]}, "then": {"required": ["budget"]}}},
]


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    """The review's tools, each handler returning its arguments."""
    return echo_catalogue(tmp_path, "review10", TOOLS)


async def _received(client: Client, tool: str, arguments: dict) -> dict:
    """What the handler received (it returns its arguments); the call must succeed."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error is False, result.content[0].text
    return result.structured_content


@pytest.mark.anyio
@pytest.mark.parametrize("tool", ["pages_not", "pages_false"])
async def test_a_default_whose_presence_is_refused_is_left_out(catalogue: Path, tool: str) -> None:
    """{"cursor": "abc"} is valid as sent; offset's default 0 beside it is what the schema refuses, and no argument the
    caller could send would change that: accepted, and the handler receives the call as validated (no offset). Left
    out entirely, the default is still filled in; an offset the caller sends beside a cursor is still refused."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        assert await _received(client, tool, {"cursor": "abc"}) == {"cursor": "abc"}
        assert await _received(client, tool, {"q": "x"}) == {"q": "x", "offset": 0}
        found = await entries(client, tool, {"cursor": "abc", "offset": 5})
    assert all("suggested_arguments" not in e["context"] for e in found), found


@pytest.mark.anyio
async def test_a_default_past_max_properties_is_left_out(catalogue: Path) -> None:
    """maxProperties 2 and two inputs sent: offset's default would be a third, which nothing the caller sends mends."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        assert await _received(client, "pages_few", {"cursor": "abc", "q": "x"}) == {"cursor": "abc", "q": "x"}
        assert await _received(client, "pages_few", {"q": "x"}) == {"q": "x", "offset": 0}


@pytest.mark.anyio
async def test_a_default_that_asks_for_another_input_is_still_judged(catalogue: Path) -> None:
    """mode's default "slow" needs a budget the caller can send: the call is refused as round ten has it."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "jobs", {})
        assert [e["parameter_name"] for e in found] == ["budget"], found
        assert await _received(client, "jobs", {"budget": 3}) == {"budget": 3, "mode": "slow"}


@pytest.mark.anyio
async def test_progressive_call_tool_passes_the_call_as_validated(catalogue: Path) -> None:
    """Through the progressive `call_tool`, the inner call is judged and run the same way."""
    async with Client(build_server(load_catalog(catalogue), disclosure="progressive")) as client:
        called = await client.call_tool("call_tool", {"name": "pages_not", "arguments": {"cursor": "abc"}})
        assert called.is_error is False, called.content[0].text
        assert called.structured_content == {"cursor": "abc"}
        refused = await client.call_tool("call_tool", {"name": "jobs", "arguments": {}})
    assert refused.is_error is True


LABELS = [{"name": "notes", "description": "free texts and notations", "inputSchema": {
    "type": "object", "additionalProperties": False, "properties": {
        "reminder": {"type": S, "pattern": "^[A-Za-z0-9 ]+$", "description": "What to remember at the time."},
        "note": {"type": S, "pattern": "^[A-Za-z ]+$", "description": "A note, e.g. a subject"},
        "ticket": {"type": S, "pattern": "^[A-Z]+-[0-9]+$", "description": "The ticket key"}}}}]


@pytest.mark.anyio
@pytest.mark.parametrize(("wrong", "why"), [
    ({"reminder": "Time: 5pm"}, "'Time 5pm' fits the free text too: the label may be what the user wrote"),
    ({"note": "subject: hello world"}, "'subject hello world' fits too: the subject is the note's text"),
])
async def test_a_label_that_may_be_the_text_is_left_to_the_agent(tmp_path: Path, wrong: dict, why: str) -> None:
    """A leading "word:" the input names is dropped only where it cannot be part of the value: a free-text pattern that
    takes the label as a word (its colon aside) has two corrections, so none is suggested."""
    catalogue = echo_catalogue(tmp_path, "labels", LABELS)
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "notes", wrong)
    assert all("suggested_arguments" not in e["context"] for e in found), why
    assert all(e["suggested_value"] is None for e in found), why


@pytest.mark.anyio
async def test_a_label_before_a_notation_is_still_dropped(tmp_path: Path) -> None:
    """"ticket: ABC-12" for a ticket key: the key alone is the one reading ("ticket ABC-12" fits no key)."""
    catalogue = echo_catalogue(tmp_path, "labels", LABELS)
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, "notes", {"ticket": "ticket: ABC-12"})
    assert found[0]["context"].get("suggested_arguments") == {"ticket": "ABC-12"}, found


@pytest.mark.anyio
@pytest.mark.parametrize("tool", ["pages_not", "pages_false"])
async def test_a_repair_beside_a_refused_default_is_suggested(catalogue: Path, tool: str) -> None:
    """{"cursor": 5}: the cursor's type is the one slip; offset's default, which a cursor call leaves out, is no problem
    of the caller's (no entry asks to leave out an offset nobody sent), and the repaired call is suggested and runs."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, tool, {"cursor": 5})
        assert [e["parameter_name"] for e in found] == ["cursor"], found
        assert found[0]["context"].get("suggested_arguments") == {"cursor": "5"}, found
        assert await _received(client, tool, {"cursor": "5"}) == {"cursor": "5"}


def test_an_http_tool_sends_the_call_as_validated(tmp_path: Path) -> None:
    """A GET tool bound to a real upstream on 127.0.0.1: a left-out default goes in the query (as before round ten), and
    one the schema refuses beside a cursor is not sent."""
    with running(upstream_app, log_level="critical") as upstream:
        tool = {**TOOLS[0], "name": "pages_http", "endpoint": f"{upstream}/echo/pages", "method": "GET"}
        (tmp_path / "tools.json").write_text(json.dumps({"tools": [tool]}), encoding="utf-8")
        (tmp_path / "atdf-mcp.yaml").write_text(yaml.safe_dump({"allow_private_networks": True}), encoding="utf-8")

        async def run() -> list[list[list[str]]]:
            try:
                with anyio.fail_after(20):
                    async with Client(build_server(load_catalog(tmp_path))) as client:
                        return [(await _received(client, "pages_http", call))["query"] for call in ({"cursor": "abc"}, {"q": "x"})]
            finally:
                await http.aclose()

        assert [sorted(query) for query in anyio.run(run)] == [[["cursor", "abc"]], [["offset", "0"], ["q", "x"]]]


@pytest.mark.parametrize(("prop", "said"), [
    ({"type": "integer", "default": "10"}, "'limit' has the default \"10\""),
    ({"const": "v1", "default": "v2"}, "'limit' has the default \"v2\""),
])
def test_a_default_its_input_rejects_is_a_load_warning(tmp_path: Path, prop: dict, said: str) -> None:
    """A default its own input rejects is not judged, yet the handler receives it whenever the caller leaves the input
    out: `validate` says so at the default, as a warning (the tool is still served)."""
    tools = [{"name": "lister", "description": "d", "inputSchema": {"type": "object", "properties": {"limit": prop}}}]
    catalog = load_catalog(echo_catalogue(tmp_path, "defaults", tools))
    found = [p for p in catalog.report.problems if p.code == "INVALID_INPUT_SCHEMA"]
    assert [(p.severity, p.pointer) for p in found] == [("warning", "/0/inputSchema/properties/limit/default")], found
    assert said in found[0].message and "unchecked" in found[0].message, found


def test_a_default_its_input_takes_is_no_warning(tmp_path: Path) -> None:
    """The review's own tools (defaults their inputs take, a required input's default aside) load without one."""
    catalog = load_catalog(echo_catalogue(tmp_path, "review10", TOOLS))
    assert [p for p in catalog.report.problems if p.code == "INVALID_INPUT_SCHEMA"] == []


FLIPS = [
    {"name": "purge", "description": "Purge old records; a dry run by default.", "annotations": {"destructiveHint": True},
     "inputSchema": {"type": "object", "additionalProperties": False, "required": ["table"],
                     "properties": {"table": {"type": S}, "dry_run": {"type": "boolean", "default": True}, "confirm": {"type": "boolean"}},
                     "if": {"properties": {"dry_run": {"const": True}}, "required": ["dry_run"]},
                     "then": {"properties": {"confirm": False}}}},
    {"name": "purge_not", "description": "The same, written with `not`.",
     "inputSchema": {"type": "object", "additionalProperties": False, "required": ["table"],
                     "properties": {"table": {"type": S}, "dry_run": {"type": "boolean", "default": True}, "confirm": {"type": "boolean"}},
                     "if": {"properties": {"dry_run": {"const": True}}, "required": ["dry_run"]},
                     "then": {"not": {"required": ["confirm"]}}}},
    {"name": "share", "description": "Share a document; private by default.",
     "inputSchema": {"type": "object", "additionalProperties": False, "required": ["doc"],
                     "properties": {"doc": {"type": S}, "visibility": {"enum": ["private", "public"], "default": "private"},
                                    "notify_followers": {"type": "boolean"}},
                     "if": {"properties": {"visibility": {"const": "private"}}, "required": ["visibility"]},
                     "then": {"properties": {"notify_followers": False}}}},
]


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "why"), [
    ("purge", {"table": "logs", "confirm": True}, "dry_run false (a real purge) or no confirm (the dry run): two corrections"),
    ("purge_not", {"table": "logs", "confirm": True}, "the same, the refusal written with `not`"),
    ("share", {"doc": "d1", "notify_followers": False}, "a public document, or no notify_followers: two corrections"),
    ("share", {"doc": "d1", "notify_followers": True}, "a public document, or no notify_followers: two corrections"),
])
async def test_a_default_the_caller_can_override_is_judged_and_not_flipped(tmp_path: Path, tool: str, wrong: dict, why: str) -> None:
    """An argument the default's case refuses is the caller's to leave out or the default theirs to override: the call
    is refused (the handler never runs a purge with dry_run left out), and no flip is suggested, since leaving out the
    refused argument is a correction too (a private document stays private)."""
    catalogue = echo_catalogue(tmp_path, "flips", FLIPS)
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, tool, wrong)
    assert all("suggested_arguments" not in e["context"] for e in found), why
    assert all(e["suggested_value"] is None for e in found), why


@pytest.mark.anyio
async def test_a_null_for_the_refused_default_is_left_out_too(catalogue: Path) -> None:
    """{"cursor": "abc", "offset": null}: the null is left out (an optional input, as any other), and the call is then
    the cursor call as validated."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        result = await client.call_tool("pages_not", {"cursor": "abc", "offset": None})
    assert result.is_error is False, result.content[0].text
    assert result.structured_content == {"cursor": "abc"}
