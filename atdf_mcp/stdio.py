"""`serve` over stdio, stoppable: Ctrl+C and SIGTERM answer the calls in flight, then the process exits.

    code = run_stdio(catalog_server, shutdown_timeout=25)    # returns 0, or 130 after Ctrl+C

The SDK reads stdin in a worker thread that a blocked read keeps alive, so a signal could never end the
process while the client kept stdin open. Here a daemon thread reads it instead, and the first SIGINT or
SIGTERM: stops starting tool calls (new ones answer SHUTTING_DOWN), lets the calls in flight finish (up to
the shutdown timeout, at most 5 s after Ctrl+C), cancels the rest (each answers CANCELLED), then ends the
input as if the client had closed it, so every answer is flushed before exit. A second signal cancels the
calls at once and exits within a second or two.

The client closing stdin is its "shut down" (`printf '...' | atdf-mcp serve DIR` too): the requests already read are
answered first (those still running after `EOF_GRACE` seconds are cancelled and answer CANCELLED), and only then does
the SDK see the end of its input; it would otherwise answer each of them -32000 "Connection closed", no envelope.
The grace is short because a host that closes stdin waits about 2 s for the exit before it sends SIGTERM.
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
from .redirect import stdout_wire
from .server import CatalogServer
from .shutdown import exit_code, grace_for, hard_exit, stopping_line
from .tasks import MemoryTaskStore, TaskRunner
from .wire import Refusal, refusal_of

if TYPE_CHECKING:
    from .live import LiveCatalog
    from .warm import AfterStart

__all__ = ["EOF_GRACE", "run_stdio"]

EOF_GRACE = 1.0
"""Seconds the requests read before stdin ended get to be answered before the calls still running are cancelled."""


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
            async with (stdio_server(stdin=stdin, stdout=_claimed_stdout()) as (read, write), anyio.create_task_group() as tasks,
                        live.running() if live is not None and app.pending is None else contextlib.nullcontext(),  # type: ignore[arg-type]
                        TaskRunner(app, MemoryTaskStore()).serving() as runner):
                app.tasks = runner  # a 2026-07-28 client declaring the MCP tasks extension gets task handles for task tools
                tasks.start_soon(_stop_on_signals, app, stdin, shutdown_timeout, stopped)
                refusals_answered = anyio.Event()
                tasks.start_soon(_answer_refusals, stdin, write, refusals_answered)
                if after_start is not None:
                    def fail() -> None:
                        failed.append(2)
                        stdin.end()

                    tasks.start_soon(after_start, fail)
                # fd 1 is diverted by the SDK; also divert Python's buffered sys.stdout, which would
                # otherwise be flushed onto the wire at exit.
                with contextlib.redirect_stdout(sys.stderr):
                    async with _answered_before_the_end(app, read, write, min(EOF_GRACE, shutdown_timeout),
                                                        refusals_answered) as (inner_read, inner_write):
                        await app.server.run(inner_read, inner_write, app.server.create_initialization_options())
                tasks.cancel_scope.cancel()

    anyio.run(run)
    code = failed[0] if failed else exit_code(stopped[0] if stopped else None)
    if app.drain.abandoned or handler_threads_running():  # a sync handler may still run in its thread: never wait for it
        hard_exit(code)
    return code


@contextlib.asynccontextmanager
async def _answered_before_the_end(app: CatalogServer, read: Any, write: Any, grace: float,
                                   refusals_answered: anyio.Event) -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's streams, relayed so that the end of the input reaches the SDK only once every request read is answered
    (or, past `grace`, once the calls still running were cancelled and answered CANCELLED), the lines refused before
    the SDK (`refusals_answered`) included: once the SDK stops, the wire closes and an answer still queued is lost."""
    to_sdk, sdk_reads = anyio.create_memory_object_stream[Any](16)
    sdk_writes, from_sdk = anyio.create_memory_object_stream[Any](16)
    unanswered: set[Any] = set()
    answered = anyio.Event()

    async def all_answered(seconds: float) -> None:
        """Wait until no request read is unanswered, at most `seconds`."""
        nonlocal answered
        with anyio.move_on_after(seconds):
            while unanswered:
                await answered.wait()
                answered = anyio.Event()

    async def relay_input() -> None:
        async with to_sdk:
            async for message in read:
                _track(getattr(message, "message", None), unanswered)
                await to_sdk.send(message)
            with anyio.move_on_after(grace):
                await refusals_answered.wait()
            await all_answered(grace)  # the requests read run (none is refused SHUTTING_DOWN yet): let them answer
            if unanswered:
                app.drain.cancel_all()
                await all_answered(2)

    async def relay_output() -> None:
        async with write:  # closed once the SDK's last answer is written, as the SDK closes it when it writes directly
            async for message in from_sdk:
                inner = getattr(message, "message", None)
                if getattr(inner, "method", None) is None and getattr(inner, "id", None) in unanswered:
                    unanswered.discard(inner.id)
                    answered.set()
                with contextlib.suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
                    await write.send(message)

    async with anyio.create_task_group() as relays:
        reading = anyio.CancelScope()

        async def relay_input_until_done() -> None:
            with reading:
                await relay_input()

        relays.start_soon(relay_input_until_done)
        relays.start_soon(relay_output)
        async with sdk_writes:
            yield sdk_reads, sdk_writes
        reading.cancel()  # the SDK stopped first (it does when its input ends): nothing is left to relay to it


_UNENDING = frozenset({"subscriptions/listen"})  # requests answered only when their stream ends: never waited for


def _track(message: Any, unanswered: set[Any]) -> None:
    """Note a request the client waits for; forget one it cancelled (a cancelled request gets no answer)."""
    method = getattr(message, "method", None)
    if method is None:
        return
    if method == "notifications/cancelled":
        params = getattr(message, "params", None)
        unanswered.discard(params.get("requestId") if isinstance(params, dict) else getattr(params, "request_id", None))
    elif getattr(message, "id", None) is not None and method not in _UNENDING:
        unanswered.add(message.id)


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


async def _answer_refusals(stdin: _StdinLines, write: Any, answered: anyio.Event) -> None:
    """Write the JSON-RPC error of every line the SDK would have dropped without a reply (see wire.py); set `answered`
    once the input has ended and every one is written."""
    from mcp.shared.message import SessionMessage
    from mcp_types import jsonrpc_message_adapter

    try:
        async for refusal in stdin.refusals:
            with contextlib.suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
                await write.send(SessionMessage(jsonrpc_message_adapter.validate_python(refusal.message())))
    finally:
        answered.set()


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


def _claimed_stdout() -> Any:
    """The wire's stdout when the command claimed it before loading (redirect.stdout_claimed), else None: the SDK claims fd 1."""
    wire = stdout_wire()
    if wire is None:
        return None
    return anyio.wrap_file(io.TextIOWrapper(os.fdopen(wire, "wb", closefd=False), encoding="utf-8"))


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
