"""Honest repairs of a wrong argument value: the caller's own value, made to fit the schema, or nothing.

    >>> nearest("Standrad", ["standard", "deluxe", "suite"])
    'standard'
    >>> coerce("five", {"type": "integer"})
    5
    >>> nearest("euros", ["EUR", "USD"])
    'EUR'
    >>> repair_format("04/06/2030", "date")   # 4 June or April 6? Not ours to guess.
    MISSING

Every function here either returns a value that means what the caller wrote, or MISSING. None of them makes data
up: no example e-mail, no "tomorrow", no placeholder uuid, no truncated text, no guessed day/month order.
"""

from __future__ import annotations

import datetime as dt
import difflib
import functools
import itertools
import json
import re
import uuid
from decimal import Decimal, InvalidOperation
from typing import Any

from .budget import MAX_TEXT

__all__ = [
    "MISSING",
    "close_names",
    "codes_for_name",
    "coerce",
    "edit_distance",
    "get_at",
    "is_personal",
    "is_exact_number",
    "named_code",
    "nearest",
    "nearest_name",
    "number_from_words",
    "number_in_unit",
    "repair_format",
    "round_to_step",
    "schema_at",
    "set_at",
]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Sentinel: no honest suggestion exists."""


# ---------------------------------------------------------------------------------------------
# Spelling


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
def _norm(text: str) -> str:
    """Lower case, camelCase split, any run of spaces, '-', '_' or '.' as one '_'."""
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text.strip())
    return re.sub(r"[\s_\-.]+", "_", text.lower()).strip("_")


def _tolerance(length: int) -> int:
    """How many typos a word of this length may carry and still be recognised."""
    return 1 if length <= 5 else 2 if length <= 10 else 3


def _is_abbreviation(short: str, word: str) -> bool:
    """`short` is `word` with letters left out, keeping its first letter ("dlx" → "deluxe")."""
    if len(short) < 2 or len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


def _only(found: list[Any]) -> Any:
    """The one candidate found, or MISSING when there are none or several (ambiguous)."""
    unique = list(dict.fromkeys(found))
    return unique[0] if len(unique) == 1 else MISSING


def nearest(value: Any, choices: list[Any]) -> Any:
    """The allowed value the caller meant: another case or spacing, a unit or currency written in full,
    an unambiguous abbreviation or prefix, the one closest spelling, or the one short form the caller wrote in full
    ("Monday" for "mon"); MISSING when unsure."""
    if not choices or isinstance(value, (dict, list)) or value is None or _too_long(value, choices):
        return MISSING
    text = _norm(str(value))
    if not text:
        return MISSING
    found = _only([c for c in choices if _norm(str(c)) == text])
    if found is not MISSING or not isinstance(value, str):
        return found
    number = number_from_words(value)
    if number is not MISSING and any(number == c and not isinstance(c, bool) for c in choices):
        return number
    strings = [c for c in choices if isinstance(c, str)]
    if not strings:
        return MISSING
    for attempt in (lambda: named_code(value, strings),
                    lambda: _only([c for c in strings if len(text) >= 2 and _norm(c).startswith(text)]),
                    lambda: _only([c for c in strings if _is_abbreviation(text, _norm(c))])):
        found = attempt()
        if found is not MISSING:
            return found
    found = _closest_spelling(text, strings)
    if found is not MISSING or not all(len(c) <= 4 for c in strings):
        return found  # short forms only in an enum of short forms ("mon".."sun", "avg"/"max"/"min"), not in [art, music]
    return _only([c for c in strings if _is_short_form(_norm(c), text)])


_COMPARISONS = ("r", "er", "st", "est", "ish")  # "lower", "latest", "lowish": another value than "low" or "late"


def _is_short_form(short: str, word: str) -> bool:
    """`short` (3 letters or more) begins the word `word` and is not a comparison of it: "mon" of "monday", "jan" of
    "january", "max" of "maximum"; not "low" of "lowest" nor "high" of "higher"."""
    return (len(short) >= 3 and word.startswith(short) and word != short and word.isalpha() and short.isalpha()
            and word[len(short):] not in _COMPARISONS)


def _too_long(value: Any, choices: list[Any]) -> bool:
    """A string far longer than every choice: no typo of any of them, and costly to compare."""
    return isinstance(value, str) and len(value) > MAX_TEXT and len(value) > 2 * max(len(str(c)) for c in choices)


def _closest_spelling(text: str, strings: list[str]) -> Any:
    """The one choice within a few typos of `text` (fewer for short words), closer than any other; else MISSING."""
    scored = []
    for choice in strings:
        word = _norm(choice)
        tolerance = min(_tolerance(len(word)), len(text) - 1)
        if abs(len(word) - len(text)) <= tolerance:
            distance = edit_distance(text, word, tolerance)
            if 0 < distance <= tolerance:
                scored.append((distance, choice))
    scored.sort()
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return MISSING  # none close enough, or two equally close: the caller's intent is not ours to pick
    return scored[0][1]


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


def nearest_name(name: str, candidates: list[str]) -> Any:
    """The declared argument a misspelt or re-cased argument name stands for, or MISSING."""
    if not candidates or len(name) > MAX_TEXT:
        return MISSING
    key = _norm(name)
    for test in (lambda c: _norm(c) == key,
                 lambda c: _norm(c).rstrip("s") == key.rstrip("s"),
                 lambda c: key in _norm(c).split("_") or _norm(c) in key.split("_"),
                 lambda c: len(key) >= 3 and _norm(c).startswith(key),
                 lambda c: _is_abbreviation(key, _norm(c))):
        found = _only([c for c in candidates if test(c)])
        if found is not MISSING:
            return found
    return _closest_spelling(key, candidates)


# ---------------------------------------------------------------------------------------------
# Numbers and codes written in words

_UNITS = {w: i for i, w in enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                      "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                                      "nineteen"])}
_TENS = {w: 10 * i for i, w in enumerate(["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2)}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}


def number_from_words(text: str) -> Any:
    """A whole number written in English words ("five", "twenty-one", "two hundred and ten"), or MISSING."""
    words = [w for w in re.split(r"[\s\-]+", text.strip().lower()) if w and w != "and"]
    if not words or not all(w in _UNITS or w in _TENS or w in _SCALES or w == "a" for w in words):
        return MISSING
    total, current, seen = 0, 0, False
    for word in words:
        if word == "a":
            current = current or 1
        elif word in _UNITS or word in _TENS:
            current += _UNITS.get(word, 0) + _TENS.get(word, 0)
            seen = True
        elif word == "hundred":
            current = (current or 1) * 100
        else:
            total += (current or 1) * _SCALES[word]
            current = 0
        seen = seen or word in _SCALES
    return total + current if seen else MISSING


# Names written in full → the codes they may stand for; a name is used only when exactly one of its codes is allowed.
_CODE_NAMES: dict[str, tuple[str, ...]] = {
    # ISO 4217 currencies
    "euro": ("EUR",), "dollar": ("USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN"), "us_dollar": ("USD",),
    "american_dollar": ("USD",), "canadian_dollar": ("CAD",), "australian_dollar": ("AUD",), "pound": ("GBP", "lb"),
    "pound_sterling": ("GBP",), "sterling": ("GBP",), "british_pound": ("GBP",), "yen": ("JPY",), "japanese_yen": ("JPY",),
    "yuan": ("CNY",), "renminbi": ("CNY",), "swiss_franc": ("CHF",), "franc": ("CHF",), "rupee": ("INR",),
    "indian_rupee": ("INR",), "real": ("BRL",), "brazilian_real": ("BRL",), "peso": ("MXN", "ARS", "CLP", "COP"),
    "mexican_peso": ("MXN",), "sol": ("PEN",), "soles": ("PEN",), "won": ("KRW",), "ruble": ("RUB",), "rouble": ("RUB",),
    "zloty": ("PLN",), "krona": ("SEK",), "krone": ("NOK", "DKK"), "lira": ("TRY",), "rand": ("ZAR",),
    # units
    "millimeter": ("mm",), "millimetre": ("mm",), "centimeter": ("cm",), "centimetre": ("cm",), "meter": ("m",),
    "metre": ("m",), "kilometer": ("km",), "kilometre": ("km",), "inch": ("in",), "foot": ("ft",),
    "feet": ("ft",), "yard": ("yd",), "mile": ("mi",), "gram": ("g",), "gramme": ("g",), "kilogram": ("kg",),
    "kilogramme": ("kg",), "kilo": ("kg",), "tonne": ("t",), "ton": ("t",), "ounce": ("oz",), "lbs": ("lb",),
    "milliliter": ("ml",), "millilitre": ("ml",), "liter": ("l",), "litre": ("l",), "gallon": ("gal",),
    "celsius": ("C", "°C"), "centigrade": ("C", "°C"), "fahrenheit": ("F", "°F"), "kelvin": ("K",),
    "second": ("s", "sec"), "minute": ("min",), "hour": ("h", "hr"), "day": ("d",), "kilometer_per_hour": ("km/h", "kph"),
    "kilometre_per_hour": ("km/h", "kph"), "mile_per_hour": ("mph",), "meter_per_second": ("m/s",),
    "metre_per_second": ("m/s",), "knot": ("kn", "kt"), "pixel": ("px",),
    "degree_celsius": ("C", "°C"), "kilobyte": ("KB", "kB"), "megabyte": ("MB",), "gigabyte": ("GB",),
}


# currency symbols, with the ISO codes each stands for ("$" is USD only where no other dollar or peso is allowed; "£"
# alone is sterling, the Egyptian pound is written E£)
_SYMBOL_CODES: dict[str, tuple[str, ...]] = {
    "€": ("EUR",), "$": ("USD", "CAD", "AUD", "NZD", "SGD", "HKD", "TWD", "MXN", "ARS", "CLP", "COP"),
    "us$": ("USD",), "c$": ("CAD", "NIO"), "a$": ("AUD",), "nz$": ("NZD",), "hk$": ("HKD",), "s$": ("SGD",), "nt$": ("TWD",),
    "r$": ("BRL",), "£": ("GBP",), "e£": ("EGP",), "¥": ("JPY", "CNY"), "jp¥": ("JPY",), "cn¥": ("CNY",), "₹": ("INR",),
    "₩": ("KRW",), "₽": ("RUB",), "₺": ("TRY",), "₪": ("ILS",), "₴": ("UAH",), "₱": ("PHP",), "₦": ("NGN",), "₫": ("VND",),
    "฿": ("THB",), "zł": ("PLN",), "kr": ("SEK", "NOK", "DKK", "ISK"),
}


def codes_for_name(text: str) -> tuple[str, ...]:
    """The codes a currency or unit written in full or as a symbol may stand for ("US dollars", "US$" → USD; "pounds" →
    GBP or lb; "$" → any dollar or peso)."""
    symbol = _SYMBOL_CODES.get(_norm(text))
    if symbol:
        return symbol
    forms = [[w, w[:-1], w[:-2]] if w.endswith("es") else [w, w[:-1]] if w.endswith("s") else [w] for w in _norm(text).split("_")]
    for form in itertools.product(*forms[:6]):  # each word as written, or singular ("US dollars" → us_dollar)
        codes = _CODE_NAMES.get("_".join(form))
        if codes:
            return codes
    return ()


def named_code(text: str, allowed: list[str]) -> Any:
    """The allowed code a currency or unit written in full stands for ("euros" → EUR, "kilometers" → km), when
    exactly one of the codes it may mean is allowed."""
    codes = codes_for_name(text)
    return _only([a for a in allowed if any(a.lower() == c.lower() for c in codes)]) if codes else MISSING


_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY"}
_CANONICAL = {code.lower(): codes[0].lower() for codes in _CODE_NAMES.values() for code in codes}  # °c → c, kt → kn
_CANONICAL.pop("in")  # "in" is a word first


def _units_named(text: str) -> set[str]:
    """The units or currencies a text names, in full or as codes, each as its first code ("Weight in kilograms",
    "kg" → {kg}; "degrees Celsius", "°C" → {c})."""
    found: set[str] = set()
    for word in re.findall(r"°[CF]|[€$£¥]|[^\W\d_]+", text):
        word = _SYMBOLS.get(word, word).lower()
        codes = codes_for_name(word)
        found |= {_CANONICAL.get(c.lower(), c.lower()) for c in codes} if codes else {_CANONICAL[word]} if word in _CANONICAL else set()
    return found


def number_in_unit(value: Any, name: str, description: str) -> Any:
    """A number written with the one unit or currency its input names ("2.5 kg" for weight_kg, "40mm" for a depth "in
    millimetres", "5€" for a tip "in EUR"), or MISSING: any other unit, or an input naming none or several."""
    if not isinstance(value, str) or len(value) > 64:
        return MISSING
    match = re.fullmatch(r"\s*([€$£¥])?\s*([-+]?\d[\d.,]*)\s*([^\d\s].*?)?\s*", value)
    if not match or bool(match[1]) == bool(match[3]):
        return MISSING  # no unit, or two (a symbol before and a word after)
    number = _number(match[2])
    declared = _units_named(f"{_norm(name).replace('_', ' ')} {description}")
    written = _units_named(match[1] or match[3])
    if number is MISSING or len(declared) != 1 or not written or not written <= declared:
        return MISSING
    return number


# ---------------------------------------------------------------------------------------------
# Types


def coerce(value: Any, schema: dict[str, Any]) -> Any:
    """`value` in the schema's type when the conversion keeps its meaning ("5" → 5, "yes" → true), else MISSING."""
    if isinstance(value, str) and len(value) > MAX_TEXT:
        return MISSING  # no number, flag or list is written in that many characters
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
    for kind in kinds:
        converted = _coerce_one(value, kind, schema)
        if converted is not MISSING:
            return converted
    return MISSING


def _coerce_one(value: Any, kind: str, schema: dict[str, Any]) -> Any:
    if isinstance(value, bool) and kind != "boolean" and kind != "array":
        return MISSING  # true is not 1, nor "true": a type change of meaning
    if kind in ("integer", "number"):
        number = _number(value)
        if number is MISSING or (kind == "integer" and not float(number).is_integer()):
            return MISSING
        return int(number) if kind == "integer" or float(number).is_integer() else number
    if kind == "boolean":
        if isinstance(value, str) and value.strip().lower() in _BOOLEANS:
            return _BOOLEANS[value.strip().lower()]
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value in (0, 1):
            return bool(value)
        return MISSING
    if kind == "string":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        return MISSING
    if kind == "array":
        return _as_array(value, schema)
    if kind == "object" and isinstance(value, str):
        parsed = _json(value)
        return parsed if isinstance(parsed, dict) else MISSING
    if kind == "null" and isinstance(value, str) and value.strip().lower() in ("", "null", "none"):
        return None
    return MISSING


_BOOLEANS = {"true": True, "yes": True, "y": True, "on": True, "1": True,
             "false": False, "no": False, "n": False, "off": False, "0": False}


# Thousands written with one mark and a decimal part with the other, or with a mark that is never a decimal one.
_GROUPED = re.compile(r"([-+]?[1-9]\d{0,2})((?P<mark>[.,'\u2019\u00a0\u202f])\d{3}(?:(?P=mark)\d{3})*)(?:([.,])(\d+))?")


def _number(value: Any) -> Any:
    """A number the value plainly is: 5, "5", " 5.0 ", "12,50" (decimal comma), "1.250,50" and "1,250.50" (both
    marks), "1,000,000", "five"; never "1,500" nor "1.500" (fifteen hundred, or one and a half?)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    if not isinstance(value, str):
        return MISSING
    text = value.strip()
    if re.fullmatch(r"[-+]?\d+", text):
        return int(text)
    if re.fullmatch(r"[-+]?[1-9]\d{0,2}[.,]\d{3}", text):
        return MISSING  # one mark before three digits: a decimal point in one convention, thousands in the other
    grouped = _GROUPED.fullmatch(text)
    if grouped and grouped["mark"] != grouped[4] and (grouped[4] or grouped["mark"] not in ".," or grouped[2].count(grouped["mark"]) > 1):
        whole = int(grouped[1] + re.sub(r"\D", "", grouped[2]))
        return float(f"{whole}.{grouped[5]}") if grouped[4] else whole
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?|[-+]?\d+[eE][-+]?\d+", text):
        return float(text)
    if re.fullmatch(r"[-+]?\d+,(\d{1,2}|\d{4,})", text):  # 12,50 is twelve and a half; 1,500 could be either
        return float(text.replace(",", "."))
    return number_from_words(text)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return MISSING


def _as_array(value: Any, schema: dict[str, Any]) -> Any:
    """A JSON list written as text, one value not in a list, or a comma list of allowed members; else MISSING."""
    if isinstance(value, str):
        parsed = _json(value) if value.strip().startswith("[") else MISSING
        if isinstance(parsed, list):
            return parsed
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        if "," in value:
            members = items.get("enum")
            if not members:
                return MISSING  # "Paris, France": one value or two? Not ours to decide
            parts = [nearest(p, members) for p in value.split(",") if p.strip()]
            return parts if parts and MISSING not in parts else MISSING
    if isinstance(value, list) or value is None:
        return MISSING
    return [value]


def round_to_step(value: Any, step: Any) -> Any:
    """`value` rounded to a decimal precision step (0.01 → cents); MISSING for other steps (15 minutes, packs of 6)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or isinstance(step, bool) or not isinstance(step, (int, float)):
        return MISSING
    try:
        exponent = Decimal(str(step)).normalize()
    except InvalidOperation:
        return MISSING
    if exponent != Decimal(1).scaleb(exponent.adjusted()) or exponent > 1:
        return MISSING  # not a power of ten ≤ 1: rounding would change the amount, not its precision
    rounded = Decimal(str(value)).quantize(exponent)
    return int(rounded) if rounded == rounded.to_integral_value() else float(rounded)


# ---------------------------------------------------------------------------------------------
# Formats


def repair_format(value: Any, fmt: str) -> Any:
    """The caller's value written in the required format when its meaning is certain, else MISSING."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        return MISSING
    text = value.strip()
    repair = _FORMAT_REPAIRS.get(fmt)
    if repair is not None:
        return repair(text)
    return text if text != value else MISSING


def _date(text: str) -> Any:
    parsed = _parse_day(text)
    return parsed.isoformat() if parsed is not None else MISSING


def _date_time(text: str) -> Any:
    candidate = re.sub(r"^(\d{4}-\d{2}-\d{2})[ t](\d)", r"\1T\2", text).replace("z", "Z")
    try:
        parsed = dt.datetime.fromisoformat(candidate.replace("Z", "+00:00"))
    except ValueError:
        return MISSING
    if parsed.tzinfo is None:
        return MISSING  # which time zone? Appending Z would move the time by hours
    written = parsed.isoformat()
    return written[:-6] + "Z" if written.endswith("+00:00") and candidate.endswith("Z") else written


def _time(text: str) -> Any:
    """A time of day with its UTC offset, the seconds or the hour's padding left out ("9:30+02:00" → 09:30:00+02:00);
    never one without an offset (which zone?)."""
    match = re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2}))", text)
    if not match or int(match[1]) > 23 or int(match[2]) > 59 or (match[6] and (int(match[7]) > 23 or int(match[8]) > 59)):
        return MISSING
    zone = "Z" if match[5] else f"{match[6]}{match[7]}:{match[8]}"
    return f"{int(match[1]):02d}:{match[2]}:{match[3] or '00'}{match[4] or ''}{zone}"


# Units of a length of time as people write them → (ISO 8601 designator, whether it sits after the "T"). A lone "m" is
# read as minutes only after hours ("1h30m"): "3m" of retention may be months. "M" alone is refused.
_DURATION_UNITS = {
    **dict.fromkeys(("y", "yr", "yrs", "year", "years"), ("Y", False)),
    **dict.fromkeys(("mo", "mos", "month", "months"), ("M", False)),
    **dict.fromkeys(("w", "wk", "wks", "week", "weeks"), ("W", False)),
    **dict.fromkeys(("d", "day", "days"), ("D", False)),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), ("H", True)),
    **dict.fromkeys(("m", "min", "mins", "minute", "minutes"), ("M", True)),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), ("S", True)),
}
_DURATION_ORDER = [("Y", False), ("M", False), ("W", False), ("D", False), ("H", True), ("M", True), ("S", True)]


def _duration(text: str) -> Any:
    """A length of time written as people do ("6h", "90 min", "30 days", "1 hour 30 minutes") in ISO 8601, in the
    caller's own units (PT6H, PT90M, P30D, PT1H30M); or an ISO duration in lower case. Whole numbers only."""
    if re.fullmatch(r"p[\dymwdths.]+", text, re.IGNORECASE):
        return text.upper()  # "pt6h": its validity is checked by the caller
    parts = re.findall(r"(\d+)\s*([A-Za-z]+)|(\S)", re.sub(r"\s*(?:,|\band\b)\s*", " ", text.strip()))
    found: dict[tuple[str, bool], int] = {}
    for number, unit, stray in parts:
        key = _DURATION_UNITS.get(unit.lower()) if not stray and unit != "M" else None
        if key is None or key in found or (unit == "m" and ("H", True) not in found):
            return MISSING  # anything else ("ago", "1.5", "6 M", "3m" alone) or a unit twice: not one length of time
        found[key] = int(number)
    if not found:
        return MISSING
    if ("W", False) in found and len(found) > 1:
        found[("D", False)] = found.get(("D", False), 0) + 7 * found.pop(("W", False))  # ISO writes weeks alone
    date = "".join(f"{found[k]}{k[0]}" for k in _DURATION_ORDER if k in found and not k[1])
    time = "".join(f"{found[k]}{k[0]}" for k in _DURATION_ORDER if k in found and k[1])
    return f"P{date}" + (f"T{time}" if time else "")


_MONTHS = {m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}


def _parse_day(text: str) -> dt.date | None:
    """A calendar day whose reading is certain: ISO (also unpadded or with a time), dd.mm.yyyy, a month name, or
    d/m vs m/d only when one part is above 12."""
    iso = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?", text, re.IGNORECASE)
    if iso:
        return _day(int(iso[1]), int(iso[2]), int(iso[3]))
    dotted = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", text)  # written day-first wherever dots are used
    if dotted:
        return _day(int(dotted[3]), int(dotted[2]), int(dotted[1]))
    numeric = re.fullmatch(r"(\d{1,2})[/-](\d{1,2})[/-](\d{4})", text)
    if numeric:
        a, b, year = int(numeric[1]), int(numeric[2]), int(numeric[3])
        if a > 12 >= b:
            return _day(year, b, a)
        if b > 12 >= a:
            return _day(year, a, b)
        return _day(year, a, b) if a == b else None  # 04/06: April or June? ambiguous
    words = re.fullmatch(r"(?:(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)|([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?),?\s+(\d{4})", text.lower())
    if words:
        day, month = (words[1], words[2]) if words[1] else (words[4], words[3])
        number = _MONTHS.get(month[:3])
        return _day(int(words[5]), number, int(day)) if number and month in _month_names(number) else None
    return None


def _month_names(number: int) -> set[str]:
    full = dt.date(2000, number, 1).strftime("%B").lower()
    return {full, full[:3], full[:4]}


def _day(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None  # 31 June is not a day; the nearest one is a guess


def _email(text: str) -> Any:
    candidate = re.sub(r"^mailto:", "", text, flags=re.IGNORECASE)
    angle = re.fullmatch(r"[^<>]*<([^<>]+)>", candidate)
    if angle:
        candidate = angle[1]
    candidate = re.sub(r"\s*(?:\(at\)|\[at\]|\{at\}|\s+at\s+)\s*", "@", candidate, flags=re.IGNORECASE)
    candidate = re.sub(r"\s*(?:\(dot\)|\[dot\]|\s+dot\s+)\s*", ".", candidate, flags=re.IGNORECASE)
    candidate = re.sub(r"\s*@\s*", "@", candidate.strip()).rstrip(".")
    if re.fullmatch(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}", candidate):
        return candidate
    return MISSING


def _uri(text: str) -> Any:
    if re.fullmatch(r"(?:www\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?:[/?#]\S*)?", text):
        return "https://" + text  # a host name (and path) without its scheme
    return text if " " not in text else MISSING


def _uuid(text: str) -> Any:
    candidate = re.sub(r"^(?:urn:uuid:)", "", text.strip("{}() "), flags=re.IGNORECASE)
    try:
        return str(uuid.UUID(candidate)) if re.fullmatch(r"[0-9a-fA-F]{8}-?([0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}", candidate) else MISSING
    except ValueError:
        return MISSING


def _ipv4(text: str) -> Any:
    """An IPv4 address with every part padded to three digits ("192.168.001.010" → 192.168.1.10). Only the padded
    form: a lone "010" is 8 where a leading zero means octal (inet_aton), 10 where it does not."""
    parts = text.split(".")
    if len(parts) == 4 and all(re.fullmatch(r"0|[1-9]\d{0,2}", p) and int(p) <= 255 for p in parts):
        return text  # the address itself, once trimmed
    if len(parts) != 4 or not all(re.fullmatch(r"\d{3}", p) and int(p) <= 255 for p in parts):
        return MISSING
    return ".".join(str(int(p)) for p in parts)


_FORMAT_REPAIRS = {
    "date": _date, "date-time": _date_time, "time": _time, "duration": _duration, "email": _email, "idn-email": _email,
    "uri": _uri, "url": _uri, "iri": _uri, "uuid": _uuid, "ipv4": _ipv4,
}


# ---------------------------------------------------------------------------------------------
# Personal and identifying data

_PERSONAL_FORMATS = {"email", "idn-email", "uuid", "ipv4", "ipv6", "hostname", "idn-hostname"}
_PERSONAL_WORDS = {
    "id", "ids", "uuid", "guid", "email", "mail", "phone", "telephone", "tel", "mobile", "cell", "fax", "name", "names",
    "firstname", "lastname", "surname", "fullname", "username", "login", "user", "address", "street", "addr", "zip",
    "postcode", "postal", "ssn", "passport", "iban", "account", "card", "cvv", "password", "pin", "token", "secret",
    "key", "birthdate", "birthday", "dob", "reference", "ref", "contact", "customer", "patient", "recipient", "sender",
}


def is_personal(name: str, schema: dict[str, Any] | None) -> bool:
    """Whether a property holds personal or identifying data (an e-mail, a name, an id...), judged by its name,
    its format and its pattern: such values are never made up, nor copied from an example."""
    words = set(_norm(name).split("_"))
    if words & _PERSONAL_WORDS:
        return True
    schema = schema or {}
    if schema.get("format") in _PERSONAL_FORMATS:
        return True
    pattern = schema.get("pattern")
    if isinstance(pattern, str) and ("@" in pattern or "\\d" in pattern or "0-9" in pattern):
        return True
    items = schema.get("items")  # a list of e-mail addresses, an object holding a name: personal as a whole
    properties = schema.get("properties")
    return ((isinstance(items, dict) and is_personal("", items))
            or (isinstance(properties, dict) and any(is_personal(k, v) for k, v in properties.items() if isinstance(v, dict))))


_EXACT_WORDS = {
    "amount", "price", "cost", "fee", "total", "balance", "payment", "sum", "weight", "mass", "age",  # reported
    "day", "month", "year", "hour", "weekday", "floor", "port", "seat", "index", "position", "rank",  # positions
}


def is_exact_number(name: str) -> bool:
    """Whether a number is exact by its meaning, judged by its name: a fact the user reports (a sum of money, a
    weight, an age) or a position (the 31st of the month, a floor, a port). Moved to a bound, the call would pay
    another sum, declare another weight or pick another day, so it never is."""
    return bool(set(_norm(name).split("_")) & _EXACT_WORDS)


# ---------------------------------------------------------------------------------------------
# Paths into arguments and schemas


def schema_at(schema: dict[str, Any], path: list[Any]) -> dict[str, Any] | None:
    """The sub-schema that describes the value at `path` (object keys and array indices)."""
    node: Any = schema
    for part in path:
        if not isinstance(node, dict):
            return None
        if isinstance(part, int) or (isinstance(part, str) and part.isdigit() and "items" in node):
            node = node.get("items")
        else:
            node = (node.get("properties") or {}).get(part)
    return node if isinstance(node, dict) else None


def get_at(target: Any, path: list[Any]) -> Any:
    """The value at `path`, or MISSING."""
    node = target
    for part in path:
        try:
            node = node[int(part)] if isinstance(node, list) else node[part]
        except (KeyError, IndexError, TypeError, ValueError):
            return MISSING
    return node


def set_at(target: Any, path: list[Any], value: Any) -> bool:
    """Set the value at `path` (its parent must exist); whether it was set."""
    parent = get_at(target, path[:-1]) if path else MISSING
    last = path[-1] if path else None
    if isinstance(parent, list) and str(last).isdigit() and int(str(last)) < len(parent):
        parent[int(str(last))] = value
        return True
    if isinstance(parent, dict) and last is not None:
        parent[last] = value
        return True
    return False
