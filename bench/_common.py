"""What the benchmark scenarios share: statistics, the synthetic tool set in three forms, process helpers.

The synthetic tool set is one definition written three ways, so every system serves the same tools:
- `ardf_tool(i)`: an ARDF 1.0 tool descriptor (what atdf-mcp reads), bound to a Python handler;
- `openapi_spec(n)`: an OpenAPI 3.0.3 document, one `POST /resNNNNN` operation per tool (FastMCP.from_openapi);
- `mcpserver_module(n)`: Python source of an `MCPServer` with one decorated function per tool.
Each tool has the same name, description and five typed parameters (two required, one enum).
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import subprocess
from pathlib import Path
from typing import Any

__all__ = ["DESCRIPTION", "PROPERTIES", "REQUIRED", "ardf_tool", "children_of", "cpu_seconds", "fastmcp_available", "mcpserver_module",
           "openapi_spec", "rss_kib", "server_env", "stats", "stop", "tool_name", "write_catalog"]

DESCRIPTION = ("Creates or updates a synthetic resource in the benchmark backend. Accepts five typed "
               "properties and returns the stored object; this sentence pads to roughly two hundred chars.")
PROPERTIES: dict[str, dict[str, Any]] = {
    "id": {"type": "string", "description": "Identifier"},
    "count": {"type": "integer", "description": "How many"},
    "ratio": {"type": "number", "description": "A ratio"},
    "flag": {"type": "boolean", "description": "A switch"},
    "mode": {"type": "string", "enum": ["fast", "slow", "auto"], "description": "Mode"},
}
REQUIRED = ("id", "mode")
HANDLER_MODULE = "bench_handlers"
HANDLER_SOURCE = '''
async def call(**arguments):
    """The one handler every synthetic tool is bound to."""
    return "ok"
'''


def stats(values: list[float], digits: int = 1) -> dict[str, float]:
    """Median, min and max of the repetitions (and how many there were)."""
    return {"median": round(statistics.median(values), digits), "min": round(min(values), digits),
            "max": round(max(values), digits), "n": len(values)}


def fastmcp_available() -> bool:
    """Whether FastMCP is installed (it is an optional `bench` extra)."""
    try:
        return importlib.util.find_spec("fastmcp") is not None
    except (ImportError, ValueError):  # blocked (None in sys.modules) or broken
        return False


def tool_name(i: int) -> str:
    """The name of synthetic tool number i, identical in every form."""
    return f"op_{i:05d}"


def ardf_tool(i: int) -> dict[str, Any]:
    """Synthetic tool i as an ARDF 1.0 tool descriptor, bound inline to the shared handler."""
    inputs = [{"name": key, **prop, "required": key in REQUIRED} for key, prop in PROPERTIES.items()]
    return {
        "schema_version": "1.0.0", "resource_id": tool_name(i), "resource_type": "tool", "title": f"Operation {i}",
        "description": DESCRIPTION,
        "content": {"type": "tool/io", "data": {"handler": f"{HANDLER_MODULE}:call", "inputs": inputs,
                                                "outputs": {"success": "The stored object."}}},
    }


def write_catalog(folder: Path, n: int) -> Path:
    """N synthetic descriptors, one file each, plus the handler module they are bound to."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"{tool_name(i)}.json").write_text(json.dumps(ardf_tool(i), indent=1), encoding="utf-8")
    (folder / f"{HANDLER_MODULE}.py").write_text(HANDLER_SOURCE, encoding="utf-8")
    return folder


def openapi_spec(n: int) -> dict[str, Any]:
    """The same N tools as an OpenAPI 3.0.3 document: one POST operation each, a JSON body of the five properties."""
    paths = {}
    for i in range(n):
        paths[f"/res{i:05d}"] = {"post": {
            "operationId": tool_name(i), "summary": f"Operation {i}", "description": DESCRIPTION,
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": list(REQUIRED), "properties": PROPERTIES}}}},
            "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {
                "type": "object", "properties": {"ok": {"type": "boolean"}}}}}}}}}
    return {"openapi": "3.0.3", "info": {"title": "bench", "version": "1"}, "servers": [{"url": "http://127.0.0.1:9"}], "paths": paths}


_PY_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


def mcpserver_module(n: int) -> str:
    """Python source of an MCPServer with the same N tools as decorated `async def` functions (`main()` serves stdio)."""
    lines = ["from typing import Annotated, Literal", "", "from pydantic import Field", "from mcp.server import MCPServer", "",
             'mcp = MCPServer("bench-generated", log_level="WARNING")', ""]
    required, optional = [], []
    for key, prop in PROPERTIES.items():
        kind = "Literal[" + ", ".join(repr(v) for v in prop["enum"]) + "]" if "enum" in prop else _PY_TYPES[prop["type"]]
        field = f"Field(description={prop['description']!r})"
        if key in REQUIRED:
            required.append(f"{key}: Annotated[{kind}, {field}]")
        else:
            optional.append(f"{key}: Annotated[{kind} | None, {field}] = None")
    signature = ", ".join(required + optional)
    for i in range(n):
        lines += ["", "@mcp.tool()", f"async def {tool_name(i)}({signature}) -> str:", f"    {DESCRIPTION!r}", '    return "ok"', ""]
    lines += ["", "def main():", '    mcp.run("stdio")', ""]
    return "\n".join(lines)


def server_env(scratch: Path) -> dict[str, str]:
    """Environment for spawned servers: bytecode cached under `scratch`, for every system alike.

    A deployed package has its bytecode cached; a sandbox with PYTHONDONTWRITEBYTECODE=1 would instead recompile any
    stale or generated module (a 5,000-function MCPServer module, a package being edited) at every spawn. The private
    prefix keeps the bench from writing `__pycache__` into the source tree; the untimed warm-up spawn fills it.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return env


def stop(process: subprocess.Popen[Any]) -> None:
    """Terminate one process we started (by its PID), then kill it if it does not exit within 5 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def children_of(pid: int) -> list[int]:
    """PIDs of the direct children of a process (Linux; empty elsewhere)."""
    found: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(x) for x in f.read().split()]
    except OSError:
        return []
    return found


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU seconds used so far by process `pid` (Linux /proc, 10 ms ticks; None elsewhere)."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def rss_kib() -> int | None:
    """This process's resident set size in KiB (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None
