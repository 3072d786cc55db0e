"""The search corpus and its labelled queries hold what the quality figures rely on, and the metrics compute right."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from atdf_mcp.catalog import Catalog, load_catalog
from bench.search_quality import CORPUS_DIR, KINDS, QUERIES_FILE, Query, evaluate, load_queries, overlap_search

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    """The corpus loaded as the server loads it, handlers bound."""
    return load_catalog(CORPUS_DIR)


@pytest.fixture(scope="module")
def queries() -> list[Query]:
    """The labelled queries."""
    return load_queries()


def test_validate_reports_no_error_and_no_warning() -> None:
    """`atdf-mcp validate --strict` on the corpus exits 0 and reports 0 errors, 0 warnings, >= 200 descriptors."""
    done = subprocess.run([sys.executable, "-m", "atdf_mcp.cli", "validate", "--strict", "--format", "json", str(CORPUS_DIR)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout)
    problems = [p for f in report["files"] for p in f.get("problems", ()) if p.get("severity") in ("error", "warning")]
    assert problems == []


def test_corpus_holds_at_least_200_tools_in_every_dialect(catalog: Catalog) -> None:
    """Every one of the five dialects the server reads is present, none under 10% and none over 35% of the tools."""
    assert catalog.report.errors == [] and catalog.report.warnings == []
    tools = catalog.tools
    assert len(tools) >= 200
    counts = Counter(t.dialect for t in tools)
    assert set(counts) == {"ardf", "atdf2", "atdf1", "mcp", "openakita"}, counts
    for dialect, n in counts.items():
        assert 0.10 <= n / len(tools) <= 0.35, (dialect, n)
    assert len({t.id for t in tools}) == len(tools)


def test_about_twenty_tools_carry_spanish_or_portuguese_text(catalog: Catalog) -> None:
    """At least 20 tools have an es or pt localization, and most tools are English only."""
    localized = [t for t in catalog.tools if {"es", "pt"} & set(t.localization)]
    assert 20 <= len(localized) <= len(catalog.tools) // 4
    assert {"es", "pt"} <= {lang for t in localized for lang in t.localization}


def test_every_tool_is_callable(catalog: Catalog) -> None:
    """Every tool is bound to a handler (no NO_HANDLER warning, no HANDLER_UNAVAILABLE)."""
    assert [t.id for t in catalog.tools if catalog.runtimes[t.id].bound.dispatcher is None] == []


def test_every_expected_id_is_a_corpus_tool(catalog: Catalog, queries: list[Query]) -> None:
    """Each query's expected ids name tools of the corpus, and no query is written twice."""
    ids = {t.id for t in catalog.tools}
    assert [(q.query, e) for q in queries for e in q.expect if e not in ids] == []
    assert len({q.query.lower() for q in queries}) == len(queries)


def test_query_mix(queries: list[Query]) -> None:
    """>= 130 queries: >= 35% paraphrase or synonym, >= 15 Spanish, >= 15 Portuguese, >= 20 near-neighbour, some terse."""
    kinds = Counter(q.kind for q in queries)
    assert len(queries) >= 130
    assert set(kinds) == set(KINDS)
    assert (kinds["paraphrase"] + kinds["synonym"]) / len(queries) >= 0.35
    assert kinds["es"] >= 15 and kinds["pt"] >= 15
    assert kinds["near_neighbour"] >= 20
    assert kinds["terse"] >= 5


def test_about_a_third_held_out_in_every_kind(queries: list[Query]) -> None:
    """25-40% of the queries are held out, and every kind has held-out queries."""
    held = [q for q in queries if q.split == "holdout"]
    assert 0.25 <= len(held) / len(queries) <= 0.40
    assert {q.kind for q in held} == set(KINDS)


def test_queries_aim_at_many_tools_and_at_english_only_tools(catalog: Catalog, queries: list[Query]) -> None:
    """The queries cover at least half the tools; some es/pt queries aim at tools with no es/pt text."""
    by_id = {t.id: t for t in catalog.tools}
    assert len({e for q in queries for e in q.expect}) >= len(by_id) // 2
    for lang in ("es", "pt"):
        aimed = [q for q in queries if q.kind == lang]
        english_only = [q for q in aimed if not any(lang in by_id[e].localization for e in q.expect)]
        assert 3 <= len(english_only) < len(aimed), lang


FAKE = [Query("a", ("x",), "direct", "dev"), Query("b", ("y", "z"), "paraphrase", "dev"),
        Query("c", ("w",), "paraphrase", "holdout"), Query("d", ("v",), "es", "holdout")]
RANKED = {"a": ["x", "p", "q"],                                         # rank 1
          "b": ["p", "q", "z", "y"],                                    # first expected at rank 3
          "c": ["p", "q", "r", "s", "t", "u", "w"],                     # rank 7: outside the top 5, inside MRR's 10
          "d": ["p", "q", "r", "s", "t", "u", "o", "n", "m", "l", "v"]}  # rank 11: not found


def test_evaluate_computes_recall_and_mrr_on_a_fixed_ranking() -> None:
    """recall@1, recall@5 and MRR of known rankings; misses list the queries with nothing expected in the top 5."""
    limits = []

    def search(query: str, limit: int) -> list[str]:
        limits.append(limit)
        return RANKED[query]

    result = evaluate(search, FAKE, k=5)
    assert limits == [10, 10, 10, 10]
    assert result["n"] == 4
    assert result["recall@1"] == 0.25
    assert result["recall@5"] == 0.5
    assert result["mrr"] == round((1 + 1 / 3 + 1 / 7 + 0) / 4, 4)
    assert result["by_kind"]["direct"] == {"n": 1, "recall@1": 1.0, "recall@5": 1.0, "mrr": 1.0}
    assert result["by_kind"]["paraphrase"] == {"n": 2, "recall@1": 0.0, "recall@5": 0.5, "mrr": round((1 / 3 + 1 / 7) / 2, 4)}
    assert result["by_split"]["holdout"]["recall@5"] == 0.0
    assert [(m["query"], m["got"]) for m in result["misses"]] == [("c", ["p", "q", "r", "s", "t"]), ("d", ["p", "q", "r", "s", "t"])]
    assert set(result["by_kind"]) == {"direct", "paraphrase", "es"}


def test_evaluate_with_another_k_and_results_longer_than_asked() -> None:
    """k=1 reports recall@1 twice over; a search returning more than `limit` ids is cut at the MRR depth."""
    result = evaluate(lambda q, limit: RANKED[q] * 3, FAKE, k=1)
    assert result["recall@1"] == 0.25 and "recall@5" not in result
    assert result["mrr"] == round((1 + 1 / 3 + 1 / 7) / 4, 4)  # d's "v" at rank 11 is past the depth of 10


def test_a_perfect_and_an_empty_search() -> None:
    """A search that returns the expected id first scores 1.0 everywhere; one that returns nothing scores 0."""
    perfect = evaluate(lambda q, limit: [next(x.expect[0] for x in FAKE if x.query == q)], FAKE)
    assert (perfect["recall@1"], perfect["recall@5"], perfect["mrr"], perfect["misses"]) == (1.0, 1.0, 1.0, [])
    empty = evaluate(lambda q, limit: [], FAKE)
    assert (empty["recall@1"], empty["recall@5"], empty["mrr"], len(empty["misses"])) == (0.0, 0.0, 0.0, 4)


@pytest.mark.parametrize(("text", "message"), [
    ("- {query: q, expect: [], kind: direct, split: dev}\n", "expect must be a non-empty list"),
    ("- {query: q, expect: [a], kind: fuzzy, split: dev}\n", "kind must be one of"),
    ("- {query: q, expect: [a], kind: direct, split: test}\n", "split must be one of"),
    ("- {query: '', expect: [a], kind: direct, split: dev}\n", "query must be a non-empty string"),
    ("- {query: q, expect: [a], kind: direct}\n", "expected the keys"),
    ("query: q\n", "expected a list"),
])
def test_load_queries_names_a_malformed_entry(tmp_path: Path, text: str, message: str) -> None:
    """A malformed queries file raises ValueError saying which entry and what is wrong."""
    path = tmp_path / "queries.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_queries(path)


def test_load_queries_reads_the_fields(tmp_path: Path) -> None:
    """Each entry becomes a Query with its expected ids as a tuple."""
    path = tmp_path / "queries.yaml"
    path.write_text("- {query: undo the charge, expect: [refund_payment, void_payment], kind: paraphrase, split: holdout}\n",
                    encoding="utf-8")
    assert load_queries(path) == [Query("undo the charge", ("refund_payment", "void_payment"), "paraphrase", "holdout")]
    assert load_queries()[0] == load_queries(QUERIES_FILE)[0]


def test_the_word_overlap_floor_is_far_from_the_target(catalog: Catalog, queries: list[Query]) -> None:
    """Plain word overlap stays under recall@5 0.8 overall and under 0.5 in Spanish and Portuguese: the set is not trivial."""
    result = evaluate(overlap_search(catalog.tools), queries)
    assert result["recall@5"] < 0.8
    assert result["by_kind"]["es"]["recall@5"] < 0.5 and result["by_kind"]["pt"]["recall@5"] < 0.5
    assert result["by_kind"]["direct"]["recall@5"] >= 0.8  # the floor works where words are shared


def test_committed_files_are_what_the_generator_writes(tmp_path: Path) -> None:
    """Running _make.py into an empty folder reproduces every committed descriptor file and atdf-mcp.yaml byte for byte."""
    spec = importlib.util.spec_from_file_location("search_corpus_make", CORPUS_DIR / "_make.py")
    assert spec is not None and spec.loader is not None
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    make.main(tmp_path)
    written = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    committed = {p.relative_to(CORPUS_DIR).as_posix(): p.read_bytes() for p in CORPUS_DIR.rglob("*")
                 if p.is_file() and p.relative_to(CORPUS_DIR).parts[0] in make.GENERATED}
    committed["atdf-mcp.yaml"] = (CORPUS_DIR / "atdf-mcp.yaml").read_bytes()
    assert written.keys() == committed.keys()
    assert [name for name in written if written[name] != committed[name]] == []
