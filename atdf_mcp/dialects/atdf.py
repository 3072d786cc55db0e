"""ATDF 1.x and 2.x tool descriptors (`tool_id`|`id`, `how_to_use.inputs/outputs`)."""

from __future__ import annotations

from typing import Any

from ..inputs import input_schema, property_schema
from ..model import Descriptor, Input, Source
from ._base import ReadOptions, annotations_of, binding_of, examples_of, failures_of

__all__ = ["ENHANCED_KEYS", "read", "version_of"]

ENHANCED_KEYS = ("metadata", "localization", "examples", "prerequisites", "feedback")


def version_of(raw: dict[str, Any]) -> str:
    """'atdf2' when the descriptor says 2.x or uses any 2.x-only field, else 'atdf1'."""
    version = raw.get("schema_version")
    if isinstance(version, str) and version.startswith("2."):
        return "atdf2"
    if any(key in raw for key in ENHANCED_KEYS):
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
        hints={"annotations": annotations_of(metadata, raw)},
        raw=raw,
        source=source,
    )
