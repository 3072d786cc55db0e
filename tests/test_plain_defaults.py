"""A default that plain keywords surely accept is not compiled on its own at load: never one the validator refuses.

`filled_defaults.plainly_accepted` answers for schemas of plain keywords (type, enum, const, numeric bounds, lengths)
without compiling a validator (20-50 µs each, paid for every default at load); where it says "accepted", jsonschema-rs
must agree. Checked on seeded random schemas and values, JSON's corners included (1 is not true, 3.0 is an integer,
a bound of 0, an exclusive float bound beside an integer value).
"""

from __future__ import annotations

import random

from atdf_mcp.envelope import compile_fast
from atdf_mcp.filled_defaults import plainly_accepted

VALUES = [0, 1, -1, 2.5, 3.0, 1.0, -0.0, 10**20, 1e308, "", "a", "abc", "ééé", None, [], [1], {}, {"a": 1}, True, False]
TYPES = ["string", "integer", "number", "null", "array", "object", "boolean", ["string", "null"], ["integer", "string"],
         ["boolean", "integer"]]


def _schema(rng: random.Random) -> dict:
    prop: dict = {}
    if rng.random() < 0.8:
        prop["type"] = rng.choice(TYPES)
    if rng.random() < 0.3:
        prop["enum"] = rng.sample(VALUES, 3)
    if rng.random() < 0.1:
        prop["const"] = rng.choice(VALUES)
    for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        if rng.random() < 0.15:
            prop[key] = rng.choice([0, 1, 2, 2.5, -1, 0.5])
    for key in ("minLength", "maxLength"):
        if rng.random() < 0.15:
            prop[key] = rng.choice([0, 1, 3])
    return prop


def test_what_plain_keywords_accept_the_validator_accepts() -> None:
    rng = random.Random(7)
    decided = 0
    for _ in range(6000):
        prop, value = _schema(rng), rng.choice(VALUES)
        if plainly_accepted(prop, value):
            decided += 1
            assert compile_fast(prop).is_valid(value), (prop, value)
    assert decided > 800  # the shortcut answers for a good share, not for none


def test_anything_beyond_plain_keywords_goes_to_the_validator() -> None:
    assert not plainly_accepted({"type": "string", "pattern": "^[a-z]+$"}, "abc")
    assert not plainly_accepted({"type": "string", "format": "date"}, "2030-01-01")
    assert not plainly_accepted({"$ref": "#/$defs/x"}, 1)
    assert not plainly_accepted({"type": "integer"}, True)
