"""MCP tool objects (`name`, `inputSchema`), alone or in `{"tools": [...]}` lists."""

from __future__ import annotations

from typing import Any

from ..inputs import inline_refs, inputs_from_schema
from ..model import Descriptor, Source
from ._base import ReadOptions, annotations_of, binding_of, examples_of, split_when_to_use
from .tool_fields import tool_fields

__all__ = ["POINTERS", "read"]

POINTERS = {
    "id": "/name",
    "description": "/description",
    "input_schema": "/inputSchema",
    "output_schema": "/outputSchema",
    "examples": "/examples",
    "example_input": "input",
}

_WHEN_TO_USE_ANNOTATIONS = ("context", "usage", "purpose")


def read(raw: dict[str, Any], source: Source, options: ReadOptions) -> Descriptor:
    """Normalize a schema-valid MCP tool object."""
    description, when_to_use = split_when_to_use(raw.get("description", "") or "")
    annotations = raw.get("annotations") if isinstance(raw.get("annotations"), dict) else {}
    when_to_use = raw.get("when_to_use") or when_to_use or " ".join(
        str(annotations[k]) for k in _WHEN_TO_USE_ANNOTATIONS if annotations.get(k)
    )
    schema = inline_refs(raw["inputSchema"])
    metadata: dict[str, Any] = {}
    if raw.get("version"):
        metadata["version"] = raw["version"]
    if raw.get("tags"):
        metadata["tags"] = raw["tags"]
    return Descriptor.build(
        id=raw["name"],
        type="tool",
        description=description or raw["name"],
        when_to_use=when_to_use,
        title=raw.get("title") or (annotations.get("title") if isinstance(annotations.get("title"), str) else None),
        localization={},
        metadata=metadata,
        prerequisites={},
        examples=examples_of(raw.get("examples"), "name", "input", "output"),
        feedback={},
        content_type="tool/io",
        content={},
        inputs=inputs_from_schema(schema),
        input_schema=schema,
        output_schema=raw.get("outputSchema"),
        success="",
        failures=(),
        binding=binding_of(raw),
        hints={"annotations": annotations_of(raw), **tool_fields(raw)},
        task=_runs_as_task(raw),
        raw=raw,
        source=source,
    )


def _runs_as_task(raw: dict[str, Any]) -> bool:
    """Whether a call may run as a task: MCP 2025-11-25's `execution.taskSupport` "optional" or "required"."""
    execution = raw.get("execution")
    return isinstance(execution, dict) and execution.get("taskSupport") in ("optional", "required")
