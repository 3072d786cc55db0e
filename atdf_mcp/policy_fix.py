"""Arguments that pass a call's blocking rules: candidate values tried against the compiled rules, never guessed.

    >>> from atdf_mcp import load_catalog
    >>> runtime = load_catalog("descriptors").runtimes["flight_booking"]
    >>> rules, call = runtime.rules, {"origin": "MAD", "destination": "BCN", "departure_date": "2030-05-01", "cabin": "first"}
    >>> def variables(args): return rules.variables(args, None, None)     # no agent, no language: as over stdio
    >>> blocked = rules.check(rules.inputs, variables(call)).blocked      # travel-001: cabin first on a 66-minute hop
    >>> corrected(blocked, rules.inputs, call, runtime.tool.input_schema, variables, runtime.fast.is_valid)
    {'origin': 'MAD', 'destination': 'BCN', 'departure_date': '2030-05-01', 'cabin': 'premium_economy'}

For each rule the call breaks, each argument the rule reads (its `arguments` first, then the expression's `args.x`, in
order) is tried with candidate values, nearest first: the other values of its `enum`; for numbers, the literals of
the expression and their neighbours, and the schema's bounds; for dates, the nearest day that passes (found by
doubling, then bisecting). The first candidate that makes the rule pass without breaking the input schema or another
rule the call passed is kept; a rule no single argument can satisfy gets no suggestion.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from typing import Any

from .policies import Rule

__all__ = ["corrected"]

_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MAX_DAYS = 4096


def corrected(blocked: tuple[Rule, ...], rules: tuple[Rule, ...], arguments: dict[str, Any], schema: dict[str, Any] | None,
              variables: Callable[[dict[str, Any]], dict[str, Any]], valid: Callable[[Any], bool]) -> dict[str, Any] | None:
    """The arguments with the fewest changes found that pass every blocking rule of `rules`, or None."""
    properties = (schema or {}).get("properties") or {}
    current = dict(arguments)
    for _ in range(len(rules) + 1):
        broken = [r for r in rules if r.blocks and _breaks(r, variables(current))]
        if not broken:
            return current if current != arguments else None
        rule = broken[0]
        passing = [r for r in rules if r.blocks and r not in broken]
        fix = _fix(rule, passing, current, properties, variables, valid)
        if fix is None:
            return None
        current = fix
    return None


def _breaks(rule: Rule, variables: dict[str, Any]) -> bool:
    """Whether the rule refuses these variables (an evaluation error refuses: the rule fails closed)."""
    try:
        return rule.violated(variables)
    except Exception:
        return True


def _fix(rule: Rule, keep: list[Rule], arguments: dict[str, Any], properties: dict[str, Any],
         variables: Callable[[dict[str, Any]], dict[str, Any]], valid: Callable[[Any], bool]) -> dict[str, Any] | None:
    """The arguments with one of the rule's arguments changed so that it passes, or None."""
    def passes(candidate: dict[str, Any]) -> bool:
        values = variables(candidate)
        return valid(candidate) and not _breaks(rule, values) and not any(_breaks(r, values) for r in keep)

    for name in rule.arguments:
        spec = properties.get(name) if isinstance(properties.get(name), dict) else {}
        value = arguments.get(name, spec.get("default"))
        if _is_date(value, spec):
            found = _nearest_day(name, value, arguments, passes)
            if found is not None:
                return found
            continue
        for candidate in _candidates(value, spec, rule.expression):
            trial = {**arguments, name: candidate}
            if passes(trial):
                return trial
    return None


def _candidates(value: Any, spec: dict[str, Any], expression: str) -> Iterator[Any]:
    """Values to try for one argument, nearest first."""
    enum = spec.get("enum")
    if isinstance(enum, list) and enum:
        at = enum.index(value) if value in enum else len(enum)
        yield from sorted((v for v in enum if v != value), key=lambda v: (abs(enum.index(v) - at), enum.index(v)))
        return
    if isinstance(value, bool) or spec.get("type") == "boolean":
        yield not value
        return
    if isinstance(value, (int, float)) or spec.get("type") in ("integer", "number"):
        integer = spec.get("type") == "integer" or isinstance(value, int)
        found: set[float] = set()
        for text in _NUMBER.findall(expression):
            n = float(text)
            found |= {n, n - 1, n + 1} if integer else {n}
        for bound in ("minimum", "maximum"):
            if isinstance(spec.get(bound), (int, float)):
                found.add(float(spec[bound]))
        origin = float(value) if isinstance(value, (int, float)) else 0.0
        for n in sorted(found, key=lambda n: (abs(n - origin), n)):
            if n != origin and (not integer or n == int(n)):
                yield int(n) if integer else n


def _is_date(value: Any, spec: dict[str, Any]) -> bool:
    return isinstance(value, str) and (spec.get("format") == "date" or bool(_DATE.match(value))) and _day(value) is not None


def _day(value: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def _nearest_day(name: str, value: str, arguments: dict[str, Any], passes: Callable[[dict[str, Any]], bool]) -> dict[str, Any] | None:
    """The arguments with `name` moved to the nearest day that passes (earlier first on a tie), or None."""
    start = _day(value)
    assert start is not None

    def trial(k: int) -> dict[str, Any]:
        return {**arguments, name: (start + dt.timedelta(days=k)).isoformat()}

    best: tuple[int, dict[str, Any]] | None = None
    for sign in (-1, 1):
        low, step = 0, 1
        while step <= _MAX_DAYS and not passes(trial(sign * step)):
            low, step = step, step * 2
        if step > _MAX_DAYS:
            continue
        high = step  # passes at `high`, fails at `low`: bisect (the rule is assumed monotonic in the day)
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (low, middle) if passes(trial(sign * middle)) else (middle, high)
        if best is None or high < best[0]:
            best = (high, trial(sign * high))
    return best[1] if best is not None else None
