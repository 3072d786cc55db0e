"""Handlers of the conformance catalogue: every fixture of the MCP conformance suite's server scenarios."""

from __future__ import annotations

import io
import json
import wave
from typing import Any

import anyio

from atdf_mcp import ToolError
from atdf_mcp.content import audio, image, resource, text
from atdf_mcp.context import ToolContext

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def _wav() -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(b"\x00\x00" * 800)
    return buffer.getvalue()


def test_simple_text() -> str:
    """A fixed text."""
    return "This is a simple text response for testing."


def test_image_content() -> list[Any]:
    """A 1x1 PNG image."""
    return [image(PNG, "image/png")]


def test_audio_content() -> list[Any]:
    """A 0.1 s silent WAV clip."""
    return [audio(_wav(), "audio/wav")]


def test_embedded_resource() -> list[Any]:
    """An embedded text resource."""
    return [resource("test://embedded-resource", text="This is an embedded resource content.", mime_type="text/plain")]


def test_multiple_content_types() -> list[Any]:
    """Text, an image and an embedded JSON resource."""
    return [
        text("Multiple content types test:"),
        image(PNG, "image/png"),
        resource("test://mixed-content-resource", text=json.dumps({"test": "data", "value": 123}), mime_type="application/json"),
    ]


async def test_tool_with_logging(ctx: ToolContext) -> str:
    """Three log messages about 50 ms apart."""
    for message in ("Tool execution started", "Tool processing data", "Tool execution completed"):
        await ctx.log("info", message)
        await anyio.sleep(0.05)
    return "Tool with logging executed successfully"


async def test_tool_with_progress(ctx: ToolContext) -> str:
    """Progress 0, 50, 100 of 100."""
    for step in (0, 50, 100):
        await ctx.report_progress(step, 100, f"Completed step {step} of 100")
        await anyio.sleep(0.05)
    return "Tool with progress executed successfully"


def test_error_handling() -> str:
    """Always fails, with a declared error."""
    raise ToolError("TEST_ERROR", "This tool intentionally returns an error for testing")


async def test_sampling(prompt: str, ctx: ToolContext) -> str:
    """Ask the client's model and return its answer."""
    answer = await ctx.sample(prompt, max_tokens=100)
    return f"LLM response: {answer}"


async def test_elicitation(message: str, ctx: ToolContext) -> str:
    """Ask the user for a username and an e-mail."""
    schema = {"type": "object", "properties": {"username": {"type": "string", "description": "Your username"},
                                               "email": {"type": "string", "description": "Your email address"}},
              "required": ["username", "email"]}
    answer = await ctx.elicit(message, schema)
    return f"User response: action={answer.action}, content={json.dumps(answer.content)}"


async def test_elicitation_sep1034_defaults(ctx: ToolContext) -> str:
    """Elicitation whose fields have defaults of every primitive type."""
    schema = {"type": "object", "properties": {
        "name": {"type": "string", "description": "User name", "default": "John Doe"},
        "age": {"type": "integer", "description": "User age", "default": 30},
        "score": {"type": "number", "description": "User score", "default": 95.5},
        "status": {"type": "string", "description": "User status", "enum": ["active", "inactive", "pending"], "default": "active"},
        "verified": {"type": "boolean", "description": "Verification status", "default": True},
    }}
    answer = await ctx.elicit("Please review and update the form fields with defaults", schema)
    return f"Elicitation completed: action={answer.action}, content={json.dumps(answer.content)}"


async def test_elicitation_sep1330_enums(ctx: ToolContext) -> str:
    """Elicitation with untitled, titled and legacy single- and multi-select enums."""
    schema = {"type": "object", "properties": {
        "untitledSingle": {"type": "string", "description": "Choose an option", "enum": ["option1", "option2", "option3"]},
        "titledSingle": {"type": "string", "description": "Choose a titled option", "oneOf": [
            {"const": "value1", "title": "First Option"}, {"const": "value2", "title": "Second Option"},
            {"const": "value3", "title": "Third Option"}]},
        "legacyEnum": {"type": "string", "description": "Choose a legacy option", "enum": ["opt1", "opt2", "opt3"],
                       "enumNames": ["Option One", "Option Two", "Option Three"]},
        "untitledMulti": {"type": "array", "description": "Choose multiple options",
                          "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
        "titledMulti": {"type": "array", "description": "Choose multiple titled options", "items": {"anyOf": [
            {"const": "value1", "title": "First Choice"}, {"const": "value2", "title": "Second Choice"},
            {"const": "value3", "title": "Third Choice"}]}},
    }}
    answer = await ctx.elicit("Please select options from the enum fields", schema)
    return f"Elicitation completed: action={answer.action}, content={json.dumps(answer.content)}"


async def test_reconnection(ctx: ToolContext) -> str:
    """Close the SSE stream mid-call; the client reconnects and gets the result from the event store."""
    await ctx.close_sse_stream()
    await anyio.sleep(0.1)
    return "Reconnection test completed successfully"


def json_schema_2020_12_tool(name: str | None = None, address: dict[str, Any] | None = None) -> dict[str, Any]:
    """Echo the arguments of a 2020-12 schema."""
    return {"name": name, "address": address}
