"""Live reload: a real `atdf-mcp serve` (stdio subprocess, or HTTP on 127.0.0.1) follows its catalogue directory.

Every wait is bounded (anyio.fail_after) and waits for what a client sees: a notification, a new tools/list.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from conftest import ARDF_CONTENT, ardf
from local_server import serve_over_http
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from test_stopping import StdioSession

ROOT = Path(__file__).resolve().parent.parent
TOOLS_CHANGED = "notifications/tools/list_changed"
HANDLERS = '''
import pathlib
import time


def echo(text):
    """Give the text back."""
    return text


def shout(text):
    """Upper-case the text."""
    return text.upper()


def slow(marker, seconds):
    """Touch `marker`, then take `seconds` to answer."""
    pathlib.Path(marker).touch()
    time.sleep(seconds)
    return "slow done"
'''


def mcp_tool(name: str, description: str, **properties: Any) -> dict[str, Any]:
    """An MCP tool object whose arguments are all required strings unless given."""
    props = properties or {"text": {"type": "string"}}
    return {"name": name, "description": description, "inputSchema": {"type": "object", "properties": props, "required": sorted(props)}}


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    """A catalogue directory with one tool (echo) and its handlers module; logs live beside it, not in it."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "echo.json").write_text(json.dumps(mcp_tool("echo", "Give the text back.")), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


class Inbox:
    """What the server sent a client unasked: notification methods, in order, and the log messages."""

    def __init__(self) -> None:
        self.methods: list[str] = []
        self.logs: list[types.LoggingMessageNotificationParams] = []
        self._arrived = anyio.Event()

    async def __call__(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if isinstance(method, str):
            self.methods.append(method)
            if isinstance(message, types.LoggingMessageNotification):
                self.logs.append(message.params)
            self._arrived.set()
            self._arrived = anyio.Event()

    async def wait_for(self, method: str, count: int, timeout: float = 15) -> None:
        """Wait until `method` has arrived `count` times in all."""
        with anyio.fail_after(timeout):
            while self.methods.count(method) < count:
                await self._arrived.wait()

    async def wait_for_warning(self, timeout: float = 15) -> types.LoggingMessageNotificationParams:
        """Wait for a `warning` log notification of atdf-mcp."""
        with anyio.fail_after(timeout):
            while not (found := [log for log in self.logs if log.level == "warning" and log.logger == "atdf-mcp"]):
                await self._arrived.wait()
        return found[0]


def serve_command(catalogue: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "atdf_mcp", "serve", str(catalogue), *args]


def child_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), **extra}


def http_server(catalogue: Path, *args: str, env: dict[str, str] | None = None) -> Any:
    """`atdf-mcp serve DIR --transport http --port 0 ...`; yield the process, its base URL and its stderr file."""
    return serve_over_http(catalogue, *args, env=env or child_env())


@contextlib.asynccontextmanager
async def connected(transport: str, catalogue: Path, inbox: Inbox, *args: str) -> AsyncIterator[tuple[Client, str | None]]:
    """A legacy-era client of a served catalogue over stdio, /mcp or /sse; yields it and the HTTP base URL (None on stdio)."""
    if transport == "stdio":
        params = StdioServerParameters(command=sys.executable, args=serve_command(catalogue, *args)[1:], env=child_env())
        with (catalogue.parent / "stdio.log").open("w") as errlog:
            async with Client(stdio_client(params, errlog=errlog), mode="legacy", message_handler=inbox) as client:
                yield client, None
        return
    with http_server(catalogue, *args) as (_, url, _):
        target: Any = sse_client(f"{url}/sse") if transport == "sse" else f"{url}/mcp"
        async with Client(target, mode="legacy", message_handler=inbox) as client:
            yield client, url


async def tools_of(client: Client) -> dict[str, str]:
    """tools/list as name → description."""
    return {tool.name: tool.description or "" for tool in (await client.list_tools()).tools}


def text_of(result: types.CallToolResult) -> str:
    return "".join(block.text for block in result.content if isinstance(block, types.TextContent))


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["stdio", "http", "sse"])
async def test_a_connected_client_sees_added_edited_and_deleted_files(catalogue: Path, transport: str) -> None:
    """Each change of the directory reaches the client as tools/list_changed, and the next tools/list shows it."""
    inbox = Inbox()
    async with connected(transport, catalogue, inbox) as (client, _):
        assert await client.list_tools()  # the session is initialized: the server knows this client
        assert client.server_capabilities.tools is not None and client.server_capabilities.tools.list_changed is True
        assert set(await tools_of(client)) == {"echo"}

        (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        await inbox.wait_for("notifications/resources/list_changed", 1)  # its ARDF resource is new too
        assert "notifications/prompts/list_changed" not in inbox.methods  # only the lists that changed
        assert await tools_of(client) == {"echo": "Give the text back.", "shout": "Upper-case the text."}
        assert text_of(await client.call_tool("shout", {"text": "hi"})) == "HI"

        (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text, loudly.")), encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 2)
        assert (await tools_of(client))["shout"] == "Upper-case the text, loudly."

        (catalogue / "shout.json").unlink()
        await inbox.wait_for(TOOLS_CHANGED, 3)
        assert set(await tools_of(client)) == {"echo"}
        result = await client.call_tool("shout", {"text": "hi"})
        assert result.is_error and json.loads(text_of(result))["errors"][0]["code"] == "TOOL_NOT_FOUND"


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_a_broken_edit_is_reported_as_a_warning_in_validate_and_on_stderr(catalogue: Path, transport: str) -> None:
    """A file broken by an edit: a `warning` log notification names it (no server path), as do GET /validate and stderr."""
    inbox = Inbox()
    (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
    async with connected(transport, catalogue, inbox) as (client, url):
        await client.set_logging_level("info")
        (catalogue / "shout.json").write_text('{"name": "shout", "description": ', encoding="utf-8")  # cut short mid-save
        warning = await inbox.wait_for_warning()
        assert "shout.json" in str(warning.data) and str(catalogue) not in str(warning.data)
        if url is not None:
            report = httpx.get(f"{url}/validate", timeout=10).json()
            assert [f["file"] for f in report["files"] if f["problems"]] == ["shout.json"]
    stderr = "".join(path.read_text() for path in catalogue.parent.glob("*.log"))
    assert re.search(r"atdf-mcp: error: \S*shout\.json.*\[\w+\]", stderr)


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_a_broken_file_keeps_its_last_good_version_until_fixed(catalogue: Path, transport: str) -> None:
    """While a file is broken its last good tools stay listed; the fix and then the deletion are announced."""
    inbox = Inbox()
    (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
    async with connected(transport, catalogue, inbox) as (client, _):
        assert set(await tools_of(client)) == {"echo", "shout"}
        (catalogue / "shout.json").write_text('{"name": "shout", "description": ', encoding="utf-8")
        await inbox.wait_for_warning()
        assert set(await tools_of(client)) == {"echo", "shout"}, "the last good version of shout.json is no longer served"
        assert text_of(await client.call_tool("shout", {"text": "hi"})) == "HI"

        (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text, fixed.")), encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert (await tools_of(client))["shout"] == "Upper-case the text, fixed."
        (catalogue / "shout.json").unlink()
        await inbox.wait_for(TOOLS_CHANGED, 2)
        assert set(await tools_of(client)) == {"echo"}


@pytest.mark.anyio
async def test_a_2026_client_hears_of_changes_through_subscriptions_listen(catalogue: Path) -> None:
    """A 2026-07-28 client over /mcp gets ToolsListChanged on its listen stream, then the new tools/list."""
    with http_server(catalogue) as (_, url, _), anyio.fail_after(30):
        async with Client(f"{url}/mcp") as client:
            assert client.protocol_version == "2026-07-28"
            tools = client.server_capabilities.tools
            assert tools is not None and tools.list_changed is True
            async with client.listen(tools_list_changed=True) as subscription:
                (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
                async for event in subscription:
                    assert type(event).__name__ == "ToolsListChanged"
                    break
            assert {tool.name for tool in (await client.list_tools()).tools} == {"echo", "shout"}


@pytest.mark.anyio
async def test_sighup_reloads_a_server_started_with_no_watch(catalogue: Path) -> None:
    """With --no-watch a new file is served only after SIGHUP, which the client hears as tools/list_changed."""
    inbox = Inbox()
    with http_server(catalogue, "--no-watch") as (process, url, log), anyio.fail_after(30):
        async with Client(f"{url}/mcp", mode="legacy", message_handler=inbox) as client:
            assert set(await tools_of(client)) == {"echo"}
            (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
            process.send_signal(signal.SIGHUP)
            await inbox.wait_for(TOOLS_CHANGED, 1)
            assert set(await tools_of(client)) == {"echo", "shout"}
            assert process.poll() is None
    assert "reloaded (SIGHUP)" in log.read_text()


def test_sighup_reloads_a_stdio_server_started_with_no_watch(catalogue: Path) -> None:
    """Over stdio too, SIGHUP reloads: the client gets tools/list_changed and the new tools/list; the server keeps running."""
    session = StdioSession(catalogue, "--no-watch")
    try:
        (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
        session.process.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 15
        while not any(json.loads(line).get("method") == TOOLS_CHANGED for line in list(session.lines)):
            assert time.monotonic() < deadline and session.process.poll() is None, "no tools/list_changed after SIGHUP"
            time.sleep(0.02)
        session.request({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert {tool["name"] for tool in session.answer(1)["result"]["tools"]} == {"echo", "shout"}
        assert session.process.poll() is None
    finally:
        session.close()


@pytest.mark.anyio
async def test_post_reset_reloads_with_the_token_and_refuses_without_it(catalogue: Path) -> None:
    """POST /reset needs the bearer token when one is set, and answers what the reload changed."""
    with http_server(catalogue, "--no-watch", "--auth-token", "s3cret-token") as (_, url, _):
        (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
        async with httpx.AsyncClient(base_url=url, timeout=20) as http:
            refused = await http.post("/reset")
            assert refused.status_code == 401
            assert refused.json()["errors"][0]["code"] == "AUTHENTICATION_ERROR"
            answer = await http.post("/reset", headers={"Authorization": "Bearer s3cret-token"})
            assert answer.status_code == 200
            body = answer.json()
            assert body["status"] == "reloaded"
            assert body["tools"] == {"added": ["shout"], "removed": [], "changed": []}
            assert body["lists_changed"]["tools"] is True and body["problems"]["errors"] == 0
            again = (await http.post("/reset", headers={"Authorization": "Bearer s3cret-token"})).json()
            assert again["tools"] == {"added": [], "removed": [], "changed": []} and again["lists_changed"]["tools"] is False


@pytest.mark.anyio
async def test_a_slow_call_started_before_a_reload_returns_its_result(catalogue: Path) -> None:
    """A call in flight finishes on the snapshot it started with, even when the reload removes its tool."""
    marker = catalogue.parent / "slow-started"
    (catalogue / "slow.json").write_text(json.dumps(mcp_tool("slow", "Answer slowly.", marker={"type": "string"},
                                                             seconds={"type": "number"})), encoding="utf-8")
    with http_server(catalogue, "--no-watch") as (_, url, _), anyio.fail_after(30):
        async with Client(f"{url}/mcp", mode="legacy") as client, httpx.AsyncClient(base_url=url, timeout=20) as http:
            results: list[types.CallToolResult] = []

            async def call() -> None:
                results.append(await client.call_tool("slow", {"marker": str(marker), "seconds": 1.5}))

            async with anyio.create_task_group() as tasks:
                tasks.start_soon(call)
                while not marker.exists():
                    await anyio.sleep(0.02)
                (catalogue / "slow.json").unlink()
                body = (await http.post("/reset")).json()
                assert body["tools"]["removed"] == ["slow"]
            assert not results[0].is_error and text_of(results[0]) == "slow done"
            assert "slow" not in {tool.name for tool in (await client.list_tools()).tools}


def rss_kib(pid: int) -> int:
    """The resident set size of a process, in KiB (Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]


@pytest.mark.anyio
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads RSS from /proc")
async def test_200_reloads_under_a_calling_client_fail_no_call_and_keep_rss_flat(catalogue: Path) -> None:
    """A client calls a tool in a loop while the catalogue is changed and reloaded 200 times: every call succeeds."""
    inbox = Inbox()
    with http_server(catalogue, "--no-watch") as (process, url, _), anyio.fail_after(240):
        async with Client(f"{url}/mcp", mode="legacy", message_handler=inbox) as client, \
                httpx.AsyncClient(base_url=url, timeout=30) as http:
            failures: list[str] = []
            calls = 0
            done = anyio.Event()

            async def call_in_a_loop() -> None:
                nonlocal calls
                while not done.is_set():
                    result = await client.call_tool("echo", {"text": f"call {calls}"})
                    if result.is_error or text_of(result) != f"call {calls}":
                        failures.append(text_of(result))
                    calls += 1

            rss: dict[int, int] = {}
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(call_in_a_loop)
                for n in range(1, 201):
                    description = f"Give the text back (edit {n})."
                    (catalogue / "echo.json").write_text(json.dumps(mcp_tool("echo", description)), encoding="utf-8")
                    body = (await http.post("/reset")).json()
                    assert body["tools"]["changed"] == ["echo"], body
                    if n in (50, 200):
                        rss[n] = rss_kib(process.pid)
                done.set()
            await inbox.wait_for(TOOLS_CHANGED, 200, timeout=30)
    assert failures == []
    assert calls > 200
    assert rss[200] <= rss[50] * 1.05 + 4096, f"RSS grew from {rss[50]} KiB after 50 reloads to {rss[200]} KiB after 200"


@pytest.mark.anyio
async def test_a_changed_handlers_module_is_imported_again(catalogue: Path) -> None:
    """An edit of handlers.py (same size, same second: the bytecode cache cannot tell) changes what the next call runs."""
    handlers = catalogue / "handlers.py"
    second = int(time.time()) * 1_000_000_000
    os.utime(handlers, ns=(second + 100, second + 100))
    with http_server(catalogue, "--no-watch", env=child_env(PYTHONDONTWRITEBYTECODE="")) as (_, url, _), anyio.fail_after(30):
        async with Client(f"{url}/mcp", mode="legacy") as client, httpx.AsyncClient(base_url=url, timeout=20) as http:
            assert text_of(await client.call_tool("echo", {"text": "abc"})) == "abc"
            source = handlers.read_text()
            edited = source.replace("    return text\n", "    return text[::-1]\n", 1).replace('"""Give the text back."""', '"""Reversed."""', 1)
            handlers.write_text(edited.replace('"""Reversed."""', '"""Reversed.' + " " * (len(source) - len(edited)) + '"""', 1))
            os.utime(handlers, ns=(second + 500_000_000, second + 500_000_000))
            assert len(handlers.read_bytes()) == len(source.encode())
            assert (await http.post("/reset")).json()["status"] == "reloaded"
            assert text_of(await client.call_tool("echo", {"text": "abc"})) == "cba"


@pytest.mark.anyio
async def test_subscribers_of_a_resource_hear_that_its_content_changed(catalogue: Path) -> None:
    """resources/subscribe to a tool's ARDF resource, edit the tool: notifications/resources/updated names it."""
    inbox = Inbox()
    async with connected("stdio", catalogue, inbox) as (client, _):
        with pytest.warns(Warning):  # resources/subscribe is deprecated at 2026-07-28; handshake-era clients still use it
            await client.subscribe_resource("ardf://tool/echo")
        (catalogue / "echo.json").write_text(json.dumps(mcp_tool("echo", "Give the text back, unchanged.")), encoding="utf-8")
        await inbox.wait_for("notifications/resources/updated", 1)
        await inbox.wait_for(TOOLS_CHANGED, 1)
        contents = (await client.read_resource("ardf://tool/echo")).contents
        assert "Give the text back, unchanged." in contents[0].text  # type: ignore[union-attr]


@pytest.mark.anyio
async def test_triggers_arriving_during_a_reload_share_one_more_reload(catalogue: Path) -> None:
    """A reload runs; nine triggers arrive meanwhile: one more reload serves them all, not nine."""
    import io

    from atdf_mcp import load_catalog
    from atdf_mcp.live import LiveCatalog
    from atdf_mcp.server import CatalogServer

    err = io.StringIO()
    live = LiveCatalog(CatalogServer(load_catalog(catalogue)), catalogue, watch=False, err=err)
    outcomes = []

    async def ask(n: int) -> None:
        outcomes.append(await live.reload(f"trigger {n}"))

    with anyio.fail_after(30):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(ask, 0)
            while not live.reloading:
                await anyio.sleep(0)
            for n in range(1, 10):
                tasks.start_soon(ask, n)
    assert len(outcomes) == 10 and all(outcome.ok for outcome in outcomes)
    assert err.getvalue().count("atdf-mcp: reloaded") == 2


@pytest.mark.anyio
async def test_a_burst_of_writes_is_one_reload(catalogue: Path) -> None:
    """100 files written at once (a `git checkout`) are served after one reload, not a hundred."""
    inbox = Inbox()
    with http_server(catalogue) as (_, url, log), anyio.fail_after(60):
        async with Client(f"{url}/mcp", mode="legacy", message_handler=inbox) as client:
            await client.list_tools()
            for n in range(100):
                (catalogue / f"tool_{n:03}.json").write_text(json.dumps(mcp_tool(f"tool_{n:03}", f"Tool number {n}.")), encoding="utf-8")
            await inbox.wait_for(TOOLS_CHANGED, 1)
            assert len((await client.list_tools()).tools) == 101
            (catalogue / "last.json").write_text(json.dumps(mcp_tool("last", "Written after the burst.")), encoding="utf-8")
            await inbox.wait_for(TOOLS_CHANGED, 2)
    assert len(re.findall(r"atdf-mcp: reloaded \(\d+ file change", log.read_text())) == 2


@pytest.mark.anyio
async def test_a_reload_that_fails_keeps_the_catalogue_served(catalogue: Path, tmp_path: Path) -> None:
    """The catalogue directory moved away: POST /reset answers RELOAD_FAILED and the tools are still served."""
    with http_server(catalogue, "--no-watch") as (process, url, _), anyio.fail_after(30):
        async with Client(f"{url}/mcp", mode="legacy") as client, httpx.AsyncClient(base_url=url, timeout=20) as http:
            catalogue.rename(tmp_path / "moved")
            answer = await http.post("/reset")
            assert answer.status_code == 500
            assert answer.json()["errors"][0]["code"] == "RELOAD_FAILED"
            assert text_of(await client.call_tool("echo", {"text": "still here"})) == "still here"
            assert process.poll() is None


@pytest.mark.anyio
async def test_a_new_prompt_file_sends_prompts_list_changed(catalogue: Path) -> None:
    """An ARDF prompt written into the directory: prompts/list_changed, and prompts/list holds it."""
    inbox = Inbox()
    async with connected("stdio", catalogue, inbox) as (client, _):
        assert [prompt.name for prompt in (await client.list_prompts()).prompts] == ["catalog_overview"]  # the Level-1 index
        (catalogue / "greet.json").write_text(json.dumps(ardf("prompt", "greet", *ARDF_CONTENT["prompt"])), encoding="utf-8")
        await inbox.wait_for("notifications/prompts/list_changed", 1)
        assert [prompt.name for prompt in (await client.list_prompts()).prompts] == ["greet", "catalog_overview"]
        assert TOOLS_CHANGED not in inbox.methods


@pytest.mark.anyio
async def test_a_changed_config_file_is_applied(catalogue: Path) -> None:
    """An `exclude:` added to atdf-mcp.yaml takes the excluded file's tools off the list."""
    inbox = Inbox()
    (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
    async with connected("stdio", catalogue, inbox) as (client, _):
        assert set(await tools_of(client)) == {"echo", "shout"}
        (catalogue / "atdf-mcp.yaml").write_text("exclude:\n  - shout.json\n", encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert set(await tools_of(client)) == {"echo"}
