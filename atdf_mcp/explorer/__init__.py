"""The catalogue explorer: `GET /` of the HTTP server (and `atdf-mcp explore DIR`), server-rendered with Jinja2.

    GET  /                          every resource by type; search (search_tools' index) by type, tag and tool set;
                                    the validation problems per file; calls and latency per tool
    GET  /explore/{type}/{id}       one resource: texts (?lang=), inputs, examples, prerequisites, policies, ARDF JSON,
                                    and for a tool its "try it" form
    POST /explore/call/{name}       the form, called through the server's own dispatch: the result, or the envelope with
                                    a button retrying its suggested arguments (protected like /mcp: `TRY_PREFIX`)
    GET  /explore/call/{name}       a result page's address opened again: 303 to the tool's page
    GET  /explore/events            SSE: a `reload` event carrying the new problems section whenever the catalogue reloads
    GET  /explore/static/...        the stylesheet, the script and the icon, from the package (nothing from elsewhere)
    GET  /favicon.ico               the same icon (browsers ask every site for it)

A page is in one language, every part of it (texts, inputs, form, ARDF JSON, lists): `?lang=` (empty: the default
texts), else the browser's Accept-Language, else --lang; its links and forms carry `?lang=` and `?toolset=` on.
A browser's refusal on a page (an unknown ?toolset=, resource or token) is the envelope as a page (`HtmlErrors`).
Every page is complete HTML without JavaScript; the script only keeps the problems live and remembers the token.
A plain form cannot send an `Authorization` header, so `FormToken` lifts the form's `_token` field into one before
the gate checks it; a browser opening a page cannot either: where a token is needed, the 401 page's form (POST
/explore/signin) keeps it in an HttpOnly, SameSite=Strict cookie that `FormToken` lifts the same way on the explorer's
own routes (never on the API's), and POST /explore/signout drops it. A POST the cookie would authorize, and a
sign-in, count only from the explorer's own origin (`same_origin`: a page of the same host on another port is
same-site for the cookie). With no token configured the try-it route answers
only callers on this machine. The calls and latency per tool are shown to whoever may read GET /metrics (no token set,
--metrics-public, or the operator's token), and only the view's tools.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, urlencode

import anyio
from sse_starlette.sse import EventSourceResponse
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from .. import __version__
from ..codes import Code
from ..enforce import SCOPES_SCOPE_KEY
from ..l10n import LANG, accepted_language
from ..reports import validation_report
from ..rest import error_response
from ..view import TOOLSET_SCOPE_KEY
from ..wire import read_body
from . import pages, render
from .forms import arguments_of, form_fields, form_values
from .html_errors import HtmlErrors, is_page
from .same_origin import foreign_origin, refused

if TYPE_CHECKING:
    from ..live import LiveCatalog
    from ..server import CatalogServer
    from ..view import View

__all__ = ["EVENTS_PATH", "SIGNIN_PATH", "SIGNOUT_PATH", "TOKEN_COOKIE", "TRY_PREFIX", "FormToken", "HtmlErrors", "explorer_routes"]

TRY_PREFIX = "/explore/call/"
EVENTS_PATH = "/explore/events"
SIGNIN_PATH = "/explore/signin"
SIGNOUT_PATH = "/explore/signout"
TOKEN_FIELD = "_token"
TOKEN_COOKIE = "atdf_mcp_token"
POLL_SECONDS = 0.5  # how often the event stream looks for a new snapshot
_MEDIA = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
_STATIC = {p.name: p for p in (Path(__file__).parent / "static").iterdir() if p.suffix in _MEDIA}
ICON = "favicon.svg"


def explorer_routes(app: CatalogServer, secured: bool, live: LiveCatalog | None = None, *,
                    metrics_open: bool = True) -> list[BaseRoute]:
    """The explorer's routes for `app` (`secured`: a token is configured, so the try-it form asks for it;
    `metrics_open`: GET /metrics needs no token, so the pages may show the calls and latency)."""
    pages_ = _Pages(app, secured, live, metrics_open)
    return [
        Route("/", pages_.index, methods=["GET"]),
        Route("/explore/static/{path:path}", _static, methods=["GET"]),  # before /explore/{type}/{id}
        Route("/favicon.ico", _icon, methods=["GET"]),  # what browsers ask every site for: the pages' own icon
        Route(TRY_PREFIX + "{name}", pages_.call, methods=["POST"]),
        Route(TRY_PREFIX + "{name}", pages_.call_again, methods=["GET"]),
        Route(EVENTS_PATH, pages_.events, methods=["GET"]),
        Route(SIGNIN_PATH, _sign_in, methods=["POST"]),  # the token checked by the gate, kept in a cookie
        Route(SIGNOUT_PATH, _sign_out, methods=["POST"]),
        Route("/explore/{type}/{id}", pages_.resource, methods=["GET"]),
    ]


class _Pages:
    def __init__(self, app: CatalogServer, secured: bool, live: LiveCatalog | None, metrics_open: bool) -> None:
        self.app = app
        self.secured = secured
        self.live = live
        self.metrics_open = metrics_open

    def _stats(self, view: View, request: Request) -> dict[str, dict[str, Any]] | None:
        """The calls and latency of the view's tools, or None where this caller could not read GET /metrics: it needs a
        token, and this is not the operator's (an agent, an OAuth caller or a --public-catalog reader all carry scopes)."""
        if not self.metrics_open and SCOPES_SCOPE_KEY in request.scope:
            return None
        return {name: s for name, s in pages.call_stats(self.app).items() if name in view.tools}

    def _view(self, request: Request) -> tuple[View, str]:
        """The view a page shows and its language ("": the default texts): `?lang=` (empty: the default), else the
        request's Accept-Language, else --lang; the tool set as everywhere (its path, ?toolset= or token)."""
        app = self.app
        views = app.views
        snapshot = views.snapshot
        asked = request.query_params.get("lang")
        lang = asked if asked is not None else accepted_language(request.scope, snapshot.languages) or snapshot.lang or ""
        LANG.set(snapshot.speaks(lang))  # the envelopes of a try-it call too
        return views.get(request.scope.get(TOOLSET_SCOPE_KEY, app.toolset), lang or "en"), lang  # en: the default texts

    def _common(self, request: Request, view: View) -> dict[str, Any]:
        app = self.app
        config = app.snapshot.config
        agent = SCOPES_SCOPE_KEY in request.scope  # an agent's token: its own set only, as everywhere (atdf_mcp.gate)
        toolsets = sorted(config.toolsets) if not agent else [view.toolset or ""]
        q = request.query_params
        carried = {k: q[k] for k in ("toolset", "lang") if k in q and (k == "lang" or q[k])}  # ?lang= (the default) too
        return {"name": app.server.name, "version": app.server.version, "atdf_version": __version__, "secured": self.secured,
                "toolsets": [s for s in toolsets if s], "toolset": q.get("toolset", ""), "carried": carried,
                "keep": urlencode(carried), "reloads": self.live.reloads if self.live is not None else 0,
                "signed_in": TOKEN_COOKIE in request.cookies}

    async def index(self, request: Request) -> Response:
        app = self.app
        view, _lang = self._view(request)
        q = request.query_params
        query, kind, tag = q.get("q", ""), q.get("type", ""), q.get("tag", "")
        searched = bool(query or kind or tag)
        found = pages.search(app, view, query, kind, tag) if searched else []
        results, number, count = pages.page_of(found, q.get("page", ""))
        common = self._common(request, view)
        asked = {k: v for k, v in (("q", query), ("type", kind), ("tag", tag)) if v} | common["carried"]
        paging = {"number": number, "pages": count, "total": len(found),
                  "previous": "/?" + urlencode(asked | {"page": number - 1}) + "#results" if number > 1 else "",
                  "next": "/?" + urlencode(asked | {"page": number + 1}) + "#results" if number < count else ""}
        everything = pages.type_groups(view.descriptors)
        tags = sorted({t for d in view.descriptors for t in pages.tags_of(d)})
        return render.page("index.html.j2", common | {
            "query": query, "kind": kind, "tag": tag, "searched": searched,
            "paging": paging, "page_size": pages.RESULTS_PAGE, "type_rows": pages.TYPE_ROWS,
            "results": [(d, score, pages.tags_of(d)) for d, score in results], "groups": everything, "types": sorted(everything),
            "tags": tags, "problems": pages.problems_by_file(validation_report(app.catalog, view)), "stats": self._stats(view, request),
            "tags_of": pages.tags_of})

    async def resource(self, request: Request) -> Response:
        view, _lang = self._view(request)
        d = view.descriptor_for(f"ardf://{request.path_params['type']}/{request.path_params['id']}")
        if d is None:
            return error_response(Code.NOT_FOUND, f"The catalogue holds no {request.path_params['type']} named "
                                  f"{request.path_params['id']!r}.", title="Unknown resource", parameter="id",
                                  context={"solution": "Open the explorer at / and pick a resource from its lists."})
        return self._resource_page(request, d, None, None)

    def _resource_page(self, request: Request, d: Any, outcome: dict[str, Any] | None, values: dict[str, str] | None,
                       status: int = 200) -> Response:
        view, lang = self._view(request)
        page = pages.resource_page(self.app, view, d, lang)
        page["stats"] = (self._stats(view, request) or {}).get(d.id)
        page |= pages.problems_of(d, validation_report(self.app.catalog, view))
        shown = values if values is not None else {f.name: f.default for f in page["fields"]}
        return render.page("resource.html.j2", self._common(request, view) | page | {"outcome": outcome, "values": shown}, status)

    async def call(self, request: Request) -> Response:
        app = self.app
        if not self.secured and not _from_this_machine(request):
            return error_response(Code.AUTHORIZATION_ERROR, "With no token configured, tools can be tried from this machine only.",
                                  title="Forbidden", context={"solution": "Open the explorer on the server's own machine, or "
                                                              "start the server with --auth-token and enter the token in the form."})
        name = request.path_params["name"]
        view, _lang = self._view(request)
        d = view.tools.get(name)
        schema = pages.tool_schemas(view).get(name)
        if d is None or schema is None:
            return error_response(Code.TOOL_NOT_FOUND, f"The catalogue has no tool named {name!r} to try.", parameter="name",
                                  context={"solution": "Open the explorer at / and pick a tool from its list."})
        form = await request.form()
        fields = form_fields(schema)
        arguments = arguments_of(fields, {k: v for k, v in form.items() if isinstance(v, str)})
        result = await app.call(view, name, arguments, scopes=request.scope.get(SCOPES_SCOPE_KEY))
        payload = result.structured_content
        if payload is None:
            texts = [c.text for c in result.content if getattr(c, "type", "") == "text"]
            try:
                payload = json.loads(texts[0]) if len(texts) == 1 else texts
            except ValueError:
                payload = texts[0]
        suggested = _suggested(payload) if result.is_error else None
        outcome = {"error": result.is_error, "arguments": json.dumps(arguments, ensure_ascii=False, default=str),
                   "payload": json.dumps(payload, indent=2, ensure_ascii=False, default=str),
                   "errors": payload.get("errors", []) if result.is_error and isinstance(payload, dict) else [],
                   "suggested": None if suggested is None else json.dumps(suggested, ensure_ascii=False)}
        return self._resource_page(request, d, outcome, form_values(fields, arguments) if fields else {})

    async def call_again(self, request: Request) -> Response:
        """GET of a result page's address (reloaded, bookmarked): the tool's page, where the form is."""
        name = request.path_params["name"]
        if name not in self.app.view_in(request.scope).tools:
            return error_response(Code.TOOL_NOT_FOUND, f"The catalogue has no tool named {name!r} to try.", parameter="name",
                                  context={"solution": "Open the explorer at / and pick a tool from its list."})
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/explore/tool/{quote(name, safe='')}{query}", status_code=303)

    async def events(self, request: Request) -> Response:
        app, live = self.app, self.live
        since = request.query_params.get("since", "")  # the reload count the page was rendered at: none missed in between

        async def stream() -> AsyncIterator[dict[str, str]]:
            seen = int(since) if since.isdigit() else (live.reloads if live is not None else 0)
            while True:
                if live is None or live.reloads == seen or live.reloading:
                    await anyio.sleep(POLL_SECONDS)
                    continue
                seen = live.reloads
                views = app.views  # the snapshot served now, as this page's client sees it
                report = validation_report(views.snapshot, app.view_in(request.scope, views))
                html = render.templates().get_template("problems.html.j2").render(problems=pages.problems_by_file(report))
                yield {"event": "reload", "id": str(seen),
                       "data": json.dumps({"html": html, "summary": report["summary"], "reloads": seen})}

        return EventSourceResponse(stream(), ping=15)


async def _static(request: Request) -> Response:
    """GET /explore/static/{path}: the explorer's stylesheet and script, from the package."""
    path = _STATIC.get(request.path_params["path"])
    if path is None:
        return error_response(Code.NOT_FOUND, f"The explorer has no file {request.path_params['path']!r}.", parameter="path",
                              context={"solution": f"Ask for one of {', '.join(sorted(_STATIC))}."})
    return FileResponse(path, media_type=_MEDIA[path.suffix])


async def _icon(request: Request) -> Response:
    """GET /favicon.ico: the explorer's icon (an SVG; browsers ask for it even on pages that name it elsewhere)."""
    return FileResponse(_STATIC[ICON], media_type=_MEDIA[".svg"], headers={"Cache-Control": "max-age=86400"})


async def _sign_in(request: Request) -> Response:
    """POST /explore/signin: the form's token (valid: the gate let it through) kept in an HttpOnly, SameSite=Strict
    cookie for the explorer's pages; then the page the browser asked for (a path of this server only)."""
    form = await request.form()
    scheme, _space, token = request.headers.get("authorization", "").partition(" ")
    response = RedirectResponse(_local_path(form.get("next")), status_code=303)
    if scheme.lower() == "bearer" and token.strip():
        response.set_cookie(TOKEN_COOKIE, token.strip(), httponly=True, samesite="strict", path="/",
                            secure=request.url.scheme == "https")
    return response


async def _sign_out(request: Request) -> Response:
    """POST /explore/signout: the explorer's cookie dropped; then the explorer's first page."""
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(TOKEN_COOKIE, path="/", httponly=True, samesite="strict")
    return response


def _local_path(value: Any) -> str:
    """`value` when it is a path of this server (`/...`, not `//host` or `/\\host`), else `/`."""
    if isinstance(value, str) and value.startswith("/") and not value.startswith(("//", "/\\")) and "\n" not in value \
            and "\r" not in value:
        return value
    return "/"


def _suggested(payload: Any) -> Any:
    """The first `suggested_arguments` an envelope carries, or None."""
    if not isinstance(payload, dict):
        return None
    for entry in payload.get("errors") or ():
        if isinstance(entry, dict) and isinstance(entry.get("context"), dict) and "suggested_arguments" in entry["context"]:
            return entry["context"]["suggested_arguments"]
    return None


def _from_this_machine(request: Request) -> bool:
    """Whether the request comes from a loopback address."""
    from ..web import is_loopback

    return request.client is not None and is_loopback(request.client.host)


class FormToken:
    """ASGI middleware before the gate: a try-it or sign-in form's `_token` field becomes its `Authorization: Bearer`
    header; else, on the explorer's pages, event stream and try-it calls, the sign-in cookie does.

    It reads only a body that declares its length, within `max_size` (it runs before BodyLimit): anything else goes on
    unread, and the gate answers it as a request without a token. The cookie opens the explorer only, not the API."""

    def __init__(self, app: ASGIApp, max_size: int) -> None:
        self.app = app
        self.max_size = max_size

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path, method = scope["path"], scope["method"]
        if method == "POST" and (path.startswith(TRY_PREFIX) or path == SIGNIN_PATH):
            scope, receive = await self._form_token(scope, receive)
        token = ""
        if path != SIGNIN_PATH and (is_page(path) or path == EVENTS_PATH) and not any(k == b"authorization" for k, _v in scope["headers"]):
            token = Request(scope).cookies.get(TOKEN_COOKIE, "").strip()
        # a POST the cookie would authorize, or a sign-in setting it: from the explorer's own origin only (same_origin)
        foreign = foreign_origin(scope) if method not in ("GET", "HEAD") and (token or path == SIGNIN_PATH) else None
        if foreign is not None:
            await refused(scope, foreign)(scope, receive, send)
            return
        if token:
            scope = {**scope, "headers": [*scope["headers"], (b"authorization", f"Bearer {token}".encode())]}
        await self.app(scope, receive, send)

    async def _form_token(self, scope: Scope, receive: Receive) -> tuple[Scope, Receive]:
        """The scope with the form's token as its Authorization header (when it has none and the form has one)."""
        headers = dict(scope["headers"])
        length = headers.get(b"content-length", b"")
        if (b"authorization" not in headers and headers.get(b"content-type", b"").startswith(b"application/x-www-form-urlencoded")
                and length.isdigit() and int(length) <= self.max_size):
            body, receive = await read_body(receive)
            token = (parse_qs((body or b"").decode("utf-8", "replace")).get(TOKEN_FIELD) or [""])[0].strip()
            if token:
                scope = {**scope, "headers": [*scope["headers"], (b"authorization", f"Bearer {token}".encode())]}
        return scope, receive
