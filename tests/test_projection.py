"""Projections out of the normalized model: ARDF 1.0 for every descriptor, ATDF 2.x for tools, valid MCP input schemas."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import UPSTREAM, all_samples, mcp_tool, write_file

from atdf_mcp import Descriptor, load_catalog
from atdf_mcp.projection import to_ardf, to_atdf2
from atdf_mcp.schemas import SCHEMAS

CONSTRAINTS = ("enum", "format", "default", "minimum", "maximum", "pattern", "minLength", "maxLength", "type", "items", "properties")


def loaded_samples(tmp_path: Path) -> list[Descriptor]:
    """Every sample descriptor of every dialect, plus the upstream fixtures when present."""
    folder = tmp_path / "samples"
    for name, content in all_samples().items():
        write_file(folder, name, content)
    catalog = load_catalog(folder)
    assert catalog.report.errors == []
    descriptors = list(catalog.descriptors)
    if UPSTREAM.is_dir():
        upstream = load_catalog(UPSTREAM)
        assert upstream.report.errors == []
        descriptors += upstream.descriptors
        descriptors += [v for variants in upstream.variants.values() for v in variants.values()]
    return descriptors


def constraints(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The constraint keywords of each property of an input schema (descriptions left out)."""
    return {name: {k: v for k, v in prop.items() if k in CONSTRAINTS} for name, prop in schema.get("properties", {}).items()}


def reload(tmp_path: Path, doc: dict[str, Any], name: str) -> Descriptor:
    """Write a projected document to a file and load it back; it must load without problems."""
    folder = tmp_path / f"reload_{name}"
    write_file(folder, "doc.json", doc)
    catalog = load_catalog(folder)
    assert catalog.report.errors == [], catalog.report.errors
    [descriptor] = catalog.descriptors
    return descriptor


def test_every_descriptor_projects_to_valid_ardf(tmp_path: Path) -> None:
    """to_ardf of every sample (and upstream) descriptor validates against the bundled ARDF 1.0 schema."""
    descriptors = loaded_samples(tmp_path)
    assert {d.dialect for d in descriptors} == {"atdf1", "atdf2", "ardf", "mcp", "openakita"}
    for d in descriptors:
        doc = to_ardf(d)
        assert SCHEMAS["ardf"].violations(doc) == [], (d.source.file, d.id)
        assert (doc["resource_id"], doc["resource_type"]) == (d.id, d.type)


def test_every_tool_input_schema_is_a_valid_2020_12_object_schema(tmp_path: Path) -> None:
    """Every tool's input schema is valid draft 2020-12 with root type object and no top-level oneOf/anyOf."""
    tools = [d for d in loaded_samples(tmp_path) if d.type == "tool"]
    assert len(tools) >= 8
    for d in tools:
        schema = d.input_schema
        assert schema is not None, d.id
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object", d.id
        assert "oneOf" not in schema and "anyOf" not in schema, d.id


def test_every_tool_projects_to_valid_atdf2(tmp_path: Path) -> None:
    """to_atdf2 of every tool validates against the bundled ATDF 2.x schema."""
    for d in loaded_samples(tmp_path):
        if d.type == "tool":
            assert SCHEMAS["atdf2"].violations(to_atdf2(d)) == [], (d.source.file, d.id)


def test_only_tools_project_to_atdf2(tmp_path: Path) -> None:
    """to_atdf2 refuses a non-tool with a message naming it."""
    prompt = next(d for d in loaded_samples(tmp_path) if d.type == "prompt")
    with pytest.raises(ValueError, match=r"only tools can be written as ATDF 2\.x"):
        to_atdf2(prompt)


def test_ardf_round_trip_keeps_constraints_and_required(tmp_path: Path) -> None:
    """Tool → ARDF → load again keeps every enum, format, default, bound and required flag."""
    for n, d in enumerate(t for t in loaded_samples(tmp_path) if t.type == "tool"):
        again = reload(tmp_path, to_ardf(d), f"ardf{n}")
        assert constraints(again.input_schema or {}) == constraints(d.input_schema or {}), d.id
        assert {i.name for i in again.inputs if i.required} == {i.name for i in d.inputs if i.required}, d.id


def test_atdf2_round_trip_keeps_constraints_and_required(tmp_path: Path) -> None:
    """Tool → ATDF 2.x → load again keeps every enum, format, default, bound and required flag."""
    for n, d in enumerate(t for t in loaded_samples(tmp_path) if t.type == "tool"):
        again = reload(tmp_path, to_atdf2(d), f"atdf2_{n}")
        assert again.dialect == "atdf2"
        assert constraints(again.input_schema or {}) == constraints(d.input_schema or {}), d.id
        assert {i.name for i in again.inputs if i.required} == {i.name for i in d.inputs if i.required}, d.id


def test_atdf2_projection_puts_constraints_inside_schema(tmp_path: Path) -> None:
    """ATDF 2.x inputs carry enum/format/min/max/default inside `schema`, never beside it."""
    folder = tmp_path / "one"
    write_file(folder, "t.json", mcp_tool())
    [tool] = load_catalog(folder).descriptors
    inputs = {i["name"]: i for i in to_atdf2(tool)["how_to_use"]["inputs"]}
    assert inputs["cabin"]["schema"] == {"enum": ["economy", "business", "first"], "default": "economy"}
    assert inputs["passengers"]["schema"] == {"minimum": 1, "maximum": 9, "default": 1}
    assert inputs["date"]["schema"] == {"format": "date"}
    assert inputs["origin"]["required"] is True and inputs["passengers"]["required"] is False


def test_ardf_projection_of_atdf_maps_the_enhanced_blocks(tmp_path: Path) -> None:
    """ATDF prerequisites tools → ARDF resources, conditions → metadata, feedback → metadata, examples → input/output."""
    folder = tmp_path / "one"
    raw = {
        "schema_version": "2.0.0", "tool_id": "drill", "description": "Drills.", "when_to_use": "For holes.",
        "prerequisites": {"tools": ["goggles"], "conditions": ["stable surface"], "permissions": ["adult"]},
        "feedback": {"progress_indicators": ["noise"], "completion_signals": ["hole"]},
        "localization": {"es": {"description": "Taladra.", "when_to_use": "Para agujeros."}, "es_MX": {"description": "x"}},
        "examples": [{"goal": "A small hole", "input_values": {"size": 3}, "expected_result": "A 3 mm hole."}],
        "how_to_use": {"inputs": [{"name": "size", "type": "number", "description": "mm"}],
                       "outputs": {"success": "Done.", "failure": []}},
    }
    write_file(folder, "t.json", raw)
    write_file(folder, "goggles.json", {**mcp_tool("goggles")})
    d = load_catalog(folder).get("drill")
    assert d is not None
    doc = to_ardf(d)
    assert SCHEMAS["ardf"].violations(doc) == []
    assert doc["prerequisites"] == {"resources": ["goggles"], "credentials": ["adult"]}
    assert doc["metadata"]["conditions"] == ["stable surface"]
    assert doc["metadata"]["feedback"] == raw["feedback"]
    assert doc["localization"] == {"es": {"description": "Taladra.", "when_to_use": "Para agujeros."},
                                   "es-MX": {"description": "x", "when_to_use": "For holes."}}  # es_MX, read as es-MX
    assert doc["examples"] == [{"name": "A small hole", "input": {"size": 3}, "output": "A 3 mm hole."}]
    assert doc["content"]["data"]["inputs"] == [{"name": "size", "type": "number", "description": "mm", "required": False}]


def test_ardf_descriptors_project_to_themselves(tmp_path: Path) -> None:
    """An ARDF descriptor's ARDF projection is the document as written."""
    for d in loaded_samples(tmp_path):
        if d.dialect == "ardf":
            assert to_ardf(d) == d.raw


def test_recursive_schema_survives_both_projections(tmp_path: Path) -> None:
    """A tool whose input schema is recursive ($ref cycle) projects to ARDF and ATDF 2.x that load again."""
    folder = tmp_path / "one"
    write_file(folder, "t.json", {
        "name": "walk_tree", "description": "Walks a tree.",
        "inputSchema": {"type": "object", "properties": {"root": {"$ref": "#/$defs/Node"}},
                        "$defs": {"Node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}},
    })
    [tool] = load_catalog(folder).descriptors
    for n, doc in enumerate((to_ardf(tool), to_atdf2(tool))):
        again = reload(tmp_path, doc, f"tree{n}")
        jsonschema.Draft202012Validator.check_schema(again.input_schema or {})
        validator = jsonschema.Draft202012Validator(again.input_schema or {})
        assert validator.is_valid({"root": {"kids": [{"kids": []}]}})
        assert not validator.is_valid({"root": {"kids": [{"kids": "no"}]}})
