"""A stable argsort of small non-negative integers in linear time: numpy's radix sort, 16 bits at a time.

    >>> import numpy as np
    >>> stable_order(np.array([3, 1, 3, 0]), 4)
    array([3, 1, 0, 2])

`np.argsort(kind="stable")` is a radix sort for 16-bit integers and a merge sort for wider ones; a term id or a
(tool, term) key is wider than 16 bits but rarely wider than 32, so sorting it by its 16-bit digits, lowest first
(each pass stable), orders 260,000 keys in ≈ 3 ms where a comparison sort takes ≈ 11.
"""

from __future__ import annotations

from typing import Any

__all__ = ["stable_order"]

_DIGIT = 16


def stable_order(keys: Any, bound: int) -> Any:
    """The indexes that sort `keys` (non-negative integers below `bound`), equal keys kept in their order."""
    import numpy as np

    order: Any = None
    for shift in range(0, max(int(bound) - 1, 1).bit_length(), _DIGIT):
        digits = keys >> shift if shift else keys
        if order is not None:
            digits = digits[order]
        digits = (digits & 0xFFFF).astype(np.uint16)
        step = np.argsort(digits, kind="stable")
        order = step if order is None else order[step]
    return order
