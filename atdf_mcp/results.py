"""Turn what a handler returned, or an error envelope, into an MCP CallToolResult (DESIGN decisions 9 and 10)."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import jsonschema_rs
import mcp.types as types
from pydantic import BaseModel

from .envelope import enriched, envelope_text

__all__ = ["ENRICHED_META", "error_result", "output_check", "to_result"]

ENRICHED_META = "atdf.io/enriched"
"""The `_meta` key of an error result that holds the envelope in the enriched form (`status/data/meta`)."""

_CONTENT_TYPES = (types.TextContent, types.ImageContent, types.AudioContent, types.EmbeddedResource, types.ResourceLink)
_CONTENT_KINDS = {"text", "image", "audio", "resource", "resource_link"}


def to_result(value: Any, *, success_text: str, blob_uri: str) -> types.CallToolResult:
    """The CallToolResult for a handler's return value."""
    if isinstance(value, types.CallToolResult):
        return value
    if isinstance(value, BaseModel) and not isinstance(value, _CONTENT_TYPES):
        value = value.model_dump(mode="json", by_alias=True, exclude_none=True)
    if value is None:
        return types.CallToolResult(content=[types.TextContent(type="text", text=success_text)])
    if isinstance(value, str):
        return types.CallToolResult(content=[types.TextContent(type="text", text=value)])
    if isinstance(value, dict):
        return types.CallToolResult(content=[_json_text(value)], structured_content=value)
    if isinstance(value, _CONTENT_TYPES):
        return types.CallToolResult(content=[value])
    if isinstance(value, (list, tuple)):
        if value and all(_is_content(v) for v in value):
            return types.CallToolResult(content=[_content(v) for v in value])
        wrapped = {"result": list(value)}
        return types.CallToolResult(content=[_json_text(wrapped)], structured_content=wrapped)
    if isinstance(value, (bytes, bytearray, memoryview)):
        blob = types.BlobResourceContents(uri=blob_uri, mime_type="application/octet-stream",
                                          blob=base64.b64encode(bytes(value)).decode("ascii"))
        return types.CallToolResult(content=[types.EmbeddedResource(type="resource", resource=blob)])
    wrapped = {"result": value}
    return types.CallToolResult(content=[_json_text(wrapped)], structured_content=wrapped)


def error_result(env: dict[str, Any], *, structured: bool = True) -> types.CallToolResult:
    """An isError result: the envelope as JSON in the first text block, as structuredContent when `structured`, and its
    enriched form (upstream's other error schema, which no single object can share with the envelope) in `_meta`."""
    return types.CallToolResult(content=[types.TextContent(type="text", text=envelope_text(env))],
                                structured_content=env if structured else None, is_error=True,
                                _meta={ENRICHED_META: enriched(env)})


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


def _json_text(value: Any) -> types.TextContent:
    return types.TextContent(type="text", text=json.dumps(value, ensure_ascii=False, default=str))


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
