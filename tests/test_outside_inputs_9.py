"""A ninth probe from outside: clients nobody here wrote, as users really connect them — the MCP Inspector's CLI, the
TypeScript SDK client doing what hosts do (progress, cancellation, subscriptions, completion, logging, old protocol
versions), the Python SDK in both eras, and raw JSON-RPC over HTTP as proxies and hand-written clients send it.

Each test is a problem found by driving real servers (uvicorn on 127.0.0.1) and clients, kept so it stays fixed.
tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import mcp.types as types
import pytest
from conftest import ardf, write_file
from local_server import running
from mcp import Client
from mcp.shared.exceptions import MCPError

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


# ---------------------------------------------------------------- 2. what the SDK's transports answer on their own

SSE_SESSION = "0123456789abcdef0123456789abcdef"  # well formed, opened by nobody


def _sdk_refusals(http: httpx.Client, headers: dict[str, str]) -> dict[str, tuple[httpx.Response, str | None]]:
    """Each request a hand-written client or a proxy sends wrong, as the SDK alone answered it: label → (answer, the
    header or parameter to fix)."""
    ping = {"jsonrpc": "2.0", "id": 2, "method": "ping"}
    json_only = {**headers, "Accept": "application/json"}
    return {
        "text/plain POST /mcp": (http.post("/mcp", content=json.dumps(ping), headers={**headers, "content-type": "text/plain"}),
                                 "Content-Type"),
        "text/plain POST /messages/": (http.post(f"/messages/?session_id={SSE_SESSION}", content=json.dumps(ping),
                                                 headers={"content-type": "text/plain"}), "Content-Type"),
        "Accept without event-stream": (http.post("/mcp", json=ping, headers=json_only), "Accept"),
        "GET /mcp Accept json": (http.get("/mcp", headers=json_only), "Accept"),
        "POST /mcp without session": (http.post("/mcp", json=ping, headers={"Accept": ACCEPT}), "Mcp-Session-Id"),
        "GET /mcp without session": (http.get("/mcp", headers={"Accept": "text/event-stream"}), "Mcp-Session-Id"),
        "POST /mcp unknown session": (http.post("/mcp", json=ping, headers={**headers, "mcp-session-id": "nope"}), "Mcp-Session-Id"),
        "PUT /mcp": (http.put("/mcp", headers=headers), None),
        "POST /messages/ without session_id": (http.post("/messages/", json=ping), "session_id"),
        "POST /messages/ malformed session_id": (http.post("/messages/?session_id=abc", json=ping), "session_id"),
        "POST /messages/ unknown session_id": (http.post(f"/messages/?session_id={SSE_SESSION}", json=ping), "session_id"),
    }


def test_what_the_sdks_transports_refuse_is_a_json_rpc_error_with_an_envelope(base_url: str) -> None:
    """The SDK answers these itself, in plain text ("Invalid Content-Type header", "session_id is required", "Could not
    find session") or as a JSON-RPC error with a message only ("Bad Request: Missing session ID", "Session not found"):
    nothing says what to send instead. Each keeps its status and now carries an ATDF envelope whose solution names the
    header (or query parameter) to fix."""
    with httpx.Client(base_url=base_url, timeout=10) as http:
        refusals = _sdk_refusals(http, session(http, "/mcp"))
    for label, (answer, parameter) in refusals.items():
        assert 400 <= answer.status_code < 500, (label, answer.status_code, answer.text)
        entry = refusal(answer)
        assert entry["parameter_name"] == parameter, (label, entry)
        if parameter is not None:
            assert parameter in entry["context"]["solution"], (label, entry)
    ended = refusals["POST /mcp unknown session"][0]
    assert ended.status_code == 404 and refusal(ended)["code"] == "NOT_FOUND"  # a client starts a new session on 404
    assert "initialize" in refusal(ended)["context"]["solution"]
    assert "POST" in refusal(refusals["PUT /mcp"][0])["context"]["solution"]
    assert "/sse" in refusal(refusals["POST /messages/ unknown session_id"][0])["context"]["solution"]


def test_a_stream_reopened_with_last_event_id_is_a_stream_not_a_500(base_url: str) -> None:
    """A GET /mcp carrying `Last-Event-ID` (a client or proxy resuming a dropped stream) got "500 Internal Server
    Error": the SDK returns without answering when no event store keeps the history. The server keeps none, so the
    header is read as the MCP specification allows (the server MAY replay): the session's stream opens, live."""
    with httpx.Client(base_url=base_url, timeout=10) as http:
        headers = session(http, "/mcp")
        for path in ("/mcp", "/mcp/quick"):
            if path != "/mcp":
                headers = session(http, path)
            with http.stream("GET", path, headers={**headers, "Accept": "text/event-stream", "Last-Event-ID": "0"}) as stream:
                assert stream.status_code == 200, (path, stream.status_code, stream.read())
                assert stream.headers["content-type"].startswith("text/event-stream")


# ---------------------------------------------------------------- 3. completion/complete

ARDF_TEMPLATE = "ardf://{resource_type}/{resource_id}"


@pytest.mark.anyio
@MODES
async def test_completing_an_unknown_prompts_argument_names_the_closest_prompt(base_url: str, mode: str) -> None:
    """completion/complete on `greetng` answered an empty completion, as if the prompt had nothing to offer: a host's
    argument box stayed empty with no reason. The MCP specification answers an invalid prompt name with -32602; it now
    carries the envelope prompts/get gives, naming the closest prompt."""
    async with Client(f"{base_url}/mcp", mode=mode) as client:
        known = await client.complete(types.PromptReference(name="greeting"), {"name": "name", "value": "A"})
        with pytest.raises(MCPError) as raised:
            await client.complete(types.PromptReference(name="greetng"), {"name": "name", "value": "A"})
    assert known.completion.values == ["Ana", "Andrés"]
    assert raised.value.code == types.INVALID_PARAMS
    data = raised.value.error.data
    assert isinstance(data, dict) and SCHEMAS["error"].violations(data) == []
    assert (data["errors"][0]["code"], data["errors"][0]["suggested_value"]) == ("NOT_FOUND", "greeting")


@pytest.mark.anyio
@MODES
async def test_the_ardf_template_completes_the_types_and_ids_the_client_sees(base_url: str, mode: str) -> None:
    """`ardf://{resource_type}/{resource_id}` is the one template resources/templates/list shows, and the server says
    it completes; completing either variable answered nothing. It now offers the resource types, and the ids of the
    type already chosen, of the client's own view: a tool set's client gets none of the tools outside its set."""
    ref = types.ResourceTemplateReference(uri=ARDF_TEMPLATE)
    async with Client(f"{base_url}/mcp", mode=mode) as client:
        kinds = await client.complete(ref, {"name": "resource_type", "value": ""})
        tools = await client.complete(ref, {"name": "resource_id", "value": ""}, {"resource_type": "tool"})
        prefixed = await client.complete(ref, {"name": "resource_id", "value": "sh"}, {"resource_type": "tool"})
        typed = await client.complete(ref, {"name": "resource_type", "value": "pro"})
    async with Client(f"{base_url}/mcp/quick", mode=mode) as client:
        quick = await client.complete(ref, {"name": "resource_id", "value": ""}, {"resource_type": "tool"})
    assert {"tool", "prompt"} <= set(kinds.completion.values)
    assert typed.completion.values == ["prompt"]
    assert tools.completion.values == ["echo", "shout"] and prefixed.completion.values == ["shout"]
    assert quick.completion.values == ["echo"]
