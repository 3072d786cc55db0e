"""What makes a tool name invalid for MCP clients, and a valid name close to it."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_NAME_CHARS", "invalid_name_message", "unportable_name_message"]

MAX_NAME_CHARS = 64  # clients prefix tool names with the server's; several refuse longer ones
_OUTSIDE = re.compile(r"[^A-Za-z0-9_.\-]")


def invalid_name_message(name: str) -> str:
    """Why `name` is not a valid MCP tool name (which rule it breaks) and a valid name to use instead."""
    bad = _OUTSIDE.search(name)
    if bad is not None:
        why = f"it holds {bad.group()!r}"
    elif not name:
        why = "it is empty"
    else:
        why = f"it is {len(name)} characters long"
    instead = _valid_name(name)
    suggestion = f"; write e.g. {instead!r}" if instead else ""
    return (f"tool name {name!r} is not a valid MCP tool name: {why} (use ASCII letters, digits, '_', '-' or '.', at most "
            f"{MAX_NAME_CHARS} characters){suggestion}")


def unportable_name_message(name: str) -> str | None:
    """Why a valid MCP tool name with a '.' fails agents on the big model APIs, and the name to use; None without one.

    MCP allows '.', but OpenAI's API (`^[a-zA-Z0-9_-]+$`), Anthropic's and Claude Desktop's (`^[a-zA-Z0-9_-]{1,64}$`)
    refuse a whole request that lists such a tool, and the agent frameworks (pydantic-ai, the OpenAI Agents SDK,
    LangChain's and LlamaIndex's MCP adapters) pass tool names on unchanged."""
    if "." not in name:
        return None
    instead = name.replace(".", "_")
    return (f"tool name {name!r} holds '.', which MCP allows but OpenAI's and Anthropic's APIs and Claude Desktop refuse "
            f"in a tool name (letters, digits, '_' and '-' only): an agent on them fails before its first call; write e.g. "
            f"{instead!r}")


def _valid_name(name: str) -> str:
    """`name` made valid: accents dropped (café → cafe), every other run of invalid characters one '_', cut to the limit."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii") if not name.isascii() else name
    if len(plain) < len(name) and not plain.strip():
        plain = name
    return _OUTSIDE.sub("_", plain).strip("_")[:MAX_NAME_CHARS].rstrip("_") or ""
