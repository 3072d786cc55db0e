"""Cold start over stdio: process spawn → first `tools/list` answered, for catalogues of N tools.

    python -m bench.cold_start [--quick]

Three systems serve the same N tools (bench/_common.py), measured interleaved (a, b, c, a, b, c, ...):
- atdf: `python -m atdf_mcp serve DIR` over N ARDF descriptor files (one per tool, bound to a Python handler), the
  first start (a fresh user cache directory, XDG_CACHE_HOME, so nothing is reused from an earlier start);
- atdf_unchanged: the same command again right after it, on the same directory and cache directory: the start with
  the catalogue unchanged since the last start (the figure the targets apply to);
- fastmcp: `FastMCP.from_openapi(spec)` over an OpenAPI document with the same N operations, run over stdio;
- mcpserver: a generated module with N `@mcp.tool()` functions (imported, so its bytecode is cached), run over stdio;
- sdk_list: a bare low-level SDK `Server` answering atdf-mcp's own tools/list of the N tools, read from a JSON file as
  one dict: the floor of any SDK server that lists them (the SDK validates and dumps every result against the
  negotiated protocol version's surface).

The client is a raw JSON-RPC driver on the pipes (no SDK client), so the figure is the server's: the clock starts
before the spawn and stops when the whole tools/list response line has been read and parsed. The handshake is the
`initialize` one that today's hosts (Claude Desktop) speak. One untimed warm-up spawn per system and N comes first
(file cache; bytecode, cached under a private PYTHONPYCACHEPREFIX as a deployed package has it cached).
Floors in the same run: `python -c pass` and `python -c "import mcp.server"`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ._common import fastmcp_available, mcpserver_module, openapi_spec, server_env, stats, write_catalog

SIZES = (100, 1_000, 5_000)
QUICK_SIZES = (20,)
REPETITIONS = 5
QUICK_REPETITIONS = 1
TIMEOUT_S = 180.0
LEGACY_VERSION = "2025-11-25"

FASTMCP_SCRIPT = '''
import json, sys
import httpx2
from fastmcp import FastMCP

with open(sys.argv[1], encoding="utf-8") as f:
    spec = json.load(f)
server = FastMCP.from_openapi(spec, client=httpx2.AsyncClient(base_url="http://127.0.0.1:9"), name="bench-openapi")
server.run(transport="stdio", show_banner=False)
'''
SDK_LIST_SCRIPT = '''
import sys

import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server
from pydantic_core import from_json

with open(sys.argv[1], "rb") as f:
    listed = from_json(f.read())  # a dict: the SDK validates and sends it (models would cost ≈ 50 µs a tool more)


async def list_tools(ctx, params):
    return listed


server = Server("bench-sdk-list", on_list_tools=list_tools)


async def main():
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


anyio.run(main)
'''
MCPSERVER_LAUNCHER = '''
import sys
sys.path.insert(0, sys.argv[1])
import generated_tools
generated_tools.main()
'''


class ColdStartError(RuntimeError):
    """A server did not answer the handshake and tools/list as expected."""


async def _read_response(stdout: asyncio.StreamReader, request_id: int) -> dict[str, Any]:
    while True:
        line = await stdout.readline()
        if not line:
            raise ColdStartError("the server closed stdout before answering")
        try:
            message = json.loads(line)
        except ValueError:
            continue  # not ours to judge here; a server that writes junk on stdout fails the count check
        if isinstance(message, dict) and message.get("id") == request_id and ("result" in message or "error" in message):
            return message


def _send(stdin: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    stdin.write(json.dumps(message).encode() + b"\n")


async def _spawn_to_list(argv: list[str], cwd: Path, expected: int, errlog: Any, env: dict[str, str] | None) -> float:
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(*argv, cwd=cwd, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                   stderr=errlog, env=env, limit=1 << 28)
    assert process.stdin is not None and process.stdout is not None
    try:
        _send(process.stdin, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": LEGACY_VERSION, "capabilities": {}, "clientInfo": {"name": "bench-cold-start", "version": "0"}}})
        answer = await _read_response(process.stdout, 1)
        if "error" in answer:
            raise ColdStartError(f"initialize failed: {answer['error']}")
        _send(process.stdin, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(process.stdin, {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
        answer = await _read_response(process.stdout, 2)
        elapsed = time.perf_counter() - started
        tools = answer.get("result", {}).get("tools", [])
        if len(tools) != expected:
            raise ColdStartError(f"expected {expected} tools in the first tools/list, got {len(tools)}: {str(answer)[:300]}")
        return elapsed
    finally:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 5)
            except TimeoutError:
                process.kill()
                await process.wait()


def spawn_to_list_ms(argv: list[str], cwd: Path, expected: int, errlog: Any, env: dict[str, str] | None = None) -> float:
    """Milliseconds from spawning `argv` to a parsed tools/list response holding `expected` tools."""
    return asyncio.run(asyncio.wait_for(_spawn_to_list(argv, cwd, expected, errlog, env), TIMEOUT_S)) * 1e3


def _wall_ms(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, timeout=TIMEOUT_S, env=env)
    return (time.perf_counter() - started) * 1e3


def prepare(root: Path, n: int, with_fastmcp: bool) -> dict[str, tuple[list[str], Path]]:
    """Write the three forms of N tools under `root`; return each system's command line and working directory."""
    folder = root / f"n{n}"
    write_catalog(folder / "descriptors", n)
    atdf = [sys.executable, "-m", "atdf_mcp", "serve", str(folder / "descriptors"), "--log-level", "warning"]
    systems = {"atdf": (atdf, folder), "atdf_unchanged": (atdf, folder)}
    if with_fastmcp:
        (folder / "openapi.json").write_text(json.dumps(openapi_spec(n)), encoding="utf-8")
        (folder / "fastmcp_server.py").write_text(FASTMCP_SCRIPT, encoding="utf-8")
        systems["fastmcp"] = ([sys.executable, str(folder / "fastmcp_server.py"), str(folder / "openapi.json")], folder)
    (folder / "tools_list.json").write_text(_atdf_listing(folder / "descriptors"), encoding="utf-8")
    (folder / "sdk_list_server.py").write_text(SDK_LIST_SCRIPT, encoding="utf-8")
    systems["sdk_list"] = ([sys.executable, str(folder / "sdk_list_server.py"), str(folder / "tools_list.json")], folder)
    module_dir = folder / "module"
    module_dir.mkdir()
    (module_dir / "generated_tools.py").write_text(mcpserver_module(n), encoding="utf-8")
    (folder / "mcpserver_launcher.py").write_text(MCPSERVER_LAUNCHER, encoding="utf-8")
    systems["mcpserver"] = ([sys.executable, str(folder / "mcpserver_launcher.py"), str(module_dir)], folder)
    return systems


def _atdf_listing(directory: Path) -> str:
    """The JSON of the tools/list atdf-mcp answers for `directory` (built in this process, without any cache)."""
    from atdf_mcp import load_catalog
    from atdf_mcp.server import CatalogServer

    app = CatalogServer(load_catalog(directory))
    return app.disclosure.list_tools(app.views.get()).model_dump_json(by_alias=True, exclude_none=True)


def run(quick: bool = False) -> dict[str, Any]:
    """Cold start of every system at every N, interleaved; returns ms {median, min, max} per system and N, and the floors."""
    sizes = QUICK_SIZES if quick else SIZES
    repetitions = QUICK_REPETITIONS if quick else REPETITIONS
    with_fastmcp = fastmcp_available()
    samples: dict[int, dict[str, list[float]]] = {}
    floors: dict[str, list[float]] = {"python -c pass": [], "python -c 'import mcp.server'": []}
    with tempfile.TemporaryDirectory(prefix="atdf-bench-cold-") as tmp:
        root = Path(tmp)
        errlog_path = root / "servers.stderr"
        env = {**server_env(root), "XDG_CACHE_HOME": str(root / "cache" / "warm-up")}  # never the user's own cache
        with errlog_path.open("w") as errlog:
            commands = {n: prepare(root, n, with_fastmcp) for n in sizes}
            _wall_ms([sys.executable, "-c", "import mcp.server"], env)
            for n, systems in commands.items():
                samples[n] = {name: [] for name in systems}
                for argv, cwd in systems.values() if not quick else ():  # warm-up: file cache and bytecode, not timed
                    _run_or_explain(argv, cwd, n, errlog, errlog_path, env)
            for repetition in range(repetitions):
                floors["python -c pass"].append(_wall_ms([sys.executable, "-c", "pass"], env))
                floors["python -c 'import mcp.server'"].append(_wall_ms([sys.executable, "-c", "import mcp.server"], env))
                for n, systems in commands.items():
                    cache_env = {**env, "XDG_CACHE_HOME": str(root / "cache" / f"n{n}-{repetition}")}  # fresh: a first start
                    for name, (argv, cwd) in systems.items():
                        chosen = cache_env if name.startswith("atdf") else env
                        samples[n][name].append(_run_or_explain(argv, cwd, n, errlog, errlog_path, chosen))
                print(f"cold_start: repetition done ({', '.join(f'N={n}' for n in sizes)})", file=sys.stderr, flush=True)
    results: dict[str, Any] = {"unit": "ms", "repetitions": repetitions, "protocol": LEGACY_VERSION, "fastmcp": with_fastmcp,
                               "floors": {name: stats(values) for name, values in floors.items()},
                               "sizes": {str(n): {name: stats(values) for name, values in by_system.items()}
                                         for n, by_system in samples.items()}}
    print_table(results)
    return results


def _run_or_explain(argv: list[str], cwd: Path, n: int, errlog: Any, errlog_path: Path, env: dict[str, str]) -> float:
    errlog.flush()
    mark = errlog_path.stat().st_size
    try:
        return spawn_to_list_ms(argv, cwd, n, errlog, env)
    except (ColdStartError, TimeoutError) as exc:
        errlog.flush()
        with errlog_path.open() as f:
            f.seek(mark)
            tail = f.read()[-2000:]
        raise ColdStartError(f"{' '.join(argv[:4])}…: {exc or 'timed out'}\n--- server stderr ---\n{tail}") from exc


def print_table(results: dict[str, Any]) -> None:
    """Cold start per N and system, with the ratio to atdf-mcp's unchanged-catalogue start and to the import floor."""
    for name, s in results["floors"].items():
        print(f"floor {name:34} {s['median']:8.1f} ms (min {s['min']:.1f}, max {s['max']:.1f})")
    floor = results["floors"]["python -c 'import mcp.server'"]["median"]
    for n, systems in results["sizes"].items():
        atdf = systems.get("atdf_unchanged", systems["atdf"])["median"]
        listing = systems["sdk_list"]["median"] if "sdk_list" in systems else None
        for name, s in systems.items():
            print(f"N={n:>5} {name:14} {s['median']:8.1f} ms (min {s['min']:.1f}, max {s['max']:.1f})  "
                  f"{s['median'] / atdf:5.2f}x atdf_unchanged  {s['median'] / floor:5.2f}x floor"
                  + (f"  {s['median'] / listing:5.2f}x sdk_list" if listing else ""))


def main(argv: list[str] | None = None) -> int:
    """Run and print."""
    parser = argparse.ArgumentParser(prog="python -m bench.cold_start", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"N = {QUICK_SIZES}, {QUICK_REPETITIONS} repetitions (a smoke run)")
    args = parser.parse_args(argv)
    run(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
