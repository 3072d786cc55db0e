"""Find descriptor files and decode them (JSON or YAML: UTF-8 with or without a BOM, or UTF-16/32 with one)."""

from __future__ import annotations

import codecs
import contextlib
import functools
import json
import math
import os
import re
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pydantic_core

if TYPE_CHECKING:  # both are imported on first use: a catalogue of JSON files without ignore rules needs neither
    import pathspec

from .codes import Code
from .json_lines import FAILED_SHOWN, JsonLines, first_line_is_json, split_lines, spread_document

__all__ = ["DESCRIPTOR_SUFFIXES", "IGNORE_FILE", "MAX_FILE_BYTES", "DecodeFailure", "decode", "decode_bytes", "exclude_problems",
           "find_files", "may_overflow", "printable", "read_file", "text_codec"]

DESCRIPTOR_SUFFIXES = (".json", ".yaml", ".yml", ".jsonl")
MAX_FILE_BYTES = 10 * 1024 * 1024
CONFIG_FILE_NAMES = ("atdf-mcp.yaml", "atdf-mcp.yml")
IGNORE_FILE = ".atdfignore"  # gitignore-style globs of files a catalogue folder does not serve



@functools.cache
def _yaml_loader() -> Any:
    """Safe YAML that reads as JSON would: an unquoted date such as `2025-04-01` stays a string (built on first use)."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    loader = type("_YamlLoader", (base,), {"__doc__": _yaml_loader.__doc__})
    loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in base.yaml_implicit_resolvers.items()
    }
    return loader


_JSON_SCALARS = (str, int, float, bool, type(None))
# libyaml's composer recurses in C: a YAML file nested thousands of levels deep overflows the C stack
# (a segfault, not a RecursionError), so deep YAML is measured on the event stream before it is loaded.
MAX_YAML_DEPTH = 200
_SURROGATE_ESCAPE = re.compile(r"\\[uU][dD][89a-fA-F]|\\U0000[dD][89a-fA-F]")  # what can make a lone surrogate
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# A number that may overflow a float: an exponent of three digits or more, or a hundred digits in a row. A text without
# any is parsed by pydantic-core (jiter), which reads every number as json.loads does but turns an overflow into inf.
# Seen in the bytes with every digit read as 0 and E as e: three substring searches in C, 20x faster than a regex.
_WIDE_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),  # UTF-32 LE starts as UTF-16 LE's
              (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789E", b"000000000e")
_OVERFLOW_SHAPES = (b"0e000", b"0e+000", b"0" * 100)


@dataclass(frozen=True, slots=True)
class DecodeFailure:
    """Why a file could not be decoded: a problem code and a message that says what was expected."""

    code: str
    message: str


def find_files(root: Path, exclude: Sequence[str] = (), outside: list[Path] | None = None) -> list[Path]:
    """Descriptor files under `root`, recursively and sorted; hidden entries, symlink loops and excluded paths skipped.

    Symbolic links (to files or folders) are followed only when they resolve inside `root`; the others are
    never opened and are appended to `outside`, when given, so that the caller can say so.

    `exclude` holds gitignore-style globs relative to `root` (the config's `exclude:`); every `.atdfignore` met on
    the way down adds its own, relative to its folder, and a deeper one overrides (`!pattern` re-includes), as
    with git. Excluded files are never opened. A file given itself is always read.
    """
    if root.is_file():
        return [root]
    found: list[Path] = []
    seen_dirs: set[str] = set()
    layers: dict[str, list[tuple[str, pathspec.PathSpec]]] = {}  # folder → the ignore specs that apply in it
    base = [(str(root), _spec(exclude))] if exclude else []
    inside = _inside(os.path.realpath(root))
    links: list[Path] = []  # symbolic links to files inside `root` (one to a file found too is dropped: _one_each)
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        real = os.path.realpath(dirpath)
        if real in seen_dirs:
            dirnames[:] = []
            continue
        seen_dirs.add(real)
        specs = layers.get(dirpath, base)
        if IGNORE_FILE in filenames:
            specs = [*specs, (dirpath, _spec(_ignore_lines(Path(dirpath, IGNORE_FILE))))]
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in ("__pycache__", "node_modules")
                             and not (specs and _ignored(os.path.join(dirpath, d), specs, folder=True))
                             and inside(os.path.join(dirpath, d), outside))
        for d in dirnames:
            layers[os.path.join(dirpath, d)] = specs
        for name in sorted(filenames):
            if name.startswith(".") or name in CONFIG_FILE_NAMES:
                continue
            if name.lower().endswith(DESCRIPTOR_SUFFIXES) and not (specs and _ignored(os.path.join(dirpath, name), specs, folder=False)) \
                    and inside(os.path.join(dirpath, name), outside, links):
                found.append(Path(dirpath, name))
    return _one_each(found, links) if links else found


def _one_each(found: list[Path], links: list[Path]) -> list[Path]:
    """`found` without a symbolic link to a file found under its own name too (`link.json -> shared/real.json`): the file
    is read once, under the name an edit of it is seen by (else its id is a duplicate of itself, and the link is never
    read again when its target changes). Of links to one file not found itself (excluded, hidden), the first is kept."""
    folders: dict[Path, str] = {}
    for p in found:
        if p.parent not in folders:
            folders[p.parent] = os.path.realpath(p.parent)
    linked = set(links)
    read = {os.path.join(folders[p.parent], p.name) for p in found if p not in linked}
    dropped = set()
    for p in links:  # in the walk's order
        real = os.path.realpath(p)
        if real in read:
            dropped.add(p)
        read.add(real)
    return [p for p in found if p not in dropped]


def _inside(root_real: str) -> Callable[[str, list[Path] | None], bool]:
    """A test of whether an entry is not a symbolic link, or one that resolves inside `root_real` (then it is added to
    `links`, when given; else to `outside`)."""
    def inside(path: str, outside: list[Path] | None, links: list[Path] | None = None) -> bool:
        if not os.path.islink(path):
            return True
        real = os.path.realpath(path)
        if real == root_real or real.startswith(root_real.rstrip(os.sep) + os.sep):
            if links is not None:
                links.append(Path(path))
            return True
        if outside is not None:
            outside.append(Path(path))
        return False
    return inside


def printable(text: str) -> str:
    """`text` as valid UTF-8: the bytes of a non-UTF-8 file name (kept by os.fsdecode as lone surrogates) escaped as \\xNN."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape" if _only_escaped_bytes(text) else "backslashreplace").decode(
            "utf-8", "backslashreplace")


def _only_escaped_bytes(text: str) -> bool:
    """Whether every surrogate in `text` is one os.fsdecode made from an undecodable byte (U+DC80..U+DCFF)."""
    return all(not 0xD800 <= ord(c) <= 0xDFFF or 0xDC80 <= ord(c) <= 0xDCFF for c in text)


def exclude_problems(patterns: Any) -> list[str]:
    """Why a config `exclude:` value cannot be used (one message per bad entry); empty when it is fine."""
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        return ["'exclude' must be a list of gitignore-style globs, e.g. [\"drafts/\", \"*.bak.json\"]"]
    import pathspec

    problems = []
    for pattern in patterns:
        try:
            pathspec.GitIgnoreSpec.from_lines([pattern])
        except ValueError as exc:
            problems.append(f"exclude pattern {pattern!r} is not a valid glob: {exc}")
    return problems


def _spec(lines: Sequence[str]) -> pathspec.PathSpec:
    import pathspec

    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except ValueError:  # one bad line must not disable the others
        good = []
        for line in lines:
            with contextlib.suppress(ValueError):
                pathspec.GitIgnoreSpec.from_lines([line])
                good.append(line)
        return pathspec.GitIgnoreSpec.from_lines(good)


def _ignore_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError:
        return []


def _ignored(path: str, specs: list[tuple[str, pathspec.PathSpec]], *, folder: bool) -> bool:
    """The verdict of the deepest ignore spec that has one (a `!pattern` re-includes), like git."""
    verdict: bool | None = None
    for base, spec in specs:
        relative = os.path.relpath(path, base).replace(os.sep, "/") + ("/" if folder else "")
        result = spec.check_file(relative).include
        if result is not None:
            verdict = result
    return bool(verdict)


def decode(path: Path) -> Any | DecodeFailure:
    """The parsed content of a descriptor file, or a DecodeFailure saying why it has none."""
    data = read_file(path)
    if isinstance(data, DecodeFailure):
        return data
    return decode_bytes(data, yaml_syntax=path.suffix.lower() in (".yaml", ".yml"))


def read_file(path: Path) -> bytes | DecodeFailure:
    """The bytes of a descriptor file (a regular file of at most MAX_FILE_BYTES), or why they cannot be read."""
    try:
        # One descriptor, one open: O_NONBLOCK so that a FIFO cannot block the load before fstat refuses it.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                return DecodeFailure(Code.READ_ERROR, "not a regular file (a device, socket or pipe); expected a JSON or YAML file")
            if info.st_size > MAX_FILE_BYTES:
                return DecodeFailure(
                    Code.FILE_TOO_LARGE,
                    f"file is {info.st_size / 1048576:.1f} MiB; descriptor files are limited to "
                    f"{MAX_FILE_BYTES // 1048576} MiB (split the catalogue into several files)",
                )
            data = _read_all(fd, info.st_size)
        finally:
            os.close(fd)
    except OSError as exc:
        return DecodeFailure(Code.READ_ERROR, f"cannot read file: {exc.strerror or exc}")
    if len(data) > MAX_FILE_BYTES:  # it grew while being read
        return DecodeFailure(Code.FILE_TOO_LARGE, f"file is over {MAX_FILE_BYTES // 1048576} MiB; descriptor files are limited to "
                             f"{MAX_FILE_BYTES // 1048576} MiB (split the catalogue into several files)")
    return data


def _read_all(fd: int, size: int) -> bytes:
    """The bytes of an open file, reading at most one byte past MAX_FILE_BYTES."""
    data = os.read(fd, size + 1)
    if len(data) <= size:
        return data
    chunks = [data]
    total = len(data)
    while total <= MAX_FILE_BYTES:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def text_codec(data: bytes) -> tuple[str, bytes]:
    """The codec of a descriptor file's bytes and the byte-order mark they start with: UTF-8 unless a UTF-16 or UTF-32
    mark says otherwise (Windows editors and PowerShell save "Unicode" text so)."""
    for bom, codec in _WIDE_BOMS:
        if data.startswith(bom):
            return codec, bom
    return "utf-8", codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""


def decode_bytes(data: bytes, *, yaml_syntax: bool = False, json_lines: bool = False) -> Any | DecodeFailure:
    """Parse descriptor bytes (JSON, YAML when `yaml_syntax`, JSON Lines when `json_lines`), or say why they cannot be.

    A JSON text of one document a line is read as JSON Lines too (a JsonLines list), whatever its file is named.
    """
    codec, bom = text_codec(data)
    if codec == "utf-8" and data.find(b"\x00", 0, 8192) != -1:
        if _looks_wide(data):
            return DecodeFailure(Code.ENCODING_ERROR, "file looks like UTF-16 text without a byte-order mark; save it as "
                                 "UTF-8 (or as UTF-16 with its byte-order mark)")
        return DecodeFailure(Code.BINARY_FILE, "file is binary (it contains NUL bytes); expected UTF-8 JSON or YAML text")
    try:
        text = data[len(bom):].decode(codec)
    except UnicodeDecodeError as exc:
        if codec != "utf-8":
            return DecodeFailure(Code.ENCODING_ERROR, f"file starts with a {codec.upper()} byte-order mark but is not "
                                 f"valid {codec.upper()} (at byte {exc.start + len(bom)}); save it as UTF-8")
        line = data[: exc.start].count(b"\n") + 1
        return DecodeFailure(
            Code.ENCODING_ERROR,
            f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x} at line {line}); save it as UTF-8",
        )
    if not text or text.isspace():
        return DecodeFailure(Code.EMPTY_FILE, "file is empty; expected a descriptor, a list or a {\"tools\": [...]} collection")
    if json_lines and not yaml_syntax:
        return _decode_lines(text)
    return _decode_text(text, yaml_syntax=yaml_syntax, overflow=may_overflow(data), lines_allowed=not yaml_syntax)


def _decode_text(text: str, *, yaml_syntax: bool, overflow: bool, lines_allowed: bool) -> Any | DecodeFailure:
    """Parse decoded text (JSON, YAML when `yaml_syntax`); JSON of one document a line is read as JSON Lines."""
    try:
        data = _decode_yaml(text) if yaml_syntax else _decode_json(text, may_overflow=overflow)
        if _SURROGATE_ESCAPE.search(text) and not isinstance(data, DecodeFailure):
            data = _without_lone_surrogates(data)
        return data
    except json.JSONDecodeError as exc:
        if lines_allowed and exc.msg == "Extra data" and "\n" in text[:exc.pos] and first_line_is_json(text, json.loads):
            return _decode_lines(text, spread_ok=False)  # a .json file of JSON Lines, as BFCL keeps its function documents
        return DecodeFailure(Code.PARSE_ERROR, _json_error(exc))
    except RecursionError:
        return DecodeFailure(Code.PARSE_ERROR, "nesting is too deep to parse; descriptors are expected to nest a few levels")
    except _NotFinite as exc:
        token = str(exc).split()[0]
        line = text[: max(text.find(token), 0)].count("\n") + 1
        return DecodeFailure(Code.PARSE_ERROR, f"{exc} at line {line} is not a JSON number (JSON has no NaN or Infinity); "
                             "write a finite number, or the value as a string")
    except ValueError as exc:  # an integer of more than sys.get_int_max_str_digits() digits (4,300 by default)
        if "integer string conversion" not in str(exc):
            raise
        return DecodeFailure(Code.PARSE_ERROR, f"an integer has more than {sys.get_int_max_str_digits()} digits, more than "
                             "can be read; write a number this long as a string")


def _decode_lines(text: str, *, spread_ok: bool = True) -> JsonLines | DecodeFailure:
    """The documents of a JSON Lines text, one a non-blank line; a line that does not parse is a failure of its own.

    A document pretty-printed over several lines is one failure that names its lines (a .json file holding one is
    not JSON Lines but several documents: a DecodeFailure when not `spread_ok`).
    """
    values: list[Any] = []
    lines: list[int] = []
    failed: dict[int, str] = {}
    offset, skip_to, tries = 0, 0, [0]
    for number, line in enumerate(split_lines(text), 1):
        start, offset = offset, offset + len(line) + 1
        if number <= skip_to or not line.strip():
            continue
        value = _decode_text(line, yaml_syntax=False, overflow=may_overflow(line.encode("utf-8", "surrogatepass")),
                             lines_allowed=False)
        if isinstance(value, DecodeFailure):
            lead = len(line) - len(line.lstrip())
            end = spread_document(text, start + lead, tries) if line.lstrip()[:1] in ("{", "[") else None
            if end is not None:
                skip_to = text.count("\n", 0, end) + 1
                message = (f"a JSON document written over lines {number}-{skip_to}, where JSON Lines keeps one document a "
                           f"line: write it on line {number} alone (no indentation)")
                if not spread_ok:
                    return DecodeFailure(Code.PARSE_ERROR, f"invalid JSON at line {number}: the file holds more than one JSON "
                                         f"document: {message}; or write the documents as a list, [ ... ] with a "
                                         "comma after each but the last, or one file each")
                failed[len(values)] = message
            else:  # past the lines said one by one, only the count is said: no message kept
                failed[len(values)] = value.message.replace("at line 1, column", "at column") if len(failed) < FAILED_SHOWN else ""
            value = None
        values.append(value)
        lines.append(number)
    return JsonLines.build(values, lines=lines, failed=failed)


def _looks_wide(data: bytes) -> bool:
    """Whether NUL-laden bytes are UTF-16 text: one byte of each of the first pairs is NUL, the other is not."""
    head = data[:64] if len(data) >= 64 else data[: len(data) // 2 * 2]
    evens, odds = head[0::2], head[1::2]
    high_first = evens.count(0) == len(evens) and odds.count(0) == 0  # UTF-16 BE of ASCII text
    return bool(head) and (high_first or (odds.count(0) == len(odds) and evens.count(0) == 0))


_TEMPLATE_OPENERS = ("{{", "{%", "{#")


def _json_error(exc: json.JSONDecodeError) -> str:
    """What is wrong with a JSON text, where: a comment or a trailing comma (JSONC habits) is named at its own place."""
    text, pos = exc.doc, exc.pos
    opened = [at for at in (pos - 1, pos) if at >= 0 and text.startswith(_TEMPLATE_OPENERS, at)]
    if opened:
        at = opened[0]
        line, column = text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1
        return (f"invalid JSON at line {line}, column {column}: template markup ({text[at:at + 2]} … as Go templates, "
                "Jinja or Handlebars write it); this file is a template, not a descriptor: render it and serve what it "
                "produces, or leave it out with a line in .atdfignore")
    if text.startswith(("//", "/*"), pos):
        return (f"invalid JSON at line {exc.lineno}, column {exc.colno}: a comment, which JSON does not allow; remove it, "
                'or keep it as a "//" key (comment keys are ignored)')
    before = len(text[:pos].rstrip())
    if text[pos:pos + 1] in ("}", "]") and before and text[before - 1] == ",":
        line = text.count("\n", 0, before - 1) + 1
        column = before - 1 - (text.rfind("\n", 0, before - 1) + 1) + 1
        return (f"invalid JSON at line {line}, column {column}: a trailing comma before the closing '{text[pos]}', which "
                "JSON does not allow; remove it")
    start = _json_after_text(text) if exc.msg == "Expecting value" and not text[:pos].strip() else None
    if start is not None:
        line, column = text.count("\n", 0, start) + 1, start - (text.rfind("\n", 0, start) + 1) + 1
        before = text[:start].strip().splitlines()[0]
        before = before if len(before) <= 60 else before[:59] + "…"
        return (f"invalid JSON at line {exc.lineno}, column {exc.colno}: the file starts with text that is not JSON "
                f"({before!r}); the JSON starts at line {line}, column {column}: remove the text before it "
                "(a program's console output saved with it)")
    return f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"


_MAX_JSON_LINES_CHARS = 10 * 1024 * 1024  # longer text is not read again line by line to say what it is


def _json_after_text(text: str) -> int | None:
    """Where a JSON object or list that runs to the end of `text` starts after other text ("Tools: [...]"), or None."""
    if len(text) > _MAX_JSON_LINES_CHARS:
        return None
    for start in sorted(at for at in (text.find("["), text.find("{")) if at > 0):
        try:
            _, end = json.JSONDecoder().raw_decode(text, start)
        except (ValueError, RecursionError):
            continue
        return start if not text[end:].strip() else None
    return None


def may_overflow(data: bytes) -> bool:
    """Whether the bytes hold a number too large for a float (or text that looks like one, in a string)."""
    shape = data.translate(_DIGITS_AS_ZERO)
    return any(s in shape for s in _OVERFLOW_SHAPES)


def _decode_json(text: str, *, may_overflow: bool = True) -> Any:
    """JSON text as Python data; keys and short strings are shared across files (one "description" for the catalogue).

    pydantic-core's parser keeps a cache of the strings of up to 64 characters it made, so the keys and the common
    values every descriptor repeats ("type", "string", "1.0.0") are one object each instead of one per file: about
    2 KiB less per descriptor held, and faster than json.loads. Anything it refuses (a syntax error, NaN, a lone
    surrogate, too deep, a huge integer), and any text with a number that may overflow (`may_overflow`), goes through
    json.loads, whose errors and checks say what is wrong.
    """
    if not may_overflow:
        try:
            return pydantic_core.from_json(text, allow_inf_nan=False, cache_strings=True)
        except ValueError:
            pass
    return json.loads(text, parse_constant=_not_a_number, parse_float=_finite)


class _NotFinite(ValueError):
    """A NaN, Infinity or overflowing number in a descriptor: Python reads it, JSON and every client do not."""


def _not_a_number(token: str) -> float:
    raise _NotFinite(token)


def _finite(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _NotFinite(f"{token[:40]} (too large for a number)")
    return value


def _without_lone_surrogates(data: Any) -> Any | DecodeFailure:
    """`data` unchanged, or a DecodeFailure naming where an escape such as \\ud800 left half a character."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            stack.extend((value, (*path, key)) for key, value in item.items())
            stack.extend((key, (*path, key)) for key in item)
        elif isinstance(item, list):
            stack.extend((value, (*path, i)) for i, value in enumerate(item))
        elif isinstance(item, str) and _LONE_SURROGATE.search(item):
            return DecodeFailure(Code.ENCODING_ERROR, f"the string at {_pointer(path) or '/'} holds half of a UTF-16 "
                                 "surrogate pair (an escape such as \\ud800 without its partner), which is not text; "
                                 "write the character itself or remove the escape")
    return data


def _yaml_too_deep(text: str) -> bool:
    """Whether a YAML text nests collections more than MAX_YAML_DEPTH levels (checked without recursion)."""
    # Every nesting level needs one of these characters, so most files are cleared without parsing.
    if sum(map(text.count, "[{-:?")) <= MAX_YAML_DEPTH:
        return False
    import yaml

    openers, closers = (yaml.MappingStartEvent, yaml.SequenceStartEvent), (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    depth = 0
    for event in yaml.parse(text, Loader=_yaml_loader()):
        if isinstance(event, openers):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                return True
        elif isinstance(event, closers):
            depth -= 1
    return False


def _decode_yaml(text: str) -> Any | DecodeFailure:
    """Parse YAML text into JSON-compatible data, or say why it cannot be a descriptor."""
    import yaml

    try:
        if _yaml_too_deep(text):
            return DecodeFailure(Code.PARSE_ERROR, f"YAML nests more than {MAX_YAML_DEPTH} levels deep; "
                                 "descriptors are expected to nest a few levels")
        data = _yaml_documents(list(yaml.load_all(text, Loader=_yaml_loader())))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        lines = text.splitlines()
        if mark and mark.line < len(lines) and lines[mark.line][mark.column:mark.column + 1] == "\t":
            return DecodeFailure(Code.PARSE_ERROR, f"invalid YAML{where}: a tab, which YAML never reads as indentation; "
                                 "indent with spaces")
        return DecodeFailure(Code.PARSE_ERROR, f"invalid YAML{where}: {exc.problem or exc.context}")
    except yaml.YAMLError as exc:
        return DecodeFailure(Code.PARSE_ERROR, f"invalid YAML: {exc}")
    problem = _not_json(data, budget=20 * len(text) + 10_000)
    return data if problem is None else DecodeFailure(Code.PARSE_ERROR, problem)


def _yaml_documents(documents: list[Any]) -> Any:
    """A YAML stream's content: its one document, or the list of its documents when `---` separates several.

    Empty documents at the end (a trailing `---`) are not documents anyone wrote.
    """
    while len(documents) > 1 and documents[-1] is None:
        documents.pop()
    return documents[0] if len(documents) == 1 else documents or None


def _not_json(data: Any, budget: int) -> str | None:
    """Why YAML data is not plain JSON data (a !!binary or !!set value, a non-string key, runaway aliases), if it is not."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        budget -= 1
        if budget < 0:  # aliases (*name) multiply values; an alias inside its own anchor never ends
            return ("YAML aliases (*name) expand far beyond the file's size or refer to themselves; "
                    "write the values out or reuse fewer anchors")
        item, path = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if not isinstance(key, str):
                    return (f"YAML key {key!r} at {_pointer(path) or '/'} is not a string ({type(key).__name__}); "
                            "descriptor keys are strings, so quote it")
                stack.append((value, (*path, key)))
        elif isinstance(item, list):
            stack.extend((value, (*path, i)) for i, value in enumerate(item))
        elif isinstance(item, float) and not math.isfinite(item):
            return (f"YAML value at {_pointer(path) or '/'} is {item}, which is not a JSON number (JSON has no NaN or "
                    "Infinity); write a finite number, or the value as a string")
        elif not isinstance(item, _JSON_SCALARS):
            return (f"YAML value at {_pointer(path) or '/'} is not a JSON value ({type(item).__name__}); descriptors hold "
                    "strings, numbers, booleans, null, lists and mappings only, so drop the tag or quote the value")
    return None


def _pointer(path: tuple[Any, ...]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)
