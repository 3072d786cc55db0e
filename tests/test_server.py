"""The MCP server through the SDK's in-memory client, in both protocol eras."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
import pytest
from envelopes import envelope_of
from mcp import Client
from mcp.shared.exceptions import MCPError

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import build_server

MODES = ["legacy", "auto"]

TOOL = {
    "schema_version": "1.0.0",
    "resource_id": "book_room",
    "resource_type": "tool",
    "description": "Book a room.",
    "when_to_use": "When the user wants a room.",
    "localization": {"es": {"description": "Reserva una habitación."}},
    "metadata": {"readOnlyHint": False, "destructiveHint": False},
    "content": {
        "type": "tool/io",
        "data": {
            "inputs": [
                {"name": "guests", "type": "integer", "description": "Guests", "required": True, "minimum": 1, "maximum": 4},
                {"name": "room", "type": "string", "description": "Room type", "required": True, "enum": ["single", "double", "suite"]},
                {"name": "check_in", "type": "string", "description": "Arrival", "required": True, "format": "date"},
                {"name": "email", "type": "string", "description": "Contact", "format": "email"},
                {"name": "breakfast", "type": "boolean", "description": "Breakfast", "default": False},
            ],
            "outputs": {"success": "Booked.", "failure": [{"code": "SOLD_OUT", "description": "No room of that type is left."}]},
        },
    },
    "examples": [{"name": "couple", "input": {"guests": 2, "room": "double", "check_in": "2031-05-01"}}],
}

HANDLERS = '''
import time
import anyio
from atdf_mcp import ToolError

async def book_room(guests, room, check_in, email=None, breakfast=False, ctx=None):
    """Book a room (suites are sold out)."""
    if room == "suite":
        raise ToolError("SOLD_OUT", "All suites are taken.", parameter="room", suggested_value="double")
    if guests == 3:
        raise ToolError("MADE_UP", "Undeclared failure.", parameter="guests", suggested_value="2")
    return {"booking": f"{room}-{guests}-{check_in}", "lang": ctx.lang}

def sync_echo(text):
    """Echo text from a worker thread."""
    return text

async def crash(text):
    """Fail with a secret in the message."""
    raise RuntimeError("password=hunter2 at /srv/secret/path.py")

async def slow(text):
    """Sleep longer than the timeout."""
    await anyio.sleep(30)

def blocking(text):
    """Block a thread briefly."""
    time.sleep(0.05)
    return "done"

async def several(text):
    """Return a list of values."""
    return [1, 2, 3]

async def binary(text):
    """Return raw bytes."""
    return b"\\x00\\x01binary"

async def nothing(text):
    """Return None."""
    return None
'''


def _echo_tool(name: str, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "description": f"{name} tool",
        "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
        **extra,
    }


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    """A catalogue with an ARDF tool, MCP tools, a prompt, a workflow and a document."""
    (tmp_path / "book_room.json").write_text(json.dumps(TOOL), encoding="utf-8")
    tools = [_echo_tool(n) for n in ("sync_echo", "crash", "blocking", "several", "binary", "nothing")]
    tools.append(_echo_tool("slow", timeout=0.3))
    tools.append(_echo_tool("unbound"))
    tools.append(_echo_tool("broken", handler="no_such_module:fn"))
    (tmp_path / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    (tmp_path / "guide.md").write_text("# Guide\n\nBe nice.\n", encoding="utf-8")
    others = [
        {"schema_version": "1.0.0", "resource_id": "greet", "resource_type": "prompt", "description": "Greet someone.",
         "content": {"type": "prompt/template", "data": {"role": "system", "input_variables": ["name"],
                                                          "template_text": "Say hello to ${name} and {name}."}}},
        {"schema_version": "1.0.0", "resource_id": "trip", "resource_type": "workflow", "description": "Plan a trip.",
         "content": {"type": "workflow/steps", "data": {"steps": [{"step": "book", "description": "Book a room", "tool_id": "book_room"}]}}},
        {"schema_version": "1.0.0", "resource_id": "guide", "resource_type": "document", "description": "House guide.",
         "content": {"type": "document/ref", "data": {"access": "read-only", "format": "markdown", "path": "guide.md"}}},
    ]
    (tmp_path / "others.yaml").write_text(json.dumps(others), encoding="utf-8")
    return tmp_path


@pytest.fixture
def server(catalog_dir: Path) -> Any:
    """The server of the test catalogue."""
    return build_server(load_catalog(catalog_dir))


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_tools_are_listed_with_schema_description_annotations_and_meta(server: Any, mode: str) -> None:
    """tools/list carries the input schema, the when-to-use paragraph, annotations and the ARDF URI."""
    async with Client(server, mode=mode) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    book = tools["book_room"]
    assert book.input_schema["properties"]["room"]["enum"] == ["single", "double", "suite"]
    assert book.input_schema["required"] == ["guests", "room", "check_in"]
    assert "When to use: When the user wants a room." in book.description
    assert "SOLD_OUT" in book.description
    assert book.annotations is not None and book.annotations.read_only_hint is False
    assert book.meta["ardf.io/uri"] == "ardf://tool/book_room"
    assert "broken" in tools and "unbound" in tools


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_valid_call_returns_structured_content(server: Any, mode: str) -> None:
    """A dict returned by the handler arrives as structuredContent and JSON text."""
    async with Client(server, mode=mode) as client:
        result = await client.call_tool("book_room", {"guests": 2, "room": "double", "check_in": "2031-05-01"})
    assert result.is_error is False
    assert result.structured_content == {"booking": "double-2-2031-05-01", "lang": None}
    assert json.loads(result.content[0].text) == result.structured_content


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_every_argument_error_is_reported_with_a_fix_that_works(server: Any, mode: str) -> None:
    """Four wrong arguments give four entries and suggested_arguments that succeed on retry."""
    bad = {"guests": "5", "room": "Dubble", "check_in": "2031/05/01", "email": "ann at example.com"}
    async with Client(server, mode=mode) as client:
        env = envelope_of(await client.call_tool("book_room", bad))
        by_param = {e["parameter_name"]: e for e in env["errors"]}
        assert set(by_param) == {"guests", "room", "check_in", "email"}
        assert by_param["guests"]["suggested_value"] == "4"
        assert by_param["room"]["suggested_value"] == "double"
        assert by_param["check_in"]["suggested_value"] == "2031-05-01"
        assert by_param["email"]["suggested_value"] == "ann@example.com"
        assert "<= 4" in by_param["guests"]["context"]["expected"]["conditions"]
        assert all(e["code"] == "VALIDATION_ERROR" and e["tool_name"] == "book_room" for e in env["errors"])
        fixed = env["errors"][0]["context"]["suggested_arguments"]
        assert fixed == {"guests": 4, "room": "double", "check_in": "2031-05-01", "email": "ann@example.com"}
        retry = await client.call_tool("book_room", fixed)
    assert retry.is_error is False


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_missing_argument_is_taken_from_an_example_only_when_the_example_is_the_call(server: Any, mode: str) -> None:
    """The example is {guests 2, room double, check_in 2031-05-01}: its check_in fills a call that is the example
    without it, never a call for another room (that would book a stay nobody asked for)."""
    async with Client(server, mode=mode) as client:
        same = envelope_of(await client.call_tool("book_room", {"guests": 2, "room": "double"}))["errors"]
        other = envelope_of(await client.call_tool("book_room", {"guests": 2, "room": "single"}))["errors"]
    assert [(e["parameter_name"], e["suggested_value"]) for e in same] == [("check_in", "2031-05-01")]
    assert same[0]["context"]["suggested_arguments"] == {"guests": 2, "room": "double", "check_in": "2031-05-01"}
    [entry] = other
    assert (entry["parameter_name"], entry["suggested_value"], entry["code"]) == ("check_in", None, "VALIDATION_ERROR")
    assert "suggested_arguments" not in entry["context"]
    assert entry["context"]["expected"]["conditions"][:3] == ["required", "type: string", "format: date (YYYY-MM-DD)"]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_an_unknown_argument_is_renamed_to_the_nearest_input(server: Any, mode: str) -> None:
    """A misspelt argument name is reported with the input it most likely meant."""
    async with Client(server, mode=mode) as client:
        env = envelope_of(await client.call_tool("book_room", {"guests": 2, "room": "single", "check_inn": "2031-05-01"}))
    entry = next(e for e in env["errors"] if e["parameter_name"] == "check_inn")
    assert entry["parameter_name"] == "check_inn"
    assert entry["suggested_value"] == "check_in"
    assert entry["context"]["suggested_arguments"] == {"guests": 2, "room": "single", "check_in": "2031-05-01"}


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_declared_failure_keeps_its_code_and_suggestion(server: Any, mode: str) -> None:
    """A handler's ToolError with a declared code is enriched from the descriptor and retryable."""
    async with Client(server, mode=mode) as client:
        env = envelope_of(await client.call_tool("book_room", {"guests": 2, "room": "suite", "check_in": "2031-05-01"}))
        [entry] = env["errors"]
        assert entry["code"] == "SOLD_OUT"
        assert entry["type"] == "urn:atdf:error:sold-out"
        assert entry["title"] == "No room of that type is left."
        assert entry["detail"] == "All suites are taken."
        assert (entry["parameter_name"], entry["suggested_value"]) == ("room", "double")
        retry = await client.call_tool("book_room", entry["context"]["suggested_arguments"])
    assert retry.is_error is False


@pytest.mark.anyio
async def test_an_undeclared_failure_code_is_still_reported(server: Any, caplog: pytest.LogCaptureFixture) -> None:
    """An undeclared ToolError code reaches the client and is warned about in the log."""
    async with Client(server, mode="legacy") as client:
        env = envelope_of(await client.call_tool("book_room", {"guests": 3, "room": "single", "check_in": "2031-05-01"}))
    assert env["errors"][0]["code"] == "MADE_UP"
    assert env["errors"][0]["context"]["suggested_arguments"]["guests"] == 2
    assert "undeclared failure code MADE_UP" in caplog.text


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_an_unknown_tool_suggests_the_nearest_name(server: Any, mode: str) -> None:
    """A call to a tool that does not exist is an isError result naming the closest tool."""
    async with Client(server, mode=mode) as client:
        env = envelope_of(await client.call_tool("book_rom", {}))
    assert env["errors"][0]["code"] == "TOOL_NOT_FOUND"
    assert env["errors"][0]["suggested_value"] == "book_room"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("tool", ["unbound", "broken"])
async def test_a_tool_without_a_working_handler_is_listed_but_unavailable(server: Any, mode: str, tool: str) -> None:
    """No binding, or one that cannot be imported: HANDLER_UNAVAILABLE, and the server keeps serving."""
    async with Client(server, mode=mode) as client:
        env = envelope_of(await client.call_tool(tool, {"text": "x"}))
        assert env["errors"][0]["code"] == "HANDLER_UNAVAILABLE"
        assert (await client.call_tool("sync_echo", {"text": "still alive"})).content[0].text == "still alive"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_crashing_handler_leaks_nothing(server: Any, mode: str, caplog: pytest.LogCaptureFixture) -> None:
    """An unexpected exception: generic detail with the instance id; the traceback only in the log."""
    async with Client(server, mode=mode) as client:
        result = await client.call_tool("crash", {"text": "x"})
    env = envelope_of(result)
    entry = env["errors"][0]
    assert entry["code"] == "INTERNAL_ERROR"
    assert entry["instance"] in entry["detail"]
    assert "hunter2" not in result.content[0].text and "/srv/secret" not in result.content[0].text
    assert entry["instance"] in caplog.text and "hunter2" in caplog.text


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_slow_handler_times_out_with_an_envelope(server: Any, mode: str) -> None:
    """A handler over its timeout answers TIMEOUT, retryable."""
    with anyio.fail_after(10):
        async with Client(server, mode=mode) as client:
            env = envelope_of(await client.call_tool("slow", {"text": "x"}))
    assert env["errors"][0]["code"] == "TIMEOUT"
    assert env["errors"][0]["context"]["retryable"] is True


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_cancelled_call_cancels_the_handler_and_the_server_goes_on(server: Any, mode: str) -> None:
    """Cancelling the client call stops waiting; the next call is answered."""
    with anyio.fail_after(10):
        async with Client(server, mode=mode) as client:
            with anyio.move_on_after(0.1) as scope:
                await client.call_tool("slow", {"text": "x"})
            assert scope.cancelled_caught
            assert (await client.call_tool("sync_echo", {"text": "after"})).content[0].text == "after"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_return_values_become_mcp_content(server: Any, mode: str) -> None:
    """str → text, list → wrapped object, bytes → blob, None → the success text; sync handlers run in threads."""
    async with Client(server, mode=mode) as client:
        assert (await client.call_tool("blocking", {"text": "x"})).content[0].text == "done"
        several = await client.call_tool("several", {"text": "x"})
        assert several.structured_content == {"result": [1, 2, 3]}
        binary = await client.call_tool("binary", {"text": "x"})
        assert isinstance(binary.content[0], types.EmbeddedResource)
        assert binary.content[0].resource.blob == "AAFiaW5hcnk="
        nothing = await client.call_tool("nothing", {"text": "x"})
        assert nothing.is_error is False and nothing.content[0].text


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_every_descriptor_is_a_resource_and_unknown_uris_are_32002(server: Any, mode: str) -> None:
    """ardf:// resources carry the ARDF projection; document content has its own mime type."""
    async with Client(server, mode=mode) as client:
        uris = {r.uri: r for r in (await client.list_resources()).resources}
        assert uris["ardf://tool/book_room"].mime_type == "application/vnd.ardf+json"
        assert {"ardf://manifest", "ardf://schema/ardf.schema.json", "ardf://document/guide/content"} <= set(uris)
        templates = (await client.list_resource_templates()).resource_templates
        assert templates[0].uri_template == "ardf://{resource_type}/{resource_id}"
        tool = (await client.read_resource("ardf://tool/sync_echo")).contents[0]
        assert tool.mime_type == "application/vnd.ardf+json"
        assert SCHEMAS["ardf"].violations(json.loads(tool.text)) == []
        content = (await client.read_resource("ardf://document/guide/content")).contents[0]
        assert (content.mime_type, content.text) == ("text/markdown", "# Guide\n\nBe nice.\n")
        with pytest.raises(MCPError) as caught:
            await client.read_resource("ardf://tool/nope")
    assert caught.value.code == -32002 and "ardf://tool/nope" in caught.value.message


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_prompts_render_templates_and_workflows(server: Any, mode: str) -> None:
    """A template renders both placeholder styles; system role becomes a user instruction; workflows lay out steps."""
    async with Client(server, mode=mode) as client:
        names = {p.name for p in (await client.list_prompts()).prompts}
        assert names == {"greet", "trip", "catalog_overview"}  # catalog_overview: the Level-1 index (atdf_mcp.disclosure)
        greet = await client.get_prompt("greet", {"name": "Ana"})
        text = greet.messages[0].content.text
        assert greet.messages[0].role == "user" and "Say hello to Ana and Ana." in text and "instruction" in text.lower()
        trip = await client.get_prompt("trip", {})
        assert "book_room" in trip.messages[0].content.text
        with pytest.raises(MCPError) as caught:
            await client.get_prompt("greet", {})
    assert "name" in caught.value.message


@pytest.mark.anyio
async def test_the_language_option_localizes_descriptions(catalog_dir: Path) -> None:
    """--lang picks localized descriptions and falls back to the default text."""
    server = build_server(load_catalog(catalog_dir), lang="es-MX")
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert tools["book_room"].description.startswith("Reserva una habitación.")
    assert tools["sync_echo"].description.startswith("sync_echo tool")
