"""Stopping `atdf-mcp serve`: Ctrl+C and SIGTERM, over stdio and HTTP, with calls in flight, as a client sees it.

Every test runs the real command in a subprocess and sends it real signals. What a client must see: each
call it sent gets an answer (its result, or an isError envelope CANCELLED / SHUTTING_DOWN), the process
exits promptly with 0 (SIGTERM) or 130 (Ctrl+C), and nothing but JSON-RPC ever reaches stdout.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from envelopes import envelope_of
from local_server import serve_over_http, stop_process
from mcp import Client
from mcp.client.sse import sse_client

from atdf_mcp.schemas import SCHEMAS

SLOW_TOOLS = {"tools": [
    {"name": f"{name}", "description": f"Sleeps for a while ({kind}), then answers.",
     "inputSchema": {"type": "object", "properties": {"seconds": {"type": "number"}}, "required": ["seconds"]}}
    for name, kind in (("nap", "async"), ("doze", "sync, in a thread"))
] + [{"name": "hold", "description": "Waits until the file `gate` exists, then answers.",
      "inputSchema": {"type": "object", "properties": {"gate": {"type": "string"}}, "required": ["gate"]}}]}
HANDLERS = '''
import os
import time

import anyio


async def nap(seconds):
    """Sleep without blocking the loop."""
    await anyio.sleep(seconds)
    return {"slept": seconds}


def doze(seconds):
    """Sleep in a worker thread (cannot be interrupted)."""
    time.sleep(seconds)
    return {"slept": seconds}


async def hold(gate):
    """Wait until the file `gate` exists (the test opens it), however slow the machine."""
    while not os.path.exists(gate):
        await anyio.sleep(0.02)
    return {"held": True}
'''



@pytest.fixture
def slow_catalog(tmp_path: Path) -> Path:
    """Two slow tools: an async handler and a sync one."""
    folder = tmp_path / "slow"
    folder.mkdir()
    (folder / "tools.json").write_text(json.dumps(SLOW_TOOLS), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


# ---------------------------------------------------------------------------------------------
# stdio: a client that keeps stdin open, as Claude Desktop does, and a user pressing Ctrl+C


class StdioSession:
    """`atdf-mcp serve DIR` over pipes: JSON-RPC lines in, answers read by a thread as they come."""

    def __init__(self, catalog: Path, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(catalog), *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.request({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}})
        self.answer(0)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def send(self, message: dict[str, Any]) -> None:
        """Write one message to the server's stdin."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, message: dict[str, Any]) -> None:
        """Send a request (its answer is read later with `answer`)."""
        self.send(message)

    def call(self, request_id: int, tool: str, seconds: float) -> None:
        """Start a tools/call without waiting for it."""
        self.request({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": tool, "arguments": {"seconds": seconds}}})

    def answer(self, request_id: int, timeout: float = 30) -> dict[str, Any]:
        """The server's answer to a request, waiting for it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                message = json.loads(line)
                if message.get("id") == request_id:
                    return message
            if not self.reader.is_alive():
                break
            time.sleep(0.02)
        raise AssertionError(f"no answer to request {request_id}; stdout: {self.lines}")

    def wait(self, timeout: float = 15) -> tuple[int, float]:
        """Wait for the process to exit on its own; return its exit code and how long that took."""
        start = time.monotonic()
        code = self.process.wait(timeout)
        self.reader.join(5)
        return code, time.monotonic() - start

    @property
    def stderr(self) -> str:
        """What the server wrote on stderr (once it has exited)."""
        assert self.process.stderr is not None
        return self.process.stderr.read()

    def close(self) -> None:
        """Kill the server if a test left it running."""
        stop_process(self.process)


@pytest.fixture
def session(slow_catalog: Path) -> Iterator[Any]:
    """Start stdio sessions on the slow catalogue: `session(*serve_args)`; all are killed at the end."""
    started: list[StdioSession] = []

    def start(*args: str) -> StdioSession:
        started.append(StdioSession(slow_catalog, *args))
        return started[-1]

    yield start
    for s in started:
        s.close()


def tool_envelope(message: dict[str, Any]) -> dict[str, Any]:
    """The envelope a client reads from a failed tools/call: the first text block, valid against the error schema."""
    result = message["result"]
    assert result["isError"] is True, message
    env = json.loads(result["content"][0]["text"])
    assert SCHEMAS["error"].violations(env) == []
    return env


def assert_only_json_rpc(lines: list[str]) -> None:
    """Every stdout line is a JSON-RPC message."""
    assert lines and all(json.loads(line)["jsonrpc"] == "2.0" for line in lines)


def test_ctrl_c_stops_an_idle_stdio_server_at_once_with_status_130(session: Any) -> None:
    """The client keeps stdin open; Ctrl+C alone ends the server (it used to ignore it until stdin closed)."""
    server = session()
    server.process.send_signal(signal.SIGINT)
    code, took = server.wait()
    assert code == 130
    assert took < 3
    assert "SIGINT: stopping" in server.stderr
    assert_only_json_rpc(server.lines)


def test_sigterm_stops_an_idle_stdio_server_with_status_0(session: Any) -> None:
    """A supervisor's SIGTERM is a clean stop."""
    server = session()
    server.process.send_signal(signal.SIGTERM)
    code, took = server.wait()
    assert (code, took < 3) == (0, True)


def test_ctrl_c_lets_a_call_in_flight_answer_before_exiting(session: Any) -> None:
    """A call that finishes within the grace period still delivers its result; then the process exits 130."""
    server = session()
    server.call(1, "nap", 1.5)
    time.sleep(0.5)
    server.process.send_signal(signal.SIGINT)
    code, took = server.wait()
    answer = server.answer(1)
    assert answer["result"]["isError"] is False
    assert json.loads(answer["result"]["content"][0]["text"]) == {"slept": 1.5}
    assert code == 130 and took < 5
    assert_only_json_rpc(server.lines)


@pytest.mark.parametrize("tool", ["nap", "doze"])
def test_sigterm_cancels_a_call_that_outlasts_the_shutdown_timeout_with_an_envelope(session: Any, tool: str) -> None:
    """A 30 s call and --shutdown-timeout 1: the client gets CANCELLED (not silence), the process exits 0 in seconds."""
    server = session("--shutdown-timeout", "1")
    server.call(7, tool, 30)
    time.sleep(0.5)
    server.process.send_signal(signal.SIGTERM)
    code, took = server.wait()
    error = tool_envelope(server.answer(7))["errors"][0]
    assert (error["code"], error["tool_name"]) == ("CANCELLED", tool)
    assert error["context"]["retryable"] is True and "check" in error["context"]["solution"]
    assert code == 0
    assert 0.8 < took < 6
    assert "cancelled 1 call(s)" in server.stderr


def test_a_second_ctrl_c_stops_at_once_and_still_answers_the_call(session: Any) -> None:
    """Ctrl+C twice: no grace period; the call in flight (a sync handler that cannot be interrupted) answers CANCELLED."""
    server = session()
    server.call(3, "doze", 30)
    time.sleep(0.5)
    server.process.send_signal(signal.SIGINT)
    time.sleep(0.3)
    server.process.send_signal(signal.SIGINT)
    code, took = server.wait()
    assert tool_envelope(server.answer(3))["errors"][0]["code"] == "CANCELLED"
    assert code == 130
    assert took < 3


def test_a_call_arriving_while_stopping_is_refused_with_an_envelope(session: Any) -> None:
    """Between the signal and the exit, new calls answer SHUTTING_DOWN at once; the call in flight still finishes."""
    server = session()
    server.call(1, "nap", 2)
    time.sleep(0.5)
    server.process.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    server.call(2, "nap", 0.1)
    refused = tool_envelope(server.answer(2, timeout=5))["errors"][0]
    assert (refused["code"], refused["context"]["retryable"]) == ("SHUTTING_DOWN", True)
    assert server.answer(1)["result"]["isError"] is False
    assert server.wait()[0] == 0


def test_a_client_closing_stdin_is_not_held_up_by_a_sync_handler_still_running(session: Any) -> None:
    """The client leaves (stdin closed) during a 30 s sync call: the process exits at once, not when the thread ends; the
    call is cancelled after the end-of-input grace (atdf_mcp.stdio.EOF_GRACE) and answers CANCELLED, not the SDK's
    "Connection closed" without an envelope."""
    server = session()
    server.call(4, "doze", 30)
    time.sleep(0.5)
    assert server.process.stdin is not None
    server.process.stdin.close()
    code, took = server.wait()
    assert (code, took < 3) == (0, True)
    answer = server.answer(4)["result"]
    assert answer["isError"] is True and answer["structuredContent"]["errors"][0]["code"] == "CANCELLED"


# ---------------------------------------------------------------------------------------------
# HTTP: the same promises, and a load balancer's view of /ready


def http_server(catalog: Path, *args: str) -> Any:
    """`atdf-mcp serve DIR --transport http --port 0 ...`; yield the process, its base URL and its stderr file."""
    return serve_over_http(catalog, *args)


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["mcp", "sse"])
async def test_sigterm_over_http_cancels_a_call_that_outlasts_the_timeout_with_an_envelope(slow_catalog: Path, transport: str) -> None:
    """Streamable HTTP and SSE clients get CANCELLED for a call still running at the deadline; exit status 0."""
    with http_server(slow_catalog, "--shutdown-timeout", "1") as (process, url, log), anyio.fail_after(30):
        target: Any = f"{url}/mcp" if transport == "mcp" else sse_client(f"{url}/sse")
        async with Client(target, mode="legacy") as client:
            await client.list_tools()

            async def terminate_soon() -> None:
                await anyio.sleep(0.5)
                process.send_signal(signal.SIGTERM)

            async with anyio.create_task_group() as group:
                group.start_soon(terminate_soon)
                result = await client.call_tool("doze", {"seconds": 30})
        error = envelope_of(result)["errors"][0]
        assert (error["code"], error["tool_name"]) == ("CANCELLED", "doze")
        assert await anyio.to_thread.run_sync(process.wait, 10) == 0
    assert "Traceback" not in log.read_text()


@pytest.mark.anyio
async def test_ready_answers_503_while_draining_and_the_listener_closes_after(slow_catalog: Path, tmp_path: Path) -> None:
    """After SIGTERM a probe gets 503 from /ready (health: draining) for as long as a call runs, never a refused connection."""
    gate = tmp_path / "gate"  # the call runs until the probes are done, however loaded the machine
    with http_server(slow_catalog) as (process, url, log), anyio.fail_after(30):
        async with Client(f"{url}/mcp", mode="legacy") as client, httpx.AsyncClient(base_url=url, timeout=5) as probe:
            await client.list_tools()
            seen: list[tuple[int, str, int, str]] = []

            async def watch() -> None:
                await anyio.sleep(0.3)
                process.send_signal(signal.SIGTERM)
                for _ in range(5):
                    await anyio.sleep(0.2)
                    ready, health = await probe.get("/ready"), await probe.get("/health")
                    seen.append((ready.status_code, ready.json()["status"], health.status_code, health.json()["status"]))
                gate.touch()

            async with anyio.create_task_group() as group:
                group.start_soon(watch)
                result = await client.call_tool("hold", {"gate": str(gate)})
            assert result.is_error is False and result.structured_content == {"held": True}
            assert seen == [(503, "draining", 200, "draining")] * 5
            assert await anyio.to_thread.run_sync(process.wait, 10) == 0
            with pytest.raises(httpx.ConnectError):
                await probe.get("/ready")
    assert " ERROR " not in log.read_text()  # the client's open GET stream was ended cleanly, not cut


@pytest.mark.anyio
async def test_a_second_ctrl_c_stops_http_serve_at_once(slow_catalog: Path) -> None:
    """Ctrl+C twice over HTTP: the call in flight answers CANCELLED and the process exits 130 without waiting for it."""
    with http_server(slow_catalog) as (process, url, _), anyio.fail_after(30):
        async with Client(f"{url}/mcp", mode="legacy") as client:
            await client.list_tools()

            async def interrupt_twice() -> None:
                await anyio.sleep(0.5)
                process.send_signal(signal.SIGINT)
                await anyio.sleep(0.3)
                process.send_signal(signal.SIGINT)

            start = time.monotonic()
            async with anyio.create_task_group() as group:
                group.start_soon(interrupt_twice)
                result = await client.call_tool("doze", {"seconds": 30})
        assert envelope_of(result)["errors"][0]["code"] == "CANCELLED"
        assert await anyio.to_thread.run_sync(process.wait, 10) == 130
        assert time.monotonic() - start < 5


# ---------------------------------------------------------------------------------------------
# A port already in use


def test_a_port_in_use_is_one_clear_line_not_an_errno(slow_catalog: Path) -> None:
    """Another program holds the port: one line naming it and the fix, exit status 1, no traceback, no uvicorn log."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "atdf_mcp", "serve", str(slow_catalog), "--transport", "http", "--port", str(port)],
                             capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stderr == f"atdf-mcp: port {port} on 127.0.0.1 is already in use; pass --port N or --port 0 for a free one\n"
    assert run.stdout == ""
