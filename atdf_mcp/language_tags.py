"""A language as a tag with its region or script ("es-ES", "pt_BR", "zh-Hans-CN"), by its name in English or its
own ("Spanish", "español") or its three-letter code ("spa"), for an enum of bare language codes.

    >>> language_of("pt_BR", ["en", "es", "pt"]), language_of("Deutsch", ["en", "de"]), language_of("fre", ["en", "fr"])
    ('pt', 'de', 'fr')
    >>> language_of("es-MX", ["ES", "FR", "MX"])   # upper-case codes are countries: es-MX is Mexico
    MISSING
    >>> language_of("de-AT", ["at", "ch", "de"])   # its region is a choice too: Germany or Austria?
    MISSING
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING, only
from .patterns import search

__all__ = ["language_code", "language_of"]

_TAG = re.compile(r"([A-Za-z]{2,3})(?:[-_](?:[A-Za-z]{4}|[A-Za-z]{2}|\d{3}))+")


# ISO 639-1 code → its names in English and in the language itself, and its ISO 639-2 codes (bibliographic, terminology)
_LANGUAGES: dict[str, tuple[str, ...]] = {
    "en": ("english", "eng"), "es": ("spanish", "español", "espanol", "castilian", "castellano", "spa"),
    "fr": ("french", "français", "francais", "fre", "fra"), "de": ("german", "deutsch", "ger", "deu"),
    "it": ("italian", "italiano", "ita"), "pt": ("portuguese", "português", "portugues", "por"),
    "nl": ("dutch", "nederlands", "dut", "nld"), "ja": ("japanese", "日本語", "nihongo", "jpn"),
    "zh": ("chinese", "中文", "mandarin", "chi", "zho"), "ko": ("korean", "한국어", "kor"), "ru": ("russian", "русский", "rus"),
    "ar": ("arabic", "العربية", "ara"), "hi": ("hindi", "हिन्दी", "hin"), "pl": ("polish", "polski", "pol"),
    "sv": ("swedish", "svenska", "swe"), "da": ("danish", "dansk", "dan"), "fi": ("finnish", "suomi", "fin"),
    "no": ("norwegian", "norsk", "nor"), "tr": ("turkish", "türkçe", "turkce", "tur"), "el": ("greek", "ελληνικά", "gre", "ell"),
    "cs": ("czech", "čeština", "cestina", "cze", "ces"), "uk": ("ukrainian", "українська", "ukr"), "he": ("hebrew", "עברית", "heb"),
    "ca": ("catalan", "català", "catala", "cat"), "eu": ("basque", "euskara", "baq", "eus"), "gl": ("galician", "galego", "glg"),
    "ro": ("romanian", "română", "romana", "rum", "ron"), "hu": ("hungarian", "magyar", "hun"), "id": ("indonesian", "ind"),
    "vi": ("vietnamese", "tiếng việt", "vie"), "th": ("thai", "ไทย", "tha"),
}
_BY_NAME = {name: code for code, names in _LANGUAGES.items() for name in names}


def language_of(value: Any, choices: list[Any]) -> Any:
    """The one language code of an enum of lower-case language codes that a longer tag begins with (unless the tag's
    region is a choice as well), or that the language's name or three-letter code stands for; else MISSING."""
    strings = [c for c in choices if isinstance(c, str)]
    if not isinstance(value, str) or not strings or not all(re.fullmatch(r"[a-z]{2,3}", c) for c in strings):
        return MISSING
    match = _TAG.fullmatch(value.strip())
    code = match[1].lower() if match else _BY_NAME.get(value.strip().lower())
    if match and any(part != code and part in strings for part in re.split(r"[-_]", value.strip().lower())[1:]):
        return MISSING  # "de-AT" where "at" is a choice too: lower-case codes may be countries, and the tag names two
    return only([c for c in strings if c == code]) if code else MISSING


def language_code(value: Any, pattern: str) -> Any:
    """The two-letter code of the language `value` names, for a string whose pattern takes it ("German" → "de"), never a
    tag cut to its language where the pattern takes more ("en_us" is no "en"); else MISSING."""
    codes = [code for code in _LANGUAGES if search(pattern, code)]
    if not codes or not isinstance(value, str) or search(pattern, value):
        return MISSING
    if _TAG.fullmatch(value.strip()) and any(search(pattern, tag) for tag in ("en-US", "en_US", "en-us", "zh-Hant")):
        return MISSING  # "en_us" or "zh_Hant" where the pattern takes a region: en-US or zh-TW was meant, not en or zh
    return language_of(value, codes)
