"""Catalogue scale: tools/list latency and bytes for 1,000 and 10,000 tools, and RSS after loading 10,000 descriptors.

    python -m bench.listing [--quick]

Two systems serve the same N synthetic tools (bench/_common.py), each in its own fresh interpreter (a "probe"), so each
has only its own objects on its heap, as in production (a large heap makes every full garbage collection slower):
- atdf: `load_catalog(DIR)` + `CatalogServer` over N ARDF descriptor files;
- bare: a low-level `Server` answering with the very same `ListToolsResult` (read back from atdf-mcp's JSON), so the
  bytes are equal and the ratio is the cost of atdf-mcp's process as a whole (its handler and its heap).
A probe records its RSS before and after building the server, then times tools/list in memory in both eras with the
SDK client (its tools/list cache bypassed): a warm-up list, then the faster of two; first as deployed, then again with
the garbage collector paused while timing. The two differ a lot: a list of N tools allocates so many objects that
full collections run during it, and how often they run depends on how many objects the process already holds (the
collector waits until the young objects reach a quarter of the old ones), so a process with a bigger heap (atdf-mcp,
with jsonschema and its catalogue loaded) collects *less* often per list than the bare server. The GC-paused figure is
the work itself (serialisation, validation, the client's schema walk) and carries the target; the as-deployed one is
information. Probes alternate (atdf, bare, atdf, bare, ...), one of each per N and repetition. Bytes are the JSON of
the result (`model_dump_json`).
RSS is reported for the largest N: atdf-mcp after loading the descriptors and building the server, against the floor of
the same N tools as bare `mcp.types.Tool` models (what any server must hold to answer the list).
Progressive disclosure (issue #13): the bytes of tools/list in `progressive` mode (no pinned tool: the three meta-tools)
against `full`, and of the Level-1 index `ardf://catalog/index`; tokens are counted as bytes / 4 (no tokenizer: none
ships without downloading a vocabulary), a common rule of thumb for English JSON.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ._common import rss_kib, stats, write_catalog

SIZES = (1_000, 10_000)
QUICK_SIZES = (50,)
REPETITIONS = 5
QUICK_REPETITIONS = 1
MODES = ("legacy", "auto")
TARGET_REDUCTION = 0.95  # issue #13: progressive tools/list at least 95% smaller than full at 1,000 tools
BYTES_PER_TOKEN = 4  # the stated token estimate (bytes / 4)
TARGET_RATIO = 1.15  # DESIGN: lists are served from results built once, so atdf-mcp should cost what a bare Server costs
PROBE_TIMEOUT_S = 600


def _bare_server(result: Any) -> Any:
    """A low-level Server answering tools/list with a prebuilt result."""
    from mcp.server import Server

    async def on_list_tools(ctx: Any, params: Any) -> Any:
        return result

    async def on_call_tool(ctx: Any, params: Any) -> Any:
        raise NotImplementedError

    schemas = {tool.name: tool.input_schema for tool in result.tools}
    return Server("bare-list", on_list_tools=on_list_tools, on_call_tool=on_call_tool, get_tool_input_schema=schemas.get)


async def list_ms(server: Any, mode: str, expected: int, gc_paused: bool = False) -> float:
    """The faster of two timed tools/list (cache bypassed), after a warm-up, in ms; optionally with the GC paused."""
    import gc

    from mcp import Client

    async with Client(server, mode=mode) as client:
        first = await client.list_tools(cache_mode="bypass")
        if len(first.tools) != expected:
            raise RuntimeError(f"expected {expected} tools, got {len(first.tools)}")
        times = []
        if gc_paused:
            gc.collect()
            gc.disable()
        try:
            for _ in range(2):
                start = time.perf_counter()
                await client.list_tools(cache_mode="bypass")
                times.append(time.perf_counter() - start)
        finally:
            gc.enable()
        return min(times) * 1e3


def probe(kind: str, source: Path, n: int) -> dict[str, Any]:
    """In a fresh interpreter: build one system, measure its RSS and its tools/list in both eras."""
    import gc

    import anyio
    import mcp.types as types
    from mcp import Client  # noqa: F401 - imported before the RSS baseline, like the server's own modules
    from mcp.server import Server  # noqa: F401

    if kind == "atdf":
        from atdf_mcp import load_catalog
        from atdf_mcp.server import CatalogServer
    gc.collect()
    before = rss_kib()
    if kind == "atdf":
        app = CatalogServer(load_catalog(source))
        server, count = app.server, len(app.published.list_tools.tools)
    else:
        result = types.ListToolsResult.model_validate_json(source.read_bytes())
        server, count = _bare_server(result), len(result.tools)
    if count != n:
        raise RuntimeError(f"{kind} holds {count} tools, expected {n}")
    gc.collect()
    after = rss_kib()
    timings = {mode: anyio.run(list_ms, server, mode, n) for mode in MODES}
    paused = {f"{mode}_gc_paused": anyio.run(list_ms, server, mode, n, True) for mode in MODES}
    return {"before_kib": before, "after_kib": after, **timings, **paused}


def _run_probe(kind: str, source: Path, n: int) -> dict[str, Any]:
    command = [sys.executable, "-m", "bench.listing", "--probe", kind, str(source), str(n)]
    done = subprocess.run(command, cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, timeout=PROBE_TIMEOUT_S)
    if done.returncode != 0:
        raise RuntimeError(f"listing probe {kind} N={n} failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _publish(folder: Path, n: int, target: Path) -> dict[str, Any]:
    """Write atdf-mcp's tools/list result for the catalogue in `folder` to `target`; its size in bytes, and the sizes of
    the progressive tools/list and of the Level-1 index."""
    from atdf_mcp import load_catalog
    from atdf_mcp.disclosure import Disclosure
    from atdf_mcp.server import CatalogServer

    app = CatalogServer(load_catalog(folder))
    listed = app.published.list_tools
    if len(listed.tools) != n:
        raise RuntimeError(f"the generated catalogue of {n} tools published {len(listed.tools)}")
    body = listed.model_dump_json(by_alias=True, exclude_none=True).encode()
    target.write_bytes(body)
    progressive = Disclosure(app.catalog, mode="progressive")
    small = len(progressive.list_tools(app.view()).model_dump_json(by_alias=True, exclude_none=True).encode())
    index = len(progressive.index_text(app.view()).encode())
    return {"bytes": len(body), "bytes_per_tool": round(len(body) / n), "disclosure": {
        "full_bytes": len(body), "progressive_bytes": small, "reduction": round(1 - small / len(body), 4),
        "full_tokens": len(body) // BYTES_PER_TOKEN, "progressive_tokens": small // BYTES_PER_TOKEN,
        "index_bytes": index, "index_tokens": index // BYTES_PER_TOKEN}}


def run(quick: bool = False) -> dict[str, Any]:
    """tools/list ms and bytes per N (atdf-mcp vs bare, both eras) and RSS after loading the largest N."""
    sizes = QUICK_SIZES if quick else SIZES
    repetitions = QUICK_REPETITIONS if quick else REPETITIONS
    results: dict[str, Any] = {"unit": "ms", "repetitions": repetitions, "target_ratio": TARGET_RATIO,
                               "target_reduction": TARGET_REDUCTION, "tokens": f"bytes / {BYTES_PER_TOKEN}", "sizes": {}}
    samples: dict[int, dict[str, list[dict[str, Any]]]] = {n: {"atdf": [], "bare": []} for n in sizes}
    with tempfile.TemporaryDirectory(prefix="atdf-bench-listing-") as tmp:
        root = Path(tmp)
        sources: dict[int, dict[str, Path]] = {}
        for n in sizes:
            folder = write_catalog(root / f"n{n}", n)
            sources[n] = {"atdf": folder, "bare": root / f"list{n}.json"}
            results["sizes"][str(n)] = _publish(folder, n, root / f"list{n}.json")
        for repetition in range(repetitions):
            for n in sizes:
                for kind, source in sources[n].items():
                    samples[n][kind].append(_run_probe(kind, source, n))
            print(f"listing: repetition {repetition + 1}/{repetitions} done", file=sys.stderr, flush=True)
    for n in sizes:
        entry = results["sizes"][str(n)]
        for mode in MODES:
            for key in (mode, f"{mode}_gc_paused"):
                by_system: dict[str, Any] = {kind: stats([p[key] for p in probes], 2) for kind, probes in samples[n].items()}
                by_system["ratio"] = round(by_system["atdf"]["median"] / by_system["bare"]["median"], 2)
                entry[key] = by_system
    largest = max(sizes)
    results["rss"] = {"descriptors": largest, "repetitions": repetitions,
                      "atdf": _rss_summary(samples[largest]["atdf"], largest),
                      "bare_tool_models": _rss_summary(samples[largest]["bare"], largest)}
    print_table(results)
    return results


def _rss_summary(probes: list[dict[str, Any]], n: int) -> dict[str, Any]:
    """Median RSS after building, and the median growth, over the probes (KiB)."""
    if any(p["before_kib"] is None or p["after_kib"] is None for p in probes):
        return {"after_kib": None}
    after = stats([p["after_kib"] for p in probes], 0)
    delta = stats([p["after_kib"] - p["before_kib"] for p in probes], 0)
    return {"after_kib": after["median"], "delta_kib": delta["median"], "kib_per_descriptor": round(delta["median"] / n, 2),
            "after": after, "delta": delta}


def print_table(results: dict[str, Any]) -> None:
    """tools/list per N and era, and the RSS line."""
    for n, entry in results["sizes"].items():
        for key in (*MODES, *(f"{mode}_gc_paused" for mode in MODES)):
            a, b = entry[key]["atdf"], entry[key]["bare"]
            print(f"tools/list N={n:>6} {key:17} atdf {a['median']:8.2f} ms (min {a['min']:.2f})  bare {b['median']:8.2f} ms "
                  f"(min {b['min']:.2f})  {entry[key]['ratio']:5.2f}x  {entry['bytes']:,} bytes")
    for n, entry in results["sizes"].items():
        d = entry["disclosure"]
        print(f"tools/list N={n:>6} progressive {d['progressive_bytes']:,} bytes (~{d['progressive_tokens']:,} tokens) vs full "
              f"{d['full_bytes']:,} bytes (~{d['full_tokens']:,} tokens): {d['reduction']:.2%} fewer; Level-1 index "
              f"{d['index_bytes']:,} bytes (~{d['index_tokens']:,} tokens); tokens = bytes / {BYTES_PER_TOKEN}")
    rss = results["rss"]
    for name in ("atdf", "bare_tool_models"):
        r = rss[name]
        print(f"RSS {name:17} N={rss['descriptors']}: {r['after_kib']} KiB after, +{r.get('delta_kib')} KiB "
              f"({r.get('kib_per_descriptor')} KiB per descriptor)")


def main(argv: list[str] | None = None) -> int:
    """Run and print (or, with --probe KIND SOURCE N, be one probe and print its JSON)."""
    parser = argparse.ArgumentParser(prog="python -m bench.listing", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"N = {QUICK_SIZES}, one repetition (a smoke run)")
    parser.add_argument("--probe", nargs=3, metavar=("KIND", "SOURCE", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.probe:
        kind, source, n = args.probe
        print(json.dumps(probe(kind, Path(source), int(n))))
        return 0
    run(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
