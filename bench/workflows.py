"""What a workflow step costs over a direct call: in-memory tools/call of an echo tool, of a one-step workflow around it,
of three direct calls and of a three-step workflow passing the value along.

    python -m bench.workflows [--quick]

Systems are measured interleaved through the SDK's `mcp.Client` in the 2026-07-28 era (direct dispatch, the cheapest
path, where the workflow's share shows most). Figures are µs per call: median (min, max) over the repetitions of the
mean of `calls` sequential calls. A workflow's first step costs it the workflow's own call plus the step's dispatch in
the server; each further step only the dispatch (no client round trip), so three steps cost less than three direct
calls. Not registered in `python -m bench` (yet): run it on its own.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

from ._common import stats

HANDLERS = "async def echo(text):\n    return {'text': text}\n"
ECHO = {"schema_version": "1.0.0", "resource_id": "echo", "resource_type": "tool", "description": "Echo.",
        "content": {"type": "tool/io", "data": {"inputs": [{"name": "text", "type": "string", "description": "Text.", "required": True}],
                                                "outputs": {"success": "Echoed.", "failure": []}}}}


def _workflow(name: str, steps: int) -> dict[str, Any]:
    chain = [{"step": "s1", "description": "Echo.", "tool_id": "echo", "arguments": {"text": "${inputs.text}"}}]
    chain += [{"step": f"s{n}", "description": "Echo.", "tool_id": "echo", "arguments": {"text": f"${{steps.s{n - 1}.text}}"}}
              for n in range(2, steps + 1)]
    return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "workflow", "description": f"{steps} echoes.",
            "content": {"type": "workflow/steps", "data": {"input_variables": ["text"], "steps": chain}}}


def _catalogue(folder: Path) -> Path:
    for d in (ECHO, _workflow("one_step", 1), _workflow("three_steps", 3)):
        (folder / f"{d['resource_id']}.json").write_text(json.dumps(d), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


async def _measure(calls: int, repeats: int, folder: Path) -> dict[str, Any]:
    server = build_server(load_catalog(folder))
    arguments = {"text": "hello"}
    cases = {"direct call": ("echo", 1), "one-step workflow": ("one_step", 1),
             "three direct calls": ("echo", 3), "three-step workflow": ("three_steps", 1)}
    samples: dict[str, list[float]] = {name: [] for name in cases}
    async with Client(server, mode="auto") as client:
        for _ in range(max(calls // 10, 5)):  # warm-up
            for tool, times in cases.values():
                for _ in range(times):
                    await client.call_tool(tool, arguments)
        for _ in range(repeats):
            for name, (tool, times) in cases.items():
                started = time.perf_counter()
                for _ in range(calls):
                    for _ in range(times):
                        result = await client.call_tool(tool, arguments)
                assert not result.is_error, result.content
                samples[name].append((time.perf_counter() - started) / calls * 1e6)
    figures: dict[str, Any] = {name: stats(values) for name, values in samples.items()}
    median = {name: statistics.median(values) for name, values in samples.items()}
    figures["per step, one-step workflow over a direct call"] = round(median["one-step workflow"] - median["direct call"], 1)
    figures["per step, marginal (three-step over one-step workflow, / 2)"] = round(
        (median["three-step workflow"] - median["one-step workflow"]) / 2, 1)
    return figures


def run(quick: bool = False) -> dict[str, Any]:
    """µs per in-memory call, by case, and the overhead per step."""
    calls, repeats = (50, 3) if quick else (500, 7)
    with tempfile.TemporaryDirectory() as scratch:
        result = anyio.run(_measure, calls, repeats, _catalogue(Path(scratch)))
    for name, figures in result.items():
        print(f"{name:55} {figures}", file=sys.stderr)
    return {"calls": calls, "repeats": repeats, "us_per_call": result}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    print(json.dumps(run(parser.parse_args().quick), indent=2))
