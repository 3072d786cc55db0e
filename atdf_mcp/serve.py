"""Start-up of `atdf-mcp serve`: load, report problems on stderr, then run a transport."""

from __future__ import annotations

import contextlib
import gc
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import anyio

from . import __version__
from .catalog import Catalog, Problem, load_catalog
from .errors import UsageError
from .server import CatalogServer

if TYPE_CHECKING:
    from .web import HttpOptions

__all__ = ["DEFAULT_SHUTDOWN_TIMEOUT", "default_catalog_dir", "load_for_serving", "serve_http", "serve_stdio"]

DEFAULT_SHUTDOWN_TIMEOUT = 25.0  # seconds; under the 30 s a container runtime waits before SIGKILL

_log = logging.getLogger("atdf_mcp.serve")


def default_catalog_dir() -> Path:
    """`./descriptors` when it exists, else the catalogue bundled beside the package."""
    for candidate in (Path.cwd() / "descriptors", Path(__file__).resolve().parent.parent / "descriptors"):
        if candidate.is_dir():
            return candidate
    raise UsageError("no catalogue directory given and no ./descriptors directory here: pass one, e.g. `atdf-mcp serve ./tools`")


def load_for_serving(directory: str | None, *, lang: str | None, timeout: float | None = None) -> tuple[Catalog, CatalogServer]:
    """Load the catalogue, build the server and print every problem and a one-line summary on stderr."""
    path = Path(directory) if directory else default_catalog_dir()
    gc.disable()  # building thousands of small objects: collections here cost ~0.35 s at 5,000 tools
    try:
        catalog = load_catalog(path)
        app = CatalogServer(catalog, lang=lang, timeout=timeout)
    finally:
        gc.enable()
    gc.freeze()  # the snapshot lives as long as the process: keep it out of every later collection
    problems: list[Problem] = [*catalog.report.problems, *app.problems]
    for p in problems:
        where = f"{p.file}{'#' + p.pointer if p.pointer else ''}"
        print(f"atdf-mcp: {p.severity}: {where}: {p.message} [{p.code}]", file=sys.stderr)
    counts = ", ".join(f"{n} {kind}{'s' if n != 1 else ''}" for kind, n in sorted(catalog.counts().items())) or "nothing"
    errors = sum(p.severity == "error" for p in problems)
    warnings = sum(p.severity == "warning" for p in problems)  # info lines (skipped files) are neither
    print(f"atdf-mcp {__version__}: serving {counts} from {catalog.root} "
          f"({errors} error(s), {warnings} warning(s){', lang ' + app.lang if app.lang else ''})", file=sys.stderr)
    return catalog, app


def serve_stdio(app: CatalogServer) -> None:
    """Serve one MCP connection over stdin/stdout until the client closes it."""
    from mcp.server.stdio import stdio_server

    async def run() -> None:
        async with stdio_server() as (read, write):
            # fd 1 is diverted by the SDK; also divert Python's buffered sys.stdout, which would
            # otherwise be flushed onto the wire at exit.
            with contextlib.redirect_stdout(sys.stderr):
                await app.server.run(read, write, app.server.create_initialization_options())

    anyio.run(run)


def serve_http(app: CatalogServer, options: HttpOptions, *, shutdown_timeout: float = DEFAULT_SHUTDOWN_TIMEOUT) -> None:
    """Serve the HTTP transports with uvicorn until SIGTERM/SIGINT; calls in flight then get `shutdown_timeout` seconds.

    A second Ctrl+C stops at once.
    """
    import uvicorn
    from sse_starlette.sse import AppStatus

    from .web import DrainingServer, build_app, security_warnings

    for warning in security_warnings(options):
        print(f"atdf-mcp: warning: {warning}", file=sys.stderr)
    starlette = build_app(app, options)
    # SSE streams (GET /sse, the /mcp GET stream, POST responses still carrying a tool result) must outlive the signal
    # until the calls in flight are done: DrainingServer closes them, not sse-starlette's own signal hook.
    AppStatus.disable_automatic_graceful_drain()
    verbose = logging.getLogger().getEffectiveLevel() <= logging.DEBUG  # else our banner replaces uvicorn's start-up lines
    config = uvicorn.Config(starlette, host=options.host, port=options.port, lifespan="on", log_config=None,
                            log_level=logging.DEBUG if verbose else logging.WARNING,
                            timeout_graceful_shutdown=shutdown_timeout + 2, server_header=False)
    DrainingServer(config, starlette.state.service, options, shutdown_timeout).run()
