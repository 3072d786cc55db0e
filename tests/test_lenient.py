"""Descriptors as people write them (the ATDF README, the ARDF overview, the shapes upstream uses) load and are served.

Each deviation whose meaning is unambiguous is read in its canonical form and said as a NON_CANONICAL warning that
points into the file as written and says how to write it; an ambiguous one stays an error.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import Writer, atdf2_tool, write_file
from descriptors_only import load_catalog
from local_server import running
from mcp import Client

from atdf_mcp.files import decode
from atdf_mcp.server import CatalogServer, build_server
from atdf_mcp.web import HttpOptions, build_app

AS_WRITTEN = Path(__file__).parent / "fixtures" / "as_written"
FILES = sorted(p.name for p in AS_WRITTEN.iterdir() if p.suffix in (".json", ".yaml"))
ALREADY_CANONICAL = {"atdf_readme_mcp_template.json"}
FROM_THE_DOCUMENTS = {  # file → the ids it defines, as printed in the ATDF README and the ARDF overview
    "atdf_readme_quickstart_2x.json": {"date_validator"},
    "atdf_readme_template_1x.json": {"tool_name_1x"},
    "atdf_readme_template_2x.json": {"tool_name_2x"},
    "atdf_readme_mcp_template.json": {"hotel_reservation"},
    "ardf_overview_outline.json": {"appointment_coordinator"},
}



def resolves(document: Any, pointer: str) -> bool:
    """Whether a JSON pointer names a value of the document."""
    node = document
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


@pytest.mark.parametrize("name", FILES)
def test_each_example_as_written_loads_and_each_deviation_points_into_the_file(name: str) -> None:
    """No error; every NON_CANONICAL warning names a place of the file as written and says what to write."""
    catalog = load_catalog(AS_WRITTEN / name)
    assert catalog.report.errors == []
    assert catalog.descriptors
    deviations = [p for p in catalog.report.warnings if p.code == "NON_CANONICAL"]
    assert {p.code for p in catalog.report.warnings} <= {"NON_CANONICAL", "DANGLING_REFERENCE"}
    if name in ALREADY_CANONICAL:
        assert deviations == []
        return
    assert deviations
    written = decode(AS_WRITTEN / name)
    for problem in deviations:
        assert resolves(written, problem.pointer), (problem.pointer, problem.message)
        assert "write" in problem.message, problem.message


def test_the_examples_of_the_atdf_readme_and_the_ardf_overview_are_all_served(tmp_path: Path) -> None:
    """The README's 2.x quick start, 1.x and 2.x templates and MCP template, and the ARDF outline: one catalogue, all there."""
    for name in FROM_THE_DOCUMENTS:
        shutil.copy(AS_WRITTEN / name, tmp_path / name)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    assert set(catalog.by_id) == set().union(*FROM_THE_DOCUMENTS.values())
    quickstart = catalog.get("date_validator")
    assert quickstart is not None and quickstart.dialect == "atdf2"
    assert [(e.name, e.input) for e in quickstart.examples] == [("Rango válido", {"start_date": "2025-01-01", "end_date": "2025-01-15"})]
    assert {i.name for i in quickstart.inputs if i.required} == {"start_date", "end_date"}
    outline = catalog.get("appointment_coordinator")
    assert outline is not None and (outline.type, outline.content_type) == ("prompt", "prompt/flow")
    assert outline.content["control_flow"] == "conditional" and len(outline.content["steps"]) == 3


HANDLERS = '''
def tool_name_2x(parametro1, parametro2):
    """Echo the checked arguments."""
    return {"parametro1": parametro1, "parametro2": parametro2}
'''


@pytest.mark.anyio
async def test_an_inline_maximum_is_published_and_enforced(tmp_path: Path) -> None:
    """The 2.x template's `"minimum": 1, "maximum": 100` on an input: in tools/list, and a call with 500 fails."""
    shutil.copy(AS_WRITTEN / "atdf_readme_template_2x.json", tmp_path / "tool.json")
    (tmp_path / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    async with Client(build_server(load_catalog(tmp_path))) as client:
        tool = next(t for t in (await client.list_tools()).tools if t.name == "tool_name_2x")
        assert tool.input_schema["properties"]["parametro2"]["minimum"] == 1
        assert tool.input_schema["properties"]["parametro2"]["maximum"] == 100
        assert sorted(tool.input_schema["required"]) == ["parametro1", "parametro2"]
        ok = await client.call_tool("tool_name_2x", {"parametro1": "x", "parametro2": 100})
        too_big = await client.call_tool("tool_name_2x", {"parametro1": "x", "parametro2": 500})
    assert ok.is_error is False and json.loads(ok.content[0].text) == {"parametro1": "x", "parametro2": 100}
    assert too_big.is_error is True
    envelope = json.loads(too_big.content[0].text)
    entry = envelope["errors"][0]
    assert entry["parameter_name"] == "parametro2"
    assert "100" in json.dumps(entry)


@pytest.mark.anyio
async def test_the_outline_prompt_lays_out_its_steps_and_their_resources(tmp_path: Path) -> None:
    """The ARDF outline's composition is a prompt whose steps name the resources they use and their notes."""
    shutil.copy(AS_WRITTEN / "ardf_overview_outline.json", tmp_path / "outline.json")
    async with Client(build_server(load_catalog(tmp_path))) as client:
        assert [p.name for p in (await client.list_prompts()).prompts] == ["appointment_coordinator", "catalog_overview"]
        text = (await client.get_prompt("appointment_coordinator", {})).messages[0].content.text
    assert "Steps (conditional)" in text
    assert "resource `patient_lookup`" in text and "Ensure consent." in text


def test_the_ardf_draft_blocks_become_the_content_they_describe() -> None:
    """invocation → tool/io (with its endpoint), access → document/ref, guardrails → policy/rules, composition → workflow/steps."""
    catalog = load_catalog(AS_WRITTEN / "ardf_draft_tool_invocation.json", AS_WRITTEN / "ardf_draft_resources.yaml")
    assert catalog.report.errors == []
    tool = catalog.get("appointment_search")
    assert tool is not None and tool.binding == {"endpoint": "https://clinic.example.com/api/slots", "method": "GET"}
    props = (tool.input_schema or {})["properties"]
    assert props["specialty"]["enum"] == ["cardiology", "dermatology", "general"]
    assert (props["days_ahead"]["minimum"], props["days_ahead"]["maximum"]) == (1, 60)
    assert [f.code for f in tool.failures] == ["NO_SLOTS"]
    document, policy = catalog.get("clinical_protocols"), catalog.get("phi_guardrails")
    assert document is not None and (document.type, document.content_type, document.content["access"]) == ("document", "document/ref", "read-only")
    assert policy is not None and [r["id"] for r in policy.content["rules"]] == ["rule_1", "consent"]
    assert policy.content["rules"][0]["statement"] == "Never reveal a patient's record to someone else."
    workflow, model = catalog.get("emergency_intake"), catalog.get("triage_model")
    assert workflow is not None and [s["step"] for s in workflow.content["steps"]] == ["triage", "admit"]
    assert model is not None and (model.content_type, model.content["interface"]) == ("model/spec", "http")


def test_atdf_kept_under_resource_id_reads_as_an_ardf_tool() -> None:
    """The migration-notes form: ATDF how_to_use, prerequisites, feedback and examples in an ARDF resource."""
    catalog = load_catalog(AS_WRITTEN / "ardf_atdf_shaped.json")
    tool = catalog.get("hotel_quote")
    assert tool is not None and tool.dialect == "ardf" and tool.content_type == "tool/io"
    assert tool.prerequisites == {"resources": ["currency_rates"], "credentials": ["billing:read"]}
    assert tool.metadata["conditions"] == ["the city has hotels"] and tool.metadata["feedback"]["completion_signals"] == ["quote ready"]
    assert [(e.name, e.input, e.output) for e in tool.examples] == [("Two nights in Rome", {"city": "Rome", "nights": 2}, "A price in EUR.")]
    assert (tool.input_schema or {})["properties"]["nights"]["minimum"] == 1


def test_comment_keys_are_ignored_wherever_they_are() -> None:
    """`__comment`, `_comment` and `//` keys at the root, on inputs and on failures: read as if absent, each one said."""
    catalog = load_catalog(AS_WRITTEN / "atdf_with_comments.json")
    tool = catalog.get("fetch_page")
    assert tool is not None
    assert "comment" not in json.dumps(tool.raw) and "//" not in json.dumps(tool.raw)
    assert [f.code for f in tool.failures] == ["INVALID_URL", "FETCH_ERROR"]
    notes = [p.pointer for p in catalog.report.warnings if "is a note" in p.message]
    assert notes == ["/__comment", "/how_to_use/inputs/0/__comment", "/how_to_use/inputs/1/_comment",
                     "/how_to_use/outputs/failure/0/__comment", "/how_to_use/outputs/failure/1/~1~1"]


def test_function_tools_inputs_by_name_and_schemas_in_strings_are_read() -> None:
    """OpenAI function tools, `"required": true` on properties, inputs keyed by name, n8n's JSON-string schema."""
    catalog = load_catalog(AS_WRITTEN / "function_tools.json", AS_WRITTEN / "n8n_node_tool.json", AS_WRITTEN / "atdf_inputs_by_name.json")
    assert catalog.report.errors == []
    rates = catalog.get("currency_rates")
    assert rates is not None and (rates.input_schema or {})["required"] == ["base", "quote"]
    assert "required" not in (rates.input_schema or {})["properties"]["base"]
    weather = catalog.get("weather_now")
    assert weather is not None and [(e.name, e.input) for e in weather.examples] == [("Weather in Oslo", {"city": "Oslo"})]
    translate = catalog.get("translate_text")
    assert translate is not None and (translate.input_schema or {})["properties"]["target"]["enum"] == ["es", "en", "pt"]
    convert = catalog.get("convert_length")
    assert convert is not None and [(i.name, i.type, i.required) for i in convert.inputs] == [
        ("value", "number", True), ("from_unit", "string", True), ("to_unit", "string", False)]
    assert convert.inputs[1].enum == ["m", "ft", "in"]


def test_yaml_numbers_sdk_spellings_and_language_keys_are_read() -> None:
    """YAML `schema_version: 2.0`, `min_value`/`max_value`, `required: "true"`, `es_MX`: read as meant."""
    tool = load_catalog(AS_WRITTEN / "atdf_inline_keywords.yaml").get("drill_hole")
    assert tool is not None and tool.dialect == "atdf2"
    props = (tool.input_schema or {})["properties"]
    assert (props["diameter"]["minimum"], props["diameter"]["maximum"]) == (2, 30)
    assert props["material"]["enum"] == ["wood", "metal", "concrete"] and props["material"]["default"] == "wood"
    assert props["finish_by"]["format"] == "date"
    assert {i.name for i in tool.inputs if i.required} == {"depth_mm", "diameter"}
    assert tool.text("description", "es-MX") == "Taladra un agujero."


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True, timeout=120)


def test_validate_shows_the_warnings_and_strict_fails_on_them() -> None:
    """`validate`: exit 0 and each deviation as a warning line; `validate --strict`: exit 1."""
    path = AS_WRITTEN / "atdf_readme_template_2x.json"
    lenient, strict = cli("validate", path), cli("validate", "--strict", path)
    assert lenient.returncode == 0 and strict.returncode == 1
    assert "warning /how_to_use/inputs/1/maximum: 'maximum' belongs inside the input's \"schema\"" in lenient.stdout
    assert "[NON_CANONICAL]" in lenient.stdout
    report = json.loads(cli("validate", "--format", "json", path).stdout)
    codes = [p["code"] for f in report["files"] for p in f["problems"]]
    assert set(codes) == {"NON_CANONICAL", "NO_HANDLER"}  # the template binds no handler
    assert report["summary"]["errors"] == 0 and report["summary"]["descriptors"] == 1


def test_rest_validate_answers_valid_with_the_warnings(tmp_path: Path) -> None:
    """POST /validate of the README's 2.x template: valid, with its NON_CANONICAL warnings and their paths."""
    write_file(tmp_path, "ok.json", atdf2_tool())
    template = json.loads((AS_WRITTEN / "atdf_readme_template_2x.json").read_text(encoding="utf-8"))
    with running(build_app(CatalogServer(load_catalog(tmp_path)), HttpOptions())) as url:
        body = httpx.post(f"{url}/validate", json=template).json()
    assert body["valid"] is True and body["errors"] == []
    assert {w["path"] for w in body["warnings"]} == {"/how_to_use/inputs/1/minimum", "/how_to_use/inputs/1/maximum", "/examples/0"}
    assert {w["code"] for w in body["warnings"]} == {"NON_CANONICAL"}


AMBIGUOUS = {
    "a tool whose draft how_to_use has no invocation": (
        {"schema_version": "1.0.0", "resource_id": "t", "resource_type": "tool", "description": "d",
         "how_to_use": {"access": {"mode": "read-only"}}}, "/how_to_use", "invocation"),
    "an example giving its input twice": (
        {"name": "t", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}},
         "examples": [{"name": "e", "input_values": {"q": "a"}, "params": {"q": "b"}}]}, "/examples/0/input_values", "keep one"),
    "a language given as es_MX and es-MX": (
        {**atdf2_tool(), "localization": {"es_MX": {"description": "a", "when_to_use": "b"},
                                          "es-MX": {"description": "c", "when_to_use": "d"}}}, "/localization/es_MX", "keep one"),
}


@pytest.mark.parametrize("case", AMBIGUOUS)
def test_an_ambiguous_deviation_stays_an_error_that_says_what_to_choose(case: str, tmp_path: Path, write: Writer) -> None:
    """Two readings are possible: AMBIGUOUS, an error at the place, and the descriptor is not served."""
    content, pointer, hint = AMBIGUOUS[case]
    write("d.json", content)
    catalog = load_catalog(tmp_path)
    errors = catalog.report.errors
    assert [(p.pointer, p.code) for p in errors] == [(pointer, "AMBIGUOUS")]
    assert hint in errors[0].message
    assert catalog.descriptors == ()


def test_a_placeholder_template_is_an_error_not_a_guess(write: Writer, tmp_path: Path) -> None:
    """The ARDF overview's ATDF structure sketch (`"type": "..."`) names no type: a clear error, not an untyped input."""
    write("sketch.json", {"tool_id": "string", "description": "clear, user-facing summary", "when_to_use": "when the agent should call the tool",
                          "how_to_use": {"inputs": [{"name": "...", "type": "...", "description": "..."}],
                                         "outputs": {"success": "success semantics", "failure": [{"code": "...", "description": "..."}]}},
                          "examples": [{"name": "basic call", "input": {"foo": "bar"}, "output": {"result": True}}]})
    problem = next(p for p in load_catalog(tmp_path).report.errors)
    assert (problem.pointer, problem.code) == ("/how_to_use/inputs/0/type", "INVALID_INPUT_SCHEMA")
    assert "'...' is not a JSON Schema type; expected one of string" in problem.message
