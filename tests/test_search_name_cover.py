"""A query that says every word of a tool's name asks for that tool: it ranks above the near neighbours that share
the name's object and only mention its verb ("Cancels a scheduled pickup"), as a client of search_tools sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.search import SearchIndex
from atdf_mcp.server import build_server


def _tool(name: str, description: str, **properties: str) -> dict[str, Any]:
    """An MCP tool whose inputs are strings."""
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": {p: {"type": "string", "description": d} for p, d in properties.items()}}}


# Near neighbours: each pair shares its object, and the neighbour's description names the other's verb as a state
# ("a scheduled pickup", "a frozen membership"): BM25 alone ranked the neighbour first (its text is shorter).
NEIGHBOURS = [
    _tool("schedule_laundry_pickup", "Schedules a driver to collect laundry from a customer's address on a chosen day "
          "and in a time window.", address="Where to collect", date="The day", time_window="Morning or afternoon"),
    _tool("cancel_laundry_pickup", "Cancels a scheduled laundry pickup; the customer will not be home.", pickup_id="The pickup"),
    _tool("schedule_laundry_delivery", "Schedules the return of clean laundry to a customer.", ticket="The order"),
    _tool("freeze_membership", "Freezes a gym membership for up to three months: no fees are charged and the member "
          "keeps the plan and the joining date.", member_id="The member", months="How many months"),
    _tool("cancel_membership", "Cancels a membership at the end of its notice period (a frozen membership too).", member_id="The member"),
]


@pytest.fixture
def neighbours(tmp_path: Path, write: Any) -> Path:
    """A catalogue of near-neighbour tools, served with progressive disclosure."""
    write("tools.json", {"tools": NEIGHBOURS})
    write("atdf-mcp.yaml", "disclosure: progressive\n")
    return tmp_path


@pytest.mark.parametrize(("query", "first"), [
    ("tool to schedule a laundry pickup from home", "schedule_laundry_pickup"),
    ("freeze my gym membership for two months", "freeze_membership"),
    ("cancel the laundry pickup", "cancel_laundry_pickup"),
    ("cancel my membership", "cancel_membership"),
])
def test_the_tool_whose_name_the_query_says_ranks_first(neighbours: Path, query: str, first: str) -> None:
    index = SearchIndex.build(load_catalog(neighbours).tools)
    assert index.search(query, 3)[0].name == first


# Generated catalogues (bench/search_blind6): a terse tool whose name says what it does ("Delete a meeting.") beside a
# neighbour with more text that shares the query's words (a when_to_use, a Spanish copy the query's synonyms reach).
TERSE = {"tools": [
    _tool("zoom_meetingDelete", "Delete a meeting.", meetingId="Meeting id"),
    _tool("zoom_meetingCreate", "Create a meeting.", topic="Topic"),
    _tool("zoom_meetings", "List meetings.", userId="User id"),
    _tool("createComponent", "Create a component.", pageId="Page id", groupId="Group id"),
    _tool("listComponents", "Get a list of components.", pageId="Page id"),
]}
RICHER = [
    {"schema_version": "2.0.0", "tool_id": "zoom_recordingDelete", "description": "Delete meeting recordings.",
     "when_to_use": "Remove cloud recording files.",
     "localization": {"es": {"description": "Elimina las grabaciones de una reunión.", "when_to_use": "Borra los archivos de la nube."}},
     "how_to_use": {"inputs": [{"name": "meetingId", "type": "string", "required": True}], "outputs": {"success": "Done.", "failure": []}}},
    {"schema_version": "2.0.0", "tool_id": "updateComponentStatus", "description": "Update a component's status.",
     "when_to_use": "A component of the status page is degraded, down or back to operational.",
     "how_to_use": {"inputs": [{"name": "pageId", "type": "string", "required": True}, {"name": "status", "type": "string", "required": True}],
                    "outputs": {"success": "Done.", "failure": []}}},
]


@pytest.mark.parametrize(("query", "first"), [
    ("delete a zoom meeting", "zoom_meetingDelete"),
    ("create a status page component", "createComponent"),
    ("delete the zoom meeting recordings", "zoom_recordingDelete"),
    ("update a component status", "updateComponentStatus"),
])
def test_a_query_saying_a_terse_tools_whole_name_ranks_it_above_a_richer_neighbour(tmp_path: Path, write: Any, query: str,
                                                                                     first: str) -> None:
    """Each share of the name's words was cubed and weighed 0.25: a name said whole gave x1.25, which the neighbour's
    extra text outweighed (bench/search_blind6: zoom_recordingDelete ranked first for "delete a zoom meeting",
    updateComponentStatus for "create a status page component"). Now x1.4 for a whole name, still little for a part."""
    write("tools.json", TERSE)
    write("richer.json", RICHER)
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert index.search(query, 3)[0].name == first


@pytest.mark.anyio
async def test_a_client_of_search_tools_gets_the_named_verb_first(neighbours: Path) -> None:
    """Through the MCP client: search_tools answers the neighbour asked for first, its scores in order."""
    async with Client(build_server(load_catalog(neighbours))) as client:
        found = await client.call_tool("search_tools", {"query": "please schedule a laundry pickup from my home", "limit": 3})
    assert found.is_error is False
    hits = found.structured_content["tools"]
    assert hits[0]["name"] == "schedule_laundry_pickup"
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_camel_case_and_kebab_names_are_read_as_their_words(tmp_path: Path, write: Any) -> None:
    """Names split at humps and hyphens, as the index reads them: the query saying all of one's words ranks it first."""
    names = ("scheduleLaundryPickup", "cancel-laundry-pickup", "ScheduleLaundryDelivery", "FREEZE_MEMBERSHIP", "cancelMembership")
    write("tools.json", {"tools": [{**tool, "name": name} for tool, name in zip(NEIGHBOURS, names, strict=True)]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert index.search("tool to schedule a laundry pickup from home", 3)[0].name == "scheduleLaundryPickup"
