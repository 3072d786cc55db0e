"""Numbers as people write them: decimal marks of either convention, words, a unit or currency, a precision step.

    >>> plain_number("1.250,50"), plain_number("1,500"), number_from_words("twenty-one")
    (1250.5, MISSING, 21)
    >>> number_in_unit("2.5 kg", "weight_kg", "")
    2.5
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from .missing import MISSING
from .spelling import norm
from .unit_names import units_named

__all__ = ["float_noise", "number_from_words", "number_in_unit", "plain_number", "round_to_step"]


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



def number_in_unit(value: Any, name: str, description: str) -> Any:
    """A number written with the one unit or currency its input names ("2.5 kg" for weight_kg, "40mm" for a depth "in
    millimetres", "5€" for a tip "in EUR"), or MISSING: any other unit, or an input naming none or several."""
    if not isinstance(value, str) or len(value) > 64:
        return MISSING
    match = re.fullmatch(r"\s*([€$£¥])?\s*([-+]?\d[\d.,]*)\s*([^\d\s].*?)?\s*", value)
    if not match or bool(match[1]) == bool(match[3]) or re.search(r"\d(?!$)|[^23\D]$|\d\d", match[3] or ""):
        return MISSING  # no unit, or two (a symbol before and a word after); digits only as m2's power: "7h30" is no 7 h
    number = plain_number(match[2])
    declared = units_named(norm(name).replace("_", " "))  # the unit in the name first: "per day, in mm" for rain_mm is mm
    declared = declared if len(declared) == 1 else units_named(f"{norm(name).replace('_', ' ')} {description}")
    written = units_named(match[1] or match[3])
    if number is MISSING or len(declared) != 1 or not written or not written <= declared:
        return MISSING
    return number


# Thousands written with one mark and a decimal part with the other, or with a mark that is never a decimal one.
_GROUPED = re.compile(r"([-+]?[1-9]\d{0,2})((?P<mark>[.,'\u2019\u00a0\u202f])\d{3}(?:(?P=mark)\d{3})*)(?:([.,])(\d+))?")


def plain_number(value: Any) -> Any:
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
    written = Decimal(str(value))
    rounded = written.quantize(exponent)
    if abs(written - rounded) * 2 == exponent:
        return MISSING  # half-way between two steps (187.505 in cents): up or down is the caller's to say
    return int(rounded) if rounded == rounded.to_integral_value() else float(rounded)


def float_noise(value: Any, step: Any) -> Any:
    """The multiple of `step` that `value` is but for a binary float's noise (21.500000001 for steps of 0.5: a part in
    a billion), written as the step writes it; else MISSING (21.3 is no slip of 21.5)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or isinstance(step, bool) or not isinstance(step, (int, float)):
        return MISSING
    if step <= 0 or not abs(value) < 2.0 ** 53:
        return MISSING
    times = round(value / step)
    if times == 0 or abs(value / step - times) > 1e-9 * abs(times):
        return MISSING
    exact = Decimal(str(step)) * times
    return int(exact) if exact == exact.to_integral_value() else float(exact)
