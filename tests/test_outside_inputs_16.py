"""A hostile probe, round three: one caller or one file must never take the server down, nor leave it deaf.

Tried from outside against real `atdf-mcp serve` subprocesses (stdio, /mcp, /sse with live reload on) and `validate`,
beside what tests/test_bad_input.py, test_robust_*.py and test_outside_inputs*.py already hold (alias bombs, deep
nesting, huge files, FIFOs, symlink loops, ReDoS patterns, batches, invalid ids, session floods): a catalogue folder
gone for longer than a second, a progress token that is an object, NaN / Infinity / 1e400 arguments, and an enum of
100,000 values met by a near miss. Each test is a gap found that way, kept so it stays fixed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from conftest import write_file
from local_server import serve_over_http
from test_live_reload import Inbox, connected, mcp_tool
from test_robust_protocol import ECHO, HANDLERS, INITIALIZE, MCP_HEADERS, StdioWire

# ---------------------------------------------------------------------------------------------
# Live reload: the catalogue folder removed for longer than the watcher's retry, then made again


@pytest.mark.anyio
async def test_a_catalogue_folder_gone_for_seconds_is_watched_again_once_it_is_back(tmp_path: Path) -> None:
    """`rm -rf DIR`, a deploy that takes a few seconds, then DIR again: the watcher retried every second on a folder
    that was not there, and watchfiles (ignore_permission_denied) waits forever on a missing path instead of raising,
    so no later edit was ever served until a restart. The folder's absence is now checked before each OS watch."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        shutil.rmtree(folder)
        await anyio.sleep(2.5)  # past the one-second retry: the watcher has tried the missing folder
        assert [t.name for t in (await client.list_tools()).tools] == ["echo"]
        write_file(folder, "shout.json", mcp_tool("shout", "Upper-case the text."))
        await inbox.wait_for("notifications/tools/list_changed", 1, timeout=6)
        assert [t.name for t in (await client.list_tools()).tools] == ["shout"]
        write_file(folder, "again.json", mcp_tool("again", "Say it again."))
        await inbox.wait_for("notifications/tools/list_changed", 2, timeout=6)
        assert sorted(t.name for t in (await client.list_tools()).tools) == ["again", "shout"]


# ---------------------------------------------------------------------------------------------
# Calls: what the SDK answers with a bare -32602 (data ""), and numbers JSON does not have


@pytest.fixture
def echo_dir(tmp_path: Path) -> Path:
    """`echo` (any value) and `pick` (a colour from an enum, and a number)."""
    pick = {"name": "pick", "description": "Pick a colour.",
            "inputSchema": {"type": "object", "required": ["colour"],
                            "properties": {"colour": {"type": "string", "enum": ["red", "green", "blue"]}, "n": {"type": "number"}}}}
    (tmp_path / "tools.json").write_text(json.dumps({"tools": [*ECHO["tools"], pick]}), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(HANDLERS + 'def pick(colour, n=0):\n    """Pick."""\n    return {"colour": colour}\n',
                                          encoding="utf-8")
    return tmp_path


@pytest.fixture
def stdio(echo_dir: Path) -> Any:
    """An initialized stdio server of `echo_dir`."""
    wire = StdioWire(echo_dir)
    try:
        wire.ask(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "hostile", "version": "1"}}}))
        wire.process.stdin.write('{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')  # type: ignore[union-attr]
        yield wire
    finally:
        wire.close()


def entry_of_error(message: dict[str, Any], request_id: int) -> dict[str, Any]:
    """The ATDF entry of a JSON-RPC error answer for `request_id` (which must carry an envelope as its data)."""
    assert message["id"] == request_id and message["error"]["code"] == -32602, message
    assert isinstance(message["error"]["data"], dict), message  # the SDK's own answer has data ""
    return message["error"]["data"]["errors"][0]


def entry_of_result(message: dict[str, Any], request_id: int) -> dict[str, Any]:
    """The ATDF entry of a tool's isError result for `request_id`."""
    assert message["id"] == request_id and message["result"]["isError"] is True, message
    return json.loads(message["result"]["content"][0]["text"])["errors"][0]


@pytest.mark.parametrize("token", ['{"a": 1}', "[1]", "1.5", "true"])
def test_a_progress_token_that_is_not_a_string_or_integer_gets_an_envelope_naming_it(stdio: StdioWire, token: str) -> None:
    """A progressToken must be a string or an integer; an object, array, fraction or boolean got the SDK's bare
    -32602 "Invalid request parameters" with data "" (nothing names the token). Now: -32602 with an envelope that
    names params._meta.progressToken and says what to send; the next call is served."""
    call = ('{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "echo", "arguments": {"value": 1}, '
            f'"_meta": {{"progressToken": {token}}}}}}}')
    entry = entry_of_error(stdio.ask(call), 7)
    assert entry["code"] == "VALIDATION_ERROR" and entry["parameter_name"] == "_meta.progressToken", entry
    assert "string or an integer" in entry["context"]["solution"]
    assert stdio.ask('{"jsonrpc": "2.0", "id": 8, "method": "ping"}') == {"jsonrpc": "2.0", "id": 8, "result": {}}


@pytest.mark.parametrize(("number", "said"), [("NaN", "NaN"), ("-Infinity", "-Infinity"), ("1e400", "too large"),
                                              ('1e400, "note": "NaN"', "too large"), ('Infinity, "note": "x"', "is Infinity")])
def test_a_number_json_does_not_have_is_named_with_its_argument(stdio: StdioWire, number: str, said: str) -> None:
    """NaN, ±Infinity and 1e400 (read as infinity) are not JSON numbers; Python reads them, and the call answered a
    VALIDATION_ERROR naming no argument, echoing the value as null, with "Check each argument against the input
    schema". Now the tool's VALIDATION_ERROR names the argument and asks for a finite number."""
    call = ('{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "pick", "arguments": '
            f'{{"colour": "red", "n": {number}}}}}}}')
    entry = entry_of_result(stdio.ask(call), 5)
    assert (entry["code"], entry["tool_name"], entry["parameter_name"]) == ("VALIDATION_ERROR", "pick", "n"), entry
    assert said in entry["detail"] and "finite number" in entry["context"]["solution"], entry
    ok = stdio.ask('{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "pick", "arguments": {"colour": "red", "n": 2}}}')
    assert ok["result"]["isError"] is False


def test_a_number_json_does_not_have_is_named_by_the_agent_tool_service_too(echo_dir: Path) -> None:
    """POST /call_tool/pick with `"n": NaN` (or 1e400) answered 400 with the same nameless envelope; the server's own
    check names the argument on every face whose schema refuses the value."""
    with serve_over_http(echo_dir) as (_, url, _), httpx.Client(timeout=30) as http:
        for number in ("NaN", "1e400"):
            answer = http.post(f"{url}/call_tool/pick", content=f'{{"colour": "red", "n": {number}}}',
                               headers={"content-type": "application/json"})
            assert answer.status_code == 400, answer.text
            entry = answer.json()["errors"][0]
            assert (entry["code"], entry["parameter_name"]) == ("VALIDATION_ERROR", "n"), entry
            assert "Infinity" in entry["detail"] and "finite number" in entry["context"]["solution"], entry


def test_nan_deep_in_an_argument_is_named_by_its_path(stdio: StdioWire) -> None:
    """A NaN inside a list inside an object is named by its path, not only by the top-level argument."""
    call = '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "echo", "arguments": {"value": {"xs": [1, NaN]}}}}'
    entry = entry_of_result(stdio.ask(call), 3)
    assert entry["parameter_name"] == "value" and "value.xs[1]" in entry["detail"], entry


def test_the_word_nan_inside_a_string_is_just_text(stdio: StdioWire) -> None:
    """Only numbers are refused: "NaN" and "1e400" written as strings reach the tool."""
    call = '{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "echo", "arguments": {"value": ["NaN", "1e400", "Infinity"]}}}'
    assert stdio.ask(call)["result"]["structuredContent"] == {"echo": ["NaN", "1e400", "Infinity"]}


# ---------------------------------------------------------------------------------------------
# A descriptor with an enum of 100,000 values, and a caller who sends a near miss

BIG_ENUM = 100_000


@pytest.fixture
def big_enum_dir(tmp_path: Path) -> Path:
    """`code` takes one of 100,000 values (a code list someone generated)."""
    folder = tmp_path / "catalogue"
    tool = {"name": "code", "description": "Look a code up.",
            "inputSchema": {"type": "object", "required": ["v"],
                            "properties": {"v": {"type": "string", "enum": [f"value{i}" for i in range(BIG_ENUM)]}}}}
    write_file(folder, "code.json", tool)
    (folder / "handlers.py").write_text('def code(v):\n    """Code."""\n    return {"v": v}\n', encoding="utf-8")
    return folder


def test_a_near_miss_of_a_huge_enum_answers_a_bounded_envelope_without_stalling_other_clients(big_enum_dir: Path) -> None:
    """A near miss of one of 100,000 enum values was analysed on the event loop (its arguments are small) for about
    3 s, stalling every other client, /health included, and answered 5-10 MB (every value listed in the conditions
    and the solution, in each copy of the envelope). Now the analysis of a tool with a large schema runs off the loop
    under its deadline, and an envelope lists at most a few enum values (and says how many more there are)."""
    with serve_over_http(big_enum_dir) as (_, url, _), httpx.Client(timeout=30) as http:
        session = http.post(f"{url}/mcp", headers=MCP_HEADERS, json=INITIALIZE)
        headers = {**MCP_HEADERS, "mcp-session-id": session.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        for request_id, value in enumerate(("value12345x", "zzz"), start=2):
            answer, took, waits = post_watching_health(http, url, headers, {
                "jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "code", "arguments": {"v": value}}})
            assert answer.status_code == 200, answer.text[:300]
            assert len(answer.content) < 64 * 1024, f"{len(answer.content)} bytes"
            entry = entry_of_result(sse_message(answer.text), request_id)
            assert entry["code"] == "VALIDATION_ERROR", entry
            assert took < 8, took
            assert max(waits) < 1.0, f"/health waited {max(waits):.2f} s while {value!r} was analysed"
        assert http.get(f"{url}/health").status_code == 200


def post_watching_health(http: httpx.Client, url: str, headers: dict[str, str], body: dict[str, Any], *,
                         linger: float = 0.0) -> tuple[httpx.Response, float, list[float]]:
    """POST `body` to /mcp while /health is polled: the answer, how long it took, and how long each /health waited
    (from 0.2 s before the request to `linger` s after its answer)."""
    waits: list[float] = []
    stop = threading.Event()
    poller = threading.Thread(target=poll_health, args=(url, stop, waits))
    poller.start()
    time.sleep(0.2)
    started = time.monotonic()
    answer = http.post(f"{url}/mcp", headers=headers, json=body)
    took = time.monotonic() - started
    time.sleep(linger)
    stop.set()
    poller.join(10)
    return answer, took, waits


def poll_health(url: str, stop: threading.Event, waits: list[float]) -> None:
    """GET /health every 50 ms until `stop`, noting how long each answer took."""
    with httpx.Client(timeout=30) as health:
        while not stop.is_set():
            started = time.monotonic()
            assert health.get(f"{url}/health").status_code == 200
            waits.append(time.monotonic() - started)
            time.sleep(0.05)


def sse_message(text: str) -> dict[str, Any]:
    """The JSON-RPC message of a Streamable HTTP answer (an SSE event's data, or a JSON body)."""
    for line in text.splitlines():
        if line.startswith("data: ") and line[6:].strip():
            return json.loads(line[6:])
    return json.loads(text)


# ---------------------------------------------------------------------------------------------
# A handler module that never finishes importing


@pytest.fixture
def stuck_import(tmp_path: Path) -> Path:
    """`echo` (good.py) beside `stuck`, whose module sleeps at import as a loop, a lock or a network call would hang."""
    folder = tmp_path / "catalogue"
    write_file(folder, "tools.json", {"tools": [
        {**mcp_tool("echo", "Give the text back."), "handler": "good:echo"},
        {**mcp_tool("stuck", "Never ready."), "handler": "slow:stuck"}]})
    (folder / "good.py").write_text('def echo(text=""):\n    """Echo."""\n    return {"text": text}\n', encoding="utf-8")
    (folder / "slow.py").write_text('import time\ntime.sleep(1000)\n\ndef stuck():\n    """Stuck."""\n', encoding="utf-8")
    return folder


def test_validate_reports_a_handler_module_that_never_finishes_importing(stuck_import: Path) -> None:
    """`validate` waited forever on `time.sleep(1000)` (or `while True: pass`) at a handler module's top level. Now the
    import gets ATDF_MCP_IMPORT_SECONDS (default 30): past it the tool's problem says so, and the command ends."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(stuck_import)], capture_output=True, text=True,
                          timeout=30, env={**os.environ, "ATDF_MCP_IMPORT_SECONDS": "1"})
    assert time.monotonic() - started < 15
    assert "slow" in done.stdout and "did not finish importing within 1 s" in done.stdout, done.stdout + done.stderr


@pytest.mark.anyio
async def test_a_handler_module_that_never_finishes_importing_leaves_the_other_tools_served(
        stuck_import: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve` never answered initialize while a handler module slept at import. Now the client gets in, the other
    tool works, the stuck one answers HANDLER_UNAVAILABLE (the reason is the operator's: it goes to stderr, as for a
    module that raises at import), and the process ends when the client leaves."""
    monkeypatch.setenv("ATDF_MCP_IMPORT_SECONDS", "1")  # the child's environment is a copy of this one
    with anyio.fail_after(20):
        async with connected("stdio", stuck_import, Inbox()) as (client, _):
            assert (await client.call_tool("echo", {"text": "hi"})).structured_content == {"text": "hi"}
            failed = await client.call_tool("stuck", {"text": "x"})
            assert failed.is_error, failed
            entry = json.loads(failed.content[0].text)["errors"][0]  # type: ignore[union-attr]
            assert entry["code"] == "HANDLER_UNAVAILABLE" and entry["context"]["solution"], entry
    log = (stuck_import.parent / "stdio.log").read_text()
    assert "'slow:stuck' did not finish importing within 1 s" in log, log
