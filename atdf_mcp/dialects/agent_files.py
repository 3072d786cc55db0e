"""Agent and plugin files that name what an agent can do without a tool's input schema: said in one info line each.

    >>> label_of({"name": "Dad Joke Agent", "url": "https://x", "capabilities": {}, "skills": [{"id": "joke"}]})
    'an A2A agent card (its skills)'

An A2A agent card's skills are what the agent does when sent a message (no arguments); a ChatGPT or Microsoft 365
Copilot plugin manifest points at the OpenAPI document that holds its operations; `smithery.yaml` says how to start a
server; a Goose recipe and a prompt flow tool package describe a subagent's prompt and a Python function with
connection inputs; an MCP server card may name its tools without their input schema. None holds a tool that
could be served as written. Recognised only when the file holds no
descriptor (see `foreign.what_else`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["ADVICE", "SHAPES", "label_of"]


def _is_agent_card(raw: dict[str, Any]) -> bool:
    """An A2A agent card (`/.well-known/agent.json`, `agent-card.json`): skills, and where to send messages."""
    skills = raw.get("skills")
    return isinstance(skills, list) and ("url" in raw or "supportedInterfaces" in raw) and (
        "capabilities" in raw or "defaultInputModes" in raw or "protocolVersion" in raw)


def _is_plugin_manifest(raw: dict[str, Any]) -> bool:
    """A ChatGPT plugin (`ai-plugin.json` v1: `api`) or Microsoft 365 Copilot API plugin (v2.x: `runtimes`) manifest."""
    return ("name_for_human" in raw or "name_for_model" in raw) and (
        isinstance(raw.get("api"), dict) or isinstance(raw.get("runtimes"), list))


def _is_smithery_config(raw: dict[str, Any]) -> bool:
    """A Smithery `smithery.yaml`: how to start an MCP server (`startCommand`), with the configuration it takes."""
    return isinstance(raw.get("startCommand"), dict) and bool(raw["startCommand"].keys() & {"type", "commandFunction"})


def _is_goose_recipe(raw: dict[str, Any]) -> bool:
    """A Goose recipe or sub-recipe: a title, instructions or a prompt, and parameters by `key` that fill them."""
    parameters = raw.get("parameters", [])
    return isinstance(raw.get("title"), str) and isinstance(raw.get("instructions", raw.get("prompt")), str) and \
        isinstance(parameters, list) and all(isinstance(p, dict) and "key" in p for p in parameters)


def _is_prompt_flow_package(raw: dict[str, Any]) -> bool:
    """A prompt flow tool package YAML: `module.Class.function: {name, type, module, function, inputs}`."""
    return bool(raw) and all(
        isinstance(v, dict) and isinstance(v.get("inputs"), dict) and isinstance(v.get("type"), str)
        and ("module" in v or "function" in v) and "." in k for k, v in raw.items())


def _is_prompt_template(raw: dict[str, Any]) -> bool:
    """A Semantic Kernel prompt template YAML: a template and the input variables that fill it."""
    return isinstance(raw.get("template"), str) and (
        isinstance(raw.get("input_variables"), list) or "template_format" in raw)


def _is_agent_spec(raw: dict[str, Any]) -> bool:
    """A Semantic Kernel declarative agent spec: instructions, a model, and tools that name plugin functions by id."""
    tools = raw.get("tools", [])
    return isinstance(raw.get("instructions"), str) and isinstance(raw.get("model"), dict) and isinstance(tools, list) \
        and all(isinstance(t, dict) and "id" in t and not t.keys() & {"description", "parameters", "inputSchema"} for t in tools)


# What a server card says of the server beside its "tools" (SEP-1649's fields, and those generators add).
_CARD_KEYS = frozenset({"transport", "startCommand", "protocol_version", "protocolVersion", "serverInfo", "remotes",
                        "packages", "authentication", "capabilities"})
# Keys a tool entry holds its parameters under, in any format read here: one of them makes it a tool, not a name.
_SCHEMA_KEYS = frozenset({"inputSchema", "input_schema", "parameters", "params", "args", "arguments", "schema",
                          "parameter_definitions", "args_schema", "fn_schema", "parametersJsonSchema"})


def _is_server_card(raw: dict[str, Any]) -> bool:
    """An MCP server card (`/.well-known/mcp/server-card.json`) whose tools are named, none with an input schema."""
    tools = raw.get("tools")
    return bool(raw.keys() & _CARD_KEYS) and isinstance(tools, list) and bool(tools) and all(
        isinstance(t, dict) and isinstance(t.get("name"), str) and not t.keys() & _SCHEMA_KEYS for t in tools)


SHAPES: tuple[tuple[Callable[[dict[str, Any]], bool], str], ...] = (
    (_is_server_card, "an MCP server card (a server, and the names of its tools)"),
    (_is_agent_card, "an A2A agent card (its skills)"),
    (_is_plugin_manifest, "a ChatGPT or Microsoft 365 Copilot plugin manifest (ai-plugin.json)"),
    (_is_smithery_config, "a Smithery server configuration (smithery.yaml)"),
    (_is_goose_recipe, "a Goose recipe (instructions and the parameters that fill them)"),
    (_is_prompt_flow_package, "a prompt flow tool package (package tool YAML)"),
    (_is_prompt_template, "a Semantic Kernel prompt template (template + input_variables)"),
    (_is_agent_spec, "a Semantic Kernel declarative agent spec (instructions, model, plugin functions)"),
)

ADVICE = {
    "an MCP server card (a server, and the names of its tools)": "its \"tools\" list names them with no input "
    "schema, so none can be served from it; run the server and save its tools/list response as a .json file here "
    "(read as it is), with handlers that call the server",
    "an A2A agent card (its skills)": "its skills are what the agent does when sent an A2A message, with no "
    "arguments or input schema; to offer them as MCP tools, describe each as a tool (name, description, inputSchema) "
    "with handlers that send the message to the agent's url",
    "a ChatGPT or Microsoft 365 Copilot plugin manifest (ai-plugin.json)": "its functions are the operations of the "
    "OpenAPI document it points at (\"api\".url, or \"runtimes\"[].spec.url), which holds their parameters; describe "
    "those operations as tools, or a connector with their endpoints",
    "a Smithery server configuration (smithery.yaml)": "it says how to start an MCP server and what configuration "
    "it takes; run the server and save its tools/list response as a .json file here (read as it is), with handlers "
    "that call it",
    "a Goose recipe (instructions and the parameters that fill them)": "it is a prompt for a Goose agent, whose "
    "parameters fill its instructions, not a tool; to offer it as an MCP prompt, write an ARDF prompt descriptor "
    "with its instructions as the template",
    "a prompt flow tool package (package tool YAML)": "each entry names a Python function run by prompt flow, some of "
    "whose inputs are connections (credentials) that prompt flow supplies; describe each function you want as a tool "
    "(name, description, inputSchema without the connection) with a handler that calls it",
    "a Semantic Kernel prompt template (template + input_variables)": "a prompt for a model, whose input variables "
    "fill its template, not a tool; to offer it as an MCP prompt, write an ARDF prompt/template descriptor with its "
    "template",
    "a Semantic Kernel declarative agent spec (instructions, model, plugin functions)": "its tools name kernel plugin "
    "functions by id, with no description or schema; describe each function you want as a tool (name, description, "
    "inputSchema) with a handler that calls it",
}


def label_of(raw: dict[str, Any]) -> str | None:
    """The label of the first shape `raw` has, or None."""
    return next((label for test, label in SHAPES if test(raw)), None)
