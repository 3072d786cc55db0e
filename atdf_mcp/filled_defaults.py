"""A call as its handler receives it: the input defaults filled in before the call is judged.

    >>> schema = {"properties": {"mode": {"enum": ["fast", "slow"], "default": "slow"}, "budget": {"type": "integer"}},
    ...           "if": {"properties": {"mode": {"const": "slow"}}, "required": ["mode"]}, "then": {"required": ["budget"]}}
    >>> defaults = judged_defaults(schema)
    >>> with_defaults({}, defaults)
    {'mode': 'slow'}
    >>> compile_fast(schema).is_valid(with_defaults({}, defaults))
    False

`if`/`then`/`else`, `dependentRequired` and `dependentSchemas` see the call the handler gets, so a left-out input whose
default asks for another one is refused, and one whose default does not is accepted. A required input left out is
refused whatever its default (which is suggested). A default its own input rejects (`null` for a string) is the
descriptor's fault, not the caller's: it is not judged (the handler still receives it). A default whose mere presence
the schema refuses beside the caller's arguments (`offset` 0 where a `cursor` call must hold no offset: a `not`, a
`false` schema, a `oneOf` it makes ambiguous, `maxProperties`) is left out
(`unfillable`): nothing the caller could add or change would be accepted, and the handler receives the call as judged;
a call with another slip ({"cursor": 5}) is judged and repaired without that default too.
"""

from __future__ import annotations

import operator
from typing import Any

from .envelope import compile_fast

__all__ = ["defaults_behind", "judged_defaults", "rejected_defaults", "unfillable", "with_defaults"]

_CONDITIONS = frozenset({"then", "else", "dependentRequired", "dependentSchemas"})


def judged_defaults(schema: dict[str, Any] | None) -> dict[str, Any]:
    """The top-level input defaults a call is judged with: of optional inputs (a required one left out is refused, its
    default suggested), each accepted by its own input."""
    return {name: prop["default"] for name, prop in _optional_defaults(schema).items()
            if _accepts(schema, prop, prop["default"])}  # type: ignore[arg-type]


def rejected_defaults(schema: dict[str, Any] | None) -> list[tuple[str, Any, str]]:
    """(name, default, why) of each optional top-level input whose own schema surely rejects its default: it is not
    judged, yet the handler receives it whenever the caller leaves the input out (a load warning)."""
    found = []
    for name, prop in _optional_defaults(schema).items():
        why = _rejection(schema, prop, prop["default"])  # type: ignore[arg-type]
        if why:
            found.append((name, prop["default"], why))
    return found


def _optional_defaults(schema: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The schemas of the top-level inputs that are optional and have a default, by name."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return {}
    required = schema.get("required") if isinstance(schema.get("required"), list) else ()  # type: ignore[union-attr]
    return {name: prop for name, prop in properties.items() if isinstance(prop, dict) and "default" in prop and name not in required}


def _rejection(root: dict[str, Any], prop: dict[str, Any], value: Any) -> str:
    """Why the input's schema rejects `value` (empty when it accepts it, or cannot be compiled on its own)."""
    if _accepts(root, prop, value):
        return ""
    import jsonschema  # only to explain, at load, a default that is rejected

    try:
        error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(_own_schema(root, prop)).iter_errors(value))
    except Exception:  # a schema that needs more than its root's definitions: say nothing
        return ""
    return error.message if error is not None else ""


def _accepts(root: dict[str, Any], prop: dict[str, Any], value: Any) -> bool:
    """Whether the input's schema accepts its default (its `$ref`s read against the root's definitions)."""
    if plainly_accepted(prop, value):  # most defaults: no validator compiled (20-50 µs each at load)
        return True
    try:
        return bool(compile_fast(_own_schema(root, prop)).is_valid(value))
    except Exception:  # a schema the fast validator cannot compile on its own: judge nothing
        return False


def _own_schema(root: dict[str, Any], prop: dict[str, Any]) -> dict[str, Any]:
    """An input's schema on its own: with its root's definitions (for its `$ref`s) and `$schema` (its dialect)."""
    own = {**prop, **{k: root[k] for k in ("$defs", "definitions") if k in root and k not in prop}}
    if "$schema" in root:
        own["$schema"] = root["$schema"]
    return own


def with_defaults(arguments: Any, defaults: dict[str, Any]) -> Any:
    """The arguments with each left-out defaulted input filled in (anything but an object as it is)."""
    if not defaults or not isinstance(arguments, dict):
        return arguments
    return {**defaults, **arguments}


def unfillable(arguments: Any, defaults: dict[str, Any], detailed: Any, fast: Any,
               schema: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The filled-in defaults to leave out of a call: those whose mere presence the schema refuses (a `false` schema at
    the default, a `not`, an ambiguous `oneOf`, `maxProperties`) whatever value the caller might send for them, whose
    absence takes every such refusal away: the one that does it alone, else every filled one. Empty when the defaults
    ask only for what the caller can give, or another value of the input (dry_run false) would take the call."""
    filled = [name for name in defaults if name not in arguments] if isinstance(arguments, dict) else []
    if not filled or fast.is_valid({**defaults, **arguments}):
        return ()
    if all(_mendable(error, filled) for error in detailed.iter_errors({**defaults, **arguments})):
        return ()

    def cleared(names: tuple[str, ...]) -> bool:
        kept = {name: value for name, value in defaults.items() if name not in names}
        return all(_mendable(error, filled) for error in detailed.iter_errors({**kept, **arguments}))

    def overridable(name: str) -> bool:  # another value of a finite input the caller could send instead
        prop = ((schema or {}).get("properties") or {}).get(name)
        return any(cleared_with(name, value) for value in finite_values(prop) if value != defaults[name])

    def cleared_with(name: str, value: Any) -> bool:
        return all(_mendable(error, filled) for error in detailed.iter_errors({**defaults, **arguments, name: value}))

    alone = [name for name in filled if cleared((name,))]
    if len(alone) == 1:
        return () if overridable(alone[0]) else (alone[0],)
    if any(overridable(name) for name in filled) or not cleared(tuple(filled)):
        return ()
    return tuple(filled)


def finite_values(prop: Any) -> list[Any]:
    """The values an input can take when they are few: a const, an enum's members (20 at most), a boolean's two."""
    if not isinstance(prop, dict):
        return []
    if "const" in prop:
        return [prop["const"]]
    if isinstance(prop.get("enum"), list) and len(prop["enum"]) <= 20:
        return list(prop["enum"])
    return [True, False] if prop.get("type") == "boolean" else []


def _mendable(error: Any, filled: list[str]) -> bool:
    """Whether the caller could meet `error` with the arguments they send (an input to add, a value of theirs to change
    or leave out, an `anyOf` member to meet), rather than only by taking a filled-in default away."""
    if error.validator in ("required", "dependentRequired"):
        return True
    if error.validator in ("anyOf", "oneOf") and error.context:  # no member matched: one may, given more
        return any(_mendable(sub, filled) for sub in error.context)
    path = list(error.absolute_path)
    if not path:  # a `not`, an ambiguous `oneOf`, maxProperties: refused for what the object holds
        return error.validator == "not" and not _names_filled(error, filled)
    return path[0] not in filled or error.validator not in (None, "not")  # a `false` schema at a default: its presence


def _names_filled(error: Any, filled: list[str]) -> bool:
    """Whether a refused `not` names a filled-in default among the inputs it refuses together."""
    refused = error.validator_value if isinstance(error.validator_value, dict) else {}
    return any(name in filled for name in refused.get("required") or ())


def defaults_behind(error: Any, schema: dict[str, Any], filled: dict[str, Any]) -> list[str]:
    """The filled-in defaults (of inputs the caller left out) that a failed check depends on: the input itself, the
    names an `if` reads before its `then`/`else`, or the key of a `dependentRequired`/`dependentSchemas`."""
    if not filled:
        return []
    path = list(error.absolute_path)
    if path and path[0] in filled:
        return [path[0]]
    node: Any = schema
    trail = list(error.absolute_schema_path)
    for index, part in enumerate(trail):
        if not isinstance(node, dict) and not isinstance(node, list):
            return []
        if isinstance(node, dict) and part in _CONDITIONS:
            if part in ("then", "else"):
                condition = node.get("if") if isinstance(node.get("if"), dict) else {}
                read = [*(condition.get("properties") or {}), *(condition.get("required") or ())]
                return list(dict.fromkeys(n for n in read if n in filled))
            if index + 1 < len(trail):
                return [trail[index + 1]] if trail[index + 1] in filled else []
            given = error.instance if isinstance(error.instance, dict) else {}  # jsonschema names no key for dependentRequired
            wanted = node[part] if isinstance(node[part], dict) else {}
            return [key for key, needed in wanted.items() if key in filled and isinstance(needed, list)
                    and any(n not in given for n in needed)]
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return []
    return []


_PLAIN_KEYS = frozenset({"type", "enum", "const", "default", "description", "title", "examples", "minimum", "maximum",
                         "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "readOnly", "writeOnly",
                         "deprecated", "$comment"})
_JSON_TYPES = {str: ("string",), int: ("integer", "number"), float: ("number",), list: ("array",), dict: ("object",),
               type(None): ("null",), bool: ("boolean",)}


def plainly_accepted(prop: dict[str, Any], value: Any) -> bool:
    """Whether a schema of plain keywords surely accepts `value` (False: not sure; the validator decides).

    >>> plainly_accepted({"type": "integer", "minimum": 1, "maximum": 30}, 3), plainly_accepted({"enum": ["a", "b"]}, "c")
    (True, False)
    >>> plainly_accepted({"type": "string", "pattern": "^x"}, "x")     # a pattern: the validator's to say
    False
    >>> plainly_accepted({"type": "boolean"}, False), plainly_accepted({"enum": [1]}, True)   # true is no 1 in JSON
    (True, False)
    """
    if not prop.keys() <= _PLAIN_KEYS or type(value) not in _JSON_TYPES:
        return False
    kinds = _JSON_TYPES[type(value)]
    declared = prop.get("type")
    if declared is not None and not (declared in kinds if isinstance(declared, str)
                                     else isinstance(declared, list) and any(k in kinds for k in declared)):
        return False
    if type(value) is float and "integer" in ((declared,) if isinstance(declared, str) else declared or ()):
        return False  # 3.0 is an integer to JSON Schema: the validator's to say
    if "enum" in prop and not (isinstance(prop["enum"], list) and _same_in(value, prop["enum"])):
        return False
    if "const" in prop and not _same_in(value, [prop["const"]]):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        for key, holds in (("minimum", operator.ge), ("maximum", operator.le), ("exclusiveMinimum", operator.gt),
                           ("exclusiveMaximum", operator.lt)):
            bound = prop.get(key)
            if bound is not None and (isinstance(bound, bool) or not isinstance(bound, (int, float)) or not holds(value, bound)):
                return False
    if isinstance(value, str):
        low, high = prop.get("minLength", 0), prop.get("maxLength", len(value))
        if type(low) is not int or type(high) is not int or not low <= len(value) <= high:
            return False
    return True


def _same_in(value: Any, choices: list[Any]) -> bool:
    """Whether `value` (a scalar) is one of `choices` as JSON compares them: numbers by value, `true` only to `true`."""
    return any(_json_equal(value, c) for c in choices)


def _json_equal(a: Any, b: Any) -> bool:
    """JSON equality of two values of which `a` is a scalar (1 == 1.0, but 1 is not true and "1" is not 1)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and type(a) in (str, type(None)) and a == b

