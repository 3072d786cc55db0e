"""Write the search corpus: every tool of the tables, in the dialect each row names (run once; output committed).

    python bench/search_corpus/_make.py

ARDF and ATDF 2.x tools get one file each (some ATDF 2.x in YAML), ATDF 1.x too; MCP tools go into one
`{"tools": [...]}` list per domain and OpenAkita tools into one list per domain, as their exporters write them.
Every tool is bound to handlers:accept in atdf-mcp.yaml (the search bench never calls a tool).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _tools_a as a  # noqa: E402
import _tools_b as b  # noqa: E402
from _spec import Param, Tool  # noqa: E402

DOMAINS: dict[str, tuple[str, list[Tool]]] = {
    "payments": ("Payments Platform", a.PAYMENTS),
    "finance": ("Finance Systems", a.FINANCE),
    "crm": ("Revenue Operations", a.CRM),
    "messaging": ("Communications", a.MESSAGING),
    "calendar": ("Workplace Tools", a.CALENDAR),
    "support": ("Customer Support Engineering", a.SUPPORT),
    "hr": ("People Systems", a.HR),
    "files": ("Workplace Tools", b.FILES),
    "devops": ("Platform Engineering", b.DEVOPS),
    "analytics": ("Data Team", b.ANALYTICS),
    "commerce": ("Commerce Platform", b.COMMERCE),
    "travel": ("Travel Desk", b.TRAVEL),
    "maps_weather": ("Location Services", b.MAPS_WEATHER),
    "knowledge": ("Knowledge Management", b.KNOWLEDGE),
    "identity": ("Security & IT", b.IDENTITY),
    "legal": ("Legal Ops", b.LEGAL),
    "social": ("Marketing", b.SOCIAL),
}
SUCCESS = "The call succeeded; the service's JSON answer is returned."
GENERATED = ("payments", "finance", "crm", "messaging", "calendar", "support", "hr", "files", "devops", "analytics",
             "commerce", "travel", "maps_weather", "knowledge", "identity", "legal", "social")


def ardf(tool: Tool, domain: str, author: str) -> dict[str, Any]:
    """An ARDF 1.0 tool resource."""
    doc: dict[str, Any] = {
        "schema_version": "1.0.0",
        "resource_id": tool.id,
        "resource_type": "tool",
        "description": tool.description,
        "when_to_use": tool.when,
        "metadata": {"version": "1.2.0", "author": author, "domain": domain, "category": tool.category or domain,
                     "tags": list(tool.tags), "maturity": "stable"},
    }
    if tool.localization:
        doc["localization"] = {lang: {"description": d, "when_to_use": w} for lang, (d, w) in tool.localization.items()}
    inputs = []
    for p in tool.params:
        item: dict[str, Any] = {"name": p.name, "type": p.type, "description": p.description, "required": p.required}
        item.update({k: v for k, v in p.json_schema().items() if k not in ("type", "description")})
        inputs.append(item)
    doc["content"] = {"type": "tool/io", "data": {"inputs": inputs, "outputs": _outputs(tool)}}
    if tool.examples:
        doc["examples"] = [{"name": e[0], "input": e[1]} for e in tool.examples]
    return doc


def atdf2(tool: Tool, domain: str, author: str) -> dict[str, Any]:
    """An ATDF 2.x tool descriptor."""
    inputs = []
    for p in tool.params:
        item: dict[str, Any] = {"name": p.name, "type": p.type, "description": p.description, "required": p.required}
        schema = {k: v for k, v in p.json_schema().items() if k not in ("type", "description")}
        if schema:
            item["schema"] = schema
        inputs.append(item)
    doc: dict[str, Any] = {
        "schema_version": "2.0.0",
        "tool_id": tool.id,
        "description": tool.description,
        "when_to_use": tool.when,
        "how_to_use": {"inputs": inputs, "outputs": _outputs(tool)},
        "metadata": {"version": "2.0.1", "author": author, "tags": list(tool.tags), "category": tool.category or domain},
    }
    if tool.localization:
        doc["localization"] = {lang: {"description": d, "when_to_use": w} for lang, (d, w) in tool.localization.items()}
    if tool.examples:
        doc["examples"] = [{"goal": e[0], "input_values": e[1], "expected_result": e[2] if len(e) > 2 else SUCCESS}
                           for e in tool.examples]
    return doc


def atdf1(tool: Tool, n: int) -> dict[str, Any]:
    """An ATDF 1.x tool descriptor (formats and enums only in prose; `id` instead of `tool_id` in a third of them)."""
    return {
        "schema_version": "1.0.0",
        ("id" if n % 3 == 2 else "tool_id"): tool.id,
        "description": tool.description,
        "when_to_use": tool.when,
        "how_to_use": {
            "inputs": [{"name": p.name, "type": p.type, "description": p.description} for p in tool.params],
            "outputs": _outputs(tool),
        },
    }


def mcp(tool: Tool) -> dict[str, Any]:
    """An MCP tool object as a tools/list export writes it."""
    doc: dict[str, Any] = {"name": tool.id, "description": tool.description, "inputSchema": _object_schema(tool.params)}
    if tool.id.startswith(("get_", "list_", "search_", "track_")):
        doc["annotations"] = {"readOnlyHint": True}
    return doc


def openakita(tool: Tool) -> dict[str, Any]:
    """An OpenAkita tool definition with progressive-disclosure fields."""
    lines = [tool.description.split(" When you need to:")[0], "", "**Parameters**:"]
    lines += [f"- {p.name}: {p.description}" for p in tool.params]
    if tool.warnings:
        lines += ["", "**Notes**:", *[f"- {w}" for w in tool.warnings]]
    doc: dict[str, Any] = {
        "name": tool.id,
        "category": tool.category,
        "description": tool.description,
        "detail": "\n".join(lines),
        "triggers": list(tool.triggers),
        "input_schema": _object_schema(tool.params),
    }
    if tool.examples:
        doc["examples"] = [{"scenario": e[0], "params": e[1], "expected": e[2] if len(e) > 2 else SUCCESS} for e in tool.examples]
    if tool.warnings:
        doc["warnings"] = list(tool.warnings)
    if tool.related:
        doc["related_tools"] = [{"name": name, "relation": rel} for name, rel in tool.related]
    return doc


def _object_schema(params: tuple[Param, ...]) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": {p.name: p.json_schema() for p in params}}
    required = [p.name for p in params if p.required]
    if required:
        schema["required"] = required
    return schema


def _outputs(tool: Tool) -> dict[str, Any]:
    return {"success": SUCCESS, "failure": [{"code": c, "description": d} for c, d in tool.failures]}


def _dump(path: Path, doc: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".yaml":
        path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    else:
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main(out: Path = HERE) -> dict[str, int]:
    """Rewrite every generated folder and the catalogue options under `out`; the count of tools per dialect letter."""
    for name in GENERATED:
        shutil.rmtree(out / name, ignore_errors=True)
    ids: list[str] = []
    counts = {"A": 0, "2": 0, "1": 0, "M": 0, "O": 0}
    for domain, (author, tools) in DOMAINS.items():
        mcp_list, akita_list = [], []
        for tool in tools:
            if tool.id in ids:
                raise SystemExit(f"duplicate tool id {tool.id}")
            ids.append(tool.id)
            n = counts[tool.dialect]
            counts[tool.dialect] += 1
            if tool.dialect == "A":
                _dump(out / domain / f"{tool.id}.json", ardf(tool, domain, author))
            elif tool.dialect == "2":
                _dump(out / domain / f"{tool.id}.{'yaml' if n % 3 == 1 else 'json'}", atdf2(tool, domain, author))
            elif tool.dialect == "1":
                _dump(out / domain / f"{tool.id}.json", atdf1(tool, n))
            elif tool.dialect == "M":
                mcp_list.append(mcp(tool))
            else:
                akita_list.append(openakita(tool))
        if mcp_list:
            _dump(out / domain / f"{domain}_mcp_tools.json", {"tools": mcp_list})
        if akita_list:
            _dump(out / domain / f"{domain}_agent_tools.json", akita_list)
    options = {
        "name": "search corpus",
        "version": "1.0.0",
        "description": "A company's tools across many domains in all five dialects: the catalogue search quality is measured on.",
        "exclude": ["queries.yaml"],
        "bindings": {tool_id: {"handler": "handlers:accept"} for tool_id in ids},
    }
    header = "# Generated by _make.py. Every tool is bound to one trivial handler: the search bench never calls them.\n"
    (out / "atdf-mcp.yaml").write_text(header + yaml.safe_dump(options, sort_keys=False, width=120), encoding="utf-8")
    return counts


if __name__ == "__main__":
    made = main()
    total = sum(made.values())
    print(f"{total} tools: " + ", ".join(f"{k}={v} ({v / total:.0%})" for k, v in made.items()))
