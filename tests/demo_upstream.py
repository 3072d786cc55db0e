"""A small upstream HTTP service for the HTTP dispatch tests: echo, every status, slow, flaky, huge, binary.

Run in a thread by the tests (uvicorn on a free 127.0.0.1 port); `HITS` counts requests per key so
that retries can be asserted on the server side.
"""

from __future__ import annotations

import asyncio
import collections
import json
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

HITS: collections.Counter[str] = collections.Counter()


async def echo(request: Request) -> Response:
    """Everything the request carried: raw path, decoded path, query (multi), headers, JSON body."""
    HITS[f"echo:{request.method}"] += 1
    raw = await request.body()
    body: Any = None
    if raw:
        try:
            body = json.loads(raw)
        except ValueError:
            body = raw.decode("utf-8", "replace")
    return JSONResponse({
        "method": request.method,
        "raw_path": request.scope["raw_path"].decode("ascii"),
        "path": request.url.path,
        "path_params": request.path_params,
        "query": [[k, v] for k, v in request.query_params.multi_items()],
        "headers": {k.lower(): v for k, v in request.headers.items()},
        "body": body,
    })


async def status(request: Request) -> Response:
    """Answer with the status in the path; `kind` picks the body: json, text, envelope, enriched, code, html, empty."""
    code = int(request.path_params["code"])
    kind = request.query_params.get("kind", "json")
    HITS[f"status:{code}:{kind}"] += 1
    headers = {}
    if "retry_after" in request.query_params:
        headers["Retry-After"] = request.query_params["retry_after"]
    if kind == "empty":
        return Response(status_code=code, headers=headers)
    if kind == "text":
        return PlainTextResponse(f"plain failure {code}", status_code=code, headers=headers)
    if kind == "big":
        return PlainTextResponse("y" * 10_000, status_code=code, headers=headers)
    if kind == "html":
        return Response("<html><body><h1>Bad gateway</h1></body></html>", status_code=code, media_type="text/html", headers=headers)
    if kind == "code":
        return JSONResponse({"code": request.query_params.get("code", "SLOT_UNAVAILABLE"), "message": "That slot was just taken."},
                            status_code=code, headers=headers)
    if kind == "envelope":
        return JSONResponse({"status": "error", "errors": [{
            "type": "https://api.example.com/errors/invalid-date", "title": "Invalid date", "code": "invalid_dates",
            "detail": "check_in is in the past", "instance": "/errors/123", "tool_name": "upstream",
            "parameter_name": "body.check_in", "suggested_value": "2031-01-02", "context": {"provided": "2001-01-01"},
        }]}, status_code=code, headers=headers)
    if kind == "enriched":
        return JSONResponse({"status": "error", "data": {"code": "INVALID_DATE_RANGE", "message": "check_out must follow check_in",
                                                          "details": {"field": "check_out", "received": {"check_out": "2031-01-01"},
                                                                      "expected": {"conditions": ["after check_in"]},
                                                                      "solution": "Move check_out after check_in.",
                                                                      "suggested_value": "2031-01-03"}},
                             "meta": {"timestamp": "2031-01-01T00:00:00Z"}}, status_code=code, headers=headers)
    if kind == "pydantic":
        return JSONResponse({"detail": [{"loc": ["query", "city"], "msg": "field required", "type": "missing"}]}, status_code=code)
    if kind == "secret":
        token = request.headers.get("authorization", "")
        return JSONResponse({"message": f"token {token} rejected"}, status_code=code)
    return JSONResponse({"message": f"upstream says {code}"}, status_code=code, headers=headers)


async def flaky(request: Request) -> Response:
    """503 (or the status in ?status=) until the request number ?ok_after= for this key; then 200."""
    key = request.path_params["key"]
    HITS[f"flaky:{key}"] += 1
    ok_after = int(request.query_params.get("ok_after", "1000"))
    if HITS[f"flaky:{key}"] > ok_after:
        return JSONResponse({"attempt": HITS[f"flaky:{key}"]})
    headers = {"Retry-After": request.query_params["retry_after"]} if "retry_after" in request.query_params else {}
    return JSONResponse({"message": "try again"}, status_code=int(request.query_params.get("status", "503")), headers=headers)


async def slow(request: Request) -> Response:
    """Sleep ?seconds= before answering."""
    HITS[f"slow:{request.path_params['key']}"] += 1
    await asyncio.sleep(float(request.query_params.get("seconds", "5")))
    return JSONResponse({"slept": True})


async def big(request: Request) -> Response:
    """A body of ?size= bytes: JSON (a long string) or text."""
    size = int(request.query_params.get("size", "2000000"))
    if request.query_params.get("kind") == "text":
        return PlainTextResponse("x" * size)
    return Response(json.dumps({"data": "x" * size}), media_type="application/json")


async def shapes(request: Request) -> Response:
    """Success bodies of every kind."""
    kind = request.path_params["kind"]
    if kind == "array":
        return JSONResponse([{"type": "text", "text": "not a content block"}, 2])
    if kind == "scalar":
        return JSONResponse(42)
    if kind == "nested":
        return JSONResponse({"data": {"items": [{"id": "a/1"}, {"id": "b"}]}, "meta": {}})
    if kind == "text":
        return PlainTextResponse("hello, plain text")
    if kind == "csv":
        return Response("a,b\n1,2\n", media_type="text/csv; charset=utf-8")
    if kind == "png":
        return Response(b"\x89PNG\r\n\x1a\n" + bytes(range(32)), media_type="image/png")
    if kind == "pdf":
        return Response(b"%PDF-1.4 binary\x00\x01", media_type="application/pdf")
    if kind == "nocontent":
        return Response(status_code=204)
    if kind == "badjson":
        return Response("{not json", media_type="application/json")
    if kind == "ok-envelope":
        return JSONResponse({"status": "error", "errors": [{"title": "Sold out", "detail": "No seats left", "code": "SOLD_OUT"}]})
    return JSONResponse({"kind": kind})


class HangUp:
    """Start a 1000-byte response, send 10 bytes, then return: the server drops the connection mid-response."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        HITS["hangup"] += 1
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", b"1000")]})
        await send({"type": "http.response.body", "body": b'{"partial"', "more_body": True})


def build_app() -> Starlette:
    """The test upstream."""
    routes = [
        Route("/echo/{rest:path}", echo, methods=["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
        Route("/status/{code:int}", status, methods=["GET", "POST", "PUT", "DELETE"]),
        Route("/flaky/{key}", flaky, methods=["GET", "POST", "PUT", "DELETE"]),
        Route("/slow/{key}", slow, methods=["GET", "POST"]),
        Route("/big", big),
        Route("/shapes/{kind}", shapes),
        Route("/hangup", HangUp(), methods=["GET", "POST"]),
    ]
    return Starlette(routes=routes)


app = build_app()
