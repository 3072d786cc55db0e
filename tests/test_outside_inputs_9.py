"""A ninth probe from outside: clients nobody here wrote, as users really connect them — the MCP Inspector's CLI, the
TypeScript SDK client doing what hosts do (progress, cancellation, subscriptions, completion, logging, old protocol
versions), the Python SDK in both eras, and raw JSON-RPC over HTTP as proxies and hand-written clients send it.

Each test is a problem found by driving real servers (uvicorn on 127.0.0.1) and clients, kept so it stays fixed.
tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import ardf, write_file
from local_server import running

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

MODES = pytest.mark.parametrize("mode", ["legacy", "auto"])
ACCEPT = "application/json, text/event-stream"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "curl", "version": "1"}}}
ECHO = {"name": "echo", "description": "Echo text.",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}
SHOUT = {**ECHO, "name": "shout", "description": "Shout text."}


def catalogue(folder: Path) -> Path:
    """Two tools, a prompt with declared completions and a tool set `quick` holding only `echo`."""
    write_file(folder, "tools.json", {"tools": [ECHO, SHOUT]})
    write_file(folder, "handlers.py", "def echo(text):\n    return text\n\ndef shout(text):\n    return text.upper()\n")
    write_file(folder, "greeting.json", ardf("prompt", "greeting", "prompt/template", {
        "input_variables": ["name"], "template_text": "Hello ${name}.", "completions": {"name": ["Ana", "Andrés", "Bob"]}}))
    write_file(folder, "atdf-mcp.yaml", "toolsets:\n  quick: {ids: [echo]}\n")
    return folder


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The catalogue served over /mcp, /mcp/quick, /sse and /messages/ on a free 127.0.0.1 port."""
    folder = catalogue(tmp_path_factory.mktemp("clients"))
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions())) as url:
        yield url


def refusal(response: httpx.Response) -> dict[str, Any]:
    """The one ATDF entry of a JSON-RPC error answered over HTTP: a valid envelope with a solution."""
    assert response.headers["content-type"].startswith("application/json"), (response.status_code, response.text)
    body = response.json()
    assert body["jsonrpc"] == "2.0" and isinstance(body["error"]["code"], int), body
    data = body["error"]["data"]
    assert isinstance(data, dict), f"no envelope in the error's data: {body}"
    assert SCHEMAS["error"].violations(data) == []
    [entry] = data["errors"]
    assert entry["context"]["solution"], entry
    return entry


def session(http: httpx.Client, path: str) -> dict[str, str]:
    """Open a handshake-era session at `path`; the headers its next requests carry."""
    opened = http.post(path, json=INITIALIZE, headers={"Accept": ACCEPT})
    assert opened.status_code == 200, opened.text
    headers = {"Accept": ACCEPT, "mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
    http.post(path, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
    return headers


# ---------------------------------------------------------------- 1. a tool set's /mcp path, as /mcp


@pytest.mark.parametrize("body, reason", [
    (b'{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', "is not a string or an integer"),
    (b'[{"jsonrpc": "2.0", "id": 4, "method": "ping"}]', "batches are not supported"),
    (b"{bad", "not valid JSON"),
])
def test_a_malformed_message_to_a_tool_sets_path_is_answered_as_on_mcp(base_url: str, body: bytes, reason: str) -> None:
    """/mcp answered these with a JSON-RPC error and an envelope, /mcp/quick did not: an id of 1.5 got 202 and no answer
    ever (the client waits forever), a batch got -32602 and a pydantic dump of four union validation errors, bad JSON a
    bare -32700. The guard only looked at /mcp and /messages/."""
    with httpx.Client(base_url=base_url, timeout=10) as http:
        headers = session(http, "/mcp/quick")
        for path in ("/mcp", "/mcp/quick"):
            answer = http.post(path, content=body, headers={**headers, "content-type": "application/json"})
            assert answer.status_code == 400, (path, answer.status_code, answer.text)
            entry = refusal(answer)
            assert reason in entry["detail"] and "validation error" not in answer.text.lower(), (path, entry)
