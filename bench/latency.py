"""Per-call latency of an echo tool: atdf-mcp vs the bare SDK, MCPServer and FastMCP, in memory and over stdio.

    python -m bench.latency [--quick]

Systems, measured interleaved in one run (a, b, c, a, b, c, ...), every one called through the SDK's `mcp.Client`:
- bare: low-level `mcp.server.Server` calling the function directly (the floor);
- atdf-async / atdf-sync: atdf-mcp serving a descriptor bound to an async / sync handler;
- mcpserver-async / mcpserver-sync: the SDK's `MCPServer` with an `@tool()` of each kind;
- fastmcp-async / fastmcp-sync: FastMCP with a `@tool` of each kind (skipped when fastmcp is not installed).

Transports:
- in memory, both protocol eras: `Client(server, mode="legacy")` (initialize handshake, JSON-RPC over memory
  streams) and `mode="auto"` (2026-07-28, direct dispatch: no streams, no framing). FastMCP is reached through its
  low-level server (`FastMCP._mcp_server`, an `mcp.server.Server` subclass), so every system has the same client;
- stdio, both eras: each system runs as a subprocess (`atdf-mcp serve DIR` for atdf-mcp, a small script for the
  others) that serves both tools; the client spawns it, warms up, then times each tool in turn.

Every figure is µs per call: the mean over `calls` sequential calls after a warm-up, then median (min, max) over
the repetitions. Beside the wall-clock latency, `cpu` holds CPU µs per call (in memory: the whole bench process; over
stdio: the server process), which a busy machine disturbs less.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.server import MCPServer, Server

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

from ._common import children_of, cpu_seconds, fastmcp_available, stats

ECHO_SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
HANDLERS = '''
async def echo(text):
    """Echo (async)."""
    return text


def echo_sync(text):
    """Echo (sync, run in a worker thread)."""
    return text
'''
STDIO_SERVERS = '''
"""Echo servers for the stdio latency bench: python stdio_servers.py {bare|mcpserver|fastmcp}."""
import sys

kind = sys.argv[1]
if kind == "bare":
    import anyio
    import mcp.types as types
    from mcp.server import Server
    from mcp.server.stdio import stdio_server

    SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
    TOOLS = types.ListToolsResult(tools=[types.Tool(name="echo", input_schema=SCHEMA)])

    async def on_list_tools(ctx, params):
        return TOOLS

    async def on_call_tool(ctx, params):
        return types.CallToolResult(content=[types.TextContent(type="text", text=params.arguments["text"])])

    server = Server("bare", on_list_tools=on_list_tools, on_call_tool=on_call_tool, get_tool_input_schema={"echo": SCHEMA}.get)

    async def main():
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)
elif kind == "mcpserver":
    from mcp.server import MCPServer

    mcp = MCPServer("hl", log_level="WARNING")

    @mcp.tool()
    async def echo(text: str) -> str:
        return text

    @mcp.tool()
    def echo_sync(text: str) -> str:
        return text

    mcp.run("stdio")
else:
    from fastmcp import FastMCP

    server = FastMCP("fastmcp")

    @server.tool()
    async def echo(text: str) -> str:
        return text

    @server.tool()
    def echo_sync(text: str) -> str:
        return text

    server.run(transport="stdio", show_banner=False)
'''
REPETITIONS, CALLS, STDIO_CALLS = 5, 2000, 500
QUICK_REPETITIONS, QUICK_CALLS, QUICK_STDIO_CALLS = 1, 50, 30
MODES = ("legacy", "auto")
STDIO_ROUNDS = 4


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
    server = MCPServer("hl", log_level="WARNING")
    if sync:
        @server.tool()
        def echo(text: str) -> str:
            return text
    else:
        @server.tool()
        async def echo(text: str) -> str:
            return text
    return server


def fastmcp_server() -> Any:
    """FastMCP with an async `echo` and a sync `echo_sync` tool (its low-level server is what the SDK client drives)."""
    from fastmcp import FastMCP

    server = FastMCP("fastmcp")

    @server.tool()
    async def echo(text: str) -> str:
        return text

    @server.tool()
    def echo_sync(text: str) -> str:
        return text

    return server._mcp_server


def atdf_catalog(directory: Path) -> Path:
    """A catalogue with an async and a sync echo tool."""
    tools = [{"name": "echo", "description": "Echo", "inputSchema": ECHO_SCHEMA},
             {"name": "echo_sync", "description": "Echo", "inputSchema": ECHO_SCHEMA}]
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    (directory / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return directory


async def per_call_us(server: Any, tool: str, mode: str, calls: int) -> tuple[float, float]:
    """Mean wall-clock and CPU µs per call over `calls` sequential in-memory calls (after a warm-up).

    CPU is this process's (client and server, all threads): unlike wall time it does not count waiting for a core
    that another process holds, so it is the steadier figure on a shared machine.
    """
    async with Client(server, mode=mode) as client:
        for _ in range(min(100, calls)):
            await client.call_tool(tool, {"text": "hi"})
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(calls):
            await client.call_tool(tool, {"text": "hi"})
        return (time.perf_counter() - start) / calls * 1e6, (time.process_time() - cpu) / calls * 1e6


async def stdio_per_call_us(params: StdioServerParameters, tools: list[str], mode: str, calls: int,
                            errlog: Any) -> dict[str, tuple[float, float | None]]:
    """Spawn one stdio server, then mean wall-clock µs and server CPU µs per call for each of its tools in turn."""
    known = set(children_of(os.getpid()))
    async with Client(stdio_client(params, errlog=errlog), mode=mode, read_timeout_seconds=60) as client:
        spawned = [pid for pid in children_of(os.getpid()) if pid not in known]
        server_pid = spawned[0] if len(spawned) == 1 else None
        for tool in tools:
            for _ in range(min(50, calls)):
                await client.call_tool(tool, {"text": "hi"})
        walls = dict.fromkeys(tools, 0.0)
        cpus: dict[str, float | None] = dict.fromkeys(tools, 0.0)
        block = max(1, calls // STDIO_ROUNDS)
        for _ in range(STDIO_ROUNDS):  # alternate the tools in rounds, so that neither always goes first
            for tool in tools:
                start, cpu = time.perf_counter(), cpu_seconds(server_pid)
                for _ in range(block):
                    result = await client.call_tool(tool, {"text": "hi"})
                walls[tool] += time.perf_counter() - start
                cpu_after, used = cpu_seconds(server_pid), cpus[tool]
                cpus[tool] = used + cpu_after - cpu if used is not None and cpu is not None and cpu_after is not None else None
                if result.is_error:
                    raise RuntimeError(f"stdio {tool} failed: {result.content}")
        done = block * STDIO_ROUNDS
        return {tool: (walls[tool] / done * 1e6, None if cpus[tool] is None else cpus[tool] / done * 1e6) for tool in tools}


def _in_memory_systems(catalog_dir: Path, with_fastmcp: bool) -> dict[str, tuple[Any, str]]:
    atdf = build_server(load_catalog(catalog_dir))
    systems: dict[str, tuple[Any, str]] = {
        "bare": (bare_server(), "echo"),
        "atdf-async": (atdf, "echo"),
        "atdf-sync": (atdf, "echo_sync"),
        "mcpserver-async": (mcpserver(sync=False), "echo"),
        "mcpserver-sync": (mcpserver(sync=True), "echo"),
    }
    if with_fastmcp:
        fast = fastmcp_server()
        systems["fastmcp-async"] = (fast, "echo")
        systems["fastmcp-sync"] = (fast, "echo_sync")
    return systems


def _stdio_processes(root: Path, catalog_dir: Path, with_fastmcp: bool) -> dict[str, tuple[StdioServerParameters, dict[str, str]]]:
    """Each server process, and which system each of its tools stands for."""
    script = root / "stdio_servers.py"
    script.write_text(STDIO_SERVERS, encoding="utf-8")

    env = {"PYTHONPYCACHEPREFIX": str(root / "pycache")}  # merged over the SDK's default environment

    def python(*args: str) -> StdioServerParameters:
        return StdioServerParameters(command=sys.executable, args=list(args), cwd=str(root), env=env)

    processes = {
        "bare": (python(str(script), "bare"), {"echo": "bare"}),
        "atdf": (python("-m", "atdf_mcp", "serve", str(catalog_dir), "--log-level", "warning"),
                 {"echo": "atdf-async", "echo_sync": "atdf-sync"}),
        "mcpserver": (python(str(script), "mcpserver"), {"echo": "mcpserver-async", "echo_sync": "mcpserver-sync"}),
    }
    if with_fastmcp:
        processes["fastmcp"] = (python(str(script), "fastmcp"), {"echo": "fastmcp-async", "echo_sync": "fastmcp-sync"})
    return processes


def run(quick: bool = False) -> dict[str, Any]:
    """Measure every system in both eras, in memory and over stdio; µs per call {median, min, max} by transport, mode, system."""
    repetitions, calls, stdio_calls = (QUICK_REPETITIONS, QUICK_CALLS, QUICK_STDIO_CALLS) if quick else (REPETITIONS, CALLS, STDIO_CALLS)
    with_fastmcp = fastmcp_available()
    in_memory: dict[str, dict[str, list[float]]] = {mode: {} for mode in MODES}
    over_stdio: dict[str, dict[str, list[float]]] = {mode: {} for mode in MODES}
    cpu: dict[str, dict[str, dict[str, list[float]]]] = {"in_memory": {mode: {} for mode in MODES}, "stdio": {mode: {} for mode in MODES}}
    with tempfile.TemporaryDirectory(prefix="atdf-bench-latency-") as tmp:
        root = Path(tmp)
        catalog_dir = atdf_catalog(root / "catalog")
        systems = _in_memory_systems(catalog_dir, with_fastmcp)
        processes = _stdio_processes(root, catalog_dir, with_fastmcp)
        with (root / "servers.stderr").open("w") as errlog:
            for repetition in range(repetitions):
                for mode in MODES:
                    for name, (server, tool) in systems.items():
                        wall, used = anyio.run(per_call_us, server, tool, mode, calls)
                        in_memory[mode].setdefault(name, []).append(wall)
                        cpu["in_memory"][mode].setdefault(name, []).append(used)
                for mode in MODES:
                    for params, tools in processes.values():
                        timings = anyio.run(stdio_per_call_us, params, list(tools), mode, stdio_calls, errlog)
                        for tool, system in tools.items():
                            wall, used = timings[tool]
                            over_stdio[mode].setdefault(system, []).append(wall)
                            if used is not None:
                                cpu["stdio"][mode].setdefault(system, []).append(used)
                print(f"latency: repetition {repetition + 1}/{repetitions} done", file=sys.stderr, flush=True)
    results = {
        "unit": "µs per call", "repetitions": repetitions, "calls": {"in_memory": calls, "stdio": stdio_calls}, "fastmcp": with_fastmcp,
        "in_memory": {mode: {name: stats(values) for name, values in by_system.items()} for mode, by_system in in_memory.items()},
        "stdio": {mode: {name: stats(values) for name, values in by_system.items()} for mode, by_system in over_stdio.items()},
        "cpu": {"note": "in_memory: the bench process's CPU (client + server); stdio: the server process's CPU (10 ms ticks)",
                **{transport: {mode: {name: stats(values) for name, values in by_system.items()} for mode, by_system in modes.items()}
                   for transport, modes in cpu.items()}},
    }
    print_table(results)
    return results


def print_table(results: dict[str, Any]) -> None:
    """One line per transport, era and system, with the ratio to the bare server."""
    for transport in ("in_memory", "stdio"):
        for mode, systems in results[transport].items():
            floor = systems["bare"]["median"]
            for name, s in systems.items():
                print(f"{transport:9} {mode:7} {name:16} {s['median']:8.1f} µs  (min {s['min']:.1f}, max {s['max']:.1f})  "
                      f"{s['median'] / floor:5.2f}x bare")


def main(argv: list[str] | None = None) -> int:
    """Run and print."""
    parser = argparse.ArgumentParser(prog="python -m bench.latency", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few calls, one repetition (a smoke run)")
    args = parser.parse_args(argv)
    run(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
