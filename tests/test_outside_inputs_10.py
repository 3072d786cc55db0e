"""A tenth probe from outside: descriptor files found in public repositories, loaded as their authors wrote them.

MCP tool lists saved by hand (parameters as a mapping by name with `"required": true` on each, or as a list of
named parameters), `tools/list` responses saved whole from the wire, and lists kept under another key. Each test is
built from a minimal copy of a real file's shape (the sources are named in each docstring), drives the real loader,
`fix` and an SDK client, and is kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
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
    fixed = canonical_bytes(path.read_bytes())
    assert fixed is not None
    path.write_bytes(fixed)
    catalog = load_catalog(path.parent)
    assert [p for p in catalog.report.problems if p.code != "NO_HANDLER"] == []
    return catalog


# ---------------------------------------------------------------- 1. parameters written by name, or as a list

# The shape of creafly/telegram-mcp and creafly/object-storage-mcp `mcp_tools.json`: `parameters` maps each name to
# its schema, with a draft-3 `"required": true|false` on each; extra `returns` / `errors` / `notes` keys.
SEND_MESSAGE = {
    "name": "send_message",
    "description": "Send a text message to a Telegram chat. WHEN TO USE: to message a user, a group or a channel.",
    "parameters": {
        "chat_id": {"type": "string", "description": "Chat id or @username.", "required": True},
        "text": {"type": "string", "description": "Message text, at most 4096 characters.", "required": True},
        "parse_mode": {"type": "string", "description": "HTML, Markdown or MarkdownV2.", "required": False, "default": "HTML"},
        "reply_to_message_id": {"type": "integer", "description": "Message to answer.", "required": False},
    },
    "returns": {"type": "dict", "description": "success, message, data"},
    "errors": [{"error": "validation_error", "description": "Bad chat_id or empty text."}],
}
GET_ME = {"name": "get_me", "description": "Information about the bot itself.", "parameters": {},
          "returns": {"type": "dict", "description": "id, is_bot, username"}}
# The shape of Andreich2010/support-mcp `mcp_tools.json` (`args`) and of the ATDF SDK's flat export (`parameters`):
# a list of named parameters, `required` on some.
UPDATE_TICKET = {"name": "update_ticket", "description": "Set a ticket's priority or labels.", "args": [
    {"name": "issue_number", "type": "integer", "description": "Issue number.", "required": True},
    {"name": "priority", "type": "string", "description": "low, medium, high or urgent."},
    {"name": "labels", "type": "array", "description": "Labels to set."},
]}
LIST_DOCS = {"name": "list_docs", "description": "List the documentation files.", "args": []}
TALLY = {"name": "tally", "description": "Count words.", "parameters": [
    {"name": "text", "description": "The text.", "type": "str", "required": True},
    {"name": "limit", "description": "At most this many.", "type": "number", "required": False, "default": 42},
]}


def test_parameters_by_name_with_required_flags_are_read_as_meant(tmp_path: Path) -> None:
    """creafly/telegram-mcp: every tool was UNKNOWN_DIALECT ("found description, errors, name, parameters, returns"), so
    the file served nothing. `parameters` by name is the tool's input schema's properties; `"required": true` puts the
    name in `required`; each deviation is a NON_CANONICAL warning at its place in the file; `fix` writes `inputSchema`."""
    path = write_file(tmp_path, "mcp_tools.json", {"tools": [SEND_MESSAGE, GET_ME], "metadata": {"version": "1.0.0"}})
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    send = catalog.get("send_message")
    assert send is not None and send.input_schema == {"type": "object", "properties": {
        "chat_id": {"type": "string", "description": "Chat id or @username."},
        "text": {"type": "string", "description": "Message text, at most 4096 characters."},
        "parse_mode": {"type": "string", "description": "HTML, Markdown or MarkdownV2.", "default": "HTML"},
        "reply_to_message_id": {"type": "integer", "description": "Message to answer."}},
        "required": ["chat_id", "text"]}
    assert catalog.get("get_me").input_schema == {"type": "object", "properties": {}}
    warned = {p.pointer: p.message for p in catalog.report.warnings if p.code == "NON_CANONICAL"}
    assert "/tools/0/parameters" in warned and '"inputSchema"' in warned["/tools/0/parameters"]
    assert "/tools/0/parameters/chat_id/required" in warned and "/tools/1/parameters" in warned
    again = reloaded_after_fix(path)
    assert again.get("send_message").input_schema == send.input_schema
    assert json.loads(path.read_text())["tools"][0]["inputSchema"]["required"] == ["chat_id", "text"]


def test_a_list_of_named_parameters_is_read_as_meant(tmp_path: Path) -> None:
    """Andreich2010/support-mcp (`args`) and the ATDF SDK's export (`parameters` as a list) were UNKNOWN_DIALECT. Each
    named parameter is a property (a Python type name such as "str" read as its JSON type); `required: true` makes it
    required, and the others stay optional, as in MCP."""
    path = write_file(tmp_path, "tools.json", [UPDATE_TICKET, LIST_DOCS, TALLY])
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    assert catalog.get("update_ticket").input_schema == {"type": "object", "properties": {
        "issue_number": {"type": "integer", "description": "Issue number."},
        "priority": {"type": "string", "description": "low, medium, high or urgent."},
        "labels": {"type": "array", "description": "Labels to set."}}, "required": ["issue_number"]}
    assert catalog.get("list_docs").input_schema == {"type": "object", "properties": {}}
    assert catalog.get("tally").input_schema == {"type": "object", "properties": {
        "text": {"type": "string", "description": "The text."},
        "limit": {"type": "number", "description": "At most this many.", "default": 42}}, "required": ["text"]}
    warned = {p.pointer: p.message for p in catalog.report.warnings if p.code == "NON_CANONICAL"}
    assert {"/0/args", "/1/args", "/2/parameters", "/2/parameters/0/type"} <= warned.keys(), warned
    assert '"string"' in warned["/2/parameters/0/type"]
    again = reloaded_after_fix(path)
    assert again.get("tally").input_schema == catalog.get("tally").input_schema


@pytest.mark.parametrize("parameters", [
    {"additionalProperties": {"type": "string"}},   # a JSON Schema without `type`/`properties`, not names
    [{"type": "string"}],                           # a parameter without its name
    {"q": "a query"},                               # a value that is neither a schema nor a type
])
def test_parameters_that_could_mean_two_things_are_not_guessed(tmp_path: Path, parameters: Any) -> None:
    """What is not plainly parameters by name or a list of named parameters stays unread, and the message says which
    shapes would be read."""
    write_file(tmp_path, "t.json", {"name": "t", "description": "T.", "parameters": parameters})
    catalog = load_catalog(tmp_path)
    assert catalog.get("t") is None
    [error] = catalog.report.errors
    assert error.pointer == "/parameters" and "inputSchema" in error.message, error


HANDLERS = '''
def send_message(chat_id, text, parse_mode="HTML", reply_to_message_id=None):
    """Pretend to send."""
    return {"sent": text, "to": chat_id, "mode": parse_mode}
'''


@pytest.mark.anyio
async def test_a_tool_whose_parameters_were_by_name_is_served_and_checked(tmp_path: Path) -> None:
    """Through an SDK client: tools/list shows the required names and the default; a call runs; a call without `text`
    is an envelope naming it."""
    write_file(tmp_path, "mcp_tools.json", {"tools": [SEND_MESSAGE]})
    write_file(tmp_path, "handlers.py", textwrap.dedent(HANDLERS))
    async with Client(CatalogServer(load_catalog(tmp_path)).server) as client:
        [tool] = (await client.list_tools()).tools
        ok = await client.call_tool("send_message", {"chat_id": "@news", "text": "hi"})
        missing = await client.call_tool("send_message", {"chat_id": "@news"})
    assert tool.input_schema["required"] == ["chat_id", "text"]
    assert tool.input_schema["properties"]["parse_mode"]["default"] == "HTML"
    assert ok.is_error is False and json.loads(ok.content[0].text) == {"sent": "hi", "to": "@news", "mode": "HTML"}
    assert missing.is_error is True
    [error] = json.loads(missing.content[0].text)["errors"]
    assert error["parameter_name"] == "text" and error["title"] == "Missing required argument"


# ---------------------------------------------------------------- 2. lists of tools saved whole, or under another key

WRAPPED_TOOL = {"name": "health_check", "description": "Check server readiness.",
                "inputSchema": {"type": "object", "properties": {"format": {"anyOf": [{"type": "string"}, {"type": "null"}],
                                                                           "default": None}}},
                "outputSchema": {"type": "object", "additionalProperties": True}, "_meta": {"_fastmcp": {"tags": []}}}


def test_a_tools_list_response_saved_whole_is_served(tmp_path: Path) -> None:
    """robert-cousins/mcp_agent_mail `tools_list.json` is the JSON-RPC response of `tools/list` as it came off the wire
    ({"jsonrpc", "id", "result": {"tools": [...]}}): UNKNOWN_DIALECT ("found id, jsonrpc, result"), nothing served.
    It is MCP's own form of a tool list, so its tools are read with no warning."""
    write_file(tmp_path, "tools_list.json", {"jsonrpc": "2.0", "id": 5, "result": {"tools": [WRAPPED_TOOL]}})
    catalog = load_catalog(tmp_path)
    assert [p.code for p in catalog.report.problems] == ["NO_HANDLER"]
    assert catalog.report.problems[0].pointer == "/result/tools/0"
    assert catalog.get("health_check").output_schema == WRAPPED_TOOL["outputSchema"]


def test_a_list_of_tools_under_another_key_is_read_and_fix_names_it_tools(tmp_path: Path) -> None:
    """gschian0/Pd-MCP-Server `mcp_tools.json` keeps its tools under "mcp_tools" beside "metadata": UNKNOWN_DIALECT
    ("found mcp_tools, metadata"), 0 of 9 tools. The one key holding a list of named tools is read as the collection,
    with a NON_CANONICAL warning at that key; `fix` renames it "tools" and keeps the rest of the file."""
    path = write_file(tmp_path, "mcp_tools.json", {"metadata": {"version": "1.0"}, "mcp_tools": [
        {"name": "start_dsp", "description": "Enable DSP processing.", "parameters": {}},
        {"name": "delete_object", "description": "Delete a Pd object.",
         "parameters": {"object_id": {"type": "string", "description": "Object to delete."}}}]})
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    assert catalog.get("delete_object").input_schema["properties"] == {"object_id": {"type": "string",
                                                                                      "description": "Object to delete."}}
    [warning] = [p for p in catalog.report.warnings if p.pointer == "/mcp_tools"]
    assert warning.code == "NON_CANONICAL" and '"tools"' in warning.message
    assert {p.pointer for p in catalog.report.warnings if p.code == "NON_CANONICAL"} >= {"/mcp_tools/0/parameters",
                                                                                          "/mcp_tools/1/parameters"}
    reloaded_after_fix(path)
    assert list(json.loads(path.read_text())) == ["metadata", "tools"]


@pytest.mark.parametrize("content", [
    {"rows": [1, 2, 3], "count": 3},
    {"tools_used": ["a", "b"], "notes": "x"},
    {"users": [{"name": "Ana", "age": 3}], "count": 1},
    {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "hi"}]}},
])
def test_what_holds_no_named_tools_is_not_read_as_a_collection(tmp_path: Path, content: Any) -> None:
    """Only a list of objects with a name (or an id of the formats) and a description is a collection; anything else
    stays unread, said once for the file."""
    write_file(tmp_path, "data.json", content)
    catalog = load_catalog(tmp_path)
    assert catalog.tools == ()
    assert [p.pointer for p in catalog.report.errors] == [""], catalog.report.problems


# ---------------------------------------------------------------- 3. Gemini's upper-case type names

GEMINI = [{"name": "browser_navigate", "description": "Navigate the current tab to a URL.",
           "parameters": {"type": "OBJECT", "properties": {
               "url": {"type": "STRING"}, "wait": {"type": "BOOLEAN"},
               "tabs": {"type": "ARRAY", "items": {"type": "INTEGER"}},
               "size": {"type": "OBJECT", "properties": {"w": {"type": "NUMBER"}}}}, "required": ["url"]}}]


def test_upper_case_type_names_of_gemini_function_declarations_are_read_as_json_types(tmp_path: Path) -> None:
    """Function declarations written for Gemini (found in a public browser-agent's tool list) name types in upper
    case ("OBJECT", "STRING"): every tool was an INVALID_INPUT_SCHEMA error ("'OBJECT' is not a JSON Schema type").
    Each is read as the JSON type it names, at every depth, said as NON_CANONICAL there; `fix` writes it lower-case."""
    path = write_file(tmp_path, "tools.json", GEMINI)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    schema = catalog.get("browser_navigate").input_schema
    assert schema["type"] == "object" and schema["properties"]["tabs"] == {"type": "array", "items": {"type": "integer"}}
    assert schema["properties"]["size"]["properties"]["w"] == {"type": "number"}
    warned = {p.pointer: p.message for p in catalog.report.warnings if p.code == "NON_CANONICAL"}
    assert {"/0/parameters/type", "/0/parameters/properties/url/type", "/0/parameters/properties/tabs/items/type",
            "/0/parameters/properties/size/properties/w/type"} <= warned.keys(), warned
    assert '"type": "object"' in warned["/0/parameters/type"]
    again = reloaded_after_fix(path)
    assert again.get("browser_navigate").input_schema == schema


# ---------------------------------------------------------------- 4. a template of a tool list, not the list

KINTONE = '''{{ define "recordProperties" }}
{"type": "object", "properties": {"value": {"type": "string"}}}
{{ end }}
{
  "tools": [
    {"name": "createRecord", "description": "Create a record.", "inputSchema": {"type": "object", "properties": {
      "record": {"additionalProperties": {{ template "recordProperties" }}, "type": "object"}}}}
  ]
}
'''


def test_a_template_of_a_tool_list_is_named_as_such(tmp_path: Path) -> None:
    """macrat/mcp-server-kintone `tools_list.json` is a Go text/template that renders the tool list: the report said
    "invalid JSON at line 1, column 2: Expecting property name enclosed in double quotes", which reads as a typo.
    It now names the template markup where it is and says what to do."""
    write_file(tmp_path, "tools_list.json", KINTONE)
    [error] = load_catalog(tmp_path).report.errors
    assert error.code == "PARSE_ERROR" and "line 1, column 1" in error.message
    assert "template" in error.message and "render" in error.message and ".atdfignore" in error.message, error.message
