"""A thirteenth probe from outside: live reload meets the file kinds of tests/test_outside_inputs_10.py and _12.py.

Real `atdf-mcp serve` subprocesses (stdio with the SDK client, HTTP with POST /reset) followed multi-document YAML
files (documents added, removed, emptied, broken and fixed), descriptor files turned into files that are not
descriptors and back, hosted tools beside function tools, renames inside a saved tools/list response, BOM and CRLF
saves, `fix --write` and a `git checkout` of another branch. Each test is a problem found that way, kept so it stays
fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import httpx
import pytest
from conftest import write_file
from test_live_reload import Inbox, connected, http_server, mcp_tool

TOOLS_CHANGED = "notifications/tools/list_changed"
ALPHA = "name: alpha\ndescription: The first tool.\ninputSchema: {type: object, properties: {q: {type: string}}}\n"
GAMMA = "name: gamma\ndescription: The last tool.\ninputSchema: {type: object, properties: {}}\n"


@pytest.mark.anyio
async def test_a_document_that_only_moves_in_its_file_changes_nothing_a_client_sees(tmp_path: Path) -> None:
    """A document commented out above the others (`---` + `# ...`), or a first tool added to a file of one: every
    document after it moves (`/1` becomes `/2`, `` becomes `/1`), and each moved tool was reported `changed`, its
    resource `updated` to subscribers and all three lists `list_changed`, though its listing and resource were byte for
    byte the same. A tool is changed when what a client sees of it is; where it is written is the report's business."""
    folder = tmp_path / "catalogue"
    multi = write_file(folder, "multi.yaml", ALPHA + "---\n" + GAMMA)
    single = write_file(folder, "single.json", mcp_tool("echo", "Give the text back."))
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        with pytest.warns(Warning):  # resources/subscribe is deprecated at 2026-07-28; handshake-era clients still use it
            await client.subscribe_resource("ardf://tool/gamma")
        listed = (await client.list_tools()).tools
        multi.write_text(ALPHA + "---\n# name: beta   (taken out for now)\n---\n" + GAMMA, encoding="utf-8")
        await anyio.sleep(0.5)  # the watcher's reload of the move is done: nothing was sent
        write_file(folder, "sentinel.json", mcp_tool("sentinel", "Written after the move."))  # one more reload after it
        await inbox.wait_for("notifications/resources/list_changed", 1)
        await anyio.sleep(0.3)
        assert inbox.methods == [TOOLS_CHANGED, "notifications/resources/list_changed"], inbox.methods
        assert [t for t in (await client.list_tools()).tools if t.name != "sentinel"] == listed

        inbox.methods.clear()
        single.write_text(json.dumps([mcp_tool("first", "Now first in the file."), mcp_tool("echo", "Give the text back.")]))
        await inbox.wait_for(TOOLS_CHANGED, 1)
        await anyio.sleep(0.3)
        assert "notifications/resources/updated" not in inbox.methods, inbox.methods

    with http_server(folder, "--no-watch") as (_, url, _), httpx.Client(base_url=url, timeout=20) as http:
        multi.write_text("---\n" + GAMMA + "---\n" + ALPHA, encoding="utf-8")  # the same two tools, the other way round
        body = http.post("/reset").json()
    assert body["tools"] == {"added": [], "removed": [], "changed": []}, body
    assert body["resources_updated"] == [] and not body["lists_changed"]["resources"], body


@pytest.mark.anyio
async def test_the_catalogue_index_is_updated_for_its_subscribers(tmp_path: Path) -> None:
    """`ardf://catalog/index` (the Level-1 index: each tool's name and line) could be subscribed to, but no reload ever
    sent its `resources/updated`, though a tool added, removed or edited changes it. Now it is sent, to a tool set's
    sessions only when the set's own tools changed (a tool outside the set does not exist for them)."""
    folder = tmp_path / "catalogue"
    write_file(folder, "atdf-mcp.yaml", "toolsets:\n  mine: {ids: [\"echo*\"]}\n")
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    for toolset in (None, "mine"):
        inbox = Inbox()
        async with connected("stdio", folder, inbox, *(("--toolset", toolset) if toolset else ())) as (client, _):
            with pytest.warns(Warning):  # resources/subscribe is deprecated at 2026-07-28; handshake-era clients still use it
                await client.subscribe_resource("ardf://catalog/index")
            write_file(folder, f"other_{toolset}.json", mcp_tool(f"other_{toolset}", "Outside the set."))
            await anyio.sleep(1.0)  # reloaded: the whole catalogue's index changed, the set's did not
            write_file(folder, f"echo_{toolset}.json", mcp_tool(f"echo_{toolset}", "Inside the set."))
            expected = 2 if toolset is None else 1
            await inbox.wait_for("notifications/resources/updated", expected)
            await anyio.sleep(0.3)
            assert inbox.methods.count("notifications/resources/updated") == expected, (toolset, inbox.methods)
            index = (await client.read_resource("ardf://catalog/index")).contents[0].text
            assert f"echo_{toolset}" in index and (f"other_{toolset}" in index) is (toolset is None), index
