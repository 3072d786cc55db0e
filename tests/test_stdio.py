"""`atdf-mcp serve` over stdio, started exactly as Claude Desktop would from `config claude-desktop`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

CATALOG = {
    "tools": [
        {
            "name": "shout",
            "description": "Upper-case a text.",
            "inputSchema": {"type": "object", "properties": {"text": {"type": "string", "minLength": 1}}, "required": ["text"]},
        }
    ]
}
HANDLERS = '''
print("a stray print from a handler module must not reach stdout")


def shout(text):
    """Upper-case text (and print, which must go to stderr)."""
    print("stray print during a call")
    return text.upper()
'''


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    """A one-tool catalogue whose handler prints."""
    (tmp_path / "tools.json").write_text(json.dumps(CATALOG), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return tmp_path


def claude_desktop_entry(directory: Path) -> dict[str, Any]:
    """The mcpServers entry printed by `atdf-mcp config claude-desktop DIR`."""
    out = subprocess.run([sys.executable, "-m", "atdf_mcp", "config", "claude-desktop", str(directory), "--name", "demo"],
                         capture_output=True, text=True, check=True, timeout=60)
    entry = json.loads(out.stdout)["mcpServers"]["demo"]
    assert Path(entry["command"]).is_absolute()
    assert str(directory.resolve()) in entry["args"]
    return entry


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_claude_desktop_config_starts_a_working_stdio_server(catalog_dir: Path, mode: str) -> None:
    """The printed command and args start a server that lists and calls tools; errors are envelopes."""
    entry = claude_desktop_entry(catalog_dir)
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env={"PYTHONPATH": os.getcwd()})
    with tempfile.TemporaryFile("w+") as errlog:
        with anyio.fail_after(60):
            async with Client(stdio_client(params, errlog=errlog), mode=mode) as client:
                tools = (await client.list_tools()).tools
                assert [t.name for t in tools] == ["shout"]
                result = await client.call_tool("shout", {"text": "hi"})
                assert (result.is_error, result.content[0].text) == (False, "HI")
                bad = await client.call_tool("shout", {"text": ""})
                assert bad.is_error is True
                assert bad.structured_content["errors"][0]["parameter_name"] == "text"
        errlog.seek(0)
        stderr = errlog.read()
    assert "atdf-mcp 0.1.0: serving 1 tool" in stderr
    assert "stray print" in stderr


def test_nothing_but_json_rpc_reaches_stdout(catalog_dir: Path) -> None:
    """Every stdout line of a stdio session is a JSON-RPC message, even when handlers print."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "shout", "arguments": {"text": "x"}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "nope", "arguments": {}}},
    ]
    with subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(catalog_dir)], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        replies = []
        for message in messages:
            proc.stdin.write(json.dumps(message) + "\n")
            proc.stdin.flush()
            if "id" in message:  # wait for the answer before sending more: nothing else may appear on stdout
                replies.append(json.loads(proc.stdout.readline()))
        proc.stdin.close()
        rest = proc.stdout.read()
        stderr = proc.stderr.read()
        proc.wait(timeout=30)
    assert rest.strip() == ""
    assert all(r["jsonrpc"] == "2.0" for r in replies)
    by_id = {r["id"]: r for r in replies if "id" in r}
    assert by_id[1]["result"]["protocolVersion"] == "2025-06-18"
    assert by_id[3]["result"]["content"][0]["text"] == "X"
    assert by_id[4]["result"]["isError"] is True
    assert "stray print" in stderr
