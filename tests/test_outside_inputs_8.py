"""An eighth probe from outside: the non-tool resources — prompts, documents, resource templates, workflows, policies,
models, datasets and connectors — as a new user writes them and a new client asks for them.

Each test is a problem found by driving the real loader, CLI, servers and clients (the Python SDK in both eras, raw
JSON-RPC over stdio), kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from conftest import ardf, write_file
from envelopes import envelope_of
from mcp import Client
from mcp.shared.exceptions import MCPError
from test_robust_protocol import INITIALIZE, StdioWire

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer

MODES = pytest.mark.parametrize("mode", ["legacy", "auto"])
BUDGET = 20  # seconds: a guard against a hang, not a timing

GREETING = ardf("prompt", "greeting", "prompt/template", {
    "role": "user", "input_variables": ["name", "city"], "defaults": {"city": "Madrid"},
    "template_text": "Hello ${name} from ${city}."})
ECHO = {"name": "echo", "description": "Echo text.",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}
ECHO_HANDLER = "def echo(text):\n    return {'text': text}\n"


def prompt_catalogue(folder: Path) -> Path:
    """A catalogue of two prompts, a document with its content file, a resource template and one tool."""
    write_file(folder, "greeting.json", GREETING)
    write_file(folder, "farewell.json", ardf("prompt", "farewell", "prompt/template", {
        "input_variables": ["name"], "template_text": "Bye {name}."}))
    write_file(folder, "guide.json", ardf("document", "guide", "document/ref", {
        "access": "read-only", "format": "markdown", "path": "docs/guide.md"}))
    write_file(folder, "docs/guide.md", "# Guide\n")
    write_file(folder, "items.json", ardf("document", "items", "document/ref", {
        "access": "read-only", "format": "text", "uri_template": "test://items/{id}", "text": "Item {id}"}))
    write_file(folder, "echo.json", ECHO)
    write_file(folder, "handlers.py", ECHO_HANDLER)
    return folder


def data_of(raised: pytest.ExceptionInfo[MCPError]) -> dict[str, Any]:
    """The ATDF envelope a JSON-RPC error carries as its data, checked against the bundled error schema."""
    data = raised.value.error.data
    assert isinstance(data, dict), f"no envelope in the error's data: {data!r}"
    assert SCHEMAS["error"].violations(data) == []
    return data


# ---------------------------------------------------------------- 1. prompts/get


@pytest.mark.anyio
@MODES
async def test_an_unknown_prompt_is_answered_with_an_envelope_naming_the_closest(tmp_path: Path, mode: str) -> None:
    """`prompts/get greetng` answered -32602 "Unknown prompt 'greetng'; available prompts: a, b, c, ..." (every prompt
    of the catalogue, however many) with no data: no envelope, no nearest name, unlike an unknown tool."""
    async with Client(CatalogServer(load_catalog(prompt_catalogue(tmp_path))).server, mode=mode) as client:
        with pytest.raises(MCPError) as raised:
            await client.get_prompt("greetng", {"name": "Ana"})
    assert raised.value.code == types.INVALID_PARAMS
    assert "'greeting'" in raised.value.message
    [entry] = data_of(raised)["errors"]
    assert (entry["code"], entry["title"], entry["parameter_name"], entry["suggested_value"]) == \
        ("NOT_FOUND", "Unknown prompt", "name", "greeting")
    assert entry["context"]["similar_prompts"][0] == "greeting"
    assert entry["context"]["retryable"] is False and "greeting" in entry["context"]["solution"]


@pytest.mark.anyio
@MODES
async def test_a_missing_prompt_argument_is_an_envelope_naming_it(tmp_path: Path, mode: str) -> None:
    """A missing argument answered data {"argument": "name"}: now an envelope entry per missing argument, with what
    the prompt takes."""
    async with Client(CatalogServer(load_catalog(prompt_catalogue(tmp_path))).server, mode=mode) as client:
        with pytest.raises(MCPError) as raised:
            await client.get_prompt("greeting", {})
    assert raised.value.code == types.INVALID_PARAMS and "'name'" in raised.value.message
    [entry] = data_of(raised)["errors"]
    assert (entry["code"], entry["title"], entry["parameter_name"]) == ("VALIDATION_ERROR", "Missing required argument", "name")
    assert entry["context"]["expected"]["arguments"] == {"name": "required", "city": "optional (default: Madrid)"}


@pytest.mark.anyio
@MODES
async def test_a_misspelt_prompt_argument_is_named_with_the_one_it_misspells(tmp_path: Path, mode: str) -> None:
    """`{"nmae": "Ana"}` was read as no argument at all ("Missing required argument 'name'"), and `{"name": "Ana",
    "citty": "Lima"}` rendered "from Madrid" without a word: an argument the prompt does not take is refused like an
    unknown tool argument, with the corrected arguments to send."""
    async with Client(CatalogServer(load_catalog(prompt_catalogue(tmp_path))).server, mode=mode) as client:
        with pytest.raises(MCPError) as raised:
            await client.get_prompt("greeting", {"name": "Ana", "citty": "Lima"})
        fixed = data_of(raised)["errors"][0]["context"]["suggested_arguments"]
        rendered = await client.get_prompt("greeting", fixed)
    [entry] = data_of(raised)["errors"]
    assert (entry["code"], entry["title"], entry["parameter_name"], entry["suggested_value"]) == \
        ("VALIDATION_ERROR", "Unknown argument", "citty", "city")
    assert fixed == {"name": "Ana", "city": "Lima"}
    assert rendered.messages[0].content.text == "Hello Ana from Lima."


def raw_stdio(folder: Path, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Send `requests` (method + params), one at a time, to `atdf-mcp serve FOLDER` over stdio; their answers."""
    wire = StdioWire(folder)
    try:
        assert wire.ask(json.dumps(INITIALIZE))["id"] == 1
        wire.process.stdin.write('{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')  # type: ignore[union-attr]
        return [wire.ask(json.dumps({"jsonrpc": "2.0", "id": n, **r})) for n, r in enumerate(requests, 2)]
    finally:
        wire.close()


def test_prompt_arguments_that_are_not_strings_are_answered_with_the_strings_to_send(tmp_path: Path) -> None:
    """MCP prompt arguments are strings; `{"name": 5}`, `{"name": null}` or an array got the SDK's bare -32602
    "Invalid request parameters" with data "": nothing said which argument, or what to send."""
    prompt_catalogue(tmp_path)
    number, null, listed = raw_stdio(tmp_path, [
        {"method": "prompts/get", "params": {"name": "greeting", "arguments": {"name": 5, "city": "Lima"}}},
        {"method": "prompts/get", "params": {"name": "greeting", "arguments": {"name": "Ana", "city": None}}},
        {"method": "prompts/get", "params": {"name": "greeting", "arguments": ["Ana"]}}])
    for answer in (number, null, listed):
        assert answer["error"]["code"] == types.INVALID_PARAMS
        assert SCHEMAS["error"].violations(answer["error"]["data"]) == []
    entry = number["error"]["data"]["errors"][0]
    assert (entry["parameter_name"], entry["suggested_value"]) == ("name", "5")
    assert entry["context"]["suggested_arguments"] == {"name": "5", "city": "Lima"}
    entry = null["error"]["data"]["errors"][0]
    assert entry["parameter_name"] == "city" and entry["context"]["suggested_arguments"] == {"name": "Ana"}
    assert listed["error"]["data"]["errors"][0]["parameter_name"] == "arguments"


@pytest.mark.anyio
async def test_a_prompt_image_that_is_missing_is_a_load_error_and_an_envelope(tmp_path: Path) -> None:
    """A `messages` image whose file is missing passed `validate`, then `prompts/get` answered JSON-RPC code 0 with the
    raw ValueError text and put a traceback on stderr."""
    write_file(tmp_path, "chart.json", ardf("prompt", "chart", "prompt/template", {
        "input_variables": [], "template_text": "Look at this.", "messages": [{"role": "user", "image": {"path": "chart.png"}}]}))
    catalog = load_catalog(tmp_path)
    [problem] = [p for p in catalog.report.problems if p.file.endswith("chart.json")]
    assert (problem.severity, problem.pointer, problem.code) == ("error", "/content/data/messages/0/image/path", "DOCUMENT_PATH")
    async with Client(CatalogServer(catalog).server) as client:
        with pytest.raises(MCPError) as raised:
            await client.get_prompt("chart", {})
    assert raised.value.code == types.INTERNAL_ERROR
    [entry] = data_of(raised)["errors"]
    assert entry["code"] == "INTERNAL_ERROR" and "chart.png" in entry["detail"] and "validate" in entry["context"]["solution"]


def test_a_template_variable_no_argument_declares_is_a_validate_warning(tmp_path: Path) -> None:
    """`${day}` in a template whose input_variables do not name it reached the client as the literal "${day}", and
    `validate` said nothing."""
    write_file(tmp_path, "greeting.json", ardf("prompt", "greeting", "prompt/template", {
        "input_variables": ["name"], "template_text": "Hello ${name}, today is ${day}."}))
    [problem] = [p for p in load_catalog(tmp_path).report.problems if p.file.endswith("greeting.json")]
    assert (problem.severity, problem.pointer, problem.code) == ("warning", "/content/data/template_text", "DANGLING_REFERENCE")
    assert "'day'" in problem.message and "input_variables" in problem.message


# ---------------------------------------------------------------- 2. resources/read and resources/subscribe


@pytest.mark.anyio
@MODES
async def test_an_unknown_uri_is_answered_with_an_envelope_naming_the_closest(tmp_path: Path, mode: str) -> None:
    """`resources/read` (and `resources/subscribe`) of a misspelt URI answered -32002 with data {"uri": ...} only."""
    async with Client(CatalogServer(load_catalog(prompt_catalogue(tmp_path))).server, mode=mode) as client:
        with pytest.raises(MCPError) as read:
            await client.read_resource("ardf://documnt/guide")
    assert read.value.code == -32002 and "ardf://document/guide" in read.value.message
    [entry] = data_of(read)["errors"]
    assert (entry["code"], entry["title"], entry["parameter_name"], entry["suggested_value"]) == \
        ("NOT_FOUND", "Unknown resource", "uri", "ardf://document/guide")
    assert entry["context"]["received"] == {"uri": "ardf://documnt/guide"}


@pytest.mark.anyio
async def test_subscribing_to_an_unknown_uri_gets_the_same_envelope(tmp_path: Path) -> None:
    """The legacy era's `resources/subscribe` to an unknown URI: the same -32002 and envelope as a read."""
    async with Client(CatalogServer(load_catalog(prompt_catalogue(tmp_path))).server, mode="legacy") as client:
        with pytest.raises(MCPError) as raised:
            await client.session.subscribe_resource("test://itemz/7")
    assert raised.value.code == -32002
    [entry] = data_of(raised)["errors"]
    assert entry["suggested_value"] == "test://items/{id}" and "template" in entry["context"]["solution"]


@pytest.mark.anyio
async def test_reading_the_content_of_a_document_left_out_at_load_says_why(tmp_path: Path) -> None:
    """A document whose `path` names no file is left out at load; reading its content answered "Resource not found",
    as if the client had made a typo, while the listing showed the document itself."""
    write_file(tmp_path, "guide.json", ardf("document", "guide", "document/ref", {
        "access": "read-only", "format": "markdown", "path": "docs/gone.md"}))
    async with Client(CatalogServer(load_catalog(tmp_path)).server) as client:
        with pytest.raises(MCPError) as raised:
            await client.read_resource("ardf://document/guide/content")
    [entry] = data_of(raised)["errors"]
    assert "docs/gone.md" in entry["detail"] and "does not name a file" in entry["detail"]
    assert entry["context"]["descriptor_uri"] == "ardf://document/guide"


# ---------------------------------------------------------------- 3. workflows and what their steps return

OWN_ENVELOPE = {"status": "error", "meta": {"timestamp": "2030-01-01T00:00:00Z"}, "errors": [{
    "type": "urn:atdf:error:slot-taken", "title": "Slot taken", "detail": "The 10:00 slot is taken.", "instance": "urn:uuid:1",
    "tool_name": "book", "parameter_name": "slot", "suggested_value": "10:30", "code": "SLOT_TAKEN", "context": {}}]}
STEP_HANDLERS = f'''import json
from mcp import types


def book(slot):
    """Answer with its own ATDF envelope as its first text block, as this project's own errors travel."""
    return types.CallToolResult(is_error=True, content=[types.TextContent(type="text", text=json.dumps({OWN_ENVELOPE!r}))])


def info():
    return {{"a": 1}}


def echo(text):
    return {{"text": text}}
'''


def step_catalogue(folder: Path) -> Path:
    """Tools `book` (fails with its own envelope), `info` and `echo`, and two workflows over them."""
    write_file(folder, "book.json", {"name": "book", "description": "Book a slot.", "inputSchema": {
        "type": "object", "properties": {"slot": {"type": "string"}}, "required": ["slot"]}})
    write_file(folder, "info.json", {"name": "info", "description": "Info.", "inputSchema": {"type": "object", "properties": {}}})
    write_file(folder, "echo.json", ECHO)
    write_file(folder, "handlers.py", STEP_HANDLERS)
    write_file(folder, "booking.json", ardf("workflow", "booking", "workflow/steps", {"input_variables": ["slot"], "steps": [
        {"step": "book", "tool_id": "book", "description": "Book.", "arguments": {"slot": "${inputs.slot}"}}]}))
    write_file(folder, "relay.json", ardf("workflow", "relay", "workflow/steps", {"input_variables": [], "steps": [
        {"step": "a", "tool_id": "info", "description": "Info.", "arguments": {}},
        {"step": "b", "tool_id": "echo", "description": "Echo.", "arguments": {"text": "${steps.a.missing.field}"}}]}))
    return folder


@pytest.mark.anyio
async def test_an_envelope_a_handler_returns_as_text_is_passed_on_directly_and_in_a_workflow(tmp_path: Path) -> None:
    """A handler (or a proxied MCP server) answering isError with an ATDF envelope as its first text block — where this
    project itself puts it, since Claude Code drops structuredContent on errors — got TOOL_ERROR with the JSON as its
    detail: its code, parameter and suggestion were lost, directly and as a workflow step."""
    async with Client(CatalogServer(load_catalog(step_catalogue(tmp_path))).server) as client:
        direct = envelope_of(await client.call_tool("book", {"slot": "10:00"}))["errors"][0]
        workflow = envelope_of(await client.call_tool("booking", {"slot": "10:00"}))["errors"][0]
    assert (direct["code"], direct["parameter_name"], direct["suggested_value"]) == ("SLOT_TAKEN", "slot", "10:30")
    assert direct["tool_name"] == "book" and direct["instance"] != "urn:uuid:1"
    assert workflow["code"] == "WORKFLOW_STEP_FAILED" and workflow["context"]["step_error"]["code"] == "SLOT_TAKEN"
    assert workflow["context"]["suggested_arguments"] == {"slot": "10:30"}


@pytest.mark.anyio
async def test_a_step_argument_whose_reference_found_nothing_is_named_with_it(tmp_path: Path) -> None:
    """`"text": "${steps.a.missing.field}"` on a result without that field leaves `text` out, and the step failed with
    "The required argument 'text' is missing" and nothing else: the reference that found nothing is now named, with the
    fields the earlier step's result does hold."""
    async with Client(CatalogServer(load_catalog(step_catalogue(tmp_path))).server) as client:
        entry = envelope_of(await client.call_tool("relay", {}))["errors"][0]
    assert entry["context"]["unresolved_references"] == {"text": "${steps.a.missing.field}"}
    assert "${steps.a.missing.field}" in entry["context"]["solution"] and "'a'" in entry["context"]["solution"]


# ---------------------------------------------------------------- 4. policies


def test_a_rule_whose_applies_to_names_nothing_the_catalogue_holds_is_a_warning(tmp_path: Path) -> None:
    """A rule `applies_to: ["ech"]` (a typo) or a tool since removed covered no tool, and nothing said so: the rule the
    author believed enforced was enforced on nothing."""
    write_file(tmp_path, "echo.json", ECHO)
    write_file(tmp_path, "handlers.py", ECHO_HANDLER)
    write_file(tmp_path, "rules.json", ardf("policy", "rules", "policy/rules", {"rules": [
        {"id": "r1", "statement": "No x.", "effect": "deny", "applies_to": ["echo", "ech"], "expression": "args.text == 'x'"},
        {"id": "r2", "statement": "No y.", "effect": "deny", "applies_to": ["e*"], "expression": "args.text == 'y'"}]}))
    [problem] = [p for p in load_catalog(tmp_path).report.problems if p.file.endswith("rules.json")]
    assert (problem.severity, problem.pointer, problem.code) == ("warning", "/content/data/rules/0/applies_to/1", "DANGLING_REFERENCE")
    assert "'ech'" in problem.message and "r1" in problem.message
