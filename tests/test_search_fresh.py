"""The blind search set (bench/search_fresh) loads cleanly and its queries are well-formed; its recall is not tested."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from atdf_mcp.catalog import Catalog, load_catalog
from bench.search_quality import FRESH_DIR, FRESH_QUERIES, KINDS, Query, load_queries, main, run

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    """The fresh catalogue loaded as the server loads it, handlers bound."""
    return load_catalog(FRESH_DIR)


@pytest.fixture(scope="module")
def queries() -> list[Query]:
    """The fresh labelled queries."""
    return load_queries(FRESH_QUERIES)


def test_validate_reports_no_error() -> None:
    """`atdf-mcp validate` on the fresh catalogue exits 0 with no error and at least 120 descriptors."""
    done = subprocess.run([sys.executable, "-m", "atdf_mcp.cli", "validate", "--format", "json", str(FRESH_DIR)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout)
    errors = [p for f in report["files"] for p in f.get("problems", ()) if p.get("severity") == "error"]
    assert errors == []
    assert report["summary"]["descriptors"] >= 120


def test_catalogue_holds_every_dialect_and_every_tool_is_bound(catalog: Catalog) -> None:
    """At least 120 distinct tools, all five dialects, some es/pt text, and no tool without a handler."""
    tools = catalog.tools
    assert catalog.report.errors == []
    assert len(tools) >= 120 and len({t.id for t in tools}) == len(tools)
    assert set(Counter(t.dialect for t in tools)) == {"ardf", "atdf2", "atdf1", "mcp", "openakita"}
    assert {"es", "pt"} <= {lang for t in tools for lang in t.localization}
    assert [t.id for t in tools if catalog.runtimes[t.id].bound.dispatcher is None] == []


def test_every_expected_id_is_a_fresh_tool(catalog: Catalog, queries: list[Query]) -> None:
    """Each query's expected ids name tools of the fresh catalogue, and no query is written twice."""
    ids = {t.id for t in catalog.tools}
    assert [(q.query, e) for q in queries for e in q.expect if e not in ids] == []
    assert len({q.query.lower() for q in queries}) == len(queries)


def test_query_mix(queries: list[Query]) -> None:
    """>= 120 queries, all in the `fresh` split, every kind present, about a tenth each in Spanish and Portuguese."""
    kinds = Counter(q.kind for q in queries)
    assert len(queries) >= 120
    assert {q.split for q in queries} == {"fresh"}
    assert set(kinds) == set(KINDS)
    assert kinds["es"] >= 0.07 * len(queries) and kinds["pt"] >= 0.07 * len(queries)


def test_run_scores_the_fresh_set_when_given_its_folder(queries: list[Query]) -> None:
    """`run(corpus=...)` reads that folder's tools and queries.yaml and scores every system on all of them."""
    report = run(corpus=FRESH_DIR)
    assert (report["corpus"], report["queries"], report["split"]) == ("search_fresh", len(queries), "all")
    assert "word overlap (floor)" in report["systems"]
    for scores in report["systems"].values():
        assert scores["n"] == len(queries) and set(scores["by_split"]) == {"fresh"}


def test_the_command_line_takes_a_corpus_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`--corpus DIR` names the folder in the first line; a path that is no folder is a usage error (exit 2)."""
    assert main(["--corpus", str(FRESH_DIR), "--split", "fresh"]) == 0
    assert capsys.readouterr().out.startswith("search_fresh: ")
    with pytest.raises(SystemExit) as exited:
        main(["--corpus", str(tmp_path / "missing")])
    assert exited.value.code == 2
    assert "not a folder" in capsys.readouterr().err
