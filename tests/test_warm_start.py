"""A warm start over stdio (atdf_mcp.warm): the lists of the last start answered at once, the catalogue loaded after.

Each test spawns `python -m atdf_mcp serve DIR` as a host does and speaks JSON-RPC lines on its pipes, so what is
asserted is what a client reads: the same lists as a start that loads first, calls that wait for the catalogue,
a preview never served once any file changed, and `list_changed` when the loaded catalogue lists something else.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest


def tool(name: str, description: str) -> dict[str, Any]:
    """A one-tool MCP tool list, bound to the handler module's function of the same name."""
    return {"tools": [{"name": name, "description": description, "inputSchema": {
        "type": "object", "properties": {"text": {"type": "string", "minLength": 1}}, "required": ["text"]}}]}


HANDLERS = '''
import time


def shout(text):
    """Upper-case text."""
    return text.upper()


def whisper(text):
    """Lower-case text."""
    return text.lower()
'''


class Session:
    """One `serve` process over stdio, driven line by line."""

    def __init__(self, directory: Path, cache: Path, *extra: str) -> None:
        env = {**os.environ, "ATDF_MCP_CACHE_DIR": str(cache)}
        self.process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(directory), *extra],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.next_id = 0
        self.notifications: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send a request and return its response (notifications read meanwhile are kept)."""
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, **({"params": params} if params else {})})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                return message
            self.notifications.append(message)

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, f"the server closed stdout; stderr: {self.stop()}"
        return json.loads(line)

    def start(self) -> dict[str, Any]:
        """The handshake Claude Desktop speaks; the initialize result."""
        result = self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                             "clientInfo": {"name": "test", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return result["result"]

    def stop(self) -> str:
        """Close stdin, wait for the exit, and return stderr."""
        assert self.process.stdin is not None and self.process.stderr is not None
        if not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        finally:
            if self.process.poll() is None:
                self.process.kill()
        err = self.process.stderr.read().decode()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        return err


def preview_files(cache: Path) -> list[Path]:
    return sorted(cache.glob("start-*.jsonl"))


def serve_once(directory: Path, cache: Path) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], str]:
    """Start, handshake, list tools and prompts, call shout, stop: (initialize, tools/list, call) results and stderr."""
    session = Session(directory, cache)
    init = session.start()
    tools = session.request("tools/list")["result"]
    session.request("prompts/list")
    call = session.request("tools/call", {"name": "shout", "arguments": {"text": "hi"}})["result"]
    return init, tools, call, session.stop()


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    folder = tmp_path / "catalog"
    folder.mkdir()
    (folder / "shout.json").write_text(json.dumps(tool("shout", "Upper-case a text.")), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def test_a_second_start_answers_what_the_first_did_and_calls_wait_for_the_catalogue(catalog: Path, cache: Path) -> None:
    first = serve_once(catalog, cache)
    assert len(preview_files(cache)) == 1, "the first start writes its preview"
    second = serve_once(catalog, cache)
    assert second[0] == first[0], "the same server name, version, instructions and capabilities"
    assert second[1] == first[1], "the same tools/list"
    assert second[2] == first[2] and second[2]["content"][0]["text"] == "HI"
    banner = [line for line in first[3].splitlines() if "serving" in line]
    assert banner and banner[0] in second[3], "the start-up lines are printed again"
    assert "Traceback" not in second[3]


def test_a_call_sent_before_any_list_waits_for_the_catalogue(catalog: Path, cache: Path) -> None:
    serve_once(catalog, cache)
    session = Session(catalog, cache)
    session.start()
    result = session.request("tools/call", {"name": "shout", "arguments": {"text": "quick"}})["result"]
    wrong = session.request("tools/call", {"name": "shout", "arguments": {}})["result"]
    session.stop()
    assert result["content"][0]["text"] == "QUICK"
    assert wrong["isError"] and "VALIDATION_ERROR" in json.dumps(wrong)


@pytest.mark.parametrize("change", ["edit", "touch", "new file", "deleted file", "handler module"])
def test_any_change_in_the_folder_means_the_preview_is_not_served(catalog: Path, cache: Path, change: str) -> None:
    serve_once(catalog, cache)
    (catalog / "whisper.json").write_text(json.dumps(tool("whisper", "Lower-case a text.")))
    serve_once(catalog, cache)  # the preview of a two-tool folder
    later = time.time_ns() + 5_000_000_000  # a modification time no earlier write can have
    if change == "edit":
        (catalog / "shout.json").write_text(json.dumps(tool("shout", "Make a text LOUD.")))
        expected = {"shout": "Make a text LOUD.", "whisper": "Lower-case a text."}
    elif change == "touch":
        os.utime(catalog / "shout.json", ns=(later, later))
        expected = {"shout": "Upper-case a text.", "whisper": "Lower-case a text."}
    elif change == "new file":
        (catalog / "echo.json").write_text(json.dumps(tool("echo", "Echo.")))
        (catalog / "handlers.py").write_text(HANDLERS + "\n\ndef echo(text):\n    return text\n")
        expected = {"echo": "Echo.", "shout": "Upper-case a text.", "whisper": "Lower-case a text."}
    elif change == "deleted file":
        (catalog / "whisper.json").unlink()
        expected = {"shout": "Upper-case a text."}
    else:
        (catalog / "handlers.py").write_text(HANDLERS.replace("def whisper", "def quietly"))
        os.utime(catalog / "handlers.py", ns=(later, later))
        expected = None  # whisper's handler is gone: whatever a start that loads first lists
    session = Session(catalog, cache)
    session.start()
    listed = session.request("tools/list")["result"]["tools"]
    session.stop()
    if expected is None:
        fresh = cache.parent / "fresh-cache"
        session = Session(catalog, fresh)
        session.start()
        assert listed == session.request("tools/list")["result"]["tools"]
        session.stop()
    else:
        assert {t["name"]: t["description"].split("\n")[0] for t in listed} == expected


def test_a_preview_that_lists_something_else_is_corrected_by_list_changed(catalog: Path, cache: Path) -> None:
    """Should the loaded catalogue list other tools than the preview (a handler module outside the folder changed, an
    environment variable), the client hears list_changed and lists the catalogue as loaded."""
    first = serve_once(catalog, cache)
    [preview] = preview_files(cache)
    lines = preview.read_bytes().split(b"\n")
    tools = json.loads(lines[1])
    tools["tools"][0]["description"] = "A stale description."
    lines[1] = json.dumps(tools).encode()
    preview.write_bytes(b"\n".join(lines))
    session = Session(catalog, cache)
    session.start()
    stale = session.request("tools/list")["result"]["tools"]
    assert stale[0]["description"] == "A stale description.", "the preview is what a start with an unchanged key answers"
    deadline = time.monotonic() + 60
    while not any(n.get("method") == "notifications/tools/list_changed" for n in session.notifications):
        assert time.monotonic() < deadline, "no list_changed after the catalogue loaded"
        session.notifications.append(session.read())
    fresh = session.request("tools/list")["result"]
    err = session.stop()
    assert fresh == first[1]
    assert "other than at the last start" in err
    session = Session(catalog, cache)  # the preview was written again
    session.start()
    assert session.request("tools/list")["result"] == first[1]
    session.stop()


@pytest.mark.parametrize("damage", [b"", b"not json\n", b'{"options": []}\n', None])
def test_a_damaged_preview_is_never_served(catalog: Path, cache: Path, damage: bytes | None) -> None:
    first = serve_once(catalog, cache)
    [preview] = preview_files(cache)
    if damage is None:  # the header intact, the tools line cut short
        lines = preview.read_bytes().split(b"\n")
        preview.write_bytes(b"\n".join([lines[0], lines[1][: len(lines[1]) // 2], *lines[2:]]))
    else:
        preview.write_bytes(damage)
    second = serve_once(catalog, cache)
    assert second[1] == first[1] and second[2] == first[2]
    assert "Traceback" not in second[3]


def test_no_preview_with_no_cache_or_other_options(catalog: Path, cache: Path) -> None:
    serve_once(catalog, cache)
    session = Session(catalog, cache, "--disclosure", "progressive")
    session.start()
    names = {t["name"] for t in session.request("tools/list")["result"]["tools"]}
    session.stop()
    assert names == {"search_tools", "get_tool_info", "call_tool"}, "another --disclosure is another key"
    session = Session(catalog, cache, "--no-cache")
    session.start()
    assert [t["name"] for t in session.request("tools/list")["result"]["tools"]] == ["shout"]
    session.stop()


def test_a_file_changed_while_the_catalogue_loads_is_reloaded(catalog: Path, cache: Path) -> None:
    """The watcher starts once the catalogue is in: an edit made during a slow load is found by a reload right after."""
    (catalog / "handlers.py").write_text("import time\ntime.sleep(3)  # a slow import: the load takes 3 s\n" + HANDLERS)
    serve_once(catalog, cache)
    session = Session(catalog, cache)
    session.start()
    assert session.request("tools/list")["result"]["tools"][0]["description"].startswith("Upper-case a text.")
    (catalog / "shout.json").write_text(json.dumps(tool("shout", "Make a text LOUD.")))  # while the handlers import
    deadline = time.monotonic() + 60
    while not any(n.get("method") == "notifications/tools/list_changed" for n in session.notifications):
        assert time.monotonic() < deadline, "no list_changed after the edit made during the load"
        session.notifications.append(session.read())
    listed = session.request("tools/list")["result"]["tools"]
    err = session.stop()
    assert listed[0]["description"].startswith("Make a text LOUD."), err
    assert "a file changed while the catalogue loaded" in err
    session = Session(catalog, cache)  # the next start sees the edited file (no stale preview)
    session.start()
    assert session.request("tools/list")["result"]["tools"][0]["description"].startswith("Make a text LOUD.")
    session.stop()


COLLECTOR = '''

def collector(text):
    """Whether Python's garbage collector runs."""
    import gc

    return "on" if gc.isenabled() else "off"
'''


def test_garbage_collection_runs_again_once_the_catalogue_is_served(catalog: Path, cache: Path) -> None:
    """`serve` starts without garbage collection (the SDK's imports, the preview and the first list, cli.py): a cold
    start's calls and a warm start's calls, answered once the catalogue is in, find it running again."""
    (catalog / "collector.json").write_text(json.dumps(tool("collector", "Whether the collector runs.")), encoding="utf-8")
    (catalog / "handlers.py").write_text(HANDLERS + COLLECTOR, encoding="utf-8")
    for start in ("cold", "warm"):
        assert len(preview_files(cache)) == (start == "warm"), "the first start loads first; the second answers the preview"
        session = Session(catalog, cache)
        session.start()
        assert len(session.request("tools/list")["result"]["tools"]) == 2
        call = session.request("tools/call", {"name": "collector", "arguments": {"text": "?"}})["result"]
        err = session.stop()
        assert call["content"][0]["text"] == "on", f"{start} start: {call} / {err[-500:]}"
