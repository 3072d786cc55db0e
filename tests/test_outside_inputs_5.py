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


NAMED = [("get", "Fetch a URL and return its body."),
         ("fetch_page", "Get the page at a URL: get it, get its body, get its headers."),
         ("to_do", "Tasks of the day."), ("me", "Profile of the signed-in account."),
         ("x", "Post to the social network formerly known as Twitter."), ("who_am_i", "Return the signed-in account."),
         ("files.read", "Return the content of a file.")]


@pytest.mark.parametrize(("query", "expected"), [
    ("get", "get"), ("to_do", "to_do"), ("todo", "to_do"), ("me", "me"), ("x", "x"), ("X", "x"), (" x ", "x"),
    ("whoami", "who_am_i"), ("WhoAmI", "who_am_i"), ("files.read", "files.read"), ("files_read", "files.read"),
])
def test_a_query_that_is_a_tool_name_finds_that_tool_first(tmp_path: Path, query: str, expected: str) -> None:
    """An agent that knows a tool's name searches for it: "get" ranked `fetch_page` (which says "get" four times) above
    the tool named `get`; "x", "me" and "to_do" (one letter, stop words) found nothing at all, nor did "whoami" for
    `who_am_i`. A query that is a tool's name, in any case and with or without its separators, answers it first."""
    from conftest import write_file

    from atdf_mcp import load_catalog
    from atdf_mcp.search import SearchIndex

    write_file(tmp_path, "tools.json", {"tools": [{"name": n, "description": d, "inputSchema": {"type": "object"}}
                                                  for n, d in NAMED]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    hits = index.search(query, 3)
    assert hits[0].name == expected and hits[0].score > 0
    assert len({h.name for h in hits}) == len(hits)
    assert expected not in [h.name for h in index.search(query, 3, allowed={"get", "fetch_page"} - {expected})]
