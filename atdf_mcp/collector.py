"""The cyclic garbage collector, paused while thousands of acyclic objects are built that stay alive."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused"]


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
