"""The plain HTTP routes beside the MCP endpoints: health, manifest, schemas, validation, ARDF collections.

    routes = rest_routes(catalog_server, ServiceState(transports=("streamable-http", "sse")))
    Starlette(routes=routes)          # web.build_app adds the MCP endpoints and the middleware

Every route answers from the served snapshot (`CatalogServer.published`); the collection bodies are
encoded once per snapshot. Errors are ATDF envelopes (`error_response`), never tracebacks.
"""

from __future__ import annotations

import difflib
import json
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import __version__
from .catalog import Catalog, Problem, load_catalog
from .codes import Code
from .envelope import build_entry, envelope
from .l10n import gettext as _
from .name_words import meant_first
from .publish import ARDF_MIME, COLLECTION_PATHS, ardf_document, ardf_text
from .reports import validation_report
from .schemas import SCHEMA_FILES, schema_bytes
from .server import CatalogServer
from .suggest import close_names
from .summary import Counts
from .view import View, Views

if TYPE_CHECKING:
    from .live import LiveCatalog

__all__ = ["RequestCounter", "ServiceState", "error_response", "reset_view", "rest_routes", "validate_document"]

SCHEMA_MIME = "application/schema+json"
INVALID_REQUEST = -32600  # JSON-RPC; the SDK's own transport errors (unknown session, ...) use it too
_PLURALS = {path.rsplit("/", 1)[1]: kind for kind, path in COLLECTION_PATHS.items() if kind != "custom"}


@dataclass
class RequestCounter:
    """How many requests are being handled right now."""

    count: int = 0


@dataclass
class ServiceState:
    """What /health and /ready report (start time, readiness), and the requests a draining shutdown waits for."""

    transports: tuple[str, ...] = ()
    started: float = field(default_factory=time.monotonic)
    ready: bool = False
    draining: bool = False
    http: RequestCounter = field(default_factory=RequestCounter)  # non-streaming HTTP requests of this app
    mcp: RequestCounter = field(default_factory=RequestCounter)  # MCP requests of its Server, on every transport
    tasks: Any = None  # the Agent Tool Service (atdf_mcp.ats): its `health()` and whether its task store runs (`serving`)

    @property
    def status(self) -> str:
        """/health's `status`: "ok", "unready" (starting, stopped, or the task store could not start) or "draining"."""
        if self.draining:
            return "draining"
        return "ok" if self.ready and (self.tasks is None or self.tasks.serving) else "unready"

    @property
    def idle(self) -> bool:
        """True when no MCP request and no non-streaming HTTP request is running."""
        return self.http.count == 0 and self.mcp.count == 0


def error_response(code: Code, detail: str, *, status: int | None = None, title: str | None = None, parameter: str | None = None,
                   suggested_value: Any = None, context: dict[str, Any] | None = None, headers: dict[str, str] | None = None,
                   instance: str | None = None, jsonrpc: bool = False) -> JSONResponse:
    """An HTTP error whose body is an ATDF envelope (the same shape as a failed tool call).

    Its HTTP status and title are the code's row in atdf_mcp.codes unless `status` / `title` say otherwise.

    With `jsonrpc`, for the MCP endpoints, the envelope travels as the `data` of a JSON-RPC error: MCP clients
    show a JSON-RPC error's message, where any other body becomes "Server returned an error response".
    """
    entry = build_entry(code, detail, "server", title=title, parameter=parameter, context=context, instance=instance,
                        **({"suggested_value": suggested_value} if suggested_value is not None else {}))
    body = envelope([entry])
    if jsonrpc:
        body = {"jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": f"{entry['title']}: {detail}", "data": body}}
    return JSONResponse(body, status_code=status or code.row.status, headers=headers)


def rest_routes(app: CatalogServer, state: ServiceState, live: LiveCatalog | None = None) -> list[Route]:
    """The REST routes for one served catalogue (with `live`, also POST /reset, which reloads it)."""
    views = _Views(app, state)
    routes = [
        Route("/health", views.health, methods=["GET"]),
        Route("/ready", views.ready, methods=["GET"]),
        Route("/manifest", views.manifest, methods=["GET"]),
        Route("/schema/{name}", views.schema, methods=["GET"]),
        Route("/validate", views.report, methods=["GET"]),
        Route("/validate", views.validate, methods=["POST"]),
        Route("/resources", views.resources, methods=["GET"]),
        Route("/resources/{type}", views.resources, methods=["GET"]),
        Route("/resources/{type}/{id}", views.resource, methods=["GET"]),
    ]
    routes += [Route(path, views.collection(kind), methods=["GET"]) for kind, path in COLLECTION_PATHS.items()
               if not path.startswith("/resources/")]
    if live is not None:
        routes.append(Route("/reset", reset_view(live), methods=["POST"]))
    return routes


def reset_view(live: LiveCatalog, method: str = "POST", status: str | None = None) -> Any:
    """`{method} /reset` (the Agent Tool Service's name): reload the catalogue now and say what changed (`status`, when
    given, replaces the answer's own "reloaded": the ATS's GET /reset answers "ok")."""

    async def reset(request: Request) -> Response:
        outcome = await live.reload(f"{method} /reset")
        if not outcome.ok:
            return error_response(Code.RELOAD_FAILED, _("The catalogue could not be reloaded; the catalogue served before is "
                                                                    "still served."), title=_("Reload failed"),
                                  context={"retryable": True, "solution": _("Fix what the server's log names, then {request} again.").format(
                                      request=f"{method} /reset")})
        body = outcome.as_json()
        return JSONResponse(body if status is None else {**body, "status": status})

    return reset


class _Views:
    def __init__(self, app: CatalogServer, state: ServiceState) -> None:
        self.app = app
        self.state = state
        self._encoded: tuple[Views, dict[str | None, _Encoded]] | None = None  # of the views served, by set

    def view(self, request: Request) -> View:
        """What the request may see: its tool set's part (?toolset= or its token's, atdf_mcp.gate), else the server's default."""
        return self.app.view_in(request.scope)

    def encoded(self, request: Request) -> _Encoded:
        """The response bodies of the request's view, rebuilt only when the snapshot was swapped."""
        views = self.app.views  # read once: its snapshot's listings and report belong together
        if self._encoded is None or self._encoded[0] is not views:  # a swap: drop every set's bodies of the snapshot before
            self._encoded = (views, {})
        view = self.app.view_in(request.scope, views)
        built = self._encoded[1]
        body = built.get(view.toolset)
        if body is None:
            body = built[view.toolset] = _Encoded.build(view, views.snapshot)
        return body

    async def health(self, request: Request) -> Response:
        catalog = self.app.catalog
        return JSONResponse({
            "status": self.state.status,
            "version": __version__,
            "uptime_seconds": round(time.monotonic() - self.state.started, 3),
            "catalog": {"name": self.app.server.name, "version": self.app.server.version},
            "transports": list(self.state.transports),
            "counts": dict(sorted(catalog.counts().items())),
            **({"tasks": self.state.tasks.health()} if self.state.tasks is not None else {}),
        })

    async def ready(self, request: Request) -> Response:
        if self.state.ready and not self.state.draining:
            return JSONResponse({"status": "ready"})
        return JSONResponse({"status": "draining" if self.state.draining else "starting"}, status_code=503)

    async def manifest(self, request: Request) -> Response:
        return Response(self.encoded(request).manifest, media_type="application/json")

    async def schema(self, request: Request) -> Response:
        name = request.path_params["name"]
        file_name = SCHEMA_FILES.get(name, name)
        if file_name not in SCHEMA_FILES.values():
            return error_response(Code.NOT_FOUND, _("No bundled schema named {name}.").format(name=repr(name)), title=_("Unknown schema"),
                                  parameter="name", context={"available_schemas": sorted(SCHEMA_FILES.values()),
                                                             "solution": _("Ask for one of the available schemas, e.g. "
                                                                           "/schema/ardf.schema.json.")})
        return Response(schema_bytes(file_name), media_type=SCHEMA_MIME)

    async def report(self, request: Request) -> Response:
        return Response(self.encoded(request).report, media_type="application/json")

    async def validate(self, request: Request) -> Response:
        body = await request.body()
        try:
            json.loads(body)
        except RecursionError:
            return JSONResponse(_verdict([{"message": "the document nests too deeply to process", "path": "", "code": Code.TOO_DEEP}], []))
        except ValueError as exc:  # also UnicodeDecodeError
            return error_response(Code.INVALID_JSON, _("The request body is not JSON: {why}.").format(why=exc),
                                  context={"solution": _("POST one descriptor, a list of them, or a {collection} collection "
                                                         "as JSON (Content-Type: application/json).").format(collection='{"tools": [...]}')})
        return JSONResponse(await anyio.to_thread.run_sync(validate_document, body))

    async def resources(self, request: Request) -> Response:
        kind = request.path_params.get("type")
        if kind is None:
            return _ardf(self.encoded(request).all)
        body = self.encoded(request).by_type.get(_PLURALS.get(kind, kind))
        if body is None:
            return self._unknown_type(kind)
        return _ardf(body)

    async def resource(self, request: Request) -> Response:
        kind = _PLURALS.get(request.path_params["type"], request.path_params["type"])
        if kind not in COLLECTION_PATHS:
            return self._unknown_type(request.path_params["type"])
        uri = f"ardf://{kind}/{request.path_params['id']}"
        view = self.view(request)
        descriptor = view.descriptor_for(uri)
        if descriptor is None:
            return _unknown_id(kind, request.path_params["type"], request.path_params["id"],
                               [d.id for d in view.descriptors if d.type == kind])
        return Response(ardf_text(descriptor, catalog=view.published.catalog).encode(), media_type=ARDF_MIME)

    def collection(self, kind: str) -> Any:
        async def view(request: Request) -> Response:
            if kind == "tool" and request.query_params.get("format") == "atdf":  # the ATDF Server Profile's shape
                from .profile import atdf_tools

                return JSONResponse(atdf_tools(self.view(request)))
            return _ardf(self.encoded(request).by_type[kind])

        return view

    def _unknown_type(self, kind: str) -> Response:
        known = sorted(COLLECTION_PATHS)
        close = difflib.get_close_matches(kind.lower(), [*known, *_PLURALS], n=1, cutoff=0.6)
        suggestion = _PLURALS.get(close[0], close[0]) if close else None
        return error_response(Code.NOT_FOUND, _("{kind} is not an ARDF resource type.").format(kind=repr(kind)), title=_("Unknown resource type"),
                              parameter="type", suggested_value=suggestion,
                              context={"available_types": known,
                                       "solution": _("Use {path}.").format(path=f"/resources/{suggestion}") if suggestion
                                       else _("Use one of the available types.")})


def _unknown_id(kind: str, typed: str, wanted: str, known: list[str]) -> JSONResponse:
    """404 for an id the view does not hold among its `kind` resources (`typed`: the type as the path spelt it): the
    closest ids of that kind, the first as the suggestion."""
    close = meant_first(wanted, known, close_names(wanted, sorted(known)))
    solution = (_("Read /resources/{type}/{id} instead.").format(type=typed, id=close[0]) if close
                else _("List the {kind} resources at {path} and use one of their ids.").format(kind=kind, path=COLLECTION_PATHS[kind]))
    return error_response(Code.NOT_FOUND, _("The catalogue holds no {kind} named {id}.").format(kind=kind, id=repr(wanted)),
                          title=_("Unknown resource"), parameter="id", suggested_value=close[0] if close else None,
                          context={"received": {"id": wanted}, "similar_ids": close, "solution": solution})


def _ardf(body: bytes) -> Response:
    return Response(body, media_type=ARDF_MIME)


@dataclass(frozen=True)
class _Encoded:
    """The JSON bodies of one snapshot's read-only routes."""

    manifest: bytes
    report: bytes
    all: bytes
    by_type: dict[str, bytes]

    @classmethod
    def build(cls, view: View, catalog: Catalog) -> _Encoded:
        documents: dict[str, list[dict[str, Any]]] = {kind: [] for kind in COLLECTION_PATHS}
        for d in view.descriptors:
            try:
                documents.setdefault(d.type, []).append(ardf_document(d, catalog))
            except ValueError:  # a descriptor ARDF cannot express: it is still served over MCP
                continue
        everything = [doc for docs in documents.values() for doc in docs]
        return cls(
            manifest=_json(view.manifest),
            report=_json(validation_report(catalog, view)),
            all=_json({"count": len(everything), "resources": everything}),
            by_type={kind: _json({"count": len(docs), "resources": docs}) for kind, docs in documents.items()},
        )


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


def validate_document(body: bytes) -> dict[str, Any]:
    """Validate one posted JSON document (a descriptor, a list, a collection) as `atdf-mcp validate` would."""
    with tempfile.TemporaryDirectory(prefix="atdf-mcp-validate-") as folder:
        path = Path(folder) / "descriptor.json"
        path.write_bytes(body)
        catalog = load_catalog(path, bind=False)  # a posted document has no handlers: only its own problems
    hidden = (str(path), folder)

    def entry(p: Problem) -> dict[str, str]:
        message = p.message
        for text in hidden:
            message = message.replace(text, "the posted document")
        return {"message": message, "path": p.pointer, "code": p.code}

    problems = catalog.report.problems
    errors = [entry(p) for p in problems if p.severity == "error"]
    warnings = [entry(p) for p in problems if p.severity == "warning"]
    result = _verdict(errors, warnings, Counts.of(catalog, problems).as_json())
    result["descriptors"] = [{"id": d.id, "type": d.type, "dialect": d.dialect} for d in catalog.descriptors]
    result["info"] = [entry(p) for p in problems if p.severity == "info"]  # e.g. a posted package.json: skipped, not an error
    return result


def _verdict(errors: list[dict[str, str]], warnings: list[dict[str, str]], summary: dict[str, Any] | None = None) -> dict[str, Any]:
    """The body of POST /validate: `count` is the number of errors, as the upstream ARDF server has it; `summary` counts the rest."""
    summary = summary or {"files": 1, "descriptors": 0, "language_copies": 0, "generated_tools": 0, "by_type": {},
                          "errors": len(errors), "warnings": len(warnings), "ok": not errors}
    return {"valid": not errors, "count": len(errors), "errors": errors, "warnings": warnings, "summary": summary}
