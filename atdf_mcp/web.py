"""The Starlette app of the HTTP transports: /mcp, /sse + /messages/, the REST routes, the explorer (GET /:
atdf_mcp.explorer) and the Agent Tool Service API (/get_tool, /call_tool/{name}, /callback/{task_id}, /cancel/{task_id},
/task/{task_id}, GET /reset: atdf_mcp.ats) and what OAuth clients ask of this origin (/register, /authorize, /token,
and with --oauth-issuer the issuer's metadata: atdf_mcp.signin), behind ASGI checks.

    starlette_app = build_app(CatalogServer(load_catalog("descriptors")), HttpOptions(port=8000))
    uvicorn.run(starlette_app, host="127.0.0.1", port=8000)      # serve.serve_http does this, with signals

The security posture is the middleware list, outermost first:

    RequestLanguage   the request's Accept-Language (else --lang) for every envelope, the guards' included (atdf_mcp.l10n)
    ErrorBoundary     any exception → 500 with an ATDF envelope and an incident id; the traceback only on stderr
    TraceHeaders      only when traces are exported: the request's traceparent parents its spans (atdf_mcp.tracing)
    CORSMiddleware    only with --cors-origin
    HostOriginGuard   DNS-rebinding protection: Host (421) and Origin (403) checked on every route but /health, /ready
    HtmlErrors        an envelope answering a browser (Accept: text/html) on an explorer page, as HTML (atdf_mcp.explorer)
    FormToken         the explorer's try-it form: its `_token` field becomes the Authorization header (atdf_mcp.explorer)
    ToolsetGate       with --auth-token, `tokens:` or --oauth-issuer: the MCP endpoints, the ATS routes, POST /validate,
                      /reset, GET /metrics and the explorer's POST /explore/call/NAME need `Authorization: Bearer` (401);
                      the tool set a request sees, from its path, ?toolset=, token or OAuth claim (404, 403): atdf_mcp.gate
    BodyLimit         request bodies above --max-body-size → 413
    ScopeChallenge    only with --oauth-issuer: a tools/call beyond the OAuth token's scopes → 403 insufficient_scope
    SurrogateEscapes  lone surrogates in MCP bodies made safe before the guard parses them
    JsonRpcGuard      MCP POSTs the SDK would drop (invalid id, nested too deep) → 400 with the JSON-RPC error

The SDK transports get `TransportSecuritySettings(enable_dns_rebinding_protection=False)` on purpose: the
guard above is the one implementation of the check, with one error body, for every endpoint.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import uvicorn
from mcp.server.sse import SseServerTransport
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp, StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import tracing
from .ats import ATS_PATHS, AgentToolService, store_label
from .codes import Code
from .envelope import new_instance
from .explorer import EVENTS_PATH, SIGNOUT_PATH, FormToken, HtmlErrors, explorer_routes
from .gate import SET_PREFIXES, ScopeChallenge, ToolsetGate
from .l10n import LANG, accepted_language
from .l10n import gettext as _
from .metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from .metrics import Metrics
from .misroute import routing_error
from .oauth import JwtVerifier, OAuthOptions, protected_resource_routes
from .openapi import openapi_document
from .profile import profile_routes
from .publish import COLLECTION_PATHS
from .rest import RequestCounter, ServiceState, error_response, rest_routes
from .resumption import ReplayLimits, ResumableSessions
from .sdk_answers import SdkRefusals
from .server import CatalogServer
from .sessions import SdkSessions, SessionLimiter, SessionLimits
from .shutdown import Drain, grace_for, stopping_line
from .signin import SIGN_IN_PATHS, sign_in_routes
from .surrogates import SurrogateEscapes
from .tasks import TaskOptions
from .wire import JsonRpcGuard

if TYPE_CHECKING:
    from .live import LiveCatalog

__all__ = [
    "DEFAULT_MAX_BODY_SIZE",
    "DrainingServer",
    "HttpOptions",
    "build_app",
    "default_allowed_hosts",
    "endpoints_text",
    "is_loopback",
    "security_warnings",
]

DEFAULT_MAX_BODY_SIZE = 4 * 1024 * 1024
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
OPEN_PATHS = ("/health", "/ready")  # probes: no Host check, no token, whatever the deployment
# no token either (they show nothing of the catalogue): the route table, the explorer's icon and sign-out, what OAuth
# clients ask before they hold a token (atdf_mcp.signin), the bundled schemas and the explorer's static files
_OPEN_EXACT = frozenset({"/openapi.json", "/favicon.ico", SIGNOUT_PATH, *SIGN_IN_PATHS})
_OPEN_PREFIXES = ("/.well-known/", "/schema/", "/explore/static/")
_log = logging.getLogger("atdf_mcp.web")


@dataclass(frozen=True)
class HttpOptions:
    """How `atdf-mcp serve --transport http|sse` serves: bind address, MCP modes and the security settings."""

    host: str = "127.0.0.1"
    port: int = 8000
    transport: Literal["http", "sse"] = "http"
    stateless: bool = False
    json_response: bool = False
    auth_token: str | None = field(default=None, repr=False)
    allowed_hosts: tuple[str, ...] = ()
    allowed_origins: tuple[str, ...] = ()
    cors_origins: tuple[str, ...] = ()
    max_body_size: int = DEFAULT_MAX_BODY_SIZE
    sessions: SessionLimits = field(default_factory=SessionLimits)
    tasks: TaskOptions = field(default_factory=TaskOptions)  # the Agent Tool Service's tasks (atdf_mcp.tasks)
    metrics_public: bool = False  # GET /metrics without the token (--metrics-public)
    public_catalog: str | None = None  # --public-catalog: the read routes without a token: "*" (what /mcp serves) or one set
    oauth: OAuthOptions | None = None  # JWT access tokens of an OAuth 2.1 issuer (atdf_mcp.oauth)
    replay: ReplayLimits = field(default_factory=ReplayLimits)  # what each stateful session keeps to resume streams

    @property
    def transports(self) -> tuple[str, ...]:
        """The MCP transports served: Streamable HTTP and legacy SSE, or legacy SSE alone."""
        return ("streamable-http", "sse") if self.transport == "http" else ("sse",)

    @property
    def hosts(self) -> tuple[str, ...]:
        """Every Host the guard accepts: the bind address's own names plus --allow-host."""
        return (*default_allowed_hosts(self.host), *self.allowed_hosts)

    @property
    def origins(self) -> tuple[str, ...]:
        """Every Origin the guard accepts besides the accepted hosts' own: --allow-origin and --cors-origin."""
        return (*self.allowed_origins, *self.cors_origins)

    def is_protected(self, method: str, path: str) -> bool:
        """Whether a request needs a credential (when one is set): every route but the probes, the OAuth discovery and
        sign-in answers, the bundled schemas, the route table and the explorer's static files (and /metrics with
        --metrics-public). Default deny: a route added later is protected until it is listed here."""
        if path in OPEN_PATHS or path in _OPEN_EXACT or path.startswith(_OPEN_PREFIXES):
            return False
        return path != "/metrics" or not self.metrics_public

    def access(self, method: str, path: str) -> str:
        """What a route needs when a credential is set: "open" (nothing), "public" (a token optional) or "token"."""
        if not self.is_protected(method, path):
            return "open"
        return "public" if self.is_public_read(method, path) else "token"

    def is_public_read(self, method: str, path: str) -> bool:
        """Whether --public-catalog lets a caller without a token read this route: the catalogue's read-only REST routes and
        the explorer's pages (not the MCP endpoints, the Agent Tool Service, /reset, /metrics or a try-it call)."""
        if self.public_catalog is None or is_mcp_path(path) or path.startswith(ATS_PATHS) or path in ("/reset", "/metrics"):
            return False
        return method in ("GET", "HEAD") or (method == "POST" and path == "/search")


def _public_set(public_catalog: str | None) -> str | None:
    """The one tool set --public-catalog SET publishes, or None (the flag alone, or not given)."""
    return None if public_catalog in (None, "*") else public_catalog


def is_mcp_path(path: str) -> bool:
    """Whether a path is an MCP endpoint (its errors are JSON-RPC errors carrying the envelope)."""
    return path in ("/mcp", "/sse") or path.startswith(SET_PREFIXES)  # /mcp/{toolset}, /sse/{toolset}, /messages/...


def build_app(app: CatalogServer, options: HttpOptions, live: LiveCatalog | None = None) -> Starlette:
    """The Starlette app serving `app` over the HTTP transports of `options`, with the REST routes (and reloads, with `live`)."""
    state = ServiceState(transports=options.transports, mcp=_InFlight.counter_of(app))
    sdk_security = TransportSecuritySettings(enable_dns_rebinding_protection=False)  # HostOriginGuard does it
    routes: list[BaseRoute] = []
    manager: StreamableHTTPSessionManager | None = None
    if options.transport == "http":
        # max_sessions=None: the limiter below admits sessions (evicting idle ones) instead of the SDK's flat 503
        # each stateful session keeps its last events for clients that resume with Last-Event-ID (atdf_mcp.resumption)
        manager = ResumableSessions(app.server, limits=options.replay, json_response=options.json_response, stateless=options.stateless,
                                    security_settings=sdk_security, max_request_body_size=options.max_body_size,
                                    session_idle_timeout=options.sessions.idle_timeout, max_sessions=None)
    limiter = SessionLimiter(options.sessions, SdkSessions(manager) if manager is not None else None)
    if manager is not None:
        mcp_endpoint = StreamableHTTPASGIApp(manager)
        guarded = mcp_endpoint if options.stateless else limiter.guard(mcp_endpoint)
        routes += [Route("/mcp", endpoint=guarded), Route("/mcp/{toolset}", endpoint=guarded)]  # a set: atdf_mcp.gate
    sse = _SseEndpoint(app, lambda path: SseServerTransport(path, security_settings=sdk_security,
                                                            max_request_body_size=options.max_body_size))
    sse_stream = limiter.guard(sse, streams=True)
    routes += [Route("/sse", endpoint=sse_stream, methods=["GET"]), Route("/sse/{toolset}", endpoint=sse_stream, methods=["GET"]),
               Route("/messages/{toolset}/", endpoint=_SetMessages(sse), methods=["POST"]),
               Mount("/messages/", app=sse.transport_for(None).handle_post_message)]
    routes += rest_routes(app, state, live)
    routes += profile_routes(app)  # the ATDF Server Profile: /tools/{id}, /tools/validate, /convert/mcp, /search
    ats = AgentToolService(app, options.tasks, live)  # its task runner: starlette.state.tasks
    state.tasks = ats
    routes += ats.routes()
    app.metrics = metrics = Metrics(app, live, lambda: ats.runner)
    routes.append(Route("/metrics", lambda _: Response(metrics.render(), media_type=METRICS_CONTENT_TYPE), methods=["GET"]))
    secured = bool(options.auth_token or options.oauth or app.snapshot.config.tokens)
    routes.append(Route("/openapi.json", lambda request: JSONResponse(openapi_document(request.app.routes, secured=secured,
                                                                                         access=options.access)),
                        methods=["GET"]))
    verifier = JwtVerifier(options.oauth) if options.oauth is not None else None
    if options.oauth is not None:
        routes += protected_resource_routes(options.oauth)  # RFC 9728, where MCP clients find the issuer
    # /register, /authorize, /token and (OAuth) the issuer's metadata: what clients that sign in ask of this origin
    routes += sign_in_routes(verifier, tokens=lambda: bool(options.auth_token or app.snapshot.config.tokens))
    routes += explorer_routes(app, secured, live, metrics_open=not secured or options.metrics_public)  # GET / (atdf_mcp.explorer)

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with contextlib.AsyncExitStack() as stack:
            if manager is not None:
                await stack.enter_async_context(manager.run())
            if live is not None:
                await stack.enter_async_context(live.running())
            await stack.enter_async_context(ats.running())
            state.ready = True
            try:
                yield
            finally:
                state.ready = False
                http = sys.modules.get("atdf_mcp.dispatch.http")  # loaded only if the catalogue has HTTP tools
                if http is not None:
                    await http.aclose()

    middleware = [Middleware(RequestLanguage, server=app), Middleware(ErrorBoundary, state=state)]
    if tracing.enabled():  # a request's traceparent header parents the spans of its MCP messages and tasks
        middleware.append(Middleware(tracing.TraceHeaders))
    if options.cors_origins:
        middleware.append(Middleware(CORSMiddleware, allow_origins=list(options.cors_origins), allow_methods=["GET", "POST", "DELETE"],
                                     allow_headers=["*"], expose_headers=["Mcp-Session-Id", "MCP-Protocol-Version", "WWW-Authenticate"],
                                     max_age=600))
    middleware.append(Middleware(HostOriginGuard, hosts=options.hosts, origins=options.origins))
    middleware.append(Middleware(HtmlErrors, server=app))  # a browser's refusal on an explorer page: the envelope as a page
    # the explorer's try-it form carries its token in a field: the gate gets it as a header
    middleware.append(Middleware(FormToken, max_size=options.max_body_size))
    # --auth-token and the tokens of `tokens:` (read from the served snapshot), and the tool set of each request
    middleware.append(Middleware(ToolsetGate, server=app, token=options.auth_token, protects=options.is_protected, is_mcp=is_mcp_path,
                                 oauth=verifier, public=options.is_public_read, public_set=_public_set(options.public_catalog)))
    middleware.append(Middleware(BodyLimit, max_size=options.max_body_size))
    if options.oauth is not None:  # an OAuth caller's tools/call beyond its token's scopes: 403 insufficient_scope
        middleware.append(Middleware(ScopeChallenge, server=app))
    # the transports' own refusals: with an envelope (and Last-Event-ID dropped where no events are kept)
    middleware.append(Middleware(SdkRefusals, is_target=is_mcp_path, resumable=not options.stateless))
    middleware.append(Middleware(SurrogateEscapes, is_target=is_mcp_path))  # before the guard, which must parse the body
    middleware.append(Middleware(JsonRpcGuard))  # answers what the SDK would drop: bad ids, too deep to parse
    starlette = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                          exception_handlers={HTTPException: routing_error})  # type: ignore[dict-item]
    starlette.state.service = state
    starlette.state.tasks = ats.runner
    return starlette


# ---------------------------------------------------------------------------------------------
# MCP endpoints


class _SseEndpoint:
    """GET /sse and /sse/{toolset} as a raw ASGI app: one legacy SSE connection served by the catalogue's Server.

    Each tool set has its own transport, whose message endpoint carries the set (`/messages/{toolset}/`): a session
    opened on one set cannot be posted to through another set's path (its transport does not know the session).
    """

    def __init__(self, app: CatalogServer, make: Callable[[str], SseServerTransport]) -> None:
        self.app = app
        self.make = make
        self.transports: dict[str | None, SseServerTransport] = {}

    def transport_for(self, toolset: str | None) -> SseServerTransport:
        """The transport of a tool set's SSE connections (None: of /sse), made on first use."""
        transport = self.transports.get(toolset)
        if transport is None:
            transport = self.transports[toolset] = self.make("/messages/" if toolset is None else f"/messages/{toolset}/")
        return transport

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        server = self.app.server
        async with self.transport_for(scope.get("path_params", {}).get("toolset")).connect_sse(scope, receive, send) as (read, write):
            await server.run(read, write, server.create_initialization_options())


class _SetMessages:
    """POST /messages/{toolset}/: the messages of an SSE connection opened on /sse/{toolset}."""

    def __init__(self, sse: _SseEndpoint) -> None:
        self.sse = sse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.sse.transport_for(scope["path_params"]["toolset"]).handle_post_message(scope, receive, send)


class _InFlight:
    """Server middleware counting the MCP requests being handled, on every transport (for a draining shutdown)."""

    _STREAMS = frozenset({"subscriptions/listen"})  # open until the client leaves: not "in flight"

    def __init__(self) -> None:
        self.counter = RequestCounter()

    @classmethod
    def counter_of(cls, app: CatalogServer) -> RequestCounter:
        """The in-flight counter of `app`'s Server, installed on first use (once per Server)."""
        for middleware in app.server.middleware:
            if isinstance(middleware, cls):
                return middleware.counter
        middleware = cls()
        app.server.middleware.append(middleware)
        return middleware.counter

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.request_id is None or ctx.method in self._STREAMS:
            return await call_next(ctx)
        counter = self.counter
        counter.count += 1
        try:
            return await call_next(ctx)
        finally:
            counter.count -= 1


# ---------------------------------------------------------------------------------------------
# ASGI middleware, outermost first


class RequestLanguage:
    """Every HTTP answer in the language of the request's `Accept-Language` (else `--lang`): the guards' envelopes too.

    MCP requests choose again per message (`CatalogServer.view`), where a call's `_meta.lang` and the session's come first."""

    def __init__(self, app: ASGIApp, server: CatalogServer) -> None:
        self.app, self.server = app, server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            snapshot = self.server.snapshot
            LANG.set(accepted_language(scope, snapshot.languages) or snapshot.lang)
        await self.app(scope, receive, send)


class ErrorBoundary:
    """Turns any exception into a 500 ATDF envelope (traceback on stderr only) and counts HTTP requests in flight."""

    def __init__(self, app: ASGIApp, state: ServiceState) -> None:
        self.app = app
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = finished = False

        async def watch(message: Message) -> None:
            nonlocal started, finished
            if message["type"] == "http.response.start":
                started = True
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                finished = True
            await send(message)

        counted = not _is_stream(scope)
        if counted:
            self.state.http.count += 1
        try:
            await self.app(scope, receive, watch)
            if started and not finished:  # an SSE stream the shutdown closed: end it cleanly rather than cut it
                with contextlib.suppress(Exception):
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
        except Exception:
            instance = new_instance()
            _log.exception("%s %s failed unexpectedly [%s]", scope.get("method"), scope.get("path"), instance)
            if not started:
                response = error_response(Code.INTERNAL_ERROR, _("The server failed unexpectedly. The incident was logged as {instance}.").format(
                                              instance=instance), instance=instance, jsonrpc=is_mcp_path(scope["path"]),
                                          context={"retryable": False, "solution": _("Retry once; if it fails again, report the "
                                                                                     "instance id to the server's operator.")})
                await response(scope, receive, send)
        finally:
            if counted:
                self.state.http.count -= 1


def _is_stream(scope: Scope) -> bool:
    """Long-lived requests a draining shutdown must not wait for: SSE GET streams and 2026 listen streams."""
    if scope["method"] == "GET" and (scope["path"] in ("/mcp", "/sse", EVENTS_PATH) or scope["path"].startswith(("/mcp/", "/sse/", "/callback/"))):
        return True
    return scope["method"] == "POST" and Headers(scope=scope).get("mcp-method") == "subscriptions/listen"


class HostOriginGuard:
    """DNS-rebinding protection: an unknown Host gets 421, a foreign Origin 403 (an absent Origin is fine)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], origins: Iterable[str]) -> None:
        self.app = app
        self.hosts = [_host_pattern(h) for h in hosts]
        self.origins = [_origin_pattern(o) for o in origins]
        self.any_host = ("*", None) in self.hosts
        self.any_origin = ("*", "*", None) in self.origins
        # The accepted hosts' own pages (http or https, any port) may call us, as the SDK allows localhost pages.
        self.origins += [(scheme, host, None) for host, port in self.hosts if host != "*" for scheme in ("http", "https")]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in OPEN_PATHS:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        jsonrpc = is_mcp_path(scope["path"])
        host = headers.get("host", "")
        if not self.any_host and not self._host_ok(host):
            fix = _("Use an allowed host name, or start the server with {option} (e.g. behind a proxy).").format(
                option=f"--allow-host {_host_name(host) or 'NAME'}")
            response = error_response(Code.INVALID_HOST, _("This server does not answer to the Host {host}.").format(host=repr(host)),
                                      parameter="Host", jsonrpc=jsonrpc, context={"solution": fix})
            await response(scope, receive, send)
            return
        origin = headers.get("origin")
        if origin is not None and not self.any_origin and not self._origin_ok(origin):
            fix = _("Start the server with {option} if that page may call it.").format(option=f"--allow-origin {origin}")
            response = error_response(Code.INVALID_ORIGIN, _("Requests from the web origin {origin} are not allowed.").format(
                origin=repr(origin)),
                                      parameter="Origin", jsonrpc=jsonrpc, context={"solution": fix})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _host_ok(self, value: str) -> bool:
        value = value.strip().lower()
        if not _PLAIN_AUTHORITY.fullmatch(value):  # userinfo, paths, spaces...: `localhost:1@evil.com` is not localhost
            return False
        host, port = _split_authority(value)
        return bool(host) and any(h == host and (p is None or p == port) for h, p in self.hosts)

    def _origin_ok(self, value: str) -> bool:
        scheme, host, port = _split_origin(value.strip().lower())
        return bool(host) and any(s == scheme and h == host and (p is None or p == port) for s, h, p in self.origins)


class BodyLimit:
    """Refuses request bodies larger than `max_size` bytes with 413, by Content-Length or while reading."""

    def __init__(self, app: ASGIApp, max_size: int) -> None:
        self.app = app
        self.max_size = max_size

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_size:
            await self._refuse(scope, receive, send)
            return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_size:
                    raise _BodyTooLarge
            return message

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, watch)
        except _BodyTooLarge:
            if not started:
                await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.max_size
        context = {"max_body_size": limit, "solution": _("Send a smaller body; the operator can raise --max-body-size.")}
        response = error_response(Code.PAYLOAD_TOO_LARGE, _("The request body is larger than {limit} bytes.").format(limit=limit),
                                  jsonrpc=is_mcp_path(scope["path"]), context=context)
        await response(scope, receive, send)


class _BodyTooLarge(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Running under uvicorn


class DrainingServer(uvicorn.Server):
    """uvicorn.Server that prints the endpoints once listening, and on SIGTERM/SIGINT answers every call in flight.

    Shutdown, in order: /ready turns 503 (and /health says "draining") while the listener stays open, so a
    load balancer sees the drain instead of refused connections; new tool calls answer SHUTTING_DOWN; the
    MCP and non-streaming HTTP requests in flight get `shutdown_timeout` seconds (at most 5 after Ctrl+C),
    then the tool calls still running answer CANCELLED; then the SSE streams close (sse-starlette's
    AppStatus) and uvicorn closes the listener and the connections. A second signal skips the wait.
    """

    def __init__(self, config: uvicorn.Config, state: ServiceState, options: HttpOptions, shutdown_timeout: float,
                 app: CatalogServer | None = None) -> None:
        super().__init__(config)
        self.state = state
        self.options = options
        self.shutdown_timeout = shutdown_timeout
        self.drain = app.drain if app is not None else Drain()
        self.app = app
        self.stopped_by: int | None = None  # the first signal received

    def handle_exit(self, sig: int, frame: Any) -> None:
        if self.stopped_by is None:
            self.stopped_by = sig
        elif self.should_exit:  # a second signal, SIGTERM too (uvicorn only counts a second SIGINT): stop at once
            self.force_exit = True
        super().handle_exit(sig, frame)

    async def _serve(self, sockets: list[socket.socket] | None = None) -> None:
        await super()._serve(sockets)
        self._captured_signals.clear()  # stopped cleanly: exit with a status (0, or 130 after Ctrl+C), not by the signal

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            listeners = self.servers[0].sockets if self.servers else ()
            port = listeners[0].getsockname()[1] if listeners else self.options.port
            config = self.app.snapshot.config if self.app is not None else None
            print(endpoints_text(self.options, port, config.toolsets if config else (), self.app.toolset if self.app else None,
                                 len(config.tokens) if config else 0), file=sys.stderr, flush=True)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        from sse_starlette.sse import AppStatus

        self.state.draining = True
        try:
            signum = self.stopped_by or signal.SIGTERM
            grace = grace_for(signum, self.shutdown_timeout)
            running = max(self.state.mcp.count, self.state.http.count)  # an MCP POST counts in both
            print(stopping_line(signum, running, grace), file=sys.stderr, flush=True)
            await self.drain.settle(grace, idle=lambda: self.state.idle, force=lambda: self.force_exit)
        finally:
            AppStatus.should_exit = True
        await super().shutdown(sockets)


def security_warnings(options: HttpOptions, agent_tokens: bool = False, toolsets: Iterable[str] = ()) -> list[str]:
    """What the operator should hear about before the server starts (printed on stderr by serve_http)."""
    warnings = []
    if options.public_catalog == "*" and agent_tokens:
        warnings.append("--public-catalog with agent tokens (`tokens:`): anyone can read every tool set's descriptors without a "
                        "token (agents' tokens still limit what they list and call). To publish one set only: --public-catalog SET.")
    elif _public_set(options.public_catalog) is not None and options.public_catalog not in set(toolsets):
        folder = Path(options.public_catalog).is_dir()  # `serve --public-catalog DIR`: the folder taken for the set's name
        warnings.append(f"--public-catalog {options.public_catalog}: the catalogue defines no such tool set, so the read routes "
                        "need a token until it does." + (f" To serve the folder {options.public_catalog} with the whole catalogue "
                                                          "public, put the folder first: serve DIR --public-catalog." if folder else ""))
    if not is_loopback(options.host) and not options.auth_token and not agent_tokens:
        warnings.append(f"listening on {options.host}, which other machines can reach, without --auth-token: anyone who can "
                        "connect can call every tool. Set --auth-token (or ATDF_MCP_AUTH_TOKEN).")
    if "*" in options.allowed_hosts:
        warnings.append("--allow-host '*' turns off the Host check (DNS-rebinding protection): only do this behind a proxy "
                        "that checks Host itself.")
    if "*" in options.cors_origins:
        warnings.append("--cors-origin '*' lets any web page call this server from a browser.")
    return warnings


def endpoints_text(options: HttpOptions, port: int, toolsets: Iterable[str] = (), default_toolset: str | None = None,
                   tokens: int = 0) -> str:
    """The start-up banner: every endpoint's URL (each tool set's too) and the security settings in force."""
    host = options.host.strip("[]")
    everywhere = host in ("0.0.0.0", "::", "")
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    base = f"http://{_bracket(shown)}:{port}"
    lines = [f"atdf-mcp: listening on {base}{' (all interfaces)' if everywhere else ''}; SIGTERM or Ctrl+C stops it"]
    if options.transport == "http":
        mode = ("stateless" if options.stateless else "stateful") + (", JSON responses" if options.json_response else "")
        lines.append(f"  MCP Streamable HTTP  {base}/mcp  ({mode})")
    lines.append(f"  MCP legacy SSE       {base}/sse  (messages: POST {base}/messages/)")
    lines += _toolset_lines(options, base, toolsets, default_toolset, tokens)
    lines.append(f"  health               {base}/health  {base}/ready")
    lines.append(f"  explorer             {base}/  (the catalogue in a browser; it asks for the token when one is set)")
    lines.append(f"  manifest             {base}/manifest")
    lines.append(f"  schemas              {base}/schema/ardf.schema.json  (and the other bundled schemas)")
    lines.append(f"  validation           {base}/validate  (GET: this catalogue's report; POST: check a descriptor)")
    collections = " ".join(p for p in COLLECTION_PATHS.values() if not p.startswith("/resources/"))
    lines.append(f"  reload               POST {base}/reset  (or GET, or SIGHUP; files are watched unless --no-watch)")
    lines.append(f"  metrics              GET {base}/metrics  (Prometheus; " + ("open to all: --metrics-public)" if options.metrics_public
                                                                            else "needs the token when one is set)"))
    if tracing.enabled():
        lines.append("  traces               OpenTelemetry spans exported as the OTEL_* variables say")
    lines.append(f"  ARDF resources       {base}/resources  {base}/resources/{{type}}  {collections}")
    tasks = options.tasks
    lines.append(f"  Agent Tool Service   GET {base}/get_tool  POST {base}/call_tool/{{name}}  GET {base}/callback/{{task_id}} (SSE)  "
                 f"POST {base}/cancel/{{task_id}}")
    lines.append(f"  tasks                store {store_label(tasks.store)}, at most {tasks.max_tasks} running, kept {tasks.ttl:g} s "
                 "after they end (--task-store, --max-tasks, --task-ttl)")
    auth = ("bearer token required on every route but /health, /ready and the OAuth discovery: /mcp, /sse, /messages/ (and "
            "each set's), the Agent Tool Service, the REST routes, /reset and the explorer (its pages: signing in keeps the token in a "
            "cookie; its POST /explore/call/)") \
        if options.auth_token or tokens or options.oauth else "none (set --auth-token or ATDF_MCP_AUTH_TOKEN to require a bearer token)"
    lines.append(f"  auth                 {auth}")
    if options.public_catalog is not None:
        shown = "the whole catalogue" if options.public_catalog == "*" else f"the tool set {options.public_catalog} only"
        lines.append(f"  public catalogue     the read-only REST routes and the explorer's pages answer without a token: {shown} "
                     "(--public-catalog)")
    if options.oauth is not None:
        oauth = options.oauth
        scopes = f", scopes needed: {' '.join(oauth.required_scopes)}" if oauth.required_scopes else ""
        lines.append(f"  OAuth                JWT access tokens of {oauth.issuer} for audience {oauth.audience}{scopes}; "
                     f"metadata at {base}/.well-known/oauth-protected-resource/mcp")
    lines.append(f"  allowed Host         {', '.join(options.hosts)}  (others get 421: add names with --allow-host)")
    if options.origins:
        lines.append(f"  allowed Origin       {', '.join(options.origins)}  (and the allowed hosts' own pages)")
    lines.append(f"  CORS                 {', '.join(options.cors_origins) or 'off'}")
    limits = options.sessions
    lines.append(f"  sessions             at most {limits.max_sessions}, {limits.client_share} per client address; idle ones "
                 f"evicted first, and closed after {limits.idle_timeout:g} s idle")
    return "\n".join(lines)


def _toolset_lines(options: HttpOptions, base: str, toolsets: Iterable[str], default_toolset: str | None, tokens: int) -> list[str]:
    """The banner lines of the tool sets: the set /mcp and /sse serve, each set's own URLs, the agent tokens."""
    lines = [f"  default tool set     {default_toolset}  (/mcp and /sse serve it; --toolset)"] if default_toolset else []
    if tokens:
        lines.append(f"  agent tokens         {tokens} in `tokens:`: each sees its tool set, on every MCP endpoint and REST route")
    for name in sorted(toolsets):
        urls = (f"{base}/mcp/{name}  " if options.transport == "http" else "") + f"{base}/sse/{name}"
        lines.append(f"  tool set {name:<11} {urls}  (REST: ?toolset={name})")
    return lines


# ---------------------------------------------------------------------------------------------
# Host and Origin patterns


def is_loopback(host: str) -> bool:
    """Whether a bind address only accepts connections from this machine."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def default_allowed_hosts(bind_host: str) -> tuple[str, ...]:
    """The Host names a server bound to `bind_host` answers to without --allow-host."""
    names = list(LOOPBACK_HOSTS)
    name = bind_host.strip("[]")
    if name in ("", "0.0.0.0", "::"):  # every interface: this machine's own names and addresses
        names += _own_names()
    elif not is_loopback(name):
        names.append(_bracket(name))
    return tuple(dict.fromkeys(n.lower() for n in names))


def _own_names() -> list[str]:
    names: list[str] = []
    with contextlib.suppress(OSError):
        hostname = socket.gethostname()
        names += [hostname, socket.getfqdn()]
        names += [_bracket(str(info[4][0])) for info in socket.getaddrinfo(hostname, None)]
    return names


def _bracket(name: str) -> str:
    return f"[{name}]" if ":" in name and not name.startswith("[") else name


_PLAIN_AUTHORITY = re.compile(r"(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?")
"""A Host header as RFC 9110 allows it: a DNS name, IPv4 address or bracketed IPv6 address, and an optional numeric port."""


def _split_authority(value: str) -> tuple[str, str | None]:
    """'host:port' → (host, port); IPv6 stays bracketed; no port → None."""
    if value.startswith("["):
        end = value.find("]")
        if end == -1:
            return "", None
        rest = value[end + 1:]
        return value[:end + 1], rest[1:] if rest.startswith(":") else None
    if value.count(":") == 1:
        host, port = value.split(":")
        return host, port
    return value, None


def _host_name(value: str) -> str:
    return _split_authority(value.strip().lower())[0]


def _host_pattern(value: str) -> tuple[str, str | None]:
    """An --allow-host value: 'name' (any port), 'name:port', 'name:*' (any port) or '*' (any host)."""
    value = value.strip().lower()
    if value == "*":
        return "*", None
    host, port = _split_authority(_bracket(value) if value.count(":") > 1 and not value.startswith("[") else value)
    return host, None if port in (None, "*") else port


_DEFAULT_PORTS = {"http": "80", "https": "443"}


def _split_origin(value: str) -> tuple[str, str, str | None]:
    """'scheme://host[:port]' → (scheme, host, port or the scheme's default); a trailing ':*' → port None (any)."""
    any_port = value.endswith(":*")
    parts = urlsplit(value[:-2] if any_port else value)
    if not parts.scheme or not parts.netloc:
        return "", "", None
    host, port = _split_authority(parts.netloc.rsplit("@", 1)[-1])
    if any_port:
        return parts.scheme, host, None
    return parts.scheme, host, port or _DEFAULT_PORTS.get(parts.scheme)


def _origin_pattern(value: str) -> tuple[str, str, str | None]:
    """An --allow-origin value: 'scheme://host[:port|:*]' (no port: the scheme's default port) or '*'."""
    value = value.strip().lower().rstrip("/")
    return ("*", "*", None) if value == "*" else _split_origin(value)
