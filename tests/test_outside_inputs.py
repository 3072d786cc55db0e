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

import anyio
import pytest
from conftest import write_file
from test_live_reload import HANDLERS, Inbox, connected, mcp_tool, text_of

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
