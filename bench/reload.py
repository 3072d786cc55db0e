"""Live reload: how soon a client sees a one-file edit in a large catalogue.

    python -m bench.reload [--quick]

For N = 5,000 tools (one ARDF file each, bound to one handler module):
- in-process: `load_catalog(dir, previous=snapshot, changed=[file])` after one file changed, as the watcher calls it
  (only that file is read again; the rest of the snapshot is reused), plus the swap into a running CatalogServer:
  the server's own share, from the watcher firing to the new tools/list ready; also without `changed` (SIGHUP,
  POST /reset: every file's size and time are looked at);
- end to end: a real `atdf-mcp serve DIR` over stdio with the SDK client; one descriptor file is rewritten, and the
  figures are the time from the write until `notifications/tools/list_changed` arrives, and until the client holds
  the new `tools/list` with the edit (which includes sending and parsing 3 MB of tools). Both include the watcher's
  50 ms debounce.

Target (issue "One snapshot, built once, swapped live"): the new tools/list answered ≤ 100 ms after the watcher fires.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

from bench._common import ardf_tool, server_env, stats, tool_name, write_catalog

TARGET_MS = 100.0
SIZE, QUICK_SIZE = 5_000, 300
REPEATS, QUICK_REPEATS = 9, 3


def _edit(folder: Path, i: int, round_: int) -> str:
    """Rewrite tool i's file with a new description; return that description."""
    description = f"Edited in round {round_}."
    (folder / f"{tool_name(i)}.json").write_text(json.dumps({**ardf_tool(i), "description": description}, indent=1))
    return description


def in_process(folder: Path, repeats: int) -> dict[str, Any]:
    """Milliseconds of an incremental reload plus the swap, for one changed file."""
    from atdf_mcp import load_catalog
    from atdf_mcp.server import CatalogServer

    snapshot = load_catalog(folder)
    server = CatalogServer(snapshot)
    gc.freeze()  # as `serve` does after loading, and the live reload after each swap
    times: list[float] = []
    walked: list[float] = []
    full: list[float] = []
    for round_ in range(2 * repeats):
        path = folder / f"{tool_name(round_ % 50)}.json"
        _edit(folder, round_ % 50, round_)
        started = time.perf_counter()
        # Even rounds as the watcher does (it names the changed file), odd ones as SIGHUP and POST /reset (every file looked at).
        snapshot = load_catalog(folder, previous=snapshot, changed=[str(path)] if round_ % 2 == 0 else None)
        server.swap(snapshot)
        gc.freeze()
        (times if round_ % 2 == 0 else walked).append((time.perf_counter() - started) * 1000)
    for _ in range(min(3, repeats)):
        started = time.perf_counter()
        load_catalog(folder)
        full.append((time.perf_counter() - started) * 1000)
    return {"reload_ms": stats(times), "reload_walk_ms": stats(walked), "full_load_ms": stats(full)}


async def _end_to_end(folder: Path, repeats: int, scratch: Path) -> tuple[list[float], list[float]]:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.types import ToolListChangedNotification

    changed = anyio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, ToolListChangedNotification):
            changed.set()

    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--log-level", "error"],
                                   env=server_env(scratch))
    times: list[float] = []
    notified: list[float] = []
    with open(os.devnull, "w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy", message_handler=on_message) as client:
            await client.list_tools()
            for round_ in range(repeats):
                await anyio.sleep(0.3)  # the edits of one round never fall into the debounce window of the one before
                changed = anyio.Event()
                i = 100 + round_
                started = time.perf_counter()
                description = _edit(folder, i, 1000 + round_)
                with anyio.fail_after(30):
                    while True:
                        await changed.wait()
                        notified.append((time.perf_counter() - started) * 1000)
                        changed = anyio.Event()
                        tools = (await client.list_tools()).tools
                        if any(t.name == tool_name(i) and t.description == description for t in tools):
                            break
                times.append((time.perf_counter() - started) * 1000)
    return times, notified


def run(quick: bool = False) -> dict[str, Any]:
    """Both figures for one catalogue size."""
    n = QUICK_SIZE if quick else SIZE
    repeats = QUICK_REPEATS if quick else REPEATS
    with tempfile.TemporaryDirectory(prefix="atdf-bench-reload-") as tmp:
        folder = write_catalog(Path(tmp) / "catalog", n)
        result: dict[str, Any] = {"n": n, "target_ms": TARGET_MS, "in_process": in_process(folder, repeats)}
        scratch = Path(tmp) / "scratch"
        scratch.mkdir()
        e2e, notified = anyio.run(_end_to_end, folder, repeats, scratch)
        result["end_to_end_ms"] = stats(e2e)
        result["notified_ms"] = stats(notified)
    ms = result["in_process"]["reload_ms"]["median"]
    print(f"reload after one edit, N={n:,}: in-process {ms:,.1f} ms as the watcher does it, "
          f"{result['in_process']['reload_walk_ms']['median']:,.1f} ms with a walk of the folder (a full load: "
          f"{result['in_process']['full_load_ms']['median']:,.0f} ms); over stdio: write → list_changed "
          f"{result['notified_ms']['median']:,.1f} ms, → new tools/list received {result['end_to_end_ms']['median']:,.1f} ms "
          f"(median of {repeats})", file=sys.stderr)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run from the command line and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    print(json.dumps(run(quick=args.quick), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
