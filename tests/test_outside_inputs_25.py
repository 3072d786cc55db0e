"""A hostile probe, round seven: the argument repairs of the sixth blind corpus fed agent text built to be slow, and
zone names built to read outside the tz database.

Each repair was timed on 50 KB inputs (spaces, colons, "=", digits, signs) and each zone lookup tried with "..",
absolute paths, %2e%2e, look-alike letters (a Cyrillic A), NUL, long names, directories, the posix/ and right/ copies and the
machine's own localtime. Each test is a gap found that way, kept so it stays fixed; each reads what a client sees.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from envelopes import envelope_of
from mcp import Client
from repair_cases import echo_catalogue

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

LABELS = [{"name": "tag", "description": "Labels a resource.", "inputSchema": {
    "type": "object", "additionalProperties": False, "properties": {
        "labels": {"type": "object", "additionalProperties": {"type": "string"}}}}}]


@pytest.mark.anyio
async def test_a_long_pair_text_for_a_map_is_refused_at_once_with_the_full_envelope(tmp_path: Path) -> None:
    """map_pairs split "key=value" with a regex whose lazy key and optional spaces backtracked: a 20 KB item of spaces
    took 3.3 s, past the 2 s budget (the caller got the plain fallback, and the analysis thread ran on, one of two), and
    a 50 KB item 10 s. A pair is at most a short text, split without a regex."""
    catalogue = echo_catalogue(tmp_path, "labels", LABELS)
    async with Client(build_server(load_catalog(catalogue))) as client:
        started = time.perf_counter()
        found = envelope_of(await client.call_tool("tag", {"labels": ["a" + " " * 20_000 + "b"]}))
        took = time.perf_counter() - started
    assert took < 0.5, took
    [entry] = found["errors"]
    assert entry["parameter_name"] == "labels" and entry["context"]["validation_keyword"] == "type", entry
