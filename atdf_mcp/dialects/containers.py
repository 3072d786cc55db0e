"""Where model APIs keep a file's tools: inside a request body, a wrapper object, or grouped in a `tools` item.

    >>> wrapped_list({"toolConfig": {"tools": [], "toolChoice": {"auto": {}}}})
    ('toolConfig', 'tools')
    >>> declarations_key({"functionDeclarations": [{"name": "f"}]})
    'functionDeclarations'
    >>> lifted({"tools": [{"functionDeclarations": [{"name": "a"}, {"name": "b"}]}]})[0]
    {'tools': [{'name': 'a'}, {'name': 'b'}]}

The canonical form of such a file is `{"tools": [...]}` with one MCP tool per item; the keys of a request body that
are not its tools (`model`, `messages`...) stay where they are and are said, once, to be ignored.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["declarations_key", "deviations", "ignored_keys", "ignored_message", "lifted", "wrapped_list"]

# Keys of a Gemini `tools` item holding function declarations (REST camelCase, Python SDK / Vertex snake_case).
DECLARATION_KEYS = ("functionDeclarations", "function_declarations")

# Root keys that wrap a tool list, the key of the list inside, and what they are.
_WRAPPERS: tuple[tuple[str, str, str], ...] = (
    ("toolConfig", "tools", "an Amazon Bedrock Converse \"toolConfig\""),
    ("functionSchema", "functions", "an Amazon Bedrock Agents action group's \"functionSchema\""),
)

# Keys that make a file holding tools a model API request (or a tool configuration) rather than a collection.
_REQUEST_KEYS = frozenset({
    "model", "modelId", "messages", "contents", "system", "systemInstruction", "system_instruction", "prompt",
    "stream", "temperature", "max_tokens", "max_completion_tokens", "maxTokens", "tool_choice", "toolChoice",
    "toolConfig", "tool_config", "generationConfig", "generation_config", "inferenceConfig", "options", "format",
    "parallel_tool_calls", "response_format", "preamble", "chat_history", "message", "instructions", "input",
})


def declarations_key(item: Any) -> str | None:
    """The key under which a `tools` item groups Gemini function declarations, else None."""
    if not isinstance(item, dict) or "name" in item:
        return None
    return next((k for k in DECLARATION_KEYS if isinstance(item.get(k), list)), None)


def wrapped_list(raw: Any) -> tuple[str, str] | None:
    """(wrapper key, list key) of a file's root that keeps its tools in a wrapper object and has no "tools" itself."""
    if not isinstance(raw, dict) or "tools" in raw or "resources" in raw:
        return None
    return next(((outer, inner) for outer, inner, _ in _WRAPPERS
                 if isinstance(raw.get(outer), dict) and isinstance(raw[outer].get(inner), list)), None)


def deviations(raw: Any) -> list[tuple[str, str]]:
    """(pointer, message) of each way the file's container departs from `{"tools": [...]}` (NON_CANONICAL warnings)."""
    found: list[tuple[str, str]] = []
    wrapped = wrapped_list(raw)
    if wrapped is not None:
        outer, inner = wrapped
        label = next(text for key, _, text in _WRAPPERS if key == outer)
        found.append((f"/{outer}", f"{label} holds the tools: write them as {{\"tools\": [...]}} at the file's root, not "
                      f"{{{json.dumps(outer)}: {{{json.dumps(inner)}: [...]}}}}"))
    tools = raw.get("tools") if isinstance(raw, dict) else None
    for i, item in enumerate(tools if isinstance(tools, list) else ()):
        key = declarations_key(item)
        if key is not None:
            found.append((f"/tools/{i}/{key}", f"write each Gemini function declaration as an item of the file's "
                          f"\"tools\" list ({{\"tools\": [{{\"name\", \"description\", \"inputSchema\"}}, ...]}}), not "
                          f"grouped in {{{json.dumps(key)}: [...]}}"))
    return found


def ignored_keys(raw: Any) -> list[str]:
    """The keys of a model API request body (or action group) that are not its tools, as said in the info line."""
    if not isinstance(raw, dict):
        return []
    wrapped = wrapped_list(raw)
    if wrapped is None and not (isinstance(raw.get("tools"), list) and raw.keys() & _REQUEST_KEYS):
        return []
    outer = wrapped[0] if wrapped else None
    keys = [k for k in raw if k not in ("tools", outer)]
    if wrapped is not None:
        keys += [f"{outer}.{k}" for k in raw[outer] if k != wrapped[1]]
    return keys


def ignored_message(keys: list[str]) -> str:
    """The info line of a request body's ignored keys."""
    return (f"read as a model API request or tool configuration: only its tools are served; "
            f"{', '.join(map(json.dumps, keys))} {'is' if len(keys) == 1 else 'are'} not about tools and ignored")


def lifted(raw: Any) -> tuple[Any, list[tuple[str, str]]]:
    """The document with its tools in a root `"tools"` list, and (new pointer, old pointer) of every part that moved."""
    moves: list[tuple[str, str]] = []
    wrapped = wrapped_list(raw)
    if wrapped is not None:
        outer, inner = wrapped
        rest = {k: v for k, v in raw[outer].items() if k != inner}
        items: list[tuple[str, Any]] = []
        for key, value in raw.items():
            if key == outer:
                items.append(("tools", value[inner]))
                if rest:
                    items.append((outer, rest))
            else:
                items.append((key, value))
        raw = dict(items)
        moves.append(("/tools", f"/{outer}/{inner}"))
    tools = raw.get("tools") if isinstance(raw, dict) else None
    if isinstance(tools, list) and any(declarations_key(item) for item in tools):
        base = moves[0][1] if moves else "/tools"
        flat: list[Any] = []
        for i, item in enumerate(tools):
            key = declarations_key(item)
            if key is None:
                moves.append((f"/tools/{len(flat)}", f"{base}/{i}"))
                flat.append(item)
                continue
            for j, declaration in enumerate(item[key]):
                moves.append((f"/tools/{len(flat)}", f"{base}/{i}/{key}/{j}"))
                flat.append(declaration)
            rest = {k: v for k, v in item.items() if k != key}
            if rest:  # a built-in tool written in the same item ({"functionDeclarations": [...], "googleSearch": {}})
                moves.append((f"/tools/{len(flat)}", f"{base}/{i}"))
                flat.append(rest)
        raw = {k: (flat if k == "tools" else v) for k, v in raw.items()}
    return raw, moves
