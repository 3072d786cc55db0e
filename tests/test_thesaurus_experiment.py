"""The WordNet thesaurus experiment's harness (bench/thesaurus_experiment.py) still measures what its note says: with
no weight it ranks as the search does, and a word's thesaurus words reach only terms the catalogue has."""

from __future__ import annotations

import pytest

from atdf_mcp.search import SearchIndex
from bench.search_quality import load_corpus, load_queries
from bench.thesaurus_experiment import ThesaurusIndex

QUERY = "I need wheels when I land in Denver"  # a dev query (expects rent_car)


@pytest.fixture(scope="module")
def indexes() -> tuple[SearchIndex, ThesaurusIndex]:
    """The search corpus indexed by the search and by the harness."""
    tools = load_corpus()
    return SearchIndex.build(tools), ThesaurusIndex.build(tools)


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A two-line table: "wheel" (a known noun) → car and a made-up stem; "need" → a made-up stem only."""
    monkeypatch.setattr(ThesaurusIndex, "table", {"wheel": ("car", "zzqxnotaterm"), "need": ("zzqxnotaterm",)})


def test_without_weight_the_harness_ranks_as_the_search(indexes: tuple[SearchIndex, ThesaurusIndex]) -> None:
    """Weights 0: every dev query's first 10 hits are the search's own."""
    plain, harness = indexes
    for q in [q for q in load_queries() if q.split == "dev"][:40]:
        assert [h.name for h in harness.search(q.query, 10)] == [h.name for h in plain.search(q.query, 10)], q.query


@pytest.mark.usefixtures("table")
def test_expansion_reaches_only_the_catalogues_terms(indexes: tuple[SearchIndex, ThesaurusIndex],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """"wheels" expands to car (a term of the catalogue), not to the made-up stem; "need" to nothing; and the clause
    lifts rent_car, which the query never names."""
    plain, harness = indexes
    assert [harness._term_texts()[i] for i in harness._near("wheels", set())] == ["car"]
    assert harness._near("need", set()) == []
    monkeypatch.setattr(ThesaurusIndex, "weight", 0.2)
    monkeypatch.setattr(ThesaurusIndex, "oov_weight", 0.2)
    before = [h.name for h in plain.search(QUERY, 10)].index("rent_car")
    after = [h.name for h in harness.search(QUERY, 10)].index("rent_car")
    assert after < before
