"""The HTTP gate of tool sets and bearer tokens: which set a request sees, and whether it may see it at all.

    /mcp/{set}  /sse/{set}  /messages/{set}/     the set named by the path (MCP endpoints)
    /resources?toolset={set}  (any REST route)   the set named by the query
    Authorization: Bearer <token>                --auth-token: the whole catalogue; a token of `tokens:`: its set

An agent's token never opens POST /reset (403). Answers, in this order:
401 (a protected route without a valid token), 404 TOOLSET_NOT_FOUND (a set the served config does not define), 403
AUTHORIZATION_ERROR (a path or query naming another set than the token's). Otherwise the request goes on with its set in
the ASGI scope (`TOOLSET_SCOPE_KEY`), which `CatalogServer.view` and the REST routes read. Tokens and sets are read from
the snapshot being served at each request: a reload changes them at once. An agent's token also puts its `scopes` in the
ASGI scope (`SCOPES_SCOPE_KEY`), checked against the tools' prerequisite permissions (atdf_mcp.enforce).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from .codes import Code
from .enforce import SCOPES_SCOPE_KEY
from .l10n import gettext as _
from .rest import error_response
from .toolsets import token_digest, token_toolset
from .view import TOOLSET_SCOPE_KEY

if TYPE_CHECKING:
    from .server import CatalogServer

__all__ = ["SET_PREFIXES", "ToolsetGate", "path_toolset"]

SET_PREFIXES = ("/mcp/", "/sse/", "/messages/")
"""The MCP endpoints whose next path segment names a tool set."""


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
                 is_mcp: Callable[[str], bool]) -> None:
        self.app = app
        self.server = server
        self.token = token.encode("utf-8") if token else None
        self.protects = protects
        self.is_mcp = is_mcp

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
        if (self.token is not None or tokens) and self.protects(method, path) and not whole and granted is None:
            await _unauthenticated(bool(presented), jsonrpc)(scope, receive, send)
            return
        if granted is not None and path == "/reset":
            response = error_response(Code.AUTHORIZATION_ERROR, _("An agent's token cannot reload the catalogue."), title=_("Forbidden"),
                                      parameter="Authorization", context={"solution": _("Reload with the server's --auth-token, "
                                                                          "SIGHUP, or by editing the files (they are watched).")})
            await response(scope, receive, send)
            return
        named = path_toolset(path) if jsonrpc else _query_toolset(scope)
        if named is not None and not self.server.views.has(named):
            known = sorted(self.server.snapshot.config.toolsets) if granted is None else None  # a limited agent learns no names
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
        if granted is not None:  # an agent: the scopes of its token (none listed: none); the operator's token holds them all
            scope[SCOPES_SCOPE_KEY] = self.server.snapshot.config.token_scopes.get(token_digest(presented), frozenset())
        await self.app(scope, receive, send)


def _query_toolset(scope: Scope) -> str | None:
    """`?toolset=NAME` of a REST request, or None."""
    query = scope.get("query_string", b"")
    if b"toolset=" not in query:
        return None
    values = parse_qs(query.decode("latin-1")).get("toolset")
    return values[0] if values else None


def _unauthenticated(presented: bool, jsonrpc: bool) -> JSONResponse:
    challenge = 'Bearer realm="atdf-mcp"' + (', error="invalid_token"' if presented else "")
    detail = _("The bearer token is not valid.") if presented else _("This endpoint needs an Authorization: Bearer token.")
    return error_response(Code.AUTHENTICATION_ERROR, detail, title=_("Authentication required"), parameter="Authorization",
                          headers={"WWW-Authenticate": challenge}, jsonrpc=jsonrpc,
                          context={"solution": _("Send the header `Authorization: Bearer <token>` with the server's token "
                                                 "or your agent's token.")})


def _unknown_set(name: str, known: list[str] | None, jsonrpc: bool) -> JSONResponse:
    context: dict[str, object] = {"solution": _("Use the name of a tool set under `toolsets:` in the catalogue's atdf-mcp.yaml.")}
    if known is not None:
        context["available_toolsets"] = known
    return error_response(Code.TOOLSET_NOT_FOUND, _("The catalogue defines no tool set named {name}.").format(name=repr(name)), parameter="toolset",
                          jsonrpc=jsonrpc, context=context)
