"""The `atdf-mcp` command line: validate, convert, manifest, config, fix, serve and explore.

Only this module writes to stdout for humans; `serve` leaves stdout to the MCP protocol.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from . import explore as explore_command
from . import fix as fix_command
from .catalog import Catalog, LoadReport, load_catalog
from .codes import Code
from .dialects import DIALECT, WRITERS, writer
from .errors import AtdfError, UsageError
from .hosts import HOSTS, Launch, Remote, add_json_command, check_env_names, check_literal, check_name, check_remote, render, utf8, where
from .labels import check_language_tag
from .summary import Counts, derived_tools, language_copies

__all__ = ["main"]

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
CLIENTS = ("claude-desktop", "claude-code", "cursor", "vscode", "windsurf", "zed", "gemini-cli", "codex", "opencode", "cline",
           "continue", "goose", "lm-studio")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse exits 2 on usage errors; keep the message short
        self.print_usage(sys.stderr)
        print(f"atdf-mcp: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


DIR_HELP = "catalogue directory (default: ./descriptors, else the demo catalogue beside the package)"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command."""
    parser = _Parser(prog="atdf-mcp", description="Serve ATDF/ARDF descriptor catalogues over MCP.")
    parser.add_argument("--version", action="version", version=f"atdf-mcp {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    validate = commands.add_parser("validate", help="check descriptor files and directories, report every problem")
    validate.add_argument("paths", nargs="+", metavar="PATH", help="descriptor files or directories")
    validate.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    validate.add_argument("--strict", action="store_true", help="fail on warnings too")

    convert = commands.add_parser("convert", help="convert descriptors to ARDF 1.0 or ATDF 2.x (JSON on stdout, or files)")
    convert.add_argument("paths", nargs="+", metavar="PATH", help="descriptor files or directories (any supported dialect)")
    convert.add_argument("--to", choices=tuple(sorted(WRITERS)), required=True, help="target format")
    convert.add_argument("--out-dir", metavar="DIR", default=None,
                         help="write one file per descriptor (ID.json, language copies ID_LANG.json) into DIR "
                              "instead of printing one document (one descriptor) or a JSON list (several)")

    serve = commands.add_parser("serve", help="serve a catalogue over MCP (stdio by default)")
    serve.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    serve.add_argument("--lang", default=os.environ.get("ATDF_MCP_LANG"), help="language of descriptions (default: $ATDF_MCP_LANG)")
    serve.add_argument("--log-level", default=os.environ.get("ATDF_MCP_LOG_LEVEL", "info"),
                       choices=("debug", "info", "warning", "error"), help="stderr log level (default: info)")
    serve.add_argument("--log-format", default=os.environ.get("ATDF_MCP_LOG_FORMAT", "text"), choices=("text", "json"),
                       help="stderr log lines as text, or one JSON object each, banner included (default: text)")
    serve.add_argument("--timeout", type=float, default=None, help="default tool timeout in seconds (default: 60)")
    serve.add_argument("--toolset", default=None, metavar="NAME",
                       help="serve only this tool set of the catalogue's atdf-mcp.yaml `toolsets:` (over HTTP: what /mcp and "
                            "/sse serve; /mcp/NAME serves each set)")
    serve.add_argument("--no-cache", action="store_true",
                       help="read every descriptor file and build the search index at start-up, ignoring the snapshot and search caches "
                            "(which are still rewritten)")
    serve.add_argument("--shutdown-timeout", type=float, default=None, metavar="SECONDS",
                       help="on SIGTERM, how long calls in flight may still run before they are cancelled (default: 25; "
                            "at most 5 after Ctrl+C; a second Ctrl+C stops at once)")
    serve.add_argument("--max-call-seconds", type=float, default=None, metavar="SECONDS",
                       help="no tool call runs longer, however much progress it reports (default: 3600; a tool's own "
                            "timeout limits how long it may go without reporting progress)")
    serve.add_argument("--no-watch", dest="watch", action="store_false",
                       help="do not reload when a file of the catalogue changes (default: watch; SIGHUP and POST /reset "
                            "still reload)")
    _disclosure_arguments(serve)
    http = serve.add_argument_group("HTTP transports", "for --transport http (/mcp and /sse) or sse (/sse only)")
    http.add_argument("--transport", choices=("stdio", "http", "sse"), default="stdio",
                      help="stdio (default), http (Streamable HTTP at /mcp plus legacy SSE at /sse), or sse (legacy SSE only)")
    http.add_argument("--host", default=None, help="address to bind (default: 127.0.0.1, this machine only)")
    http.add_argument("--port", type=int, default=None, help="port to listen on (default: 8000; 0 picks a free one)")
    http.add_argument("--stateless", action="store_true", help="no Streamable HTTP sessions, for replicas behind a load balancer "
                      "(server-to-client requests are lost)")
    http.add_argument("--json-response", action="store_true", help="answer /mcp POSTs with one JSON body instead of an SSE stream")
    http.add_argument("--auth-token", default=os.environ.get("ATDF_MCP_AUTH_TOKEN") or None,
                      help="require `Authorization: Bearer TOKEN` on every route but /health, /ready and the OAuth discovery: "
                           "/mcp, /sse, /messages/, the Agent Tool Service (/get_tool, /call_tool, /callback, /cancel, /task), "
                           "the REST routes (/tools, /resources, /manifest, /search, GET and POST /validate, /reset), the "
                           "explorer (its pages: unless --public-catalog; its try-it POST /explore/call) and /metrics (unless "
                           "--metrics-public) (default: $ATDF_MCP_AUTH_TOKEN)")
    http.add_argument("--oauth-issuer", default=None, metavar="URL",
                      help="accept JWT access tokens of this OAuth 2.1 issuer (checked against its JWKS) on the protected routes")
    http.add_argument("--oauth-audience", default=None, metavar="AUD",
                      help="with --oauth-issuer: the audience tokens must name (usually this server's public /mcp URL)")
    http.add_argument("--oauth-scope", action="append", default=[], metavar="SCOPE",
                      help="with --oauth-issuer: a scope every token needs (else 403 insufficient_scope); repeatable")
    http.add_argument("--oauth-toolset-claim", default=None, metavar="CLAIM",
                      help="with --oauth-issuer: the token claim naming the caller's tool set (default: none, the whole catalogue)")
    http.add_argument("--oauth-leeway", type=float, default=None, metavar="SECONDS",
                      help="with --oauth-issuer: clock skew allowed on exp and nbf (default: 30)")
    http.add_argument("--metrics-public", action="store_true",
                      help="serve GET /metrics without the bearer token (e.g. to a Prometheus on a private network)")
    http.add_argument("--public-catalog", nargs="?", const="*", default=None, metavar="SET",
                      help="serve the read-only routes (GET /tools, /resources, /manifest, /search, the explorer's pages...) "
                           "without a token even when one is set: the whole catalogue, or only the tool set SET; a token "
                           "sent is still checked, and /mcp, /sse, the Agent Tool Service and calls still need one")
    http.add_argument("--allow-host", action="append", default=[], metavar="HOST",
                      help="also accept this Host header (name, name:port, or * for any), e.g. behind a reverse proxy; repeatable")
    http.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                      help="also accept requests from this web origin (https://app.example.com, or *); repeatable")
    http.add_argument("--cors-origin", action="append", default=[], metavar="ORIGIN",
                      help="send CORS headers for this web origin (off by default); repeatable")
    http.add_argument("--max-body-size", type=int, default=None, metavar="BYTES", help="largest request body accepted (default: 4 MiB)")
    http.add_argument("--max-sessions", type=int, default=None, metavar="N",
                      help="most MCP sessions open at once; when full, idle ones are evicted first (default: 1000)")
    http.add_argument("--max-sessions-per-client", type=int, default=None, metavar="N",
                      help="most sessions one client address may hold (default: a quarter of --max-sessions)")
    http.add_argument("--session-idle-timeout", type=float, default=None, metavar="SECONDS",
                      help="close a Streamable HTTP session after this long with no request (default: 600)")
    tasks = serve.add_argument_group("tasks", "tool calls answered later: POST /call_tool/NAME, GET /callback/ID (HTTP only)")
    tasks.add_argument("--task-store", default=None, metavar="URL",
                       help="where tasks live: memory:// (default, this process) or redis://HOST:PORT/DB (shared by replicas)")
    tasks.add_argument("--task-ttl", type=float, default=None, metavar="SECONDS", help="how long a finished task stays readable (default: 3600)")
    tasks.add_argument("--max-tasks", type=int, default=None, metavar="N",
                       help="most tasks running at once in this process; more answer 429 with Retry-After (default: 1000)")
    tasks.add_argument("--task-heartbeat", type=float, default=None, metavar="SECONDS",
                       help="with a Redis store: a replica silent this long has lost its tasks, which end WORKER_LOST (default: 15)")

    fix_command.add_parser(commands)
    explore_command.add_parser(commands)

    manifest = commands.add_parser("manifest", help="print the mcp_manifest.json of a catalogue")
    manifest.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)

    config = commands.add_parser("config", help="print client configuration for a catalogue, or for a running HTTP server",
                                 description="Print the entry an MCP host needs, in its own file format (JSON, YAML for continue "
                                             "and goose, TOML for codex); stderr says which file on each OS and which key.")
    config.add_argument("client", choices=CLIENTS, metavar="HOST",
                        help=f"the MCP host to configure: {', '.join(CLIENTS)}")
    config.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    config.add_argument("--name", default=None, help="the server's name, its entry's key (default: the directory's name, or atdf-mcp with --url)")
    config.add_argument("--lang", default=None, help="language to pass to `serve --lang`")
    config.add_argument("--url", default=None, help="connect to a running `serve --transport http` server at this /mcp (or /sse) URL "
                        "instead of launching one")
    config.add_argument("--auth-token", default=None, help="with --url: the bearer token the server requires")
    config.add_argument("--toolset", default=None, metavar="NAME",
                        help="only this tool set: `serve --toolset NAME`, or with --url the set's URL (/mcp/NAME, /sse/NAME)")
    config.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="an environment variable for the launched server (the entry's env block: API keys for "
                             "handlers, ATDF_MCP_LOG_LEVEL, ...); repeatable")
    return parser


def _disclosure_arguments(serve: argparse.ArgumentParser) -> None:
    """`serve --disclosure` and `--page-size` (atdf_mcp.disclosure, atdf_mcp.paging)."""
    serve.add_argument("--disclosure", choices=("full", "progressive"), default=None,
                       help="full: tools/list holds every tool; progressive: the pinned tools and search_tools, get_tool_info, "
                            "call_tool (default: `disclosure:` of atdf-mcp.yaml, else full)")
    serve.add_argument("--page-size", type=int, default=None, metavar="N",
                       help="return tools/list, prompts/list and resources/list in pages of N, with a next cursor "
                            "(default: one page; some hosts read only the first)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code."""
    args = build_parser().parse_args(argv)
    try:
        code = _COMMANDS[args.command](args)
        sys.stdout.flush()  # a reader that went away (`| head`) shows up here at the latest
        return code
    except BrokenPipeError:
        return _stdout_closed()
    except UsageError as exc:
        print(f"atdf-mcp: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except AtdfError as exc:
        print(f"atdf-mcp: {exc}", file=sys.stderr)
        return EXIT_ERRORS
    except KeyboardInterrupt:
        return 130


EXIT_PIPE_CLOSED = 128 + 13  # as a shell reports a program stopped by SIGPIPE


def _stdout_closed() -> int:
    """stdout's reader went away (`atdf-mcp validate DIR | head`): stop quietly, as Unix tools do."""
    with contextlib.suppress(AttributeError, OSError, ValueError):  # Python flushes stdout again at exit: send that nowhere
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_PIPE_CLOSED


def _machine_stdout() -> contextlib.AbstractContextManager[Any]:
    """While loading and binding: what handler modules print on import goes to stderr; stdout carries only the output."""
    return contextlib.redirect_stdout(sys.stderr)


def _validate(args: argparse.Namespace) -> int:
    with _machine_stdout():
        catalog = load_catalog(*args.paths)  # bindings and documents included: one report, no server built
        report = catalog.report
    counts = Counts.of(catalog, report.problems, files=len(report.files))  # with the files only serving problems name
    if args.format == "json":
        print(json.dumps(report_json(report, counts), indent=2, ensure_ascii=False))
    else:
        _print_report(report, counts)
    failing = report.errors or (args.strict and report.warnings)
    return EXIT_ERRORS if failing else EXIT_OK


def report_json(report: LoadReport, counts: Counts) -> dict[str, Any]:
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
        "summary": counts.as_json(),
    }


_UNREADABLE = {Code.READ_ERROR, Code.FILE_TOO_LARGE, Code.BINARY_FILE, Code.ENCODING_ERROR, Code.PARSE_ERROR, Code.EMPTY_FILE, Code.TOO_DEEP}


def _print_report(report: LoadReport, counts: Counts) -> None:
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    red, yellow, dim, reset = ("\033[31m", "\033[33m", "\033[2m", "\033[0m") if colour else ("", "", "", "")
    for f in report.files:
        if not f.problems:
            continue
        if all(p.severity == "info" for p in f.problems):  # a skipped file: one line, never a problem
            for p in f.problems:
                print(f"{f.file}: {dim}info: {p.message} [{p.code}]{reset}")
            continue
        label = f" ({f.dialect})" if f.dialect else (" (unreadable)" if any(p.code in _UNREADABLE for p in f.problems) else "")
        print(f"{f.file}{dim}{label}{reset}")
        for p in f.problems:
            tint = {"error": red, "warning": yellow}.get(p.severity, dim)
            where = p.pointer or "/"
            print(f"  {tint}{p.severity}{reset} {where}: {p.message} {dim}[{p.code}]{reset}")
    print(counts.text())


def _convert(args: argparse.Namespace) -> int:
    from .schemas import SCHEMAS

    with _machine_stdout():
        catalog = load_catalog(*args.paths, bind=False)  # a conversion imports no handler: it only rewrites descriptors
    for p in catalog.report.errors:
        print(f"{p.file}{p.pointer and '#' + p.pointer}: {p.message}", file=sys.stderr)
    if not catalog.descriptors:
        print("atdf-mcp: nothing to convert: no valid descriptor found", file=sys.stderr)
        return EXIT_ERRORS
    project, schema = writer(args.to), SCHEMAS[args.to]
    converted: list[tuple[str, dict[str, Any]]] = []  # (file name stem, document)
    sources = _with_language_copies(catalog) if args.out_dir else [(d, None) for d in catalog.descriptors]
    # A format that can write connectors and models carries their generated tools in them; elsewhere they are tools.
    generated = derived_tools(catalog) if DIALECT[args.to].can_write("connector") else set()
    for d, lang in sources:
        if d.id in generated:  # generated from a connector's or model's endpoints: the parent's ARDF carries it
            continue
        try:
            doc = project(d)
        except ValueError as exc:  # e.g. a prompt converted to ATDF 2.x: skip it, say so, convert the rest
            print(f"atdf-mcp: skipped: {exc}", file=sys.stderr)
            continue
        violations = schema.violations(doc)
        if violations:  # a projection bug, never the user's: say so plainly
            print(f"atdf-mcp: internal error: the {args.to} projection of {d.id!r} is invalid: "
                  f"{violations[0].pointer} {violations[0].message}", file=sys.stderr)
            return EXIT_ERRORS
        converted.append((f"{d.id}_{lang}" if lang else d.id, doc))
    if not converted:
        return EXIT_ERRORS
    if args.out_dir:
        for path in _write_documents(Path(args.out_dir), converted):
            print(path)
    else:
        copies = len(language_copies(catalog))
        if copies:
            print(f"atdf-mcp: left out {copies} language cop{'y' if copies == 1 else 'ies'} (same id as their base "
                  "descriptor); --out-dir DIR writes them as ID_LANG.json", file=sys.stderr)
        documents = [doc for _, doc in converted]
        print(json.dumps(documents[0] if len(documents) == 1 else documents, indent=2, ensure_ascii=False))
    return EXIT_ERRORS if catalog.report.errors else EXIT_OK


def _with_language_copies(catalog: Catalog) -> list[tuple[Any, str | None]]:
    """Every descriptor, each followed by its language copies (`x_es.json`) and their language."""
    copies: dict[str, list[tuple[Any, str]]] = {}
    for copy, lang in language_copies(catalog):
        copies.setdefault(copy.id, []).append((copy, lang))
    return [item for d in catalog.descriptors for item in [(d, None), *copies.get(d.id, [])]]


def _write_documents(folder: Path, documents: list[tuple[str, dict[str, Any]]]) -> list[Path]:
    """Write each document to `folder/<name>.json` (names made safe and unique); return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, doc in documents:
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name).strip(".") or "descriptor"
        path, n = folder / f"{stem}.json", 1
        while path in written:
            n += 1
            path = folder / f"{stem}-{n}.json"
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def _explore(args: argparse.Namespace) -> int:
    """`explore`: `serve --transport http` on a free 127.0.0.1 port, with the explorer opened in the browser."""
    serve_args = build_parser().parse_args(explore_command.serve_arguments(args))
    return _serve(serve_args, listening=explore_command.when_listening(args.browser))


def _serve(args: argparse.Namespace, listening: Any = None) -> int:
    # The start builds objects and frees few: collections would only cost (≈ 0.2 s of a warm start at 5,000 tools, in
    # the SDK's imports and its first tools/list). They resume once the catalogue is loaded (below; a warm start's in
    # warm.complete_start), or on the way out.
    gc.disable()
    from .live import hold_sighup

    hold_sighup()  # a `kill -HUP` while the catalogue loads is a reload once it is served, not the end of the process
    try:
        return _serve_uncollected(args, listening)
    finally:
        gc.enable()


def _serve_uncollected(args: argparse.Namespace, listening: Any) -> int:
    from .logs import configure_logging
    from .redirect import stdout_claimed
    from .serve import default_catalog_dir, open_listener
    from .tracing import configure_tracing

    if args.shutdown_timeout is not None and args.shutdown_timeout < 0:
        raise UsageError("--shutdown-timeout must be zero or more seconds")
    lang = check_language_tag(args.lang, "--lang (or $ATDF_MCP_LANG)") if args.lang else None
    if args.page_size is not None and args.page_size <= 0:
        raise UsageError("--page-size must be a positive number of items")
    if args.max_call_seconds is not None and args.max_call_seconds <= 0:
        raise UsageError("--max-call-seconds must be a positive number of seconds")
    options = _http_options(args)  # usage errors before any slow work
    listener = open_listener(options) if options is not None else None  # a port in use fails before loading
    if listener is not None and listening is not None:
        listening(listener.getsockname()[1])
    configure_logging(args.log_level, fmt=args.log_format)
    traced = configure_tracing()  # OTEL_* variables: spans exported, or a no-op
    directory = args.directory or default_catalog_dir()
    with stdout_claimed() if options is None else contextlib.nullcontext():  # stdio: stray output never reaches the wire
        return _serve_loaded(args, options, listener, directory, lang, traced)


def _serve_loaded(args: argparse.Namespace, options: Any, listener: Any, directory: str, lang: str | None, traced: Any) -> int:
    """`serve` once its options are checked: load (or warm-start) the catalogue and serve it until the end."""
    from .live import LiveCatalog
    from .serve import (
        DEFAULT_SHUTDOWN_TIMEOUT,
        load_for_serving,
        load_snapshot,
        serve_http,
        serve_stdio,
        start_lines,
        warm_server,
    )
    from .tracing import shutdown_tracing
    from .warm import StartKey, complete_start, remember_start

    # stdio (what a desktop host spawns): the lists of the last start answer at once while the catalogue loads
    key = StartKey.of(directory, lang=lang, timeout=args.timeout, disclosure=args.disclosure, toolset=args.toolset) \
        if options is None and not args.no_cache and args.page_size is None else None
    signature = key.signature() if key is not None else ""
    app = warm_server(key, signature, disclosure=args.disclosure, toolset=args.toolset) if key is not None else None
    if app is None:
        with contextlib.redirect_stdout(sys.stderr):  # stdout is the protocol: handler modules' prints go to stderr
            catalog, app = load_for_serving(directory, lang=lang, timeout=args.timeout, cache=not args.no_cache,
                                            disclosure=args.disclosure, page_size=args.page_size, toolset=args.toolset)
        gc.enable()  # the catalogue is in: the start's pause of the collector ends
    if args.max_call_seconds is not None:
        app.max_call_seconds = args.max_call_seconds
    app.traced = traced
    live = LiveCatalog(app, directory, watch=args.watch)
    timeout = args.shutdown_timeout if args.shutdown_timeout is not None else DEFAULT_SHUTDOWN_TIMEOUT
    try:
        if options is not None:
            return serve_http(app, options, shutdown_timeout=timeout, listener=listener, live=live)
        if key is None:
            return serve_stdio(app, shutdown_timeout=timeout, live=live)
        if app.pending is not None:
            load = functools.partial(load_snapshot, directory, lang=lang, timeout=args.timeout, disclosure=args.disclosure)
            return serve_stdio(app, shutdown_timeout=timeout, live=live,
                               after_start=functools.partial(complete_start, app, load, key, live))
        return serve_stdio(app, shutdown_timeout=timeout, live=live,
                           after_start=lambda _fail: remember_start(app, key, signature, start_lines(catalog, app)))
    finally:
        shutdown_tracing()  # the spans not yet exported


_HTTP_ONLY = {"host": "--host", "port": "--port", "stateless": "--stateless", "json_response": "--json-response",
              "allow_host": "--allow-host", "allow_origin": "--allow-origin", "cors_origin": "--cors-origin",
              "max_body_size": "--max-body-size", "max_sessions": "--max-sessions",
              "max_sessions_per_client": "--max-sessions-per-client", "session_idle_timeout": "--session-idle-timeout",
              "task_store": "--task-store", "task_ttl": "--task-ttl", "max_tasks": "--max-tasks", "task_heartbeat": "--task-heartbeat",
              "metrics_public": "--metrics-public", "public_catalog": "--public-catalog",
              "oauth_issuer": "--oauth-issuer", "oauth_audience": "--oauth-audience", "oauth_scope": "--oauth-scope",
              "oauth_toolset_claim": "--oauth-toolset-claim", "oauth_leeway": "--oauth-leeway"}


def _http_options(args: argparse.Namespace) -> Any:
    """The HttpOptions of `serve --transport http|sse`, or None for stdio; UsageError for options that do not fit."""
    if args.transport == "stdio":
        given = [flag for dest, flag in _HTTP_ONLY.items() if getattr(args, dest) not in (None, False, [])]
        if given:
            raise UsageError(f"{', '.join(given)} only apply to the HTTP transports: add --transport http (or sse)")
        return None
    from .web import DEFAULT_MAX_BODY_SIZE, HttpOptions

    if args.transport == "sse" and (args.stateless or args.json_response):
        raise UsageError("--stateless and --json-response apply to Streamable HTTP (/mcp): use --transport http")
    port = 8000 if args.port is None else args.port
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, not {port}")
    max_body = DEFAULT_MAX_BODY_SIZE if args.max_body_size is None else args.max_body_size
    if max_body <= 0:
        raise UsageError("--max-body-size must be a positive number of bytes")
    return HttpOptions(host=args.host or "127.0.0.1", port=port, transport=args.transport, stateless=args.stateless,
                       json_response=args.json_response, auth_token=args.auth_token or None,
                       allowed_hosts=tuple(args.allow_host), allowed_origins=tuple(args.allow_origin),
                       cors_origins=tuple(args.cors_origin), max_body_size=max_body, sessions=_session_limits(args),
                       tasks=_task_options(args), oauth=_oauth_options(args),
                       metrics_public=args.metrics_public, public_catalog=_public_catalog(args.public_catalog))


def _public_catalog(value: str | None) -> str | None:
    """--public-catalog's value: None, "*" (the flag alone) or a tool-set name; UsageError for a name no path could hold."""
    from .toolsets import NAME_PATTERN

    if value not in (None, "*") and not NAME_PATTERN.fullmatch(value):
        raise UsageError(f"--public-catalog {value!r} is not a tool-set name (letters, digits, '_', '.', '-')")
    return value


def _oauth_options(args: argparse.Namespace) -> Any:
    """The OAuthOptions of --oauth-issuer and its companions (None without it); UsageError when they do not fit."""
    from .oauth import OAuthOptions

    companions = [flag for flag, value in (("--oauth-audience", args.oauth_audience), ("--oauth-scope", args.oauth_scope),
                                           ("--oauth-toolset-claim", args.oauth_toolset_claim),
                                           ("--oauth-leeway", args.oauth_leeway)) if value]
    if args.oauth_issuer is None:
        if companions:
            raise UsageError(f"{', '.join(companions)} need --oauth-issuer URL")
        return None
    issuer = args.oauth_issuer
    if not issuer.startswith(("https://", "http://")):
        raise UsageError(f"--oauth-issuer {issuer!r}: use the issuer's URL, e.g. https://auth.example.com")
    if not args.oauth_audience:
        raise UsageError("--oauth-issuer needs --oauth-audience AUD (the audience its tokens name for this server)")
    leeway = 30.0 if args.oauth_leeway is None else args.oauth_leeway
    if not 0 <= leeway <= 600:
        raise UsageError("--oauth-leeway must be between 0 and 600 seconds")
    return OAuthOptions(issuer=issuer, audience=args.oauth_audience, leeway=leeway, toolset_claim=args.oauth_toolset_claim,
                        required_scopes=tuple(args.oauth_scope))


def _task_options(args: argparse.Namespace) -> Any:
    """The TaskOptions of --task-store, --task-ttl, --max-tasks and --task-heartbeat; UsageError when out of range."""
    from .tasks import TaskOptions

    defaults = TaskOptions()
    store = args.task_store
    if store is not None and not store.startswith(("memory://", "redis://", "rediss://", "unix://")):
        raise UsageError(f"--task-store {store!r}: use memory:// or redis://HOST:PORT/DB")
    for flag, value in (("--task-ttl", args.task_ttl), ("--task-heartbeat", args.task_heartbeat)):
        if value is not None and value <= 0:
            raise UsageError(f"{flag} must be a positive number of seconds")
    if args.max_tasks is not None and args.max_tasks <= 0:
        raise UsageError("--max-tasks must be a positive number of tasks")
    return TaskOptions(store=store, ttl=args.task_ttl or defaults.ttl, max_tasks=args.max_tasks or defaults.max_tasks,
                       heartbeat_timeout=args.task_heartbeat or defaults.heartbeat_timeout)


def _session_limits(args: argparse.Namespace) -> Any:
    """The SessionLimits of --max-sessions, --max-sessions-per-client and --session-idle-timeout; UsageError when out of range."""
    import math

    from .sessions import SessionLimits

    defaults = SessionLimits()
    for value, flag in ((args.max_sessions, "--max-sessions"), (args.max_sessions_per_client, "--max-sessions-per-client")):
        if value is not None and value <= 0:
            raise UsageError(f"{flag} must be a positive number of sessions")
    idle = defaults.idle_timeout if args.session_idle_timeout is None else args.session_idle_timeout
    if not (math.isfinite(idle) and idle > 0):
        raise UsageError("--session-idle-timeout must be a positive number of seconds")
    return SessionLimits(max_sessions=args.max_sessions or defaults.max_sessions, idle_timeout=idle,
                         per_client=args.max_sessions_per_client)


def _manifest(args: argparse.Namespace) -> int:
    from .publish import build_manifest
    from .serve import default_catalog_dir

    with _machine_stdout():
        catalog = load_catalog(args.directory or default_catalog_dir())
    print(json.dumps(build_manifest(catalog), indent=2, ensure_ascii=False))
    return EXIT_OK


def _config(args: argparse.Namespace) -> int:
    from .config import read_config
    from .serve import default_catalog_dir, defined_toolset

    env = parse_env(args.env)
    lang = check_language_tag(args.lang) if args.lang else None
    if args.url:
        if args.directory or args.lang:
            raise UsageError("--url configures a client for a running server: leave out DIR and --lang (they are the server's)")
        if env and args.client != "claude-desktop":
            raise UsageError(f"--env sets the environment of a process the client launches; {args.client} connects to --url "
                             "directly: set the variables where the server runs")
        url = toolset_url(args.url, args.toolset) if args.toolset else args.url
        if args.client in HOSTS:
            return _print_host_config(args.client, remote=_remote(args.client, url, args.auth_token), name=args.name)
        check_literal(args.client, {"--url": url, "--auth-token": args.auth_token or ""})
        config = remote_config(args.client, url, name=args.name, token=args.auth_token, env=env)
    else:
        if args.auth_token:
            raise UsageError("--auth-token goes with --url (a local stdio server needs no token)")
        directory = Path(args.directory).resolve() if args.directory else default_catalog_dir().resolve()
        if not directory.is_dir():
            raise UsageError(f"no such directory: {directory}")
        if lang:
            _warn_unknown_language(directory, lang)
        defined_toolset(args.toolset, read_config(directory)[0].toolsets)  # else every host shows "Failed to connect"
        if args.client in HOSTS:
            launch = stdio_launch(directory, lang=lang, env=env, toolset=args.toolset)
            return _print_host_config(args.client, launch=launch, name=args.name or directory.name)
        _check_launch(args.client, stdio_launch(directory, lang=lang, env=env, toolset=args.toolset))
        config = local_config(args.client, directory, name=args.name, lang=lang, env=env, toolset=args.toolset)
    print(utf8(json.dumps(config, indent=2, ensure_ascii=False)))
    print(where(args.client), file=sys.stderr)
    if args.client == "claude-code":
        [(name, entry)] = config["mcpServers"].items()
        print(f"atdf-mcp: or run (POSIX shell quoting): {add_json_command(name, entry)}", file=sys.stderr)
    return EXIT_OK


def _remote(host: str, url: str, token: str | None) -> Remote:
    """The Remote of `--url` that `host` can reach."""
    remote = _parsed_remote(url, token)
    check_remote(host, remote)
    return remote


def _parsed_remote(url: str, token: str | None) -> Remote:
    """`--url` as a Remote (an /sse path is the legacy transport); UsageError unless it is an http(s) URL with a host."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"--url must be an http:// or https:// URL such as http://127.0.0.1:8000/mcp, not {url!r}")
    return Remote(url=url, sse=parts.path.rstrip("/").endswith("/sse") or "/sse/" in parts.path, token=token)


def _check_launch(host: str, launch: Launch) -> None:
    """UsageError when `host` would substitute variables in the command, an argument or an --env value of `launch`, or
    leave an --env name out."""
    check_literal(host, {"the command": launch.command, **{f"argument {arg!r}": arg for arg in launch.args},
                         **{f"--env {key}": value for key, value in launch.env.items()}})
    check_env_names(host, list(launch.env))


def _print_host_config(host: str, *, name: str | None, launch: Launch | None = None, remote: Remote | None = None) -> int:
    """Print `host`'s document for a stdio launch or a remote server; on stderr, which file and key it goes in."""
    name = name or "atdf-mcp"
    check_name(host, name)
    if launch:
        _check_launch(host, launch)
    if remote:
        check_literal(host, {"--url": remote.url, "--auth-token": remote.token or ""})
    spec = HOSTS[host]
    document = spec.local(name, launch) if launch else spec.remote(name, remote)
    sys.stdout.write(render(host, document))
    print(where(host), file=sys.stderr)
    if remote and remote.token and host == "vscode":
        print("atdf-mcp: VS Code asks for the token (the --auth-token value) when the server first starts and keeps it in its "
              "secret storage; the file holds none", file=sys.stderr)
    elif (remote and remote.token) or (launch and launch.env):
        print("atdf-mcp: the output holds the --env values and the token as given: keep it out of version control if they are "
              "secrets", file=sys.stderr)
    return EXIT_OK


_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse_env(pairs: Sequence[str]) -> dict[str, str]:
    """`--env KEY=VALUE` options as a dict (the value may be empty and may hold '='); UsageError for anything else."""
    env: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not _ENV_NAME.match(key):
            raise UsageError(f"--env {pair!r}: expected KEY=VALUE with KEY made of letters, digits and '_', "
                             "not starting with a digit (e.g. --env FX_API_KEY=abc123)")
        if key in env:
            raise UsageError(f"--env {key} is given twice")
        env[key] = value
    return env


def _warn_unknown_language(directory: Path, lang: str) -> None:
    from .labels import missing_language_warning

    with _machine_stdout():
        warning = missing_language_warning(load_catalog(directory), lang)
    if warning:
        print(f"atdf-mcp: warning: {warning}", file=sys.stderr)


def local_config(client: str, directory: Path, *, name: str | None = None, lang: str | None = None,
                 env: dict[str, str] | None = None, toolset: str | None = None) -> dict[str, Any]:
    """An `mcpServers` block with which `client` launches this environment's atdf-mcp on `directory` over stdio.

    Absolute paths, because GUI apps do not inherit the shell's PATH; `env` becomes the entry's `env` block
    (Claude Desktop, Claude Code and Cursor all take one). Claude Code's entries also say `"type": "stdio"`.
    """
    launch = stdio_launch(directory, lang=lang, env=env, toolset=toolset)
    entry: dict[str, Any] = {"type": "stdio"} if client == "claude-code" else {}
    entry.update({"command": launch.command, "args": launch.args})
    if launch.env:
        entry["env"] = launch.env
    return {"mcpServers": {name or directory.name: entry}}


def stdio_launch(directory: Path, *, lang: str | None = None, env: dict[str, str] | None = None,
                 toolset: str | None = None) -> Launch:
    """This environment's atdf-mcp serving `directory` over stdio, by absolute path (hosts do not inherit the shell's PATH)."""
    script = Path(sys.executable).parent / ("atdf-mcp.exe" if os.name == "nt" else "atdf-mcp")
    serve_args = ["serve", str(directory)] + (["--lang", lang] if lang else []) + (["--toolset", toolset] if toolset else [])
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "atdf_mcp"]
    return Launch(command=command[0], args=[*command[1:], *serve_args], env=dict(env or {}))


def claude_desktop_config(directory: Path, *, name: str | None = None, lang: str | None = None,
                          env: dict[str, str] | None = None) -> dict[str, Any]:
    """Claude Desktop's `mcpServers` block for `directory` (see local_config)."""
    return local_config("claude-desktop", directory, name=name, lang=lang, env=env)


def toolset_url(url: str, toolset: str) -> str:
    """The URL of one tool set of a server: `.../mcp` → `.../mcp/NAME`, `.../sse` → `.../sse/NAME`."""
    from urllib.parse import urlsplit, urlunsplit

    from .toolsets import NAME_PATTERN

    if not NAME_PATTERN.fullmatch(toolset):
        raise UsageError(f"--toolset {toolset!r} is not a tool-set name (letters, digits, '_', '.', '-')")
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if not path.endswith(("/mcp", "/sse")):
        raise UsageError(f"--toolset with --url needs the server's /mcp or /sse URL (e.g. http://127.0.0.1:8000/mcp), not {url!r}")
    return urlunsplit(parts._replace(path=f"{path}/{toolset}"))


def remote_config(client: str, url: str, *, name: str | None = None, token: str | None = None,
                  env: dict[str, str] | None = None) -> dict[str, Any]:
    """An `mcpServers` block connecting `client` to a running server: its URL where the client takes one, else mcp-remote.

    Claude Desktop's config file only launches commands, so it gets the `mcp-remote` stdio bridge (Node.js);
    Claude Code and Cursor take the URL and headers directly.
    """
    from urllib.parse import urlsplit

    remote = _parsed_remote(url, token)
    parts, sse, headers = urlsplit(url), remote.sse, remote.headers()
    entry: dict[str, Any]
    if client == "claude-desktop":
        args = ["-y", "mcp-remote", url, "--transport", "sse-only" if sse else "http-only"]
        if parts.scheme == "http" and parts.hostname not in ("localhost", "127.0.0.1", "::1"):
            args.append("--allow-http")
        entry = {"command": "npx", "args": args}
        if token:  # through env: Claude Desktop on Windows mangles spaces inside args
            entry["args"] += ["--header", "Authorization:${AUTH_HEADER}"]
            env = {**(env or {}), "AUTH_HEADER": f"Bearer {token}"}
        if env:  # the bridge's own environment (e.g. HTTPS_PROXY, NODE_EXTRA_CA_CERTS)
            entry["env"] = dict(env)
    elif client == "claude-code":
        entry = {"type": "sse" if sse else "http", "url": url, **({"headers": headers} if headers else {})}
    else:  # cursor
        entry = {"url": url, **({"headers": headers} if headers else {})}
    return {"mcpServers": {name or "atdf-mcp": entry}}


_COMMANDS = {"validate": _validate, "convert": _convert, "serve": _serve, "manifest": _manifest, "config": _config,
             "fix": fix_command.run, "explore": _explore}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
