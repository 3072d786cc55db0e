"""Run Python handlers: keyword arguments named as the inputs, an optional `ctx`, sync ones in a thread.

Handler code cannot stop the server: `sys.exit()`, `SystemExit` and `KeyboardInterrupt` raised by a handler
become `HandlerAborted` (an INTERNAL_ERROR for the caller). Each sync tool runs at most `max_threads` threads
at once (default 8), counted until each thread really returns, so handlers stuck past their timeout hold their
own tool's slots and nobody else's; a call that finds no free slot before its deadline raises `HandlerBusy`.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..codes import Code
from ..context import ToolContext
from ..errors import ToolError
from .slots import HandlerBusy, ThreadSlots

__all__ = ["DEFAULT_MAX_THREADS", "HandlerAborted", "HandlerBusy", "PythonDispatcher", "handler_threads_running"]

DEFAULT_MAX_THREADS = 8
"""Threads one sync tool may run at once, unless its binding sets `max_threads`."""

# One pool for every sync handler (asyncio's executor hop is several times cheaper than anyio.to_thread). Threads are
# admitted per tool by ThreadSlots, so the pool only fills if stuck handlers of many tools add up to its size.
_POOL = ThreadPoolExecutor(max_workers=256, thread_name_prefix="atdf-handler")
_ABORTS = (SystemExit, KeyboardInterrupt)  # what handler code may raise to stop a script, never a server
_running = 0  # sync handler threads that have not returned yet (some may be abandoned after a timeout)
_running_lock = threading.Lock()


class HandlerAborted(Exception):
    """A handler raised SystemExit or KeyboardInterrupt (or called sys.exit()); the server keeps serving."""


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
        self.accepted = _accepted_names(function, parameters)
        self.required = _required_names(parameters)
        self.slots = ThreadSlots(max_threads)

    async def call(self, arguments: dict[str, Any], ctx: ToolContext | None) -> Any:
        """Run the handler with the arguments (and ctx when it asks for it)."""
        if self.required and not self.required.issubset(arguments):  # the schema let it through, the function cannot take it
            missing = sorted(self.required.difference(arguments))[0]
            raise ToolError(Code.VALIDATION_ERROR, f"The required argument {missing!r} is missing.", parameter=missing,
                            context={"solution": f"Add the argument {missing!r} (its type is in the tool's inputSchema) and "
                                                 "call again."})
        kwargs = {**arguments, "ctx": ctx} if self.wants_ctx else arguments
        if self.is_async:
            try:
                return await self.function(**kwargs)
            except _ABORTS as exc:
                raise HandlerAborted(f"the handler raised {type(exc).__name__}") from exc
        return await self._in_thread(functools.partial(self.function, **kwargs))

    async def _in_thread(self, run: Callable[[], Any]) -> Any:
        """Run `run` in a worker thread holding one of this tool's slots until the thread returns, even if abandoned."""
        slots = self.slots
        await slots.take()
        claim = _Claim()

        def in_worker() -> Any:
            if not claim.by("thread"):
                return None  # the call was given up before its thread began: nobody waits for a result
            _count(+1)
            try:
                return run()
            except _ABORTS as exc:
                raise HandlerAborted(f"the handler raised {type(exc).__name__}") from exc
            finally:
                _count(-1)
                slots.give_back()

        try:
            return await asyncio.get_running_loop().run_in_executor(_POOL, in_worker)
        except BaseException:
            if claim.by("caller"):  # cancelled before the thread began: give the slot back here
                slots.give_back()
            raise


class _Claim:
    """Who frees a call's slot: its thread once it started, or the caller if the call was given up first."""

    __slots__ = ("_lock", "_owner")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._owner: str | None = None

    def by(self, owner: str) -> bool:
        """Whether `owner` is the first to claim (and so the one that gives the slot back)."""
        with self._lock:
            if self._owner is None:
                self._owner = owner
            return self._owner == owner


def _count(delta: int) -> None:
    global _running
    with _running_lock:
        _running += delta


def _accepted_names(function: Callable[..., Any], parameters: dict[str, inspect.Parameter]) -> frozenset[str] | None:
    """The argument names the function can take by keyword (`ctx` is the server's), or None when it takes any
    (`**kwargs`, or a signature that cannot be read)."""
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return None
    if not parameters and not _signature_readable(function):
        return None
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return frozenset(name for name, p in parameters.items() if p.kind in keyword and name != "ctx")


def _required_names(parameters: dict[str, inspect.Parameter]) -> frozenset[str]:
    """The parameters a call must name: taken by keyword, without a default (`ctx` is the server's)."""
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return frozenset(name for name, p in parameters.items()
                     if p.kind in keyword and p.default is inspect.Parameter.empty and name != "ctx")


_PARAMETERS: weakref.WeakKeyDictionary[Callable[..., Any], dict[str, inspect.Parameter]] = weakref.WeakKeyDictionary()


def _parameters(function: Callable[..., Any]) -> dict[str, inspect.Parameter]:
    """The function's parameters, read once per function: many tools may share one (generated catalogues). Held weakly:
    a function of a handler module imported again goes with its module (its globals may hold a model, a table...)."""
    try:
        found = _PARAMETERS.get(function)
        if found is None:
            found = _PARAMETERS[function] = _signature(function)
        return found
    except TypeError:  # an unhashable callable object, or one no weak reference can point to
        return _signature(function)


def _signature(function: Callable[..., Any]) -> dict[str, inspect.Parameter]:
    try:
        return dict(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return {}


def _signature_readable(function: Callable[..., Any]) -> bool:
    try:
        inspect.signature(function)
    except (TypeError, ValueError):
        return False
    return True
