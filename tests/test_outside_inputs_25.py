"""A hostile probe, round seven: the argument repairs of the sixth blind corpus fed agent text built to be slow, and
zone names built to read outside the tz database.

Each repair was timed on 50 KB inputs (spaces, colons, "=", digits, signs) and each zone lookup tried with "..",
absolute paths, %2e%2e, look-alike letters (a Cyrillic A), NUL, long names, directories, the posix/ and right/ copies and the
machine's own localtime. Each test is a gap found that way, kept so it stays fixed; each reads what a client sees.
"""

from __future__ import annotations

import shutil
import time
import zoneinfo
from collections.abc import Iterator
from pathlib import Path

import pytest
from envelopes import envelope_of
from mcp import Client
from repair_cases import echo_catalogue

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server
from atdf_mcp.tz_files import countries, rules_of

LABELS = [{"name": "tag", "description": "Labels a resource.", "inputSchema": {
    "type": "object", "additionalProperties": False, "properties": {
        "labels": {"type": "object", "additionalProperties": {"type": "string"}}}}}]
ZONES = [{"name": "meet", "description": "Books a meeting in a zone.", "inputSchema": {
    "type": "object", "additionalProperties": False, "properties": {
        "timezone": {"type": "string", "enum": ["Area/Home", "Area/Away", "Area/Notes"]}}}}]


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


@pytest.fixture
def tz_database(tmp_path: Path) -> Iterator[Path]:
    """A tz database of its own: two zones, a text file, posix/ as a link to itself and localtime as a link out of it,
    to a file that holds the rules of Area/Home (the machine's own zone)."""
    root = tmp_path / "zoneinfo"
    (root / "Area").mkdir(parents=True)
    (root / "Area" / "Home").write_bytes(b"TZif2home")
    (root / "Area" / "Away").write_bytes(b"TZif2away")
    (root / "Area" / "Notes").write_bytes(b"# zone notes\n")
    (root / "Other").mkdir()
    (root / "Other" / "Notes").write_bytes(b"# zone notes\n")
    (root / "posix").symlink_to(".")
    outside = tmp_path / "etc"
    outside.mkdir()
    shutil.copy(root / "Area" / "Home", outside / "localtime")
    (root / "localtime").symlink_to(outside / "localtime")
    (tmp_path / "Home").write_bytes(b"TZif2home")
    before = zoneinfo.TZPATH
    zoneinfo.reset_tzpath(to=[str(root)])
    rules_of.cache_clear()
    countries.cache_clear()
    yield root
    zoneinfo.reset_tzpath(to=before)
    rules_of.cache_clear()
    countries.cache_clear()


def _zone_catalogue(tmp_path: Path) -> Path:
    (tmp_path / "tools").mkdir()
    return echo_catalogue(tmp_path / "tools", "zones", ZONES)


async def _suggested(catalogue: Path, value: str) -> object:
    async with Client(build_server(load_catalog(catalogue))) as client:
        started = time.perf_counter()
        [entry] = envelope_of(await client.call_tool("meet", {"timezone": value}))["errors"]
        assert time.perf_counter() - started < 2.0
    return entry["suggested_value"]


@pytest.mark.anyio
async def test_a_link_in_the_tz_database_is_still_read_as_its_zone(tmp_path: Path, tz_database: Path) -> None:
    """The copy under posix/ is a name of the tz database whose rules are Area/Home's."""
    catalogue = _zone_catalogue(tmp_path)
    assert await _suggested(catalogue, "posix/Area/Home") == "Area/Home"


@pytest.mark.anyio
@pytest.mark.parametrize("value", [
    "posix/localtime",  # the machine's own zone, reached through a link out of the database: never told to a caller
    "Other/Notes",  # a text file the same as a member's: no zone's rules
    "posix/../../Home", "/etc/localtime", "Area/%2e%2e/Home", "posix/\u0410rea/Home", "posix/Area/Home\x00", "Area/" + "H" * 60,
    "Area", "posix/Area",
])
async def test_no_name_reads_outside_the_tz_database_or_compares_what_is_no_zone(tmp_path: Path, tz_database: Path,
                                                                                  value: str) -> None:
    """tz_files reads the file a link names, found through zoneinfo.TZPATH: "posix/localtime" followed the
    database's localtime link out to the machine's own zone file and suggested the member with the same rules,
    telling the caller the server's time zone; and a file that is no TZif was compared as rules."""
    catalogue = _zone_catalogue(tmp_path)
    assert await _suggested(catalogue, value) is None
