"""A twenty-ninth probe from outside: descriptors found in the wild, round six — real files loaded verbatim.

Two gaps the earlier rounds left open (a blank translation that silently fell back to the default text, BFCL's
`response` kept but not read as the tool's output schema), then tool files kept in public repositories, copied as
their authors wrote them (a minimal copy when large), loaded by the real loader, rewritten by `fix`, and listed and
called with the MCP SDK's client over stdio. Each test is built from a real file's shape (the source is named in its
docstring) and kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
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


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `atdf-mcp ARGS` as a user does, in a real subprocess."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *args], capture_output=True, text=True, timeout=120)


# ---------------------------------------------------------------- 0a. a blank translation

BLANK_TRANSLATIONS = [
    {"schema_version": "2.0.0", "tool_id": "atdf2_hello", "description": "Say hello.", "when_to_use": "To greet.",
     "how_to_use": {"inputs": [], "outputs": {"success": "ok", "failure": []}},
     "localization": {"es": {"description": "", "when_to_use": "Para saludar."},
                      "pt": {"description": "Diga olá.", "when_to_use": "  \n"}}},
    {"schema_version": "1.0.0", "resource_id": "ardf_hello", "resource_type": "tool", "description": "Say hello.",
     "when_to_use": "To greet.",
     "content": {"type": "tool/io", "data": {"inputs": [], "outputs": {"success": "ok"}}},
     "localization": {"es": {"description": "\t"}, "pt-BR": {"description": "Diga olá.", "when_to_use": ""}}},
    {"schema_version": "2.0.0", "tool_id": "atdf2_fine", "description": "Say bye.", "when_to_use": "To part.",
     "how_to_use": {"inputs": [], "outputs": {"success": "ok", "failure": []}},
     "localization": {"es": {"description": "Decir adiós.", "when_to_use": "Para despedirse."}}},
]


@pytest.mark.anyio
async def test_a_blank_translation_is_reported_at_its_place_and_the_default_is_served(tmp_path: Path) -> None:
    """A localization whose description or when_to_use is empty or only whitespace was loaded without a word: an
    empty one fell back to the default text (English for a Spanish client, nothing said), and one of whitespace was
    served as is (a Portuguese client read a blank when_to_use). Each is an EMPTY_DESCRIPTION warning at its JSON
    pointer naming the language and the field; both serve the default text; the tools are still listed, `fix` leaves
    the text alone (a translation cannot be invented) and `validate --strict` fails on it."""
    folder = tmp_path / "l10n"
    path = write_file(folder, "tools.json", BLANK_TRANSLATIONS)
    found = {(p, s) for _, p, s, code in problems_of(folder) if code == "EMPTY_DESCRIPTION"}
    assert found == {("/0/localization/es/description", "warning"), ("/0/localization/pt/when_to_use", "warning"),
                     ("/1/localization/es/description", "warning"), ("/1/localization/pt-BR/when_to_use", "warning")}, found
    messages = messages_of(folder, "EMPTY_DESCRIPTION")
    assert any("'es'" in m and "description" in m and "'atdf2_hello'" in m and "empty" in m for m in messages), messages
    assert any("'pt'" in m and "when_to_use" in m and "whitespace" in m for m in messages), messages
    assert all("default" in m for m in messages), messages
    catalog = load_catalog(folder)
    tools = {d.id: d for d in catalog.descriptors}
    assert tools["atdf2_hello"].text("when_to_use", "pt") == "To greet."  # not the blank
    assert tools["atdf2_hello"].text("description", "es") == "Say hello."
    assert tools["atdf2_hello"].text("when_to_use", "es") == "Para saludar."
    assert tools["ardf_hello"].text("when_to_use", "pt-BR") == "To greet."
    view = await client_view(folder)
    assert {"atdf2_hello", "ardf_hello", "atdf2_fine"} <= set(view["tools"])
    fixed = canonical_bytes(path.read_bytes())
    assert fixed is None or b'"description": ""' in fixed  # fix does not make a translation up
    strict = cli("validate", "--strict", str(folder))
    assert strict.returncode == 1 and "EMPTY_DESCRIPTION" in strict.stdout, strict.stdout


# ---------------------------------------------------------------- 0b. BFCL's `response`

# ShishirPatil/gorilla berkeley-function-call-leaderboard/bfcl_eval/data/multi_turn_func_doc/trading_bot.json (lines
# add_to_watchlist, get_stock_info, get_transaction_history, verbatim but the shared opening of the descriptions)
BFCL_LINES = [
    {"name": "add_to_watchlist", "description": "Tool description: Add a stock to the watchlist.",
     "parameters": {"type": "dict", "properties": {
         "stock": {"type": "string", "description": "the stock symbol to add to the watchlist. "}}, "required": ["stock"]},
     "response": {"type": "dict", "properties": {
         "watchlist": {"type": "array", "description": "the watchlist.", "items": {"type": "string"}}}}},
    {"name": "get_stock_info", "description": "Tool description: Get the details of a stock.",
     "parameters": {"type": "dict", "properties": {
         "symbol": {"type": "string", "description": "Symbol that uniquely identifies the stock. "}}, "required": ["symbol"]},
     "response": {"type": "dict", "properties": {"price": {"type": "float", "description": "Current price of the stock."},
                                                 "MA(5)": {"type": "float", "description": "5-day Moving Average of the stock."}}}},
    {"name": "get_transaction_history", "description": "Tool description: Get the transaction history within a specified date range.",
     "parameters": {"type": "dict", "properties": {
         "start_date": {"type": "string", "description": "Start date for the history (format: 'YYYY-MM-DD')."}}, "required": []},
     "response": {"type": "dict", "properties": {"transaction_history": {
         "type": "array", "description": "List of transactions within the specified date range.",
         "items": {"type": "dict", "properties": {"amount": {"type": "float", "description": "Amount involved in the transaction."}}}}}}},
]
BFCL_HANDLERS = '''
def add_to_watchlist(stock):
    return {"watchlist": [stock]}


def get_stock_info(symbol):
    return {"price": "about ten"}
'''


@pytest.mark.anyio
async def test_bfcl_response_is_read_as_the_output_schema(tmp_path: Path) -> None:
    """BFCL's function documents give the result's JSON Schema as `response` ({"type": "dict", "properties": ...}, its
    types Python's): it was kept as an unknown key, so tools/list had no outputSchema and a result was never checked.
    It is the tool's outputSchema (types as JSON Schema names them), said once per tool as NON_CANONICAL at
    /N/response; a right result comes back as structuredContent, a wrong one as an envelope naming the mismatch; `fix`
    writes "outputSchema" and the result loads without a warning about it."""
    folder = tmp_path / "bfcl"
    path = write_file(folder, "trading_bot.json", "\n".join(json.dumps(line) for line in BFCL_LINES) + "\n")
    write_file(folder, "handlers.py", BFCL_HANDLERS)
    problems = {(p, c) for _, p, _, c in problems_of(folder)}
    assert ("/0/response", "NON_CANONICAL") in problems and ("/1/response/properties/price/type", "NON_CANONICAL") in problems
    assert ("/2/response/properties/transaction_history/items/type", "NON_CANONICAL") in problems, problems
    assert not {c for _, c in problems} - {"NON_CANONICAL", "DESCRIPTION_TOO_LONG"}, problems
    messages = [m for m in messages_of(folder, "NON_CANONICAL") if "response" in m]
    assert any('"outputSchema"' in m and "result" in m for m in messages), messages
    view = await client_view(folder, {"add_to_watchlist": {"stock": "NVDA"}, "get_stock_info": {"symbol": "NVDA"}})
    tools = view["tools"]
    assert tools["add_to_watchlist"]["outputSchema"] == {"type": "object", "properties": {"watchlist": {
        "type": "array", "description": "the watchlist.", "items": {"type": "string"}}}}, tools["add_to_watchlist"]
    assert tools["get_stock_info"]["outputSchema"]["properties"]["price"]["type"] == "number"
    assert tools["get_transaction_history"]["outputSchema"]["properties"]["transaction_history"]["items"]["type"] == "object"
    is_error, result = view["calls"]["add_to_watchlist"]
    assert not is_error and result == {"watchlist": ["NVDA"]}, result
    wrong, envelope = view["calls"]["get_stock_info"]
    assert wrong and "output schema" in json.dumps(envelope), envelope
    fixed = canonical_bytes(path.read_bytes()) or b""
    lines = [json.loads(line) for line in fixed.decode().splitlines()]
    assert all("outputSchema" in line and "response" not in line for line in lines), lines
    path.write_bytes(fixed)
    assert not [p for p in problems_of(folder) if "response" in p[1] or "outputSchema" in p[1]], problems_of(folder)


SCHEMA_TOOL = {"name": "lookup", "description": "Look a word up.", "parameters": {"type": "object", "properties": {}}}


@pytest.mark.parametrize("response", [
    {"type": "array", "items": {"type": "string"}},  # a schema, but MCP's outputSchema is an object's
    {"type": "string", "description": "The word's meaning."},
    "data.items",  # atdf-mcp's own binding: the part of an HTTP answer to return
    {"pointer": "/data/items"},
])
def test_a_response_that_is_no_object_schema_is_left_as_it_was(tmp_path: Path, response: object) -> None:
    """Only an object schema becomes the output schema (MCP's outputSchema describes structuredContent, an object):
    a schema of an array or a string, and atdf-mcp's own `response` (where an HTTP answer's result is), are left as
    they were, and nothing is said of them."""
    folder = tmp_path / "other"
    write_file(folder, "tools.json", [{**SCHEMA_TOOL, "response": response}])
    assert not [p for p in problems_of(folder) if "response" in p[1]], problems_of(folder)
    (tool,) = load_catalog(folder).descriptors
    assert tool.output_schema is None


def test_a_response_beside_an_output_schema_or_a_path_is_ambiguous(tmp_path: Path) -> None:
    """A `response` schema beside a different `outputSchema`, or holding both a schema and a path of atdf-mcp's
    binding, cannot be read one way: AMBIGUOUS at /N/response, saying which to keep; the same schema twice is only
    NON_CANONICAL (the copy is dropped)."""
    folder = tmp_path / "both"
    schema = {"type": "object", "properties": {"meaning": {"type": "string"}}}
    write_file(folder, "tools.json", [
        {**SCHEMA_TOOL, "name": "twice", "response": schema, "outputSchema": {"type": "object", "properties": {}}},
        {**SCHEMA_TOOL, "name": "with_path", "response": {**schema, "path": "data.items"}},
        {**SCHEMA_TOOL, "name": "same", "response": schema, "outputSchema": schema},
    ])
    found = {(p, s, c) for _, p, s, c in problems_of(folder) if "response" in p}
    assert found == {("/0/response", "error", "AMBIGUOUS"), ("/1/response", "error", "AMBIGUOUS"),
                     ("/2/response", "warning", "NON_CANONICAL")}, found
    messages = [m for m in messages_of(folder, "AMBIGUOUS")]
    assert any("outputSchema" in m and "keep one" in m for m in messages), messages
    assert {d.id for d in load_catalog(folder).descriptors} == {"same"}


# ---------------------------------------------------------------- 1. Flowise custom tools

# FlowiseAI/Flowise packages/server/marketplaces/tools/Add Hubspot Contact.json and Get Current DateTime.json
# (verbatim, but the JavaScript of "func", shortened)
FLOWISE_HUBSPOT = {
    "name": "add_contact_hubspot", "framework": "Langchain", "description": "Add new contact to Hubspot",
    "color": "linear-gradient(rgb(85,198,123), rgb(0,230,99))", "iconSrc": "https://cdn.worldvectorlogo.com/logos/hubspot-1.svg",
    "schema": "[{\"id\":1,\"property\":\"email\",\"description\":\"email address of contact\",\"type\":\"string\",\"required\":true},"
              "{\"id\":2,\"property\":\"firstname\",\"description\":\"first name of contact\",\"type\":\"string\",\"required\":false},"
              "{\"id\":3,\"property\":\"lastname\",\"description\":\"last name of contact\",\"type\":\"string\",\"required\":false}]",
    "func": "const fetch = require('node-fetch');\nconst url = 'https://api.hubapi.com/crm/v3/objects/contacts'\nreturn '';",
}
FLOWISE_DATETIME = {
    "name": "todays_date_time", "framework": "Langchain", "description": "Useful to get todays day, date and time.",
    "color": "linear-gradient(rgb(117,118,129), rgb(230,10,250))",
    "iconSrc": "https://raw.githubusercontent.com/gilbarbara/logos/main/logos/javascript.svg",
    "schema": "[]", "func": "const today = new Date();\nreturn today.toISOString();\n",
}


@pytest.mark.anyio
async def test_a_flowise_custom_tool_is_read_from_its_schema_text(tmp_path: Path) -> None:
    """A Flowise custom tool (its marketplace's tools/*.json) keeps its parameters as a JSON string of
    [{property, type, description, required}] in "schema" and its JavaScript in "func": both files were UNKNOWN_DIALECT
    errors and nothing was served. Each is an MCP tool whose input schema is read from that text (required ones
    required), said as NON_CANONICAL at /schema; a wrong call names the parameter; `fix` writes "inputSchema"."""
    folder = tmp_path / "flowise"
    hubspot = write_file(folder, "Add Hubspot Contact.json", FLOWISE_HUBSPOT)
    write_file(folder, "Get Current DateTime.json", FLOWISE_DATETIME)
    problems = problems_of(folder)
    assert not [p for p in problems if p[2] == "error"], problems
    assert ("Add Hubspot Contact.json", "/schema", "warning", "NON_CANONICAL") in problems, problems
    messages = [m for m in messages_of(folder, "NON_CANONICAL") if "Flowise" in m]
    assert messages and all('"inputSchema"' in m for m in messages), messages
    view = await client_view(folder, {"add_contact_hubspot": {"firstname": "Ada"}})
    schema = view["tools"]["add_contact_hubspot"]["inputSchema"]
    assert schema["required"] == ["email"] and set(schema["properties"]) == {"email", "firstname", "lastname"}, schema
    assert schema["properties"]["email"] == {"type": "string", "description": "email address of contact"}, schema
    assert view["tools"]["todays_date_time"]["inputSchema"]["properties"] == {}
    is_error, envelope = view["calls"]["add_contact_hubspot"]
    assert is_error and envelope["errors"][0]["parameter_name"] == "email", envelope
    fixed = json.loads(canonical_bytes(hubspot.read_bytes()) or b"{}")
    assert fixed["inputSchema"]["required"] == ["email"] and "schema" not in fixed, fixed


@pytest.mark.parametrize("schema", ["[{\"name\": \"q\", \"type\": \"string\"}]", "not json", "{\"q\": 1}"])
def test_a_flowise_schema_text_that_cannot_be_read_is_ambiguous(tmp_path: Path, schema: str) -> None:
    """A "schema" text that is not Flowise's list of {property, ...} cannot be read without a guess: AMBIGUOUS at
    /schema, saying what Flowise writes there; the tool is not served."""
    folder = tmp_path / "bad"
    write_file(folder, "tool.json", {**FLOWISE_DATETIME, "schema": schema})
    found = [(p, c) for _, p, _, c in problems_of(folder)]
    assert found == [("/schema", "AMBIGUOUS")], found
    assert any("property" in m for m in messages_of(folder, "AMBIGUOUS"))


# ---------------------------------------------------------------- 2. MCP server cards

# CSOAI-ORG/accounting-ai-mcp .well-known/mcp/server-card.json (verbatim, two of its five tools)
CARD_NAMES_ONLY = {
    "name": "accounting-ai", "description": "Accounting Ai tools powered by MEOK AI Labs.", "version": "1.0.0",
    "protocol_version": "2025-11-25", "publisher": {"name": "MEOK AI Labs", "url": "https://meok.ai"},
    "repository": "https://github.com/CSOAI-ORG/accounting-ai-mcp", "license": "MIT",
    "transport": ["stdio", "streamable-http"], "authentication": {"type": "api-key", "free_tier": True},
    "tools": [{"name": "generate_invoice", "description": "Generate a professional invoice with line items, VAT, and totals."},
              {"name": "calculate_vat", "description": "Calculate VAT/tax for any country with support for inclusive/exclusive amounts."}],
    "categories": ["AI & Machine Learning", "Finance & Fintech"],
}
# 4ciki/arbiter-mcp .well-known/mcp/server-card.json (one of its four tools, with its input schema)
CARD_WITH_SCHEMAS = {
    "name": "Arbiter MCP", "version": "1.0.0", "transport": "stdio",
    "startCommand": {"type": "stdio", "command": "python", "args": ["-m", "mcp_server"]},
    "tools": [{"name": "get_ticket", "description": "Retrieve the status, trust score, risk flags, and full audit record "
               "for a previously triaged ticket.", "inputSchema": {"type": "object", "required": ["ticket_id"], "properties": {
                   "ticket_id": {"type": "string", "description": "Ticket ID to look up (e.g. IT-1024)"}}}}],
}


def test_a_server_card_that_names_its_tools_is_one_info_line(tmp_path: Path) -> None:
    """An MCP server card (/.well-known/mcp/server-card.json) that names its tools without an input schema was an
    UNKNOWN_DIALECT error per tool (nothing a user could fix in the file): it is one NOT_A_DESCRIPTOR info line that
    says what to do; `validate` passes."""
    folder = tmp_path / "card"
    write_file(folder, "server-card.json", CARD_NAMES_ONLY)
    assert [(p, s, c) for _, p, s, c in problems_of(folder)] == [("", "info", "NOT_A_DESCRIPTOR")], problems_of(folder)
    (message,) = messages_of(folder)
    assert "server card" in message and "tools/list" in message, message
    assert cli("validate", str(folder)).returncode == 0


@pytest.mark.anyio
async def test_a_server_card_whose_tools_have_schemas_serves_them(tmp_path: Path) -> None:
    """A server card whose tools carry their input schema still serves them (the card is read as a tool list)."""
    folder = tmp_path / "card"
    write_file(folder, "server-card.json", CARD_WITH_SCHEMAS)
    assert not [p for p in problems_of(folder) if p[3] == "NOT_A_DESCRIPTOR" or p[2] == "error"], problems_of(folder)
    assert set((await client_view(folder))["tools"]) == {"get_ticket"}


# ---------------------------------------------------------------- 3. ToolBench (ToolLLaMA) function definitions

# modelscope/ms-swift docs/source/LLM/Agent.md ("ToolBench tools 格式", verbatim), as OpenBMB/ToolBench
# toolbench/inference/Downstream_tasks/rapidapi.py (api_json_to_openai_json) writes them: "required" and "optional"
# name lists, and RapidAPI's default of each parameter as "example_value"
TOOLBENCH_TOOLS = {"tools": [
    {"name": "url_for_newapi",
     "description": "This is the subfunction for tool \"newapi\", you can use this tool.The description of this function is: \"url_for_newapi\"",
     "parameters": {"type": "object", "properties": {"url": {"type": "string", "description": "",
                                                             "example_value": "https://www.instagram.com/reels/CtB6vWMMHFD/"}},
                    "required": ["url"], "optional": ["url"]}},
    {"name": "n_for_newapi",
     "description": "This is the subfunction for tool \"newapi\", you can use this tool.The description of this function is: \"n_for_newapiew var\"",
     "parameters": {"type": "object", "properties": {"language": {"type": "string", "description": "",
                                                                  "example_value": "https://www.instagram.com/reels/Csb0AI3IYUN/"},
                                                     "page": {"type": "integer", "description": "page", "example_value": 1}},
                    "required": ["language"], "optional": ["page"]}},
]}


@pytest.mark.anyio
async def test_toolbench_optional_lists_and_example_values_are_read(tmp_path: Path) -> None:
    """ToolBench's function definitions list optional parameters in "optional" (no JSON Schema keyword: a client was
    sent it as is) and give each parameter's RapidAPI default as "example_value" (which no client reads as an example).
    An "optional" list apart from "required" is dropped (a parameter not required is optional) and each
    "example_value" becomes "examples": [value], both NON_CANONICAL; a name listed both required and optional cannot
    be read one way: AMBIGUOUS naming it; `fix` writes the result and it loads clean."""
    folder = tmp_path / "toolbench"
    path = write_file(folder, "tools.json", TOOLBENCH_TOOLS)
    problems = {(p, s, c) for _, p, s, c in problems_of(folder)}
    assert ("/tools/0/parameters/optional", "error", "AMBIGUOUS") in problems, problems
    assert ("/tools/1/parameters/optional", "warning", "NON_CANONICAL") in problems, problems
    assert ("/tools/1/parameters/properties/page/example_value", "warning", "NON_CANONICAL") in problems, problems
    assert any("'url'" in m and "required" in m and "optional" in m for m in messages_of(folder, "AMBIGUOUS"))
    view = await client_view(folder, {"n_for_newapi": {"page": "two"}})
    assert set(view["tools"]) == {"n_for_newapi"}
    schema = view["tools"]["n_for_newapi"]["inputSchema"]
    assert "optional" not in schema and schema["required"] == ["language"], schema
    assert schema["properties"]["page"] == {"type": "integer", "description": "page", "examples": [1]}, schema
    is_error, envelope = view["calls"]["n_for_newapi"]
    assert is_error and {e["parameter_name"] for e in envelope["errors"]} >= {"language"}, envelope
    fixed = json.loads(canonical_bytes(path.read_bytes()) or b"{}")
    second = fixed["tools"][1]["inputSchema"]
    assert "optional" not in second and second["properties"]["language"]["examples"] == [
        "https://www.instagram.com/reels/Csb0AI3IYUN/"], second
    assert fixed["tools"][0]["inputSchema"]["optional"] == ["url"]  # the ambiguous list is left as written


def test_an_optional_keyword_that_is_not_a_list_of_names_is_left_alone(tmp_path: Path) -> None:
    """Only ToolBench's list of names is read: a property named "optional" inside "properties", or an "optional"
    that is not a list of strings, is not touched."""
    folder = tmp_path / "other"
    write_file(folder, "tools.json", [{"name": "t", "description": "T.", "inputSchema": {
        "type": "object", "properties": {"optional": {"type": "boolean"}}, "optional": True}}])
    assert not [p for p in problems_of(folder) if "optional" in p[1]], problems_of(folder)


# ---------------------------------------------------------------- 4. tools kept in a mapping by name

# zcGitHup666/mcp-bridge tool_schemas.json (one of its three tools, verbatim)
BRIDGE = {"qcn_supply_get_newest": {
    "endpoint": "/user/supply/getNewest (POST JSON, body=SearchSupply)",
    "description": "拉取最新供应列表\uff08分页\uff09。对应 qcn-dev UserSupplyController.getNewest。",
    "parameters_schema": {"properties": {"pageNum": {"default": 1, "title": "Pagenum", "type": "integer"}},
                          "title": "qcn_supply_get_newestArguments", "type": "object"}}}
# vvvvvvizard/AgenticAI tool_config.json (verbatim, one of its two tools)
AGENTIC = {"tools": {"scrape_website": {
    "description": "Scrape content from a website with specified depth.", "approval_required": True,
    "params": {"url": "string", "max_depth": "integer"}, "defaults": {"max_depth": 2}}}}
# geekan/MetaGPT metagpt/tools/schemas/web_scraping/scrape_web_playwright.yml (its "\*url" left out)
METAGPT_FUNCTION = "\n".join([
    "scrape_web_playwright:", "  type: async funciton",
    '  description: "Scrape and save the HTML structure and inner text content of a web page using Playwright."',
    "  parameters:", "    properties:", "      url:", "        type: str", '        description: "web url"',
    "    required:", "      - url", "  returns:", "    inner_text:", "      type: str", ""])
# geekan/MetaGPT metagpt/tools/schemas/data_preprocess/FillMissingValue.yml (two of its methods)
METAGPT_CLASS = "\n".join([
    "FillMissingValue:", "  type: class", '  description: "Completing missing values with simple strategies"',
    "  methods:", "    fit:", '      description: "Fit the FillMissingValue model."', "      parameters:",
    "        properties:", "          df:", "            type: DataFrame", "        required:", "          - df", ""])


@pytest.mark.parametrize(("name", "content", "pointer", "words"), [
    ("tool_schemas.json", BRIDGE, "", ["qcn_supply_get_newest", '"name"', "list"]),
    ("tool_config.json", AGENTIC, "/tools", ["scrape_website", '"name"', "list"]),
    ("scrape_web_playwright.yml", METAGPT_FUNCTION, "", ["scrape_web_playwright", '"name"', "list"]),
    ("FillMissingValue.yml", METAGPT_CLASS, "", ["FillMissingValue", "class", "method", "handler"]),
])
def test_tools_kept_in_a_mapping_by_name_are_said_so(tmp_path: Path, name: str, content: object, pointer: str,
                                                    words: list[str]) -> None:
    """Tools kept as an object keyed by their names ({"<name>": {"description", <parameters>}}, alone or under
    "tools"; MetaGPT's tool schemas) were an UNKNOWN_DIALECT error that only listed the names found, as if they were
    misspelt keys. The error now says what the file holds and how to write it (a list, each with its "name"); a class
    whose methods are described says its methods need an instance. Reading them would need a name written nowhere
    in the tool: the file is still not served, and the message is precise."""
    folder = tmp_path / "mapped"
    write_file(folder, name, content)
    found = [(p, c) for _, p, _, c in problems_of(folder)]
    assert found == [(pointer, "UNKNOWN_DIALECT")], found
    (message,) = messages_of(folder)
    assert all(w in message for w in words) and "expected ATDF" not in message, message


# ---------------------------------------------------------------- 5. credentials in a tool's own keys

# microsoft/TaskWeaver project/plugins/sql_pull_data.yaml (verbatim, with the key its README asks for filled in)
TASKWEAVER = """name: sql_pull_data
enabled: true
required: false
description: >-
  Pull data from a SQL database.

parameters:
  - name: query
    type: str
    required: true
    description: >-
      This is the query in natural language that the user wants to get data from database.

returns:
  - name: df
    type: pandas.DataFrame
    description: This is the dataframe containing the data from the database.

configurations:
  api_type: openai
  api_base:
  api_key: sk-proj-9f8e7d6c5b4a
  api_version:
  deployment_name:
  sqlite_db_path: sqlite:///../../../../sample_data/anomaly_detection.db
"""


@pytest.mark.anyio
async def test_a_credential_in_a_tools_own_keys_is_withheld_from_its_ardf_resource(tmp_path: Path) -> None:
    """A TaskWeaver plugin keeps its "configurations" (the OpenAI api_key among them) beside the tool; the key is no
    format's, so it was carried as written into the tool's ARDF resource, which any MCP client reads: the API key
    reached every client. A string under a credential-named key is `***` there, said as a warning at its place in the
    file; the other configuration values, and what tools/list shows, are unchanged."""
    folder = tmp_path / "taskweaver"
    write_file(folder, "sql_pull_data.yaml", TASKWEAVER)
    found = [(p, s, c) for _, p, s, c in problems_of(folder) if "configurations" in p]
    assert found == [("/configurations/api_key", "warning", "SCHEMA_VIOLATION")], found
    assert any("credential" in m and "environment" in m for m in messages_of(folder, "SCHEMA_VIOLATION"))
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--no-watch"])
    with anyio.fail_after(60), (tmp_path / "err.log").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            (content,) = (await client.read_resource("ardf://tool/sql_pull_data")).contents
            listed = (await client.list_tools()).tools
    text = content.text  # type: ignore[union-attr]
    assert "sk-proj-9f8e7d6c5b4a" not in text and '"api_key": "***"' in text, text
    assert json.loads(text)["configurations"]["sqlite_db_path"].startswith("sqlite:///"), text
    assert [t.name for t in listed] == ["sql_pull_data"]


def test_a_credential_in_an_ardf_documents_own_keys_is_withheld_and_convert_keeps_it(tmp_path: Path) -> None:
    """An ARDF tool is published as written: a credential in a root key of its own reached clients the same way. It
    is `***` in what clients read, and said; `convert --to ardf` (a file the author keeps) writes it as it is."""
    folder = tmp_path / "ardf"
    write_file(folder, "tool.json", {
        "schema_version": "1.0.0", "resource_id": "say_hi", "resource_type": "tool", "description": "Say hi.",
        "content": {"type": "tool/io", "data": {"inputs": [], "outputs": {"success": "ok"}}},
        "config": {"api_key": "sk-abcdef123456", "region": "eu"}})
    assert [(p, c) for _, p, _, c in problems_of(folder)] == [("/config/api_key", "SCHEMA_VIOLATION")], problems_of(folder)
    from atdf_mcp.publish import ardf_text
    catalog = load_catalog(folder)
    published = json.loads(ardf_text(catalog.descriptors[0], catalog=catalog))
    assert published["config"] == {"api_key": "***", "region": "eu"}, published
    converted = cli("convert", "--to", "ardf", str(folder))
    assert "sk-abcdef123456" in converted.stdout, converted.stdout
