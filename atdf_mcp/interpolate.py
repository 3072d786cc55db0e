"""Template strings: `${VAR}` / `${VAR:default}` from the environment, `{param}` from arguments, `${inputs.x}` values.

    >>> interpolate("${API:http://127.0.0.1:8765}/v1", {})
    Interpolated(text='http://127.0.0.1:8765/v1', missing=(), secret_parts=())
    >>> substitute({"n": "${steps.count.total}", "label": "total: ${steps.count.total}"}, lambda path: 3)
    {'n': 3, 'label': 'total: 3'}

`interpolate` serves HTTP endpoints, connector base URLs and header values: a variable that is unset and has no
default is reported in `missing`; its place in the text is left empty. `substitute` serves workflows
(atdf_mcp.workflows): a dotted reference into a root (`inputs`, `steps`, `error`) that is a whole string keeps the
referenced value's JSON type; one embedded in text becomes text; one that resolves to nothing leaves its object key out.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["ENV_REFERENCE", "NOTHING", "PLACEHOLDER", "VALUE_REFERENCE", "Interpolated", "interpolate", "placeholders",
           "references", "substitute", "value_references"]

ENV_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}")
PLACEHOLDER = re.compile(r"(?<!\$)\{([A-Za-z_][A-Za-z0-9_.\-]*)\}")
VALUE_REFERENCE = re.compile(r"\$\{\s*((?:inputs|steps|error)(?:\.[^.}\s]+)+)\s*\}")
"""A dotted reference to a value: `${inputs.city}`, `${steps.find.offers.0.hotel_id}` (a number indexes a list)."""


class _Nothing:
    """What a reference to an absent value resolves to."""

    def __repr__(self) -> str:
        return "<nothing>"


NOTHING: Any = _Nothing()


@dataclass(frozen=True, slots=True)
class Interpolated:
    """A string with its variables replaced, the variables that were missing, and the values taken from the environment."""

    text: str
    missing: tuple[str, ...] = ()
    secret_parts: tuple[str, ...] = ()  # values read from the environment (never echoed in errors or logs)


def references(text: str) -> list[str]:
    """The names of the variables a string refers to."""
    return [m.group(1) for m in ENV_REFERENCE.finditer(text)]


def placeholders(text: str) -> list[str]:
    """The `{param}` placeholders of a template, in order (`${VAR}` references are not placeholders)."""
    return [m.group(1) for m in PLACEHOLDER.finditer(text)]


def interpolate(text: str, env: Mapping[str, str] | None = None) -> Interpolated:
    """Replace every `${VAR}` / `${VAR:default}` in `text` with its value from `env` (default: os.environ)."""
    if "${" not in text:
        return Interpolated(text)
    source = os.environ if env is None else env
    missing: list[str] = []
    secrets: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name, default = match.group(1), match.group(2)
        value = source.get(name)
        if value is not None:
            if value:
                secrets.append(value)
            return value
        if default is not None:
            return default
        missing.append(name)
        return ""

    return Interpolated(ENV_REFERENCE.sub(replace, text), tuple(dict.fromkeys(missing)), tuple(secrets))


def value_references(value: Any) -> list[tuple[str, ...]]:
    """Every `${root.a.b}` reference in a value (strings, and the strings inside lists and objects), as paths."""
    if isinstance(value, str):
        return [tuple(m.group(1).split(".")) for m in VALUE_REFERENCE.finditer(value)] if "${" in value else []
    if isinstance(value, dict):
        return [path for item in value.values() for path in value_references(item)]
    if isinstance(value, list):
        return [path for item in value for path in value_references(item)]
    return []


def substitute(value: Any, lookup: Callable[[tuple[str, ...]], Any]) -> Any:
    """`value` with its references replaced by `lookup(path)`; `NOTHING` from lookup drops an object key, or is "" in text."""
    if isinstance(value, str):
        if "${" not in value:
            return value
        whole = VALUE_REFERENCE.fullmatch(value)
        if whole is not None:
            return lookup(tuple(whole.group(1).split(".")))
        return VALUE_REFERENCE.sub(lambda m: _text(lookup(tuple(m.group(1).split(".")))), value)
    if isinstance(value, dict):
        done = {key: substitute(item, lookup) for key, item in value.items()}
        return {key: item for key, item in done.items() if item is not NOTHING}
    if isinstance(value, list):
        return [None if item is NOTHING else item for item in (substitute(item, lookup) for item in value)]
    return value


def _text(value: Any) -> str:
    """A referenced value as text inside a string (JSON for objects, lists, booleans and null)."""
    if value is NOTHING:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
