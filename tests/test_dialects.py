"""Every dialect loads into the same normalized Descriptor, and every kind of mistake is reported precisely."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    ARDF_CONTENT,
    ardf,
    ardf_tool,
    atdf1_tool,
    atdf2_tool,
    mcp_tool,
    openakita_tool,
    write_file,
)
from descriptors_only import load_catalog
from pydantic import ValidationError

from atdf_mcp import Catalog, Descriptor, Example, Input, Source
from atdf_mcp.catalog import Problem


def load_one(tmp_path: Path, content: Any, name: str = "descriptor.json", **options: Any) -> Catalog:
    """Load a catalogue made of one file."""
    write_file(tmp_path, name, content)
    return load_catalog(tmp_path, **options)


def only(catalog: Catalog) -> Descriptor:
    """The single descriptor of a catalogue that loaded without problems."""
    assert catalog.report.problems == [], catalog.report.problems
    assert len(catalog.descriptors) == 1
    return catalog.descriptors[0]


def only_problem(catalog: Catalog) -> Problem:
    """The single problem of a catalogue."""
    problems = catalog.report.problems
    assert len(problems) == 1, problems
    return problems[0]


def required_names(d: Descriptor) -> set[str]:
    """The names of the inputs the tool requires."""
    return {i.name for i in d.inputs if i.required}


# ---------------------------------------------------------------- ATDF 1.x


def test_atdf1_tool_loads_as_atdf1_with_its_id_type_and_inputs(tmp_path: Path) -> None:
    """An ATDF 1.x tool loads with dialect atdf1, its tool_id, type tool and its typed inputs."""
    d = only(load_one(tmp_path, atdf1_tool()))
    assert (d.dialect, d.id, d.type) == ("atdf1", "book_hotel", "tool")
    assert [(i.name, i.type) for i in d.inputs] == [("city", "string"), ("nights", "integer")]
    assert d.when_to_use == "Use when the user wants to reserve a hotel room."
    assert d.success == "The room is booked."
    assert d.failure("no_rooms") is not None


def test_atdf1_inputs_without_a_required_flag_are_required_by_default(tmp_path: Path) -> None:
    """ATDF 1.x cannot say `required`, so its inputs are required unless the catalogue says otherwise."""
    d = only(load_one(tmp_path, atdf1_tool()))
    assert required_names(d) == {"city", "nights"}
    assert d.input_schema is not None
    assert d.input_schema["required"] == ["city", "nights"]


def test_atdf1_required_false_in_the_config_file_makes_inputs_optional(tmp_path: Path) -> None:
    """`atdf1_required: false` in atdf-mcp.yaml makes absent ATDF 1.x flags mean optional."""
    write_file(tmp_path, "atdf-mcp.yaml", "atdf1_required: false\n")
    catalog = load_one(tmp_path, atdf1_tool())
    d = only(catalog)
    assert required_names(d) == set()
    assert "required" not in (d.input_schema or {})
    assert catalog.config.atdf1_required is False


def test_atdf1_required_option_of_load_catalog_overrides_the_config_file(tmp_path: Path) -> None:
    """load_catalog(atdf1_required=...) wins over the config file."""
    write_file(tmp_path, "atdf-mcp.yaml", "atdf1_required: false\n")
    d = only(load_one(tmp_path, atdf1_tool(), atdf1_required=True))
    assert required_names(d) == {"city", "nights"}


def test_atdf1_required_does_not_change_atdf2_inputs(tmp_path: Path) -> None:
    """The ATDF 1.x policy leaves ATDF 2.x inputs without a flag optional."""
    write_file(tmp_path, "atdf-mcp.yaml", "atdf1_required: true\n")
    d = only(load_one(tmp_path, atdf2_tool()))
    assert "pace" not in required_names(d)


def test_atdf1_with_id_instead_of_tool_id_loads(tmp_path: Path) -> None:
    """`id` is the alternative spelling of `tool_id`."""
    raw = atdf1_tool()
    raw["id"] = raw.pop("tool_id")
    assert only(load_one(tmp_path, raw)).id == "book_hotel"


def test_atdf1_free_text_type_aliases_map_to_json_schema(tmp_path: Path) -> None:
    """ATDF free-text types (date, email, float, any) become JSON Schema types and formats."""
    raw = atdf1_tool()
    raw["how_to_use"]["inputs"] = [
        {"name": "day", "type": "date", "description": "d"},
        {"name": "mail", "type": "Email", "description": "m"},
        {"name": "ratio", "type": "float", "description": "r"},
        {"name": "blob", "type": "any", "description": "b"},
    ]
    props = (only(load_one(tmp_path, raw)).input_schema or {})["properties"]
    assert props["day"] == {"type": "string", "format": "date", "description": "d"}
    assert props["mail"]["format"] == "email"
    assert props["ratio"]["type"] == "number"
    assert "type" not in props["blob"]


def test_atdf_with_schema_version_1_but_required_flags_is_read_as_atdf2(tmp_path: Path) -> None:
    """An explicit 1.0.0 descriptor using per-input `required` (common upstream) loads as 2.x, with a warning to say 2.0.0."""
    raw = atdf1_tool()
    raw["how_to_use"]["inputs"][1]["required"] = False
    catalog = load_one(tmp_path, raw)
    problem = only_problem(catalog)
    assert (problem.pointer, problem.severity, problem.code) == ("/schema_version", "warning", "NON_CANONICAL")
    assert 'write "2.0.0"' in problem.message
    d = catalog.descriptors[0]
    assert d.dialect == "atdf2"
    assert required_names(d) == set()


# ---------------------------------------------------------------- ATDF 2.x


def test_atdf2_tool_loads_with_constraints_from_its_schema_blocks(tmp_path: Path) -> None:
    """ATDF 2.x input `schema` blocks carry format, minimum, maximum, default and enum into the input schema."""
    d = only(load_one(tmp_path, atdf2_tool()))
    assert (d.dialect, d.id, d.type) == ("atdf2", "plan_trip", "tool")
    by_name = {i.name: i for i in d.inputs}
    assert by_name["start"].format == "date"
    assert (by_name["travellers"].minimum, by_name["travellers"].maximum, by_name["travellers"].default) == (1, 9, 1)
    assert by_name["pace"].enum == ["slow", "normal", "fast"]
    props = (d.input_schema or {})["properties"]
    assert props["travellers"] == {"type": "integer", "description": "How many people", "minimum": 1, "maximum": 9, "default": 1}


def test_atdf2_explicit_required_flags_win_and_absent_means_optional(tmp_path: Path) -> None:
    """ATDF 2.x: `required: true/false` is honoured and a missing flag means optional."""
    d = only(load_one(tmp_path, atdf2_tool()))
    assert required_names(d) == {"destination", "start"}
    assert (d.input_schema or {})["required"] == ["destination", "start"]


def test_atdf2_is_detected_from_an_enhanced_block_without_schema_version(tmp_path: Path) -> None:
    """A descriptor with `metadata` but no schema_version is ATDF 2.x."""
    raw = atdf1_tool()
    del raw["schema_version"]
    raw["metadata"] = {"author": "QA"}
    d = only(load_one(tmp_path, raw))
    assert d.dialect == "atdf2"
    assert d.metadata == {"author": "QA"}


def test_atdf2_examples_localization_and_metadata_are_kept(tmp_path: Path) -> None:
    """ATDF 2.x examples (goal/input_values/expected_result), localization and metadata reach the descriptor."""
    d = only(load_one(tmp_path, atdf2_tool()))
    assert d.examples[0].name == "A weekend in Rome"
    assert d.examples[0].input == {"destination": "Rome", "start": "2030-05-01", "travellers": 2}
    assert d.text("description", "es") == "Planifica un viaje."
    assert d.text("description", "es-MX") == "Planifica un viaje."
    assert d.metadata["tags"] == ["travel"]


def test_atdf2_nested_object_schema_is_carried_over(tmp_path: Path) -> None:
    """An ATDF 2.x input whose `schema` has properties becomes a typed object property."""
    raw = atdf2_tool()
    raw["how_to_use"]["inputs"].append({
        "name": "budget", "type": "object", "description": "Budget",
        "schema": {"properties": {"amount": {"type": "number", "minimum": 0}, "currency": {"type": "string"}}, "required": ["amount"]},
    })
    prop = (only(load_one(tmp_path, raw)).input_schema or {})["properties"]["budget"]
    assert prop["type"] == "object"
    assert prop["properties"]["amount"] == {"type": "number", "minimum": 0}
    assert prop["required"] == ["amount"]


# ---------------------------------------------------------------- ARDF 1.0


@pytest.mark.parametrize("resource_type", ["tool", *ARDF_CONTENT])
def test_ardf_resource_of_every_type_loads_with_its_type_and_content(tmp_path: Path, resource_type: str) -> None:
    """Each ARDF resource type loads with dialect ardf, its resource_id, its type and its content."""
    raw = ardf_tool("r1") if resource_type == "tool" else ardf(resource_type, "r1", *ARDF_CONTENT[resource_type])
    # Alone in the catalogue, the workflow's tool and the dataset's connector would be dangling references.
    if resource_type == "workflow":
        raw["content"]["data"]["steps"] = [{"step": "only", "description": "One step"}]
    if resource_type == "dataset":
        del raw["content"]["data"]["connector"]
    d = only(load_one(tmp_path, raw))
    assert (d.dialect, d.id, d.type) == ("ardf", "r1", resource_type)
    assert d.uri == f"ardf://{resource_type}/r1"
    if "content" in raw:
        assert d.content_type == raw["content"]["type"]
        assert d.content == raw["content"]["data"]


def test_ardf_tool_inputs_carry_extra_json_schema_keys(tmp_path: Path) -> None:
    """ARDF tool/io inputs may carry enum, format, pattern, minimum, maximum and default as extra keys."""
    d = only(load_one(tmp_path, ardf_tool()))
    props = (d.input_schema or {})["properties"]
    assert props["patient_id"]["pattern"] == "^P[0-9]+$"
    assert props["day"]["format"] == "date"
    assert props["duration"] == {"type": "integer", "description": "Minutes", "minimum": 10, "maximum": 120, "default": 30}
    assert props["kind"]["enum"] == ["first", "follow-up"]


def test_ardf_tool_inputs_without_required_flag_are_optional(tmp_path: Path) -> None:
    """ARDF: only inputs marked `required: true` are required."""
    d = only(load_one(tmp_path, ardf_tool()))
    assert required_names(d) == {"patient_id", "day"}


def test_ardf_tool_failures_keep_their_suggested_value(tmp_path: Path) -> None:
    """Declared ARDF failures keep code, description and suggested_value."""
    failure = only(load_one(tmp_path, ardf_tool())).failure("SLOT_TAKEN")
    assert failure is not None
    assert (failure.description, failure.suggested_value) == ("That slot is taken.", "10:30")


def test_ardf_tool_with_verbatim_input_schema_serves_it_as_written(tmp_path: Path) -> None:
    """An ARDF tool may give a verbatim `input_schema`: it wins over `inputs` and is served as written ($defs kept)."""
    raw = ardf_tool()
    verbatim = {
        "type": "object",
        "properties": {"when": {"$ref": "#/$defs/Day"}},
        "required": ["when"],
        "$defs": {"Day": {"type": "string", "format": "date"}},
    }
    raw["content"]["data"]["input_schema"] = verbatim
    d = only(load_one(tmp_path, raw))
    assert d.input_schema == verbatim
    assert required_names(d) == {"when"}


def test_atdf2_input_schema_may_bring_its_own_defs(tmp_path: Path) -> None:
    """`$defs` inside an ATDF 2.x input `schema` move to the root, so `#/$defs/...` resolves, and are inlined."""
    raw = atdf2_tool()
    raw["how_to_use"]["inputs"].append({
        "name": "stops", "type": "array", "description": "Stops on the way",
        "schema": {"items": {"$ref": "#/$defs/Stop"}, "$defs": {"Stop": {"type": "string", "minLength": 2}}},
    })
    schema = only(load_one(tmp_path, raw)).input_schema or {}
    assert schema["properties"]["stops"] == {"type": "array", "description": "Stops on the way", "items": {"type": "string", "minLength": 2}}
    assert "$defs" not in schema


# ---------------------------------------------------------------- MCP tools


def test_mcp_tool_object_loads_with_its_input_schema_verbatim(tmp_path: Path) -> None:
    """An MCP tool object keeps its inputSchema: enum, format, min/max and default included."""
    raw = mcp_tool()
    d = only(load_one(tmp_path, raw))
    assert (d.dialect, d.id, d.type) == ("mcp", "search_flights", "tool")
    assert d.input_schema == raw["inputSchema"]
    assert required_names(d) == {"origin", "destination", "date"}
    by_name = {i.name: i for i in d.inputs}
    assert by_name["cabin"].enum == ["economy", "business", "first"]
    assert by_name["cabin"].default == "economy"
    assert (by_name["passengers"].minimum, by_name["passengers"].maximum) == (1, 9)
    assert by_name["date"].format == "date"


def test_mcp_description_is_split_at_when_to_use(tmp_path: Path) -> None:
    """"...\\n\\nWhen to use: ..." in an MCP description becomes description + when_to_use."""
    d = only(load_one(tmp_path, mcp_tool()))
    assert d.description == "Searches flights between two airports."
    assert d.when_to_use == "the user wants to fly somewhere."


def test_mcp_tools_list_loads_every_tool_with_its_pointer(tmp_path: Path) -> None:
    """A `{"tools": [...]}` file loads each tool, each with its JSON pointer in the file."""
    catalog = load_one(tmp_path, {"tools": [mcp_tool("a_tool"), mcp_tool("b_tool")]})
    assert catalog.report.problems == []
    assert [(d.id, d.source.pointer) for d in catalog.descriptors] == [("a_tool", "/tools/0"), ("b_tool", "/tools/1")]
    assert catalog.report.files[0].ids == ("a_tool", "b_tool")


def test_bare_list_of_descriptors_loads_every_entry(tmp_path: Path) -> None:
    """A JSON list may mix dialects; each entry loads on its own."""
    catalog = load_one(tmp_path, [mcp_tool(), atdf2_tool(), openakita_tool("read_file")])
    assert catalog.report.problems == []
    assert [d.dialect for d in catalog.descriptors] == ["mcp", "atdf2", "openakita"]
    assert catalog.report.files[0].dialect == "atdf2+mcp+openakita"


def test_mcp_input_without_required_list_is_optional(tmp_path: Path) -> None:
    """An MCP property not listed in `required` is optional."""
    raw = mcp_tool()
    del raw["inputSchema"]["required"]
    assert required_names(only(load_one(tmp_path, raw))) == set()


# ---------------------------------------------------------------- OpenAkita


def test_openakita_tool_keeps_its_progressive_disclosure_fields(tmp_path: Path) -> None:
    """OpenAkita detail, triggers, examples, warnings, related_tools and category all reach the descriptor."""
    write_file(tmp_path, "read_file.json", {**openakita_tool("read_file"), "related_tools": []})
    catalog = load_one(tmp_path, openakita_tool())
    assert catalog.report.problems == []
    d = catalog.get("run_shell")
    assert d is not None
    assert (d.dialect, d.type) == ("openakita", "tool")
    assert d.hints["detail"].startswith("Runs the command in a sandbox")
    assert d.hints["triggers"] == ["the user asks to run a command", "a build step is needed"]
    assert d.when_to_use == "the user asks to run a command; a build step is needed"
    assert d.hints["warnings"] == ["Commands can modify files."]
    assert d.hints["related_tools"] == [{"name": "read_file", "relation": "inspect output files"}]
    assert d.metadata["category"] == "system"
    assert d.prerequisites["conditions"] == ["a sandbox is available", "network is up (check with ping_host)"]
    example = d.examples[0]
    assert (example.name, example.input, example.output) == ("List files", {"command": "ls -la"}, "A directory listing")


def test_openakita_inputs_carry_constraints_and_absent_means_optional(tmp_path: Path) -> None:
    """OpenAkita input_schema constraints are kept; only listed properties are required."""
    raw = {**openakita_tool(), "related_tools": []}
    d = only(load_one(tmp_path, raw))
    by_name = {i.name: i for i in d.inputs}
    assert required_names(d) == {"command"}
    assert (by_name["timeout"].minimum, by_name["timeout"].maximum, by_name["timeout"].default) == (1, 600, 30)
    assert by_name["shell"].enum == ["bash", "sh"]


def test_openakita_is_detected_by_a_marker_key_without_input_schema(tmp_path: Path) -> None:
    """A `name` + `triggers` object is an OpenAkita tool; its missing input_schema is then reported."""
    problem = only_problem(load_one(tmp_path, {"name": "x", "description": "d", "triggers": ["t"]}))
    assert (problem.pointer, problem.code) == ("", "SCHEMA_VIOLATION")
    assert "'input_schema' is a required property" in problem.message


# ---------------------------------------------------------------- $ref and schema shape


def test_local_refs_are_inlined_and_defs_dropped(tmp_path: Path) -> None:
    """`$ref`s to `$defs` and `definitions` are inlined; siblings of a $ref are kept."""
    raw = mcp_tool()
    raw["inputSchema"] = {
        "type": "object",
        "properties": {
            "cabin": {"$ref": "#/$defs/Cabin", "description": "Cabin class"},
            "when": {"$ref": "#/definitions/Day"},
        },
        "$defs": {"Cabin": {"type": "string", "enum": ["economy", "business"]}},
        "definitions": {"Day": {"type": "string", "format": "date"}},
    }
    raw.pop("examples")
    schema = only(load_one(tmp_path, raw)).input_schema or {}
    assert schema["properties"]["cabin"] == {"type": "string", "enum": ["economy", "business"], "description": "Cabin class"}
    assert schema["properties"]["when"] == {"type": "string", "format": "date"}
    assert "$defs" not in schema
    assert "definitions" not in schema


def test_cyclic_ref_does_not_hang_and_keeps_a_valid_schema(tmp_path: Path) -> None:
    """A recursive `$ref` (a tree node) loads quickly; the cycle keeps its `$defs` entry."""
    raw = {
        "name": "walk_tree",
        "description": "Walks a tree.",
        "inputSchema": {
            "type": "object",
            "properties": {"root": {"$ref": "#/definitions/Node"}},
            "definitions": {"Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/definitions/Node"}}}}},
        },
        "examples": [{"name": "two levels", "input": {"root": {"children": [{"children": []}]}}}],
    }
    started = time.perf_counter()
    d = only(load_one(tmp_path, raw))
    assert time.perf_counter() - started < 5
    schema = d.input_schema or {}
    assert schema["properties"]["root"]["type"] == "object"
    assert schema["$defs"]["Node"]["properties"]["children"]["items"] == {"$ref": "#/$defs/Node"}


@pytest.mark.parametrize("keyword", ["oneOf", "anyOf"])
def test_top_level_alternatives_are_rejected_with_a_clear_message(tmp_path: Path, keyword: str) -> None:
    """A top-level oneOf/anyOf is refused: several MCP clients reject it."""
    raw = mcp_tool()
    raw["inputSchema"][keyword] = [{"required": ["origin"]}, {"required": ["destination"]}]
    catalog = load_one(tmp_path, raw)
    problem = only_problem(catalog)
    assert (problem.pointer, problem.code, problem.severity) == ("/inputSchema", "INVALID_INPUT_SCHEMA", "error")
    assert f"top-level {keyword!r}" in problem.message
    assert "move the alternatives into a property" in problem.message
    assert catalog.descriptors == ()


def test_openakita_top_level_one_of_points_at_input_schema(tmp_path: Path) -> None:
    """The shape error of an OpenAkita tool points at /input_schema."""
    raw = {**openakita_tool(), "related_tools": []}
    raw["input_schema"]["oneOf"] = [{"required": ["command"]}]
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/input_schema", "INVALID_INPUT_SCHEMA")


def test_input_schema_root_must_be_an_object(tmp_path: Path) -> None:
    """An input schema whose root is not `type: object` is refused with the type found."""
    raw = mcp_tool()
    raw["inputSchema"] = {"type": "array", "items": {"type": "string"}}
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/inputSchema", "INVALID_INPUT_SCHEMA")
    assert "'array'" in problem.message


def test_input_schema_with_properties_but_no_type_gets_type_object(tmp_path: Path) -> None:
    """`{"properties": {...}}` without a root type is served as `type: object`."""
    raw = mcp_tool()
    del raw["inputSchema"]["type"]
    assert (only(load_one(tmp_path, raw)).input_schema or {})["type"] == "object"


# ---------------------------------------------------------------- violations, one kind at a time


def test_atdf_missing_field_is_reported_with_file_pointer_code_and_message(tmp_path: Path) -> None:
    """A missing when_to_use is a SCHEMA_VIOLATION at the root pointer naming the field."""
    raw = atdf1_tool()
    del raw["when_to_use"]
    catalog = load_one(tmp_path, raw)
    problem = only_problem(catalog)
    assert problem.file == str(tmp_path / "descriptor.json")
    assert (problem.pointer, problem.code, problem.severity) == ("", "SCHEMA_VIOLATION", "error")
    assert problem.message == "'when_to_use' is a required property"
    assert catalog.descriptors == ()


def test_atdf_with_both_tool_id_and_id_says_give_exactly_one(tmp_path: Path) -> None:
    """tool_id and id together violate the ATDF oneOf; the message says which to keep."""
    problem = only_problem(load_one(tmp_path, {**atdf1_tool(), "id": "other"}))
    assert problem.code == "SCHEMA_VIOLATION"
    assert "give exactly one of 'tool_id' or 'id'" in problem.message


def test_atdf_without_any_id_says_one_is_required(tmp_path: Path) -> None:
    """A descriptor with neither tool_id nor id is told it needs one."""
    raw = atdf1_tool()
    del raw["tool_id"]
    problem = only_problem(load_one(tmp_path, raw))
    assert "one of 'tool_id' or 'id' is required" in problem.message


def test_atdf2_constraint_placed_directly_on_an_input_is_moved_into_schema_with_a_warning(tmp_path: Path) -> None:
    """`maxLength` directly on an ATDF 2.x input is accepted, enforced, and reported as NON_CANONICAL pointing at it."""
    raw = atdf2_tool()
    raw["how_to_use"]["inputs"][0]["maxLength"] = 40
    catalog = load_one(tmp_path, raw)
    problem = only_problem(catalog)
    assert (problem.pointer, problem.severity, problem.code) == ("/how_to_use/inputs/0/maxLength", "warning", "NON_CANONICAL")
    assert "belongs inside the input's \"schema\"" in problem.message
    assert (catalog.descriptors[0].input_schema or {})["properties"]["destination"]["maxLength"] == 40


def test_atdf2_constraint_given_twice_with_different_values_is_an_error(tmp_path: Path) -> None:
    """Inline `minimum: 2` beside `schema.minimum: 1` is ambiguous: an error at the inline key, the tool is not served."""
    raw = atdf2_tool()
    raw["how_to_use"]["inputs"][2]["minimum"] = 2
    catalog = load_one(tmp_path, raw)
    problem = only_problem(catalog)
    assert (problem.pointer, problem.severity, problem.code) == ("/how_to_use/inputs/2/minimum", "error", "AMBIGUOUS")
    assert "keep one" in problem.message
    assert catalog.descriptors == ()


def test_atdf_wrong_type_is_reported_at_its_pointer(tmp_path: Path) -> None:
    """An input name that is not a string is reported at /how_to_use/inputs/N/name."""
    raw = atdf1_tool()
    raw["how_to_use"]["inputs"][1]["name"] = 7
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/how_to_use/inputs/1/name", "SCHEMA_VIOLATION")
    assert problem.message == "7 is not of type 'string'"


def test_atdf_unknown_free_text_type_is_reported_at_the_input(tmp_path: Path) -> None:
    """An ATDF type that maps to no JSON Schema type is reported at the input's `type`."""
    raw = atdf1_tool()
    raw["how_to_use"]["inputs"][0]["type"] = "file"
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/how_to_use/inputs/0/type", "INVALID_INPUT_SCHEMA")
    assert "'file' is not a JSON Schema type" in problem.message


def test_atdf2_invalid_embedded_schema_is_reported_inside_schema(tmp_path: Path) -> None:
    """An ATDF 2.x `schema` that is not valid JSON Schema is reported at .../schema/<keyword>, not crashed on."""
    raw = atdf2_tool()
    raw["how_to_use"]["inputs"][2]["schema"]["minimum"] = "one"
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/how_to_use/inputs/2/schema/minimum", "INVALID_INPUT_SCHEMA")
    assert "'one' is not of type 'number'" in problem.message


def test_ardf_input_without_description_is_a_warning_and_loads(tmp_path: Path) -> None:
    """ARDF tool/io inputs carry a description (ATDF's do not): a missing one is assumed empty and said as a warning."""
    raw = ardf_tool()
    del raw["content"]["data"]["inputs"][0]["description"]
    catalog = load_one(tmp_path, raw)
    problem = only_problem(catalog)
    assert (problem.pointer, problem.severity, problem.code) == ("/content/data/inputs/0", "warning", "NON_CANONICAL")
    assert "write one for" in problem.message
    assert len(catalog.descriptors) == 1


def test_ardf_unknown_resource_type_lists_the_allowed_types(tmp_path: Path) -> None:
    """A resource_type outside the enum is reported at /resource_type with the allowed values."""
    problems = load_one(tmp_path, ardf("gadget", "g1", None, None)).report.problems
    assert problems
    assert all(p.code == "SCHEMA_VIOLATION" for p in problems)
    type_problem = next(p for p in problems if p.pointer == "/resource_type")
    assert "'connector'" in type_problem.message


def test_ardf_invalid_input_keyword_is_reported_at_the_input(tmp_path: Path) -> None:
    """An ARDF input extra key that breaks JSON Schema is reported at /content/data/inputs/N/<key>."""
    raw = ardf_tool()
    raw["content"]["data"]["inputs"][2]["minimum"] = "ten"
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/content/data/inputs/2/minimum", "INVALID_INPUT_SCHEMA")


def test_ardf_closed_blocks_reject_unknown_keys(tmp_path: Path) -> None:
    """ARDF prerequisites are closed: a key that is neither ARDF's nor ATDF's is refused at /prerequisites."""
    raw = ardf_tool()
    raw["prerequisites"] = {"owners": ["x"]}
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/prerequisites", "SCHEMA_VIOLATION")
    assert "'owners'" in problem.message


def test_mcp_input_schema_that_is_not_an_object_is_reported(tmp_path: Path) -> None:
    """An MCP inputSchema that is a string is a SCHEMA_VIOLATION at /inputSchema."""
    problem = only_problem(load_one(tmp_path, {"name": "t", "inputSchema": "object"}))
    assert (problem.pointer, problem.code) == ("/inputSchema", "SCHEMA_VIOLATION")
    assert problem.message == "'object' is not of type 'object'"


def test_mcp_invalid_json_schema_is_reported_at_its_pointer(tmp_path: Path) -> None:
    """A property with an unknown JSON Schema type is reported at /inputSchema/properties/<name>/type."""
    raw = mcp_tool()
    raw["inputSchema"]["properties"]["date"]["type"] = "day"
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/inputSchema/properties/date/type", "INVALID_INPUT_SCHEMA")
    assert "'day' is not a JSON Schema type" in problem.message


def test_mcp_invalid_regex_pattern_is_reported_not_crashed_on(tmp_path: Path) -> None:
    """A `pattern` that is not a regular expression is reported (and examples are not checked against it)."""
    raw = mcp_tool()
    raw["inputSchema"]["properties"]["origin"]["pattern"] = "[A-Z"
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/inputSchema/properties/origin/pattern", "INVALID_INPUT_SCHEMA")
    assert "regex" in problem.message


def test_remote_ref_is_reported_and_never_fetched(tmp_path: Path) -> None:
    """A `$ref` to a URL is refused quickly: loading never touches the network."""
    raw = mcp_tool()
    raw["inputSchema"]["properties"]["origin"] = {"$ref": "http://10.255.255.1/airport.json"}
    started = time.perf_counter()
    problem = only_problem(load_one(tmp_path, raw))
    assert time.perf_counter() - started < 5
    assert (problem.pointer, problem.code) == ("/inputSchema", "INVALID_INPUT_SCHEMA")
    assert "only local references" in problem.message


def test_unresolvable_local_ref_is_reported(tmp_path: Path) -> None:
    """A `$ref` to a missing `$defs` entry is an INVALID_INPUT_SCHEMA, not a crash."""
    raw = mcp_tool()
    raw["inputSchema"]["properties"]["origin"] = {"$ref": "#/$defs/Airport"}
    problem = only_problem(load_one(tmp_path, raw))
    assert problem.code == "INVALID_INPUT_SCHEMA"
    assert "/$defs/Airport" in problem.message


def test_openakita_related_tool_without_name_is_reported(tmp_path: Path) -> None:
    """OpenAkita related_tools entries need a name."""
    raw = openakita_tool()
    raw["related_tools"] = [{"relation": "see also"}]
    problem = only_problem(load_one(tmp_path, raw))
    assert (problem.pointer, problem.code) == ("/related_tools/0", "SCHEMA_VIOLATION")
    assert problem.message == "'name' is a required property"


def test_unrecognized_object_names_the_dialects_it_could_be(tmp_path: Path) -> None:
    """An object of no known dialect is UNKNOWN_DIALECT, listing the keys found and what was expected."""
    problem = only_problem(load_one(tmp_path, {"title": "x", "parameters": {}}))
    assert (problem.pointer, problem.code) == ("", "UNKNOWN_DIALECT")
    assert "found parameters, title" in problem.message
    assert "ARDF (resource_id + resource_type + content)" in problem.message


def test_a_bad_entry_in_a_list_is_reported_at_its_index_and_the_others_load(tmp_path: Path) -> None:
    """In a `{"tools": [...]}` list, a broken tool is reported at /tools/N while the others load."""
    catalog = load_one(tmp_path, {"tools": [mcp_tool("good_one"), {"name": "bad one"}, mcp_tool("good_two")]})
    problem = only_problem(catalog)
    assert problem.pointer == "/tools/1"
    assert [d.id for d in catalog.descriptors] == ["good_one", "good_two"]


def test_non_object_entry_in_a_list_is_reported(tmp_path: Path) -> None:
    """A string inside a descriptor list is not a descriptor, and says so."""
    catalog = load_one(tmp_path, [mcp_tool(), "not a descriptor"])
    problem = only_problem(catalog)
    assert (problem.pointer, problem.code) == ("/1", "UNKNOWN_DIALECT")
    assert "found str" in problem.message


# ---------------------------------------------------------------- the model's fast constructor


def test_build_matches_model_construct_and_fills_defaults() -> None:
    """`build` (the readers' fast constructor) gives the same model as pydantic's model_construct."""
    assert Input.build(name="x") == Input.model_construct(name="x")
    assert Example.build(name="e", input={"a": 1}) == Example.model_construct(name="e", input={"a": 1})
    source = Source.build(file="f.json", dialect="mcp")
    assert source == Source.model_construct(file="f.json", dialect="mcp")
    assert source.pointer == ""
    assert Input.build(name="x").model_dump(by_alias=True) == {"name": "x", "description": "", "required": False, "schema": {}}


def test_build_gives_each_instance_fresh_mutable_defaults() -> None:
    """Default factories run per instance: two built inputs never share one schema dict."""
    first, second = Input.build(name="a"), Input.build(name="b")
    assert first.schema_ == {} and first.schema_ is not second.schema_


def test_built_models_stay_frozen() -> None:
    """A built model is as immutable as a validated one."""
    with pytest.raises(ValidationError):
        Input.build(name="a").name = "b"  # type: ignore[misc]
