"""A third probe from outside: live reload as editors, git and deploys do it, restarts, tool sets and the meta-tools.

Each test is a problem found by driving real `atdf-mcp serve` subprocesses (stdio through the SDK client, the CLI),
kept so it stays fixed. tests/test_outside_inputs.py holds the first probe's.
"""

from __future__ import annotations

import os
from pathlib import Path

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

