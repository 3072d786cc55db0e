"""`atdf-mcp fix PATH...`: descriptors written another way, in their canonical form: a unified diff, or rewritten.

    $ atdf-mcp fix ./descriptors            # the diff on stdout, a summary on stderr; nothing changes
    $ atdf-mcp fix ./descriptors --write    # rewrite the files (JSON stays JSON, YAML stays YAML, comments kept)

Every rewrite is what `validate` reports as NON_CANONICAL, and only that: the canonical form validates with no
such warning. Exit codes as `validate`: 0 when everything is (or would be) canonical and valid, 1 when something
could not be fixed (an ambiguous deviation or any other error, listed on stderr), 2 on usage errors.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import os
import sys
from pathlib import Path
from typing import Any

from .catalog import LoadReport, Problem, collection_key_for, descriptor_entries, foreign_collection, load_catalog
from .codes import Code
from .dialects import containers, detect
from .dialects.canonical import Canonical, canonicalize
from .files import CONFIG_FILE_NAMES, DecodeFailure, decode_bytes, text_codec
from .json_lines import JsonLines, split_lines
from .rewrite import Origin, rewrite_json, rewrite_yaml
from .schemas import to_pointer

__all__ = ["add_parser", "canonical_text", "run"]

EXIT_OK, EXIT_ERRORS = 0, 1


def add_parser(commands: Any) -> None:
    """Add the `fix` sub-command to the CLI's sub-parsers."""
    fix = commands.add_parser("fix", help="rewrite descriptors in their canonical form (prints a diff; --write saves)")
    fix.add_argument("paths", nargs="+", metavar="PATH", help="descriptor files or directories")
    fix.add_argument("--write", action="store_true", help="rewrite the files in place instead of printing a diff")


def run(args: argparse.Namespace) -> int:
    """Print the diff of (or write) the canonical form of every file that deviates; say what could not be fixed."""
    catalog = load_catalog(*args.paths)
    report, atdf1_required = catalog.report, catalog.config.atdf1_required
    changed: list[Path] = []
    for f in report.files:
        path = Path(f.file)
        if path.name in CONFIG_FILE_NAMES or not any(p.code == Code.NON_CANONICAL for p in f.problems):
            continue
        data = path.read_bytes()
        suffix = path.suffix.lower()
        new = canonical_bytes(data, yaml_syntax=suffix in (".yaml", ".yml"), json_lines=suffix == ".jsonl",
                              atdf1_required=atdf1_required)
        if new is None or new == data:
            continue
        changed.append(path)
        if args.write:
            path.write_bytes(new)
        else:
            sys.stdout.write(_diff(path, data, new))
    if args.write and changed:
        leftover = [p for p in load_catalog(*changed).report.problems if p.code == Code.NON_CANONICAL]
        for p in leftover:  # a rewrite that does not round-trip is a bug of ours, never the user's
            print(f"atdf-mcp: internal error: still not canonical after fix: {_where(p)}: {p.message}", file=sys.stderr)
        if leftover:
            return EXIT_ERRORS
    return _summary(report, changed, write=args.write)


def canonical_text(text: str, *, yaml_syntax: bool = False, json_lines: bool = False, atdf1_required: bool = True) -> str | None:
    """A descriptor file's text in canonical form, laid out as it was; None when it cannot be decoded (`atdf1_required`:
    the catalogue's reading of ATDF 1.x inputs)."""
    raw = decode_bytes(text.encode("utf-8"), yaml_syntax=yaml_syntax, json_lines=json_lines)
    if isinstance(raw, DecodeFailure):
        return None
    if isinstance(raw, JsonLines):
        return _canonical_lines(text, atdf1_required)
    document, origin = _canonical_document(raw, atdf1_required)
    crlf = "\r\n" in text
    plain = text.replace("\r\n", "\n") if crlf else text
    result = rewrite_yaml(plain, document, origin) if yaml_syntax else rewrite_json(plain, document, origin)
    if decode_bytes(result.encode("utf-8"), yaml_syntax=yaml_syntax) != document:  # never write what does not read back
        import yaml  # rare, and `serve` imports this module: keep yaml off its start

        result = (yaml.safe_dump(document, sort_keys=False, allow_unicode=True) if yaml_syntax
                  else json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return result.replace("\n", "\r\n") if crlf else result


def canonical_bytes(data: bytes, *, yaml_syntax: bool = False, json_lines: bool = False, atdf1_required: bool = True) -> bytes | None:
    """`canonical_text` of a file's bytes, in its encoding and with its byte-order mark if it had one."""
    codec, bom = text_codec(data)
    text = canonical_text(data[len(bom):].decode(codec), yaml_syntax=yaml_syntax, json_lines=json_lines,
                          atdf1_required=atdf1_required)
    return None if text is None else bom + text.encode(codec)


def _canonical_lines(text: str, atdf1_required: bool = True) -> str:
    """A JSON Lines text with each line canonical and still one line; blank lines and lines that do not parse kept."""
    out = []
    for line in split_lines(text, keepends=True):
        body = line.rstrip("\r\n")
        document = decode_bytes(body.encode("utf-8")) if body.strip() else None
        if document is None or isinstance(document, (DecodeFailure, JsonLines)):
            out.append(line)
            continue
        fixed, _ = _canonical_document(copy.deepcopy(document), atdf1_required)  # it rewrites lists in place
        new = body if fixed == document else json.dumps(fixed, ensure_ascii=False)
        out.append(new + line[len(body):])
    return "".join(out)


def _canonical_document(raw: Any, atdf1_required: bool = True) -> tuple[Any, Origin]:
    """The decoded file with each descriptor in it canonical (what is not a descriptor is left untouched).

    Also where each part of the new document was in the file (a renamed key, a moved block), for the rewrite.
    """
    changed: list[tuple[str, Canonical]] = []
    for pointer, item in descriptor_entries(raw):
        canon = canonicalize(copy.deepcopy(item), atdf1_required=atdf1_required)
        if detect(canon.raw) is not None and canon.deviations:
            raw = _replaced(raw, pointer, canon.raw)
            changed.append((pointer, canon))

    raw, lifts = containers.lifted(raw)  # tools in a request body or a wrapper → the root's "tools" list
    key = foreign_collection(raw)
    renamed: tuple[str, str] | None = None
    if key is not None:  # {"mcp_tools": [...]} → {"tools": [...]}, in its place among the root's keys
        wanted = collection_key_for(raw[key])
        if wanted not in raw:
            raw = {wanted if k == key else k: v for k, v in raw.items()}
            renamed = (to_pointer((wanted,)), to_pointer((key,)))

    def origin(pointer: str) -> str:
        pointer = Canonical.origin_in(lifts, pointer)
        if renamed is not None and (pointer == renamed[0] or pointer.startswith(renamed[0] + "/")):
            pointer = renamed[1] + pointer[len(renamed[0]):]
        for entry, canon in changed:
            if pointer == entry or pointer.startswith(entry + "/"):
                return entry + canon.origin(pointer[len(entry):])
        return pointer

    return raw, origin


def _replaced(document: Any, pointer: str, value: Any) -> Any:
    """`document` with the value at `pointer` (a path of the file's own entries) replaced by `value`."""
    if not pointer:
        return value
    *parents, last = pointer.split("/")[1:]
    node = document
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return document


def _diff(path: Path, old: bytes, new: bytes) -> str:
    """A unified diff of a file's two versions, named a/PATH and b/PATH as `git apply` and `patch -p1` expect."""
    name = _display(path)
    before, after = (split_lines(_diff_text(b), keepends=True) for b in (old, new))
    lines = []
    for line in difflib.unified_diff(before, after, f"a/{name}", f"b/{name}"):
        lines.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(lines)


def _diff_text(data: bytes) -> str:
    """A file's text as a diff shows it: a UTF-8 byte-order mark kept on the first line, where `git apply` finds it."""
    codec, bom = text_codec(data)
    text = data[len(bom):].decode(codec)
    return "\ufeff" + text if bom and codec == "utf-8" else text


def _display(path: Path) -> str:
    """The path relative to the working directory when it is below it, else as given."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path.as_posix()
    return path.as_posix() if relative.startswith("..") else Path(relative).as_posix()


def _where(p: Problem) -> str:
    return f"{p.file}{'#' + p.pointer if p.pointer else ''}"


def _summary(report: LoadReport, changed: list[Path], *, write: bool) -> int:
    """Say on stderr what was (or would be) rewritten and what could not be fixed; the exit code."""
    if changed:
        verb = "rewrote" if write else "would rewrite"
        hint = "" if write else " (run again with --write to save)"
        print(f"atdf-mcp: {verb} {len(changed)} file(s) in canonical form{hint}", file=sys.stderr)
    errors = report.errors
    for p in errors:
        print(f"atdf-mcp: not fixed: {_where(p)}: {p.message} [{p.code}]", file=sys.stderr)
    if not changed and not errors:
        print("atdf-mcp: nothing to fix: every descriptor is written canonically", file=sys.stderr)
    return EXIT_ERRORS if errors else EXIT_OK
