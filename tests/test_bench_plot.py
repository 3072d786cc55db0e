"""`python -m bench --plot`: one SVG chart per scenario of a results file, its bars the ratios (matplotlib: bench extra)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("matplotlib", reason="matplotlib is the optional bench extra (pip install -e '.[bench]')")
ROOT = Path(__file__).resolve().parent.parent


def test_plot_writes_one_svg_per_scenario_with_its_ratios(tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"quick": False, "table": [
        {"scenario": "1 cold start", "measurement": "N=100: other / atdf", "ratio": 1.7, "target": "≥ 1x", "status": "pass"},
        {"scenario": "1 cold start", "measurement": "floor", "ratio": None, "target": "", "status": "info"},
        {"scenario": "2 per-call latency", "measurement": "atdf / bare", "ratio": 1.35, "target": "≤ 1.15x", "status": "MISS"},
        {"scenario": "2 per-call latency", "measurement": "atdf / other", "ratio": 0.5, "target": "", "status": "info"},
    ]}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bench", "--plot", "--output", str(results), "--plot-dir", str(tmp_path / "plots")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == ["1-cold-start.svg", "2-per-call-latency.svg"]
    latency = (tmp_path / "plots" / "2-per-call-latency.svg").read_text(encoding="utf-8")
    assert latency.startswith("<?xml") and "<svg" in latency
    assert "1.35x" in latency and "0.5x" in latency and "atdf / bare  [target ≤ 1.15x]" in latency
    assert "#c62828" in latency and "#90a4ae" in latency  # the missed target in red, the row without one in grey


def test_plot_without_results_says_so(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "bench", "--plot", "--output", str(tmp_path / "none.json")], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "run python -m bench first" in done.stderr
