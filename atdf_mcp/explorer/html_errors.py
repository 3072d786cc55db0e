"""A browser's error on an explorer page as a page: the same ATDF envelope, rendered in HTML.

An explorer page's refusal (an unknown `?toolset=` from the gate, an unknown resource, a missing token) is an ATDF
envelope in JSON. A client that accepts text/html (by name, at least as much as JSON) gets it as a page: the
envelope's title, detail and suggestion, the tool sets it names as links (the closest first), and the JSON itself; a
missing token also a sign-in form (POST /explore/signin: the token kept in an HttpOnly cookie, never in a URL).
Any other client (`*/*`, `application/json`) gets the JSON, byte for byte.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..codes import Code
from ..l10n import LANG, weighted
from ..spelling import close_names
from .render import page

if TYPE_CHECKING:
    from ..server import CatalogServer

__all__ = ["HtmlErrors", "is_page", "wants_html"]

_HTML = ("text/html", "application/xhtml+xml")


def is_page(path: str) -> bool:
    """Whether `path` is one of the explorer's pages (not its static files or its event stream)."""
    return path == "/" or (path.startswith("/explore/") and not path.startswith(("/explore/static/", "/explore/events")))


def wants_html(accept: str) -> bool:
    """Whether an `Accept` header names HTML, with a quality at least that of JSON (`*/*` alone: no)."""
    html = json_ = 0.0
    for media, quality in weighted(accept):
        media = media.lower()
        if media in _HTML:
            html = max(html, quality)
        elif media in ("application/json", "application/*", "*/*"):
            json_ = max(json_, quality)
    return html > 0 and html >= json_


class HtmlErrors:
    """ASGI middleware: an ATDF envelope answering a browser's request for an explorer page becomes an HTML page."""

    def __init__(self, app: ASGIApp, server: CatalogServer) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_page(scope["path"]) or not wants_html(Headers(scope=scope).get("accept", "")):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        body = bytearray()

        async def held(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start" and start is None:
                headers = Headers(raw=message.get("headers") or [])
                if message["status"] >= 400 and headers.get("content-type", "").startswith("application/json"):
                    start = message  # an envelope: held until its body is whole
                    return
            elif message["type"] == "http.response.body" and start is not None:
                body.extend(message.get("body", b""))
                if not message.get("more_body"):
                    await self._answer(scope, start, bytes(body), send)
                return
            await send(message)

        await self.app(scope, receive, held)

    async def _answer(self, scope: Scope, start: Message, body: bytes, send: Send) -> None:
        """The envelope as a page (a body that is not an envelope: as it came)."""
        try:
            envelope = json.loads(body)
            entries = [e for e in envelope["errors"] if isinstance(e, dict)]
        except (ValueError, KeyError, TypeError):
            entries = []
        if not entries:
            await send(start)
            await send({"type": "http.response.body", "body": body})
            return
        kept = {k: v for k, v in Headers(raw=start.get("headers") or []).items() if k not in ("content-type", "content-length")}
        query = scope.get("query_string", b"").decode("latin-1")
        asked = (parse_qs(query).get("toolset") or [""])[0]
        signin = None  # a page that needs a token: a form that signs the browser in, then comes back here
        if any(e.get("code") == Code.AUTHENTICATION_ERROR.value for e in entries):
            signin = "/" if scope["path"].startswith("/explore/sign") else scope["path"] + (f"?{query}" if query else "")
        response = page("error.html.j2", {
            "name": self.server.server.name, "version": self.server.server.version, "atdf_version": __version__,
            "entries": [_entry(e, asked) for e in entries], "lang": LANG.get() or "", "envelope": json.dumps(envelope, indent=2, ensure_ascii=False),
            "signin": signin,
        }, start["status"], kept)
        await response(scope, _no_body, send)


def _entry(entry: dict[str, Any], asked: str) -> dict[str, Any]:
    """What the page shows of one error entry: its texts, and the tool sets it names as links, the closest to `asked` first."""
    context = entry.get("context") if isinstance(entry.get("context"), dict) else {}
    known = [s for s in context.get("available_toolsets") or () if isinstance(s, str)]
    close = close_names(asked, known) if asked else []
    ordered = close + [s for s in known if s not in close]
    return {"title": str(entry.get("title") or ""), "detail": str(entry.get("detail") or ""), "code": str(entry.get("code") or ""),
            "parameter": str(entry.get("parameter_name") or ""), "solution": str(context.get("solution") or ""),
            "toolsets": [(s, "/?" + urlencode({"toolset": s}), s in close) for s in ordered]}


async def _no_body() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}
