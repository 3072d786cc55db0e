"""Run Python handlers: keyword arguments named as the inputs, an optional `ctx`, sync ones in a thread.

Handler code cannot stop the server: `sys.exit()`, `SystemExit` and `KeyboardInterrupt` raised by a handler
become `HandlerAborted` (an INTERNAL_ERROR for the caller). Each sync tool runs at most `max_threads` threads
at once (default 8), counted until each thread really returns, so handlers stuck past their timeout hold their
own tool's slots and nobody else's; a call that finds no free slot before its deadline raises `HandlerBusy`.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import threading
from collections.abc import Callable
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread

from ..context import ToolContext

__all__ = ["DEFAULT_MAX_THREADS", "HandlerAborted", "HandlerBusy", "PythonDispatcher", "handler_threads_running"]

DEFAULT_MAX_THREADS = 8
"""Threads one sync tool may run at once, unless its binding sets `max_threads`."""

_ABORTS = (SystemExit, KeyboardInterrupt)  # what handler code may raise to stop a script, never a server
_running = 0  # sync handler threads that have not returned yet (some may be abandoned after a timeout)
_running_lock = threading.Lock()


class HandlerAborted(Exception):
    """A handler raised SystemExit or KeyboardInterrupt (or called sys.exit()); the server keeps serving."""


class HandlerBusy(Exception):
    """Every thread slot of a sync tool stayed taken until the call's deadline (its earlier calls are still running)."""

    def __init__(self, capacity: int) -> None:
        super().__init__(f"all {capacity} thread slot(s) of the tool are in use")
        self.capacity = capacity


def handler_threads_running() -> int:
    """How many sync handler threads are still running (an exit must not wait for them)."""
    return _running


class PythonDispatcher:
    """Calls one Python function; whether it is async and wants `ctx` is decided once, here."""

    def __init__(self, function: Callable[..., Any], reference: str, *, max_threads: int = DEFAULT_MAX_THREADS) -> None:
        self.function = function
        self.description = reference
        self.is_async = inspect.iscoroutinefunction(function) or inspect.iscoroutinefunction(
            getattr(function, "__call__", None)  # noqa: B004 - async callable objects
        )
        parameters = _parameters(function)
        self.wants_ctx = "ctx" in parameters
        self.max_threads = max_threads
        self._slots: anyio.CapacityLimiter | None = None  # made on first use, inside the running event loop

    async def call(self, arguments: dict[str, Any], ctx: ToolContext | None) -> Any:
        """Run the handler with the arguments (and ctx when it asks for it)."""
        kwargs = {**arguments, "ctx": ctx} if self.wants_ctx else arguments
        if self.is_async:
            try:
                return await self.function(**kwargs)
            except _ABORTS as exc:
                raise HandlerAborted(f"the handler raised {type(exc).__name__}") from exc
        return await self._in_thread(functools.partial(self.function, **kwargs))

    async def _in_thread(self, run: Callable[[], Any]) -> Any:
        """Run `run` in a worker thread holding one of this tool's slots until the thread returns, even if abandoned."""
        if self._slots is None:
            self._slots = anyio.CapacityLimiter(self.max_threads)
        slot = _Slot(self._slots)
        await slot.take(self.max_threads)

        def in_worker() -> Any:
            if not slot.claim("thread"):
                return None  # the call was given up before its thread began: nobody waits for a result
            _count(+1)
            try:
                return run()
            except _ABORTS as exc:
                raise HandlerAborted(f"the handler raised {type(exc).__name__}") from exc
            finally:
                _count(-1)
                with contextlib.suppress(Exception):  # the event loop is gone (server stopped): nobody to hand the slot to
                    anyio.from_thread.run_sync(slot.give_back)

        try:
            return await anyio.to_thread.run_sync(in_worker, abandon_on_cancel=True)
        except BaseException:
            if slot.claim("caller"):  # cancelled before the thread began: give the slot back here
                slot.give_back()
            raise


class _Slot:
    """One call's hold on a tool's thread slots; released by its thread when it returns, or by the caller if it never ran."""

    __slots__ = ("_lock", "_owner", "limiter")

    def __init__(self, limiter: anyio.CapacityLimiter) -> None:
        self.limiter = limiter
        self._lock = threading.Lock()
        self._owner: str | None = None  # "thread" once the handler started, "caller" if the call gave up first

    async def take(self, capacity: int) -> None:
        """Wait for a free slot, until shortly before the call's deadline; HandlerBusy if none came."""
        deadline = anyio.current_effective_deadline()
        # End the wait just before the call's own deadline, so the caller hears BUSY rather than TIMEOUT.
        wait_until = deadline - min(0.05, max(0.0, deadline - anyio.current_time()) / 10)
        with anyio.CancelScope(deadline=wait_until) as waiting:
            await self.limiter.acquire_on_behalf_of(self)
        if waiting.cancelled_caught:
            raise HandlerBusy(capacity)

    def claim(self, owner: str) -> bool:
        """Whether `owner` is the first to claim the slot (the one that must give it back)."""
        with self._lock:
            if self._owner is None:
                self._owner = owner
            return self._owner == owner

    def give_back(self) -> None:
        """Free the slot (called on the event loop)."""
        self.limiter.release_on_behalf_of(self)


def _count(delta: int) -> None:
    global _running
    with _running_lock:
        _running += delta


def _parameters(function: Callable[..., Any]) -> dict[str, inspect.Parameter]:
    try:
        return _cached_parameters(function)
    except TypeError:  # an unhashable callable object
        return _signature(function)


@functools.lru_cache(maxsize=4096)  # many tools may share one function (generated catalogues)
def _cached_parameters(function: Callable[..., Any]) -> dict[str, inspect.Parameter]:
    return _signature(function)


def _signature(function: Callable[..., Any]) -> dict[str, inspect.Parameter]:
    try:
        return dict(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return {}
