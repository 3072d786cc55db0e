"""Routing errors of the HTTP face (404, 405) as ATDF envelopes that say what to send instead.

    POST /sse/support   → 405 METHOD_NOT_ALLOWED, suggested_value "GET", context.allowed_methods ["GET"]
    GET  /manfest       → 404 NOT_FOUND, suggested_value "/manifest"

A 405 names every method the path takes, read from the routes themselves (Starlette's `Allow` header names only the
first route of a path: GET and POST /validate are two routes); a 404 names the served path closest to the one asked.
"""

from __future__ import annotations

import difflib
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Match, Mount, Route

from .codes import Code
from .l10n import gettext as _
from .rest import error_response

__all__ = ["allowed_methods", "closest_path", "routing_error"]

_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")  # what a client is told to send (HEAD and OPTIONS go with GET and CORS)


async def routing_error(request: Request, exc: Exception) -> Response:
    """A 404 or 405 of the router (any other HTTP error of Starlette) as an envelope with what to do."""
    assert isinstance(exc, HTTPException)
    routes = _routes(request)
    path = request.url.path
    if exc.status_code == 404:
        closest = closest_path(routes, path)
        see = _("See /manifest for the collections and /health for the transports served.")
        return error_response(Code.NOT_FOUND, _("Nothing is served at {path}.").format(path=path), suggested_value=closest,
                              context={"solution": (_("Did you mean {path}? ").format(path=closest) if closest else "") + see})
    if exc.status_code != 405:
        return error_response(Code.HTTP_ERROR, f"{request.method} {path}: {exc.detail}", status=exc.status_code, headers=exc.headers)
    allowed = allowed_methods(routes, request.scope) or [m.strip() for m in (exc.headers or {}).get("Allow", "").split(",") if m.strip()]
    headers = {**(exc.headers or {}), "Allow": ", ".join(allowed)} if allowed else exc.headers
    solution = (_("Send {method} {path} (this path takes {methods}).").format(method=allowed[0], path=path, methods=", ".join(allowed))
                if allowed else _("See /openapi.json for the methods each path takes."))
    return error_response(Code.METHOD_NOT_ALLOWED, _("{method} {path}: this path does not take {method}.").format(
        method=request.method, path=path), suggested_value=allowed[0] if allowed else None,
        context={"allowed_methods": allowed, "solution": solution}, headers=headers)


def allowed_methods(routes: list[BaseRoute], scope: dict[str, Any]) -> list[str]:
    """The methods some route takes at the scope's path, in the usual order."""
    return [m for m in _METHODS if any(r.matches({**scope, "method": m})[0] == Match.FULL for r in routes)]


def closest_path(routes: list[BaseRoute], path: str) -> str | None:
    """The served path (without parameters) most like `path`, if one is close."""
    paths = {r.path.rstrip("/") or "/" for r in routes if isinstance(r, (Route, Mount)) and "{" not in r.path}
    lowered = path.rstrip("/").lower()
    close = difflib.get_close_matches(lowered, sorted(paths), n=1, cutoff=0.75)
    return close[0] if close and close[0] != path else None


def _routes(request: Request) -> list[BaseRoute]:
    router = getattr(request.scope.get("app"), "router", None)
    return list(getattr(router, "routes", ()))
