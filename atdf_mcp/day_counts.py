"""Days written as an ISO 8601 duration of days ("P30D"), for an input counted in days: the number of days, or nothing.

    >>> days_of("P30D", "after_days", ""), days_of("P14D", "trial_period_days", "Days of free trial.")
    (30, 14)
    >>> days_of("P1M", "after_days", ""), days_of("P2W", "after_days", ""), days_of("P3D", "duration_minutes", "")
    (MISSING, MISSING, MISSING)

The same unit, written the ISO way: nothing converts. Weeks, months and years stay the caller's to say (as
`durations` has it: "2 weeks" for a wait in days is left alone). The input must name days and no other unit, in its
name first, as `number_in_unit` reads it ("30 days" and "30d" are its own case).
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .unit_names import input_units

__all__ = ["days_of"]

_ISO_DAYS = re.compile(r"\s*P(\d+)D\s*", re.IGNORECASE)


def days_of(value: Any, name: str, description: str) -> Any:
    """The whole days the ISO duration `value` says, for an input in days; else MISSING."""
    if not isinstance(value, str) or len(value) > 32:
        return MISSING
    iso = _ISO_DAYS.fullmatch(value)
    return int(iso[1]) if iso and _in_days(name, description) else MISSING


def _in_days(name: str, description: str) -> bool:
    """Whether the input counts days and nothing else."""
    return input_units(name, description) == {"d"}
