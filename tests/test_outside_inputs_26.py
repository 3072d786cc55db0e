"""A twenty-sixth probe from outside: descriptors found in the wild, round four — real files loaded verbatim.

Tool files kept in public repositories, copied as their authors wrote them (a minimal copy when large), loaded by the
real loader, rewritten by `fix`, and listed and called with the MCP SDK's client over stdio: the Berkeley Function
Calling Leaderboard's function documents (Python type names in a JSON Schema, one JSON document a line), a saved
`tools/list` request, hand-kept MCP lists whose parameters are `arguments`, and MCP tools that say
`execution.taskSupport`. Each test is built from a real file's shape (the source is named in its docstring) and kept
so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from conftest import write_file
from loader_views import client_view, messages_of, problems_of
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.fix import canonical_bytes


def fixed_in_place(path: Path) -> None:
    """Rewrite `path` as `atdf-mcp fix --write` does; the file must then load with no NON_CANONICAL warning."""
    fixed = canonical_bytes(path.read_bytes(), yaml_syntax=path.suffix in (".yaml", ".yml"))
    assert fixed is not None
    path.write_bytes(fixed)
    assert [p for p in problems_of(path.parent) if p[3] == "NON_CANONICAL" and p[0] == path.name] == []


# ---------------------------------------------------------------- 1. BFCL function documents

# ShishirPatil/gorilla berkeley-function-call-leaderboard/bfcl_eval/data/multi_turn_func_doc/ticket_api.json, one line
EDIT_TICKET = {
    "name": "edit_ticket",
    "description": "This tool belongs to the ticketing system that is part of a company, which allows users to create, "
    "view, and manage support business tickets. Tool description: Modify the details of an existing ticket.",
    "parameters": {"type": "dict", "properties": {
        "ticket_id": {"type": "integer", "description": "ID of the ticket to be changed."},
        "updates": {"type": "dict", "description": "Dictionary containing the fields to be updated. - title (str) : "
                    "[Optional] New title for the ticket. ", "properties": {
                        "description": {"type": "string", "description": "New description for the ticket."},
                        "status": {"type": "string", "description": "New status for the ticket."},
                        "priority": {"type": "integer", "description": "New priority for the ticket."}}}},
        "required": ["ticket_id", "updates"]},
    "response": {"type": "dict", "properties": {"status": {"type": "string", "description": "Status of the update operation."}}},
}
# ShishirPatil/gorilla berkeley-function-call-leaderboard (BFCL_v4_simple_python.json's shape): "float" for numbers
AREA = {"name": "calculate_triangle_area", "description": "Calculate the area of a triangle given its base and height.",
        "parameters": {"type": "dict", "properties": {
            "base": {"type": "float", "description": "The base of the triangle."},
            "height": {"type": "float", "description": "The height of the triangle."}}, "required": ["base", "height"]}}


@pytest.mark.anyio
async def test_bfcl_python_type_names_in_a_json_schema_are_read_at_every_depth(tmp_path: Path) -> None:
    """BFCL's function documents (ShishirPatil/gorilla, bfcl_eval/data/multi_turn_func_doc/ticket_api.json and the
    BFCL_v4_*.json question files) write their JSON Schemas with Python's type names, `"type": "dict"` at the root and
    in nested objects and `"type": "float"`: each tool was an INVALID_INPUT_SCHEMA error ("'dict' is not a JSON
    Schema type") and was not served. The names are read as JSON Schema's, at every depth, with a NON_CANONICAL
    warning at each, and `fix` writes "object" and "number"."""
    folder = tmp_path / "bfcl"
    write_file(folder, "edit_ticket.json", EDIT_TICKET)
    path = write_file(folder, "area.json", AREA)
    problems = problems_of(folder)
    assert [p for p in problems if p[2] == "error"] == [], problems
    assert {(f, p) for f, p, _, code in problems if code == "NON_CANONICAL"} >= {
        ("edit_ticket.json", "/parameters/type"), ("edit_ticket.json", "/parameters/properties/updates/type"),
        ("area.json", "/parameters/properties/base/type"), ("area.json", "/parameters/properties/height/type")}
    assert any("\"object\"" in m and "\"dict\"" in m for m in messages_of(folder))
    view = await client_view(folder, {"calculate_triangle_area": {"base": "ten", "height": 2}})
    schema = view["tools"]["edit_ticket"]["inputSchema"]
    assert schema["type"] == "object" and schema["properties"]["updates"]["type"] == "object"
    assert view["tools"]["calculate_triangle_area"]["inputSchema"]["properties"]["base"]["type"] == "number"
    is_error, envelope = view["calls"]["calculate_triangle_area"]
    assert is_error and envelope["errors"][0]["parameter_name"] == "base", envelope
    fixed_in_place(path)
    assert json.loads(path.read_text())["inputSchema"]["properties"]["base"]["type"] == "number"


@pytest.mark.anyio
async def test_bfcl_tuple_and_any_are_read_and_a_name_json_schema_has_no_word_for_stays_an_error(tmp_path: Path) -> None:
    """BFCL also writes `"type": "tuple"` (a Python tuple is a JSON array on the wire) and `"type": "any"` (JSON
    Schema draft 3's word, and Python's, for any value) (BFCL_v4_simple_python.json): both were INVALID_INPUT_SCHEMA
    errors. They are read as "array" and as no `type`, with a NON_CANONICAL warning each; a name with no one JSON
    Schema type (`"HashMap"`, from BFCL_v4_simple_java.json) is still an error and the tool is not served."""
    folder = tmp_path / "bfcl"
    path = write_file(folder, "pair.json", {"name": "pair", "description": "Take a pair.", "parameters": {"type": "dict", "properties": {
        "pair": {"type": "tuple", "items": {"type": "integer"}, "description": "Two numbers."},
        "anything": {"type": "any", "description": "Any value."}}, "required": ["pair"]}})
    write_file(folder, "java.json", {"name": "java", "description": "Java.", "parameters": {"type": "dict", "properties": {
        "map": {"type": "HashMap", "description": "A map."}}}})
    problems = problems_of(folder)
    assert [(f, p) for f, p, severity, _ in problems if severity == "error"] == [("java.json", "/parameters/properties/map/type")]
    assert {(f, p) for f, p, _, code in problems if code == "NON_CANONICAL"} >= {
        ("pair.json", "/parameters/properties/pair/type"), ("pair.json", "/parameters/properties/anything/type")}
    view = await client_view(folder, {"pair": {"pair": 3, "anything": [1, {"a": None}]}})
    assert set(view["tools"]) == {"pair"}
    properties = view["tools"]["pair"]["inputSchema"]["properties"]
    assert properties["pair"] == {"type": "array", "items": {"type": "integer"}, "description": "Two numbers."}
    assert properties["anything"] == {"description": "Any value."}
    is_error, envelope = view["calls"]["pair"]
    assert is_error and [e["parameter_name"] for e in envelope["errors"]] == ["pair"], envelope
    fixed_in_place(path)


def test_a_json_file_of_one_json_document_a_line_is_read_as_json_lines(tmp_path: Path) -> None:
    """BFCL keeps its function documents one JSON object a line in `.json` files (JSON Lines: ticket_api.json,
    BFCL_v4_*.json). The file was a PARSE_ERROR "invalid JSON at line 2, column 1: Extra data"; round four made it
    say what the file holds, and round five (tests/test_outside_inputs_27.py) reads it: one descriptor a line."""
    folder = tmp_path / "bfcl"
    lines = [json.dumps(EDIT_TICKET), json.dumps(AREA), json.dumps({**AREA, "name": "other"})]
    write_file(folder, "ticket_api.json", "\n".join(lines) + "\n")
    assert [p for p in problems_of(folder) if p[2] == "error"] == []
    assert {d.id for d in load_catalog(folder).tools} == {"edit_ticket", "calculate_triangle_area", "other"}


# ---------------------------------------------------------------- 2. a saved tools/list request


def test_a_saved_json_rpc_request_is_skipped_with_an_info_line_that_says_to_save_the_response(tmp_path: Path) -> None:
    """Adiii19/data_incident_investigator_MCP `tools.json` is the tools/list *request* (`{"jsonrpc": "2.0", "id": 2,
    "method": "tools/list", "params": {}}`) kept beside the server: it was an UNKNOWN_DIALECT error, which fails
    `validate` for a file that plainly holds no descriptor. It is skipped with a NOT_A_DESCRIPTOR info line that says
    to send it and save the response, which is read as it is."""
    folder = tmp_path / "cat"
    write_file(folder, "tools.json", {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
    write_file(folder, "good.json", {"name": "ok", "description": "Fine.", "inputSchema": {"type": "object"}})
    assert problems_of(folder) == [("tools.json", "", "info", "NOT_A_DESCRIPTOR")]
    (message,) = [m for m in messages_of(folder) if "skipped" in m]
    assert "request" in message and "response" in message and "result" in message, message


# ---------------------------------------------------------------- 3. parameters kept as `arguments`

# AayushBahukhandi/hackernews-mcp tools.json (two of its four tools)
HACKERNEWS = [
    {"name": "getTopStories", "description": "Fetches the top stories from Hacker News",
     "arguments": [{"name": "limit", "type": "number", "desc": "Number of top stories to fetch (default: 10)"}]},
    {"name": "getStoryComments", "description": "Fetches comments for a specific story ID recursively",
     "arguments": [{"name": "storyId", "type": "number", "desc": "The Hacker News story ID"},
                   {"name": "maxDepth", "type": "number", "desc": "Maximum depth of comments to fetch (default: 3)"}]},
]


@pytest.mark.anyio
async def test_typed_parameters_kept_as_arguments_with_desc_are_a_tools_input_schema(tmp_path: Path) -> None:
    """AayushBahukhandi/hackernews-mcp `tools.json` keeps each tool's parameters as `"arguments": [{"name", "type",
    "desc"}]`: every tool was an UNKNOWN_DIALECT error ("found arguments, description, name"). A list of named, typed
    items under `arguments` is read as `params`/`args` are (each one optional, as none says `"required": true`), and
    `desc` as the parameter's description (NON_CANONICAL each), so the agent reads what each argument is for."""
    folder = tmp_path / "hn"
    path = write_file(folder, "tools.json", HACKERNEWS)
    problems = problems_of(folder)
    assert [p for p in problems if p[2] == "error"] == [], problems
    assert {p for _, p, _, code in problems if code == "NON_CANONICAL"} >= {"/0/arguments", "/1/arguments/0/desc"}
    view = await client_view(folder, {"getStoryComments": {"storyId": "forty-two"}})
    schema = view["tools"]["getStoryComments"]["inputSchema"]
    assert schema["properties"]["storyId"] == {"type": "number", "description": "The Hacker News story ID"}
    assert "required" not in schema
    is_error, envelope = view["calls"]["getStoryComments"]
    assert is_error and envelope["errors"][0]["parameter_name"] == "storyId", envelope
    fixed_in_place(path)
    assert json.loads(path.read_text())[0]["inputSchema"]["properties"]["limit"]["description"].startswith("Number")


def test_arguments_without_types_are_an_mcp_prompt_listing_and_stay_an_error_that_says_so(tmp_path: Path) -> None:
    """`{"name", "description", "arguments": [{"name", "description", "required"}]}` is also how prompts/list lists an
    MCP prompt, whose arguments have no type, and whose messages are not in the list: read as a tool it would be a
    guess. It stays an error, AMBIGUOUS, that names both readings and what to write for each (a half-typed list too)."""
    folder = tmp_path / "prompts"
    write_file(folder, "prompts.json", {"prompts": [
        {"name": "code_review", "description": "Review code", "arguments": [{"name": "code", "description": "The code", "required": True}]},
        {"name": "half", "description": "Half typed", "arguments": [{"name": "a", "type": "string"}, {"name": "b"}]}]})
    assert [(p, code) for _, p, _, code in problems_of(folder)] == [("/prompts/0/arguments", "AMBIGUOUS"),
                                                                    ("/prompts/1/arguments", "AMBIGUOUS")]
    message = messages_of(folder)[0]
    assert "prompt" in message and "\"type\"" in message and "ARDF" in message, message


# ---------------------------------------------------------------- 4. a tools/list saved from a console


def test_a_list_saved_with_console_text_before_it_says_where_the_json_starts(tmp_path: Path) -> None:
    """Gautam-Bharadwaj/NST-MCP `tools_list.json` is a script's console output: "Connecting...\\nTools: [...]". It was
    "invalid JSON at line 1, column 1: Expecting value", which does not say the JSON is there, after other text. It is
    still an error (never a guess at what to cut), and the message quotes the text before the JSON and says where the
    JSON starts."""
    folder = tmp_path / "nst"
    body = json.dumps([{"name": "get_me", "description": "Get the current authenticated user's profile information",
                        "inputSchema": {"type": "object", "properties": {}}}], indent=2)
    write_file(folder, "tools_list.json", "Connecting...\nTools: " + body + "\n")
    (message,) = messages_of(folder)
    assert "'Connecting...'" in message and "line 2, column 8" in message, message
    assert "remove" in message, message


# ---------------------------------------------------------------- 5. MCP tools that say execution.taskSupport

# 2ools/mcp-server tools.json (create_public_preview, shortened), as a 2025-11-25 server lists its tools
PREVIEW = {
    "name": "create_public_preview", "title": "Create free 2ools preview",
    "description": "Turn a complete standalone HTML document already created in this chat into a temporary, read-only "
    "2ools preview.",
    "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                    "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 120}}, "required": ["name"]},
    "annotations": {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True},
    "execution": {"taskSupport": "forbidden"},
}


@pytest.mark.anyio
async def test_execution_task_support_of_an_mcp_tool_is_read_as_its_task_marker(tmp_path: Path) -> None:
    """2ools/mcp-server `tools.json` (a 2025-11-25 tools/list) gives every tool `"execution": {"taskSupport": ...}`:
    the field was dropped without a word, so a tool whose server runs it as a task ("optional", "required") was served
    as a plain call and its ARDF resource said nothing of it. `taskSupport` "optional" or "required" is read as the
    tool's `"task": true` (its ARDF resource says so, and a 2026-07-28 client may run it as a task); "forbidden" as a
    plain tool, as before."""
    folder = tmp_path / "tools"
    write_file(folder, "tools.json", [PREVIEW, {**PREVIEW, "name": "build", "execution": {"taskSupport": "optional"}},
                                      {**PREVIEW, "name": "render", "execution": {"taskSupport": "required"}}])
    assert [p for p in problems_of(folder) if p[2] == "error"] == []
    catalog = load_catalog(folder)
    assert {name: catalog.get(name).task for name in ("create_public_preview", "build", "render")} == {
        "create_public_preview": False, "build": True, "render": True}
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--no-watch"])
    with anyio.fail_after(60), (tmp_path / "serve.err").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            data = {name: json.loads((await client.read_resource(f"ardf://tool/{name}")).contents[0].text)["content"]["data"]  # type: ignore[union-attr]
                    for name in ("create_public_preview", "build")}
    assert data["build"].get("task") is True and "task" not in data["create_public_preview"]


# ---------------------------------------------------------------- 6. keys beside an OpenAI function tool's "function"

# sachineldho24/vapi-voice-assistant tool_definitions.json (one of its six tools): Vapi's tool, an OpenAI function
# tool with the webhook that runs it beside "function"
VAPI = {
    "type": "function",
    "function": {
        "name": "log_promise_to_pay",
        "description": "Record a validated promise to pay after authentication and an explicit customer confirmation.",
        "parameters": {"type": "object", "properties": {
            "amount": {"type": "number", "minimum": 1},
            "payment_type": {"type": "string", "enum": ["FULL", "PARTIAL"]}},
            "required": ["amount", "payment_type"], "additionalProperties": False},
    },
    "server": {"url": "https://economics-saturday-kansas-baths.trycloudflare.com/webhook"},
}


@pytest.mark.anyio
async def test_keys_beside_an_openai_function_are_kept_on_the_tool_and_by_fix(tmp_path: Path) -> None:
    """sachineldho24/vapi-voice-assistant `tool_definitions.json`: each Vapi tool is an OpenAI function tool with the
    webhook that runs it beside "function" (`"server": {"url": ...}`). Unwrapping the function dropped every key
    beside it without a word, and `fix --write` would have deleted the webhook from the file. The keys are kept on
    the tool (carried into its ARDF resource, as any key of its own) and `fix` writes them; one the function also
    gives is AMBIGUOUS."""
    folder = tmp_path / "vapi"
    path = write_file(folder, "tool_definitions.json", [VAPI])
    write_file(folder, "clash.json", [{**VAPI, "function": {**VAPI["function"], "name": "clash", "server": {"url": "x"}}}])
    problems = problems_of(folder)
    assert [(f, p, code) for f, p, _, code in problems if code == "AMBIGUOUS"] == [("clash.json", "/0/server", "AMBIGUOUS")]
    assert [p for p in problems if p[2] == "error" and p[0] != "clash.json"] == [], problems
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--no-watch"])
    with anyio.fail_after(60), (tmp_path / "serve.err").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            assert [t.name for t in (await client.list_tools()).tools] == ["log_promise_to_pay"]
            ardf = json.loads((await client.read_resource("ardf://tool/log_promise_to_pay")).contents[0].text)  # type: ignore[union-attr]
    assert ardf["server"] == VAPI["server"], ardf
    fixed_in_place(path)
    (written,) = json.loads(path.read_text())
    assert written["server"] == VAPI["server"] and written["name"] == "log_promise_to_pay", written


# ---------------------------------------------------------------- 7. OpenAkita's files beside its tools

# openakita/openakita mcps/chrome-browser/SERVER_METADATA.json, mcps/desktop-control/tools/drag.json (shortened) and
# plugins/bgm-suggester/plugin.json (shortened)
OPENAKITA_SERVER = {"serverIdentifier": "chrome-browser", "serverName": "Chrome Browser (mcp-chrome Extension)",
                    "serverDescription": "通过 mcp-chrome Chrome 扩展连接用户真实浏览器。", "transport": "streamable_http",
                    "url": "http://127.0.0.1:12306/mcp"}
OPENAKITA_DRAG = {"name": "drag", "description": "Drag from one position to another using normalized 0-1000 coordinates.",
                  "inputSchema": {"type": "object", "properties": {
                      "start_x": {"type": "number", "description": "Start X coordinate (0-1000 normalized)"},
                      "end_x": {"type": "number", "description": "End X coordinate (0-1000 normalized)"}},
                      "required": ["start_x", "end_x"]}}
OPENAKITA_PLUGIN = {"id": "bgm-suggester", "name": "BGM Suggester", "version": "0.1.0", "type": "python", "entry": "plugin.py",
                    "description": "Turn a scene + mood + duration into a structured BGM brief.", "author": "OpenAkita",
                    "category": "creative", "permissions": ["tools.register", "routes.register"],
                    "requires": {"openakita": ">=1.27.0", "plugin_api": "~2"},
                    "provides": {"tools": ["bgm_create", "bgm_status"], "routes": True}}


def test_openakitas_server_metadata_and_plugin_manifest_beside_its_tools_are_skipped_with_an_info_line(tmp_path: Path) -> None:
    """openakita/openakita keeps each MCP server it ships as `mcps/<server>/SERVER_METADATA.json` (how to reach it)
    beside `mcps/<server>/tools/*.json` (its MCP tools), and each plugin's `plugin.json` (its tools are registered by
    plugin.py; `provides.tools` only names them). Served as a folder, both were UNKNOWN_DIALECT errors, so `atdf-mcp
    validate` failed (exit 1) on a folder whose every tool loads. Each is skipped with a NOT_A_DESCRIPTOR info line that
    says what it is and where the tools are; the tools load, and validate exits 0."""
    folder = tmp_path / "openakita"
    write_file(folder, "mcps/chrome-browser/SERVER_METADATA.json", OPENAKITA_SERVER)
    write_file(folder, "mcps/desktop-control/tools/drag.json", OPENAKITA_DRAG)
    write_file(folder, "plugins/bgm-suggester/plugin.json", OPENAKITA_PLUGIN)
    assert problems_of(folder) == [("SERVER_METADATA.json", "", "info", "NOT_A_DESCRIPTOR"),
                                   ("plugin.json", "", "info", "NOT_A_DESCRIPTOR")], problems_of(folder)
    server, plugin = [m for m in messages_of(folder) if "skipped" in m]
    assert "OpenAkita" in server and "tools" in server, server
    assert "OpenAkita" in plugin and "plugin.py" in plugin, plugin
    assert load_catalog(folder).get("drag") is not None
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(folder)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


# ---------------------------------------------------------------- 8. a ToolBench (RapidAPI) tool file

# OpenBMB/ToolBench toolenv/tools/Social/olato_quotes.json (one of its three APIs; "code" and "convert_code" left out)
TOOLBENCH = {
    "product_id": "api_b5be5c92-b24f-4ea0-8885-4a6c2a94eb17",
    "tool_description": "Olato Quote APIs gives you random quotes about motivation, sucess and love quotes.",
    "home_url": "https://rapidapi.com/awosolat/api/olato-quotes/", "name": "Olato Quotes", "title": "Olato Quotes",
    "pricing": "FREE", "tool_name": "Olato Quotes",
    "score": {"avgServiceLevel": 100, "avgLatency": 689, "avgSuccessRate": 100, "popularityScore": 6.9, "__typename": "Score"},
    "host": "olato-quotes.p.rapidapi.com",
    "api_list": [{"name": "Love Quote", "url": "https://olato-quotes.p.rapidapi.com/love", "description": "It shows random quotes",
                  "method": "GET", "required_parameters": [],
                  "optional_parameters": [{"name": "quotes", "type": "STRING", "description": "", "default": "random quotes"}],
                  "test_endpoint": {"quote": "The best thing to hold onto in life is each other. -Audrey Hepburn"}}],
    "standardized_name": "olato_quotes",
}


def test_a_toolbench_tool_file_is_one_info_line_that_says_why_none_is_served_and_what_to_write(tmp_path: Path) -> None:
    """OpenBMB/ToolBench keeps each RapidAPI tool as `toolenv/tools/<category>/<tool>.json` (`tool_name`, `api_list` of
    endpoints with `required_parameters`/`optional_parameters`). Each API was its own UNKNOWN_DIALECT error ("found
    description, method, name, ...", one per API), which says neither what the file is nor what to do. Its APIs are
    RapidAPI endpoints named with spaces and typed in RapidAPI's words, so none is served as it is (a name or a type
    would be a guess): the file is one NOT_A_DESCRIPTOR info line that says so and what to write instead."""
    folder = tmp_path / "toolbench"
    write_file(folder, "olato_quotes.json", TOOLBENCH)
    assert problems_of(folder) == [("olato_quotes.json", "", "info", "NOT_A_DESCRIPTOR")]
    (message,) = messages_of(folder)
    assert "ToolBench" in message and "RapidAPI" in message and "inputSchema" in message, message


# ---------------------------------------------------------------- 9. MCP Toolbox for Databases' tools.yaml

# GoogleCloudPlatform/cymbal-air-toolbox-demo tools.yaml (two of its nine tools)
TOOLBOX = """\
sources:
  my-pg-instance:
    kind: alloydb-postgres
    project: retrieval-app-testing
    region: us-central1
    cluster: my-alloydb-cluster
    instance: my-alloydb-instance
    database: assistantdemo
    user: postgres
    password: postgres
authServices:
  my_google_service:
    kind: google
    clientId: 706535509072-qa5v22ur8ik8o513b0538ufo0ne9jfn5.apps.googleusercontent.com
tools:
  search_flights_by_number:
    kind: postgres-sql
    source: my-pg-instance
    description: |
      Use this tool to get information for a specific flight.
    parameters:
      - name: airline
        type: string
        description: Airline unique 2 letter identifier
    statement: |
      SELECT * FROM flights
      WHERE airline = $1
  list_tickets:
    kind: postgres-sql
    source: my-pg-instance
    description: |
      Use this tool to list a user's flight tickets.
    parameters:
      - name: user_id
        type: string
        description: User ID of the logged in user.
        authServices:
          - name: my_google_service
            field: sub
    statement: |
      SELECT user_name, airline FROM tickets
      WHERE user_id = $1
toolsets:
  cymbal_air:
    - search_flights_by_number
    - list_tickets
"""


def test_an_mcp_toolbox_for_databases_tools_yaml_is_one_info_line_that_says_to_run_toolbox(tmp_path: Path) -> None:
    """Google's MCP Toolbox for Databases is configured by a `tools.yaml` (GoogleCloudPlatform/cymbal-air-toolbox-demo):
    database `sources` with their credentials, `tools` that run a SQL `statement` against one, parameters filled from a
    signed-in user's token (`authServices`), and `toolsets`. It was an UNKNOWN_DIALECT error ("found authServices,
    sources, tools, toolsets"). Its tools run SQL in Toolbox's own server and cannot run here (and a parameter filled
    from a token must never be asked of the agent), so it is one NOT_A_DESCRIPTOR info line that says to run Toolbox
    and save its tools/list response, never a guess at its tools."""
    folder = tmp_path / "toolbox"
    write_file(folder, "tools.yaml", TOOLBOX)
    assert problems_of(folder) == [("tools.yaml", "", "info", "NOT_A_DESCRIPTOR")]
    (message,) = messages_of(folder)
    assert "MCP Toolbox for Databases" in message and "tools/list" in message, message


# ---------------------------------------------------------------- 10. a display name as "name", the identifier as "id"

# MauricioPerera/agent-tool-description-format examples/output/herramientas.json (what the ATDF SDK writes)
HERRAMIENTA = {"id": "herramienta_de_ejemplo_57209136", "name": "Herramienta de Ejemplo",
               "description": "Una herramienta de ejemplo para mostrar la funcionalidad del SDK de ATDF", "version": "1.0.0",
               "parameters": [{"name": "param1", "description": "Un parámetro de ejemplo de tipo texto", "type": "string", "required": True},
                              {"name": "param2", "description": "Un parámetro de ejemplo de tipo numérico", "type": "number",
                               "required": False, "default": 42}],
               "category": "utilidades", "tags": ["ejemplo", "demo", "sdk"]}


def test_an_invalid_name_beside_an_id_that_is_a_valid_name_says_both_ways_to_write_it(tmp_path: Path) -> None:
    """The upstream ATDF SDK's output (examples/output/herramientas.json) gives a tool its identifier as `id`
    ("herramienta_de_ejemplo_57209136") and a display name as `name` ("Herramienta de Ejemplo"). The tool is an
    INVALID_NAME error (a space), which only offered 'Herramienta_de_Ejemplo'. Which of the two is the tool's name is
    the author's to say (never a guess), so it stays an error, and the message also offers the identifier already
    written: `id` as "name" and this text as "title"."""
    folder = tmp_path / "sdk"
    write_file(folder, "herramientas.json", [HERRAMIENTA])
    assert [(p, code) for _, p, severity, code in problems_of(folder) if severity == "error"] == [("/0/name", "INVALID_NAME")]
    (message,) = [m for m in messages_of(folder) if "not a valid MCP tool name" in m]
    assert "'herramienta_de_ejemplo_57209136'" in message and "\"title\"" in message, message
