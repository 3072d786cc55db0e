"""Loading a directory: file formats, cross-descriptor checks, warnings, and a report that names every problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import (
    UPSTREAM,
    Writer,
    ardf,
    ardf_tool,
    atdf1_tool,
    atdf2_tool,
    mcp_tool,
    needs_upstream,
    openakita_tool,
)
from descriptors_only import load_catalog

from atdf_mcp import Catalog
from atdf_mcp.catalog import Problem


def codes(catalog: Catalog) -> list[str]:
    """The codes of every problem of a catalogue, in report order."""
    return [p.code for p in catalog.report.problems]


def problems_of(catalog: Catalog, file: Path) -> list[Problem]:
    """The problems reported for one file."""
    return [p for p in catalog.report.problems if p.file == str(file)]


# ---------------------------------------------------------------- file formats


def test_sample_directory_of_every_dialect_loads_clean(sample_dir: Path) -> None:
    """A directory with every dialect and every ARDF type loads with no problem at all."""
    catalog = load_catalog(sample_dir)
    assert catalog.report.problems == []
    assert catalog.report.ok
    assert catalog.counts() == {"connector": 1, "custom": 1, "dataset": 1, "document": 1, "model": 1, "policy": 1,
                                "prompt": 1, "tool": 8, "workflow": 1}
    assert {d.dialect for d in catalog.descriptors} == {"atdf1", "atdf2", "ardf", "mcp", "openakita"}


def test_file_with_a_utf8_bom_loads(tmp_path: Path, write: Writer) -> None:
    """A UTF-8 BOM (as in upstream date_validator.json) is tolerated."""
    write("bom.json", b"\xef\xbb\xbf" + json.dumps(atdf1_tool()).encode())
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert catalog.get("book_hotel") is not None


@pytest.mark.parametrize("suffix", [".yaml", ".yml"])
def test_yaml_descriptor_loads_like_json(tmp_path: Path, write: Writer, suffix: str) -> None:
    """.yaml and .yml files hold descriptors too."""
    write(f"trip{suffix}", yaml.safe_dump(atdf2_tool(), allow_unicode=True))
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    d = catalog.get("plan_trip")
    assert d is not None
    assert d.dialect == "atdf2"
    assert d.source.file == str(tmp_path / f"trip{suffix}")


def test_yaml_with_a_bom_loads(tmp_path: Path, write: Writer) -> None:
    """A BOM in a YAML file is tolerated as well."""
    write("t.yaml", b"\xef\xbb\xbf" + yaml.safe_dump(mcp_tool()).encode())
    assert load_catalog(tmp_path).get("search_flights") is not None


def test_single_file_path_loads_just_that_file(tmp_path: Path, write: Writer) -> None:
    """load_catalog accepts a file as well as a directory."""
    path = write("one.json", mcp_tool())
    write("other.json", atdf1_tool())
    catalog = load_catalog(path)
    assert [d.id for d in catalog.descriptors] == ["search_flights"]


def test_several_paths_load_together(tmp_path: Path, write: Writer) -> None:
    """load_catalog(a, b) loads both, and the first directory is the root."""
    write("a/t.json", mcp_tool())
    write("b/t.json", atdf1_tool())
    catalog = load_catalog(tmp_path / "a", tmp_path / "b")
    assert {d.id for d in catalog.descriptors} == {"search_flights", "book_hotel"}
    assert catalog.root == (tmp_path / "a").resolve()


def test_subdirectories_are_searched_and_other_suffixes_ignored(tmp_path: Path, write: Writer) -> None:
    """Descriptors are found recursively; .txt, .md and the config file are not descriptors."""
    write("deep/er/t.json", mcp_tool())
    write("notes.txt", "not json")
    write("README.md", "# hi")
    write("atdf-mcp.yaml", "lang: en\n")
    catalog = load_catalog(tmp_path)
    descriptor_files = [f.file for f in catalog.report.files if f.file != str(tmp_path / "atdf-mcp.yaml")]
    assert descriptor_files == [str(tmp_path / "deep/er/t.json")]
    assert catalog.config.lang == "en"


def test_mixed_directory_reports_broken_files_and_loads_good_ones(tmp_path: Path, write: Writer) -> None:
    """One broken file never stops the others: each problem is reported and every good descriptor loads."""
    write("good_mcp.json", mcp_tool())
    write("good_atdf.json", atdf1_tool())
    broken_json = write("broken.json", '{"name": "x",')
    broken_schema = write("no_when.json", {k: v for k, v in atdf2_tool("no_when").items() if k != "when_to_use"})
    catalog = load_catalog(tmp_path)
    assert {d.id for d in catalog.descriptors} == {"search_flights", "book_hotel"}
    assert [p.code for p in problems_of(catalog, broken_json)] == ["PARSE_ERROR"]
    assert [p.code for p in problems_of(catalog, broken_schema)] == ["SCHEMA_VIOLATION"]
    assert not catalog.report.ok
    assert len(catalog.report.files) == 4


def test_file_report_lists_dialect_and_ids(tmp_path: Path, write: Writer) -> None:
    """Each file report says the dialect found and the ids it defined."""
    write("tools.json", {"tools": [mcp_tool("a"), mcp_tool("b")]})
    [report] = load_catalog(tmp_path).report.files
    assert (report.dialect, report.ids, report.problems) == ("mcp", ("a", "b"), ())


def test_file_report_names_the_dialect_of_an_invalid_descriptor(tmp_path: Path, write: Writer) -> None:
    """A readable file whose descriptor fails its schema still reports the dialect it is written in."""
    write("t.json", {k: v for k, v in atdf1_tool().items() if k != "when_to_use"})
    [report] = load_catalog(tmp_path).report.files
    assert (report.dialect, report.ids) == ("atdf1", ())
    assert [p.code for p in report.problems] == ["SCHEMA_VIOLATION"]


def test_catalog_indexes_are_read_only(sample_dir: Path) -> None:
    """The snapshot cannot be changed through its indexes."""
    catalog = load_catalog(sample_dir)
    with pytest.raises(TypeError):
        catalog.by_id["x"] = catalog.descriptors[0]  # type: ignore[index]
    with pytest.raises(TypeError):
        catalog.by_type["tool"] = ()  # type: ignore[index]


# ---------------------------------------------------------------- ids and names


def test_duplicate_ids_across_files_name_both_files(tmp_path: Path, write: Writer) -> None:
    """The same id in two files is a DUPLICATE_ID on the second, naming the first file."""
    first = write("a.json", mcp_tool("same_tool"))
    second = write("b.json", atdf1_tool("same_tool"))
    catalog = load_catalog(tmp_path)
    [problem] = catalog.report.problems
    assert (problem.file, problem.pointer, problem.code, problem.severity) == (str(second), "/tool_id", "DUPLICATE_ID", "error")
    assert str(first) in problem.message
    assert "'same_tool'" in problem.message
    assert catalog.get("same_tool").dialect == "mcp"  # type: ignore[union-attr]


def test_duplicate_ids_in_one_file_point_at_the_entry(tmp_path: Path, write: Writer) -> None:
    """Two tools with one name in a list: the second is reported at its pointer."""
    write("tools.json", {"tools": [mcp_tool("twin"), mcp_tool("twin")]})
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code) == ("/tools/1/name", "DUPLICATE_ID")
    assert "#/tools/0" in problem.message


def test_ids_differing_only_by_case_are_both_served_with_a_warning(tmp_path: Path, write: Writer) -> None:
    """`get_user` and `Get_User`: both are served, and the second is warned of at its id (agents confuse them, and a
    case-insensitive file system holds one of them only); the same case twice stays a DUPLICATE_ID, never both."""
    first = write("a.json", mcp_tool("get_user"))
    second = write("b.json", {"tools": [atdf2_tool("Get_User"), mcp_tool("GET_USER")]})
    catalog = load_catalog(tmp_path)
    assert [d.id for d in catalog.descriptors] == ["get_user", "Get_User", "GET_USER"]
    warned = [p for p in catalog.report.problems if p.code == "AMBIGUOUS"]
    assert [(p.file, p.pointer, p.severity) for p in warned] == [(str(second), "/tools/0/tool_id", "warning"),
                                                                  (str(second), "/tools/1/name", "warning")]
    assert all("'get_user'" in p.message and str(first) in p.message and "rename one" in p.message for p in warned)
    write("c.json", mcp_tool("get_user"))
    assert [p.code for p in load_catalog(tmp_path).report.problems if p.file.endswith("c.json")] == ["DUPLICATE_ID"]


def test_ids_are_unique_across_resource_types(tmp_path: Path, write: Writer) -> None:
    """A prompt cannot reuse a tool's id."""
    write("a.json", ardf_tool("shared"))
    write("b.json", ardf("prompt", "shared", "prompt/template", {"input_variables": [], "template_text": "hi"}))
    assert codes(load_catalog(tmp_path)) == ["DUPLICATE_ID"]


def test_language_copies_with_the_same_id_are_variants_not_duplicates(tmp_path: Path, write: Writer) -> None:
    """`x.json` + `x_es.json` with one id: the first is served, the Spanish copy is a variant."""
    write("hotel.json", atdf1_tool())
    spanish = atdf1_tool()
    spanish["description"] = "Reserva una habitación de hotel."
    write("hotel_es.json", spanish)
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert [d.id for d in catalog.descriptors] == ["book_hotel"]
    assert catalog.get("book_hotel").description == "Books a hotel room in a city."  # type: ignore[union-attr]
    assert set(catalog.variants["book_hotel"]) == {"es"}
    assert catalog.localized("es")[0].description == "Reserva una habitación de hotel."
    assert catalog.localized("es-AR")[0].description == "Reserva una habitación de hotel."
    assert catalog.localized("fr")[0].description == "Books a hotel room in a city."
    assert catalog.report.files[1].ids == ("book_hotel",)


def test_language_copy_found_first_is_replaced_by_the_primary(tmp_path: Path, write: Writer) -> None:
    """When `x_es.json` is read before `x.json`, the unsuffixed file still becomes the default."""
    spanish = atdf1_tool()
    spanish["description"] = "Reserva una habitación de hotel."
    write("hotel_es.json", spanish)
    write("zz/hotel.json", atdf1_tool())
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert catalog.get("book_hotel").description == "Books a hotel room in a city."  # type: ignore[union-attr]
    assert catalog.localized("es")[0].description == "Reserva una habitación de hotel."


def test_two_copies_in_the_same_language_are_duplicates(tmp_path: Path, write: Writer) -> None:
    """Two files without a language suffix sharing an id are still duplicates."""
    write("hotel.json", atdf1_tool())
    write("hotel_copy.json", atdf1_tool())
    assert codes(load_catalog(tmp_path)) == ["DUPLICATE_ID"]


@pytest.mark.parametrize("name", ["book hotel", "x" * 65, "émoji", "a/b"])
def test_invalid_mcp_tool_names_are_rejected(tmp_path: Path, write: Writer, name: str) -> None:
    """Tool names with spaces, more than 64 characters or other characters are INVALID_NAME errors."""
    write("t.json", mcp_tool(name))
    catalog = load_catalog(tmp_path)
    [problem] = catalog.report.problems
    assert (problem.pointer, problem.code, problem.severity) == ("/name", "INVALID_NAME", "error")
    assert "at most 64 characters" in problem.message
    assert catalog.descriptors == ()


def test_sixty_four_character_name_with_dots_and_dashes_is_accepted(tmp_path: Path, write: Writer) -> None:
    """Letters, digits, `_`, `-` and `.` up to 64 characters make a valid name."""
    name = "a.b-c_" + "x" * 58
    write("t.json", mcp_tool(name))
    assert load_catalog(tmp_path).get(name) is not None


def test_invalid_name_points_at_the_id_key_of_each_dialect(tmp_path: Path, write: Writer) -> None:
    """INVALID_NAME points at tool_id, resource_id or name, whichever the dialect uses."""
    write("a.json", atdf1_tool("bad id"))
    write("b.json", ardf_tool("bad id2"))
    write("c.json", {**openakita_tool("bad id3"), "related_tools": []})
    assert [(p.pointer, p.code) for p in load_catalog(tmp_path).report.problems] == [
        ("/tool_id", "INVALID_NAME"), ("/resource_id", "INVALID_NAME"), ("/name", "INVALID_NAME")]


def test_non_tool_resources_may_use_any_id(tmp_path: Path, write: Writer) -> None:
    """Only tools are MCP tool names; a policy id may contain spaces."""
    write("p.json", ardf("policy", "privacy rules", "policy/rules", {"rules": [{"id": "r", "statement": "s"}]}))
    assert load_catalog(tmp_path).report.problems == []


# ---------------------------------------------------------------- examples


def test_mcp_example_violating_the_tools_own_schema_is_example_invalid(tmp_path: Path, write: Writer) -> None:
    """An example whose input breaks the tool's constraints is reported at its exact pointer, as a warning: the tool is
    served without that example (it was an error that dropped the whole tool)."""
    raw = mcp_tool()
    raw["examples"] = [{"name": "too many", "input": {"origin": "MAD", "destination": "LIM", "date": "2030-01-01", "passengers": 12}}]
    write("t.json", raw)
    catalog = load_catalog(tmp_path)
    [problem] = catalog.report.problems
    assert (problem.pointer, problem.code, problem.severity) == ("/examples/0/input/passengers", "EXAMPLE_INVALID", "warning")
    assert "12 is greater than the maximum of 9" in problem.message
    assert "'too many'" in problem.message and "left out" in problem.message
    [tool] = catalog.descriptors
    assert tool.examples == () and tool.raw["examples"] == []


def test_atdf2_example_is_checked_at_input_values(tmp_path: Path, write: Writer) -> None:
    """ATDF 2.x examples are checked too, with pointers into input_values."""
    raw = atdf2_tool()
    raw["examples"][0]["input_values"]["pace"] = "sprint"
    write("t.json", raw)
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code) == ("/examples/0/input_values/pace", "EXAMPLE_INVALID")
    assert "'sprint' is not one of ['slow', 'normal', 'fast']" in problem.message


def test_openakita_example_is_checked_at_params(tmp_path: Path, write: Writer) -> None:
    """OpenAkita examples are checked with pointers into params; a missing required input is named."""
    raw = {**openakita_tool(), "related_tools": []}
    raw["examples"] = [{"scenario": "no command", "params": {"timeout": 5}}]
    write("t.json", raw)
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code) == ("/examples/0/params", "EXAMPLE_INVALID")
    assert "'command' is a required property" in problem.message


def test_example_formats_are_checked(tmp_path: Path, write: Writer) -> None:
    """An example date that is not a date breaks `format: date`."""
    raw = mcp_tool()
    raw["examples"][0]["input"]["date"] = "next tuesday"
    write("t.json", raw)
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code) == ("/examples/0/input/date", "EXAMPLE_INVALID")


def test_example_without_input_is_not_checked(tmp_path: Path, write: Writer) -> None:
    """An example that only narrates (no input) is fine."""
    raw = ardf_tool()
    raw["examples"] = [{"name": "story", "narrative": "The agent books a slot."}]
    write("t.json", raw)
    assert load_catalog(tmp_path).report.problems == []


# ---------------------------------------------------------------- references and warnings


def test_dangling_workflow_references_are_warnings(tmp_path: Path, write: Writer) -> None:
    """Workflow steps naming absent tools/prompts/policies, or an unknown on_error, are warnings."""
    write("wf.json", ardf("workflow", "wf", "workflow/steps", {"steps": [
        {"step": "s1", "description": "d", "tool_id": "ghost_tool", "prompt_id": "ghost_prompt", "policy_id": "ghost_policy", "on_error": "s2"},
        {"step": "s2", "description": "d", "on_error": "nowhere"},
    ]}))
    catalog = load_catalog(tmp_path)
    assert catalog.report.ok
    assert catalog.get("wf") is not None
    assert [(p.pointer, p.code, p.severity) for p in catalog.report.problems] == [
        ("/content/data/steps/0/tool_id", "DANGLING_REFERENCE", "warning"),
        ("/content/data/steps/0/prompt_id", "DANGLING_REFERENCE", "warning"),
        ("/content/data/steps/0/policy_id", "DANGLING_REFERENCE", "warning"),
        ("/content/data/steps/1/on_error", "DANGLING_REFERENCE", "warning"),
    ]
    assert "'ghost_tool'" in catalog.report.problems[0].message


def test_workflow_references_that_resolve_are_silent(tmp_path: Path, write: Writer) -> None:
    """References to descriptors of the catalogue (in any file) raise nothing."""
    write("tool.json", ardf_tool("book"))
    write("wf.json", ardf("workflow", "wf", "workflow/steps", {"steps": [{"step": "s1", "description": "d", "tool_id": "book"}]},
                          prerequisites={"resources": ["book"]}))
    assert load_catalog(tmp_path).report.problems == []


def test_dangling_prerequisites_are_warnings(tmp_path: Path, write: Writer) -> None:
    """ARDF prerequisite resources/policies and ATDF prerequisite tools that are absent are warnings."""
    write("a.json", ardf_tool() | {"prerequisites": {"resources": ["ghost"], "policies": ["ghost_policy"]}})
    write("b.json", atdf2_tool() | {"prerequisites": {"tools": ["ghost_tool"], "conditions": ["free text is not a reference"]}})
    catalog = load_catalog(tmp_path)
    assert [(p.pointer, p.code, p.severity) for p in catalog.report.problems] == [
        ("/prerequisites/resources/0", "DANGLING_REFERENCE", "warning"),
        ("/prerequisites/policies/0", "DANGLING_REFERENCE", "warning"),
        ("/prerequisites/tools/0", "DANGLING_REFERENCE", "warning"),
    ]
    messages = [p.message for p in catalog.report.problems]
    assert messages == ["prerequisite resource 'ghost' is not in the catalogue",
                        "prerequisite policy 'ghost_policy' is not in the catalogue",
                        "prerequisite tool 'ghost_tool' is not in the catalogue"]


def test_dataset_pointing_at_an_absent_connector_is_a_warning(tmp_path: Path, write: Writer) -> None:
    """A dataset's connector must be in the catalogue, else a warning."""
    write("ds.json", ardf("dataset", "ds", "dataset/spec", {"schema": {}, "connector": "crm"}))
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code, problem.severity) == ("/content/data/connector", "DANGLING_REFERENCE", "warning")
    assert "'crm'" in problem.message


def test_openakita_related_tool_absent_is_a_warning(tmp_path: Path, write: Writer) -> None:
    """OpenAkita related_tools naming an absent tool are warnings."""
    write("t.json", openakita_tool())
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code, problem.severity) == ("/related_tools/0/name", "DANGLING_REFERENCE", "warning")


def test_long_description_is_a_warning_and_the_tool_still_loads(tmp_path: Path, write: Writer) -> None:
    """A description over 200 characters is a DESCRIPTION_TOO_LONG warning."""
    write("t.json", mcp_tool() | {"description": "x" * 201})
    catalog = load_catalog(tmp_path)
    [problem] = catalog.report.problems
    assert (problem.pointer, problem.code, problem.severity) == ("/description", "DESCRIPTION_TOO_LONG", "warning")
    assert "201 characters" in problem.message
    assert catalog.get("search_flights") is not None


def test_description_of_exactly_200_characters_is_fine(tmp_path: Path, write: Writer) -> None:
    """200 characters is within the limit."""
    write("t.json", mcp_tool() | {"description": "x" * 200})
    assert load_catalog(tmp_path).report.problems == []


def test_openakita_detail_over_2000_characters_is_a_warning(tmp_path: Path, write: Writer) -> None:
    """An OpenAkita detail over 2000 characters is a warning at /detail."""
    write("t.json", openakita_tool() | {"detail": "y" * 2001, "related_tools": []})
    catalog = load_catalog(tmp_path)
    [problem] = catalog.report.problems
    assert (problem.pointer, problem.code, problem.severity) == ("/detail", "DESCRIPTION_TOO_LONG", "warning")
    assert catalog.get("run_shell") is not None


# ---------------------------------------------------------------- versions and ARDF content rules


@pytest.mark.parametrize(("raw", "expected"), [
    (atdf1_tool() | {"schema_version": "3.0.0"}, "expected 1.x or 2.x"),
    (ardf_tool() | {"schema_version": "1.0.1"}, "expected 1.0.0"),
    (ardf_tool() | {"schema_version": "2.0.0"}, "expected 1.0.0"),
])
def test_unknown_schema_version_is_unsupported_version(tmp_path: Path, write: Writer, raw: dict, expected: str) -> None:
    """A schema_version this server does not know is UNSUPPORTED_VERSION at /schema_version."""
    write("t.json", raw)
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code, problem.severity) == ("/schema_version", "UNSUPPORTED_VERSION", "error")
    assert repr(raw["schema_version"]) in problem.message
    assert expected in problem.message


def test_upstream_release_number_2_1_0_is_read_as_atdf2(tmp_path: Path, write: Writer) -> None:
    """The fastapi catalog's schema_version "2.1.0" is an ATDF 2.x descriptor."""
    write("t.json", atdf2_tool() | {"schema_version": "2.1.0"})
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert catalog.descriptors[0].dialect == "atdf2"


def test_dataset_with_document_content_mentions_dataset_spec(tmp_path: Path, write: Writer) -> None:
    """A dataset whose content.type is document/ref is told "'dataset/spec' was expected"."""
    write("ds.json", ardf("dataset", "ds", "document/ref", {}))
    catalog = load_catalog(tmp_path)
    assert catalog.descriptors == ()
    type_problems = [p for p in catalog.report.problems if p.pointer == "/content/type"]
    assert [p.code for p in type_problems] == ["SCHEMA_VIOLATION"]
    assert "dataset/spec" in type_problems[0].message


def test_connector_without_endpoints_mentions_endpoints(tmp_path: Path, write: Writer) -> None:
    """A connector whose data lacks endpoints is told 'endpoints' is required."""
    write("c.json", ardf("connector", "crm", "connector/spec", {"interface": "http"}))
    [problem] = load_catalog(tmp_path).report.problems
    assert (problem.pointer, problem.code) == ("/content/data", "SCHEMA_VIOLATION")
    assert "endpoints" in problem.message


def test_tool_without_content_is_reported(tmp_path: Path, write: Writer) -> None:
    """Every ARDF type but custom needs content."""
    write("t.json", ardf("tool", "t", None, None))
    [problem] = load_catalog(tmp_path).report.problems
    assert problem.message == "'content' is a required property"


# ---------------------------------------------------------------- every problem, not the first


def test_three_schema_problems_give_three_problems(tmp_path: Path, write: Writer) -> None:
    """A descriptor with three schema mistakes gets three problems, each at its own pointer."""
    raw = atdf1_tool()
    del raw["description"]
    raw["how_to_use"]["inputs"][0]["type"] = 5
    raw["how_to_use"]["outputs"]["failure"][0]["code"] = ""
    write("t.json", raw)
    problems = load_catalog(tmp_path).report.problems
    assert [(p.pointer, p.code) for p in problems] == [
        ("", "SCHEMA_VIOLATION"),
        ("/how_to_use/inputs/0/type", "SCHEMA_VIOLATION"),
        ("/how_to_use/outputs/failure/0/code", "SCHEMA_VIOLATION"),
    ]


def test_three_semantic_problems_give_three_problems(tmp_path: Path, write: Writer) -> None:
    """A bad name, a long description and a bad example are all reported together."""
    raw = mcp_tool("bad name") | {"description": "z" * 300}
    raw["examples"] = [{"name": "e", "input": {"origin": "MAD", "destination": "LIM", "date": "2030-01-01", "cabin": "coach"}}]
    write("t.json", raw)
    problems = load_catalog(tmp_path).report.problems
    assert [(p.pointer, p.code, p.severity) for p in problems] == [
        ("/name", "INVALID_NAME", "error"),
        ("/description", "DESCRIPTION_TOO_LONG", "warning"),
        ("/examples/0/input/cabin", "EXAMPLE_INVALID", "warning"),
    ]


def test_every_bad_file_of_a_directory_is_reported(tmp_path: Path, write: Writer) -> None:
    """Five broken files give (at least) five reports, one per file."""
    for i in range(5):
        write(f"bad{i}.json", {"tool_id": f"t{i}"})
    files = load_catalog(tmp_path).report.files
    assert len(files) == 5
    assert all(f.problems and f.problems[0].code == "SCHEMA_VIOLATION" for f in files)


def test_problem_as_dict_has_every_field(tmp_path: Path, write: Writer) -> None:
    """Problem.as_dict gives file, pointer, message, severity and code."""
    write("t.json", {"name": "x"})
    [problem] = load_catalog(tmp_path).report.problems
    assert set(problem.as_dict()) == {"file", "pointer", "message", "severity", "code"}


# ---------------------------------------------------------------- config file


def test_config_problems_are_reported_against_the_config_file(tmp_path: Path, write: Writer) -> None:
    """Unknown options are warnings and wrong types errors, both CONFIGURATION_ERROR at their key."""
    config = write("atdf-mcp.yaml", "colour: blue\ntimeout: -1\n")
    write("t.json", mcp_tool())
    catalog = load_catalog(tmp_path)
    assert [(p.file, p.pointer, p.severity, p.code) for p in catalog.report.problems] == [
        (str(config), "/colour", "warning", "CONFIGURATION_ERROR"),
        (str(config), "/timeout", "error", "CONFIGURATION_ERROR"),
    ]
    assert catalog.get("search_flights") is not None


def test_config_bindings_accept_a_handler_string(tmp_path: Path, write: Writer) -> None:
    """`bindings: {tool: "module:function"}` is read as {handler: ...}."""
    write("atdf-mcp.yml", "bindings:\n  book_hotel: hotels:book\n")
    write("t.json", atdf1_tool())
    catalog = load_catalog(tmp_path)
    assert catalog.report.problems == []
    assert catalog.config.bindings == {"book_hotel": {"handler": "hotels:book"}}


# ---------------------------------------------------------------- upstream fixtures


@needs_upstream
def test_upstream_fixtures_load_without_errors() -> None:
    """Every real upstream ATDF and ARDF descriptor loads; schemas are skipped. What remains are dangling references,
    and the two upstream language copies that really change their tool's inputs and failure codes."""
    catalog = load_catalog(UPSTREAM)
    assert catalog.report.errors == []
    assert {p.code for p in catalog.report.warnings} <= {"DANGLING_REFERENCE", "LANGUAGE_COPY_MISMATCH"}
    mismatched = {Path(p.file).name for p in catalog.report.warnings if p.code == "LANGUAGE_COPY_MISMATCH"}
    assert mismatched <= {"hole_maker_es.json", "text_translator_en.json"}
    descriptor_files = [f for f in catalog.report.files if f.ids]
    assert len(descriptor_files) == 12
    assert {p.code for p in catalog.report.infos} <= {"NOT_A_DESCRIPTOR"}
    assert all(f.ids or [p.code for p in f.problems] == ["NOT_A_DESCRIPTOR"] for f in catalog.report.files)
    assert {"hole_maker_v1", "enhanced_hole_maker_v1", "flight_booking", "medical_appointment_flow"} <= set(catalog.by_id)


@needs_upstream
def test_upstream_per_language_copies_are_variants() -> None:
    """hole_maker.json + hole_maker_es.json share an id: one descriptor plus an `es` variant."""
    catalog = load_catalog(UPSTREAM / "atdf")
    assert set(catalog.variants) == {"hole_maker_v1", "text_translator_v1"}
    assert "es" in catalog.variants["hole_maker_v1"]
    assert catalog.get("hole_maker_v1").source.file.endswith("hole_maker.json")  # type: ignore[union-attr]
    assert [p for p in catalog.report.problems if p.code == "DUPLICATE_ID"] == []


@needs_upstream
def test_upstream_enhanced_hole_maker_keeps_its_enum(tmp_path: Path) -> None:
    """The upstream `schema: {enum: [...]}` input reaches the input schema (upstream converters drop it)."""
    catalog = load_catalog(UPSTREAM / "atdf" / "enhanced_hole_maker.json")
    tool = catalog.get("enhanced_hole_maker_v1")
    assert tool is not None
    assert (tool.input_schema or {})["properties"]["precision"]["enum"] == ["standard", "high", "ultra"]
