"""JSON Schema `pattern`s matched in bounded time, by the engine the fast validator uses (never Python's `re`).

    >>> search("^(a+)+$", "a" * 24 + "!")   # microseconds; Python's `re` takes seconds here
    False

jsonschema-rs compiles patterns with fancy-regex: a pattern without lookaround or backreferences is handed whole to
Rust's `regex` crate (finite automata, linear time, no backtracking); one that needs them runs on fancy-regex's
backtracking VM, stopped after `BACKTRACK_LIMIT` steps, and a match that hits the limit counts as no match. Python's
`jsonschema` (the detailed analysis of a failed call) gets the same matcher through `bounded_validator`, so no
descriptor pattern ever reaches `re`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import jsonschema_rs

__all__ = ["BACKTRACK_LIMIT", "PATTERN_OPTIONS", "bounded_validator", "search"]

BACKTRACK_LIMIT = 1_000_000
"""Steps fancy-regex may take on one match of a lookaround/backreference pattern (milliseconds) before giving up."""

PATTERN_OPTIONS = jsonschema_rs.FancyRegexOptions(backtrack_limit=BACKTRACK_LIMIT)
"""The `pattern_options` of every jsonschema-rs validator the server compiles."""


@functools.lru_cache(maxsize=2048)
def _matcher(pattern: str) -> Callable[[Any], bool] | None:
    try:
        return jsonschema_rs.validator_for({"type": "string", "pattern": pattern}, pattern_options=PATTERN_OPTIONS).is_valid
    except Exception:  # not a regex the engine compiles: it matches nothing
        return None


def search(pattern: str, text: str) -> bool:
    """Whether `pattern` matches somewhere in `text` (JSON Schema semantics), in bounded time; False if it does not compile."""
    matcher = _matcher(pattern) if isinstance(pattern, str) else None
    return matcher is not None and matcher(text)


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Any:
    if validator.is_type(instance, "string") and not search(pattern, instance):
        from jsonschema.exceptions import ValidationError  # already imported by the validator calling this keyword

        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: dict[str, Any], instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator: Any, additional: Any, instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "object"):
        return
    declared = schema.get("properties") or {}
    patterns = list(schema.get("patternProperties") or {})
    extras = [key for key in instance if key not in declared and not any(search(p, key) for p in patterns)]
    if validator.is_type(additional, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], additional, path=extra)
    elif not additional and extras:
        from jsonschema.exceptions import ValidationError

        names = ", ".join(repr(extra) for extra in sorted(extras, key=str))
        yield ValidationError(f"Additional properties are not allowed ({names} {'was' if len(extras) == 1 else 'were'} unexpected)")


_BOUNDED_KEYWORDS = {"pattern": _pattern, "patternProperties": _pattern_properties, "additionalProperties": _additional_properties}


@functools.cache
@functools.cache
def bounded_validator(cls: type[Any]) -> type[Any]:
    """`cls` (a jsonschema validator class) with every keyword that matches a descriptor pattern using `search`
    (built once per class: extending a class costs more than validating)."""
    import jsonschema

    return jsonschema.validators.extend(cls, _BOUNDED_KEYWORDS)
