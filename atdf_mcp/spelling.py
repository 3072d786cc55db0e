"""Names and words as people misspell them: edit distance, normalised spelling, the one name meant.

    >>> nearest_name("checkIn", ["check_in", "check_out"])
    'check_in'
    >>> close_names("hotel_reservaton", ["hotel_reservation", "flight_booking"])
    ['hotel_reservation']
"""

from __future__ import annotations

import difflib
import functools
import re
from typing import Any

from .budget import MAX_TEXT
from .missing import MISSING, only
from .short_names import same_words

__all__ = ["DIRECTED", "close_names", "closest_spelling", "edit_distance", "in_another_order", "is_abbreviation", "is_typo_of",
           "nearest_name", "norm", "typo_tolerance"]


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """The edit distance between two strings, a swap of two neighbours counting as one edit; past `limit`, any
    number above it (the computation stops as soon as the distance must exceed it)."""
    if a == b:
        return 0
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            best = previous[j - 1] + (ca != cb)
            if previous[j] + 1 < best:
                best = previous[j] + 1
            if current[j - 1] + 1 < best:
                best = current[j - 1] + 1
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb and before[j - 2] + 1 < best:
                best = before[j - 2] + 1
            current.append(best)
        if limit is not None and min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


@functools.lru_cache(maxsize=4096)
def norm(text: str) -> str:
    """Lower case, camelCase split, any run of spaces, '-', '_' or '.' as one '_'."""
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text.strip())
    return re.sub(r"[\s_\-.]+", "_", text.lower()).strip("_")


def typo_tolerance(length: int) -> int:
    """How many typos a word of this length may carry and still be recognised."""
    return 1 if length <= 5 else 2 if length <= 10 else 3


def is_abbreviation(short: str, word: str) -> bool:
    """`short` is `word` with letters left out, keeping its first letter ("dlx" → "deluxe")."""
    if len(short) < 2 or len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])



def closest_spelling(text: str, strings: list[str]) -> Any:
    """The one choice within a few typos of `text` (fewer for short words) that begins as it does, closer than any
    other; else MISSING.
    A text of several words each of which is a word of the choices is no typo: "priority:asc" asks for a combination
    the choices do not offer, not for "priority:desc"."""
    if _known_words(text, strings):
        return MISSING
    scored = []
    for choice in strings:
        word = norm(choice)
        tolerance = min(typo_tolerance(len(word)), len(text) - 1)
        if abs(len(word) - len(text)) <= tolerance:
            distance = edit_distance(text, word, tolerance)
            if 0 < distance <= tolerance and is_typo_of(text, word) and _same_start(text, word):
                scored.append((distance, choice))
    scored.sort()
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return MISSING  # none close enough, or two equally close: the caller's intent is not ours to pick
    return scored[0][1]


def _same_start(text: str, word: str) -> bool:
    """Whether a misspelling keeps the word's first letter, or only swaps its first two or leaves the first out: another
    first letter makes another word ("light" is no "night", "sell" no "cell", "weight" no "height")."""
    return text[:1] == word[:1] or text[:2] == word[1::-1] or text == word[1:]


def _known_words(text: str, strings: list[str]) -> bool:
    """Whether `text` has two words or more and every one of them is a word of some choice."""
    words = set(re.split(r"[_:/]+", text))
    return len(words) >= 2 and words <= {word for choice in strings for word in re.split(r"[_:/]+", norm(choice))}


DIRECTED = frozenset({"to", "from", "into", "vs", "versus", "per", "over", "by"})  # words that make an order a direction


def in_another_order(text: str, strings: list[str]) -> Any:
    """The one choice made of the same words as `text` in another order and another notation ("Autumn 2031" for
    "2031-autumn", "orders.read" for "read:orders"); never words of a direction ("eur to usd"), two numbers ("9:16"),
    codes of two or three letters ("EUR/USD" is the inverse of "usd_eur"), nor words joined as the choice joins them
    ("london_paris" is the way back from "paris_london")."""
    words = sorted(re.split(r"[_:/]+", norm(text)))
    if len(words) < 2 or set(words) & DIRECTED or sum(w.isdigit() for w in words) > 1:
        return MISSING
    if all(len(w) <= 3 and w.isalpha() for w in words):  # currencies, languages, countries, airports: a pair is directed
        return MISSING
    found = [c for c in strings if sorted(re.split(r"[_:/]+", norm(c))) == words]
    return found[0] if len(found) == 1 and _marks(found[0]) != _marks(text) else MISSING


def _marks(text: str) -> set[str]:
    """The marks that join a value's words (" ", "-", ":", "/"...)."""
    return set(re.findall(r"[\W_]+", text.strip()))


def is_typo_of(text: str, word: str) -> bool:
    """Whether `text` may be a misspelling of `word` rather than another value: the same digits ("ubuntu_22_04" is
    another version than "ubuntu_24_04"), no part of two letters written as two others ("uk" is not "us",
    "sa_east_1" is not "us_east_1"), and no short code without vowels for another ("xxxl" is not "xxl")."""
    if re.findall(r"[0-9]+", text) != re.findall(r"[0-9]+", word):
        return False
    if len(text) - len(word) >= 2 and text.endswith(word):
        return False  # letters more before the word make another one: "biweekly", "unpaid", "subtotal"
    ours, theirs = text.split("_"), word.split("_")
    if len(ours) != len(theirs):
        return True
    return all(a == b or (max(len(a), len(b)) > 2 and not _another_code(a, b)) for a, b in zip(ours, theirs, strict=True))


def _another_code(a: str, b: str) -> bool:
    """Two short parts without vowels and not the same letters: codes ("xxl", "tbsp") whose every letter counts, so
    a letter more, less or other is another code ("xxxl" and "xxs" are sizes not offered, "tsp" a teaspoon), not a
    typo; two letters swapped ("tsbp") still are one."""
    return max(len(a), len(b)) <= 4 and not re.search(r"[aeiouy]", a + b) and sorted(a) != sorted(b)


def close_names(name: str, known: list[str], n: int = 3, cutoff: float = 0.5) -> list[str]:
    """`difflib.get_close_matches(name, known, n, cutoff)`, the same names in the same order, at any catalogue size.

    rapidfuzz (C++) scores every name by its Indel ratio (2·LCS / total length), which is never below difflib's ratio;
    difflib then rates the names from the best of those scores down, and stops at the first whose score cannot reach
    the n-th best ratio found: a few hundred comparisons at 10,000 names where difflib alone made all of them (≈ 0.2 s
    of the event loop per unknown name).
    """
    from rapidfuzz import fuzz, process

    if n <= 0:
        return []
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(name)
    best: list[tuple[float, str]] = []  # (ratio, name), the best first, as difflib orders them (ties: the larger name)
    for candidate, bound, _ in process.extract(name, known, scorer=fuzz.ratio, score_cutoff=cutoff * 100, limit=None):
        if len(best) == n and bound / 100 < best[-1][0] - 1e-9:
            break  # this name and every later one (sorted by bound) are rated below the n-th best
        matcher.set_seq1(candidate)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            ratio = matcher.ratio()
            if ratio >= cutoff:
                best = sorted([*best, (ratio, candidate)], reverse=True)[:n]
    return [candidate for _, candidate in best]


# Words that make a name another input than the one it holds: "page_size" is no misspelt "page", "user_id" no "user".
_MEASURES = frozenset({"size", "count", "number", "num", "limit", "total", "max", "min", "length", "len", "id", "ids",
                       "type", "kind", "token", "offset", "index", "url"})


def _measured(key: str, word: str) -> bool:
    """Whether `key` holds a measure of `word` besides it, in the singular or plural ("page_size", "page_sizes")."""
    return any(w in _MEASURES or w.removesuffix("s") in _MEASURES for w in key.split("_") if w != word)


_SCOPES = frozenset({"per", "each", "every"})  # "max_results_per_page" is a page's most, not max_results


def _words_within(declared: str, key: str) -> bool:
    """Whether the declared name's words (two or more) are the caller's in their order, with words between or around
    them that are no measure nor scope ("max_completion_tokens" for max_tokens; "max_page_size" is no max_page, and
    "max_results_per_page" no max_results)."""
    words, given = declared.split("_"), key.split("_")
    if len(words) < 2 or len(given) <= len(words) or len(given) > 8:
        return False
    rest = iter(given)
    if not all(word in rest for word in words):
        return False
    extra = [w for w in given if w not in words]
    return not any(w in _MEASURES or w.removesuffix("s") in _MEASURES or w in _SCOPES for w in extra)


def nearest_name(name: str, candidates: list[str]) -> Any:
    """The declared argument a misspelt or re-cased argument name stands for, or MISSING."""
    if not candidates or len(name) > MAX_TEXT:
        return MISSING
    key = norm(name)
    for test in _name_tests(key):
        found = only([c for c in candidates if test(c)])
        if found is not MISSING:
            return found
    return closest_spelling(key, candidates)


def tied_names(name: str, candidates: list[str]) -> list[str]:
    """The declared arguments the first of `nearest_name`'s readings that names any names, when it names more than one
    ("color" for color_hex and color_temp_kelvin); else []. The caller may choose among them by the value."""
    if not candidates or len(name) > MAX_TEXT:
        return []
    key = norm(name)
    for test in _name_tests(key):
        named = [c for c in candidates if test(c)]
        if named:
            return named if len(named) > 1 else []
    return []


def _name_tests(key: str) -> tuple[Any, ...]:
    """The readings of a name, the surest first."""
    return (lambda c: norm(c) == key,
            lambda c: norm(c).rstrip("s") == key.rstrip("s"),
            lambda c: key in norm(c).split("_") or (norm(c) in key.split("_") and not _measured(key, norm(c))),
            lambda c: len(key) >= 3 and norm(c).startswith(key),
            lambda c: is_abbreviation(key, norm(c)),
            lambda c: same_words(key, norm(c)),
            lambda c: _words_within(norm(c), key))
