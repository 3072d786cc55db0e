"""Review of accept13: the name of the same words first (a name in another case, names in any script, the index's
cost with many views), call_tool's arguments sent flat, a cursor after a reload."""

from __future__ import annotations

import time

import pytest

from atdf_mcp.envelope import unknown_tool
from atdf_mcp.name_words import meant_first


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
