"""Search: how well and how fast `search_tools`'s index (atdf_mcp.search) finds tools, beside FastMCP's BM25 search.

    python -m bench.search [--quick]

- Quality: recall@1, recall@5 and MRR on the project's labelled query set (bench/search_corpus/queries.yaml, scored
  by bench/search_quality.py), for the dev and holdout splits and all queries; only dev misses are listed (the
  holdout queries are never tuned on).
- Quality, blind: the same figures, overall and per kind, as "fresh (blind)" on bench/search_fresh (another
  catalogue of 130 tools in other domains, and 186 queries written before any search ran on it) and as
  "blind2 (blind)" on bench/search_blind2 (151 tools in ten more domains, 234 queries, written the same way) and as
  "blind3 (blind)" on bench/search_blind3 (150 tools in ten more domains, 222 queries) and as "blind4 (blind)" on
  bench/search_blind4 (150 tools in ten more domains, 242 queries, most written as agents query) and as "blind5
  (blind)" on bench/search_blind5 (150 tools in ten more domains with near-neighbour tools, 241 queries) and as "blind6
  (blind)" on bench/search_blind6 (150 tools of ten SaaS API surfaces, vendor-prefixed names, 254 queries) and as
  "blind7 (blind)" on bench/search_blind7 (150 tools of ten developer infrastructure APIs, 303 queries) and as "blind8
  (blind)" on bench/search_blind8 (150 tools in ten more domains, enum values in input schemas, 265 queries); their
  misses are not listed here, as nothing is to be tuned on them (`python -m bench.search_quality --corpus
  bench/search_fresh --misses`).
- Latency: `SearchIndex.search` p50/p99 (ms) over every labelled query, on the query set's catalogue replicated to
  1,000 and 10,000 tools (copies renamed `<id>__rN`, so every word has N/200-fold postings: a harder case than
  10,000 distinct tools).
- Build: µs per tool of a full build, and of the rebuild after one tool changed (`build(previous=...)`), per size;
  the RSS growth of building the index (KiB per tool). The full builds are repeated in one process, over the same
  words; a start builds once, in a fresh process (its stemmer, stop words and memory new), so the first build of a
  fresh process is timed too (median of `FIRST_BUILDS` processes; imports apart, as bench.cold_start counts them).
- Start from the search cache (atdf_mcp.search_cache), per size, in µs per tool: over N descriptor files (the
  synthetic tools of bench/_common.py, loaded as a start loads them), a full build, the build from the cache with the
  catalogue unchanged, and after one file changed (the cache written again included), garbage collection paused as
  `serve` pauses it; and over the replicated copies above, which no file yielded, so each is keyed by a hash of its
  text (the slower key).
- FastMCP: its `BM25SearchTransform` (when fastmcp is installed) on the same tools, as atdf-mcp lists them in full
  mode (name, description with when_to_use/detail, inputSchema): the same figures, its search timed through
  `_search`, which is what its `search_tools` runs per call (a hash of the catalogue's text, then the ranking).
Without the query set (bench/search_quality.py not present), the bundled `descriptors/` are replicated and only the
speed is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ._common import fastmcp_available, rss_kib

SIZES, QUICK_SIZES = (1_000, 10_000), (1_000,)
ROUNDS, QUICK_ROUNDS = 5, 1  # timed passes over every query, per size
BUILDS, QUICK_BUILDS = 5, 2
FIRST_BUILDS, QUICK_FIRST_BUILDS = 3, 1  # fresh processes, each timing its first build
FASTMCP_QUERIES = 60  # FastMCP ranks in pure Python: a sample of the queries is timed at 10,000 tools
P50_TARGET_MS, RECALL_TARGET, BUILD_TARGET_US = 2.0, 0.9, 10.0
ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "descriptors"
FRESH_LABEL, BLIND2_LABEL, BLIND3_LABEL, BLIND4_LABEL = "fresh (blind)", "blind2 (blind)", "blind3 (blind)", "blind4 (blind)"
BLIND5_LABEL, BLIND6_LABEL, BLIND7_LABEL = "blind5 (blind)", "blind6 (blind)", "blind7 (blind)"
BLIND8_LABEL = "blind8 (blind)"


def _query_set() -> tuple[Path, list[Any] | None, Callable[..., dict[str, Any]] | None]:
    """The labelled catalogue, its queries and the evaluation; the bundled demo and None when absent."""
    try:
        from bench import search_quality
    except ImportError:  # not written yet
        return DEMO, None, None
    return Path(search_quality.CORPUS_DIR), search_quality.load_queries(), search_quality.evaluate


def _blind_sets() -> list[tuple[str, Any, list[Any]]]:
    """The blind catalogues (loaded as `serve` loads them) with their labels and queries; those present of
    bench/search_fresh and bench/search_blind2 to bench/search_blind8."""
    try:
        from bench import search_quality
    except ImportError:
        return []
    from atdf_mcp import load_catalog

    found = []
    for label, name, default in ((FRESH_LABEL, "FRESH_DIR", "search_fresh"), (BLIND2_LABEL, "BLIND2_DIR", "search_blind2"),
                                   (BLIND3_LABEL, "BLIND3_DIR", "search_blind3"), (BLIND4_LABEL, "BLIND4_DIR", "search_blind4"),
                                   (BLIND5_LABEL, "BLIND5_DIR", "search_blind5"), (BLIND6_LABEL, "BLIND6_DIR", "search_blind6"),
                                   (BLIND7_LABEL, "BLIND7_DIR", "search_blind7"), (BLIND8_LABEL, "BLIND8_DIR", "search_blind8")):
        folder = Path(getattr(search_quality, name, ROOT / "bench" / default))
        if (folder / "queries.yaml").is_file():
            found.append((label, load_catalog(folder), search_quality.load_queries(folder / "queries.yaml")))
    return found


def _blind(search: Callable[[str, int], Sequence[str]], queries: list[Any], evaluate: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """The blind set's figures, overall and per kind; no misses (nothing is tuned on them)."""
    result = evaluate(search, queries, k=5)
    return {key: result[key] for key in ("n", "recall@1", "recall@5", "mrr", "by_kind")}


def replicate(items: Sequence[Any], n: int, key: str = "id") -> list[Any]:
    """N items: the originals, then copies renamed `{name}__r{k}` in field `key` (new objects, as a fresh load makes)."""
    out = list(items[:n])
    k = 1
    while len(out) < n:
        out += [item.model_copy(update={key: f"{getattr(item, key)}__r{k}"}) for item in items[: n - len(out)]]
        k += 1
    return out


def _quality(search: Callable[[str, int], Sequence[str]], queries: list[Any], evaluate: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """The figures per split; misses listed for dev only."""
    out: dict[str, Any] = {}
    for split in ("dev", "holdout", "all"):
        chosen = [q for q in queries if split == "all" or q.split == split]
        result = evaluate(search, chosen, k=5)
        kept = {key: result[key] for key in ("n", "recall@1", "recall@5", "mrr")}
        if split != "holdout":
            kept["by_kind"] = result.get("by_kind")
        if split == "dev":
            kept["misses"] = result.get("misses")
        out[split] = kept
    return out


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50": round(statistics.median(ordered), 3), "p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3),
            "n": len(ordered)}


def _time_searches(search: Callable[[str], Any], texts: list[str], rounds: int) -> dict[str, float]:
    samples: list[float] = []
    for text in texts[:10]:
        search(text)  # warm-up
    for _ in range(rounds):
        for text in texts:
            started = time.perf_counter()
            search(text)
            samples.append((time.perf_counter() - started) * 1000)
    return _percentiles(samples)


def _builds(tools: list[Any], repeats: int) -> dict[str, Any]:
    """µs per tool (median and min of `repeats`): full build, and rebuild after one tool changed."""
    from atdf_mcp.search import SearchIndex

    full: list[float] = []
    incremental: list[float] = []
    index = SearchIndex.build(tools)
    for r in range(repeats):
        started = time.perf_counter()
        index = SearchIndex.build(tools)
        full.append((time.perf_counter() - started) * 1e6 / len(tools))
        changed = list(tools)
        i = (r * 7919) % len(tools)
        changed[i] = changed[i].model_copy(update={"description": f"{changed[i].description} Edited {r}."})
        started = time.perf_counter()
        SearchIndex.build(changed, previous=index)
        incremental.append((time.perf_counter() - started) * 1e6 / len(tools))
    return {"full_us_per_tool": round(statistics.median(full), 2), "incremental_us_per_tool": round(statistics.median(incremental), 2),
            "full_us_per_tool_min": round(min(full), 2), "incremental_us_per_tool_min": round(min(incremental), 2),  # the least disturbed run
            "full_ms": round(statistics.median(full) * len(tools) / 1000, 1),
            "incremental_ms": round(statistics.median(incremental) * len(tools) / 1000, 1), "n": repeats}


_FIRST_BUILD = """
import sys, time
import Stemmer, bm25s, bm25s.stopwords, numpy  # noqa: F401  (imports are a start's cost apart: bench.cold_start)
from atdf_mcp import load_catalog
from atdf_mcp.search import SearchIndex
from bench.search import _query_set, replicate
tools = replicate(list(load_catalog(_query_set()[0]).tools), int(sys.argv[1]))
started = time.perf_counter()
SearchIndex.build(tools)
print((time.perf_counter() - started) * 1e6 / len(tools))
"""


def _first_builds(n: int, repeats: int) -> float:
    """µs per tool (median of `repeats` fresh processes) of a process's first build of the catalogue replicated to N."""
    import os
    import subprocess

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    samples = [float(subprocess.run([sys.executable, "-c", _FIRST_BUILD, str(n)], cwd=ROOT, env=env, check=True,
                                    capture_output=True, text=True).stdout) for _ in range(repeats)]
    return round(statistics.median(samples), 2)


@contextlib.contextmanager
def _scratch_cache() -> Iterator[Path]:
    """The caches written in a scratch folder (ATDF_MCP_CACHE_DIR), never the user's; the folder removed after."""
    import os
    import tempfile

    before = os.environ.get("ATDF_MCP_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="atdf-search-cache-") as scratch:
        os.environ["ATDF_MCP_CACHE_DIR"] = str(Path(scratch) / "cache")
        try:
            yield Path(scratch)
        finally:
            if before is None:
                os.environ.pop("ATDF_MCP_CACHE_DIR", None)
            else:
                os.environ["ATDF_MCP_CACHE_DIR"] = before


def _cached_start(n: int, repeats: int) -> dict[str, Any]:
    """µs per tool (median of `repeats`) of a start's index over N descriptor files: full build, from the cache with
    nothing changed, from the cache after one file changed."""
    from atdf_mcp import load_catalog
    from atdf_mcp.search import SearchIndex
    from atdf_mcp.search_cache import build_cached

    from ._common import ardf_tool, tool_name, write_catalog

    full: list[float] = []
    unchanged: list[float] = []
    one_changed: list[float] = []
    with _scratch_cache() as scratch:
        folder = write_catalog(scratch / "tools", n)

        def start() -> tuple[Any, list[Any]]:
            catalog = load_catalog(folder, cache=True, bind=False)
            return catalog, list(catalog.tools)

        def timed(build: Callable[[], Any]) -> float:
            gc.collect()
            gc.disable()  # as `serve` builds it (atdf_mcp.serve.load_for_serving)
            try:
                started = time.perf_counter()
                build()
                return (time.perf_counter() - started) * 1e6 / n
            finally:
                gc.enable()

        catalog, tools = start()
        build_cached(catalog, tools, lang=None)  # the first start writes the cache
        for r in range(repeats):
            catalog, tools = start()
            full.append(timed(lambda: SearchIndex.build(tools)))  # noqa: B023  (called at once)
            unchanged.append(timed(lambda: build_cached(catalog, tools, lang=None)))  # noqa: B023
            i = (r * 7919) % n
            changed = ardf_tool(i) | {"description": f"Edited {r}: {ardf_tool(i)['description']}"}
            (folder / f"{tool_name(i)}.json").write_text(json.dumps(changed, indent=1), encoding="utf-8")
            catalog, tools = start()
            one_changed.append(timed(lambda: build_cached(catalog, tools, lang=None)))  # noqa: B023
    return {"files_full_us_per_tool": round(statistics.median(full), 2),
            "files_cache_unchanged_us_per_tool": round(statistics.median(unchanged), 2),
            "files_cache_one_changed_us_per_tool": round(statistics.median(one_changed), 2), "n": repeats}


def _cached_copies(catalog: Any, copies: list[Any], repeats: int) -> float:
    """µs per tool (median) of the build from the cache of tools no file yielded (keyed by their text), unchanged."""
    from atdf_mcp.search_cache import build_cached

    samples = []
    with _scratch_cache():
        build_cached(catalog, copies, lang=None)
        for _ in range(repeats):
            started = time.perf_counter()
            build_cached(catalog, copies, lang=None)
            samples.append((time.perf_counter() - started) * 1e6 / len(copies))
    return round(statistics.median(samples), 2)


def _fastmcp(listed: list[Any]) -> tuple[Any, Callable[[str, int], list[str]]]:
    """FastMCP's BM25SearchTransform over the tools as atdf-mcp lists them; `search(query, k) -> names`."""
    from fastmcp.server.transforms.search import BM25SearchTransform
    from fastmcp.tools import Tool

    class Listed(Tool):
        async def run(self, arguments: dict[str, Any]) -> Any:
            raise NotImplementedError

    tools = [Listed(name=t.name, description=t.description or "", parameters=t.input_schema) for t in listed]
    transforms: dict[int, Any] = {}
    loop = asyncio.new_event_loop()  # one loop for every call (asyncio.run would add a loop's set-up to each)

    def search(query: str, k: int) -> list[str]:
        transform = transforms.get(k)
        if transform is None:
            transform = transforms[k] = BM25SearchTransform(max_results=k)
        return [t.name for t in loop.run_until_complete(transform._search(tools, query))]

    return tools, search


def run(quick: bool = False) -> dict[str, Any]:
    """Quality, latency and build figures for atdf-mcp's index, and FastMCP's beside them when installed."""
    from atdf_mcp import load_catalog
    from atdf_mcp.search import SearchIndex

    folder, queries, evaluate = _query_set()
    catalog = load_catalog(folder)
    tools = list(catalog.tools)
    listed = list(catalog.published.list_tools.tools) if catalog.published is not None else []
    texts = [q.query for q in queries] if queries else [
        "book a flight", "reservar un vuelo", "weather tomorrow in Paris", "convert miles to km", "hotels in Lisbon",
        "how much is 100 dollars in euros", "check my travel dates", "company travel rules", "trip summary", "add a note"]
    result: dict[str, Any] = {
        "catalogue": folder.resolve().relative_to(ROOT).as_posix() if ROOT in folder.resolve().parents else folder.name,
        "tools": len(tools), "queries": len(texts),
        "replicated": "the catalogue's tools copied and renamed up to N",
        "targets": {"p50_ms_10000": P50_TARGET_MS, "recall@5": RECALL_TARGET, "build_us_per_tool": BUILD_TARGET_US},
    }
    index = SearchIndex.build(tools)
    with_fastmcp = fastmcp_available() and bool(listed)
    if queries and evaluate:
        result["quality"] = {"atdf": _quality(lambda q, k: [h.name for h in index.search(q, k)], queries, evaluate)}
        if with_fastmcp:
            result["quality"]["fastmcp"] = _quality(_fastmcp(listed)[1], queries, evaluate)
        for label, blind_catalog, blind_queries in _blind_sets():
            blind_index = SearchIndex.build(list(blind_catalog.tools))
            result.setdefault("blind_tools", {})[label] = len(blind_catalog.tools)
            result["quality"]["atdf"][label] = _blind(lambda q, k, index=blind_index: [h.name for h in index.search(q, k)],
                                                      blind_queries, evaluate)
            blind_listed = list(blind_catalog.published.list_tools.tools) if blind_catalog.published is not None else []
            if with_fastmcp and blind_listed:
                result["quality"]["fastmcp"][label] = _blind(_fastmcp(blind_listed)[1], blind_queries, evaluate)
    sizes = QUICK_SIZES if quick else SIZES
    rounds = QUICK_ROUNDS if quick else ROUNDS
    result["sizes"] = {}
    for n in sizes:
        copies = replicate(tools, n)
        gc.collect()
        before = rss_kib()
        big = SearchIndex.build(copies)
        gc.collect()
        after = rss_kib()
        entry: dict[str, Any] = {"atdf": _time_searches(lambda q, big=big: big.search(q, 5), texts, rounds),
                                 "build": _builds(copies, QUICK_BUILDS if quick else BUILDS)}
        entry["build"]["first_us_per_tool"] = _first_builds(n, QUICK_FIRST_BUILDS if quick else FIRST_BUILDS)
        entry["cache"] = {**_cached_start(n, QUICK_BUILDS if quick else BUILDS),
                          "copies_cache_unchanged_us_per_tool": _cached_copies(catalog, copies, QUICK_BUILDS if quick else BUILDS)}
        if before is not None and after is not None:
            entry["index_kib_per_tool"] = round((after - before) / n, 2)  # RSS growth of building the index
        if with_fastmcp:
            _, fast = _fastmcp(replicate(listed, n, "name"))
            fast("warm", 5)  # builds its index once (it rebuilds only when the catalogue's text changes)
            entry["fastmcp"] = _time_searches(lambda q, fast=fast: fast(q, 5), texts[:FASTMCP_QUERIES], 1)
        result["sizes"][str(n)] = entry
        del big, copies
    _print(result)
    return result


def _print(result: dict[str, Any]) -> None:
    quality = result.get("quality", {})
    for system, figures in quality.items():
        parts = [f"{split} r@1 {f['recall@1']:.2f} r@5 {f['recall@5']:.2f} MRR {f['mrr']:.2f} (n={f['n']})"
                 for split, f in figures.items()]
        print(f"search quality, {system}: " + "; ".join(parts), file=sys.stderr)
        for label in (FRESH_LABEL, BLIND2_LABEL, BLIND3_LABEL, BLIND4_LABEL, BLIND5_LABEL, BLIND6_LABEL, BLIND7_LABEL, BLIND8_LABEL):
            kinds = figures.get(label, {}).get("by_kind") or {}
            if kinds:
                print(f"  {label} per kind: " + "; ".join(
                    f"{kind} r@1 {f['recall@1']:.2f} r@5 {f['recall@5']:.2f} MRR {f['mrr']:.2f} (n={f['n']})"
                    for kind, f in kinds.items()), file=sys.stderr)
    for n, entry in result["sizes"].items():
        a, b = entry["atdf"], entry["build"]
        line = (f"search N={int(n):,}: p50 {a['p50']:.3f} ms, p99 {a['p99']:.3f} ms; build {b['full_us_per_tool']:.1f} µs/tool "
                f"({b['full_ms']:,.0f} ms; a fresh process's first {b['first_us_per_tool']:.1f}), "
                f"after one change {b['incremental_us_per_tool']:.1f} µs/tool ({b['incremental_ms']:,.0f} ms); "
                f"index {entry.get('index_kib_per_tool', 'n/a')} KiB/tool")
        if "cache" in entry:
            c = entry["cache"]
            line += (f"; from the cache over files: full {c['files_full_us_per_tool']:.1f}, unchanged "
                     f"{c['files_cache_unchanged_us_per_tool']:.1f}, one changed {c['files_cache_one_changed_us_per_tool']:.1f} µs/tool, "
                     f"copies keyed by text {c['copies_cache_unchanged_us_per_tool']:.1f} µs/tool")
        if "fastmcp" in entry:
            line += f"; FastMCP p50 {entry['fastmcp']['p50']:.1f} ms, p99 {entry['fastmcp']['p99']:.1f} ms"
        print(line, file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run from the command line and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    print(json.dumps(run(quick=args.quick), indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
