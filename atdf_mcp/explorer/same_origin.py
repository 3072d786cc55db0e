"""Whether a browser's request comes from the explorer's own origin: the sign-in cookie counts on a POST only then.

The cookie is SameSite=Strict, but a browser's "site" ignores the port: a page of the same host on another port (any
local web app, on 127.0.0.1:3000) is same-site, so the cookie goes with its POST, and the Origin check (HostOriginGuard)
accepts the accepted hosts' pages on any port. Such a page could post the try-it form with the user's cookie (a tool
called with their token) or the sign-in form with its own token (the user's explorer then runs as the attacker's
agent). A browser says where a request comes from: `Sec-Fetch-Site` (exact: scheme, host and port), else `Origin`
(compared with the Host the request names, default ports aside). A request with neither is no browser's forgery.

    >>> foreign_origin({"type": "http", "scheme": "http", "headers": [(b"host", b"127.0.0.1:8000"),
    ...                                                                (b"origin", b"http://127.0.0.1:3000")]})
    'http://127.0.0.1:3000'
    >>> foreign_origin({"type": "http", "scheme": "http", "headers": [(b"host", b"127.0.0.1:8000"),
    ...                                                                (b"origin", b"http://127.0.0.1:8000")]}) is None
    True
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import Scope

from ..codes import Code
from ..l10n import gettext as _
from ..oauth import request_origin
from ..rest import error_response

__all__ = ["foreign_origin", "refused"]

_DEFAULT_PORTS = {"http": 80, "https": 443}


def foreign_origin(scope: Scope) -> str | None:
    """The origin (or `Sec-Fetch-Site` value) of a browser's request sent from another origin than this server's, else None."""
    headers = Headers(scope=scope)
    site, origin = headers.get("sec-fetch-site"), headers.get("origin")
    if site is not None:
        return None if site.strip().lower() in ("same-origin", "none") else (origin or site)
    if origin is not None and _authority(origin) != _authority(request_origin(scope)):
        return origin
    return None


def refused(scope: Scope, foreign: str) -> JSONResponse:
    """403 INVALID_ORIGIN: the explorer's sign-in does not count for a page of another origin."""
    own = request_origin(scope)
    return error_response(Code.INVALID_ORIGIN, _("A page of another origin ({origin}) cannot sign in to the explorer or use its "
                                                 "sign-in.").format(origin=foreign), title=_("Forbidden origin"), parameter="Origin",
                          context={"solution": _("Open the explorer at {own}/ and sign in or try the tool there; another "
                                                 "client sends the header Authorization with the value `Bearer <token>`.").format(
                                                     own=own)})


def _authority(origin: str) -> tuple[str, int | None]:
    """The host and port an origin names (the scheme's default port when it names none)."""
    try:
        parts = urlsplit(origin.strip().lower())
        return parts.hostname or "", parts.port or _DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return "", None
