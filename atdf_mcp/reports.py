"""The validation report a client may read: the whole catalogue's, or the part of it about one tool set's descriptors.

    >>> from atdf_mcp import load_catalog
    >>> from atdf_mcp.toolsets import Toolset
    >>> from atdf_mcp.view import View
    >>> catalog = load_catalog("descriptors")
    >>> len(validation_report(catalog)["files"])   # GET /validate of the whole catalogue: `atdf-mcp validate --format json`
    16
    >>> view = View.of_set(catalog, "units", Toolset("units", ids=("unit_converter",)))
    >>> report = validation_report(catalog, view)  # a tool set's client: only its own descriptors' files, ids and problems
    >>> [f["file"] for f in report["files"]], report["summary"]["toolset"], report["summary"]["descriptors"]
    (['utilities/unit_converter.json', 'utilities/unit_converter_es.json'], 'units', 1)

A tool set's client sees, of each file holding one of its descriptors, those descriptors' ids and the problems at or
below their JSON pointers; a problem of the file as a whole only when every descriptor of the file is in the set.
The files of the other descriptors, the files that hold none (one that failed to load, atdf-mcp.yaml) and their
problems are left out, and the summary counts only what the report shows, with the set's name: nothing in it tells
how much the rest of the catalogue holds, or what is wrong with it (atdf_mcp.view: "a tool outside the set does not
exist for that client"). A message shown names no id outside the set either: an item of a list naming one is left
out ("(tools: crm_lookup, send_email)"), any other mention is "…". The operator reads the whole report:
`atdf-mcp validate`, or GET /validate without a set.
"""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .catalog import Catalog, FileReport, Problem
from .summary import Counts, derived_tools, language_copies

if TYPE_CHECKING:
    from .view import View

__all__ = ["private_text", "validation_report"]


def validation_report(catalog: Catalog, view: View | None = None) -> dict[str, Any]:
    """The served catalogue's validation report (`validate --format json`'s shape); with a tool set's `view`, its part."""
    shown: Callable[[str], str] = str
    if view is None or view.toolset is None:
        files = [(f, f.ids, f.problems) for f in catalog.report.files]
        summary = Counts.of(catalog, catalog.report.problems).as_json()
    else:
        ids = {d.id for d in view.descriptors}
        files = list(_files_of_set(catalog, ids))
        summary = _set_summary(catalog, view, files)
        own = ids | {name for d in view.descriptors for name in ((d.input_schema or {}).get("properties") or {})}
        shown = _Unnamed(set(catalog.by_id) - own)
    return {"files": [{"file": _relative(catalog, f.file), "dialect": f.dialect, "ids": list(ids),
                       "problems": [_problem(p, shown, catalog) for p in problems]}
                      for f, ids, problems in files],
            "summary": summary}


Shown = tuple[FileReport, Sequence[str], Sequence[Problem]]


def _files_of_set(catalog: Catalog, ids: set[str]) -> Iterable[Shown]:
    """Each file holding a descriptor of the set, with the set's ids of it and the problems that are theirs."""
    owners: dict[str, list[tuple[str, str]]] = {}  # file -> (pointer, id) of every descriptor it holds, deepest first
    for d in catalog.descriptors:
        owners.setdefault(d.source.file, []).append((d.source.pointer, d.id))
    for pairs in owners.values():
        pairs.sort(key=lambda pair: len(pair[0]), reverse=True)
    for f in catalog.report.files:
        mine = [i for i in f.ids if i in ids]
        if not mine:
            continue
        whole = len(mine) == len(f.ids)  # the file is the set's alone: its own problems are the set's too
        yield f, mine, [p for p in f.problems if _owner(p.pointer, owners.get(f.file, ()), ids, whole)]


def _owner(pointer: str, owners: Iterable[tuple[str, str]], ids: set[str], whole: bool) -> bool:
    """Whether a problem at `pointer` is the set's: the deepest descriptor whose pointer holds it is in the set; a problem
    of the file itself (or of a descriptor that is the whole file) only when the file is the set's alone."""
    for at, descriptor_id in owners:
        if at and (pointer == at or pointer.startswith(at + "/")):
            return descriptor_id in ids
    return whole


def _set_summary(catalog: Catalog, view: View, files: list[Shown]) -> dict[str, Any]:
    """The summary of a set's report: what it shows counted, and the set named."""
    ids = {d.id for d in view.descriptors}
    problems = [p for _, _, shown in files for p in shown]
    counts = Counts(files=len(files), descriptors=len(view.descriptors),
                    language_copies=sum(copy.id in ids for copy, _ in language_copies(catalog)),
                    generated_tools=len(derived_tools(catalog) & ids),
                    errors=sum(p.severity == "error" for p in problems), warnings=sum(p.severity == "warning" for p in problems),
                    info=sum(p.severity == "info" for p in problems),
                    by_type=dict(sorted(Counter(d.type for d in view.descriptors).items())))
    return {"toolset": view.toolset, **counts.as_json()}


def _relative(catalog: Catalog, file: str) -> str:
    """A file relative to the catalogue: the server's own layout stays private."""
    root = catalog.root
    if root is not None:
        try:
            return Path(file).resolve().relative_to(root).as_posix()
        except ValueError:
            pass
    return os.path.basename(file)


def private_text(message: str, root: Path | None, paths: Iterable[Path] = ()) -> str:
    """A message as a client may read it: a file under the catalogue named relative to it (a duplicate id names the
    other file by its whole path for the operator's `atdf-mcp validate`), however the catalogue was given (`paths`: a
    symbolic link to it, a path with `..`, a relative one)."""
    if root is None or os.sep not in message:  # no path to strip: most messages
        return message
    pattern = _catalogue_folders(root, tuple(paths))
    return message if pattern is None else pattern.sub("", message)


@functools.lru_cache(maxsize=16)
def _catalogue_folders(root: Path, paths: tuple[Path, ...]) -> re.Pattern[str] | None:
    """Every spelling of the catalogue folder with a separator after it, the longest first, never inside a longer path
    (`/x/cat/` for `cat/`): worked out once per catalogue, not per message (a resolve() and a stat a path)."""
    spellings = {str(root), str(root.resolve())}
    for path in paths:
        folder = path if os.path.isdir(path) else path.parent
        spellings |= {str(folder), os.path.abspath(folder)}
    kept = sorted(spellings - {"", "."}, key=len, reverse=True)
    return re.compile("|".join(r"(?<![\w.\-/])" + re.escape(os.path.join(s, "")) for s in kept)) if kept else None


def _problem(p: Problem, shown: Callable[[str], str], catalog: Catalog) -> dict[str, str]:
    return {"pointer": p.pointer, "message": shown(private_text(p.message, catalog.root, catalog.paths)), "severity": p.severity,
            "code": p.code}


_NAME = re.compile(r"""(['"`]?)([\w.\-]*[\w\-])(?![\w\-]|\.[\w\-])\1""")  # a name, quoted or not, a full stop after it kept
_HIDDEN = "\0"
_RUNS = re.compile(r"\0(?:, \0)+")  # several hidden items of a list in a row
_LATER_ITEM = re.compile(r"(?<=[\w'\"`)]), \0(?=[,;)]|$)")  # ", hidden" after an item, before the list ends
_FIRST_ITEM = re.compile(r"(?:(?<=: )|(?<=\())\0, (?=[\w'\"`])")  # "hidden, " opening a list, before an item


class _Unnamed:
    """A message as a tool set's client sees it: no name of `hidden` in it (list items left out, others "…")."""

    def __init__(self, hidden: set[str]) -> None:
        self.hidden = hidden

    def __call__(self, message: str) -> str:
        text = _NAME.sub(lambda m: _HIDDEN if m.group(2) in self.hidden else m.group(0), message)
        if _HIDDEN not in text:
            return message
        text = _FIRST_ITEM.sub("", _LATER_ITEM.sub("", _RUNS.sub(_HIDDEN, text)))
        return text.replace(_HIDDEN, "…")
