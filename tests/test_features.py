"""The handler API and catalogue features behind the conformance fixtures, through the SDK client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from atdf_mcp import load_catalog
from atdf_mcp.server import CatalogServer, build_server

CONFORMANCE = Path(__file__).resolve().parent.parent / "examples" / "conformance"
MODES = ["legacy", "auto"]


@pytest.fixture(scope="module")
def app() -> CatalogServer:
    """The conformance catalogue's server."""
    return CatalogServer(load_catalog(CONFORMANCE))


def test_the_conformance_catalogue_loads_cleanly() -> None:
    """Every fixture is a valid descriptor with a working handler."""
    catalog = load_catalog(CONFORMANCE)
    assert catalog.report.problems == []
    assert catalog.serving_problems == ()


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_content_helpers_produce_image_audio_and_resources(app: CatalogServer, mode: str) -> None:
    """image(), audio() and resource() blocks reach the client as MCP content."""
    async with Client(app.server, mode=mode) as client:
        [img] = (await client.call_tool("test_image_content", {})).content
        assert (img.type, img.mime_type) == ("image", "image/png") and img.data
        [sound] = (await client.call_tool("test_audio_content", {})).content
        assert (sound.type, sound.mime_type) == ("audio", "audio/wav")
        [embedded] = (await client.call_tool("test_embedded_resource", {})).content
        assert embedded.resource.uri == "test://embedded-resource" and embedded.resource.text
        mixed = (await client.call_tool("test_multiple_content_types", {})).content
        assert [c.type for c in mixed] == ["text", "image", "resource"]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_verbatim_input_schemas_are_served_exactly(app: CatalogServer, mode: str) -> None:
    """An ARDF content.data.input_schema keeps $schema, $defs and additionalProperties."""
    async with Client(app.server, mode=mode) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        schema = tools["json_schema_2020_12_tool"].input_schema
        assert schema == json.loads((CONFORMANCE / "json_schema_tool.json").read_text())["content"]["data"]["input_schema"]
        ok = await client.call_tool("json_schema_2020_12_tool", {"name": "Ann", "address": {"city": "Oslo"}})
        assert ok.structured_content == {"name": "Ann", "address": {"city": "Oslo"}}
        bad = await client.call_tool("json_schema_2020_12_tool", {"name": "Ann", "nickname": "A"})
        assert bad.is_error and bad.structured_content["errors"][0]["parameter_name"] == "nickname"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_descriptor_resources_static_binary_and_templates(app: CatalogServer, mode: str) -> None:
    """Documents declare text, base64 blobs and URI templates at their own URIs."""
    async with Client(app.server, mode=mode) as client:
        uris = {r.uri for r in (await client.list_resources()).resources}
        assert {"test://static-text", "test://static-binary", "test://watched-resource"} <= uris
        templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
        assert "test://template/{id}/data" in templates
        text = (await client.read_resource("test://static-text")).contents[0]
        assert (text.mime_type, text.text) == ("text/plain", "This is the content of the static text resource.")
        blob = (await client.read_resource("test://static-binary")).contents[0]
        assert blob.mime_type == "image/png" and blob.blob.startswith("iVBOR")
        filled = (await client.read_resource("test://template/123/data")).contents[0]
        assert json.loads(filled.text)["id"] == "123"


@pytest.mark.anyio
async def test_subscribers_are_notified_when_a_resource_changes(app: CatalogServer) -> None:
    """resources/subscribe registers the session; notify_resource_updated reaches it; unsubscribe stops it."""
    updates: list[str] = []

    async def on_message(message: Any) -> None:
        if isinstance(message, types.ResourceUpdatedNotification):
            updates.append(str(message.params.uri))

    with anyio.fail_after(10):
        async with Client(app.server, mode="legacy", message_handler=on_message) as client:
            with pytest.warns(Warning):
                await client.subscribe_resource("test://watched-resource")
            assert await app.notify_resource_updated("test://watched-resource") == 1
            while not updates:
                await anyio.sleep(0.01)
            with pytest.warns(Warning):
                await client.unsubscribe_resource("test://watched-resource")
            assert await app.notify_resource_updated("test://watched-resource") == 0
            with pytest.raises(MCPError), pytest.warns(Warning):
                await client.subscribe_resource("test://no-such-thing")
    assert updates == ["test://watched-resource"]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_completion_offers_declared_values_filtered_by_prefix(app: CatalogServer, mode: str) -> None:
    """completion/complete answers from the descriptor's completions and examples, for prompts and templates."""
    async with Client(app.server, mode=mode) as client:
        prompt = await client.complete(types.PromptReference(type="ref/prompt", name="test_prompt_with_arguments"),
                                       {"name": "arg1", "value": "testV"})
        assert prompt.completion.values == ["testValue1"]
        template = await client.complete(types.ResourceTemplateReference(type="ref/resource", uri="test://template/{id}/data"),
                                         {"name": "id", "value": ""})
        assert template.completion.values == ["123", "456"]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_prompts_embed_resources_and_images(app: CatalogServer, mode: str) -> None:
    """Declared prompt messages carry embedded resources (URI from an argument) and images."""
    async with Client(app.server, mode=mode) as client:
        embedded = await client.get_prompt("test_prompt_with_embedded_resource", {"resourceUri": "test://static-text"})
        first = embedded.messages[0].content
        assert first.type == "resource" and first.resource.uri == "test://static-text"
        picture = await client.get_prompt("test_prompt_with_image", {})
        assert picture.messages[0].content.type == "image" and picture.messages[0].content.mime_type == "image/png"
        args = await client.get_prompt("test_prompt_with_arguments", {"arg1": "testValue1", "arg2": "testValue2"})
        assert "testValue1" in args.messages[0].content.text and "testValue2" in args.messages[0].content.text


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_progress_reaches_the_caller(app: CatalogServer, mode: str) -> None:
    """ctx.report_progress sends non-decreasing progress notifications."""
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    async with Client(app.server, mode=mode) as client:
        result = await client.call_tool("test_tool_with_progress", {}, progress_callback=on_progress)
    assert result.is_error is False
    assert seen == [0, 50, 100]


@pytest.mark.anyio
async def test_logs_honour_the_level_the_client_set(app: CatalogServer) -> None:
    """ctx.log sends notifications/message at or above the client's logging/setLevel level."""
    received: list[str] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        received.append(str(params.data))

    async with Client(app.server, mode="legacy", logging_callback=on_log) as client:
        await client.set_logging_level("debug")
        await client.call_tool("test_tool_with_logging", {})
        await anyio.sleep(0.05)
        assert received == ["Tool execution started", "Tool processing data", "Tool execution completed"]
        received.clear()
        await client.set_logging_level("error")
        await client.call_tool("test_tool_with_logging", {})
        await anyio.sleep(0.05)
    assert received == []


@pytest.mark.anyio
async def test_sampling_and_elicitation_go_through_the_client(app: CatalogServer) -> None:
    """ctx.sample and ctx.elicit send server-to-client requests and return the answers."""

    async def sample(context: Any, params: types.CreateMessageRequestParams) -> types.CreateMessageResult:
        return types.CreateMessageResult(role="assistant", model="test", content=types.TextContent(type="text", text="42"))

    async def elicit(context: Any, params: Any) -> types.ElicitResult:
        return types.ElicitResult(action="accept", content={"username": "ann", "email": "ann@example.com"})

    async with Client(app.server, mode="legacy", sampling_callback=sample, elicitation_callback=elicit) as client:
        sampled = await client.call_tool("test_sampling", {"prompt": "What is 6*7?"})
        assert sampled.content[0].text == "LLM response: 42"
        elicited = await client.call_tool("test_elicitation", {"message": "Who are you?"})
        assert "ann@example.com" in elicited.content[0].text


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_sampling_without_a_capable_client_is_an_envelope_not_a_crash(mode: str) -> None:
    """A client that cannot sample (or a connection without a back-channel) gets an envelope saying so."""
    server = build_server(load_catalog(CONFORMANCE))
    async with Client(server, mode=mode) as client:
        result = await client.call_tool("test_sampling", {"prompt": "hi"})
    assert result.is_error is True
    assert result.structured_content["errors"][0]["code"] == "CLIENT_CAPABILITY_MISSING"
