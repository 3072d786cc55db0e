"""A share written as a fraction of one (0.8) for an input of whole percents: 80, or nothing.

    >>> percent_of_fraction(0.8, "volume", "Volume in percent.")
    80
    >>> percent_of_fraction(0.8, "quality", "Compression quality.")   # no percent named
    MISSING

Only a number strictly between 0 and 1 that is no whole number already (0.8, "0.85"), for an input that names
percent and nothing else (its name first, then its description), and only when a hundred times it is a whole 1 to 99
(5e-324 or 0.9999999999999999 is no 0 or 100 percent, though rounding would make it one).
"""

from __future__ import annotations

from typing import Any

from .missing import MISSING
from .number_repairs import plain_number
from .unit_names import input_units

__all__ = ["percent_of_fraction"]


def percent_of_fraction(value: Any, name: str, description: str) -> Any:
    """a hundred times `value` when it is a fraction of one for an input in whole percents; else MISSING."""
    number = MISSING if isinstance(value, bool) else plain_number(value)
    if number is MISSING or not 0 < number < 1 or not _in_percent(name, description):
        return MISSING
    percent = round(number * 100, 9)  # 0.07 * 100 is 7.000000000000001
    return int(percent) if float(percent).is_integer() and 1 <= percent <= 99 else MISSING


def _in_percent(name: str, description: str) -> bool:
    """Whether the input counts percent and nothing else."""
    return input_units(name, description) == {"%"}
