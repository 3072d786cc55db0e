"""`serve` over stdio, stoppable: Ctrl+C and SIGTERM answer the calls in flight, then the process exits.

    >>> code = run_stdio(catalog_server, shutdown_timeout=25)    # returns 0, or 130 after Ctrl+C

The SDK reads stdin in a worker thread that a blocked read keeps alive, so a signal could never end the
process while the client kept stdin open. Here a daemon thread reads it instead, and the first SIGINT or
SIGTERM: stops starting tool calls (new ones answer SHUTTING_DOWN), lets the calls in flight finish (up to
the shutdown timeout, at most 5 s after Ctrl+C), cancels the rest (each answers CANCELLED), then ends the
input as if the client had closed it, so every answer is flushed before exit. A second signal cancels the
calls at once and exits within a second or two.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

import anyio
import anyio.from_thread
import anyio.lowlevel

from .dispatch.python import handler_threads_running
from .jsonsafe import clean_json_line
from .server import CatalogServer
from .shutdown import exit_code, grace_for, hard_exit, stopping_line
from .tasks import MemoryTaskStore, TaskRunner
from .wire import Refusal, refusal_of

if TYPE_CHECKING:
    from .live import LiveCatalog
    from .warm import AfterStart

__all__ = ["run_stdio"]


def run_stdio(app: CatalogServer, *, shutdown_timeout: float, live: LiveCatalog | None = None,
              after_start: AfterStart | None = None) -> int:
    """Serve one MCP connection over stdin/stdout until the client closes it or a signal stops it; return the exit code.

    `after_start(fail)` runs beside the session (a warm start's load, atdf_mcp.warm; it runs `live` itself once the
    catalogue is in); `fail()` ends the session, and the process exits with code 2."""
    from mcp.server.stdio import stdio_server

    stopped: list[int] = []
    failed: list[int] = []

    async def run() -> None:
        with _claimed_stdin() as stdin:
            async with (stdio_server(stdin=stdin) as (read, write), anyio.create_task_group() as tasks,
                        live.running() if live is not None and app.pending is None else contextlib.nullcontext(),  # type: ignore[arg-type]
                        TaskRunner(app, MemoryTaskStore()).serving() as runner):
                app.tasks = runner  # a 2026-07-28 client declaring the MCP tasks extension gets task handles for task tools
                tasks.start_soon(_stop_on_signals, app, stdin, shutdown_timeout, stopped)
                tasks.start_soon(_answer_refusals, stdin, write)
                if after_start is not None:
                    def fail() -> None:
                        failed.append(2)
                        stdin.end()

                    tasks.start_soon(after_start, fail)
                # fd 1 is diverted by the SDK; also divert Python's buffered sys.stdout, which would
                # otherwise be flushed onto the wire at exit.
                with contextlib.redirect_stdout(sys.stderr):
                    await app.server.run(read, write, app.server.create_initialization_options())
                tasks.cancel_scope.cancel()

    anyio.run(run)
    code = failed[0] if failed else exit_code(stopped[0] if stopped else None)
    if app.drain.abandoned or handler_threads_running():  # a sync handler may still run in its thread: never wait for it
        hard_exit(code)
    return code


async def _stop_on_signals(app: CatalogServer, stdin: _StdinLines, timeout: float, stopped: list[int]) -> None:
    if sys.platform == "win32":  # no signal receivers there: Ctrl+C raises KeyboardInterrupt, and the stdin thread never holds exit
        return
    with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async with anyio.create_task_group() as tasks:
            async for signum in signals:
                if not stopped:
                    stopped.append(signum)
                    grace = grace_for(signum, timeout)
                    print(stopping_line(signum, len(app.drain.active), grace), file=sys.stderr, flush=True)
                    tasks.start_soon(_settle_then_end, app, stdin, grace)
                else:
                    print("atdf-mcp: stopping now", file=sys.stderr, flush=True)
                    app.drain.cancel_all()
                    _exit_soon(exit_code(stopped[0]))
                    tasks.start_soon(_settle_then_end, app, stdin, 0)


async def _settle_then_end(app: CatalogServer, stdin: _StdinLines, grace: float) -> None:
    await app.drain.settle(grace)
    stdin.end()


def _exit_soon(code: int, after: float = 2.0) -> None:
    """Exit after `after` s even if the client no longer reads what is left to write."""
    timer = threading.Timer(after, hard_exit, (code,))
    timer.daemon = True
    timer.start()


async def _answer_refusals(stdin: _StdinLines, write: Any) -> None:
    """Write the JSON-RPC error of every line the SDK would have dropped without a reply (see wire.py)."""
    from mcp.shared.message import SessionMessage
    from mcp_types import jsonrpc_message_adapter

    async for refusal in stdin.refusals:
        with contextlib.suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
            await write.send(SessionMessage(jsonrpc_message_adapter.validate_python(refusal.message())))


class _StdinLines:
    """The client's stdin as an async iterator of lines, read by a daemon thread; `end()` ends it early.

    Lines that cannot be handed to the SDK (unparseable, nested too deep, an invalid id) go to `refusals` instead.
    """

    def __init__(self, stream: Any) -> None:
        self.send, self.receive = anyio.create_memory_object_stream[str](16)
        self.refuse, self.refusals = anyio.create_memory_object_stream[Refusal](16)
        token = anyio.lowlevel.current_token()  # called from the event loop: the thread hands lines back to it
        threading.Thread(target=self._pump, args=(stream, token), name="atdf-mcp stdin", daemon=True).start()

    def end(self) -> None:
        """End the input now, as if the client had closed stdin."""
        self.send.close()
        self.refuse.close()

    def _pump(self, stream: Any, token: Any) -> None:
        try:
            for line in stream:
                line = clean_json_line(line)  # lone surrogates first: the checks below could not parse them
                refusal = refusal_of(line)
                if refusal is None:
                    anyio.from_thread.run(self.send.send, line, token=token)
                else:
                    anyio.from_thread.run(self.refuse.send, refusal, token=token)
        except Exception:  # the loop is gone or the input was ended: nobody is left to deliver to
            pass
        with contextlib.suppress(Exception):
            anyio.from_thread.run_sync(self.end, token=token)

    def __aiter__(self) -> AsyncIterator[str]:
        return self.receive.__aiter__()


@contextlib.contextmanager
def _claimed_stdin() -> Iterator[_StdinLines]:
    """Read the wire from a private copy of fd 0 while fd 0 itself reads the null device (handlers get EOF, not protocol)."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # stdin is not a file (embedded use): read the object itself
        yield _StdinLines(sys.stdin)
        return
    private = os.dup(fd)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, fd)
    os.close(null)
    # closefd=False: the daemon thread may still block on `private` at exit; it must never be recycled under it.
    wire = io.TextIOWrapper(os.fdopen(private, "rb", closefd=False), encoding="utf-8", errors="replace")
    try:
        yield _StdinLines(wire)
    finally:
        with contextlib.suppress(OSError):
            os.dup2(private, fd)
