"""A twenty-seventh probe from outside: descriptors found in the wild, round five — real files loaded verbatim.

Three gaps the earlier rounds left open (a blank description listed without a word, JSON Lines only described in an
error, a JSON list of MCP server entries read as broken tools), then tool files kept in public repositories, copied
as their authors wrote them (a minimal copy when large), loaded by the real loader, rewritten by `fix`, and listed
and called with the MCP SDK's client over stdio. Each test is built from a real file's shape (the source is named in
its docstring) and kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import write_file
from loader_views import client_view, messages_of, problems_of

from atdf_mcp import load_catalog
from atdf_mcp.fix import canonical_bytes


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `atdf-mcp ARGS` as a user does, in a real subprocess."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *args], capture_output=True, text=True, timeout=120)


# ---------------------------------------------------------------- 0a. a blank description

EMPTY = "    \n"
BLANK_TOOLS = [
    {"name": "mcp_empty", "description": "", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "mcp_blank", "description": EMPTY, "inputSchema": {"type": "object", "properties": {}}},
    {"name": "mcp_none", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "akita_blank", "description": " ", "input_schema": {"type": "object", "properties": {}}},
    {"type": "function", "function": {"name": "openai_empty", "description": "", "parameters": {"type": "object", "properties": {}}}},
    {"name": "described", "description": "Say hello.", "inputSchema": {"type": "object", "properties": {}}},
]
BLANK_ATDF = [
    {"tool_id": "atdf1_blank", "description": " ", "when_to_use": "Always.",
     "how_to_use": {"inputs": [], "outputs": {"success": "ok", "failure": []}}},
    {"schema_version": "2.0.0", "tool_id": "atdf2_blank", "description": "\t", "when_to_use": "Always.",
     "how_to_use": {"inputs": [], "outputs": {"success": "ok", "failure": []}}},
]
BLANK_ARDF = [
    {"schema_version": "1.0.0", "resource_id": "ardf_tool", "resource_type": "tool", "description": "  ",
     "content": {"type": "tool/io", "data": {"inputs": [], "outputs": {"success": "ok"}}}},
    {"schema_version": "1.0.0", "resource_id": "ardf_prompt", "resource_type": "prompt", "description": " ",
     "content": {"type": "prompt/template", "data": {"role": "user", "input_variables": ["name"], "template_text": "Hello ${name}"}}},
]


@pytest.mark.anyio
async def test_a_blank_description_is_reported_in_every_dialect_and_fix_leaves_it(tmp_path: Path) -> None:
    """A tool whose description is empty, only whitespace or missing was served with its name as the description
    (MCP, OpenAI, OpenAkita) or with the blank text (ATDF 2.x, ARDF, and ATDF 1.x whose schema only refuses ""), and
    nothing was said: a model then chooses it by its name alone. Each is an EMPTY_DESCRIPTION warning at the
    description's place in the file as written, whose message says what to write; the tool is still served, `fix`
    leaves the file alone (a description cannot be invented) and `validate --strict` fails on it."""
    folder = tmp_path / "blank"
    tools = write_file(folder, "tools.json", BLANK_TOOLS)
    write_file(folder, "atdf.json", BLANK_ATDF)
    write_file(folder, "ardf.json", BLANK_ARDF)
    found = {(f, p) for f, p, _, code in problems_of(folder) if code == "EMPTY_DESCRIPTION"}
    assert found == {("tools.json", "/0/description"), ("tools.json", "/1/description"), ("tools.json", "/2"),
                     ("tools.json", "/3/description"), ("tools.json", "/4/function/description"),
                     ("atdf.json", "/0/description"), ("atdf.json", "/1/description"),
                     ("ardf.json", "/0/description"), ("ardf.json", "/1/description")}, found
    assert {s for _, _, s, c in problems_of(folder) if c == "EMPTY_DESCRIPTION"} == {"warning"}
    messages = messages_of(folder, "EMPTY_DESCRIPTION")
    assert any("'mcp_empty'" in m and "what it does" in m and '"description"' in m for m in messages), messages
    assert any("'ardf_prompt'" in m and "prompt" in m for m in messages), messages
    view = await client_view(folder)
    assert {"mcp_empty", "mcp_blank", "mcp_none", "akita_blank", "openai_empty", "atdf1_blank", "atdf2_blank",
            "ardf_tool", "described"} <= set(view["tools"])
    before = tools.read_bytes()
    assert canonical_bytes(before) == canonical_bytes(canonical_bytes(before) or b"")  # nothing made up on a second pass
    assert '"description": ""' in (canonical_bytes(before) or b"").decode()
    strict = cli("validate", "--strict", str(folder))
    assert strict.returncode == 1 and "EMPTY_DESCRIPTION" in strict.stdout, strict.stdout


def test_a_described_tool_and_a_resource_with_a_title_only_get_no_such_warning(tmp_path: Path) -> None:
    """The warning is about a blank text only: a described tool, and a one-word description, are not reported."""
    folder = tmp_path / "fine"
    write_file(folder, "tools.json", [BLANK_TOOLS[-1], {"name": "x", "description": "X.", "inputSchema": {"type": "object"}}])
    assert [p for p in problems_of(folder) if p[3] == "EMPTY_DESCRIPTION"] == []


# ---------------------------------------------------------------- 0b. JSON Lines

# ShishirPatil/gorilla berkeley-function-call-leaderboard: function documents kept one JSON object a line
LINE_TOOLS = [
    {"name": "calculate_triangle_area", "description": "Calculate the area of a triangle given its base and height.",
     "parameters": {"type": "dict", "properties": {"base": {"type": "integer", "description": "The base."},
                                                   "height": {"type": "integer", "description": "The height."}},
                    "required": ["base", "height"]}},
    {"name": "math_factorial", "description": "Calculate the factorial of a given number.",
     "parameters": {"type": "dict", "properties": {"number": {"type": "integer", "description": "The number."}},
                    "required": ["number"]}},
    {"name": "bad name!", "description": "A name MCP refuses.", "inputSchema": {"type": "object"}},
]


@pytest.mark.anyio
@pytest.mark.parametrize("name", ["functions.jsonl", "functions.json"])
async def test_json_lines_load_one_descriptor_a_line_with_each_problem_at_its_line(tmp_path: Path, name: str) -> None:
    """BFCL keeps its function documents one JSON object a line (JSON Lines), in `.json` files (ticket_api.json,
    BFCL_v4_*.json) and elsewhere `.jsonl`: a `.jsonl` file was not read at all and a `.json` one was a PARSE_ERROR
    that only described the file. Both load one descriptor a line; every problem says its line (the pointer /N is the
    Nth document); a line that does not parse is a PARSE_ERROR of that line only, and the other lines are served."""
    folder = tmp_path / "jsonl"
    lines = [json.dumps(LINE_TOOLS[0]), "", json.dumps(LINE_TOOLS[1]), '{"name": "broken", "description": "x",',
             json.dumps(LINE_TOOLS[2])]
    write_file(folder, name, "\n".join(lines) + "\n")
    report = load_catalog(folder).report
    errors = [(p.pointer, p.code, p.message) for p in report.errors]
    assert [(ptr, code) for ptr, code, _ in errors] == [("/2", "PARSE_ERROR"), ("/3/name", "INVALID_NAME")], errors
    assert errors[0][2].startswith("line 4:") and errors[1][2].startswith("line 5:"), errors
    warnings = [(p.pointer, p.message) for p in report.warnings if p.code == "NON_CANONICAL"]
    assert warnings and all(m.startswith(("line 1:", "line 3:")) for _, m in warnings), warnings
    view = await client_view(folder, {"math_factorial": {"number": "five"}})
    assert set(view["tools"]) == {"calculate_triangle_area", "math_factorial"}
    assert view["tools"]["math_factorial"]["inputSchema"]["type"] == "object"
    is_error, envelope = view["calls"]["math_factorial"]
    assert is_error and envelope["errors"][0]["parameter_name"] == "number", envelope


def test_fix_rewrites_json_lines_line_by_line_and_validate_reads_them(tmp_path: Path) -> None:
    """`fix` rewrites each line of a JSON Lines file on its own line (one JSON object a line stays so; a line that
    does not parse is left as it was), and the result validates with no NON_CANONICAL warning."""
    folder = tmp_path / "jsonl"
    lines = [json.dumps(LINE_TOOLS[0]), json.dumps(LINE_TOOLS[1]), "not json at all"]
    path = write_file(folder, "functions.jsonl", "\n".join(lines) + "\n")
    done = cli("fix", "--write", str(folder))
    assert done.returncode == 1 and "line 3" in done.stderr, done.stderr  # the bad line cannot be fixed
    written = path.read_text().splitlines()
    assert len(written) == 3 and written[2] == "not json at all", written
    first = json.loads(written[0])
    assert first["inputSchema"]["type"] == "object" and "parameters" not in first, first
    assert [p for p in problems_of(folder) if p[3] == "NON_CANONICAL"] == []
    report = cli("validate", "--format", "json", str(folder))
    summary = json.loads(report.stdout)["summary"]
    assert summary["descriptors"] == 2 and summary["errors"] == 1, summary


def test_a_json_file_that_is_not_json_lines_keeps_its_parse_error(tmp_path: Path) -> None:
    """A pretty-printed JSON file with a syntax error is not read as JSON Lines: its PARSE_ERROR is as before."""
    folder = tmp_path / "bad"
    write_file(folder, "t.json", '{\n  "name": "t",\n  "description": "x"\n  "inputSchema": {}\n}\n')
    assert problems_of(folder) == [("t.json", "", "error", "PARSE_ERROR")]


# ---------------------------------------------------------------- 0c. a JSON list of MCP server entries

# mosadchaya/mcp-dockmaster exported-servers.json (two of its eleven servers, descriptions shortened)
DOCKMASTER = {"version": "1.0", "servers": [
    {"id": "modelcontextprotocol/servers-fetch", "name": "Fetch MCP Server",
     "description": "The Fetch MCP Server provides web content fetching capabilities.", "tools_type": "python",
     "enabled": True, "entry_point": None, "command": "uvx", "args": ["mcp-server-fetch"], "distribution_type": "pip",
     "distribution_package": "mcp-server-fetch", "env_vars": {}},
    {"id": "upstash/context7", "name": "@upstash/context7-mcp MCP Server", "description": "MCP server for Context7",
     "tools_type": "node", "enabled": True, "entry_point": None, "command": "npx", "args": ["-y", "@upstash/context7-mcp"],
     "distribution_type": "npm", "distribution_package": "@upstash/context7-mcp", "env_vars": {}},
]}


def test_a_list_of_mcp_server_entries_is_said_in_one_info_line(tmp_path: Path) -> None:
    """mcp-dockmaster's exported-servers.json (mosadchaya/mcp-dockmaster) keeps `{"version", "servers": [...]}`, each
    server an id, name, description, command and args: each was an AMBIGUOUS error ("args" is not a schema), and a
    bare list of such entries too; one with `tool_id` was read as a broken ATDF tool, and one with a `url` and
    `"type": "http"` as a tool hosted by a model API. Each file is one NOT_A_DESCRIPTOR info line that says it holds
    N MCP server entries and what to do (run them, save their tools/list responses)."""
    folder = tmp_path / "servers"
    write_file(folder, "exported-servers.json", DOCKMASTER)
    write_file(folder, "list.json", DOCKMASTER["servers"])
    write_file(folder, "mixed.json", [{"tool_id": "github", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},
                                      {"name": "remote", "type": "http", "url": "https://example.com/mcp"}])
    write_file(folder, "good.json", {"name": "ok", "description": "Fine.", "inputSchema": {"type": "object"}})
    assert sorted(problems_of(folder)) == [("exported-servers.json", "", "info", "NOT_A_DESCRIPTOR"),
                                           ("list.json", "", "info", "NOT_A_DESCRIPTOR"),
                                           ("mixed.json", "", "info", "NOT_A_DESCRIPTOR")]
    messages = messages_of(folder, "NOT_A_DESCRIPTOR")
    assert all("MCP server" in m and "tools/list" in m for m in messages), messages
    assert any("2 MCP server entries" in m for m in messages), messages


def test_a_tool_list_with_a_server_beside_its_tools_is_not_a_server_list(tmp_path: Path) -> None:
    """A list whose entries include a described tool is still read as tools: only a list of nothing but server
    entries is skipped."""
    folder = tmp_path / "tools"
    write_file(folder, "t.json", [{"name": "ok", "description": "Fine.", "inputSchema": {"type": "object"}},
                                  {"name": "srv", "command": "npx"}])
    codes = {c for *_, c in problems_of(folder)}
    assert "NOT_A_DESCRIPTOR" not in codes or any(p[1] == "/1" for p in problems_of(folder)), problems_of(folder)
    assert "ok" in {d.id for d in load_catalog(folder).tools}


# ---------------------------------------------------------------- 1. Letta tool objects

# letta-ai/letta apps/web/cypress/downloads/customer-support-agent.af, "tools" (two of its eight; Letta's REST API
# answers GET /v1/tools with the same objects)
LETTA_CORE = {
    "id": "tool-3", "tool_type": "letta_core",
    "description": "Search prior conversation history using case-insensitive string matching.",
    "source_type": "python", "name": "conversation_search", "tags": ["letta_core"], "source_code": None,
    "json_schema": {"name": "conversation_search",
                    "description": "Search prior conversation history using case-insensitive string matching.",
                    "parameters": {"type": "object", "properties": {
                        "query": {"type": "string", "description": "String to search for."},
                        "page": {"type": "integer", "description": "Allows you to page through results."}},
                        "required": ["query"]}},
    "args_json_schema": None, "return_char_limit": 1000000, "pip_requirements": None, "npm_requirements": None,
    "created_by_id": "user-204b712e-448e-497b-9020-d9157d3723c4", "metadata_": {},
}
LETTA_CUSTOM = {
    "id": "tool-4", "tool_type": "custom", "description": "A custom tool", "source_type": "python", "name": "escalate",
    "tags": [], "source_code": "def escalate(reason: str):\n    \"\"\"Escalates the current chat session to a human support agent.\"\"\"\n",
    "json_schema": {"name": "escalate", "description": "Escalates the current chat session to a human support agent.",
                    "parameters": {"type": "object", "properties": {
                        "reason": {"type": "string", "description": "The reason for the escalation."}},
                        "required": ["reason"]}},
    "args_json_schema": None, "return_char_limit": 6000,
}


@pytest.mark.anyio
async def test_letta_tool_objects_are_read_from_their_json_schema(tmp_path: Path) -> None:
    """Letta keeps a tool as {id, tool_type, name, description, source_code, json_schema: {name, description,
    parameters}, ...} (letta-ai/letta customer-support-agent.af, and its REST API's GET /v1/tools): each was an
    UNKNOWN_DIALECT error. The function in "json_schema", which Letta sends to the model, is read as the MCP tool, with
    a NON_CANONICAL warning; Letta's own keys stay on the tool (not on the wire) and `fix` writes them beside it. A
    custom tool whose outer "description" ('A custom tool') differs from the function's is AMBIGUOUS, the message
    naming both and which one Letta sends."""
    folder = tmp_path / "letta"
    path = write_file(folder, "tools.json", [LETTA_CORE, LETTA_CUSTOM])
    problems = problems_of(folder)
    assert ("tools.json", "/0/json_schema", "warning", "NON_CANONICAL") in problems, problems
    assert [p for p in problems if p[2] == "error"] == [("tools.json", "/1/description", "error", "AMBIGUOUS")], problems
    (message,) = messages_of(folder, "AMBIGUOUS")
    assert "'A custom tool'" in message and "Escalates" in message and "Letta sends" in message, message
    view = await client_view(folder, {"conversation_search": {"query": 3}})
    assert set(view["tools"]) == {"conversation_search"}
    tool = view["tools"]["conversation_search"]
    assert tool["inputSchema"]["required"] == ["query"] and "source_code" not in tool and "tool_type" not in tool, tool
    is_error, envelope = view["calls"]["conversation_search"]
    assert is_error and envelope["errors"][0]["parameter_name"] == "query", envelope
    write_file(folder, "tools.json", [LETTA_CORE])
    fixed = canonical_bytes(path.read_bytes())
    assert fixed is not None
    (written,) = json.loads(fixed)
    assert written["inputSchema"]["required"] == ["query"] and written["tool_type"] == "letta_core", written
    assert "json_schema" not in written and "parameters" not in written


# ---------------------------------------------------------------- 2. CrewAI tool.specs.json

# crewAIInc/crewAI-tools tool.specs.json (one of its tools, init_params_schema shortened)
CREWAI_SPECS = {"tools": [{
    "description": "A tool that can be used to search the internet with a search_query.",
    "env_vars": [{"default": None, "description": "API key for Brave Search", "name": "BRAVE_API_KEY", "required": True}],
    "humanized_name": "Brave Web Search the internet",
    "init_params_schema": {"properties": {"n_results": {"default": 10, "title": "N Results", "type": "integer"}},
                           "title": "BraveSearchTool", "type": "object"},
    "name": "BraveSearchTool", "package_dependencies": [],
    "run_params_schema": {"description": "Input for BraveSearchTool.", "properties": {"search_query": {
        "description": "Mandatory search query you want to use to search the internet", "title": "Search Query",
        "type": "string"}}, "required": ["search_query"], "title": "BraveSearchToolSchema", "type": "object"},
}]}


@pytest.mark.anyio
async def test_crewai_tool_specs_run_params_schema_is_the_input_schema(tmp_path: Path) -> None:
    """CrewAI publishes its tools as tool.specs.json (crewAIInc/crewAI-tools): `run_params_schema` is the JSON Schema
    of the arguments of a call (`_run`), `init_params_schema` that of the tool's constructor. Each tool was an
    UNKNOWN_DIALECT error; `run_params_schema` is read as the input schema with a NON_CANONICAL warning (as
    LangChain's `args_schema` is), a wrong call is refused with the parameter named, and `fix` writes "inputSchema"."""
    folder = tmp_path / "crewai"
    path = write_file(folder, "tool.specs.json", CREWAI_SPECS)
    assert problems_of(folder) == [("tool.specs.json", "/tools/0/run_params_schema", "warning", "NON_CANONICAL")]
    view = await client_view(folder, {"BraveSearchTool": {"search_query": 5}})
    assert view["tools"]["BraveSearchTool"]["inputSchema"]["required"] == ["search_query"]
    is_error, envelope = view["calls"]["BraveSearchTool"]
    assert is_error and envelope["errors"][0]["parameter_name"] == "search_query", envelope
    fixed = json.loads(canonical_bytes(path.read_bytes()) or b"{}")
    assert "inputSchema" in fixed["tools"][0] and "run_params_schema" not in fixed["tools"][0]
    assert fixed["tools"][0]["init_params_schema"] == CREWAI_SPECS["tools"][0]["init_params_schema"]


# ---------------------------------------------------------------- 3. files about agents, plugins and data sets

AGENT_FILES = {
    # Roelzz/dad-joke-a2a-agent agent-card.json (one skill of three)
    "agent-card.json": ({"protocolVersion": "1.0", "name": "Dad Joke Agent", "description": "A fun agent that delivers dad jokes.",
                         "version": "1.0.0", "supportedInterfaces": [{"url": "{BASE_URL}/api/messages", "protocolBinding": "JSONRPC"}],
                         "capabilities": {"streaming": False}, "defaultInputModes": ["text/plain"],
                         "skills": [{"id": "random_joke", "name": "Random Dad Joke", "description": "Get a random dad joke",
                                     "tags": ["joke"], "examples": ["Tell me a dad joke"], "outputModes": ["text/plain"]}]},
                        "A2A agent card"),
    # Azure-Samples/openai-plugin-fastapi .well-known/ai-plugin.json
    "ai-plugin.json": ({"schema_version": "v1", "name_for_model": "contosoproducts", "name_for_human": "Contoso Product Search",
                        "description_for_model": "Plugin for searching through my shop.", "auth": {"type": "none"},
                        "api": {"type": "openapi", "is_user_authenticated": "false", "url": "$host/openapi.json"}},
                       "OpenAPI document"),
    # huimiu/poc-api-plugin appPackage/ai-plugin.json (its adaptive card left out)
    "copilot-plugin.json": ({"schema_version": "v2", "name_for_human": "Repair Search Plugin", "name_for_model": "todo",
                             "description_for_model": "Plugin for searching a repair list.",
                             "runtimes": [{"type": "openapi", "auth": {"type": "none"}, "spec": {"url": "apiSpecificationFile/repair.yaml"}}],
                             "functions": [{"name": "repair", "description": "Search for repairs", "capabilities": {}}]},
                            "OpenAPI document"),
    # 0xKoda/WireMCP smithery.yaml
    "smithery.yaml": ("startCommand:\n  type: stdio\n  configSchema:\n    type: object\n    properties: {}\n"
                      "  commandFunction:\n    |-\n    (config) => ({ command: 'node', args: ['index.js'] })\n  exampleConfig: {}\n",
                      "tools/list"),
    # block/goose crates/goose/src/prompts/subrecipes/planner.yaml (instructions shortened)
    "planner.yaml": ("version: \"1.0.0\"\ntitle: Planner\ndescription: Strategic planning for complex tasks.\nparameters:\n"
                     "  - key: goal\n    input_type: string\n    requirement: required\n    description: What needs to be accomplished.\n"
                     "instructions: |\n  You are **Planner**.\n  ## Goal\n  {{ goal }}\nmax_turns: 30\n", "ARDF prompt"),
    # microsoft/promptflow src/promptflow-tools/promptflow/tools/yamls/serpapi.yaml (two inputs of six)
    "serpapi.yaml": ("promptflow.tools.serpapi.SerpAPI.search:\n  name: Serp API\n  description: Use Serp API to obtain search results.\n"
                     "  inputs:\n    connection:\n      type:\n      - SerpConnection\n    query:\n      type:\n      - string\n"
                     "  type: python\n  module: promptflow.tools.serpapi\n  class_name: SerpAPI\n  function: search\n",
                     "connection"),
    # microsoft/semantic-kernel python/samples/concepts/resources/sample_plugins/generate_story.yaml
    "generate_story.yaml": ("name: GenerateStory\ntemplate: |\n    Tell a story about {{$topic}}.\ntemplate_format: semantic-kernel\n"
                            "description: A function that generates a story about a topic.\ninput_variables:\n"
                            "    - name: topic\n      description: The topic of the story.\n      is_required: true\n", "ARDF prompt"),
    # microsoft/semantic-kernel python/samples/concepts/resources/declarative_spec/openai_assistant_spec.yaml
    "assistant_spec.yaml": ("type: openai_assistant\nname: FunctionCallingAgent\ndescription: Answers questions about the menu.\n"
                            "instructions: Use the provided functions.\nmodel:\n  id: ${OpenAI:ChatModelId}\ntools:\n"
                            "  - id: MenuPlugin.get_specials\n    type: function\n", "plugin functions"),
    # continuedev/continue .continue/mcpServers/linear-mcp.yaml
    "linear-mcp.yaml": ("name: Linear MCP\ndescription: Linear MCP server for creating and managing Linear issues\nmcpServers:\n"
                        "  - name: \"Linear\"\n    type: \"stdio\"\n    command: \"npx\"\n    args: [\"@linear/mcp-server\"]\n",
                        "MCP server"),
    # ShishirPatil/gorilla berkeley-function-call-leaderboard/data/BFCL_v3_simple.jsonl (one line)
    "BFCL_v3_simple.jsonl": (json.dumps({"id": "simple_0", "question": [[{"role": "user", "content": "Find the area."}]],
                                         "function": [LINE_TOOLS[0]]}) + "\n", "\"function\" list"),
    # ShishirPatil/gorilla data/apizoo/Datadog_API.jsonl (one line)
    "Datadog_API.jsonl": (json.dumps({"user_name": "meenakshimittal", "api_name": "Datadog API - Key Management: Create an API key",
                                      "api_call": "POST /api/v2/api_keys", "api_version": "v2", "api_arguments": {},
                                      "functionality": "Create an API key."}) + "\n", "data set"),
}


@pytest.mark.parametrize("name", sorted(AGENT_FILES))
def test_files_about_agents_plugins_servers_and_data_sets_are_one_info_line(tmp_path: Path, name: str) -> None:
    """Files kept beside tools that hold none to serve: an A2A agent card (skills take no arguments), ChatGPT and
    Microsoft 365 Copilot ai-plugin.json (the operations are in the OpenAPI document they point at), smithery.yaml,
    a Goose recipe, a prompt flow tool package (connection inputs), Semantic Kernel prompt templates and declarative
    agent specs, a Continue mcpServers block, and JSON Lines data sets (BFCL's questions, Gorilla's API Zoo). Each was
    one UNKNOWN_DIALECT error a skill, function or line; each is one NOT_A_DESCRIPTOR info line saying what the file
    is and what to do, and a tool beside it is served."""
    content, said = AGENT_FILES[name]
    folder = tmp_path / "cat"
    write_file(folder, name, content)
    write_file(folder, "good.json", BLANK_TOOLS[-1])
    assert problems_of(folder) == [(name, "", "info", "NOT_A_DESCRIPTOR")]
    (message,) = messages_of(folder, "NOT_A_DESCRIPTOR")
    assert message.startswith("skipped: ") and said in message, message
    assert {d.id for d in load_catalog(folder).tools} == {"described"}


def test_a_json_lines_file_with_a_tool_line_is_not_a_data_set(tmp_path: Path) -> None:
    """Only records none of which reads as a tool are a data set: a line with a name and a description beside
    records that are not descriptors keeps its UNKNOWN_DIALECT error, so a broken tool is never skipped."""
    folder = tmp_path / "cat"
    write_file(folder, "mixed.jsonl", json.dumps({"api_name": "x", "api_call": "GET /x"}) + "\n"
               + json.dumps({"name": "broken", "description": "A tool with no schema."}) + "\n")
    assert [p for p in problems_of(folder) if p[3] == "NOT_A_DESCRIPTOR"] == []


# ---------------------------------------------------------------- 4. messages that say what was written instead

# MauricioPerera/agentic-tools-poc manifest.json (one tool of six, its versions and hashes left out)
POC_TOOL = {"slug": "dictionary", "name": "English Dictionary",
            "summary": "Look up an English word's definitions, parts of speech, phonetic, and example sentences.",
            "version": "1.0.0", "sideEffects": "read",
            "inputSchema": {"type": "object", "required": ["word"], "properties": {"word": {"type": "string"}}}}
# github/github-mcp-server pkg/github/__toolsnaps__/get_file_contents_typed.snap (its output schema shortened)
TYPED_SNAP = {"name": "get_file_contents", "description": "Get the contents of a file or directory from a GitHub repository",
              "inputSchema": {"type": "object", "properties": {"owner": {"type": "string", "x-mcp-header": "owner"}},
                              "required": ["owner"]},
              "outputSchema": {"oneOf": [{"type": "null"}, {"type": ["null", "array"], "items": {"type": "object"}},
                                         {"type": "object", "properties": {"content": {"type": "array"}}}]}}


def test_a_display_name_beside_a_slug_and_a_summary_are_named_in_the_messages(tmp_path: Path) -> None:
    """agentic-tools-poc's registry manifest names a tool by "slug" (a valid tool name), shows "name" ('English
    Dictionary') and describes it in "summary": INVALID_NAME offered only a spelling of the display name, and the new
    EMPTY_DESCRIPTION warning only "write a description". They now offer the slug as "name" (the text as "title") and
    the summary as "description"; neither is read so, which would be a guess."""
    folder = tmp_path / "poc"
    write_file(folder, "manifest.json", {"registryVersion": "1.0", "tools": [POC_TOOL]})
    messages = messages_of(folder)
    assert any("\"slug\" ('dictionary')" in m and "\"title\"" in m for m in messages), messages
    assert any("\"summary\"" in m and "EMPTY" not in m and "description" in m for m in messages_of(folder, "EMPTY_DESCRIPTION"))


def test_an_output_schema_with_a_union_at_its_root_says_so(tmp_path: Path) -> None:
    """GitHub's MCP server snapshots a typed tool whose output schema is a oneOf (null, array, object) at the root:
    the INVALID_OUTPUT_SCHEMA error said "its root must be "type": "object", not None". It now says the root has no
    "type" but a 'oneOf' of null, array and object, and what to do."""
    folder = tmp_path / "gh"
    write_file(folder, "get_file_contents.json", TYPED_SNAP)
    (message,) = messages_of(folder, "INVALID_OUTPUT_SCHEMA")
    assert "not None" not in message and "'oneOf'" in message and "outputSchema" in message, message


@pytest.mark.anyio
async def test_a_json_lines_file_written_while_serving_is_listed(tmp_path: Path) -> None:
    """Live reload watched .json, .yaml, .yml and .py only: a `.jsonl` file added to a served catalogue was never
    read. Its tools reach a connected client as tools/list_changed and the next tools/list."""
    from test_live_reload import TOOLS_CHANGED, Inbox, connected, mcp_tool, tools_of

    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    inbox = Inbox()
    async with connected("stdio", folder, inbox) as (client, _):
        assert set(await tools_of(client)) == {"echo"}
        lines = [json.dumps(mcp_tool("shout", "Upper-case the text.")), json.dumps(mcp_tool("whisper", "Lower-case it."))]
        write_file(folder, "more.jsonl", "\n".join(lines) + "\n")
        await inbox.wait_for(TOOLS_CHANGED, 1)
        assert set(await tools_of(client)) == {"echo", "shout", "whisper"}
