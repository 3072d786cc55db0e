"""Per-call latency of an echo tool, in-memory, both protocol eras: atdf-mcp vs the bare SDK.

    python -m bench.latency [--quick]

Systems, measured interleaved in one run (a, b, c, a, b, c, ...):
- bare: low-level `mcp.server.Server` calling the function directly (the floor);
- atdf-async / atdf-sync: atdf-mcp serving a descriptor bound to an async / sync handler;
- mcpserver-async / mcpserver-sync: the SDK's `MCPServer` with an `@tool()` of each kind.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp import Client
from mcp.server import MCPServer, Server

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

ECHO_SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
HANDLERS = '''
async def echo(text):
    """Echo (async)."""
    return text


def echo_sync(text):
    """Echo (sync, run in a worker thread)."""
    return text
'''


def bare_server() -> Server:
    """The floor: a low-level Server answering the call itself."""
    tools = types.ListToolsResult(tools=[types.Tool(name="echo", input_schema=ECHO_SCHEMA)])

    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return tools

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=params.arguments["text"])])

    return Server("bare", on_list_tools=on_list_tools, on_call_tool=on_call_tool, get_tool_input_schema={"echo": ECHO_SCHEMA}.get)


def mcpserver(sync: bool) -> MCPServer:
    """The SDK's high-level server with one echo tool."""
    server = MCPServer("hl")
    if sync:
        @server.tool()
        def echo(text: str) -> str:
            return text
    else:
        @server.tool()
        async def echo(text: str) -> str:  # noqa: F811 - one of the two is defined
            return text
    return server


def atdf_catalog(directory: Path) -> Path:
    """A catalogue with an async and a sync echo tool."""
    tools = [{"name": "echo", "description": "Echo", "inputSchema": ECHO_SCHEMA},
             {"name": "echo_sync", "description": "Echo", "inputSchema": ECHO_SCHEMA}]
    (directory / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    (directory / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return directory


async def per_call_us(server: Any, tool: str, mode: str, calls: int) -> float:
    """Median-free mean µs per call over `calls` sequential calls (after a warm-up)."""
    async with Client(server, mode=mode) as client:
        for _ in range(min(100, calls)):
            await client.call_tool(tool, {"text": "hi"})
        start = time.perf_counter()
        for _ in range(calls):
            await client.call_tool(tool, {"text": "hi"})
        return (time.perf_counter() - start) / calls * 1e6


def run(quick: bool = False) -> dict[str, Any]:
    """Measure every system in both eras; return {mode: {system: {median, min, max}}} in µs."""
    repetitions, calls = (3, 200) if quick else (7, 2000)
    with tempfile.TemporaryDirectory() as tmp:
        atdf = build_server(load_catalog(atdf_catalog(Path(tmp))))
        systems = {
            "bare": (bare_server(), "echo"),
            "atdf-async": (atdf, "echo"),
            "atdf-sync": (atdf, "echo_sync"),
            "mcpserver-async": (mcpserver(sync=False), "echo"),
            "mcpserver-sync": (mcpserver(sync=True), "echo"),
        }
        results: dict[str, Any] = {}
        for mode in ("legacy", "auto"):
            samples: dict[str, list[float]] = {name: [] for name in systems}
            for _ in range(repetitions):
                for name, (server, tool) in systems.items():
                    samples[name].append(anyio.run(per_call_us, server, tool, mode, calls))
            results[mode] = {name: _stats(values) for name, values in samples.items()}
    return results


def _stats(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1), "max": round(max(values), 1)}


def print_table(results: dict[str, Any]) -> None:
    """One line per system and era, with the ratio to the bare server."""
    for mode, systems in results.items():
        floor = systems["bare"]["median"]
        for name, s in systems.items():
            print(f"{mode:7} {name:16} {s['median']:8.1f} µs  (min {s['min']:.1f}, max {s['max']:.1f})  {s['median'] / floor:5.2f}× bare")


def main(argv: list[str] | None = None) -> int:
    """Run and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    print_table(run(args.quick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
