"""Lexical search over a snapshot's tools, for `search_tools`: BM25 (bm25s) on Snowball stems (PyStemmer).

One document per tool holds everything its descriptor says about when to use it, each field's terms counted
`WEIGHTS[field]` times (as if the field were repeated): the name's parts (snake_case, kebab-case and camelCase
split), title, description and when_to_use (OpenAkita `triggers` are its when_to_use), OpenAkita `detail`, tags,
category and domain, input names and descriptions, example goals/names/narratives, and every localization's
texts. (Indexing the success text, failures, warnings and prerequisites too cost a quarter more build time for one
query of the dev set.) English text is stemmed with the English stemmer, a localization with its own language's
(es, pt, fr...); stems lose their accents, and en/es/pt stop words are dropped.

An agent's framing at the start of a query ("tool to ...", "find a tool that can ...": atdf_mcp.query_frame) is not
searched: its words name the search, not the task.

A query is told English or Spanish/Portuguese by the words only one side uses (bm25s's stop lists, the longer
English one, and the expansion table's words). An English query is stemmed as English ("pager" is not "pag", as in
"pagar") and loses its pronouns, auxiliaries and determiners (bm25s's longer English list, less the prepositions,
particles and question words that make a request: "log out", "give up", "who reports to"); any other query is
stemmed with the English, Spanish and Portuguese stemmers (and those of any other language the catalogue's
localizations use), so a Spanish query finds a tool's `es` text, and an English stem still matches when the query's
language has no text in the catalogue. There a stem of `FOREIGN_PREFIX_CHARS` letters or more also stands, at
EXPANSION_WEIGHT, for the catalogue's few terms it begins (at most PREFIX_TERMS): the Iberian stemmers leave a verb and
its noun apart ("revisar": revis, "revisión": revision), where the English one joins them. Each query word is one
clause, scored by its best stem, so a word counts once however many stemmers it went through. Two neighbouring query
words are searched joined as well when the catalogue uses the joined word ("tag out": tagout, "log in": login, "set
up": setup), and so are the parts of a hyphenated word even when one is a stop word the query drops ("re-run":
rerun, "re-send": resend).

Paraphrases: a query word that belongs to a group of `atdf_mcp.search_vocabulary.GROUPS` (a small, general table
of tool-vocabulary verbs and nouns with their en/es/pt equivalents: undo/reverse/refund, find/search/look up,
delete/remove, email/mail...) also searches for the group's other words, scored by the same BM25 and weighted
`EXPANSION_WEIGHT` (a group counts once, by its best word). In a Spanish or Portuguese query, or for a word the
catalogue never uses, the group weighs as much as the word itself: it is then a translation, not a synonym. There a
word reaches a group only through both Iberian stemmers, or written as the table writes it: Spanish "guardería"
(nursery) stems to "guard" as "guardar" (save) does, where Portuguese keeps "guarderi".
Then pseudo-relevance feedback (RM3-like) uses what the catalogue itself says: the `FEEDBACK_TERMS` heaviest terms
(tf·idf) of the first pass's `FEEDBACK_DOCS` best tools are searched too, at `FEEDBACK_WEIGHT`, which lifts a tool
whose triggers, examples and when_to_use speak like the best match's (terms tied at the cut are taken by their text,
so how terms are numbered never changes a ranking). Nothing is downloaded.

Abbreviations, read from the catalogue's own words: a query word no tool uses (out of vocabulary, and not in the
expansion table) stands for the few terms it begins ("config" → configuration, at most `PREFIX_TERMS` of them, at
`OOV_WEIGHT`); a short one may also be the initials of words that follow one another in a tool's name or title
("pto" → paid time off, "ooo" → out of office: all the words, or those that are not stop words), and single letters
joined by & or / ("p&l", "a/b") always are (at full weight: they can be nothing else; not letters joined by dots, as
"e.g." is). The words they stand for are then searched as if the query had said them. A query word the catalogue
uses is never read as an abbreviation. One that abbreviates nothing either, of `TYPO_CHARS` letters or more, may be a
typo: it stands for the terms with its first letter one edit away (two from `TYPO_FAR_CHARS` letters; "hotle" → hotel),
as written, or as stemmed when its stem is longer than TYPO_CHARS (the terms are stems: "libary" is one edit from
library's "librari" only once stemmed), or without a final e the stemmer would drop ("chnage": chang), at `TYPO_WEIGHT`
(`TYPO_LONG_WEIGHT` from TYPO_FAR_CHARS letters: a long word near a term is rarely another real word).

A tool's name says what it does: a query that says every word of it asks for that tool. Each tool's score is multiplied
by 1 + `NAME_COVER_BOOST` · share^`NAME_COVER_POWER` (1 + 0.4 · share⁴), its share being the part of its name's words
(stemmed as the name field is) the query says, each at the weight of the clause that says it (an expansion group's word
at EXPANSION_WEIGHT, a typo's reading less). Raised to the fourth power, it reorders near neighbours, which share the
object and differ by the verb: "schedule a laundry pickup" ranks schedule_laundry_pickup above cancel_laundry_pickup,
whose shorter text ("Cancels a scheduled pickup") won; and a terse tool whose name the query says whole ranks above a
neighbour with more text ("delete a zoom meeting": zoom_meetingDelete, "Delete a meeting.", above zoom_recordingDelete,
whose when_to_use and Spanish copy the query's synonyms reach). The names' words are listed by term at an index's first
search (≈ 1 µs per tool).

A query that is one identifier ("kafka_publish_message", "zoomScheduleMeeting") is a tool name an agent guessed in the
server's convention. When its first part is a namespace of the catalogue's names (a vendor's prefix: it heads
`NAMESPACE_TOOLS` names or more, is no word of the expansion table, and a verb of the table follows it in most of them,
as in hubspot_create_contact), the tools outside that namespace score `NAMESPACE_FACTOR` of their score: another
vendor's tool whose text says the guessed verb ("publish": npm_publish_package) no longer ranks above the namespace's.
A head that is a verb (get_order, createBranch) is no namespace, and words with spaces are no guessed name.

Builds are batched and vectorized: the new tools' texts are gathered field by field (C-level attribute getters, one
list per field), each language's ASCII texts are joined, lowered and split through a byte table, and each word of
up to 16 bytes is looked up by its bytes (two exact 64-bit keys) in a numpy open-addressing table of the words seen
so far, so no Python code runs per word (text that is not ASCII is lowered by `str.lower` and keyed by its UTF-8 bytes);
only a word never seen (stemmed once) and a longer word go through Python's dict of words. The weighted counts come from one radix sort per
batch (atdf_mcp.radix), a batch's tools share its arrays, the matrix is ordered by one radix sort, and the Level-1 line is worked out at a tool's
first hit. Rebuilds are cheap: bm25s cannot add documents, so `build(previous=...)` reuses each unchanged tool's
counted terms (keyed by its Descriptor object, which a reload keeps for unchanged files) and only assembles the
sparse matrix again (bm25s's scoring functions, in the layout bm25s searches), vectorized over the whole catalogue.
"""

from __future__ import annotations

import bisect
import itertools
import operator
import re
import unicodedata
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, NamedTuple

import Stemmer

from .collector import gc_paused
from .model import Descriptor
from .query_frame import unframed
from .radix import stable_order
from .search_vocabulary import GROUPS, VERB_GROUPS
from .word_keys import KEYED, KeyedWords, WordTable, ascii_words, text_words

__all__ = ["EXPANSION_WEIGHT", "FEEDBACK_DOCS", "FEEDBACK_TERMS", "FEEDBACK_WEIGHT", "NAMESPACE_FACTOR", "NAMESPACE_TOOLS",
           "NAME_COVER_BOOST",
           "NAME_COVER_POWER", "WEIGHTS", "Hit", "SearchIndex", "ignored_words"]

# How many times a field's terms count (the same as repeating the field's text).
WEIGHTS: dict[str, float] = {
    "name": 3.0, "title": 2.0, "description": 2.0, "when_to_use": 2.0, "detail": 1.0, "tags": 2.0,
    "input_name": 1.5, "input_description": 1.0, "example": 1.0,
}
FEEDBACK_DOCS, FEEDBACK_TERMS, FEEDBACK_WEIGHT = 3, 20, 0.1  # pseudo-relevance feedback: tools, terms, weight
EXPANSION_WEIGHT = 0.5  # a synonym from the expansion table scores this much of the query's own word
# A tool's score x (1 + NAME_COVER_BOOST · share^NAME_COVER_POWER), share: how much of its name's words the query says (at
# the weight it says each: an expansion, a typo less). At the fourth power it matters when the query says (nearly) all of
# them: "schedule a laundry pickup" ranks schedule_laundry_pickup above cancel_laundry_pickup ("Cancels a scheduled
# pickup"), whose shorter text won. (0.25 · share³ gave a whole name x1.25, which a neighbour's extra text outweighed on
# bench/search_blind6; 0.4 · share⁴ gives x1.4, and a name said in part about what it gave: 2/3 x1.08, 1/2 x1.03.)
NAME_COVER_BOOST, NAME_COVER_POWER = 0.4, 4
# A query that is one identifier (kafka_publish_message, zoom_scheduleMeeting) is a tool name an agent guessed in the
# server's convention: when its first part heads NAMESPACE_TOOLS tools' names or more, is no word of the expansion table (get_,
# check_, log_), and a verb of the table follows it in most of those names (hubspot_create_contact), it is a namespace
# (a vendor's prefix), and the tools outside it score this much (bench/search_blind7: "kafka_publish_message" ranked
# npm_ tools, whose text says "publish", above kafka_'s).
NAMESPACE_FACTOR, NAMESPACE_TOOLS = 0.5, 3  # (a verb no table lists may head two names of one catalogue: merge_, post_)
OOV_WEIGHT = 0.5  # an unknown query word read as an abbreviation: its readings score this much of a known word
PREFIX_CHARS, PREFIX_TERMS = 3, 5  # an unknown word this long begins at most this many terms: it stands for them
FOREIGN_PREFIX_CHARS = 5  # in a Spanish or Portuguese query, a stem this long also stands for the few terms it begins
INITIALISM_CHARS, INITIALISM_READINGS = 5, 3  # initials of 2 to 5 words; the readings most tools share, searched
GUESSED_INITIALS = 3  # an unknown word is read as initials from this many letters (two letters match too much)
TYPO_CHARS, TYPO_FAR_CHARS = 4, 8  # an unknown word this long that abbreviates nothing may misspell a term; two edits from 8
QUERY_WORDS = 64  # a query's first words, searched; the rest is not (a query is a few words, and the search runs on the event loop)
QUERY_CHARS = 4_096  # and its first characters, blanks collapsed: one word of 400,000 "é" took the Spanish stemmer 2 s
TYPO_WORDS = 5  # a query's first unknown words read as typos: a 10,000-character query of made-up words took 284 ms, not 29
# A typo's readings score this much of a known word: a short real word one edit from a term is common (fight/flight), a
# long one is not, so a word of TYPO_FAR_CHARS letters or more is read with more trust. (0.25 for both let a right-spelt
# common word outrank the one misspelt: "perscription status" ranked set_room_status first.)
TYPO_WEIGHT, TYPO_LONG_WEIGHT = 0.35, 0.75
NAME_CHARS = 64  # the longest tool name: a longer query names no tool
NAMED_SCORE = 1.0  # the score of a tool the query names, when no word of the query scores anything (x, me, to_do)
NAMED_LEAD = 1e-4  # how far a named tool's score stays above the best other one: first by score, not by order
LINE_CHARS = 160  # Level 1: the first sentence of the description, cut to this many characters
K1, B = 2.0, 0.75  # BM25 parameters (bm25s's "lucene" variant)
QUERY_LANGS = ("en", "es", "pt")

_SNOWBALL = {"en": "english", "es": "spanish", "pt": "portuguese", "fr": "french", "de": "german", "it": "italian",
             "nl": "dutch", "ca": "catalan", "da": "danish", "fi": "finnish", "hu": "hungarian", "no": "norwegian",
             "nb": "norwegian", "ro": "romanian", "ru": "russian", "sv": "swedish", "tr": "turkish"}
_WORD = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^\W\d_A-Za-z]+")
_HUMP = re.compile(r"[a-z0-9][A-Z]|[A-Z]{2}[a-z]")
_SENTENCE = re.compile(r"(?<=[.!?])\s")
_HYPHENED = re.compile(r"(?<![^\W_])([^\W_]+)-([^\W_]+)(?![^\W_])")  # "re-run", "e-mail": tried joined, whatever the parts
_LETTERS = re.compile(r"(?<![^\W_])[^\W\d_](?:[&/][^\W\d_])+(?![^\W_])")  # single letters joined: "p&l", "a/b"
_MASKS = 32  # `allowed` sets whose masks are kept
_BATCH = 500  # tools counted together: enough to amortize each pass, few enough for its arrays to stay in cache (2,000 was slower)
_by_id = operator.attrgetter("id")


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result: the tool's id, its Level-1 line and its score (higher is better)."""

    name: str
    description: str
    score: float


class _Entry(NamedTuple):
    """One tool's document: its terms' ids in `vocab` and their weighted counts, at [lo:hi] of arrays it shares with
    the other tools of its batch (no array per tool: a build's matrix is assembled from whole batches). A tuple, made
    in bulk by `_batch_entries` without Python code per tool."""

    descriptor: Descriptor
    all_ids: Any  # numpy int32 array: the terms' ids in `vocab` (ascending) at [lo:hi]
    all_tf: Any  # numpy float32 array: the weighted count of each term at [lo:hi]
    lo: int
    hi: int
    vocab: dict[str, int]

    @property
    def ids(self) -> Any:
        """The terms' ids in `vocab`, ascending."""
        return self.all_ids[self.lo:self.hi]

    @property
    def tf(self) -> Any:
        """The weighted count of each term."""
        return self.all_tf[self.lo:self.hi]


def _batch_entries(tools: Sequence[Descriptor], ids: Any, tf: Any, bounds: list[int], vocab: dict[str, int]) -> list[_Entry]:
    """The entries of tools counted together, tool i's counts at [bounds[i]:bounds[i + 1]] of `ids` and `tf`."""
    return list(map(_new_entry, zip(tools, itertools.repeat(ids), itertools.repeat(tf), bounds, itertools.islice(bounds, 1, None),
                                    itertools.repeat(vocab))))


_new_entry = partial(tuple.__new__, _Entry)


class _NameWords(NamedTuple):
    """The tools' name words as term ids, by term: the positions (in `_names`) of the tools whose name has term t are
    `rows[starts[t]:starts[t + 1]]`; `parts[i]` is 1 / the number of tool i's name words (0 when it has none)."""

    starts: Any
    rows: Any
    parts: Any


class _Lines:
    """The tools' Level-1 lines in `lang`, each worked out at its first hit (most tools are never shown)."""

    __slots__ = ("_done", "_tools", "lang")

    def __init__(self, tools: list[Descriptor], lang: str | None) -> None:
        self._tools, self.lang = tools, lang
        self._done: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._tools)

    def __getitem__(self, i: int) -> str:
        line = self._done.get(i)
        if line is None:
            line = self._done[i] = _line(self._tools[i], self.lang)
        return line


class SearchIndex:
    """A BM25 index of a snapshot's tools, searched with `search`; rebuilt with `build(previous=...)`."""

    __slots__ = ("_bm25", "_by_name", "_entries", "_initial_runs", "_initialisms", "_known", "_lines", "_masks", "_name_words",
                 "_names", "_namespaces", "_ordered", "_query_langs", "_spelled", "_terms", "_vocab", "lang")

    def __init__(self) -> None:
        self._entries: dict[int, _Entry] = {}
        self._names: list[str] = []
        self._lines: Sequence[str] = ()
        self._vocab: dict[str, int] = {}
        self._known: dict[str, WordTable] = {}  # language → word → its stem's id in `_vocab` (-2: no term)
        self._bm25: Any = None
        self._masks: dict[Any, Any] = {}
        self._query_langs: tuple[str, ...] = QUERY_LANGS
        self._ordered: list[_Entry] | None = None  # the entries in `_names` order, listed at the first search
        self._terms: list[str] | None = None  # the searchable terms, sorted, listed at the first out-of-vocabulary word
        self._spelled: list[str] | None = None  # each term id's text, listed at the first tie it breaks
        self._initialisms: dict[str, list[tuple[str, ...]]] | None = None  # the last few initials' readings
        self._initial_runs: tuple[str, list[tuple[str, ...]], list[int], list[int]] | None = None  # at the first one
        self._by_name: dict[str, list[int]] | None = None  # name key → positions in `_names`, at the first name query
        self._name_words: _NameWords | None = None  # the names' words as term ids, at the first search
        self._namespaces: dict[str, Any] | None = None  # namespace → its tools' positions, at the first guessed name
        self.lang: str | None = None

    @classmethod
    def build(cls, tools: Sequence[Descriptor], *, lang: str | None = None,
              previous: SearchIndex | None = None) -> SearchIndex:
        """The index of `tools` (Level-1 lines in `lang`), reusing `previous`'s work for unchanged descriptors; the
        garbage collector paused meanwhile (the index is thousands of acyclic objects)."""
        with gc_paused():
            return cls._build(tools, lang, previous)

    @classmethod
    def _build(cls, tools: Sequence[Descriptor], lang: str | None, previous: SearchIndex | None) -> SearchIndex:
        import numpy as np

        index = cls()
        index.lang = lang
        old = previous._entries if previous is not None else {}
        # One vocabulary for a line of rebuilds, only ever appended to: a term keeps its id, so an unchanged tool's ids
        # stay valid (an older index ignores the ids past its own matrix). Renumbered when stale terms pile up.
        vocab = previous._vocab if previous is not None else {}
        known = previous._known if previous is not None else {}
        ids = list(map(_get_id, tools))  # each tool's id read once: the sort's keys, the names, the name field's texts
        positions = sorted(range(len(ids)), key=ids.__getitem__)
        ordered, names = list(map(tools.__getitem__, positions)), list(map(ids.__getitem__, positions))
        if old:  # the unchanged tools' entries (the same Descriptor objects) are kept
            entries: list[_Entry | None] = list(map(old.get, map(id, ordered)))
            at = [i for i, (entry, d) in enumerate(zip(entries, ordered, strict=True)) if entry is None or entry.descriptor is not d]
        else:
            entries, at = [None] * len(ordered), range(len(ordered))
        langs = set(QUERY_LANGS)
        counts: list[tuple[Any, Any, list[int]]] = []  # each batch's, when every tool is counted now
        for start in range(0, len(at), _BATCH):
            batch = at[start:start + _BATCH]
            if isinstance(batch, range):
                counted, counted_names = ordered[batch.start:batch.stop], names[batch.start:batch.stop]
            else:
                counted, counted_names = [ordered[i] for i in batch], [names[i] for i in batch]
            counted_terms = _count(counted, counted_names, vocab, known, langs)
            made = _batch_entries(counted, *counted_terms, vocab)
            if isinstance(batch, range):
                entries[batch.start:batch.stop] = made
                counts.append(counted_terms)
            else:
                for i, entry in zip(batch, made, strict=True):
                    entries[i] = entry
        done: list[_Entry] = entries  # type: ignore[assignment]  (every slot is filled now)
        whole = isinstance(at, range)  # every tool counted now, batch after batch: the matrix is the batches' arrays
        if whole:
            sizes = np.concatenate([np.diff(bounds) for _, _, bounds in counts]) if counts else np.zeros(0, np.int64)
        else:
            sizes = np.fromiter(map(operator.sub, map(_get_hi, done), map(_get_lo, done)), dtype=np.int64, count=len(done))
        if len(vocab) > 2 * int(sizes.sum()) + 1024:
            done, vocab = _renumbered(done, vocab)
            known, whole = {}, False
        index._entries = dict(zip(map(id, ordered), done, strict=True))
        index._vocab = vocab
        index._known = known
        index._names = names
        index._lines = _Lines(ordered, lang)
        if previous is not None:
            langs.update(previous._query_langs)  # (a language no tool uses any more only costs a few stems per query)
        index._query_langs = tuple(sorted(x for x in langs if x in _SNOWBALL and _stemmer(x) is not None))
        if whole and counts:
            term_ids, tf = np.concatenate([c[0] for c in counts]), np.concatenate([c[1] for c in counts])
        else:
            term_ids, tf = _joined_counts(done, sizes)
        index._bm25 = _bm25(term_ids, tf, sizes, len(vocab))
        return index

    @classmethod
    def from_terms(cls, terms: Sequence[str], counted: Iterable[tuple[Any, ...]],
                   query_langs: Iterable[str]) -> SearchIndex:
        """A seed to pass as `build(previous=...)`: these tools' term ids in `terms` (the vocabulary in id order) and
        weighted counts, as `counted_terms` gave them: (descriptor, ids, tf), or (descriptor, ids, tf, lo, hi) for
        counts at [lo:hi] of arrays the tools share (no array per tool; runs of them go into the matrix whole).
        Not searchable itself."""
        index = cls()
        vocab = dict(zip(terms, range(len(terms)), strict=True))
        index._vocab = vocab
        index._entries = {id(item[0]): _Entry(item[0], item[1], item[2], item[3], item[4], vocab) if len(item) == 5
                          else _Entry(item[0], item[1], item[2], 0, len(item[1]), vocab) for item in counted}
        index._query_langs = tuple(query_langs)
        return index

    def counted_terms(self) -> tuple[list[str], list[tuple[Descriptor, Any, Any]], tuple[str, ...]]:
        """The vocabulary in id order, each tool's (descriptor, term ids, weighted counts), and the query languages."""
        return list(self._vocab), [(e.descriptor, e.ids, e.tf) for e in self._entries.values()], self._query_langs

    def __len__(self) -> int:
        return len(self._names)

    def search(self, query: str, limit: int = 5, *, allowed: Container[str] | None = None) -> list[Hit]:
        """The best `limit` tools for `query`, best first (ties by name); only ids in `allowed` when given."""
        import numpy as np

        if not query.strip() or not self._names or limit < 1:
            return []
        query = unframed(_bounded(query))  # "tool to ...", "find a tool that can ...": the framing names the search, not the task
        named = [i for i in self._named(query) if allowed is None or self._names[i] in allowed]
        clauses = self._query_ids(_first_words(query))
        if not clauses:
            return [Hit(self._names[i], self._lines[i], NAMED_SCORE) for i in named[:limit]]
        scores = self._score(clauses)
        if FEEDBACK_WEIGHT and FEEDBACK_DOCS:
            scores = self._feedback(scores, clauses)
        if NAME_COVER_BOOST:
            scores = self._name_cover(scores, clauses)
        inside = self._namespace(query) if NAMESPACE_FACTOR != 1 else None
        if inside is not None:  # a guessed name: its namespace's tools first
            outside = np.ones(len(scores), dtype=bool)
            outside[inside] = False
            scores[outside] *= NAMESPACE_FACTOR
        if allowed is not None:
            scores *= self._mask(allowed)
        found = np.flatnonzero(scores > 0)
        if len(found) > limit:
            kth = np.partition(scores[found], len(found) - limit)[len(found) - limit]
            found = found[scores[found] >= kth]
        found = found[np.lexsort((found, -scores[found]))][:limit]
        if named:  # the tools the query names come first, scored just above the best of the others (or NAMED_SCORE)
            others = np.delete(scores, named)
            top = max(float(others.max()) + NAMED_LEAD if len(others) else 0.0, NAMED_SCORE)
            return [Hit(self._names[i], self._lines[i], round(max(float(scores[i]), top), 4)) for i in named[:limit]] + [
                Hit(self._names[i], self._lines[i], round(float(scores[i]), 4)) for i in found if i not in named
            ][:max(limit - len(named), 0)]
        return [Hit(self._names[i], self._lines[i], round(float(scores[i]), 4)) for i in found]

    def _name_cover(self, scores: Any, clauses: list[tuple[float, list[int]]]) -> Any:
        """The scores x (1 + NAME_COVER_BOOST · share^NAME_COVER_POWER): a tool's share is the part of its name's words the query says,
        each counted at its clause's weight (at most 1: an expansion group's word 0.5, a typo's reading less)."""
        import numpy as np

        words = self._name_words
        if words is None:
            words = self._name_words = _name_words(self._names, self._vocab)
        said: dict[int, float] = {}
        for weight, found in clauses:
            for term in found:
                if said.get(term, 0.0) < weight:
                    said[term] = min(weight, 1.0)
        rows, shares = [], []
        for term, weight in said.items():
            if 0 <= term < len(words.starts) - 1:
                named = words.rows[words.starts[term]:words.starts[term + 1]]
                if len(named):
                    rows.append(named)
                    shares.append(weight * words.parts[named])
        if not rows:
            return scores
        share = np.bincount(np.concatenate(rows), weights=np.concatenate(shares), minlength=len(scores))
        hit = np.flatnonzero(share)  # (the scores are this search's own array: changed in place, only where a name is said)
        scores[hit] *= (1.0 + NAME_COVER_BOOST * np.minimum(share[hit], 1.0) ** NAME_COVER_POWER).astype(np.float32)
        return scores

    def _named(self, query: str) -> list[int]:
        """The positions of the tools whose name the query is: the same letters (any case) first, then the same
        letters and digits without separators ("todo" → to_do, "whoami" → who_am_i); none for a longer query."""
        key = _name_key(query)
        if not key or len(query) > 2 * NAME_CHARS:
            return []
        named = self._names_by_key().get(key, [])
        lowered = query.strip().lower()
        return sorted(named, key=lambda i: self._names[i].lower() != lowered)

    def _namespace(self, query: str) -> Any:
        """The positions of the tools in the namespace a guessed tool name (one identifier of two parts or more) begins
        with; None for any other query, or a first part that is no namespace (`_namespaces`)."""
        guess = query.strip()
        if not guess or len(guess) > 2 * NAME_CHARS or any(c.isspace() for c in guess):
            return None
        if len(_WORD.findall(guess)) < 2 and _HUMP.search(guess) is None:
            return None
        return self._listed_namespaces().get(_head(guess))

    def _listed_namespaces(self) -> dict[str, Any]:
        """The names' namespaces (`_namespaces`), listed once: a name acts when one of its words is a verb of the
        expansion table (its name words as `_name_words` lists them)."""
        import numpy as np

        spaces = self._namespaces
        if spaces is None:
            words = self._name_words
            if words is None:
                words = self._name_words = _name_words(self._names, self._vocab)
            acting = np.zeros(len(self._names), dtype=bool)
            for term in {self._vocab.get(s, -1) for s in _verb_stems()}:
                if 0 <= term < len(words.starts) - 1:
                    acting[words.rows[words.starts[term]:words.starts[term + 1]]] = True
            spaces = self._namespaces = _namespaces(self._names, acting)
        return spaces

    def _names_by_key(self) -> dict[str, list[int]]:
        """Name key (`_name_key`) → the positions of the tools of that name, listed once."""
        by_name = self._by_name
        if by_name is None:
            by_name = {}
            for i, name in enumerate(self._names):
                by_name.setdefault(_name_key(name), []).append(i)
            self._by_name = by_name
        return by_name

    def prepare(self) -> SearchIndex:
        """This index with what its first searches would work out (name keys and words, initials, sorted terms) worked
        out now: a server calls it off the event loop, where a first search of 10,000 tools held the loop ~100 ms."""
        self._names_by_key()
        if self._name_words is None:
            self._name_words = _name_words(self._names, self._vocab)
        self._listed_namespaces()
        self._initials()
        self._sorted_terms()
        return self

    def _query_ids(self, query: str) -> list[tuple[float, list[int]]]:
        """The query as weighted clauses, each a list of vocabulary ids scored by its best one.

        A query word is one clause (weight 1) of its stems in every query language, so a word counts once however
        many stemmers it went through; each expansion group it touches is another (EXPANSION_WEIGHT, or 1 in a Spanish
        or Portuguese query or when the word itself is not in the catalogue: the group is then its translation). Two
        neighbouring words the catalogue writes as one ("tag out": tagout, "log in": login) are one more (weight 1).
        """
        language = _language(query)
        langs = _languages(query, self._query_langs, language)
        foreign = language == "es/pt"
        vocab = self._vocab
        limit = self._bm25.scores["indptr"].shape[0] - 1

        def ids(found: Iterable[str]) -> list[int]:
            return sorted({i for i in (vocab.get(s) for s in found) if i is not None and i < limit})

        expansions = _expansions()
        clauses: list[tuple[float, list[int]]] = []
        seen: set[frozenset[str]] = set()
        words = _query_words(query)
        if not foreign:
            words = [w for w in words if w not in _query_stopwords()] or words
        stems_of = [set().union(*(_stem(lang, [w]) for lang in langs)) for w in words]
        every = set().union(*stems_of) if stems_of else set()
        unknown = 0  # words the catalogue never uses, so far: only the first few may be typos (each costs a scan)
        for word, stems in zip(words, stems_of, strict=True):
            own = ids(stems)
            if own:
                clauses.append((1.0, own))
            weight = EXPANSION_WEIGHT if own and not foreign else 1.0
            groups = sorted({g for stem in stems for g in expansions.get(stem, ())}, key=sorted)
            if foreign and groups and _plain(word) not in _group_words():  # not a stem's accident ("guardería": guard)
                iberian = [set(_stem(lang, [word])) for lang in langs if lang in ("es", "pt")]
                groups = [g for g in groups if all(s & g for s in iberian)]
            for group in groups:
                if group not in seen:
                    seen.add(group)
                    found = ids(group - every)
                    if found:
                        clauses.append((weight, found))
            if foreign:  # the Iberian stemmers leave a verb and its noun apart (revisar: revis, revisión: revision)
                found = ids(self._begun(stems) - every)
                if found:
                    clauses.append((EXPANSION_WEIGHT, found))
            if not own and not groups:  # a word the catalogue never uses: an abbreviation, perhaps
                unknown += 1
                clauses += self._abbreviated(word, ids, typo=unknown <= TYPO_WORDS)
        # "tag out", "log in": a word the catalogue writes as one; "re-run" too, though "re" is a stop word
        pairs = [*itertools.pairwise(words), *((a.lower(), b.lower()) for a, b in _HYPHENED.findall(query))]
        for first, second in dict.fromkeys(pairs):
            joined = ids(set().union(*(_stem(lang, [first + second]) for lang in langs)) - every)  # not a part's own stem
            if joined:
                clauses.append((1.0, joined))
        for letters in _LETTERS.findall(query):  # "p&l", "a/b": letters joined, an initialism for sure
            clauses += self._initialism(_plain(re.sub(r"[^\w]", "", letters).lower()), 1.0, ids)
        return clauses

    def _abbreviated(self, word: str, ids: Any, *, typo: bool = True) -> list[tuple[float, list[int]]]:
        """Clauses for a query word the catalogue never uses, read as an abbreviation (at OOV_WEIGHT).

        A word of PREFIX_CHARS letters or more stands for the catalogue's terms it begins ("lat" → latitude, "config" →
        configuration: one clause scored by the best of them), when at most PREFIX_TERMS do (a shorter, vaguer stem
        says nothing); a word of GUESSED_INITIALS to INITIALISM_CHARS letters may also be the initials of words that
        follow one another in a tool's name or title ("pto" → paid time off), as `_initialism` reads them (two letters
        are the initials of some pair of words in most catalogues: a guess that says nothing either).
        """
        plain = _plain(word)
        clauses: list[tuple[float, list[int]]] = []
        if len(plain) >= PREFIX_CHARS:
            terms = self._sorted_terms()
            at = bisect.bisect_left(terms, plain)
            end = bisect.bisect_left(terms, plain + "\U0010ffff", at)
            if 0 < end - at <= PREFIX_TERMS:
                found = ids(terms[at:end])
                if found:
                    clauses.append((OOV_WEIGHT, found))
        if GUESSED_INITIALS <= len(plain) <= INITIALISM_CHARS and plain.isalpha():
            clauses += self._initialism(plain, OOV_WEIGHT, ids)
        if typo and not clauses and len(plain) >= TYPO_CHARS and plain.isalpha():  # nothing it abbreviates: a typo, perhaps
            found = ids(self._misspelt(plain))
            if found:
                clauses.append((TYPO_LONG_WEIGHT if len(plain) >= TYPO_FAR_CHARS else TYPO_WEIGHT, found))
        return clauses

    def _misspelt(self, word: str) -> list[str]:
        """The catalogue's terms `word` may misspell: one edit away, or two from TYPO_FAR_CHARS letters (a swap of
        neighbours is one edit), the nearest first and at most PREFIX_TERMS. Only terms with its first letter are
        compared (typos rarely touch it), so the cost is a few hundred comparisons, not the vocabulary's.

        The terms are stems, so the word is compared as written and as its English stem: "libary" is two edits from
        "librari" (library's stem) but its stem "libari" is one. Only a stem longer than TYPO_CHARS letters: shorter
        stems of real words are one edit from many terms ("morning": morn, more). A word ending in e is compared
        without it too: the stemmer drops the e of "change" (chang) but keeps that of "chnage", two edits away."""
        from .suggest import edit_distance

        far = 2 if len(word) >= TYPO_FAR_CHARS else 1
        stem = _stem("en", [word])[0]
        forms = [word, stem] if stem != word and len(stem) > TYPO_CHARS else [word]
        if word.endswith("e") and len(word) > TYPO_CHARS:  # the stemmer drops a final e ("change": chang) a typo may keep
            forms.append(word[:-1])
        terms = self._sorted_terms()
        at = bisect.bisect_left(terms, word[0])
        end = bisect.bisect_left(terms, word[0] + "\U0010ffff", at)
        near: dict[str, int] = {}
        for term in terms[at:end]:
            if not term.isalpha() or len(term) < TYPO_CHARS - 1:
                continue
            for form in forms:
                if abs(len(term) - len(form)) <= far:
                    distance = edit_distance(form, term, far)
                    if distance <= near.get(term, far):
                        near[term] = distance
        return sorted(near, key=lambda t: (near[t], t))[:PREFIX_TERMS]

    def _initialism(self, letters: str, weight: float, ids: Any) -> list[tuple[float, list[int]]]:
        """Clauses for the words `letters` are the initials of, in the tools' names and titles ("pl": profit, loss).

        The INITIALISM_READINGS readings most tools share are searched, each word one clause of `weight` shared
        among the readings.
        """
        readings = self._readings(letters)[:INITIALISM_READINGS]
        clauses: list[tuple[float, list[int]]] = []
        for reading in readings:
            for stem in dict.fromkeys(_stem("en", list(reading))):
                found = ids([stem])
                if found:
                    clauses.append((weight / len(readings), found))
        return clauses

    def _term_texts(self) -> list[str]:
        """Each term id's text (the vocabulary hands ids out in insertion order), listed once."""
        texts = self._spelled
        if texts is None or len(texts) < self._bm25.scores["indptr"].shape[0] - 1:
            texts = self._spelled = list(self._vocab)
        return texts

    def _begun(self, stems: Iterable[str]) -> set[str]:
        """The catalogue's terms begun by the stems of FOREIGN_PREFIX_CHARS letters or more, from each stem that begins
        at most PREFIX_TERMS of them (a vaguer one says nothing)."""
        terms = self._sorted_terms()
        found: set[str] = set()
        for stem in stems:
            if len(stem) >= FOREIGN_PREFIX_CHARS:
                at = bisect.bisect_left(terms, stem)
                end = bisect.bisect_left(terms, stem + "\U0010ffff", at)
                if end - at <= PREFIX_TERMS:
                    found.update(terms[at:end])
        return found

    def _sorted_terms(self) -> list[str]:
        """The terms some tool of this index has, sorted (for prefixes), listed once."""
        terms = self._terms
        if terms is None:
            starts = self._bm25.scores["indptr"]
            limit = starts.shape[0] - 1
            used = (starts[1:] > starts[:-1]).tolist()
            terms = self._terms = sorted(t for t, i in self._vocab.items() if i < limit and used[i])
        return terms

    def _readings(self, letters: str) -> list[tuple[str, ...]]:
        """The runs of words `letters` are the initials of, in the tools' names and titles, most tools first.

        Found with one regex pass over the initials of every distinct run (`_initials`); kept for the last few.
        """
        found = self._initialisms.get(letters) if self._initialisms is not None else None
        if found is None:
            joined, runs, counts, starts = self._initials()
            tally: dict[tuple[str, ...], int] = {}
            for match in re.finditer(f"(?={re.escape(letters)})", joined):  # overlapping: "ooo" in "oooo" twice
                k = bisect.bisect_right(starts, match.start()) - 1
                at = match.start() - starts[k]
                reading = runs[k][at:at + len(letters)]
                tally[reading] = tally.get(reading, 0) + counts[k]
            found = sorted(tally, key=lambda r: (-tally[r], r))
            memo = dict(self._initialisms or {}) if len(self._initialisms or {}) < _MASKS else {}
            memo[letters] = found
            self._initialisms = memo  # replaced, never changed in place: searches in other threads may be reading it
        return found

    def _initials(self) -> tuple[str, list[tuple[str, ...]], list[int], list[int]]:
        """The tools' names' and titles' distinct runs of words, how many tools have each, and their initials joined
        (one space between two runs) with where each run's begin; listed once.

        A name or title's words are read twice: all of them ("out of office": ooo) and without stop words ("profit and
        loss": pl).
        """
        found = self._initial_runs
        if found is None:
            stop = _stopwords()
            counts: dict[tuple[str, ...], int] = {}
            texts: dict[tuple[str, bool], int] = {}
            for entry in self._docs or ():
                d = entry.descriptor
                for key in ((d.id, True), (d.title, False)):
                    if isinstance(key[0], str) and key[0]:
                        texts[key] = texts.get(key, 0) + 1
            for (text, identifier), n in texts.items():
                words = [w for w in _parts(text, identifier) if w.isalpha()]
                for run in {tuple(words), tuple(w for w in words if w not in stop)}:
                    if len(run) >= 2:
                        counts[run] = counts.get(run, 0) + n
            runs = list(counts)
            initials = ["".join(w[0] for w in run) for run in runs]
            starts = list(itertools.accumulate((len(i) + 1 for i in initials[:-1]), initial=0)) if runs else []
            found = self._initial_runs = (" ".join(initials), runs, [counts[r] for r in runs], starts)
        return found

    def _feedback(self, scores: Any, clauses: list[tuple[float, list[int]]]) -> Any:
        """Pseudo-relevance feedback (RM3-like): the first pass's best tools' heaviest terms, searched as well.

        Each of the FEEDBACK_DOCS best tools lends its terms weighted by tf·idf (normalized per tool, then by the tool's
        share of the scores); the FEEDBACK_TERMS heaviest that the query does not already have are searched with
        FEEDBACK_WEIGHT times their weight relative to the heaviest one.
        """
        import numpy as np

        found = np.flatnonzero(scores > 0)
        docs = self._docs
        if not len(found) or docs is None:
            return scores
        if len(found) > FEEDBACK_DOCS:  # the best ones; those tied at the cut taken in name order, never as the
            # partition's algorithm happens to leave them (it differs by numpy build and CPU: copies tie exactly)
            cut = -np.partition(-scores[found], FEEDBACK_DOCS - 1)[FEEDBACK_DOCS - 1]
            above, tied = found[scores[found] > cut], found[scores[found] == cut]
            found = np.sort(np.concatenate([above, tied[:FEEDBACK_DOCS - len(above)]]))
        starts = self._bm25.scores["indptr"]
        n, limit = len(self._names), starts.shape[0] - 1
        total = float(scores[found].sum())
        ids_, weights_ = [], []
        for doc in found.tolist():
            entry = docs[doc]
            keep = entry.ids < limit
            ids = entry.ids[keep]
            df = starts[ids + 1] - starts[ids]
            weight = entry.tf[keep] * np.log1p((n - df + 0.5) / (df + 0.5))
            ids_.append(ids)
            weights_.append(weight * (float(scores[doc]) / total / max(float(weight.sum()), 1e-9)))
        terms, where = np.unique(np.concatenate(ids_), return_inverse=True)
        weights = np.bincount(where, weights=np.concatenate(weights_))
        asked = {i for _, ids in clauses for i in ids}
        weights[[k for k, t in enumerate(terms.tolist()) if t in asked]] = 0
        if len(terms) > FEEDBACK_TERMS:
            # the heaviest terms; those tied at the cut chosen by their text, so the numbering of terms (a full build,
            # a rebuild, a start from the cache) never changes a ranking
            cut = -np.partition(-weights, FEEDBACK_TERMS - 1)[FEEDBACK_TERMS - 1]
            keep = np.flatnonzero(weights > cut)
            tied = np.flatnonzero(weights == cut)
            if len(keep) + len(tied) > FEEDBACK_TERMS:
                text = self._term_texts()
                tied = np.asarray(sorted(tied.tolist(), key=lambda k: text[terms[k]])[:FEEDBACK_TERMS - len(keep)], dtype=np.int64)
            keep = np.concatenate([keep, tied])
            terms, weights = terms[keep], weights[keep]
        heaviest = float(weights.max()) if len(weights) else 0.0
        if heaviest <= 0:
            return scores
        extra = [(FEEDBACK_WEIGHT * float(w) / heaviest, [int(t)]) for t, w in zip(terms, weights, strict=True) if w > 0]
        return scores + self._score(extra)

    def _score(self, clauses: list[tuple[float, list[int]]]) -> Any:
        """Each tool's score: the sum over the clauses of its weight times the best BM25 score of the clause's terms."""
        import numpy as np

        matrix = self._bm25.scores
        data, rows, starts = matrix["data"], matrix["indices"], matrix["indptr"]
        n = len(self._names)
        single = [(w, found[0]) for w, found in clauses if len(found) == 1]
        if single:
            where = np.concatenate([rows[starts[i]:starts[i + 1]] for _, i in single])
            values = np.concatenate([w * data[starts[i]:starts[i + 1]] for w, i in single])
            scores = np.bincount(where, weights=values, minlength=n).astype(np.float32)
        else:
            scores = np.zeros(n, dtype=np.float32)
        for weight, found in clauses:
            if len(found) > 1:
                best = np.zeros_like(scores)
                where = np.concatenate([rows[starts[i]:starts[i + 1]] for i in found])
                np.maximum.at(best, where, np.concatenate([data[starts[i]:starts[i + 1]] for i in found]))
                scores += weight * best
        return scores

    @property
    def _docs(self) -> list[_Entry] | None:
        """The entries in the order of `_names`, listed at the first search (None if a name has no entry)."""
        docs = self._ordered
        if docs is None:
            docs = list(self._entries.values())
            if [e.descriptor.id for e in docs] != self._names:
                by_name = {e.descriptor.id: e for e in docs}
                docs = [by_name[n] for n in self._names] if all(n in by_name for n in self._names) else []
            self._ordered = docs
        return docs or None

    def _mask(self, allowed: Container[str]) -> Any:
        """1 for the tools in `allowed`, else 0 (kept for the last few hashable sets)."""
        import numpy as np

        try:
            mask = self._masks.get(allowed)
        except TypeError:  # an unhashable container
            return np.fromiter((n in allowed for n in self._names), dtype=np.float32, count=len(self._names))
        if mask is None:
            mask = np.fromiter((n in allowed for n in self._names), dtype=np.float32, count=len(self._names))
            masks = dict(self._masks) if len(self._masks) < _MASKS else {}
            masks[allowed] = mask
            self._masks = masks  # replaced, never changed in place: searches in other threads may be reading it
        return mask


def _joined_counts(entries: list[_Entry], sizes: Any) -> tuple[Any, Any]:
    """The entries' term ids and weighted counts end to end (`sizes`: each one's number of terms): runs of tools next
    to each other in one batch's arrays are one piece each."""
    import numpy as np

    n = len(entries)
    if not n:
        return np.zeros(0, np.int32), np.zeros(0, np.float32)
    blocks = list(map(_get_all_ids, entries))
    lo = np.fromiter(map(_get_lo, entries), dtype=np.int64, count=n)
    hi = lo + sizes
    apart = np.fromiter(map(operator.is_not, blocks[1:], blocks[:-1]), dtype=bool, count=n - 1) | (lo[1:] != hi[:-1])
    firsts = [0, *(np.flatnonzero(apart) + 1).tolist()]
    lasts = [*(k - 1 for k in firsts[1:]), n - 1]
    ids = np.concatenate([blocks[a][lo[a]:hi[b]] for a, b in zip(firsts, lasts, strict=True)])
    tf = np.concatenate([entries[a].all_tf[lo[a]:hi[b]] for a, b in zip(firsts, lasts, strict=True)])
    return ids, tf


def _bm25(ids: Any, tf: Any, sizes: Any, n_vocab: int) -> Any:
    """A bm25s retriever over the tools' term ids and weighted counts end to end (`sizes`: each tool's number of
    terms), its matrix assembled in one vectorized pass."""
    import bm25s
    import numpy as np

    retriever = bm25s.BM25(k1=K1, b=B, method="lucene")
    n = len(sizes)
    docs = np.repeat(np.arange(n, dtype=np.int32), sizes)
    lengths = _lengths(tf, sizes)
    counts = np.bincount(ids, minlength=n_vocab)
    frequencies = counts.astype(np.float64)
    # bm25s's lucene idf (scoring._score_idf_lucene), for every term at once; 0 for a term no tool has any more
    idf = np.where(frequencies > 0, np.log(1 + (max(n, 1) - frequencies + 0.5) / (frequencies + 0.5)), 0).astype(np.float32)
    average = float(lengths.mean()) if n else 1.0
    # bm25s's lucene tf component (scoring._score_tfc_robertson): tf / (k1 * (1 - b + b * l_d / l_avg) + tf), its
    # length part worked out once per tool (the same float32 operations, so the same values) and repeated per term
    norm = np.repeat(K1 * ((1 - B) + B * lengths / (average or 1.0)), sizes)
    norm += tf
    tfc = np.divide(tf, norm, out=norm)
    # the CSC matrix bm25s searches: the scores ordered by term, then by tool (a stable sort of the term ids, whose
    # positions run in tool order)
    order = stable_order(ids, n_vocab)
    indptr = np.zeros(n_vocab + 1, dtype=np.int64)
    np.cumsum(counts, out=indptr[1:])
    data = np.multiply(idf[ids], tfc, out=tfc)[order]
    retriever.scores = {"data": data, "indices": docs[order], "indptr": indptr, "num_docs": n}
    retriever.nonoccurrence_array = None
    return retriever


def _lengths(tf: Any, sizes: Any) -> Any:
    """Each tool's document length (the sum of its weighted counts, float32), its counts at consecutive runs of `tf`
    (`sizes` long): from a running float64 sum, exact as bincount's, since counts are multiples of 0.5."""
    import numpy as np

    ends = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(sizes, out=ends[1:])
    total = np.zeros(len(tf) + 1, dtype=np.float64)
    np.cumsum(tf, dtype=np.float64, out=total[1:])
    return (total[ends[1:]] - total[ends[:-1]]).astype(np.float32)


def _renumbered(entries: list[_Entry], vocab: dict[str, int]) -> tuple[list[_Entry], dict[str, int]]:
    """The entries with their terms numbered again in a vocabulary of the terms they use (new entries, new dict)."""
    import numpy as np

    terms = list(vocab)  # in id order: ids are handed out in insertion order
    used = np.unique(np.concatenate([e.ids for e in entries])) if entries else np.zeros(0, np.int32)
    new = np.full(len(terms), -1, dtype=np.int32)
    new[used] = np.arange(len(used), dtype=np.int32)
    fresh = {terms[i]: j for j, i in enumerate(used.tolist())}
    return [_Entry(e.descriptor, new[e.ids], e.tf, 0, e.hi - e.lo, fresh) for e in entries], fresh


def _count(tools: Sequence[Descriptor], names: list[str], vocab: dict[str, int], known: dict[str, WordTable],
           langs: set[str]) -> tuple[Any, Any, list[int]]:
    """The tools' term ids in `vocab` (added to it) and their weighted counts, tool i's at [bounds[i]:bounds[i + 1]];
    `names` are their ids; `langs` gets the localizations' languages.

    Batched over the tools: each language's texts are split into words in one pass (`_word_ids`: its ASCII texts
    through a byte table, the others through `str.lower` and `str.isalnum`; all of a language's through the latter
    when most are not ASCII, as a localization's are: one pass instead of two), each distinct word is stemmed once
    (`known` keeps word → term id, -2 for a stop word), and the counting is one sort of (tool, term, field weight) keys.
    """
    import numpy as np

    texts = _texts(tools, names, langs)
    rows_, terms_, weights_ = [], [], []
    by_lang: dict[str, tuple[list[str], list[Any], list[Any]]] = {}
    for (lang, weight), (values, rows) in texts.items():
        found = by_lang.setdefault(lang, ([], [], []))
        found[0].extend(values)
        found[1].extend(rows)
        found[2].append(np.full(len(values), weight, dtype=np.float64))
    for lang, (values, rows, weights) in by_lang.items():
        table = known.get(lang) or known.setdefault(lang, WordTable(_SEP))
        row_of, weight_of = np.concatenate(rows), np.concatenate(weights)
        joined = _SEP.join(values)
        if joined.isascii():  # (a flag of the string: no pass over it)
            which, ids = _word_ids(ascii_words(values, _SEP, joined), lang, table, vocab)
        elif 4 * sum(not t.isascii() for t in values) >= len(values):  # mostly not ASCII (a localization's texts):
            which, ids = _word_ids(text_words(values, _SEP), lang, table, vocab)  # one pass, no split
        else:  # the ASCII texts through the byte table, the others (few) through `str.lower` and `str.isalnum`
            plain = [i for i, t in enumerate(values) if t.isascii()]
            other = [i for i, t in enumerate(values) if not t.isascii()]
            which, ids = _word_ids(ascii_words([values[i] for i in plain], _SEP), lang, table, vocab)
            other_which, other_ids = _word_ids(text_words([values[i] for i in other], _SEP), lang, table, vocab)
            which = np.concatenate([np.asarray(plain, dtype=np.int64)[which], np.asarray(other, dtype=np.int64)[other_which]])
            ids = np.concatenate([ids, other_ids])
        rows_.append(row_of[which])
        terms_.append(ids)
        weights_.append(weight_of[which])
    n, n_vocab = len(tools), max(len(vocab), 1)
    if not rows_:
        return np.zeros(0, np.int32), np.zeros(0, np.float32), [0] * (n + 1)
    pairs = np.concatenate(rows_) * n_vocab + np.concatenate(terms_)
    order = stable_order(pairs, n * n_vocab)
    pairs = pairs[order]
    firsts = np.empty(len(pairs), dtype=bool)  # where each (tool, term) begins: its occurrences' weights summed
    firsts[:1] = True
    np.not_equal(pairs[1:], pairs[:-1], out=firsts[1:])
    heads = np.flatnonzero(firsts)
    tf = np.add.reduceat(np.concatenate(weights_)[order], heads).astype(np.float32)  # (exact: multiples of 0.5)
    rows, ids = np.divmod(pairs[heads], n_vocab)
    return ids.astype(np.int32), tf, np.searchsorted(rows, np.arange(n + 1)).tolist()


_SEP = "\x00"  # between two texts of a batch: never part of a word
_CLAIM_CHUNK = 8192  # the first words never seen that are put in the table before the rest are looked up again


def _word_ids(words: KeyedWords | None, lang: str, table: WordTable, vocab: dict[str, int]) -> tuple[Any, Any]:
    """The term ids of `words` (stop words left out), and the index of the text each came from.

    Each word of up to KEYED bytes is looked up by its two 64-bit keys in `table` (atdf_mcp.word_keys); only the words
    never seen are cut out as strings and stemmed (`_new_ids`), and each longer word through a dict of words (`_ids`) (few: ≈ 1 in 200 in tool
    descriptions).
    """
    import numpy as np

    if words is None:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    if table.count:
        ids, missing = table.find(words.first, words.second)
    else:  # (a first batch: every word is new)
        ids, missing = np.full(len(words.first), -3, dtype=np.int64), np.arange(len(words.first))
    long = np.flatnonzero(words.sizes > KEYED)
    if len(long):
        missing = np.setdiff1d(missing, long, assume_unique=True)
    first, second, chunk = words.first, words.second, _CLAIM_CHUNK
    while len(missing):  # the words never seen, a chunk at a time: most of a chunk's repeats come later, and are found
        part, missing = missing[:chunk], missing[chunk:]
        slots, new = table.claim(first[part], second[part])
        table.values[slots[new]] = _new_ids(words.texts(part[new]), lang, vocab)
        ids[part] = table.values[slots]
        if len(missing):
            ids[missing], still = table.find(first[missing], second[missing])
            missing, chunk = missing[still], 4 * chunk
    if len(long):
        ids[long] = _ids(words.texts(long), lang, table.words, vocab)
    keep = np.flatnonzero(ids >= 0)
    return words.which[keep], ids[keep]


def _new_ids(words: list[str], lang: str, vocab: dict[str, int]) -> Any:
    """The term ids of distinct words never seen before (-2 for a stop word or a single character), stemmed in their
    order (the order the word table found them in, the same in every process)."""
    import numpy as np

    stop = _stopwords()
    ids = np.full(len(words), -2, dtype=np.int64)
    keep = [len(w) > 1 and w not in stop for w in words]
    kept = list(itertools.compress(words, keep))
    if kept:
        setdefault = vocab.setdefault
        ids[np.fromiter(keep, dtype=bool, count=len(words))] = [setdefault(s, len(vocab)) for s in _new_stems(lang, kept)]
    return ids


def _ids(words: list[str], lang: str, table: dict[str, int], vocab: dict[str, int]) -> Any:
    """The words' term ids (-2 for a stop word or a single character), stemming the words not yet in `table`."""
    import numpy as np

    new = set(words).difference(table)
    if new:
        stop = _stopwords()
        kept = sorted(w for w in new if len(w) > 1 and w not in stop)  # sorted: term ids (and ties) the same in every process
        table.update(dict.fromkeys(new, -2))
        table.update(zip(kept, (vocab.setdefault(s, len(vocab)) for s in _new_stems(lang, kept)), strict=True))
    return np.fromiter(map(table.__getitem__, words), dtype=np.int64, count=len(words))


def _texts(tools: Sequence[Descriptor], names: list[str], langs: set[str]) -> dict[tuple[str, float], tuple[list[str], list[Any]]]:
    """The tools' texts by (language, weight), with each text's row (an array per run of texts); `names`: their ids.

    Gathered field by field over all the tools, each of a tool's values (inputs, examples, tags...) a text of its own
    (no word crosses two texts), through C-level attribute getters where a field is always there. Identifiers (the
    name, input names) with camelCase humps are split at them first, as `_words(..., identifiers=True)` splits them.
    A value that is not a string counts as empty. `langs` gets the localizations' languages.
    """
    import numpy as np

    n = len(tools)
    every = np.arange(n, dtype=np.int64)
    texts: dict[tuple[str, float], tuple[list[str], list[Any]]] = {}

    def add(lang: str, field: str, values: Sequence[Any], rows: Any = every) -> None:
        if values.count(None) == len(values):  # (no tool has it: titles, often)
            return
        found = texts.setdefault((lang, WEIGHTS[field]), ([], []))
        found[0].extend(_strings(list(values)))
        found[1].append(rows)

    def flat(items: Sequence[tuple[Any, ...]]) -> tuple[list[Any], Any]:
        """The items of each tool's tuple, in one list, and the row of each."""
        sizes = np.fromiter(map(len, items), dtype=np.int64, count=n)
        return list(itertools.chain.from_iterable(items)), np.repeat(every, sizes)

    # the fields read in one pass over the descriptors, each one's fields while its attributes are in cache (in the
    # order the model declares them), then transposed
    descriptions, whens, titles, all_localizations, all_metadata, tool_examples, tool_inputs, all_hints = (
        zip(*map(_get_fields, tools), strict=True) if n else [()] * 8)
    inputs, input_rows = flat(tool_inputs)
    names, input_names = _strings(list(names)), _strings(list(map(_get_name, inputs)))
    humps = [_humped(names), _humped(input_names)]
    if WEIGHTS["name"] == WEIGHTS["input_name"] and (humps[0] or humps[1]):  # one field then: a tool's name and
        rows = {*humps[0], *input_rows[humps[1]].tolist()}  # input names are split when any of them has humps
        humps = [sorted(rows), [k for k, row in enumerate(input_rows.tolist()) if row in rows]]
    for values, humped in zip((names, input_names), humps, strict=True):
        if humped:  # split at the humps, in one regex pass over them all, then counted as any text is
            split = _CAMEL_WORD.sub(_camel_parts, _SEP.join([values[at] for at in humped])).split(_SEP)
            for at, text in zip(humped, split, strict=True):
                values[at] = text
    add("en", "name", names)
    add("en", "input_name", input_names, input_rows)
    add("en", "title", titles)
    add("en", "description", descriptions)
    add("en", "when_to_use", whens)
    add("en", "input_description", list(map(_get_description, inputs)), input_rows)
    examples, example_rows = flat(tool_examples)
    if examples:
        add("en", "example", [*map(_get_name, examples), *map(_get_narrative, examples)], np.tile(example_rows, 2))
    hinted: list[int] = []
    when: list[Any] = []
    detail: list[Any] = []
    tags: list[Any] = []
    tag_rows: list[int] = []
    localized: dict[tuple[str, str], tuple[list[Any], list[int]]] = {}
    for row, (hints, metadata, localization) in enumerate(zip(all_hints, all_metadata, all_localizations, strict=True)):
        if hints:  # (most tools' hints are annotations only)
            triggers, details = hints.get("triggers"), hints.get("detail")
            if triggers is not None or details is not None:
                hinted.append(row)
                when.append(" \n ".join(_strings(triggers))
                            if isinstance(triggers, list) and "; ".join(map(str, triggers)) != tools[row].when_to_use else "")
                detail.append(details)
        if metadata:
            for key in _TAG_KEYS:
                value = metadata.get(key)
                if value is None:
                    continue
                if isinstance(value, list):
                    tags += value
                    tag_rows += [row] * len(value)
                else:
                    tags.append(value)
                    tag_rows.append(row)
        if localization:
            langs.update(k.split("-")[0].lower() for k in localization)
            for key, fields in localization.items():
                if isinstance(fields, dict):
                    lang = key.split("-")[0].lower()
                    lang = lang if lang in _SNOWBALL and _stemmer(lang) is not None else "en"
                    for field in ("title", "description", "when_to_use"):
                        value = fields.get(field)
                        if value:
                            found = localized.setdefault((lang, field), ([], []))
                            found[0].append(value)
                            found[1].append(row)
    if hinted:
        add("en", "when_to_use", when, np.asarray(hinted, dtype=np.int64))
        add("en", "detail", detail, np.asarray(hinted, dtype=np.int64))
    if tags:
        add("en", "tags", tags, np.asarray(tag_rows, dtype=np.int64))
    for (lang, field), (values, rows) in localized.items():
        add(lang, field, values, np.asarray(rows, dtype=np.int64))
    return texts


_get_id, _get_name, _get_description = (operator.attrgetter(a) for a in ("id", "name", "description"))
_get_narrative = operator.attrgetter("narrative")
_get_fields = operator.attrgetter("description", "when_to_use", "title", "localization", "metadata", "examples", "inputs", "hints")
_get_lo, _get_hi, _get_all_ids = (operator.attrgetter(a) for a in ("lo", "hi", "all_ids"))


_CAMEL_WORD = re.compile(r"[^\W_]+")


def _camel_parts(match: re.Match[str]) -> str:
    """An identifier's word split at its camelCase humps, as `_words(..., identifiers=True)` splits it."""
    word = match.group()
    return word if word.islower() or word.isupper() or word.isdigit() else " ".join(_CAMEL.findall(word) or [word])


def _strings(values: Any) -> list[str]:
    """The values as strings: each one that is not a string is empty (one check of the whole list, mostly)."""
    if not isinstance(values, list):
        return []
    try:
        "".join(values)
    except TypeError:
        return [v if isinstance(v, str) else "" for v in values]
    return values


_TAG_KEYS = ("tags", "keywords", "category", "subcategory", "domain")  # metadata indexed as `tags`


def _listed(value: Any) -> Any:
    """A metadata value's items: the list's, or the value alone."""
    return value if isinstance(value, list) else (value,)


def _humped(texts: list[str]) -> list[int]:
    """The indexes of the texts with a camelCase hump: none when no text has a capital (one C-level pass), else a
    regex search of the texts that do."""
    joined = _SEP.join(texts)
    if joined == joined.lower():
        return []
    return [i for i, t in enumerate(texts) if not t.islower() and _HUMP.search(t) is not None]


def _words(text: str, identifiers: bool = False) -> list[str]:
    """Lower-case words without stop words, split at `_`, `-`, `.`; with `identifiers`, at camelCase humps too.

    """
    stop = _stopwords()
    if not identifiers or _HUMP.search(text) is None:
        return [w for w in _WORD.findall(text.lower()) if len(w) > 1 and w not in stop]
    words: list[str] = []
    for word in _WORD.findall(text):
        parts = [word] if word.islower() or word.isupper() or word.isdigit() else _CAMEL.findall(word) or [word]
        words += [p for p in map(str.lower, parts) if len(p) > 1 and p not in stop]
    return words


def _parts(text: str, identifier: bool) -> list[str]:
    """A name's or title's lower-case words, stop words kept; an identifier split at camelCase humps too."""
    if not identifier or _HUMP.search(text) is None:
        return _WORD.findall(text.lower())
    return [p.lower() for word in _WORD.findall(text) for p in (_CAMEL.findall(word) or [word])]


def _bounded(query: str) -> str:
    """The query's first QUERY_CHARS characters once each run of blanks is one space (a run of blanks is no word)."""
    return " ".join(query[:QUERY_CHARS * 16].split())[:QUERY_CHARS]


def ignored_words(query: str) -> list[str]:
    """The query's words (as written, split at blanks) that search leaves out: stop words, single characters, and words
    without a letter or digit (emoji, punctuation), and an agent's framing ("find a tool that can"); each once, in order."""
    query = _bounded(query)
    words = _query_words(unframed(query))
    if _language(query) != "es/pt":
        words = [w for w in words if w not in _query_stopwords()] or words
    searched = set(words)
    return list(dict.fromkeys(token for token in query.split()
                              if not searched.intersection(_query_words(token)) and _LETTERS.search(token) is None))


def _name_key(text: str) -> str:
    """A tool name (or a query) as its letters and digits, lowered: `to_do`, `ToDo` and `to-do` are one key."""
    return "".join(c for c in text.lower() if c.isalnum())


_NAME_SEPS = bytes.maketrans(bytes(c for c in range(128) if not chr(c).isalnum() and c != 10),
                             b" " * sum(1 for c in range(128) if not chr(c).isalnum() and c != 10))


def _name_words(names: list[str], vocab: dict[str, int]) -> _NameWords:
    """The words of `names` as term ids of `vocab`, split and stemmed as the index reads a name (at `_`, `-`, `.` and
    camelCase humps; stop words and single characters left out), each tool's once, by term. ASCII names without humps
    (most) are split in one pass over them all."""
    import numpy as np

    n = len(names)
    joined = "\n".join(names)
    if n and joined.isascii() and joined == joined.lower() and joined.count("\n") == n - 1:  # no capital: no hump
        split = [line.split() for line in joined.encode().translate(_NAME_SEPS).decode().split("\n")]
    else:
        split = [_words(name, identifiers=True) for name in names]
    distinct = list(dict.fromkeys(itertools.chain.from_iterable(split)))
    stop = _stopwords()
    kept = [w for w in distinct if len(w) > 1 and w not in stop]
    term = dict.fromkeys(distinct, -1)
    term.update(zip(kept, (vocab.get(s, -1) for s in _stem("en", kept)), strict=True))
    sizes = np.fromiter(map(len, split), dtype=np.int64, count=n)
    ids = np.fromiter(map(term.__getitem__, itertools.chain.from_iterable(split)), dtype=np.int64, count=int(sizes.sum()))
    rows = np.repeat(np.arange(n, dtype=np.int64), sizes)
    keep = ids >= 0
    ids, rows = ids[keep], rows[keep]
    terms = int(ids.max()) + 1 if len(ids) else 0
    pairs = np.sort(rows * max(terms, 1) + ids)  # (by tool already: a nearly sorted array) each (tool, term) once
    pairs = pairs[np.flatnonzero(np.diff(pairs, prepend=-1))]
    rows, ids = np.divmod(pairs, max(terms, 1))
    rows = rows[stable_order(ids, terms)] if len(ids) else rows  # by term, then tool
    counts = np.bincount(rows, minlength=n)
    parts = np.divide(1.0, counts, out=np.zeros(n), where=counts > 0)
    starts = np.zeros(terms + 1, dtype=np.int64)
    np.cumsum(np.bincount(ids, minlength=terms), out=starts[1:])
    return _NameWords(starts, rows, parts)


def _head(name: str) -> str:
    """A name's first part, lowered: up to its first `_`, `-`, `.` or camelCase hump ("" for none)."""
    first = _WORD.search(name)
    if first is None:
        return ""
    word = first.group()
    parts = [word] if word.islower() or word.isupper() or word.isdigit() else _CAMEL.findall(word) or [word]
    return parts[0].lower()


def _namespaces(names: list[str], acting: Any) -> dict[str, Any]:
    """Each namespace of the names → its tools' positions: a first part (`_head`) of two letters or more that heads
    NAMESPACE_TOOLS names or more, is no word of the expansion table (get_, check_, log_: tool vocabulary), and whose
    names mostly say a verb of the table (`acting`, per name: hubspot_create_contact, zoom_meetingCreate,
    sqs_sendMessage), as a vendor's prefix does; a verb no table lists heads names of objects instead
    (set_event_reminder, publish_episode)."""
    import numpy as np

    by_head: dict[str, list[int]] = {}
    for i, name in enumerate(names):
        by_head.setdefault(_head(name), []).append(i)
    table = _expansions()
    spaces: dict[str, Any] = {}
    for head, rows in by_head.items():
        if len(head) < 2 or len(rows) < NAMESPACE_TOOLS or _stem("en", [head])[0] in table:
            continue
        found = np.asarray(rows, dtype=np.int64)
        if 2 * int(acting[found].sum()) >= len(rows):
            spaces[head] = found
    return spaces


def _first_words(query: str) -> str:
    """The query up to the end of its QUERY_WORDS-th word; the rest is not searched."""
    ends = [m.end() for m in itertools.islice(_WORD.finditer(query), QUERY_WORDS + 1)]
    return query[:ends[QUERY_WORDS - 1]] if len(ends) > QUERY_WORDS else query


def _query_words(query: str) -> list[str]:
    """The query's words, and the parts of its camelCase words ("WhatsApp": whatsapp, whats, app)."""
    words = _words(query)
    if _HUMP.search(query) is not None:
        seen = set(words)
        words += [w for w in dict.fromkeys(_words(query, identifiers=True)) if w not in seen]
    return words


def _stem(lang: str, words: list[str]) -> list[str]:
    """The words' stems in `lang`, without accents (so "facturación" and "facturacion" meet)."""
    stems = _stemmer(lang).stemWords(words)  # type: ignore[union-attr]
    return [s if s.isascii() else _plain(s) for s in stems]


def _new_stems(lang: str, words: list[str]) -> list[str]:
    """The stems of words a build has not seen yet, as `_stem` gives them, by a stemmer without PyStemmer's cache: a
    build stems each distinct word once, and a cache's miss costs ≈ 1 µs where the bare stemmer takes ≈ 0.3 (a cache
    pays off only when the same words are built again, as a benchmark builds them)."""
    stems = _bare_stemmer(lang).stemWords(words)
    return [s if s.isascii() else _plain(s) for s in stems]


@cache
def _bare_stemmer(lang: str) -> Any:
    """PyStemmer's Snowball stemmer for a language `_stemmer` has, without a cache."""
    return Stemmer.Stemmer(_SNOWBALL[lang], 0)


@cache
def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@cache
def _stemmer(lang: str) -> Any:
    """PyStemmer's Snowball stemmer for a language code (None when there is none)."""
    name = _SNOWBALL.get(lang)
    if name is None or name not in Stemmer.algorithms():
        return None
    return Stemmer.Stemmer(name, 100_000)


def _language(query: str) -> str | None:
    """"en" or "es/pt" when the query has more words that only that side uses (stop words and the expansion table's
    words), else None."""
    english, iberian = _language_words()
    words = [_plain(w) for w in _WORD.findall(query.lower())]
    en, ib = sum(w in english for w in words), sum(w in iberian for w in words)
    return "en" if en > ib else "es/pt" if ib > en else None


def _languages(query: str, known: tuple[str, ...], language: str | None) -> tuple[str, ...]:
    """The languages to stem a query in: all the catalogue's, unless the query is English.

    Stemming an English word as Spanish or Portuguese can land on another word's stem ("pager" → "pag", as in
    "pagar"), so an English query is stemmed as English only.
    """
    return ("en",) if language == "en" else known


@cache
def _language_words() -> tuple[frozenset[str], frozenset[str]]:
    """Words only English uses, and words only Spanish or Portuguese use: bm25s's stop lists (the longer English one)
    and the expansion table's words, without accents."""
    from bm25s.stopwords import STOPWORDS_EN_PLUS, STOPWORDS_PORTUGUESE, STOPWORDS_SPANISH

    english = {*STOPWORDS_EN_PLUS, *(w for en, _, _ in GROUPS for w in en.split())}
    iberian = {*STOPWORDS_SPANISH, *STOPWORDS_PORTUGUESE, *(w for _, es, pt in GROUPS for w in f"{es} {pt}".split())}
    english, iberian = {_plain(w.lower()) for w in english}, {_plain(w.lower()) for w in iberian}
    return frozenset(english - iberian), frozenset(iberian - english)


@cache
def _query_stopwords() -> frozenset[str]:
    """English function words dropped from an English query (bm25s's longer list), less the ones tools act on."""
    from bm25s.stopwords import STOPWORDS_EN_PLUS

    return frozenset(w.lower() for w in STOPWORDS_EN_PLUS) - _QUERY_CONTENT_WORDS


# Prepositions, particles and quantifiers carry a request's meaning in phrasal verbs ("give up", "log out", "shows up
# twice", "all of them"), and question words its subject ("who reports to", "where is"): only pronouns, auxiliaries and
# determiners are dropped.
_QUERY_CONTENT_WORDS = frozenset((
    "about", "above", "after", "again", "against", "all", "any", "before", "below", "between", "both", "down", "during",
    "each", "few", "from", "further", "more", "most", "no", "nor", "not", "off", "on", "once", "only", "other", "out",
    "over", "own", "same", "some", "through", "too", "under", "until", "up", "very", "while", "in", "into",
    "how", "what", "when", "where", "which", "who", "whom", "why"))


@cache
def _stopwords() -> frozenset[str]:
    """English, Spanish and Portuguese stop words (bm25s's lists), without accents as well, less a few that tools use."""
    from bm25s.stopwords import STOPWORDS_EN, STOPWORDS_PORTUGUESE, STOPWORDS_SPANISH

    words = {w.lower() for w in (*STOPWORDS_EN, *STOPWORDS_SPANISH, *STOPWORDS_PORTUGUESE)}
    return frozenset((words | {_plain(w) for w in words}) - _CONTENT_WORDS)


# Words of the stop lists that name what tools deal with: es/pt "estado" (state, status: "estado del pedido"), and
# "on", the particle of phrasal verbs in tools' names and texts (turn_on_lights, log on, switch on): a query keeps it
# (_QUERY_CONTENT_WORDS), and "off" was never a stop word, so without it "turn on" read as "turn" and ranked
# turn_off_* as high. ("in", kept the same way, was measured too: it is in most descriptions as a place, and lowered
# the fresh set's recall@5 from 0.887 to 0.882.)
_CONTENT_WORDS = frozenset(("estado", "estados", "on"))


@cache
def _expansions() -> dict[str, tuple[frozenset[str], ...]]:
    """Each stem of the expansion table → the groups it belongs to, as sets of stems (every language)."""
    by_stem: dict[str, list[frozenset[str]]] = {}
    for group in GROUPS:
        stems: set[str] = set()
        for lang, words in zip(("en", "es", "pt"), group, strict=True):
            stems.update(_stem(lang, [w.lower() for w in words.split()]))
        for stem in stems:
            by_stem.setdefault(stem, []).append(frozenset(stems))
    return {stem: tuple(groups) for stem, groups in by_stem.items()}


@cache
def _verb_stems() -> frozenset[str]:
    """The English stems of the expansion table's verbs (create, list, send, cancel...)."""
    return frozenset(_stem("en", [w.lower() for en, _, _ in VERB_GROUPS for w in en.split()]))


@cache
def _group_words() -> frozenset[str]:
    """Every word of the expansion table, lowered and without accents."""
    return frozenset(_plain(w.lower()) for group in GROUPS for words in group for w in words.split())


def _line(d: Descriptor, lang: str | None) -> str:
    """Level 1: the first sentence of the description in `lang`, at most LINE_CHARS characters."""
    text = " ".join(d.text("description", lang).split())
    text = _SENTENCE.split(text, 1)[0]
    if len(text) > LINE_CHARS:
        text = text[: LINE_CHARS - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return text
