"""The HTTP gate of tool sets and bearer tokens: which set a request sees, and whether it may see it at all.

    /mcp/{set}  /sse/{set}  /messages/{set}/     the set named by the path (MCP endpoints)
    /resources?toolset={set}  (any REST route)   the set named by the query
    Authorization: Bearer <token>                --auth-token: the whole catalogue; a token of `tokens:`: its set;
                                                 with --oauth-issuer, a JWT access token: its scopes (and set, by claim)

Every route but a few that show nothing of the catalogue is protected (`HttpOptions.is_protected`); with --public-catalog
the read routes answer a caller that sends no token (a token sent is still checked), showing the whole catalogue or the
one set published. An agent's token never opens POST /reset, and a token limited to a set not /metrics (403: its series
name every set's tools). Answers, in this order:
401 (a protected route without a valid token), 404 TOOLSET_NOT_FOUND (a set the served config does not define; a DELETE
that closes a Streamable HTTP session goes through, so a removed set's clients can end theirs), 403
AUTHORIZATION_ERROR (a path or query naming another set than the token's). Otherwise the request goes on with its set in
the ASGI scope (`TOOLSET_SCOPE_KEY`), which `CatalogServer.view` and the REST routes read. Tokens and sets are read from
the snapshot being served at each request: a reload changes them at once. An agent's token also puts its `scopes` in the
ASGI scope (`SCOPES_SCOPE_KEY`), checked against the tools' prerequisite permissions (atdf_mcp.enforce).
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from .codes import Code
from .enforce import SCOPES_SCOPE_KEY
from .l10n import gettext as _
from .oauth import WELL_KNOWN, Grant, IssuerUnavailable, JwtVerifier, TokenRejected, request_origin
from .rest import error_response
from .toolsets import token_digest, token_toolset
from .view import TOOLSET_SCOPE_KEY
from .wire import read_body

if TYPE_CHECKING:
    from .server import CatalogServer

__all__ = ["OAUTH_SCOPE_KEY", "SET_PREFIXES", "ScopeChallenge", "ToolsetGate", "insufficient_scope", "path_toolset", "resource_metadata_url"]

_log = logging.getLogger("atdf_mcp.gate")
OAUTH_SCOPE_KEY = "atdf_mcp.oauth_metadata"
"""The ASGI scope key marking a request authenticated by an OAuth access token (its value: the resource metadata URL)."""

SET_PREFIXES = ("/mcp/", "/sse/", "/messages/")
"""The MCP endpoints whose next path segment names a tool set."""


def _closes_session(scope: Scope, jsonrpc: bool) -> bool:
    """Whether a request only closes a Streamable HTTP session (DELETE with its id): allowed on the path of a set a reload
    removed, so that its clients can still end the sessions they opened there (it shows nothing of the catalogue)."""
    return jsonrpc and scope["method"] == "DELETE" and "mcp-session-id" in Headers(scope=scope)


def path_toolset(path: str) -> str | None:
    """The tool set an MCP path names (`/mcp/support`, `/sse/support`, `/messages/support/`), or None."""
    for prefix in SET_PREFIXES:
        if path.startswith(prefix):
            name = path[len(prefix):].split("/", 1)[0]
            return name or None
    return None


class ToolsetGate:
    """ASGI middleware: bearer tokens (--auth-token and `tokens:`) on the protected routes, and the set of each request."""

    def __init__(self, app: ASGIApp, server: CatalogServer, token: str | None, protects: Callable[[str, str], bool],
                 is_mcp: Callable[[str], bool], oauth: JwtVerifier | None = None,
                 public: Callable[[str, str], bool] = lambda _method, _path: False, public_set: str | None = None) -> None:
        self.app = app
        self.server = server
        self.token = token.encode("utf-8") if token else None
        self.protects = protects
        self.is_mcp = is_mcp
        self.oauth = oauth
        self.public = public  # --public-catalog: the routes a caller without a token may read
        self.public_set = public_set  # ... showing this set only (None: what /mcp serves)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path, method = scope["path"], scope["method"]
        jsonrpc = self.is_mcp(path)
        tokens = self.server.snapshot.config.tokens  # the served snapshot's, at each request
        scheme, _space, presented = Headers(scope=scope).get("authorization", "").partition(" ")
        presented = presented.strip() if scheme.lower() == "bearer" else ""
        whole = bool(presented) and self.token is not None and hmac.compare_digest(presented.encode("utf-8"), self.token)
        granted = token_toolset(presented, tokens) if presented and not whole and tokens else None
        agent = granted is not None  # limited to a set and its scopes (an OAuth token: to its scopes, maybe its set)
        scopes = self.server.snapshot.config.token_scopes.get(token_digest(presented), frozenset()) if agent else None
        guarded = self.token is not None or bool(tokens) or self.oauth is not None
        if guarded and self.protects(method, path) and not whole and not agent:
            if not presented and self.public(method, path):  # --public-catalog: read without a token
                await self._anonymous(scope, receive, send)
                return
            if not presented and not _served(scope):  # a path nothing serves: its 404 names the closest route, nothing more
                await self.app(scope, receive, send)
                return
            caller = await self._oauth_caller(scope, presented, jsonrpc)
            if isinstance(caller, JSONResponse):
                await caller(scope, receive, send)
                return
            agent, granted, scopes = True, caller.toolset, caller.scopes
            scope[OAUTH_SCOPE_KEY] = resource_metadata_url(scope, jsonrpc)  # ScopeChallenge: tools/call beyond its scopes
        if agent and path == "/reset":
            response = error_response(Code.AUTHORIZATION_ERROR, _("An agent's token cannot reload the catalogue."), title=_("Forbidden"),
                                      parameter="Authorization", context={"solution": _("Reload with the server's --auth-token, "
                                                                          "SIGHUP, or by editing the files (they are watched).")})
            await response(scope, receive, send)
            return
        if granted is not None and path == "/metrics" and self.protects(method, path):  # its series name every set's tools
            response = error_response(Code.AUTHORIZATION_ERROR, _("The metrics cover every tool set: a token limited to one set "
                                                                  "cannot read them."), title=_("Forbidden"), parameter="Authorization",
                                      context={"solution": _("Read /metrics with the server's --auth-token (or an OAuth token "
                                                             "without a tool set); the operator can open it with --metrics-public.")})
            await response(scope, receive, send)
            return
        named = path_toolset(path) if jsonrpc else _query_toolset(scope)
        if named is not None and not self.server.views.has(named) and not _closes_session(scope, jsonrpc):
            known = sorted(self.server.snapshot.config.toolsets) if not agent else None  # a limited agent learns no names
            await _unknown_set(named, known, jsonrpc)(scope, receive, send)
            return
        if named is not None and granted is not None and named != granted:
            response = error_response(Code.AUTHORIZATION_ERROR, _("This token gives access to the tool set {granted}, not {named}.").format(
                                          granted=repr(granted), named=repr(named)),
                                      title=_("Forbidden tool set"), parameter="toolset", jsonrpc=jsonrpc,
                                      context={"solution": _("Use the URL of the set {granted}, or a token for {named}.").format(
                                          granted=repr(granted), named=repr(named))})
            await response(scope, receive, send)
            return
        chosen = named or granted
        if chosen is not None:
            scope[TOOLSET_SCOPE_KEY] = chosen
        if agent:  # an agent: the scopes of its token (none listed: none); the operator's token holds them all
            scope[SCOPES_SCOPE_KEY] = scopes
        await self.app(scope, receive, send)

    async def _anonymous(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A --public-catalog read without a token: the published set (another set named, or the published one gone: 401),
        as a caller holding no permission and learning no set's name."""
        named = _query_toolset(scope)
        shown = self.public_set or named
        if self.public_set is not None and (named not in (None, self.public_set) or not self.server.views.has(self.public_set)):
            await _unauthenticated(False, False)(scope, receive, send)
            return
        if shown is not None and not self.server.views.has(shown):
            await _unknown_set(shown, None, False)(scope, receive, send)
            return
        if shown is not None:
            scope[TOOLSET_SCOPE_KEY] = shown
        scope[SCOPES_SCOPE_KEY] = frozenset()
        await self.app(scope, receive, send)

    async def _oauth_caller(self, scope: Scope, presented: str, jsonrpc: bool) -> Grant | JSONResponse:
        """The grant of an OAuth access token, or the answer refusing the request (401, 403 or 503)."""
        metadata = resource_metadata_url(scope, jsonrpc) if self.oauth is not None else None
        if self.oauth is None or not presented:
            return _unauthenticated(bool(presented), jsonrpc, metadata)
        try:
            grant = await self.oauth.verify(presented)
        except TokenRejected as exc:
            return _unauthenticated(True, jsonrpc, metadata, str(exc))
        except IssuerUnavailable as exc:
            _log.warning("OAuth: the issuer's keys cannot be fetched: %s", exc)
            return error_response(Code.AUTH_SERVER_UNAVAILABLE, "The authorization server's keys cannot be fetched, so the token "
                                  "cannot be checked now.", parameter="Authorization", jsonrpc=jsonrpc,
                                  headers={"Retry-After": "5"}, context={"retryable": True, "solution": "Retry in a few seconds."})
        options = self.oauth.options
        missing = [name for name in options.required_scopes if name not in grant.scopes]
        if missing:
            return insufficient_scope(missing, jsonrpc, metadata, f"This server needs the scope {', '.join(map(repr, missing))}, "
                                                                  "which the token does not grant.")
        if options.toolset_claim and grant.toolset is None:
            return error_response(Code.AUTHORIZATION_ERROR, f"The token has no {options.toolset_claim!r} claim naming its tool set.",
                                  title="Forbidden", parameter="Authorization", jsonrpc=jsonrpc,
                                  context={"solution": f"Ask the authorization server for a token with a {options.toolset_claim!r} "
                                                       "claim naming one of the catalogue's tool sets."})
        if grant.toolset is not None and not self.server.views.has(grant.toolset):
            return error_response(Code.AUTHORIZATION_ERROR, f"The token's {options.toolset_claim!r} claim names the tool set "
                                  f"{grant.toolset!r}, which this catalogue does not define.", title="Forbidden",
                                  parameter="Authorization", jsonrpc=jsonrpc,
                                  context={"solution": "Ask the operator to define that set under `toolsets:` in atdf-mcp.yaml, "
                                                       "or use a token naming a set it defines."})
        return grant


def resource_metadata_url(scope: Scope, jsonrpc: bool) -> str:
    """This server's RFC 9728 metadata URL for the requested resource (an MCP endpoint's own, else the server's)."""
    path = scope["path"] if jsonrpc and not scope["path"].startswith("/messages/") else ""
    return f"{request_origin(scope)}{WELL_KNOWN}{path}"


def insufficient_scope(missing: list[str], jsonrpc: bool, metadata: str | None, detail: str) -> JSONResponse:
    """403 `insufficient_scope` naming the scopes to ask for (RFC 6750 §3.1), as MCP clients expect for a step-up."""
    challenge = f'Bearer error="insufficient_scope", scope="{" ".join(missing)}"'
    if metadata:
        challenge += f', resource_metadata="{metadata}"'
    return error_response(Code.PERMISSION_DENIED, detail, parameter="Authorization", jsonrpc=jsonrpc,
                          headers={"WWW-Authenticate": challenge},
                          context={"missing_scopes": missing, "solution": "Ask the authorization server for a token with "
                                                                          f"the scope {' '.join(missing)}."})


def _served(scope: Scope) -> bool:
    """Whether a route of the app serves the request's path (by any method), so that a refusal there is the gate's."""
    app = scope.get("app")
    routes = getattr(app, "routes", None)
    return routes is None or any(route.matches(scope)[0] is not Match.NONE for route in routes)


def _query_toolset(scope: Scope) -> str | None:
    """`?toolset=NAME` of a REST request, or None."""
    query = scope.get("query_string", b"")
    if b"toolset=" not in query:
        return None
    values = parse_qs(query.decode("latin-1")).get("toolset")
    return values[0] if values else None


def _unauthenticated(presented: bool, jsonrpc: bool, metadata: str | None = None, reason: str | None = None) -> JSONResponse:
    challenge = 'Bearer realm="atdf-mcp"'
    if presented:
        challenge += ', error="invalid_token"' + (f', error_description="{reason}"' if reason and '"' not in reason else "")
    if metadata:  # RFC 9728 §5.1: where MCP clients find the authorization server
        challenge += f', resource_metadata="{metadata}"'
    detail = reason or (_("The bearer token is not valid.") if presented else _("This endpoint needs a bearer token in the Authorization header."))
    solution = (_("Get an access token from the authorization server named in the resource metadata ({metadata}) and send it "
                  "in the header Authorization with the value `Bearer <token>`.").format(metadata=metadata) if metadata else
                _("Send the header Authorization with the value `Bearer <token>`, where <token> is the server's token or your "
                  "agent's token."))
    return error_response(Code.AUTHENTICATION_ERROR, detail, title=_("Authentication required"), parameter="Authorization",
                          headers={"WWW-Authenticate": challenge}, jsonrpc=jsonrpc, context={"solution": solution})


def _unknown_set(name: str, known: list[str] | None, jsonrpc: bool) -> JSONResponse:
    context: dict[str, object] = {"solution": _("Use the name of a tool set under `toolsets:` in the catalogue's atdf-mcp.yaml.")}
    if known is not None:
        context["available_toolsets"] = known
    return error_response(Code.TOOLSET_NOT_FOUND, _("The catalogue defines no tool set named {name}.").format(name=repr(name)), parameter="toolset",
                          jsonrpc=jsonrpc, context=context)


class ScopeChallenge:
    """ASGI middleware: an OAuth caller's `tools/call` (POST /mcp) of a tool whose prerequisite permissions its token
    lacks is answered `403` with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, as the MCP authorization
    specification asks, so the client can ask the authorization server for those scopes (a step-up). Other callers, and
    calls within the token's scopes, go on; the static tokens' callers still get PERMISSION_DENIED in the tool result."""

    def __init__(self, app: ASGIApp, server: CatalogServer) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        metadata = scope.get(OAUTH_SCOPE_KEY) if scope["type"] == "http" and scope["method"] == "POST" else None
        if metadata is None or not (scope["path"] == "/mcp" or scope["path"].startswith("/mcp/")):
            await self.app(scope, receive, send)
            return
        body, receive = await read_body(receive)
        missing, request_id = self._missing(scope, body) if body else ([], None)
        if missing:
            response = insufficient_scope(missing, True, metadata, "This token does not grant the scope "
                                          f"{', '.join(map(repr, missing))} the tool requires.")
            payload = json.loads(response.body)
            payload["id"] = request_id
            await JSONResponse(payload, status_code=403, headers={"WWW-Authenticate": response.headers["www-authenticate"]})(
                scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _missing(self, scope: Scope, body: bytes) -> tuple[list[str], Any]:
        """The scopes a tools/call in `body` needs that the caller's token lacks, and the request's id."""
        try:
            message = json.loads(body)
        except ValueError:
            return [], None  # JsonRpcGuard answers it
        if not isinstance(message, dict) or message.get("method") != "tools/call" or not isinstance(message.get("params"), dict):
            return [], None
        runtime = self.server.view_in(scope).runtimes.get(message["params"].get("name"))
        granted = scope.get(SCOPES_SCOPE_KEY) or frozenset()
        missing = [name for name in runtime.permissions if name not in granted] if runtime is not None else []
        return missing, message.get("id")
