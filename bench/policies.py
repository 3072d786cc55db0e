"""What policy rules cost a call: in-memory tools/call of an echo tool without rules, with one CEL rule, with one that
calls a catalogue function, and the bundled flight_booking's refusal (which searches suggested arguments).

    python -m bench.policies [--quick]

Systems are measured interleaved (a, b, c, a, b, c, ...) through the SDK's `mcp.Client` in the 2026-07-28 era (direct
dispatch, the cheapest path, where the policy's share shows most). Figures are µs per call: median (min, max) over the
repetitions of the mean of `calls` sequential calls. Not registered in `python -m bench` (yet): run it on its own.
"""

from __future__ import annotations

import argparse
import json
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

DESCRIPTORS = Path(__file__).resolve().parent.parent / "descriptors"
HANDLERS = "def echo(text):\n    return text\n\ndef echo_rule(text):\n    return text\n\ndef echo_function(text):\n    return text\n" \
           "\ndef length(text):\n    return len(text)\n"
RULES = [{"id": "short", "statement": "Short texts only.", "expression": "size(args.text) > 64", "applies_to": ["echo_rule"]},
         {"id": "short-fn", "statement": "Short texts only.", "expression": "length(args.text) > 64", "applies_to": ["echo_function"]}]


def _tool(name: str) -> dict[str, Any]:
    return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "tool", "description": f"Echo ({name}).",
            "content": {"type": "tool/io", "data": {"inputs": [{"name": "text", "type": "string", "description": "Text.", "required": True}],
                                                    "outputs": {"success": "Echoed.", "failure": []}}}}


def _catalogue(folder: Path) -> Path:
    for name in ("echo", "echo_rule", "echo_function"):
        (folder / f"{name}.json").write_text(json.dumps(_tool(name)), encoding="utf-8")
    policy = {"schema_version": "1.0.0", "resource_id": "bench_policy", "resource_type": "policy", "description": "Bench rules.",
              "content": {"type": "policy/rules", "data": {"rules": RULES, "functions": {"length": "handlers:length"}}}}
    (folder / "bench_policy.json").write_text(json.dumps(policy), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


async def _measure(calls: int, repeats: int, folder: Path) -> dict[str, Any]:
    echo = build_server(load_catalog(folder))
    travel = build_server(load_catalog(DESCRIPTORS))
    cases = {
        "no rule": (echo, "echo", {"text": "hello"}),
        "one CEL rule": (echo, "echo_rule", {"text": "hello"}),
        "one rule calling a catalogue function": (echo, "echo_function", {"text": "hello"}),
        "flight_booking, passes 2 rules": (travel, "flight_booking", {"origin": "LIS", "destination": "CDG", "departure_date": "2030-04-02"}),
        "flight_booking, refused with a suggestion": (travel, "flight_booking", {"origin": "MAD", "destination": "BCN",
                                                                                 "departure_date": "2030-05-02", "cabin": "first"}),
    }
    samples: dict[str, list[float]] = {name: [] for name in cases}
    async with Client(echo, mode="auto") as echo_client, Client(travel, mode="auto") as travel_client:
        clients = {id(echo): echo_client, id(travel): travel_client}
        for _ in range(max(calls // 10, 5)):  # warm-up
            for server, tool, arguments in cases.values():
                await clients[id(server)].call_tool(tool, arguments)
        for _ in range(repeats):
            for name, (server, tool, arguments) in cases.items():
                client = clients[id(server)]
                started = time.perf_counter()
                for _ in range(calls):
                    await client.call_tool(tool, arguments)
                samples[name].append((time.perf_counter() - started) / calls * 1e6)
    return {name: stats(values) for name, values in samples.items()}


def run(quick: bool = False) -> dict[str, Any]:
    """µs per in-memory call, by case."""
    calls, repeats = (50, 3) if quick else (1000, 7)
    with tempfile.TemporaryDirectory() as scratch:
        result = anyio.run(_measure, calls, repeats, _catalogue(Path(scratch)))
    for name, figures in result.items():
        print(f"{name:45} {figures}", file=sys.stderr)
    return {"calls": calls, "repeats": repeats, "us_per_call": result}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    print(json.dumps(run(parser.parse_args().quick), indent=2))
