"""Live reload as a TypeScript-SDK host sees it (Claude Desktop, Claude Code, the Inspector): the real
`@modelcontextprotocol/sdk` Client with its `listChanged` option (scripts/ts_listen.mjs) refreshes its tool list on each
notifications/tools/list_changed, over stdio, Streamable HTTP `/mcp` and legacy `/sse`, while files are added, broken,
fixed and deleted under a running `atdf-mcp serve`.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from local_server import serve_over_http

ROOT = Path(__file__).parent.parent
SCRIPT = ROOT / "scripts" / "ts_listen.mjs"
NODE = shutil.which("node")
SDK = ROOT / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"
WAIT = 20.0  # seconds for one change to reach the client

pytestmark = pytest.mark.skipif(NODE is None or not SDK.is_file(),
                                reason="needs Node.js and the TypeScript SDK: run `npm ci` in the project root")


def mcp_tool(name: str, description: str) -> str:
    """An MCP tool object taking one string, as JSON."""
    return json.dumps({"name": name, "description": description,
                       "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}})


class Listener:
    """scripts/ts_listen.mjs running against one target: its stdout lines as they come, and a way to call a tool."""

    def __init__(self, target: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen([str(NODE), str(SCRIPT), *target], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def next(self, key: str) -> Any:
        """The next line holding `key` (lines of other kinds before it are skipped)."""
        while True:
            try:
                line = self.lines.get(timeout=WAIT)
            except queue.Empty:
                stderr = self.process.stderr.read() if self.process.poll() is not None and self.process.stderr else ""
                raise AssertionError(f"no {key!r} line from the TypeScript client within {WAIT} s {stderr}") from None
            if key in line:
                return line[key]

    def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Call a tool through the client; what it got."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"call": name, "arguments": arguments}) + "\n")
        self.process.stdin.flush()
        return self.next("call")

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "echo.json").write_text(mcp_tool("echo", "Give the text back."), encoding="utf-8")
    (folder / "handlers.py").write_text("def echo(text):\n    return text\n\n\ndef shout(text):\n    return text.upper()\n",
                                        encoding="utf-8")
    return folder


@contextlib.contextmanager
def listening(transport: str, catalogue: Path) -> Iterator[Listener]:
    """A TypeScript client connected to `atdf-mcp serve catalogue` over `transport`, its first list read."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with contextlib.ExitStack() as stack:
        if transport == "stdio":
            target = ["--", sys.executable, "-m", "atdf_mcp", "serve", str(catalogue)]
        else:
            _, url, _ = stack.enter_context(serve_over_http(catalogue, env=env))
            target = [f"{url}/{'mcp' if transport == 'streamable-http' else 'sse'}"]
        listener = Listener(target, env)
        stack.callback(listener.close)
        yield listener


@pytest.mark.parametrize("transport", ["stdio", "streamable-http", "sse"])
def test_a_typescript_host_follows_added_broken_fixed_and_deleted_files(catalogue: Path, transport: str) -> None:
    """Each change reaches the TS client's own refreshed list; a broken edit comes as a warning log message naming the
    file, the last good version stays callable, and a deleted file's tool is gone."""
    with listening(transport, catalogue) as client:
        assert client.next("tools") == {"echo": "Give the text back."}

        (catalogue / "shout.json").write_text(mcp_tool("shout", "Upper-case the text."), encoding="utf-8")
        assert client.next("tools") == {"echo": "Give the text back.", "shout": "Upper-case the text."}
        assert client.call("shout", {"text": "hi"})["result"]["content"][0]["text"] == "HI"

        (catalogue / "shout.json").write_text('{"name": "shout", "description": ', encoding="utf-8")
        warning = client.next("log")
        assert warning["level"] == "warning" and "shout.json" in warning["data"] and str(catalogue) not in warning["data"]
        called = client.call("shout", {"text": "still"})  # the last good version is served meanwhile
        assert called["result"]["content"][0]["text"] == "STILL", called

        (catalogue / "shout.json").write_text(mcp_tool("shout", "Upper-case the text, loudly."), encoding="utf-8")
        assert client.next("tools")["shout"] == "Upper-case the text, loudly."

        (catalogue / "shout.json").unlink()
        assert client.next("tools") == {"echo": "Give the text back."}
        gone = client.call("shout", {"text": "hi"})["result"]
        assert gone["isError"] is True and json.loads(gone["content"][0]["text"])["errors"][0]["code"] == "TOOL_NOT_FOUND"
