"""What a user and an SDK client see of a catalogue folder: the real loader's problems, and `serve` over stdio."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog


async def client_view(folder: Path, calls: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """What an SDK client sees of `atdf-mcp serve FOLDER` over stdio: tools/list, and the answer to each call given."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--no-watch"])
    view: dict[str, Any] = {"tools": {}, "calls": {}}
    with anyio.fail_after(60), (folder.parent / f"{folder.name}.err").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            for tool in (await client.list_tools()).tools:
                view["tools"][tool.name] = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
            for name, arguments in (calls or {}).items():
                result = await client.call_tool(name, arguments)
                view["calls"][name] = (result.is_error, json.loads(result.content[0].text))  # type: ignore[union-attr]
    return view


def problems_of(folder: Path) -> list[tuple[str, str, str, str]]:
    """(file name, pointer, severity, code) of every problem the real loader reports but NO_HANDLER."""
    report = load_catalog(folder).report
    return [(Path(p.file).name, p.pointer, p.severity, p.code) for p in report.problems if p.code != "NO_HANDLER"]


def messages_of(folder: Path, code: str | None = None) -> list[str]:
    """The message of every problem the real loader reports (of `code` only, when given)."""
    return [p.message for p in load_catalog(folder).report.problems if code is None or p.code == code]
