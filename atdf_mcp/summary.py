"""The counts every report shows, from one place: `validate` (text and JSON), GET/POST /validate, the `serve` banner.

    >>> from atdf_mcp import load_catalog
    >>> catalog = load_catalog("descriptors")
    >>> counts = Counts.of(catalog, catalog.report.problems)
    >>> counts.text()
    '16 file(s), 19 descriptor(s) loaded (incl. 5 tool(s) generated from connector or model endpoints) + 1 language copy, 0 error(s), 0 warning(s)'

A descriptor is counted once per id. A language copy (`x_es.json` beside `x.json`, same id) is counted
apart, as a copy. Tools generated from a connector's or an HTTP model's endpoints are descriptors too,
and said so. What MCP clients list is counted from the published lists themselves (`listed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .catalog import Catalog, Problem
from .model import Descriptor

if TYPE_CHECKING:
    from .disclosure import Listing
    from .publish import Published

__all__ = ["Counts", "banner_details", "derived_tools", "language_copies", "listed"]


@dataclass(frozen=True)
class Counts:
    """How many files, descriptors (and of which kinds), language copies, errors and warnings a report covers."""

    files: int
    descriptors: int
    language_copies: int
    generated_tools: int
    errors: int
    warnings: int
    info: int
    by_type: dict[str, int]
    skipped: int | None = None  # files skipped whole; None: every info line is one (the counts of a tool set's report)

    @classmethod
    def of(cls, catalog: Catalog, problems: Sequence[Problem], *, files: int | None = None) -> Counts:
        """The counts of a catalogue and the problems reported about it (load report plus serving problems)."""
        return cls(
            files=len(catalog.report.files) if files is None else files,
            descriptors=len(catalog.descriptors),
            language_copies=len(language_copies(catalog)),
            generated_tools=len(derived_tools(catalog)),
            errors=sum(p.severity == "error" for p in problems),
            warnings=sum(p.severity == "warning" for p in problems),
            info=sum(p.severity == "info" for p in problems),
            by_type=dict(sorted(catalog.counts().items())),
            skipped=sum(p.severity == "info" and not p.pointer and p.message.startswith("skipped") for p in problems),
        )

    def as_json(self) -> dict[str, Any]:
        """The `summary` object of `validate --format json` and of the /validate routes."""
        return {"files": self.files, "descriptors": self.descriptors, "language_copies": self.language_copies,
                "generated_tools": self.generated_tools, "by_type": self.by_type, "errors": self.errors,
                "warnings": self.warnings, "info": self.info, "ok": self.errors == 0}

    def text(self) -> str:
        """The last line of `validate`'s text report."""
        line = f"{self.files} file(s), {self.descriptors} descriptor(s) loaded"
        if self.generated_tools:
            line += f" (incl. {self.generated_tools} tool(s) generated from connector or model endpoints)"
        if self.language_copies:
            line += f" + {_copies(self.language_copies)}"
        return f"{line}, {self.errors} error(s), {self.warnings} warning(s){_skipped(self)}"

    def by_type_text(self) -> str:
        """The descriptors by type, labelled as such: 'connector 1, prompt 2, tool 11'."""
        return ", ".join(f"{kind} {n}" for kind, n in self.by_type.items()) or "none"


def _skipped(counts: Counts) -> str:
    """', 2 file(s) skipped, 1 note(s)': whole files skipped, and the other info lines (a hosted tool, ignored keys)."""
    skipped = counts.info if counts.skipped is None else counts.skipped
    notes = counts.info - skipped
    return (f", {skipped} file(s) skipped" if skipped else "") + (f", {notes} note(s)" if notes else "")


def _copies(n: int) -> str:
    return f"{n} language cop{'y' if n == 1 else 'ies'}"


def language_copies(catalog: Catalog) -> list[tuple[Descriptor, str]]:
    """The language copies held beside their base descriptors (`x_es.json` for `x.json`), with their language."""
    return [(copy, lang) for d in catalog.descriptors for lang, copy in (catalog.variants.get(d.id) or {}).items() if copy is not d]


def derived_tools(catalog: Catalog) -> set[str]:
    """The ids of the tools generated from a connector's or an HTTP model's endpoints (see atdf_mcp.connectors)."""
    by_uri = {d.uri: d for d in catalog.descriptors}
    derived = set()
    for d in catalog.tools:
        parent = by_uri.get(str(d.metadata.get("derived_from")))
        if parent is not None and d.source.file == parent.source.file and d.source.pointer.startswith(parent.source.pointer):
            derived.add(d.id)
    return derived


def listed(published: Published | Listing) -> str:
    """What MCP clients list: '11 tools, 3 prompts, 24 resources' (workflows are prompts too)."""
    counts = (("tool", len(published.list_tools.tools)), ("prompt", len(published.list_prompts.prompts)),
              ("resource", len(published.list_resources.resources)))
    return ", ".join(f"{n} {noun}{'' if n == 1 else 's'}" for noun, n in counts)


def banner_details(counts: Counts) -> str:
    """The parenthesised part of the `serve` start-up line: descriptors by type, copies, problems."""
    parts = [f"{counts.errors} error(s), {counts.warnings} warning(s){_skipped(counts)}",
             f"{counts.descriptors} descriptor(s) by type: {counts.by_type_text()}"]
    if counts.language_copies:
        parts.append(_copies(counts.language_copies))
    return "; ".join(parts)
