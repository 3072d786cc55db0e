"""The tool a name means when it holds a tool's words in another notation or order.

    >>> same_words_name("nordic.orders.fetch", ["fetch_nordic_orders", "nordic.badges.fetch"])
    'fetch_nordic_orders'
    >>> same_words_name("convert_usd_to_eur", ["convert_eur_to_usd"]) is None   # a direction is no notation
    True
    >>> same_words_name("tag.add", ["add_tag", "tag_remove"])                    # short words are words too
    'add_tag'
    >>> same_words_name("getUser", ["getuser", "user_get"])                      # the same name in another case first
    'getuser'
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable

from .spelling import DIRECTED

__all__ = ["meant_first", "name_words", "same_words_name"]

# HTTPServer: HTTP, Server; fetchNordicOrders: fetch, Nordic, Orders; a word of any script (заказы, café) whole
_WORD = re.compile(r"[A-Z]+(?![^\W\dA-Z_])|[A-Z]?[^\W\dA-Z_]+|[0-9]+")


def name_words(name: str) -> tuple[str, ...]:
    """A name's words, lower-cased and sorted: split at every mark and camelCase hump."""
    return tuple(sorted(word.lower() for word in _WORD.findall(name)))


def same_words_name(name: str, known: list[str]) -> str | None:
    """The one known name that is `name` in another case, else the one made of the same words (two or more, none of a
    direction), in any notation and order: fetch_nordic_orders for nordic.orders.fetch or fetchNordicOrders; else None."""
    _index(known)
    folded = [k for k in _BY_FOLD.get(name.casefold(), ()) if k != name and k in known]
    if folded:
        return folded[0] if len(folded) == 1 else None
    words = name_words(name)
    if len(words) < 2 or DIRECTED.intersection(words) or sum(word.isdigit() for word in words) > 1:
        return None
    found = [k for k in _BY_WORDS.get(_key(words), ()) if k != name and k in known]
    return found[0] if len(found) == 1 else None


# Every name seen, by its words and by its case-folded spelling: one index for every view (tool set, language, kind
# of name), whose names are indexed once; a call checks its names are (0.1 ms at 10,000) and looks the name up. An
# index per list of names was rebuilt (13-30 ms at 10,000) on every call once more lists than it held took turns.
_BY_WORDS: dict[str, tuple[str, ...]] = {}  # by the words joined: 0.27 KiB a name in all, 0.73 with a tuple of words
_BY_FOLD: dict[str, tuple[str, ...]] = {}
_SEEN: set[str] = set()
_MAX_SEEN = 200_000  # names of reloads past: past this many, the index starts again from the names of the call
_LOCK = threading.Lock()


def _index(known: Iterable[str]) -> None:
    """Index the names of `known` not indexed yet."""
    if _SEEN.issuperset(known):
        return
    with _LOCK:
        new = set(known) - _SEEN
        if len(_SEEN) + len(new) > _MAX_SEEN:
            _BY_WORDS.clear(), _BY_FOLD.clear(), _SEEN.clear()
            new = set(known)
        for k in sorted(new):
            words = _key(name_words(k))
            _BY_WORDS[words] = (*_BY_WORDS.get(words, ()), k)
            folded = k.casefold()
            folded = k if folded == k else folded  # a name in lower case is its own key, not a copy
            _BY_FOLD[folded] = (*_BY_FOLD.get(folded, ()), k)
        _SEEN.update(new)


def _key(words: tuple[str, ...]) -> str:
    """The index key of a name's words."""
    return "\x1f".join(words)


def meant_first(name: str, known: list[str], close: list[str], n: int = 3) -> list[str]:
    """`close` (the closest spellings of `name` among `known`) with the name meant first (in another case, or of the
    same words), when there is one."""
    meant = same_words_name(name, known)
    return close if meant is None else [meant, *(c for c in close if c != meant)][:n]
