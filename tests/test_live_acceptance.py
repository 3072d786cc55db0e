"""Live reload as a new user tries it: editors' save patterns, symlinks, duplicate ids, against a real `atdf-mcp serve`.

Each test asserts what a client sees (notifications, the new lists, log messages, GET /validate) and is bounded by
anyio.fail_after; the helpers are those of tests/test_live_reload.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from test_live_reload import Inbox, catalogue, connected, mcp_tool, tools_of

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
        if url is not None:
            report = httpx.get(f"{url}/validate", timeout=10).json()
            messages = [p["message"] for f in report["files"] for p in f["problems"] if p["code"] == "DUPLICATE_ID"]
            assert messages and all("echo.json" in m and str(catalogue.resolve()) not in m for m in messages), messages
        assert (await tools_of(client))["echo"] == "Give the text back."  # the first in the walk's order stays served

