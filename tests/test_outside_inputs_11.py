"""The gaps the ninth probe (tests/test_outside_inputs_9.py) found and left: stream resumption on stateful /mcp, a
notification sent with an id, what a failed call's enriched form says was received, and what --stateless keeps.

Real components only: uvicorn on 127.0.0.1 driven by raw httpx as a client that loses its connection would, a stdio
subprocess, and the SDK's own client.
"""

from __future__ import annotations

import json
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from conftest import write_file
from local_server import free_port, running
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.results import ENRICHED_META
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

ACCEPT = "application/json, text/event-stream"
DESCRIPTORS = Path(__file__).resolve().parent.parent / "descriptors"
SECRET = "tok-7f3a9c1e55"


def initialize(version: str = "2025-06-18", request_id: int = 1) -> dict[str, Any]:
    """An initialize request of a plain HTTP client at `version`."""
    return {"jsonrpc": "2.0", "id": request_id, "method": "initialize",
            "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}


def session(http: httpx.Client, path: str = "/mcp", version: str = "2025-06-18") -> dict[str, str]:
    """Open a session at `path`; the headers its next requests carry."""
    opened = http.post(path, json=initialize(version), headers={"Accept": ACCEPT})
    assert opened.status_code == 200, opened.text
    headers = {"Accept": ACCEPT, "mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": version}
    http.post(path, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
    return headers


def sse_messages(text: str) -> list[dict[str, Any]]:
    """The JSON-RPC messages of an SSE body."""
    return [json.loads(line[5:]) for line in text.splitlines() if line.startswith("data:") and line[5:].strip()]


# ---------------------------------------------------------------- 3. a notification sent with an id

NOTIFICATION_WITH_ID = {"jsonrpc": "2.0", "id": 7, "method": "notifications/initialized"}


def assert_method_refusal(message: dict[str, Any], request_id: Any, *, says: str) -> dict[str, Any]:
    """-32601 for this id, whose data is a valid ATDF envelope (METHOD_NOT_FOUND) with a solution saying `says`."""
    assert message["jsonrpc"] == "2.0" and message["id"] == request_id, message
    assert message["error"]["code"] == -32601, message
    data = message["error"]["data"]
    assert isinstance(data, dict) and SCHEMAS["error"].violations(data) == [], message
    [entry] = data["errors"]
    assert entry["code"] == "METHOD_NOT_FOUND", entry
    assert says in entry["context"]["solution"], entry
    return entry


@pytest.fixture(scope="module")
def demo_url() -> Iterator[str]:
    """The bundled descriptors over HTTP."""
    with running(build_app(CatalogServer(load_catalog(DESCRIPTORS)), HttpOptions())) as url:
        yield url


def test_a_notification_sent_with_an_id_over_http_says_to_send_it_without_one(demo_url: str) -> None:
    """`notifications/initialized` with an id got -32601 "Method not found" and data "notifications/initialized": the
    client learnt nothing. It now carries an envelope saying a notification has no id; an unknown request method names
    the closest one."""
    with httpx.Client(base_url=demo_url, timeout=10) as http:
        headers = session(http)
        answered = http.post("/mcp", json=NOTIFICATION_WITH_ID, headers=headers)
        typo = http.post("/mcp", json={"jsonrpc": "2.0", "id": 8, "method": "tools/lst"}, headers=headers)
        still = http.post("/mcp", json={"jsonrpc": "2.0", "id": 9, "method": "ping"}, headers=headers)
    [message] = sse_messages(answered.text)
    entry = assert_method_refusal(message, 7, says="without an id")
    assert entry["parameter_name"] == "id"
    [message] = sse_messages(typo.text)
    entry = assert_method_refusal(message, 8, says="tools/list")
    assert entry["suggested_value"] == "tools/list"
    assert sse_messages(still.text) == [{"jsonrpc": "2.0", "id": 9, "result": {}}]


def test_a_notification_sent_with_an_id_over_stdio_says_to_send_it_without_one(tmp_path: Path) -> None:
    """The same refusal over stdio, on one line of stdout."""
    process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(DESCRIPTORS)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
    assert process.stdin is not None and process.stdout is not None

    def ask(message: dict[str, Any]) -> dict[str, Any]:
        process.stdin.write(json.dumps(message) + "\n")  # type: ignore[union-attr]
        process.stdin.flush()  # type: ignore[union-attr]
        ready, _, _ = select.select([process.stdout], [], [], 15)
        assert ready, f"no answer to {message}"
        return json.loads(process.stdout.readline())  # type: ignore[union-attr]

    try:
        assert ask(initialize())["id"] == 1
        assert_method_refusal(ask(NOTIFICATION_WITH_ID), 7, says="without an id")
        assert ask({"jsonrpc": "2.0", "id": 8, "method": "ping"}) == {"jsonrpc": "2.0", "id": 8, "result": {}}
    finally:
        process.stdin.close()
        process.wait(15)
        process.stdout.close()


# ---------------------------------------------------------------- 4. what the enriched form says was received

TOOLS = [
    {"name": "refuse", "description": "Refuse with a declared failure.",
     "inputSchema": {"type": "object", "properties": {"unit": {"type": "string"}, "value": {"type": "number"}}, "required": ["unit"]}},
    {"name": "crash", "description": "Fail without a declared failure.",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}},
    {"name": "remote", "description": "Call a service that is down.", "endpoint": f"http://127.0.0.1:{free_port()}/search",
     "method": "GET", "auth": {"type": "bearer", "env": "ATDF_TEST_SECRET"},
     "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
]
HANDLERS = ("from atdf_mcp import ToolError\n\n"
            "def refuse(unit, value=1):\n    raise ToolError('UNKNOWN_UNIT', f'{unit!r} is not a unit.', parameter='unit', suggested_value='km')\n\n"
            "def crash(text=''):\n    raise RuntimeError('boom')\n")


def enriched_received(result: Any) -> Any:
    """`_meta."atdf.io/enriched".data.details.received` of an isError result."""
    assert result.is_error, result
    return result.meta[ENRICHED_META]["data"]["details"]["received"]


@pytest.mark.anyio
async def test_a_handlers_tool_error_says_in_its_enriched_form_what_was_sent() -> None:
    """unit_converter's UNKNOWN_UNIT (a handler's ToolError) answered `received: {}` although the caller sent
    from_unit="KM": the enriched form only read `context.received`, which validation errors alone fill."""
    arguments = {"value": 10, "from_unit": "KM", "to_unit": "mi"}
    async with Client(CatalogServer(load_catalog(DESCRIPTORS)).server) as client:
        result = await client.call_tool("unit_converter", arguments)
    assert result.meta[ENRICHED_META]["data"]["code"] == "UNKNOWN_UNIT"
    assert enriched_received(result) == arguments


@pytest.mark.anyio
async def test_every_failed_call_says_what_was_sent_and_masks_secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A declared failure, an undeclared exception and a service that is down all give the call's arguments as
    `received` (a configured secret as ***, as everywhere else in a result); a validation error and an unknown tool keep
    their own `received` (the value of the argument at fault, the tool name sent)."""
    monkeypatch.setenv("ATDF_TEST_SECRET", SECRET)
    write_file(tmp_path, "tools.json", {"tools": TOOLS})
    write_file(tmp_path, "handlers.py", HANDLERS)
    write_file(tmp_path, "atdf-mcp.yaml", yaml.safe_dump({"allow_private_networks": True}))
    async with Client(CatalogServer(load_catalog(tmp_path), disclosure="progressive").server) as client:
        through_meta = await client.call_tool("call_tool", {"name": "refuse", "arguments": {"unit": "KM"}})
    async with Client(CatalogServer(load_catalog(tmp_path)).server) as client:
        declared = await client.call_tool("refuse", {"unit": "KM", "value": 2})
        crashed = await client.call_tool("crash", {"text": "hello"})
        down = await client.call_tool("remote", {"q": f"find {SECRET}"})
        unknown = await client.call_tool("refus", {"unit": "KM"})
        invalid = await client.call_tool("refuse", {"unit": 5})
    assert enriched_received(declared) == {"unit": "KM", "value": 2}
    assert enriched_received(crashed) == {"text": "hello"}
    assert enriched_received(down) == {"q": "find ***"}
    assert SECRET not in json.dumps(down.meta)
    assert enriched_received(unknown) == {"name": "refus"}
    assert enriched_received(invalid) == {"unit": 5}
    assert enriched_received(through_meta) == {"unit": "KM"}  # the inner call's own arguments
