"""Load a directory of descriptors into one immutable, validated, indexed catalogue snapshot.

    >>> from atdf_mcp import load_catalog
    >>> catalog = load_catalog("descriptors")
    >>> catalog.report.ok, len(catalog.tools)
    (True, 11)

A bad file never stops the others: every problem lands in `catalog.report` with its file, JSON
pointer, message, severity and code, and only descriptors without errors enter the snapshot.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
import os
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

import jsonschema_rs

from . import snapshot_cache
from .blank_texts import blank_description, blank_translations
from .budget import clipped
from .codes import Code
from .collector import gc_paused
from .config import CatalogConfig, ConfigProblem, read_config
from .connectors import ExampleLeftOut, derived_tools
from .copies import reconcile
from .dialects import COLLECTION_KEYS, DIALECT, READERS, ReadOptions, containers, detect, resolve
from .dialects.canonical import Canonical, Deviation, canonicalize, may_hold_notes
from .dialects.carried import carried_problems, header_problems
from .dialects.foreign import commented_else, hosted_tool, named_else, skipped_message, what_else
from .dialects.named_maps import by_name_hint
from .dialects.server_lists import server_list
from .dialects.tool_fields import annotation_problems, icon_problems, meta_problems, written_field
from .errors import UsageError
from .files import DecodeFailure, decode_bytes, find_files, printable, read_file
from .filled_defaults import rejected_defaults
from .inputs import SchemaShapeError
from .json_lines import JsonLines, failed_lines, records_message, with_lines
from .l10n import LANGUAGES
from .labels import LABELS, catalog_languages
from .model import Descriptor, Source
from .patterns import PATTERN_OPTIONS, bounded_validator
from .schema_check import mcp_shape_problem, metaschema_problem, written_schema_problems
from .schemas import SCHEMAS, to_pointer
from .tool_names import invalid_name_message, unportable_name_message

if TYPE_CHECKING:
    from .publish import Published
    from .runtime import ToolRuntime

__all__ = ["MCP_NAME", "Catalog", "Entry", "FileReport", "FileResult", "LoadOptions", "LoadReport", "Problem", "load_catalog"]

log = logging.getLogger(__name__)
MCP_NAME = re.compile(r"^[A-Za-z0-9_.\-]{1,64}$")
DESCRIPTION_LIMIT = 200
DETAIL_LIMIT = 2000
Severity = Literal["error", "warning", "info"]  # info: said once, never counted as a problem (a skipped file)


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found while loading: where it is, what was expected, how bad, and its code."""

    file: str
    pointer: str
    message: str
    severity: Severity
    code: str

    def __post_init__(self) -> None:
        # A file name that is not UTF-8 (b'\xff.json' on Linux) must not make any output invalid UTF-8.
        object.__setattr__(self, "file", printable(self.file))
        object.__setattr__(self, "message", printable(self.message))

    def as_dict(self) -> dict[str, str]:
        """The problem as JSON-ready data."""
        return {"file": self.file, "pointer": self.pointer, "message": self.message,
                "severity": self.severity, "code": self.code}


@dataclass(frozen=True, slots=True)
class FileReport:
    """What one file held: its dialect(s), the ids it defined and its problems."""

    file: str
    dialect: str | None
    ids: tuple[str, ...]
    problems: tuple[Problem, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "file", printable(self.file))
        object.__setattr__(self, "ids", tuple(map(printable, self.ids)))


@dataclass(frozen=True)
class LoadReport:
    """Every problem of a load, grouped by file."""

    files: tuple[FileReport, ...]

    @property
    def problems(self) -> list[Problem]:
        """All problems, file by file."""
        return [p for f in self.files for p in f.problems]

    @property
    def errors(self) -> list[Problem]:
        """The problems of severity error."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        """The problems of severity warning."""
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def infos(self) -> list[Problem]:
        """The info lines (files skipped as plainly not descriptors): neither errors nor warnings."""
        return [p for p in self.problems if p.severity == "info"]

    @property
    def ok(self) -> bool:
        """True when there is no error (warnings allowed)."""
        return not self.errors

    def with_problems(self, problems: list[Problem]) -> LoadReport:
        """This report plus `problems`, each under its file (a file without a report of its own gets one)."""
        if not problems:
            return self
        added: dict[str, list[Problem]] = {}
        for problem in problems:  # grouped first: each file's report is rebuilt once, not once per problem
            added.setdefault(problem.file, []).append(problem)
        files = [f if f.file not in added else FileReport(f.file, f.dialect, f.ids, (*f.problems, *added.pop(f.file)))
                 for f in self.files]
        files += [FileReport(file, None, (), tuple(extra)) for file, extra in added.items()]
        return LoadReport(tuple(files))


@dataclass(frozen=True)
class Catalog:
    """An immutable snapshot of the valid descriptors, indexed by id and by type, plus the load report."""

    descriptors: tuple[Descriptor, ...]
    report: LoadReport
    root: Path | None = None
    config: CatalogConfig = field(default_factory=CatalogConfig)
    by_id: Mapping[str, Descriptor] = field(default_factory=dict)
    by_type: Mapping[str, tuple[Descriptor, ...]] = field(default_factory=dict)
    variants: Mapping[str, Mapping[str, Descriptor]] = field(default_factory=dict)
    references: Mapping[str, tuple[Descriptor, tuple[Problem, ...]]] = field(default_factory=dict)  # id → its dangling refs
    results: tuple[FileResult, ...] = ()  # what each file yielded, in order: a reload reads only what changed
    paths: tuple[Path, ...] = ()
    options: LoadOptions = field(default_factory=lambda: LoadOptions())
    # The serving stage (atdf_mcp.snapshot.complete): None/empty for a catalogue loaded with bind=False.
    lang: str | None = None
    timeout: float | None = None
    published: Published | None = None
    runtimes: Mapping[str, ToolRuntime] = field(default_factory=dict)
    loaded: LoadReport | None = None  # the report before the serving stage added its problems
    bindings: Mapping[str, Any] = field(default_factory=dict)  # tool id → (tool, Bound, problems), reused by a reload
    modules: Mapping[str, tuple[int, int] | None] = field(default_factory=dict)  # handler module files → signature

    @property
    def tools(self) -> tuple[Descriptor, ...]:
        """The tool descriptors."""
        return self.by_type.get("tool", ())

    @functools.cached_property
    def files(self) -> Mapping[str, FileResult]:
        """The results of the files read from disk, by file name."""
        return MappingProxyType({r.file: r for r in self.results if r.signature is not None})

    @property
    def serving_problems(self) -> tuple[Problem, ...]:
        """The problems only the serving stage finds (handler bindings, HTTP bindings, document paths)."""
        loaded = set(self.loaded.problems) if self.loaded is not None else set()
        return tuple(p for p in self.report.problems if p not in loaded)

    def get(self, resource_id: str) -> Descriptor | None:
        """The descriptor with this id, if any."""
        return self.by_id.get(resource_id)

    def localized(self, lang: str | None) -> tuple[Descriptor, ...]:
        """The descriptors as served in `lang`: per-language copies (`x_es.json`) replace the default."""
        if not lang or not self.variants:
            return self.descriptors
        base = lang.split("-")[0]
        return tuple(
            (self.variants.get(d.id) or {}).get(lang) or (self.variants.get(d.id) or {}).get(base) or d
            for d in self.descriptors
        )

    @functools.cached_property
    def languages(self) -> frozenset[str]:
        """The base languages a request may choose here: those of its descriptors' texts and of atdf-mcp's own
        (envelopes, labels); a language outside them changes nothing, so it falls through to the next choice."""
        return frozenset(tag.lower().split("-")[0] for tag in (*catalog_languages(self), *LABELS, *LANGUAGES))

    def speaks(self, lang: str | None) -> str | None:
        """`lang` when a request may choose it here (its base language is one of `languages`), else None."""
        return lang if lang and lang.lower().replace("_", "-").split("-")[0] in self.languages else None

    @functools.cached_property
    def _text_languages(self) -> frozenset[str]:
        return frozenset(tag.lower() for tag in catalog_languages(self))

    @functools.cached_property
    def own_listing_language(self) -> str:
        """`listing_language` of the snapshot's own language (`--lang`): requests that resolve to it use `published`."""
        return self.listing_language(self.lang)

    def listing_language(self, lang: str | None) -> str:
        """The language whose listings answer a request in `lang`: the tag when some descriptor has texts in it, else its
        base language when descriptors or atdf-mcp's labels have one, else `en` (default texts, English labels)."""
        if not lang:
            return "en"
        tag = lang.lower().replace("_", "-")
        base = tag.split("-")[0]
        if tag in self._text_languages:
            return tag
        if base in self._text_languages or (base in LABELS and base != "en"):
            return base
        return "en"

    @functools.cached_property
    def _listings(self) -> dict[str, Published]:
        return {}

    def published_in(self, lang: str | None) -> Published | None:
        """The listings in `lang`: the snapshot's own when they read the same; another language's built on first use and
        kept with the snapshot (one per language asked, among the few `listing_language` can answer)."""
        key = self.listing_language(lang)
        if self.published is None or lang is None or key == self.own_listing_language:
            return self.published
        found = self._listings.get(key)
        if found is None:
            from .publish import Published

            found = self._listings[key] = Published.build(self, lang=key)
        return found

    def prepared(self, *, lang: str | None = None, timeout: float | None = None) -> Catalog:
        """This snapshot ready to serve in `lang` with `timeout` (itself when it already is; else its serving stage again)."""
        if self.published is not None and (not lang or lang == self.lang) and (not timeout or timeout == self.timeout):
            return self
        from .snapshot import complete

        options = LoadOptions(self.options.atdf1_required, self.options.forced, lang or self.options.lang,
                              timeout or self.options.timeout)
        return complete(dataclasses.replace(self, options=options, report=self.loaded or self.report), previous=self)

    def origin_of(self, descriptor: Descriptor) -> Callable[[str], str]:
        """Maps a pointer of the normalized descriptor to where its file wrote it (a draft form's fields were moved)."""
        for result in self.results:
            for entry in result.entries:
                if entry.descriptor is descriptor:
                    return entry.origin
        return lambda pointer: pointer

    def counts(self) -> dict[str, int]:
        """How many descriptors of each type the catalogue holds."""
        return {kind: len(items) for kind, items in self.by_type.items()}


def load_catalog(path: str | os.PathLike[str], *more: str | os.PathLike[str], atdf1_required: bool | None = None,
                 lang: str | None = None, timeout: float | None = None, previous: Catalog | None = None,
                 bind: bool = True, cache: bool = False, fresh: bool = False, changed: Collection[str] | None = None) -> Catalog:
    """Load every descriptor under the given files or directories into one complete, immutable Catalog snapshot.

    The first directory is the catalogue root: its `atdf-mcp.yaml` (if any) applies, and handler modules resolve
    against it. The snapshot also holds what serving needs: bindings (handlers imported, HTTP bindings compiled),
    each tool's input validator, the MCP listings in `lang`, and one report with every problem.

    With `previous` (a reload) only files whose size or last change (mtime or ctime) changed are read again, and a file that
    an edit broke keeps its last good descriptors served; `changed` (the paths a watcher saw change) spares the walk
    of the folder when they are all edits of known descriptor files. With `cache`, unchanged files are taken from the snapshot
    cache (atdf_mcp.snapshot_cache); with `fresh` too, every file is read and the cache only rewritten.
    `bind=False` stops after the descriptors (no handler is imported).
    Raises UsageError when a path does not exist.
    """
    paths = [Path(p) for p in (path, *more)]
    for p in paths:
        if not p.exists():
            raise UsageError(f"no such file or directory: {p}")
    root = next((p for p in paths if p.is_dir()), paths[0].parent)
    config, config_problems = read_config(root)
    config_file = config.file
    kept_config = previous is not None and _broken_edit(previous, config, config_problems)
    if kept_config:  # a config edit that brings errors is not applied (yet): the options served before stay
        config = previous.config  # type: ignore[union-attr]
    if previous is not None:  # a reload keeps what its caller chose
        atdf1_required = atdf1_required if atdf1_required is not None else (
            previous.options.atdf1_required if previous.options.forced else None)
        lang, timeout = lang or previous.options.lang, timeout or previous.options.timeout
    if atdf1_required is not None:
        config = CatalogConfig(**{**config.__dict__, "atdf1_required": atdf1_required})
    options = LoadOptions(atdf1_required=config.atdf1_required, forced=atdf1_required is not None, lang=lang, timeout=timeout)
    same_options = previous is not None and previous.options.atdf1_required == options.atdf1_required
    reusable = dict(previous.files) if previous is not None and same_options else {}
    loader = _Loader(ReadOptions(atdf1_required=options.atdf1_required))
    edits = _only_edits(previous, changed, paths, config) if same_options else None
    with gc_paused() if previous is None else nullcontext():  # a reload allocates little: pausing would cost a full collection
        stored = snapshot_cache.load(root, paths, options, config) if cache and not fresh else {}
        if edits is not None:  # the watcher named the files, all known before: no walk of the folder
            for result in previous.results:  # type: ignore[union-attr]
                loader.add(_current(Path(result.file), result, None, loader) if result.file in edits else result)
        else:
            if config_file:
                loader.add_problems(config_file, [(p.pointer, p.message, p.severity, Code.CONFIGURATION_ERROR) for p in config_problems]
                                    + [("", "this file has errors since its last change: the options served before stay until "
                                        "they are fixed", "warning", Code.LAST_GOOD_SERVED)] * kept_config)
            for p in paths:
                for file in _walk(p, loader, config.exclude if p.is_dir() and p.resolve() == root.resolve() else ()):
                    loader.add(_current(file, reusable.get(str(file)), stored.get(str(file)), loader))
        catalog = loader.finish(root, config, paths, options, previous if same_options else None)
        if cache and (loader.reads or stored.keys() != catalog.files.keys()):  # else the cache already says it all
            snapshot_cache.store(catalog)
        if not bind:
            return catalog
        from .snapshot import complete  # the serving stage: bindings, validators, listings

        return complete(catalog, previous=previous)


def _broken_edit(previous: Catalog, config: CatalogConfig, problems: list[ConfigProblem]) -> bool:
    """Whether a reload's config is an edit that brought errors the config served before did not have, or one still
    broken while the snapshot before kept the options of its last good version (they stay until the errors are gone)."""
    if config == previous.config or config.file is None:
        return False
    errors = {(p.pointer, p.message) for p in problems if p.severity == "error"}
    mine = [p for p in previous.report.problems if p.file == config.file]
    if errors and any(p.code == Code.LAST_GOOD_SERVED for p in mine):
        return True
    return bool(errors - {(p.pointer, p.message) for p in mine if p.severity == "error"})


def _walk(path: Path, loader: _Loader, exclude: tuple[str, ...]) -> list[Path]:
    """The descriptor files under `path`; links that lead outside and a folder without any are said in the report."""
    outside: list[Path] = []
    files = find_files(path, exclude=exclude, outside=outside)
    for link in outside:
        loader.add_problems(str(link), [("", "symbolic link that leads outside the catalogue folder: not followed; copy what it "
                                         "points to into the folder, or pass that path as another argument", "warning",
                                         Code.OUTSIDE_ROOT)])
    if not files:
        loader.add_problems(str(path), [("", "no descriptor files (*.json, *.yaml, *.yml) found", "warning", Code.NO_DESCRIPTORS)])
    return files


def _only_edits(previous: Catalog | None, changed: Collection[str] | None, paths: list[Path],
                config: CatalogConfig) -> set[str] | None:
    """The changed files, when they are all descriptor files the previous snapshot read and that still exist; else None.

    Then a reload reads just them. Anything else (a new or deleted file, the config, an ignore file) walks the folder.
    """
    if previous is None or changed is None or previous.paths != tuple(paths) or previous.config != config:
        return None
    edits = {str(Path(c)) for c in changed}
    if not edits.issubset(previous.files) or any(file_signature(Path(f)) is None for f in edits):
        return None
    return edits


@dataclass(frozen=True)
class LoadOptions:
    """The options a snapshot was loaded with, which a reload keeps."""

    atdf1_required: bool = True
    forced: bool = False  # given by the caller, not read from atdf-mcp.yaml
    lang: str | None = None  # given by the caller (--lang): wins over the config's
    timeout: float | None = None  # given by the caller (--timeout): wins over the config's


@dataclass(frozen=True, slots=True)
class Entry:
    """One descriptor a file defines (as normalized), the tools it generates, and where its parts were written."""

    descriptor: Descriptor
    derived: tuple[Descriptor, ...] = ()
    moves: tuple[tuple[str, str], ...] = ()  # (canonical prefix, prefix as written): see dialects.canonical

    def origin(self, pointer: str) -> str:
        """Where the file wrote what the normalized descriptor holds at `pointer`."""
        return Canonical.origin_in(self.moves, pointer)


@dataclass(frozen=True, slots=True)
class FileResult:
    """What one file yields on its own: its descriptors and its problems (cross-file checks come later)."""

    file: str
    signature: tuple[int, int] | None  # (size, last change in ns) when read: unchanged files are not read again
    dialects: frozenset[str] = frozenset()
    entries: tuple[Entry, ...] = ()
    problems: tuple[Problem, ...] = ()
    last_good: bool = False  # an edit broke the file: `entries` are those of its last good version
    lines: tuple[int, ...] = ()  # JSON Lines: the line each document starts on (problems found later say it too)

    @property
    def broken(self) -> bool:
        """Whether the file has an error of its own."""
        return any(p.severity == "error" for p in self.problems)


_DIALECT_SETS: dict[frozenset[str], frozenset[str]] = {}


def _dialect_set(dialects: set[str]) -> frozenset[str]:
    """The dialects of a file as a frozenset shared by every file with the same ones (0.2 KiB each, per file)."""
    found = frozenset(dialects)
    return _DIALECT_SETS.setdefault(found, found)


def file_signature(path: Path) -> tuple[int, int] | None:
    """(size, last change in ns) of a file, or None when it cannot be seen."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_size, snapshot_cache.last_change_ns(stat)


def _current(path: Path, old: FileResult | None, stored: FileResult | None, loader: _Loader) -> FileResult:
    """The result of one file: reused when unchanged, else read again (an edit that breaks it keeps its last good version)."""
    signature = file_signature(path)
    if old is not None and signature is not None and old.signature == signature:
        return old
    if stored is not None and signature is not None and stored.signature == signature:
        return stored
    fresh = loader.read(path, signature)
    if old is None or not old.entries or not fresh.broken:
        return fresh
    note = Problem(fresh.file, "", "this file has errors since its last change: its last good version is still served "
                   "until they are fixed", "warning", Code.LAST_GOOD_SERVED)
    return FileResult(fresh.file, signature, old.dialects, old.entries, (*fresh.problems, note), last_good=True, lines=old.lines)


class _Loader:
    """Reads files into FileResults, then runs the cross-file checks (ids, language copies, references)."""

    def __init__(self, options: ReadOptions) -> None:
        self.options = options
        self.results: list[FileResult] = []
        self.reads = 0  # files read from disk (not reused from the snapshot before or the cache)

    def add_problems(self, file: str, items: list[tuple[str, str, Severity, str]]) -> None:
        self.results.append(FileResult(file, None, problems=tuple(Problem(file, ptr, msg, sev, code) for ptr, msg, sev, code in items)))

    def add(self, result: FileResult) -> None:
        self.results.append(result)

    def read(self, path: Path, signature: tuple[int, int] | None) -> FileResult:
        """Read one file; whatever goes wrong inside it becomes a problem of that file, never an escape."""
        self.reads += 1
        file = str(path)
        dialects: set[str] = set()
        entries: list[Entry] = []
        problems: list[Problem] = []
        lines: tuple[int, ...] = ()
        try:
            raw = self._read_file(path, file, dialects, entries, problems)
            if isinstance(raw, JsonLines):  # every problem of a document says its line
                problems, lines = with_lines(problems, raw), raw.lines
        except Exception as exc:  # the per-file boundary: one file never takes the catalogue down
            problems.append(_unexpected(file, "", exc))
        return FileResult(file, signature, _dialect_set(dialects), tuple(entries), tuple(problems), lines=lines)

    def _read_file(self, path: Path, file: str, dialects: set[str], out: list[Entry], problems: list[Problem]) -> Any:
        """Read one file's descriptors into `out` and its problems into `problems`; what the file decoded to."""
        data = read_file(path)
        suffix = path.suffix.lower()
        yaml_syntax = suffix in (".yaml", ".yml")
        raw = data if isinstance(data, DecodeFailure) else decode_bytes(data, yaml_syntax=yaml_syntax,
                                                                         json_lines=suffix == ".jsonl")
        if isinstance(raw, DecodeFailure):
            named = named_else(path.name) if raw.code == Code.PARSE_ERROR else None
            if named is None and raw.code == Code.PARSE_ERROR and isinstance(data, bytes) and not yaml_syntax:
                named = commented_else(data, path.name)  # VS Code's mcp.json, with its comments and trailing commas
            if named is not None:  # tsconfig.json with // comments is still a tsconfig.json
                problems.append(Problem(file, "", skipped_message(named), "info", Code.NOT_A_DESCRIPTOR))
            else:
                problems.append(Problem(file, "", raw.message, "error", raw.code))
            return raw
        if isinstance(raw, JsonLines):
            problems.extend(Problem(file, pointer, message, "error", Code.PARSE_ERROR) for pointer, message in failed_lines(raw))
        notes = may_hold_notes(data)  # type: ignore[arg-type]
        entries: list[tuple[str, Canonical | None]] = []
        for pointer, item in descriptor_entries(raw):
            if item is None and yaml_syntax and isinstance(raw, list) and pointer.count("/") == 1:
                continue  # an empty `---` document (a tool commented out) or `-` item: nothing written there
            if item is None and isinstance(raw, JsonLines) and raw.failed_at(pointer):
                continue  # a line that did not parse: its PARSE_ERROR is said
            try:  # the canonical form of the descriptor as written (every deviation said), read from here on
                entries.append((pointer, canonicalize(item, notes=notes, atdf1_required=self.options.atdf1_required)))
            except RecursionError:
                entries.append((pointer, None))
        found = [detect(canon.raw) if canon is not None else None for _, canon in entries]
        servers = server_list(raw)  # mcp-dockmaster's exported servers, a hand-kept list of commands and urls
        if servers is not None and all(ptr.startswith(servers[0]) for (ptr, _), dialect in zip(entries, found, strict=True) if dialect):
            problems.append(Problem(file, "", servers[1], "info", Code.NOT_A_DESCRIPTOR))  # no descriptor but its entries
            return raw
        if isinstance(raw, JsonLines) and not any(found):
            other = records_message(raw, _named)
            if other is not None:  # BFCL's question files, Gorilla's API Zoo: data about tools, one record a line
                problems.append(Problem(file, "", other, "info", Code.NOT_A_DESCRIPTOR))
                return raw
        if isinstance(raw, dict) and not any(found):
            other = what_else(raw, path.name)
            if other is not None:  # package.json, a JSON Schema, an n8n export...: said once, not an error
                problems.append(Problem(file, "", skipped_message(other), "info", Code.NOT_A_DESCRIPTOR))
                return raw
        if any(found):  # tools kept in a model API's request or wrapper: where to write them, what is ignored
            problems.extend(Problem(file, ptr, msg, "warning", Code.NON_CANONICAL) for ptr, msg in containers.deviations(raw))
            ignored = containers.ignored_keys(raw)
            if ignored:
                problems.append(Problem(file, "", containers.ignored_message(ignored), "info", Code.NOT_A_DESCRIPTOR))
        key = foreign_collection(raw) if any(found) else None
        if key is not None:
            wanted = collection_key_for(raw[key])
            problems.append(Problem(file, to_pointer((key,)), f'a list of descriptors is kept under "{wanted}": write '
                                    f'{{"{wanted}": [...]}}, not {{"{key}": [...]}}', "warning", Code.NON_CANONICAL))
        if not entries:  # an empty list or collection is not wrong, just empty (like an empty directory)
            problems.append(Problem(file, "", "no descriptor found: expected a descriptor object, a list of them, "
                                    "or a {\"tools\": [...]} / {\"resources\": [...]} collection", "warning", Code.NO_DESCRIPTORS))
        for (pointer, canon), dialect in zip(entries, found, strict=True):
            if dialect is not None:  # the file's dialect, even when this descriptor turns out invalid
                dialects.add(dialect)
            try:
                if canon is None:
                    raise RecursionError
                checked = self._read_one(file, pointer, canon, dialect, problems)
                derived = self._derived_tools(checked, problems) if checked is not None else []
            except RecursionError:
                problems.append(Problem(file, pointer, "descriptor nests too deeply to process", "error", Code.TOO_DEEP))
                continue
            except Exception as exc:  # the per-descriptor boundary: the file's other descriptors still load
                problems.append(_unexpected(file, pointer, exc))
                continue
            if checked is not None:
                out.append(Entry(checked, tuple(derived), canon.moves))
        return raw

    def _read_one(self, file: str, pointer: str, canon: Canonical, dialect: str | None, problems: list[Problem]) -> Descriptor | None:
        def report(ptr: str, message: str, code: str, severity: Severity = "error") -> None:
            problems.append(Problem(file, pointer + canon.origin(ptr), message, severity, code))

        item = canon.raw
        unread = [d for d in canon.deviations if not d.fixed]
        if dialect is None and unread:  # a tool whose parameters could not be read: say where and how to write them
            for d in unread:
                problems.append(Problem(file, pointer + d.pointer, d.message, "error", Code.AMBIGUOUS))
            return None
        hosted = hosted_tool(item) if dialect is None and pointer else None
        if hosted is not None:  # OpenAI's code_interpreter, Anthropic's bash: run by the provider, not described here
            problems.append(Problem(file, pointer, hosted, "info", Code.NOT_A_DESCRIPTOR))
            return None
        if dialect is None and (mapped := by_name_hint(item)) is not None:  # tools keyed by their names
            report(mapped[0], mapped[1], Code.UNKNOWN_DIALECT)
            return None
        if dialect is None:
            keys = ", ".join(sorted(map(str, item))[:8]) if isinstance(item, dict) else type(item).__name__
            report("", f"not a recognized descriptor (found {keys}); expected ATDF (tool_id/id + how_to_use), "
                       "ARDF (resource_id + resource_type + content), an MCP tool (name + inputSchema) "
                       "or an OpenAkita tool (name + input_schema)", Code.UNKNOWN_DIALECT)
            return None
        version = item.get("schema_version")
        if version is not None and not _version_supported(dialect, version):
            format_ = DIALECT[dialect]
            report(format_.pointers["version"], f"unsupported schema_version {clipped(version)!r} for this "
                   f"{format_.label} descriptor; expected {format_.versions_text}", Code.UNSUPPORTED_VERSION)
            return None
        unsure = [d for d in canon.deviations if not d.fixed]
        for d in canon.deviations:  # already pointing into the file as written
            problems.append(Problem(file, pointer + d.pointer, d.message, "warning" if d.fixed else "error",
                                    Code.NON_CANONICAL if d.fixed else Code.AMBIGUOUS))
        violations = SCHEMAS[dialect].violations(item)
        for v in violations:
            if not _said(canon.origin(v.pointer), v.message, unsure):  # said once, as the ambiguity
                report(v.pointer, v.message, Code.SCHEMA_VIOLATION)
        if violations or unsure:
            return None
        invalid = written_schema_problems(dialect, item)
        for ptr, message, code in invalid:
            report(ptr, message, code)
        if invalid:
            return None
        source = Source.build(file=file, pointer=pointer, dialect=dialect)
        try:
            descriptor = READERS[dialect](item, source, self.options)
        except SchemaShapeError as exc:
            report(_schema_pointer(dialect), str(exc), Code.INVALID_INPUT_SCHEMA)
            return None
        if not _published_schemas_ok(descriptor, report):
            return None
        compiled = None
        if descriptor.type == "tool":
            compiled = _compiled_input_schema(descriptor, report)
            if compiled is None:
                return None
        ok = self._checks_pass(descriptor, report)
        if compiled is not None and descriptor.examples:
            descriptor = _valid_examples(descriptor, report, compiled)
        if compiled is not None:
            _rejected_defaults(descriptor, report)
        return descriptor if ok else None

    def _checks_pass(self, d: Descriptor, report: Any) -> bool:
        ok = True
        if d.type == "tool" and not MCP_NAME.match(d.id):
            report(_id_pointer(d), invalid_name_message(d.id) + _id_beside(d), Code.INVALID_NAME)
            ok = False
        elif d.type == "tool" and (unportable := unportable_name_message(d.id)) is not None:
            report(_id_pointer(d), unportable, Code.INVALID_NAME, "warning")
        for where, message in blank_translations(d.raw.get("localization"), d.type, d.id) if d.localization else ():
            report(where, message, Code.EMPTY_DESCRIPTION, "warning")
        blank = blank_description(d.raw, d.type, d.id)
        if blank is not None:
            report(blank[0], blank[1], Code.EMPTY_DESCRIPTION, "warning")
        elif len(d.description) > DESCRIPTION_LIMIT:
            report("/description", f"description is {len(d.description)} characters; keep it under "
                   f"{DESCRIPTION_LIMIT} and move details to when_to_use or detail", Code.DESCRIPTION_TOO_LONG, "warning")
        detail = d.hints.get("detail") or ""
        if len(detail) > DETAIL_LIMIT:
            report("/detail", f"detail is {len(detail)} characters; keep it under {DETAIL_LIMIT}",
                   Code.DESCRIPTION_TOO_LONG, "warning")
        for message in _untied_failures(d) if d.type == "tool" else ():
            report("", message, Code.UNTIED_FAILURE, "warning")
        for key, problems_of in (("icons", icon_problems), ("_meta", meta_problems), ("annotations", annotation_problems)) \
                if d.type == "tool" else ():
            where, value = written_field(d.raw, d.dialect, key)
            for below, message in problems_of(value):
                report(f"{where}{below}", message, Code.SCHEMA_VIOLATION, "warning")
        for where, message in carried_problems(d.raw, d.dialect) if d.type == "tool" else ():
            report(where, message, Code.SCHEMA_VIOLATION, "warning")
        for where, message in header_problems(d.raw) if d.type in ("connector", "model") else ():  # its generated tools' headers
            report(where, message, Code.SCHEMA_VIOLATION, "warning")
        return ok

    def _derived_tools(self, d: Descriptor, problems: list[Problem]) -> list[Descriptor]:
        """Tools generated from a connector's endpoints or an HTTP model (see atdf_mcp.connectors)."""
        if d.type not in ("connector", "model"):
            return []
        tools, issues = derived_tools(d)
        for issue in issues:
            severity, code = ("warning", Code.EXAMPLE_INVALID) if isinstance(issue, ExampleLeftOut) else ("error", Code.INVALID_CONNECTOR)
            problems.append(Problem(d.source.file, d.source.pointer + issue[0], issue[1], severity, code))
        checked = []
        for tool in tools:
            if not MCP_NAME.match(tool.id):
                problems.append(Problem(d.source.file, tool.source.pointer, f"generated tool name {tool.id!r} is not a valid MCP "
                                        "tool name (letters, digits, '_', '-', '.', at most 64 characters): shorten the "
                                        "connector id or the endpoint name", "error", Code.INVALID_NAME))
                continue
            unportable = unportable_name_message(tool.id)
            if unportable is not None:
                problems.append(Problem(d.source.file, tool.source.pointer, f"generated {unportable}", "warning", Code.INVALID_NAME))
            problem = metaschema_problem(tool.input_schema)
            if problem is not None:
                problems.append(Problem(d.source.file, tool.source.pointer, f"the generated input schema of {tool.id!r} is "
                                        f"{problem[1]} (at {problem[0] or '/'})", "error", Code.INVALID_INPUT_SCHEMA))
                continue
            checked.append(tool)
        return checked

    def finish(self, root: Path, config: CatalogConfig, paths: list[Path], options: LoadOptions,
               previous: Catalog | None = None) -> Catalog:
        """The snapshot of every file's result: ids made unique, language copies paired, references checked."""
        admitted = _Admitted()
        extra: dict[str, list[Problem]] = {}
        ids: dict[str, list[str]] = {}
        for result in self.results:
            for entry in result.entries:
                for d in (entry.descriptor, *entry.derived) if entry.derived else (entry.descriptor,):
                    problem = admitted.admit(d, entry)
                    if problem is None:
                        ids.setdefault(result.file, []).append(d.id)
                    else:
                        extra.setdefault(d.source.file, []).append(problem)
                    if problem is not None and d is entry.descriptor:
                        break  # a connector refused: its generated tools are not served either
        _reconcile_copies(admitted, extra)
        # The same ids as before: an unchanged descriptor's references are as good (or dangling) as they were.
        before = previous.references if previous is not None and previous.by_id.keys() == admitted.by_id.keys() else {}
        references: dict[str, tuple[Problem, ...]] = {}
        for d in admitted.accepted:
            kept = before.get(d.id)
            found = kept[1] if kept is not None and kept[0] is d else _reference_problems(d, admitted.entries.get(id(d)), admitted.by_id)
            references[d.id] = (d, found)
            if found:
                extra.setdefault(d.source.file, []).extend(found)
        for d, first in _case_twins(admitted.accepted):
            extra.setdefault(d.source.file, []).append(Problem(
                d.source.file, d.source.pointer + _id_pointer(d),
                f"id {d.id!r} differs from {first.id!r} ({first.source.file}) only by case: agents mistake one for the "
                "other, and `convert --out-dir` writes both to one file on a case-insensitive file system; rename one",
                "warning", Code.AMBIGUOUS))
        by_type: dict[str, list[Descriptor]] = {}
        for d in admitted.accepted:
            by_type.setdefault(d.type, []).append(d)
        for result in self.results:  # the checks across files say the line of a JSON Lines document too
            if result.lines and result.file in extra:
                extra[result.file] = with_lines(extra[result.file], JsonLines.build((), lines=result.lines, failed={}))
        reports = _reports_by_result(previous)
        files = tuple(_file_report(r, tuple(ids.pop(r.file, ())), extra.pop(r.file, ()), reports.get(id(r))) for r in self.results)
        files += tuple(FileReport(file, None, (), tuple(problems)) for file, problems in extra.items())
        return Catalog(
            descriptors=tuple(admitted.accepted),
            report=LoadReport(files),
            root=root.resolve(),
            config=config,
            by_id=MappingProxyType(dict(admitted.by_id)),
            by_type=MappingProxyType({k: tuple(v) for k, v in by_type.items()}),
            variants=MappingProxyType({k: MappingProxyType(v) for k, v in admitted.variants.items()}),
            references=MappingProxyType(references),
            results=tuple(self.results),
            paths=tuple(paths),
            options=options,
        )


def _case_twins(accepted: list[Descriptor]) -> list[tuple[Descriptor, Descriptor]]:
    """Each descriptor whose id another one earlier already has in other case, with that one."""
    first: dict[str, Descriptor] = {}
    twins = []
    for d in accepted:
        seen = first.setdefault(d.id.casefold(), d)
        if seen is not d:
            twins.append((d, seen))
    return twins


def _reports_by_result(previous: Catalog | None) -> dict[int, tuple[FileResult, FileReport]]:
    """The previous snapshot's file reports, by the identity of the file result they were made from."""
    if previous is None or previous.loaded is None:
        return {}
    return {id(r): (r, f) for r, f in zip(previous.results, previous.loaded.files, strict=False) if r.file == f.file}


def _file_report(result: FileResult, ids: tuple[str, ...], extra: list[Problem] | tuple[()],
                 before: tuple[FileResult, FileReport] | None) -> FileReport:
    """The report of one file: the one before when nothing about the file changed (a reload), else a new one."""
    if before is not None and before[0] is result and not extra and before[1].ids == ids and len(before[1].problems) == len(result.problems):
        return before[1]
    return FileReport(result.file, _dialect_label(result.dialects), ids, (*result.problems, *extra))


def _reference_problems(d: Descriptor, entry: Entry | None, known: Mapping[str, Descriptor]) -> tuple[Problem, ...]:
    """A DANGLING_REFERENCE warning per reference of `d` to an id the catalogue does not hold."""
    try:
        return tuple(Problem(d.source.file, d.source.pointer + (entry.origin(ptr) if entry is not None else ptr), message,
                             "warning", Code.DANGLING_REFERENCE) for ptr, message in _dangling_references(d, known))
    except Exception as exc:  # a reference check never takes the catalogue down
        return (_unexpected(d.source.file, d.source.pointer, exc, "warning", "the references of this descriptor could not be checked"),)


class _Admitted:
    """The descriptors admitted so far, by id, with the language copies of the upstream one-file-per-language convention."""

    def __init__(self) -> None:
        self.accepted: list[Descriptor] = []
        self.by_id: dict[str, Descriptor] = {}
        self.variants: dict[str, dict[str, Descriptor]] = {}
        self.primary_replaced: dict[str, bool] = {}
        self.entries: dict[int, Entry] = {}  # id(descriptor) → its entry, to point into the file as written

    def admit(self, d: Descriptor, entry: Entry) -> Problem | None:
        """Admit one descriptor; the DUPLICATE_ID problem when its id is taken."""
        first = self.by_id.get(d.id)
        if first is not None and first.type == d.type and first.source.file != d.source.file:
            # The upstream "one copy per language" convention: hole_maker.json + hole_maker_es.json.
            lang_new, lang_first = _language_of(d), _language_of(first)
            if lang_new and lang_new not in self.variants.get(d.id, {}):
                self.variants.setdefault(d.id, {})[lang_new] = d
                return None
            if lang_first and not lang_new and not self.primary_replaced.get(d.id):
                self.variants.setdefault(d.id, {}).setdefault(lang_first, first)
                self.by_id[d.id] = d
                self.accepted[self.accepted.index(first)] = d
                self.primary_replaced[d.id] = True
                self.entries[id(d)] = entry
                return None
        if first is not None:
            return Problem(d.source.file, d.source.pointer + _id_pointer(d),
                           f"duplicate id {d.id!r}: already defined in {first.source.file}"
                           f"{'#' + first.source.pointer if first.source.pointer else ''}; ids must be unique "
                           "across the catalogue", "error", Code.DUPLICATE_ID)
        self.by_id[d.id] = d
        self.accepted.append(d)
        if d is entry.descriptor:
            self.entries[id(d)] = entry
        return None


def _reconcile_copies(admitted: _Admitted, extra: dict[str, list[Problem]]) -> None:
    """A language copy translates its base's texts; where it changes the contract, say so and serve the base's."""
    for resource_id, copies in admitted.variants.items():
        base = admitted.by_id[resource_id]
        for lang, copy in copies.items():
            if copy is not base:
                try:
                    copies[lang], warnings = reconcile(base, copy)
                except Exception as exc:  # a copy that cannot be compared is served as its base
                    copies[lang] = base
                    extra.setdefault(copy.source.file, []).append(_unexpected(
                        copy.source.file, copy.source.pointer, exc, "warning",
                        "this language copy could not be compared with its base, which is served in its place"))
                    continue
                extra.setdefault(copy.source.file, []).extend(
                    Problem(copy.source.file, ptr, msg, "warning", Code.LANGUAGE_COPY_MISMATCH) for ptr, msg in warnings)


_LANG_SUFFIX = re.compile(r"[_.-]([a-z]{2}(?:-[A-Z]{2})?)$")


def _language_of(d: Descriptor) -> str | None:
    """The language a file name declares (`tool_es.json` → 'es'), if any."""
    match = _LANG_SUFFIX.search(Path(d.source.file).stem)
    return match.group(1) if match else None


def descriptor_entries(raw: Any) -> list[tuple[str, Any]]:
    """(pointer, descriptor) pairs of a file's decoded content: one descriptor, a list, or a collection."""
    return list(_entries(raw, ""))


def _entries(raw: Any, pointer: str) -> Iterator[tuple[str, Any]]:
    """(pointer, descriptor) pairs of a file's content: one descriptor, a list, or a collection."""
    if isinstance(raw, list):
        for i, item in enumerate(raw):
            yield from _entries(item, f"{pointer}/{i}")
        return
    if isinstance(raw, dict) and detect(raw) is None:
        declarations = containers.declarations_key(raw) if pointer else None
        if declarations is not None:  # a Gemini `tools` item: {"functionDeclarations": [...]}
            yield from _entries(raw[declarations], f"{pointer}/{declarations}")
            return
        for key in COLLECTION_KEYS:
            if isinstance(raw.get(key), list):
                yield from _entries(raw[key], f"{pointer}/{key}")
                return
        if not pointer:  # the file's root: a saved tools/list response, or a collection under a key of its own
            result = raw.get("result")
            if "jsonrpc" in raw and isinstance(result, dict) and any(isinstance(result.get(k), list) for k in COLLECTION_KEYS):
                yield from _entries(result, "/result")
                return
            wrapped = containers.wrapped_list(raw)
            if wrapped is not None:  # Bedrock's {"toolConfig": {"tools": [...]}}, {"functionSchema": {"functions": [...]}}
                yield from _entries(raw[wrapped[0]][wrapped[1]], f"/{wrapped[0]}/{wrapped[1]}")
                return
            key = foreign_collection(raw)
            if key is not None:
                yield from _entries(raw[key], f"/{key}")
                return
    yield pointer, raw


def foreign_collection(raw: Any) -> str | None:
    """The one key of a file's root that holds a list of described tools or resources, when not "tools"/"resources".

    `{"metadata": {...}, "mcp_tools": [{"name": ...}, ...]}`: "mcp_tools". None when the root is a descriptor, holds a
    collection key, or holds no such list or more than one.
    """
    if not isinstance(raw, dict) or detect(raw) is not None or any(k in raw for k in COLLECTION_KEYS):
        return None
    keys = [k for k, v in raw.items() if isinstance(v, list) and v and all(_named(i) for i in v)]
    return keys[0] if len(keys) == 1 else None


def collection_key_for(items: list[Any]) -> str:
    """The collection key a list of descriptors is written under: "resources" for ARDF resources, else "tools"."""
    return "resources" if all(isinstance(i, dict) and "resource_id" in i for i in items) else "tools"


def _named(item: Any) -> bool:
    """Whether a list item reads as a tool or resource: a name or id, and a description."""
    return isinstance(item, dict) and isinstance(item.get("description"), str) and any(
        isinstance(item.get(k), str) for k in ("name", "tool_id", "resource_id"))


def _said(where: str, message: str, ambiguities: list[Deviation]) -> bool:
    """Whether a schema violation at `where` is about a place already reported as ambiguous.

    At it or under it; or on its parent about its key ("'minimum' was unexpected") or about a key the ambiguity
    names ("'content' is a required property" when how_to_use could not become content).
    """
    named = re.findall(r"'([^']+)'", message)
    for ambiguity in ambiguities:
        place = ambiguity.pointer
        if where == place or where.startswith(place + "/"):
            return True
        parent, _, key = place.rpartition("/")
        if where == parent and any(n == key or f'"{n}"' in ambiguity.message for n in named):
            return True
    return False


def _version_supported(dialect: str, version: Any) -> bool:
    return DIALECT[dialect].supports(version)


def _unexpected(file: str, pointer: str, exc: Exception, severity: Severity = "error",
                what: str = "this descriptor could not be loaded") -> Problem:
    """An unexpected failure while loading, as a problem of its file (the traceback goes to the debug log only)."""
    log.debug("unexpected failure while loading %s#%s", file, pointer, exc_info=exc)
    return Problem(file, pointer, f"{what} ({type(exc).__name__}: {str(exc)[:200]}); check the types of its fields "
                   "against the format's documentation", severity, Code.LOAD_FAILED)


def _published_schemas_ok(d: Descriptor, report: Any) -> bool:
    """Whether the input and output schemas the server will publish are valid JSON Schemas (each failure reported)."""
    ok = True
    written = _written_schemas(d)
    if d.type == "tool" and d.input_schema is not None:
        problem = _metaschema_problem_unless(written, d.input_schema) or mcp_shape_problem(d.input_schema)
        if problem is not None:
            report(_input_schema_pointer(d, _path_of(problem[0])), f"the input schema is {problem[1]}", Code.INVALID_INPUT_SCHEMA)
            ok = False
    if d.output_schema is not None:
        problem = (_metaschema_problem_unless(written, d.output_schema) or mcp_shape_problem(d.output_schema)) \
            if isinstance(d.output_schema, dict) else \
            ("", "not an object: an output schema is an object JSON Schema such as {\"type\": \"object\", ...}")
        if problem is not None:
            report(_output_schema_pointer(d.dialect) + problem[0], f"the output schema is {problem[1]}", Code.INVALID_OUTPUT_SCHEMA)
            ok = False
    return ok


def _written_schemas(d: Descriptor) -> tuple[Any, ...]:
    """The schema objects the descriptor wrote verbatim, which `written_schema_problems` has already checked."""
    place = d.raw.get("content") if d.dialect == "ardf" else d.raw
    place = place.get("data") if d.dialect == "ardf" and isinstance(place, dict) else place
    if not isinstance(place, dict):
        return ()
    return tuple(place[key] for key in _WRITTEN_KEYS.get(d.dialect, ()) if key in place)


# The keys of `schema_check._WRITTEN` that hold a whole schema, per dialect (ARDF's under content.data).
_WRITTEN_KEYS = {"mcp": ("inputSchema", "outputSchema"), "openakita": ("input_schema", "output_schema"),
                 "atdf1": ("output_schema",), "atdf2": ("output_schema",), "ardf": ("input_schema", "output_schema")}


def _metaschema_problem_unless(checked: tuple[Any, ...], schema: Any) -> tuple[str, str] | None:
    """`metaschema_problem(schema)`, skipped for a schema that is one of the already `checked` objects (served as written)."""
    if any(schema is done for done in checked):
        return None
    return metaschema_problem(schema)


def _path_of(pointer: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def _output_schema_pointer(dialect: str) -> str:
    return DIALECT[dialect].pointers["output_schema"]


def _schema_pointer(dialect: str) -> str:
    """Where a dialect writes a tool's input schema (or, when it cannot write one verbatim, its inputs)."""
    pointers = DIALECT[dialect].pointers
    return pointers.get("input_schema") or pointers["inputs"]


def _id_beside(d: Descriptor) -> str:
    """The other way to write an MCP tool whose `name` is a display name beside an `id` that is a valid tool name."""
    key = next((k for k in ("id", "slug") if isinstance(d.raw.get(k), str)), None) if d.dialect == "mcp" else None
    given = d.raw.get(key) if key else None
    if not isinstance(given, str) or given == d.id or not MCP_NAME.match(given):
        return ""
    return f"; or, if \"{key}\" ({given!r}) is the tool's name, write it as \"name\" and this text as \"title\""


def _id_pointer(d: Descriptor) -> str:
    return DIALECT[d.dialect].id_pointer(d.raw)


def _compiled_input_schema(d: Descriptor, report: Any) -> jsonschema_rs.Validator | None:
    """A tool's input schema compiled (offline: remote `$ref`s are never fetched), or None after reporting why not."""
    schema = d.input_schema or {}
    try:
        # The options of envelope.compile_fast, so that the check judges patterns as calls will be judged.
        return jsonschema_rs.validator_for(schema, validate_formats=True, offline=True, pattern_options=PATTERN_OPTIONS)
    except jsonschema_rs.ValidationError as exc:
        fast_error = exc
    except ValueError as exc:  # not a schema violation: "Recursion limit reached", ...
        why = (f"it nests too deep ({exc}); nest a few levels, and name a structure that repeats in $defs with a $ref"
               if "recursion" in str(exc).lower() else str(exc))
        report(_schema_pointer(d.dialect), f"the input schema cannot be compiled: {why}", Code.INVALID_INPUT_SCHEMA)
        return None
    import jsonschema  # only to explain a schema that does not compile

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    error = jsonschema.exceptions.best_match(cls(cls.META_SCHEMA).iter_errors(schema))
    if error is not None:
        path, message = list(error.absolute_path), error.message
        if path and path[-1] == "type" and isinstance(error.instance, str):
            message = (f"{clipped(error.instance)!r} is not a JSON Schema type; expected one of string, integer, number, "
                       "boolean, array, object or null")
    else:  # valid against the meta-schema, yet unusable: a bad regex, an unresolvable $ref, ...
        path, message = list(fast_error.instance_path), fast_error.message
        if "is not present in a registry" in message:
            message += "; only local references (#/$defs/...) are supported"
        dangling = _dangling_ref(schema, message, d.raw)
        if dangling is not None:
            path, message = dangling
    report(_input_schema_pointer(d, path), f"the input schema is not a valid JSON Schema: {message}", Code.INVALID_INPUT_SCHEMA)
    return None


def _dangling_ref(schema: Any, message: str, written: Any) -> tuple[list[Any], str] | None:
    """Where a local `$ref` that points at nothing is written, and what to do, from jsonschema-rs's "Pointer '/x/y' does
    not exist" (the closest definition the descriptor as `written` holds); None for another error, or a reference not
    found in the schema."""
    import difflib
    import json

    match = _MISSING_POINTER.search(message)
    if match is None:
        return None
    target = "#" + match.group(1)
    stack: list[tuple[Any, list[Any]]] = [(schema, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            if node.get("$ref") == target:
                break
            stack.extend((v, [*path, k]) for k, v in node.items() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend((v, [*path, i]) for i, v in enumerate(node) if isinstance(v, (dict, list)))
    else:
        return None
    name = target.rsplit("/", 1)[-1]
    defined = [f"#/{key}/{k}" for key, names in _definitions(written) for k in names]
    close = difflib.get_close_matches(target, defined, n=1, cutoff=0.6)
    instead = f"point it at {close[0]!r}, or " if close else ""
    return [*path, "$ref"], (f"\"$ref\": {target!r} points at nothing in the schema: {instead}define {name!r} under \"$defs\" "
                             f"at the schema's root (\"$defs\": {{{json.dumps(name)}: {{...}}}})")


_MISSING_POINTER = re.compile(r"Pointer '([^']*)' does not exist")


def _definitions(node: Any, depth: int = 0) -> Iterator[tuple[str, list[str]]]:
    """The `$defs` and `definitions` mappings anywhere in a descriptor (the reader inlines them), as their names."""
    if depth > 32:
        return
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("$defs", "definitions") and isinstance(value, dict):
                yield key, list(value)
            if isinstance(value, (dict, list)):
                yield from _definitions(value, depth + 1)
    elif isinstance(node, list):
        for value in node:
            if isinstance(value, (dict, list)):
                yield from _definitions(value, depth + 1)


def _input_schema_pointer(d: Descriptor, path: list[Any]) -> str:
    """Where in the descriptor file the input-schema location `path` was written."""
    base, verbatim = DIALECT[d.dialect].input_pointer(d.raw)
    if verbatim:
        return base + to_pointer(path)
    # Built from an inputs list (ATDF, ARDF tool/io): point at the input, inside its `schema` when it came from there.
    names = [i.name for i in d.inputs]
    if len(path) < 2 or path[0] != "properties" or path[1] not in names:
        return base
    index = names.index(path[1])
    raw_inputs = resolve(d.raw, base)
    raw_input = raw_inputs[index] if isinstance(raw_inputs, list) and index < len(raw_inputs) else {}
    rest = path[2:]
    nested = raw_input.get("schema") if isinstance(raw_input, dict) else None
    if rest and isinstance(nested, dict) and rest[0] in nested:
        rest = ["schema", *rest]
    return f"{base}/{index}" + to_pointer(rest)


def _untied_failures(d: Descriptor) -> Iterator[str]:
    """Ties of declared failures to argument checks that cannot work: a parameter the tool does not have, an
    `x-failure` naming a code the tool does not declare."""
    properties = (d.input_schema or {}).get("properties") or {}
    for failure in d.failures:
        root = re.split(r"[.\[]", failure.parameter)[0] if failure.parameter else None
        if root is not None and root not in properties:
            yield (f"failure {failure.code!r} is tied to parameter {failure.parameter!r}, which the tool does not have; "
                   f"its inputs are: {', '.join(properties) or 'none'}")
    for name, prop in properties.items():
        code = prop.get("x-failure") if isinstance(prop, dict) else None
        if isinstance(code, str) and d.failure(code) is None:
            yield f"input {name!r} names x-failure {code!r}, which is not among the tool's declared failures"


def _valid_examples(d: Descriptor, report: Any, fast: jsonschema_rs.Validator) -> Descriptor:
    """The descriptor without its examples that do not match its input schema, each said as an EXAMPLE_INVALID warning.

    An example is documentation: one typo in it must not take a working tool away from every agent. Left out of the
    descriptor and of its raw document (the ARDF resource, the snapshot cache), it is never shown nor used for a
    suggestion; `validate --strict` still fails on the warning.
    """
    if all(e.input is None or fast.is_valid(e.input) for e in d.examples):
        return d
    import jsonschema  # only to explain an example that does not match

    cls = jsonschema.validators.validator_for(d.input_schema, default=jsonschema.Draft202012Validator)
    validator = bounded_validator(cls)(d.input_schema, format_checker=jsonschema.FormatChecker())  # patterns never reach `re`
    pointers = DIALECT[d.dialect].pointers
    examples, key = pointers["examples"], pointers["example_input"]
    written = d.raw.get(examples.lstrip("/"))
    at = [n for n, item in enumerate(written) if isinstance(item, dict)] if isinstance(written, list) else []
    kept: list[int] = []
    for i, example in enumerate(d.examples):
        errors = [] if example.input is None else sorted(validator.iter_errors(example.input), key=lambda e: list(map(str, e.absolute_path)))
        if not errors:
            kept.append(i)
            continue
        n = at[i] if i < len(at) else i
        for error in errors:
            where = "".join(f"/{p}" for p in error.absolute_path)
            report(f"{examples}/{n}/{key}{where}", f"example {example.name or n!r} does not match the tool's input schema, so it "
                   f"is left out (the tool is served without it): {error.message}; correct or remove it",
                   Code.EXAMPLE_INVALID, "warning")
    update: dict[str, Any] = {"examples": tuple(d.examples[i] for i in kept)}
    if len(at) == len(d.examples):
        dropped = {at[i] for i in range(len(at))} - {at[i] for i in kept}
        update["raw"] = {**d.raw, examples.lstrip("/"): [item for n, item in enumerate(written) if n not in dropped]}  # type: ignore[arg-type]
    return d.model_copy(update=update)


def _rejected_defaults(d: Descriptor, report: Any) -> None:
    """A warning at each optional input's default its own schema rejects: not judged, yet the handler receives it."""
    for name, default, why in rejected_defaults(d.input_schema):
        report(_input_schema_pointer(d, ["properties", name, "default"]),
               f"input {name!r} has the default {json.dumps(default, ensure_ascii=False)[:80]}, which its own schema "
               f"rejects ({why[:200]}); a call that leaves {name!r} out hands the handler that value unchecked: correct "
               "the default or remove it", Code.INVALID_INPUT_SCHEMA, "warning")


def _dangling_references(d: Descriptor, known: Mapping[str, Descriptor]) -> Iterator[tuple[str, str]]:
    """(pointer, message) for every reference to an id the catalogue does not hold."""
    def missing(ref: Any) -> bool:
        return isinstance(ref, str) and bool(ref) and ref not in known

    pointers = DIALECT[d.dialect].pointers
    if d.type == "workflow" or d.content_type == "prompt/flow":
        steps = d.content.get("steps") or []
        names = {s.get("step") for s in steps if isinstance(s, dict)}
        for i, step in enumerate(steps):
            if not isinstance(step, dict):
                continue
            label = step.get("step") or f"#{i + 1}"
            for key in ("tool_id", "prompt_id", "policy_id", "resource_ref"):
                if missing(step.get(key)):
                    yield f"{pointers['steps']}/{i}/{key}", f"step {label!r} refers to {key} {step[key]!r}, which is not in the catalogue"
            target = step.get("on_error")
            if missing(target) and target not in names:
                yield (f"{pointers['steps']}/{i}/on_error",
                       f"step {step.get('step')!r} has on_error {target!r}, which is neither a step nor a resource of the catalogue")
    if d.type == "dataset" and missing(d.content.get("connector")):
        yield pointers["connector"], f"dataset refers to connector {d.content['connector']!r}, which is not in the catalogue"
    for key, noun in (("resources", "resource"), ("policies", "policy"), ("tools", "tool")):
        refs = d.prerequisites.get(key)
        if "prerequisites" not in pointers or not isinstance(refs, list):
            continue  # a dialect whose prerequisites are not ids (OpenAkita: conditions in words)
        for i, ref in enumerate(refs):
            if missing(ref):
                yield f"{pointers['prerequisites']}/{key}/{i}", f"prerequisite {noun} {ref!r} is not in the catalogue"
    for i, related in enumerate(d.hints.get("related_tools") or () if "related_tools" in pointers else ()):
        if missing(related.get("name")):
            yield f"{pointers['related_tools']}/{i}/name", f"related tool {related['name']!r} is not in the catalogue"


def _dialect_label(dialects: set[str]) -> str | None:
    if not dialects:
        return None
    return next(iter(dialects)) if len(dialects) == 1 else "+".join(sorted(dialects))
