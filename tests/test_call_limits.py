"""A call's time limits, as an MCP client sees them: a tool's `timeout` limits its silence, `--max-call-seconds` its run.

A handler that reports progress is never cut off while it keeps reporting; one that goes silent for its timeout gets
TIMEOUT saying so; however much it reports, no call runs past the server's limit; a handler without ctx keeps its
plain timeout. Over the in-memory SDK client and over Streamable HTTP (`atdf-mcp serve` in a subprocess), both eras.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from envelopes import envelope_of
from local_server import serve_over_http
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.server import CatalogServer

MODES = ["legacy", "auto"]
MAX_CALL_SECONDS = 4  # above `steady`'s 3 s; `endless` runs into it
HANDLERS = '''
import anyio

async def steady(ctx):
    """Report progress every 0.2 s for 3 s (15 reports), then answer."""
    for step in range(1, 16):
        await anyio.sleep(0.2)
        await ctx.report_progress(step, 15, f"step {step}")
    return {"steps": 15}

async def stalls(ctx):
    """Report progress twice, then go silent."""
    for step in (1, 2):
        await anyio.sleep(0.2)
        await ctx.report_progress(step)
    await anyio.sleep(30)
    return {"steps": 2}

async def endless(ctx):
    """Report progress every 0.2 s, forever."""
    step = 0
    while True:
        step += 1
        await anyio.sleep(0.2)
        await ctx.report_progress(step)

async def mute():
    """Take no ctx, and take too long."""
    await anyio.sleep(30)
    return {"steps": 0}
'''
OBJECT = {"type": "object", "properties": {}}


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four tools with a 1 s timeout and the handlers above."""
    root = tmp_path_factory.mktemp("limits")
    tools = [{"name": name, "description": f"The {name} handler.", "inputSchema": OBJECT, "timeout": 1}
             for name in ("steady", "stalls", "endless", "mute")]
    (root / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    (root / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def http_server(catalog_dir: Path) -> Iterator[str]:
    """`atdf-mcp serve --transport http --max-call-seconds 4`; its MCP endpoint."""
    with serve_over_http(catalog_dir, "--max-call-seconds", str(MAX_CALL_SECONDS)) as (_, base, _):
        yield f"{base}/mcp"


async def call_all(target: Any, mode: str) -> dict[str, tuple[Any, list[float], float]]:
    """Call every tool at once; each one's result, the progress values the client received, and its duration."""
    outcomes: dict[str, tuple[Any, list[float], float]] = {}
    async with Client(target, mode=mode) as client:

        async def one(name: str) -> None:
            seen: list[float] = []

            async def on_progress(progress: float, total: float | None, message: str | None) -> None:
                seen.append(progress)

            started = anyio.current_time()
            result = await client.call_tool(name, {}, progress_callback=on_progress, read_timeout_seconds=30)
            outcomes[name] = (result, seen, anyio.current_time() - started)

        async with anyio.create_task_group() as group:
            for name in ("steady", "stalls", "endless", "mute"):
                group.start_soon(one, name)
        await anyio.sleep(0.1)  # notifications sent just before a result may be dispatched just after it
    return outcomes


def check(outcomes: dict[str, tuple[Any, list[float], float]]) -> None:
    """What the client must see of each tool."""
    result, seen, took = outcomes["steady"]
    assert (result.is_error, result.structured_content) == (False, {"steps": 15}), "cut off while reporting progress"
    assert seen == list(range(1, 16)) and took >= 3

    result, seen, took = outcomes["stalls"]
    entry = envelope_of(result)["errors"][0]
    assert entry["code"] == "TIMEOUT" and "reported no progress for 1 s" in entry["detail"]
    assert seen == [1, 2] and took < 5

    result, seen, took = outcomes["endless"]
    entry = envelope_of(result)["errors"][0]
    assert entry["code"] == "TIMEOUT" and f"still running after {MAX_CALL_SECONDS} s, the server's limit" in entry["detail"]
    assert entry["context"]["timeout_seconds"] == MAX_CALL_SECONDS
    assert seen == list(range(1, len(seen) + 1)) and len(seen) >= 3 * MAX_CALL_SECONDS and took < MAX_CALL_SECONDS + 3

    result, seen, took = outcomes["mute"]
    entry = envelope_of(result)["errors"][0]
    assert entry["code"] == "TIMEOUT" and "did not finish within 1 s" in entry["detail"]
    assert seen == [] and took < 4


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_limits_in_memory(catalog_dir: Path, mode: str) -> None:
    """The in-process SDK client, CatalogServer(max_call_seconds=4)."""
    app = CatalogServer(load_catalog(catalog_dir), max_call_seconds=MAX_CALL_SECONDS)
    check(await call_all(app.server, mode))


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_limits_over_streamable_http(http_server: str, mode: str) -> None:
    """The SDK client over Streamable HTTP, against `atdf-mcp serve --max-call-seconds 4`."""
    check(await call_all(http_server, mode))


@pytest.mark.parametrize("value", ["0", "-1"])
def test_max_call_seconds_must_be_positive(catalog_dir: Path, value: str) -> None:
    """`serve --max-call-seconds 0` (or less) is a usage error: exit 2, the option named, nothing served."""
    result = subprocess.run([sys.executable, "-m", "atdf_mcp", "serve", str(catalog_dir), "--transport", "http", "--port", "0",
                             "--max-call-seconds", value], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--max-call-seconds" in result.stderr, result.stderr
    assert result.stdout == ""
