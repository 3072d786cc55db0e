"""The third blind wrong-call corpus (bench/wrong_calls_blind3.py, committed before its first run) as a test: no
misleading code, no wrong suggestion but the three whose blind label disagrees with the other corpora's and tests', a floor on the
self-correction rate; and a few of its cases through a real stdio server and the REST face, whose envelopes must say
what the in-memory client sees."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest

from bench.self_correction import run_corpus, summarise
from bench.wrong_calls_blind3 import CASES, CATALOGUES
from tests.corpus_faces import check_rest, check_stdio

RATE_FLOOR = 0.55  # 136 of 245 (55.5 %) measured; 113 (46.1 %, 10 wrong) at the corpus's first run
BY_NAME = {case.name: case for case in CASES}
# A limit of 0 where 1 is the least, a disk of 5 GB where 10 is, 180 minutes of watering where 120 is the most:
# labelled "no right fix" before the first run, the same shapes the other corpora and tests label as slips to the
# bound (search_tools' limit 0 → 1, the demo's 0 passengers → 1, a 10-minute meeting → 15, 12 guests → 8). Left as
# they are rather than relabelled after the run.
LABEL_CONFLICTS = ["logs-limit-zero", "vm-disk-too-small", "water-duration-over"]
# Each was a confident wrong suggestion at the first run: a region, a version, a space in a label, a zone number, a
# yearly figure, a date-time cut while its time has an input of its own (UK, once read as US, is now GB).
ONCE_WRONG = ("vm-region-not-offered", "vm-image-other-version", "ticket-label-with-space",
              "water-zone-over", "solar-kwh-under", "vet-date-with-its-time")
# One case per repair of this round: units named by the input, clock times, a pattern's mark, a language tag, null
# for an optional enum, a value breaking two checks of one alternative, a language's name, one value in a list, the
# tag of an alternative that needs nothing else.
FOURTH_ROUND = ("book-weeks-with-unit", "water-rain-with-unit", "solar-kwh-with-unit", "alarm-volume-percent", "alarm-time-pm",
                "alarm-time-one-digit-hour", "playlist-cover-without-hash", "ticket-assignee-without-at", "translate-target-locale",
                "vm-image-null", "solar-financing-years-string", "translate-target-language-name", "table-party-size-in-a-list",
                "solar-financing-one-word", "car-driver-country-in-words", "car-driver-country-uk")
THROUGH_SERVERS = ("alarm-time-am", "translate-target-locale-underscore", "car-driver-country-uk", "vet-date-with-its-time",
                   "water-zone-over", "job-salary-sent-flat")


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    """Every case's outcome, in memory (the corpus runs once for the module)."""
    return anyio.run(run_corpus, CASES, CATALOGUES)


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    """A copy of the catalogue (a served folder may get a cache written beside it)."""
    return Path(shutil.copytree(CATALOGUES["corpus_blind3"], tmp_path / "corpus_blind3"))


def test_no_suggestion_is_wrong_but_the_label_conflicts_and_no_code_misleads(rows: list[dict[str, Any]]) -> None:
    summary = summarise(rows)
    assert summary["cases"] == len(CASES) >= 150
    assert summary["wrong"] == LABEL_CONFLICTS
    assert summary["misleading_codes"] == []
    assert summary["outcomes"]["retry failed"] == summary["outcomes"]["not an error"] == 0


def test_the_self_correction_rate_stays_above_its_floor(rows: list[dict[str, Any]]) -> None:
    summary = summarise(rows)
    assert summary["self_correction_rate"] >= RATE_FLOOR, [r["name"] for r in rows if r["outcome"] != "corrected"]


def test_what_was_once_a_wrong_suggestion_is_now_none(rows: list[dict[str, Any]]) -> None:
    by_name = {row["name"]: row for row in rows}
    assert {name: by_name[name]["suggested"] for name in ONCE_WRONG} == dict.fromkeys(ONCE_WRONG)


def test_the_fourth_round_of_repairs_corrects_its_cases(rows: list[dict[str, Any]]) -> None:
    by_name = {row["name"]: row for row in rows}
    assert {name: by_name[name]["outcome"] for name in FOURTH_ROUND} == dict.fromkeys(FOURTH_ROUND, "corrected")


@pytest.mark.anyio
async def test_a_real_stdio_server_sends_the_same_envelopes(rows: list[dict[str, Any]], catalogue: Path) -> None:
    await check_stdio(BY_NAME, THROUGH_SERVERS, rows, catalogue)


def test_the_rest_face_sends_the_same_envelopes(rows: list[dict[str, Any]], catalogue: Path) -> None:
    check_rest(BY_NAME, THROUGH_SERVERS, rows, catalogue)
