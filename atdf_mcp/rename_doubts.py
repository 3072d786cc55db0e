"""Renames a caller may not have meant: an argument the tool does not have, read as a declared input by its name,
and the reasons that reading is a guess (the rename is then left to the agent).

    >>> doubt("temperature_c", "temperature", 21, {"temperature": {"type": "number", "description": "In Fahrenheit."}})
    'unit'
    >>> doubt("temperature_c", "temperature", 21, {"temperature": {"type": "number", "description": "In Celsius."}})
    ''
    >>> doubt("max_price", "min_price", 5, {"min_price": {"type": "number"}})
    'opposite'

A unit in the caller's name is dropped only where the input says that unit; an input's unit is added only to a value
that says its own or that a range of the input's puts on its scale; a name is not renamed to its opposite ("max" to
"min", one edit apart) nor given a bound or an end it did not name ("price" is no min_price); a spelling slip keeps
the first letter ("count" is no amount) and is no word of another language ("nombre" is Spanish for name, not a
misspelt number); a usual short form of several words ("desc": description or descending) is read as one only when
the value fits it and no other input takes another, and never as a word it does not stand for ("dst" is no
distance); a value the input's type cannot hold is not moved there (3.5 is no long_name, two tags no tag).
"""

from __future__ import annotations

from typing import Any

from .spelling import norm
from .unit_names import input_units, units_named

__all__ = ["doubt"]

# Words one edit or one word apart that mean the opposite: a rename between them turns the call around.
_PAIRS = (("min", "max"), ("minimum", "maximum"), ("start", "end"), ("begin", "end"), ("from", "to"), ("before", "after"),
          ("since", "until"), ("first", "last"), ("upper", "lower"), ("old", "new"), ("prev", "next"), ("previous", "next"),
          ("sender", "recipient"), ("source", "target"), ("source", "destination"), ("src", "dst"), ("input", "output"),
          ("include", "exclude"), ("open", "close"), ("top", "bottom"), ("left", "right"), ("width", "height"),
          ("lat", "lng"), ("lat", "lon"), ("latitude", "longitude"), ("asc", "desc"), ("ascending", "descending"),
          ("enable", "disable"), ("show", "hide"), ("import", "export"), ("increase", "decrease"), ("buy", "sell"),
          ("debit", "credit"), ("inbound", "outbound"), ("incoming", "outgoing"), ("head", "tail"), ("on", "off"),
          ("allow", "deny"), ("add", "remove"), ("lower", "higher"), ("least", "most"), ("under", "over"))
_OPPOSITES: dict[str, set[str]] = {}
for _a, _b in _PAIRS:
    _OPPOSITES.setdefault(_a, set()).add(_b)
    _OPPOSITES.setdefault(_b, set()).add(_a)

# Words that bound or end what the rest of a name names: an input that adds one is another input ("min_price").
# ("after" and "before" are not: "Days" of a lifecycle rule are its after_days)
_QUALIFIERS = frozenset({"min", "max", "minimum", "maximum", "start", "end", "from", "to", "since", "until", "first",
                         "last", "old", "new", "prev", "previous", "next", "upper", "lower", "sender", "recipient",
                         "source", "target", "least", "most"})

# Usual short forms and the words each stands for in API names; one with several is read only by its value.
_MEANINGS: dict[str, tuple[str, ...]] = {
    "desc": ("description", "descending"), "asc": ("ascending",), "dir": ("directory", "direction"),
    "min": ("minimum", "minutes", "minute"), "max": ("maximum",), "temp": ("temperature", "temporary", "template"),
    "dist": ("distance", "distribution"), "num": ("number",), "no": ("number",), "id": ("identifier",),
    "ref": ("reference",), "pos": ("position", "positive"), "src": ("source",), "dst": ("destination",),
    "dest": ("destination",), "def": ("default", "definition"), "sec": ("seconds", "second", "section", "security", "secondary"),
    "exp": ("expiry", "expiration", "expires", "exponent", "experience", "expression"),
    "res": ("resolution", "result", "results", "response", "resource"), "ms": ("milliseconds", "millisecond"),
}

# Field names in other languages that are one or two edits from another English word ("nombre" is name, not number).
_FOREIGN = {"nombre": "name", "nom": "name", "nome": "name", "numero": "number", "fecha": "date", "ciudad": "city",
            "pais": "country", "precio": "price", "prix": "price", "cantidad": "quantity", "correo": "email",
            "apellido": "surname", "titulo": "title", "idioma": "language", "lugar": "place", "tipo": "type",
            "estado": "status"}  # (not "dia", "hora", "mes": short forms in English names too, diastolic's "dia")

# Whole words of API names that begin longer words: the name is that word, not a clipping ("time" is no timezone,
# "end" no endpoint, "port" no portfolio, "pass" no passengers); an inflection of it still is it ("pin": pinned).
_WHOLE_WORDS = frozenset({
    "add", "age", "app", "area", "art", "bank", "base", "bill", "book", "box", "call", "card", "care", "case", "cast",
    "code", "cost", "count", "date", "day", "deal", "end", "face", "fee", "file", "fill", "fit", "flag", "form", "free",
    "fund", "game", "gift", "goal", "grade", "hand", "head", "home", "host", "hour", "item", "job", "key", "kind", "land",
    "last", "lead", "line", "link", "list", "load", "lock", "log", "mail", "man", "map", "mark", "mode", "name", "net",
    "note", "order", "over", "page", "part", "pass", "path", "pay", "pin", "plan", "play", "point", "pool", "port", "post",
    "price", "rate", "read", "rest", "ring", "role", "room", "row", "rule", "run", "sale", "scope", "seat", "send", "set",
    "ship", "shop", "side", "sign", "site", "size", "slot", "sort", "state", "step", "stop", "store", "sub", "tag", "tax",
    "team", "term", "test", "text", "time", "tip", "top", "town", "track", "trip", "turn", "type", "unit", "use", "user",
    "view", "wait", "ward", "watch", "way", "week", "word", "work", "year", "zone"})

# The last word of a name that makes it another input than its first words name: "time_zone" is no time, "page_size"
# no page, "user_agent" no user ("start_date", "city_name", "phone_number" still are the start, the city, the phone).
_HEADS = frozenset({"zone", "format", "agent", "template", "pattern", "policy", "mode", "style", "point", "size",
                    "count", "limit", "offset", "length", "total", "type", "kind", "token", "index", "version", "status",
                    "level", "timeout", "interval", "rate", "currency", "unit", "range", "label"})

_FLAG_WORDS = frozenset({"true", "false", "yes", "no", "y", "n", "on", "off", "1", "0"})
_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object"}


def doubt(name: str, target: str, value: Any, props: dict[str, Any]) -> str:
    """Why renaming the argument `name` (sent with `value`) to the declared input `target` of a tool whose inputs are
    `props` may not be what the caller meant: 'opposite', 'unit', 'qualifier', 'spelling', 'another word', 'foreign',
    'short form' or 'type'; '' when nothing speaks against it (a change of case or separators never does)."""
    key, declared = norm(name), norm(target)
    if key == declared:
        return ""
    prop = props.get(target) if isinstance(props.get(target), dict) else {}
    written, theirs = key.split("_"), declared.split("_")
    mine = [_long(w, theirs) for w in written]  # "min" for minimum, "ms" for milliseconds: the same word, written short
    checks = (("opposite", any(_OPPOSITES.get(w, set()) & set(theirs) - set(mine) for w in mine)),
              ("unit", _unit_doubt(mine, theirs, target, value, prop)),
              ("qualifier", any(w in _QUALIFIERS and w not in mine and not _OPPOSITES.get(w, set()) & set(mine) for w in theirs)),
              ("spelling", _misspelt_word(mine, theirs)),
              ("another word", _another_word(mine, theirs)),
              ("foreign", any(_FOREIGN.get(w, w) not in (w, *theirs) for w in mine)),
              ("short form", _short_form_doubt(written, theirs, value, prop, target, props)),
              ("type", _type_doubt(value, prop)))
    return next((why for why, doubtful in checks if doubtful), "")


def _long(word: str, theirs: list[str]) -> str:
    """The caller's short form as the word of the declared name it stands for ("min" → minimum), else as written."""
    return next((w for w in _MEANINGS.get(word, ()) if w in theirs), word)


def _misspelt_word(mine: list[str], theirs: list[str]) -> bool:
    """A word read as a misspelling of another with another first letter ("count" as amount, "weight" as height):
    another word; two first letters swapped are a slip. Only names of as many words are compared."""
    if len(mine) != len(theirs):
        return False
    return any(a != b and a[:1] != b[:1] and a[:2] != b[1::-1] and a not in _MEANINGS and b not in _MEANINGS
               for a, b in zip(mine, theirs, strict=True))


def _another_word(mine: list[str], theirs: list[str]) -> bool:
    """The caller's whole word read as the start of a longer one ("time" as timezone; not "pin" as pinned, its own
    word inflected), or its words given another head ("time" as time_zone, "page" as page_size)."""
    if len(mine) == 1 == len(theirs) and mine[0] in _WHOLE_WORDS and theirs[0].startswith(mine[0]):
        return _stem(theirs[0]) != mine[0]
    return len(theirs) > len(mine) and theirs[-1] in _HEADS and theirs[-1] not in mine


def _stem(word: str) -> str:
    """The word's Snowball stem ("pinned" → pin, "timezone" → timezon)."""
    import Stemmer

    return str(Stemmer.Stemmer("english").stemWord(word))


def _unit_doubt(mine: list[str], theirs: list[str], target: str, value: Any, prop: dict[str, Any]) -> bool:
    """A unit the caller's name says that the input does not ("temperature_c" for an input in Fahrenheit, or in no
    unit said), or a unit the input's name says added to a bare number ("timeout": 30 for timeout_ms)."""
    said = _units(" ".join(w for w in mine if w not in theirs))
    if said:
        description = str(prop.get("description") or "")
        return not said <= input_units(target, description) | _units(f"{norm(target).replace('_', ' ')} {description}")
    added = _units(" ".join(w for w in theirs if w not in mine))
    return bool(added) and isinstance(value, (int, float)) and not isinstance(value, bool) and not _within(value, prop)


# Units of names the unit table does not hold, as amounts and sizes are named ("amount_cents", "size_bytes", "ratio_pct").
_NAME_UNITS = {"cent": "cent", "cents": "cent", "pence": "cent", "byte": "byte", "bytes": "byte", "pct": "%", "bps": "bps"}


def _units(text: str) -> set[str]:
    """The units a name's words say: those of the unit table, and a few more that amounts and sizes are named by."""
    words = text.split()
    return units_named(text) | {_NAME_UNITS[w.lower()] for w in words if w.lower() in _NAME_UNITS}


def _within(value: float, prop: dict[str, Any]) -> bool:
    """Whether the input bounds its numbers on both sides and the value lies between: a range that says the scale
    (2700 for color_temp_kelvin from 2000 to 6500 is kelvin; 30 for a timeout_ms bounded below only may be seconds)."""
    low, high = prop.get("minimum", prop.get("exclusiveMinimum")), prop.get("maximum", prop.get("exclusiveMaximum"))
    numbers = all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in (low, high))
    return numbers and low <= value <= high


def _short_form_doubt(mine: list[str], theirs: list[str], value: Any, prop: dict[str, Any], target: str,
                      props: dict[str, Any]) -> bool:
    """A usual short form read as a word it does not stand for ("dst" as distance), or one of several words it stands
    for while the value does not fit the input or another input takes another of them ("desc" beside a sort order)."""
    if len(mine) != len(theirs):
        return False
    for short, full in [*zip(mine, theirs, strict=True), *zip(theirs, mine, strict=True)]:
        if short == full or short not in _MEANINGS:
            continue
        meanings = _MEANINGS[short]
        if full not in meanings:
            return True
        if len(meanings) > 1 and (not _fits(value, prop) or _another_meaning(short, full, target, props)):
            return True
    return False


def _another_meaning(short: str, meant: str, target: str, props: dict[str, Any]) -> bool:
    """Whether another input of the tool takes another word `short` stands for: by its name, or by an enum holding the
    short form or another word ("order": ["asc", "desc"] takes descending)."""
    others = {m for m in _MEANINGS[short] if m != meant}
    if short == "desc":
        others |= {"sort", "order", "direction", "ascending"}
    for other, schema in props.items():
        if other == target:
            continue
        words = set(norm(other).split("_"))
        members = {str(m).lower() for m in (schema.get("enum") or [])} if isinstance(schema, dict) else set()
        if words & others or members & (others | {short}):
            return True
    return False


def _fits(value: Any, prop: dict[str, Any]) -> bool:
    """Whether the value is one of the input's enum, when it has one, and of a JSON type it declares (any, when it
    declares none)."""
    if isinstance(prop.get("enum"), list) and value not in prop["enum"]:
        return False
    kinds = prop.get("type")
    kinds = {kinds} if isinstance(kinds, str) else set(kinds or ())
    if not kinds:
        return True
    kind = _JSON_TYPES.get(type(value), "null")
    return kind in kinds or (kind == "integer" and "number" in kinds)


def _type_doubt(value: Any, prop: dict[str, Any]) -> bool:
    """A number or a flag for an input of text only (3.5 is no long_name), a text that is no flag for a flag, or a
    list of several values for an input of one (two tags for `tag`)."""
    kinds = prop.get("type")
    kinds = {kinds} if isinstance(kinds, str) else set(kinds or ())
    if not kinds:
        return False
    if isinstance(value, list):
        return len(value) > 1 and "array" not in kinds
    if isinstance(value, str) and kinds == {"boolean"}:
        return value.strip().lower() not in _FLAG_WORDS  # "pin": "1234" is no `pinned` flag
    return isinstance(value, (bool, int, float)) and kinds == {"string"}
