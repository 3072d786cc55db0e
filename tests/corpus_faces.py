"""A wrong-call corpus's cases sent through a real stdio server and the REST face: each must answer the envelope
(and suggestion) the in-memory run of bench.self_correction saw, and its suggestion must then succeed."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import anyio
import httpx
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp.schemas import SCHEMAS
from tests.envelopes import envelope_of
from tests.local_server import serve_over_http


def expected(rows: list[dict[str, Any]], name: str) -> Any:
    """The suggestion the in-memory run gave case `name`."""
    return next(row["suggested"] for row in rows if row["name"] == name)


async def check_stdio(cases: Mapping[str, Any], names: Iterable[str], rows: list[dict[str, Any]], catalogue: Path) -> None:
    """`atdf-mcp serve` over stdio sends the same suggestions, every entry has a solution, no traceback on stderr."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(catalogue), "--no-watch"],
                                   env={"PYTHONPATH": os.environ.get("PYTHONPATH", os.getcwd())})
    with tempfile.TemporaryFile("w+b") as errlog:
        with anyio.fail_after(60):
            async with Client(stdio_client(params, errlog=errlog)) as client:
                for name in names:
                    case = cases[name]
                    env = envelope_of(await client.call_tool(case.tool, case.arguments))
                    suggested = env["errors"][0]["context"].get("suggested_arguments")
                    assert suggested == expected(rows, name), name
                    assert all(e["context"]["solution"] for e in env["errors"])
                    if suggested is not None:
                        assert (await client.call_tool(case.tool, suggested)).is_error is False, name
        errlog.seek(0)
        assert "Traceback" not in errlog.read().decode("utf-8", "replace")


def check_rest(cases: Mapping[str, Any], names: Iterable[str], rows: list[dict[str, Any]], catalogue: Path) -> None:
    """POST /call_tool/{tool} answers 400 with a valid envelope and the same suggestion, which then starts a task."""
    with serve_over_http(catalogue, "--no-watch") as (_, base, log):
        for name in names:
            case = cases[name]
            answer = httpx.post(f"{base}/call_tool/{case.tool}", json=case.arguments, timeout=30)
            assert answer.status_code == 400, answer.text
            env = answer.json()
            assert SCHEMAS["error"].violations(env) == []
            suggested = env["errors"][0]["context"].get("suggested_arguments")
            assert suggested == expected(rows, name), name
            if suggested is not None:
                retry = httpx.post(f"{base}/call_tool/{case.tool}", json=suggested, timeout=30)
                assert retry.status_code < 300 and "task_id" in retry.json(), retry.text
        assert "Traceback" not in log.read_text(errors="replace")
