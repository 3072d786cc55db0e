"""One tool of the search corpus, written once and emitted in any dialect by _make.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Param:
    """One input: name, JSON Schema type (with format, enum or item type) and description."""

    name: str
    type: str
    description: str
    required: bool
    format: str | None = None
    enum: tuple[str, ...] = ()
    items: str | None = None

    def json_schema(self) -> dict[str, Any]:
        """The input as a JSON Schema property."""
        prop: dict[str, Any] = {"type": self.type, "description": self.description}
        if self.format:
            prop["format"] = self.format
        if self.enum:
            prop["enum"] = list(self.enum)
        if self.items:
            prop["items"] = {"type": self.items}
        return prop


def parse_param(text: str) -> Param:
    """`name*:type:description`; `*` marks required, type is `string@date`, `string{a|b}`, `array<string>`..."""
    name, kind, description = text.split(":", 2)
    required = name.endswith("*")
    name = name.rstrip("*")
    fmt = items = None
    enum: tuple[str, ...] = ()
    if "@" in kind:
        kind, fmt = kind.split("@", 1)
    elif "{" in kind:
        kind, rest = kind.split("{", 1)
        enum = tuple(rest.rstrip("}").split("|"))
    elif "<" in kind:
        kind, rest = kind.split("<", 1)
        items = rest.rstrip(">")
    return Param(name, kind, description, required, fmt, enum, items)


@dataclass(frozen=True)
class Tool:
    """A tool as the tables write it; `dialect` is A (ARDF), 2 (ATDF 2), 1 (ATDF 1), M (MCP) or O (OpenAkita)."""

    id: str
    dialect: str
    description: str
    when: str
    params: tuple[Param, ...]
    tags: tuple[str, ...] = ()
    category: str = ""
    examples: tuple[tuple[Any, ...], ...] = ()
    localization: dict[str, tuple[str, str]] = field(default_factory=dict)
    triggers: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    related: tuple[tuple[str, str], ...] = ()
    failures: tuple[tuple[str, str], ...] = ()


def T(tool_id: str, dialect: str, description: str, when: str, inputs: list[str], *, tags: list[str] | None = None,
      category: str = "", ex: list[tuple[Any, ...]] | None = None, loc: dict[str, tuple[str, str]] | None = None,
      triggers: list[str] | None = None, warnings: list[str] | None = None, related: list[tuple[str, str]] | None = None,
      fail: list[tuple[str, str]] | None = None) -> Tool:
    """A table row."""
    return Tool(tool_id, dialect, description, when, tuple(parse_param(i) for i in inputs), tuple(tags or ()), category,
                tuple(ex or ()), dict(loc or {}), tuple(triggers or ()), tuple(warnings or ()), tuple(related or ()),
                tuple(fail or ()))
