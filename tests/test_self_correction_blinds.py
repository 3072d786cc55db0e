"""The third to eighth blind wrong-call corpora (bench/wrong_calls_blind3.py … blind8.py, each committed before its first
run) as one table of tests: no misleading code, no wrong suggestion but those whose blind label disagrees with the
project's rules, a floor on each self-correction rate, what was once suggested wrongly now right or left alone, one
case per repair of the round each corpus started; and a few cases through a real stdio server and the REST face, whose
envelopes must say what the in-memory client sees."""

from __future__ import annotations

import importlib
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from bench.self_correction import run_corpus, summarise
from tests.corpus_faces import check_rest, check_stdio


@dataclass(frozen=True)
class Blind:
    """One corpus's expectations."""

    name: str
    floor: float
    label_conflicts: tuple[str, ...]
    once_wrong: dict[str, str]  # case → its outcome now
    round_cases: tuple[str, ...]  # one case per repair of the round the corpus started: corrected
    through_servers: tuple[str, ...]
    not_an_error: tuple[str, ...] = ()


CORPORA = (
    Blind("blind3", 0.55,  # 136 of 245 (55.5 %) when the floor was set; 113 (46.1 %, 10 wrong) at the corpus's first run
          # A limit of 0 where 1 is the least, a disk of 5 GB where 10 is, 180 minutes of watering where 120 is the
          # most: labelled "no right fix" before the first run, the shapes the other corpora and tests label as slips to
          # the bound. Left as they are rather than relabelled after the run.
          ("logs-limit-zero", "vm-disk-too-small", "water-duration-over"),
          # a region, a version, a space in a label, a zone number, a yearly figure, a date-time cut while its time
          # has an input of its own
          dict.fromkeys(("vm-region-not-offered", "vm-image-other-version", "ticket-label-with-space", "water-zone-over",
                         "solar-kwh-under", "vet-date-with-its-time"), "not corrected"),
          ("book-weeks-with-unit", "water-rain-with-unit", "solar-kwh-with-unit", "alarm-volume-percent", "alarm-time-pm",
           "alarm-time-one-digit-hour", "playlist-cover-without-hash", "ticket-assignee-without-at", "translate-target-locale",
           "vm-image-null", "solar-financing-years-string", "translate-target-language-name", "table-party-size-in-a-list",
           "solar-financing-one-word", "car-driver-country-in-words", "car-driver-country-uk"),
          ("alarm-time-am", "translate-target-locale-underscore", "car-driver-country-uk", "vet-date-with-its-time",
           "water-zone-over", "job-salary-sent-flat")),
    Blind("blind4", 0.55,  # 136 of 236 (57.6 %) when the floor was set; 123 (52.1 %, 6 wrong) at the corpus's first run
          # A TTL of 30 where 60 is the least, a priority of 5000 where 4096 is the most, a brightness of 200 on a 0-100
          # scale (slips to the bound elsewhere); a scheme-less URL labelled "http or https?" where the other corpora
          # label it https.
          ("dns-ttl-under-the-least", "fw-priority-over", "recipe-source-without-scheme", "lights-brightness-byte-scale"),
          dict.fromkeys(("att-tshirt-not-offered", "disc-percent-over"), "not corrected"),
          ("enrol-code-without-dash", "enrol-code-space-for-dash", "claim-policy-space-for-dash", "lead-phone-us-punctuation",
           "park-notify-phone-spaces", "dns-ttl-hours", "recipe-prep-an-hour", "recipe-prep-iso-duration",
           "lights-brightness-fraction", "claim-policy-without-prefix", "att-sessions-as-numbers", "enrol-term-in-words",
           "key-scope-dotted"),
          ("enrol-code-without-dash", "park-notify-phone-spaces", "dns-ttl-hours", "claim-policy-without-prefix",
           "att-tshirt-not-offered", "disc-kind-left-out")),
    Blind("blind5", 0.60,  # 176 of 274 (64.2 %) when the floor was set; 132 (48.2 %, 8 wrong) at the corpus's first run
          # Zero shares where one is the least, 15 items where 10 is the most, five players where four is the most (slips
          # to the bound elsewhere); a golf handicap of "+2.1" (below scratch) is the number 2.1 by the schema.
          ("stock-quantity-zero", "waste-count-over", "tee-players-over", "tee-handicap-plus"),
          {"ts-hours-h-and-minutes": "corrected", "stock-limit-price-three-decimals": "not corrected",
           "tee-handicap-two-decimals": "not corrected", "stock-symbol-company-name": "not corrected"},
          ("mon-regions-python-repr", "waste-items-python-repr", "gym-arguments-python-repr", "meter-arguments-as-json-text",
           "waste-address-flattened-underscore", "job-location-dotted-keys", "stock-symbol-cashtag", "pr-reviewers-with-at",
           "mon-paused-python-none", "leave-half-day-null-text", "leave-kind-sick-leave", "bp-position-lying-down",
           "gym-spots-with-unit", "stock-quantity-with-unit", "ts-hours-h-and-minutes", "job-country-name",
           "meter-unit-superscript", "leave-start-compact", "bp-measurement-wrapped", "mon-ping-host-with-scheme",
           "mon-ping-ipv6-in-brackets", "post-hashtags-one-string", "pr-reviewers-mentions", "pr-repo-as-git-url"),
          ("ts-arguments-python-repr", "vpn-endpoint-dotted-keys", "post-hashtags-with-hash", "leave-kind-sick-leave",
           "tee-handicap-two-decimals", "stock-symbol-company-name"),
          # 128.0 for an integer is one (JSON Schema); "Ops Team <ops@example.com>" passes jsonschema's e-mail check
          ("mon-email-with-display-name", "bp-systolic-float")),
    Blind("blind6", 0.55,  # 110 of 180 (61.1 %) when the floor was set; 62 (34.4 %, 7 wrong) at the corpus's first run
          # A page number 2 for a page token, labelled "no right fix" (a number is no token): by the schema a number for a
          # string is its text, as every corpus has it.
          ("vm-page-token-number",),
          # page_size renamed page, priority:asc made priority:desc, one text made one item, UTC-4 made UTC, biweekly made
          # weekly, a teams discriminator made slack
          dict.fromkeys(("tk-page-size-alias", "tk-sort-not-offered", "cron-command-one-string", "meet-tz-utc-offset",
                         "meet-recurrence-biweekly", "ch-type-unknown"), "not corrected"),
          ("inv-sort-field-order-object", "tk-sort-minus-prefix", "vm-order-field-direction-object", "cron-timeout-in-words",
           "meet-duration-minutes-in-words", "meet-duration-ninety-minutes-iso", "cron-tz-city", "up-tz-backward-link",
           "inv-created-unix-seconds", "po-value-number", "po-value-decimal-comma", "ff-key-kebab-case", "up-locale-underscore",
           "vm-labels-pair-strings", "ref-metadata-key-value-pairs", "inv-customer-expanded-object", "ch-mute-null-text",
           "inv-created-form-keys", "ff-rollout-percent-sign", "cron-schedule-macro", "cron-schedule-day-names",
           "cron-schedule-quartz-seconds", "lc-days-iso-duration", "meet-recurrence-one-word", "price-interval-adverb",
           "ff-rule-operator-symbol", "lc-bucket-s3-uri", "sub-collection-invoice", "up-locale-language-name",
           "vm-filter-expression", "tk-filters-query-syntax"),
          ("inv-sort-field-order-object", "meet-duration-minutes-in-words", "up-tz-backward-link", "po-value-float",
           "ch-type-unknown", "vm-page-token-number"),
          # "UK" passes ^[A-Z]{2}$: only the corpus knows it is no ISO code
          ("up-country-uk",)),
    Blind("blind7", 0.45,  # 98 of 196 (50.0 %) when the floor was set; 59 (30.1 %, 8 wrong) at the corpus's first run
          # A zoom of 20 where 18 is the most and a brightness of 153 on a 0-100 scale, labelled "no right fix" or by the
          # other scale, which the other corpora and tests take as slips to the bound (blind4's lights-brightness-byte-
          # scale); a URL without its scheme labelled "http or https?" where the other corpora label it https.
          ("rg-zoom-above", "img-url-no-scheme", "light-brightness-of-255"),
          # a latitude moved to the pole, a GeoJSON position as an object put in a list, a fraction moved to the
          # least quality, "1:30" into a video read as an hour and a half, mireds moved to the least kelvin
          dict.fromkeys(("rg-lat-lon-swapped", "gf-position-object", "img-quality-fraction", "tv-start-minutes-seconds",
                         "light-kelvin-mireds"), "not corrected"),
          ("qt-op-word", "qt-op-sql-not-equal", "sr-unit-degree-sign", "sr-unit-percent-sign", "th-mac-dashes",
           "th-mac-cisco-dots", "light-colour-rgb-function", "light-colour-rgb-array", "img-background-short-hex",
           "tv-aspect-slash", "tv-resolution-times-sign", "rg-full-names", "qt-op-operator-key", "sa-bbox-comma-string",
           "light-transition-seconds", "tv-duration-clock", "dev-firmware-v-prefix", "light-id-without-domain",
           "th-target-float-noise", "sr-recorded-unix-millis", "light-colour-key", "rg-hemisphere-letters", "rg-dms",
           "img-format-mime", "qt-order-sql-text", "cc-content-parts", "cc-max-completion-tokens-key", "tv-resolution-object"),
          ("qt-op-word", "th-mac-bare", "light-colour-rgb-array", "rg-lat-lon-swapped", "tv-start-minutes-seconds",
           "img-max-bytes-mb")),
    Blind("blind8", 0.45,  # 90 of 186 (48.4 %) when the floor was set; 78 (41.9 %, 8 wrong) at the corpus's first run
          # A quantity of 0 where 1 is the least (a slip to the bound, as blind3's logs-limit-zero); "$" for the enum's
          # one dollar currency; kind "set" beside the adjust member's delta, which blind6's ch-type-wrong-member labels
          # the other member; "prod" read as production where the ticket production needs is still missing: labelled
          # "no right fix" before the first run. "@kim" wrapped in a list, though the description says without the @:
          # a types-only input, where nothing but the description says so.
          ("ord-quantity-zero", "ord-currency-dollar-sign", "inv-set-with-delta", "chat-mention-one-handle",
           "ci-env-prod-without-ticket"),
          # a branch re-cased past a lookahead, a page list's dash dropped, notify flipped against the caller's false
          {"ci-branch-full-ref": "not corrected", "doc-pages-spaced": "corrected", "share-message-without-notify": "not corrected"},
          ("doc-pages-spaced", "msg-channel-camel-case", "ev-all-day-yes", "ev-rrule-prefix", "ev-rrule-google-list",
           "ev-reminder-hour-text", "slot-days-full-names", "slot-hours-am-pm", "doc-pages-texts", "doc-pages-en-dash",
           "share-recipients-objects", "ev-all-day-flag-left-out"),
          ("doc-pages-spaced", "msg-channel-camel-case", "ci-branch-full-ref", "fmt-currency-without-code"),
          # jsonschema-rs's email format takes a display name: "Kim Lee <kim@example.org>" runs as it is
          ("ev-attendee-display-name",)),
)
BY_CORPUS = {blind.name: blind for blind in CORPORA}
_ROWS: dict[str, list[dict[str, Any]]] = {}


def _module(name: str) -> Any:
    return importlib.import_module(f"bench.wrong_calls_{name}")


def _rows(name: str) -> list[dict[str, Any]]:
    """Every case's outcome, in memory (each corpus runs once for the module)."""
    if name not in _ROWS:
        module = _module(name)
        _ROWS[name] = anyio.run(run_corpus, module.CASES, module.CATALOGUES)
    return _ROWS[name]


async def _rows_in_loop(name: str) -> list[dict[str, Any]]:
    """`_rows` from inside an event loop (an async test run alone)."""
    if name not in _ROWS:
        module = _module(name)
        _ROWS[name] = await run_corpus(module.CASES, module.CATALOGUES)
    return _ROWS[name]


def _outcomes(name: str, cases: Any) -> dict[str, str]:
    by_name = {row["name"]: row for row in _rows(name)}
    return {case: by_name[case]["outcome"] for case in cases}


@pytest.mark.parametrize("blind", CORPORA, ids=[b.name for b in CORPORA])
def test_no_suggestion_is_wrong_but_the_label_conflicts_and_no_code_misleads(blind: Blind) -> None:
    rows = _rows(blind.name)
    summary = summarise(rows)
    assert summary["cases"] == len(_module(blind.name).CASES) >= 150
    assert summary["wrong"] == list(blind.label_conflicts)
    assert summary["misleading_codes"] == []
    assert summary["outcomes"]["retry failed"] == 0
    assert [r["name"] for r in rows if r["outcome"] == "not an error"] == list(blind.not_an_error)


@pytest.mark.parametrize("blind", CORPORA, ids=[b.name for b in CORPORA])
def test_the_self_correction_rate_stays_above_its_floor(blind: Blind) -> None:
    rows = _rows(blind.name)
    assert summarise(rows)["self_correction_rate"] >= blind.floor, [r["name"] for r in rows if r["outcome"] != "corrected"]


@pytest.mark.parametrize("blind", CORPORA, ids=[b.name for b in CORPORA])
def test_what_was_once_a_wrong_suggestion_is_now_right_or_none(blind: Blind) -> None:
    assert _outcomes(blind.name, blind.once_wrong) == blind.once_wrong


@pytest.mark.parametrize("blind", CORPORA, ids=[b.name for b in CORPORA])
def test_the_round_each_corpus_started_corrects_its_cases(blind: Blind) -> None:
    assert _outcomes(blind.name, blind.round_cases) == dict.fromkeys(blind.round_cases, "corrected")


def _catalogue(blind: Blind, tmp_path: Path) -> Path:
    """A copy of the corpus's catalogue (a served folder may get a cache written beside it)."""
    (source,) = _module(blind.name).CATALOGUES.values()
    return Path(shutil.copytree(source, tmp_path / source.name))


@pytest.mark.anyio
@pytest.mark.parametrize("blind", CORPORA, ids=[b.name for b in CORPORA])
async def test_a_real_stdio_server_sends_the_same_envelopes(blind: Blind, tmp_path: Path) -> None:
    cases = {case.name: case for case in _module(blind.name).CASES}
    await check_stdio(cases, blind.through_servers, await _rows_in_loop(blind.name), _catalogue(blind, tmp_path))


@pytest.mark.parametrize("blind", CORPORA, ids=[b.name for b in CORPORA])
def test_the_rest_face_sends_the_same_envelopes(blind: Blind, tmp_path: Path) -> None:
    cases = {case.name: case for case in _module(blind.name).CASES}
    check_rest(cases, blind.through_servers, _rows(blind.name), _catalogue(blind, tmp_path))
