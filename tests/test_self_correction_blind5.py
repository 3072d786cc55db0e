"""The fifth blind wrong-call corpus (bench/wrong_calls_blind5.py, committed before its first run) as a test: no
misleading code, no wrong suggestion but the four whose blind label disagrees with the project's rules, a floor on the
self-correction rate; and a few of its cases through a real stdio server and the REST face, whose envelopes must say
what the in-memory client sees."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest

from bench.self_correction import run_corpus, summarise
from bench.wrong_calls_blind5 import CASES, CATALOGUES
from tests.corpus_faces import check_rest, check_stdio

RATE_FLOOR = 0.60  # 176 of 274 (64.2 %) measured; 132 (48.2 %, 8 wrong) at the corpus's first run
BY_NAME = {case.name: case for case in CASES}
# Zero shares where one is the least, 15 items where 10 is the most, five players where four is the most: labelled
# "no right fix" before the first run, the slips to the bound the other corpora and tests keep. A golf handicap of
# "+2.1" (a plus handicap, below scratch) is the number 2.1 by the schema; only the corpus knows golf. Left as they
# are rather than relabelled after the run.
LABEL_CONFLICTS = ["stock-quantity-zero", "waste-count-over", "tee-players-over", "tee-handicap-plus"]
# Confident wrong suggestions at the first run: '7h30' read as 7 hours; 187.505 and 12.45, half-way between two steps,
# rounded to one side; a company's name (Apple) written in capitals as a ticker.
ONCE_WRONG = ("ts-hours-h-and-minutes", "stock-limit-price-three-decimals", "tee-handicap-two-decimals", "stock-symbol-company-name")
# One case per repair of this round: Python literals and whole calls as text under a wrapper, properties sent flat,
# leading sigils, null as text, an enum member among words, a count with its noun, a duration in hours and minutes,
# a country's name for its code, a superscript, a day in ISO's basic form, a wrapper named like an input, a host as a
# URL, an IPv6 address in brackets, hashtags and mentions as one text, a repository's URL.
SIXTH_ROUND = ("mon-regions-python-repr", "waste-items-python-repr", "gym-arguments-python-repr", "meter-arguments-as-json-text",
               "waste-address-flattened-underscore", "job-location-dotted-keys", "stock-symbol-cashtag", "pr-reviewers-with-at",
               "mon-paused-python-none", "leave-half-day-null-text", "leave-kind-sick-leave", "bp-position-lying-down",
               "gym-spots-with-unit", "stock-quantity-with-unit", "ts-hours-h-and-minutes", "job-country-name",
               "meter-unit-superscript", "leave-start-compact", "bp-measurement-wrapped", "mon-ping-host-with-scheme",
               "mon-ping-ipv6-in-brackets", "post-hashtags-one-string", "pr-reviewers-mentions", "pr-repo-as-git-url")
THROUGH_SERVERS = ("ts-arguments-python-repr", "vpn-endpoint-dotted-keys", "post-hashtags-with-hash", "leave-kind-sick-leave",
                   "tee-handicap-two-decimals", "stock-symbol-company-name")


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    """Every case's outcome, in memory (the corpus runs once for the module)."""
    return anyio.run(run_corpus, CASES, CATALOGUES)


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    """A copy of the catalogue (a served folder may get a cache written beside it)."""
    return Path(shutil.copytree(CATALOGUES["corpus_blind5"], tmp_path / "corpus_blind5"))


def test_no_suggestion_is_wrong_but_the_label_conflicts_and_no_code_misleads(rows: list[dict[str, Any]]) -> None:
    summary = summarise(rows)
    assert summary["cases"] == len(CASES) >= 150
    assert summary["wrong"] == LABEL_CONFLICTS
    assert summary["misleading_codes"] == []
    assert summary["outcomes"]["retry failed"] == 0
    # 128.0 for an integer is one (JSON Schema), and "Ops Team <ops@example.com>" passes jsonschema's e-mail check
    assert [r["name"] for r in rows if r["outcome"] == "not an error"] == ["mon-email-with-display-name", "bp-systolic-float"]


def test_the_self_correction_rate_stays_above_its_floor(rows: list[dict[str, Any]]) -> None:
    summary = summarise(rows)
    assert summary["self_correction_rate"] >= RATE_FLOOR, [r["name"] for r in rows if r["outcome"] != "corrected"]


def test_what_was_once_a_wrong_suggestion_is_now_right_or_none(rows: list[dict[str, Any]]) -> None:
    by_name = {row["name"]: row for row in rows}
    assert {name: by_name[name]["outcome"] for name in ONCE_WRONG} == {
        "ts-hours-h-and-minutes": "corrected", "stock-limit-price-three-decimals": "not corrected",
        "tee-handicap-two-decimals": "not corrected", "stock-symbol-company-name": "not corrected"}


def test_the_sixth_round_of_repairs_corrects_its_cases(rows: list[dict[str, Any]]) -> None:
    by_name = {row["name"]: row for row in rows}
    assert {name: by_name[name]["outcome"] for name in SIXTH_ROUND} == dict.fromkeys(SIXTH_ROUND, "corrected")


@pytest.mark.anyio
async def test_a_real_stdio_server_sends_the_same_envelopes(rows: list[dict[str, Any]], catalogue: Path) -> None:
    await check_stdio(BY_NAME, THROUGH_SERVERS, rows, catalogue)


def test_the_rest_face_sends_the_same_envelopes(rows: list[dict[str, Any]], catalogue: Path) -> None:
    check_rest(BY_NAME, THROUGH_SERVERS, rows, catalogue)
