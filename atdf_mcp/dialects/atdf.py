"""ATDF 1.x and 2.x tool descriptors (`tool_id`|`id`, `how_to_use.inputs/outputs`): read, and tools written as 2.x."""

from __future__ import annotations

import re
from typing import Any

from ..inputs import input_schema, property_schema, type_name
from ..model import Descriptor, Input, Source
from ._base import ReadOptions, annotations_of, binding_of, examples_of, failures_of
from ._write import DEFAULT_SUCCESS, LANG_KEY, root_defs, with_defs
from .tool_fields import tool_fields

__all__ = ["ENHANCED_KEYS", "POINTERS", "VERSIONS", "read", "version_of", "write"]

VERSIONS = re.compile(r"[12](\..*)?", re.DOTALL)  # any 1.x or 2.x
POINTERS = {
    "id": "/tool_id",
    "id_alias": "/id",
    "description": "/description",
    "when_to_use": "/when_to_use",
    "version": "/schema_version",
    "inputs": "/how_to_use/inputs",
    "output_schema": "/output_schema",
    "examples": "/examples",
    "example_input": "input_values",
    "prerequisites": "/prerequisites",
}

ENHANCED_KEYS = ("metadata", "localization", "examples", "prerequisites", "feedback")


def version_of(raw: dict[str, Any]) -> str:
    """'atdf2' when the descriptor says 2.x or uses any 2.x-only field, else 'atdf1'."""
    version = raw.get("schema_version")
    if isinstance(version, str) and version.startswith("2."):
        return "atdf2"
    if any(key in raw for key in ENHANCED_KEYS) or "task" in raw:  # `task`: a 2.x root field (MCP tasks)
        return "atdf2"
    how = raw.get("how_to_use")
    inputs = how.get("inputs") if isinstance(how, dict) else None
    if isinstance(inputs, list) and any(isinstance(i, dict) and ("required" in i or "schema" in i) for i in inputs):
        return "atdf2"
    return "atdf1"


def read(raw: dict[str, Any], source: Source, options: ReadOptions) -> Descriptor:
    """Normalize a schema-valid ATDF 1.x/2.x descriptor."""
    how = raw["how_to_use"]
    absent_means_required = source.dialect == "atdf1" and options.atdf1_required
    inputs = tuple(
        Input.build(
            name=item["name"],
            description=item.get("description", ""),
            required=bool(item.get("required", absent_means_required)),
            schema_=property_schema(item),
        )
        for item in how["inputs"]
    )
    metadata = raw.get("metadata") or {}
    return Descriptor.build(
        id=raw.get("tool_id") or raw.get("id"),
        type="tool",
        description=raw["description"],
        when_to_use=raw["when_to_use"],
        title=raw.get("title") if isinstance(raw.get("title"), str) else None,
        localization=raw.get("localization") or {},
        metadata=metadata,
        prerequisites=raw.get("prerequisites") or {},
        examples=examples_of(raw.get("examples"), "goal", "input_values", "expected_result"),
        feedback=raw.get("feedback") or {},
        content_type="tool/io",
        content={},
        inputs=inputs,
        input_schema=input_schema(inputs),
        output_schema=raw.get("output_schema") if isinstance(raw.get("output_schema"), dict) else None,
        success=how["outputs"]["success"],
        failures=failures_of(how["outputs"]),
        binding=binding_of(raw),
        hints={"annotations": annotations_of(metadata, raw), **tool_fields(raw)},
        task=raw.get("task") is True,
        raw=raw,
        source=source,
    )


def write(d: Descriptor) -> dict[str, Any]:
    """A tool descriptor as ATDF 2.x (valid against the bundled ATDF 2.x schema)."""
    if d.type != "tool":
        raise ValueError(f"only tools can be written as ATDF 2.x; {d.id!r} is a {d.type}")
    doc: dict[str, Any] = {
        "schema_version": "2.0.0",
        "tool_id": d.id,
        "description": d.description,
        "when_to_use": d.when_to_use or f"Use when you need to {d.description[:1].lower()}{d.description[1:]}",
        "how_to_use": {
            "inputs": [_input(i, root_defs(d)) for i in d.inputs],
            "outputs": {
                "success": d.success or DEFAULT_SUCCESS,
                "failure": [{"code": f.code, "description": f.description or f.code} for f in d.failures],
            },
        },
    }
    if d.output_schema:
        doc["output_schema"] = d.output_schema
    if d.task:
        doc["task"] = True
    for key, value in (("metadata", d.metadata), ("prerequisites", d.prerequisites), ("feedback", d.feedback)):
        if value:
            doc[key] = value
    localization = {
        lang: {"description": t.get("description") or d.description, "when_to_use": t.get("when_to_use") or doc["when_to_use"]}
        for lang, t in d.localization.items()
        if LANG_KEY.match(lang)
    }
    if localization:
        doc["localization"] = localization
    if d.examples:
        doc["examples"] = [
            {"goal": e.name or e.narrative or f"Example {n + 1}", "input_values": e.input if isinstance(e.input, dict) else {},
             "expected_result": e.output if isinstance(e.output, str) else DEFAULT_SUCCESS if e.output is None else str(e.output)}
            for n, e in enumerate(d.examples)
        ]
    doc.update({k: v for k, v in d.binding.items() if not k.startswith("_")})  # `_base`: a connector's, not writable here
    return doc


def _input(i: Input, defs: dict[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = {"name": i.name, "type": type_name(i.schema_), "description": i.description or f"The {i.name} argument.",
                            "required": i.required}
    written = ("type", "description") if i.type else ("description",)  # a type list ([string, null]) stays in the schema
    rest = with_defs({k: v for k, v in i.schema_.items() if k not in written}, defs)
    if rest:
        item["schema"] = rest
    return item
