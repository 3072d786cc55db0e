"""The shape of every error result, in both protocol eras: the envelope as JSON in the first text block, and as
structuredContent only where a client checking the tool's outputSchema (the TypeScript SDK does, even on errors)
would accept it. Every failure path: bad arguments, a declared ToolError, a crash, a timeout, an isError result the
handler built itself, no handler, an unreachable HTTP endpoint, an unknown tool.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import jsonschema
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import free_port
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.dispatch import http
from atdf_mcp.server import build_server

MODES = ["legacy", "auto"]
STRICT = {"type": "object", "required": ["answer"], "properties": {"answer": {"type": "string"}}}
TEXT = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
FORWARDED = {"status": "error", "errors": [{"type": "urn:atdf:error:quota-exceeded", "title": "Quota exceeded",
                                             "detail": "No calls left today.", "instance": "urn:uuid:1", "tool_name": "x",
                                             "parameter_name": None, "suggested_value": None, "code": "QUOTA_EXCEEDED",
                                             "context": {}}], "meta": {"timestamp": "2030-01-01T00:00:00Z"}}
HANDLERS = f'''
import anyio
import mcp.types as types
from atdf_mcp import ToolError

FORWARDED = {FORWARDED!r}

async def behave(text):
    """Answer, or fail in the way the text names."""
    if text == "refuse":
        raise ToolError("CONFLICT", "Already done.", parameter="text", suggested_value="again")
    if text == "crash":
        raise RuntimeError("secret detail")
    if text == "slow":
        await anyio.sleep(30)
    if text == "report":
        return types.CallToolResult(content=[types.TextContent(type="text", text="Quota exceeded for today.")],
                                    structured_content={{"reason": "quota"}}, is_error=True)
    if text == "forward":
        return types.CallToolResult(content=[types.TextContent(type="text", text="see structured content")],
                                    structured_content=FORWARDED, is_error=True)
    if text == "off-schema":
        return {{"reply": text}}
    if text == "words":
        return "just words"
    return {{"answer": text}}

strict = loose = plain = behave
'''
# failure → (arguments, the code the client gets)
FAILURES = {
    "wrong argument": ({"text": 5}, "VALIDATION_ERROR"),
    "declared failure": ({"text": "refuse"}, "CONFLICT"),
    "crash": ({"text": "crash"}, "INTERNAL_ERROR"),
    "timeout": ({"text": "slow"}, "TIMEOUT"),
    "handler's own isError result": ({"text": "report"}, "TOOL_ERROR"),
    "handler's own envelope": ({"text": "forward"}, "QUOTA_EXCEEDED"),
}



@pytest.fixture
def server(tmp_path: Path) -> Any:
    """Tools with a strict, a permissive and no output schema, plus an unbound one and an unreachable HTTP one."""
    tools = [
        {"name": "strict", "description": "Strict output.", "inputSchema": TEXT, "outputSchema": STRICT, "timeout": 0.3},
        {"name": "loose", "description": "Any object out.", "inputSchema": TEXT, "outputSchema": {"type": "object"}, "timeout": 0.3},
        {"name": "plain", "description": "No output schema.", "inputSchema": TEXT, "timeout": 0.3},
        {"name": "unbound", "description": "No handler.", "inputSchema": TEXT, "outputSchema": STRICT},
        {"name": "offline", "description": "Nobody listens.", "inputSchema": TEXT, "outputSchema": STRICT,
         "endpoint": f"http://127.0.0.1:{free_port()}/answer", "method": "POST"},
    ]
    (tmp_path / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    (tmp_path / "atdf-mcp.yaml").write_text("allow_private_networks: true\n", encoding="utf-8")  # "offline" is on 127.0.0.1
    (tmp_path / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    return build_server(load_catalog(tmp_path))


async def call_all(server: Any, mode: str, calls: list[tuple[str, dict[str, Any]]]) -> tuple[dict[str, types.Tool],
                                                                                             list[types.CallToolResult]]:
    """The listed tools, and the raw results of the calls (no client-side output check)."""
    try:
        async with Client(server, mode=mode) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            results = []
            for name, arguments in calls:
                request = types.CallToolRequest(params=types.CallToolRequestParams(name=name, arguments=arguments))
                results.append(await client.session.send_request(request, types.CallToolResult))
            return tools, results
    finally:
        await http.aclose()


def passes_output_check(result: types.CallToolResult, tool: types.Tool | None) -> bool:
    """What the TypeScript SDK checks on every result: structuredContent, when present, fits the listed outputSchema."""
    if result.structured_content is None or tool is None or tool.output_schema is None:
        return True
    checker = jsonschema.Draft202012Validator(tool.output_schema, format_checker=jsonschema.FormatChecker())
    return checker.is_valid(result.structured_content)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("tool", ["strict", "loose", "plain"])
async def test_every_failure_carries_the_envelope_first_and_structured_only_where_it_fits(server: Any, mode: str,
                                                                                          tool: str) -> None:
    """Each failure is an isError result whose first text block is the envelope; a tool whose output schema the
    envelope fails gets no structuredContent, the others get the envelope there too."""
    tools, results = await call_all(server, mode, [(tool, arguments) for arguments, _ in FAILURES.values()])
    for (failure, (_, code)), result in zip(FAILURES.items(), results, strict=True):
        entry = envelope_of(result)["errors"][0]
        assert (entry["code"], entry["tool_name"]) == (code, tool), failure
        assert passes_output_check(result, tools[tool]), failure
        assert (result.structured_content is None) == (tool == "strict"), failure


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_handlers_own_error_result_becomes_an_envelope(server: Any, mode: str) -> None:
    """An isError CallToolResult built by a handler reaches the client as an envelope around its text; one whose
    structuredContent already is an envelope is passed on, with this tool's name and a fresh instance."""
    _, (reported, forwarded) = await call_all(server, mode, [("plain", {"text": "report"}), ("plain", {"text": "forward"})])
    entry = envelope_of(reported)["errors"][0]
    assert (entry["code"], entry["detail"], entry["tool_name"]) == ("TOOL_ERROR", "Quota exceeded for today.", "plain")
    entry, = envelope_of(forwarded)["errors"]
    assert entry == {**FORWARDED["errors"][0], "tool_name": "plain", "instance": entry["instance"]}
    assert entry["instance"].startswith("urn:uuid:") and entry["instance"] != "urn:uuid:1"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_unavailable_tools_with_an_output_schema_carry_no_structured_content(server: Any, mode: str) -> None:
    """No handler, or an HTTP endpoint nobody listens on: the envelope in text only, since it fails the schema."""
    _, results = await call_all(server, mode, [("unbound", {"text": "x"}), ("offline", {"text": "x"})])
    assert [envelope_of(r)["errors"][0]["code"] for r in results] == ["HANDLER_UNAVAILABLE", "UNAVAILABLE"]
    assert [r.structured_content for r in results] == [None, None]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_an_unknown_tool_carries_no_structured_content(server: Any, mode: str) -> None:
    """A client may still hold an output schema for a name the server no longer has: text only, never a clash."""
    _, (result,) = await call_all(server, mode, [("strickt", {"text": "x"})])
    entry = envelope_of(result)["errors"][0]
    assert (entry["code"], entry["suggested_value"], result.structured_content) == ("TOOL_NOT_FOUND", "strict", None)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_successes_keep_their_structured_content(server: Any, mode: str) -> None:
    """The rule touches errors only: a valid call still returns its structuredContent, which fits the schema."""
    tools, results = await call_all(server, mode, [(name, {"text": "hi"}) for name in ("strict", "loose", "plain")])
    assert [r.structured_content for r in results] == [{"answer": "hi"}] * 3
    assert all(not r.is_error and passes_output_check(r, tools[n]) for r, n in zip(results, ("strict", "loose", "plain"), strict=True))


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_result_that_breaks_the_output_schema_is_an_error_that_keeps_the_result(server: Any, mode: str) -> None:
    """SDK clients reject a success whose structuredContent is missing or off-schema (the Python client raises, the
    TypeScript one throws), so the server answers OUTPUT_INVALID instead: the envelope first, then the raw result."""
    calls = [("strict", "off-schema"), ("loose", "words"), ("loose", "off-schema"), ("plain", "words")]
    try:
        async with Client(server, mode=mode) as client:  # call_tool checks results against the listed outputSchema
            results = [await client.call_tool(name, {"text": text}) for name, text in calls]
    finally:
        await http.aclose()
    off_schema, unstructured, loose_ok, plain_ok = results
    for result, raw in ((off_schema, '{"reply": "off-schema"}'), (unstructured, "just words")):
        entry = envelope_of(result)["errors"][0]
        assert (result.is_error, entry["code"], entry["context"]["retryable"]) == (True, "OUTPUT_INVALID", False)
        assert result.content[1].text == raw
    assert off_schema.structured_content is None  # the envelope fails strict's schema; loose's {"type": "object"} takes it
    assert unstructured.structured_content == envelope_of(unstructured)
    assert "at the root: \"answer\" is a required property" in envelope_of(off_schema)["errors"][0]["detail"]
    assert not loose_ok.is_error and loose_ok.structured_content == {"reply": "off-schema"}
    assert not plain_ok.is_error and plain_ok.content[0].text == "just words"


@pytest.mark.anyio
async def test_gemini_cli_gets_a_lead_line_before_an_envelope_its_transport_would_fail(server: Any) -> None:
    """Gemini CLI (clientInfo "gemini-cli-mcp-client", 0.61) JSON-parses the first text block of a result without
    structuredContent into structuredContent, then fails it against the tool's outputSchema (-32602) and hands its model
    that message instead of the envelope. For that client only, such an error starts with a line that is not JSON (the
    code and the detail), the envelope as JSON in the next block; every other result, and every other client, unchanged."""
    calls = [("strict", {"text": "refuse"}), ("plain", {"text": "refuse"}), ("strict", {"text": "ok"})]
    info = types.Implementation(name="gemini-cli-mcp-client", version="0.61.0")
    async with Client(server, mode="legacy", client_info=info) as client:
        results = [await client.session.send_request(
            types.CallToolRequest(params=types.CallToolRequestParams(name=name, arguments=arguments)), types.CallToolResult)
            for name, arguments in calls]
    strict, plain, ok = results
    lead, text = strict.content
    assert lead.text == "CONFLICT: Already done. (the ATDF error envelope follows as JSON)", lead.text
    with pytest.raises(ValueError):
        json.loads(lead.text)
    assert json.loads(text.text)["errors"][0]["code"] == "CONFLICT" and strict.structured_content is None
    assert envelope_of(plain)["errors"][0]["code"] == "CONFLICT" and len(plain.content) == 1  # it has structuredContent
    assert ok.structured_content == {"answer": "ok"}
    _, (other,) = await call_all(server, "legacy", [("strict", {"text": "refuse"})])
    assert len(other.content) == 1 and envelope_of(other)["errors"][0]["code"] == "CONFLICT"
