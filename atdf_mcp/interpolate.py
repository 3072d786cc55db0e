"""Template strings of HTTP bindings: `${VAR}` / `${VAR:default}` from the environment, `{param}` from arguments.

    >>> interpolate("${API:http://127.0.0.1:8765}/v1", {})
    Interpolated(text='http://127.0.0.1:8765/v1', missing=(), secret_parts=())

Used for HTTP endpoints, connector base URLs and header values. A variable that is unset and has
no default is reported in `missing`; its place in the text is left empty.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["ENV_REFERENCE", "PLACEHOLDER", "Interpolated", "interpolate", "placeholders", "references"]

ENV_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}")
PLACEHOLDER = re.compile(r"(?<!\$)\{([A-Za-z_][A-Za-z0-9_.\-]*)\}")


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
