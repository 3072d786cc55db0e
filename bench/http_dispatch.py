"""Latency of an HTTP-bound tool: atdf-mcp vs calling the endpoint directly with httpx vs FastMCP's OpenAPI tool.

    python -m bench.http_dispatch [--quick]

The upstream is a small Starlette app (`GET /items/{item_id}?q=` → a JSON object of about 150 bytes) run by uvicorn
in a subprocess on a free 127.0.0.1 port, stopped by its PID at the end. In the bench process, sequential calls:

- httpx-direct: one keep-alive `httpx.AsyncClient`, `GET` + `.json()` (the floor any HTTP-dispatching server pays);
- atdf-mcp: an MCP tool descriptor bound to `{base}/items/{item_id}` (GET, `q` to the query), served by
  `build_server`, called through the SDK's in-memory `mcp.Client` in both eras ("legacy": initialize handshake and
  JSON-RPC over memory streams; "auto": 2026-07-28 direct dispatch);
- bare-server+httpx: a low-level `mcp.server.Server` whose tools/call handler does the same httpx call and returns
  the JSON as structuredContent, with no validation and no error handling (the floor for any MCP server that
  dispatches to HTTP, driven by the same client);
- fastmcp-openapi: `FastMCP.from_openapi` on an OpenAPI document of the same operation with an `httpx2.AsyncClient`,
  driven through its low-level server by the same `mcp.Client` (skipped when fastmcp is not installed).

µs per call = mean over N sequential calls after a warm-up; median over the repetitions, systems interleaved.
**Target:** atdf-mcp ≤ 1.2x httpx-direct (in-memory client). The bare server and FastMCP are information: the ratio to
the bare server is atdf-mcp's own cost (validation, templating, safety checks, envelopes), the rest is the SDK's.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx

from ._common import fastmcp_available, stats, stop

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.2
ARGUMENTS = {"item_id": "sku-42", "q": "blue"}
SCHEMA = {"type": "object", "properties": {"item_id": {"type": "string"}, "q": {"type": "string"}}, "required": ["item_id"]}


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve_upstream(port: int) -> None:
    """The child process: the upstream endpoint under uvicorn."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    async def item(request: Request) -> JSONResponse:
        return JSONResponse({"id": request.path_params["item_id"], "q": request.query_params.get("q"), "name": "Blue widget",
                             "price": 12.5, "currency": "EUR", "stock": 7, "tags": ["widget", "blue"]})

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"ok": True})

    app = Starlette(routes=[Route("/items/{item_id}", item), Route("/health", health)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


def start_upstream() -> tuple[subprocess.Popen[bytes], str]:
    """Start the upstream subprocess; wait (at most 20 s) until it answers; return it and its base URL."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "bench.http_dispatch", "--serve-upstream", str(port)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=sys.stderr)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the upstream exited with status {process.returncode}")
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.05)
    stop(process)
    raise RuntimeError("the upstream did not start within 20 s")


def atdf_server(base: str, folder: Path) -> Any:
    """atdf-mcp serving one MCP tool bound to the endpoint."""
    from atdf_mcp import load_catalog
    from atdf_mcp.server import build_server

    tool = {"name": "get_item", "description": "Get an item.", "inputSchema": SCHEMA, "endpoint": f"{base}/items/{{item_id}}", "method": "GET"}
    (folder / "tools.json").write_text(json.dumps({"tools": [tool]}), encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text("allow_private_networks: true  # the upstream runs on 127.0.0.1\n", encoding="utf-8")
    catalog = load_catalog(folder)
    assert catalog.report.ok, catalog.report.errors
    return build_server(catalog)


def bare_server(client: httpx.AsyncClient, base: str) -> Any:
    """A low-level Server calling the endpoint in its handler: what any MCP-over-HTTP server must at least do."""
    import mcp.types as types
    from mcp.server import Server

    tools = types.ListToolsResult(tools=[types.Tool(name="get_item", input_schema=SCHEMA)])

    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return tools

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = params.arguments or {}
        response = await client.get(f"{base}/items/{arguments['item_id']}", params={"q": arguments.get("q")})
        data = response.json()
        return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(data))], structured_content=data)

    return Server("bare", on_list_tools=on_list_tools, on_call_tool=on_call_tool, get_tool_input_schema={"get_item": SCHEMA}.get)


def fastmcp_server(base: str) -> Any:
    """FastMCP's OpenAPI provider on the same operation (its low-level server, which the SDK client drives)."""
    import httpx2
    from fastmcp import FastMCP

    spec = {"openapi": "3.0.3", "info": {"title": "items", "version": "1"}, "servers": [{"url": base}],
            "paths": {"/items/{item_id}": {"get": {
                "operationId": "get_item", "summary": "Get an item.",
                "parameters": [{"name": "item_id", "in": "path", "required": True, "schema": {"type": "string"}},
                               {"name": "q", "in": "query", "required": False, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "The item", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
    server = FastMCP.from_openapi(spec, client=httpx2.AsyncClient(base_url=base, timeout=30))
    return server._mcp_server


async def per_call_direct(client: httpx.AsyncClient, base: str, calls: int) -> float:
    """µs per direct httpx call (keep-alive client, JSON decoded)."""
    url = f"{base}/items/{ARGUMENTS['item_id']}"
    for _ in range(min(50, calls)):
        (await client.get(url, params={"q": ARGUMENTS["q"]})).json()
    start = time.perf_counter()
    for _ in range(calls):
        response = await client.get(url, params={"q": ARGUMENTS["q"]})
        response.raise_for_status()
        response.json()
    return (time.perf_counter() - start) / calls * 1e6


async def per_call_mcp(server: Any, mode: str, calls: int) -> float:
    """µs per tools/call of `get_item` through the SDK's in-memory client."""
    from mcp import Client

    async with Client(server, mode=mode) as client:
        for _ in range(min(50, calls)):
            result = await client.call_tool("get_item", ARGUMENTS)
            assert not result.is_error, result.content
        start = time.perf_counter()
        for _ in range(calls):
            await client.call_tool("get_item", ARGUMENTS)
        return (time.perf_counter() - start) / calls * 1e6


async def measure(base: str, atdf: Any, repetitions: int, calls: int, with_fastmcp: bool) -> dict[str, dict[str, Any]]:
    """Every system, both eras, interleaved, in one event loop (the one the pooled clients belong to)."""
    from mcp import Client

    from atdf_mcp.dispatch import http

    fast = fastmcp_server(base) if with_fastmcp else None
    try:
        async with httpx.AsyncClient(timeout=30) as direct, Client(atdf, mode="legacy") as check:
            expected = (await direct.get(f"{base}/items/{ARGUMENTS['item_id']}", params={"q": ARGUMENTS["q"]})).json()
            through = (await check.call_tool("get_item", ARGUMENTS)).structured_content
            assert through == expected, (through, expected)  # the same item every way, before timing anything
            bare = bare_server(direct, base)
            samples: dict[str, dict[str, list[float]]] = {mode: {} for mode in ("legacy", "auto")}
            for _ in range(repetitions):
                for mode, by_system in samples.items():
                    by_system.setdefault("httpx-direct", []).append(await per_call_direct(direct, base, calls))
                    by_system.setdefault("atdf-mcp", []).append(await per_call_mcp(atdf, mode, calls))
                    by_system.setdefault("bare-server+httpx", []).append(await per_call_mcp(bare, mode, calls))
                    if fast is not None:
                        by_system.setdefault("fastmcp-openapi", []).append(await per_call_mcp(fast, mode, calls))
    finally:
        await http.aclose()
    return {mode: {name: stats(values) for name, values in by_system.items()} for mode, by_system in samples.items()}


def run(quick: bool = False) -> dict[str, Any]:
    """Measure every system in both eras; {"modes": {mode: {system: stats}}, "ratios": [...]} in µs per call."""
    repetitions, calls = (2, 100) if quick else (7, 1000)
    with_fastmcp = fastmcp_available()
    process, base = start_upstream()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            modes = anyio.run(measure, base, atdf_server(base, Path(tmp)), repetitions, calls, with_fastmcp)
    finally:
        stop(process)
    ratios = []
    for mode, systems in modes.items():
        ratio = systems["atdf-mcp"]["median"] / systems["httpx-direct"]["median"]
        ratios.append({"measurement": f"in-memory {mode}: atdf-mcp / httpx-direct (target)", "atdf": f"{systems['atdf-mcp']['median']:,.1f} µs",
                       "reference": f"{systems['httpx-direct']['median']:,.1f} µs", "ratio": round(ratio, 3),
                       "target": f"<= {TARGET}x", "status": "pass" if ratio <= TARGET else "MISS"})
    return {"unit": "µs", "repetitions": repetitions, "calls": calls, "fastmcp": with_fastmcp,
            "fastmcp_note": None if with_fastmcp else "fastmcp is not installed (pip install -e '.[bench]'): its column is missing",
            "target": {"atdf_over_httpx": TARGET}, "modes": modes, "ratios": ratios}


def main(argv: list[str] | None = None) -> int:
    """Run and print, or serve the upstream (child mode)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--serve-upstream", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_upstream:
        serve_upstream(args.serve_upstream)
        return 0
    result = run(args.quick)
    for mode, systems in result["modes"].items():
        floor = systems["httpx-direct"]["median"]
        for name, s in systems.items():
            print(f"{mode:7} {name:16} {s['median']:8.1f} µs  (min {s['min']:.1f}, max {s['max']:.1f})  {s['median'] / floor:5.2f}x httpx")
    if result["fastmcp_note"]:
        print(result["fastmcp_note"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
