"""Cursor pages of tools/list, prompts/list and resources/list (`serve --page-size N`), as a client walks them."""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import anyio
import mcp.types as types
import pytest
from conftest import write_file
from local_server import serve_over_http
from mcp import Client
from mcp.shared.exceptions import MCPError
from test_robust_protocol import ECHO, HANDLERS, INITIALIZE, StdioWire

from atdf_mcp import load_catalog
from atdf_mcp.paging import encode_cursor
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer

ROOT = Path(__file__).resolve().parent.parent
MODES = ["legacy", "auto"]
LISTS = {"tools": ("list_tools", "tools"), "prompts": ("list_prompts", "prompts"), "resources": ("list_resources", "resources")}


async def walk(client: Client, kind: str) -> tuple[list[str], int]:
    """Every name of a list, page by page, and how many pages it took."""
    method, field = LISTS[kind]
    seen: list[str] = []
    cursor, pages = None, 0
    while True:
        result = await getattr(client, method)(cursor=cursor, cache_mode="bypass")
        pages += 1
        seen += [str(item.uri) if kind == "resources" else item.name for item in getattr(result, field)]
        cursor = result.next_cursor
        if cursor is None:
            return seen, pages


def everything(app: CatalogServer, kind: str) -> list[str]:
    """The whole list a client sees without pages."""
    listing = app.listing()
    if kind == "tools":
        return [t.name for t in listing.list_tools.tools]
    if kind == "prompts":
        return [p.name for p in listing.list_prompts.prompts]
    return [str(r.uri) for r in listing.list_resources.resources]


@pytest.fixture
def app() -> CatalogServer:
    """The bundled catalogue in pages of 3."""
    return CatalogServer(load_catalog(ROOT / "descriptors"), page_size=3)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", list(LISTS))
async def test_pages_walk_the_whole_list(app: CatalogServer, mode: str, kind: str) -> None:
    """Following next_cursor returns every item once, in order, in pages of the page size."""
    whole = everything(app, kind)
    async with Client(app.server, mode=mode) as client:
        seen, pages = await walk(client, kind)
    assert seen == whole
    assert pages == -(-len(whole) // 3)


@pytest.mark.anyio
async def test_without_a_page_size_one_page_holds_everything() -> None:
    """The default: unpaginated, no next_cursor (some hosts read only the first page)."""
    app = CatalogServer(load_catalog(ROOT / "descriptors"))
    async with Client(app.server) as client:
        result = await client.list_tools()
    assert result.next_cursor is None and [t.name for t in result.tools] == everything(app, "tools")


@pytest.mark.anyio
@pytest.mark.parametrize("cursor", [
    "garbage!", "bm90IGpzb24", base64.urlsafe_b64encode(b'{"k":"tools","g":0,"o":-1,"a":""}').decode(),
    encode_cursor("prompts", "0" * 16, 3), encode_cursor("tools", "0" * 16, 3), "x" * 5000,
    base64.urlsafe_b64encode(b'{"k":"tools","g":0,"o":3,"a":"x"}').decode(),  # an older server's cursor
])
async def test_a_bad_cursor_is_invalid_params(app: CatalogServer, cursor: str) -> None:
    """A cursor that is not ours, of another kind of list, or of a list the server does not hold: JSON-RPC -32602."""
    async with Client(app.server, mode="legacy") as client:
        with pytest.raises(MCPError) as caught:
            await client.list_tools(cursor=cursor, cache_mode="bypass")
    assert caught.value.error.code == types.INVALID_PARAMS
    [entry] = caught.value.error.data["errors"]  # an ATDF envelope: which parameter, why, and the request to send instead
    assert SCHEMAS["error"].violations(caught.value.error.data) == []
    assert (entry["code"], entry["parameter_name"], entry["context"]["suggested_arguments"]) == ("VALIDATION_ERROR", "cursor", {})
    assert "without a cursor" in entry["context"]["solution"]


@pytest.mark.parametrize("method", ["tools/list", "prompts/list", "resources/list", "resources/templates/list"])
def test_a_cursor_that_is_not_a_string_is_answered_with_an_envelope_over_stdio(method: str, tmp_path: Path) -> None:
    """A number, object or array as the cursor: -32602 whose data says to send the nextCursor string as it is (the SDK
    answered data ""), and the connection goes on."""
    write_file(tmp_path, "tools.json", ECHO)
    write_file(tmp_path, "handlers.py", HANDLERS)
    wire = StdioWire(tmp_path)
    try:
        assert wire.ask(json.dumps(INITIALIZE))["id"] == 1
        for n, cursor in enumerate([5, {"o": 3}, ["x"], True], 2):
            answer = wire.ask(json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": {"cursor": cursor}}))
            assert (answer["id"], answer["error"]["code"]) == (n, types.INVALID_PARAMS), answer
            env = answer["error"]["data"]
            assert SCHEMAS["error"].violations(env) == [] and env["errors"][0]["parameter_name"] == "cursor"
            assert "nextCursor" in env["errors"][0]["context"]["solution"]
        assert "tools" in wire.ask(json.dumps({"jsonrpc": "2.0", "id": 99, "method": "tools/list"}))["result"]
    finally:
        wire.close()


@pytest.mark.anyio
async def test_a_cursor_past_the_end_is_invalid_params(app: CatalogServer) -> None:
    """A cursor of the list served, at an offset past its end: JSON-RPC -32602."""
    from atdf_mcp.paging import list_digest

    cursor = encode_cursor("tools", list_digest(app.listing().list_tools.tools), 10_000)
    async with Client(app.server, mode="legacy") as client:
        with pytest.raises(MCPError) as caught:
            await client.list_tools(cursor=cursor, cache_mode="bypass")
    assert caught.value.error.code == types.INVALID_PARAMS


@pytest.mark.anyio
async def test_a_cursor_made_before_a_reload_that_left_the_list_as_it_was_continues(app: CatalogServer) -> None:
    """A reload between two pages that changed no name of the list: the next page follows at the cursor's offset."""
    async with Client(app.server) as client:
        first = await client.list_tools(cache_mode="bypass")
        app.swap(load_catalog(ROOT / "descriptors", previous=app.catalog))
        app.swap(load_catalog(ROOT / "descriptors", previous=app.catalog))  # twice: the list is the one served now
        rest, cursor = [], first.next_cursor
        while cursor is not None:
            page = await client.list_tools(cursor=cursor, cache_mode="bypass")
            rest += [t.name for t in page.tools]
            cursor = page.next_cursor
    assert [t.name for t in first.tools] + rest == everything(app, "tools")


def test_a_cursor_of_the_list_before_a_reload_pages_that_list(app: CatalogServer) -> None:
    """The list a cursor was cut from changed in a reload: its pages come from that list, held while the walk goes on
    (whatever the reloads); once its walk has been quiet for `hold_seconds`, the cursor is JSON-RPC -32602 (list again)."""
    from atdf_mcp.paging import Pages

    now = [0.0]
    pages = Pages(hold_seconds=60, clock=lambda: now[0])
    before = app.listing().list_tools
    first = pages.page(before, "tools", cursor=None, size=3, key=None)
    pages.rotate()
    after = before.model_copy(update={"tools": before.tools[1:]})  # the first tool is gone
    second = pages.page(after, "tools", cursor=first.next_cursor, size=3, key=None)
    assert second.tools == before.tools[3:6]
    with pytest.raises(MCPError):
        pages.page(after, "tools", cursor=first.next_cursor, size=3, key="another view")
    for _ in range(5):
        pages.rotate()
        now[0] += 50  # each page within the hold of the one before
        second = pages.page(after, "tools", cursor=first.next_cursor, size=3, key=None)
    assert second.tools == before.tools[3:6]
    now[0] += 61
    pages.rotate()
    with pytest.raises(MCPError) as caught:
        pages.page(after, "tools", cursor=first.next_cursor, size=3, key=None)
    entry = caught.value.error.data["errors"][0]
    assert caught.value.error.code == types.INVALID_PARAMS and entry["context"]["reason"] == "stale"
    assert entry["parameter_name"] == "cursor" and entry["context"]["suggested_arguments"] == {}


def test_the_lists_held_for_cursors_are_bounded(app: CatalogServer) -> None:
    """At most `max_held` lists are held; the one paged least recently is dropped first."""
    from atdf_mcp.paging import Pages

    pages = Pages(max_held=2)
    full = app.listing().list_tools
    lists = [full.model_copy(update={"tools": full.tools[n:]}) for n in range(3)]
    cursors = [pages.page(result, "tools", cursor=None, size=1, key=None).next_cursor for result in lists]
    current = full.model_copy(update={"tools": full.tools[:2]})
    assert pages.page(current, "tools", cursor=cursors[2], size=1, key=None).tools == lists[2].tools[1:2]
    with pytest.raises(MCPError):
        pages.page(current, "tools", cursor=cursors[0], size=1, key=None)


def test_the_cursor_is_opaque_base64url() -> None:
    """The cursor is one URL-safe token (no padding) that decodes to the page's position."""
    cursor = encode_cursor("tools", "0123456789abcdef", 40)
    assert "=" not in cursor and "/" not in cursor and "+" not in cursor
    assert json.loads(base64.urlsafe_b64decode(cursor + "==")) == {"k": "tools", "l": "0123456789abcdef", "o": 40}


@pytest.mark.anyio
async def test_pages_over_streamable_http_with_serve_page_size(tmp_path: Path) -> None:
    """`atdf-mcp serve --transport http --page-size 4 --disclosure progressive`: a client walks tools and resources."""
    app = CatalogServer(load_catalog(ROOT / "descriptors"), disclosure="progressive")
    folder = shutil.copytree(ROOT / "descriptors", tmp_path / "catalogue", ignore=shutil.ignore_patterns("__pycache__"))
    with serve_over_http(folder, "--page-size", "4", "--disclosure", "progressive", "--no-watch") as (_, url, _log):
        with anyio.fail_after(60):
            async with Client(f"{url}/mcp", mode="legacy") as client:
                tools, _ = await walk(client, "tools")
                resources, pages = await walk(client, "resources")
                with pytest.raises(MCPError) as caught:
                    await client.list_prompts(cursor="not-a-cursor", cache_mode="bypass")
    assert tools == everything(app, "tools") == ["search_tools", "get_tool_info", "call_tool"]
    assert resources == everything(app, "resources") and pages == -(-len(resources) // 4)
    assert caught.value.error.code == types.INVALID_PARAMS


def test_serve_refuses_a_page_size_below_one(capsys: pytest.CaptureFixture[str]) -> None:
    """`serve --page-size 0` is a usage error (exit 2), before anything is loaded."""
    from atdf_mcp.cli import main

    assert main(["serve", str(ROOT / "descriptors"), "--page-size", "0"]) == 2
    assert "--page-size must be a positive number" in capsys.readouterr().err
