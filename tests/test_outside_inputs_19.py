"""A nineteenth probe from outside: the tool formats of the other model APIs and agent platforms (round three).

Amazon Bedrock Converse `toolSpec` tools (alone or under `toolConfig`), Bedrock Agents action groups
(`functionSchema.functions` with parameters by name), Gemini REST/Vertex `tools: [{functionDeclarations: [...]}]`,
Cohere v1 `parameter_definitions` with Python type names, and chat request bodies (Ollama, Groq, Mistral) whose
`tools` are read and whose other keys are ignored. Each was refused as UNKNOWN_DIALECT (none loaded). Each test is built
from a minimal copy of a real file's shape (the source is named in its docstring), drives the real loader, `fix` and an
SDK client, and is kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import write_file
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.fix import canonical_bytes
from atdf_mcp.server import CatalogServer


def reloaded_after_fix(path: Path) -> Any:
    """The catalogue of `path`'s folder after `fix` rewrote `path`; it must hold no warning or error."""
    fixed = canonical_bytes(path.read_bytes(), yaml_syntax=path.suffix in (".yaml", ".yml"))
    assert fixed is not None
    path.write_bytes(fixed)
    catalog = load_catalog(path.parent)
    assert [p for p in catalog.report.problems if p.code != "NO_HANDLER" and p.severity != "info"] == [], \
        catalog.report.problems
    return catalog


def non_canonical(catalog: Any) -> list[tuple[str, str]]:
    """(pointer, message) of every NON_CANONICAL warning."""
    return [(p.pointer, p.message) for p in catalog.report.warnings if p.code == "NON_CANONICAL"]


def infos(catalog: Any) -> list[str]:
    return [p.message for p in catalog.report.problems if p.severity == "info"]


CALC_HANDLERS = '''
def calculator(expression):
    """Evaluate a sum such as 2+2."""
    return {"value": sum(int(x) for x in expression.split("+"))}
'''


# ---------------------------------------------------------------- 1. Amazon Bedrock Converse

CONVERSE_TOOL_CONFIG = {  # sco3/litellm-proxy litellm/test-with-aws-cli-calc.sh (--tool-config)
    "toolChoice": {"any": {}},
    "tools": [{"toolSpec": {
        "name": "calculator",
        "description": "API to retrieve mathematical expression results",
        "inputSchema": {"json": {
            "type": "object",
            "properties": {"expression": {"type": "string", "description": "Mathematical expression to evaluate",
                                          "maxLength": 200}},
            "required": ["expression"],
        }},
    }}],
}


@pytest.mark.anyio
async def test_a_bedrock_converse_tool_config_is_served(tmp_path: Path) -> None:
    """Bedrock Converse's `--tool-config` (sco3/litellm-proxy, litellm/test-with-aws-cli-calc.sh): `{"tools":
    [{"toolSpec": {"name", "description", "inputSchema": {"json": {...}}}}]}` was UNKNOWN_DIALECT. Each toolSpec is an MCP
    tool, its schema the one under "json"; two NON_CANONICAL warnings say so; `toolChoice`, a request setting, is
    ignored with one info line; an SDK client lists and calls the tool."""
    path = write_file(tmp_path, "tool-config.json", CONVERSE_TOOL_CONFIG)
    write_file(tmp_path, "handlers.py", CALC_HANDLERS)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    schema = catalog.get("calculator").input_schema
    assert schema["properties"]["expression"]["maxLength"] == 200 and schema["required"] == ["expression"]
    warned = non_canonical(catalog)
    assert [p for p, _ in warned] == ["/tools/0/toolSpec", "/tools/0/toolSpec/inputSchema/json"], warned
    assert "toolChoice" in " ".join(infos(catalog))
    async with Client(CatalogServer(catalog).server) as client:
        [tool] = (await client.list_tools()).tools
        result = await client.call_tool("calculator", {"expression": "2+2"})
    assert tool.name == "calculator" and tool.input_schema["properties"]["expression"]["maxLength"] == 200
    assert json.loads(result.content[0].text)["value"] == 4
    fixed = reloaded_after_fix(path)
    assert fixed.get("calculator").input_schema["required"] == ["expression"]
    assert json.loads(path.read_text())["tools"][0]["inputSchema"]["type"] == "object"


def test_a_converse_request_body_keeps_its_tool_config_tools(tmp_path: Path) -> None:
    """A whole Converse request saved as JSON (`{"modelId", "messages", "toolConfig": {"tools": [...]}}`, the body the
    aws-cli test above sends): the tools are read from `toolConfig.tools`, with one NON_CANONICAL warning for the
    wrapper, and `fix` lifts them to the root `"tools"`, leaving the request's other keys as they were."""
    body = {"modelId": "anthropic.claude-3-haiku-20240307-v1:0",
            "messages": [{"role": "user", "content": [{"text": "calculate 2*2"}]}],
            "toolConfig": CONVERSE_TOOL_CONFIG}
    path = write_file(tmp_path, "converse.json", body)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [] and catalog.get("calculator") is not None
    assert "/toolConfig" in [p for p, _ in non_canonical(catalog)]
    [info] = [m for m in infos(catalog) if "ignored" in m]
    assert '"modelId"' in info and '"messages"' in info
    reloaded_after_fix(path)
    written = json.loads(path.read_text())
    assert written["tools"][0]["name"] == "calculator" and written["modelId"] == body["modelId"]
    assert written["toolConfig"] == {"toolChoice": {"any": {}}}


# ---------------------------------------------------------------- 2. Amazon Bedrock Agents action groups

ACTION_GROUP = {  # aws/aws-cdk-go awsbedrockalpha/FunctionParameterProps.go (its example, as the API's JSON)
    "actionGroupName": "library",
    "functionSchema": {"functions": [
        {"name": "searchBooks", "description": "Search for books in the library catalog",
         "parameters": {
             "query": {"type": "string", "required": True, "description": "The search query string"},
             "maxResults": {"type": "integer", "required": False, "description": "Maximum number of results to return"},
         },
         "requireConfirmation": "DISABLED"},
        {"name": "getBookDetails", "description": "Get detailed information about a specific book",
         "parameters": {"bookId": {"type": "string", "required": True, "description": "The unique identifier of the book"}},
         "requireConfirmation": "ENABLED"},
    ]},
}


def test_a_bedrock_agents_function_schema_is_served(tmp_path: Path) -> None:
    """A Bedrock Agents action group (aws/aws-cdk-go, awsbedrockalpha/FunctionParameterProps.go and
    awscdk/awsbedrock/CfnAgent_FunctionProperty.go): `functionSchema.functions`, each with parameters by name and a
    `"required": true|false` flag, was UNKNOWN_DIALECT. Each function is a tool; the flags become `required` lists;
    `fix` writes `{"tools": [...]}` and keeps the action group's other keys."""
    path = write_file(tmp_path, "action-group.json", ACTION_GROUP)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    search = catalog.get("searchBooks").input_schema
    assert search["required"] == ["query"] and search["properties"]["maxResults"]["type"] == "integer"
    assert catalog.get("getBookDetails").input_schema["required"] == ["bookId"]
    assert "/functionSchema" in [p for p, _ in non_canonical(catalog)]
    reloaded_after_fix(path)
    written = json.loads(path.read_text())
    assert [t["name"] for t in written["tools"]] == ["searchBooks", "getBookDetails"]
    assert written["actionGroupName"] == "library" and "functionSchema" not in written


def test_require_confirmation_is_kept_on_the_tool(tmp_path: Path) -> None:
    """`requireConfirmation: "ENABLED"` asks the user before the action runs: it is not lost, it is kept on the tool
    as written (MCP tools may carry extra keys) and the tool is served."""
    write_file(tmp_path, "action-group.json", ACTION_GROUP)
    catalog = load_catalog(tmp_path)
    assert catalog.get("getBookDetails").raw.get("requireConfirmation") == "ENABLED"


# ---------------------------------------------------------------- 3. Gemini REST / Vertex

GEMINI_REQUEST = {  # philschmid/gemini-update-node-snippets fc/curl/meeting.sh (the -d body)
    "contents": [{"role": "user", "parts": [{"text": "Schedule a meeting with Bob and Alice."}]}],
    "tools": [{"functionDeclarations": [{
        "name": "schedule_meeting",
        "description": "Schedules a meeting with specified attendees at a given time and date.",
        "parameters": {
            "type": "object",
            "properties": {
                "attendees": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "date": {"type": "string", "description": "Date of the meeting (e.g., '2024-07-29')"},
                "topic": {"type": "string"},
            },
            "required": ["attendees", "date"],
        },
    }]}],
}


@pytest.mark.anyio
@pytest.mark.parametrize("key", ["functionDeclarations", "function_declarations"])
async def test_gemini_function_declarations_in_a_tools_item_are_served(tmp_path: Path, key: str) -> None:
    """Gemini's REST body (philschmid/gemini-update-node-snippets fc/curl/meeting.sh; snake_case in
    paulperet/ai-cookbook-dataset instruction_ready_md/Function_calling_REST.md): `tools: [{functionDeclarations:
    [...]}]` was UNKNOWN_DIALECT. Every declaration is a tool; `fix` writes them straight into `"tools"`."""
    body = json.loads(json.dumps(GEMINI_REQUEST).replace("functionDeclarations", key))
    body["tools"][0][key].append({"name": "cancel_meeting", "description": "Cancels a meeting.",
                                  "parameters": {"type": "OBJECT", "properties": {"id": {"type": "STRING"}}}})
    path = write_file(tmp_path, "gemini.json", body)
    write_file(tmp_path, "handlers.py", "def schedule_meeting(attendees, date, topic=''):\n    return len(attendees)\n")
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    assert catalog.get("schedule_meeting").input_schema["properties"]["attendees"]["minItems"] == 1
    assert catalog.get("cancel_meeting").input_schema["properties"]["id"]["type"] == "string"
    assert f"/tools/0/{key}" in [p for p, _ in non_canonical(catalog)]
    assert any('"contents"' in m for m in infos(catalog))
    async with Client(CatalogServer(catalog).server) as client:
        names = sorted(t.name for t in (await client.list_tools()).tools)
        result = await client.call_tool("schedule_meeting", {"attendees": ["Bob", "Alice"], "date": "2025-03-27"})
    assert names == ["cancel_meeting", "schedule_meeting"] and json.loads(result.content[0].text) == {"result": 2}
    reloaded_after_fix(path)
    assert [t["name"] for t in json.loads(path.read_text())["tools"]] == ["schedule_meeting", "cancel_meeting"]


def test_gemini_hosted_tools_beside_declarations_are_said_and_left_out(tmp_path: Path) -> None:
    """`{"googleSearch": {}}` and `{"code_execution": {}}` sit beside function declarations in Gemini's `tools`
    (jezweb/google-gemini-context rest-api/function-calling.md): run by Google, they are an info line each, not errors."""
    body = {"tools": [*GEMINI_REQUEST["tools"], {"googleSearch": {}}, {"code_execution": {}}]}
    write_file(tmp_path, "gemini.json", body)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    assert sum("hosted by the model API's provider" in m for m in infos(catalog)) == 2


# ---------------------------------------------------------------- 4. Cohere v1 parameter_definitions

COHERE_TOOLS = [  # patrickcarmichael/claude-docs docs/ai-platforms/cohere/formatted/1296-step-1-user-configures-...md
    {"name": "query_daily_sales_report",
     "description": "Connects to a database to retrieve overall sales volumes and sales information for a given day.",
     "parameter_definitions": {
         "day": {"description": "Retrieves sales data for this day, formatted as YYYY-MM-DD.", "type": "str",
                 "required": True},
         "regions": {"description": "Regions to include.", "type": "List[str]", "required": False},
         "limits": {"description": "Per-region limits.", "type": "Dict[str, int]"},
         "ratio": {"description": "Share of sales.", "type": "float", "required": False},
     }},
]


def test_cohere_parameter_definitions_are_served_with_json_types(tmp_path: Path) -> None:
    """Cohere v1 tools (patrickcarmichael/claude-docs, docs/ai-platforms/cohere/formatted/1296-step-1-user-configures-
    the-request-to-the-model.md): `parameter_definitions` by name with Python type names (`str`, `List[str]`,
    `Dict[str, int]`, `float`) and `required` flags was UNKNOWN_DIALECT. Read as an input schema with JSON types (a
    `List[str]` an array of strings), `day` required; `fix` writes the canonical form."""
    path = write_file(tmp_path, "cohere.json", COHERE_TOOLS)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    schema = catalog.get("query_daily_sales_report").input_schema
    props = schema["properties"]
    assert schema["required"] == ["day"]
    assert props["day"]["type"] == "string" and props["ratio"]["type"] == "number"
    assert props["regions"]["type"] == "array" and props["regions"]["items"] == {"type": "string"}
    assert props["limits"]["type"] == "object" and props["limits"]["additionalProperties"] == {"type": "integer"}
    messages = " ".join(m for _, m in non_canonical(catalog))
    assert '"type": "array", "items": {"type": "string"}' in messages
    reloaded_after_fix(path)


def test_an_unreadable_python_type_is_ambiguous(tmp_path: Path) -> None:
    """`List[Tuple[str, int]]` has no one JSON Schema: the tool is an AMBIGUOUS error naming the type, never a guess."""
    tool = json.loads(json.dumps(COHERE_TOOLS[0]))
    tool["parameter_definitions"]["regions"]["type"] = "List[Tuple[str, int]]"
    write_file(tmp_path, "cohere.json", [tool])
    catalog = load_catalog(tmp_path)
    [error] = catalog.report.errors
    assert error.code == "AMBIGUOUS" and "List[Tuple[str, int]]" in error.message, error
    assert error.pointer == "/0/parameter_definitions/regions/type"


# ---------------------------------------------------------------- 5. chat request bodies

OLLAMA_REQUEST = {  # TimHanewich/Agentic-AI readme.md (POST /api/chat)
    "model": "qwen2.5:0.5b",
    "messages": [{"role": "user", "content": "Sarasota, FL"}],
    "stream": False,
    "tools": [{"type": "function", "function": {
        "name": "get_current_weather",
        "description": "Get the current weather for a location",
        "parameters": {"type": "object",
                       "properties": {"location": {"type": "string"},
                                      "format": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
                       "required": ["location", "format"]},
    }}],
}


def test_a_chat_request_body_serves_its_tools_and_ignores_the_rest(tmp_path: Path) -> None:
    """An Ollama `/api/chat` body saved as JSON (TimHanewich/Agentic-AI readme.md; Groq and Mistral send the same
    shape): its tools are read, and `model`, `messages`, `stream` are ignored with one info line, not silently."""
    path = write_file(tmp_path, "chat.json", OLLAMA_REQUEST)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    assert catalog.get("get_current_weather").input_schema["properties"]["format"]["enum"] == ["celsius", "fahrenheit"]
    [info] = [m for m in infos(catalog) if "ignored" in m]
    assert all(f'"{k}"' in info for k in ("model", "messages", "stream")), info
    reloaded_after_fix(path)
    assert json.loads(path.read_text())["model"] == "qwen2.5:0.5b"


# ---------------------------------------------------------------- 6. --strict

@pytest.mark.parametrize("content", [CONVERSE_TOOL_CONFIG, ACTION_GROUP, GEMINI_REQUEST, COHERE_TOOLS])
def test_strict_validation_fails_on_the_rewrites(tmp_path: Path, content: Any) -> None:
    """`validate --strict` fails on these shapes, as on every NON_CANONICAL warning."""
    from atdf_mcp.cli import main

    write_file(tmp_path, "tools.json", content)
    assert main(["validate", str(tmp_path)]) == 0
    assert main(["validate", "--strict", str(tmp_path)]) == 1


def test_an_assistant_export_names_what_it_ignores(tmp_path: Path) -> None:
    """An OpenAI/Azure Assistants object saved as JSON (the shape tests/test_outside_inputs_12.py keeps): its function
    tools are served, and its `instructions`, `model`... are said, in one info line, to be ignored."""
    assistant = {"id": "asst_abc123", "object": "assistant", "name": "helper", "model": "gpt-4o",
                 "instructions": "Help.", "tools": OLLAMA_REQUEST["tools"]}
    write_file(tmp_path, "assistant.json", assistant)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [] and catalog.get("get_current_weather") is not None
    [info] = [m for m in infos(catalog) if "ignored" in m]
    assert '"instructions"' in info and '"model"' in info


def test_the_summary_line_counts_notes_apart_from_skipped_files(tmp_path: Path) -> None:
    """`validate`'s last line said "1 file(s) skipped" for a request body whose tools were all served: an info line
    about a file that loads is a note; only a file skipped whole is counted as skipped."""
    from atdf_mcp.summary import Counts

    write_file(tmp_path, "chat.json", OLLAMA_REQUEST)
    write_file(tmp_path, "package.json", {"name": "x", "version": "1.0.0", "dependencies": {}})
    catalog = load_catalog(tmp_path)
    text = Counts.of(catalog, catalog.report.problems).text()
    assert text.endswith("1 file(s) skipped, 1 note(s)"), text


# ---------------------------------------------------------------- 7. Dify tool YAML

DIFY_TOOL = """\
identity:
  name: web_search
  author: Dify
  label:
    en_US: Web search
    zh_Hans: 网页搜索
description:
  human:
    en_US: A tool for searching the web
    zh_Hans: 用于搜索网页的工具
  llm: Search the web for pages about a query.
parameters:
  - name: query
    type: string
    required: true
    label:
      en_US: Query string
      zh_Hans: 查询语句
    human_description:
      en_US: used for searching
    llm_description: key words for searching
    form: llm
  - name: max_results
    type: number
    required: false
    label:
      en_US: Max results
    default: 10
    min: 1
    max: 50
    form: form
  - name: language
    type: select
    required: false
    options:
      - value: en
        label:
          en_US: English
      - value: zh
        label:
          en_US: Chinese
    default: en
    form: llm
extra:
  python:
    source: tools/web_search.py
"""
DIFY_PROVIDER = """\
identity:
  author: Dify
  name: websearch
  label:
    en_US: Web search
  icon: icon.svg
credentials_for_provider:
  api_key:
    type: secret-input
    required: true
tools:
  - tools/web_search.yaml
extra:
  python:
    source: provider/websearch.py
"""


@pytest.mark.anyio
async def test_a_dify_tool_yaml_is_served(tmp_path: Path) -> None:
    """A Dify plugin's tool YAML (langgenius/dify-plugin-sdks python/examples/code_based_workflow/tools/llm.yaml):
    `identity`, `description: {human, llm}`, `parameters` with `form`, `label`, `llm_description`, `min`/`max` and
    `select` options was UNKNOWN_DIALECT. It is an MCP tool: the `llm` texts as descriptions (what the model reads),
    `min`/`max` as minimum/maximum, a select's option values as an enum, required flags as `required`. The provider
    YAML beside it (python/examples/github/provider/github.yaml) is skipped with one info line."""
    path = write_file(tmp_path, "tools/web_search.yaml", DIFY_TOOL)
    write_file(tmp_path, "provider/websearch.yaml", DIFY_PROVIDER)
    write_file(tmp_path, "handlers.py", "def web_search(query, max_results=10, language='en'):\n    return [query]\n")
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    tool = catalog.get("web_search")
    props = tool.input_schema["properties"]
    assert tool.description == "Search the web for pages about a query." and tool.title == "Web search"
    assert props["query"]["description"] == "key words for searching" and tool.input_schema["required"] == ["query"]
    assert (props["max_results"]["minimum"], props["max_results"]["maximum"], props["max_results"]["default"]) == (1, 50, 10)
    assert props["language"]["enum"] == ["en", "zh"]
    assert [p for p, _ in non_canonical(catalog)] == ["/identity"]
    assert any("Dify tool provider" in m for m in infos(catalog))
    async with Client(CatalogServer(catalog).server) as client:
        ok = await client.call_tool("web_search", {"query": "mcp", "max_results": 5})
        bad = await client.call_tool("web_search", {"query": "mcp", "max_results": 500})
    assert ok.is_error is False and bad.is_error is True
    assert json.loads(bad.content[0].text)["errors"][0]["parameter_name"] == "max_results"
    fixed = reloaded_after_fix(path)
    assert fixed.get("web_search").input_schema["properties"]["language"]["enum"] == ["en", "zh"]


def test_a_dify_file_parameter_is_ambiguous(tmp_path: Path) -> None:
    """A Dify `file` parameter (an upload Dify's UI takes) has no JSON Schema an MCP client could fill: AMBIGUOUS at
    its type, the tool not served, never a guess."""
    write_file(tmp_path, "tool.yaml", DIFY_TOOL.replace("type: number", "type: file"))
    catalog = load_catalog(tmp_path)
    [error] = catalog.report.errors
    assert error.code == "AMBIGUOUS" and error.pointer == "/parameters/1/type" and '"file"' in error.message


# ---------------------------------------------------------------- 8. LangChain / CrewAI / LlamaIndex tool dumps

@pytest.mark.parametrize("key", ["args_schema", "fn_schema"])
def test_an_agent_framework_schema_dump_is_served(tmp_path: Path, key: str) -> None:
    """A LangChain or CrewAI tool dumped with its `args_schema.model_json_schema()` (AbrarAhmed435/LangChain
    08_Tools/Custom_Tools/first.py prints it beside `name` and `description`), or a LlamaIndex `fn_schema`: a pydantic
    JSON Schema under another key was UNKNOWN_DIALECT. It is the tool's input schema, `required` kept."""
    schema = {"title": "MultiplyInput", "type": "object", "properties": {"a": {"title": "A", "type": "integer"},
                                                                          "b": {"title": "B", "type": "integer"}},
              "required": ["a", "b"]}
    path = write_file(tmp_path, "tools.json", [{"name": "multiply", "description": "Multiply two numbers", key: schema}])
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    assert catalog.get("multiply").input_schema["required"] == ["a", "b"]
    assert [p for p, _ in non_canonical(catalog)] == [f"/0/{key}"]
    reloaded_after_fix(path)


# ---------------------------------------------------------------- 9. AutoGen component configurations

AUTOGEN_AGENT = {  # the AssistantAgent dump of AutoGen's declarative config, as AutoGen Studio exports it
    "provider": "autogen_agentchat.agents.AssistantAgent", "component_type": "agent", "version": 1,
    "component_version": 1, "label": "AssistantAgent",
    "config": {"name": "assistant_agent", "tools": [{
        "provider": "autogen_core.tools.FunctionTool", "component_type": "tool", "version": 1, "component_version": 1,
        "label": "FunctionTool",
        "config": {"source_code": "def calculator(a: float, b: float, operator: str) -> str:\n    return '0'\n",
                   "name": "calculator", "description": "calc", "global_imports": [], "has_cancellation_support": False},
    }]},
}


def test_an_autogen_component_is_named_and_skipped(tmp_path: Path) -> None:
    """An AutoGen agent or team configuration (`dump_component()`; AutoGen Studio's gallery and team exports) was an
    UNKNOWN_DIALECT error. Its FunctionTools hold Python source, not a schema: the file is skipped with one info line
    saying so and what to write instead, and `validate` passes."""
    write_file(tmp_path, "agent.json", AUTOGEN_AGENT)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    [info] = infos(catalog)
    assert "AutoGen component" in info and "handlers.py" in info


# ---------------------------------------------------------------- 10. more of Gemini and Bedrock

@pytest.mark.anyio
async def test_gemini_nullable_and_json_schema_parameters_are_read(tmp_path: Path) -> None:
    """Gemini's schema is OpenAPI 3.0's subset (TillK17/vertex-ai-spec-test GoogleCloudAiplatformV1FunctionDeclaration.md
    and ...Schema.md): `"nullable": true` was kept as an unknown keyword, so a null argument was refused; it is now
    `"type": [..., "null"]`. A declaration with `parametersJsonSchema` (langchain4j's GeminiFunctionDeclaration) was
    UNKNOWN_DIALECT; it is the input schema."""
    declarations = [
        {"name": "find", "description": "Find a film.",
         "parameters": {"type": "OBJECT", "properties": {"title": {"type": "STRING"},
                                                        "year": {"type": "INTEGER", "nullable": True}},
                        "required": ["title", "year"]}},
        {"name": "rate", "description": "Rate a film.",
         "parametersJsonSchema": {"type": "object", "properties": {"stars": {"type": "integer", "maximum": 5}}}},
    ]
    path = write_file(tmp_path, "gemini.json", {"tools": [{"functionDeclarations": declarations}]})
    write_file(tmp_path, "handlers.py", "def find(title, year):\n    return f'{title} ({year})'\n")
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [], catalog.report.problems
    assert catalog.get("find").input_schema["properties"]["year"]["type"] == ["integer", "null"]
    assert catalog.get("rate").input_schema["properties"]["stars"]["maximum"] == 5
    assert "/tools/0/functionDeclarations/0/parameters/properties/year/nullable" in [p for p, _ in non_canonical(catalog)]
    async with Client(CatalogServer(catalog).server) as client:
        result = await client.call_tool("find", {"title": "Heat", "year": None})
    assert result.is_error is False and "Heat (None)" in result.content[0].text
    fixed = reloaded_after_fix(path)
    assert fixed.get("find").input_schema["properties"]["year"]["type"] == ["integer", "null"]


def test_bedrock_cache_points_and_system_tools_are_said_and_left_out(tmp_path: Path) -> None:
    """A Converse tools list may hold `{"cachePoint": {"type": "default"}}` after the tools to cache, and
    `{"systemTool": {"name": "nova_grounding"}}` (cdktf/cdktf-provider-aws-go ...ChatToolConfigurationTool.go names
    cachePoint beside toolSpec): each was UNKNOWN_DIALECT. An info line each; the tool is served."""
    tools = [*CONVERSE_TOOL_CONFIG["tools"], {"cachePoint": {"type": "default"}},
             {"systemTool": {"name": "nova_grounding"}}]
    write_file(tmp_path, "tools.json", {"tools": tools})
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [] and catalog.get("calculator") is not None
    notes = [p for p in catalog.report.problems if p.severity == "info"]
    assert [p.pointer for p in notes] == ["/tools/1", "/tools/2"]
    assert "prompt-cache" in notes[0].message and "Bedrock system tool" in notes[1].message


# ---------------------------------------------------------------- 11. VS Code / Cursor mcp.json, as JSONC

VSCODE_MCP = """\
{
    // VS Code reads this file as JSON with comments
    "inputs": [
        {
            "id": "home-assistant-token",
            "description": "Home Assistant Long-Lived Access Token",
            "type": "promptString",
            "password": true
        },
    ],
    "servers": {
        "home-assistant-mcp": {
            "type": "http",
            "url": "https://${input:home-assistant-domain}/mcp_server/sse",
        }
    }
}
"""


@pytest.mark.parametrize("text", [VSCODE_MCP, VSCODE_MCP.replace("    // VS Code reads this file as JSON with comments\n", "")
                                  .replace("},\n    ],", "}\n    ],").replace('/sse",', '/sse"')])
def test_a_vscode_mcp_json_is_named_and_skipped(tmp_path: Path, text: str) -> None:
    """VS Code's `mcp.json` (`servers` + `inputs`; 0GiS0/home-assistant-mcp .vscode/mcp.json, with trailing commas, as
    VS Code's JSONC allows) sits at the root of thousands of repositories: with a comma or comment it was a PARSE_ERROR,
    without, an UNKNOWN_DIALECT error. It is an MCP client configuration: skipped with one info line. A descriptor
    written as JSONC is still a PARSE_ERROR that names the comment or comma."""
    write_file(tmp_path, "mcp.json", text)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    assert any("MCP client configuration" in m for m in infos(catalog)), catalog.report.problems


def test_a_large_file_that_does_not_parse_and_names_servers_is_not_read_again_as_jsonc(tmp_path: Path) -> None:
    """The JSONC reading walks the text a character at a time in Python (about 0.6 s a megabyte): a broken 3 MB JSON
    file that names "servers" took 2 s more to report, 7 s at the 10 MB file limit. An editor's mcp.json is a few
    kilobytes; a file above 256 KB is reported as the PARSE_ERROR it is, at once."""
    entries = ", ".join(f'"s{i}": {{"command": "x", "args": ["a", "b"]}}' for i in range(60_000))
    write_file(tmp_path, "mcp.json", '{"servers": {' + entries + ",}}")
    started = time.perf_counter()
    catalog = load_catalog(tmp_path)
    took = time.perf_counter() - started
    [error] = catalog.report.errors
    assert error.code == "PARSE_ERROR" and took < 1.0, took


def test_a_descriptor_written_as_jsonc_is_still_a_parse_error(tmp_path: Path) -> None:
    """Only a file that is plainly a client configuration is recognised through its comments: a tool list with a
    trailing comma is a PARSE_ERROR at the comma, as before (`fix` could not keep the comments)."""
    write_file(tmp_path, "tools.json", '{"tools": [{"name": "t", "description": "d", "inputSchema": {"type": "object"}},]}')
    catalog = load_catalog(tmp_path)
    [error] = catalog.report.errors
    assert error.code == "PARSE_ERROR" and "trailing comma" in error.message
