"""Dify tool YAML (`identity`, `description: {human, llm}`, `parameters: [{name, type, form, llm_description}]`) → MCP.

    >>> from atdf_mcp.dialects.canonical import Canonical
    >>> c = Canonical({"identity": {"name": "search", "label": {"en_US": "Search"}}, "description": {"llm": "Find."},
    ...                "parameters": [{"name": "q", "type": "string", "required": True, "form": "llm"}]})
    >>> dify_tool(c, c.raw); c.raw["title"], c.raw["description"], c.raw["inputSchema"]["required"]
    ('Search', 'Find.', ['q'])

Only what Dify shows in its own UI is left out (translations of labels, `human_description`, `placeholder`, `form`);
a parameter whose value has no JSON Schema (a file, an app or model selector) is AMBIGUOUS.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .canonical import Canonical

__all__ = ["dify_tool", "is_dify_tool"]

_TYPES = {"string": "string", "text-input": "string", "paragraph": "string", "dynamic-select": "string",
          "secret-input": "string", "number": "number", "boolean": "boolean", "array": "array", "object": "object"}
# JSON Schema keywords a Dify parameter may carry as they are (its `min`/`max` are renamed).
_KEPT = ("default", "pattern", "minLength", "maxLength", "format", "items", "properties", "examples", "enum")


def is_dify_tool(raw: dict[str, Any]) -> bool:
    """A Dify tool YAML: `identity.name` and a `description` of `human`/`llm` texts, with its parameters if any."""
    identity, description = raw.get("identity"), raw.get("description")
    return isinstance(identity, dict) and isinstance(identity.get("name"), str) and isinstance(description, dict) and (
        "llm" in description or "human" in description) and isinstance(raw.get("parameters", []), list)


def dify_tool(c: Canonical, raw: dict[str, Any]) -> None:
    """Rewrite a Dify tool in place as an MCP tool; say it (or an unreadable parameter) as a deviation."""
    if not is_dify_tool(raw):
        return
    identity, description = raw["identity"], raw["description"]
    properties: dict[str, Any] = {}
    required: list[str] = []
    for i, param in enumerate(raw.get("parameters") or []):
        name = param.get("name") if isinstance(param, dict) else None
        if not isinstance(name, str) or name in properties:
            c.ambiguous(f"/parameters/{i}", "a Dify parameter needs a \"name\" of its own: name it, or remove it")
            return
        schema = _parameter_schema(param)
        if schema is None:
            c.ambiguous(f"/parameters/{i}/type", f"a Dify {json.dumps(param.get('type'))} parameter has no JSON Schema "
                        "an MCP client could fill: give it a \"type\" of string, number, boolean, array or object, or "
                        "remove it")
            return
        properties[name] = schema
        c.moved(f"/inputSchema/properties/{_escape(name)}", f"/parameters/{i}")
        if param.get("required") is True:
            required.append(name)
    title = _text(identity.get("label"))
    text = description.get("llm") if isinstance(description.get("llm"), str) else _text(description.get("human"))
    rest = {k: v for k, v in raw.items() if k not in ("identity", "description", "parameters")}
    raw.clear()
    raw.update({"name": identity["name"], **({"title": title} if title else {}), "description": text or identity["name"],
                "inputSchema": {"type": "object", "properties": properties, **({"required": required} if required else {})},
                **rest})
    c.moved("/name", "/identity/name")
    c.fixed("/identity", "write a Dify tool as an MCP tool: {\"name\", \"title\", \"description\" (its \"llm\" text), "
            "\"inputSchema\": {\"type\": \"object\", \"properties\": {...}, \"required\": [...]}}; what only Dify's UI shows "
            "(label translations, \"human_description\", \"placeholder\", \"form\") is left out")


def _parameter_schema(param: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON Schema of one Dify parameter (None when its type has none)."""
    kind = param.get("type")
    schema: dict[str, Any] = {}
    if kind == "select":
        values = [o.get("value") for o in param.get("options") or () if isinstance(o, dict)]
        if not values:
            return None
        if all(isinstance(v, str) for v in values):
            schema["type"] = "string"
        schema["enum"] = values
    elif kind in _TYPES:
        schema["type"] = _TYPES[kind]
        if kind == "secret-input":
            schema["writeOnly"] = True
    else:
        return None
    text = param.get("llm_description") if isinstance(param.get("llm_description"), str) else _text(
        param.get("human_description"))
    if text:
        schema["description"] = text
    title = _text(param.get("label"))
    if title:
        schema["title"] = title
    for dify, keyword in (("min", "minimum"), ("max", "maximum")):
        if isinstance(param.get(dify), (int, float)) and not isinstance(param.get(dify), bool):
            schema[keyword] = param[dify]
    schema.update({k: v for k, v in param.items() if k in _KEPT})
    return schema


def _text(value: Any) -> str | None:
    """A Dify i18n text ({"en_US": ..., "zh_Hans": ...}) in English, or its first language; a plain string as it is."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        english = value.get("en_US")
        return english if isinstance(english, str) else next((v for v in value.values() if isinstance(v, str)), None)
    return None


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")
