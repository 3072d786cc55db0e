"""Inputs, clients and catalogues nobody here wrote, as a demanding new user sends them: real `atdf-mcp` subprocesses.

Each test is a problem a probe of live reload, progressive disclosure, tool sets and pagination found from the
outside (stdio driven by the SDK client, the CLI), kept so it stays fixed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from conftest import write_file
from envelopes import envelope_of
from local_server import serve_over_http
from mcp import Client
from test_live_reload import HANDLERS, Inbox, connected, mcp_tool, text_of
from test_robust_protocol import ECHO, INITIALIZE, MCP_HEADERS, StdioWire, open_session, serving
from test_robust_protocol import HANDLERS as ECHO_HANDLERS

from atdf_mcp.schemas import SCHEMAS

BUDGET = 60  # seconds: a guard against a hang or a quadratic load, not a timing (the load takes ~3 s)


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run `python -m atdf_mcp ARGS` as a user would, capturing stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True,
                          timeout=BUDGET * 3, env=dict(os.environ))


def test_one_file_of_twenty_thousand_tools_loads_in_linear_time(tmp_path: Path) -> None:
    """A generated MCP tool list of 20,000 tools in one file (each without a handler: one warning each) validates in
    seconds; each warning used to rebuild its file's report (20,000 ids) again, 130 s, and a server watching the
    folder stopped reloading for as long."""
    tools = [{"name": f"tool_{n}", "description": f"Generated tool number {n}.", "inputSchema": {"type": "object"}}
             for n in range(20_000)]
    write_file(tmp_path / "generated", "tools.json", {"tools": tools})
    started = time.monotonic()
    done = cli("validate", tmp_path / "generated", "--format", "json")
    took = time.monotonic() - started
    report = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert report["summary"]["descriptors"] == 20_000 and report["summary"]["warnings"] == 20_000
    assert {p["code"] for f in report["files"] for p in f["problems"]} == {"NO_HANDLER"}
    assert took < BUDGET, f"validate took {took:.1f} s"


BROKEN = "\n\ndef half_typed(:\n"  # what an editor's autosave of a half-typed line leaves in handlers.py


def test_validate_names_the_syntax_error_of_a_broken_handlers_module(tmp_path: Path) -> None:
    """A handlers.py that cannot be imported is an error naming the module, the exception and its line: it used to
    read as if the module had no such function ("add a function echo() in handlers.py"), a warning, exit 0."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "handlers.py", HANDLERS + BROKEN)
    done = cli("validate", folder, "--format", "json")
    assert done.returncode == 1, done.stdout
    [problem] = [p for f in json.loads(done.stdout)["files"] for p in f["problems"]]
    assert problem["code"] == "HANDLER_UNAVAILABLE" and problem["severity"] == "error"
    assert "handlers.py" in problem["message"] and "SyntaxError" in problem["message"]
    assert f"line {len((HANDLERS + BROKEN).splitlines())}" in problem["message"]


@pytest.mark.anyio
async def test_a_broken_handlers_module_keeps_its_last_good_version_served(tmp_path: Path) -> None:
    """An edit that breaks handlers.py while a client is connected: the tools keep running the last good functions, the
    problem reaches the client as a warning naming the module, and the fixed module is imported again."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    handlers = write_file(folder, "handlers.py", HANDLERS)
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        assert text_of(await client.call_tool("echo", {"text": "abc"})) == "abc"
        handlers.write_text(HANDLERS.replace("    return text\n", "    return text[::-1]\n", 1) + BROKEN, encoding="utf-8")
        warning = await inbox.wait_for_warning()
        assert "handlers.py" in str(warning.data) and "SyntaxError" in str(warning.data)
        assert text_of(await client.call_tool("echo", {"text": "abc"})) == "abc"
        handlers.write_text(HANDLERS.replace("    return text\n", "    return text[::-1]\n", 1), encoding="utf-8")
        with anyio.fail_after(15):
            while text_of(await client.call_tool("echo", {"text": "abc"})) != "cba":
                await anyio.sleep(0.1)


PROGRESSIVE_CONFIG = "disclosure: progressive\npinned: [echo]\n"


@pytest.mark.anyio
@pytest.mark.parametrize("broken", ["disclosure: progressive\npinned: [echo\n", "disclosure: partial\npinned: [echo]\n"],
                         ids=["half-typed-yaml", "bad-value"])
async def test_a_broken_config_edit_keeps_the_options_served_before(tmp_path: Path, broken: str) -> None:
    """An atdf-mcp.yaml edit that brings an error (invalid YAML mid-typing, a bad value) is not applied: the options served
    before stay, as a broken descriptor keeps its last good version. It used to fall back to the defaults at once: a
    progressive server listed its whole catalogue (and tool sets and tokens went with the rest). A fixed edit applies."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "shout.json", mcp_tool("shout", "Upper-case the text."))
    write_file(folder, "handlers.py", HANDLERS)
    config = write_file(folder, "atdf-mcp.yaml", PROGRESSIVE_CONFIG)
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        progressive = ["echo", "search_tools", "get_tool_info", "call_tool"]
        assert [t.name for t in (await client.list_tools()).tools] == progressive
        config.write_text(broken, encoding="utf-8")
        warning = await inbox.wait_for_warning()
        assert "atdf-mcp.yaml" in str(warning.data)
        assert [t.name for t in (await client.list_tools()).tools] == progressive
        assert "shout" in {t["name"] for t in json.loads(
            text_of(await client.call_tool("search_tools", {"query": "upper-case"})))["tools"]}
        config.write_text("disclosure: full\n", encoding="utf-8")
        await inbox.wait_for("notifications/tools/list_changed", 1)
        assert sorted(t.name for t in (await client.list_tools()).tools) == ["echo", "shout"]


def test_a_first_config_that_is_broken_is_reported_while_the_defaults_stay(tmp_path: Path) -> None:
    """A catalogue served without atdf-mcp.yaml, then given a broken one: the defaults stay and the error is reported."""
    from atdf_mcp import load_catalog

    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    before = load_catalog(folder)
    write_file(folder, "atdf-mcp.yaml", "disclosure: partial\n")
    after = load_catalog(folder, previous=before)
    assert after.config.disclosure == before.config.disclosure
    codes = {(p.pointer, p.code) for p in after.report.problems if p.file.endswith("atdf-mcp.yaml")}
    assert codes == {("/disclosure", "CONFIGURATION_ERROR"), ("", "LAST_GOOD_SERVED")}


@pytest.fixture
def progressive_catalogue(tmp_path: Path) -> Path:
    """Two tools with handlers, served in progressive mode with nothing pinned."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "shout.json", mcp_tool("shout", "Upper-case the text."))
    write_file(folder, "handlers.py", HANDLERS)
    write_file(folder, "atdf-mcp.yaml", "disclosure: progressive\n")
    return folder


def structured(result: types.CallToolResult) -> Any:
    """A success's structuredContent, checked against its JSON text."""
    assert result.is_error is not True, result
    assert json.loads(text_of(result)) == result.structured_content
    return result.structured_content


@pytest.mark.anyio
async def test_a_whole_number_written_as_a_float_is_a_limit(progressive_catalogue: Path) -> None:
    """`limit: 1.0` is an integer to JSON Schema (and to JSON): search_tools answers one tool; it was INTERNAL_ERROR."""
    async with connected("stdio", progressive_catalogue, Inbox()) as (client, _):
        found = structured(await client.call_tool("search_tools", {"query": "text", "limit": 1.0}))
    assert len(found["tools"]) == 1


@pytest.mark.anyio
async def test_the_meta_tools_are_tools_to_get_tool_info_and_call_tool(progressive_catalogue: Path) -> None:
    """get_tool_info and call_tool know the three meta-tools tools/list shows (they answered "No tool named 'call_tool'
    is published by this server", suggesting a catalogue tool), and a misspelt meta-tool is suggested by its name."""
    async with connected("stdio", progressive_catalogue, Inbox()) as (client, _):
        info = structured(await client.call_tool("get_tool_info", {"name": "search_tools"}))
        assert info["name"] == "search_tools" and info["inputSchema"]["required"] == ["query"] and "uri" not in info
        found = structured(await client.call_tool("call_tool", {"name": "search_tools", "arguments": {"query": "upper-case"}}))
        assert found["tools"][0]["name"] == "shout"
        inner = {"name": "echo", "arguments": {"text": "abc"}}
        assert text_of(await client.call_tool("call_tool", {"name": "call_tool", "arguments": inner})) == "abc"
        nested: dict[str, Any] = inner
        for _ in range(60):
            nested = {"name": "call_tool", "arguments": nested}
        assert text_of(await client.call_tool("call_tool", nested)) == "abc"
        wrong = envelope_of(await client.call_tool("call_tool", {"name": "get_tool_info", "arguments": {}}))
        assert wrong["errors"][0]["code"] == "VALIDATION_ERROR" and wrong["errors"][0]["tool_name"] == "get_tool_info"
        misspelt = envelope_of(await client.call_tool("serch_tools", {"query": "x"}))
        assert misspelt["errors"][0]["code"] == "TOOL_NOT_FOUND"
        assert "'search_tools'" in misspelt["errors"][0]["context"]["solution"]


REFUND = {"tool_id": "refund_payment", "description": "Refunds a captured card payment.",
          "when_to_use": "Use when a customer asks for their money back.",
          "how_to_use": {"inputs": [{"name": "payment_id", "type": "string", "description": "The payment, e.g. pay_123"},
                                    {"name": "amount", "type": "number", "description": "How much (default: all)", "required": False}],
                         "outputs": {"success": "The refund id.", "failure": []}}}
REFUND_HANDLER = "def refund_payment(payment_id, amount=None):\n    return {'refund': 're_1', 'payment_id': payment_id}\n"


@pytest.fixture
def optional_by_schema(tmp_path: Path) -> Path:
    """A tool whose input is optional by its descriptor (`required` on one input: absent means optional) but required by
    its handler."""
    folder = tmp_path / "catalogue"
    write_file(folder, "refund_payment.json", REFUND)
    write_file(folder, "handlers.py", REFUND_HANDLER)
    return folder


def test_validate_warns_of_an_argument_the_handler_needs_and_the_schema_leaves_optional(optional_by_schema: Path) -> None:
    """The mismatch is found at load, with the tool's pointer and the argument's name."""
    done = cli("validate", optional_by_schema, "--format", "json")
    [problem] = [p for f in json.loads(done.stdout)["files"] for p in f["problems"]]
    assert problem["severity"] == "warning" and problem["code"] == "CONFIGURATION_ERROR"
    assert "'payment_id'" in problem["message"] and "required" in problem["message"]


@pytest.mark.anyio
async def test_a_call_without_an_argument_the_handler_needs_is_a_validation_error(optional_by_schema: Path) -> None:
    """The schema lets the call through, the handler cannot take it: VALIDATION_ERROR naming the argument (it was an
    INTERNAL_ERROR whose advice was to retry the same call)."""
    async with connected("stdio", optional_by_schema, Inbox()) as (client, _):
        env = envelope_of(await client.call_tool("refund_payment", {}))
        assert text_of(await client.call_tool("refund_payment", {"payment_id": "pay_1"})).find("re_1") > 0
    [entry] = env["errors"]
    assert entry["code"] == "VALIDATION_ERROR" and entry["parameter_name"] == "payment_id"
    assert "payment_id" in entry["detail"] and "payment_id" in entry["context"]["solution"]


@pytest.mark.anyio
async def test_a_query_of_only_blanks_is_a_validation_error_like_an_empty_one(progressive_catalogue: Path) -> None:
    """`"   "` passes minLength but holds nothing to search: the same VALIDATION_ERROR as `""`, saying what to send
    (it answered an empty list, which reads as "no tool does that")."""
    async with connected("stdio", progressive_catalogue, Inbox()) as (client, _):
        for query in ["", " \t\n "]:
            env = envelope_of(await client.call_tool("search_tools", {"query": query}))
            [entry] = env["errors"]
            assert entry["code"] == "VALIDATION_ERROR" and entry["parameter_name"] == "query", query
            assert entry["context"]["solution"], query


BAD_CALLS = [  # (params of a tools/call, how it is answered: the tool's error result, or a JSON-RPC error's envelope)
    ({"name": "echo", "arguments": [1]}, "tool"), ({"name": "echo", "arguments": "value=1"}, "tool"),
    ({"name": 5, "arguments": {}}, "error"), ({"arguments": {}}, "error"), (None, "error"),
]


def bad_call(request_id: int, params: Any) -> str:
    """A tools/call with these params (left out when None)."""
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", **({} if params is None else {"params": params})})


def assert_answered(message: dict[str, Any], request_id: int, how: str) -> None:
    """Arguments that are not an object: echo's isError VALIDATION_ERROR on `arguments`; no tool name or no params:
    -32602 whose data is an ATDF envelope saying what a tools/call holds (both were -32602 with data "")."""
    assert message["id"] == request_id, message
    if how == "tool":
        assert message["result"]["isError"] is True
        [entry] = json.loads(message["result"]["content"][0]["text"])["errors"]
        assert (entry["code"], entry["tool_name"], entry["parameter_name"]) == ("VALIDATION_ERROR", "echo", "arguments")
        assert "not a JSON object" in entry["detail"] and entry["context"]["solution"]
    else:
        assert message["error"]["code"] == -32602
        env = message["error"]["data"]
        assert SCHEMAS["error"].violations(env) == [] and "name" in env["errors"][0]["context"]["solution"]


@pytest.fixture
def echo_dir(tmp_path: Path) -> Path:
    """A one-tool catalogue: `echo` takes any JSON value."""
    write_file(tmp_path / "echo", "tools.json", ECHO)
    write_file(tmp_path / "echo", "handlers.py", ECHO_HANDLERS)
    return tmp_path / "echo"


def test_a_tools_call_whose_params_are_malformed_is_answered_over_stdio(echo_dir: Path) -> None:
    """Each malformed tools/call gets an answer an agent can act on, and the connection goes on."""
    wire = StdioWire(echo_dir)
    try:
        assert wire.ask(json.dumps(INITIALIZE))["id"] == 1
        for n, (params, how) in enumerate(BAD_CALLS, 2):
            assert_answered(wire.ask(bad_call(n, params)), n, how)
        assert wire.ask(bad_call(99, {"name": "echo", "arguments": {"value": 1}}))["result"]["isError"] is False
    finally:
        wire.close()


@pytest.mark.anyio
async def test_a_tools_call_whose_params_are_malformed_is_answered_over_mcp(echo_dir: Path) -> None:
    """The same over /mcp: 200 and the tool's result, or 400 and the JSON-RPC error."""
    with serving(echo_dir) as base:
        async with httpx.AsyncClient(timeout=10) as http:
            session = await open_session(http, base)
            headers = {**MCP_HEADERS, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18"}
            for n, (params, how) in enumerate(BAD_CALLS, 2):
                response = await http.post(f"{base}/mcp", content=bad_call(n, params), headers=headers)
                assert response.status_code == (200 if how == "tool" else 400)
                assert_answered(response.json(), n, how)


COUNTING = {"tools": [{"name": "repeat", "description": "Repeat a word.", "inputSchema": {
    "type": "object", "properties": {"word": {"type": "string"}, "times": {"type": "integer", "minimum": 1}},
    "required": ["word", "times"]}}]}
COUNTING_HANDLER = "def repeat(word, times):\n    return ' '.join([word] * times)\n"


@pytest.mark.anyio
async def test_a_whole_number_written_as_a_float_reaches_a_handler_as_an_int(tmp_path: Path) -> None:
    """`times: 3.0` passes `"type": "integer"` (JSON Schema counts 3.0 as an integer; Python clients send it) and reaches
    the handler as 3: it reached it as 3.0, and `[word] * 3.0` answered INTERNAL_ERROR."""
    folder = tmp_path / "catalogue"
    write_file(folder, "tools.json", COUNTING)
    write_file(folder, "handlers.py", COUNTING_HANDLER)
    async with connected("stdio", folder, Inbox()) as (client, _):
        assert text_of(await client.call_tool("repeat", {"word": "ho", "times": 3.0})) == "ho ho ho"
        env = envelope_of(await client.call_tool("repeat", {"word": "ho", "times": 2.5}))
    assert env["errors"][0]["code"] == "VALIDATION_ERROR"


@pytest.mark.anyio
async def test_a_tool_set_client_is_not_told_the_size_of_the_whole_catalogue(tmp_path: Path) -> None:
    """In progressive mode the instructions said "This server has N tools" with N the whole catalogue's count, to the
    clients of every tool set too (for whom the other tools do not exist); they tell how to find tools, with no count."""
    folder = tmp_path / "catalogue"
    for n in range(7):
        write_file(folder, f"tool_{n}.json", mcp_tool(f"tool_{n}", f"Tool number {n}."))
    write_file(folder, "atdf-mcp.yaml", "disclosure: progressive\ntoolsets:\n  few: {ids: [tool_0, tool_1]}\n")
    with serve_over_http(folder) as (_, url, _):
        async with Client(f"{url}/mcp/few", mode="legacy") as client:
            instructions = client.instructions or ""
            assert len((await client.read_resource("ardf://catalog/index")).contents[0].text.splitlines()) == 2
    assert "search_tools" in instructions and "7" not in instructions


OPENAKITA = """name: open_ticket
description: Opens a support ticket for a customer.
category: support
detail: Returns the ticket id.
related_tools:
  - {name: send_reply, relation: commonly used after}
  - {name: refund_order, relation: when the customer wants money back}
input_schema: {type: object, properties: {subject: {type: string}}, required: [subject]}
"""


@pytest.mark.anyio
async def test_get_tool_info_in_a_tool_set_names_no_related_tool_outside_it(tmp_path: Path) -> None:
    """OpenAkita `related_tools` naming a tool outside the client's set are left out of its Level 2 (the other tools
    do not exist for that client); the whole catalogue still shows them all."""
    folder = tmp_path / "catalogue"
    write_file(folder, "open_ticket.yaml", OPENAKITA)
    write_file(folder, "send_reply.json", mcp_tool("send_reply", "Reply to a ticket."))
    write_file(folder, "refund_order.json", mcp_tool("refund_order", "Refund an order."))
    write_file(folder, "atdf-mcp.yaml", "disclosure: progressive\ntoolsets:\n  support: {ids: [open_ticket, send_reply]}\n")
    with serve_over_http(folder) as (_, url, _):
        related = {}
        for path in ("/mcp/support", "/mcp"):
            async with Client(f"{url}{path}", mode="legacy") as client:
                info = structured(await client.call_tool("get_tool_info", {"name": "open_ticket"}))
                related[path] = [r["name"] for r in info["related_tools"]]
    assert related == {"/mcp/support": ["send_reply"], "/mcp": ["send_reply", "refund_order"]}


@pytest.mark.anyio
async def test_a_catalogue_folder_removed_and_made_again_is_watched_again(tmp_path: Path) -> None:
    """`rm -rf DIR && mkdir DIR && cp ... DIR` (a deploy, a checkout that recreates the folder) while serving: the last
    catalogue stays served while the folder is away, and what the new folder holds is served once it is back. The
    watcher used to go quiet for good: every later edit was ignored until a restart."""
    import shutil

    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        shutil.rmtree(folder)
        await anyio.sleep(0.5)
        assert [t.name for t in (await client.list_tools()).tools] == ["echo"]
        write_file(folder, "shout.json", mcp_tool("shout", "Upper-case the text."))
        await inbox.wait_for("notifications/tools/list_changed", 1)
        assert [t.name for t in (await client.list_tools()).tools] == ["shout"]
        write_file(folder, "again.json", mcp_tool("again", "Say it again."))
        await inbox.wait_for("notifications/tools/list_changed", 2)
        assert sorted(t.name for t in (await client.list_tools()).tools) == ["again", "shout"]
