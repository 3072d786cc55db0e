"""Every field of every format, by the source documents: what a descriptor says reaches a client, or is said.

Descriptors written field by field from the ATDF, ARDF, OpenAkita and Agent Tool Service documents (their own
examples first, then complete ones), loaded by the real loader and read back with the MCP SDK's client over stdio:
tools/list, the ARDF resource of each descriptor (application/vnd.ardf+json) and get_tool_info. Each test is a field
that was lost or a value that was refused without a way out, kept so it stays fixed.
"""

# ruff: noqa: RUF001 (OpenAkita's example is quoted verbatim, with its full-width Chinese punctuation)

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import write_file
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog

ARDF_MIME = "application/vnd.ardf+json"


async def client_view(folder: Path, *args: str) -> dict[str, Any]:
    """What an SDK client sees of `atdf-mcp serve FOLDER ARGS` over stdio: tools, ARDF resources, get_tool_info."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--no-watch", *args])
    view: dict[str, Any] = {"tools": {}, "ardf": {}, "info": {}}
    with anyio.fail_after(60), (folder.parent / f"{folder.name}.err").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            for tool in (await client.list_tools()).tools:
                view["tools"][tool.name] = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
            for resource in (await client.list_resources()).resources:
                uri = str(resource.uri)
                if resource.mime_type == ARDF_MIME:
                    (content,) = (await client.read_resource(uri)).contents
                    view["ardf"][uri] = json.loads(content.text)  # type: ignore[union-attr]
            if "progressive" in args:
                for uri in view["ardf"]:
                    kind, _, name = uri.removeprefix("ardf://").partition("/")
                    if kind == "tool":
                        result = await client.call_tool("get_tool_info", {"name": name})
                        view["info"][name] = result.structured_content
    return view


def problems_of(folder: Path) -> list[tuple[str, str, str, str]]:
    """(file name, pointer, severity, code) of every problem the real loader reports."""
    report = load_catalog(folder).report
    return [(Path(p.file).name, p.pointer, p.severity, p.code) for p in report.problems]


def messages_of(folder: Path) -> list[str]:
    """The message of every problem the real loader reports."""
    return [p.message for p in load_catalog(folder).report.problems]


# ---------------------------------------------------------------------------------------------
# ATDF versions as the documents name them


def atdf_tool(tool_id: str, version: str, **extra: Any) -> dict[str, Any]:
    """An ATDF tool declaring `version`, as the ATDF README's templates write one."""
    return {"schema_version": version, "tool_id": tool_id, "description": f"The {tool_id} tool.",
            "when_to_use": f"When {tool_id} is needed.",
            "how_to_use": {"inputs": [{"name": "q", "type": "string", "description": "The query"}],
                           "outputs": {"success": "Done.", "failure": [{"code": "BAD_QUERY", "description": "Bad query."}]}},
            **extra}


@pytest.mark.anyio
async def test_the_documents_own_version_names_v0_1_and_v0_2_are_read_as_atdf_1_and_2(tmp_path: Path) -> None:
    """The ATDF documents call 1.x "v0.1" and 2.x "v0.2" (the enhanced schema's title says "(v0.2.0)", its validator
    "ATDF 0.2.0"), so authors write `"schema_version": "0.2.0"`. That was an UNSUPPORTED_VERSION error and the tool was
    not served. It is now read as 1.x / 2.x, with a NON_CANONICAL warning saying to write "1.0.0" / "2.0.0"."""
    write_file(tmp_path, "basic.json", atdf_tool("basic_tool", "0.1.0"))
    write_file(tmp_path, "enhanced.json", atdf_tool("enhanced_tool", "v0.2", metadata={"author": "ATDF Team"}))
    found = problems_of(tmp_path)
    assert ("basic.json", "/schema_version", "warning", "NON_CANONICAL") in found, found
    assert ("enhanced.json", "/schema_version", "warning", "NON_CANONICAL") in found, found
    assert not [p for p in found if p[2] == "error"], found
    text = " ".join(messages_of(tmp_path))
    assert 'write "1.0.0"' in text and 'write "2.0.0"' in text, text
    view = await client_view(tmp_path)
    assert {"basic_tool", "enhanced_tool"} <= set(view["tools"])
    assert view["ardf"]["ardf://tool/enhanced_tool"]["metadata"]["author"] == "ATDF Team"


def test_a_version_no_document_names_is_still_unsupported(tmp_path: Path) -> None:
    """The reading is only for the documents' names: "0.3.0" or "3.0.0" stay UNSUPPORTED_VERSION errors."""
    write_file(tmp_path, "t.json", atdf_tool("t", "0.3.0"))
    write_file(tmp_path, "u.json", atdf_tool("u", "3.0.0"))
    found = problems_of(tmp_path)
    assert ("t.json", "/schema_version", "error", "UNSUPPORTED_VERSION") in found, found
    assert ("u.json", "/schema_version", "error", "UNSUPPORTED_VERSION") in found, found


# ---------------------------------------------------------------------------------------------
# MCP tools: every field of the Tool object


MCP_TOOL = {
    "name": "send_mail", "title": "Send mail", "description": "Sends an e-mail.",
    "inputSchema": {"type": "object", "properties": {"to": {"type": "string", "format": "email"}}, "required": ["to"]},
    "outputSchema": {"type": "object", "properties": {"sent": {"type": "boolean"}}},
    "annotations": {"title": "Mailer", "readOnlyHint": False, "destructiveHint": False, "idempotentHint": False,
                    "openWorldHint": True},
    "icons": [{"src": "https://example.com/mail.png", "mimeType": "image/png", "sizes": ["48x48"]}],
    "_meta": {"com.example/owner": "team-mail"},
}


@pytest.mark.anyio
async def test_an_mcp_tools_annotation_title_icons_and_meta_reach_tools_list_and_its_ardf_resource(tmp_path: Path) -> None:
    """An MCP tool's `annotations.title` (when `title` is given too), `icons` and `_meta` were dropped: tools/list had
    the hints only and `_meta` held only ardf.io keys; the ARDF resource had no annotations at all. They are now
    listed as written (atdf-mcp's `_meta` keys beside the tool's own), and kept in the ARDF resource's
    `content.data`, from where a catalogue of those ARDF resources lists the same tool."""
    write_file(tmp_path / "cat", "mail.json", {"tools": [MCP_TOOL]})
    view = await client_view(tmp_path / "cat")
    listed = view["tools"]["send_mail"]
    assert listed["title"] == "Send mail"
    assert listed["annotations"] == MCP_TOOL["annotations"], listed
    assert listed["icons"] == MCP_TOOL["icons"], listed
    assert listed["_meta"]["com.example/owner"] == "team-mail" and listed["_meta"]["ardf.io/uri"] == "ardf://tool/send_mail"
    ardf = view["ardf"]["ardf://tool/send_mail"]
    data = ardf["content"]["data"]
    assert data["annotations"] == MCP_TOOL["annotations"] and data["icons"] == MCP_TOOL["icons"], data
    assert data["_meta"] == MCP_TOOL["_meta"], data
    write_file(tmp_path / "again", "mail.json", ardf)
    again = (await client_view(tmp_path / "again"))["tools"]["send_mail"]
    same = [key for key in listed if key != "inputSchema"]  # ARDF inputs say a description and close the schema
    assert {k: again.get(k) for k in same} == {k: listed[k] for k in same}, (again, listed)


def test_an_icon_without_src_is_a_warning_at_its_pointer_and_the_tool_is_served(tmp_path: Path) -> None:
    """An icon a client could not show (no `src`) would make tools/list fail for every tool: it is a warning at its
    pointer, left out, and the tool is served with its other icons."""
    tool = {**MCP_TOOL, "icons": [{"mimeType": "image/png"}, MCP_TOOL["icons"][0]]}
    write_file(tmp_path, "mail.json", {"tools": [tool]})
    catalog = load_catalog(tmp_path)
    found = [(Path(p.file).name, p.pointer, p.severity, p.code) for p in catalog.report.problems]
    assert ("mail.json", "/tools/0/icons/0", "warning", "SCHEMA_VIOLATION") in found, found
    assert "send_mail" in {d.id for d in catalog.descriptors}


# ---------------------------------------------------------------------------------------------
# OpenAkita: the specification's complete example, verbatim


BROWSER_NAVIGATE = {
    "name": "browser_navigate",
    "category": "Browser",
    "description": "Navigate browser to specified URL to open a webpage. When you need to: (1) Open a webpage, (2) Start web "
                   "interaction. PREREQUISITE: Must call before browser_click/type. Auto-starts browser if not running.",
    "detail": "导航到指定 URL。\n\n**适用场景**：\n- 打开网页开始交互\n- Web 自动化任务的第一步\n\n**参数说明**：\n- url: 完整的 URL"
              "（包含协议）\n\n**注意事项**：\n- 必须在 browser_click/browser_type 之前调用\n- 如果浏览器未启动会自动启动",
    "triggers": ["When user asks to open a webpage", "When starting web automation task",
                 "Before any browser interaction (click/type)"],
    "prerequisites": ["None - auto-starts browser if needed"],
    "warnings": ["Must call before browser_click/type operations"],
    "examples": [{"scenario": "打开搜索引擎", "params": {"url": "https://www.google.com"}, "expected": "Browser opens Google homepage"},
                 {"scenario": "打开项目文档", "params": {"url": "https://docs.example.com/api"},
                  "expected": "Browser navigates to API documentation"}],
    "related_tools": [{"name": "browser_status", "relation": "check before for reliability"},
                      {"name": "browser_click", "relation": "commonly used after"},
                      {"name": "browser_type", "relation": "commonly used after"}],
    "input_schema": {"type": "object", "properties": {"url": {"type": "string", "description": "要访问的 URL（必须包含协议，如 https://）"}},
                     "required": ["url"]},
}
WORKFLOW = {"name": "Web Automation Flow", "steps": [
    {"step": 1, "action": "Check browser status", "tool": "browser_status"},
    {"step": 2, "action": "Open browser if needed", "tool": "browser_open", "condition": "if browser not running"},
    {"step": 3, "action": "Navigate to URL", "tool": "browser_navigate"},
    {"step": 4, "action": "Interact with page", "tools": ["browser_click", "browser_type"]}]}


@pytest.mark.anyio
async def test_openakita_detail_triggers_warnings_related_tools_and_workflow_are_kept_for_clients(tmp_path: Path) -> None:
    """The ARDF resource of an OpenAkita tool held its description, examples and category only: `detail`, `triggers`,
    `warnings`, `related_tools` and `workflow` were gone, and `workflow` reached no client at all (get_tool_info left it
    out). They are now in the ARDF resource as written (ARDF admits extra root keys), read again from there, and
    get_tool_info gives the workflow."""
    tool = {**BROWSER_NAVIGATE, "workflow": WORKFLOW}
    write_file(tmp_path / "cat", "browser.json", tool)
    view = await client_view(tmp_path / "cat", "--disclosure", "progressive")
    ardf = view["ardf"]["ardf://tool/browser_navigate"]
    for key in ("detail", "triggers", "warnings", "related_tools", "workflow"):
        assert ardf.get(key) == tool[key], (key, ardf.get(key))
    info = view["info"]["browser_navigate"]
    assert info["workflow"] == WORKFLOW and info["detail"] == tool["detail"], info
    write_file(tmp_path / "again", "browser.json", ardf)
    again = (await client_view(tmp_path / "again", "--disclosure", "progressive"))["info"]["browser_navigate"]
    for key in ("detail", "warnings", "related_tools", "workflow", "when_to_use", "examples", "description"):
        assert again[key] == info[key], (key, again[key], info[key])


# ---------------------------------------------------------------------------------------------
# Fields no format defines


@pytest.mark.anyio
async def test_unknown_fields_of_a_tool_are_kept_in_its_ardf_resource(tmp_path: Path) -> None:
    """ATDF 2.x and MCP tool objects admit keys of their own (`x-owner`, `support_url`): the ARDF resource of the tool
    left them out. They are now kept at its root, as written; comment keys (`__comment`, `//`) stay ignored."""
    atdf2 = atdf_tool("atdf_owned", "2.0.0", **{"x-owner": "team-a", "support_url": "https://example.com/help",
                                                "__comment": "ignored"})
    mcp = {**MCP_TOOL, "name": "mcp_owned", "x-owner": "team-b", "//": "ignored"}
    akita = {**BROWSER_NAVIGATE, "name": "akita_owned", "x-owner": "team-c"}
    write_file(tmp_path, "atdf.json", atdf2)
    write_file(tmp_path, "mcp.json", {"tools": [mcp]})
    write_file(tmp_path, "akita.json", akita)
    view = await client_view(tmp_path)
    assert view["ardf"]["ardf://tool/atdf_owned"]["x-owner"] == "team-a"
    assert view["ardf"]["ardf://tool/atdf_owned"]["support_url"] == "https://example.com/help"
    assert view["ardf"]["ardf://tool/mcp_owned"]["x-owner"] == "team-b"
    assert view["ardf"]["ardf://tool/akita_owned"]["x-owner"] == "team-c"
    for uri in ("ardf://tool/atdf_owned", "ardf://tool/mcp_owned"):
        assert "__comment" not in view["ardf"][uri] and "//" not in view["ardf"][uri], view["ardf"][uri]


# ---------------------------------------------------------------------------------------------
# A key a closed block does not admit: said with what to write instead


@pytest.mark.parametrize(("name", "doc", "pointer", "fix"), [
    ("misspelt_input_key", atdf_tool("t", "1.0.0", how_to_use={
        "inputs": [{"name": "q", "type": "string", "descripton": "The query"}],
        "outputs": {"success": "Done.", "failure": []}}), "/how_to_use/inputs/0", "'descripton' may be 'description'"),
    ("failure_extra_key", atdf_tool("t", "1.0.0", how_to_use={
        "inputs": [{"name": "q", "type": "string"}],
        "outputs": {"success": "Done.", "failure": [{"code": "GONE", "description": "Gone.", "http_status": 410}]}}),
     "/how_to_use/outputs/failure/0", "keys allowed here: code, description"),
    ("atdf1_root_key", atdf_tool("t", "1.0.0", when_to_used="Often.", handler="m:f"), "", "'when_to_used' may be 'when_to_use'"),
    ("ardf_translation_key", {"schema_version": "1.0.0", "resource_id": "guide", "resource_type": "document",
                              "description": "A guide.", "localization": {"es": {"description": "Una guía.", "title": "Guía"}},
                              "content": {"type": "document/ref", "data": {"access": "read-only", "format": "text/plain"}}},
     "/localization/es", "keys allowed here: description, when_to_use"),
])
def test_a_key_a_closed_block_does_not_admit_says_what_to_write(tmp_path: Path, name: str, doc: dict[str, Any], pointer: str,
                                                                 fix: str) -> None:
    """"Additional properties are not allowed ('http_status' was unexpected)" said what was wrong and not what to write.
    It now names the key meant when one is close, else the keys the block admits (and, at an ATDF 1.x root, that 2.x
    admits keys of one's own)."""
    write_file(tmp_path, f"{name}.json", doc)
    problems = [p for p in load_catalog(tmp_path).report.problems if p.code == "SCHEMA_VIOLATION"]
    assert [(p.pointer, p.severity) for p in problems] == [(pointer, "error")], problems
    assert fix in problems[0].message, problems[0].message


# ---------------------------------------------------------------------------------------------
# Agent Tool Service: /get_tool's tool list, verbatim


ATS_TOOLS = [{
    "name": "get_forecast",
    "description": "Get weather forecast for a location.\n\n    Args:\n        latitude: Latitude of the location\n        "
                   "longitude: Longitude of the location\n    ",
    "input_schema": {"properties": {"latitude": {"title": "Latitude", "type": "number"},
                                    "longitude": {"title": "Longitude", "type": "number"}},
                     "required": ["latitude", "longitude"], "title": "get_forecastArguments", "type": "object"},
}]


@pytest.mark.anyio
async def test_a_schema_given_whole_is_kept_whole_in_the_ardf_resource(tmp_path: Path) -> None:
    """An input schema an MCP or OpenAkita tool gives whole (the Agent Tool Service's, with its root `title` and no
    `additionalProperties`) became a list of ARDF inputs: its root title was lost, and a catalogue of those ARDF
    resources served it closed (`additionalProperties: false`) with made-up descriptions, refusing arguments the tool
    accepts. The ARDF resource now keeps it as `content.data.input_schema` (beside the inputs), which ARDF readers
    serve exactly as written: the tool listed from it is the same tool."""
    write_file(tmp_path / "cat", "ats.json", ATS_TOOLS)
    write_file(tmp_path / "cat", "mail.json", {"tools": [MCP_TOOL]})
    view = await client_view(tmp_path / "cat")
    listed = view["tools"]["get_forecast"]
    assert listed["inputSchema"]["title"] == "get_forecastArguments"
    for name in ("get_forecast", "send_mail"):
        ardf = view["ardf"][f"ardf://tool/{name}"]
        assert ardf["content"]["data"]["input_schema"] == view["tools"][name]["inputSchema"], ardf
        write_file(tmp_path / "again", f"{name}.json", ardf)
    again = (await client_view(tmp_path / "again"))["tools"]
    for name in ("get_forecast", "send_mail"):
        assert again[name] == view["tools"][name], (again[name], view["tools"][name])


# ---------------------------------------------------------------------------------------------
# ARDF tool/io: every field of a declared failure


@pytest.mark.anyio
async def test_a_declared_failures_suggested_value_and_context_reach_get_tool_info(tmp_path: Path) -> None:
    """ARDF's `outputs.failure[]` items carry `suggested_value` and `context` beside code and description:
    get_tool_info (Level 2, what an agent reads before calling) gave code and description only."""
    failure = {"code": "DATE_IN_PAST", "description": "The date is in the past.", "suggested_value": "2030-01-01",
               "context": {"timezone": "UTC"}}
    write_file(tmp_path / "cat", "book.json", {
        "schema_version": "1.0.0", "resource_id": "book", "resource_type": "tool", "description": "Books a day.",
        "content": {"type": "tool/io", "data": {
            "inputs": [{"name": "day", "type": "string", "description": "The day", "format": "date", "required": True}],
            "outputs": {"success": "Booked.", "failure": [failure]}}}})
    view = await client_view(tmp_path / "cat", "--disclosure", "progressive")
    assert view["info"]["book"]["failures"] == [failure], view["info"]["book"]
    assert view["ardf"]["ardf://tool/book"]["content"]["data"]["outputs"]["failure"] == [failure]


@pytest.mark.anyio
async def test_an_atdf_1_descriptor_with_keys_of_its_own_is_read_as_2x_and_keeps_them(tmp_path: Path) -> None:
    """ATDF 1.x's root is closed, so `"owner": "team-a"` (or a `handler`) on a 1.0.0 descriptor, which upstream's
    smart validation lets pass, was a SCHEMA_VIOLATION and the tool was not served. It is read as 2.x, whose root
    admits such keys, with a NON_CANONICAL warning saying to write "2.0.0"; the key is kept in the ARDF resource."""
    write_file(tmp_path / "cat", "owned.json", atdf_tool("owned", "1.0.0", owner="team-a"))
    no_version = atdf_tool("unversioned", "1.0.0", owner="team-b")
    del no_version["schema_version"]
    write_file(tmp_path / "cat", "unversioned.json", no_version)
    found = problems_of(tmp_path / "cat")
    assert ("owned.json", "/schema_version", "warning", "NON_CANONICAL") in found, found
    assert ("unversioned.json", "", "warning", "NON_CANONICAL") in found, found
    assert not [p for p in found if p[2] == "error"], found
    view = await client_view(tmp_path / "cat")
    assert view["ardf"]["ardf://tool/owned"]["owner"] == "team-a"
    assert view["ardf"]["ardf://tool/unversioned"]["owner"] == "team-b"
