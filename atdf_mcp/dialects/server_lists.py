"""A JSON list of MCP server entries (how to start or reach each server), told apart from a list of broken tools.

    >>> server_list([{"id": "fetch", "command": "uvx", "args": ["mcp-server-fetch"]}])[1][:43]
    'skipped: a list of 1 MCP server entry (each'
    >>> server_list({"version": "1.0", "servers": [{"command": "uvx"}]})[0]    # where the entries are
    '/servers/'

mcp-dockmaster exports `{"version": "1.0", "servers": [{id, name, description, command, args, env_vars}, ...]}`; hand-kept
lists write `[{"name", "command", "args"}, {"name", "type": "http", "url"}]`. Each entry says how to run a server, whose
tools are what `tools/list` answers: none can be described from the entry. Only a list of nothing but such entries is
recognised (an entry with an input schema or parameters is a tool, and the list is read as tools), and the caller
skips the file only when every descriptor it finds is one of these entries: a tool or a collection that keeps a
"servers" list beside it (an OpenAPI document's urls) is read as the tools it holds.
"""

from __future__ import annotations

from typing import Any

from .canonical import PARAMETER_KEYS

__all__ = ["server_list"]

_TRANSPORTS = frozenset({"stdio", "http", "sse", "streamable-http", "streamable_http", "streamableHttp", "ws", "websocket"})
_LIST_KEYS = frozenset({"servers", "mcpServers", "mcp_servers"})  # where a file keeps its list, when the root is an object
# A tool's schema or parameters in any dialect read (`args` aside: a server entry's command line), or its HTTP call
_TOOL_KEYS = frozenset({"inputSchema", "input_schema", "arguments", "how_to_use", "content", "function", "json_schema",
                        "method", "endpoint", "handler",
                        "toolSpec", "functionDeclarations", "function_declarations", "resource_type",
                        *(k for k in PARAMETER_KEYS if k != "args")})


def server_list(raw: Any) -> tuple[str, str] | None:
    """(pointer prefix of the entries, info line) of a file whose list holds only MCP server entries, else None."""
    if isinstance(raw, dict):  # most files: a descriptor, whose keys meet none of _LIST_KEYS (one set operation)
        keys = raw.keys() & _LIST_KEYS
        key = min(keys) if keys else ""
        items, prefix = (raw[key], f"/{key}/") if keys else (None, "")
    else:
        items, prefix = raw, "/"
    if not isinstance(items, list) or not items or not isinstance(items[0], dict) or not _reaches(items[0]) \
            or not all(map(_is_server, items)):
        return None
    ids = [k for k in ("tool_id", "id") if any(k in i for i in items)]
    named = f"; \"{ids[0]}\" names a server, not a tool" if ids else ""
    return prefix, (f"skipped: a list of {len(items)} MCP server entr{'y' if len(items) == 1 else 'ies'} (each a command to "
                    f"start or a url to reach a server{named}), not a descriptor: run each server and save its tools/list "
                    "response as a .json file here (read as it is), with handlers that call the server")


def _reaches(item: dict[str, Any]) -> bool:
    """Whether an entry says how to start or reach a server, itself or under "config": a command, or a url with an MCP
    transport or headers (a url alone is also how an HTTP tool written without its schema names its endpoint)."""
    return any(_starts(where) for where in (item, item.get("config")) if isinstance(where, dict))


def _starts(where: dict[str, Any]) -> bool:
    """A command, or a url said to be a server's by its transport (`type`/`transport`) or the headers sent to it."""
    if isinstance(where.get("command"), str):
        return True
    transport = where.get("type", where.get("transport"))
    return isinstance(where.get("url"), str) and (transport in _TRANSPORTS or isinstance(where.get("headers"), dict))


def _is_server(item: Any) -> bool:
    """An MCP server entry: a command or url, no tool's schema or parameters, and `args` (if any) a command line."""
    if not isinstance(item, dict) or not _reaches(item) or item.keys() & _TOOL_KEYS:
        return False
    args = item.get("args", [])
    return isinstance(args, list) and all(isinstance(a, str) for a in args)
