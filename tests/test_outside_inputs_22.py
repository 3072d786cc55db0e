"""Every field of every format, by the source documents: what a descriptor says reaches a client, or is said.

Descriptors written field by field from the ATDF, ARDF, OpenAkita and Agent Tool Service documents (their own
examples first, then complete ones), loaded by the real loader and read back with the MCP SDK's client over stdio:
tools/list, the ARDF resource of each descriptor (application/vnd.ardf+json) and get_tool_info. Each test is a field
that was lost or a value that was refused without a way out, kept so it stays fixed.
"""

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
