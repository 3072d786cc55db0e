"""Start-up of `atdf-mcp serve`: load, report problems on stderr, then run a transport."""

from __future__ import annotations

import contextlib
import errno
import gc
import logging
import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .catalog import Catalog, load_catalog
from .collector import freeze_start
from .disclosure import Disclosure
from .errors import AtdfError, UsageError
from .l10n import LANG
from .labels import missing_language_warning
from .live import problem_lines
from .server import CatalogServer
from .shutdown import exit_code, hard_exit
from .summary import Counts, banner_details, listed
from .warm import StartKey, read_preview

if TYPE_CHECKING:
    from collections.abc import Collection

    from .live import LiveCatalog
    from .warm import AfterStart
    from .web import HttpOptions

__all__ = ["DEFAULT_SHUTDOWN_TIMEOUT", "default_catalog_dir", "known_toolset", "load_for_serving", "load_snapshot", "open_listener",
           "serve_http", "serve_stdio", "start_lines", "warm_server"]

DEFAULT_SHUTDOWN_TIMEOUT = 25.0  # seconds; under the 30 s a container runtime waits before SIGKILL

_log = logging.getLogger("atdf_mcp.serve")


def default_catalog_dir() -> Path:
    """`./descriptors` when it exists, else the catalogue bundled beside the package."""
    for candidate in (Path.cwd() / "descriptors", Path(__file__).resolve().parent.parent / "descriptors"):
        if candidate.is_dir():
            return candidate
    raise UsageError("no catalogue directory given and no ./descriptors directory here: pass one, e.g. `atdf-mcp serve ./tools`")


def load_for_serving(directory: str | None, *, lang: str | None, timeout: float | None = None, cache: bool = True,
                     disclosure: str | None = None, page_size: int | None = None,
                     toolset: str | None = None) -> tuple[Catalog, CatalogServer]:
    """Load the catalogue (unchanged files from the snapshot cache), build the server (serving `toolset` by default:
    UsageError when the catalogue defines no such set), print every problem and a summary."""
    path = Path(directory) if directory else default_catalog_dir()
    gc.disable()  # building thousands of small objects: collections here cost ~0.35 s at 5,000 tools
    try:
        catalog = load_catalog(path, lang=lang, timeout=timeout, cache=True, fresh=not cache)
        app = CatalogServer(catalog, disclosure=disclosure, page_size=page_size, cache=True, fresh=not cache,
                            toolset=known_toolset(toolset, catalog))
    finally:
        gc.enable()
    freeze_start()  # the snapshot lives as long as the process: keep it out of every later collection
    LANG.set(app.lang)  # what is built outside any request (a task store's worker lost) speaks --lang too
    for line in start_lines(catalog, app):
        print(line, file=sys.stderr)
    return catalog, app


def known_toolset(name: str | None, catalog: Catalog) -> str | None:
    """`serve --toolset NAME` when the catalogue defines that set; UsageError naming the known sets otherwise."""
    return defined_toolset(name, catalog.config.toolsets)


def defined_toolset(name: str | None, toolsets: Collection[str]) -> str | None:
    """`--toolset NAME` when it is one of `toolsets` (a catalogue's sets); UsageError naming them otherwise."""
    if name is None or name in toolsets:
        return name
    known = ", ".join(sorted(toolsets)) or "none (add `toolsets:` to the catalogue's atdf-mcp.yaml)"
    raise UsageError(f"--toolset {name!r}: the catalogue defines no such tool set; known sets: {known}")


def start_lines(catalog: Catalog, app: CatalogServer) -> list[str]:
    """What `serve` prints on stderr once loaded: every problem, a missing language, and the one-line summary of what its
    clients list (those of the tool set `serve --toolset` names, then) and of the catalogue loaded."""
    problems = catalog.report.problems
    lines = problem_lines(problems, catalog.root)
    unknown = missing_language_warning(catalog, app.lang) if app.lang else None
    if unknown:
        lines.append(f"atdf-mcp: warning: {unknown}")
    details = banner_details(Counts.of(catalog, problems))
    view = app.view()
    mode = (f"; progressive disclosure: {len(view.tools)} tool{'' if len(view.tools) == 1 else 's'} behind search_tools, "
            "get_tool_info and call_tool"
            if app.disclosure.progressive else "")
    served, of = ("", "") if view.toolset is None else (f" of tool set {view.toolset!r}", "catalogue: ")
    lines.append(f"atdf-mcp {__version__}: serving {listed(app.listing())}{served} from {catalog.root} "
                 f"({of}{details}{'; lang ' + app.lang if app.lang else ''}{mode})")
    return lines


def warm_server(key: StartKey, signature: str, *, disclosure: str | None, toolset: str | None) -> CatalogServer | None:
    """A server answering the lists of the last start with `key` (atdf_mcp.warm), its lines printed again; None when
    there is no preview of the folder as it is now."""
    preview = read_preview(key, signature)
    if preview is None:
        return None
    gc.freeze()  # the preview's lists stay until the catalogue replaces them: out of every collection meanwhile
    app = CatalogServer(None, preview=preview, disclosure=disclosure, toolset=toolset)
    LANG.set(preview.lang)
    for line in preview.lines:
        print(line, file=sys.stderr)
    return app


def load_snapshot(directory: str | os.PathLike[str], *, lang: str | None, timeout: float | None,
                  disclosure: str | None) -> tuple[Catalog, Disclosure]:
    """A warm start's catalogue, loaded as `load_for_serving` loads it, and its disclosure (in a worker thread)."""
    gc.disable()
    try:
        with contextlib.redirect_stdout(sys.stderr):  # handler modules' prints never reach the wire
            catalog = load_catalog(Path(directory), lang=lang, timeout=timeout, cache=True)
            return catalog, Disclosure(catalog.prepared(), mode=disclosure, cache=True)
    finally:
        gc.enable()


def serve_stdio(app: CatalogServer, *, shutdown_timeout: float = DEFAULT_SHUTDOWN_TIMEOUT, live: LiveCatalog | None = None,
                after_start: AfterStart | None = None) -> int:
    """Serve one MCP connection over stdin/stdout until the client closes it or SIGINT/SIGTERM; return the exit code.
    `after_start(fail)` runs beside it (a warm start's load; `fail()` ends the session with exit code 2)."""
    from .stdio import run_stdio

    return run_stdio(app, shutdown_timeout=shutdown_timeout, live=live, after_start=after_start)


def open_listener(options: HttpOptions) -> socket.socket:
    """The bound (not yet listening) socket of `serve --transport http|sse`; AtdfError with one clear line if it cannot be had."""
    try:
        infos = socket.getaddrinfo(options.host or None, options.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise AtdfError(f"cannot listen on {options.host!r}: the name does not resolve ({exc.strerror}); "
                         "pass --host with an address of this machine, e.g. 127.0.0.1") from None
    family, kind, proto, _, address = min(infos, key=lambda info: info[0] != socket.AF_INET)  # `localhost`: IPv4 first
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":  # lets a restarted server reuse the port at once; on Windows it would allow stealing it
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise AtdfError(_bind_failure(options, exc)) from None
    return sock


def _bind_failure(options: HttpOptions, exc: OSError) -> str:
    where = f"port {options.port} on {options.host}"
    if exc.errno == errno.EADDRINUSE:
        return f"{where} is already in use; pass --port N or --port 0 for a free one"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"not allowed to listen on {where} (ports below 1024 need privileges); pass --port N, e.g. --port 8000"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {options.host}: it is not an address of this machine; pass --host 127.0.0.1 (or 0.0.0.0 for all)"
    return f"cannot listen on {where}: {exc.strerror or exc}"


def serve_http(app: CatalogServer, options: HttpOptions, *, shutdown_timeout: float = DEFAULT_SHUTDOWN_TIMEOUT,
               listener: socket.socket | None = None, live: LiveCatalog | None = None) -> int:
    """Serve the HTTP transports with uvicorn until SIGTERM/SIGINT; return the exit code.

    On the signal /ready turns 503 while the listener stays open; calls in flight get `shutdown_timeout` seconds
    (at most 5 after Ctrl+C), then answer CANCELLED. A second Ctrl+C stops at once.
    """
    import uvicorn
    from sse_starlette.sse import AppStatus

    from .dispatch.python import handler_threads_running
    from .web import DrainingServer, build_app, security_warnings

    listener = listener or open_listener(options)
    for warning in security_warnings(options, agent_tokens=bool(app.snapshot.config.tokens), toolsets=app.snapshot.config.toolsets):
        print(f"atdf-mcp: warning: {warning}", file=sys.stderr)
    starlette = build_app(app, options, live)
    # SSE streams (GET /sse, the /mcp GET stream, POST responses still carrying a tool result) must outlive the signal
    # until the calls in flight are done: DrainingServer closes them, not sse-starlette's own signal hook.
    AppStatus.disable_automatic_graceful_drain()
    verbose = logging.getLogger().getEffectiveLevel() <= logging.DEBUG  # else our banner replaces uvicorn's start-up lines
    config = uvicorn.Config(starlette, host=options.host, port=options.port, lifespan="on", log_config=None,
                            log_level=logging.DEBUG if verbose else logging.WARNING,
                            timeout_graceful_shutdown=shutdown_timeout + 2, server_header=False)
    server = DrainingServer(config, starlette.state.service, options, shutdown_timeout, app)
    server.run(sockets=[listener])
    code = exit_code(server.stopped_by)
    if app.drain.abandoned or handler_threads_running():  # a sync handler may still run in its thread: never wait for it
        hard_exit(code)
    return code
