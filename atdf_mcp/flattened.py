"""An object's property sent flat under the object's name and the property's (`address_city`, `address.city`,
`addressCity`): frameworks and models that flatten nested schemas write them so.

    >>> node = {"properties": {"address": {"type": "object", "properties": {"street": {}, "city": {}}}, "city_tax": {}}}
    >>> flattened_home("address.city", {"address.city": "Madrid"}, node)
    ('address', 'city')
    >>> flattened_home("address_country", {"address_country": "ES"}, node)   # the address has no country
    MISSING

The name must read as exactly one object input followed by one of that object's properties (its `oneOf`/`anyOf`
alternatives' included), both compared as `norm` writes them; MISSING when the name is an input of its own, when two
objects could hold it, or when the call also sends that property flat or inside the object (which one is meant?).
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .restructure import object_properties
from .spelling import norm

__all__ = ["flattened_home", "has_flat_twin", "spelt_flat"]


def flattened_home(name: str, container: dict[str, Any], node: dict[str, Any]) -> Any:
    """(object input, property) that the unknown argument `name` spells flat, where the call can take it; else MISSING."""
    found = spelt_flat(name, node)
    if found is MISSING:
        return MISSING
    home, key = found
    held = container.get(home, {})
    if any(norm(str(other)) == norm(str(key)) for other in container):
        return MISSING  # `street` sent flat as well as `address_street`: which one is the address's is the caller's to say
    return (home, key) if isinstance(held, dict) and key not in held else MISSING


def spelt_flat(name: str, node: dict[str, Any]) -> Any:
    """(object input, property) that `name` spells flat, whatever the call holds; else MISSING."""
    declared = node.get("properties") or {}
    spoken = norm(re.sub(r"\[([^\[\]]+)\]", r"_\1", name))  # Stripe's form keys: created[gte] is created.gte
    if not isinstance(declared, dict) or "_" not in spoken or any(norm(str(p)) == spoken for p in declared):
        return MISSING
    found = []
    for home, schema in declared.items():
        owned = object_properties(schema)
        prefix = norm(str(home)) + "_"
        if not owned or not spoken.startswith(prefix):
            continue
        rest = spoken[len(prefix):]
        found += [(home, key) for key in owned if norm(str(key)) == rest]
    return found[0] if len(found) == 1 else MISSING


def has_flat_twin(name: str, container: dict[str, Any], node: dict[str, Any]) -> bool:
    """Whether the call also sends `name` flat under an object input's name (`street` and `address_street`)."""
    own = "_" + norm(name)
    prefixes = [norm(str(key))[:-len(own)] for key in container if key != name and norm(str(key)).endswith(own)]
    declared = node.get("properties") or {}
    if not prefixes or not isinstance(declared, dict):
        return False  # the common case: no other argument ends in this one's name
    return any(object_properties(declared.get(home)) for home in declared if norm(str(home)) in prefixes)
