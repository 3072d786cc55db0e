"""Turn what a handler returned, or an error envelope, into an MCP CallToolResult (DESIGN decisions 9 and 10)."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import jsonschema_rs
import mcp.types as types
from pydantic import BaseModel

from .budget import clipped
from .envelope import enriched
from .jsonsafe import clean_text, json_text

__all__ = ["ENRICHED_META", "echoed", "envelope_of_result", "error_result", "output_check", "to_result", "with_received"]

ENRICHED_META = "atdf.io/enriched"
"""The `_meta` key of an error result that holds the envelope in the enriched form (`status/data/meta`)."""

_CONTENT_TYPES = (types.TextContent, types.ImageContent, types.AudioContent, types.EmbeddedResource, types.ResourceLink)
_CONTENT_KINDS = {"text", "image", "audio", "resource", "resource_link"}


def to_result(value: Any, *, success_text: Callable[[], str], blob_uri: Callable[[], str]) -> types.CallToolResult:
    """The CallToolResult for a handler's return value, JSON-safe (atdf_mcp.jsonsafe); NotSerialisable if it has none.

    `success_text` (the text of a call that returned nothing) and `blob_uri` (the URI of bytes it returned) are asked
    only when the value needs them."""
    if isinstance(value, str):  # (the commonest value first)
        return types.CallToolResult(content=[types.TextContent(type="text", text=clean_text(value))])
    if isinstance(value, types.CallToolResult):
        return _safe_result(value)
    if isinstance(value, BaseModel) and not isinstance(value, _CONTENT_TYPES):
        value = value.model_dump(mode="json", by_alias=True, exclude_none=True)
    if value is None:
        return types.CallToolResult(content=[types.TextContent(type="text", text=success_text())])
    if isinstance(value, dict):
        return _structured(value)
    if isinstance(value, _CONTENT_TYPES):
        return _safe_result(types.CallToolResult(content=[value]))
    if isinstance(value, (list, tuple)):
        if value and all(_is_content(v) for v in value):
            return _safe_result(types.CallToolResult(content=[_content(v) for v in value]))
        return _structured({"result": list(value)})
    if isinstance(value, (bytes, bytearray, memoryview)):
        blob = types.BlobResourceContents(uri=blob_uri(), mime_type="application/octet-stream",
                                          blob=base64.b64encode(bytes(value)).decode("ascii"))
        return types.CallToolResult(content=[types.EmbeddedResource(type="resource", resource=blob)])
    return _structured({"result": value})


def error_result(env: dict[str, Any], *, structured: bool = True) -> types.CallToolResult:
    """An isError result: the envelope as JSON in the first text block, as structuredContent when `structured`, and its
    enriched form (upstream's other error schema, which no single object can share with the envelope) in `_meta`.

    A context value without a JSON form (a set, a date, any object a ToolError carried) is sent as its `str`."""
    text, env = json_text(env, fallback=str)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                structured_content=env if structured else None, is_error=True,
                                _meta={ENRICHED_META: enriched(env)})


def with_received(result: types.CallToolResult, arguments: Any, mask: Callable[[Any], Any] | None = None, *,
                  is_echoed: bool = False) -> types.CallToolResult:
    """`result`, and if it is an error whose envelope names no `received` of its own (a handler's ToolError, a timeout,
    an unknown tool...), with the call's `arguments` (`echoed`) as its enriched form's `details.received`, which was
    `{}`. `mask` hides secrets before the values are clipped (a secret cut in two by the clip would not be recognised);
    `is_echoed`: the arguments were echoed already (a task's, kept in its store), and a second clip would cut them again."""
    meta = result.meta
    form = meta.get(ENRICHED_META) if result.is_error and meta else None
    details = form.get("data", {}).get("details") if isinstance(form, dict) and isinstance(form.get("data"), dict) else None
    if not isinstance(details, dict) or details.get("received") != {} or not isinstance(arguments, dict) or not arguments:
        return result
    env = result.structured_content if isinstance(result.structured_content, dict) else envelope_of_result(result)
    entries = env.get("errors") if isinstance(env, dict) else None
    context = entries[0].get("context") if isinstance(entries, list) and entries and isinstance(entries[0], dict) else None
    if isinstance(context, dict) and "received" in context:  # its own, even when it is {}
        return result
    form = {**form, "data": {**form["data"], "details": {**details, "received": arguments if is_echoed else echoed(arguments, mask)}}}
    return result.model_copy(update={"meta": {**meta, ENRICHED_META: form}})


def echoed(arguments: Any, mask: Callable[[Any], Any] | None = None) -> Any:
    """Arguments as a failure echoes them: secrets masked (by `mask`), then clipped as envelopes echo values."""
    return clipped(mask(arguments) if mask is not None else arguments)


def envelope_of_result(result: types.CallToolResult) -> dict[str, Any] | None:
    """The ATDF envelope an error result carries in its first text block (every isError result the server builds does),
    or None when that block is not one."""
    block = result.content[0] if result.content else None
    if not isinstance(block, types.TextContent):
        return None
    try:
        env = json.loads(block.text)
    except ValueError:
        return None
    return env if isinstance(env, dict) and isinstance(env.get("errors"), list) and env["errors"] else None


def output_check(schema: dict[str, Any] | None) -> Callable[[Any], bool] | None:
    """Whether a value satisfies a declared output schema, formats included (as the TypeScript SDK checks); None if none.

    The TypeScript SDK validates the structuredContent of every result, errors included, against the tool's
    outputSchema and throws when it does not match, so an error result carries the envelope as structuredContent
    only when this check passes. A schema that cannot be compiled accepts nothing.
    """
    if not schema:
        return None
    try:
        return jsonschema_rs.validator_for(schema, validate_formats=True).is_valid
    except Exception:  # any compile failure: the envelope cannot be shown to fit
        return lambda _value: False


def _structured(value: dict[str, Any]) -> types.CallToolResult:
    """A result whose structuredContent and text block hold the same JSON-safe value."""
    text, safe = json_text(value)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=safe)


def _safe_result(result: types.CallToolResult) -> types.CallToolResult:
    """A handler's own result or content blocks, with text and structuredContent made JSON-safe where they are not."""
    update: dict[str, Any] = {}
    if any(isinstance(block, types.TextContent) and clean_text(block.text) is not block.text for block in result.content):
        update["content"] = [block.model_copy(update={"text": clean_text(block.text)}) if isinstance(block, types.TextContent)
                             else block for block in result.content]
    if result.structured_content is not None:
        _, safe = json_text(result.structured_content)
        if safe is not result.structured_content:
            update["structured_content"] = safe
    return result.model_copy(update=update) if update else result


def _is_content(value: Any) -> bool:
    return isinstance(value, _CONTENT_TYPES) or (isinstance(value, dict) and value.get("type") in _CONTENT_KINDS)


def _content(value: Any) -> Any:
    if isinstance(value, dict):
        return types.TextContent.model_validate(value) if value["type"] == "text" else _validate_block(value)
    return value


def _validate_block(value: dict[str, Any]) -> Any:
    model = {"image": types.ImageContent, "audio": types.AudioContent, "resource": types.EmbeddedResource,
             "resource_link": types.ResourceLink}[value["type"]]
    return model.model_validate(value)


# Gemini CLI's clientInfo name: its McpComplianceTransport (0.61) JSON-parses the first text block of a result without
# structuredContent into structuredContent, and its TypeScript SDK client then checks that against the tool's
# outputSchema even on an isError result: -32602, and the model is handed that message instead of the envelope.
GEMINI_CLI_CLIENT = "gemini-cli-mcp-client"


def for_client(result: types.CallToolResult, client: str | None) -> types.CallToolResult:
    """`result` as `client` (its clientInfo name) can read it: for Gemini CLI, an error without structuredContent (its tool
    has an outputSchema the envelope fails) starts with a line that is not JSON, the envelope in the next block."""
    if client != GEMINI_CLI_CLIENT or not result.is_error or result.structured_content is not None or not result.content:
        return result
    first = result.content[0]
    try:
        env = json.loads(first.text) if isinstance(first, types.TextContent) else None
    except ValueError:
        return result
    errors = env.get("errors") if isinstance(env, dict) else None
    if not isinstance(errors, list) or not errors or not isinstance(errors[0], dict):
        return result
    code, detail = errors[0].get("code"), errors[0].get("detail") or errors[0].get("title") or ""
    lead = f"{code}: {detail}" if code else f"Tool error: {detail}"
    text = types.TextContent(type="text", text=f"{lead.rstrip()} (the ATDF error envelope follows as JSON)")
    return result.model_copy(update={"content": [text, *result.content]})
