"""`python -m bench --plot`: SVG charts of the benchmark ratios in a results file, one chart per scenario.

    python -m bench --plot                                   # bench/results/latest.json → bench/results/plots/*.svg
    python -m bench --plot --output bench/results/quick.json --plot-dir /tmp/plots

Each bar is one row of the table that has a ratio: green where its target is met, red where it is missed, grey where
it has none (information only); the dashed line is 1x (parity with the reference). matplotlib is the optional
`bench` extra; without it the command says how to install it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

__all__ = ["plot_results"]

COLOURS = {"pass": "#2e7d32", "MISS": "#c62828"}
INFO_COLOUR = "#90a4ae"


def plot_results(results: Path, folder: Path) -> list[Path]:
    """Write one SVG per scenario of `results` (the JSON `python -m bench` writes) into `folder`; return their paths."""
    import matplotlib

    matplotlib.use("svg")  # no display, no GUI toolkit
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "atdf-mcp"  # the same data gives the same file
    plt.rcParams["svg.fonttype"] = "none"  # text stays text (searchable, small)
    report = json.loads(results.read_text(encoding="utf-8"))
    by_scenario: dict[str, list[dict[str, Any]]] = {}
    for row in report.get("table", ()):
        if isinstance(row.get("ratio"), int | float):
            by_scenario.setdefault(row["scenario"], []).append(row)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for scenario, rows in by_scenario.items():
        labels = [r["measurement"] + (f"  [target {r['target']}]" if r.get("target") else "") for r in rows]
        ratios = [float(r["ratio"]) for r in rows]
        figure, axes = plt.subplots(figsize=(10, 0.42 * len(rows) + 1.3))
        bars = axes.barh(range(len(rows)), ratios, color=[COLOURS.get(r.get("status", ""), INFO_COLOUR) for r in rows])
        axes.set_yticks(range(len(rows)), labels, fontsize=8)
        axes.invert_yaxis()
        axes.axvline(1.0, color="#37474f", linestyle="--", linewidth=1)
        axes.bar_label(bars, labels=[f"{v:g}x" for v in ratios], padding=3, fontsize=8)
        axes.set_xlim(0, max([*ratios, 1.0]) * 1.18)
        axes.set_xlabel("ratio (green: target met, red: missed, grey: no target)")
        axes.set_title(f"{scenario} — {'quick run' if report.get('quick') else 'full run'}", fontsize=11, loc="left")
        axes.spines[["top", "right"]].set_visible(False)
        figure.tight_layout()
        path = folder / f"{_slug(scenario)}.svg"
        figure.savefig(path, format="svg", metadata={"Date": None})
        plt.close(figure)
        written.append(path)
    return written


def main(results: Path, folder: Path) -> int:
    """The --plot command: write the charts and name them on stderr (1 when matplotlib is missing or there is nothing)."""
    try:
        import matplotlib  # noqa: F401
    except ModuleNotFoundError:
        print("python -m bench --plot needs matplotlib: pip install -e '.[bench]'", file=sys.stderr)
        return 1
    if not results.is_file():
        print(f"no results at {results}: run python -m bench first (or pass --output FILE)", file=sys.stderr)
        return 1
    written = plot_results(results, folder)
    for path in written:
        print(f"wrote {path}", file=sys.stderr)
    return 0 if written else 1


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
