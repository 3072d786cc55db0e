"""ARDF 1.0 resources (`resource_id`, `resource_type`, `content{type, data}`)."""

from __future__ import annotations

from typing import Any

from ..inputs import check_root, input_schema, inputs_from_schema, property_schema
from ..model import Descriptor, Input, Source
from ._base import ReadOptions, annotations_of, binding_of, examples_of, failures_of

__all__ = ["read"]


def read(raw: dict[str, Any], source: Source, options: ReadOptions) -> Descriptor:
    """Normalize a schema-valid ARDF 1.0 resource of any type."""
    kind = raw["resource_type"]
    content = raw.get("content") or {}
    data = content.get("data") or {}
    metadata = raw.get("metadata") or {}
    fields: dict[str, Any] = {}
    if kind == "tool":
        verbatim = data.get("input_schema")
        if isinstance(verbatim, dict):  # given verbatim: served exactly as written ($schema, $defs, $ref kept)
            schema = check_root(verbatim)
            inputs = inputs_from_schema(schema)
        else:
            inputs = tuple(
                Input.build(
                    name=item["name"],
                    description=item.get("description", ""),
                    required=bool(item.get("required", False)),
                    schema_=property_schema(item),
                )
                for item in data.get("inputs", ())
            )
            schema = input_schema(inputs)
        outputs = data.get("outputs") or {}
        fields = {
            "inputs": inputs,
            "input_schema": schema,
            "output_schema": data.get("output_schema") if isinstance(data.get("output_schema"), dict) else None,
            "success": outputs.get("success", ""),
            "failures": failures_of(outputs),
        }
    return Descriptor.build(
        id=raw["resource_id"],
        type=kind,
        description=raw["description"],
        when_to_use=raw.get("when_to_use", ""),
        title=raw.get("title") if isinstance(raw.get("title"), str) else None,
        localization=raw.get("localization") or {},
        metadata=metadata,
        prerequisites=raw.get("prerequisites") or {},
        examples=examples_of(raw.get("examples"), "name", "input", "output", "narrative"),
        feedback=raw.get("feedback") or {},
        content_type=content.get("type"),
        content=data,
        binding=binding_of(data) if kind in ("tool", "model", "connector") else {},
        hints={"annotations": annotations_of(metadata, data)},
        raw=raw,
        source=source,
        **{"inputs": (), "input_schema": None, "output_schema": None, "success": "", "failures": (), **fields},
    )
