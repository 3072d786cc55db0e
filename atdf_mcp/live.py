"""The live catalogue: reload on a file change, SIGHUP or POST /reset, swap the snapshot, tell the clients.

    live = LiveCatalog(app, "descriptors", watch=True)
    async with live.running():          # the watcher and the SIGHUP receiver run until the block ends
        outcome = await live.reload("POST /reset")

Reloads run one at a time. A trigger that arrives while one runs is served by one more reload, shared by every
trigger that arrived meanwhile (a burst of writes, `git checkout`, SIGHUP twice: one reload each time the
catalogue settles). The load runs in a worker thread, so calls keep being answered; a reload that raises is
logged and the old snapshot stays. After a swap, the new problems go to stderr, the clients get the
list_changed notifications of what changed, resources/updated for the resources whose content changed, and a
`warning` log notification, to the sessions it concerns, when the reload found new errors.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import logging
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import anyio
import anyio.abc
import anyio.lowlevel
import anyio.to_thread

from .catalog import Catalog, Problem, file_signature, load_catalog
from .codes import Code
from .collector import COLLECT_DELAY, freeze_survivors
from .disclosure import INDEX_URI, Disclosure
from .errors import AtdfError
from .files import CONFIG_FILE_NAMES, IGNORE_FILE
from .model import Descriptor
from .mounts import remote_file_system
from .publish import Published
from .reports import private_text
from .server import CatalogServer
from .view import Views

__all__ = ["POLL_MS", "PROBLEM_LINES", "SETTLE_MS", "STEP_MS", "WATCHED_SUFFIXES", "LiveCatalog", "Reload", "hold_sighup", "problem_line",
           "problem_lines"]

WATCHED_SUFFIXES = (".json", ".jsonl", ".yaml", ".yml", ".py")
STEP_MS = 50  # a burst ends when no file changed for this long; short, so a save is served at once
POLL_MS = 1000  # how often the folder is polled when the OS gives no file watch (inotify limits reached)
_WATCH_LIMITS = ("On Linux each user has fs.inotify.max_user_instances (128 by default) watchers and "
                 "fs.inotify.max_user_watches folders watched: raise them (sysctl), or set WATCHFILES_FORCE_POLLING=1 "
                 "to poll from the start (a Docker bind mount or network file system that sends no events)")
SETTLE_MS = 300  # a file with a new error that changed this recently may be in the middle of its write: read it again
PROBLEM_LINES = 20  # problems printed on stderr at start and per reload; the others are counted in one line
_log = logging.getLogger("atdf_mcp.live")


def problem_line(problem: Problem) -> str:
    """One problem as `serve` prints it on stderr."""
    where = f"{problem.file}{'#' + problem.pointer if problem.pointer else ''}"
    return f"atdf-mcp: {problem.severity}: {where}: {problem.message} [{problem.code}]"


_SEVERITIES = {"error": 0, "warning": 1}


def problem_lines(problems: Sequence[Problem], root: Path | str | None, limit: int = PROBLEM_LINES) -> list[str]:
    """Problems as `serve` prints them on stderr, at start and on reload: errors first, the first `limit`, then one line
    saying how many more and where to see them all (`atdf-mcp validate` lists every one)."""
    ordered = sorted(problems, key=lambda p: _SEVERITIES.get(p.severity, 2))  # stable: each severity in the load's order
    lines = [problem_line(p) for p in ordered[:limit]]
    rest = ordered[limit:]
    if rest:
        counts = Counter(p.severity for p in rest)
        kinds = ", ".join(f"{counts[s]} {s}(s)" for s in sorted(counts, key=lambda s: _SEVERITIES.get(s, 2)))
        lines.append(f"atdf-mcp: ... and {len(rest)} more problem(s) ({kinds}): see `atdf-mcp validate {root or '.'}`")
    return lines


@dataclass(frozen=True)
class Reload:
    """What one reload did: the tools added, removed and changed, which lists changed, and the problems found."""

    reason: str
    ok: bool = True
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    lists: dict[str, bool] = field(default_factory=dict)
    updated: tuple[str, ...] = ()  # resources whose content changed
    errors: int = 0
    warnings: int = 0
    new_problems: tuple[Problem, ...] = ()
    seconds: float = 0.0
    failure: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The body of POST /reset."""
        body: dict[str, Any] = {
            "status": "reloaded" if self.ok else "failed", "reason": self.reason,
            "tools": {"added": list(self.added), "removed": list(self.removed), "changed": list(self.changed)},
            "lists_changed": dict(self.lists), "resources_updated": list(self.updated),
            "problems": {"errors": self.errors, "warnings": self.warnings, "new": len(self.new_problems)},
            "seconds": round(self.seconds, 4),
        }
        if self.failure is not None:
            body["failure"] = self.failure
        return body


class LiveCatalog:
    """Keeps a CatalogServer serving what its catalogue directory holds now (see the module docstring)."""

    def __init__(self, app: CatalogServer, path: str | os.PathLike[str], *, watch: bool = True, err: TextIO | None = None) -> None:
        self.app = app
        self.path = Path(path)
        self.watch = watch
        self.err = err
        self.last: Reload | None = None
        self._lock = anyio.Lock()
        self._asked = 0  # triggers received
        self.reloads = self.reload_failures = 0  # done, and failed (the snapshot before stayed): /metrics
        self._covered = 0  # triggers a started reload already covers
        self._pending: set[str] | None = set()  # files named by the triggers not yet served; None: look at every file
        self._tasks: anyio.abc.TaskGroup | None = None
        self._contents: dict[str, tuple[str, tuple[int, int] | None]] | None = None  # document URI → its file, signature
        self._collection_pending = self._force_collection = False  # a delayed collection is due; it must collect

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[LiveCatalog]:
        """Run the triggers (watcher unless --no-watch, SIGHUP on POSIX) for the duration of the block."""
        stop = anyio.Event()
        self._contents = await anyio.to_thread.run_sync(_content_files, self.app.published)
        async with anyio.create_task_group() as tasks:
            self._tasks = tasks
            if self.watch:
                await tasks.start(self._watch, stop)
                for _ in range(3):  # let the watcher task reach its first wait: the OS watch is set up by then
                    await anyio.lowlevel.checkpoint()
            if sys.platform != "win32":
                tasks.start_soon(self._on_sighup)
            try:
                yield self
            finally:
                self._tasks = None
                stop.set()  # first: the watcher's thread only checks this event (cancelling alone waits for its 5 s poll)
                tasks.cancel_scope.cancel()

    @property
    def reloading(self) -> bool:
        """Whether a reload is running now."""
        return self._lock.locked()

    async def reload(self, reason: str, changed: set[str] | None = None) -> Reload:
        """Reload now (or join the reload that will cover this trigger) and return what it did.

        `changed` names the files a watcher saw change (then only they are read again, without a walk of the folder);
        None reads every file whose size or time changed.
        """
        if changed is None:
            self._pending = None
        elif self._pending is not None:
            self._pending |= changed
        self._asked += 1
        ticket = self._asked
        async with self._lock:
            if self._covered >= ticket and self.last is not None:  # a reload that started after this trigger served it
                return self.last
            self._covered = self._asked
            try:
                with anyio.CancelScope(shield=True):  # a /reset client that leaves must not cut a swap off from its notifications
                    outcome = await self._reload(reason)
            except AtdfError as exc:  # e.g. the directory is gone: one line, no traceback
                _log.error("reload (%s) failed: %s; the catalogue served before stays", reason, exc)
                outcome = Reload(reason, ok=False, failure=f"{type(exc).__name__}: {exc}")
            except Exception as exc:  # the old snapshot stays; the server never stops over a reload
                _log.exception("reload (%s) failed; the catalogue served before stays", reason)
                outcome = Reload(reason, ok=False, failure=f"{type(exc).__name__}: {exc}")
            self.last = outcome
            self.reloads += 1
            self.reload_failures += not outcome.ok
            return outcome

    # -- one reload ------------------------------------------------------------------------------

    async def _reload(self, reason: str) -> Reload:
        app = self.app
        started = time.perf_counter()
        old, old_problems, disclosed, old_views = app.published, set(app.catalog.report.problems), app.disclosure, app.views
        old_modules = app.catalog.modules
        changed, self._pending = self._pending, set()
        catalog = await anyio.to_thread.run_sync(self._load, app.catalog, changed)
        if _mid_write(catalog.report.problems, old_problems):  # a save caught half done: read once more when it is over
            await anyio.sleep(SETTLE_MS / 1000)
            catalog = await anyio.to_thread.run_sync(self._load, app.catalog, changed)
        disclosure = await anyio.to_thread.run_sync(app.next_disclosure, catalog)  # the search index, off the event loop
        app.swap(catalog, disclosure)  # on the event loop: a request reads the snapshot once and never sees half of a swap
        gc.freeze()  # the new snapshot stays: out of later collections (it holds no reference cycle to leak)
        new, problems = app.published, tuple(app.catalog.report.problems)
        fresh = tuple(p for p in problems if p not in old_problems)
        outcome = _compare(reason, old, new, problems, fresh, time.perf_counter() - started)
        contents, before = await anyio.to_thread.run_sync(_content_files, new), self._contents
        self._contents = contents
        edited = [uri for uri, (file, signature) in contents.items() if before and before.get(uri, (file, signature)) != (file, signature)]
        if edited:  # a document's content file changed (its descriptor may not have): its subscribers must hear it
            outcome = dataclasses.replace(outcome, updated=tuple(sorted({*outcome.updated, *edited})))
        relisted = app.disclosure.lists_differently(disclosed)
        if relisted:  # `disclosure:` or `pinned:` changed: another tools/list
            outcome = dataclasses.replace(outcome, lists={**outcome.lists, "tools": True})
        self._report(outcome)
        await self._tell_clients(outcome, (old_views, app.views), relisted=relisted, disclosures=(disclosed, app.disclosure))
        # A handler module imported again left the old one in a reference cycle (its functions hold its globals), which
        # the freeze above took with the new snapshot: it may hold a model or a table, so it is collected a second later, not when
        # the number of objects frozen has grown by a quarter (a few big objects never grow it).
        self._force_collection |= app.catalog.modules != old_modules
        if self._tasks is None:
            freeze_survivors(force=self._force_collection)
            self._force_collection = False
        elif not self._collection_pending:  # a full collection, when due, blocks the loop: after the clients have re-listed
            self._collection_pending = True  # (one at a time: a burst of reloads is collected once)
            self._tasks.start_soon(self._collect_later)
        return outcome

    async def _collect_later(self) -> None:
        """`freeze_survivors` COLLECT_DELAY seconds from now (the cyclic garbage frozen by reloads, collected when due)."""
        await anyio.sleep(COLLECT_DELAY)
        force, self._force_collection, self._collection_pending = self._force_collection, False, False
        freeze_survivors(force=force)

    @staticmethod
    def _load(previous: Catalog, changed: set[str] | None) -> Catalog:
        """The next snapshot: only what changed is read again; changed handler modules are imported again."""
        return load_catalog(*previous.paths, previous=previous, changed=changed)

    def _report(self, outcome: Reload) -> None:
        err = self.err or sys.stderr
        for line in problem_lines(outcome.new_problems, self.app.catalog.root or self.path):
            print(line, file=err)
        t = outcome
        print(f"atdf-mcp: reloaded ({t.reason}) in {t.seconds * 1000:.0f} ms: {len(t.added)} tool(s) added, "
              f"{len(t.removed)} removed, {len(t.changed)} changed; {t.errors} error(s), {t.warnings} warning(s)", file=err, flush=True)
        toolset = self.app.toolset
        if toolset is not None and toolset not in self.app.snapshot.config.toolsets:
            print(f"atdf-mcp: warning: the catalogue no longer defines the tool set {toolset!r} this server was started with "
                  "(--toolset): its clients see no tools until it is defined again", file=err, flush=True)

    async def _tell_clients(self, outcome: Reload, views: tuple[Views, Views], *, relisted: bool = False,
                            disclosures: tuple[Disclosure, Disclosure] | None = None) -> None:
        notifier = self.app.notifier
        lists = outcome.lists
        of_set = _set_changes(views, every_tool=relisted, disclosures=disclosures)
        listed = lists["tools"] and (relisted or _tools_listed_differently(views, disclosures, None))
        await notifier.lists_changed(tools=listed, prompts=lists["prompts"], resources=lists["resources"], of_set=of_set)
        of_set_tools = _set_changes(views, every_tool=relisted)

        def index_changed(toolset: str | None) -> bool:  # the Level-1 index of a set lists its own tools only
            return lists["tools"] if toolset is None else of_set_tools(toolset)["tools"]

        for uri in outcome.updated:
            await self.app.notify_resource_updated(uri, index_changed if uri == INDEX_URI else None)
        await notifier.resources_updated(outcome.updated, lambda toolset, uri: index_changed(toolset) if uri == INDEX_URI
                                         else self.app.views.get(toolset).shows(uri))
        new_errors = [p for p in outcome.new_problems if p.severity == "error"]
        if new_errors:
            await notifier.warn(self._warnings(new_errors, views))

    def _warnings(self, errors: list[Problem], views: tuple[Views, Views]) -> Callable[[str | None], str | None]:
        """The warning the sessions of a tool set get (None: the whole catalogue), or None when no error concerns them.

        A set's sessions hear about the catalogue-wide files (atdf-mcp.yaml, handler modules) and about the descriptor
        files that serve, or served before this reload, something the set shows; not about a file whose descriptors
        are all outside the set, nor about one that serves nothing yet."""
        texts: dict[str | None, str | None] = {}

        def text_for(toolset: str | None) -> str | None:
            if toolset not in texts:
                concerned = errors
                if toolset is not None:
                    shown = {d.source.file for v in views for d in (*v.get(toolset).descriptors, *v.get(toolset).tools.values())}
                    concerned = [p for p in errors if _catalogue_wide(p) or p.file in shown]
                texts[toolset] = self._warning_text(concerned) if concerned else None
            return texts[toolset]

        return text_for

    def _warning_text(self, errors: list[Problem]) -> str:
        root, paths = self.app.catalog.root, self.app.catalog.paths
        shown = "; ".join(f"{_relative(p.file, root)}{'#' + p.pointer if p.pointer else ''}: {private_text(p.message, root, paths)} [{p.code}]"
                          for p in errors[:10])
        more = f" (and {len(errors) - 10} more)" if len(errors) > 10 else ""
        twice = (" Of two files defining one id, the first in the catalogue's order (a folder's files before its subfolders', "
                 "each by name) is served: the file named by 'already defined in'.") if any(p.code == Code.DUPLICATE_ID for p in errors) else ""
        return (f"catalogue reload found {len(errors)} new error(s){more}: {shown}. A file that was served before keeps its "
                f"last good version; see GET /validate or `atdf-mcp validate`.{twice}")

    # -- triggers --------------------------------------------------------------------------------

    async def _watch(self, stop: anyio.Event, *, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
        from watchfiles import awatch

        logging.getLogger("watchfiles").setLevel(logging.WARNING)  # it logs every batch at info
        target = self.path if self.path.is_dir() else self.path.parent
        task_status.started()
        gone = failing = False  # the folder was removed; the watch could not be set up with it still there
        polling: bool | None = None  # None: OS file events (unless WATCHFILES_FORCE_POLLING); True once they failed
        lenient = False  # folders inside that cannot be read are left unwatched (watchfiles then ignores every error)
        said: str | None = None  # the network file system type said to be polled
        real = os.path.realpath(target)
        while not stop.is_set():
            try:
                if gone and target.is_dir():  # the folder is back (made again): serve what it holds now
                    await self.reload("the catalogue folder is back")
                gone = False
                if os.path.realpath(target) != real:  # a symlink on the way swapped (a deploy): serve where it leads now
                    real = os.path.realpath(target)
                    await self.reload(f"the catalogue folder now leads to {real}")
                if not target.is_dir():  # watchfiles, when told to ignore permission errors, waits forever on a missing path
                    raise _FolderGone(f"{target} was removed")
                watching = _Watching(stop, target, real)
                remote = None if polling or os.environ.get("WATCHFILES_FORCE_POLLING") else remote_file_system(real)
                if remote is not None and remote != said:
                    said = remote
                    _log.info("%s is on a network file system (%s), whose edits made elsewhere send no event: polling it "
                              "every %.1f s (WATCHFILES_FORCE_POLLING=false watches by events only)", target, remote, POLL_MS / 1000)
                async for changes in awatch(target, watch_filter=_CatalogueFilter(target, self._held), step=STEP_MS,
                                            stop_event=watching, ignore_permission_denied=lenient,
                                            force_polling=True if remote else polling,
                                            poll_delay_ms=POLL_MS):
                    failing = False
                    if not target.is_dir():  # removed: the OS watch died with it, so watch again once it is back
                        raise _FolderGone(f"{target} was removed")
                    _log.debug("watcher: %d change(s): %s", len(changes), sorted(path for _, path in changes)[:5])
                    await self.reload(f"{len(changes)} file change(s)", self._as_loaded({path for _, path in changes}))
            except Exception as exc:  # e.g. the directory was moved away: the watcher must never stop the server
                if not lenient and isinstance(exc, PermissionError) and target.is_dir():  # a folder inside it cannot read
                    _log.info("not watching what %s holds that this server may not read (%s)", target, exc)
                    lenient = True
                    continue
                if polling is None and not isinstance(exc, _FolderGone) and target.is_dir():  # the OS refused a watch (inotify
                    # limits) on a folder that is there: poll it instead
                    _log.warning("cannot watch %s with OS file events (%s); polling it every %.1f s instead. %s", target, exc,
                                 POLL_MS / 1000, _WATCH_LIMITS)
                    polling = True
                    continue
                if not (gone or failing):
                    _log.warning("cannot watch %s (%s); the catalogue served before stays; trying again every second",
                                 target, exc)
                gone, failing = isinstance(exc, _FolderGone) or not target.is_dir(), True
                await anyio.sleep(1)

    def _held(self, path: str) -> bool:
        """Whether `path` (as the watcher spells it) is a document's content file, or a folder holding files served."""
        with contextlib.suppress(OSError, ValueError):
            real = str(Path(path).resolve())
            if any(file == real for file, _ in (self._contents or {}).values()):
                return True
        spelled = self._as_loaded({path})
        if not spelled:
            return False
        prefix = os.path.join(next(iter(spelled)), "")
        return any(file.startswith(prefix) for file in self.app.catalog.files)

    def _as_loaded(self, paths: set[str]) -> set[str] | None:
        """The watcher's paths spelled as the snapshot's file names (joined to the path it was loaded from); None if one
        is elsewhere."""
        base = self.app.catalog.paths[0] if self.app.catalog.paths else self.path
        root = Path(base).resolve()
        spelled = set()
        for path in paths:
            try:
                spelled.add(str(Path(base, Path(path).resolve().relative_to(root))))
            except (ValueError, OSError):
                return None
        return spelled

    async def _on_sighup(self) -> None:
        with anyio.open_signal_receiver(signal.SIGHUP) as signals:
            if _held_sighup.is_set():  # one arrived while the catalogue loaded (hold_sighup): serve it now
                _held_sighup.clear()
                if self._tasks is not None:
                    self._tasks.start_soon(self.reload, "SIGHUP")
            async for _ in signals:
                if self._tasks is not None:
                    self._tasks.start_soon(self.reload, "SIGHUP")


class _FolderGone(FileNotFoundError):
    """The folder watched was removed (its OS watch died with it)."""


class _Watching:
    """The stop event of one OS watch: the server stops, the path watched now leads to another folder (`ln -sfn
    releases/v2 current`), whose files the watch, set on the folder it led to, would never see, or the folder is gone
    (its OS watch died with it, and may not say so). The watcher thread asks every step; the path is resolved again
    once a second."""

    def __init__(self, stop: anyio.Event, target: Path, real: str) -> None:
        self.stop, self.target, self.real = stop, target, real
        self.moved, self.due = False, time.monotonic() + 1

    def is_set(self) -> bool:
        if not self.moved and time.monotonic() >= self.due:
            self.due = time.monotonic() + 1
            self.moved = os.path.realpath(self.target) != self.real or not os.path.isdir(self.target)
        return self.moved or self.stop.is_set()

    def set(self) -> None:
        self.stop.set()  # what awatch does to its event when it is cancelled


_held_sighup = threading.Event()


def hold_sighup() -> None:
    """From now until a LiveCatalog runs, a SIGHUP is remembered and then served by one reload. Its default action ends
    the process, and `kill -HUP` (a deploy's reload) may come while the catalogue still loads."""
    if sys.platform != "win32" and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGHUP, lambda _signum, _frame: _held_sighup.set())


class _CatalogueFilter:
    """Descriptor, configuration, handler and ignore files, and documents' content files; not editor swap files,
    __pycache__ or VCS folders; folders moved in or out; and the watched folder itself (its removal)."""

    def __init__(self, root: Path, held: Callable[[str], bool]) -> None:
        from watchfiles import DefaultFilter

        self.default = DefaultFilter()
        self.root = {str(root), os.path.abspath(root)}
        self.held = held  # whether a path is a content file, or (gone now) was a folder holding served files

    def __call__(self, change: Any, path: str) -> bool:
        if path in self.root or os.path.basename(path) == IGNORE_FILE:
            return True
        if path.lower().endswith(WATCHED_SUFFIXES):
            return self.default(change, path)
        # A folder moved in or out of the tree is one event for the folder and none for its files.
        return self.default(change, path) and (self.held(path) or os.path.isdir(path))


def _mid_write(problems: Sequence[Problem], before: set[Problem]) -> bool:
    """Whether a new error is in a file changed less than SETTLE_MS ago (truncated then written, or written in pieces,
    slower than the watcher's step): reading it a moment later may find the whole save."""
    now = time.time_ns()
    for problem in problems:
        if problem.severity == "error" and problem not in before:
            with contextlib.suppress(OSError):
                if now - os.stat(problem.file).st_mtime_ns < SETTLE_MS * 1_000_000:
                    return True
    return False


def _content_files(published: Published) -> dict[str, tuple[str, tuple[int, int] | None]]:
    """Each document content file served (by its URI) and its signature now."""
    return {uri: (str(doc.path), file_signature(doc.path)) for uri, doc in published.documents.items() if doc.path is not None}


def _compare(reason: str, old: Published, new: Published, problems: tuple[Problem, ...], fresh: tuple[Problem, ...],
             seconds: float) -> Reload:
    """What changed between two snapshots, as the clients must hear it (an object both snapshots share is unchanged)."""
    updated = _changed(old.by_uri, new.by_uri)
    touched = set(updated)
    before, after = old.tools.keys(), new.tools.keys()
    changed = tuple(sorted(name for name in before & after if old.tools[name] is not new.tools[name]
                           and (old.tools[name].uri in touched or new.tools[name].uri in touched)))
    added, removed = tuple(sorted(after - before)), tuple(sorted(before - after))
    lists = {
        "tools": bool(added or removed or changed),
        "prompts": old.list_prompts != new.list_prompts,
        "resources": bool(touched) or old.by_uri.keys() != new.by_uri.keys() or old.documents.keys() != new.documents.keys()
                     or old.static.keys() != new.static.keys() or old.list_templates != new.list_templates,
    }
    updated += [uri for uri in old.static.keys() & new.static.keys() if old.static[uri] != new.static[uri]]
    if lists["tools"]:  # a tool added, removed or changed: the Level-1 index (`ardf://catalog/index`) lists it
        updated.append(INDEX_URI)
    return Reload(reason, added=added, removed=removed, changed=changed, lists=lists, updated=tuple(sorted(updated)),
                  errors=sum(p.severity == "error" for p in problems), warnings=sum(p.severity == "warning" for p in problems),
                  new_problems=fresh, seconds=seconds)


def _tools_listed_differently(views: tuple[Views, Views], disclosures: tuple[Disclosure, Disclosure] | None,
                              toolset: str | None) -> bool:
    """Whether a tool set's tools/list changed (None: the whole catalogue's, whose tools changed: yes). In progressive
    disclosure it lists the pinned tools and the meta-tools only: an edit of another tool changes no list (the Level-1
    index says it)."""
    if disclosures is None or not (disclosures[0].progressive and disclosures[1].progressive):
        return toolset is None or views[0].get(toolset).list_tools != views[1].get(toolset).list_tools
    return disclosures[0].list_tools(views[0].get(toolset)) != disclosures[1].list_tools(views[1].get(toolset))


def _set_changes(views: tuple[Views, Views], *, every_tool: bool = False,
                 disclosures: tuple[Disclosure, Disclosure] | None = None) -> Callable[[str], dict[str, bool]]:
    """What changed in a tool set's view between two snapshots' views: its lists compared (a set renamed or removed
    shows nothing). A changed `tokens:` may have given a session's token another set: every list, to be safe."""
    old, new = views
    retokened = old.snapshot.config.tokens != new.snapshot.config.tokens

    def changes(name: str) -> dict[str, bool]:
        if retokened:
            return {"tools": True, "prompts": True, "resources": True}
        before, after = old.get(name), new.get(name)
        return {"tools": every_tool or _tools_listed_differently(views, disclosures, name),
                "prompts": before.list_prompts != after.list_prompts,
                "resources": before.list_resources != after.list_resources or before.list_templates != after.list_templates}

    return changes


def _changed(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The keys of both whose values differ; a value both share is unchanged without a deep comparison."""
    return [key for key in old.keys() & new.keys() if old[key] is not new[key] and _differs(old[key], new[key])]


def _differs(old: Any, new: Any) -> bool:
    """Whether a client sees a difference: a descriptor that only moved inside its file (a document or list item
    inserted above it) is served the same. One moved to another file is changed: relative paths in it (a prompt's
    images, a document's content) now start from another folder."""
    if old == new:
        return False
    if isinstance(old, Descriptor) and isinstance(new, Descriptor) and old.source.file == new.source.file \
            and old.source.dialect == new.source.dialect:
        return old.model_copy(update={"source": new.source}) != new
    return True


def _catalogue_wide(problem: Problem) -> bool:
    """Whether a problem concerns every tool set: one of atdf-mcp.yaml or of a handler module."""
    name = os.path.basename(problem.file)
    return name in CONFIG_FILE_NAMES or name.endswith(".py")


def _relative(file: str, root: Path | None) -> str:
    """A file as the client may see it: relative to the catalogue, never the server's own layout."""
    if root is not None:
        with contextlib.suppress(ValueError, OSError):
            return Path(file).resolve().relative_to(root.resolve()).as_posix()
    return os.path.basename(file)
