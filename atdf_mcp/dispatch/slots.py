"""Thread slots of one sync tool: at most `capacity` of its handler threads run at once, each counted until it returns.

    slots = ThreadSlots(8)
    await slots.take()        # waits for a free slot until just before the call's deadline, else HandlerBusy
    slots.give_back()         # from any thread, when the handler's thread returns (even long after a timeout)

A thread abandoned after a timeout keeps its slot, so stuck handlers exhaust their own tool's slots and nobody
else's. Taking a free slot and giving it back are a lock and a counter; only a call that has to wait parks a future.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque

import anyio

from ..errors import HandlerBusy

__all__ = ["HandlerBusy", "ThreadSlots"]


class ThreadSlots:
    """A counter of one tool's running handler threads, with the calls waiting for one to return."""

    __slots__ = ("_lock", "_taken", "_waiters", "capacity")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._taken = 0
        self._lock = threading.Lock()
        # Made by the first call that has to wait: an empty deque is 0.6 KiB, and a catalogue has thousands of tools.
        self._waiters: deque[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] | None = None

    def try_take(self) -> bool:
        """Take a free slot now if there is one."""
        with self._lock:
            if self._taken < self.capacity:
                self._taken += 1
                return True
            return False

    async def take(self) -> None:
        """Take a slot, waiting until shortly before the call's deadline; HandlerBusy if none came free."""
        if self.try_take():
            return
        deadline = anyio.current_effective_deadline()
        # End the wait just before the call's own deadline, so the caller hears BUSY rather than TIMEOUT.
        with anyio.CancelScope(deadline=deadline - min(0.05, max(0.0, deadline - anyio.current_time()) / 10)):
            loop = asyncio.get_running_loop()
            while True:
                woken: asyncio.Future[None] = loop.create_future()
                with self._lock:
                    if self._taken < self.capacity:
                        self._taken += 1
                        return
                    if self._waiters is None:
                        self._waiters = deque()
                    self._waiters.append((loop, woken))
                try:
                    await woken
                except BaseException:
                    with self._lock, contextlib.suppress(ValueError):
                        self._waiters.remove((loop, woken))  # type: ignore[union-attr]  # made before this wait
                    self._wake_next()  # a wake-up meant for this call must not be lost with it
                    raise
        raise HandlerBusy(self.capacity)

    def give_back(self) -> None:
        """Free a slot (from any thread) and wake the first call waiting for one."""
        with self._lock:
            self._taken -= 1
        self._wake_next()

    def _wake_next(self) -> None:
        with self._lock:
            if self._taken >= self.capacity or not self._waiters:
                return
            loop, woken = self._waiters.popleft()
        with contextlib.suppress(RuntimeError):  # that call's event loop is closed
            loop.call_soon_threadsafe(_wake, woken)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
