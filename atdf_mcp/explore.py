"""`atdf-mcp explore [DIR]`: serve a catalogue over HTTP on a free 127.0.0.1 port and open the explorer in a browser.

    $ atdf-mcp explore ./descriptors
    atdf-mcp: explorer at http://127.0.0.1:41733/   (stderr; then the server's banner)

It is `serve --transport http` on 127.0.0.1 with the browser opened once the server answers; `--no-browser` only
prints the URL (headless machines, tests). Ctrl+C stops it.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
import webbrowser
from collections.abc import Callable
from typing import Any

__all__ = ["add_parser", "serve_arguments", "when_listening"]

READY_WAIT = 30.0  # seconds the browser waits for the server to answer /ready


def add_parser(commands: Any) -> None:
    """Add the `explore` sub-command to the CLI's sub-parsers."""
    explore = commands.add_parser("explore", help="serve a catalogue on a free local port and open its explorer in the browser")
    explore.add_argument("directory", nargs="?", metavar="DIR", help="catalogue directory (default: ./descriptors)")
    explore.add_argument("--port", type=int, default=0, help="port to listen on (default: 0, a free one)")
    explore.add_argument("--no-browser", dest="browser", action="store_false", help="print the URL without opening a browser")
    explore.add_argument("--lang", default=None, help="language of descriptions (default: $ATDF_MCP_LANG)")
    explore.add_argument("--auth-token", default=None, help="require this bearer token to try tools (default: $ATDF_MCP_AUTH_TOKEN)")
    explore.add_argument("--no-watch", dest="watch", action="store_false", help="do not reload when a file of the catalogue changes")


def serve_arguments(args: argparse.Namespace) -> list[str]:
    """The `serve` command line an `explore` command line stands for."""
    argv = ["serve", *([args.directory] if args.directory else []), "--transport", "http", "--host", "127.0.0.1", "--port", str(args.port)]
    if args.lang:
        argv += ["--lang", args.lang]
    if args.auth_token:
        argv += ["--auth-token", args.auth_token]
    if not args.watch:
        argv.append("--no-watch")
    return argv


def when_listening(browser: bool, opener: Callable[[str], Any] = webbrowser.open) -> Callable[[int], None]:
    """What `serve` calls with its port once bound: print the explorer's URL, and open it when the server answers."""

    def listening(port: int) -> None:
        url = f"http://127.0.0.1:{port}/"
        print(f"atdf-mcp: explorer at {url}" + ("" if browser else "  (--no-browser: open it yourself)"), file=sys.stderr, flush=True)
        if browser:
            threading.Thread(target=_open_when_ready, args=(url, opener), name="atdf-mcp-browser", daemon=True).start()

    return listening


def _open_when_ready(url: str, opener: Callable[[str], Any]) -> None:
    """Open `url` once the server answers /ready (or give up quietly after READY_WAIT seconds)."""
    import httpx  # here, not at the top: `import httpx` loads its CLI (rich, pygments: ≈ 0.15 s) and cli.py imports us

    deadline = time.monotonic() + READY_WAIT
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "ready", timeout=1).status_code == 200:
                opener(url)
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
