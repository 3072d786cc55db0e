"""Search quality: recall@1, recall@k and MRR of a tool search over the labelled queries of bench/search_corpus.

    python -m bench.search_quality             # the catalogue's search engine (if written) and a word-overlap floor
    python -m bench.search_quality --split holdout --misses
    python -m bench.search_quality --corpus bench/search_fresh --misses   # the blind set: another catalogue, other queries

The yardstick knows nothing of any engine: `evaluate` takes a function `search(query, limit) -> [tool id, ...]`,
best first. `load_queries` reads bench/search_corpus/queries.yaml, whose entries are
`{query, expect: [tool id, ...], kind, split}`; a query is answered when any of its expected ids is ranked.

- recall@k: the share of queries with an expected id among the first k results;
- MRR: the mean of 1/rank of the first expected id found, 0 when none is within the first 10 (MRR_DEPTH).

bench/search_fresh is a second, blind yardstick: 130 tools of other domains and 186 queries (split `fresh`) written
before any search ran on them. Nothing is tuned on it; it says whether the figures above carry to catalogues and
queries no one here has seen. bench/search_blind2 is a third (151 tools, 234 queries, split `blind2`), written the same
way and adding the kinds `typo`, `agent` (an agent's task description of 20+ words) and `named` (a query naming a tool id).
bench/search_blind3 is a fourth (150 tools, 222 queries, split `blind3`, the same kinds), its paraphrases sharing no
content word with the tool they expect. bench/search_blind4 is a fifth (150 tools, 242 queries, split `blind4`, the same
kinds), most written as agents query a search_tools meta-tool (keyword strings, "tool to ...", a guessed tool name in
another casing or with another verb, a user's request pasted whole). bench/search_blind5 is a sixth (150 tools, 240
queries, split `blind5`, the same kinds), its catalogue holding several near-neighbour tools per domain (list / get /
search, create / update / cancel, invoice / credit note) and 35 queries that ask for one of them. bench/search_blind6 is
a seventh (150 tools, 254 queries, split `blind6`, the same kinds): SaaS API surfaces as catalogues generated from
OpenAPI specs and MCP servers look (terse descriptions, vendor-prefixed snake_case and camelCase names, many
near-neighbour tools per object). bench/search_blind7 is an eighth (150 tools, 303 queries, split `blind7`, the same
kinds): developer infrastructure APIs (DNS and CDN, serverless Postgres, feature flags, observability, container
registry, secrets, package registry, hosted search, queues, transactional email), names with and without a vendor
prefix, and queries that name a task's parameter values rather than its action ("example.com A record").
bench/search_blind8 is a ninth (150 tools, 265 queries, split `blind8`, the same kinds): recruiting, browser automation,
spreadsheets, crypto exchange, search ads, music streaming, parcel shipping, loyalty points, procurement and football
data, with enum values in input schemas and queries that name them ("odds over_under").
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

__all__ = ["ALL_KINDS", "BLIND2_DIR", "BLIND2_KINDS", "BLIND2_QUERIES", "BLIND3_DIR", "BLIND3_QUERIES", "BLIND4_DIR",
           "BLIND4_QUERIES", "BLIND5_DIR", "BLIND5_QUERIES", "BLIND6_DIR", "BLIND6_QUERIES", "BLIND7_DIR",
           "BLIND7_QUERIES", "BLIND8_DIR", "BLIND8_QUERIES", "CORPUS_DIR", "FRESH_DIR",
           "FRESH_QUERIES", "KINDS", "MRR_DEPTH", "QUERIES_FILE", "SPLITS", "Query", "evaluate", "load_corpus", "load_queries",
           "overlap_search", "run"]

CORPUS_DIR = Path(__file__).resolve().parent / "search_corpus"
QUERIES_FILE = CORPUS_DIR / "queries.yaml"
FRESH_DIR = Path(__file__).resolve().parent / "search_fresh"
FRESH_QUERIES = FRESH_DIR / "queries.yaml"
BLIND2_DIR = Path(__file__).resolve().parent / "search_blind2"
BLIND2_QUERIES = BLIND2_DIR / "queries.yaml"
BLIND3_DIR = Path(__file__).resolve().parent / "search_blind3"
BLIND3_QUERIES = BLIND3_DIR / "queries.yaml"
BLIND4_DIR = Path(__file__).resolve().parent / "search_blind4"
BLIND4_QUERIES = BLIND4_DIR / "queries.yaml"
BLIND5_DIR = Path(__file__).resolve().parent / "search_blind5"
BLIND5_QUERIES = BLIND5_DIR / "queries.yaml"
BLIND6_DIR = Path(__file__).resolve().parent / "search_blind6"
BLIND6_QUERIES = BLIND6_DIR / "queries.yaml"
BLIND7_DIR = Path(__file__).resolve().parent / "search_blind7"
BLIND7_QUERIES = BLIND7_DIR / "queries.yaml"
BLIND8_DIR = Path(__file__).resolve().parent / "search_blind8"
BLIND8_QUERIES = BLIND8_DIR / "queries.yaml"
KINDS = ("direct", "paraphrase", "synonym", "near_neighbour", "es", "pt", "terse")
BLIND2_KINDS = ("typo", "agent", "named")  # kinds the second blind set adds: a misspelt request, a 20+ word task, a tool id
ALL_KINDS = KINDS + BLIND2_KINDS
SPLITS = ("dev", "holdout", "fresh", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8")
MRR_DEPTH = 10

Search = Callable[[str, int], Sequence[str]]


@dataclass(frozen=True)
class Query:
    """One labelled query: the text, every tool id that answers it, its kind and its split."""

    query: str
    expect: tuple[str, ...]
    kind: str
    split: str


def load_queries(path: Path | None = None) -> list[Query]:
    """The labelled queries of `path` (default: the corpus's queries.yaml); ValueError names a malformed entry."""
    path = path or QUERIES_FILE
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise ValueError(f"{path}: expected a list of queries, got {type(raw).__name__}")
    queries = []
    for n, entry in enumerate(raw):
        where = f"{path}: entry {n}"
        if not isinstance(entry, dict) or set(entry) != {"query", "expect", "kind", "split"}:
            raise ValueError(f"{where}: expected the keys query, expect, kind, split (got {entry!r})")
        text, expect, kind, split = entry["query"], entry["expect"], entry["kind"], entry["split"]
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{where}: query must be a non-empty string (got {text!r})")
        if not isinstance(expect, list) or not expect or not all(isinstance(e, str) and e for e in expect):
            raise ValueError(f"{where}: expect must be a non-empty list of tool ids (got {expect!r})")
        if kind not in ALL_KINDS:
            raise ValueError(f"{where}: kind must be one of {', '.join(ALL_KINDS)} (got {kind!r})")
        if split not in SPLITS:
            raise ValueError(f"{where}: split must be one of {', '.join(SPLITS)} (got {split!r})")
        queries.append(Query(text, tuple(expect), kind, split))
    return queries


def evaluate(search: Search, queries: Sequence[Query], *, k: int = 5) -> dict[str, Any]:
    """recall@1, recall@k and MRR of `search` over `queries`, overall and per kind, and the queries missed at k."""
    depth = max(k, MRR_DEPTH)
    ranks: list[int | None] = []
    misses = []
    for q in queries:
        got = list(search(q.query, depth))[:depth]
        rank = next((i + 1 for i, name in enumerate(got) if name in q.expect), None)
        ranks.append(rank)
        if rank is None or rank > k:
            misses.append({"query": q.query, "expect": list(q.expect), "got": got[:k], "kind": q.kind, "split": q.split})
    result = _scores(ranks, k)
    result["by_kind"] = {kind: _scores([r for r, q in zip(ranks, queries, strict=True) if q.kind == kind], k)
                         for kind in ALL_KINDS if any(q.kind == kind for q in queries)}
    result["by_split"] = {split: _scores([r for r, q in zip(ranks, queries, strict=True) if q.split == split], k)
                          for split in SPLITS if any(q.split == split for q in queries)}
    result["misses"] = misses
    return result


def _scores(ranks: list[int | None], k: int) -> dict[str, Any]:
    """n, recall@1, recall@k and MRR of a list of ranks (None: not found within MRR_DEPTH)."""
    n = len(ranks)
    if n == 0:
        return {"n": 0, "recall@1": 0.0, f"recall@{k}": 0.0, "mrr": 0.0}
    return {
        "n": n,
        "recall@1": round(sum(1 for r in ranks if r == 1) / n, 4),
        f"recall@{k}": round(sum(1 for r in ranks if r is not None and r <= k) / n, 4),
        "mrr": round(sum(1 / r for r in ranks if r is not None and r <= MRR_DEPTH) / n, 4),
    }


def load_corpus(folder: Path | None = None) -> list[Any]:
    """The tools of `folder` (default: the corpus), as the server loads them (atdf_mcp.model.Descriptor; no handler imported)."""
    from atdf_mcp.catalog import load_catalog

    return list(load_catalog(folder or CORPUS_DIR, bind=False).tools)


_WORD = re.compile(r"[^\W_]+")


def overlap_search(tools: Iterable[Any]) -> Search:
    """A floor to compare with: rank tools by how many query words their name, description and when_to_use share."""
    bags = [(t.id, set(_words(f"{t.id} {t.description} {t.when_to_use}"))) for t in tools]

    def search(query: str, limit: int) -> list[str]:
        words = set(_words(query))
        scored = sorted(((len(words & bag), name) for name, bag in bags), key=lambda s: -s[0])
        return [name for score, name in scored[:limit] if score > 0]

    return search


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if len(w) > 2]


def _engine_search(tools: list[Any]) -> Search | None:
    """The catalogue's own search (atdf_mcp.search.SearchIndex), or None while it does not exist."""
    try:
        from atdf_mcp.search import SearchIndex  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    index = SearchIndex.build(tools)
    return lambda query, limit: [hit.name for hit in index.search(query, limit)]


def run(quick: bool = False, split: str | None = None, *, corpus: Path | None = None,
        queries_file: Path | None = None) -> dict[str, Any]:
    """Scores of every available search (the engine, the word-overlap floor) on the queries of `split` (all when None).

    `corpus` is the catalogue folder (default: bench/search_corpus); its queries are `queries_file`, by default the
    folder's queries.yaml.
    """
    tools = load_corpus(corpus)
    path = queries_file or (corpus / "queries.yaml" if corpus is not None else None)
    queries = [q for q in load_queries(path) if split is None or q.split == split]
    systems: dict[str, Search] = {"word overlap (floor)": overlap_search(tools)}
    engine = _engine_search(tools)
    if engine is not None:
        systems = {"atdf_mcp.search": engine, **systems}
    return {"corpus": (corpus or CORPUS_DIR).name, "tools": len(tools), "queries": len(queries), "split": split or "all",
            "systems": {name: evaluate(search, queries) for name, search in systems.items()}}


def main(argv: Sequence[str] | None = None) -> int:
    """Print the scores of each system, per kind; with --misses, the queries each one missed."""
    parser = argparse.ArgumentParser(prog="python -m bench.search_quality", description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=SPLITS, help="only the queries of this split (default: all)")
    parser.add_argument("--corpus", type=Path, metavar="DIR",
                        help="the catalogue folder to search (default: bench/search_corpus; bench/search_fresh, "
                             "bench/search_blind2 to bench/search_blind8 are the blind sets)")
    parser.add_argument("--queries", type=Path, metavar="FILE", help="the labelled queries (default: DIR/queries.yaml)")
    parser.add_argument("--misses", action="store_true", help="list the queries missed at k=5")
    args = parser.parse_args(argv)
    if args.corpus is not None and not args.corpus.is_dir():
        parser.error(f"--corpus {args.corpus}: not a folder")
    report = run(split=args.split, corpus=args.corpus, queries_file=args.queries)
    print(f"{report['corpus']}: {report['tools']} tools, {report['queries']} queries ({report['split']})")
    for name, scores in report["systems"].items():
        print(f"\n{name}: recall@1 {scores['recall@1']:.3f}  recall@5 {scores['recall@5']:.3f}  MRR {scores['mrr']:.3f}")
        for kind, s in scores["by_kind"].items():
            print(f"  {kind:<15} n={s['n']:<3} recall@1 {s['recall@1']:.3f}  recall@5 {s['recall@5']:.3f}  MRR {s['mrr']:.3f}")
        if args.misses:
            for miss in scores["misses"]:
                print(f"  MISS [{miss['kind']}] {miss['query']!r} expected {miss['expect']} got {miss['got']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
