"""Files that are plainly not descriptors: recognised by their name or their shape, skipped with one info line.

    >>> what_else({"name": "shop", "version": "1.0.0", "dependencies": {}}, "package.json")
    'an npm package manifest (package.json)'

Only a file whose content holds no descriptor is ever recognised here, so a descriptor is never skipped
because of its name; and a file that merely looks broken (a descriptor with a missing key) is not recognised,
so it is still reported as an error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from . import agent_files, jsonc

__all__ = ["commented_else", "hosted_tool", "named_else", "skipped_message", "what_else"]

# File names that only ever hold tooling configuration (compared case-insensitively).
_BY_NAME: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^package\.json$"), "an npm package manifest (package.json)"),
    (re.compile(r"^(package-lock|npm-shrinkwrap)\.json$"), "an npm lock file"),
    (re.compile(r"^(tsconfig|jsconfig)(\..+)?\.json$"), "a TypeScript/JavaScript compiler configuration"),
    (re.compile(r"^mcp_manifest\.json$"), "an MCP manifest (mcp_manifest.json, as `atdf-mcp manifest` writes it)"),
)

# JSON Schema vocabulary (draft-07 to 2020-12, core + validation + annotations).
_SCHEMA_KEYWORDS = frozenset({
    "$schema", "$id", "$ref", "$defs", "$comment", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary",
    "definitions", "id", "title", "description", "type", "enum", "const", "default", "examples", "format",
    "properties", "patternProperties", "additionalProperties", "required", "propertyNames", "dependencies",
    "dependentRequired", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "minProperties",
    "maxProperties", "items", "prefixItems", "additionalItems", "contains", "minContains", "maxContains",
    "minItems", "maxItems", "uniqueItems", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
    "pattern", "contentMediaType", "contentEncoding", "contentSchema", "deprecated", "readOnly", "writeOnly",
})
_SCHEMA_STRUCTURE = frozenset({"properties", "$defs", "definitions", "allOf", "anyOf", "oneOf", "items", "$ref"})
_NPM_KEYS = frozenset({"dependencies", "devDependencies", "peerDependencies", "scripts", "main", "module", "exports",
                       "bin", "engines", "workspaces", "private"})
_SCHEMA_TYPES = frozenset({"object", "array", "string", "integer", "number", "boolean", "null"})


def what_else(raw: Any, file_name: str) -> str | None:
    """What a file holding no descriptor is instead ("an npm lock file"), when that is plain; else None.

    `raw` is the decoded content of the file; call this only when no descriptor was detected in it.
    """
    if isinstance(raw, dict):
        named = named_else(file_name)
        if named is not None:
            return named
        for test, label in _BY_SHAPE:
            if test(raw):
                return label
    return None


def hosted_tool(item: Any) -> str | None:
    """The info line of a tool list entry that a model API hosts itself, else None.

    OpenAI's `{"type": "code_interpreter"}`, `{"type": "file_search", ...}`, `{"type": "web_search_preview"}` and
    Anthropic's `{"type": "bash_20250124", "name": "bash"}` sit beside function tools in the same `tools` list, with no
    description or schema: the provider runs them.
    """
    only = next(iter(item)) if isinstance(item, dict) and len(item) == 1 else None
    if only == "cachePoint":
        return ("skipped: a Bedrock prompt-cache checkpoint ({\"cachePoint\": ...}), which marks where the model API may "
                "cache the tools listed before it: not a tool, nothing to describe or call")
    if only in _BUILT_INS:
        return (f"skipped: a tool hosted by the model API's provider ({{\"{only}\": ...}}, {_BUILT_INS[only]}), "
                "which the provider runs: there is nothing here to describe or call; give a tool of your own a name, a "
                "description and an input schema")
    kind = item.get("type") if isinstance(item, dict) else None
    if not isinstance(kind, str) or kind in ("function", "custom", "object") or item.keys() & _TOOL_KEYS:
        return None
    return (f"skipped: a tool hosted by the model API's provider ({{\"type\": \"{kind}\"}}), which the provider runs: "
            "there is nothing here to describe or call; give a tool of your own a name, a description and an input schema")


# Built-in tools that are an item of their own in a `tools` list: Gemini's ({"googleSearch": {}}, REST and SDK
# spellings) and Bedrock Converse's {"systemTool": {"name": "nova_grounding"}}.
_BUILT_INS = {**dict.fromkeys(("googleSearch", "google_search", "googleSearchRetrieval", "google_search_retrieval",
                               "codeExecution", "code_execution", "urlContext", "url_context", "retrieval", "googleMaps",
                               "google_maps", "computerUse", "computer_use", "fileSearch", "file_search"),
                              "a Gemini built-in tool"),
              "systemTool": "an Amazon Bedrock system tool"}

# Keys of a tool that is described here (a function, an MCP or Anthropic custom tool, an ATDF/ARDF descriptor).
_TOOL_KEYS = frozenset({"description", "parameters", "input_schema", "inputSchema", "function", "how_to_use", "tool_id",
                        "resource_id", "resource_type", "properties"})


_CONFIG_BYTES = 256 * 1024  # an editor's mcp.json is a few kilobytes


def commented_else(data: bytes, file_name: str) -> str | None:
    """What a .json file that does not parse is, read as JSONC (comments, trailing commas), when that is plain.

    VS Code's and Cursor's `mcp.json` are JSONC; a descriptor written so is not recognised here (it stays an error).
    Only a file of at most _CONFIG_BYTES naming servers (`servers`, `mcpServers`, `context_servers`) is read again, so a
    large or deeply nested file that does not parse costs nothing more (the JSONC reading is a Python loop per character).
    """
    if len(data) > _CONFIG_BYTES or b'ervers"' not in data:
        return None
    try:
        raw = json.loads(jsonc.strip(data.decode("utf-8-sig")))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    return what_else(raw, file_name)


def named_else(file_name: str) -> str | None:
    """What a file is by its name alone (tsconfig.json...), also when it does not parse (JSON with comments)."""
    lowered = file_name.lower()
    return next((label for pattern, label in _BY_NAME if pattern.match(lowered)), None)


def _is_json_schema(raw: dict[str, Any]) -> bool:
    """A JSON Schema document: it names a JSON Schema meta-schema, or it is made of schema keywords only."""
    meta = raw.get("$schema")
    if isinstance(meta, str) and "json-schema.org" in meta:
        return True
    if not raw.keys() <= _SCHEMA_KEYWORDS:
        return False
    kind = raw.get("type")
    return bool(raw.keys() & _SCHEMA_STRUCTURE) or kind in _SCHEMA_TYPES or (
        isinstance(kind, list) and bool(kind) and all(k in _SCHEMA_TYPES for k in kind))


def _is_npm_manifest(raw: dict[str, Any]) -> bool:
    return isinstance(raw.get("name"), str) and "version" in raw and bool(raw.keys() & _NPM_KEYS)


def _is_n8n_workflow(raw: dict[str, Any]) -> bool:
    return isinstance(raw.get("nodes"), list) and isinstance(raw.get("connections"), dict)


def _is_manifest(raw: dict[str, Any]) -> bool:
    """An MCP manifest: a `resources` list of collections ({type, path}), not of descriptors."""
    items = raw.get("resources")
    return isinstance(items, list) and bool(items) and all(
        isinstance(i, dict) and "path" in i and "type" in i and "resource_id" not in i for i in items)


def _is_error_envelope(raw: dict[str, Any]) -> bool:
    """An ATDF error envelope (`errors[]` of problem details) or an enriched response (`status` + `data` + `meta`)."""
    errors = raw.get("errors")
    if isinstance(errors, list) and errors and all(isinstance(e, dict) and ("title" in e or "detail" in e) for e in errors):
        return True
    return raw.get("status") in ("error", "success") and isinstance(raw.get("data"), dict) and isinstance(raw.get("meta"), dict)


def _is_openapi(raw: dict[str, Any]) -> bool:
    return ("openapi" in raw or "swagger" in raw) and ("paths" in raw or "info" in raw)


def _is_client_config(raw: dict[str, Any]) -> bool:
    """Claude Desktop's and Cursor's `mcpServers`, VS Code's `servers` (+ `inputs`), Zed's `context_servers`."""
    if isinstance(raw.get("mcpServers"), dict):
        return True
    servers = raw.get("servers", raw.get("context_servers"))
    return isinstance(servers, dict) and bool(servers) and all(
        isinstance(s, dict) and bool(s.keys() & {"command", "url", "type"}) for s in servers.values())


def _is_registry_server(raw: dict[str, Any]) -> bool:
    """An MCP registry `server.json`: where to install or reach a server (`packages`, `remotes`), not its tools."""
    meta = raw.get("$schema")
    if isinstance(meta, str) and "modelcontextprotocol.io" in meta and "server" in meta:
        return True
    packages, remotes = raw.get("packages"), raw.get("remotes")
    return isinstance(raw.get("name"), str) and "tools" not in raw and (
        _all_dicts_with(packages, ("identifier",), ("registryType", "registry_type", "registry_name"))
        or _all_dicts_with(remotes, ("type", "url")))


def _is_extension_manifest(raw: dict[str, Any]) -> bool:
    """A Claude Desktop extension manifest (`manifest.json` of a .dxt / .mcpb bundle): how to run a server."""
    server = raw.get("server")
    return isinstance(raw.get("dxt_version", raw.get("manifest_version")), str) and isinstance(server, dict) and (
        "mcp_config" in server or "entry_point" in server)


def _is_semantic_kernel_prompt(raw: dict[str, Any]) -> bool:
    """A Semantic Kernel prompt function's `config.json` (its template is the `skprompt.txt` beside it)."""
    return isinstance(raw.get("schema"), int) and "name" not in raw and (
        isinstance(raw.get("input_variables"), list) or isinstance(raw.get("execution_settings"), dict)
        or isinstance(raw.get("completion"), dict) or isinstance(raw.get("input"), dict))


def _is_dify_provider(raw: dict[str, Any]) -> bool:
    """A Dify tool provider YAML: its identity, credentials and the paths of its tools' own YAML files."""
    tools = raw.get("tools")
    return isinstance(raw.get("identity"), dict) and (
        "credentials_for_provider" in raw or (isinstance(tools, list) and bool(tools) and all(isinstance(t, str) for t in tools)))


def _is_autogen_component(raw: dict[str, Any]) -> bool:
    """An AutoGen component configuration (an agent, team or tool dumped with `dump_component()`)."""
    return isinstance(raw.get("provider"), str) and isinstance(raw.get("component_type"), str) and isinstance(
        raw.get("config"), dict)


def _is_openakita_server(raw: dict[str, Any]) -> bool:
    """An OpenAkita MCP server entry (`mcps/<server>/SERVER_METADATA.json`, beside the server's `tools/*.json`)."""
    return isinstance(raw.get("serverIdentifier"), str) and any(k in raw for k in ("transport", "url", "command"))


def _is_openakita_plugin(raw: dict[str, Any]) -> bool:
    """An OpenAkita plugin manifest (`plugin.json`): its `provides.tools` only names what plugin.py registers."""
    provides = raw.get("provides")
    return isinstance(raw.get("entry"), str) and isinstance(provides, dict) and isinstance(provides.get("tools"), list) and all(
        isinstance(t, str) for t in provides["tools"])


def _is_toolbench_tool(raw: dict[str, Any]) -> bool:
    """A ToolBench (RapidAPI) tool file: `tool_name` and an `api_list` of endpoints with their parameters."""
    return isinstance(raw.get("tool_name"), str) and _all_dicts_with(raw.get("api_list"), ("name", "url", "method"))


def _is_database_toolbox(raw: dict[str, Any]) -> bool:
    """A `tools.yaml` of Google's MCP Toolbox for Databases: `sources`, and `tools` by name, each of a `kind`."""
    tools = raw.get("tools")
    return isinstance(raw.get("sources"), dict) and isinstance(tools, dict) and bool(tools) and all(
        isinstance(t, dict) and isinstance(t.get("kind"), str) for t in tools.values())


def _is_json_rpc_request(raw: dict[str, Any]) -> bool:
    """A JSON-RPC request or notification saved to a file (a `tools/list` request kept beside a server)."""
    return raw.get("jsonrpc") == "2.0" and isinstance(raw.get("method"), str) and "result" not in raw


def _all_dicts_with(items: Any, keys: tuple[str, ...], one_of: tuple[str, ...] = ()) -> bool:
    """Whether `items` is a non-empty list of objects, each with every one of `keys` and any of `one_of`."""
    return isinstance(items, list) and bool(items) and all(
        isinstance(i, dict) and all(k in i for k in keys) and (not one_of or any(k in i for k in one_of)) for i in items)


_BY_SHAPE: tuple[tuple[Callable[[dict[str, Any]], bool], str], ...] = (
    (_is_npm_manifest, "an npm package manifest (package.json)"),
    (lambda raw: "lockfileVersion" in raw, "an npm lock file"),
    (lambda raw: isinstance(raw.get("compilerOptions"), dict), "a TypeScript/JavaScript compiler configuration"),
    (_is_n8n_workflow, "an n8n workflow export (nodes + connections)"),
    (_is_json_schema, "a JSON Schema document"),
    (_is_manifest, "an MCP manifest (a list of resource collections)"),
    (_is_error_envelope, "an ATDF error or response envelope (what a tool returns, not a descriptor)"),
    (_is_openapi, "an OpenAPI document"),
    (_is_client_config, "an MCP client configuration (mcpServers, or VS Code's servers)"),
    (_is_registry_server, "an MCP registry entry (server.json)"),
    (_is_extension_manifest, "a Claude Desktop extension manifest (manifest.json of a .dxt or .mcpb bundle)"),
    (_is_semantic_kernel_prompt, "a Semantic Kernel prompt function configuration (config.json beside skprompt.txt)"),
    (_is_dify_provider, "a Dify tool provider (its identity and credentials)"),
    (_is_autogen_component, "an AutoGen component configuration (provider + component_type + config)"),
    (_is_json_rpc_request, "a JSON-RPC request (jsonrpc + method)"),
    (_is_toolbench_tool, "a ToolBench tool (RapidAPI: tool_name + api_list)"),
    (_is_database_toolbox, "a configuration of MCP Toolbox for Databases (sources + tools of a kind)"),
    (_is_openakita_server, "an OpenAkita MCP server entry (SERVER_METADATA.json)"),
    (_is_openakita_plugin, "an OpenAkita plugin manifest (plugin.json)"),
    *agent_files.SHAPES,
)

# What to do with a file that describes a server or a prompt rather than tools, by its label.
_ADVICE = {
    "an MCP registry entry (server.json)": "it says how to install or reach an MCP server, not what its tools are; to "
    "serve them here, run the server, save its tools/list response as a .json file (read as it is), and add handlers",
    "a Claude Desktop extension manifest (manifest.json of a .dxt or .mcpb bundle)": "it says how to run a server, and "
    "its \"tools\" list names them with no input schema, so none can be served from it; install the bundle in Claude "
    "Desktop, or run its server and save its tools/list response as a .json file here",
    "a Dify tool provider (its identity and credentials)": "its \"tools\" list names the YAML file of each tool, "
    "and each of those is read on its own",
    "an AutoGen component configuration (provider + component_type + config)": "its FunctionTools carry Python "
    "source code, not an input schema, so none is served from it; put the functions in handlers.py and describe "
    "each as a tool (name, description, inputSchema)",
    "a configuration of MCP Toolbox for Databases (sources + tools of a kind)": "its tools run SQL against its sources "
    "in Toolbox's own server, some with parameters filled from the signed-in user's token; run Toolbox with this file "
    "and save its tools/list response as a .json file here (read as it is), with handlers that call Toolbox",
    "a ToolBench tool (RapidAPI: tool_name + api_list)": "its APIs are RapidAPI endpoints, called with a RapidAPI key, "
    "named with spaces and typed in RapidAPI's words (\"STRING\", \"DATE (YYYY-MM-DD)\"), so none is served as it is; "
    "describe each API you want as an MCP tool (name, description, inputSchema) with its endpoint",
    "an OpenAkita MCP server entry (SERVER_METADATA.json)": "it says how to reach the server; its tools are the "
    "tools/*.json files beside it, each read on its own",
    "an OpenAkita plugin manifest (plugin.json)": "its \"provides\": {\"tools\": [...]} only names the tools its "
    "plugin.py registers, with no input schema; describe each as a tool (name, description, inputSchema) to serve it",
    "a JSON-RPC request (jsonrpc + method)": "it asks a server for something; for tools/list, send it to the server "
    "and save the response, whose \"result\": {\"tools\": [...]} is read as it is",
    **agent_files.ADVICE,
    "a Semantic Kernel prompt function configuration (config.json beside skprompt.txt)": "a prompt for a model, whose "
    "input variables fill its template, not a tool; to offer it as an MCP prompt, write an ARDF prompt/template "
    "descriptor with the text of skprompt.txt",
}


def skipped_message(label: str) -> str:
    """The info line of a file skipped as `label` (what `what_else` or `named_else` said), with what to do if anything."""
    advice = _ADVICE.get(label)
    return f"skipped: {label}, not a descriptor" + (f": {advice}" if advice else "")
