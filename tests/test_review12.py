"""Review of the live reload fixes (accept12): stuck handler imports, links read once, private paths, duplicate ids."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest
from test_live_reload import HANDLERS, ROOT, TOOLS_CHANGED, Inbox, catalogue, connected, mcp_tool, text_of, tools_of

__all__ = ["catalogue"]  # the fixture, shared with tests/test_live_reload.py

COUNTER = '''
CALLS = []


def count():
    """Count the calls of this module's tools."""
    CALLS.append(1)
    return str(len(CALLS))


def peek():
    """The calls counted so far."""
    return str(len(CALLS))
'''


@pytest.fixture
def counting(tmp_path: Path) -> Path:
    """A catalogue whose handlers.py keeps state (a call count), and a tool `hang` bound to slow.py."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "handlers.py").write_text(COUNTER, encoding="utf-8")
    (folder / "slow.py").write_text("def hang():\n    return 'fine'\n", encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text("bindings:\n  hang:\n    handler: \"slow:hang\"\n", encoding="utf-8")
    none = {"type": "object", "properties": {}}
    for name in ("count", "hang"):
        (folder / f"{name}.json").write_text(json.dumps({**mcp_tool(name, name), "inputSchema": none}), encoding="utf-8")
    return folder


@pytest.mark.anyio
async def test_a_module_that_did_not_get_stuck_is_not_imported_twice(counting: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """slow.py gets stuck at import; handlers.py did not: a tool added afterwards shares handlers.py's state with the
    tools served before (one module, not a second copy under the fresh package name)."""
    monkeypatch.setenv("ATDF_MCP_IMPORT_SECONDS", "1")
    inbox = Inbox()
    async with connected("stdio", counting, inbox) as (client, _):
        await client.set_logging_level("info")
        assert text_of(await client.call_tool("hang", {})) == "fine"
        (counting / "slow.py").write_text("import time\nwhile True:\n    time.sleep(0.05)\n", encoding="utf-8")
        assert "did not finish importing within 1 s" in str((await inbox.wait_for_warning()).data)
        assert [text_of(await client.call_tool("count", {})) for _ in range(2)] == ["1", "2"]
        (counting / "peek.json").write_text(json.dumps({**mcp_tool("peek", "peek"), "inputSchema": {"type": "object"}}),
                                            encoding="utf-8")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert text_of(await client.call_tool("peek", {})) == "2"
        assert text_of(await client.call_tool("count", {})) == "3"


@pytest.mark.anyio
@pytest.mark.parametrize("spelling", ["import helper", "from . import helper"])
async def test_a_helper_that_got_stuck_is_served_once_fixed(catalogue: Path, monkeypatch: pytest.MonkeyPatch,
                                                            spelling: str) -> None:
    """handlers.py imports helper.py, which gets stuck at import (not handlers.py itself); helper.py fixed, the next
    reload serves it, whether it is imported by its own name (the folder is on sys.path) or relatively."""
    monkeypatch.setenv("ATDF_MCP_IMPORT_SECONDS", "1")
    (catalogue / "helper.py").write_text("def turn(text):\n    return text\n", encoding="utf-8")
    (catalogue / "handlers.py").write_text(f"{spelling}\n\n\ndef echo(text):\n    return helper.turn(text)\n", encoding="utf-8")
    inbox = Inbox()
    async with connected("stdio", catalogue, inbox) as (client, _):
        await client.set_logging_level("info")
        assert text_of(await client.call_tool("echo", {"text": "abc"})) == "abc"
        (catalogue / "helper.py").write_text("import time\nwhile True:\n    time.sleep(0.05)\n", encoding="utf-8")
        assert "did not finish importing within 1 s" in str((await inbox.wait_for_warning()).data)
        (catalogue / "helper.py").write_text("def turn(text):\n    return text[::-1]\n", encoding="utf-8")
        with anyio.fail_after(15):
            while text_of(await client.call_tool("echo", {"text": "abc"})) != "cba":
                await anyio.sleep(0.2)


LOOP = "\nwhile True:\n    time.sleep(0.05)\n"


@pytest.mark.anyio
async def test_a_module_stuck_fixed_stuck_and_fixed_again_is_served_each_time(catalogue: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """handlers.py gets stuck twice, each time fixed by a later save: the last good function answers while it is stuck,
    and each fix is served (the package name moves on once per fix, not per stuck import)."""
    monkeypatch.setenv("ATDF_MCP_IMPORT_SECONDS", "1")
    inbox = Inbox()
    handlers = catalogue / "handlers.py"
    async with connected("stdio", catalogue, inbox) as (client, _):
        await client.set_logging_level("info")
        for stuck, answer in enumerate(["cba", "ABC"]):
            handlers.write_text(HANDLERS + LOOP, encoding="utf-8")
            with anyio.fail_after(15):
                while len([log for log in inbox.logs if "did not finish importing" in str(log.data)]) <= stuck:
                    await anyio.sleep(0.1)
            assert text_of(await client.call_tool("echo", {"text": "abc"})) in {"abc", "cba"}  # the last good one
            fixed = "    return text[::-1]\n" if answer == "cba" else "    return text.upper()\n"
            handlers.write_text(HANDLERS.replace("    return text\n", fixed, 1), encoding="utf-8")
            with anyio.fail_after(15):
                while text_of(await client.call_tool("echo", {"text": "abc"})) != answer:
                    await anyio.sleep(0.1)


def test_links_to_one_file_the_walk_does_not_find_read_it_once(tmp_path: Path) -> None:
    """Two links (one to the other, one from a subfolder) to a file in an excluded folder: the file is read once, under
    the first link's name; it was read three times, each copy a DUPLICATE_ID of the first, and validate failed."""
    from atdf_mcp.files import find_files

    (tmp_path / "private").mkdir()
    (tmp_path / "sub").mkdir()
    (tmp_path / "private" / "real.json").write_text(json.dumps(mcp_tool("real", "Real tool.")), encoding="utf-8")
    (tmp_path / "atdf-mcp.yaml").write_text("exclude:\n  - private/\n", encoding="utf-8")
    (tmp_path / "a.json").symlink_to("private/real.json")
    (tmp_path / "b.json").symlink_to("a.json")  # a link to a link
    (tmp_path / "sub" / "c.json").symlink_to("../private/real.json")
    assert [p.relative_to(tmp_path).as_posix() for p in find_files(tmp_path, ["private/"])] == ["a.json"]
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(tmp_path), "--format", "json"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    report = json.loads(done.stdout)
    assert [Path(f["file"]).name for f in report["files"] if f["ids"]] == ["a.json"], done.stdout
    assert "DUPLICATE_ID" not in done.stdout


@pytest.mark.anyio
@pytest.mark.parametrize("spelling", ["a symbolic link", "a path with .."])
async def test_a_catalogue_served_by_another_spelling_of_its_path_keeps_the_servers_paths_private(
        catalogue: Path, spelling: str) -> None:
    """`serve /srv/current` where current -> the catalogue, or `serve /srv/x/../catalogue`: a duplicate id's message named
    the other file by the spelling served (the whole path), since only the resolved root was stripped."""
    if spelling == "a symbolic link":
        served = catalogue.parent / "current"
        served.symlink_to(catalogue)
    else:
        (catalogue.parent / "x").mkdir()
        served = catalogue.parent / "x" / ".." / "catalogue"
    inbox = Inbox()
    async with connected("http", served, inbox) as (client, url):
        await client.set_logging_level("info")
        (catalogue / "zz.json").write_text(json.dumps(mcp_tool("echo", "A copy.")), encoding="utf-8")
        warning = str((await inbox.wait_for_warning()).data)
        assert "DUPLICATE_ID" in warning and "echo.json" in warning and str(catalogue.parent) not in warning, warning
        report = httpx.get(f"{url}/validate", timeout=10).text
        assert "DUPLICATE_ID" in report and str(catalogue.parent) not in report, report


@pytest.mark.anyio
async def test_a_rename_that_flips_two_duplicates_serves_the_file_the_warning_names(catalogue: Path) -> None:
    """echo.json served, zz.json its duplicate; echo.json renamed zzz.json: now zz.json comes first, is served, and the
    reload's warning names it in 'already defined in' as its DUPLICATE_ID sentence says (held)."""
    (catalogue / "zz.json").write_text(json.dumps(mcp_tool("echo", "A copy.")), encoding="utf-8")
    inbox = Inbox()
    async with connected("stdio", catalogue, inbox) as (client, _):
        await client.set_logging_level("info")
        assert (await tools_of(client))["echo"] == "Give the text back."
        (catalogue / "echo.json").rename(catalogue / "zzz.json")
        warning = str((await inbox.wait_for_warning()).data)
        assert "zzz.json#/name: duplicate id 'echo': already defined in zz.json" in warning, warning
        assert "the file named by 'already defined in'" in warning
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert (await tools_of(client))["echo"] == "A copy."


def test_a_purge_while_another_thread_imports_does_not_fail(tmp_path: Path) -> None:
    """A reload purges the catalogue's modules while a tool's thread imports a module: the purge iterated sys.modules
    itself and raised 'dictionary changed size during iteration' (the reload failed; a few in 500 purges here)."""
    import importlib
    import threading

    from atdf_mcp.bindings import purge_catalogue_modules

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    names = [f"_review12_m{i}" for i in range(2000)]
    for name in names:
        (elsewhere / f"{name}.py").write_text("x = 1\n", encoding="utf-8")
    sys.path.insert(0, str(elsewhere))
    failures: list[BaseException] = []
    worker = threading.Thread(target=lambda: [importlib.import_module(name) for name in names])
    try:
        worker.start()
        while worker.is_alive():
            try:
                purge_catalogue_modules(tmp_path / "catalogue")
            except RuntimeError as exc:
                failures.append(exc)
        worker.join()
    finally:
        sys.path.remove(str(elsewhere))
        for name in names:
            sys.modules.pop(name, None)
    assert failures == []


@pytest.mark.anyio
async def test_two_stuck_modules_are_each_served_once_fixed(counting: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """handlers.py and slow.py both get stuck at import; each answers with its last good function meanwhile, and each
    fix is served by the next reload while the other module stays stuck."""
    monkeypatch.setenv("ATDF_MCP_IMPORT_SECONDS", "1")
    inbox = Inbox()
    slow, handlers = counting / "slow.py", counting / "handlers.py"

    async def answers(tool: str, wanted: str) -> None:
        with anyio.fail_after(15):
            while text_of(await client.call_tool(tool, {})) != wanted:
                await anyio.sleep(0.1)

    async with connected("stdio", counting, inbox) as (client, _):
        await client.set_logging_level("info")
        handlers.write_text(COUNTER + LOOP.replace("time.", "__import__('time')."), encoding="utf-8")
        slow.write_text("import time\nwhile True:\n    time.sleep(0.05)\n", encoding="utf-8")
        with anyio.fail_after(20):
            while not all(any(f"{name} did not finish" in str(log.data) for log in inbox.logs)
                          for name in ("handlers.py", "'slow:hang'")):
                await anyio.sleep(0.1)
        assert text_of(await client.call_tool("hang", {})) == "fine"  # the last good functions
        assert text_of(await client.call_tool("count", {})) == "1"
        slow.write_text("def hang():\n    return 'fixed'\n", encoding="utf-8")
        await answers("hang", "fixed")
        assert text_of(await client.call_tool("count", {})) == "2"  # handlers.py still stuck: its last good one
        handlers.write_text(COUNTER.replace("str(len(CALLS))", "str(-len(CALLS))", 1), encoding="utf-8")
        await answers("count", "-1")
        assert text_of(await client.call_tool("hang", {})) == "fixed"
