"""Arguments sent at the wrong level: where a misplaced argument belongs, when the schema leaves one answer only.

    >>> node = {"properties": {"address": {"type": "object", "properties": {"street": {}, "city": {}}}, "weight_g": {}}}
    >>> flat_home("street", {"street": "Calle Mayor 5", "city": "Madrid"}, node)
    'address'
    >>> wrapped_inputs("params", {"params": {"address": {}, "weight_g": 20}}, node)
    ['address', 'weight_g']
    >>> as_item("Toledo", {"type": "object", "required": ["place"], "properties": {"place": {"type": "string"}}})
    {'place': 'Toledo'}

Each function answers for one argument and its container (the object that holds it, `node` its schema), or returns
MISSING: when two places could hold the argument, when the argument is also an input of its own, or when the move
would overwrite something the caller sent. Whether the moved call validates is the caller's check (arguments.py).
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING
from .python_literals import literal_of
from .spelling import norm

__all__ = ["as_item", "flat_home", "lone_item", "object_properties", "tagged", "unnested", "unwrapped", "wrapped_inputs"]

WHOLE_CALL = 16_384  # characters: the longest text a whole call under a wrapper is read from


def object_properties(prop: Any) -> set[str] | None:
    """The property names an object-typed input may hold (those of its `oneOf`/`anyOf`/`allOf` objects included), or
    None when the input is not an object."""
    if not isinstance(prop, dict):
        return None
    branches = [b for key in ("oneOf", "anyOf", "allOf") for b in prop.get(key) or () if isinstance(b, dict)]
    if not (_is_object(prop) or (branches and all(_is_object(b) for b in branches))):
        return None
    names = set(prop.get("properties") or ())
    for branch in branches:
        names |= set(branch.get("properties") or ())
    return names


def _is_object(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    return kinds == "object" or (isinstance(kinds, list) and kinds == ["object"])


def _item_properties(prop: Any) -> set[str]:
    """The property names of the objects an array input holds (empty for any other input)."""
    items = prop.get("items") if isinstance(prop, dict) else None
    return object_properties(items) or set()


def flat_home(name: str, container: dict[str, Any], node: dict[str, Any]) -> Any:
    """The one object input of `node` that the unknown argument `name` is a property of ("street" sent flat for
    `address: {street, city}`), or MISSING.

    MISSING when `name` is (re-cased) an input of its own, a property of two inputs (a sender's and a recipient's
    street) or of the objects of a list, when another argument the call sends flat as an input of its own is also a
    property of that object (which `city` is meant?), or when the object the call already holds has `name`."""
    declared = node.get("properties") or {}
    if not isinstance(declared, dict) or any(norm(str(p)) == norm(name) for p in declared):
        return MISSING
    homes = [p for p, s in declared.items() if name in (object_properties(s) or ())]
    if len(homes) != 1 or any(name in _item_properties(s) for s in declared.values()):
        return MISSING
    home = homes[0]
    owned = object_properties(declared[home]) or set()
    if any(key in owned for key in container if key in declared):
        return MISSING  # `city` sent as an input of its own and as the address's: the flat ones are not all the object's
    held = container.get(home, {})
    if not isinstance(held, dict) or name in held:
        return MISSING
    return home


def wrapped_inputs(name: str, container: dict[str, Any], node: dict[str, Any]) -> Any:
    """The inputs an unknown argument holds when it only wraps them (`{"params": {...}}`, the same as JSON or Python
    text, an address inside `address.address`): the sorted names of its members, every one an input of `node` the call does not already send;
    else MISSING."""
    declared = node.get("properties") or {}
    held = unwrapped(container.get(name))
    if not isinstance(held, dict) or not held or not isinstance(declared, dict):
        return MISSING
    if any(key not in declared or key in container for key in held):
        return MISSING
    return sorted(held)


def unwrapped(held: Any) -> Any:
    """What a wrapper holds: its object, or the object its text spells in JSON or Python (`"arguments": "{...}"`)."""
    return literal_of(held, WHOLE_CALL) if isinstance(held, str) else held


def as_item(value: Any, items: Any) -> Any:
    """A string sent as an item of a list of objects whose one required property is a string: that property holding
    it ("Toledo" → {"place": "Toledo"}); else MISSING (two required properties, or one that is not a string)."""
    if not isinstance(value, str) or not isinstance(items, dict) or not _is_object(items):
        return MISSING
    required = items.get("required") or []
    prop = (items.get("properties") or {}).get(required[0]) if len(required) == 1 else None
    if not isinstance(prop, dict) or prop.get("type") != "string":
        return MISSING
    return {required[0]: value}


def unnested(value: Any, name: str, prop: Any) -> Any:
    """The value an object holds under the argument's own name (`"weight_g": {"weight_g": 20}` → 20), for an
    argument that is no object; else MISSING."""
    if not isinstance(value, dict) or len(value) != 1 or object_properties(prop) is not None:
        return MISSING
    [(key, inner)] = value.items()
    return inner if norm(str(key)) == norm(name) and norm(name) else MISSING


def lone_item(value: Any, prop: Any) -> Any:
    """The one value a list holds, sent for an input that is no list (`[4]` for a count); else MISSING."""
    if not isinstance(value, list) or len(value) != 1 or not isinstance(prop, dict) or isinstance(value[0], (list, dict)):
        return MISSING
    kinds = prop.get("type")
    return MISSING if kinds == "array" or (isinstance(kinds, list) and "array" in kinds) else value[0]


def tagged(value: Any, prop: Any) -> Any:
    """A tag sent for an object under oneOf/anyOf whose alternative needs nothing but that tag (`"cash"` for
    `{"method": {"const": "cash"}}`) as that object; else MISSING (an alternative that needs more, or two)."""
    if not isinstance(value, str) or not isinstance(prop, dict):
        return MISSING
    found = []
    for branch in prop.get("oneOf") or prop.get("anyOf") or []:
        properties = branch.get("properties") if isinstance(branch, dict) else None
        if not isinstance(properties, dict):
            continue
        for key, sub in properties.items():
            const = sub.get("const") if isinstance(sub, dict) else None
            if isinstance(const, str) and norm(const) == norm(value) and set(branch.get("required") or []) <= {key}:
                found.append({key: const})
    return found[0] if len(found) == 1 else MISSING
