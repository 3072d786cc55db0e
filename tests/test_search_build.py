"""The index build gives the rankings frozen in tests/fixtures/search_rankings.json (top 10, scores within 1e-4).

The fixture was written by the build it guards; after a deliberate ranking change, write it again with
`python -m tests.test_search_build` (from the repository root) and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from atdf_mcp import load_catalog
from atdf_mcp.search import SearchIndex
from bench.search_quality import load_corpus, load_queries

FIXTURE = Path(__file__).parent / "fixtures" / "search_rankings.json"
DEMO = Path(__file__).parent.parent / "descriptors"
DEPTH = 10
REPLICAS = 1_000  # the corpus copied and renamed up to this many tools: ties between copies, postings N/209-fold
DEMO_QUERIES = ("weather forecast", "book a flight", "reservar un vuelo de ida y vuelta", "hotel flight city",
                "convert temperature", "taxes included", "where could I stay, compare room types", "currency",
                "previsión del tiempo", "trip summary", "add a note")


def _replicate(tools: list[Any], n: int) -> list[Any]:
    """N tools: the originals, then renamed copies (as bench/search.py makes them)."""
    out = list(tools[:n])
    k = 1
    while len(out) < n:
        out += [d.model_copy(update={"id": f"{d.id}__r{k}"}) for d in tools[: n - len(out)]]
        k += 1
    return out


def _rankings(index: SearchIndex, queries: list[str]) -> dict[str, list[list[Any]]]:
    """Each query's top DEPTH as [name, score] pairs."""
    return {q: [[h.name, h.score] for h in index.search(q, DEPTH)] for q in queries}


def _lines(index: SearchIndex, tools: list[Any]) -> dict[str, str]:
    """Each tool's Level-1 line, as a hit shows it (a search restricted to the tool, on its own id)."""
    out = {}
    for d in tools:
        hits = index.search(d.id.replace("_", " "), 1, allowed={d.id})
        if hits:
            out[d.id] = hits[0].description
    return out


def current() -> dict[str, Any]:
    """What the index built now ranks: the corpus, the corpus replicated, the demo catalogue (lines in en and es)."""
    corpus = load_corpus()
    queries = [q.query for q in load_queries()]
    demo = list(load_catalog(DEMO).tools)
    demo_es = SearchIndex.build(demo, lang="es")
    return {
        "corpus": _rankings(SearchIndex.build(corpus), queries),
        "replicated": _rankings(SearchIndex.build(_replicate(corpus, REPLICAS)), queries),
        "demo": _rankings(SearchIndex.build(demo), list(DEMO_QUERIES)),
        "demo_es": _rankings(demo_es, list(DEMO_QUERIES)),
        "lines_corpus": _lines(SearchIndex.build(corpus), corpus),
        "lines_demo_es": _lines(demo_es, demo),
    }


@pytest.fixture(scope="module")
def now() -> dict[str, Any]:
    return current()


@pytest.fixture(scope="module")
def frozen() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", ["corpus", "replicated", "demo", "demo_es"])
def test_top_ten_names_and_scores_are_the_frozen_ones(case: str, now: dict[str, Any], frozen: dict[str, Any]) -> None:
    got, want = now[case], frozen[case]
    assert list(got) == list(want)
    for query, expected in want.items():
        assert [n for n, _ in got[query]] == [n for n, _ in expected], query
        assert [s for _, s in got[query]] == pytest.approx([s for _, s in expected], abs=1e-4), query


@pytest.mark.parametrize("case", ["lines_corpus", "lines_demo_es"])
def test_level_one_lines_are_the_frozen_ones(case: str, now: dict[str, Any], frozen: dict[str, Any]) -> None:
    assert now[case] == frozen[case]


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(current(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}", file=sys.stderr)
