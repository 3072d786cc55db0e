"""Prerequisites: shown in tool descriptions, and permissions checked against the scopes of the caller's token."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from atdf_mcp import load_catalog
from atdf_mcp.config import read_config
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

DESCRIPTORS = Path(__file__).parent.parent / "descriptors"
ADMIN, BOOKER, VIEWER, BARE = "admin-token-0123456789", "booker-token-0123456789", "viewer-token-0123456789", "bare-token-0123456789"
BOOK = {"schema_version": "2.0.0", "tool_id": "book_trip", "description": "Books a trip.", "when_to_use": "When the trip is chosen.",
        "how_to_use": {"inputs": [{"name": "city", "type": "string", "description": "Where to.", "required": True}],
                       "outputs": {"success": "Booked.", "failure": []}},
        "prerequisites": {"permissions": ["book_travel"], "tools": ["find_trip"], "conditions": ["The traveller agreed"]}}
FIND = {"schema_version": "2.0.0", "tool_id": "find_trip", "description": "Finds trips.", "when_to_use": "To look trips up.",
        "how_to_use": {"inputs": [{"name": "city", "type": "string", "description": "Where to.", "required": True}],
                       "outputs": {"success": "Found.", "failure": []}}}
HANDLERS = ("def book_trip(city):\n    return {'booked': city}\n\n"
            "def find_trip(city):\n    return {'found': city}\n")


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalogue with a tool needing book_travel, and three agent tokens: with that scope, without scopes, with others."""
    root = tmp_path_factory.mktemp("prerequisites")
    for d in (BOOK, FIND):
        (root / f"{d['tool_id']}.json").write_text(json.dumps(d), encoding="utf-8")
    (root / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (root / "atdf-mcp.yaml").write_text(
        "toolsets:\n  trips: {ids: [\"*_trip\"]}\n"
        "tokens:\n"
        f"  {digest(BOOKER)}: {{toolset: trips, scopes: [book_travel, read_trips]}}\n"
        f"  {digest(VIEWER)}: {{toolset: trips, scopes: [read_trips]}}\n"
        f"  {digest(BARE)}: trips\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def url(folder: Path) -> Iterator[str]:
    """The catalogue over HTTP, with --auth-token ADMIN."""
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions(auth_token=ADMIN))) as base:
        yield base


async def call_over_http(url: str, token: str, name: str, arguments: dict[str, Any]) -> Any:
    """One tools/call over Streamable HTTP with a bearer token."""
    with anyio.fail_after(30):
        async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
                    Client(streamable_http_client(f"{url}/mcp", http_client=http), mode="legacy") as client):
            return await client.call_tool(name, arguments)


@pytest.mark.anyio
async def test_prerequisites_are_shown_in_the_tool_description_in_the_served_language() -> None:
    """The bundled booking tools list their permissions, tools, resources, policies and conditions, in English and Spanish."""
    descriptions = {}
    for lang in ("en", "es"):
        async with Client(CatalogServer(load_catalog(DESCRIPTORS), lang=lang).server, mode="legacy") as client:
            descriptions[lang] = {t.name: t.description for t in (await client.list_tools()).tools}
    flight, hotel = descriptions["en"]["flight_booking"], descriptions["en"]["hotel_reservation"]
    assert ("Prerequisites: permissions: book_travel; tools: date_range_validator; conditions: The traveller confirmed origin, "
            "destination and dates; The cabin complies with corporate_travel_policy.") in flight
    assert "Prerequisites: resources: search_hotels, date_range_validator; policies: corporate_travel_policy." in hotel
    assert "Requisitos previos: permisos: book_travel; herramientas: date_range_validator;" in descriptions["es"]["flight_booking"]
    assert "Prerequisites" not in descriptions["en"]["unit_converter"]


@pytest.mark.anyio
async def test_a_token_without_the_scope_gets_permission_denied_naming_it(url: str) -> None:
    """Over HTTP, an agent token lacking book_travel is refused before the handler runs; one holding it books."""
    refused = await call_over_http(url, VIEWER, "book_trip", {"city": "Lima"})
    entry = envelope_of(refused)["errors"][0]
    assert (entry["code"], entry["title"], entry["tool_name"]) == ("PERMISSION_DENIED", "Permission denied", "book_trip")
    assert "'book_travel'" in entry["detail"]
    assert entry["context"]["missing_scopes"] == ["book_travel"] and entry["context"]["granted_scopes"] == ["read_trips"]
    bare = envelope_of(await call_over_http(url, BARE, "book_trip", {"city": "Lima"}))["errors"][0]
    assert bare["code"] == "PERMISSION_DENIED" and bare["context"]["granted_scopes"] == []
    booked = await call_over_http(url, BOOKER, "book_trip", {"city": "Lima"})
    assert not booked.is_error and booked.structured_content == {"booked": "Lima"}
    free = await call_over_http(url, BARE, "find_trip", {"city": "Lima"})  # no permission required: any token
    assert not free.is_error and free.structured_content == {"found": "Lima"}


@pytest.mark.anyio
async def test_the_operator_holds_every_scope(url: str, folder: Path) -> None:
    """The server's own --auth-token and an in-memory (stdio-like) client are the operator: permissions are satisfied."""
    operator = await call_over_http(url, ADMIN, "book_trip", {"city": "Quito"})
    assert not operator.is_error and operator.structured_content == {"booked": "Quito"}
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        local = await client.call_tool("book_trip", {"city": "Quito"})
    assert not local.is_error


def test_token_scopes_are_read_from_the_config_and_bad_ones_are_errors(folder: Path, tmp_path: Path) -> None:
    """`scopes` of a token entry are its permissions; a scopes value that is not a list of names is a config error."""
    config, problems = read_config(folder)
    assert problems == []
    assert config.token_scopes == {digest(BOOKER): frozenset({"book_travel", "read_trips"}), digest(VIEWER): frozenset({"read_trips"})}
    assert config.tokens[digest(BARE)] == "trips" and config.tokens[digest(BOOKER)] == "trips"
    (tmp_path / "atdf-mcp.yaml").write_text("toolsets:\n  trips: {ids: [x]}\ntokens:\n"
                                            f"  {digest(BOOKER)}: {{toolset: trips, scopes: book_travel}}\n", encoding="utf-8")
    _, bad = read_config(tmp_path)
    assert [(p.pointer, p.severity) for p in bad] == [(f"/tokens/{digest(BOOKER)}/scopes", "error")]


def test_missing_prerequisite_tools_stay_load_warnings(folder: Path, tmp_path: Path) -> None:
    """A prerequisite tool the catalogue does not hold is a DANGLING_REFERENCE warning, as before."""
    (tmp_path / "book_trip.json").write_text(json.dumps(BOOK), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    problems = [(p.pointer, p.severity, p.code) for p in load_catalog(tmp_path).report.problems]
    assert ("/prerequisites/tools/0", "warning", "DANGLING_REFERENCE") in problems


@pytest.mark.anyio
async def test_the_agent_tool_service_checks_permissions_before_any_task(url: str) -> None:
    """POST /call_tool with a token lacking the scope is a 403 PERMISSION_DENIED and starts no task; with the scope, the
    task runs under the token's scopes and its result arrives on /callback."""
    async def post(token: str) -> httpx.Response:
        async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
            return await http.post("/call_tool/book_trip", json={"city": "Lima"})

    async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=30) as admin:
        before = (await admin.get("/health")).json()["tasks"]["started"]
        refused = await post(VIEWER)
        assert refused.status_code == 403 and refused.json()["errors"][0]["code"] == "PERMISSION_DENIED"
        assert (await admin.get("/health")).json()["tasks"]["started"] == before  # no task
        accepted = await post(BOOKER)
        assert accepted.status_code == 200, accepted.text
        async with admin.stream("GET", f"/callback/{accepted.json()['task_id']}", headers={"Authorization": f"Bearer {BOOKER}"}) as events:
            lines = [line async for line in events.aiter_lines() if line.startswith(("event:", "data:"))]
    assert lines == ["event: result", 'data: {"content": [{"type": "text", "text": "{\\"booked\\": \\"Lima\\"}"}], '
                     '"structuredContent": {"booked": "Lima"}}']


@pytest.mark.anyio
async def test_ardf_credentials_are_the_permissions_checked(tmp_path: Path) -> None:
    """ARDF has no `permissions` (ATDF's are written as `credentials`): an ARDF tool's credentials are checked as scopes."""
    from atdf_mcp.dialects import writer

    ardf = writer("ardf")(load_catalog(_single(tmp_path / "atdf", BOOK)).descriptors[0])
    assert ardf["prerequisites"]["credentials"] == ["book_travel"]
    server = CatalogServer(load_catalog(_single(tmp_path / "ardf", ardf)))
    view = server.views.get()
    refused = await server.call(view, "book_trip", {"city": "Lima"}, scopes=frozenset({"read_trips"}))
    assert envelope_of(refused)["errors"][0]["context"]["missing_scopes"] == ["book_travel"]
    booked = await server.call(view, "book_trip", {"city": "Lima"}, scopes=frozenset({"book_travel"}))
    assert not booked.is_error


def _single(folder: Path, document: dict[str, Any]) -> Path:
    """A catalogue folder with one descriptor and the booking handlers."""
    folder.mkdir(parents=True)
    (folder / "book_trip.json").write_text(json.dumps(document), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder
