"""The index build gives the rankings frozen in tests/fixtures/search_rankings.json (top 10, scores within 1e-4).

The fixture was written by the build it guards; after a deliberate ranking change, write it again with
`python -m tests.test_search_build` (from the repository root) and review the diff.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from atdf_mcp import load_catalog, search, word_keys
from atdf_mcp.model import Descriptor
from atdf_mcp.search import SearchIndex
from bench.search import replicate
from bench.search_quality import load_corpus, load_queries

FIXTURE = Path(__file__).parent / "fixtures" / "search_rankings.json"
DEMO = Path(__file__).parent.parent / "descriptors"
DEPTH = 10
REPLICAS = 1_000  # the corpus copied and renamed up to this many tools: ties between copies, postings N/209-fold
DEMO_QUERIES = ("weather forecast", "book a flight", "reservar un vuelo de ida y vuelta", "hotel flight city",
                "convert temperature", "taxes included", "where could I stay, compare room types", "currency",
                "previsión del tiempo", "trip summary", "add a note")


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
        "replicated": _rankings(SearchIndex.build(replicate(corpus, REPLICAS)), queries),
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



def _reference_terms(d: Descriptor) -> dict[str, float]:
    """The weighted stems of one tool as the per-tool build counted them (its code, kept here as the yardstick)."""
    texts: dict[tuple[str, float, bool], list[str]] = {}

    def add(field: str, values: Iterable[Any], lang: str = "en") -> None:
        key = (lang, search.WEIGHTS[field], field in ("name", "input_name"))  # identifiers: split at camelCase humps
        texts.setdefault(key, []).extend(v for v in values if v and isinstance(v, str))

    add("name", (d.id,))
    add("title", (d.title,))
    add("description", (d.description,))
    add("when_to_use", (d.when_to_use,))
    triggers = d.hints.get("triggers")
    if isinstance(triggers, list) and "; ".join(map(str, triggers)) != d.when_to_use:
        add("when_to_use", triggers)
    add("detail", (d.hints.get("detail"),))
    for key in ("tags", "keywords", "category", "subcategory", "domain"):
        value = d.metadata.get(key)
        add("tags", value if isinstance(value, list) else (value,))
    add("input_name", (i.name for i in d.inputs))
    add("input_description", (i.description for i in d.inputs))
    add("example", (text for e in d.examples for text in (e.name, e.narrative)))
    for key, localized in d.localization.items():
        if isinstance(localized, dict):
            lang = key.split("-")[0].lower()
            lang = lang if lang in search._SNOWBALL and search._stemmer(lang) is not None else "en"
            for field in ("title", "description", "when_to_use"):
                add(field, (localized.get(field),), lang)
    terms: dict[str, float] = {}
    for (lang, weight, identifiers), values in texts.items():
        if values:
            for stem in search._stem(lang, search._words(" \n ".join(values), identifiers)):
                terms[stem] = terms.get(stem, 0.0) + weight
    return terms


def _indexed_terms(index: SearchIndex) -> dict[str, dict[str, float]]:
    """Each tool's weighted stems as the index holds them."""
    stems = list(index._vocab)
    return {e.descriptor.id: {stems[i]: float(w) for i, w in zip(e.ids.tolist(), e.tf.tolist(), strict=True)}
            for e in index._entries.values()}


def _awkward(demo: list[Descriptor]) -> list[Descriptor]:
    """Descriptors with what a batched tokenizer could get wrong: humps, separators, accents, odd values."""
    base = demo[0]
    inputs = base.inputs
    return [
        base.model_copy(update={"id": "getHTTPInvoiceById", "description": "Gets\x00one invoice — by id.\x00",
                                "inputs": inputs}),
        base.model_copy(update={"id": "plain_snake_name", "title": None, "when_to_use": "ΣΟΦΟΣ ΟΔΟΣ Σ. Éclair über",
                                "inputs": tuple(i.model_copy(update={"name": "customerId"}) for i in inputs[:1])}),
        base.model_copy(update={"id": "Éclair_tool", "description": "", "examples": (),  # "clair" when split at humps
                                "inputs": tuple(i.model_copy(update={"name": "orderId"}) for i in inputs[:1]),
                                "metadata": {"tags": ["Billing", 3, None, "", "refunds"], "category": "Finance",
                                             "domain": ["x"], "keywords": "a"},
                                "hints": {"triggers": ["undo a charge", 7, "give the money back"], "detail": "Taxes included."}}),
        base.model_copy(update={"id": "same_when", "when_to_use": "a; b",
                                "hints": {"triggers": ["a", "b"], "detail": ["not text"]}}),
        base.model_copy(update={"id": "localized", "localization": {
            "es": {"title": "Facturación", "description": "Devuelve la factura\x00 del pedido."},
            "pt-BR": {"description": "Devolve a fatura do pedido.", "when_to_use": "Quando o cliente pede"},
            "xx": {"description": "Unknown language text invoices"}, "fr": "not a dict"}}),
        # the same words in three languages: each stemmed in its own (one table holds every language's words)
        base.model_copy(update={"id": "same_words", "description": "pagar pedidos internacionalizaciones facturación",
                                "localization": {"es": {"description": "pagar pedidos internacionalizaciones facturación"},
                                                 "pt": {"description": "pagar pedidos internacionalizaciones facturación"}}}),
        base.model_copy(update={"id": "x", "description": "a I éé 12 3 _ __init__ snake_case kebab-case dotted.name"}),
        # past the Basic Multilingual Plane (letters, digits, an emoji), a lone surrogate, a lowercase that grows
        base.model_copy(update={"id": "astral", "description": "Ünïcode \U0001d401old\U0001d7d9\U0001d7da tea😀time \ud800broken İstanbul ŉ ﬁle",
                                "when_to_use": "Ελληνικά — “quoted” ½ ² ٣ 文字"}),
        # words around the 8- and 16-byte keys: alike in their first 8 or 16 bytes, told apart by the rest or length
        base.model_copy(update={"id": "long_words", "description": "abcdefgh abcdefghi abcdefghij ABCDEFGHIJKLMNOP "
                                "abcdefghijklmnopq abcdefghijklmnopqr abcdefgh12345678 abcdefgh12345679 "
                                "supercalifragilisticexpialidocious supercalifragilisticexpialidocius abcdefgh",
                                "when_to_use": "internationalization internationalisation zzzzzzzzzzzzzzzzzzzzzzzz",
                                "title": "ascii\x00nul\x00"}),
    ]


@pytest.mark.parametrize("same_weight", [False, True], ids=["weights as set", "name and input names weighed alike"])
def test_the_batched_count_is_the_per_tool_count(same_weight: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    demo = list(load_catalog(DEMO).tools)
    if same_weight:
        monkeypatch.setitem(search.WEIGHTS, "input_name", search.WEIGHTS["name"])
    tools = [*demo, *_awkward(demo)]
    want = {d.id: _reference_terms(d) for d in tools}
    assert _indexed_terms(SearchIndex.build(tools)) == want
    monkeypatch.setattr(search, "_BATCH", 4)  # several batches sharing one vocabulary
    got = _indexed_terms(SearchIndex.build(tools))
    assert got == want
    monkeypatch.setattr(search, "_CLAIM_CHUNK", 3)  # new words put in the table a few at a time, the rest found again
    assert _indexed_terms(SearchIndex.build(tools)) == want
    assert got["getHTTPInvoiceById"].keys() >= {"get", "http", "invoic", "id"}
    assert "eclair" in got["plain_snake_name"] and "gets" not in got["getHTTPInvoiceById"]
    assert ("clair" in got["Éclair_tool"]) is same_weight  # its name joins its input names (humped) when weighed alike


def test_words_hashed_alike_are_still_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every word given the same hash: one home slot for all, each new word claiming the next free slot along the way.
    import numpy as np

    demo = list(load_catalog(DEMO).tools)
    tools = [*demo, *_awkward(demo)]
    monkeypatch.setattr(word_keys.WordTable, "mixed", staticmethod(lambda first, second: np.zeros_like(first)))
    assert _indexed_terms(SearchIndex.build(tools)) == {d.id: _reference_terms(d) for d in tools}


def _wide(demo: list[Descriptor]) -> list[Descriptor]:
    """More than 65,536 distinct words (the matrix's term order takes two radix passes), each tool's (tool, term) keys
    past 65,536 per batch, and one tool whose few new words are each repeated thousands of times."""
    import random

    rng = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = sorted({"".join(rng.choice(letters) for _ in range(rng.randint(4, 20))) for _ in range(72_000)})
    rng.shuffle(words)
    base = demo[0]
    tools = [base.model_copy(update={"id": f"wide_{t}", "description": " ".join(words[t * 240:(t + 1) * 240] * 2),
                                     "when_to_use": " ".join(rng.sample(words, 40))}) for t in range(300)]
    repeated = [f"{w}zq" for w in words[:12]]
    return [*tools, base.model_copy(update={"id": "repeated", "description": " ".join(repeated * 3_000)})]


def test_a_wide_catalogue_counts_the_same_whatever_the_batch_chunk_and_order(monkeypatch: pytest.MonkeyPatch) -> None:
    demo = list(load_catalog(DEMO).tools)
    tools = [*_wide(demo), *_awkward(demo)]
    want = {d.id: _reference_terms(d) for d in tools}
    assert len({term for terms in want.values() for term in terms}) > 65_536
    index = SearchIndex.build(tools)
    assert _indexed_terms(index) == want
    queries = [tools[k].description.split()[k % 200] + " " + tools[-k].when_to_use.split()[0] for k in range(1, 40)]
    ranked = {q: [(h.name, round(h.score, 4)) for h in index.search(q, DEPTH)] for q in queries}
    for batch, chunk in ((37, 8192), (500, 1), (1_000, 100_000)):
        monkeypatch.setattr(search, "_BATCH", batch)
        monkeypatch.setattr(search, "_CLAIM_CHUNK", chunk)
        for order in (tools, tools[::-1]):
            again = SearchIndex.build(order)
            assert _indexed_terms(again) == want, (batch, chunk)
            assert {q: [(h.name, round(h.score, 4)) for h in again.search(q, DEPTH)] for q in queries} == ranked, (batch, chunk)


def test_a_rebuild_counts_as_a_full_build(monkeypatch: pytest.MonkeyPatch) -> None:
    demo = list(load_catalog(DEMO).tools)
    first = SearchIndex.build(demo)
    changed = [*demo[1:], *_awkward(demo)]
    changed[0] = changed[0].model_copy(update={"description": "Now about refunds."})
    rebuilt = SearchIndex.build(changed, previous=first)
    assert _indexed_terms(rebuilt) == {d.id: _reference_terms(d) for d in changed}
    monkeypatch.setattr(search, "_count", None)  # nothing is tokenized again when nothing changed
    again = SearchIndex.build(changed, previous=rebuilt)
    assert _indexed_terms(again) == _indexed_terms(rebuilt)


def test_the_vocabulary_is_renumbered_when_stale_terms_pile_up() -> None:
    demo = list(load_catalog(DEMO).tools)
    index = SearchIndex.build(demo)
    for n in range(40):  # each round replaces every description with new words
        tools = [d.model_copy(update={"description": " ".join(f"w{n}x{k}{d.id}" for k in range(8))}) for d in demo]
        index = SearchIndex.build(tools, previous=index)
    assert len(index._vocab) <= 2 * sum(len(e.ids) for e in index._entries.values()) + 1024
    assert _indexed_terms(index) == {d.id: _reference_terms(d) for d in tools}
    assert index.search(f"w39x3{demo[2].id}", 1)[0].name == demo[2].id


def test_rankings_do_not_depend_on_how_the_terms_are_numbered() -> None:
    # Copies tie everywhere, so the feedback's heaviest terms tie at the cut: chosen by text, not by term id.
    tools = replicate(list(load_catalog(DEMO).tools), 60)
    index = SearchIndex.build(tools)
    terms, counted, langs = index.counted_terms()
    numbering = list(range(len(terms)))[::-1]  # the same terms, numbered backwards
    seed = SearchIndex.from_terms([terms[i] for i in numbering], [(d, (len(terms) - 1 - ids).astype(ids.dtype), tf)
                                                                  for d, ids, tf in counted], langs)
    renumbered = SearchIndex.build(tools, previous=seed)
    assert renumbered._vocab != index._vocab
    for query in DEMO_QUERIES:
        assert [(h.name, round(h.score, 4)) for h in renumbered.search(query, DEPTH)] == \
            [(h.name, round(h.score, 4)) for h in index.search(query, DEPTH)], query


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(current(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}", file=sys.stderr)


def test_the_word_character_table_is_str_isalnum_on_every_code_point() -> None:
    # Built from the runs `[^\W_]+` finds in the plane's text, not by 65,536 calls of str.isalnum (5-13 ms at a start).
    import numpy as np

    word_keys._alnum.cache_clear()
    assert np.array_equal(word_keys._alnum(), np.array([chr(c).isalnum() for c in range(0x10000)], dtype=bool))
