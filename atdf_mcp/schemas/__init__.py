"""The bundled JSON Schemas, each compiled once: a fast verdict, and a complete report when invalid.

    >>> from atdf_mcp.schemas import SCHEMAS
    >>> SCHEMAS["ardf"].violations({"resource_id": "x"})[0].message
    "'schema_version' is a required property"
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from .unexpected import fix_for

if TYPE_CHECKING:  # python-jsonschema only explains an invalid document: imported then, not at start-up
    import jsonschema

__all__ = ["SCHEMA_FILES", "SCHEMAS", "CompiledSchema", "Violation", "schema_bytes"]

SCHEMA_FILES: dict[str, str] = {
    "atdf1": "atdf1.schema.json",
    "atdf2": "atdf2.schema.json",
    "ardf": "ardf.schema.json",
    "error": "error.schema.json",
    "mcp": "mcp-tool.schema.json",
    "openakita": "openakita.schema.json",
}


@dataclass(frozen=True, slots=True)
class Violation:
    """One schema violation: the JSON pointer of the offending value and what was expected."""

    pointer: str
    message: str
    keyword: str


def schema_bytes(file_name: str) -> bytes:
    """The bytes of a bundled schema file, exactly as shipped."""
    return resources.files(__name__).joinpath(file_name).read_bytes()


def to_pointer(path: Any) -> str:
    """A JSON pointer (RFC 6901) from a sequence of keys and indexes."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


class CompiledSchema:
    """A JSON Schema compiled twice: jsonschema-rs decides, jsonschema explains."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self._fast = jsonschema_rs.validator_for(schema, validate_formats=True)

    @cached_property
    def _detailed(self) -> jsonschema.protocols.Validator:
        import jsonschema

        cls = jsonschema.validators.validator_for(self.schema, default=jsonschema.Draft202012Validator)
        return cls(self.schema, format_checker=jsonschema.FormatChecker())

    def is_valid(self, instance: Any) -> bool:
        """Whether `instance` is valid (microseconds: compiled validator)."""
        return self._fast.is_valid(instance)

    def violations(self, instance: Any) -> list[Violation]:
        """Every violation in `instance`, in document order; empty when it is valid."""
        if self._fast.is_valid(instance):
            return []
        found = [_violation(e) for e in _leaf_errors(self._detailed.iter_errors(instance))]
        found.sort(key=lambda v: v.pointer)
        return found


def _leaf_errors(errors: Any) -> list[jsonschema.ValidationError]:
    """Errors with oneOf/anyOf explained by their most relevant branch when possible."""
    import jsonschema

    out: list[jsonschema.ValidationError] = []
    for error in errors:
        if error.validator in ("anyOf", "oneOf") and error.context and error.validator_value and not _is_id_choice(error):
            best = jsonschema.exceptions.best_match(error.context)
            out.append(best if best is not None and best.path else error)
        else:
            out.append(error)
    return out


def _is_id_choice(error: jsonschema.ValidationError) -> bool:
    return all(isinstance(b, dict) and set(b) == {"required"} for b in error.validator_value)


def _violation(error: jsonschema.ValidationError) -> Violation:
    pointer = to_pointer(error.absolute_path)
    if error.validator == "oneOf" and _is_id_choice(error):
        keys = [b["required"][0] for b in error.validator_value]
        present = [k for k in keys if isinstance(error.instance, dict) and k in error.instance]
        if present:
            message = f"give exactly one of {' or '.join(map(repr, keys))}, not both ({', '.join(map(repr, present))} found)"
        else:
            message = f"one of {' or '.join(map(repr, keys))} is required (the descriptor's identifier)"
        return Violation(pointer, message, "oneOf")
    message = error.message
    if len(message) > 300:
        message = message[:297] + "..."
    if error.validator == "additionalProperties" and isinstance(error.instance, dict) and isinstance(error.schema, dict):
        allowed = error.schema.get("properties") or {}
        patterns = [re.compile(p) for p in error.schema.get("patternProperties") or {}]
        extras = [k for k in error.instance if k not in allowed and not any(p.search(k) for p in patterns)]
        fix = fix_for(extras, allowed, at_root=not pointer) if allowed or not patterns \
            else f"keys here match {' or '.join(p.pattern for p in patterns)}"
        if "/how_to_use/inputs/" in pointer and "may be" not in fix:
            fix = "put JSON Schema constraints (enum, minimum, format, ...) inside the input's \"schema\" object; " + fix
        message += "; " + fix
    return Violation(pointer, message, str(error.validator))


def _load_all() -> dict[str, CompiledSchema]:
    return {key: CompiledSchema(json.loads(schema_bytes(name))) for key, name in SCHEMA_FILES.items()}


SCHEMAS: dict[str, CompiledSchema] = _load_all()
