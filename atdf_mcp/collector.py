"""The cyclic garbage collector: paused while thousands of acyclic objects are built that stay alive, and told which
objects survive (a served snapshot), so that its collections stop scanning them."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["COLLECT_DELAY", "freeze_start", "freeze_survivors", "gc_paused"]

_GROWTH = 1.25  # what is frozen may grow by a quarter between full collections (the collector's own rule for gen 2)
_frozen_after_collection = 0
COLLECT_DELAY = 1.0  # seconds after a reload's notifications before its full collection, if one is due: the clients re-list first


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block (it stays off if it was off).

    A load or an index build allocates a few hundred thousand acyclic objects (parsed JSON, descriptors, index
    entries) that stay alive; each collection meanwhile would scan everything already built, which costs more than
    the building itself on large catalogues. Reference counting still frees what is dropped.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def freeze_survivors(*, force: bool = False) -> None:
    """Move every object tracked now out of later collections (`gc.freeze()`), as after a reload.

    The freeze also takes what the requests in flight hold, and what of it later becomes cyclic garbage can never be
    collected while frozen. So once the frozen objects have grown by a quarter since the last full collection (or when
    `force`d), they are unfrozen, collected once and frozen again: the garbage is bounded, and the full collection's
    cost (a scan of the whole snapshot) is paid once per quarter of growth, not at every reload."""
    global _frozen_after_collection
    gc.freeze()
    if force or gc.get_freeze_count() > _frozen_after_collection * _GROWTH:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _frozen_after_collection = gc.get_freeze_count()


def freeze_start() -> None:
    """`gc.freeze()` once the start's catalogue is in, counted as collected: a start makes almost no garbage, so the
    first full collection waits, as every later one, for the frozen objects to grow by a quarter."""
    global _frozen_after_collection
    gc.freeze()
    _frozen_after_collection = gc.get_freeze_count()
