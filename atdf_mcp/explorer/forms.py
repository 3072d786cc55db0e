"""The "try it" form of a tool, generated from its input schema, and the arguments a submitted form stands for.

    >>> fields = form_fields({"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]})
    >>> arguments_of(fields, {"arg.n": "3"})
    {'n': 3}

Every value is typed as text on purpose: a wrong value reaches the server, whose envelope (with its suggested
arguments) is what the explorer is there to show. Empty fields are left out of the call.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["ARGUMENTS_FIELD", "PREFIX", "Field", "arguments_of", "constraints_of", "form_fields", "form_values"]

PREFIX = "arg."
ARGUMENTS_FIELD = "arguments_json"  # the whole arguments as JSON (the retry button, and tools whose inputs are not a flat object)
_CONSTRAINTS = ("enum", "const", "format", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
                "minLength", "maxLength", "minItems", "maxItems", "uniqueItems")


@dataclass(frozen=True)
class Field:
    """One form field: an argument of the tool, its widget and what the table of inputs says about it."""

    name: str
    kind: str  # "text", "select" (enum or boolean) or "json" (objects, arrays, several types)
    type: str
    required: bool
    description: str
    options: tuple[str, ...] = ()
    default: str = ""

    @property
    def control(self) -> str:
        """The form control's name."""
        return PREFIX + self.name


def form_fields(schema: Mapping[str, Any] | None) -> list[Field]:
    """The fields of a tool whose input schema is an object with properties (else none: the JSON box alone)."""
    if not isinstance(schema, Mapping) or not isinstance(schema.get("properties"), Mapping):
        return []
    required = set(schema.get("required") or ())
    fields = []
    for name, prop in schema["properties"].items():
        prop = prop if isinstance(prop, Mapping) else {}
        kind_of = prop.get("type")
        type_text = " | ".join(map(str, kind_of)) if isinstance(kind_of, list) else str(kind_of or "any")
        if isinstance(prop.get("enum"), list):
            kind, options = "select", tuple(_text(v) for v in prop["enum"])
        elif kind_of == "boolean":
            kind, options = "select", ("true", "false")
        elif kind_of in ("string", "number", "integer"):
            kind, options = "text", ()
        else:
            kind, options = "json", ()
        default = _text(prop["default"]) if "default" in prop else ""
        fields.append(Field(str(name), kind, type_text, name in required, str(prop.get("description") or ""), options, default))
    return fields


def constraints_of(schema: Mapping[str, Any]) -> str:
    """An input's constraints in a few words: `minimum 1, maximum 8`, `one of standard, deluxe`."""
    parts = []
    for key in _CONSTRAINTS:
        if key in schema:
            value = schema[key]
            parts.append(f"one of {', '.join(_text(v) for v in value)}" if key == "enum" and isinstance(value, list)
                         else f"{key} {_text(value)}")
    return ", ".join(parts)


def arguments_of(fields: list[Field], form: Mapping[str, str]) -> Any:
    """The arguments a submitted form stands for: its JSON box when filled, else its fields, typed by the schema."""
    raw = (form.get(ARGUMENTS_FIELD) or "").strip()
    if raw or not fields:
        try:
            return json.loads(raw) if raw else {}
        except ValueError:
            return raw  # not JSON: the server says what it expected
    arguments: dict[str, Any] = {}
    for field in fields:
        value = form.get(field.control, "")
        if value == "":
            continue
        arguments[field.name] = _typed(field, value)
    return arguments


def form_values(fields: list[Field], arguments: Any) -> dict[str, str]:
    """The text each field shows for `arguments` (a submitted or a suggested call)."""
    if not isinstance(arguments, Mapping):
        return {}
    return {f.name: _text(arguments[f.name]) for f in fields if f.name in arguments}


def _typed(field: Field, value: str) -> Any:
    """A field's text as the value its schema types (left as text when it is not one: the server explains)."""
    try:
        if field.type == "integer":
            return int(value)
        if field.type == "number":
            number = float(value)
            return int(number) if number.is_integer() and "." not in value and "e" not in value.lower() else number
        if field.type == "boolean":
            return {"true": True, "false": False}[value]
        if field.kind == "json" or field.kind == "select":
            return json.loads(value) if field.kind == "json" or field.type != "string" else value
    except (ValueError, KeyError):
        return value
    return value


def _text(value: Any) -> str:
    """A value as a form shows it: strings as they are, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
