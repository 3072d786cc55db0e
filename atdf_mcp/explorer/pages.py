"""What the explorer's pages show, read from the served snapshot: resources by type, one resource in full, search
results, the validation report and the call metrics. Plain data for the templates; no HTML here."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..codes import Code
from ..dialects import writer
from ..dialects.carried import for_clients
from ..metrics import BUCKETS
from ..toolsets import descriptor_labels
from .forms import constraints_of, form_fields

if TYPE_CHECKING:
    from ..catalog import Catalog
    from ..model import Descriptor
    from ..server import CatalogServer
    from ..view import View

__all__ = ["RESULTS_PAGE", "SEARCH_LIMIT", "TYPE_ROWS", "call_stats", "page_of", "problems_by_file", "problems_of", "resource_page", "search",
           "tool_schemas", "type_groups"]

SEARCH_LIMIT = 20
TYPE_ROWS = 100  # the rows of each type the index shows; its full list is a search by type, paged
RESULTS_PAGE = 50  # search results a page
FILE_ROWS, PROBLEM_ROWS = 50, 20  # the files with problems the page lists, and the problems of each (all: GET /validate)
_SEVERITIES = {"error": 0, "warning": 1, "info": 2}
_TEXT_FIELDS = ("title", "description", "when_to_use")


def type_groups(descriptors: list[Descriptor] | tuple[Descriptor, ...]) -> dict[str, list[Descriptor]]:
    """The descriptors by type, types and ids in order."""
    groups: dict[str, list[Descriptor]] = {}
    for d in sorted(descriptors, key=lambda d: (d.type, d.id)):
        groups.setdefault(d.type, []).append(d)
    return groups


def tags_of(d: Descriptor) -> list[str]:
    """A descriptor's tags, sorted."""
    return sorted(descriptor_labels(d)[0])


def search(app: CatalogServer, view: View, query: str, kind: str, tag: str) -> list[tuple[Descriptor, float | None]]:
    """The resources matching the filters: tools ranked by search_tools' own index, the other types by their words."""
    query = query.strip()
    tag = tag.strip().casefold()
    found: list[tuple[Descriptor, float | None]] = []
    if query and kind in ("", "tool"):
        for hit in app.disclosure.search(view, query, SEARCH_LIMIT):
            d = view.tools.get(hit.name)
            if d is not None:
                found.append((d, hit.score))
    words = query.casefold().split()
    for d in sorted(view.descriptors, key=lambda d: (d.type, d.id)):
        if query and d.type == "tool":
            continue  # ranked above
        text = " ".join((d.id, d.title or "", d.description, d.when_to_use)).casefold()
        if all(w in text for w in words):
            found.append((d, None))
    return [(d, score) for d, score in found if (not kind or d.type == kind) and (not tag or tag in descriptor_labels(d)[0])]


def page_of(items: list[Any], asked: str, size: int = RESULTS_PAGE) -> tuple[list[Any], int, int]:
    """The items of page `asked` (from 1; anything else is the first, past the end the last), its number, the pages."""
    pages = max(1, -(-len(items) // size))
    number = min(int(asked), pages) if asked.isdigit() and int(asked) > 0 else 1
    return items[(number - 1) * size:number * size], number, pages


def tool_schemas(view: View) -> dict[str, Any]:
    """Each tool's input schema as tools/list gives it to agents."""
    return {t.name: t.input_schema for t in view.list_tools.tools}


def resource_page(app: CatalogServer, view: View, d: Descriptor, lang: str | None) -> dict[str, Any]:
    """Everything the page of one resource shows."""
    texts = languages_of(app.catalog, d)
    lang = language_of(texts, lang)
    shown = {**texts[""], **texts.get(lang, {})}  # a text the language lacks stays in the default
    schema = tool_schemas(view).get(d.id) if d.id in view.runtimes else None
    runtime = view.runtimes.get(d.id)
    rules = [*runtime.rules.inputs, *runtime.rules.outputs] if runtime is not None and runtime.rules is not None else []
    try:
        ardf = json.dumps(for_clients(writer("ardf")(d)), indent=2, ensure_ascii=False)  # as resources/read shows it
    except ValueError as exc:
        ardf = f"(ARDF cannot express this descriptor: {exc})"
    return {
        "d": d, "tags": tags_of(d), "texts": texts, "lang": lang, "shown": shown,
        "inputs": input_rows(schema if schema is not None else d.input_schema),
        "examples": [{"name": e.name, "narrative": e.narrative, "input": _json(e.input), "output": _json(e.output)} for e in d.examples],
        "prerequisites": {k: v for k, v in d.prerequisites.items() if v},
        "policies": [r.as_dict() | {"applies_to": list(r.applies_to), "when": "result" if r.output else "arguments"} for r in rules],
        "ardf": ardf, "callable": schema is not None, "fields": form_fields(schema), "schema": _json(schema),
        "links": {other.id: other.type for other in view.descriptors},
    }


def language_of(texts: Mapping[str, Any], lang: str | None) -> str:
    """The language of `texts` a page in `lang` shows: the tag, else its base language, else "" (the default)."""
    if not lang:
        return ""
    by_case = {key.casefold(): key for key in texts}
    tag = lang.replace("_", "-").casefold()
    return by_case.get(tag) or by_case.get(tag.split("-")[0]) or ""


def languages_of(catalog: Catalog, d: Descriptor) -> dict[str, dict[str, str]]:
    """The texts of a resource by language: "" is the default, then its localization block and its language copies
    (`d` may be a request's language copy: the default texts are the catalogue's own descriptor's)."""
    default = catalog.get(d.id)
    default = default if default is not None and default.type == d.type else d
    texts = {"": {k: v for k in _TEXT_FIELDS if (v := getattr(default, k) or "")}}
    for lang, block in sorted(default.localization.items()):
        texts[lang] = {k: str(v) for k, v in block.items() if isinstance(v, str | int | float)}
    for lang, copy in sorted((catalog.variants.get(d.id) or {}).items()):
        texts[lang] = {**texts.get(lang, {}), **{k: v for k in _TEXT_FIELDS if (v := getattr(copy, k) or "")}}
    return texts


def input_rows(schema: Any) -> list[dict[str, str]]:
    """The table of inputs: name, type, required, constraints, default, description."""
    if not isinstance(schema, Mapping) or not isinstance(schema.get("properties"), Mapping):
        return []
    required = set(schema.get("required") or ())
    rows = []
    for name, prop in schema["properties"].items():
        prop = prop if isinstance(prop, Mapping) else {}
        kind = prop.get("type", "any")
        rows.append({"name": str(name), "type": " | ".join(map(str, kind)) if isinstance(kind, list) else str(kind),
                     "required": "yes" if name in required else "no", "constraints": constraints_of(prop),
                     "default": _json(prop["default"]) if "default" in prop else "", "description": str(prop.get("description") or "")})
    return rows


def problems_by_file(report: Mapping[str, Any]) -> dict[str, Any]:
    """The validation report's files that have problems (those with errors first), each problem with its `fix` suggestion
    where there is one: at most `FILE_ROWS` files of `PROBLEM_ROWS` problems each (errors first), and how many more."""
    files = []
    for entry in report.get("files", ()):
        problems = sorted(entry.get("problems", ()), key=lambda p: _SEVERITIES.get(p.get("severity"), 3))
        if problems:
            files.append({"file": entry["file"], "count": len(problems), "more": max(0, len(problems) - PROBLEM_ROWS),
                          "problems": [p | {"fix": _fix_for(entry["file"], p)} for p in problems[:PROBLEM_ROWS]]})
    files.sort(key=lambda f: f["problems"][0].get("severity") != "error")
    return {"files": files[:FILE_ROWS], "more_files": max(0, len(files) - FILE_ROWS)}


def problems_of(d: Descriptor, report: Mapping[str, Any]) -> dict[str, Any]:
    """The problems of the file `d` comes from that are its own (at its pointer) or the whole file's (at none), and
    whether the file is served at its last good version."""
    own = d.source.pointer

    def mine(pointer: str) -> bool:
        return not pointer or pointer == own or pointer.startswith(own + "/") if own else True

    files = [f | {"problems": [p for p in f["problems"] if mine(p.get("pointer") or "")]} for f in report.get("files", ()) if d.id in f["ids"]]
    last_good = any(p.get("code") == Code.LAST_GOOD_SERVED for f in files for p in f["problems"])
    return {"file_problems": problems_by_file({"files": files}), "last_good": last_good}


def _fix_for(file: str, problem: Mapping[str, Any]) -> str:
    """What fixes a problem, where the server knows: the problem's own `fix`, or `atdf-mcp fix` for a non-canonical form."""
    if problem.get("fix"):
        return str(problem["fix"])
    if problem.get("code") == Code.NON_CANONICAL:
        return f"atdf-mcp fix {file} --write"
    return ""


def call_stats(app: CatalogServer) -> dict[str, dict[str, Any]]:
    """Calls and latency per tool since the server started (empty without metrics)."""
    metrics = getattr(app, "metrics", None)
    if metrics is None:
        return {}
    stats = {}
    for name, s in metrics.tools.items():
        calls = sum(s.outcomes.values())
        if not calls:
            continue
        stats[name] = {"calls": calls, "errors": calls - s.outcomes.get("ok", 0), "mean_ms": 1000 * s.seconds / calls,
                       "p95_ms": _quantile(s.buckets, calls, 0.95), "outcomes": dict(sorted(s.outcomes.items()))}
    return dict(sorted(stats.items()))


def _quantile(buckets: list[int], total: int, q: float) -> float | None:
    """The upper bound (ms) of the histogram bucket holding the q-quantile (None: beyond the last bound)."""
    seen = 0
    for count, bound in zip(buckets, (*BUCKETS, None), strict=True):
        seen += count
        if seen >= q * total:
            return None if bound is None else 1000 * bound
    return None


def _json(value: Any) -> str:
    return "" if value is None else json.dumps(value, indent=2, ensure_ascii=False, default=str)
