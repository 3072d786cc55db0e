"""The fourth blind wrong-call corpus (bench/wrong_calls_blind4.py, committed before its first run) as a test: no
misleading code, no wrong suggestion but the four whose blind label disagrees with the project's rules, a floor on
the self-correction rate; and a few of its cases through a real stdio server and the REST face, whose envelopes must
say what the in-memory client sees."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest

from bench.self_correction import run_corpus, summarise
from bench.wrong_calls_blind4 import CASES, CATALOGUES
from tests.corpus_faces import check_rest, check_stdio

RATE_FLOOR = 0.55  # 136 of 236 (57.6 %) measured; 123 (52.1 %, 6 wrong) at the corpus's first run
BY_NAME = {case.name: case for case in CASES}
# A TTL of 30 where 60 is the least, a firewall priority of 5000 where 4096 is the most, a brightness of 200 on a
# 0-100 scale: labelled "no right fix" before the first run, the shapes the other corpora and tests label as slips to
# the bound. A recipe's source written www.example.org/pancakes, labelled "http or https?", while this corpus's own
# webhook case and the earlier corpora label a scheme-less URL as https. Left as they are rather than relabelled after
# the run.
LABEL_CONFLICTS = ["dns-ttl-under-the-least", "fw-priority-over", "recipe-source-without-scheme", "lights-brightness-byte-scale"]
# Confident wrong suggestions at the first run: a size not offered (XXXL) read as a typo of XXL; a 150 % discount
# moved to 100 % (a free product: a number inside what is paid is exact, as a price is).
ONCE_WRONG = ("att-tshirt-not-offered", "disc-percent-over")
# One case per repair of this round: the one joining of a code's parts, a repairable alternative under anyOf, a
# duration in another clock unit, a share of one for whole percents, a pattern's leading word, words reordered.
FIFTH_ROUND = ("enrol-code-without-dash", "enrol-code-space-for-dash", "claim-policy-space-for-dash", "lead-phone-us-punctuation",
               "park-notify-phone-spaces", "dns-ttl-hours", "recipe-prep-an-hour", "recipe-prep-iso-duration",
               "lights-brightness-fraction", "claim-policy-without-prefix", "att-sessions-as-numbers", "enrol-term-in-words",
               "key-scope-dotted")
THROUGH_SERVERS = ("enrol-code-without-dash", "park-notify-phone-spaces", "dns-ttl-hours", "claim-policy-without-prefix",
                   "att-tshirt-not-offered", "disc-kind-left-out")


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    """Every case's outcome, in memory (the corpus runs once for the module)."""
    return anyio.run(run_corpus, CASES, CATALOGUES)


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    """A copy of the catalogue (a served folder may get a cache written beside it)."""
    return Path(shutil.copytree(CATALOGUES["corpus_blind4"], tmp_path / "corpus_blind4"))


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


def test_the_fifth_round_of_repairs_corrects_its_cases(rows: list[dict[str, Any]]) -> None:
    by_name = {row["name"]: row for row in rows}
    assert {name: by_name[name]["outcome"] for name in FIFTH_ROUND} == dict.fromkeys(FIFTH_ROUND, "corrected")


@pytest.mark.anyio
async def test_a_real_stdio_server_sends_the_same_envelopes(rows: list[dict[str, Any]], catalogue: Path) -> None:
    await check_stdio(BY_NAME, THROUGH_SERVERS, rows, catalogue)


def test_the_rest_face_sends_the_same_envelopes(rows: list[dict[str, Any]], catalogue: Path) -> None:
    check_rest(BY_NAME, THROUGH_SERVERS, rows, catalogue)
