"""Run every benchmark scenario, print one table of ratios, write the results as JSON.

    python -m bench                  # the full run (several minutes); writes bench/results/latest.json
    python -m bench --quick          # a smoke run (tiny N, few calls); writes bench/results/quick.json
    python -m bench --only cold_start,latency
    python -m bench --plot           # no run: SVG charts of the ratios in latest.json (bench/results/plots; needs matplotlib)

Each scenario is a module of this package with `run(quick) -> dict`. It runs in its own fresh interpreter (so the
modules and objects one scenario leaves behind do not slow the next one down, e.g. through the garbage collector);
its own printout goes to stderr, and the one table goes to stdout. A module that does not exist (yet), or that needs
a package that is not installed, is reported as "not available" and does not fail the run; a scenario that raises
does (exit status 1). Misses of a target never change the exit status: this is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from ._report import machine_info, render, render_markdown, rows_for, summary_line

SCENARIOS = ("cold_start", "latency", "http_throughput", "http_dispatch", "error_path", "load", "listing", "self_correction", "reload", "search",
             "tasks")
RESULTS_DIR = Path(__file__).resolve().parent / "results"
TIMEOUT_S = {"quick": 600, "full": 3600}


def run_child(name: str, quick: bool, output: Path) -> int:
    """Inside the scenario's own interpreter: import the module, run it, write {"status", "result" | "reason"}."""
    started = time.perf_counter()
    try:
        module = importlib.import_module(f"bench.{name}")
    except ModuleNotFoundError as exc:
        missing = exc.name or str(exc)
        reason = "module not written yet" if missing == f"bench.{name}" else f"needs {missing!r}, which is not installed"
        outcome: dict[str, Any] = {"status": "not available", "reason": reason}
    else:
        with _StdoutToStderr():
            try:
                outcome = {"status": "ok", "result": module.run(quick=quick)}
            except Exception as exc:
                traceback.print_exc()
                outcome = {"status": "failed", "reason": f"{type(exc).__name__}: {str(exc)[:500]}"}
    outcome["seconds"] = round(time.perf_counter() - started, 1)
    output.write_text(json.dumps(outcome, indent=1, default=str), encoding="utf-8")
    return 0


class _StdoutToStderr:
    """Send both sys.stdout and file descriptor 1 to stderr (children that inherit fd 1 included)."""

    def __enter__(self) -> None:
        sys.stdout.flush()
        self.saved_fd = os.dup(1)
        os.dup2(2, 1)
        self.saved = sys.stdout
        sys.stdout = sys.stderr

    def __exit__(self, *exc: object) -> None:
        sys.stdout.flush()
        sys.stdout = self.saved
        os.dup2(self.saved_fd, 1)
        os.close(self.saved_fd)


def run_scenario(name: str, quick: bool) -> dict[str, Any]:
    """Run one scenario in a fresh interpreter (its own process group, killed on timeout) and return its outcome."""
    with tempfile.TemporaryDirectory(prefix="atdf-bench-run-") as tmp:
        output = Path(tmp) / "outcome.json"
        command = [sys.executable, "-m", "bench", "--child", name, "--child-output", str(output), *(["--quick"] if quick else [])]
        timeout = TIMEOUT_S["quick" if quick else "full"]
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=Path(__file__).resolve().parent.parent, stdout=sys.stderr.fileno(), start_new_session=True)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            _stop_group(process)
            return {"status": "failed", "reason": f"timed out after {timeout} s", "seconds": round(time.perf_counter() - started, 1)}
        if not output.is_file():
            return {"status": "failed", "reason": f"the scenario process exited with {process.returncode} without a result",
                    "seconds": round(time.perf_counter() - started, 1)}
        return json.loads(output.read_text(encoding="utf-8"))


def _stop_group(process: subprocess.Popen[bytes]) -> None:
    """Stop the scenario process and whatever servers it started (its own process group), by its PID."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(wait)
            return
        except subprocess.TimeoutExpired:
            continue


def main(argv: list[str] | None = None) -> int:
    """Run the scenarios, print the table, write the JSON; exit 1 if a scenario failed to run."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: tiny catalogues, few calls (writes results/quick.json)")
    parser.add_argument("--only", metavar="NAMES", help=f"comma-separated scenarios to run (default: all of {', '.join(SCENARIOS)})")
    parser.add_argument("--output", type=Path, help="where to write the JSON (default: bench/results/latest.json, or quick.json)")
    parser.add_argument("--markdown", action="store_true", help="also print the table as Markdown (for the README)")
    parser.add_argument("--plot", action="store_true", help="run nothing: write SVG charts of the ratios in the results file "
                        "(--output, default latest.json) with matplotlib (the bench extra)")
    parser.add_argument("--plot-dir", type=Path, default=RESULTS_DIR / "plots", help="where --plot writes (default: bench/results/plots)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--child-output", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return run_child(args.child, args.quick, args.child_output)
    if args.plot:
        from .plot import main as plot_main

        return plot_main(args.output or RESULTS_DIR / ("quick.json" if args.quick else "latest.json"), args.plot_dir)

    names = [n.strip() for n in args.only.split(",")] if args.only else list(SCENARIOS)
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenario(s): {', '.join(unknown)}; choose from {', '.join(SCENARIOS)}")
    output = args.output or RESULTS_DIR / ("quick.json" if args.quick else "latest.json")
    machine = machine_info()
    started = time.perf_counter()
    outcomes: dict[str, Any] = {}
    for name in names:
        print(f"== bench.{name} ({'quick' if args.quick else 'full'}) ==", file=sys.stderr, flush=True)
        outcomes[name] = run_scenario(name, args.quick)
        print(f"== bench.{name}: {outcomes[name]['status']} in {outcomes[name].get('seconds', 0):.0f} s"
              + (f" ({outcomes[name]['reason']})" if outcomes[name].get("reason") else ""), file=sys.stderr, flush=True)
    machine["loadavg_end"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    rows = [row for name in names for row in rows_for(name, outcomes[name])]
    report = {"quick": args.quick, "seconds": round(time.perf_counter() - started, 1), "machine": machine,
              "table": [row.as_dict() for row in rows], "scenarios": outcomes}
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str) + "\n", encoding="utf-8")

    print(render(rows))
    misses = sum(row.status == "MISS" for row in rows)
    passes = sum(row.status == "pass" for row in rows)
    print(f"\n{passes} targets met, {misses} missed; {'quick run (smoke only: do not read the numbers)' if args.quick else 'full run'} "
          f"in {report['seconds']:.0f} s on {summary_line(machine)}")
    print(f"results: {output}")
    if args.markdown:
        print("\n" + render_markdown(rows))
    failed = [name for name, outcome in outcomes.items() if outcome["status"] == "failed"]
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
