"""Project normalized descriptors back out: as ARDF 1.0 documents, and tools as ATDF 2.x."""

from __future__ import annotations

import re
from typing import Any

from .inputs import has_ref
from .model import Descriptor, Input

__all__ = ["to_ardf", "to_atdf2"]

_LANG_KEY = re.compile(r"^[a-z]{2}(-[A-Z]{2})?$")
_CONTENT_TYPES = {
    "tool": "tool/io", "prompt": "prompt/template", "document": "document/ref", "workflow": "workflow/steps",
    "policy": "policy/rules", "model": "model/spec", "dataset": "dataset/spec", "connector": "connector/spec",
}
_DEFAULT_SUCCESS = "The tool completed successfully."


def to_ardf(d: Descriptor) -> dict[str, Any]:
    """The descriptor as an ARDF 1.0 document (valid against the bundled ARDF schema)."""
    if d.dialect == "ardf":
        return d.raw
    doc: dict[str, Any] = {
        "schema_version": "1.0.0",
        "resource_id": d.id,
        "resource_type": d.type,
        "description": d.description,
    }
    if d.when_to_use:
        doc["when_to_use"] = d.when_to_use
    if d.title:
        doc["title"] = d.title
    metadata = dict(d.metadata)
    if d.feedback:
        metadata["feedback"] = d.feedback
    localization = {
        lang: {k: v for k, v in texts.items() if k in ("description", "when_to_use") and isinstance(v, str)}
        for lang, texts in d.localization.items()
        if _LANG_KEY.match(lang) and isinstance(texts, dict)
    }
    prerequisites, conditions = _ardf_prerequisites(d.prerequisites)
    if conditions:
        metadata["conditions"] = conditions
    for key, value in (("metadata", metadata), ("localization", localization), ("prerequisites", prerequisites)):
        if value:
            doc[key] = value
    if d.examples:
        doc["examples"] = [
            {k: v for k, v in (("name", e.name), ("input", e.input), ("output", e.output), ("narrative", e.narrative))
             if v not in (None, "")}
            for e in d.examples
        ]
    if d.type == "tool":
        doc["content"] = {"type": "tool/io", "data": _tool_io(d)}
    elif d.type != "custom" or d.content:
        doc["content"] = {"type": d.content_type or _CONTENT_TYPES.get(d.type, "custom"), "data": d.content}
    return doc


def to_atdf2(d: Descriptor) -> dict[str, Any]:
    """A tool descriptor as ATDF 2.x (valid against the bundled ATDF 2.x schema)."""
    if d.type != "tool":
        raise ValueError(f"only tools can be written as ATDF 2.x; {d.id!r} is a {d.type}")
    doc: dict[str, Any] = {
        "schema_version": "2.0.0",
        "tool_id": d.id,
        "description": d.description,
        "when_to_use": d.when_to_use or f"Use when you need to {d.description[:1].lower()}{d.description[1:]}",
        "how_to_use": {
            "inputs": [_atdf2_input(i, _root_defs(d)) for i in d.inputs],
            "outputs": {
                "success": d.success or _DEFAULT_SUCCESS,
                "failure": [{"code": f.code, "description": f.description or f.code} for f in d.failures],
            },
        },
    }
    if d.metadata:
        doc["metadata"] = d.metadata
    localization = {
        lang: {"description": t.get("description") or d.description, "when_to_use": t.get("when_to_use") or doc["when_to_use"]}
        for lang, t in d.localization.items()
        if _LANG_KEY.match(lang)
    }
    if localization:
        doc["localization"] = localization
    if d.examples:
        doc["examples"] = [
            {"goal": e.name or e.narrative or f"Example {n + 1}", "input_values": e.input if isinstance(e.input, dict) else {},
             "expected_result": e.output if isinstance(e.output, str) else _DEFAULT_SUCCESS if e.output is None else str(e.output)}
            for n, e in enumerate(d.examples)
        ]
    doc.update({k: v for k, v in d.binding.items() if k in ("handler", "endpoint", "method")})
    return doc


def _tool_io(d: Descriptor) -> dict[str, Any]:
    defs = _root_defs(d)
    data: dict[str, Any] = {
        "inputs": [_with_defs(_ardf_input(i), defs) for i in d.inputs],
        "outputs": {
            "success": d.success or _DEFAULT_SUCCESS,
            "failure": [
                {k: v for k, v in (("code", f.code), ("description", f.description or f.code),
                                   ("suggested_value", f.suggested_value), ("context", f.context), ("parameter", f.parameter),
                                   ("checks", list(f.checks))) if v not in (None, {}, [])}
                for f in d.failures
            ],
        },
    }
    if d.output_schema:
        data["output_schema"] = d.output_schema
    data.update(d.binding)
    return data


def _ardf_input(i: Input) -> dict[str, Any]:
    item: dict[str, Any] = {
        "name": i.name,
        "type": i.type or "any",
        "description": i.description or f"The {i.name} argument.",
        "required": i.required,
    }
    item.update({k: v for k, v in i.schema_.items() if k not in ("type", "description")})
    return item


def _atdf2_input(i: Input, defs: dict[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = {"name": i.name, "type": i.type or "any", "description": i.description or f"The {i.name} argument.",
                            "required": i.required}
    rest = _with_defs({k: v for k, v in i.schema_.items() if k not in ("type", "description")}, defs)
    if rest:
        item["schema"] = rest
    return item


def _root_defs(d: Descriptor) -> dict[str, Any]:
    """The `$defs` a recursive input schema kept at its root (the references that could not be inlined)."""
    defs = (d.input_schema or {}).get("$defs")
    return defs if isinstance(defs, dict) else {}


def _with_defs(item: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """An input that still holds `$ref`s carries the root `$defs` along (the readers move them back to the root)."""
    if defs and "$defs" not in item and has_ref(item):
        return {**item, "$defs": defs}
    return item


def _ardf_prerequisites(prerequisites: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """ATDF prerequisites (tools/conditions/permissions) → ARDF (resources/policies/credentials)."""
    out: dict[str, Any] = {}
    for source, target in (("resources", "resources"), ("tools", "resources"), ("policies", "policies"),
                           ("credentials", "credentials"), ("permissions", "credentials")):
        values = prerequisites.get(source)
        if isinstance(values, list):
            out.setdefault(target, []).extend(str(v) for v in values)
    conditions = prerequisites.get("conditions")
    return out, list(conditions) if isinstance(conditions, list) else []
