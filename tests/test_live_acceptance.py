"""Live reload as a new user tries it: editors' save patterns, symlinks, duplicate ids, against a real `atdf-mcp serve`.

Each test asserts what a client sees (notifications, the new lists, log messages, GET /validate) and is bounded by
anyio.fail_after; the helpers are those of tests/test_live_reload.py.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import anyio
import httpx
import pytest
from test_live_reload import HANDLERS, TOOLS_CHANGED, Inbox, catalogue, connected, mcp_tool, text_of, tools_of

__all__ = ["catalogue"]  # the fixture, shared with tests/test_live_reload.py


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_a_duplicate_id_is_reported_without_the_servers_own_paths(catalogue: Path, transport: str) -> None:
    """A second file defining a served id: the warning and GET /validate name both files relative to the catalogue."""
    inbox = Inbox()
    async with connected(transport, catalogue, inbox) as (client, url):
        await client.set_logging_level("info")
        (catalogue / "nested").mkdir()
        (catalogue / "nested" / "copy.json").write_text(json.dumps(mcp_tool("echo", "A copy.")), encoding="utf-8")
        warning = await inbox.wait_for_warning()
        assert "DUPLICATE_ID" in str(warning.data) and "echo.json" in str(warning.data)
        assert str(catalogue) not in str(warning.data) and str(catalogue.resolve()) not in str(warning.data)
        assert "the first in the catalogue's order" in str(warning.data)  # which of the two is served
        if url is not None:
            report = httpx.get(f"{url}/validate", timeout=10).json()
            messages = [p["message"] for f in report["files"] for p in f["problems"] if p["code"] == "DUPLICATE_ID"]
            assert messages and all("echo.json" in m and str(catalogue.resolve()) not in m for m in messages), messages
        assert (await tools_of(client))["echo"] == "Give the text back."  # the first in the walk's order stays served


@pytest.mark.anyio
@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX symbolic links")
async def test_a_symlink_to_a_file_of_the_catalogue_is_one_file_that_follows_its_target(catalogue: Path) -> None:
    """`link.json -> shared/real.json` inside the catalogue: served once (no DUPLICATE_ID), and an edit of the target
    is what the client sees next."""
    (catalogue / "shared").mkdir()
    real = catalogue / "shared" / "real.json"
    real.write_text(json.dumps(mcp_tool("linked", "First version.")), encoding="utf-8")
    os.symlink(os.path.join("shared", "real.json"), catalogue / "link.json")
    inbox = Inbox()
    async with connected("http", catalogue, inbox) as (client, url):
        assert (await tools_of(client))["linked"] == "First version."
        report = httpx.get(f"{url}/validate", timeout=10).json()
        assert [p for f in report["files"] for p in f["problems"] if p["severity"] == "error"] == []
        real.write_text(json.dumps(mcp_tool("linked", "Edited at its target.")), encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        with anyio.fail_after(10):
            while (await tools_of(client))["linked"] != "Edited at its target.":
                await anyio.sleep(0.05)


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX symbolic links")
def test_find_files_reads_a_linked_file_once_and_keeps_a_link_to_a_file_not_walked(tmp_path: Path) -> None:
    """A link to a file found under its own name is dropped; one to a hidden folder's file (never walked) stays."""
    from atdf_mcp.files import find_files

    (tmp_path / "shared").mkdir()
    (tmp_path / ".hidden").mkdir()
    for path in (tmp_path / "shared" / "real.json", tmp_path / ".hidden" / "kept.json"):
        path.write_text("{}", encoding="utf-8")
    os.symlink(os.path.join("shared", "real.json"), tmp_path / "a_link.json")
    os.symlink(os.path.join(".hidden", "kept.json"), tmp_path / "b_link.json")
    found = [p.relative_to(tmp_path).as_posix() for p in find_files(tmp_path)]
    assert found == ["b_link.json", "shared/real.json"]


@pytest.mark.anyio
async def test_a_handler_module_fixed_after_its_import_got_stuck_is_served_without_a_restart(
        catalogue: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """handlers.py saved with a loop at its top level, then fixed: the stuck import keeps its thread (it cannot be
    stopped), but the fixed module is imported by the next reload and its functions answer; no restart."""
    monkeypatch.setenv("ATDF_MCP_IMPORT_SECONDS", "1")  # the child's environment is a copy of this one
    inbox = Inbox()
    handlers = catalogue / "handlers.py"
    async with connected("stdio", catalogue, inbox) as (client, _):
        await client.set_logging_level("info")
        assert text_of(await client.call_tool("echo", {"text": "abc"})) == "abc"
        handlers.write_text(HANDLERS + "\nwhile True:\n    time.sleep(0.05)\n", encoding="utf-8")
        warning = await inbox.wait_for_warning()
        assert "did not finish importing within 1 s" in str(warning.data)
        assert text_of(await client.call_tool("echo", {"text": "abc"})) == "abc"  # the last good function meanwhile
        (catalogue / "shout.json").write_text(json.dumps(mcp_tool("shout", "Upper-case the text.")), encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 1)  # an unchanged stuck module is not run again (a thread more each reload)
        log = (catalogue.parent / "stdio.log").read_text()
        assert [int(ms) for ms in re.findall(r"reloaded \(.*\) in (\d+) ms", log)][-1] < 1000, log
        handlers.write_text(HANDLERS.replace("    return text\n", "    return text[::-1]\n", 1), encoding="utf-8")
        with anyio.fail_after(15):
            while text_of(await client.call_tool("echo", {"text": "abc"})) != "cba":
                await anyio.sleep(0.1)
