"""Review of accept13: the name of the same words first (a name in another case, names in any script, the index's
cost with many views), call_tool's arguments sent flat, a cursor after a reload."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from envelopes import envelope_of
from mcp import Client
from test_progressive_acceptance import api_url, small

from atdf_mcp import load_catalog
from atdf_mcp.codes import Code
from atdf_mcp.envelope import unknown_tool
from atdf_mcp.name_words import meant_first
from atdf_mcp.server import CatalogServer

__all__ = ["api_url", "small"]  # the fixtures, shared with tests/test_progressive_acceptance.py


def suggested(name: str, known: list[str]) -> str | None:
    """The tool TOOL_NOT_FOUND suggests for `name` among `known`, as a client reads it."""
    return unknown_tool(name, known)["errors"][0].get("suggested_value")


@pytest.mark.parametrize(("asked", "known", "meant"), [
    ("getUser", ["getuser", "user_get"], "getuser"),                       # the same name in another case comes first
    ("getUser", ["Getuser", "user_get", "list_users"], "Getuser"),
    ("httpstatus_get", ["HTTPStatus_get", "get_http_status"], "HTTPStatus_get"),
])
def test_the_same_name_in_another_case_is_suggested_before_other_words_orders(asked: str, known: list[str], meant: str) -> None:
    assert suggested(asked, known) == meant


@pytest.mark.parametrize(("asked", "known", "not_meant"), [
    ("заказ_v2_get", ["товар_v2_get", "заказы_v2_fetch"], "товар_v2_get"),   # orders, not products: the letters are words
    ("заказы.v2.get", ["товар_v2_get", "заказы_v2_get_all"], "товар_v2_get"),
])
def test_words_in_any_script_are_words(asked: str, known: list[str], not_meant: str) -> None:
    assert suggested(asked, known) != not_meant


def test_names_in_any_script_in_another_order_are_the_same_words() -> None:
    assert suggested("заказы.получить", ["получить_заказы", "получить_товары"]) == "получить_заказы"
    assert suggested("liste.café", ["café_liste", "liste_cafés"]) == "café_liste"


def test_the_index_costs_little_with_many_views_of_10000_names() -> None:
    names = [f"{verb}_{noun}_{i}" for i in range(2000) for verb, noun in [("get", "order"), ("list", "user"), ("put", "file"),
                                                                          ("drop", "tag"), ("send", "note")]]
    views = [names[: 9000 + 100 * i] for i in range(12)]  # a dozen tool sets, each listed anew per call
    for view in views:
        meant_first("order.get.7", list(view), [])
    start = time.perf_counter()
    for _ in range(5):
        for view in views:
            assert meant_first("order.get.7", list(view), []) == ["get_order_7"]
    assert (time.perf_counter() - start) / 60 < 0.002


# ---------------------------------------------------------------------------------------------
# call_tool with the tool's arguments beside its name: each refusal's retry calls the tool


GOOD = {"account": "AC42", "mode": "fast", "count": 3}
TOOL = "fetch_nordic_orders"


@pytest.fixture
async def client(small: tuple[Path, list[dict[str, Any]]]) -> AsyncIterator[Client]:
    """A Python SDK client of test_progressive_acceptance's small catalogue, served progressively."""
    async with Client(CatalogServer(load_catalog(small[0])).server) as session:
        yield session


@pytest.mark.anyio
@pytest.mark.parametrize("sent", [
    {"name": TOOL, "arguments": GOOD, "_meta": {"progressToken": 1}},   # the request's _meta written among the arguments
    {"name": TOOL, "arguments": GOOD, "progressToken": 1},
    {"name": TOOL, "ARGUMENTS": GOOD},                                  # call_tool's own key in another case
    {"name": TOOL, "Arguments": {"account": "AC42"}, "count": 3},
    {"NAME": TOOL, **GOOD},
    {"name": TOOL, "arguments": None, **GOOD},                          # null arguments and the tool's beside the name
    {"name": TOOL, "arguments": json.dumps({"account": "AC42"}), "count": 3},
    {"name": TOOL, "arguments": "not json", **GOOD},
])
async def test_every_flat_call_is_refused_with_a_retry_that_calls_the_tool(client: Client, sent: dict[str, Any]) -> None:
    first = await client.call_tool("call_tool", sent)
    assert first.is_error
    [entry] = envelope_of(first)["errors"]
    assert entry["code"] == Code.VALIDATION_ERROR, entry
    retry = entry["context"]["suggested_arguments"]
    done = await client.call_tool("call_tool", retry)
    assert (done.is_error, done.structured_content) == (False, {"ok": True, "tool": TOOL}), (retry, done)


# ---------------------------------------------------------------------------------------------
# Cursors: a cursor of this view's list before a reload says so, whatever other views still hold


def test_a_cursor_of_the_list_before_a_reload_says_reloaded_while_another_language_holds_it(
        small: tuple[Path, list[dict[str, Any]]]) -> None:
    """The French list has the English list's names (one digest): once the English walk's hold is gone, its cursor
    after a reload said 'cut from the list of another tool set or language' because the French walk still held it."""
    from mcp.shared.exceptions import MCPError

    from atdf_mcp.paging import Pages

    now = [0.0]
    pages = Pages(hold_seconds=60, clock=lambda: now[0])
    before = CatalogServer(load_catalog(small[0])).listing().list_tools
    english = pages.page(before, "tools", cursor=None, size=3, key=(None, "en"))
    now[0] = 40
    pages.page(before, "tools", cursor=None, size=3, key=(None, "fr"))  # the French walk, later
    now[0] = 70  # the English walk's hold is over, the French one's is not
    pages.rotate()
    after = before.model_copy(update={"tools": before.tools[1:]})  # reloaded: the first tool is gone
    with pytest.raises(MCPError) as caught:
        pages.page(after, "tools", cursor=english.next_cursor, size=3, key=(None, "en"))
    [entry] = caught.value.error.data["errors"]
    assert entry["context"]["reason"] == "stale" and "reloaded" in entry["detail"], entry


def test_a_cursor_of_another_tool_set_says_so_once_that_list_is_no_longer_held(small: tuple[Path, list[dict[str, Any]]]) -> None:
    """A cursor of another tool set's list whose hold is over said the catalogue was reloaded (it was not)."""
    from mcp.shared.exceptions import MCPError

    from atdf_mcp.paging import Pages

    now = [0.0]
    pages = Pages(hold_seconds=60, clock=lambda: now[0])
    whole = CatalogServer(load_catalog(small[0])).listing().list_tools
    cursor = pages.page(whole, "tools", cursor=None, size=3, key=(None, None)).next_cursor
    now[0] = 70
    part = whole.model_copy(update={"tools": whole.tools[::2]})
    with pytest.raises(MCPError) as caught:
        pages.page(part, "tools", cursor=cursor, size=3, key=("bytag", None))
    [entry] = caught.value.error.data["errors"]
    assert "another tool set" in entry["detail"] and "reloaded" not in entry["detail"], entry


@pytest.mark.anyio
async def test_a_tool_sets_suggestion_names_no_tool_outside_it(small: tuple[Path, list[dict[str, Any]]], tmp_path: Path,
                                                                api_url: str) -> None:
    """Every name is indexed once for every view: the tool of the same words outside the set (fetch_iberian_orders,
    indexed by the whole catalogue's call just before) is never suggested over /mcp/bytag or to the set's agent token."""
    from local_server import running
    from test_progressive_acceptance import TOKEN, write_catalogue

    from atdf_mcp.web import HttpOptions, build_app

    write_catalogue(tmp_path / "catalogue", 800, api_url, token=False)  # /mcp/bytag open to any client
    with running(build_app(CatalogServer(load_catalog(tmp_path / "catalogue")), HttpOptions())) as base:
        async with Client(f"{base}/mcp") as whole:
            [entry] = envelope_of(await whole.call_tool("iberian.orders.fetch", {}))["errors"]
            assert entry["suggested_value"] == "fetch_iberian_orders"
        async with Client(f"{base}/mcp/bytag") as nordic:
            for tool, arguments in (("iberian.orders.fetch", {}), ("call_tool", {"name": "iberian.orders.fetch"}),
                                    ("get_tool_info", {"name": "iberian.orders.fetch"})):
                [entry] = envelope_of(await nordic.call_tool(tool, arguments))["errors"]
                assert entry["suggested_value"] != "fetch_iberian_orders", entry
                assert all("nordic" in name.lower() for name in entry["context"]["similar_tools"]), entry  # the set's tag
    with running(build_app(CatalogServer(load_catalog(small[0])), HttpOptions())) as base, \
            httpx.Client(base_url=base, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
        for answer in (http.get("/tools/iberian.orders.fetch"), http.get("/resources/tool/iberian.orders.fetch")):
            assert answer.status_code == 404
            assert "iberian" not in str(answer.json()["errors"][0].get("suggested_value")), answer.text
