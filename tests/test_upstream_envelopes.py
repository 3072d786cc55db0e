"""Every failure validates against both of upstream's error schemas (issue 10 §4), on every path that makes one.

- `schema/error_atdf.json`: the envelope itself (first text block and structuredContent of an error result, the
  body of a REST error, the `data` of a JSON-RPC error on the MCP endpoints);
- `schema/enriched_response_schema.json`: the same failure in the enriched form, which an error result carries in
  `_meta["atdf.io/enriched"]` and `envelope.enriched()` builds from any envelope.

One object cannot be both (error_atdf forbids the root `data` the enriched schema requires): the first test keeps
that fact visible, so that a change of either schema upstream shows up here. Skipped without the upstream fixtures.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import UPSTREAM
from envelopes import envelope_of, upstream_violations
from local_server import running
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.envelope import build_entry, enriched, envelope
from atdf_mcp.results import ENRICHED_META
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

pytestmark = pytest.mark.skipif(not (UPSTREAM / "schema").is_dir(), reason="upstream schemas not present (../shared/fixtures/upstream)")

TOOLS = {"tools": [
    {"name": "book", "description": "Book a room.", "inputSchema": {"type": "object", "additionalProperties": False, "required": ["guests"],
     "properties": {"guests": {"type": "integer", "minimum": 1, "maximum": 4}, "email": {"type": "string", "format": "email"}}},
     "outputSchema": {"type": "object", "properties": {"booking": {"type": "string"}}, "required": ["booking"]}},
    {"name": "refuse", "description": "Refuses with a declared-style failure.", "inputSchema": {"type": "object"}},
    {"name": "crash", "description": "Raises.", "inputSchema": {"type": "object"}},
    {"name": "slow", "description": "Too slow.", "inputSchema": {"type": "object"}, "timeout": 0.2},
    {"name": "unbound", "description": "No handler.", "inputSchema": {"type": "object"}},
]}
HANDLERS = '''
import anyio
from atdf_mcp import ToolError

def book(guests, email=None):
    """Book."""
    return {"booking": f"B-{guests}"}

def refuse():
    """Refuse."""
    raise ToolError("ERR_404_SLOT", "Slot 4 is gone.", parameter="slot", suggested_value=5, context={"received": 4})

def crash():
    """Crash."""
    raise RuntimeError("secret")

async def slow():
    """Sleep past the timeout."""
    await anyio.sleep(5)
'''


@pytest.fixture
def catalog_server(tmp_path: Path) -> CatalogServer:
    """Tools that fail every way a tool call can fail."""
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    return CatalogServer(load_catalog(tmp_path))


def test_one_object_cannot_satisfy_both_upstream_schemas() -> None:
    """Why the enriched form travels beside the envelope: the envelope with a `data` key breaks error_atdf.json."""
    env = envelope([build_entry("VALIDATION_ERROR", "Argument 'guests' must be <= 4.", "book", parameter="guests")])
    both = {**env, "data": enriched(env)["data"]}
    problems = upstream_violations(both, both)
    assert any(p.startswith("error_atdf.json") and "data" in p for p in problems), problems
    assert not any(p.startswith("enriched_response_schema.json") for p in problems), problems
    assert upstream_violations(env, enriched(env)) == []


CALLS = [
    ("argument errors", "book", {"guests": "lots", "email": "ann", "pets": 2}, "VALIDATION_ERROR"),
    ("argument error with a fix", "book", {"guests": 9}, "VALIDATION_ERROR"),
    ("missing argument", "book", {}, "VALIDATION_ERROR"),
    ("handler ToolError with digits in its code", "refuse", {}, "ERR_FOUR_ZERO_FOUR_SLOT"),
    ("unexpected exception", "crash", {}, "INTERNAL_ERROR"),
    ("timeout", "slow", {}, "TIMEOUT"),
    ("no handler", "unbound", {}, "HANDLER_UNAVAILABLE"),
    ("unknown tool", "bok", {}, "TOOL_NOT_FOUND"),
]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_every_tool_call_failure_validates_against_both_schemas(catalog_server: CatalogServer, mode: str) -> None:
    async with Client(catalog_server.server, mode=mode) as client:
        for what, tool, arguments, code in CALLS:
            result = await client.call_tool(tool, arguments)
            env = envelope_of(result)  # bundled schema, text == structuredContent, error_atdf + enriched
            form = result.meta[ENRICHED_META]
            assert upstream_violations(env, form) == [], what
            assert (form["status"], form["data"]["code"], form["meta"]["timestamp"]) == ("error", code, env["meta"]["timestamp"]), what
            first = env["errors"][0]
            assert form["data"]["message"] == first["detail"] and form["data"]["details"]["field"] == (first["parameter_name"] or "")
            assert form["data"]["details"]["solution"] == first["context"].get("solution", first["detail"]), what


@pytest.mark.anyio
async def test_the_enriched_form_carries_every_error_and_the_suggestions(catalog_server: CatalogServer) -> None:
    async with Client(catalog_server.server) as client:
        several = (await client.call_tool("book", {"guests": "lots", "email": "ann", "pets": 2})).meta[ENRICHED_META]
        fixable = (await client.call_tool("book", {"guests": 5})).meta[ENRICHED_META]
    assert [e["field"] for e in several["data"]["details"]["errors"]] == ["email", "guests"]
    assert several["data"]["details"]["field"] == "pets" and several["data"]["details"]["received"] == {"pets": 2}
    details = fixable["data"]["details"]
    assert (details["suggested_value"], details["suggested_arguments"]) == ("4", {"guests": 4})
    assert details["expected"]["conditions"] == ["type: integer", ">= 1", "<= 4"]


@pytest.mark.anyio
async def test_rest_and_transport_errors_validate_against_both_schemas(catalog_server: CatalogServer) -> None:
    """404, 405, 400 (not JSON), 401 (token), 421 (foreign Host) and the JSON-RPC error data on /mcp."""
    with running(build_app(catalog_server, HttpOptions(auth_token="t0ken"))) as url:
        async with httpx.AsyncClient(base_url=url, headers={"Authorization": "Bearer t0ken"}) as http:
            responses = [
                await http.get("/nothing-here"),
                await http.delete("/health"),
                await http.get("/schema/nope"),
                await http.post("/validate", content=b"{not json", headers={"Content-Type": "application/json"}),
                await http.post("/validate", json={}, headers={"Authorization": "Bearer wrong"}),
                await http.post("/mcp", json={}, headers={"Host": "evil.example.com"}),
            ]
    for response in responses:
        assert response.status_code >= 400, response.text
        body = response.json()
        env = body["error"]["data"] if "jsonrpc" in body else body
        assert upstream_violations(env, enriched(env)) == [], (response.status_code, body)


def test_an_envelope_passed_on_from_an_http_upstream_validates(tmp_path: Path) -> None:
    """The enriched form of an envelope built from whatever an upstream said (no code, odd codes, scalar received)."""
    for code, received in (("invalid_dates", "2030-01-01"), ("HTTP_503", None), ("x", {"a": 1}), ("", 7)):
        context: dict[str, Any] = {"solution": "Retry later."} if received is None else {"received": received}
        env = envelope([build_entry(code, "Upstream said no.", "weather", context=context)])
        assert upstream_violations(env, enriched(env)) == [], code
