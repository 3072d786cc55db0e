"""Handler faults a server must survive (issue 11, items 2, 3, 4, 7 and 10), as clients see them.

Over stdio the real `python -m atdf_mcp serve DIR` runs in a subprocess and speaks raw JSON-RPC lines; over HTTP a
real uvicorn serves /mcp and /sse to the SDK client. After each fault the same server must answer the next call.
"""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import running, stop_process
from mcp import Client
from mcp.client.sse import sse_client

from atdf_mcp import load_catalog
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

TOOLS = {"tools": [
    {"name": name, "description": f"A handler fault: {name}.", "inputSchema": {"type": "object", "properties": properties}}
    for name, properties in (
        ("exit_sync", {}), ("exit_async", {}), ("interrupt_sync", {}), ("interrupt_async", {}),
        ("surrogate_text", {}), ("surrogate_dict", {}), ("echo", {"text": {"type": "string"}}),
        ("stuck", {}), ("quick", {}), ("odd", {"kind": {"type": "string"}}), ("odd_context", {}), ("not_finite", {}),
    )
]}
HANDLERS = '''
import datetime
import os
import sys
import threading

from atdf_mcp import ToolError

print("print() at import")
os.write(1, b"os.write(1) at import\\n")
RELEASE = threading.Event()  # set by nobody: `stuck` never returns


def exit_sync():
    sys.exit(3)


async def exit_async():
    raise SystemExit(3)


def interrupt_sync():
    raise KeyboardInterrupt


async def interrupt_async():
    raise KeyboardInterrupt


def surrogate_text():
    return "bad \\ud800 text"


def surrogate_dict():
    return {"value": "bad \\udfff", "nested": ["\\ud800"]}


def echo(text=""):
    return {"text": text}


def stuck():
    RELEASE.wait()


def quick():
    return "ok"


def odd(kind="set"):
    values = {"set": {2, 1}, "datetime": datetime.datetime(2030, 1, 2, 3, 4, 5), "bytes": b"\\x00\\xff",
              "tuple": (1, "a"), "object": object()}
    return {"value": values[kind]}


def odd_context():
    raise ToolError("ODD", "The context holds values without a JSON form.",
                    context={"values": {1, 2}, "when": datetime.date(2030, 1, 2), "what": object()})


def not_finite():
    return {"nan": float("nan"), "inf": float("inf"), "list": [float("-inf"), 1.5]}
'''
ABORTS = ("exit_sync", "exit_async", "interrupt_sync", "interrupt_async")
REPLACEMENT = "\ufffd"


@pytest.fixture(scope="module")
def faults(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalogue whose handler module prints at import and whose handlers misbehave in every way listed above."""
    folder = tmp_path_factory.mktemp("faults")
    (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


# ---------------------------------------------------------------------------------------------
# stdio: raw JSON-RPC lines to a real subprocess


class Stdio:
    """`python -m atdf_mcp serve DIR` over pipes, initialized; answers are read by a thread as raw lines."""

    def __init__(self, catalog: Path, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(catalog), *args],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: list[bytes] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.next_id = 0
        self.answer(self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                                "clientInfo": {"name": "faults", "version": "1"}}))
        self.send_line(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def send_line(self, line: str) -> None:
        """Write one raw line to the server's stdin (surrogates may be escaped in it)."""
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any], *, raw_params: str | None = None) -> int:
        """Send a request; return its id."""
        self.next_id += 1
        params_text = raw_params if raw_params is not None else json.dumps(params)
        self.send_line(f'{{"jsonrpc": "2.0", "id": {self.next_id}, "method": "{method}", "params": {params_text}}}')
        return self.next_id

    def call(self, tool: str, arguments: dict[str, Any] | None = None, *, timeout: float = 20) -> dict[str, Any]:
        """Call a tool and return the JSON-RPC result (an error answer fails the test)."""
        answer = self.answer(self.request("tools/call", {"name": tool, "arguments": arguments or {}}), timeout)
        assert "result" in answer, answer
        return answer["result"]

    def answer(self, request_id: int, timeout: float = 20) -> dict[str, Any]:
        """The answer to a request; every stdout line must be JSON (nothing else may reach the wire)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                message = json.loads(line)  # also proves the line is UTF-8 JSON
                if message.get("id") == request_id:
                    return message
            if not self.reader.is_alive():
                break
            time.sleep(0.02)
        raise AssertionError(f"no answer to request {request_id} (exit code {self.process.poll()}); stdout: {self.lines}")

    def close(self) -> None:
        """Kill the server if it still runs; close the pipes."""
        stop_process(self.process)


@contextlib.contextmanager
def serving_stdio(catalog: Path) -> Iterator[Stdio]:
    """The catalogue served over stdio with a 1 s tool timeout; killed afterwards if still running."""
    session = Stdio(catalog, "--timeout", "1", "--shutdown-timeout", "2")
    try:
        yield session
    finally:
        session.close()


@pytest.fixture(scope="module")
def shared(faults: Path) -> Iterator[Stdio]:
    """One stdio server that every non-destructive fault below hits in turn: it must survive them all."""
    with serving_stdio(faults) as session:
        yield session


@pytest.fixture
def stdio(faults: Path) -> Iterator[Stdio]:
    """A stdio server of its own, for a test that stops it."""
    with serving_stdio(faults) as session:
        yield session


def error_code(result: dict[str, Any]) -> str:
    """The code of an isError result's envelope, read from its first text block."""
    assert result["isError"] is True, result
    return json.loads(result["content"][0]["text"])["errors"][0]["code"]


@pytest.mark.parametrize("tool", ABORTS)
def test_stdio_handler_exit_or_interrupt_answers_internal_error_and_the_server_keeps_serving(shared: Stdio, tool: str) -> None:
    """sys.exit(), SystemExit and KeyboardInterrupt from a sync or async handler answer INTERNAL_ERROR; the next call works."""
    assert error_code(shared.call(tool)) == "INTERNAL_ERROR"
    assert shared.call("quick")["content"][0]["text"] == "ok"
    assert shared.process.poll() is None


def test_stdio_ctrl_c_still_stops_the_server_after_a_handler_raised_keyboard_interrupt(stdio: Stdio) -> None:
    """Only handler code is converted: a real SIGINT still stops the process (exit 130), within a few seconds."""
    assert error_code(stdio.call("interrupt_async")) == "INTERNAL_ERROR"
    stdio.process.send_signal(signal.SIGINT)
    assert stdio.process.wait(10) == 130


@pytest.mark.parametrize("tool", ["surrogate_text", "surrogate_dict"])
def test_stdio_lone_surrogate_in_a_result_is_replaced_and_the_server_keeps_serving(shared: Stdio, tool: str) -> None:
    """A lone surrogate in a handler's text or structured result reaches the client as U+FFFD."""
    result = shared.call(tool)
    assert result.get("isError") is not True
    assert REPLACEMENT in result["content"][0]["text"]
    if "structuredContent" in result:
        assert result["structuredContent"] == json.loads(result["content"][0]["text"])
    assert shared.call("quick")["content"][0]["text"] == "ok"


def test_stdio_lone_surrogate_in_the_arguments_gets_an_answer(shared: Stdio) -> None:
    """An argument holding an escaped lone surrogate is answered (as U+FFFD), not dropped."""
    request_id = shared.request("tools/call", {}, raw_params='{"name": "echo", "arguments": {"text": "x\\ud800y"}}')
    answer = shared.answer(request_id)
    assert answer["result"]["structuredContent"] == {"text": f"x{REPLACEMENT}y"}
    assert shared.call("quick")["content"][0]["text"] == "ok"


def test_stdio_module_writing_to_fd_1_at_import_does_not_corrupt_the_wire(stdio: Stdio) -> None:
    """print() and os.write(1, ...) in a handler module at import go to stderr; stdout holds JSON-RPC only."""
    assert stdio.call("quick")["content"][0]["text"] == "ok"
    assert stdio.process.stdin is not None and stdio.process.stderr is not None
    stdio.process.stdin.close()
    stdio.process.wait(10)
    stdio.reader.join(5)
    assert all(json.loads(line) for line in stdio.lines)
    stderr = stdio.process.stderr.read().decode()
    assert "print() at import" in stderr and "os.write(1) at import" in stderr


def test_stdio_stuck_sync_handlers_do_not_starve_other_tools(shared: Stdio) -> None:
    """33 calls of a never-returning sync tool (more than the old shared pool of 32) leave other sync tools working,
    and the calls beyond the tool's 8 thread slots answer BUSY (retryable), not TIMEOUT."""
    ids = [shared.request("tools/call", {"name": "stuck", "arguments": {}}) for _ in range(33)]
    codes = [error_code(shared.answer(i)["result"]) for i in ids]
    assert shared.call("quick")["content"][0]["text"] == "ok"
    assert codes.count("TIMEOUT") == 8 and codes.count("BUSY") == 25, codes
    busy = shared.call("stuck")
    entry = json.loads(busy["content"][0]["text"])["errors"][0]
    assert (entry["code"], entry["context"]["retryable"]) == ("BUSY", True)
    assert entry["context"]["solution"]


def test_stdio_exits_at_end_of_input_without_waiting_for_stuck_threads(stdio: Stdio) -> None:
    """With never-returning sync handlers timed out and one still running, closing stdin ends the process within
    the shutdown timeout (2 s here)."""
    ids = [stdio.request("tools/call", {"name": "stuck", "arguments": {}}) for _ in range(3)]
    for i in ids:
        assert error_code(stdio.answer(i)["result"]) == "TIMEOUT"
    stdio.request("tools/call", {"name": "stuck", "arguments": {}})
    time.sleep(0.2)
    assert stdio.process.stdin is not None
    start = time.monotonic()
    stdio.process.stdin.close()
    assert stdio.process.wait(10) == 0
    assert time.monotonic() - start < 2


# ---------------------------------------------------------------------------------------------
# HTTP: the SDK client over /mcp and /sse, served by uvicorn


@pytest.fixture
def base_url(faults: Path) -> Iterator[str]:
    """The faults catalogue over HTTP (/mcp and /sse), with a 1 s tool timeout; stuck handlers are released afterwards."""
    app = build_app(CatalogServer(load_catalog(faults), timeout=1), HttpOptions())
    for release in stuck_releases():  # the handler module is imported once per process: re-arm `stuck`
        release.clear()
    try:
        with running(app) as url:
            yield url
    finally:
        for release in stuck_releases():  # this test process must not wait at exit for a `stuck` thread
            release.set()


def stuck_releases() -> list[threading.Event]:
    """The events the in-process `stuck` handlers wait for."""
    modules = [module for name, module in list(sys.modules.items()) if name.endswith(".handlers")]
    return [module.RELEASE for module in modules if isinstance(getattr(module, "RELEASE", None), threading.Event)]


def connect(base_url: str, transport: str) -> Client:
    """An SDK client over Streamable HTTP (`mcp`) or legacy SSE (`sse`)."""
    return Client(f"{base_url}/mcp") if transport == "mcp" else Client(sse_client(f"{base_url}/sse"), mode="legacy")


async def assert_still_serving(client: Client) -> None:
    """The next call after a fault is answered normally."""
    result = await client.call_tool("quick", {})
    assert not result.is_error and isinstance(result.content[0], types.TextContent) and result.content[0].text == "ok"


@pytest.mark.anyio
@pytest.mark.parametrize("tool", ABORTS)
async def test_http_handler_exit_or_interrupt_answers_internal_error_and_the_server_keeps_serving(base_url: str, tool: str) -> None:
    """Over /mcp a handler's sys.exit()/SystemExit/KeyboardInterrupt answers INTERNAL_ERROR; the server keeps serving."""
    with anyio.fail_after(20):
        async with connect(base_url, "mcp") as client:
            assert envelope_of(await client.call_tool(tool, {}))["errors"][0]["code"] == "INTERNAL_ERROR"
            await assert_still_serving(client)
    async with httpx.AsyncClient() as http:
        assert (await http.get(f"{base_url}/health")).status_code == 200


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["mcp", "sse"])
@pytest.mark.parametrize("tool", ["surrogate_text", "surrogate_dict"])
async def test_http_lone_surrogate_in_a_result_is_replaced(base_url: str, transport: str, tool: str) -> None:
    """A lone surrogate in a result reaches /mcp and /sse clients as U+FFFD (it used to be a 500 or a dropped stream)."""
    with anyio.fail_after(20):
        async with connect(base_url, transport) as client:
            result = await client.call_tool(tool, {})
            assert not result.is_error
            text = result.content[0].text  # type: ignore[union-attr]
            assert REPLACEMENT in text
            if result.structured_content is not None:
                assert result.structured_content == json.loads(text)
            await assert_still_serving(client)


@pytest.mark.anyio
@pytest.mark.parametrize(("kind", "expected"), [("set", [1, 2]), ("datetime", "2030-01-02T03:04:05"), ("bytes", "AP8=")])
async def test_http_values_with_an_obvious_json_form_are_converted(base_url: str, kind: str, expected: Any) -> None:
    """Sets, datetimes and bytes inside a dict result are sent as lists, ISO 8601 and base64 text, in both the
    text block and structuredContent (they used to answer JSON-RPC error 0)."""
    with anyio.fail_after(20):
        async with connect(base_url, "mcp") as client:
            result = await client.call_tool("odd", {"kind": kind})
            assert not result.is_error
            assert result.structured_content == {"value": expected}
            assert json.loads(result.content[0].text) == {"value": expected}  # type: ignore[union-attr]


@pytest.mark.anyio
async def test_http_a_result_without_a_json_form_answers_an_envelope(base_url: str) -> None:
    """A bare object inside a result answers INTERNAL_ERROR naming where it sits, not a JSON-RPC error."""
    with anyio.fail_after(20):
        async with connect(base_url, "mcp") as client:
            entry = envelope_of(await client.call_tool("odd", {"kind": "object"}))["errors"][0]
            assert entry["code"] == "INTERNAL_ERROR" and "/value" in entry["detail"]
            assert entry["context"]["solution"]
            await assert_still_serving(client)


@pytest.mark.anyio
async def test_http_tool_error_context_without_a_json_form_still_answers_its_envelope(base_url: str) -> None:
    """A ToolError whose context holds a set, a date and an object answers its own envelope, made JSON-safe."""
    with anyio.fail_after(20):
        async with connect(base_url, "mcp") as client:
            entry = envelope_of(await client.call_tool("odd_context", {}))["errors"][0]
            assert entry["code"] == "ODD"
            assert entry["context"]["values"] == [1, 2] and entry["context"]["when"] == "2030-01-02"
            assert entry["context"]["what"].startswith("<object object")
            await assert_still_serving(client)


@pytest.mark.anyio
async def test_http_nan_and_infinity_become_null_in_valid_json(base_url: str) -> None:
    """NaN and ±Infinity in a result are null in a text block that strict JSON parsers accept, and in structuredContent."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    with anyio.fail_after(20):
        async with connect(base_url, "mcp") as client:
            result = await client.call_tool("not_finite", {})
            expected = {"nan": None, "inf": None, "list": [None, 1.5]}
            assert json.loads(result.content[0].text, parse_constant=refuse) == expected  # type: ignore[union-attr]
            assert result.structured_content == expected


@pytest.mark.anyio
async def test_http_stuck_sync_handlers_answer_busy_and_do_not_starve_other_tools(base_url: str) -> None:
    """Over /mcp, calls beyond a stuck tool's thread slots answer BUSY while other sync tools keep answering."""
    with anyio.fail_after(30):
        async with connect(base_url, "mcp") as client:
            codes: list[str] = []

            async def call_stuck() -> None:
                codes.append(envelope_of(await client.call_tool("stuck", {}))["errors"][0]["code"])

            async with anyio.create_task_group() as tasks:
                for _ in range(12):
                    tasks.start_soon(call_stuck)
            assert sorted(codes) == ["BUSY"] * 4 + ["TIMEOUT"] * 8
            await assert_still_serving(client)


@pytest.mark.anyio
async def test_http_lone_surrogate_in_the_arguments_gets_an_answer(base_url: str) -> None:
    """A /mcp POST whose arguments hold an escaped lone surrogate is answered for its id (as U+FFFD), not refused."""
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "faults", "version": "1"}}}
    async with httpx.AsyncClient(base_url=base_url, timeout=10) as http:
        opened = await http.post("/mcp", json=initialize, headers=headers)
        session = {**headers, "Mcp-Session-Id": opened.headers["mcp-session-id"], "MCP-Protocol-Version": "2025-06-18"}
        await http.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=session)
        body = '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "x\\ud800y"}}}'
        answered = await http.post("/mcp", content=body.encode(), headers=session)
    assert answered.status_code == 200, answered.text
    data = next(line[5:] for line in answered.text.splitlines() if line.startswith("data:"))
    message = json.loads(data)
    assert message["id"] == 2 and message["result"]["structuredContent"] == {"text": f"x{REPLACEMENT}y"}


@pytest.mark.anyio
async def test_http_max_threads_in_the_binding_sets_a_tools_thread_slots(faults: Path, tmp_path: Path) -> None:
    """`max_threads: 2` in atdf-mcp.yaml: of four concurrent calls of a stuck tool, two time out and two answer BUSY."""
    folder = tmp_path / "two_threads"
    folder.mkdir()
    for name in ("tools.json", "handlers.py"):
        (folder / name).write_text((faults / name).read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text('bindings:\n  stuck: {handler: "handlers:stuck", max_threads: 2}\n', encoding="utf-8")
    app = build_app(CatalogServer(load_catalog(folder), timeout=1), HttpOptions())
    codes: list[str] = []
    try:
        with running(app) as url, anyio.fail_after(30):
            async with connect(url, "mcp") as client:

                async def call_stuck() -> None:
                    codes.append(envelope_of(await client.call_tool("stuck", {}))["errors"][0]["code"])

                async with anyio.create_task_group() as tasks:
                    for _ in range(4):
                        tasks.start_soon(call_stuck)
                await assert_still_serving(client)
    finally:
        for release in stuck_releases():
            release.set()
    assert sorted(codes) == ["BUSY", "BUSY", "TIMEOUT", "TIMEOUT"]


@pytest.mark.anyio
async def test_sse_lone_surrogate_in_the_arguments_gets_an_answer(base_url: str) -> None:
    """A legacy /messages/ POST whose arguments hold an escaped lone surrogate is answered on the SSE stream."""
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "faults", "version": "1"}}}
    body = '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "x\\ud800y"}}}'
    with anyio.fail_after(20):
        async with httpx.AsyncClient(base_url=base_url, timeout=10) as http, http.stream("GET", "/sse") as stream:
            lines = stream.aiter_lines()
            endpoint = ""
            async for line in lines:
                if line.startswith("data:"):
                    endpoint = line[5:].strip()
                    break
            await http.post(endpoint, json=initialize)
            await http.post(endpoint, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
            sent = await http.post(endpoint, content=body.encode(), headers={"Content-Type": "application/json"})
            assert sent.status_code == 202, sent.text
            async for line in lines:
                if line.startswith("data:") and json.loads(line[5:]).get("id") == 2:
                    message = json.loads(line[5:])
                    break
    assert message["result"]["structuredContent"] == {"text": f"x{REPLACEMENT}y"}
