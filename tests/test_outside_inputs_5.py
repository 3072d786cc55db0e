"""A fifth probe from outside: descriptors as their authors really save them, queries as users type them, and HTTP
upstreams that misbehave. Each test is a problem found by driving the real loader, CLI, search index and HTTP
dispatcher, kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from local_server import running
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from test_http_dispatch import call, catalog_of, error_of, mcp_tool


async def _bad_gzip(request: Request) -> Response:
    """A JSON answer that says it is gzip-compressed and is not (a misconfigured proxy or framework does this)."""
    return Response(b'{"ok": true}', media_type="application/json", headers={"Content-Encoding": "gzip"})


def test_a_body_that_cannot_be_decompressed_is_an_upstream_error(tmp_path: Path) -> None:
    """`Content-Encoding: gzip` on a body that is not gzip made httpx raise DecodingError, which no table mapped: the
    agent got INTERNAL_ERROR ("failed unexpectedly") and stderr a traceback. It is the upstream's fault, said as such."""
    with running(Starlette(routes=[Route("/bad", _bad_gzip)]), log_level="critical") as url:
        catalog = catalog_of(tmp_path, mcp_tool("bad_gzip", f"{url}/bad"))
        entry = error_of(anyio.run(call, catalog, "bad_gzip", {}))
    assert entry["code"] == "UPSTREAM_ERROR"
    assert "gzip" in entry["detail"] and "HTTP 200" in entry["detail"]
    assert entry["context"]["http_status"] == 200 and entry["context"]["retryable"] is False
    assert entry["context"]["content_encoding"] == "gzip"

