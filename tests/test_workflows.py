"""Runnable workflows: a workflow whose steps map arguments is a composite tool, run step by step through the server's
own call path (atdf_mcp.workflows, atdf_mcp.dispatch.workflow)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx2
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from atdf_mcp import load_catalog
from atdf_mcp.codes import Code
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

DESCRIPTORS = Path(__file__).parent.parent / "descriptors"
TRIP = {"origin": "MAD", "destination": "LIS", "city": "Lisbon", "start_date": "2030-05-04", "end_date": "2030-05-08"}
HANDLERS = '''
from pathlib import Path

from atdf_mcp import ToolError

RAN = Path(__file__).with_name("ran.txt")


def _ran(name):
    with RAN.open("a", encoding="utf-8") as log:
        log.write(name + "\\n")


def count(n):
    _ran("count")
    return {"total": n + 1, "label": f"n={n}"}


def check(n):
    _ran("check")
    if n > 5:
        raise ToolError("TOO_BIG", f"{n} is more than 5.", parameter="n", suggested_value=5)
    return {"total": n * 10}


def record(text, n=None):
    _ran("record")
    return {"text": text, "n": n, "n_type": type(n).__name__}
'''


def tool(name: str, inputs: list[dict[str, Any]], failures: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """An ARDF tool descriptor."""
    return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "tool", "description": f"The {name} tool.",
            "content": {"type": "tool/io", "data": {"inputs": inputs, "outputs": {"success": "Done.", "failure": failures or []}}}}


N = {"name": "n", "type": "integer", "description": "A number.", "required": True}
TOOLS = [tool("count", [N]), tool("check", [N], [{"code": "TOO_BIG", "description": "The number is more than 5."}]),
         tool("record", [{"name": "text", "type": "string", "description": "What to record.", "required": True},
                         {**N, "required": False}])]


def step(name: str, tool_id: str, arguments: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    """One ARDF workflow step."""
    written = {"step": name, "description": f"Run {tool_id}.", "tool_id": tool_id, **more}
    if arguments is not None:
        written["arguments"] = arguments
    return written


def workflow(*steps: dict[str, Any], name: str = "pipeline", **data: Any) -> dict[str, Any]:
    """An ARDF workflow taking an integer `n` and a string `word`."""
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}, "word": {"type": "string", "default": "hello"}},
              "required": ["n"]}
    return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "workflow", "description": "Counts, checks, records.",
            "content": {"type": "workflow/steps", "data": {"input_schema": schema, "steps": list(steps), **data}}}


THREE_STEPS = workflow(
    step("first", "count", {"n": "${inputs.n}"}),
    step("second", "check", {"n": "${steps.first.total}"}),
    step("third", "record", {"text": "${inputs.word}: ${steps.first.label} gave ${steps.second.total}", "n": "${steps.second.total}"}),
)


def write_catalog(folder: Path, descriptors: list[dict[str, Any]], config: str = "") -> Path:
    """A catalogue folder: one JSON file per descriptor, the handlers above, and an atdf-mcp.yaml when given."""
    folder.mkdir(parents=True, exist_ok=True)
    for d in descriptors:
        (folder / f"{d.get('resource_id') or d['tool_id']}.json").write_text(json.dumps(d), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    if config:
        (folder / "atdf-mcp.yaml").write_text(config, encoding="utf-8")
    return folder


def ran(folder: Path) -> list[str]:
    """The tools whose handlers ran, in order."""
    log = folder / "ran.txt"
    return log.read_text(encoding="utf-8").split() if log.exists() else []


class Progress:
    """The progress notifications a client receives for one call."""

    def __init__(self) -> None:
        self.seen: list[tuple[float, float | None, str | None]] = []

    async def __call__(self, progress: float, total: float | None, message: str | None) -> None:
        self.seen.append((progress, total, message))


# ---------------------------------------------------------------------------------------------
# running


@pytest.mark.anyio
async def test_a_three_step_workflow_runs_passing_values_with_their_types(tmp_path: Path) -> None:
    """count → check → record: each step sees the ones before; a whole-string reference keeps an integer an integer."""
    folder = write_catalog(tmp_path / "c", [*TOOLS, THREE_STEPS])
    progress = Progress()
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        prompts = {p.name for p in (await client.list_prompts()).prompts}
        result = await client.call_tool("pipeline", {"n": 2}, progress_callback=progress)
    assert listed["pipeline"].input_schema["properties"]["n"] == {"type": "integer", "minimum": 0}
    assert "Runs 3 steps in order: first (count) → second (check) → third (record)." in listed["pipeline"].description
    assert "pipeline" in prompts  # the workflow's prompt stays
    assert not result.is_error, result.content
    steps = result.structured_content["steps"]
    assert steps["first"] == {"total": 3, "label": "n=2"}
    assert steps["second"] == {"total": 30}
    assert steps["third"] == {"text": "hello: n=2 gave 30", "n": 30, "n_type": "int"}  # the default word; 30 stays an integer
    assert result.structured_content["skipped"] == []
    assert json.loads(result.content[0].text) == result.structured_content
    assert ran(folder) == ["count", "check", "record"]
    assert progress.seen == [(0, 3, "step 1 of 3: first (count)"), (1, 3, "step 2 of 3: second (check)"),
                             (2, 3, "step 3 of 3: third (record)"), (3, 3, "3 of 3 steps done")]


@pytest.mark.anyio
async def test_a_failing_second_step_stops_the_workflow_and_names_the_step(tmp_path: Path) -> None:
    """check raises TOO_BIG: WORKFLOW_STEP_FAILED names the workflow and step, carries the step's entry; record never runs."""
    folder = write_catalog(tmp_path / "c", [*TOOLS, THREE_STEPS])
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        result = await client.call_tool("pipeline", {"n": 9})
    env = envelope_of(result)
    assert SCHEMAS["error"].violations(env) == []
    [entry] = env["errors"]
    assert (entry["code"], entry["title"], entry["tool_name"]) == ("WORKFLOW_STEP_FAILED", "Workflow step failed", "pipeline")
    assert entry["type"] == "urn:atdf:error:workflow-step-failed"
    assert entry["detail"].startswith("Workflow 'pipeline' stopped at step 2 of 3, 'second' (check): TOO_BIG: 10 is more than 5.")
    context = entry["context"]
    assert (context["workflow"], context["step"], context["step_number"], context["tool"]) == ("pipeline", "second", 2, "check")
    assert context["step_arguments"] == {"n": 10} and context["completed_steps"] == ["first"]
    inner = context["step_error"]
    assert (inner["code"], inner["tool_name"], inner["parameter_name"], inner["suggested_value"]) == ("TOO_BIG", "check", "n", "5")
    assert "suggested_arguments" not in context  # the step's n is first's result, not a workflow input: nothing to suggest
    assert ran(folder) == ["count", "check"]
    assert Code.WORKFLOW_STEP_FAILED.row.status == 422


@pytest.mark.anyio
async def test_a_step_whose_condition_is_false_is_skipped(tmp_path: Path) -> None:
    """`when` sees inputs and steps; a false one skips the step, says so in progress, and lists it under skipped."""
    guarded = workflow(step("first", "count", {"n": "${inputs.n}"}),
                       step("second", "record", {"text": "big"}, when="steps.first.total > 100"),
                       step("third", "record", {"text": "${inputs.word}"}, when="inputs.word == 'go'"))
    folder = write_catalog(tmp_path / "c", [*TOOLS, guarded])
    progress = Progress()
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        result = await client.call_tool("pipeline", {"n": 1, "word": "go"}, progress_callback=progress)
    assert not result.is_error, result.content
    assert result.structured_content["skipped"] == ["second"]
    assert result.structured_content["steps"]["third"]["text"] == "go"
    assert ran(folder) == ["count", "record"]
    assert (1, 3, "step 2 of 3: second skipped (its condition is false)") in progress.seen


@pytest.mark.anyio
async def test_an_output_mapping_shapes_the_result_and_leaves_out_a_skipped_step(tmp_path: Path) -> None:
    """`output` picks values (types kept, list indexes allowed); a reference to a step that did not run leaves its key out."""
    mapped = workflow(step("first", "count", {"n": "${inputs.n}"}),
                      step("second", "check", {"n": "${steps.first.total}"}, when="steps.first.total < 5"),
                      output={"total": "${steps.first.total}", "checked": "${steps.second.total}", "note": "label ${steps.first.label}"})
    folder = write_catalog(tmp_path / "c", [*TOOLS, mapped])
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        small = await client.call_tool("pipeline", {"n": 1})
        large = await client.call_tool("pipeline", {"n": 7})
    assert small.structured_content == {"total": 2, "checked": 20, "note": "label n=1"}
    assert large.structured_content == {"total": 8, "note": "label n=7"}


@pytest.mark.anyio
async def test_an_on_error_step_runs_once_before_the_failure_is_returned(tmp_path: Path) -> None:
    """on_error names a recovery step; `when: size(error) > 0` keeps it out of the normal sequence; it sees the error."""
    recovering = workflow(step("first", "count", {"n": "${inputs.n}"}),
                          step("second", "check", {"n": "${steps.first.total}"}, on_error="note"),
                          step("note", "record", {"text": "failed with ${error.code}"}, when="size(error) > 0"))
    folder = write_catalog(tmp_path / "c", [*TOOLS, recovering])
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        fine = await client.call_tool("pipeline", {"n": 1})
        assert not fine.is_error and fine.structured_content["skipped"] == ["note"]
        failed = await client.call_tool("pipeline", {"n": 9})
    context = envelope_of(failed)["errors"][0]["context"]
    assert context["recovery"] == {"step": "note", "tool": "record",
                                   "result": {"text": "failed with TOO_BIG", "n": None, "n_type": "NoneType"}}
    assert ran(folder) == ["count", "check", "count", "check", "record"]


@pytest.mark.anyio
async def test_a_condition_that_cannot_be_evaluated_stops_the_workflow_and_says_why(tmp_path: Path) -> None:
    """A `when` reading a field the earlier result lacks: WORKFLOW_STEP_FAILED with context.when_error; nothing more runs."""
    unsure = workflow(step("first", "count", {"n": "${inputs.n}"}), step("second", "record", {"text": "x"}, when="steps.first.missing > 1"))
    folder = write_catalog(tmp_path / "c", [*TOOLS, unsure])
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        result = await client.call_tool("pipeline", {"n": 1})
    [entry] = envelope_of(result)["errors"]
    assert (entry["code"], entry["context"]["step"], entry["context"]["when"]) == ("WORKFLOW_STEP_FAILED", "second", "steps.first.missing > 1")
    assert "could not be evaluated" in entry["detail"] and entry["context"]["when_error"]
    assert ran(folder) == ["count"]


@pytest.mark.anyio
async def test_the_workflow_arguments_are_validated_like_any_tool(tmp_path: Path) -> None:
    """A call that breaks the workflow's input schema is a VALIDATION_ERROR before any step runs."""
    folder = write_catalog(tmp_path / "c", [*TOOLS, THREE_STEPS])
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        result = await client.call_tool("pipeline", {"n": -1})
    [entry] = envelope_of(result)["errors"]
    assert (entry["code"], entry["parameter_name"]) == ("VALIDATION_ERROR", "n")
    assert ran(folder) == []


# ---------------------------------------------------------------------------------------------
# policies and permissions apply to every step


@pytest.mark.anyio
async def test_a_policy_that_blocks_a_step_stops_the_workflow_with_the_policy_inside(tmp_path: Path) -> None:
    """A deny rule on record refuses the third step: WORKFLOW_STEP_FAILED carrying POLICY_DENIED; record's handler never runs."""
    rule = {"id": "no-secrets", "statement": "Never record the word secret.", "effect": "deny",
            "expression": "args.text.contains('secret')", "applies_to": ["record"]}
    policy = {"schema_version": "1.0.0", "resource_id": "house_rules", "resource_type": "policy", "description": "House rules.",
              "content": {"type": "policy/rules", "data": {"rules": [rule]}}}
    folder = write_catalog(tmp_path / "c", [*TOOLS, THREE_STEPS, policy])
    async with Client(CatalogServer(load_catalog(folder)).server, mode="legacy") as client:
        allowed = await client.call_tool("pipeline", {"n": 1, "word": "public"})
        refused = await client.call_tool("pipeline", {"n": 1, "word": "secret"})
    assert not allowed.is_error
    entry = envelope_of(refused)["errors"][0]
    assert (entry["code"], entry["context"]["step"]) == ("WORKFLOW_STEP_FAILED", "third")
    inner = entry["context"]["step_error"]
    assert (inner["code"], inner["context"]["policy"], inner["context"]["rule"]) == ("POLICY_DENIED", "house_rules", "no-secrets")
    assert ran(folder) == ["count", "check", "record", "count", "check"]


@pytest.mark.anyio
async def test_the_bundled_trip_booking_runs_end_to_end() -> None:
    """The bundled workflow validates the dates, books the flight, finds and reserves a hotel (nights stay an integer)."""
    progress = Progress()
    async with Client(CatalogServer(load_catalog(DESCRIPTORS)).server, mode="legacy") as client:
        result = await client.call_tool("trip_booking", TRIP, progress_callback=progress)
    assert not result.is_error, result.content
    trip = result.structured_content
    assert trip["nights"] == 4 and trip["flight"]["cabin"] == "economy" and trip["flight"]["trip"] == "return"
    assert (trip["hotel"]["city"], trip["hotel"]["nights"], trip["hotel"]["room_type"]) == ("Lisbon", 4, "standard")
    assert trip["summary"].startswith(f"Flight {trip['flight']['booking_reference']} (")
    assert trip["hotel"]["confirmation_code"] in trip["summary"]
    assert [m for _, _, m in progress.seen][-1] == "4 of 4 steps done" and len(progress.seen) == 5


@pytest.mark.anyio
async def test_the_bundled_policy_blocks_the_flight_step_and_suggests_workflow_arguments_that_pass() -> None:
    """A first-class hop: step book_flight is refused by travel-001; its suggestion maps back to the workflow's cabin input."""
    hop = {**TRIP, "destination": "BCN", "city": "Madrid", "cabin": "first"}
    async with Client(CatalogServer(load_catalog(DESCRIPTORS)).server, mode="legacy") as client:
        refused = await client.call_tool("trip_booking", hop)
        entry = envelope_of(refused)["errors"][0]
        again = await client.call_tool("trip_booking", entry["context"]["suggested_arguments"])
    assert (entry["code"], entry["context"]["step"], entry["context"]["step_error"]["context"]["rule"]) == (
        "WORKFLOW_STEP_FAILED", "book_flight", "travel-001")
    assert (entry["parameter_name"], entry["suggested_value"]) == ("cabin", "premium_economy")
    assert entry["context"]["suggested_arguments"] == {**hop, "cabin": "premium_economy", "room_type": "standard"}
    assert not again.is_error, again.content
    assert again.structured_content["flight"]["cabin"] == "premium_economy"


# ---------------------------------------------------------------------------------------------
# load problems


def test_a_workflow_that_cannot_run_is_a_load_error_at_its_pointer_and_keeps_its_prompt(tmp_path: Path) -> None:
    """Unknown tool, duplicate id, a reference to a later or unknown step or an unknown input, a `when` that does not
    compile or names an unknown variable (an input_schema that is no JSON Schema is the loader's INVALID_INPUT_SCHEMA)."""
    broken = [
        workflow(step("a", "count", {"n": "${inputs.n}"}), step("b", "nope", {"n": 1}), name="unknown_tool"),
        workflow(step("a", "count", {"n": "${steps.b.total}"}), step("b", "count", {"n": 1}), name="later_step"),
        workflow(step("a", "count", {"n": "${steps.zzz.total}"}), name="unknown_step"),
        workflow(step("a", "count", {"n": "${inputs.m}"}), name="unknown_input"),
        workflow(step("a", "count", {"n": 1}), step("a", "count", {"n": 2}), name="duplicate"),
        workflow(step("a", "count", {"n": 1}, when="steps.a.total >"), name="bad_cel"),
        workflow(step("a", "count", {"n": 1}, when="nobody == 1"), name="unknown_variable"),
    ]
    folder = write_catalog(tmp_path / "c", [*TOOLS, *broken, THREE_STEPS])
    catalog = load_catalog(folder)
    problems = {(Path(p.file).stem, p.pointer): p for p in catalog.report.problems if p.code == Code.INVALID_WORKFLOW}
    assert set(problems) == {
        ("unknown_tool", "/content/data/steps/1/tool_id"), ("later_step", "/content/data/steps/0/arguments"),
        ("unknown_step", "/content/data/steps/0/arguments"), ("unknown_input", "/content/data/steps/0/arguments"),
        ("duplicate", "/content/data/steps/1"), ("bad_cel", "/content/data/steps/0/when"),
        ("unknown_variable", "/content/data/steps/0/when")}
    assert all(p.severity == "error" for p in problems.values())
    assert "calls 'nope', which is not a tool of the catalogue" in problems["unknown_tool", "/content/data/steps/1/tool_id"].message
    assert "refers to step 'b', which runs later" in problems["later_step", "/content/data/steps/0/arguments"].message
    assert "which is not a step of the workflow" in problems["unknown_step", "/content/data/steps/0/arguments"].message
    assert "does not compile" in problems["bad_cel", "/content/data/steps/0/when"].message
    assert "unknown variable(s) nobody" in problems["unknown_variable", "/content/data/steps/0/when"].message
    assert set(catalog.published.tools) == {"count", "check", "record", "pipeline"}  # only the sound workflow is a tool
    assert {"unknown_tool", "bad_cel", "pipeline"} <= set(catalog.published.prompts)  # every workflow keeps its prompt
    validate = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(folder)], capture_output=True, text=True, timeout=120)
    assert validate.returncode == 1
    assert "/content/data/steps/1/tool_id" in validate.stdout and "[INVALID_WORKFLOW]" in validate.stdout


def test_a_prose_workflow_stays_a_prompt_without_problems(tmp_path: Path) -> None:
    """Steps without arguments are guidance for a model: no tool, no INVALID_WORKFLOW."""
    prose = workflow({"step": "think", "description": "Think first.", "prompt_id": "elsewhere"}, name="prose")
    catalog = load_catalog(write_catalog(tmp_path / "c", [*TOOLS, prose]))
    assert "prose" not in catalog.published.tools and "prose" in catalog.published.prompts
    assert not [p for p in catalog.report.problems if p.code == Code.INVALID_WORKFLOW]


@pytest.mark.anyio
async def test_the_draft_composition_form_runs_and_reports_where_the_file_wrote_it(tmp_path: Path) -> None:
    """ARDF's draft `how_to_use.composition` is a workflow too; a problem points into how_to_use."""
    def draft(name: str, steps: list[dict[str, Any]]) -> dict[str, Any]:
        return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "workflow", "description": "Drafted.",
                "how_to_use": {"composition": {"input_variables": ["word"], "steps": steps}}}
    good = draft("drafted", [step("say", "record", {"text": "${inputs.word}!"})])
    bad = draft("misdrafted", [step("say", "record", {"text": "${steps.later.text}"})])
    catalog = load_catalog(write_catalog(tmp_path / "c", [*TOOLS, good, bad]))
    [problem] = [p for p in catalog.report.problems if p.code == Code.INVALID_WORKFLOW]
    assert problem.pointer == "/how_to_use/composition/steps/0/arguments"
    async with Client(CatalogServer(catalog).server, mode="legacy") as client:
        result = await client.call_tool("drafted", {"word": "hi"})
    assert result.structured_content["steps"]["say"]["text"] == "hi!"


# ---------------------------------------------------------------------------------------------
# transports


@pytest.mark.anyio
async def test_a_workflow_runs_over_stdio_with_progress() -> None:
    """`atdf-mcp serve` over stdio: the bundled trip runs, the client hears step n of m; a refused step names itself."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(DESCRIPTORS)])
    progress = Progress()
    with anyio.fail_after(60):
        async with Client(stdio_client(params), mode="legacy") as client:
            result = await client.call_tool("trip_booking", TRIP, progress_callback=progress)
            refused = await client.call_tool("trip_booking", {**TRIP, "end_date": "2030-05-28"})
    assert not result.is_error and result.structured_content["hotel"]["status"] == "confirmed"
    assert [m for _, _, m in progress.seen][:2] == ["step 1 of 4: validate_dates (date_range_validator)",
                                                     "step 2 of 4: book_flight (flight_booking)"]
    entry = envelope_of(refused)["errors"][0]
    assert (entry["code"], entry["context"]["step"], entry["context"]["step_number"]) == ("WORKFLOW_STEP_FAILED", "validate_dates", 1)
    assert entry["context"]["step_error"]["tool_name"] == "date_range_validator"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@pytest.mark.anyio
async def test_a_workflow_runs_over_http_and_each_step_needs_its_permissions(tmp_path: Path) -> None:
    """Streamable HTTP with agent tokens: a token with the step's scope runs the workflow; one without gets the step's
    PERMISSION_DENIED inside WORKFLOW_STEP_FAILED."""
    guarded = {"schema_version": "2.0.0", "tool_id": "record", "description": "Records a text.", "when_to_use": "To keep a note.",
               "how_to_use": {"inputs": [{"name": "text", "type": "string", "description": "What to record.", "required": True}],
                              "outputs": {"success": "Recorded.", "failure": []}},
               "prerequisites": {"permissions": ["write_log"]}}  # ATDF 2.x: the permissions a token's scopes must grant
    plan = workflow(step("first", "count", {"n": "${inputs.n}"}), step("third", "record", {"text": "${steps.first.label}"}),
                    name="plan")
    writer, reader = "writer-token-0123456789", "reader-token-0123456789"
    config = ("toolsets:\n  planning: {ids: [plan, count, record]}\n"
              f"tokens:\n  {digest(writer)}: {{toolset: planning, scopes: [write_log]}}\n"
              f"  {digest(reader)}: {{toolset: planning, scopes: [read_log]}}\n")
    folder = write_catalog(tmp_path / "c", [TOOLS[0], guarded, plan], config)
    results: dict[str, types.CallToolResult] = {}
    progress = Progress()
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions(auth_token="admin-token-0123456789"))) as base:
        for token in (writer, reader):
            with anyio.fail_after(30):
                async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
                            Client(streamable_http_client(f"{base}/mcp", http_client=http), mode="legacy") as client):
                    results[token] = await client.call_tool("plan", {"n": 4}, progress_callback=progress)
    assert not results[writer].is_error, results[writer].content
    assert results[writer].structured_content["steps"]["third"]["text"] == "n=4"
    assert (0, 2, "step 1 of 2: first (count)") in progress.seen
    entry = envelope_of(results[reader])["errors"][0]
    assert (entry["code"], entry["context"]["step"]) == ("WORKFLOW_STEP_FAILED", "third")
    assert (entry["context"]["step_error"]["code"], entry["context"]["step_error"]["context"]["missing_scopes"]) == (
        "PERMISSION_DENIED", ["write_log"])
    assert ran(folder) == ["count", "record", "count"]
