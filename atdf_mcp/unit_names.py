"""Currencies and units written in full or as symbols, and the codes they stand for.

    >>> named_code("euros", ["EUR", "USD"]), named_code("$", ["USD", "CAD"])
    ('EUR', MISSING)
    >>> sorted(units_named("Weight in kilograms")), sorted(units_named("80%")), sorted(units_named("weeks"))
    (['kg'], ['%'], ['wk'])
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import Any

from .missing import MISSING, only
from .spelling import norm

__all__ = ["codes_for_name", "input_units", "named_code", "unit_symbols", "units_named"]


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
    "millisecond": ("ms",), "second": ("s", "sec"), "minute": ("min",), "hour": ("h", "hr"), "day": ("d",), "kilometer_per_hour": ("km/h", "kph"),
    "kilometre_per_hour": ("km/h", "kph"), "mile_per_hour": ("mph",), "meter_per_second": ("m/s",),
    "metre_per_second": ("m/s",), "knot": ("kn", "kt"), "pixel": ("px",),
    "degree_celsius": ("C", "°C"), "kilobyte": ("KB", "kB"), "megabyte": ("MB",), "gigabyte": ("GB",),
    "week": ("wk",), "kilowatt_hour": ("kWh",), "watt_hour": ("Wh",), "percent": ("%",), "per_cent": ("%",), "percentage": ("%",),
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
    symbol = _SYMBOL_CODES.get(norm(text))
    if symbol:
        return symbol
    forms = [[w, w[:-1], w[:-2]] if w.endswith("es") else [w, w[:-1]] if w.endswith("s") else [w] for w in norm(text).split("_")]
    for form in itertools.product(*forms[:6]):  # each word as written, or singular ("US dollars" → us_dollar)
        codes = _CODE_NAMES.get("_".join(form))
        if codes:
            return codes
    return ()


@functools.cache
def unit_symbols() -> frozenset[str]:
    """Every code or symbol a currency or unit name may stand for ("°C", "kg", "%", "EUR")."""
    return frozenset(code for codes in _CODE_NAMES.values() for code in codes)


def named_code(text: str, allowed: list[str]) -> Any:
    """The allowed code a currency or unit written in full stands for ("euros" → EUR, "kilometers" → km), when
    exactly one of the codes it may mean is allowed."""
    codes = codes_for_name(text)
    return only([a for a in allowed if any(a.lower() == c.lower() for c in codes)]) if codes else MISSING


_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY"}
_CANONICAL = {code.lower(): codes[0].lower() for codes in _CODE_NAMES.values() for code in codes}  # °c → c, kt → kn
_CANONICAL.pop("in")  # "in" is a word first


def units_named(text: str) -> set[str]:
    """The units or currencies a text names, in full or as codes, each as its first code ("Weight in kilograms",
    "kg" → {kg}; "degrees Celsius", "°C" → {c})."""
    found: set[str] = set()
    for word in re.findall(r"°[CF]|[€$£¥%]|[^\W\d_]+", text):
        word = _SYMBOLS.get(word, word).lower()
        codes = codes_for_name(word)
        found |= {_CANONICAL.get(c.lower(), c.lower()) for c in codes} if codes else {_CANONICAL[word]} if word in _CANONICAL else set()
    return found


def input_units(name: str, description: str) -> set[str]:
    """The units an input's name names ("after_days" → {d}), else those its name and description name together."""
    spoken = norm(name).replace("_", " ")
    return units_named(spoken) or units_named(f"{spoken} {description}")
