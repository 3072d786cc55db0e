"""What each alternative of a `oneOf`/`anyOf` input looks like, for an envelope's expected conditions.

    >>> forms = union_forms({"oneOf": [
    ...     {"type": "object", "properties": {"kind": {"const": "wifi"}, "ssid": {"type": "string"}}, "required": ["kind", "ssid"]},
    ...     {"type": "object", "properties": {"kind": {"const": "ethernet"}, "ip": {"type": "string", "format": "ipv4"}},
    ...      "required": ["kind", "ip"]}]})
    >>> forms.kinds, forms.shapes
    (('object',), ['{"kind": "wifi", "ssid": string}', '{"kind": "ethernet", "ip": string (ipv4)}'])

A wrong value for a union (a name where an object is expected) otherwise gets no condition at all, and an agent
whose framework hid the schema (LlamaIndex flattens nested objects) has nothing to go on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_FORMS", "Forms", "union_forms"]

_SHAPE_CHARS = 160  # one alternative's shape, at most
MAX_FORMS = 10  # alternatives shown; a union of 1,000 listed 100 shapes (112 KB with an envelope's copies)
_SHOWN_PROPERTIES = 6


@dataclass(frozen=True, slots=True)
class Forms:
    """The types the alternatives name (empty when one names none), the first MAX_FORMS alternatives' shapes, and how
    many more alternatives there are."""

    kinds: tuple[str, ...]
    shapes: list[str]
    more: int = 0


def union_forms(prop: Any) -> Forms | None:
    """The alternatives of `prop`'s `oneOf` (else `anyOf`) of two or more schemas; None without one."""
    if not isinstance(prop, dict):
        return None
    options = prop.get("oneOf") if isinstance(prop.get("oneOf"), list) else prop.get("anyOf")
    if not isinstance(options, list) or len(options) < 2 or not all(isinstance(o, dict) for o in options):
        return None
    kinds = [o.get("type") for o in options]
    named = tuple(dict.fromkeys(kinds)) if all(isinstance(k, str) for k in kinds) else ()
    return Forms(named, [_clipped(_shape(o)) for o in options[:MAX_FORMS]],  # type: ignore[arg-type]
                 max(0, len(options) - MAX_FORMS))


def _shape(option: dict[str, Any]) -> str:
    """One alternative in a line: an object's required (else first) properties, a constant, or a type."""
    if "const" in option:
        return json.dumps(option["const"], ensure_ascii=False)
    properties = option.get("properties")
    if isinstance(properties, dict) and properties:
        required = [n for n in option.get("required") or [] if n in properties] or list(properties)
        parts = [f"{json.dumps(n, ensure_ascii=False)}: {_value(properties[n])}" for n in required[:_SHOWN_PROPERTIES]]
        more = ", …" if len(required) > _SHOWN_PROPERTIES else ""
        return "{" + ", ".join(parts) + more + "}"
    return _value(option)


def _value(schema: Any) -> str:
    """A property's schema in a word or two: its constant, its values, or its type, format and pattern (a `$ref` by name)."""
    if not isinstance(schema, dict):
        return "…"
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        return " / ".join(json.dumps(v, ensure_ascii=False) for v in enum[:4]) + (" / …" if len(enum) > 4 else "")
    kind, form, pattern, ref = schema.get("type"), schema.get("format"), schema.get("pattern"), schema.get("$ref")
    parts = [" or ".join(map(str, kind)) if isinstance(kind, list) else kind if isinstance(kind, str) else "",
             f"({form})" if isinstance(form, str) else "", f"/{pattern}/" if isinstance(pattern, str) else "",
             ref.rsplit("/", 1)[-1] if isinstance(ref, str) and not kind else ""]
    return " ".join(p for p in parts if p) or "…"


def _clipped(text: str) -> str:
    return text if len(text) <= _SHAPE_CHARS else text[:_SHAPE_CHARS - 1] + "…"
