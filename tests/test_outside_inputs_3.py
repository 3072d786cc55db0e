"""A third probe from outside: live reload as editors, git and deploys do it, restarts, tool sets and the meta-tools.

Each test is a problem found by driving real `atdf-mcp serve` subprocesses (stdio through the SDK client, the CLI),
kept so it stays fixed. tests/test_outside_inputs.py holds the first probe's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import write_file
from mcp import Client
from test_live_reload import TOOLS_CHANGED, Inbox, connected, mcp_tool

ROOT = Path(__file__).resolve().parent.parent


async def listed(client: Client) -> list[str]:
    """The tool names tools/list answers now, sorted."""
    return sorted(t.name for t in (await client.list_tools()).tools)


async def until_listed(client: Client, names: list[str], timeout: float = 15) -> None:
    """Wait until tools/list answers exactly `names` (a bounded poll: what a client sees, whatever the trigger)."""
    with anyio.fail_after(timeout):
        while await listed(client) != sorted(names):
            await anyio.sleep(0.1)


@pytest.mark.anyio
async def test_a_folder_moved_out_of_the_catalogue_and_back_in_is_followed(tmp_path: Path) -> None:
    """`mv DIR/sub elsewhere` then `mv elsewhere DIR/sub2` (a refactor, a checkout that renames a folder): the OS sends
    one event for the folder and none for its files; its tools stayed served after it left, and one moved in was never
    served, until some other edit."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder / "sub", "shout.json", mcp_tool("shout", "Upper-case the text."))
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        assert await listed(client) == ["echo", "shout"]
        os.rename(folder / "sub", tmp_path / "away")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert await listed(client) == ["echo"]
        write_file(tmp_path / "away", "more.json", mcp_tool("more", "One more."))
        os.rename(tmp_path / "away", folder / "sub2")
        await inbox.wait_for(TOOLS_CHANGED, 2)
        await until_listed(client, ["echo", "more", "shout"])


@pytest.mark.anyio
async def test_an_atdfignore_edit_is_applied_while_serving(tmp_path: Path) -> None:
    """`.atdfignore` decides which files are served (and is in the warm start's key), but the watcher only looked at
    `*.json`, `*.yaml`, `*.yml` and `*.py`: an edit of it changed nothing until a restart."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder / "drafts", "shout.json", mcp_tool("shout", "Upper-case the text."))
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        assert await listed(client) == ["echo", "shout"]
        write_file(folder, ".atdfignore", "drafts/\n")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert await listed(client) == ["echo"]
        (folder / ".atdfignore").unlink()
        await inbox.wait_for(TOOLS_CHANGED, 2)
        assert await listed(client) == ["echo", "shout"]


def same_size_same_mtime(path: Path, old: str, new: str) -> None:
    """Replace `old` by `new` (as long) in the file and give it back its modification time, as `touch -r`, `cp -p`,
    `rsync -a` or an unpacked archive do."""
    assert len(old) == len(new)
    before = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)


async def descriptions(folder: Path, cache: Path) -> list[str]:
    """The tool descriptions a fresh stdio client of `atdf-mcp serve folder` lists (snapshot cache and warm start in
    `cache`)."""
    from mcp import StdioServerParameters
    from mcp.client.stdio import stdio_client

    env = {**os.environ, "PYTHONPATH": str(ROOT), "ATDF_MCP_CACHE_DIR": str(cache)}
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder)], env=env)
    with anyio.fail_after(60), (folder.parent / "stdio.log").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            listed = [t.description or "" for t in (await client.list_tools()).tools]
            await client.call_tool("echo", {"text": "x"})  # the catalogue is loaded (a warm start loads it meanwhile)
            return listed


@pytest.mark.anyio
async def test_an_edit_that_keeps_the_size_and_the_mtime_is_seen_by_the_next_start(tmp_path: Path) -> None:
    """A file restored with the same size and modification time while the server was down: the warm start and the
    snapshot cache, keyed by (size, mtime), served its old version on every later start (until `--no-cache`). The
    status-change time, which no tool can set back, is in the key too."""
    folder = tmp_path / "catalogue"
    echo = write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    assert await descriptions(folder, tmp_path / "cache") == ["Give the text back."]
    assert await descriptions(folder, tmp_path / "cache") == ["Give the text back."]  # a warm start
    same_size_same_mtime(echo, "back", "BACK")
    assert await descriptions(folder, tmp_path / "cache") == ["Give the text BACK."]


def test_a_reload_by_reset_reads_an_edit_that_keeps_the_size_and_the_mtime(tmp_path: Path) -> None:
    """With `--no-watch`, `POST /reset` (and SIGHUP) look at every file's signature: the same edit was not read."""
    import httpx
    from local_server import serve_over_http

    folder = tmp_path / "catalogue"
    echo = write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    with serve_over_http(folder, "--no-watch", env={**os.environ, "PYTHONPATH": str(ROOT),
                                                    "ATDF_MCP_CACHE_DIR": str(tmp_path / "cache")}) as (_, url, _):
        same_size_same_mtime(echo, "back", "BACK")
        reset = httpx.post(f"{url}/reset", timeout=30).json()
        assert reset["tools"]["changed"] == ["echo"], reset
        assert httpx.get(f"{url}/tools", timeout=10).json()["resources"][0]["description"] == "Give the text BACK."


def test_validate_names_each_tool_set_id_that_selects_nothing(tmp_path: Path) -> None:
    """`ids: [refund_payment, refund_paymnet]`: a misspelt id (or a glob matching nothing) beside a good one was silent,
    since the set as a whole selects something; an agent with that token just never saw the tool. Each entry that
    selects nothing is a warning with its pointer and the nearest id."""
    folder = tmp_path / "catalogue"
    for name in ("refund_payment", "capture_payment", "send_email"):
        write_file(folder, f"{name}.json", mcp_tool(name, f"The {name} tool."))
    write_file(folder, "atdf-mcp.yaml", "toolsets:\n  finance: {ids: [refund_payment, refund_paymnet, 'invoice_*'], id: capture_payment}\n")
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(folder), "--format", "json"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    found = {p["pointer"]: p for f in json.loads(done.stdout)["files"] for p in f["problems"] if p["code"] != "NO_HANDLER"}
    assert sorted(found) == ["/toolsets/finance/ids/1", "/toolsets/finance/ids/2"], found
    assert all(p["severity"] == "warning" and p["code"] == "CONFIGURATION_ERROR" for p in found.values())
    assert "'refund_paymnet'" in found["/toolsets/finance/ids/1"]["message"]
    assert "'refund_payment'" in found["/toolsets/finance/ids/1"]["message"]  # the nearest id
    assert "'invoice_*'" in found["/toolsets/finance/ids/2"]["message"]
    assert done.returncode == 0, done.stderr


@pytest.fixture
def progressive(tmp_path: Path) -> Path:
    """echo (one required string) and now (no argument), served in progressive mode."""
    from test_live_reload import HANDLERS

    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "now.json", {"name": "now", "description": "Say what time it is.", "inputSchema": {"type": "object"}})
    write_file(folder, "handlers.py", HANDLERS + "\n\ndef now():\n    return 'tick'\n")
    write_file(folder, "atdf-mcp.yaml", "disclosure: progressive\n")
    return folder


def error_entry(result: Any) -> dict[str, Any]:
    """The only entry of an isError result's envelope (checked against the bundled schema)."""
    from envelopes import envelope_of

    [entry] = envelope_of(result)["errors"]
    return entry


@pytest.mark.anyio
async def test_call_tool_without_arguments_calls_the_tool_as_a_direct_call_without_them(progressive: Path) -> None:
    """`{"name": "now"}`: a tools/call may leave `arguments` out (the tool gets none), but call_tool required them and
    answered VALIDATION_ERROR about its own `arguments` even for a tool that takes none."""
    from test_live_reload import text_of

    async with connected("stdio", progressive, Inbox()) as (client, _):
        assert text_of(await client.call_tool("call_tool", {"name": "now"})) == "tick"
        entry = error_entry(await client.call_tool("call_tool", {"name": "echo"}))
    assert (entry["tool_name"], entry["parameter_name"]) == ("echo", "text")  # what `tools/call echo {}` answers


@pytest.mark.anyio
async def test_a_null_for_an_optional_argument_is_answered_with_the_call_without_it(progressive: Path) -> None:
    """`limit: null` (and `arguments: null`): an optional argument sent as null, which its type refuses, had no suggestion
    at all; leaving it out keeps what the caller meant, so that was the suggested call. Since the twenty-first probe
    (CrewAI re-sends the null on every retry: tests/test_outside_inputs_21.py) the call runs without it, and says so
    (with another problem beside it, the suggested call still leaves it out: tests/test_suggestions.py)."""
    from atdf_mcp.inner_call import ARGUMENTS_META_KEY

    async with connected("stdio", progressive, Inbox()) as (client, _):
        limit = await client.call_tool("search_tools", {"query": "time", "limit": None})
        arguments = await client.call_tool("call_tool", {"name": "now", "arguments": None})
    assert not limit.is_error and limit.meta[ARGUMENTS_META_KEY]["left_out"] == ["limit"]
    assert not arguments.is_error and arguments.meta[ARGUMENTS_META_KEY]["left_out"] == ["arguments"]


@pytest.mark.anyio
@pytest.mark.parametrize("name", [" echo", "echo ", "ECHO", "Echo", "ehco"])
async def test_an_unknown_name_given_to_a_meta_tool_comes_with_the_corrected_call(progressive: Path, name: str) -> None:
    """get_tool_info and call_tool named the nearest tool in suggested_value, but their envelope had no
    suggested_arguments, though `name` is one of their arguments: a client that retries with them had nothing to retry."""
    call = {"name": name, "arguments": {"text": "hi"}}
    async with connected("stdio", progressive, Inbox()) as (client, _):
        info = error_entry(await client.call_tool("get_tool_info", {"name": name}))
        called = error_entry(await client.call_tool("call_tool", call))
    for entry in (info, called):
        assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("TOOL_NOT_FOUND", "name", "echo")
    assert info["context"]["suggested_arguments"] == {"name": "echo"}
    assert called["context"]["suggested_arguments"] == {"name": "echo", "arguments": {"text": "hi"}}


@pytest.mark.anyio
async def test_arguments_sent_as_a_json_string_run_the_call_and_say_so(progressive: Path) -> None:
    """`"arguments": "{\\"text\\": \\"hi\\"}"` (agents that write the inner call as text do it) was refused here, with
    the object as suggested_arguments; an agent then had to make the same call twice. The string holds a JSON object,
    so the call now runs with it, and the result's `_meta` says the arguments should be sent as an object
    (tests/test_outside_inputs_4.py has the strings that hold no object)."""
    from test_live_reload import text_of

    async with connected("stdio", progressive, Inbox()) as (client, _):
        result = await client.call_tool("call_tool", {"name": "echo", "arguments": '{"text": "hi"}'})
    assert (result.is_error, text_of(result)) == (False, "hi")
    assert result.meta["atdf.io/arguments"]["decoded"] is True


@pytest.mark.parametrize(("query", "expected"), [
    ("hotle", "book_hotel"), ("book a hotle room", "book_hotel"), ("wether forcast", "weather_forecast"),
    ("convertor", "currency_converter"), ("emial", "send_email"),
])
def test_a_misspelt_query_word_finds_the_tool_it_misspells(tmp_path: Path, query: str, expected: str) -> None:
    """"hotle" answered no tool at all (a word no tool uses is read as an abbreviation only): a word the catalogue never
    uses, of four letters or more, now also stands for the catalogue's words one edit away (two from eight letters),
    at the weight of an abbreviation; a word that is near nothing still finds nothing."""
    from atdf_mcp import load_catalog
    from atdf_mcp.search import SearchIndex

    for tool in [mcp_tool("book_hotel", "Book a hotel room: the reservation of a room for some nights."),
                 mcp_tool("weather_forecast", "The weather forecast of a city for the next days."),
                 mcp_tool("currency_converter", "Convert an amount of money from one currency to another."),
                 mcp_tool("send_email", "Send an email message to a recipient.")]:
        write_file(tmp_path, f"{tool['name']}.json", tool)
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert [h.name for h in index.search(query, 1)] == [expected]
    assert index.search("zqxv", 5) == [] and index.search("xylophonist", 5) == []


@pytest.mark.anyio
async def test_subscribers_of_a_document_hear_that_its_content_file_changed(tmp_path: Path) -> None:
    """A document descriptor whose content is a file beside it (`content.data.path: guide.md`): editing guide.md changed
    what resources/read returns, but the watcher never saw it (only descriptor, config and handler files), so a
    subscriber of the content was never told, though the README promises resources/updated when content changes."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "guide.json", {"schema_version": "1.0.0", "resource_id": "guide", "resource_type": "document",
                                      "description": "The guide.", "content": {"type": "document/ref", "data": {
                                          "access": "read-only", "format": "markdown", "path": "docs/guide.md"}}})
    guide = write_file(folder / "docs", "guide.md", "# Version one\n")
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        uri = "ardf://document/guide/content"
        with pytest.warns(Warning):  # resources/subscribe is deprecated at 2026-07-28; handshake-era clients still use it
            await client.subscribe_resource(uri)
        guide.write_text("# Version two\n", encoding="utf-8")
        await inbox.wait_for("notifications/resources/updated", 1)
        assert (await client.read_resource(uri)).contents[0].text == "# Version two\n"
        assert "notifications/tools/list_changed" not in inbox.methods


SLOW_IMPORT = '''
import pathlib
import time

pathlib.Path(__file__).with_name("importing").touch()  # the load has begun
time.sleep(1.5)


def echo(text):
    """Give the text back."""
    return text
'''


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGHUP on Windows")
@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_a_sighup_while_the_catalogue_loads_is_a_reload_not_the_end(tmp_path: Path, transport: str) -> None:
    """`kill -HUP` (a deploy script's reload, systemd's ExecReload) sent while the server was still loading its
    catalogue ended it: the reload's SIGHUP receiver starts only with the live catalogue, and until then the default
    action of SIGHUP is to terminate. It is now held from the start of `serve` and served by one reload once live."""
    import signal
    import time

    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "handlers.py", SLOW_IMPORT)
    args = ["--transport", "http", "--port", "0"] if transport == "http" else []
    log = tmp_path / "serve.log"
    with log.open("wb") as err:
        process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(folder), "--no-cache", *args],
                                   stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err,
                                   env={**os.environ, "PYTHONPATH": str(ROOT), "ATDF_MCP_CACHE_DIR": str(tmp_path / "cache")})
    try:
        deadline = time.monotonic() + 60
        while not (folder / "importing").exists():
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.02)
        process.send_signal(signal.SIGHUP)
        while "reloaded (SIGHUP)" not in log.read_text():
            assert process.poll() is None, f"exit {process.returncode}: {log.read_text()}"
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
    finally:
        process.kill()
        process.wait(10)
        assert process.stdin is not None
        process.stdin.close()


@pytest.mark.anyio
@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
async def test_a_catalogue_served_through_a_symlink_follows_a_deploy_that_swaps_it(tmp_path: Path) -> None:
    """`serve current` with current -> releases/v1, then `ln -sfn releases/v2 current` (how deploys switch releases,
    atomically): the watcher kept watching v1, so v2 was not served until a SIGHUP, nor were edits made in it."""
    write_file(tmp_path / "releases" / "v1", "echo.json", mcp_tool("echo", "Version one."))
    write_file(tmp_path / "releases" / "v2", "shout.json", mcp_tool("shout", "Version two."))
    current = tmp_path / "current"
    current.symlink_to("releases/v1")
    inbox = Inbox()
    async with connected("stdio", current, inbox) as (client, _):
        assert await listed(client) == ["echo"]
        (tmp_path / "next").symlink_to("releases/v2")
        os.replace(tmp_path / "next", current)  # what `ln -sfn releases/v2 current` does, in one rename
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert await listed(client) == ["shout"]
        write_file(tmp_path / "releases" / "v2", "more.json", mcp_tool("more", "One more."))
        await inbox.wait_for(TOOLS_CHANGED, 2)
        assert await listed(client) == ["more", "shout"]
        write_file(tmp_path / "releases" / "v1", "old.json", mcp_tool("old", "An edit of the release left."))
        await anyio.sleep(1)
        assert await listed(client) == ["more", "shout"]


@pytest.mark.anyio
async def test_a_search_query_of_a_megabyte_is_answered_at_once_by_its_first_words(progressive: Path) -> None:
    """search_tools (and GET /search) ran on the whole query, on the event loop: 126 KB of camelCase words took 1.7 s
    (each split word was looked for in the list of words before it), 1 MB of plain made-up words 3.7 s, and a client
    could send 4 MB. A query is a few words: only its first QUERY_WORDS count, so the rest changes nothing."""
    import time

    from atdf_mcp.search import QUERY_WORDS

    head = " ".join(["say", "the", "time"] * (QUERY_WORDS // 3))
    tail = " ".join(f"madeUp{n}Word" for n in range(100_000))  # 1.6 MB
    async with connected("stdio", progressive, Inbox()) as (client, _):
        alone = await client.call_tool("search_tools", {"query": head})
        started = time.monotonic()
        padded = await client.call_tool("search_tools", {"query": f"{head} {tail}"})
        took = time.monotonic() - started
    assert padded.structured_content == alone.structured_content
    assert alone.structured_content["tools"][0]["name"] == "now"
    assert took < 10, f"{took:.1f} s"  # a guard against a hang (it was minutes), not a timing
