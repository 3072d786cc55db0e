"""JSON Lines: one JSON document a line (`.jsonl`, or a `.json` file written so), read as the list of its documents.

    >>> lines = JsonLines.build([{"name": "a"}, None], lines=[1, 3], failed={1: "invalid JSON at column 2"})
    >>> lines.line_of("/1/name"), lines.failed_at("/1"), lines.failed_at("/0")
    (3, True, False)

The pointer `/N` is the file's Nth document (blank lines are no document); every problem of a document also says its
line. A line that does not parse is kept as a placeholder (None) so the numbering stays, and is an error of that line
only.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

__all__ = ["FAILED_SHOWN", "JsonLines", "failed_lines", "first_line_is_json", "records_message", "split_lines", "spread_document", "with_lines"]

_INDEX = re.compile(r"^/(\d+)(?=/|$)")
FAILED_SHOWN = 100  # lines that do not parse said one by one; the rest of a file's in one problem
_SPREAD_TRIES = 100  # documents spread over lines looked for in one file (each scan is bounded by _SPREAD_CHARS)
_SPREAD_CHARS = 1024 * 1024


def split_lines(text: str, *, keepends: bool = False) -> list[str]:
    r"""The lines of a JSON Lines text, ended by \n only (str.splitlines also ends one at U+2028, U+2029 and U+0085,
    which JSON admits inside a string and json.dumps(ensure_ascii=False) writes as they are).

    >>> split_lines('{"d": "a\u2028b"}\r\n{}\n'), len(split_lines("a\nb\n", keepends=True))
    (['{"d": "a\u2028b"}\r', '{}'], 2)
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
        return [line + "\n" for line in lines] if keepends else lines
    return [line + "\n" for line in lines[:-1]] + lines[-1:] if keepends else lines


def spread_document(text: str, start: int, tries: list[int]) -> int | None:
    """The offset past a JSON object or list that starts at `start` and ends on a later line (a pretty-printed
    document among one-line ones), with nothing after it on its last line; else None. `tries` counts the scans."""
    if tries[0] >= _SPREAD_TRIES:
        return None
    tries[0] += 1
    window = text[start:start + _SPREAD_CHARS]
    try:
        _, end = json.JSONDecoder().raw_decode(window)
    except (ValueError, RecursionError):
        return None
    newline = window.find("\n", end)
    rest = window[end:] if newline == -1 else window[end:newline]
    return start + end if "\n" in window[:end] and not rest.strip() else None


class JsonLines(list[Any]):
    """The documents of a JSON Lines file, the line each starts on, and the message of each line that did not parse."""

    __slots__ = ("failed", "lines")
    lines: tuple[int, ...]
    failed: Mapping[int, str]

    @classmethod
    def build(cls, values: Iterable[Any], *, lines: Iterable[int], failed: Mapping[int, str]) -> JsonLines:
        """The list of `values`, with the line number of each and the parse error of each failed index."""
        built = cls(values)
        built.lines, built.failed = tuple(lines), dict(failed)
        return built

    def line_of(self, pointer: str) -> int | None:
        """The line of the document a pointer is in (`/2/name` → the third document's line), or None."""
        match = _INDEX.match(pointer)
        index = int(match.group(1)) if match else -1
        return self.lines[index] if 0 <= index < len(self.lines) else None

    def failed_at(self, pointer: str) -> bool:
        """Whether `pointer` is exactly a document that did not parse."""
        match = _INDEX.match(pointer)
        return match is not None and match.end() == len(pointer) and int(match.group(1)) in self.failed


def failed_lines(raw: JsonLines) -> list[tuple[str, str]]:
    """(pointer, message) of each line that did not parse, the first FAILED_SHOWN apiece and the rest in one."""
    failed = list(raw.failed.items())
    said = [(f"/{i}", message) for i, message in failed[:FAILED_SHOWN]]
    if len(failed) > FAILED_SHOWN:
        first, last = failed[FAILED_SHOWN][0], failed[-1][0]
        said.append((f"/{first}", f"{len(failed) - FAILED_SHOWN} more lines do not parse, in lines {raw.lines[first]}-"
                                  f"{raw.lines[last]} (the first {FAILED_SHOWN} are listed): is this file JSON Lines, one "
                                  "whole JSON document a line?"))
    return said


class _Placed(Protocol):
    pointer: str
    message: str


def with_lines(problems: Iterable[Any], raw: JsonLines) -> list[Any]:
    """Each problem (a frozen dataclass with `pointer` and `message`) inside a document, its message led by its line."""
    placed = []
    for p in problems:
        line = raw.line_of(p.pointer)
        placed.append(p if line is None else dataclasses.replace(p, message=f"line {line}: {p.message}"))
    return placed


def first_line_is_json(text: str, loads: Any) -> bool:
    """Whether the first non-blank line of `text` is a whole JSON object or list by itself (as in JSON Lines)."""
    for line in split_lines(text):
        if line.strip():
            try:
                return isinstance(loads(line), (dict, list))
            except (ValueError, RecursionError):
                return False
    return False


def records_message(raw: JsonLines, named: Any) -> str | None:
    """The info line of JSON Lines records none of which reads as a tool (`named` tells), e.g. a dataset; else None.

    BFCL's question files hold one test a line, its tools under "function"; Gorilla's API Zoo one API a line
    (api_name, api_call, api_arguments as text): data about tools, not tools to serve.
    """
    records = [v for i, v in enumerate(raw) if i not in raw.failed]
    if not records or not all(isinstance(v, dict) for v in records) or any(named(v) for v in records):
        return None
    keys = sorted({k for v in records[:20] for k in v})
    shown = "with " + ", ".join(keys[:8]) + (", …" if len(keys) > 8 else "") if keys else "that are empty objects"
    held = sum(isinstance(v.get("function"), list) for v in records)
    where = ("; the tools are in each line's \"function\" list (as BFCL's question files keep them): "
             "put each tool once in a {\"tools\": [...]} file" if held == len(records) else
             ": a data set, not a catalogue; describe each tool you want as an MCP tool (name, description, inputSchema)")
    return f"skipped: JSON Lines of {len(records)} record(s) {shown}, none a descriptor{where}"
