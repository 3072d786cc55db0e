"""The ATDF Server Profile routes (atdf_mcp.profile) on the bundled catalogue, over a real uvicorn server, with the
assertions of the ATDF repository's own profile tests (tests/test_server_profile.py there) and /openapi.json."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from envelopes import UPSTREAM_SCHEMAS, _upstream_validator
from local_server import running

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

DESCRIPTORS = Path(__file__).parent.parent / "descriptors"
MCP_TOOL = {"name": "demo_tool", "description": "A demo tool.",
            "inputSchema": {"type": "object", "properties": {"foo": {"type": "string", "description": "Foo."}}, "required": ["foo"]}}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running(build_app(CatalogServer(load_catalog(DESCRIPTORS)), HttpOptions())) as base:
        yield base


@pytest.fixture
def http(url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=url, timeout=30) as client:
        yield client


def refusal(response: httpx.Response, status: int) -> dict[str, Any]:
    """The first entry of an error envelope: the HTTP status, the bundled schema and upstream's error_atdf.json checked."""
    assert response.status_code == status, response.text
    body = response.json()
    assert SCHEMAS["error"].violations(body) == [], body
    if UPSTREAM_SCHEMAS.is_dir():
        assert [e.message for e in _upstream_validator("error_atdf.json").iter_errors(body)] == []
    return body["errors"][0]


def test_tools_in_atdf_form_have_the_fields_profile_clients_read(http: httpx.Client) -> None:
    """GET /tools?format=atdf: {"tools": [...]}, each with tool_id, description, when_to_use, how_to_use.inputs and valid
    against the ATDF 2.x schema; without the parameter /tools stays the ARDF collection."""
    tools = http.get("/tools", params={"format": "atdf"}).json()["tools"]
    assert tools and all({"tool_id", "description", "when_to_use", "how_to_use"} <= set(t) and "inputs" in t["how_to_use"] for t in tools)
    assert all(SCHEMAS["atdf2"].violations(t) == [] for t in tools)
    workflow = next(t for t in tools if t["tool_id"] == "trip_booking")  # a runnable workflow is a tool, with its inputs
    assert {"origin", "destination", "start_date"} <= {i["name"] for i in workflow["how_to_use"]["inputs"]}
    ardf = http.get("/tools").json()
    ids = {r["resource_id"] for r in ardf["resources"]}
    assert ardf["count"] == len(ardf["resources"]) and ids >= {t["tool_id"] for t in tools} - {"trip_booking"}


def test_one_tool_and_an_unknown_one(http: httpx.Client) -> None:
    """GET /tools/{id}: the ATDF descriptor (ARDF with ?format=ardf); an unknown id is 404 TOOL_NOT_FOUND naming the nearest."""
    tool = http.get("/tools/hotel_reservation").json()
    assert tool["tool_id"] == "hotel_reservation" and tool["schema_version"] == "2.0.0"
    assert http.get("/tools/hotel_reservation", params={"format": "ardf"}).json()["resource_id"] == "hotel_reservation"
    entry = refusal(http.get("/tools/hotel_reservatio"), 404)
    assert entry["code"] == "TOOL_NOT_FOUND" and entry["suggested_value"] == "hotel_reservation"


def test_validate_answers_200_with_results_or_400_with_the_problems(http: httpx.Client) -> None:
    """A catalogue descriptor is valid ({tool_id, schema_version}); {"tool_id": "broken"} is 400 naming the tool and paths."""
    good = http.get("/tools/flight_booking").json()
    answer = http.post("/tools/validate", json=good)
    assert answer.status_code == 200 and answer.json()["valid"] is True
    assert answer.json()["results"] == [{"tool_id": "flight_booking", "schema_version": "2.0.0"}]
    both = http.post("/tools/validate", json=[good, http.get("/tools/hotel_reservation").json()]).json()
    assert [r["tool_id"] for r in both["results"]] == ["flight_booking", "hotel_reservation"]
    entry = refusal(http.post("/tools/validate", json={"tool_id": "broken"}), 400)
    assert entry["tool_name"] == "broken" and entry["code"] == "VALIDATION_ERROR" and "json_path" in entry["context"]
    broken_input = {**good, "how_to_use": {**good["how_to_use"], "inputs": "none"}}
    refused = http.post("/tools/validate", json=broken_input)
    refusal(refused, 400)
    entries = refused.json()["errors"]
    assert any((e["parameter_name"] or "").startswith("how_to_use.inputs") for e in entries), entries
    assert {e["tool_name"] for e in entries} == {"flight_booking"}
    assert refusal(http.post("/tools/validate", content=b"{not json"), 400)["code"] == "INVALID_JSON"


def test_convert_mcp_tools_to_atdf(http: httpx.Client) -> None:
    """POST /convert/mcp: one MCP tool or a list become ATDF 2.x (valid); a tool without a name is 400; unknown keys are 400."""
    answer = http.post("/convert/mcp", json={"mcp": MCP_TOOL, "enhanced": False})
    assert answer.status_code == 200
    tool = answer.json()["tools"][0]
    assert tool["tool_id"] == "demo_tool" and SCHEMAS["atdf2"].violations(tool) == []
    assert [i["name"] for i in tool["how_to_use"]["inputs"]] == ["foo"] and tool["how_to_use"]["inputs"][0]["required"] is True
    two = http.post("/convert/mcp", json={"mcp": [MCP_TOOL, {**MCP_TOOL, "name": "other"}]}).json()["tools"]
    assert [t["tool_id"] for t in two] == ["demo_tool", "other"]
    assert refusal(http.post("/convert/mcp", json={"mcp": {"description": "No name."}}), 400)["code"] == "VALIDATION_ERROR"
    assert refusal(http.post("/convert/mcp", json={"mcp": MCP_TOOL, "extra": 1}), 400)["parameter_name"] == "extra"
    assert refusal(http.post("/convert/mcp", json={"tools": [MCP_TOOL]}), 400)["parameter_name"] == "mcp"


def test_search_uses_the_search_index_by_get_and_by_post(http: httpx.Client) -> None:
    """GET /search?q= and the profile's POST body give the search_tools ranking with float scores; filters narrow it."""
    found = http.get("/search", params={"q": "Need a hotel booking", "limit": 2}).json()
    assert found["query"] == "Need a hotel booking" and len(found["results"]) == 2
    assert "hotel_reservation" in [r["tool_id"] for r in found["results"]] and all(isinstance(r["score"], float) for r in found["results"])
    posted = http.post("/search", json={"query": "Need a hotel booking", "limit": 2}).json()
    assert [r["tool_id"] for r in posted["results"]] == [r["tool_id"] for r in found["results"]]
    tagged = http.post("/search", json={"query": "book", "limit": 5, "filters": {"tags": ["flight"]}}).json()["results"]
    assert tagged and all("flight" in r["metadata"]["tags"] for r in tagged)
    assert refusal(http.get("/search"), 400)["parameter_name"] == "q"
    assert refusal(http.get("/search", params={"q": "hotel", "limit": 0}), 400)["parameter_name"] == "limit"


def test_openapi_describes_every_route_the_app_serves(url: str, http: httpx.Client) -> None:
    """/openapi.json is OpenAPI 3.1 and lists every path and method of the app's route table."""
    document = http.get("/openapi.json").json()
    assert document["openapi"].startswith("3.1") and document["info"]["title"] == "atdf-mcp"
    app = build_app(CatalogServer(load_catalog(DESCRIPTORS)), HttpOptions())
    served = {getattr(r, "path", "") for r in app.routes}
    listed = set(document["paths"])
    assert {p.replace(":path", "") for p in served if p} - listed - {"/messages"} == set()
    for path in ("/tools", "/tools/{id}", "/tools/validate", "/convert/mcp", "/search", "/metrics", "/call_tool/{tool_name}"):
        assert path in listed, path
    assert set(document["paths"]["/search"]) == {"get", "post"}
    assert document["paths"]["/tools/{id}"]["get"]["parameters"][0]["name"] == "id"
