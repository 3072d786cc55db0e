"""Words as exact 64-bit keys, and a table from those keys to ids: word lookups without Python code per word.

    >>> import numpy as np
    >>> words = ascii_words(["Find a hotel", "book it"], "\\x00")      # lowered, split, keyed in one numpy pass
    >>> words.texts(np.arange(5))
    ['find', 'a', 'hotel', 'book', 'it']
    >>> table = WordTable("\\x00")
    >>> ids, missing = table.find(words.first, words.second)          # -3 where the table has no such word
    >>> ids.tolist(), missing.tolist()
    ([-3, -3, -3, -3, -3], [0, 1, 2, 3, 4])
    >>> slots, new = table.claim(words.first[missing], words.second[missing])   # put in; their ids go to values[slots[new]]
    >>> table.values[slots[new]] = [10, 11, 12, 13, 14]
    >>> table.find(words.first[2:], words.second[2:])[0].tolist()     # found by their keys now
    [12, 13, 14]

ASCII text is lowered and split through a byte table. Other text (`text_words`) is lowered by `str.lower`, its code
points told word or not by `str.isalnum` (as the regex `[^\\W_]+` tells them), and keyed by its UTF-8 bytes the
same way. A word of up to `KEYED` bytes is read as two little-endian 64-bit integers (its first 8 bytes and the next
8, zero-padded): exact keys, no hashing, so two words never share them. `WordTable` holds keys → ids in numpy arrays
(open addressing, linear probing, at most a quarter full) beside a plain dict of words → ids for the longer words.
atdf_mcp.search builds its index with it: only a word never seen before is cut out as a string and stemmed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ["ASCII_LOWER", "KEYED", "KeyedWords", "WordTable", "ascii_words", "text_words"]

# ASCII text: a letter lowered, a digit and NUL (a separator) kept, anything else a space (as [^\W_]+ on lower-case text)
ASCII_LOWER = bytes(c if chr(c).isdigit() or chr(c).islower() or c == 0 else c + 32 if chr(c).isupper() else 32
                    for c in range(128)) + bytes(range(128, 256))
KEYED = 16  # a word of at most this many bytes is looked up by its bytes (two 64-bit keys); a longer one by its text


@dataclass(frozen=True, slots=True)
class KeyedWords:
    """The words of joined texts (ASCII, or UTF-8 bytes, after a space and before 16 NULs): where each starts and ends
    in them, its size, its text's index and its two keys."""

    joined: bytes
    starts: Any
    ends: Any
    sizes: Any
    which: Any
    first: Any
    second: Any

    def texts(self, indexes: Any) -> list[str]:
        """The words at `indexes`, as strings: their bytes gathered into one buffer, a newline after each (never part
        of a word), decoded and split once."""
        import numpy as np

        starts, sizes = self.starts[indexes], self.sizes[indexes]
        if not len(starts):
            return []
        spans = sizes + 1
        at = np.cumsum(spans) - spans  # where each word begins in the buffer
        source = np.repeat(starts - at, spans) + np.arange(int(spans.sum()))  # each byte's place in `joined`
        ends = at + sizes
        source[ends] = 0
        gathered = np.frombuffer(self.joined, dtype=np.uint8)[source]
        gathered[ends] = 10
        return gathered.tobytes().decode("utf-8").split("\n")[:-1]


def ascii_words(texts: list[str], separator: str, joined: str | None = None) -> KeyedWords | None:
    """The words of ASCII `texts` (None when there is none): joined by `separator` (a NUL, never part of a word;
    `joined`: the caller's join of them, when it has one), lowered and split through a byte table, each word's keys
    read in one vectorized pass."""
    if not texts:
        return None
    return _keyed(_joined(texts, separator, joined).encode("ascii").translate(ASCII_LOWER), len(texts))


def text_words(texts: list[str], separator: str) -> KeyedWords | None:
    """The words of any `texts` (None when there is none), as `[^\\W_]+` finds them in the lowered text: joined by
    `separator` (a NUL), lowered as `str.lower` does, each code point told a word's or not by `str.isalnum` (a table
    of the Basic Multilingual Plane; the few code points past it asked one by one), the others made spaces in the
    UTF-8 bytes, which are then keyed as ASCII text is (a word's keys are its UTF-8 bytes)."""
    import numpy as np

    if not texts:
        return None
    lowered = _joined(texts, separator).lower()
    points = np.frombuffer(lowered.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    word = _alnum()[np.minimum(points, 0xFFFF)]
    astral = np.flatnonzero(points > 0xFFFF)
    if len(astral):
        word[astral] = [chr(c).isalnum() for c in points[astral].tolist()]
    word |= points == 0  # the separator stays 0
    utf8 = np.frombuffer(lowered.encode("utf-8", "surrogatepass"), dtype=np.uint8).copy()
    utf8[~np.repeat(word, 1 + (points >= 0x80) + (points >= 0x800) + (points >= 0x10000))] = 32
    return _keyed(utf8.tobytes(), len(texts))


def _joined(texts: list[str], separator: str, joined: str | None = None) -> str:
    """The texts joined by `separator` (`joined`, when given); one that holds the separator gets a space there, as
    any non-word."""
    if joined is None:
        joined = separator.join(texts)
    if joined.count(separator) != len(texts) - 1:
        joined = separator.join([t.replace(separator, " ") for t in texts])
    return joined


def _keyed(joined: bytes, n_texts: int) -> KeyedWords:
    """The words of `n_texts` texts joined by NULs, in bytes where every byte above 32 is a word's (the others are
    spaces): where each starts and ends, its text, and its two keys."""
    import numpy as np

    size = len(joined) + 1  # a space first: every word starts where space turns to word (its places count it)
    joined = b"".join((b" ", joined, bytes(2 * 8)))
    buf = np.frombuffer(joined, dtype=np.uint8)
    word = buf > 32
    edges = np.flatnonzero(word[1:] != word[:-1])
    edges += 1  # where a word starts or ends
    starts, ends = edges[0::2], edges[1::2]
    sizes = ends - starts
    bounds = np.flatnonzero(buf[:size] == 0)  # each text's end (but the last's)
    before = np.searchsorted(starts, np.append(bounds, size))  # the words before each text's end
    which = np.repeat(np.arange(n_texts), np.diff(before, prepend=0))  # the text of each word
    eight = np.ndarray(shape=(size + 8,), dtype="<u8", buffer=buf, strides=(1,))  # 8 bytes from each byte on
    first = eight[starts] & _byte_masks()[np.minimum(sizes, 8)]
    second = np.zeros(len(starts), dtype=np.uint64)  # 0 for the words of up to 8 bytes (most)
    longer = np.flatnonzero(sizes > 8)
    second[longer] = eight[starts[longer] + 8] & _byte_masks()[np.minimum(sizes[longer] - 8, 8)]
    return KeyedWords(joined, starts, ends, sizes, which, first, second)


@cache
def _alnum() -> Any:
    """Whether each code point of the Basic Multilingual Plane is alphanumeric (`str.isalnum`): the runs `[^\\W_]+`
    finds in the plane's text (≈ 1 ms, where 65,536 calls of `str.isalnum` took 5-13 at a start's first build)."""
    import numpy as np

    table = np.zeros(0x10000, dtype=bool)
    for lo, hi in ((0, 0xD800), (0xE000, 0x10000)):  # (the surrogates between are no word's)
        text = np.arange(lo, hi, dtype=np.uint32).tobytes().decode("utf-32-le")
        for run in _ALNUM_RUN.finditer(text):
            table[lo + run.start():lo + run.end()] = True
    return table


_ALNUM_RUN = re.compile(r"[^\W_]+")  # letters and digits: what `str.isalnum` tells apart (re's \w is them and "_")


@cache
def _byte_masks() -> Any:
    """The mask of each length's bytes, 0 to 8, in a little-endian 64-bit word."""
    import numpy as np

    return np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)


class WordTable:
    """Words → ids: by text (`words`, seeded with the batch separator → -1), and by a word's two 64-bit keys in an
    open-addressing table of numpy arrays (`find`, `claim`), for lookups without Python code per word."""

    __slots__ = ("count", "first", "second", "values", "words")

    def __init__(self, separator: str) -> None:
        self.words: dict[str, int] = {separator: -1}
        self.count = 0
        self._resize(1 << 12)

    def _resize(self, size: int) -> None:
        """Empty slots for `size` words (a power of two), the words held so far put in again."""
        import numpy as np

        old = (self.first, self.second, self.values) if self.count else None
        self.first = np.zeros(size, dtype=np.uint64)  # 0: an empty slot (a word's first byte is never 0)
        self.second = np.zeros(size, dtype=np.uint64)
        self.values = np.zeros(size, dtype=np.int64)
        self.count = 0
        if old is not None:
            held = old[0] != 0
            slots, _ = self.claim(old[0][held], old[1][held])
            self.values[slots] = old[2][held]

    @staticmethod
    def mixed(first: Any, second: Any) -> Any:
        """A 64-bit hash of both keys (multiplicative, then a xor-shift and a multiply: every bit moves the top ones)."""
        import numpy as np

        mixed = first * np.uint64(0x9E3779B97F4A7C15)  # (in place from here: one array, and a temporary for each xor)
        mixed ^= second * np.uint64(0xC2B2AE3D27D4EB4F)
        mixed ^= mixed >> np.uint64(29)
        mixed *= np.uint64(0xBF58476D1CE4E5B9)
        return mixed

    def _slots(self, first: Any, second: Any) -> Any:
        """Each key's home slot: the top bits of its hash."""
        import numpy as np

        slots = self.mixed(first, second)
        slots >>= np.uint64(65 - len(self.first).bit_length())
        return slots.view(np.int64)  # (below 2 ** 63 once shifted)

    def find(self, first: Any, second: Any) -> tuple[Any, Any]:
        """The term id of each word's keys (-3 where the table has none), and the indexes of the words it has not."""
        import numpy as np

        mask = len(self.first) - 1
        slots = self._slots(first, second)
        held = self.first[slots]
        hit = (held == first) & (self.second[slots] == second)
        ids = np.where(hit, self.values[slots], -3)
        empty = held == 0
        missing = [np.flatnonzero(empty)]
        pending = np.flatnonzero(~(hit | empty))
        while len(pending):  # linear probing, for the few whose home slot holds another word (a quarter full at most)
            slots[pending] = (slots[pending] + 1) & mask
            at = slots[pending]
            held = self.first[at]
            hit = (held == first[pending]) & (self.second[at] == second[pending])
            ids[pending[hit]] = self.values[at[hit]]
            missing.append(pending[held == 0])
            pending = pending[~hit & (held != 0)]
        return ids, np.concatenate(missing) if len(missing) > 1 else missing[0]

    def claim(self, first: Any, second: Any) -> tuple[Any, Any]:
        """Each word's slot, a word the table does not hold put in an empty one (its id to be written in `values`), and
        the index of one occurrence of each word put in, ascending."""
        import numpy as np

        if 4 * (self.count + len(first)) > len(self.first):  # room for every word being new
            size = len(self.first)
            while 4 * (self.count + len(first)) > size:
                size *= 2
            self._resize(size)
        mask = len(self.first) - 1
        slots = self._slots(first, second)
        pending = np.arange(len(first))
        writer = -4 - pending  # marks the slot an occurrence wrote (ids are ≥ -3: -2 a stop word, -1 the separator)
        while len(pending):  # a word claims an empty slot (of several claiming one, the last written keeps it), finds
            at = slots[pending]  # itself there, or moves on to the next slot
            empty = pending[self.first[at] == 0]
            self.first[slots[empty]] = first[empty]
            self.second[slots[empty]] = second[empty]
            self.values[slots[empty]] = writer[empty]
            at = slots[pending]
            pending = pending[(self.first[at] != first[pending]) | (self.second[at] != second[pending])]
            slots[pending] = (slots[pending] + 1) & mask
        new = np.flatnonzero(self.values[slots] == writer)
        self.count += len(new)
        return slots, new

