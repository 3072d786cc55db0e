"""A country by its name (in English, Spanish, Portuguese, French, German or Italian, from Babel's CLDR data) for an
enum of ISO 3166-1 alpha-2 codes.

    >>> country_of("Spain", ["ES", "FR"]), country_of("México", ["ES", "MX"]), country_of("UK", ["GB", "US"])
    ('ES', 'MX', 'GB')
    >>> country_of("Germany", ["ES", "FR"]), country_of("Congo", ["CD", "CG"]), country_of("Congo", ["CG", "GA"])
    (MISSING, MISSING, 'CG')
    >>> country_code("Germany", "^[A-Z]{2}$"), country_code("Congo", "^[A-Z]{2}$")
    ('DE', MISSING)
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from .missing import MISSING, only

__all__ = ["country_code", "country_of"]

_LANGUAGES = ("en", "es", "pt", "fr", "de", "it")
_ALIASES = {"uk": "GB", "u k": "GB", "great britain": "GB", "britain": "GB", "usa": "US", "u s": "US", "u s a": "US",
            "america": "US", "united states of america": "US", "holland": "NL", "dr congo": "CD", "drc": "CD",
            "democratic republic of the congo": "CD", "republic of the congo": "CG"}
_TWO_READINGS = {"congo": ("CG", "CD"), "the congo": ("CG", "CD"), "kongo": ("CG", "CD")}
"""Names said of two countries: Spanish's "Congo" is the Republic, English speakers as often mean the Democratic one."""


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return re.sub(r"[^a-z0-9]+", " ", "".join(ch for ch in text if not unicodedata.combining(ch))).strip()


@functools.lru_cache(maxsize=1)
def _names() -> dict[str, frozenset[str]]:
    """Every country name of the languages above → the codes it names (loaded once, ≈ 50 ms)."""
    from babel import Locale

    names: dict[str, set[str]] = {}
    for language in _LANGUAGES:
        for code, name in Locale(language).territories.items():
            if re.fullmatch(r"[A-Z]{2}", code):
                names.setdefault(_key(name), set()).add(code)
    for alias, code in _ALIASES.items():
        names.setdefault(alias, set()).add(code)
    for name, codes in _TWO_READINGS.items():
        names.setdefault(name, set()).update(codes)
    return {name: frozenset(codes) for name, codes in names.items()}


def country_of(value: Any, choices: list[Any]) -> Any:
    """The one code of an enum of upper-case two-letter codes that the country's name stands for; else MISSING."""
    strings = [c for c in choices if isinstance(c, str)]
    if not isinstance(value, str) or len(value) > 60 or not strings or not all(re.fullmatch(r"[A-Z]{2}", c) for c in strings):
        return MISSING
    codes = _names().get(_key(value), frozenset())
    return only([c for c in strings if c in codes])


def country_code(value: Any, pattern: str) -> Any:
    """The one two-letter code the country's name stands for, when the input's pattern takes it; else MISSING."""
    from .patterns import search

    if not isinstance(value, str) or len(value) > 60:
        return MISSING
    return only([c for c in sorted(_names().get(_key(value), frozenset())) if search(pattern, c)])
