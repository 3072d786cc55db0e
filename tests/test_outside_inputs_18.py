"""An eighteenth probe from outside: the agent frameworks people put around MCP servers — FastMCP 2.x's `Client` (and
its proxy), pydantic-ai's `MCPToolset`, the OpenAI Agents SDK's `MCPServerStdio`/`MCPServerStreamableHttp`,
LangChain's `langchain-mcp-adapters` and LlamaIndex's `llama-index-tools-mcp` — each connected to a real `atdf-mcp
serve` over stdio, /mcp and /sse as an agent run uses it: its tools as the framework converts them for a model, a
right call, wrong calls (an output-schema tool, a handler that raises) and what the framework then hands the model.

The frameworks themselves are not installed here (each pins its own `mcp`); what they do that the server must meet is
reproduced with the official SDK client over real transports. Each test is a problem found that way, kept so it stays
fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from test_live_reload import Inbox, connected, text_of

from atdf_mcp import load_catalog
from atdf_mcp.codes import Code

HANDLERS = '''
from atdf_mcp import ToolError


def register_device(name, connection, contacts=None, note=None, place=None):
    """Register a device."""
    return {"registered": name, "via": connection["kind"]}


def find_device(name):
    """Find a device by name: only the lamp is known."""
    if name != "lamp":
        raise ToolError("NOT_FOUND", f"No device is called {name!r}.", parameter="name", suggested_value="lamp")
    return {"name": "lamp", "room": "kitchen"}


def reboot_device(name):
    """A handler with a bug."""
    raise RuntimeError("the firmware client is not configured")
'''

WIFI = {"type": "object", "properties": {"kind": {"const": "wifi"}, "ssid": {"type": "string", "minLength": 1}},
        "required": ["kind", "ssid"], "additionalProperties": False}
ETHERNET = {"type": "object", "properties": {"kind": {"const": "ethernet"}, "ip": {"type": "string", "format": "ipv4"}},
            "required": ["kind", "ip"], "additionalProperties": False}
DEVICE = {"name": "register_device", "description": "Registers a smart-home device.",
          "inputSchema": {"type": "object", "additionalProperties": False, "required": ["name", "connection"], "properties": {
              "name": {"type": "string"},
              # the shape pydantic (and so FastMCP) gives a discriminated union: alternatives, no type of its own
              "connection": {"description": "Wi-Fi or Ethernet.", "oneOf": [WIFI, ETHERNET]},
              "contacts": {"type": "array", "items": {"oneOf": [{"type": "string", "format": "email"},
                                                                {"type": "string", "pattern": "^\\+[0-9]{7,15}$"}]}},
              "note": {"oneOf": [{"type": "string"}, {"type": "null"}]},
              "place": {"anyOf": [{"type": "object", "properties": {"room": {"type": "string"}}},
                                  {"type": "object", "properties": {"floor": {"type": "integer"}}}]}}}}


FOUND = {"type": "object", "properties": {"name": {"type": "string"}, "room": {"type": "string"}}, "required": ["name", "room"]}
FIND = {"name": "find_device", "description": "Finds a device by name.", "outputSchema": FOUND,
        "inputSchema": {"type": "object", "properties": {"name": {"type": "string", "minLength": 2}}, "required": ["name"]}}
REBOOT = {"name": "reboot_device", "description": "Restarts a device.", "outputSchema": FOUND,
          "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}


def llama_index_type(prop: dict[str, Any]) -> str:
    """The type llama-index-tools-mcp 0.6 gives a property when it turns an input schema into a pydantic model
    (TypeResolutionMixin): a `$ref`, an `enum` or an `anyOf` is read as such, anything else by its `type`, and a
    property without one becomes a string."""
    if "$ref" in prop or "enum" in prop or "anyOf" in prop:
        return "union or reference"
    kind = prop.get("type", "string")
    return kind[0] if isinstance(kind, list) else kind


@pytest.fixture
def devices(tmp_path: Path) -> Path:
    """A catalogue with register_device, whose connection is a oneOf of two objects written without a type."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "devices.json").write_text(json.dumps({"tools": [DEVICE, FIND, REBOOT]}), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


@pytest.mark.anyio
async def test_a_union_without_a_type_is_listed_with_the_type_all_its_alternatives_share(devices: Path) -> None:
    """LlamaIndex reads a property without `type` as a string: it told the model that `connection` (a oneOf of two
    objects, as pydantic writes a discriminated union) was a string, and so did every list item under such a union.
    tools/list now states the type every alternative of a oneOf shares — the same values validate — and leaves a
    union whose alternatives differ (a nullable string) as written, and an anyOf, which LlamaIndex reads as a union and
    which the OpenAI Agents SDK's strict conversion refuses beside an object type (it then sends the tool non-strict)."""
    async with connected("stdio", devices, Inbox()) as (client, _):
        (tool,) = [tool for tool in (await client.list_tools()).tools if tool.name == "register_device"]
        props = tool.input_schema["properties"]
        assert props["connection"] == {"type": "object", "description": "Wi-Fi or Ethernet.", "oneOf": [WIFI, ETHERNET]}
        assert props["contacts"]["items"]["type"] == "string" and len(props["contacts"]["items"]["oneOf"]) == 2
        assert props["note"] == DEVICE["inputSchema"]["properties"]["note"]
        assert props["place"] == DEVICE["inputSchema"]["properties"]["place"]
        assert llama_index_type(props["connection"]) == "object"

        right = await client.call_tool("register_device", {"name": "lamp", "connection": {"kind": "wifi", "ssid": "home"}})
        assert not right.is_error and right.structured_content == {"registered": "lamp", "via": "wifi"}
        wrong = await client.call_tool("register_device", {"name": "lamp", "connection": "home"})
        assert wrong.is_error
        (entry,) = json.loads(text_of(wrong))["errors"]
        assert entry["code"] == "VALIDATION_ERROR" and entry["parameter_name"] == "connection"
        assert isinstance(wrong.content[0], types.TextContent)


def framework_readings(result: types.CallToolResult) -> dict[str, Any]:
    """What each framework hands its model for an isError result, as JSON where it is JSON: the text blocks (OpenAI
    Agents SDK, LangChain's ToolMessage, FastMCP's ToolError, LlamaIndex's repr), or structuredContent when the
    result has it (pydantic-ai 2.x prefers it on errors, then falls back to the text)."""
    text = json.loads(text_of(result))
    return {"text": text, "structured_first": result.structured_content if result.structured_content is not None else text}


@pytest.mark.anyio
async def test_every_framework_hands_its_model_the_envelope_of_a_failed_call(devices: Path) -> None:
    """A wrong argument, a handler's ToolError and a handler's bug, each on a tool with an output schema: whichever
    part of the result a framework reads, it is the same envelope, with its parameter, its suggestion and, where every
    problem has a fix, suggested_arguments — and nothing another framework reads says otherwise."""
    async with connected("stdio", devices, Inbox()) as (client, _):
        wrong = await client.call_tool("find_device", {"name": "l", "colour": "red"})
        raised = await client.call_tool("find_device", {"name": "desk"})
        bug = await client.call_tool("reboot_device", {"name": "lamp"})
    for result in (wrong, raised, bug):
        assert result.is_error and len(result.content) == 1
        readings = framework_readings(result)
        assert readings["structured_first"] == readings["text"]
        assert readings["text"]["status"] == "error" and readings["text"]["errors"]
    by_name = {entry["parameter_name"]: entry for entry in framework_readings(wrong)["text"]["errors"]}
    assert by_name["colour"]["title"] == "Unknown argument" and "name" in by_name
    (found,) = framework_readings(raised)["text"]["errors"]
    assert (found["code"], found["parameter_name"], found["suggested_value"]) == ("NOT_FOUND", "name", "lamp")
    assert found["context"]["suggested_arguments"] == {"name": "lamp"}
    (internal,) = framework_readings(bug)["text"]["errors"]
    assert internal["code"] == "INTERNAL_ERROR" and "firmware" not in json.dumps(internal)


def test_a_tool_name_with_a_dot_is_served_with_a_warning_that_model_apis_refuse_it(tmp_path: Path) -> None:
    """MCP allows '.' in a tool name and so does atdf-mcp, but no framework renames tools, and OpenAI's API
    (`^[a-zA-Z0-9_-]+$`), Anthropic's (`^[a-zA-Z0-9_-]{1,128}$`) and Claude Desktop (`{1,64}`) refuse the whole request
    that lists one: an agent on them fails before its first call, far from the catalogue. The load warns, names the
    name to use instead, and still serves the tool."""
    tool = {"name": "weather.get", "description": "Gets the weather for a city.",
            "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
    (tmp_path / "tools.json").write_text(json.dumps({"tools": [tool, {**tool, "name": "weather_now"}]}), encoding="utf-8")
    catalog = load_catalog(tmp_path)
    [problem] = [p for p in catalog.report.problems if p.code == Code.INVALID_NAME]
    assert problem.severity == "warning" and problem.pointer.endswith("/name")
    assert "'.'" in problem.message and "OpenAI" in problem.message and "'weather_get'" in problem.message
    assert catalog.get("weather.get") is not None and catalog.get("weather_now") is not None


@pytest.mark.anyio
async def test_a_union_whose_alternative_names_a_list_of_types_is_listed_as_written(tmp_path: Path) -> None:
    """A oneOf alternative may name a list of types (a nullable string): the shared-type reading hashed each
    alternative's type and failed on the list, so the catalogue was not served; it is listed as written."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    note = {"oneOf": [{"type": ["string", "null"]}, {"type": "integer"}]}
    tag = {"oneOf": [{"type": ["string"]}, {"type": ["string"]}]}
    tool = {"name": "set_note", "description": "Sets a note.",
            "inputSchema": {"type": "object", "properties": {"note": note, "tag": tag}}}
    (folder / "notes.json").write_text(json.dumps({"tools": [tool]}), encoding="utf-8")
    async with connected("stdio", folder, Inbox()) as (client, _):
        (listed,) = (await client.list_tools()).tools
        assert listed.input_schema["properties"] == {"note": note, "tag": tag}
