"""A twelfth probe from outside: the tool formats users already have on disk, round two.

Multi-document YAML, OpenAPI parameter objects in a hand-kept tool list, the hosted tools of the OpenAI and Anthropic
APIs beside their function tools, and files that describe something else (an MCP registry `server.json`, a Claude
Desktop extension `manifest.json`, a Semantic Kernel prompt `config.json`). Each test is built from a minimal copy of
a real file's shape (the sources are named in each docstring), drives the real loader, `fix` and an SDK client, and is
kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import write_file
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.fix import canonical_bytes
from atdf_mcp.server import CatalogServer


def reloaded_after_fix(path: Path) -> Any:
    """The catalogue of `path`'s folder after `fix` rewrote `path`; it must hold no NON_CANONICAL warning."""
    fixed = canonical_bytes(path.read_bytes(), yaml_syntax=path.suffix in (".yaml", ".yml"))
    assert fixed is not None
    path.write_bytes(fixed)
    catalog = load_catalog(path.parent)
    assert [p for p in catalog.report.problems if p.code != "NO_HANDLER"] == []
    return catalog


# ---------------------------------------------------------------- 1. multi-document YAML

HOTELS = """\
# Hotel tools, written by hand: one document per tool.
---
tool_id: hotel_search
schema_version: 2.0          # a YAML number
description: Search hotels in a city.
when_to_use: When the user asks for a hotel in a city.
how_to_use:
  inputs:
    - name: city
      type: string
      description: City name.
      required: true
    - name: nights
      type: integer
      description: How many nights.
      minimum: 1             # inline: belongs in the input's schema
  outputs:
    success: A list of hotels.
    failure: []
---
tool_id: hotel_book
schema_version: "2.0.0"
description: Book a hotel room.
when_to_use: When the user picked a hotel.
how_to_use:
  inputs:
    - {name: hotel_id, type: string, description: Hotel id, required: true}
  outputs:
    success: The booking.
    failure: []
"""


def test_a_multi_document_yaml_file_serves_every_document(tmp_path: Path) -> None:
    """ATDF written by hand in YAML, one `---` document per tool (as Kubernetes manifests are kept): the whole file was
    a PARSE_ERROR ("but found another document"), 0 tools. Each document is a descriptor, at pointer /N; a deviation
    inside one is said there; `fix` keeps the documents and their comments."""
    path = write_file(tmp_path, "hotels.yaml", HOTELS)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    assert catalog.get("hotel_search").input_schema["properties"]["nights"]["minimum"] == 1
    assert catalog.get("hotel_book").input_schema["required"] == ["hotel_id"]
    warned = {p.pointer for p in catalog.report.warnings if p.code == "NON_CANONICAL"}
    assert warned == {"/0/schema_version", "/0/how_to_use/inputs/1/minimum"}, warned
    again = reloaded_after_fix(path)
    assert again.get("hotel_search").input_schema == catalog.get("hotel_search").input_schema
    text = path.read_text()
    assert text.count("\n---\n") == 2 and "# Hotel tools" in text and "# a YAML number" in text, text
    assert "schema_version: '2.0.0'" in text or 'schema_version: "2.0.0"' in text or "schema_version: 2.0.0" in text


def test_a_broken_document_of_a_multi_document_file_is_said_at_its_line(tmp_path: Path) -> None:
    """A syntax error in the second document still names its line, and nothing of the file is served half-read."""
    write_file(tmp_path, "two.yaml", "name: a\ndescription: A.\ninputSchema: {type: object}\n---\nname: b\n  bad: [\n")
    catalog = load_catalog(tmp_path)
    [error] = catalog.report.errors
    assert error.code == "PARSE_ERROR" and "line 6" in error.message, error


COMMENTED_OUT = """\
name: first_tool
description: The first tool of the file.
inputSchema: {type: OBJECT, properties: {}}
---
# name: second_tool      (taken out for now)
# description: The second tool of the file.
---
---
name: third_tool
description: The third tool of the file.
inputSchema: {type: object, properties: {}}
"""


def test_an_empty_document_of_a_multi_document_file_is_no_descriptor(tmp_path: Path) -> None:
    """A document left empty between two others (a tool commented out, a `---` written twice) was an UNKNOWN_DIALECT
    error ("found NoneType"), and `fix` wrote it as `--- null`, the commented-out tool's lines gone. It is no
    descriptor, as an empty document at the end never was: the others load at their own pointers, and `fix` keeps the
    empty documents as written."""
    path = write_file(tmp_path, "tools.yaml", COMMENTED_OUT)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.errors
    assert sorted(d.id for d in catalog.tools) == ["first_tool", "third_tool"]
    assert {p.pointer for p in catalog.report.warnings if p.code == "NON_CANONICAL"} == {"/0/inputSchema/type"}
    reloaded_after_fix(path)
    text = path.read_text()
    assert "# name: second_tool      (taken out for now)\n# description: The second tool of the file.\n---\n---\n" in text, text
    assert "null" not in text and text.count("---") == 3, text


def test_documents_that_start_on_their_marker_line_are_fixed(tmp_path: Path) -> None:
    """`--- {name: ...}`: each document written on its `---` line. The loader read them, but `fix` died with a traceback
    (ruamel's "expected a single document in the stream", from guessing the indentation on the whole stream)."""
    path = write_file(tmp_path, "flow.yaml", "--- {name: first_tool, description: The first tool., inputSchema: {type: OBJECT}}\n"
                      "--- {name: second_tool, description: The second tool., inputSchema: {type: object}}\n")
    catalog = reloaded_after_fix(path)
    assert sorted(d.id for d in catalog.tools) == ["first_tool", "second_tool"]
    assert catalog.get("first_tool").input_schema["type"] == "object"


# ---------------------------------------------------------------- 2. OpenAPI parameter objects in a tool list

PETS = {"tools": [
    {"name": "listPets", "description": "List all pets", "parameters": [
        {"name": "limit", "in": "query", "description": "How many items to return at one time (max 100)", "required": False,
         "schema": {"type": "integer", "maximum": 100, "format": "int32"}}]},
    {"name": "showPetById", "description": "Info for a specific pet", "parameters": [
        {"name": "petId", "in": "path", "required": True, "description": "The id of the pet to retrieve",
         "schema": {"type": "string"}}]},
]}


def test_openapi_parameter_objects_keep_their_schema(tmp_path: Path) -> None:
    """A tool list derived from an OpenAPI document (one tool per operation, its `parameters` copied as OpenAPI
    parameter objects {name, in, required, schema}): the property was published as {"in": ..., "schema": {...}}, so its
    type and maximum were silently dropped and `limit: "lots"` was accepted. The parameter's `schema` is the property's
    schema; `in` says where an HTTP call puts it, nothing the input schema holds; both are said where they are."""
    path = write_file(tmp_path, "pets.json", PETS)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    assert catalog.get("listPets").input_schema == {"type": "object", "properties": {"limit": {
        "type": "integer", "maximum": 100, "format": "int32", "description": "How many items to return at one time (max 100)"}}}
    assert catalog.get("showPetById").input_schema["required"] == ["petId"]
    warned = {p.pointer: p.message for p in catalog.report.warnings if p.code == "NON_CANONICAL"}
    assert "/tools/0/parameters/0/schema" in warned and "/tools/0/parameters/0/in" in warned, warned
    assert '"in"' in warned["/tools/0/parameters/0/in"]
    again = reloaded_after_fix(path)
    assert again.get("listPets").input_schema == catalog.get("listPets").input_schema


@pytest.mark.anyio
async def test_an_openapi_derived_tool_checks_its_arguments(tmp_path: Path) -> None:
    """Through an SDK client: a call with its example arguments runs; `limit` above its maximum is an envelope that
    names it and says the bound."""
    write_file(tmp_path, "pets.json", PETS)
    write_file(tmp_path, "handlers.py", "def listPets(limit=20):\n    return {'pets': [], 'limit': limit}\n")
    async with Client(CatalogServer(load_catalog(tmp_path)).server) as client:
        ok = await client.call_tool("listPets", {"limit": 5})
        bad = await client.call_tool("listPets", {"limit": 500})
    assert ok.is_error is False and json.loads(ok.content[0].text) == {"pets": [], "limit": 5}
    assert bad.is_error is True
    [error] = json.loads(bad.content[0].text)["errors"]
    assert error["parameter_name"] == "limit" and "100" in error["detail"], error


# ---------------------------------------------------------------- 3. hosted tools beside function tools

RESPONSES_TOOLS = [
    {"type": "function", "name": "get_weather", "description": "Retrieves current weather for the given location.",
     "parameters": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"],
                    "additionalProperties": False}, "strict": True},
    {"type": "web_search_preview"},
]
ASSISTANT = {"id": "asst_abc123", "object": "assistant", "name": "helper", "model": "gpt-4o", "instructions": "Help.",
             "tools": [{"type": "code_interpreter"},
                       {"type": "function", "function": {"name": "get_stock_price", "description": "Current stock price.",
                                                         "parameters": {"type": "object", "properties": {
                                                             "symbol": {"type": "string"}}, "required": ["symbol"]}}},
                       {"type": "file_search", "file_search": {"max_num_results": 5}}]}
ANTHROPIC = [
    {"type": "custom", "name": "get_time", "description": "Current time in a time zone.",
     "input_schema": {"type": "object", "properties": {"timezone": {"type": "string"}}, "required": ["timezone"]},
     "cache_control": {"type": "ephemeral"}},
    {"type": "bash_20250124", "name": "bash"},
    {"type": "web_search_20250305", "name": "web_search", "max_uses": 5},
]


@pytest.mark.parametrize(("name", "content", "served", "hosted"), [
    ("responses.json", RESPONSES_TOOLS, "get_weather", ["/1"]),
    ("assistant.json", ASSISTANT, "get_stock_price", ["/tools/0", "/tools/2"]),
    ("anthropic.json", ANTHROPIC, "get_time", ["/1", "/2"]),
])
def test_hosted_tools_of_an_api_are_said_and_left_out(tmp_path: Path, name: str, content: Any, served: str,
                                                      hosted: list[str]) -> None:
    """The OpenAI Responses and Assistants APIs and Anthropic's Messages API list their own hosted tools
    (`{"type": "code_interpreter"}`, `{"type": "bash_20250124", "name": "bash"}`) beside function tools: each was an
    UNKNOWN_DIALECT error, failing `validate`. The provider runs them, so there is nothing here to describe or call:
    one info line each, saying so, and the function tools are served."""
    write_file(tmp_path, name, content)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [] and catalog.get(served) is not None
    infos = [p for p in catalog.report.infos if p.code == "NOT_A_DESCRIPTOR" and p.pointer]  # "": a request's other keys
    assert [p.pointer for p in infos] == hosted, catalog.report.problems
    assert all("hosted" in p.message and "provider" in p.message for p in infos), infos


# ---------------------------------------------------------------- 4. files that describe something else

REGISTRY_SERVER = {
    "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    "name": "io.github.example/weather-mcp", "description": "Weather data for AI agents.", "version": "0.1.0",
    "repository": {"url": "https://github.com/example/weather-mcp", "source": "github"},
    "packages": [{"registryType": "pypi", "identifier": "weather-mcp", "version": "0.1.0", "transport": {"type": "stdio"}}],
}
REMOTE_ONLY = {"name": "io.example/mcp", "description": "Market data.", "version": "1.5.0",
               "remotes": [{"type": "streamable-http", "url": "https://mcp.example.io/mcp"}]}
MCPB_MANIFEST = {
    "manifest_version": "0.3", "name": "mail-mcp", "version": "1.4.0", "description": "Email for Claude.",
    "author": {"name": "Someone"},
    "server": {"type": "node", "entry_point": "dist/index.js", "mcp_config": {"command": "node", "args": ["${__dirname}/dist/index.js"]}},
    "tools": [{"name": "list_emails", "description": "List emails in a folder."},
              {"name": "send_email", "description": "Send an email."}],
}
SK_CONFIG = {"schema": 1, "description": "Generate a funny joke",
             "execution_settings": {"default": {"max_tokens": 1000, "temperature": 0.9}},
             "input_variables": [{"name": "input", "description": "Joke subject", "default": ""},
                                 {"name": "style", "description": "Give a hint about the desired joke style", "default": ""}]}


@pytest.mark.parametrize(("name", "content", "says"), [
    ("server.json", REGISTRY_SERVER, ["MCP registry", "server.json", "tools/list"]),
    ("server.json", REMOTE_ONLY, ["MCP registry", "tools/list"]),
    ("mcpb/manifest.json", MCPB_MANIFEST, ["Desktop extension", "input schema", "tools/list"]),
    ("manifest.json", {**MCPB_MANIFEST, "manifest_version": None, "dxt_version": "0.1"}, ["Desktop extension"]),
    ("FunPlugin/Joke/config.json", SK_CONFIG, ["Semantic Kernel", "skprompt.txt"]),
])
def test_a_file_that_describes_something_else_is_named_and_skipped(tmp_path: Path, name: str, content: dict[str, Any],
                                                                   says: list[str]) -> None:
    """0xChron/polymarket-mcp and 1clawAI/1claw-mcp `server.json` (MCP registry entries), Data-Wise/himalaya-mcp
    `mcpb/manifest.json` (a Claude Desktop extension whose `tools` hold only names and descriptions) and
    microsoft/semantic-kernel `prompt_template_samples/FunPlugin/Joke/config.json` were UNKNOWN_DIALECT errors (the
    Semantic Kernel file's input variables were even read as tools). Each describes a server or a prompt, not callable
    tools: one info line that says what the file is and how to get its tools served."""
    write_file(tmp_path, name, {k: v for k, v in content.items() if v is not None})
    catalog = load_catalog(tmp_path)
    assert catalog.tools == ()
    [info] = catalog.report.problems
    assert (info.severity, info.code, info.pointer) == ("info", "NOT_A_DESCRIPTOR", ""), info
    assert all(s in info.message for s in says), info.message


def test_an_extension_manifest_whose_tools_have_schemas_is_still_read(tmp_path: Path) -> None:
    """A bundle manifest that lists full MCP tools (name, description, inputSchema) holds descriptors: they are read."""
    tools = [{"name": "scan", "description": "Scan a folder.", "inputSchema": {"type": "object", "properties": {
        "path": {"type": "string"}}}}]
    write_file(tmp_path, "manifest.json", {**MCPB_MANIFEST, "tools": tools})
    catalog = load_catalog(tmp_path)
    assert catalog.get("scan") is not None and catalog.report.errors == []


HANDLERS = '''
def get_weather(location):
    """Pretend to look it up."""
    return {"location": location, "celsius": 21}
'''


@pytest.mark.anyio
async def test_a_responses_tool_list_is_served_and_checked(tmp_path: Path) -> None:
    """Through an SDK client: the function tool of a Responses tool list is listed with its schema; a call runs; a call
    with an argument `strict` forbids is an envelope naming it."""
    write_file(tmp_path, "responses.json", RESPONSES_TOOLS)
    write_file(tmp_path, "handlers.py", textwrap.dedent(HANDLERS))
    async with Client(CatalogServer(load_catalog(tmp_path)).server) as client:
        [tool] = (await client.list_tools()).tools
        ok = await client.call_tool("get_weather", {"location": "Lima"})
        extra = await client.call_tool("get_weather", {"location": "Lima", "units": "F"})
    assert tool.name == "get_weather" and tool.input_schema["additionalProperties"] is False
    assert ok.is_error is False and json.loads(ok.content[0].text)["celsius"] == 21
    assert extra.is_error is True
    [error] = json.loads(extra.content[0].text)["errors"]
    assert error["parameter_name"] == "units", error


# ---------------------------------------------------------------- 5. a function tool that takes no arguments

@pytest.mark.anyio
@pytest.mark.parametrize("tool", [
    {"type": "function", "name": "ping", "description": "Pings the server."},  # Responses API: `parameters` left out
    {"type": "function", "function": {"name": "ping", "description": "Pings the server."}},  # Chat Completions
])
async def test_a_function_tool_without_parameters_takes_no_arguments(tmp_path: Path, tool: dict[str, Any]) -> None:
    """OpenAI lets a function tool leave `parameters` out (it takes no arguments); it was an UNKNOWN_DIALECT error and
    the tool was lost. It is served with an empty object schema, the change a NON_CANONICAL warning `fix` writes."""
    path = write_file(tmp_path, "tools.json", {"tools": [tool]})
    write_file(tmp_path, "handlers.py", "def ping():\n    return 'pong'\n")
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    assert catalog.get("ping").input_schema == {"type": "object", "properties": {}}
    assert any(p.code == "NON_CANONICAL" and "takes no arguments" in p.message for p in catalog.report.warnings)
    async with Client(CatalogServer(catalog).server) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        assert listed["ping"].input_schema["type"] == "object"
        assert (await client.call_tool("ping", {})).content[0].text == "pong"
    assert reloaded_after_fix(path).get("ping") is not None


# ---------------------------------------------------------------- 6. a $ref that points at nothing

@pytest.mark.parametrize(("defs", "says"), [
    ({}, "define 'Day' under \"$defs\""),
    ({"$defs": {"Days": {"type": "string"}}}, "point it at '#/$defs/Days'"),
])
def test_a_ref_that_points_at_nothing_is_said_where_it_is(tmp_path: Path, defs: dict[str, Any], says: str) -> None:
    """A `$ref` to a definition the schema lacks (a real OpenAI function list pointed at "#/definitions/Day") was an
    error at the whole input schema, repeating jsonschema-rs's "Pointer ... does not exist": now it is at the `$ref`
    itself, and says to point it at the closest definition there is, or to define the missing one."""
    schema = {"type": "object", **defs, "properties": {"when": {"type": "array", "items": {"$ref": "#/$defs/Day"}}}}
    write_file(tmp_path, "tools.json", {"tools": [{"name": "plan", "description": "Plans days.", "inputSchema": schema}]})
    (problem,) = load_catalog(tmp_path).report.errors
    assert problem.code == "INVALID_INPUT_SCHEMA"
    assert problem.pointer == "/tools/0/inputSchema/properties/when/items/$ref"
    assert "'#/$defs/Day' points at nothing" in problem.message and says in problem.message, problem.message
