"""What a request's language costs: in-memory tools/list of the bundled catalogue by default and with `_meta.lang`,
the first listing in a new language, and tools/call of an unknown tool (TOOL_NOT_FOUND) in English and in Spanish.

    python -m bench.languages [--quick]

Systems are measured interleaved through the SDK's `mcp.Client` in the 2026-07-28 era (direct dispatch, the cheapest
path). Figures are µs per request: median (min, max) over the repetitions of the mean of `calls` sequential requests.
`first listing` is the one-off cost, in ms, of building the listings of a language on first use (a fresh snapshot each
time, the Babel catalogue already read). Not registered in `python -m bench` (yet): run it on its own.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.l10n import messages
from atdf_mcp.server import CatalogServer

from ._common import stats

DESCRIPTORS = Path(__file__).resolve().parent.parent / "descriptors"


async def _measure(calls: int, repeats: int) -> dict[str, Any]:
    app = CatalogServer(load_catalog(DESCRIPTORS))
    cases: dict[str, Any] = {
        "tools/list, default": lambda c: c.list_tools(),
        "tools/list, _meta.lang es": lambda c: c.list_tools(meta={"lang": "es"}),
        "tools/call unknown tool, English": lambda c: c.call_tool("fligt_booking", {}),
        "tools/call unknown tool, _meta.lang es": lambda c: c.call_tool("fligt_booking", {}, meta={"lang": "es"}),
    }
    samples: dict[str, list[float]] = {name: [] for name in cases}
    async with Client(app.server, mode="auto") as client:
        for _ in range(max(calls // 10, 5)):  # warm-up (builds the Spanish listing once)
            for request in cases.values():
                await request(client)
        for _ in range(repeats):
            for name, request in cases.items():
                started = time.perf_counter()
                for _ in range(calls):
                    await request(client)
                samples[name].append((time.perf_counter() - started) / calls * 1e6)
    return {name: stats(values) for name, values in samples.items()}


def _first_listing(repeats: int) -> dict[str, float]:
    """ms to build one language's listings on first use, on fresh snapshots."""
    messages("es")
    values = []
    for _ in range(repeats):
        app = CatalogServer(load_catalog(DESCRIPTORS))
        started = time.perf_counter()
        app.view_in(None, call="es")
        values.append((time.perf_counter() - started) * 1e3)
    return stats(values, digits=2)


def run(quick: bool = False) -> dict[str, Any]:
    """µs per in-memory request, by case, and the ms of a first listing."""
    calls, repeats = (50, 3) if quick else (500, 7)
    result = anyio.run(_measure, calls, repeats)
    first = _first_listing(repeats)
    for name, figures in result.items():
        print(f"{name:45} {figures}", file=sys.stderr)
    print(f"{'first listing in a language (ms)':45} {first}", file=sys.stderr)
    return {"calls": calls, "repeats": repeats, "us_per_request": result, "first_listing_ms": first}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    print(json.dumps(run(parser.parse_args().quick), indent=2))
