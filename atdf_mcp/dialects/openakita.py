"""OpenAkita tool definitions (`name`, `description`, `input_schema`, `detail`, `triggers`, ...)."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from ..inputs import inline_refs, inputs_from_schema
from ..model import Descriptor, Source
from ._base import ReadOptions, annotations_of, binding_of, examples_of
from .tool_fields import MAX_META_DEPTH, deeper_than, tool_fields

__all__ = ["MARKER_KEYS", "POINTERS", "prerequisite_texts", "read"]

# No "prerequisites" pointer: OpenAkita prerequisites are conditions in words, not ids of other resources.
POINTERS = {
    "id": "/name",
    "description": "/description",
    "input_schema": "/input_schema",
    "output_schema": "/output_schema",
    "examples": "/examples",
    "example_input": "params",
    "related_tools": "/related_tools",
}

MARKER_KEYS = ("detail", "triggers", "warnings", "related_tools")


def read(raw: dict[str, Any], source: Source, options: ReadOptions) -> Descriptor:
    """Normalize a schema-valid OpenAkita tool definition."""
    triggers = [str(t) for t in raw.get("triggers") or ()]
    prerequisites = prerequisite_texts(raw.get("prerequisites"))
    metadata: dict[str, Any] = {}
    if raw.get("category"):
        metadata["category"] = raw["category"]
    schema = inline_refs(raw["input_schema"])
    return Descriptor.build(
        id=raw["name"],
        type="tool",
        description=raw["description"],
        when_to_use="; ".join(triggers),
        title=raw.get("title") if isinstance(raw.get("title"), str) else None,
        localization={},
        metadata=metadata,
        prerequisites={"conditions": prerequisites} if prerequisites else {},
        examples=examples_of(raw.get("examples"), "scenario", "params", "expected"),
        feedback={},
        content_type="tool/io",
        content={},
        inputs=inputs_from_schema(schema),
        input_schema=schema,
        output_schema=raw.get("output_schema") if isinstance(raw.get("output_schema"), dict) else None,
        success="",
        failures=(),
        binding=binding_of(raw),
        hints={
            "annotations": annotations_of(raw),
            **tool_fields(raw),
            "detail": raw.get("detail", ""),
            "triggers": triggers,
            "warnings": [str(w) for w in raw.get("warnings") or ()],
            "related_tools": [r for r in raw.get("related_tools") or () if isinstance(r, dict)],
            "workflow": raw["workflow"] if isinstance(raw.get("workflow"), dict) and not deeper_than(raw["workflow"], MAX_META_DEPTH) else None,
        },
        raw=raw,
        source=source,
    )


def prerequisite_texts(items: Any, hidden: Container[str] = ()) -> list[str]:
    """OpenAkita prerequisites as conditions in words, each naming the tool it is checked with unless that is `hidden`."""
    return [p if isinstance(p, str) else _prerequisite_text(p, hidden) for p in items or ()]


def _prerequisite_text(item: dict[str, Any], hidden: Container[str] = ()) -> str:
    parts = [str(item.get("condition", "")).strip()]
    check = item.get("check_tool")
    if check and not (isinstance(check, str) and check in hidden):
        parts.append(f"(check with {check})")
    if item.get("action_if_not_met"):
        parts.append(f"— if not met: {item['action_if_not_met']}")
    return " ".join(p for p in parts if p)
