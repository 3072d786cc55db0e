"""Inputs, clients and catalogues nobody here wrote, as a demanding new user sends them: real `atdf-mcp` subprocesses.

Each test is a problem a probe of live reload, progressive disclosure, tool sets and pagination found from the
outside (stdio driven by the SDK client, the CLI), kept so it stays fixed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from conftest import write_file

BUDGET = 60  # seconds: a guard against a hang or a quadratic load, not a timing (the load takes ~3 s)


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run `python -m atdf_mcp ARGS` as a user would, capturing stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True,
                          timeout=BUDGET * 3, env=dict(os.environ))


def test_one_file_of_twenty_thousand_tools_loads_in_linear_time(tmp_path: Path) -> None:
    """A generated MCP tool list of 20,000 tools in one file (each without a handler: one warning each) validates in
    seconds; each warning used to rebuild its file's report (20,000 ids) again, 130 s, and a server watching the
    folder stopped reloading for as long."""
    tools = [{"name": f"tool_{n}", "description": f"Generated tool number {n}.", "inputSchema": {"type": "object"}}
             for n in range(20_000)]
    write_file(tmp_path / "generated", "tools.json", {"tools": tools})
    started = time.monotonic()
    done = cli("validate", tmp_path / "generated", "--format", "json")
    took = time.monotonic() - started
    report = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert report["summary"]["descriptors"] == 20_000 and report["summary"]["warnings"] == 20_000
    assert {p["code"] for f in report["files"] for p in f["problems"]} == {"NO_HANDLER"}
    assert took < BUDGET, f"validate took {took:.1f} s"
