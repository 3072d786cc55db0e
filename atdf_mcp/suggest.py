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

The repairs live in modules of one job each; this module re-exports them as the one API the rest of the code uses:
`spelling` (names and enum members misspelt), `unit_names` (currencies and units in full or as symbols),
`number_repairs` (decimal marks, words, units, steps), `date_repairs` and `format_repairs` (string formats).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from .budget import MAX_TEXT
from .country_names import country_of
from .enum_words import abbreviates_every_word, begins_every_word, member_among_words, member_as_adverb, member_by_word
from .format_repairs import repair_format
from .language_tags import language_of
from .media_types import media_member
from .missing import MISSING, only
from .number_pairs import pair_member
from .number_repairs import number_from_words, number_in_unit, plain_number, round_to_step
from .operators import operator_member
from .python_literals import literal_of
from .spelling import close_names, closest_spelling, edit_distance, in_another_order, nearest_name, norm
from .time_zones import zone_member
from .unit_members import unit_member
from .unit_names import codes_for_name, named_code
from .word_lists import two_readings

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


# ---------------------------------------------------------------------------------------------
# Enum members


def nearest(value: Any, choices: list[Any]) -> Any:
    """The allowed value the caller meant: another case or spacing, a unit or currency written in full,
    an unambiguous abbreviation or prefix, the one closest spelling, or the one short form the caller wrote in full
    ("Monday" for "mon"); MISSING when unsure."""
    if not choices or isinstance(value, (dict, list)) or value is None or _too_long(value, choices):
        return MISSING
    text = norm(unicodedata.normalize("NFKC", str(value)))  # m³ is m3; full-width letters are letters
    if not text:
        return MISSING
    found = only([c for c in choices if norm(str(c)) == text])
    if found is not MISSING or not isinstance(value, str):
        return found
    number = number_from_words(value)
    if number is not MISSING and any(number == c and not isinstance(c, bool) for c in choices):
        return number
    strings = [c for c in choices if isinstance(c, str)]
    if not strings:
        return MISSING
    for attempt in (lambda: named_code(value, strings), lambda: language_of(value, strings), lambda: country_of(value, strings),
                    lambda: zone_member(value, strings), lambda: operator_member(value, strings),
                    lambda: unit_member(value, strings), lambda: pair_member(value, strings),
                    lambda: media_member(value, strings),
                    lambda: in_another_order(text, strings),
                    lambda: only([c for c in strings if begins_every_word(text, norm(c))]),
                    lambda: only([c for c in strings if abbreviates_every_word(text, norm(c))])):
        found = attempt()
        if found is not MISSING:
            return found
    found = closest_spelling(text, strings)
    found = member_among_words(text, strings) if found is MISSING else found  # "sick leave" for sick
    found = member_as_adverb(text, strings) if found is MISSING else found  # "yearly" for year
    found = member_by_word(text, strings) if found is MISSING else found  # "invoice" for send_invoice
    if found is not MISSING or not all(len(c) <= 4 for c in strings):
        return found  # short forms only in an enum of short forms ("mon".."sun", "avg"/"max"/"min"), not in [art, music]
    return only([c for c in strings if _is_short_form(norm(c), text)])


_COMPARISONS = ("r", "er", "st", "est", "ish")  # "lower", "latest", "lowish": another value than "low" or "late"


def _is_short_form(short: str, word: str) -> bool:
    """`short` (3 letters or more) begins the word `word` and is not a comparison of it: "mon" of "monday", "jan" of
    "january", "max" of "maximum"; not "low" of "lowest" nor "high" of "higher"."""
    return (len(short) >= 3 and word.startswith(short) and word != short and word.isalpha() and short.isalpha()
            and word[len(short):] not in _COMPARISONS)


def _too_long(value: Any, choices: list[Any]) -> bool:
    """A string far longer than every choice: no typo of any of them, and costly to compare."""
    return isinstance(value, str) and len(value) > MAX_TEXT and len(value) > 2 * max(len(str(c)) for c in choices)


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
        number = plain_number(value)
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
        parsed = literal_of(value)  # JSON text, or Python's: "{'city': 'Madrid'}"
        return parsed if isinstance(parsed, dict) else MISSING
    if kind == "null" and isinstance(value, str) and value.strip().lower() in ("", "null", "none"):
        return None
    return MISSING


_BOOLEANS = {"true": True, "yes": True, "y": True, "on": True, "1": True,
             "false": False, "no": False, "n": False, "off": False, "0": False}



def _as_array(value: Any, schema: dict[str, Any]) -> Any:
    """A list written as text (JSON or Python), one value not in a list, or a comma list of allowed members; else MISSING."""
    if isinstance(value, str):
        parsed = literal_of(value)  # JSON text, or Python's: "['a', 'b']"
        if isinstance(parsed, list):
            return parsed
        if value.strip().startswith("[") and value.strip().endswith("]"):
            return MISSING  # a list written as text that reads two ways ("['a' 'b']"): not one item
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        if "," in value and items.get("type") in ("number", "integer"):
            return _numbers_listed(value, items["type"])  # "2.29,48.85,2.31,48.87" for a bounding box
        if "," in value:
            members = items.get("enum")
            if not members:
                return MISSING  # "Paris, France": one value or two? Not ours to decide
            parts = [nearest(p, members) for p in value.split(",") if p.strip()]
            return parts if parts and MISSING not in parts else MISSING
    if isinstance(value, list) or value is None or two_readings(value, schema.get("items")):
        return MISSING  # "python backup.py" for a list of words: one item or two is the caller's to say
    if isinstance(value, dict) and not _takes_objects(schema.get("items")):
        return MISSING  # {"lat": …, "lon": …} for a pair of numbers is no one-item list
    items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
    if "array" in ([items.get("type")] if isinstance(items.get("type"), str) else list(items.get("type") or [])):
        return MISSING  # 5 for a list of rows: [[5]] is a guess at two levels, a row of one or a list of one
    return [value]


def _numbers_listed(value: str, kind: str) -> Any:
    """Numbers written in one text, parted by commas, when no part could be a group of thousands ("1,000", nor
    "1,250.5,3": 1250.5 and 3) nor the whole text one number with a decimal comma ("10,20" is 10.2 as often as
    [10, 20]); else MISSING."""
    parts = [part.strip() for part in value.split(",")]
    if len(parts) > 64 or plain_number(value) is not MISSING or any(re.fullmatch(r"\d{3}(?:\.\d+)?", p) for p in parts[1:]):
        return MISSING
    numbers = [plain_number(p) if re.fullmatch(r"[+-]?\d+(?:\.\d+)?", p) else MISSING for p in parts]
    if MISSING in numbers or (kind == "integer" and not all(float(n).is_integer() for n in numbers)):
        return MISSING
    return [int(n) if kind == "integer" else n for n in numbers]


def _takes_objects(items: Any) -> bool:
    """Whether a list's item schema may be an object (it says no type, or object among its types)."""
    kinds = items.get("type") if isinstance(items, dict) else None
    return kinds is None or kinds == "object" or (isinstance(kinds, list) and "object" in kinds)


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
    words = set(norm(name).split("_"))
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
    "discount", "refund", "tip", "donation", "deposit", "credit", "budget", "bid", "salary", "tax",  # what is paid
    "day", "month", "year", "hour", "weekday", "floor", "port", "seat", "index", "position", "rank",  # positions
    "lat", "lon", "lng", "latitude", "longitude", "altitude", "elevation",  # a place: the bound is another place (the pole)
}


def is_exact_number(name: str) -> bool:
    """Whether a number is exact by its meaning, judged by its name: a fact the user reports (a sum of money or what
    changes one, such as a discount, a weight, an age) or a position (the 31st of the month, a floor, a port, a latitude). Moved to a
    bound, the call would pay another sum, declare another weight, pick another day or point at the pole, so it never is."""
    return bool(set(norm(name).split("_")) & _EXACT_WORDS)


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

