"""A warm start over stdio: the lists of the last start, answered while the catalogue loads.

    key = StartKey.of(directory, lang=None, timeout=None, disclosure=None, toolset=None)
    preview = read_preview(key, key.signature())
    app = CatalogServer(None, preview=preview)         # serves tools/list at once; other requests wait
    run_stdio(app, shutdown_timeout=25, live=live,
              after_start=functools.partial(complete_start, app, load, key, live))   # run_stdio passes `fail`

A host such as Claude Desktop spawns the server and asks for its lists before anything else; loading thousands of
descriptors (even from the snapshot cache) takes longer than importing the SDK. After a start has served, it writes
what its default view lists (tools, prompts, resources, resource templates, as JSON lines: data, never pickle) with
the server's name, version, instructions and start-up lines, keyed by every file under the catalogue folder (path,
size, last change in ns), the package version and the options that shape the lists (--lang, --timeout,
--disclosure, --toolset). The next start whose key matches answers those lists at once and loads the catalogue in a
worker thread once the host has them (or a request needs the catalogue, or after `WANTED_WAIT` s): every other
request waits for it. A key that does not match, a file that cannot be read or parsed: the start loads first, as
without a preview, and writes a new one. Should the loaded catalogue list anything else (a handler module outside
the folder changed, an environment variable), the clients get `list_changed` and the preview is written again.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import logging
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
from pydantic_core import from_json  # (pydantic's Rust parser: ≈ 40 ms for 5,000 tools where json.loads takes 55-120)

from .collector import freeze_start
from .snapshot_cache import ABSENT, cache_dir, last_change_ns, writable_dir

if TYPE_CHECKING:
    from .catalog import Catalog
    from .disclosure import Disclosure
    from .live import LiveCatalog
    from .server import CatalogServer

__all__ = ["LISTS", "AfterStart", "WANTED_WAIT", "Pending", "Preview", "StartKey", "complete_start", "listed_json", "read_preview",
           "remember_start", "write_preview"]

FORMAT = 1
LISTS = ("tools", "prompts", "resources", "templates")  # one JSON line each, after the header line
WANTED_WAIT = 1.0  # s: the catalogue loads this long after the start at the latest, even if nothing asked for it
AfterStart = Callable[[Callable[[], None]], Awaitable[None]]  # run beside a stdio session; its argument ends the session
_SKIPPED_DIRS = ("__pycache__", "node_modules")  # as atdf_mcp.files.find_files (hidden folders too)
_log = logging.getLogger("atdf_mcp.warm")


@dataclass(frozen=True, slots=True)
class StartKey:
    """What a preview must match: the catalogue folder and the options that shape its lists."""

    root: Path
    options: tuple[Any, ...]

    @classmethod
    def of(cls, directory: str | os.PathLike[str], *, lang: str | None, timeout: float | None, disclosure: str | None,
           toolset: str | None) -> StartKey:
        """The key of `serve DIR` with these options."""
        from .code_id import code_fingerprint

        return cls(Path(directory).resolve(), (FORMAT, code_fingerprint(), lang, timeout, disclosure, toolset))

    def file(self) -> Path:
        """The preview file of this folder and these options."""
        name = json.dumps([str(self.root), *self.options], default=str)
        return cache_dir() / f"start-{hashlib.sha256(name.encode('utf-8', 'surrogateescape')).hexdigest()[:24]}.jsonl"

    def signature(self) -> str:
        """A digest of every file under the folder (path, size, last of mtime and ctime): any edit, touch, new or deleted
        file changes it."""
        entries: list[str] = []
        seen: set[str] = set()
        pending = [str(self.root)]
        skip = len(str(self.root)) + 1
        while pending:
            folder = pending.pop()
            real = os.path.realpath(folder)
            if real in seen:  # a symbolic link loop
                continue
            seen.add(real)
            try:
                with os.scandir(folder) as found:
                    listed = sorted(found, key=_entry_name)
            except OSError:
                entries.append(f"{folder[skip:]}\0unreadable")
                continue
            for entry in listed:
                try:
                    if entry.is_dir():
                        if not entry.name.startswith(".") and entry.name not in _SKIPPED_DIRS:
                            pending.append(entry.path)
                        continue
                    stat = entry.stat()
                    entries.append(f"{entry.path[skip:]}\0{stat.st_size}\0{last_change_ns(stat)}")
                except OSError:  # a dangling link, a file gone meanwhile
                    entries.append(f"{entry.path[skip:]}\0gone")
        return hashlib.sha256("\n".join(entries).encode("utf-8", "surrogateescape")).hexdigest()


def _entry_name(entry: os.DirEntry[str]) -> str:
    return entry.name


class Preview:
    """What the last start with the same key listed: its header and each list's JSON, parsed at first use."""

    __slots__ = ("_results", "header", "lines", "raw")

    def __init__(self, header: dict[str, Any], raw: dict[str, bytes]) -> None:
        self.header, self.raw = header, raw
        self.lines: list[str] = [str(line) for line in header.get("lines", [])]
        self._results: dict[str, Any] = {}

    @property
    def name(self) -> str:
        return str(self.header["name"])

    @property
    def version(self) -> str:
        return str(self.header["version"])

    @property
    def instructions(self) -> str | None:
        value = self.header.get("instructions")
        return value if isinstance(value, str) else None

    @property
    def lang(self) -> str | None:
        value = self.header.get("lang")
        return value if isinstance(value, str) else None

    def result(self, kind: str) -> dict[str, Any] | None:
        """The list result of `kind` (one of LISTS) as JSON, which the SDK validates and sends like any handler's dict
        (parsing it into models first would cost ≈ 50 µs a tool at start, for the SDK to dump them again); None when
        that line does not parse (the request then waits for the catalogue)."""
        if kind not in self._results:
            try:
                self._results[kind] = _checked(kind, from_json(self.raw[kind]))
            except ValueError as exc:
                _log.info("start preview: the %s line is not used (%s)", kind, exc)
                self._results[kind] = None
        return self._results[kind]


_REQUIRED = {"tools": ("tools", "name", "inputSchema"), "prompts": ("prompts", "name", "name"),
             "resources": ("resources", "uri", "name"), "templates": ("resourceTemplates", "uriTemplate", "name")}


def _checked(kind: str, result: Any) -> dict[str, Any]:
    """`result` when it has the shape of a `kind` list (each item with its required keys); ValueError otherwise."""
    key, first, second = _REQUIRED[kind]
    items = result.get(key) if isinstance(result, dict) else None
    if not isinstance(items, list) or not all(isinstance(i, dict) and first in i and second in i for i in items):
        raise ValueError(f"the {kind} line is not a list result")
    return result


def read_preview(key: StartKey, signature: str) -> Preview | None:
    """The preview written for `key` when every file under its folder is as it was then (`signature`); None otherwise."""
    path: Path | str = "(none)"
    try:
        path = key.file()
        with open(path, "rb") as f:
            header = json.loads(f.readline())
            if not isinstance(header, dict) or header.get("options") != json.loads(json.dumps(list(key.options))):
                return None
            if header.get("signature") != signature:
                return None
            raw = {kind: f.readline().rstrip(b"\n") for kind in LISTS}
        if not all(raw.values()) or not isinstance(header.get("name"), str) or not isinstance(header.get("version"), str):
            return None
        preview = Preview(header, raw)
        return preview if preview.result("tools") is not None else None  # the other lists are parsed when asked
    except ABSENT:  # none yet, or out of reach (said once when written)
        return None
    except Exception as exc:  # unreadable, truncated, of another shape: the start loads first
        _log.info("start preview %s not used (%s: %s)", path, type(exc).__name__, exc)
        return None


def listed_json(app: CatalogServer, disclosure: Disclosure | None = None) -> dict[str, bytes]:
    """The JSON of each list the default view of `app` answers (stdio: the server's tool set and language)."""
    from .view import Views

    if disclosure is None:
        disclosure, view = app.disclosure, app.views.get(app.toolset, app.lang)
    else:  # the disclosure of a snapshot not served yet
        view = Views(disclosure.snapshot).get(app.toolset, disclosure.snapshot.lang)
    results = {"tools": disclosure.list_tools(view), "prompts": disclosure.list_prompts(view),
               "resources": disclosure.list_resources(view), "templates": view.list_templates}
    return {kind: result.model_dump_json(by_alias=True, exclude_none=True).encode() for kind, result in results.items()}


def write_preview(key: StartKey, signature: str, app: CatalogServer, listed: dict[str, bytes], lines: list[str]) -> None:
    """Write the preview of `app`'s lists (atomically; one that cannot be written is only skipped)."""
    server = app.server
    header = {"options": list(key.options), "signature": signature, "name": server.name, "version": server.version,
              "instructions": server.instructions, "lang": app.lang, "lines": lines}
    if writable_dir() is None:
        return
    target = key.file()
    try:
        with tempfile.NamedTemporaryFile("wb", dir=target.parent, prefix=".start-", delete=False) as out:
            out.write(json.dumps(header, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n")
            for kind in LISTS:
                out.write(listed[kind] + b"\n")
        os.replace(out.name, target)
    except (OSError, TypeError, ValueError) as exc:
        _log.info("start preview not written to %s: %s", target, exc)
        with contextlib.suppress(OSError, UnboundLocalError):
            os.unlink(out.name)


class Pending:
    """A CatalogServer's catalogue still loading: its preview's lists answered, every other request held until it is in."""

    __slots__ = ("_ready", "_wanted", "done", "preview")

    def __init__(self, preview: Preview) -> None:
        self.preview = preview
        self.done = False
        self._ready: anyio.Event | None = None  # made on the event loop, at first use
        self._wanted: anyio.Event | None = None

    @property
    def ready(self) -> anyio.Event:
        """Set when the catalogue is served."""
        if self._ready is None:
            self._ready = anyio.Event()
        return self._ready

    @property
    def wanted(self) -> anyio.Event:
        """Set when the client has its first list, or a request waits for the catalogue: time to load it."""
        if self._wanted is None:
            self._wanted = anyio.Event()
        return self._wanted

    def finish(self) -> None:
        """The catalogue is served: let the held requests go."""
        self.done = True
        self.ready.set()
        self.wanted.set()

    def gate(self, handler: Callable[[Any, Any], Awaitable[Any]], kind: str | None = None) -> Callable[[Any, Any], Awaitable[Any]]:
        """`handler`, answered from the preview (lists of `kind`) or held until the catalogue is served."""

        async def gated(ctx: Any, params: Any) -> Any:
            if not self.done:
                early = self._early(kind, ctx, params) if kind is not None else None
                self.wanted.set()
                if early is not None:
                    return early
                await self.ready.wait()
            return await handler(ctx, params)

        return gated

    def _early(self, kind: str, ctx: Any, params: Any) -> Any:
        """The preview's list, when the request asks for what the default view listed (no cursor, no language of its own)."""
        from .l10n import lang_of_meta

        if getattr(params, "cursor", None) is not None or lang_of_meta(getattr(ctx, "meta", None)) is not None:
            return None
        client = getattr(getattr(ctx, "session", None), "client_params", None)
        if lang_of_meta(getattr(client, "meta", None)) is not None:
            return None
        return self.preview.result(kind)


async def complete_start(app: CatalogServer, load: Callable[[], tuple[Catalog, Disclosure]], key: StartKey,
                         live: LiveCatalog | None, fail: Callable[[], None]) -> None:
    """Load the catalogue of a warm start once it is wanted, serve it, tell the clients if it lists anything else than
    the preview did, then run `live` (watcher, SIGHUP) until cancelled, reloading first if a file changed during the
    load (then no preview is written: the next start loads first). `fail()` ends the session if it cannot load."""
    pending = app.pending
    assert pending is not None
    with anyio.move_on_after(WANTED_WAIT):
        await pending.wanted.wait()
    await anyio.sleep(0.01)  # the list just answered is serialized and written before the load takes the interpreter
    try:
        catalog, disclosure = await anyio.to_thread.run_sync(load)
        listed = await anyio.to_thread.run_sync(listed_json, app, disclosure)
    except Exception as exc:  # the folder went away between the key and the load, or worse: one line, then stop
        print(f"atdf-mcp: error: the catalogue could not be loaded: {exc}", file=sys.stderr, flush=True)
        fail()
        return
    app.complete(catalog, disclosure)
    gc.enable()  # the catalogue is in: the collector, paused since the start (cli.py), runs again
    freeze_start()
    changed = [kind for kind in LISTS if listed[kind] != pending.preview.raw[kind]]
    signature = await anyio.to_thread.run_sync(key.signature)
    moved = signature != pending.preview.header.get("signature")  # a file changed while the catalogue loaded
    if changed and not moved:  # written before the clients are told: a client that restarts the server at once gets it
        await anyio.to_thread.run_sync(write_preview, key, signature, app, listed, pending.preview.lines)
    if changed:
        print(f"atdf-mcp: the catalogue lists {', '.join(changed)} other than at the last start: clients told", file=sys.stderr,
              flush=True)
        await app.notifier.lists_changed(tools="tools" in changed, prompts="prompts" in changed,
                                         resources="resources" in changed or "templates" in changed)
    await _serve_live(live, reload=moved)


async def remember_start(app: CatalogServer, key: StartKey, signature: str, lines: list[str]) -> None:
    """After a start that loaded first: write its preview once the client has had time for its lists, or when the session
    ends before that (off the event loop). `signature` is the folder's, taken before the load: a file changed since,
    and the next start loads first."""
    try:
        await anyio.sleep(WANTED_WAIT)
    finally:
        with anyio.CancelScope(shield=True):
            listed = await anyio.to_thread.run_sync(listed_json, app)
            await anyio.to_thread.run_sync(write_preview, key, signature, app, listed, lines)


async def _serve_live(live: LiveCatalog | None, *, reload: bool = False) -> None:
    """Run `live` (watcher, SIGHUP) until cancelled; first a reload when a file changed before it was watching."""
    if live is None:
        return
    async with live.running():
        if reload:
            await live.reload("a file changed while the catalogue loaded")
        await anyio.sleep_forever()

