"""ARDF 1.0 resources (`resource_id`, `resource_type`, `content{type, data}`): read, and written from any dialect."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..inputs import check_root, input_schema, inputs_from_schema, property_schema, type_name
from ..model import Descriptor, Example, Failure, Input, Source
from ._base import ReadOptions, annotations_of, binding_of, examples_of, failures_of
from ._write import DEFAULT_SUCCESS, LANG_KEY, root_defs, with_defs
from .carried import carried, guidance_of
from .tool_fields import tool_fields

__all__ = ["CONTENT_TYPES", "POINTERS", "VERSIONS", "read", "write", "write_examples", "write_failures", "write_input"]

VERSIONS = re.compile(r"1\.0\.0")
POINTERS = {
    "id": "/resource_id",
    "type": "/resource_type",
    "description": "/description",
    "when_to_use": "/when_to_use",
    "version": "/schema_version",
    "content": "/content/data",
    "input_schema": "/content/data/input_schema",
    "inputs": "/content/data/inputs",
    "output_schema": "/content/data/output_schema",
    "examples": "/examples",
    "example_input": "input",
    "prerequisites": "/prerequisites",
    "steps": "/content/data/steps",
    "connector": "/content/data/connector",  # the connector a dataset is read through
    "base_url": "/content/data/base_url",
    "endpoints": "/content/data/endpoints",
    "method": "/content/data/method",
    "signature": "/content/data/signature",
}
CONTENT_TYPES = {
    "tool": "tool/io", "prompt": "prompt/template", "document": "document/ref", "workflow": "workflow/steps",
    "policy": "policy/rules", "model": "model/spec", "dataset": "dataset/spec", "connector": "connector/spec",
}


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
            "task": data.get("task") is True,
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
        binding=_binding(kind, data),
        hints={"annotations": annotations_of(metadata, data), **(tool_fields(data) | guidance_of(raw) if kind == "tool" else {})},
        raw=raw,
        source=source,
        **{"inputs": (), "input_schema": None, "output_schema": None, "success": "", "failures": (), "task": False, **fields},
    )


def _binding(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """How the resource is executed; a tool's `base_url` confines its endpoint (as a connector's endpoints are)."""
    if kind not in ("tool", "model", "connector"):
        return {}
    binding = binding_of(data)
    if kind == "tool" and isinstance(data.get("base_url"), str) and "endpoint" in binding:
        binding["_base"] = data["base_url"]
    return binding


def write(d: Descriptor) -> dict[str, Any]:
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
        if LANG_KEY.match(lang) and isinstance(texts, dict)
    }
    prerequisites, conditions = _prerequisites(d.prerequisites)
    if conditions:
        metadata["conditions"] = conditions
    for key, value in (("metadata", metadata), ("localization", localization), ("prerequisites", prerequisites)):
        if value:
            doc[key] = value
    if d.examples:
        doc["examples"] = write_examples(d.examples)
    if d.type == "tool":
        doc["content"] = {"type": "tool/io", "data": _tool_io(d)}
    elif d.type != "custom" or d.content:
        doc["content"] = {"type": d.content_type or CONTENT_TYPES.get(d.type, "custom"), "data": d.content}
    if d.type == "tool":  # what the tool says beyond ARDF's fields, at the root (ARDF admits extra keys there)
        doc.update(carried(d.raw, d.dialect, doc))
    return doc


def write_examples(examples: Iterable[Example]) -> list[dict[str, Any]]:
    """Examples as ARDF `examples` (empty fields left out)."""
    return [
        {k: v for k, v in (("name", e.name), ("input", e.input), ("output", e.output), ("narrative", e.narrative))
         if v not in (None, "")}
        for e in examples
    ]


def write_failures(failures: Iterable[Failure]) -> list[dict[str, Any]]:
    """Declared failures as ARDF `outputs.failure` entries (every field they state)."""
    return [
        {k: v for k, v in (("code", f.code), ("description", f.description or f.code),
                           ("suggested_value", f.suggested_value), ("context", f.context), ("parameter", f.parameter),
                           ("checks", list(f.checks))) if v not in (None, {}, [])}
        for f in failures
    ]


def write_input(i: Input) -> dict[str, Any]:
    """One input as an ARDF `inputs` entry: name, type, description, required and its constraints."""
    item: dict[str, Any] = {
        "name": i.name,
        "type": type_name(i.schema_),
        "description": i.description or f"The {i.name} argument.",
        "required": i.required,
    }
    # an object's `required` list, and a type list ([string, null]) that the one-word `type` cannot hold
    clashing = {k: v for k, v in i.schema_.items() if k in ("name", "required") or (k == "type" and not i.type)}
    item.update({k: v for k, v in i.schema_.items() if k not in ("type", "description") and k not in clashing})
    if clashing:  # kept in the input's own `schema`, where the ARDF readers look for the rest of a JSON Schema
        item["schema"] = clashing
    return item


def _tool_io(d: Descriptor) -> dict[str, Any]:
    defs = root_defs(d)
    data: dict[str, Any] = {
        "inputs": [with_defs(write_input(i), defs) for i in d.inputs],
        "outputs": {"success": d.success or DEFAULT_SUCCESS, "failure": write_failures(d.failures)},
    }
    if d.dialect in ("mcp", "openakita") and d.input_schema:  # given whole: kept whole (ARDF readers serve it as written)
        data["input_schema"] = d.input_schema
    if d.output_schema:
        data["output_schema"] = d.output_schema
    if d.task:
        data["task"] = True
    for key, value in (("annotations", d.hints.get("annotations")), ("icons", d.hints.get("icons")), ("_meta", d.hints.get("meta"))):
        if value:
            data[key] = value
    data.update(d.binding)
    return data


def _prerequisites(prerequisites: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """ATDF prerequisites (tools/conditions/permissions) → ARDF (resources/policies/credentials)."""
    out: dict[str, Any] = {}
    for source, target in (("resources", "resources"), ("tools", "resources"), ("policies", "policies"),
                           ("credentials", "credentials"), ("permissions", "credentials")):
        values = prerequisites.get(source)
        if isinstance(values, list):
            out.setdefault(target, []).extend(str(v) for v in values)
    conditions = prerequisites.get("conditions")
    return out, list(conditions) if isinstance(conditions, list) else []
