"""Review of round six's argument repairs: values each repair read one way that the caller may well have meant another.

Every case is a call a model could send; the server must not suggest a value the caller did not mean (the project's
rule: a suggestion only when exactly one correction is right by the schema). Each test calls a real catalogue through
the SDK's in-memory client and reads the envelope a client gets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from envelopes import envelope_of
from mcp import Client
from repair_cases import assert_left_to_the_agent, assert_suggested_and_retried, case_ids, echo_catalogue

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

TOOLS = [
    {"name": "booking", "description": "Counts of a booking.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "spots": {"type": "integer", "minimum": 1, "description": "Places booked (the member and guests)."},
            "rooms": {"type": "integer", "minimum": 1, "description": "Number of rooms for the guests."},
            "nights": {"type": "integer", "minimum": 1, "description": "Length of the stay in nights."},
            "quantity": {"type": "integer", "minimum": 1, "description": "Number of shares."},
            "systolic": {"type": "integer", "minimum": 60, "description": "Upper number, mmHg."}}}},
    {"name": "ticket", "description": "Words of a ticket.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "priority": {"type": "string", "enum": ["low", "high", "urgent"]},
            "strategy": {"type": "string", "enum": ["merge", "squash", "rebase"]},
            "reason": {"type": "string", "enum": ["sick", "vacation", "other"]},
            "bet": {"type": "string", "enum": ["over", "under"]}}}},
    {"name": "policy", "description": "An insurance policy.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["holder"], "properties": {
            "holder": {"type": "string"},
            "coverage": {"type": "string", "enum": ["none", "basic", "full"]},
            "risk": {"type": "string", "enum": ["NONE", "LOW", "HIGH"]},
            "deductible": {"type": "integer"},
            "branch": {"type": "string", "pattern": "^[A-Z]{4}$"}}}},
    {"name": "labels", "description": "Lists and objects written as text.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "tags": {"type": "array", "items": {"type": "string"}},
            "options": {"type": "object", "properties": {"size": {"type": "integer"}}}}}},
    {"name": "order", "description": "Codes with and without their sigils.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "symbol": {"type": "string", "pattern": "^[A-Z]{1,5}$"},
            "amount_cents": {"type": "string", "pattern": "^[0-9]+$", "description": "Amount in cents."},
            "issue": {"type": "string", "pattern": "^[0-9]+$"},
            "repo": {"type": "string", "pattern": "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"}}}},
    {"name": "delivery", "description": "A delivery to an address, from a depot's city.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "address": {"type": "object", "additionalProperties": False,
                        "properties": {"street": {"type": "string"}, "city": {"type": "string"}}},
            "city": {"type": "string", "description": "The depot's city."}}}},
]

REPAIRED = [
    # a count with the noun its input or its description counts
    ("booking", {"spots": "2 spots"}, {"spots": 2}),
    ("booking", {"quantity": "10 shares"}, {"quantity": 10}),
    ("booking", {"systolic": "128 mmHg"}, {"systolic": 128}),
    ("booking", {"nights": "3 nights"}, {"nights": 3}),
    # the one enum member among other words
    ("ticket", {"priority": "high priority"}, {"priority": "high"}),
    ("ticket", {"strategy": "merge commit"}, {"strategy": "merge"}),
    ("ticket", {"reason": "other reason"}, {"reason": "other"}),   # a member that is itself a word of comparison
    ("ticket", {"bet": "over the line"}, {"bet": "over"}),
    # "None" as text is the member an enum spells so, and null (left out) only where no member is
    ("policy", {"holder": "Ana", "coverage": "None"}, {"holder": "Ana", "coverage": "none"}),
    ("policy", {"holder": "Ana", "risk": "none"}, {"holder": "Ana", "risk": "NONE"}),
    ("policy", {"holder": "Ana", "deductible": "None"}, {"holder": "Ana"}),
    # a list or object in Python's notation
    ("labels", {"tags": "['red', 'blue']"}, {"tags": ["red", "blue"]}),
    ("labels", {"options": "{'size': 2}"}, {"options": {"size": 2}}),
    # a leading sigil the pattern does not take
    ("order", {"symbol": "$AAPL"}, {"symbol": "AAPL"}),
    ("order", {"issue": "#512"}, {"issue": "512"}),
    # a repository's URL for its owner/name
    ("order", {"repo": "https://github.com/acme/api.git"}, {"repo": "acme/api"}),
    ("order", {"repo": "https://git.example.org/acme/api"}, {"repo": "acme/api"}),
    ("order", {"repo": "https://codeberg.org/acme/api"}, {"repo": "acme/api"}),
    # an object's property sent flat
    ("delivery", {"address_city": "Madrid"}, {"address": {"city": "Madrid"}}),
    ("delivery", {"address_street": "Calle Mayor 12", "address": {"city": "Madrid"}},
     {"address": {"street": "Calle Mayor 12", "city": "Madrid"}}),
]

LEFT = [
    ("booking", {"spots": "2 guests"}, "the member comes too: 2 guests is 3 places"),
    ("booking", {"rooms": "4 guests"}, "4 guests may share 2 rooms"),
    ("booking", {"nights": "3 stays"}, "a stay is not a night"),
    ("ticket", {"strategy": "don't merge"}, "a contraction negates the member"),
    ("ticket", {"priority": "less than high"}, "a comparison names a member as the bound, not the value"),
    ("ticket", {"priority": "lower than urgent"}, "lower than urgent is high or low"),
    ("ticket", {"priority": "below high"}, "below high is low"),
    ("ticket", {"priority": "anything but urgent"}, "an exception names the others"),
    ("ticket", {"strategy": "avoid merge"}, "avoiding a member is choosing another"),
    ("ticket", {"strategy": "instead of merge"}, "instead of a member is another"),
    ("ticket", {"strategy": "other than rebase"}, "other than a member is another"),
    ("ticket", {"reason": "other than sick"}, "two members named"),
    ("labels", {"tags": "['red' 'blue']"}, "a comma missing: Python joins the two strings into 'redblue'"),
    ("labels", {"tags": "['red', 'dark' 'blue']"}, "'dark blue' or 'dark' and 'blue'?"),
    ("labels", {"tags": '["red" "blue"]'}, "nor is it one item"),
    ("labels", {"options": "{'size': 1, 'size': 2}"}, "a key written twice: which size?"),
    ("labels", {"options": '{"size": 1, "size": 2}'}, "in JSON too"),
    ("order", {"amount_cents": "$100"}, "a dollar sign before digits is a sum: $100 is 10000 cents"),
    ("order", {"repo": "https://api.github.com/repos/acme"}, "an API's route: repos/acme is no repository"),
    ("order", {"repo": "https://docs.example.com/guides/setup"}, "a page of a site, not a repository"),
    ("delivery", {"address_city": "Madrid", "address": {"city": "Paris"}}, "the address's city twice; not the depot's city"),
    ("policy", {"holder": "Ana", "branch": "null"}, "null as text, or a branch coded NULL? (\"None\" was already left alone)"),
    ("policy", {"holder": "Ana", "branch": "None"}, "the same two readings"),
]


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    """The tools above, each handler returning its arguments."""
    return echo_catalogue(tmp_path, "review4", TOOLS)


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "fixed"), REPAIRED, ids=case_ids(REPAIRED))
async def test_the_one_value_meant_is_still_suggested(catalogue: Path, tool: str, wrong: Any, fixed: Any) -> None:
    await assert_suggested_and_retried(catalogue, tool, wrong, fixed)


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "wrong", "why"), LEFT, ids=case_ids(LEFT))
async def test_a_value_the_caller_may_have_meant_otherwise_is_not_suggested(catalogue: Path, tool: str, wrong: Any, why: str) -> None:
    await assert_left_to_the_agent(catalogue, tool, wrong, why)


CONDITIONAL = [
    {"name": "payment", "description": "A payment; a card payment needs its number.", "inputSchema": {
        "type": "object", "required": ["method"], "properties": {
            "method": {"type": "string", "enum": ["card", "cash"]}, "card_number": {"type": "string"},
            "start": {"type": "string"}, "end": {"type": "string"}},
        "if": {"properties": {"method": {"const": "card"}}}, "then": {"required": ["card_number"]},
        "dependentRequired": {"start": ["end"]}}},
]


@pytest.mark.anyio
@pytest.mark.parametrize(("arguments", "runs"), [
    ({"method": "cash", "card_number": None}, True),
    ({"method": "card", "card_number": None}, False),
    ({"method": "cash", "start": "09:00", "end": None}, False),
])
async def test_an_optional_null_is_left_out_only_where_no_condition_requires_it(tmp_path: Path, arguments: dict[str, Any],
                                                                                runs: bool) -> None:
    """A null the schema's if/then or dependentRequired makes required is refused, not left out to run another call."""
    async with Client(build_server(load_catalog(echo_catalogue(tmp_path, "conditional", CONDITIONAL)))) as client:
        result = await client.call_tool("payment", arguments)
    assert result.is_error is not runs
    if runs:
        assert result.structured_content == {k: v for k, v in arguments.items() if v is not None}
        assert result.meta["atdf.io/arguments"]["left_out"] == ["card_number"]
    else:
        assert envelope_of(result)["errors"][0]["code"] == "VALIDATION_ERROR"
