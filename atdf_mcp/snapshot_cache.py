"""The snapshot cache: what each file yielded, kept on disk so that a restart reads only the files that changed.

One JSON file per catalogue (never pickle: a cache file must not be able to run code), in the user's cache
directory (`$ATDF_MCP_CACHE_DIR`, else `$XDG_CACHE_HOME/atdf-mcp`, `~/Library/Caches/atdf-mcp`, `%LOCALAPPDATA%`).
A file's entry is used only when its path, size and last change (mtime or ctime, ns), the package version and the
package's own code (atdf_mcp.code_id: an editable install changes it under one version) all match;
anything stale, unreadable or of another shape is read again from the descriptor file, never trusted.
Only files that loaded are cached with their normalized descriptors and problems; the reader turns each cached
descriptor back into the same Descriptor, without the checks it already passed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic_core import from_json

if TYPE_CHECKING:
    from .catalog import Catalog, FileResult, LoadOptions
    from .config import CatalogConfig

__all__ = ["ABSENT", "NoCacheFolder", "cache_dir", "last_change_ns", "load", "store", "writable_dir"]

FORMAT = 1
_log = logging.getLogger("atdf_mcp.cache")
_unwritable: set[str] = set()  # cache folders found unwritable in this process (said once)


class NoCacheFolder(OSError):
    """No cache folder can be named: no $HOME, and the user id has no account (a container run as a random id)."""


ABSENT = (FileNotFoundError, NotADirectoryError, PermissionError, NoCacheFolder)  # a cache never written, or out of reach


def last_change_ns(stat: os.stat_result) -> int:
    """When a file last changed, as its signatures (snapshot, cache, warm start) hold it: the later of mtime and ctime.

    `touch -r`, `cp -p` or an archive can give an edited file its old size and mtime back, but setting a time changes
    the ctime, which no tool can set back (on Windows it is the creation time).
    """
    return max(stat.st_mtime_ns, stat.st_ctime_ns)


def cache_dir() -> Path:
    """Where snapshot caches live on this machine (NoCacheFolder when it depends on a home directory there is none of)."""
    explicit = os.environ.get("ATDF_MCP_CACHE_DIR")
    if explicit:
        return Path(explicit)
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "atdf-mcp" / "Cache"
    if sys.platform != "win32" and sys.platform != "darwin" and os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "atdf-mcp"
    try:
        home = Path.home()
    except (RuntimeError, KeyError) as exc:  # HOME unset and no account for this user id
        raise NoCacheFolder(f"no home directory ({exc})") from None
    if sys.platform == "win32":
        return home / "AppData" / "Local" / "atdf-mcp" / "Cache"
    return home / "Library" / "Caches" / "atdf-mcp" if sys.platform == "darwin" else home / ".cache" / "atdf-mcp"


def writable_dir() -> Path | None:
    """The cache folder (made if need be), or None when it cannot be written: said once per process and folder, for
    the snapshot, search and start caches together (a container's user with no home, a read-only file system)."""
    folder: Path | None = None
    try:
        folder = cache_dir()
        if str(folder) in _unwritable:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(f"no write permission on {folder}")
        return folder
    except OSError as exc:
        if str(folder) not in _unwritable:
            _unwritable.add(str(folder))
            _log.info("the cache folder%s cannot be written (%s: %s): the snapshot, search and start caches are skipped, "
                      "so each start reads every file; set ATDF_MCP_CACHE_DIR to a writable folder (or serve --no-cache)",
                      f" {folder}" if folder else "", type(exc).__name__, exc)
        return None


def cache_file(root: Path, paths: list[Path] | tuple[Path, ...]) -> Path:
    """The cache file of the catalogue loaded from `paths` (rooted at `root`)."""
    key = "\0".join([str(root.resolve()), *(str(p.resolve()) for p in paths)])
    return cache_dir() / f"snapshot-{hashlib.sha256(key.encode('utf-8', 'surrogateescape')).hexdigest()[:24]}.json"


def load(root: Path, paths: list[Path], options: LoadOptions, config: CatalogConfig) -> dict[str, FileResult]:
    """The cached result of every file whose entry is still valid, by path; {} when there is no usable cache."""
    from . import __version__
    from .code_id import code_fingerprint

    path: Path | str = "(none)"
    try:
        path = cache_file(root, paths)
        data = from_json(path.read_bytes(), cache_strings=True)  # keys and short values shared, as files.py parses
        if (data.get("format") != FORMAT or data.get("version") != __version__ or data.get("code") != code_fingerprint()
                or data.get("atdf1_required") != options.atdf1_required):
            return {}
        return {file: _file_result(file, entry, options.atdf1_required) for file, entry in data["files"].items()}
    except ABSENT:  # none yet, or a folder out of reach (writable_dir says so when the cache is written)
        return {}
    except Exception as exc:  # unreadable or of another shape: rebuilt from the descriptor files
        _log.info("snapshot cache %s not used (%s: %s); reading every file", path, type(exc).__name__, exc)
        return {}


def store(catalog: Catalog) -> None:
    """Write the cache of a freshly loaded catalogue (atomically; a cache that cannot be written is only skipped)."""
    from . import __version__
    from .code_id import code_fingerprint

    if writable_dir() is None:
        return
    entries: list[str] = []
    for result in catalog.files.values():
        if result.last_good or result.signature is None:
            continue  # the served version is not the file's content: read it again next time
        try:
            entries.append(f"{json.dumps(result.file)}:{json.dumps(_file_entry(result), ensure_ascii=False, separators=(',', ':'))}")
        except (TypeError, ValueError):  # a YAML value JSON cannot hold (a date...): that file is read again next time
            continue
    head = json.dumps({"format": FORMAT, "version": __version__, "code": code_fingerprint(),
                       "atdf1_required": catalog.options.atdf1_required})
    document = f"{head[:-1]},\"files\":{{{','.join(entries)}}}}}"
    target = cache_file(catalog.root or Path.cwd(), catalog.paths)
    try:
        with tempfile.NamedTemporaryFile("wb", dir=target.parent, prefix=".snapshot-", delete=False) as out:
            out.write(document.encode("utf-8", "surrogatepass"))
        os.replace(out.name, target)
    except OSError as exc:
        _log.info("snapshot cache not written to %s: %s", target, exc)


def _file_entry(result: FileResult) -> dict[str, Any]:
    return {
        "signature": list(result.signature or ()),
        "dialects": sorted(result.dialects),
        "problems": [[p.pointer, p.message, p.severity, p.code] for p in result.problems],
        "lines": list(result.lines),
        "entries": [
            {"pointer": e.descriptor.source.pointer, "dialect": e.descriptor.dialect, "raw": e.descriptor.raw,
             "moves": [list(m) for m in e.moves], "derived": [d.id for d in e.derived]}
            for e in result.entries
        ],
    }


def _file_result(file: str, data: dict[str, Any], atdf1_required: bool) -> FileResult:
    from .catalog import Entry, FileResult, Problem
    from .connectors import derived_tools
    from .dialects import READERS, ReadOptions
    from .model import Source

    options = ReadOptions(atdf1_required=atdf1_required)
    entries = []
    for item in data["entries"]:
        source = Source.build(file=file, pointer=item["pointer"], dialect=item["dialect"])
        descriptor = READERS[item["dialect"]](item["raw"], source, options)
        wanted = item["derived"]
        derived = tuple(t for t in derived_tools(descriptor)[0] if t.id in wanted) if wanted else ()
        entries.append(Entry(descriptor, derived, tuple((a, b) for a, b in item["moves"])))
    size, mtime = data["signature"]
    return FileResult(file, (int(size), int(mtime)), frozenset(data["dialects"]), tuple(entries),
                      tuple(Problem(file, *p) for p in data["problems"]), lines=tuple(data.get("lines", ())))
