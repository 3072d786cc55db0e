"""The `atdf-mcp` command line: validate, convert, manifest, config and serve.

Only this module writes to stdout for humans; `serve` leaves stdout to the MCP protocol.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .catalog import LoadReport, load_catalog
from .errors import AtdfError, UsageError

__all__ = ["main"]

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse exits 2 on usage errors; keep the message short
        self.print_usage(sys.stderr)
        print(f"atdf-mcp: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command."""
    parser = _Parser(prog="atdf-mcp", description="Serve ATDF/ARDF descriptor catalogues over MCP.")
    parser.add_argument("--version", action="version", version=f"atdf-mcp {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    validate = commands.add_parser("validate", help="check descriptor files and directories, report every problem")
    validate.add_argument("paths", nargs="+", metavar="PATH", help="descriptor files or directories")
    validate.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    validate.add_argument("--strict", action="store_true", help="fail on warnings too")

    convert = commands.add_parser("convert", help="convert descriptors to ARDF 1.0 or ATDF 2.x (JSON on stdout)")
    convert.add_argument("file", metavar="FILE", help="a descriptor file (any supported dialect)")
    convert.add_argument("--to", choices=("ardf", "atdf2"), required=True, help="target format")

    serve = commands.add_parser("serve", help="serve a catalogue over MCP (stdio by default)")
    serve.add_argument("directory", nargs="?", metavar="DIR", help="catalogue directory (default: ./descriptors)")
    serve.add_argument("--lang", default=os.environ.get("ATDF_MCP_LANG"), help="language of descriptions (default: $ATDF_MCP_LANG)")
    serve.add_argument("--log-level", default=os.environ.get("ATDF_MCP_LOG_LEVEL", "info"),
                       choices=("debug", "info", "warning", "error"), help="stderr log level (default: info)")
    serve.add_argument("--timeout", type=float, default=None, help="default tool timeout in seconds (default: 60)")

    manifest = commands.add_parser("manifest", help="print the mcp_manifest.json of a catalogue")
    manifest.add_argument("directory", nargs="?", metavar="DIR", help="catalogue directory (default: ./descriptors)")

    config = commands.add_parser("config", help="print client configuration for a catalogue")
    config.add_argument("client", choices=("claude-desktop",), help="the MCP client to configure")
    config.add_argument("directory", nargs="?", metavar="DIR", help="catalogue directory (default: ./descriptors)")
    config.add_argument("--name", default=None, help="server name in mcpServers (default: the directory's name)")
    config.add_argument("--lang", default=None, help="language to pass to `serve --lang`")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code."""
    args = build_parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"atdf-mcp: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except AtdfError as exc:
        print(f"atdf-mcp: {exc}", file=sys.stderr)
        return EXIT_ERRORS
    except KeyboardInterrupt:
        return 130


def _validate(args: argparse.Namespace) -> int:
    catalog = load_catalog(*args.paths)
    report = catalog.report
    if args.format == "json":
        print(json.dumps(report_json(report), indent=2, ensure_ascii=False))
    else:
        _print_report(report, len(catalog.descriptors))
    failing = report.errors or (args.strict and report.warnings)
    return EXIT_ERRORS if failing else EXIT_OK


def report_json(report: LoadReport) -> dict[str, Any]:
    """The `validate --format json` document of a load report."""
    return {
        "files": [
            {
                "file": f.file,
                "dialect": f.dialect,
                "ids": list(f.ids),
                "problems": [{"pointer": p.pointer, "message": p.message, "severity": p.severity, "code": p.code}
                             for p in f.problems],
            }
            for f in report.files
        ],
        "summary": {
            "files": len(report.files),
            "descriptors": sum(len(f.ids) for f in report.files),
            "errors": len(report.errors),
            "warnings": len(report.warnings),
            "ok": report.ok,
        },
    }


def _print_report(report: LoadReport, loaded: int) -> None:
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    red, yellow, dim, reset = ("\033[31m", "\033[33m", "\033[2m", "\033[0m") if colour else ("", "", "", "")
    for f in report.files:
        if not f.problems:
            continue
        print(f"{f.file}{dim} ({f.dialect or 'unreadable'}){reset}")
        for p in f.problems:
            tint = red if p.severity == "error" else yellow
            where = p.pointer or "/"
            print(f"  {tint}{p.severity}{reset} {where}: {p.message} {dim}[{p.code}]{reset}")
    errors, warnings = len(report.errors), len(report.warnings)
    print(f"{len(report.files)} file(s), {loaded} descriptor(s) loaded, {errors} error(s), {warnings} warning(s)")


def _convert(args: argparse.Namespace) -> int:
    from .projection import to_ardf, to_atdf2
    from .schemas import SCHEMAS

    path = Path(args.file)
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    catalog = load_catalog(path)
    for p in catalog.report.errors:
        print(f"{p.file}{p.pointer and '#' + p.pointer}: {p.message}", file=sys.stderr)
    if not catalog.descriptors:
        print("atdf-mcp: nothing to convert: no valid descriptor in the file", file=sys.stderr)
        return EXIT_ERRORS
    project, schema = (to_ardf, SCHEMAS["ardf"]) if args.to == "ardf" else (to_atdf2, SCHEMAS["atdf2"])
    documents = []
    for d in catalog.descriptors:
        try:
            doc = project(d)
        except ValueError as exc:
            print(f"atdf-mcp: {exc}", file=sys.stderr)
            return EXIT_ERRORS
        violations = schema.violations(doc)
        if violations:  # a projection bug, never the user's: say so plainly
            print(f"atdf-mcp: internal error: the {args.to} projection of {d.id!r} is invalid: "
                  f"{violations[0].pointer} {violations[0].message}", file=sys.stderr)
            return EXIT_ERRORS
        documents.append(doc)
    output = documents[0] if len(documents) == 1 else documents
    print(json.dumps(output, indent=2, ensure_ascii=False))
    return EXIT_ERRORS if catalog.report.errors else EXIT_OK


def _serve(args: argparse.Namespace) -> int:
    from .logs import configure_logging
    from .serve import load_for_serving, serve_stdio

    configure_logging(args.log_level)
    with contextlib.redirect_stdout(sys.stderr):  # stdout is the protocol: handler modules' prints go to stderr
        _, app = load_for_serving(args.directory, lang=args.lang, timeout=args.timeout)
    serve_stdio(app)
    return EXIT_OK


def _manifest(args: argparse.Namespace) -> int:
    from .publish import build_manifest
    from .serve import default_catalog_dir

    catalog = load_catalog(args.directory or default_catalog_dir())
    print(json.dumps(build_manifest(catalog), indent=2, ensure_ascii=False))
    return EXIT_OK


def _config(args: argparse.Namespace) -> int:
    from .serve import default_catalog_dir

    directory = Path(args.directory).resolve() if args.directory else default_catalog_dir().resolve()
    if not directory.is_dir():
        raise UsageError(f"no such directory: {directory}")
    print(json.dumps(claude_desktop_config(directory, name=args.name, lang=args.lang), indent=2, ensure_ascii=False))
    return EXIT_OK


def claude_desktop_config(directory: Path, *, name: str | None = None, lang: str | None = None) -> dict[str, Any]:
    """An `mcpServers` block launching this environment's atdf-mcp on `directory` (absolute paths)."""
    script = Path(sys.executable).parent / ("atdf-mcp.exe" if os.name == "nt" else "atdf-mcp")
    serve_args = ["serve", str(directory)] + (["--lang", lang] if lang else [])
    if script.is_file():
        entry = {"command": str(script), "args": serve_args}
    else:
        entry = {"command": sys.executable, "args": ["-m", "atdf_mcp", *serve_args]}
    return {"mcpServers": {name or directory.name: entry}}


_COMMANDS = {"validate": _validate, "convert": _convert, "serve": _serve, "manifest": _manifest, "config": _config}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
