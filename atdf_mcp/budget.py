"""The budget of the analysis of a failed call: how much of an argument is compared, and for how long.

    >>> too_big("x" * 3_500_000)
    True

The analysis itself runs from the event loop, in a coroutine of the server:

    env = await analyse_off_loop(lambda: argument_errors(...), fallback=lambda: generic_envelope)

Suggestions compare the caller's values with the schema's (edit distances, prefixes, comma lists, date and e-mail
readings). A value far larger than anything a schema names is not a typo of it: it gets no suggestion, and the
envelope echoes only its beginning. The whole analysis runs in a worker thread of its own, under a deadline, so a
hostile argument can neither stall the event loop (every other client, /health included) nor outlive its budget:
past `ANALYSIS_SECONDS` the caller gets a plain VALIDATION_ERROR instead. A large schema (an enum of 100,000 codes)
makes even a short argument costly to compare, so its tool's analysis runs off the loop too, and an envelope lists at
most `MAX_LISTED` of its values. A union of more than `MAX_ALTERNATIVES` alternatives (a oneOf of 100,000) is not
analysed at all: explaining one wrong value takes seconds past the deadline, in a thread that cannot be stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from anyio.lowlevel import RunVar

__all__ = ["ANALYSIS_SECONDS", "ANALYSIS_THREADS", "MAX_ALTERNATIVES", "MAX_ECHO", "MAX_FINDINGS", "MAX_ITEMS", "MAX_LISTED", "MAX_SCHEMA_NODES",
           "MAX_TEXT", "analyse", "analyse_off_loop", "clipped", "is_small", "schema_is_small", "too_big",
           "unions_are_small"]

MAX_TEXT = 256
"""Longest string that is repaired or matched against allowed values and names (a typo of an enum member is short)."""
MAX_ITEMS = 64
"""Largest list or object repaired as a whole (duplicates removed, a comma list split into members)."""
MAX_FINDINGS = 50
"""Most problems reported for one call; past it the envelope lists the first ones, without suggested_arguments."""
MAX_ECHO = 200
"""Characters of a received string echoed back in `context.received`."""
MAX_LISTED = 100
"""Most allowed values (an enum's) or argument names one condition of an envelope lists; it says how many more there are."""
MAX_SCHEMA_NODES = 2_000
"""Largest input schema (objects, arrays and values, counted) analysed on the event loop or echoed whole in an envelope."""
MAX_ALTERNATIVES = 1_000
"""Most alternatives of one oneOf/anyOf whose wrong values are analysed (python-jsonschema explains each of them)."""
ANALYSIS_SECONDS = 2.0
"""Longest the analysis of one failed call may take before the caller gets a plain VALIDATION_ERROR."""
ANALYSIS_THREADS = 2
"""Worker threads analysing failed calls at once, apart from the handlers' pool: a flood of wrong calls queues here."""

T = TypeVar("T")
_limiter: RunVar[anyio.CapacityLimiter] = RunVar("atdf_mcp_analysis_limiter")  # one per event loop, like anyio's own
_ECHO_DEPTH = 8


def too_big(value: Any) -> bool:
    """Whether a value is past the comparison budget: a string over MAX_TEXT characters, a list or object over MAX_ITEMS."""
    if isinstance(value, str):
        return len(value) > MAX_TEXT
    if isinstance(value, (list, dict)):
        return len(value) > MAX_ITEMS
    return False


def clipped(value: Any, depth: int = 0) -> Any:
    """A received value as the envelope echoes it: short ones whole, long strings cut, large or deep containers described."""
    if isinstance(value, (list, dict)) and depth >= _ECHO_DEPTH:
        return "(a nested value, not repeated here)"
    if isinstance(value, str) and len(value) > MAX_ECHO:
        return f"{value[:MAX_ECHO]}… ({len(value)} characters in all)"
    if isinstance(value, list) and len(value) > MAX_ITEMS:
        return f"(an array of {len(value)} items, not repeated here)"
    if isinstance(value, dict) and len(value) > MAX_ITEMS:
        return f"(an object of {len(value)} members, not repeated here)"
    if isinstance(value, list):
        return [clipped(item, depth + 1) for item in value]
    if isinstance(value, dict):
        return {key: clipped(item, depth + 1) for key, item in value.items()}
    return value


def is_small(value: Any) -> bool:
    """Whether arguments are cheap to analyse on the event loop: at most MAX_ITEMS values in all, no string or key over
    MAX_TEXT characters, at most a few levels deep (what almost every wrong call looks like)."""
    stack, seen = [(value, 0)], 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > MAX_ITEMS or depth > _ECHO_DEPTH:
            return False
        if isinstance(item, str):
            if len(item) > MAX_TEXT:
                return False
        elif isinstance(item, dict):
            if len(item) > MAX_ITEMS or any(not isinstance(key, str) or len(key) > MAX_TEXT for key in item):
                return False
            stack.extend((member, depth + 1) for member in item.values())
        elif isinstance(item, list):
            if len(item) > MAX_ITEMS:
                return False
            stack.extend((member, depth + 1) for member in item)
    return True


def schema_is_small(schema: Any) -> bool:
    """Whether a schema holds at most MAX_SCHEMA_NODES objects, arrays and values (counted without recursion, stopping
    past the bound: at most that many steps)."""
    stack, seen = [schema], 0
    while stack:
        item = stack.pop()
        seen += 1
        if seen > MAX_SCHEMA_NODES:
            return False
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            if len(item) > MAX_SCHEMA_NODES:
                return False
            stack.extend(item)
    return True


def unions_are_small(schema: Any) -> bool:
    """Whether every oneOf/anyOf of a schema has at most MAX_ALTERNATIVES alternatives (walked once, without recursion)."""
    stack = [schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if any(isinstance(item.get(key), list) and len(item[key]) > MAX_ALTERNATIVES for key in ("oneOf", "anyOf")):
                return False
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


async def analyse(arguments: Any, work: Callable[[], T], fallback: Callable[[], T], *, small_schema: bool = True) -> T:
    """`work()` at once for small arguments of a small schema (`schema_is_small`; a thread hop would double the cost of
    a wrong call), else off the loop."""
    if small_schema and is_small(arguments):
        return work()
    return await analyse_off_loop(work, fallback)


async def analyse_off_loop(work: Callable[[], T], fallback: Callable[[], T]) -> T:
    """`work()` in a worker thread of the analysis' own, within ANALYSIS_SECONDS; `fallback()` when time runs out."""
    try:
        limiter = _limiter.get()
    except LookupError:
        limiter = anyio.CapacityLimiter(ANALYSIS_THREADS)
        _limiter.set(limiter)
    with anyio.move_on_after(ANALYSIS_SECONDS):
        return await anyio.to_thread.run_sync(work, limiter=limiter, abandon_on_cancel=True)
    return fallback()
