"""Nothing one caller does at the protocol level takes the server down or goes unanswered.

Session floods cannot lock a new client out (idle sessions are evicted, least recently used first, and each client
address has a share); every JSON-RPC message that can be answered is (stdio, /mcp, /messages/); and the Host check
takes only a plain host[:port]. Real uvicorn on 127.0.0.1, the SDK's own client, a real stdio subprocess.
"""

from __future__ import annotations

import contextlib
import json
import select
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.cli import main
from atdf_mcp.server import CatalogServer
from atdf_mcp.sessions import SessionLimits
from atdf_mcp.web import HttpOptions, build_app, endpoints_text

ECHO = {"tools": [{"name": "echo", "description": "Echo a value.",
                   "inputSchema": {"type": "object", "properties": {"value": {}}, "required": ["value"]}}]}
HANDLERS = 'def echo(value):\n    """Echo the value."""\n    return {"echo": value}\n'
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "flood", "version": "1"}}}
BAD_IDS = ['{"a": 1}', "1.5", "1e400", "true"]


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    """A one-tool catalogue: `echo` takes any JSON value."""
    (tmp_path / "tools.json").write_text(json.dumps(ECHO), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return tmp_path


@contextlib.contextmanager
def serving(catalog_dir: Path, **options: Any) -> Iterator[str]:
    """The catalogue over HTTP on a free 127.0.0.1 port, with these HttpOptions; yields the base URL."""
    app = build_app(CatalogServer(load_catalog(catalog_dir)), HttpOptions(port=0, **options))
    with running(app) as base:
        yield base


def deep_call(request_id: int, levels: int) -> str:
    """A tools/call of `echo` whose argument is `levels` nested arrays."""
    return (f'{{"jsonrpc": "2.0", "id": {request_id}, "method": "tools/call", "params": {{"name": "echo", "arguments": '
            f'{{"value": {"[" * levels}{"]" * levels}}}}}}}')


async def open_session(http: httpx.AsyncClient, base: str, address: str | None = None) -> str:
    """Initialize a Streamable HTTP session (never closed), as `address` via X-Forwarded-For; return its id."""
    headers = {**MCP_HEADERS, **({"x-forwarded-for": address} if address else {})}
    response = await http.post(f"{base}/mcp", json=INITIALIZE, headers=headers)
    assert response.status_code == 200, response.text
    return response.headers["mcp-session-id"]


async def is_alive(http: httpx.AsyncClient, base: str, session_id: str) -> bool:
    """Whether the session still answers a ping (an ended one answers 404)."""
    headers = {**MCP_HEADERS, "mcp-session-id": session_id, "mcp-protocol-version": "2025-06-18"}
    response = await http.post(f"{base}/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "ping"}, headers=headers)
    assert response.status_code in (200, 404), response.text
    return response.status_code == 200


async def echo_through_sdk(base: str) -> Any:
    """A new client, through the SDK, connects to /mcp and calls a tool; the structured result."""
    with anyio.fail_after(20):
        async with Client(f"{base}/mcp", mode="legacy") as client:
            result = await client.call_tool("echo", {"value": "hello"})
    assert not result.is_error, result
    return result.structured_content


@contextlib.asynccontextmanager
async def sse_streams(base: str, count: int, address: str) -> AsyncIterator[None]:
    """`count` legacy SSE connections from `address`, held open (busy sessions that can never be evicted)."""
    async with contextlib.AsyncExitStack() as stack:
        http = await stack.enter_async_context(httpx.AsyncClient(timeout=10))
        for _ in range(count):
            response = await stack.enter_async_context(http.stream("GET", f"{base}/sse", headers={"x-forwarded-for": address}))
            assert response.status_code == 200
        yield


# ---------------------------------------------------------------------------------------------
# 6. Sessions: a flood evicts idle sessions instead of locking new clients out


class TestSessionFlood:
    @pytest.mark.anyio
    async def test_a_new_client_gets_in_after_a_flood_of_abandoned_sessions(self, catalog_dir: Path) -> None:
        """300 initializes never closed, from one address, on a 40-session server: a new SDK client still calls a tool."""
        with serving(catalog_dir, sessions=SessionLimits(max_sessions=40)) as base:
            async with httpx.AsyncClient(timeout=30) as http:
                with anyio.fail_after(120):
                    flood = [await open_session(http, base) for _ in range(300)]
                assert await echo_through_sdk(base) == {"echo": "hello"}
                assert not await is_alive(http, base, flood[0])  # the least recently used went first
                assert await is_alive(http, base, flood[-1])

    @pytest.mark.anyio
    async def test_one_address_cannot_evict_the_sessions_of_others(self, catalog_dir: Path) -> None:
        """An address flooding past its share evicts its own idle sessions, not the older ones of another address."""
        with serving(catalog_dir, sessions=SessionLimits(max_sessions=20, per_client=5)) as base:
            async with httpx.AsyncClient(timeout=30) as http:
                others = [await open_session(http, base, "127.0.0.3") for _ in range(3)]
                flood = [await open_session(http, base, "127.0.0.2") for _ in range(40)]
                assert [await is_alive(http, base, s) for s in others] == [True] * 3
                alive = [await is_alive(http, base, s) for s in flood]
                assert alive == [False] * 35 + [True] * 5

    @pytest.mark.anyio
    async def test_refused_with_retry_after_only_when_nothing_can_be_evicted(self, catalog_dir: Path) -> None:
        """Busy sessions only: 429 for the address holding its share, 503 for another when the server is full."""
        with serving(catalog_dir, sessions=SessionLimits(max_sessions=2, per_client=2)) as base:
            async with sse_streams(base, 2, "127.0.0.2"), httpx.AsyncClient(timeout=10) as http:
                for address, status in (("127.0.0.2", 429), ("127.0.0.3", 503)):
                    response = await http.post(f"{base}/mcp", json=INITIALIZE, headers={**MCP_HEADERS, "x-forwarded-for": address})
                    assert response.status_code == status
                    assert response.headers["retry-after"] == "5"
                    body = response.json()
                    assert body["jsonrpc"] == "2.0" and body["id"] is None and body["error"]["code"] == -32600
                    entry = body["error"]["data"]["errors"][0]
                    assert entry["code"] == "TOO_MANY_SESSIONS" and entry["context"]["retryable"] is True
                    assert entry["context"]["solution"]
                    response = await http.get(f"{base}/sse", headers={"x-forwarded-for": address})
                    assert response.status_code == status
            assert await echo_through_sdk(base) == {"echo": "hello"}  # the streams closed: room again

    @pytest.mark.anyio
    async def test_clients_without_sessions_are_not_limited(self, catalog_dir: Path) -> None:
        """A 2026-07-28 client opens no session: it still calls tools on a server whose one session is busy."""
        with serving(catalog_dir, sessions=SessionLimits(max_sessions=1)) as base:
            async with sse_streams(base, 1, "127.0.0.1"):
                with anyio.fail_after(20):
                    async with Client(f"{base}/mcp") as client:
                        assert (await client.call_tool("echo", {"value": 1})).structured_content == {"echo": 1}

    @pytest.mark.anyio
    async def test_an_idle_session_ends_after_the_idle_timeout(self, catalog_dir: Path) -> None:
        """With --session-idle-timeout 0.5, a session left alone answers 404 a moment later; a used one lives on."""
        with serving(catalog_dir, sessions=SessionLimits(idle_timeout=0.5)) as base:
            async with httpx.AsyncClient(timeout=10) as http:
                session = await open_session(http, base)
                assert await is_alive(http, base, session)
                await anyio.sleep(1.5)
                assert not await is_alive(http, base, session)

    def test_session_options_are_checked(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Zero or negative session limits are usage errors (exit 2) that name the option."""
        for flag, value in (("--max-sessions", "0"), ("--max-sessions-per-client", "-1"), ("--session-idle-timeout", "0")):
            assert main(["serve", "--transport", "http", flag, value]) == 2
            assert flag in capsys.readouterr().err
        assert main(["serve", "--max-sessions", "5"]) == 2  # stdio has no sessions
        assert "--max-sessions" in capsys.readouterr().err

    def test_the_banner_states_the_session_limits(self) -> None:
        """The start-up banner says how many sessions, per address, and after how long idle ones close."""
        text = endpoints_text(HttpOptions(sessions=SessionLimits(max_sessions=9, per_client=3, idle_timeout=30)), 8000)
        assert "at most 9, 3 per client address" in text and "after 30 s idle" in text


# ---------------------------------------------------------------------------------------------
# 7. Every message that can be answered is answered


class StdioWire:
    """`atdf-mcp serve DIR` as a subprocess, spoken to line by line."""

    def __init__(self, directory: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(directory)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8")

    def ask(self, line: str, timeout: float = 15) -> dict[str, Any]:
        """Send one line and return the next message on stdout (which must be JSON)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        assert ready, f"no answer to {line[:80]!r}"
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        """Close stdin and wait for the process to exit."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(15)
        self.process.stdout.close()


@pytest.fixture
def stdio(catalog_dir: Path) -> Iterator[StdioWire]:
    """An initialized stdio server."""
    wire = StdioWire(catalog_dir)
    try:
        assert wire.ask(json.dumps(INITIALIZE))["id"] == 1
        wire.process.stdin.write('{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')  # type: ignore[union-attr]
        yield wire
    finally:
        wire.close()


def assert_tool_error(message: dict[str, Any], request_id: Any, tool: str) -> None:
    """A tools/call answered as that tool's isError result: VALIDATION_ERROR on `arguments`, the envelope first."""
    assert message["jsonrpc"] == "2.0" and message["id"] == request_id, message
    assert message["result"]["isError"] is True and "structuredContent" not in message["result"]
    entry = json.loads(message["result"]["content"][0]["text"])["errors"][0]
    assert (entry["code"], entry["tool_name"], entry["parameter_name"]) == ("VALIDATION_ERROR", tool, "arguments")
    assert "nested more than 200 levels" in entry["detail"] and entry["context"]["solution"]


def assert_error(message: dict[str, Any], code: int, request_id: Any, envelope_code: str) -> None:
    """A JSON-RPC error with this code and id, whose data is an ATDF envelope with a solution."""
    assert message["jsonrpc"] == "2.0" and message["id"] == request_id, message
    assert message["error"]["code"] == code
    entry = message["error"]["data"]["errors"][0]
    assert entry["code"] == envelope_code and entry["context"]["solution"]


class TestEveryRequestAnsweredOverStdio:
    def test_an_unparseable_line_gets_a_parse_error(self, stdio: StdioWire) -> None:
        """`{bad` answers -32700 with id null, and the connection goes on."""
        assert_error(stdio.ask("{bad"), -32700, None, "PARSE_ERROR")
        assert stdio.ask('{"jsonrpc": "2.0", "id": 9, "method": "ping"}') == {"jsonrpc": "2.0", "id": 9, "result": {}}

    @pytest.mark.parametrize("bad_id", BAD_IDS)
    def test_an_invalid_id_gets_invalid_request(self, stdio: StdioWire, bad_id: str) -> None:
        """An id that is an object, a fraction, 1e400 or a boolean answers -32600 with id null."""
        assert_error(stdio.ask(f'{{"jsonrpc": "2.0", "id": {bad_id}, "method": "tools/list"}}'), -32600, None, "INVALID_REQUEST")

    def test_arguments_nested_too_deep_get_invalid_params_with_their_id(self, stdio: StdioWire) -> None:
        """198 nested arrays are served; 199 and 250 answer the tool's VALIDATION_ERROR result for the request's id;
        5,000 (too deep for any parser to read the id) -32602 with id null."""
        assert stdio.ask(deep_call(1, 198))["result"]["isError"] is False  # under message, params, arguments: pydantic's limit
        assert_tool_error(stdio.ask(deep_call(2, 199)), 2, "echo")
        assert_tool_error(stdio.ask(deep_call(3, 250)), 3, "echo")
        assert_error(stdio.ask(deep_call(4, 5000)), -32602, None, "VALIDATION_ERROR")


    def test_a_script_that_closes_stdin_gets_an_answer_to_every_request_it_sent(self, catalog_dir: Path) -> None:
        """`printf '%s\\n' "$INIT" "$INITIALIZED" "$CALL" ... | atdf-mcp serve DIR` (the README's script): every request
        sent before stdin ends is answered, the lines the SDK never sees (NaN, 1e400, too deep, a bad id) included, and the
        process exits 0. Two such lines in a row lost the second answer: the end of the input reached the SDK first."""
        def call(request_id: int, value: str) -> str:
            return (f'{{"jsonrpc": "2.0", "id": {request_id}, "method": "tools/call", '
                    f'"params": {{"name": "echo", "arguments": {{"value": {value}}}}}}}')
        lines = [json.dumps(INITIALIZE), '{"jsonrpc": "2.0", "method": "notifications/initialized"}',
                 call(2, "NaN"), call(3, "1e400"), deep_call(4, 250), call(5, "Infinity"), call(6, "1"),
                 '{"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}', "{bad"]
        done = subprocess.run([sys.executable, "-m", "atdf_mcp", "serve", str(catalog_dir)], input="\n".join(lines) + "\n",
                              capture_output=True, text=True, encoding="utf-8", timeout=60)
        answers = [json.loads(line) for line in done.stdout.splitlines()]
        assert done.returncode == 0, done.stderr
        assert sorted(str(answer["id"]) for answer in answers) == ["1", "2", "3", "4", "5", "6", "None", "None"]
        assert sorted(a["id"] for a in answers if a.get("result", {}).get("isError")) == [2, 3, 4, 5]


class TestEveryRequestAnsweredOverHttp:
    @pytest.mark.anyio
    async def test_invalid_ids_and_deep_nesting_over_mcp(self, catalog_dir: Path) -> None:
        """Over /mcp, invalid ids answer 400 + -32600 (not 202), and too-deep arguments the tool's error result."""
        with serving(catalog_dir) as base:
            async with httpx.AsyncClient(timeout=10) as http:
                session = await open_session(http, base)
                headers = {**MCP_HEADERS, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18"}
                for bad_id in BAD_IDS:
                    response = await http.post(f"{base}/mcp", content=f'{{"jsonrpc": "2.0", "id": {bad_id}, "method": "tools/list"}}',
                                               headers=headers)
                    assert response.status_code == 400
                    assert_error(response.json(), -32600, None, "INVALID_REQUEST")
                response = await http.post(f"{base}/mcp", content=deep_call(7, 199), headers=headers)
                assert response.status_code == 200
                assert_tool_error(response.json(), 7, "echo")

    @pytest.mark.anyio
    async def test_an_sdk_client_sees_an_envelope_for_arguments_nested_too_deep(self, catalog_dir: Path) -> None:
        """The SDK client's call gets the tool's VALIDATION_ERROR envelope, instead of waiting for ever."""
        nested: Any = []
        for _ in range(250):
            nested = [nested]
        with serving(catalog_dir) as base:
            with anyio.fail_after(20):
                async with Client(f"{base}/mcp", mode="legacy") as client:
                    result = await client.call_tool("echo", {"value": nested})
                    entry = envelope_of(result)["errors"][0]
                    assert result.is_error and (entry["code"], entry["parameter_name"]) == ("VALIDATION_ERROR", "arguments")
                    assert "nested more than 200 levels" in entry["detail"]
                    assert (await client.call_tool("echo", {"value": [[1]]})).structured_content == {"echo": [[1]]}

    @pytest.mark.anyio
    async def test_invalid_ids_over_legacy_sse_messages(self, catalog_dir: Path) -> None:
        """A POST to /messages/ with an invalid id answers 400 + -32600 instead of 202 and silence."""
        with serving(catalog_dir) as base:
            async with httpx.AsyncClient(timeout=10) as http:
                response = await http.post(f"{base}/messages/?session_id=0123456789abcdef0123456789abcdef",
                                           content='{"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}',
                                           headers={"content-type": "application/json"})
                assert response.status_code == 400
                assert_error(response.json(), -32600, None, "INVALID_REQUEST")


# ---------------------------------------------------------------------------------------------
# 10. Host: only a plain host[:port] in the allowed list


FORGED_HOSTS = ["localhost:1@evil.com", "127.0.0.1:80@evil.com", "localhost:abc", "localhost/evil", "localhost:1 evil.com"]


class TestHostHeader:
    @pytest.mark.parametrize("host", FORGED_HOSTS)
    def test_a_host_that_is_not_plain_host_port_is_refused_everywhere(self, catalog_dir: Path, host: str) -> None:
        """/mcp, /sse, /messages/ and the REST routes all answer 421 INVALID_HOST."""
        requests = [("POST", "/mcp", json.dumps(INITIALIZE)), ("GET", "/sse", None), ("POST", "/messages/?session_id=x", "{}"),
                    ("GET", "/manifest", None), ("GET", "/validate", None), ("GET", "/resources", None)]
        with serving(catalog_dir) as base, httpx.Client(timeout=10) as http:
            for method, path, body in requests:
                response = http.request(method, f"{base}{path}", content=body, headers={**MCP_HEADERS, "host": host})
                assert response.status_code == 421, (path, response.status_code)
                body_json = response.json()
                envelope = body_json["error"]["data"] if "jsonrpc" in body_json else body_json
                assert envelope["errors"][0]["code"] == "INVALID_HOST"
            port = base.rsplit(":", 1)[1]
            assert http.get(f"{base}/manifest", headers={"host": f"localhost:{port}"}).status_code == 200
            assert http.get(f"{base}/manifest", headers={"host": "[::1]"}).status_code == 200

