"""The one alternative of an anyOf/oneOf a wrong value can be repaired for, when two or more come equally close.

A phone number written with spaces under `anyOf: [{format: email}, {pattern: "^\\+[0-9]+$"}]` breaks one check of
each alternative; only the phone's can be repaired (its spaces dropped), so that is the one the caller meant. When
more than one alternative can be repaired, or none, no alternative is picked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["one_repairable"]


def one_repairable(context: list[Any], repaired: Callable[[Any], bool]) -> list[Any]:
    """The errors of the one alternative whose errors `repaired` says can all be repaired, or [] when not exactly one."""
    branches: dict[Any, list[Any]] = {}
    for error in context:
        branches.setdefault(error.relative_schema_path[0] if error.relative_schema_path else None, []).append(error)
    fit = [errors for errors in branches.values() if repaired(errors)]
    return fit[0] if len(fit) == 1 else []
