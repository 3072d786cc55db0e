"""The one enum member named among other words of a value: "sick leave" for sick, "lying down" for lying, "high
priority" for high; models describe the member instead of naming it.

    >>> member_among_words("sick_leave", ["vacation", "sick", "parental"])
    'sick'
    >>> member_among_words("squash_and_merge", ["merge", "squash", "rebase"])   # two members named
    MISSING
    >>> member_among_words("not_sick", ["vacation", "sick", "parental"])   # a negation names the others
    MISSING

`text` is written as `spelling.norm` writes it (words joined by '_'). A member must be a whole word or run of words of
the value, of three letters or more (not "a" or "x" inside a sentence); no word may negate it ("not", "don't") or
name it as a bound or an exception ("less than high", "below high", "anything but urgent", "instead of merge"), and
exactly one member may be named. A member that is itself such a word ("other", "over") is named as any other.

    >>> member_among_words("other_reason", ["sick", "other"]), member_among_words("other_than_sick", ["sick", "other"])
    ('other', MISSING)
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING, only
from .spelling import norm

__all__ = ["begins_every_word", "member_among_words", "member_as_adverb", "member_by_word"]

_NEGATIONS = frozenset({"not", "no", "non", "never", "without", "except", "excluding", "nor", "neither", "dont", "isnt", "un",
                        "than", "but", "below", "above", "under", "over", "avoid", "instead", "other", "besides", "unless"})


def member_among_words(text: str, members: list[str]) -> Any:
    """The one member of `members` that the words of `text` name, when they name exactly one; else MISSING."""
    words = text.split("_")
    if len(words) < 2 or len(words) > 8:
        return MISSING
    named = []
    for member in members:
        parts = norm(member).split("_")
        if len(parts) >= len(words) or len("".join(parts)) < 3:
            continue
        if any(words[i:i + len(parts)] == parts for i in range(len(words) - len(parts) + 1)):
            named.append(member)
    found = only(named)
    rest = set(words) - set(norm(found).split("_")) if found is not MISSING else set()
    if _NEGATIONS & rest or any(w.endswith("n't") for w in rest):
        return MISSING  # the other words turn the member away (a member "other" or "over" is no such word)
    if any(any(ch.isdigit() for ch in w) for w in rest):
        return MISSING  # a number beside the member qualifies it: "UTC-4" is no UTC, "v2 beta" no beta
    return found


def member_as_adverb(text: str, members: list[str]) -> Any:
    """The one member whose adverb `text` is ("yearly" for year, "daily" for day); else MISSING."""
    if not text.endswith("ly") or "_" in text:
        return MISSING
    noun = "day" if text == "daily" else text[:-2]
    return only([m for m in members if norm(m) == noun and len(noun) >= 3])


def member_by_word(text: str, members: list[str]) -> Any:
    """The one member whose last word is the single word `text` (4 letters or more), no negation among its words
    ("invoice" for send_invoice; "started" is no not_started); else MISSING. Words after `text` would make the member
    more specific than the caller's word: "cancel" is no cancel_at_period_end, "requested" no requested_by_customer."""
    if "_" in text or len(text) < 4 or not text.isalpha():
        return MISSING
    holding = [m for m in members if norm(m).split("_")[-1] == text]
    found = only(holding)
    return MISSING if found is MISSING or _NEGATIONS & set(norm(found).split("_")) else found


def begins_every_word(text: str, member: str) -> bool:
    """Whether `text` (2 letters or more) begins `member`, both as `norm` writes them, and says every word of it: it
    reaches into the member's last word ("stand" of standard, "premium_pl" of premium_plus), or what it leaves out is
    only numbers, the version of what it names ("debian" of debian_12: the one Debian offered). Not "cancel" of
    cancel_at_period_end nor "premium" of premium_plus: the words left out make the member more specific."""
    if len(text) < 2 or not member.startswith(text):
        return False
    later = member[len(text):].split("_")[1:]  # the words after the one `text` ends in (or ends before)
    return all(word.isdigit() for word in later)


def abbreviates_every_word(short: str, member: str) -> bool:
    """Whether `short` is `member` with letters left out, each word of the member kept by its first letter at least
    ("dlx" of deluxe, "cape" of cancel_at_period_end); not "cancel" of cancel_at_period_end."""
    if len(short) < 2 or len(short) >= len(member) or short[0] != member[0]:
        return False
    words = member.split("_")
    if len(words) == 1:
        return _kept(short[1:], member[1:])  # one word: its letters in order, the first kept ("dlx" of deluxe)
    if len(words) > 8:
        return False
    memo: dict[tuple[int, int], bool] = {}

    def fits(at: int, index: int) -> bool:
        """Whether short[at:] abbreviates words[index:] (each (at, index) worked out once: at most len² steps)."""
        if index == len(words):
            return at == len(short)
        if (at, index) not in memo:
            word, later = words[index], len(words) - index - 1
            memo[at, index] = at < len(short) and short[at] == word[0] and any(
                _kept(short[at + 1:end], word[1:]) and fits(end, index + 1) for end in range(at + 1, len(short) - later + 1))
        return memo[at, index]

    return fits(0, 0)


def _kept(letters: str, word: str) -> bool:
    """Whether `letters` are letters of `word` in their order."""
    rest = iter(word)
    return all(ch in rest for ch in letters)
