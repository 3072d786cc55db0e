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

HANDLERS = '''
def register_device(name, connection, contacts=None, note=None, place=None):
    """Register a device."""
    return {"registered": name, "via": connection["kind"]}
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
    (folder / "devices.json").write_text(json.dumps(DEVICE), encoding="utf-8")
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
        (tool,) = (await client.list_tools()).tools
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
