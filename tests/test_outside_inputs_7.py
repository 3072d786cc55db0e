"""A seventh probe from outside: a long-running `atdf-mcp serve` with many clients, tool sets and reloads. Each test
is a problem found by driving real servers with real SDK clients while the catalogue changes, kept so it stays fixed.
tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from local_server import serve_over_http
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from test_live_reload import HANDLERS, TOOLS_CHANGED, Inbox, child_env, mcp_tool
from test_toolsets import digest

AGENT = "agent-token-of-the-probe"


def tagged(name: str, tag: str, description: str = "A tool.") -> dict[str, Any]:
    """An MCP tool with one tag and one string argument."""
    return {"name": name, "description": description, "tags": [tag],
            "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}


def config(sets: dict[str, str], token_set: str | None = None) -> str:
    """atdf-mcp.yaml with `sets` (name → tag) and, when given, the agent's token for `token_set`."""
    text = "toolsets:\n" + "".join(f"  {name}: {{tags: [{tag}]}}\n" for name, tag in sets.items())
    return text + (f"tokens:\n  {digest(AGENT)}: {token_set}\n" if token_set else "")


@pytest.fixture
def two_sets(tmp_path: Path) -> Path:
    """Tools a1 (tag ta, set sa) and b1 (tag tb, set sb), with handlers."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "a1.json").write_text(json.dumps(tagged("a1", "ta")), encoding="utf-8")
    (folder / "b1.json").write_text(json.dumps(tagged("b1", "tb")), encoding="utf-8")
    (folder / "handlers.py").write_text("def a1(text):\n    return text\n\n\ndef b1(text):\n    return text\n", encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text(config({"sa": "ta", "sb": "tb"}, "sa"), encoding="utf-8")
    return folder


@contextlib.asynccontextmanager
async def legacy(url: str, inbox: Inbox, token: str = "admin") -> AsyncIterator[Client]:
    """A handshake-era client of `url` with a bearer token."""
    async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=httpx2.Timeout(30)) as http,
                Client(streamable_http_client(url, http_client=http), mode="legacy", message_handler=inbox) as client):
        yield client


async def names(client: Client) -> list[str]:
    return sorted(tool.name for tool in (await client.list_tools()).tools)


@pytest.mark.anyio
async def test_a_tool_sets_clients_hear_only_of_changes_to_their_own_set(two_sets: Path) -> None:
    """Every session got every tools/list_changed, whichever set the edited file was in: 30 clients of 2 sets refetched
    their lists 50 times for 25 edits each of them could not see. A set's sessions (handshake era and 2026-07-28 listen
    streams) now hear only of the lists their own view changed; the whole catalogue's sessions hear of every change."""
    sa, sb, whole = Inbox(), Inbox(), Inbox()
    events: list[str] = []
    with serve_over_http(two_sets, env=child_env(ATDF_MCP_AUTH_TOKEN="admin")) as (_, url, _), anyio.fail_after(40):
        async with (legacy(f"{url}/mcp/sa", sa) as a_client, legacy(f"{url}/mcp/sb", sb), legacy(f"{url}/mcp", whole),
                    httpx2.AsyncClient(headers={"Authorization": "Bearer admin"}, timeout=httpx2.Timeout(30)) as http,
                    Client(streamable_http_client(f"{url}/mcp/sa", http_client=http)) as modern):
            async with anyio.create_task_group() as tasks, modern.listen(tools_list_changed=True) as subscription:
                async def follow() -> None:
                    async for event in subscription:
                        events.append(type(event).__name__)
                tasks.start_soon(follow)
                (two_sets / "b1.json").write_text(json.dumps(tagged("b1", "tb", "Edited.")), encoding="utf-8")
                await sb.wait_for(TOOLS_CHANGED, 1)
                await whole.wait_for(TOOLS_CHANGED, 1)
                (two_sets / "a1.json").write_text(json.dumps(tagged("a1", "ta", "Edited.")), encoding="utf-8")
                await sa.wait_for(TOOLS_CHANGED, 1)
                await whole.wait_for(TOOLS_CHANGED, 2)
                with anyio.fail_after(10):
                    while not events:
                        await anyio.sleep(0.05)
                await anyio.sleep(0.5)
                tasks.cancel_scope.cancel()
            assert sa.methods.count(TOOLS_CHANGED) == 1, sa.methods
            assert sb.methods.count(TOOLS_CHANGED) == 1, sb.methods
            assert events == ["ToolsListChanged"]
            assert await names(a_client) == ["a1"]


@pytest.mark.anyio
async def test_a_config_edit_that_changes_what_a_set_shows_is_told_to_its_clients(two_sets: Path) -> None:
    """Renaming a set, or giving an agent's token another set, changes no descriptor: the reload sent no
    tools/list_changed at all, so a connected agent kept calling tools it no longer had and never saw its new ones."""
    by_path, by_token = Inbox(), Inbox()
    with serve_over_http(two_sets, env=child_env(ATDF_MCP_AUTH_TOKEN="admin")) as (_, url, _), anyio.fail_after(40):
        async with legacy(f"{url}/mcp/sa", by_path), legacy(f"{url}/mcp", by_token, AGENT) as agent:
            assert await names(agent) == ["a1"]
            (two_sets / "atdf-mcp.yaml").write_text(config({"sx": "ta", "sb": "tb"}, "sb"), encoding="utf-8")
            await by_path.wait_for(TOOLS_CHANGED, 1)
            await by_token.wait_for(TOOLS_CHANGED, 1)
            assert await names(agent) == ["b1"]


@pytest.mark.anyio
async def test_a_walk_through_the_pages_finishes_however_many_reloads_interrupt_it(tmp_path: Path) -> None:
    """`serve --page-size 50`, 1,000 tools, a file edited every 0.3 s: the server kept only the lists of the last two
    snapshots, so a walk that two reloads interrupted got -32602 "list again"; 34 of 36 walks of 20 pages failed, and a
    client listing again from the first page never got to the end while the edits went on. A list a cursor was cut
    from stays held while its walk goes on, whatever the reloads in between."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    for n in range(6):
        (folder / f"t{n}.json").write_text(json.dumps(tagged(f"t{n}", "any")), encoding="utf-8")
    inbox = Inbox()
    with serve_over_http(folder, "--page-size", "2", env=child_env()) as (_, url, _), anyio.fail_after(40):
        async with Client(f"{url}/mcp", mode="legacy", message_handler=inbox) as client:
            first = await client.list_tools(cache_mode="bypass")
            assert [t.name for t in first.tools] == ["t0", "t1"]
            seen, cursor = [], first.next_cursor
            for n in range(6, 9):  # a reload between each two pages, each one adding a tool
                (folder / f"t{n}.json").write_text(json.dumps(tagged(f"t{n}", "any")), encoding="utf-8")
                await inbox.wait_for(TOOLS_CHANGED, n - 5)
                if cursor is not None:
                    page = await client.list_tools(cursor=cursor, cache_mode="bypass")
                    seen += [t.name for t in page.tools]
                    cursor = page.next_cursor
            assert seen == ["t2", "t3", "t4", "t5"] and cursor is None


MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json", "authorization": "Bearer admin"}
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}


def test_a_session_of_a_set_that_was_removed_can_still_be_closed(two_sets: Path) -> None:
    """A client of /mcp/sa whose set a reload removed closes its session with DELETE /mcp/sa: the gate answered 404
    TOOLSET_NOT_FOUND, so the session stayed open (with its streams) until the idle timeout, 10 minutes by default.
    Closing a session shows nothing of the catalogue: it goes through, and the session is gone."""
    with serve_over_http(two_sets, env=child_env(ATDF_MCP_AUTH_TOKEN="admin")) as (_, url, _):
        opened = httpx2.post(f"{url}/mcp/sa", json=INITIALIZE, headers=MCP_HEADERS)
        session = {**MCP_HEADERS, "mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18"}
        (two_sets / "atdf-mcp.yaml").write_text(config({"sb": "tb"}), encoding="utf-8")
        deadline = time.monotonic() + 15
        while httpx2.get(f"{url}/tools", params={"toolset": "sa"}, headers={"Authorization": "Bearer admin"}).status_code != 404:
            assert time.monotonic() < deadline, "the set was not removed"
            time.sleep(0.1)
        assert httpx2.post(f"{url}/mcp/sa", json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers=session).status_code == 404
        assert httpx2.delete(f"{url}/mcp/sa", headers=session).status_code == 200
        gone = httpx2.post(f"{url}/mcp", json={"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, headers=session)
        assert gone.status_code == 404 and "Session not found" in gone.text


@pytest.mark.anyio
async def test_a_sets_listen_stream_hears_of_no_resource_outside_the_set(two_sets: Path) -> None:
    """A 2026-07-28 client of /mcp/sa that lists an outside URI in its listen stream's `resource_subscriptions` was told
    when that resource changed, though reading or subscribing to it is "not found" in its set: it learnt of another
    set's edits. A set's streams hear only of the resources their set shows."""
    updated: list[str] = []
    with serve_over_http(two_sets, env=child_env(ATDF_MCP_AUTH_TOKEN="admin")) as (_, url, _), anyio.fail_after(40):
        async with (httpx2.AsyncClient(headers={"Authorization": "Bearer admin"}, timeout=httpx2.Timeout(30)) as http,
                    Client(streamable_http_client(f"{url}/mcp/sa", http_client=http)) as client):
            uris = ["ardf://tool/b1", "ardf://tool/a1"]
            async with anyio.create_task_group() as tasks, client.listen(resource_subscriptions=uris) as subscription:
                async def follow() -> None:
                    async for event in subscription:
                        updated.append(event.uri)
                tasks.start_soon(follow)
                (two_sets / "b1.json").write_text(json.dumps(tagged("b1", "tb", "Edited.")), encoding="utf-8")
                await anyio.sleep(1.5)
                (two_sets / "a1.json").write_text(json.dumps(tagged("a1", "ta", "Edited.")), encoding="utf-8")
                while not updated:
                    await anyio.sleep(0.05)
                await anyio.sleep(0.5)
                tasks.cancel_scope.cancel()
    assert updated == ["ardf://tool/a1"]


def test_requests_piped_to_stdio_are_answered_before_it_exits(tmp_path: Path) -> None:
    """`printf '...' | atdf-mcp serve DIR`, a script's one-shot calls: stdin ends right after the last request, and every
    call (an instant one too) was answered -32000 "Connection closed", no envelope. The end of stdin is the client's
    "shut down": the requests already read are answered first (calls still running after a second answer CANCELLED,
    tests/test_stopping.py), then the process exits 0, and stdout carries only JSON-RPC."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Give the text back.")), encoding="utf-8")
    (folder / "slow.json").write_text(json.dumps(mcp_tool("slow", "Take a while.", marker={"type": "string"},
                                                          seconds={"type": "number"})), encoding="utf-8")
    requests = [INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"},
                {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}}},
                {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                 "params": {"name": "slow", "arguments": {"marker": str(tmp_path / "marker"), "seconds": 0.3}}},
                {"jsonrpc": "2.0", "id": 4, "method": "tools/list"}]
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "serve", str(folder)], input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True, timeout=30, env=child_env())
    answers = {message["id"]: message for message in map(json.loads, done.stdout.splitlines())}
    assert done.returncode == 0 and time.monotonic() - started < 20, done.stderr
    assert sorted(answers) == [1, 2, 3, 4], done.stdout
    assert answers[2]["result"]["content"][0]["text"] == "hi"
    assert answers[3]["result"]["content"][0]["text"] == "slow done"
    assert [tool["name"] for tool in answers[4]["result"]["tools"]] == ["echo", "slow"]


@pytest.mark.anyio
async def test_a_stdio_client_that_leaves_a_listen_stream_closes_at_once(tmp_path: Path) -> None:
    """A request the client cancelled, or a listen stream, gets no answer: the end of stdin must not wait for them."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Give the text back.")), encoding="utf-8")
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder)], env=child_env())
    with (tmp_path / "stdio.log").open("w") as errlog, anyio.fail_after(30):
        async with Client(stdio_client(params, errlog=errlog)) as client:
            async with anyio.create_task_group() as tasks:
                async def follow() -> None:
                    async with client.listen(tools_list_changed=True) as subscription:
                        async for _event in subscription:
                            pass
                tasks.start_soon(follow)
                await anyio.sleep(1)
                tasks.cancel_scope.cancel()
            closing = time.monotonic()
    assert time.monotonic() - closing < 1.5
    assert "SIGTERM" not in (tmp_path / "stdio.log").read_text()
