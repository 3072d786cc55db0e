"""Turn the scenario results into one table of ratios with targets and pass/miss marks; describe the machine.

A row compares atdf-mcp with one reference system on one measurement. Its ratio is written the way its target is
phrased: `FastMCP / atdf` ≥ 4x for a speed-up, `atdf / bare` ≤ 1.15x for an overhead. Rows without a target are `info`.
A scenario module may also return its own rows under the key "ratios": a list of
`{"measurement", "atdf", "reference", "ratio", "target", "status"}` dicts, shown as they are.
"""

from __future__ import annotations

import datetime
import importlib.metadata
import os
import platform
import re
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

__all__ = ["Row", "machine_info", "render", "rows_for"]

PACKAGES = ("atdf-mcp", "mcp", "mcp-types", "fastmcp", "pydantic", "pydantic-core", "anyio", "starlette", "uvicorn", "httpx", "httpx2",
            "jsonschema", "jsonschema-rs")


@dataclass
class Row:
    """One line of the table."""

    scenario: str
    measurement: str
    atdf: str = ""
    reference: str = ""
    ratio: float | None = None
    target: str = ""
    status: str = "info"  # pass | MISS | info | n/a

    def as_dict(self) -> dict[str, Any]:
        """The row as plain JSON."""
        return asdict(self)


def _judge(ratio: float | None, op: str, bound: float) -> str:
    if ratio is None:
        return "n/a"
    ok = {"<=": ratio <= bound, "<": ratio < bound, ">=": ratio >= bound}[op]
    return "pass" if ok else "MISS"


def _target(op: str, bound: float) -> str:
    return {"<=": "≤ ", "<": "< ", ">=": "≥ "}[op] + f"{bound:g}x"


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a and b else None


def _ms(s: dict[str, Any] | None) -> str:
    return f"{s['median']:,.0f} ms" if s else "n/a"


def _us(s: dict[str, Any] | None) -> str:
    return f"{s['median']:,.0f} µs" if s else "n/a"


def _median(s: dict[str, Any] | None) -> float | None:
    return s["median"] if s else None


# -- scenario 1 -----------------------------------------------------------------------------------------------------


def _cold_start(r: dict[str, Any]) -> Iterator[Row]:
    floor = r.get("floors", {}).get("python -c 'import mcp.server'")
    if floor:
        yield Row("1 cold start", "floor: python -c 'import mcp.server'", reference=_ms(floor))
    sizes = r["sizes"]
    largest = max(sizes, key=int)
    for n, systems in sizes.items():
        first, unchanged = systems.get("atdf"), systems.get("atdf_unchanged")
        atdf = unchanged or first
        judged = n == largest and int(n) >= 5000
        label = f"N={int(n):,}" + (", catalogue unchanged since the last start" if unchanged else "")
        fast = systems.get("fastmcp")
        ratio = _ratio(_median(fast), _median(atdf))
        if judged:
            yield Row("1 cold start", f"{label}: FastMCP.from_openapi / atdf", _ms(atdf), _ms(fast), ratio, _target(">=", 4),
                      _judge(ratio, ">=", 4))
        else:
            yield Row("1 cold start", f"{label}: FastMCP.from_openapi / atdf", _ms(atdf), _ms(fast), ratio,
                      status="info" if ratio else "n/a")
        if floor:
            ratio = _ratio(_median(atdf), _median(floor))
            yield Row("1 cold start", f"{label}: atdf / import mcp.server floor", _ms(atdf), _ms(floor), ratio,
                      *((_target("<=", 1.3), _judge(ratio, "<=", 1.3)) if judged else ("", "info")))
        listing = systems.get("sdk_list")
        if listing:
            yield Row("1 cold start", f"{label}: atdf / bare SDK Server answering the same tools/list (read from JSON)",
                      _ms(atdf), _ms(listing), _ratio(_median(atdf), _median(listing)), status="info")
        if unchanged and first:
            yield Row("1 cold start", f"N={int(n):,}, first start: atdf / import mcp.server floor", _ms(first), _ms(floor),
                      _ratio(_median(first), _median(floor)))
        module = systems.get("mcpserver")
        ratio = _ratio(_median(module), _median(atdf))
        yield Row("1 cold start", f"{label}: MCPServer module / atdf", _ms(atdf), _ms(module), ratio, _target(">=", 1),
                  _judge(ratio, ">=", 1))


# -- scenario 2 -----------------------------------------------------------------------------------------------------

_LATENCY_PAIRS = (  # (atdf system, reference system, op, bound); bound None = info
    ("atdf-async", "bare", "<=", 1.15),
    ("atdf-sync", "mcpserver-sync", "<", 1.0),
    ("atdf-async", "mcpserver-async", None, None),
    ("atdf-async", "fastmcp-async", "<", 1.0),
    ("atdf-sync", "fastmcp-sync", "<", 1.0),
)


def _latency(r: dict[str, Any]) -> Iterator[Row]:
    for transport, label in (("in_memory", "in-memory"), ("stdio", "stdio")):
        for mode, systems in r.get(transport, {}).items():
            for mine, other, op, bound in _LATENCY_PAIRS:
                a, b = systems.get(mine), systems.get(other)
                ratio = _ratio(_median(a), _median(b))
                measurement = f"{label} {mode}: {mine} / {other}"
                if op is None or bound is None:
                    yield Row("2 per-call latency", measurement, _us(a), _us(b), ratio, status="info" if ratio else "n/a")
                else:
                    yield Row("2 per-call latency", measurement, _us(a), _us(b), ratio, _target(op, bound), _judge(ratio, op, bound))


# -- scenarios 3 and 4: modules written elsewhere, read generically ---------------------------------------------------

_ATDF = re.compile(r"^atdf(-mcp)?([-_](async|py|python|handler))?$")
_BARE = ("bare", "lowlevel", "low-level", "ll", "server")


def _stats_leaves(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every {median, ...} dict in a nested result, with its path."""
    if isinstance(value, dict):
        if isinstance(value.get("median"), (int, float)):
            yield path, value
            return
        for key, inner in value.items():
            yield from _stats_leaves(inner, (*path, str(key)))


def _group(result: dict[str, Any]) -> dict[tuple[str, ...], dict[str, dict[str, Any]]]:
    """Stats leaves grouped by their parent path (containers like "modes" left out of the path)."""
    groups: dict[tuple[str, ...], dict[str, dict[str, Any]]] = {}
    for path, s in _stats_leaves(result):
        if path:
            where = tuple(part for part in path[:-1] if part not in ("modes", "systems", "results"))
            groups.setdefault(where, {})[path[-1]] = s
    return groups


def _unit(result: dict[str, Any], default: str) -> str:
    settings = result.get("settings")
    unit = result.get("unit") or (settings.get("unit") if isinstance(settings, dict) else None)
    return str(unit or default)


def _http_throughput(r: dict[str, Any]) -> Iterator[Row]:
    """atdf / bare calls/s per group (target ≥ 0.9x), atdf / MCPServer as info, and flatness from few to many tools."""
    unit = _unit(r, "calls/s")
    groups = _group(r)
    atdf_by_group: dict[tuple[str, ...], float] = {}
    for where, systems in groups.items():
        atdf_key = next((k for k in systems if _ATDF.match(k.lower())), None)
        if atdf_key is None:
            continue
        atdf = systems[atdf_key]
        atdf_by_group[where] = atdf["median"]
        label = " ".join(where) or "all"
        bare_key = next((k for k in systems if k.lower() in _BARE), None)
        if bare_key is not None:
            ratio = _ratio(atdf["median"], systems[bare_key]["median"])
            yield Row("3 HTTP throughput", f"{label}: {atdf_key} / {bare_key}", f"{atdf['median']:,.0f} {unit}",
                      f"{systems[bare_key]['median']:,.0f} {unit}", ratio, _target(">=", 0.9), _judge(ratio, ">=", 0.9))
        for key, s in systems.items():
            if key not in (atdf_key, bare_key):
                yield Row("3 HTTP throughput", f"{label}: {atdf_key} / {key}", f"{atdf['median']:,.0f} {unit}", f"{s['median']:,.0f} {unit}",
                          _ratio(atdf["median"], s["median"]))
    yield from _flatness(atdf_by_group, unit)


def _flatness(atdf_by_group: dict[tuple[str, ...], float], unit: str) -> Iterator[Row]:
    """Pairs of groups that differ only in a tool count: atdf at many tools / atdf at few tools (target ≥ 0.9x)."""
    def count(part: str) -> int | None:
        match = re.fullmatch(r"(?:n|N|tools?[=_-]?)?(\d[\d_,]*)(?:[_-]?tools?)?", part)
        return int(match.group(1).replace("_", "").replace(",", "")) if match else None

    by_shape: dict[tuple[Any, ...], dict[int, float]] = {}
    for where, value in atdf_by_group.items():
        counts = [(i, count(p)) for i, p in enumerate(where) if count(p) is not None]
        if len(counts) != 1:
            continue
        index, n = counts[0]
        shape = (*where[:index], "*", *where[index + 1:])
        by_shape.setdefault(shape, {})[n] = value  # type: ignore[index]
    for shape, values in by_shape.items():
        if len(values) >= 2:
            few, many = min(values), max(values)
            ratio = _ratio(values[many], values[few])
            label = " ".join(shape).replace("*", f"{many:,} vs {few:,} tools")
            yield Row("3 HTTP throughput", f"flat: {label}", f"{values[many]:,.0f} {unit}", f"{values[few]:,.0f} {unit}", ratio,
                      _target(">=", 0.9), _judge(ratio, ">=", 0.9))


def _http_dispatch(r: dict[str, Any]) -> Iterator[Row]:
    """atdf against each other system in the same group, as info (the issue sets no number for this scenario)."""
    unit = _unit(r, "")
    for where, systems in _group(r).items():
        atdf_key = next((k for k in systems if k.lower().startswith("atdf")), None)
        if atdf_key is None:
            continue
        a = systems[atdf_key]
        for key, s in systems.items():
            if key != atdf_key and not key.lower().startswith("atdf"):
                label = " ".join(where) or "all"
                yield Row("4 HTTP dispatch", f"{label}: {atdf_key} / {key}", f"{a['median']:,.1f} {unit}".strip(),
                          f"{s['median']:,.1f} {unit}".strip(), _ratio(a["median"], s["median"]))


# -- scenario 5 -----------------------------------------------------------------------------------------------------


def _error_path(r: dict[str, Any]) -> Iterator[Row]:
    bound = r.get("target_ratio", 3.0)
    for mode, m in r["modes"].items():
        ratio = m.get("ratio")
        yield Row("5 error path", f"in-memory {mode}: 3 argument errors / valid call", _us(m["invalid"]), _us(m["valid"]), ratio,
                  _target("<=", bound), _judge(ratio, "<=", bound))


# -- scenario 6 -----------------------------------------------------------------------------------------------------


def _load(r: dict[str, Any]) -> Iterator[Row]:
    target = r.get("target_us", 30.0)
    entries = list(r.get("sizes", {}).items())
    if isinstance(r.get("packed"), dict):
        entries.append(("packed", r["packed"]))
    for key, s in entries:
        load, floor = s["load_us"], s.get("read_floor_us")
        value = load["median"]
        n = s.get("descriptors", key)
        per_file = s.get("per_file")
        layout = f", {per_file}/file" if per_file else ""
        yield Row("6 catalogue scale", f"load + validate, N={int(n):,}{layout}: µs/descriptor (ref: read + json.loads)",
                  f"{value:,.1f} µs", f"{floor['median']:,.1f} µs" if floor else "", None, f"≤ {target:g} µs",
                  "pass" if value <= target else "MISS")
        cached = s.get("cached_us")
        if cached:
            yield Row("6 catalogue scale", f"load from the snapshot cache (files unchanged), N={int(n):,}{layout}: µs/descriptor",
                      f"{cached['median']:,.1f} µs", f"{floor['median']:,.1f} µs" if floor else "", None, f"≤ {target:g} µs",
                      "pass" if cached["median"] <= target else "MISS")
    rss = r.get("rss")
    if rss and rss.get("rss_after_kib"):
        per = rss.get("kib_per_descriptor")
        yield Row("6 catalogue scale", f"RSS after load_catalog of {rss.get('descriptors', 0):,} (bench.load)",
                  f"{rss['rss_after_kib'] / 1024:,.0f} MiB" + (f" ({per:.1f} KiB/descr.)" if per is not None else ""))


def _reload(r: dict[str, Any]) -> Iterator[Row]:
    n, target = r["n"], r.get("target_ms", 100.0)
    inner, outer = r["in_process"]["reload_ms"], r["end_to_end_ms"]
    full = r["in_process"]["full_load_ms"]["median"]
    yield Row("8 live reload", f"N={n:,}, one file edited: reload as the watcher calls it + swap (a full load: {full:,.0f} ms)",
              f"{inner['median']:,.1f} ms", "", None, f"≤ {target:g} ms", "pass" if inner["median"] <= target else "MISS")
    walk = r["in_process"].get("reload_walk_ms")
    if walk:
        yield Row("8 live reload", f"N={n:,}, the same reload after SIGHUP or POST /reset (every file's size and time looked at)",
                  f"{walk['median']:,.1f} ms")
    if r.get("notified_ms"):
        yield Row("8 live reload", f"N={n:,}: file written → list_changed received, stdio (incl. the 50 ms watcher debounce)",
                  f"{r['notified_ms']['median']:,.1f} ms")
    yield Row("8 live reload", f"N={n:,}: file written → new tools/list received and parsed by the client, stdio",
              f"{outer['median']:,.1f} ms")


RSS_TARGET = 1.3  # issue 12: RSS growth of loading 10,000 descriptors and building the server, against bare SDK Tool models


def _listing(r: dict[str, Any]) -> Iterator[Row]:
    bound = r.get("target_ratio", 1.15)
    for n, entry in r["sizes"].items():
        for mode in ("legacy", "auto"):
            paused, deployed = entry.get(f"{mode}_gc_paused"), entry.get(mode)
            if paused:
                a, b = paused["atdf"], paused["bare"]
                yield Row("6 catalogue scale", f"tools/list N={int(n):,} in-memory {mode}, GC paused: atdf / bare (same result)",
                          f"{a['median']:,.1f} ms", f"{b['median']:,.1f} ms", paused["ratio"], _target("<=", bound),
                          _judge(paused["ratio"], "<=", bound))
            if deployed:
                a, b = deployed["atdf"], deployed["bare"]
                yield Row("6 catalogue scale", f"tools/list N={int(n):,} in-memory {mode}, GC on: atdf / bare (same result)",
                          f"{a['median']:,.1f} ms", f"{b['median']:,.1f} ms", deployed["ratio"],
                          *((_target("<=", bound), _judge(deployed["ratio"], "<=", bound)) if not paused else ("", "info")))
        yield Row("6 catalogue scale", f"tools/list N={int(n):,}: JSON bytes", f"{entry['bytes'] / 1e6:,.2f} MB ({entry['bytes_per_tool']} B/tool)")
    rss = r.get("rss", {})
    atdf, bare = rss.get("atdf", {}), rss.get("bare_tool_models", {})
    if atdf.get("after_kib"):
        ratio = _ratio(atdf.get("delta_kib"), bare.get("delta_kib"))
        yield Row("6 catalogue scale", f"RSS after loading {rss['descriptors']:,} (load + server) / bare Tool models",
                  f"{atdf['after_kib'] / 1024:,.0f} MiB (+{atdf.get('kib_per_descriptor')} KiB/descr.)",
                  f"{bare.get('after_kib', 0) / 1024:,.0f} MiB (+{bare.get('kib_per_descriptor')} KiB/tool)", ratio,
                  _target("<=", RSS_TARGET), _judge(ratio, "<=", RSS_TARGET))


def _search(r: dict[str, Any]) -> Iterator[Row]:
    targets = r.get("targets", {})
    recall, p50, build = targets.get("recall@5", 0.9), targets.get("p50_ms_10000", 2.0), targets.get("build_us_per_tool", 10.0)
    quality = r.get("quality", {})
    ours, theirs = quality.get("atdf", {}), quality.get("fastmcp", {})

    def trio(f: dict[str, Any] | None) -> str:
        return f"{f['recall@1']:.2f} / {f['recall@5']:.2f} / {f['mrr']:.2f}" if f else "n/a"

    for split in ("all", "dev", "holdout"):
        if split in ours:
            f = ours[split]
            judged = split == "all"
            yield Row("9 search", f"recall@1 / recall@5 / MRR, {split} queries (n={f['n']}) on {r['tools']} tools: atdf / FastMCP BM25",
                      trio(f), trio(theirs.get(split)), None, f"recall@5 ≥ {recall:g}" if judged else "",
                      ("pass" if f["recall@5"] >= recall else "MISS") if judged else "info")
    for label in ("fresh (blind)", "blind2 (blind)", "blind3 (blind)"):
        blind = ours.get(label)
        if blind:
            yield Row("9 search", f"recall@1 / recall@5 / MRR, {label} queries (n={blind['n']}) on another catalogue of "
                      f"{r.get('blind_tools', {}).get(label, '?')} tools: atdf / FastMCP BM25", trio(blind), trio(theirs.get(label)),
                      None, "", "info")
    for n, entry in r.get("sizes", {}).items():
        a, f = entry["atdf"], entry.get("fastmcp")
        judged = int(n) >= 10_000
        yield Row("9 search", f"search p50 (p99), N={int(n):,} ({r.get('catalogue', 'catalogue')} replicated): atdf / FastMCP BM25",
                  f"{a['p50']:.2f} ms ({a['p99']:.2f})", f"{f['p50']:.1f} ms ({f['p99']:.1f})" if f else "n/a",
                  _ratio(f["p50"], a["p50"]) if f else None, f"p50 ≤ {p50:g} ms" if judged else "",
                  ("pass" if a["p50"] <= p50 else "MISS") if judged else "info")
        b = entry["build"]
        yield Row("9 search", f"index build, N={int(n):,}: full (µs/tool)", f"{b['full_us_per_tool']:.1f} µs ({b['full_ms']:,.0f} ms)", "",
                  None, f"≤ {build:g} µs/tool", "pass" if b["full_us_per_tool"] <= build else "MISS")
        yield Row("9 search", f"index rebuild after one tool changed, N={int(n):,} (µs/tool)",
                  f"{b['incremental_us_per_tool']:.1f} µs ({b['incremental_ms']:,.1f} ms)", "", None, f"≤ {build:g} µs/tool",
                  "pass" if b["incremental_us_per_tool"] <= build else "MISS")
        c = entry.get("cache")
        if c:
            for label, key in (("unchanged", "files_cache_unchanged_us_per_tool"), ("after one file changed", "files_cache_one_changed_us_per_tool")):
                yield Row("9 search", f"index build at a start from the search cache, {label}, N={int(n):,} files (µs/tool)",
                          f"{c[key]:.1f} µs (cold {c['files_full_us_per_tool']:.1f})", "", None, f"≤ {build:g} µs/tool",
                          "pass" if c[key] <= build else "MISS")


_BUILDERS: dict[str, Callable[[dict[str, Any]], Iterator[Row]]] = {
    "cold_start": _cold_start, "latency": _latency, "http_throughput": _http_throughput, "http_dispatch": _http_dispatch,
    "error_path": _error_path, "load": _load, "listing": _listing, "reload": _reload, "search": _search,
}
_TITLES = {"cold_start": "1 cold start", "latency": "2 per-call latency", "http_throughput": "3 HTTP throughput",
           "http_dispatch": "4 HTTP dispatch", "error_path": "5 error path", "load": "6 catalogue scale", "listing": "6 catalogue scale",
           "self_correction": "7 self-correction", "reload": "8 live reload", "search": "9 search",
           "tasks": "10 tasks (ATS)"}


def rows_for(name: str, outcome: dict[str, Any]) -> list[Row]:
    """The table rows of one scenario's outcome ({"status", "result" | "reason"})."""
    title = _TITLES.get(name, name)
    status = outcome.get("status")
    if status != "ok":
        return [Row(title, f"bench.{name}: {status}" + (f" ({outcome['reason']})" if outcome.get("reason") else ""), status="n/a")]
    result = outcome.get("result") or {}
    rows: list[Row] = []
    for given in result.get("ratios", []) if isinstance(result.get("ratios"), list) else []:
        rows.append(Row(title, str(given.get("measurement", "")), str(given.get("atdf", "")), str(given.get("reference", "")),
                        given.get("ratio"), str(given.get("target", "")), str(given.get("status", "info"))))
    given = [row.measurement for row in rows]
    try:
        built = list(_BUILDERS[name](result)) if name in _BUILDERS else []
        rows += [row for row in built if not _covered(row.measurement, given)]
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
        rows.append(Row(title, f"bench.{name}: results not understood ({type(exc).__name__}: {exc}); see the JSON", status="n/a"))
    if not rows:
        rows.append(Row(title, f"bench.{name}: ran; no ratio found, see the JSON"))
    return rows


def _covered(measurement: str, given: list[str]) -> bool:
    """Whether a generic row repeats a row the module gave itself (same pair of systems, same group)."""
    where, _, pair = measurement.rpartition(": ")
    last = where.split()[-1] if where.split() else ""
    return any(pair in g and last in g for g in given)


def render(rows: list[Row]) -> str:
    """The rows as one aligned text table."""
    header = ("scenario", "measurement", "atdf-mcp", "reference", "ratio", "target", "")
    lines = [(r.scenario, r.measurement, r.atdf, r.reference, f"{r.ratio:.2f}x" if r.ratio is not None else "", r.target, r.status)
             for r in rows]
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *lines, strict=True)]
    out = []
    for i, line in enumerate([header, *lines]):
        out.append("  ".join(str(cell).ljust(w) if j < 2 else str(cell).rjust(w) if j < 4 else str(cell).ljust(w)
                             for j, (cell, w) in enumerate(zip(line, widths, strict=True))).rstrip())
        if i == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def render_markdown(rows: list[Row]) -> str:
    """The rows as a Markdown table (for the README)."""
    out = ["| scenario | measurement | atdf-mcp | reference | ratio | target | |", "|---|---|---:|---:|---:|---|---|"]
    for r in rows:
        ratio = f"**{r.ratio:.2f}x**" if r.ratio is not None else ""
        out.append(f"| {r.scenario} | {r.measurement} | {r.atdf} | {r.reference} | {ratio} | {r.target} | {r.status} |")
    return "\n".join(out)


def machine_info() -> dict[str, Any]:
    """CPU, memory, OS, Python, package versions, git commit and load average: what a reader needs to weigh the numbers."""
    info: dict[str, Any] = {
        "timestamp": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "platform": platform.platform(), "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpu": _cpu_model(), "cores": os.cpu_count(), "memory_gib": _memory_gib(), "packages": {},
    }
    for package in PACKAGES:
        try:
            info["packages"][package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            info["packages"][package] = None
    info["git"] = _git()
    info["loadavg"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    return info


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return None


def _git() -> dict[str, Any] | None:
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True, timeout=10).stdout.strip() != ""
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": commit or None, "dirty": dirty} if commit else None


def summary_line(machine: dict[str, Any]) -> str:
    """One line naming the machine, for under the table."""
    packages = machine.get("packages", {})
    versions = ", ".join(f"{k} {v}" for k, v in packages.items() if v and k in ("mcp", "fastmcp", "pydantic"))
    return (f"{machine.get('cpu')} x {machine.get('cores')} cores, {machine.get('memory_gib')} GiB, {machine.get('platform')}, "
            f"{machine.get('python')}; {versions}" + (f"; git {machine['git']['commit']}{'+dirty' if machine['git']['dirty'] else ''}"
                                                      if machine.get("git") else ""))
