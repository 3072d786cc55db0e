"""The official MCP conformance suite against `atdf-mcp serve examples/conformance` (needs `npm ci`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("npx") is None or not (ROOT / "node_modules" / ".bin" / "conformance").exists(),
                    reason="the conformance suite needs npx and `npm ci`")
def test_every_conformance_scenario_passes_or_is_in_the_baseline() -> None:
    """All 32 server scenarios: every check passes, and only the documented baseline is excused."""
    proc = subprocess.run(["bash", "scripts/conformance.sh"], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHON": sys.executable})
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    assert "Total: 44 passed, 0 failed" in proc.stdout
    assert "Baseline check passed" in proc.stdout
