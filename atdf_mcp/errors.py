"""Exceptions raised by atdf-mcp.

    AtdfError                 base of everything atdf-mcp raises on purpose
     ├── UsageError           a command was called wrongly (missing path, bad option)
     ├── LoadError            a descriptor source cannot be turned into a catalogue
     └── ToolError            a handler's declared failure, turned into an ATDF envelope
"""

from __future__ import annotations

from typing import Any

__all__ = ["AtdfError", "LoadError", "ToolError", "UsageError"]


class AtdfError(Exception):
    """Base class of the errors atdf-mcp raises on purpose."""


class UsageError(AtdfError, ValueError):
    """A command or function was called with arguments it cannot work with."""


class LoadError(AtdfError, ValueError):
    """A descriptor source cannot be read or converted."""


class ToolError(AtdfError):
    """A declared tool failure: raise it from a handler to send an enriched ATDF envelope."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        parameter: str | None = None,
        suggested_value: Any = None,
        context: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.parameter = parameter
        self.suggested_value = suggested_value
        self.context = dict(context or {})

    def __repr__(self) -> str:
        return f"ToolError({self.code!r}, {self.message!r}, parameter={self.parameter!r})"
