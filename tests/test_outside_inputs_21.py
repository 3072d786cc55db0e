"""A twenty-first probe from outside: the agent frameworks nobody here had tried — the Vercel AI SDK (`@ai-sdk/mcp`),
LangChain JS (`@langchain/mcp-adapters`), Mastra (`@mastra/mcp`), Google ADK (`McpToolset`), smolagents and CrewAI (both
through mcpadapt) and AutoGen (`McpWorkbench`, `mcp_server_tools`) — each in its own scratch environment, connected to
a real `atdf-mcp serve` over stdio, /mcp and /sse, as an agent run uses it: the tools as the framework converts them,
a right call, wrong calls, and what the framework then hands the model.

The frameworks are not installed here (each pins its own `mcp` or `@modelcontextprotocol/sdk`); what they send that the
server must meet is reproduced with the official SDK client over real transports. Each test is a problem found that
way, kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_live_reload import Inbox, connected, text_of

from atdf_mcp.inner_call import ARGUMENTS_META_KEY

HANDLERS = '''
def register_device(name, contacts=None, place=None, mode="auto", note=None):
    """Register a device: what the handler was given, Nones included."""
    return {"received": {"name": name, "contacts": contacts, "place": place, "mode": mode, "note": note}}
'''

PLACE = {"type": "object", "properties": {"room": {"type": "string"}, "floor": {"type": "integer"}}, "required": ["room"]}
DEVICE = {"name": "register_device", "description": "Registers a smart-home device.",
          "inputSchema": {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {
              "name": {"type": "string"},
              "contacts": {"type": "array", "items": {"type": "string"}},
              "place": PLACE,
              "mode": {"type": "string", "enum": ["auto", "manual"]},
              "note": {"type": ["string", "null"]}}}}


@pytest.fixture
def devices(tmp_path: Path) -> Path:
    """A catalogue with register_device: one required input, optional ones of each kind (a list, an object with an
    optional member, an enum, and one whose type allows null)."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "devices.json").write_text(json.dumps({"tools": [DEVICE]}), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


def crewai_arguments(**given: Any) -> dict[str, Any]:
    """What CrewAI (1.15, `BaseTool.run` → `args_schema.model_validate(kwargs).model_dump()`) sends for a call: every
    optional input the model left out, at every level of a nested model, as null (a default where the schema has one)."""
    place = given.get("place")
    return {"name": given["name"], "contacts": given.get("contacts"), "mode": given.get("mode"),
            "place": {"floor": None, **place} if place is not None else None, "note": given.get("note")}


@pytest.mark.anyio
@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_a_null_sent_for_an_optional_input_whose_type_refuses_it_is_left_out(devices: Path, transport: str) -> None:
    """CrewAI sends every optional input the model left out as null: `"contacts": null` for an array was refused
    (VALIDATION_ERROR, suggested_arguments without it), and CrewAI's retry of the suggested call sent the null again —
    an agent on CrewAI could never call a tool leaving out an optional input without a default. A null for an optional
    input whose schema refuses null now means what leaving it out means: the call runs without it (in nested objects
    too), and the result's `_meta["atdf.io/arguments"]` names what was left out. A null that the schema allows is passed
    on; a null for a required input is still refused."""
    async with connected(transport, devices, Inbox()) as (client, _):
        crewai = await client.call_tool("register_device", crewai_arguments(name="lamp", place={"room": "hall"}))
        allowed = await client.call_tool("register_device", {"name": "lamp", "note": None})
        required = await client.call_tool("register_device", {"name": None, "contacts": None})
        wrong = await client.call_tool("register_device", {"name": "lamp", "contacts": None, "mode": "Manual"})

    assert not crewai.is_error, text_of(crewai)
    assert crewai.structured_content == {"received": {"name": "lamp", "contacts": None, "place": {"room": "hall"},
                                                      "mode": "auto", "note": None}}
    note = crewai.meta[ARGUMENTS_META_KEY]
    assert note["left_out"] == ["contacts", "mode", "place.floor"]
    assert "null" in note["note"] and "leave" in note["note"].lower()

    assert not allowed.is_error and ARGUMENTS_META_KEY not in (allowed.meta or {})

    assert required.is_error  # refused as sent: both nulls named
    entries = {e["parameter_name"]: e for e in json.loads(text_of(required))["errors"]}
    assert set(entries) == {"name", "contacts"} and entries["name"]["context"]["validation_keyword"] == "type"

    assert wrong.is_error  # another problem: refused as sent, every problem named, the null's fix included
    entries = {e["parameter_name"]: e for e in json.loads(text_of(wrong))["errors"]}
    assert set(entries) == {"contacts", "mode"}
    assert entries["mode"]["context"]["suggested_arguments"] == {"name": "lamp", "mode": "manual"}


def framework_check(schema: dict[str, Any], arguments: dict[str, Any]) -> list[str]:
    """The problems a framework that checks a call against the listed input schema before sending it finds (LangChain
    JS's @cfworker/json-schema, Mastra's Ajv, CrewAI's and AutoGen's pydantic models): their own messages, which name
    no suggested value, and the call never reaches the server."""
    import jsonschema

    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(arguments)]


@pytest.mark.anyio
async def test_through_progressive_disclosure_a_framework_that_checks_calls_first_still_hands_over_the_envelope(devices: Path) -> None:
    """LangChain JS, Mastra, CrewAI and AutoGen's `mcp_server_tools` check a call against the listed schema and answer
    a wrong one themselves ("Received tool input did not match expected schema" is all LangGraph's ToolNode shows the
    model): the envelope, its parameter and suggested_arguments never reach it. Under `serve --disclosure progressive`
    call_tool's `arguments` is an object of any shape, so the same wrong call passes their check, and what comes back is
    the envelope of the inner tool, with the fix to retry (the inner tool's arguments, as a direct call gets them)."""
    wrong = {"name": "lamp", "mode": "Manual"}
    assert framework_check(DEVICE["inputSchema"], wrong)  # refused before it is sent, without the fix
    async with connected("stdio", devices, Inbox(), "--disclosure", "progressive") as (client, _):
        (call_tool,) = [tool for tool in (await client.list_tools()).tools if tool.name == "call_tool"]
        outer = {"name": "register_device", "arguments": wrong}
        assert framework_check(call_tool.input_schema, outer) == []
        result = await client.call_tool("call_tool", outer)
    assert result.is_error
    (entry,) = json.loads(text_of(result))["errors"]
    assert (entry["tool_name"], entry["parameter_name"], entry["suggested_value"]) == ("register_device", "mode", "manual")
    # the called tool's own arguments, as a direct call gets them (tests/test_disclosure.py): a framework that offers the
    # model only the three meta-tools has it retry `call_tool {"name": tool_name, "arguments": suggested_arguments}`
    assert entry["context"]["suggested_arguments"] == {"name": "lamp", "mode": "manual"}


@pytest.mark.anyio
async def test_an_unknown_tool_under_progressive_disclosure_expects_a_name_search_tools_returns(devices: Path) -> None:
    """Every framework here offers the model only what tools/list holds; under progressive disclosure that is the three
    meta-tools, yet TOOL_NOT_FOUND (from call_tool, get_tool_info or a direct call) expected "a tool name from
    tools/list", which sends the model to a list without the tool. It now expects a name that search_tools returns, as
    its solution already says; with full disclosure, tools/list as before."""
    async with connected("stdio", devices, Inbox(), "--disclosure", "progressive") as (client, _):
        through = await client.call_tool("call_tool", {"name": "register_devise", "arguments": {"name": "lamp"}})
        info = await client.call_tool("get_tool_info", {"name": "zzz_qqq"})
    async with connected("stdio", devices, Inbox()) as (client, _):
        full = await client.call_tool("register_devise", {"name": "lamp"})
    for result in (through, info):
        (entry,) = json.loads(text_of(result))["errors"]
        assert entry["code"] == "TOOL_NOT_FOUND"
        assert entry["context"]["expected"]["conditions"] == ["a tool name that search_tools returns"]
    (entry,) = json.loads(text_of(full))["errors"]
    assert entry["context"]["expected"]["conditions"] == ["a tool name from tools/list"]
