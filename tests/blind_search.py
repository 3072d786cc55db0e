"""The checks every blind search set (bench/search_blind2 to _blind8) passes: it loads cleanly, its queries
are well-formed, and the engine keeps a floor on it. tests/test_search_blind_sets.py calls them for each set, with
its folder and split."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from atdf_mcp.catalog import Catalog
from bench.search_quality import ALL_KINDS, Query, main, run

ROOT = Path(__file__).resolve().parent.parent


def validate_reports_no_error(folder: Path) -> None:
    """`atdf-mcp validate` on the set's catalogue exits 0 with no error and at least 140 descriptors."""
    done = subprocess.run([sys.executable, "-m", "atdf_mcp.cli", "validate", "--format", "json", str(folder)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout)
    errors = [p for f in report["files"] for p in f.get("problems", ()) if p.get("severity") == "error"]
    assert errors == []
    assert report["summary"]["descriptors"] >= 140


def every_dialect_and_every_tool_bound(catalog: Catalog) -> None:
    """At least 140 distinct tools, all five dialects, some es/pt text, and no tool without a handler."""
    tools = catalog.tools
    assert catalog.report.errors == []
    assert len(tools) >= 140 and len({t.id for t in tools}) == len(tools)
    assert set(Counter(t.dialect for t in tools)) == {"ardf", "atdf2", "atdf1", "mcp", "openakita"}
    assert {"es", "pt"} <= {lang for t in tools for lang in t.localization}
    assert [t.id for t in tools if catalog.runtimes[t.id].bound.dispatcher is None] == []


def every_expected_id_is_a_tool(catalog: Catalog, queries: list[Query]) -> None:
    """Each query's expected ids name tools of the catalogue, and no query is written twice."""
    ids = {t.id for t in catalog.tools}
    assert [(q.query, e) for q in queries for e in q.expect if e not in ids] == []
    assert len({q.query.lower() for q in queries}) == len(queries)


def query_mix(catalog: Catalog, queries: list[Query], split: str) -> None:
    """>= 200 queries in `split`, every kind present, agent tasks of 20+ words, named queries naming a tool."""
    kinds = Counter(q.kind for q in queries)
    assert len(queries) >= 200
    assert {q.split for q in queries} == {split}
    assert set(kinds) == set(ALL_KINDS)
    assert kinds["es"] >= 0.06 * len(queries) and kinds["pt"] >= 0.06 * len(queries)
    assert [q.query for q in queries if q.kind == "agent" and len(q.query.split()) < 20] == []
    spelled = {re.sub(r"[^a-z0-9]", "", t.id.lower()) for t in catalog.tools}
    named = [q for q in queries if q.kind == "named"]
    assert [q.query for q in named if not {re.sub(r"[^a-z0-9]", "", w.lower()) for w in q.query.split()} & spelled] == []


def keeps_its_floor(folder: Path, queries: list[Query], split: str, recall_floor: float, mrr_floor: float) -> None:
    """`run(corpus=...)` scores every query; the engine's recall@5 and MRR stay above the floor and above word overlap."""
    report = run(corpus=folder)
    assert (report["corpus"], report["queries"], report["split"]) == (folder.name, len(queries), "all")
    engine, floor = report["systems"]["atdf_mcp.search"], report["systems"]["word overlap (floor)"]
    assert set(engine["by_split"]) == {split} and set(engine["by_kind"]) == set(ALL_KINDS)
    assert engine["recall@5"] >= recall_floor and engine["mrr"] >= mrr_floor, engine
    assert engine["recall@5"] > floor["recall@5"] and engine["mrr"] > floor["mrr"]


def command_line_takes_the_split(capsys: pytest.CaptureFixture[str], folder: Path, split: str) -> None:
    """`--corpus bench/search_blindN --split blindN` names the folder and prints the new kinds."""
    assert main(["--corpus", str(folder), "--split", split]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{folder.name}: ")
    assert all(f"  {kind} " in out for kind in ("typo", "agent", "named"))


# Words too common to count as shared content between a paraphrase and its tool.
_STOP = frozenset(re.findall(r"\w+", """the a an and or of to in on at for by with from is are was be it its this that these those
    what which who how my our your we i you he she they them me us can do does did not no any all some into out up down about
    as if then than so just new need when more use every come same own get make want"""))


def _stem(word: str) -> str:
    """A crude stem: the word without one common English suffix."""
    for suffix in ("ings", "ing", "ied", "ies", "ed", "es", "s", "ly", "er"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _content_words(text: str) -> set[str]:
    """The stemmed words of `text` other than stop words and single letters."""
    return {_stem(w) for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP and len(w) > 1}


def paraphrases_share_no_content_word(catalog: Catalog, queries: list[Query], least: int) -> None:
    """At least `least` paraphrases, none sharing a content word with its tool's id or descriptor text (any field)."""
    by_id = {t.id: t for t in catalog.tools}
    paraphrases = [q for q in queries if q.kind == "paraphrase"]
    assert len(paraphrases) >= least
    shared = [(q.query, e, sorted(_content_words(q.query) & _content_words(
        f"{e.replace('_', ' ')} {json.dumps(by_id[e].raw, ensure_ascii=False).replace('_', ' ')}")))
        for q in paraphrases for e in q.expect]
    assert [s for s in shared if s[2]] == []
