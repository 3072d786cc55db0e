"""Review of the session's change (review14): a handler import that was only slow is served once it has finished."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from test_live_reload import TOOLS_CHANGED, Inbox, connected, mcp_tool, text_of
from test_review12 import counting

__all__ = ["counting"]  # the fixture, shared with tests/test_review12.py


@pytest.mark.anyio
async def test_a_slow_import_that_finished_is_served_once_its_tool_is_bound_again(counting: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """slow.py takes 2 s to import against a 1 s limit: its last good function answers meanwhile, and once the import
    has finished, a reload that binds its tool again (its descriptor edited, no module changed) serves the new function
    without a restart (it answered the stuck import's HANDLER_UNAVAILABLE reason until a module changed)."""
    monkeypatch.setenv("ATDF_MCP_IMPORT_SECONDS", "1")
    inbox = Inbox()
    async with connected("stdio", counting, inbox) as (client, _):
        await client.set_logging_level("info")
        assert text_of(await client.call_tool("hang", {})) == "fine"
        (counting / "slow.py").write_text("import time\ntime.sleep(2)\n\n\ndef hang():\n    return 'slow but fine'\n",
                                          encoding="utf-8")
        assert "did not finish importing within 1 s" in str((await inbox.wait_for_warning()).data)
        assert text_of(await client.call_tool("hang", {})) == "fine"  # the last good function
        await anyio.sleep(2.5)  # the import has finished by now
        (counting / "hang.json").write_text(json.dumps({**mcp_tool("hang", "hangs a while"), "inputSchema": {"type": "object"}}),
                                            encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert text_of(await client.call_tool("hang", {})) == "slow but fine"
