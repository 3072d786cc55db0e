"""Stopping a server without dropping calls: the tool calls in flight, and what they answer when it stops.

    drain = catalog_server.drain    # CatalogServer registers every tools/call here
    drain.begin()                   # SIGTERM/SIGINT: new tool calls answer SHUTTING_DOWN, the rest is served
    await drain.settle(25)          # calls in flight finish; after 25 s the rest answer CANCELLED

Both transports use it (atdf_mcp.stdio, web.DrainingServer): whatever happens, a client waiting for a tool
result gets one — the result, or an isError envelope saying the server stopped — never silence.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import time
from collections.abc import Callable

import anyio

from .codes import Code
from .envelope import build_entry, envelope
from .l10n import gettext as _
from .model import Descriptor

__all__ = ["INTERRUPT_GRACE", "SERVER_STOPPED", "Drain", "cancelled_envelope", "exit_code", "grace_for", "hard_exit", "refused_envelope",
           "stopping_line"]

INTERRUPT_GRACE = 5.0  # seconds calls in flight get after Ctrl+C: someone is waiting at a terminal
_log = logging.getLogger("atdf_mcp.shutdown")


class Drain:
    """The tool calls running on one server (their cancel scopes) and how far a shutdown has gone."""

    __slots__ = ("abandoned", "active", "cancelled", "closing", "since")

    def __init__(self) -> None:
        self.active: set[anyio.CancelScope] = set()
        self.closing = False  # no new tool call is started
        self.cancelled = False  # the shutdown cancelled calls still running (they answer CANCELLED)
        self.abandoned = False  # some call was cancelled (shutdown, timeout, client): its sync handler may still run
        self.since = 0.0

    @property
    def idle(self) -> bool:
        """True when no tool call is running."""
        return not self.active

    def begin(self) -> None:
        """Stop starting new tool calls; the ones in flight carry on."""
        if not self.closing:
            self.closing, self.since = True, time.monotonic()

    def cancel_all(self) -> int:
        """Cancel every call in flight (each answers CANCELLED); return how many."""
        self.begin()
        self.cancelled = self.cancelled or bool(self.active)
        self.abandoned = self.abandoned or bool(self.active)
        for scope in list(self.active):
            scope.cancel()
        return len(self.active)

    async def settle(self, timeout: float, *, idle: Callable[[], bool] | None = None,
                     force: Callable[[], bool] = lambda: False) -> None:
        """Let the calls in flight finish for up to `timeout` s (or until `force()`), cancel the rest, let answers go out.

        `idle` says when nothing is left to wait for (default: no tool call running; HTTP also waits for its requests).
        """
        done = idle or (lambda: self.idle)
        self.begin()
        with anyio.move_on_after(timeout):
            while not done() and not force():
                await anyio.sleep(0.05)
        if not self.idle:
            count = self.cancel_all()
            _log.warning("stopping: cancelled %d call(s) still in flight; their clients get a CANCELLED error", count)
            with anyio.move_on_after(2):  # cancelled handlers return their envelope at their next checkpoint
                while not self.idle:
                    await anyio.sleep(0.02)
        await anyio.sleep(0.2)  # the last answers are still on their way into the transport's streams


def stopping_line(signum: int, running: int, grace: float) -> str:
    """What `serve` prints on stderr when a signal stops it."""
    name = signal.Signals(signum).name
    if not running:
        return f"atdf-mcp: {name}: stopping"
    return (f"atdf-mcp: {name}: stopping; {running} call(s) in flight get up to {grace:g} s to finish, then are cancelled "
            "(a second Ctrl+C stops at once)")


def grace_for(signum: int, timeout: float) -> float:
    """How long calls in flight may run after `signum`: the shutdown timeout, at most INTERRUPT_GRACE for Ctrl+C."""
    return min(timeout, INTERRUPT_GRACE) if signum == signal.SIGINT else timeout


def exit_code(signum: int | None) -> int:
    """The exit status after a clean stop: 130 after Ctrl+C (as shells report it), 0 otherwise."""
    return 130 if signum == signal.SIGINT else 0


def hard_exit(code: int) -> None:
    """Exit now, without waiting for handler threads that were cancelled but cannot be interrupted."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def refused_envelope(tool: Descriptor) -> dict[str, object]:
    """The answer to a tool call that arrives while the server is stopping."""
    return envelope([build_entry(Code.SHUTTING_DOWN, _("The server is shutting down and starts no new calls; {tool} was not run.").format(
                                 tool=repr(tool.id)), tool.id, title=_("Server shutting down"),
                                 context={"retryable": True, "solution": _("Call the tool again once the server is back "
                                                                           "(or on another instance of it).")})])


SERVER_STOPPED = "server_stopped"
"""`context.reason` of a CANCELLED envelope the server's stop caused (no one asked: a task so ended has `failed`)."""


def cancelled_envelope(tool: Descriptor, since: float) -> dict[str, object]:
    """The answer of a tool call that was still running when the server stopped."""
    waited = f"{max(0.0, time.monotonic() - since):.1f}" if since else "0"
    return envelope([build_entry(Code.CANCELLED, _("The server stopped while {tool} was running: the call was cancelled {seconds} s after the "
                                                               "shutdown began and returned no result.").format(tool=repr(tool.id), seconds=waited),
                                 tool.id, title=_("Cancelled by server shutdown"),
                                 context={"retryable": True, "reason": SERVER_STOPPED,
                                          "solution": _("The action may or may not have taken effect: "
                                                        "check before calling the tool again once the server is back.")})])
