"""Run Python handlers: keyword arguments named as the inputs, an optional `ctx`, sync ones in a thread."""

from __future__ import annotations

import asyncio
import functools
import inspect
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..context import ToolContext

__all__ = ["PythonDispatcher"]

# One pool for every sync handler; asyncio's executor hop is several times cheaper than anyio.to_thread.
_POOL = ThreadPoolExecutor(max_workers=32, thread_name_prefix="atdf-handler")


class PythonDispatcher:
    """Calls one Python function; whether it is async and wants `ctx` is decided once, here."""

    def __init__(self, function: Callable[..., Any], reference: str) -> None:
        self.function = function
        self.description = reference
        self.is_async = inspect.iscoroutinefunction(function) or inspect.iscoroutinefunction(
            getattr(function, "__call__", None)  # noqa: B004 - async callable objects
        )
        parameters = _parameters(function)
        self.wants_ctx = "ctx" in parameters
        self.accepted = _accepted_names(function, parameters)

    async def call(self, arguments: dict[str, Any], ctx: ToolContext | None) -> Any:
        """Run the handler with the arguments (and ctx when it asks for it)."""
        kwargs = {**arguments, "ctx": ctx} if self.wants_ctx else arguments
        if self.is_async:
            return await self.function(**kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(_POOL, functools.partial(self.function, **kwargs))


def _accepted_names(function: Callable[..., Any], parameters: dict[str, inspect.Parameter]) -> frozenset[str] | None:
    """The argument names the function can take by keyword (`ctx` is the server's), or None when it takes any
    (`**kwargs`, or a signature that cannot be read)."""
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return None
    if not parameters and not _signature_readable(function):
        return None
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return frozenset(name for name, p in parameters.items() if p.kind in keyword and name != "ctx")


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


def _signature_readable(function: Callable[..., Any]) -> bool:
    try:
        inspect.signature(function)
    except (TypeError, ValueError):
        return False
    return True
