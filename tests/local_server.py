"""Servers for tests: an ASGI app with uvicorn on a free 127.0.0.1 port in a thread, or `atdf-mcp serve` over HTTP."""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import uvicorn


def stop_process(process: Any) -> None:
    """Kill a server subprocess a test left running, and close its pipes."""
    if process.poll() is None:
        process.kill()
        process.wait(5)
    for stream in (process.stdin, process.stdout, process.stderr):
        with contextlib.suppress(OSError, AttributeError):
            stream.close()


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running(app: Any, *, log_level: str = "warning") -> Iterator[str]:
    """Serve `app` on a free 127.0.0.1 port in a thread; yield its base URL; stop it afterwards."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level=log_level, timeout_graceful_shutdown=2))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def serve_over_http(catalog: Path, *args: str, port: int = 0, env: dict[str, str] | None = None,
                    stop: Callable[[Any], Any] = stop_process) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    """`atdf-mcp serve DIR --transport http --port PORT ARGS` as a subprocess; yield it, its base URL (from the banner) and
    its stderr file; `stop` it afterwards."""
    log = catalog.parent / f"serve-{time.monotonic_ns()}.log"
    with log.open("wb") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(catalog), "--transport", "http", "--port", str(port),
                                    *args], stdout=subprocess.DEVNULL, stderr=stderr, env=env)
    try:
        deadline = time.monotonic() + 30
        while not (match := re.search(r"Streamable HTTP\s+(http://\S+)/mcp", log.read_text(errors="replace"))):
            assert process.poll() is None, log.read_text(errors="replace")
            assert time.monotonic() < deadline, "the server printed no banner"
            time.sleep(0.05)
        yield process, match.group(1), log
    finally:
        stop(process)
