"""The search index's cache (atdf_mcp.search_cache): a start from it ranks exactly as a fresh build, re-tokenizes what
changed, and ignores a file it cannot trust."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from atdf_mcp import load_catalog, search
from atdf_mcp.search import SearchIndex
from atdf_mcp.search_cache import build_cached, cache_path, load_terms, tool_keys
from atdf_mcp.server import CatalogServer
from bench.search_quality import CORPUS_DIR, load_queries
from tests.conftest import Writer, atdf1_tool


@pytest.fixture(autouse=True)
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of this test alone."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ATDF_MCP_CACHE_DIR", str(folder))
    return folder


def _start(folder: Path) -> tuple[Any, list[Any]]:
    """What a server start has: the snapshot (unchanged files from the snapshot cache) and its tools."""
    catalog = load_catalog(folder, cache=True)
    return catalog, list(catalog.published.tools.values())


def _reused(catalog: Any, tools: list[Any]) -> int:
    """How many tools the cache file holds counts for, as they are now."""
    return load_terms(cache_path(catalog, None), tools, tool_keys(catalog, tools))[1]


def _ranking(index: SearchIndex, query: str) -> list[tuple[str, float]]:
    return [(h.name, h.score) for h in index.search(query, 10)]


def test_an_index_from_the_cache_ranks_every_labelled_query_as_a_fresh_build() -> None:
    catalog, tools = _start(CORPUS_DIR)
    build_cached(catalog, tools, lang=None)  # the first start writes the cache
    catalog, tools = _start(CORPUS_DIR)  # the next one, in new Descriptor objects
    assert _reused(catalog, tools) == len(tools)
    cached = build_cached(catalog, tools, lang=None)
    fresh = SearchIndex.build(tools)
    queries = load_queries()
    assert len(queries) > 100
    assert [_ranking(cached, q.query) for q in queries] == [_ranking(fresh, q.query) for q in queries]


def _catalogue(write: Writer, n: int = 4) -> Path:
    for i in range(n):
        write(f"tool_{i}.json", atdf1_tool(f"tool_{i}"))
    return write("tool_0.json", atdf1_tool("tool_0")).parent


def test_a_changed_tool_is_tokenized_again_and_its_new_words_found(write: Writer) -> None:
    folder = _catalogue(write)
    catalog, tools = _start(folder)
    before = build_cached(catalog, tools, lang=None)
    assert before.search("zanzibar", 5) == []
    changed = atdf1_tool("tool_2") | {"description": "Books a hotel room in Zanzibar, by the sea."}
    (folder / "tool_2.json").write_text(json.dumps(changed), encoding="utf-8")
    catalog, tools = _start(folder)
    assert _reused(catalog, tools) == len(tools) - 1  # only the edited file's tool is counted again
    after = build_cached(catalog, tools, lang=None)
    assert [h.name for h in after.search("zanzibar", 1)] == ["tool_2"]  # (feedback brings its look-alikes after it)
    assert _reused(catalog, tools) == len(tools)  # written again with the new counts
    fresh = SearchIndex.build(tools)
    for query in ("zanzibar hotel", "reserve a room", "nights in a city"):
        assert _ranking(after, query) == _ranking(fresh, query)


def test_tools_not_read_from_a_file_are_keyed_by_their_text(write: Writer) -> None:
    catalog, tools = _start(_catalogue(write))
    copies = [d.model_copy(update={"id": f"{d.id}_copy"}) for d in tools]  # not what a file yielded
    build_cached(catalog, copies, lang=None)
    assert _reused(catalog, copies) == len(copies)
    edited = [copies[0].model_copy(update={"description": "Sails to Zanzibar."}), *copies[1:]]
    assert _reused(catalog, edited) == len(copies) - 1
    assert [h.name for h in build_cached(catalog, edited, lang=None).search("zanzibar", 1)] == ["tool_0_copy"]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "another array"])
def test_a_damaged_cache_file_is_ignored_and_written_again(write: Writer, damage: str) -> None:
    catalog, tools = _start(_catalogue(write))
    build_cached(catalog, tools, lang=None)
    path = cache_path(catalog, None)
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"not a numpy file at all" * 10)
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    else:  # a well-formed npz whose arrays are not the cache's
        import numpy as np

        with path.open("wb") as out:
            np.savez(out, header=np.frombuffer(b"{}", dtype=np.uint8), ids=np.arange(3))
    assert _reused(catalog, tools) == 0
    index = build_cached(catalog, tools, lang=None)
    assert _ranking(index, "hotel room") == _ranking(SearchIndex.build(tools), "hotel room")
    assert _reused(catalog, tools) == len(tools)


def test_out_of_range_term_ids_are_not_trusted(write: Writer) -> None:
    import numpy as np

    catalog, tools = _start(_catalogue(write))
    build_cached(catalog, tools, lang=None)
    path = cache_path(catalog, None)
    with np.load(path, allow_pickle=False) as stored:
        arrays = {name: stored[name] for name in stored.files}
    arrays["ids"] = arrays["ids"] + 10_000
    with path.open("wb") as out:
        np.savez(out, **arrays)
    assert _reused(catalog, tools) == 0


def test_a_change_of_the_field_weights_invalidates_the_cache(write: Writer, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog, tools = _start(_catalogue(write))
    build_cached(catalog, tools, lang=None)
    assert _reused(catalog, tools) == len(tools)
    monkeypatch.setitem(search.WEIGHTS, "description", search.WEIGHTS["description"] + 1.0)
    assert _reused(catalog, tools) == 0
    index = build_cached(catalog, tools, lang=None)
    assert _ranking(index, "hotel room") == _ranking(SearchIndex.build(tools), "hotel room")


def test_the_server_uses_the_cache_only_when_told(write: Writer, cache_dir: Path) -> None:
    folder = _catalogue(write)
    catalog = load_catalog(folder, cache=True)
    CatalogServer(catalog, disclosure="progressive")  # tests and embedders: no search cache by default
    assert not list(cache_dir.glob("search-*.npz"))
    app = CatalogServer(catalog, disclosure="progressive", cache=True)
    assert [p.name for p in cache_dir.glob("search-*.npz")] == [cache_path(app.snapshot, None).name]
    assert [h.name for h in app.disclosure.index().search("hotel room", 1)] == ["tool_0"]


def _zero_counts(path: Path) -> None:
    """Rewrite the cache file with every weighted count 0 (well-formed: a server that reads it finds nothing)."""
    import numpy as np

    with np.load(path, allow_pickle=False) as stored:
        arrays = {name: stored[name] for name in stored.files}
    arrays["tf"] = np.zeros_like(arrays["tf"])
    with path.open("wb") as out:
        np.savez(out, **arrays)


def test_no_cache_rebuilds_from_the_descriptors_and_writes_the_cache_again(write: Writer) -> None:
    folder = _catalogue(write)
    catalog = load_catalog(folder, cache=True)
    path = cache_path(catalog.prepared(), None)
    CatalogServer(catalog, disclosure="progressive", cache=True)
    _zero_counts(path)
    read = CatalogServer(catalog, disclosure="progressive", cache=True)
    assert read.disclosure.index().search("hotel room", 1) == []  # the start read the counts it was given
    app = CatalogServer(catalog, disclosure="progressive", cache=True, fresh=True)  # serve --no-cache
    assert [h.name for h in app.disclosure.index().search("hotel room", 1)] == ["tool_0"]
    again = CatalogServer(catalog, disclosure="progressive", cache=True)  # and wrote them again
    assert [h.name for h in again.disclosure.index().search("hotel room", 1)] == ["tool_0"]


def test_a_cache_that_cannot_be_written_only_costs_the_next_start_its_tokenizing(write: Writer, tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    catalog, tools = _start(_catalogue(write))
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("x", encoding="utf-8")
    monkeypatch.setenv("ATDF_MCP_CACHE_DIR", str(blocked))
    index = build_cached(catalog, tools, lang=None)
    assert [h.name for h in index.search("hotel room", 1)] == ["tool_0"]
    assert blocked.read_text(encoding="utf-8") == "x"


def test_the_cache_folder_keeps_no_temporary_file(write: Writer, cache_dir: Path) -> None:
    catalog, tools = _start(_catalogue(write))
    build_cached(catalog, tools, lang=None, read=False)
    build_cached(catalog, tools, lang=None, read=False)
    assert sorted(p.name for p in cache_dir.iterdir() if p.name.startswith("search-") or p.name.startswith(".search-")) == [
        cache_path(catalog, None).name]
