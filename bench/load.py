"""Catalogue loading cost per descriptor, against the floor of just reading and parsing the files.

    python -m bench.load [--quick]

For N = 1,000 and 10,000 realistic ~1 KB tool descriptors (a round-robin mix of ATDF 2.x, ARDF tool,
MCP tool and OpenAkita, each with 5 typed inputs including an enum and a minimum, and 2 examples):
- load: `load_catalog(dir)` wall time per descriptor, median of the repetitions, with min and max;
- read floor: open + read + json.loads of every file, the same way;
- packed: the largest size again, 100 descriptors per file (JSON lists), so per-file system calls are shared;
- RSS: resident memory of a fresh interpreter after loading the largest catalogue (and before, for the delta).

Budget (DESIGN.md): loading is linear and cheap; target ≤ 30 µs per descriptor.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from atdf_mcp import load_catalog

TARGET_US = 30.0
SIZES = (1_000, 10_000)
QUICK_SIZES = (200,)
REPEATS = 7
QUICK_REPEATS = 5
DIALECTS = ("atdf2", "ardf", "mcp", "openakita")

_CITIES = ["Lima", "Madrid", "Oslo", "Quito", "Tokyo", "Nairobi", "Lisbon", "Montreal"]


# ---------------------------------------------------------------- realistic descriptors


def _properties(n: int) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Five typed inputs with constraints (an enum, a minimum, a format, a pattern, a default) and the required ones."""
    props = {
        "city": {"type": "string", "description": "City of the hotel", "minLength": 2, "maxLength": 80},
        "check_in": {"type": "string", "format": "date", "description": "Arrival day"},
        "nights": {"type": "integer", "minimum": 1, "maximum": 30, "default": 1, "description": "Nights"},
        "room": {"type": "string", "enum": ["single", "double", "suite"], "default": "double", "description": "Room category"},
        "reference": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$", "description": f"Reference, e.g. ABC-{n % 10_000:04d}"},
    }
    return props, ["city", "check_in", "nights"]


def _example_inputs(n: int) -> list[dict[str, Any]]:
    city = _CITIES[n % len(_CITIES)]
    return [
        {"city": city, "check_in": "2030-05-01", "nights": 2, "room": "double"},
        {"city": city, "check_in": "2030-06-12", "nights": 1, "room": "suite", "reference": "XYZ-0042"},
    ]


def descriptor(n: int) -> dict[str, Any]:
    """Descriptor number n, in the dialect `DIALECTS[n % 4]`, about 1 KB of JSON."""
    dialect = DIALECTS[n % len(DIALECTS)]
    name = f"book_room_{n:05d}"
    description = f"Books a hotel room (entry {n})."
    when = "The user wants to reserve a room."
    props, required = _properties(n)
    examples = _example_inputs(n)
    if dialect == "mcp":
        return {"name": name, "description": f"{description}\n\nWhen to use: {when}",
                "inputSchema": {"type": "object", "properties": props, "required": required},
                "examples": [{"name": f"Example {i}", "input": e} for i, e in enumerate(examples)]}
    if dialect == "openakita":
        return {"name": name, "description": description, "input_schema": {"type": "object", "properties": props, "required": required},
                "triggers": [when], "category": "travel",
                "examples": [{"scenario": f"Example {i}", "params": e, "expected": "A confirmation number"} for i, e in enumerate(examples)]}
    inputs = []
    for key, prop in props.items():
        item: dict[str, Any] = {"name": key, "type": prop["type"], "description": prop["description"], "required": key in required}
        extra = {k: v for k, v in prop.items() if k not in ("type", "description")}
        if dialect == "ardf":
            item.update(extra)
        elif extra:
            item["schema"] = extra
        inputs.append(item)
    outputs = {"success": "The room is booked.", "failure": [{"code": "NO_ROOMS", "description": "No room is free."}]}
    if dialect == "ardf":
        return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "tool", "description": description, "when_to_use": when,
                "metadata": {"version": "1.0.0", "tags": ["travel", "hotel"]},
                "content": {"type": "tool/io", "data": {"inputs": inputs, "outputs": outputs}},
                "examples": [{"name": f"Example {i}", "input": e, "output": "CONF-1"} for i, e in enumerate(examples)]}
    return {"schema_version": "2.0.0", "tool_id": name, "description": description, "when_to_use": when,
            "metadata": {"version": "1.0.0", "tags": ["travel", "hotel"]},
            "how_to_use": {"inputs": inputs, "outputs": outputs},
            "examples": [{"goal": f"Example {i}", "input_values": e, "expected_result": "A confirmation number"} for i, e in enumerate(examples)]}


def generate(folder: Path, count: int, per_file: int = 1) -> int:
    """Write `count` descriptors into `folder`, `per_file` to a file (a JSON list when > 1); return the bytes written."""
    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    for first in range(0, count, per_file):
        items = [descriptor(n) for n in range(first, min(first + per_file, count))]
        data = json.dumps(items[0] if per_file == 1 else items).encode()
        (folder / f"tools_{first:05d}.json").write_bytes(data)
        total += len(data)
    return total


# ---------------------------------------------------------------- measurements


def _timed(action: Any, repeats: int) -> list[float]:
    """Wall times of `repeats` runs of `action()` (one warm-up run first, garbage collected between runs)."""
    action()
    times = []
    for _ in range(repeats):
        gc.collect()
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return times


def _read_only(folder: Path) -> None:
    """The floor: open, read and json.loads every file, nothing else."""
    for path in sorted(folder.glob("*.json")):
        with path.open("rb") as f:
            json.loads(f.read())


def _per_descriptor_us(times: list[float], count: int) -> dict[str, float]:
    per = [t / count * 1e6 for t in times]
    return {"median": statistics.median(per), "min": min(per), "max": max(per)}


_RSS_SCRIPT = """
import json, resource, sys
from atdf_mcp import load_catalog

def vm_rss_kib():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None

before = vm_rss_kib()
catalog = load_catalog(sys.argv[1])
assert len(catalog.descriptors) == int(sys.argv[2]), catalog.report.problems[:3]
after = vm_rss_kib()
maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
if sys.platform == "darwin":
    maxrss //= 1024
print(json.dumps({"rss_before_kib": before, "rss_after_kib": after, "maxrss_kib": maxrss}))
"""


def rss_after_loading(folder: Path, count: int) -> dict[str, Any]:
    """Resident memory of a fresh interpreter before and after loading `folder` (KiB)."""
    result = subprocess.run([sys.executable, "-c", _RSS_SCRIPT, str(folder), str(count)],
                            capture_output=True, text=True, check=True, timeout=600)
    return json.loads(result.stdout)


def measure(folder: Path, count: int, per_file: int, repeats: int) -> dict[str, Any]:
    """Generate a catalogue of `count` descriptors and time loading it against the read floor."""
    total_bytes = generate(folder, count, per_file)
    catalog = load_catalog(folder)
    unexpected = [p for p in catalog.report.problems if p.code != "NO_HANDLER"]  # the corpus binds no handler
    if len(catalog.descriptors) != count or unexpected:
        raise RuntimeError(f"generated catalogue does not load cleanly: {unexpected[:3]}")
    del catalog
    load = _per_descriptor_us(_timed(lambda: load_catalog(folder), repeats), count)
    cached = _per_descriptor_us(_timed(lambda: load_catalog(folder, cache=True), repeats), count)  # warm-up fills the cache
    floor = _per_descriptor_us(_timed(lambda: _read_only(folder), repeats), count)
    return {"descriptors": count, "per_file": per_file, "bytes_per_descriptor": total_bytes / count,
            "load_us": load, "cached_us": cached, "read_floor_us": floor, "overhead_us": load["median"] - floor["median"]}


def run(quick: bool = False) -> dict[str, Any]:
    """Measure loading for each size; print a table and return the numbers (µs per descriptor, KiB).

    `sizes` holds the one-descriptor-per-file catalogues the target applies to; `packed` the largest
    size again with 100 descriptors per file, which shows the cost once per-file system calls are shared.
    """
    sizes = QUICK_SIZES if quick else SIZES
    repeats = QUICK_REPEATS if quick else REPEATS
    largest = max(sizes)
    results: dict[str, Any] = {"target_us": TARGET_US, "repeats": repeats, "sizes": {}}
    with tempfile.TemporaryDirectory(prefix="atdf-mcp-bench-") as tmp:
        os.environ["ATDF_MCP_CACHE_DIR"] = str(Path(tmp) / "cache")  # never the user's own snapshot cache
        for count in sizes:
            results["sizes"][count] = measure(Path(tmp) / f"n{count}", count, 1, repeats)
        results["packed"] = measure(Path(tmp) / "packed", largest, 100, repeats)
        rss = rss_after_loading(Path(tmp) / f"n{largest}", largest)
        rss["descriptors"] = largest
        if rss["rss_before_kib"] is not None and rss["rss_after_kib"] is not None:
            rss["kib_per_descriptor"] = (rss["rss_after_kib"] - rss["rss_before_kib"]) / largest
        results["rss"] = rss
    worst = max(r["load_us"]["median"] for r in results["sizes"].values())
    results["within_target"] = worst <= TARGET_US
    _print(results)
    return results


def _print(results: dict[str, Any]) -> None:
    print(f"load_catalog: µs per descriptor, median (min..max) of {results['repeats']} runs; target ≤ {results['target_us']:.0f} µs")
    print(f"{'N':>7}  {'per file':>8}  {'bytes':>6}  {'load':>22}  {'read+json floor':>22}  {'overhead':>8}")
    for r in (*results["sizes"].values(), results["packed"]):
        load, floor = r["load_us"], r["read_floor_us"]
        print(f"{r['descriptors']:>7}  {r['per_file']:>8}  {r['bytes_per_descriptor']:>6.0f}  "
              f"{load['median']:>7.1f} ({load['min']:>5.1f}..{load['max']:>5.1f})  "
              f"{floor['median']:>7.1f} ({floor['min']:>5.1f}..{floor['max']:>5.1f})  {r['overhead_us']:>8.1f}"
              f"  (from the snapshot cache: {r['cached_us']['median']:.1f})")
    rss = results["rss"]
    line = f"RSS after loading {rss['descriptors']}: {rss['rss_after_kib']} KiB (before: {rss['rss_before_kib']} KiB, peak {rss['maxrss_kib']} KiB)"
    if "kib_per_descriptor" in rss:
        line += f", {rss['kib_per_descriptor']:.1f} KiB per descriptor"
    print(line)
    print("within target" if results["within_target"] else "OVER TARGET (one descriptor per file)")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark from the command line."""
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 descriptors, 5 repetitions (a smoke run)")
    args = parser.parse_args(argv)
    run(quick=args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
