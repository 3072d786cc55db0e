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
from local_server import running

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

ACCEPT = "application/json, text/event-stream"
DESCRIPTORS = Path(__file__).resolve().parent.parent / "descriptors"


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
