"""Calls per second over Streamable HTTP with 50 calls in flight: atdf-mcp vs the SDK's MCPServer (and the bare Server).

    python -m bench.http_throughput [--quick]

Every server runs as a uvicorn subprocess on a free 127.0.0.1 port of this machine, serving the same async
Python function (`echo`): atdf-mcp through `atdf-mcp serve DIR --transport http`; MCPServer through its own
`run("streamable-http")`; and, as the floor, a bare low-level `Server` answering the call itself, through the
SDK's `streamable_http_app()`. One client process drives them all, interleaved (a, b, c, a, b, c, ...), in both
protocol eras: one SDK `Client` session per measurement with `CONCURRENCY` tasks sharing a fixed number of calls.
The client is the same Python code for all, so it caps every number; compare the ratios, not the absolutes.
On Linux the server process's CPU time per call is reported too: unlike calls/s, it barely moves when
other work shares the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
from mcp import Client

CONCURRENCY = 50
ECHO_SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
HANDLERS = '''
async def echo(text):
    """Echo (async)."""
    return text
'''


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve_mcpserver(port: int) -> None:
    """The child process of the MCPServer side: one async echo tool over Streamable HTTP."""
    from mcp.server import MCPServer

    server = MCPServer("bench")

    @server.tool()
    async def echo(text: str) -> str:
        return text

    server.run("streamable-http", host="127.0.0.1", port=port)


@dataclass(frozen=True)
class Running:
    """A server subprocess: its /mcp URL and its PID."""

    url: str
    pid: int


def serve_bare(port: int) -> None:
    """The child process of the floor: a low-level Server whose call handler echoes the text itself."""
    import mcp.types as types
    import uvicorn
    from mcp.server import Server

    tools = types.ListToolsResult(tools=[types.Tool(name="echo", input_schema=ECHO_SCHEMA)])

    async def on_list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return tools

    async def on_call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=(params.arguments or {})["text"])])

    server = Server("bare", on_list_tools=on_list_tools, on_call_tool=on_call_tool, get_tool_input_schema={"echo": ECHO_SCHEMA}.get)
    uvicorn.run(server.streamable_http_app(host="127.0.0.1"), host="127.0.0.1", port=port, log_level="warning")


@contextmanager
def started(command: list[str], port: int, log: Path) -> Iterator[Running]:
    """Run `command` (a server listening on `port`), wait until it accepts connections, yield it, stop it by PID."""
    with log.open("wb") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "ATDF_MCP_AUTH_TOKEN": ""})
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"server exited with {process.returncode}: {log.read_text(errors='replace')[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"server did not listen on {port} within 60 s") from None
                time.sleep(0.05)
        yield Running(f"http://127.0.0.1:{port}/mcp", process.pid)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc), or None where that is not available."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(server: Running, mode: str, calls: int, concurrency: int = CONCURRENCY) -> tuple[float, float | None]:
    """(calls/s, server CPU µs per call) of `calls` echo calls made by `concurrency` tasks over one session, after a warm-up."""
    async with Client(server.url, mode=mode) as client:
        await client.list_tools()
        remaining = calls

        async def worker() -> None:
            nonlocal remaining
            while remaining > 0:
                remaining -= 1
                result = await client.call_tool("echo", {"text": "hi"})
                if result.is_error:
                    raise RuntimeError(f"echo failed: {result}")

        for round_calls in (min(calls, 200), calls):  # a warm-up round, then the measured one
            remaining = round_calls
            cpu_before = cpu_seconds(server.pid)
            start = time.perf_counter()
            with anyio.fail_after(300):
                async with anyio.create_task_group() as group:
                    for _worker in range(concurrency):
                        group.start_soon(worker)
            elapsed = time.perf_counter() - start
            cpu_after = cpu_seconds(server.pid)
        cpu = (cpu_after - cpu_before) / calls * 1e6 if cpu_before is not None and cpu_after is not None else None
        return calls / elapsed, cpu


def _catalog(folder: Path, tools: int) -> Path:
    """A catalogue of `tools` tools (echo plus fillers, all bound to the same async function)."""
    folder.mkdir()
    entries = [{"name": "echo", "description": "Echo", "inputSchema": ECHO_SCHEMA, "handler": "handlers:echo"}]
    entries += [{"name": f"tool_{i:05d}", "description": "Filler tool of a large catalogue", "inputSchema": ECHO_SCHEMA,
                 "handler": "handlers:echo"} for i in range(1, tools)]
    (folder / "tools.json").write_text(json.dumps({"tools": entries}), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return folder


def run(quick: bool = False) -> dict[str, Any]:
    """calls/s per era, per shape (50 in flight, sequential) and per catalogue size (10, 1,000 tools), plus the settings.

    Result shape: {mode: {"concurrent"|"sequential": {"10": {system: stats}, "1000": {"atdf-mcp": stats}}}}.
    The bare Server and MCPServer serve one tool; the 1,000-tool row checks the `get_tool_input_schema` trap
    (atdf-mcp must stay flat from 10 to 1,000 tools).
    """
    repetitions, calls, sequential_calls = (1, 300, 100) if quick else (5, 3000, 500)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        ports = {name: free_port() for name in ("atdf10", "atdf1000", "mcpserver", "bare")}

        def atdf_command(catalog: Path, port: int) -> list[str]:
            return [sys.executable, "-m", "atdf_mcp", "serve", str(catalog), "--transport", "http", "--port", str(port), "--log-level", "error"]

        this = str(Path(__file__).resolve())
        with started(atdf_command(_catalog(folder / "c10", 10), ports["atdf10"]), ports["atdf10"], folder / "atdf10.log") as atdf10, \
                started(atdf_command(_catalog(folder / "c1000", 1000), ports["atdf1000"]), ports["atdf1000"], folder / "atdf1000.log") as atdf1000, \
                started([sys.executable, this, "--serve-mcpserver", str(ports["mcpserver"])], ports["mcpserver"], folder / "mcpserver.log") as hl, \
                started([sys.executable, this, "--serve-bare", str(ports["bare"])], ports["bare"], folder / "bare.log") as bare:
            _check_health(atdf10.url)
            systems = {("10", "atdf-mcp"): atdf10, ("10", "mcpserver"): hl, ("10", "bare"): bare, ("1000", "atdf-mcp"): atdf1000}
            results: dict[str, Any] = {"settings": {"concurrency": CONCURRENCY, "calls": calls, "sequential_calls": sequential_calls,
                                                    "repetitions": repetitions, "cpus": os.cpu_count(), "load_before": _load()}}
            for mode in ("legacy", "auto"):
                results[mode] = {}
                for shape, concurrency, n_calls in (("concurrent", CONCURRENCY, calls), ("sequential", 1, sequential_calls)):
                    rates: dict[tuple[str, str], list[float]] = {key: [] for key in systems}
                    cpus: dict[tuple[str, str], list[float]] = {key: [] for key in systems}
                    for _ in range(repetitions):
                        for key, server in systems.items():
                            rate, cpu = anyio.run(measure, server, mode, n_calls, concurrency)
                            rates[key].append(rate)
                            if cpu is not None:
                                cpus[key].append(cpu)
                    by_size: dict[str, Any] = {}
                    for (size, name), values in rates.items():
                        by_size.setdefault(size, {})[name] = {**_stats(values), "cpu_us_per_call": round(statistics.median(cpus[(size, name)]))
                                                              if cpus[(size, name)] else None}
                    results[mode][shape] = by_size
            results["settings"]["load_after"] = _load()
    return results


def _load() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def _check_health(mcp_url: str) -> None:
    response = httpx.get(mcp_url.removesuffix("/mcp") + "/health", timeout=10)
    response.raise_for_status()


def _stats(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1), "max": round(max(values), 1)}


def print_table(results: dict[str, Any]) -> None:
    """One line per era, shape, catalogue size and system, with the ratios to MCPServer and to the bare Server."""
    settings = results["settings"]
    print(f"{settings['calls']} calls with {settings['concurrency']} in flight, {settings['sequential_calls']} sequential, "
          f"{settings['repetitions']} repetitions (median); {settings['cpus']} CPUs, load average {settings['load_before']} "
          f"before, {settings['load_after']} after")
    for mode in ("legacy", "auto"):
        for shape, by_size in results[mode].items():
            reference, floor = by_size["10"]["mcpserver"]["median"], by_size["10"]["bare"]["median"]
            for size, systems in by_size.items():
                for name, s in systems.items():
                    cpu = f"{s['cpu_us_per_call']:6d} µs CPU/call" if s["cpu_us_per_call"] is not None else ""
                    print(f"{mode:7} {shape:10} {size:>5} tools {name:10} {s['median']:8.1f} calls/s  (min {s['min']:.1f}, "
                          f"max {s['max']:.1f})  {s['median'] / reference:5.2f}x MCPServer  {s['median'] / floor:5.2f}x bare  {cpu}")


def main(argv: list[str] | None = None) -> int:
    """Run and print (or, with --serve-mcpserver PORT, be the MCPServer child)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--serve-mcpserver", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--serve-bare", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_mcpserver:
        serve_mcpserver(args.serve_mcpserver)
        return 0
    if args.serve_bare:
        serve_bare(args.serve_bare)
        return 0
    print_table(run(args.quick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
