"""Error path: a tools/call with three argument errors (an ATDF envelope with suggestions) vs a valid call.

    python -m bench.error_path [--quick]

One ARDF tool (five typed inputs: a length bound, a date format, a range, an enum; two examples; declared failures),
bound to an async handler, served by atdf-mcp in memory in both protocol eras. The two calls, interleaved:
- valid: `{"city": "Lima", "check_in": "2030-05-01", "nights": 2, "room": "double"}` → the handler's text;
- invalid: `{"city": "Lima", "check_in": "2030/05/01", "nights": 0, "room": "dubble"}` → `isError` with an envelope of
  three errors (format, minimum, enum), each with an honest fix (the date rewritten, the bound, the nearest member),
  and `context.suggested_arguments` (the whole repair path: fixes, re-validation, the enriched form in `_meta`).
The invalid call is checked once before timing (three errors, a suggestion for the enum, suggested arguments).

Target: the invalid call costs ≤ 3x the valid one.
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

TARGET_RATIO = 3.0
REPETITIONS, CALLS = 5, 1000
QUICK_REPETITIONS, QUICK_CALLS = 1, 30
MODES = ("legacy", "auto")
VALID = {"city": "Lima", "check_in": "2030-05-01", "nights": 2, "room": "double"}
INVALID = {"city": "Lima", "check_in": "2030/05/01", "nights": 0, "room": "dubble"}
DESCRIPTOR = {
    "schema_version": "1.0.0", "resource_id": "book_room", "resource_type": "tool", "title": "Book a hotel room",
    "description": "Books a hotel room in a city for some nights and returns the confirmation number.",
    "when_to_use": "Use when the traveller has chosen the city and the dates.",
    "content": {"type": "tool/io", "data": {
        "handler": "bench_error_handlers:book_room",
        "inputs": [
            {"name": "city", "type": "string", "minLength": 2, "maxLength": 80, "description": "City of the hotel", "required": True},
            {"name": "check_in", "type": "string", "format": "date", "description": "Arrival day (YYYY-MM-DD)", "required": True},
            {"name": "nights", "type": "integer", "minimum": 1, "maximum": 30, "default": 1, "description": "Number of nights",
             "required": True},
            {"name": "room", "type": "string", "enum": ["single", "double", "suite"], "default": "double", "description": "Room category",
             "required": False},
            {"name": "reference", "type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$", "description": "Customer reference, e.g. ABC-0042",
             "required": False},
        ],
        "outputs": {"success": "The room is booked; the confirmation number is returned.",
                    "failure": [{"code": "NO_ROOMS", "description": "No room of that category is free on those dates."}]},
    }},
    "examples": [
        {"name": "Two nights in Lima", "input": {"city": "Lima", "check_in": "2030-05-01", "nights": 2, "room": "double"}, "output": "CONF-1"},
        {"name": "A suite in Oslo", "input": {"city": "Oslo", "check_in": "2030-06-12", "nights": 1, "room": "suite"}, "output": "CONF-2"},
    ],
}
HANDLERS = '''
async def book_room(city, check_in, nights, room="double", reference=None):
    """Pretend to book."""
    return "CONF-12345678"
'''


def write_catalog(folder: Path) -> Path:
    """The one-tool catalogue and its handler module."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "book_room.json").write_text(json.dumps(DESCRIPTOR, indent=1), encoding="utf-8")
    (folder / "bench_error_handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


def check_envelope(result: Any) -> dict[str, Any]:
    """The invalid call's envelope, after checking it has the three errors and the suggestions this bench is about."""
    if not result.is_error or not isinstance(result.structured_content, dict):
        raise RuntimeError(f"the invalid call did not return an error envelope: {result}")
    errors = result.structured_content.get("errors", [])
    parameters = sorted(e.get("parameter_name") or "" for e in errors)
    if parameters != ["check_in", "nights", "room"]:
        raise RuntimeError(f"expected three argument errors (check_in, nights, room), got {parameters}: {errors}")
    room = next(e for e in errors if e.get("parameter_name") == "room")
    if room.get("suggested_value") != "double":
        raise RuntimeError(f"expected the suggestion 'double' for room, got {room.get('suggested_value')!r}")
    if room.get("context", {}).get("suggested_arguments") != {"city": "Lima", "check_in": "2030-05-01", "nights": 1, "room": "double"}:
        raise RuntimeError(f"expected suggested_arguments that repair all three, got {room.get('context')}")
    return result.structured_content


async def per_call_us(server: Any, mode: str, calls: int, rounds: int = 4) -> dict[str, float]:
    """Mean µs per valid and per invalid call, alternating blocks of calls/rounds of each (after a warm-up)."""
    async with Client(server, mode=mode) as client:
        for _ in range(min(50, calls)):
            await client.call_tool("book_room", VALID)
            await client.call_tool("book_room", INVALID)
        totals = {"valid": 0.0, "invalid": 0.0}
        block = max(1, calls // rounds)
        for _ in range(rounds):
            for name, arguments in (("valid", VALID), ("invalid", INVALID)):
                start = time.perf_counter()
                for _ in range(block):
                    await client.call_tool("book_room", arguments)
                totals[name] += time.perf_counter() - start
        return {name: total / (block * rounds) * 1e6 for name, total in totals.items()}


async def _sample_envelope(server: Any) -> tuple[dict[str, Any], int]:
    async with Client(server) as client:
        valid = await client.call_tool("book_room", VALID)
        if valid.is_error:
            raise RuntimeError(f"the valid call failed: {valid.content}")
        result = await client.call_tool("book_room", INVALID)
    envelope = check_envelope(result)
    return envelope, len(json.dumps(envelope))


def run(quick: bool = False) -> dict[str, Any]:
    """Valid vs invalid call in both eras; µs per call {median, min, max} and the ratio of medians."""
    repetitions, calls = (QUICK_REPETITIONS, QUICK_CALLS) if quick else (REPETITIONS, CALLS)
    samples: dict[str, dict[str, list[float]]] = {mode: {"valid": [], "invalid": []} for mode in MODES}
    with tempfile.TemporaryDirectory(prefix="atdf-bench-errors-") as tmp:
        server = build_server(load_catalog(write_catalog(Path(tmp) / "catalog")))
        envelope, envelope_bytes = anyio.run(_sample_envelope, server)
        for _ in range(repetitions):
            for mode in MODES:
                for name, value in anyio.run(per_call_us, server, mode, calls).items():
                    samples[mode][name].append(value)
    results: dict[str, Any] = {"unit": "µs per call", "repetitions": repetitions, "calls": calls, "target_ratio": TARGET_RATIO,
                               "envelope_bytes": envelope_bytes, "errors": len(envelope["errors"]), "modes": {}}
    for mode, by_call in samples.items():
        valid, invalid = stats(by_call["valid"]), stats(by_call["invalid"])
        results["modes"][mode] = {"valid": valid, "invalid": invalid, "ratio": round(invalid["median"] / valid["median"], 2)}
    print_table(results)
    return results


def print_table(results: dict[str, Any]) -> None:
    """Valid and invalid call per era, with the ratio."""
    print(f"error path: {results['errors']} errors in a {results['envelope_bytes']}-byte envelope; target ≤ {results['target_ratio']}x a valid call")
    for mode, r in results["modes"].items():
        v, i = r["valid"], r["invalid"]
        print(f"{mode:7} valid {v['median']:8.1f} µs (min {v['min']:.1f})  invalid {i['median']:8.1f} µs (min {i['min']:.1f})  {r['ratio']:5.2f}x")


def main(argv: list[str] | None = None) -> int:
    """Run and print."""
    parser = argparse.ArgumentParser(prog="python -m bench.error_path", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few calls, one repetition (a smoke run)")
    args = parser.parse_args(argv)
    run(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
