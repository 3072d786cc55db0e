"""Language copies (`x_es.json` beside `x.json`, same id): they translate a tool's texts, never its contract.

    >>> from atdf_mcp import load_catalog
    >>> catalog = load_catalog("descriptors")
    >>> base, copy = catalog.get("unit_converter"), catalog.variants["unit_converter"]["es"]
    >>> served, warnings = reconcile(base, copy)     # warnings: [(pointer in the copy's file, message)]
    >>> served.description, warnings
    ('Convierte un valor entre unidades de longitud, masa, volumen, velocidad o temperatura.', [])

A copy whose inputs, output schema, declared failure codes or binding differ from its base file would
silently give Spanish-speaking clients another tool. Instead the difference is reported (a warning with
the copy's file and pointer) and the copy is served with the base's contract and its own texts: its
descriptions, when_to_use, title, success text, failure descriptions and input descriptions.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .dialects import DIALECT
from .dialects._write import LANG_KEY
from .model import Descriptor, Failure, Input

__all__ = ["advertised", "reconcile"]

_ANNOTATIONS = frozenset({"description", "title", "examples", "$comment"})  # texts a translation may change
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
_DATA = frozenset({"enum", "const", "default", "required", "examples"})  # values compared as they are


def advertised(d: Descriptor, copies: Mapping[str, Descriptor] | None) -> Descriptor:
    """`d` with its language copies' texts in `localization` (description, when_to_use), so the ARDF projection
    advertises every language it has; `d` itself when it has no copies, or they add no language."""
    if not copies:
        return d
    extra: dict[str, dict[str, str]] = {}
    for lang, copy in copies.items():
        if copy is d or lang in d.localization or not LANG_KEY.match(lang):
            continue
        texts = {key: value for key in ("description", "when_to_use") if isinstance(value := getattr(copy, key), str) and value}
        if texts:
            extra[lang] = texts
    if not extra:
        return d
    update: dict[str, Any] = {"localization": {**d.localization, **extra}}
    if d.dialect == "ardf" and isinstance(d.raw, dict):  # the ARDF writer serves an ARDF document as it was written
        update["raw"] = {**d.raw, "localization": {**(d.raw.get("localization") or {}), **extra}}
    return d.model_copy(update=update)


def reconcile(base: Descriptor, copy: Descriptor) -> tuple[Descriptor, list[tuple[str, str]]]:
    """The copy as it may be served (the base's contract, the copy's texts), and (pointer, message) per contract difference."""
    if base.type != "tool":
        return copy, []
    differences = _differences(base, copy)
    if not differences:
        return copy, []
    base_file = Path(base.source.file).name
    warnings = [(copy.source.pointer + pointer, f"this language copy of {base.id!r} {what} {base_file}: a copy may only translate "
                 f"texts; the tool is served as {base_file} defines it, with this file's texts")
                for pointer, what in differences]
    return _translated(base, copy), warnings


def _differences(base: Descriptor, copy: Descriptor) -> list[tuple[str, str]]:
    """(pointer in the copy, what differs) for each part of the contract the copy changes."""
    found = []
    inputs = _input_changes(base.input_schema or {}, copy.input_schema or {})
    if inputs:
        pointer, _ = DIALECT[copy.dialect].input_pointer(copy.raw)
        found.append((pointer, f"changes the inputs ({inputs}) of"))
    if _structure(base.output_schema) != _structure(copy.output_schema):
        found.append(("", "changes the output schema of"))
    base_codes, copy_codes = {f.code.upper() for f in base.failures}, {f.code.upper() for f in copy.failures}
    if base_codes != copy_codes:
        changes = _listed("adds", copy_codes - base_codes) + _listed("lacks", base_codes - copy_codes)
        found.append(("", f"declares other failure codes ({'; '.join(changes)}) than"))
    if _binding(base) != _binding(copy):
        found.append(("", "names another handler or endpoint than"))
    return found


def _input_changes(base: dict[str, Any], copy: dict[str, Any]) -> str:
    """'adds 'x'; lacks 'y'; changes 'z'' for two input schemas, or '' when they agree but for texts."""
    if _structure(base) == _structure(copy):
        return ""
    ours, theirs = base.get("properties") or {}, copy.get("properties") or {}
    parts = _listed("adds", [n for n in theirs if n not in ours]) + _listed("lacks", [n for n in ours if n not in theirs])
    parts += _listed("changes", [n for n in ours if n in theirs and _structure(ours[n]) != _structure(theirs[n])])
    if sorted(base.get("required") or []) != sorted(copy.get("required") or []):
        parts.append("requires other inputs")
    return "; ".join(parts) or "other constraints"


def _listed(verb: str, names: Any) -> list[str]:
    return [f"{verb} {', '.join(repr(n) for n in sorted(names))}"] if names else []


def _structure(schema: Any) -> Any:
    """A JSON Schema without its annotations (descriptions, titles, examples): what a translation must not change."""
    if isinstance(schema, list):
        return [_structure(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    shape: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _ANNOTATIONS:
            continue
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            shape[key] = {name: _structure(sub) for name, sub in value.items()}
        elif key in _DATA:
            shape[key] = value
        else:
            shape[key] = _structure(value)
    return shape


def _with_texts(base: Any, copy: Any) -> Any:
    """The base schema with the copy's description and title wherever both have the same property."""
    if not isinstance(base, dict) or not isinstance(copy, dict):
        return base
    merged = dict(base)
    for key in ("description", "title"):
        if isinstance(copy.get(key), str):
            merged[key] = copy[key]
    for key in ("properties", "$defs", "definitions"):
        if isinstance(base.get(key), dict) and isinstance(copy.get(key), dict):
            merged[key] = {name: _with_texts(sub, copy[key].get(name)) for name, sub in base[key].items()}
    if isinstance(base.get("items"), dict):
        merged["items"] = _with_texts(base["items"], copy.get("items"))
    return merged


def _translated(base: Descriptor, copy: Descriptor) -> Descriptor:
    """The base descriptor speaking the copy's language."""
    copy_inputs = {i.name: i for i in copy.inputs}
    inputs = tuple(Input.build(name=i.name, description=copy_inputs[i.name].description if i.name in copy_inputs else i.description,
                               required=i.required, schema_=_with_texts(i.schema_, copy_inputs[i.name].schema_ if i.name in copy_inputs else None))
                   for i in base.inputs)
    descriptions = {f.code.upper(): f.description for f in copy.failures}
    failures = tuple(Failure.build(code=f.code, description=descriptions.get(f.code.upper()) or f.description,
                                   suggested_value=f.suggested_value, context=f.context) for f in base.failures)
    hints = {**copy.hints, "annotations": base.hints.get("annotations")} if base.hints.get("annotations") else copy.hints
    texts = {key: copy.raw[key] for key in ("description", "when_to_use", "title") if key in copy.raw}
    return base.model_copy(update={
        "description": copy.description, "when_to_use": copy.when_to_use, "title": copy.title or base.title,
        "localization": {**base.localization, **copy.localization}, "success": copy.success or base.success,
        "inputs": inputs, "input_schema": _with_texts(base.input_schema, copy.input_schema),
        "failures": failures, "hints": hints, "raw": {**base.raw, **texts} if base.dialect == "ardf" else base.raw,
    })


def _binding(d: Descriptor) -> tuple[Any, Any]:
    return d.binding.get("handler"), d.binding.get("endpoint")
