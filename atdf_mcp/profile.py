"""The ATDF Server Profile: the REST routes the ATDF repository's own clients call, with the shapes they expect.

    GET  /tools?format=atdf     {"tools": [ATDF 2.x]}   (without it: the ARDF collection, atdf_mcp.rest)
    GET  /tools/{id}            one tool as ATDF 2.x (`?format=ardf`: as ARDF)
    POST /tools/validate        a descriptor or a list: 200 {valid, results: [{tool_id, schema_version}]}, or 400 with the problems
    POST /convert/mcp           {"mcp": tool | [tools], "enhanced"?: bool}: 200 {enhanced, tools: [ATDF 2.x]}, or 400
    GET  /search?q=&limit=      the search of search_tools: {query, language, results: [{tool_id, score, metadata}]}, and
                                when nothing is found its `hint` and `ignored` words
    POST /search                the profile's body {query, language?, limit?, filters?: {tags?, requires?}}
    GET  /openapi.json          OpenAPI 3.1 of every REST route (atdf_mcp.openapi)

Failures are ATDF envelopes like every other route; the codes are atdf-mcp's (TOOL_NOT_FOUND, VALIDATION_ERROR, …).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import load_catalog
from .codes import Code
from .dialects import atdf
from .dialects.credentials import withheld_headers
from .envelope import build_entry, envelope, unknown_tool
from .inputs import inputs_from_schema
from .rest import error_response, validate_document
from .toolsets import descriptor_labels

if TYPE_CHECKING:
    from .model import Descriptor
    from .server import CatalogServer
    from .view import View

__all__ = ["as_atdf", "atdf_tools", "profile_routes"]

MAX_LIMIT = 50


def atdf_tools(view: View) -> dict[str, Any]:
    """`GET /tools?format=atdf`: the view's tools as ATDF 2.x descriptors (a runnable workflow too: it is a tool)."""
    return {"tools": [as_atdf(d) for d in view.tools.values()]}


def as_atdf(d: Descriptor) -> dict[str, Any]:
    """A published tool as ATDF 2.x; a workflow published as a composite tool is written with its declared inputs."""
    if d.type == "tool":
        return withheld_headers(atdf.write(d))[0]
    return withheld_headers(atdf.write(d.model_copy(update={"type": "tool", "inputs": inputs_from_schema(d.input_schema or {})})))[0]


def profile_routes(app: CatalogServer) -> list[Route]:
    """The Server Profile routes for one served catalogue (GET /tools itself is the ARDF collection's route)."""
    profile = _Profile(app)
    return [Route("/tools/validate", profile.validate, methods=["POST"]),
            Route("/tools/{id}", profile.tool, methods=["GET"]),
            Route("/convert/mcp", profile.convert_mcp, methods=["POST"]),
            Route("/search", profile.search, methods=["GET", "POST"])]


class _Profile:
    def __init__(self, app: CatalogServer) -> None:
        self.app = app

    async def tool(self, request: Request) -> Response:
        """GET /tools/{id}: the tool as ATDF 2.x, or ARDF with ?format=ardf; TOOL_NOT_FOUND names the nearest."""
        view = self.app.view_in(request.scope)
        name = request.path_params["id"]
        descriptor = view.tools.get(name)
        if descriptor is None:
            body = unknown_tool(name, list(view.tools), find="List the tools with GET /tools?format=atdf and use one of their tool_id values.")
            return JSONResponse(body, status_code=404)
        if request.query_params.get("format") == "ardf":
            from .publish import ARDF_MIME, ardf_text

            return Response(ardf_text(descriptor).encode(), media_type=ARDF_MIME)
        return JSONResponse(as_atdf(descriptor))

    async def validate(self, request: Request) -> Response:
        """POST /tools/validate: 200 with each descriptor's id and version, or 400 with an envelope entry per problem."""
        body = await request.body()
        try:
            posted = json.loads(body)
        except ValueError as exc:
            return error_response(Code.INVALID_JSON, f"The request body is not JSON: {exc}.",
                                  context={"solution": "POST one ATDF descriptor or a list of them."})
        verdict = validate_document(body)
        if verdict["valid"] and verdict["descriptors"]:
            return JSONResponse({"valid": True, "results": [{"tool_id": d["id"], "schema_version": _version_of(posted, d["id"])}
                                                            for d in verdict["descriptors"]],
                                 "warnings": verdict["warnings"]})
        problems = verdict["errors"] or [{"message": "The body holds no descriptor.", "path": "", "code": Code.NO_DESCRIPTORS}]
        tool = _posted_id(posted)
        entries = [build_entry(Code.VALIDATION_ERROR, p["message"], tool, title="Invalid descriptor",
                               parameter=_dotted(p["path"]) or None,
                               context={"json_path": p["path"] or "/", "problem_code": p["code"],
                                        "solution": "Fix the descriptor at json_path (GET /schema/atdf2.schema.json has the "
                                                    "schema), then POST it again."})
                   for p in problems]
        return JSONResponse(envelope(entries), status_code=400)

    async def convert_mcp(self, request: Request) -> Response:
        """POST /convert/mcp: MCP tool objects (`{"mcp": tool | [tools]}`) as ATDF 2.x descriptors."""
        try:
            body = json.loads(await request.body())
        except ValueError as exc:
            return error_response(Code.INVALID_JSON, f"The request body is not JSON: {exc}.",
                                  context={"solution": 'POST {"mcp": {"name": …, "description": …, "inputSchema": {…}}}.'})
        if not isinstance(body, dict) or "mcp" not in body:
            return error_response(Code.VALIDATION_ERROR, "The body needs an `mcp` key holding one MCP tool or a list of them.",
                                  parameter="mcp", context={"solution": 'POST {"mcp": {"name": "get_weather", "description": '
                                                                        '"…", "inputSchema": {"type": "object"}}}.'})
        extra = sorted(set(body) - {"mcp", "enhanced", "author"})
        if extra:
            return error_response(Code.VALIDATION_ERROR, f"Unknown key {extra[0]!r}: the body takes mcp, enhanced and author.",
                                  parameter=extra[0], context={"solution": f"Remove {', '.join(map(repr, extra))}."})
        tools = body["mcp"] if isinstance(body["mcp"], list) else [body["mcp"]]
        converted, problems = _convert(tools)
        if problems:
            entries = [build_entry(Code.VALIDATION_ERROR, p["message"], p.get("tool") or "server", title="Conversion failed",
                                   parameter=_dotted(p["path"]) or None,
                                   context={"json_path": p["path"] or "/", "problem_code": p["code"],
                                            "solution": "Send MCP tool objects with a name, a description and an inputSchema."})
                       for p in problems]
            return JSONResponse(envelope(entries), status_code=400)
        return JSONResponse({"enhanced": bool(body.get("enhanced", False)), "tools": converted})

    async def search(self, request: Request) -> Response:
        """GET /search?q= (or POST the profile's body): the search_tools index, best first."""
        if request.method == "POST":
            try:
                body = json.loads(await request.body())
            except ValueError as exc:
                return error_response(Code.INVALID_JSON, f"The request body is not JSON: {exc}.",
                                      context={"solution": 'POST {"query": "book a hotel", "limit": 5}.'})
            if not isinstance(body, dict):
                body = {}
            query, limit, language, filters = body.get("query"), body.get("limit", 5), body.get("language"), body.get("filters")
        else:
            params = request.query_params
            query, limit, language, filters = params.get("q"), params.get("limit", "5"), params.get("language"), None
        if not isinstance(query, str) or not query.strip():
            return error_response(Code.VALIDATION_ERROR, "The search needs a query: ?q=… (or a `query` in the POST body).",
                                  parameter="q" if request.method == "GET" else "query",
                                  context={"solution": "Say what the tool should do, e.g. ?q=book%20a%20hotel."})
        try:
            limit = int(limit)
            if not 1 <= limit <= MAX_LIMIT:
                raise ValueError
        except (TypeError, ValueError):
            return error_response(Code.VALIDATION_ERROR, f"limit must be a whole number from 1 to {MAX_LIMIT}, not {limit!r}.",
                                  parameter="limit", suggested_value=5, context={"solution": "Use limit=5."})
        view = self.app.view_in(request.scope)
        keep = (lambda hit: _passes(view.tools[hit.name], filters)) if filters else None
        hits, why = self.app.disclosure.find(view, query, limit, keep)  # search_tools' answer, its hint when empty included
        results = [{"tool_id": hit.name, "score": round(float(hit.score), 4), "metadata": {
                        "description": hit.description, "tags": sorted(descriptor_labels(view.tools[hit.name])[0]),
                        "uri": view.tools[hit.name].uri}}
                   for hit in hits]
        return JSONResponse({"query": query, "language": language or self.app.published.lang or "en", "results": results, **why})


def _convert(tools: list[Any]) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """MCP tool objects read by the MCP dialect and written as ATDF 2.x; the problems when they cannot be."""
    with tempfile.TemporaryDirectory(prefix="atdf-mcp-convert-") as folder:
        path = Path(folder) / "tools.json"
        path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
        catalog = load_catalog(path, bind=False)
    problems = [{"message": p.message.replace(str(path), "the posted tools"), "path": p.pointer, "code": p.code}
                for p in catalog.report.problems if p.severity == "error"]
    if problems:
        return [], problems
    return [atdf.write(d) for d in catalog.descriptors if d.type == "tool"], []


def _passes(d: Descriptor, filters: Any) -> bool:
    """The profile's filters: any of `tags`, and all of `requires` among the prerequisites (lower-cased)."""
    if not isinstance(filters, dict):
        return True
    tags = {str(t).casefold() for t in filters.get("tags") or ()}
    if tags and not tags & descriptor_labels(d)[0]:
        return False
    requires = {str(r).lower() for r in filters.get("requires") or ()}
    offered = {str(item).lower() for key in ("permissions", "tools", "conditions") for item in (d.prerequisites or {}).get(key) or ()}
    return requires <= offered


def _posted_id(posted: Any) -> str:
    """The `tool_id` (or `id`, `name`) of a posted descriptor, for the envelope's tool_name; else "server"."""
    if isinstance(posted, dict):
        for key in ("tool_id", "id", "name"):
            if isinstance(posted.get(key), str):
                return posted[key]
    return "server"


def _version_of(posted: Any, tool_id: str) -> str:
    """The posted `schema_version` of the descriptor `tool_id` (2.x or 1.x when it has none)."""
    for item in posted if isinstance(posted, list) else posted.get("tools", [posted]) if isinstance(posted, dict) else []:
        if isinstance(item, dict) and tool_id in (item.get("tool_id"), item.get("id"), item.get("name")):
            version = item.get("schema_version")
            return str(version) if version else ("2.x" if "how_to_use" in item and "inputs" in item.get("how_to_use", {}) else "1.x")
    return "2.x"


def _dotted(pointer: str) -> str:
    """A JSON pointer as the profile's dotted path (`/how_to_use/inputs/0` → `how_to_use.inputs.0`)."""
    return ".".join(part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/") if part)
