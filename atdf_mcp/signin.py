"""Where a client that signs in (OAuth) is sent when this server is not its authorization server.

MCP clients that can sign in (mcp-remote, Claude Code, Cursor, the Inspector, the SDKs' OAuth providers) answer a 401 by
looking for an authorization server; when none is named they take the MCP server's own origin for one, as the
2025-03-26 authorization spec said, and register at its `/register`, send the browser to `/authorize`, ask `/token`:

    GET  /.well-known/oauth-authorization-server   with --oauth-issuer: the issuer's own RFC 8414 metadata, so such a
                                                    client registers and signs in at the issuer (503 while unreachable)
    POST /register · GET /authorize · POST /token   404 saying what to do instead: send the static token as a header,
                                                    sign in at the issuer, or nothing (no token needed)

Without them the client showed "Dynamic client registration failed: HTTP 404" and a body about /manifest.

Those three answer in OAuth's own error shape (RFC 6749 5.2, RFC 7591 3.2.2), `{"error": "invalid_request",
"error_description": ...}`, not in an ATDF envelope: only an OAuth client calls them, and it reads nothing else. Given an
envelope, the TypeScript SDK (Claude Code, Cursor, the Inspector, mcp-remote) threw "Invalid OAuth error response:
ZodError ... Raw body: ..." and its user had to find our sentence in the JSON; given this shape it throws our sentence.
`invalid_request` is the one code those clients neither retry (`invalid_client`, `unauthorized_client` and
`invalid_grant` make them register again) nor mistake for a bad token.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .codes import Code
from .l10n import gettext as _
from .oauth import WELL_KNOWN, IssuerUnavailable, JwtVerifier, request_origin
from .rest import error_response

__all__ = ["AS_METADATA", "SIGN_IN_PATHS", "oauth_error", "sign_in_routes"]

AS_METADATA = "/.well-known/oauth-authorization-server"
SIGN_IN_PATHS = {"/register": ["POST"], "/authorize": ["GET", "POST"], "/token": ["POST"]}
"""The endpoints a client assumes at the server's origin when it finds no authorization server metadata (2025-03-26)."""

_log = logging.getLogger("atdf_mcp.signin")


def sign_in_routes(verifier: JwtVerifier | None, *, tokens: Callable[[], bool]) -> list[Route]:
    """The routes above, for a server that checks `verifier`'s tokens, static tokens (while `tokens()`), or neither."""

    async def not_here(request: Request) -> Response:
        """Not an OAuth authorization server: 404 with where to sign in, or what to send instead."""
        if verifier is not None:
            metadata = f"{request_origin(request.scope)}{WELL_KNOWN}/mcp"
            solution = _("Sign in at the authorization server {issuer} (named in {metadata}): this server only checks the tokens "
                         "it issues.").format(issuer=verifier.options.issuer, metadata=metadata)
        elif tokens():
            solution = _("Do not sign in: configure your client to send the header Authorization with the value `Bearer <token>`, "
                         "where <token> is the server's token or your agent's token (mcp-remote: --header, with the name, a "
                         "colon and the value).")
        else:
            solution = _("This server needs no token: connect without signing in.")
        detail = _("This server is not an OAuth authorization server: it registers no client and issues no token "
                   "({method} {path}).").format(method=request.method, path=request.url.path)
        return oauth_error(404, "invalid_request", f"{detail} {solution}")

    routes = [Route(path, not_here, methods=methods) for path, methods in SIGN_IN_PATHS.items()]
    if verifier is not None:
        routes.append(Route(AS_METADATA, _issuer_metadata(verifier), methods=["GET"]))
    return routes


def oauth_error(status: int, error: str, description: str) -> JSONResponse:
    """An OAuth error response (RFC 6749 5.2): `error` and an `error_description` of the characters it allows."""
    return JSONResponse({"error": error, "error_description": _oauth_text(description)}, status_code=status,
                        headers={"Cache-Control": "no-store"})


def _oauth_text(text: str) -> str:
    """`text` in the characters RFC 6749 allows an error_description (printable ASCII but `"` and `\\`): accents
    dropped, double quotes made single, anything else a space."""
    plain = unicodedata.normalize("NFKD", text).replace('"', "'").replace("\\", "/")
    return " ".join("".join(c if " " <= c <= "~" else " " for c in plain if not unicodedata.combining(c)).split())


def _issuer_metadata(verifier: JwtVerifier) -> Callable[[Request], Awaitable[Response]]:
    """GET /.well-known/oauth-authorization-server: the issuer's metadata as the issuer publishes it."""

    async def metadata(_request: Request) -> Response:
        """The OAuth issuer's RFC 8414 metadata, for clients that look for it at this server (2025-03-26)."""
        try:
            document = await verifier.issuer_metadata()
        except IssuerUnavailable as exc:
            _log.warning("OAuth: the issuer's metadata cannot be fetched: %s", exc)
            return error_response(Code.AUTH_SERVER_UNAVAILABLE, _("The authorization server's metadata cannot be fetched now."),
                                  headers={"Retry-After": "5"},
                                  context={"retryable": True, "solution": _("Retry in a few seconds.")})
        return JSONResponse(document, headers={"Cache-Control": "public, max-age=3600"})

    return metadata
