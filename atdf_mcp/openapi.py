"""GET /openapi.json: an OpenAPI 3.1 description of every HTTP route the app serves, built from its own route table.

Each route is described by the summary below (or its endpoint's docstring); a route added without one is still listed,
so the document never misses a path. Paths with `{name}` take their parameters from the path itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from starlette.routing import BaseRoute, Mount, Route

from . import __version__

__all__ = ["openapi_document"]

_ENVELOPE = {"$ref": "#/components/schemas/AtdfErrorEnvelope"}
_SECURITY: dict[str, list[dict[str, list[str]]]] = {"open": [], "public": [{"bearer": []}, {}], "token": [{"bearer": []}]}
_SUMMARIES: dict[str, str] = {
    "/mcp": "MCP Streamable HTTP endpoint (JSON-RPC over POST, server stream over GET, DELETE ends a session)",
    "/mcp/{toolset}": "MCP Streamable HTTP endpoint serving one tool set",
    "/sse": "MCP legacy SSE stream", "/sse/{toolset}": "MCP legacy SSE stream of one tool set",
    "/messages/{toolset}/": "MCP legacy SSE messages of one tool set",
    "/health": "Liveness, version, catalogue counts and tasks", "/ready": "Readiness (503 while starting or draining)",
    "/manifest": "mcp_manifest.json of the served catalogue", "/schema/{name}": "A bundled JSON Schema",
    "/validate": "GET: the served catalogue's validation report; POST: validate a posted descriptor",
    "/resources": "Every ARDF resource", "/resources/{type}": "The ARDF resources of one type",
    "/resources/{type}/{id}": "One ARDF resource",
    "/tools": "The tools: an ARDF collection, or ATDF 2.x with ?format=atdf (ATDF Server Profile)",
    "/tools/{id}": "One tool as ATDF 2.x (?format=ardf: ARDF)", "/tools/validate": "Validate ATDF descriptors (400 with the problems)",
    "/convert/mcp": "Convert MCP tool objects to ATDF 2.x", "/search": "Search the tools (GET ?q=&limit=, or POST {query, limit, filters})",
    "/reset": "Reload the catalogue now", "/get_tool": "Agent Tool Service: the tools as {name, description, input_schema}",
    "/call_tool/{tool_name}": "Agent Tool Service: start a call, answer {task_id} at once",
    "/callback/{task_id}": "Agent Tool Service: the task's events as SSE (progress, log, then result or error)",
    "/cancel/{task_id}": "Agent Tool Service: cancel a task", "/task/{task_id}": "Agent Tool Service: a task's state",
    "/metrics": "Prometheus metrics", "/openapi.json": "This document",
    "/": "The catalogue explorer (HTML): resources by type, search, validation problems, calls",
    "/explore/{type}/{id}": "Explorer: one resource (HTML; ?lang= for its texts in a language)",
    "/explore/call/{name}": "Explorer: try a tool (a form POST; the page with the result or the envelope)",
    "/explore/events": "Explorer: SSE `reload` events carrying the new validation problems",
    "/explore/static/{path}": "Explorer: its stylesheet, script and icon", "/favicon.ico": "Explorer: its icon (SVG)",
    "/.well-known/oauth-protected-resource": "RFC 9728 protected resource metadata (with --oauth-issuer)",
    "/.well-known/oauth-protected-resource/{resource}": "RFC 9728 metadata of one resource of this server (with --oauth-issuer)",
}


def openapi_document(routes: list[BaseRoute], *, secured: bool, access: Callable[[str, str], str] | None = None) -> dict[str, Any]:
    """The OpenAPI 3.1 document of `routes` (`secured`: a bearer token or OAuth protects them; `access(method, path)`
    says of each operation "open" (no token), "public" (a token optional: --public-catalog) or "token")."""
    paths: dict[str, dict[str, Any]] = {}
    for route in routes:
        if isinstance(route, Mount):
            path, methods, endpoint = route.path.rstrip("/") + "/", ["POST"], route.app
        elif isinstance(route, Route):
            path, methods, endpoint = route.path, sorted((route.methods or {"GET"}) - {"HEAD"}), route.endpoint
        else:
            continue
        path = re.sub(r"\{(\w+):\w+\}", r"{\1}", path)
        doc = (getattr(endpoint, "__doc__", None) or "").strip().splitlines()
        summary = _SUMMARIES.get(path) or (doc[0] if doc else path)
        parameters = [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
                      for name in re.findall(r"\{(\w+)\}", path)]
        item = paths.setdefault(path, {})
        for method in methods or ["GET"]:
            operation: dict[str, Any] = {"summary": summary, "responses": {
                "200": {"description": "OK"},
                "4XX": {"description": "An ATDF error envelope", "content": {"application/json": {"schema": _ENVELOPE}}},
                "5XX": {"description": "An ATDF error envelope", "content": {"application/json": {"schema": _ENVELOPE}}}}}
            if parameters:
                operation["parameters"] = parameters
            if secured and access is not None:
                operation["security"] = _SECURITY[access(method, path)]
            item[method.lower()] = operation
    document: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {"title": "atdf-mcp", "version": __version__,
                 "description": "An MCP server for a catalogue of ATDF/ARDF descriptors, with REST, the ATDF Server Profile "
                                "and the Agent Tool Service."},
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": {"AtdfErrorEnvelope": {"$ref": "/schema/error.schema.json"}}},
    }
    if secured:
        document["components"]["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
        document["security"] = [{"bearer": []}]
    return document
