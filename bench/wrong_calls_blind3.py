"""The third blind wrong-call corpus: wrong calls in domains the first two corpora do not use, written before any run.

Its own catalogue, `bench/corpus_blind3/` (13 tools: an issue tracker, a music library, job postings, log search,
translation, restaurant tables, library loans, car hire, cloud machines, garden watering, solar quotes, the vet and
a phone alarm), in every dialect: MCP tool lists, OpenAI functions, ATDF 1.x (types only, every input required),
ARDF, ATDF 2.x in JSON and YAML, OpenAkita. The schemas have nested objects, arrays of objects, enums of strings and
of integers, formats (date, time, date-time, uuid, email), anchored patterns, min/max, multipleOf, oneOf with const,
nullable fields, defaults, and additionalProperties off. The cases are the mistakes agents make in tool-use threads:
numbers, lists and objects as JSON text; a value with its unit; enum members re-cased, spaced, abbreviated, in
another language or a synonym; misspelt and re-cased names; values at the wrong level; dates and times as people
write them; locale numbers; nulls for optional inputs; lists as comma strings or lone items.

`intended` says whether exactly one correction is right, judged before any run: None when no valid call says what
the agent meant (a priority "high" among P0-P3, a region not offered, a machine name the pattern refuses), so any
suggestion counts as wrong; otherwise the call the agent meant. Where the meaning is known to the corpus but not to
the server (a time without its offset, 4096 MB sent as GB), `intended` holds the meaning, so a suggestion that picks
another reading is counted as wrong; such a case is right only when nothing is suggested.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .wrong_calls import _DROP, WrongCall, _with

CATALOGUES = {"corpus_blind3": Path(__file__).resolve().parent / "corpus_blind3"}

TICKET = {"project": "OPS", "title": "Login page times out"}
TRACK = {"artist": "Queen", "title": "Bohemian Rhapsody"}
PLAYLIST = {"name": "Road trip", "tracks": [TRACK]}
JOB = {"title": "Backend engineer", "department": "engineering", "workplace": "hybrid"}
SALARY = {"min": 50000, "max": 65000, "currency": "EUR"}
LOGS = {"query": "timeout", "services": ["api"], "since": "2030-05-02T08:00:00+00:00"}
TRANSLATE = {"text": "Good morning", "target_lang": "es"}
GLOSSARY = "3f2b8c1e-6d4a-4c1b-9e0f-2a7d5c8b1e44"
TABLE = {"restaurant": "Casa Lucio", "day": "2030-05-10", "party_size": 4, "outdoor": False}
BOOK = {"isbn": "9780141036144", "member_number": 104233, "weeks": 3}
DRIVER = {"full_name": "Ana Ruiz", "age": 34, "licence_country": "ES"}
CAR = {"branch": "MAD-01", "pickup_at": "2030-06-01T10:00:00+02:00", "return_at": "2030-06-05T10:00:00+02:00", "driver": DRIVER}
VM = {"name": "web-01", "region": "eu-west-1", "vcpus": 2, "memory_gb": 4}
WATER = {"zone": 3, "start_time": "06:00:00+02:00", "duration_minutes": 20, "days": ["monday", "thursday"]}
SOLAR = {"roof_area_m2": 40, "orientation": "south", "annual_kwh": 4200, "postcode": "28013"}
PET = {"name": "Luna", "species": "dog"}
VET = {"pet": PET, "reason": "vaccination", "date": "2030-05-08"}
ALARM = {"time": "06:30"}
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl kim@laptop"


def _driver(**changes: Any) -> dict[str, Any]:
    return {**CAR, "driver": _with(DRIVER, **changes)}


def _pet(**changes: Any) -> dict[str, Any]:
    return {**VET, "pet": _with(PET, **changes)}


def _salary(**changes: Any) -> dict[str, Any]:
    return {**JOB, "salary": _with(SALARY, **changes)}


def _track(**changes: Any) -> dict[str, Any]:
    return {**PLAYLIST, "tracks": [_with(TRACK, **changes)]}


CASES: tuple[WrongCall, ...] = (
    # ---- open_ticket (MCP: patterns on items, enums, multipleOf, date) ---------------------------------------------
    WrongCall("ticket-priority-word", "open_ticket", "enum", {**TICKET, "priority": "high"}, None),
    WrongCall("ticket-priority-lower-case", "open_ticket", "enum", {**TICKET, "priority": "p1"}, {**TICKET, "priority": "P1"}),
    WrongCall("ticket-priority-bare-number", "open_ticket", "type", {**TICKET, "priority": 1}, None),
    WrongCall("ticket-kind-capitalised", "open_ticket", "enum", {**TICKET, "kind": "Bug"}, {**TICKET, "kind": "bug"}),
    WrongCall("ticket-kind-synonym", "open_ticket", "enum", {**TICKET, "kind": "defect"}, {**TICKET, "kind": "bug"}),
    WrongCall("ticket-labels-comma-string", "open_ticket", "type (array)", {**TICKET, "labels": "frontend, login"},
              {**TICKET, "labels": ["frontend", "login"]}),
    WrongCall("ticket-labels-as-json-text", "open_ticket", "type (array)", {**TICKET, "labels": '["frontend", "login"]'},
              {**TICKET, "labels": ["frontend", "login"]}),
    WrongCall("ticket-label-capitalised", "open_ticket", "pattern (in an array)", {**TICKET, "labels": ["Frontend"]},
              {**TICKET, "labels": ["frontend"]}),
    WrongCall("ticket-label-with-space", "open_ticket", "pattern (in an array)", {**TICKET, "labels": ["needs triage"]}, None),
    WrongCall("ticket-assignee-without-at", "open_ticket", "pattern (in an array)", {**TICKET, "assignees": ["kim_lee"]},
              {**TICKET, "assignees": ["@kim_lee"]}),
    WrongCall("ticket-assignee-not-in-a-list", "open_ticket", "type (array)", {**TICKET, "assignees": "@kim_lee"},
              {**TICKET, "assignees": ["@kim_lee"]}),
    WrongCall("ticket-assignee-email", "open_ticket", "pattern (in an array)", {**TICKET, "assignees": ["kim.lee@example.org"]}, None),
    WrongCall("ticket-due-date-in-words", "open_ticket", "format date", {**TICKET, "due_date": "next Friday"}, None),
    WrongCall("ticket-due-date-us-order", "open_ticket", "format date", {**TICKET, "due_date": "05/10/2030"},
              {**TICKET, "due_date": "2030-05-10"}),
    WrongCall("ticket-due-date-day-first-unambiguous", "open_ticket", "format date", {**TICKET, "due_date": "24/05/2030"},
              {**TICKET, "due_date": "2030-05-24"}),
    WrongCall("ticket-estimate-string", "open_ticket", "type", {**TICKET, "estimate_hours": "3.5"}, {**TICKET, "estimate_hours": 3.5}),
    WrongCall("ticket-estimate-with-unit", "open_ticket", "type", {**TICKET, "estimate_hours": "4 hours"}, {**TICKET, "estimate_hours": 4}),
    WrongCall("ticket-estimate-not-a-half", "open_ticket", "multipleOf", {**TICKET, "estimate_hours": 2.25}, None),
    WrongCall("ticket-confidential-yes", "open_ticket", "type", {**TICKET, "confidential": "yes"}, {**TICKET, "confidential": True}),
    WrongCall("ticket-description-for-body", "open_ticket", "additionalProperties", {**TICKET, "description": "Since 9:00 UTC."},
              {**TICKET, "body": "Since 9:00 UTC."}),
    WrongCall("ticket-project-lower-case", "open_ticket", "pattern", {**TICKET, "project": "ops"}, TICKET),
    WrongCall("ticket-missing-title", "open_ticket", "required", {"project": "OPS"}, None),
    WrongCall("ticket-title-too-short", "open_ticket", "minLength", {**TICKET, "title": "Bug"}, None),
    WrongCall("ticket-null-due-date", "open_ticket", "type (null for an optional input)", {**TICKET, "due_date": None}, TICKET),
    WrongCall("ticket-arguments-wrapped", "open_ticket", "additionalProperties (wrapper)", {"arguments": TICKET}, TICKET),
    # ---- create_playlist (MCP: array of objects, hex pattern) --------------------------------------------------------
    WrongCall("playlist-tracks-as-json-text", "create_playlist", "type (array of objects)",
              {**PLAYLIST, "tracks": json.dumps([TRACK])}, PLAYLIST),
    WrongCall("playlist-one-track-not-in-a-list", "create_playlist", "type (array of objects)", {**PLAYLIST, "tracks": TRACK}, PLAYLIST),
    WrongCall("playlist-tracks-as-strings", "create_playlist", "type (in an array)",
              {**PLAYLIST, "tracks": ["Queen - Bohemian Rhapsody"]}, None),
    WrongCall("playlist-duration-minutes-seconds", "create_playlist", "type (in an array)", _track(duration_seconds="5:55"),
              _track(duration_seconds=355)),
    WrongCall("playlist-duration-string", "create_playlist", "type (in an array)", _track(duration_seconds="355"),
              _track(duration_seconds=355)),
    WrongCall("playlist-visibility-capitalised", "create_playlist", "enum", {**PLAYLIST, "visibility": "Public"},
              {**PLAYLIST, "visibility": "public"}),
    WrongCall("playlist-visibility-synonym", "create_playlist", "enum", {**PLAYLIST, "visibility": "hidden"}, None),
    WrongCall("playlist-shuffle-string", "create_playlist", "type", {**PLAYLIST, "shuffle": "true"}, {**PLAYLIST, "shuffle": True}),
    WrongCall("playlist-cover-upper-case-hex", "create_playlist", "pattern", {**PLAYLIST, "cover_color": "#1DB954"},
              {**PLAYLIST, "cover_color": "#1db954"}),
    WrongCall("playlist-cover-without-hash", "create_playlist", "pattern", {**PLAYLIST, "cover_color": "1db954"},
              {**PLAYLIST, "cover_color": "#1db954"}),
    WrongCall("playlist-cover-colour-name", "create_playlist", "pattern", {**PLAYLIST, "cover_color": "green"}, None),
    WrongCall("playlist-track-song-key", "create_playlist", "additionalProperties (in an array)",
              {**PLAYLIST, "tracks": [{"artist": "Queen", "song": "Bohemian Rhapsody"}]}, PLAYLIST),
    WrongCall("playlist-track-key-capitalised", "create_playlist", "additionalProperties (in an array)",
              {**PLAYLIST, "tracks": [{"Artist": "Queen", "Title": "Bohemian Rhapsody"}]}, PLAYLIST),
    WrongCall("playlist-missing-name", "create_playlist", "required", {"tracks": [TRACK]}, None),
    WrongCall("playlist-description-not-an-input", "create_playlist", "additionalProperties",
              {**PLAYLIST, "description": "Songs for the A-7"}, None),
    # ---- post_job (MCP: nested object, enums with spaces and dashes, email) ----------------------------------------
    WrongCall("job-department-initials", "post_job", "enum", {**JOB, "department": "HR"}, {**JOB, "department": "human resources"}),
    WrongCall("job-department-capitalised", "post_job", "enum", {**JOB, "department": "Engineering"}, JOB),
    WrongCall("job-department-not-offered", "post_job", "enum", {**JOB, "department": "legal"}, None),
    WrongCall("job-workplace-without-dash", "post_job", "enum", {**JOB, "workplace": "onsite"}, {**JOB, "workplace": "on-site"}),
    WrongCall("job-workplace-with-space", "post_job", "enum", {**JOB, "workplace": "On site"}, {**JOB, "workplace": "on-site"}),
    WrongCall("job-workplace-phrase", "post_job", "enum", {**JOB, "workplace": "work from home"}, {**JOB, "workplace": "remote"}),
    WrongCall("job-salary-sent-flat", "post_job", "additionalProperties (value at the wrong level)", {**JOB, **SALARY},
              {**JOB, "salary": SALARY}),
    WrongCall("job-salary-as-text", "post_job", "type (object)", {**JOB, "salary": "50k-65k EUR"}, {**JOB, "salary": SALARY}),
    WrongCall("job-salary-as-json-text", "post_job", "type (object)", {**JOB, "salary": json.dumps(SALARY)}, {**JOB, "salary": SALARY}),
    WrongCall("job-salary-min-string", "post_job", "type (nested)", _salary(min="50000"), {**JOB, "salary": SALARY}),
    WrongCall("job-salary-min-thousands-comma", "post_job", "type (nested)", _salary(min="50,000"), {**JOB, "salary": SALARY}),
    WrongCall("job-salary-currency-symbol", "post_job", "enum (nested)", _salary(currency="€"), {**JOB, "salary": SALARY}),
    WrongCall("job-salary-currency-lower-case", "post_job", "enum (nested)", _salary(currency="usd"),
              {**JOB, "salary": {**SALARY, "currency": "USD"}}),
    WrongCall("job-salary-period-adjective", "post_job", "enum (nested)", _salary(period="yearly"),
              {**JOB, "salary": {**SALARY, "period": "year"}}),
    WrongCall("job-salary-period-annual", "post_job", "enum (nested)", _salary(period="annual"),
              {**JOB, "salary": {**SALARY, "period": "year"}}),
    WrongCall("job-salary-missing-currency", "post_job", "required (nested)", _salary(currency=_DROP), None),
    WrongCall("job-skills-comma-string", "post_job", "type (array)", {**JOB, "skills": "Python, PostgreSQL, Docker"},
              {**JOB, "skills": ["Python", "PostgreSQL", "Docker"]}),
    WrongCall("job-skills-duplicate", "post_job", "uniqueItems", {**JOB, "skills": ["Python", "Go", "Python"]},
              {**JOB, "skills": ["Python", "Go"]}),
    WrongCall("job-start-date-in-words", "post_job", "format date", {**JOB, "start_date": "June 1, 2030"},
              {**JOB, "start_date": "2030-06-01"}),
    WrongCall("job-start-date-as-month", "post_job", "format date", {**JOB, "start_date": "June 2030"}, None),
    WrongCall("job-contact-email-at", "post_job", "format email", {**JOB, "contact_email": "jobs at example.com"},
              {**JOB, "contact_email": "jobs@example.com"}),
    # ---- search_logs (OpenAI function: enum arrays, date-time, bounds) -----------------------------------------------
    WrongCall("logs-service-not-in-a-list", "search_logs", "type (array)", {**LOGS, "services": "api"}, LOGS),
    WrongCall("logs-services-comma-string", "search_logs", "type (array)", {**LOGS, "services": "api,worker"},
              {**LOGS, "services": ["api", "worker"]}),
    WrongCall("logs-service-upper-case", "search_logs", "enum (in an array)", {**LOGS, "services": ["API"]}, LOGS),
    WrongCall("logs-service-not-offered", "search_logs", "enum (in an array)", {**LOGS, "services": ["payments"]}, None),
    WrongCall("logs-level-upper-case", "search_logs", "enum", {**LOGS, "level": "ERROR"}, {**LOGS, "level": "error"}),
    WrongCall("logs-level-warn", "search_logs", "enum", {**LOGS, "level": "warn"}, {**LOGS, "level": "warning"}),
    WrongCall("logs-level-err", "search_logs", "enum", {**LOGS, "level": "err"}, {**LOGS, "level": "error"}),
    WrongCall("logs-level-fatal", "search_logs", "enum", {**LOGS, "level": "fatal"}, None),
    WrongCall("logs-since-without-offset", "search_logs", "format date-time", {**LOGS, "since": "2030-05-02T08:00:00"}, LOGS),
    WrongCall("logs-since-space-separator", "search_logs", "format date-time", {**LOGS, "since": "2030-05-02 08:00:00+00:00"}, LOGS),
    WrongCall("logs-since-relative", "search_logs", "format date-time", {**LOGS, "since": "1h ago"}, None),
    WrongCall("logs-since-a-day", "search_logs", "format date-time", {**LOGS, "since": "2030-05-02"}, None),
    WrongCall("logs-limit-string", "search_logs", "type", {**LOGS, "limit": "50"}, {**LOGS, "limit": 50}),
    WrongCall("logs-limit-far-over", "search_logs", "maximum", {**LOGS, "limit": 5000}, None),
    WrongCall("logs-limit-zero", "search_logs", "minimum", {**LOGS, "limit": 0}, None),
    WrongCall("logs-order-desc", "search_logs", "enum", {**LOGS, "order": "desc"}, LOGS),
    WrongCall("logs-until-null", "search_logs", "type (null for an optional input)", {**LOGS, "until": None}, LOGS),
    WrongCall("logs-camel-case-name", "search_logs", "additionalProperties", {**LOGS, "maxResults": 20}, None),
    # ---- translate_text (OpenAI function: language codes, uuid) ----------------------------------------------------
    WrongCall("translate-target-language-name", "translate_text", "enum", {**TRANSLATE, "target_lang": "Spanish"}, TRANSLATE),
    WrongCall("translate-target-upper-case", "translate_text", "enum", {**TRANSLATE, "target_lang": "ES"}, TRANSLATE),
    WrongCall("translate-target-locale", "translate_text", "enum", {**TRANSLATE, "target_lang": "es-ES"}, TRANSLATE),
    WrongCall("translate-target-locale-underscore", "translate_text", "enum", {**TRANSLATE, "target_lang": "pt_BR"},
              {**TRANSLATE, "target_lang": "pt"}),
    WrongCall("translate-target-native-name", "translate_text", "enum", {**TRANSLATE, "target_lang": "español"}, TRANSLATE),
    WrongCall("translate-target-three-letters", "translate_text", "enum", {**TRANSLATE, "target_lang": "spa"}, TRANSLATE),
    WrongCall("translate-target-not-offered", "translate_text", "enum", {**TRANSLATE, "target_lang": "ko"}, None),
    WrongCall("translate-formality-capitalised", "translate_text", "enum", {**TRANSLATE, "formality": "Formal"},
              {**TRANSLATE, "formality": "formal"}),
    WrongCall("translate-formality-synonym", "translate_text", "enum", {**TRANSLATE, "formality": "polite"},
              {**TRANSLATE, "formality": "formal"}),
    WrongCall("translate-glossary-in-braces", "translate_text", "format uuid", {**TRANSLATE, "glossary_id": "{" + GLOSSARY + "}"},
              {**TRANSLATE, "glossary_id": GLOSSARY}),
    WrongCall("translate-glossary-by-name", "translate_text", "format uuid", {**TRANSLATE, "glossary_id": "legal-terms"}, None),
    WrongCall("translate-preserve-no", "translate_text", "type", {**TRANSLATE, "preserve_formatting": "no"},
              {**TRANSLATE, "preserve_formatting": False}),
    WrongCall("translate-source-auto", "translate_text", "enum", {**TRANSLATE, "source_lang": "auto"}, TRANSLATE),
    WrongCall("translate-text-as-list", "translate_text", "type", {**TRANSLATE, "text": ["Good morning", "Good night"]}, None),
    WrongCall("translate-missing-target", "translate_text", "required", {"text": "Good morning"}, None),
    WrongCall("translate-camel-case-name", "translate_text", "additionalProperties", {"text": "Good morning", "targetLang": "es"},
              TRANSLATE),
    WrongCall("translate-to-for-target", "translate_text", "additionalProperties", {"text": "Good morning", "to": "es"}, TRANSLATE),
    # ---- reserve_table (ATDF 1.x: types only, every input required) -------------------------------------------------
    WrongCall("table-party-size-string", "reserve_table", "type", {**TABLE, "party_size": "4"}, TABLE),
    WrongCall("table-party-size-word", "reserve_table", "type", {**TABLE, "party_size": "four"}, TABLE),
    WrongCall("table-party-size-with-people", "reserve_table", "type", {**TABLE, "party_size": "4 people"}, TABLE),
    WrongCall("table-party-size-fraction", "reserve_table", "type", {**TABLE, "party_size": 4.5}, None),
    WrongCall("table-party-size-in-a-list", "reserve_table", "type", {**TABLE, "party_size": [4]}, TABLE),
    WrongCall("table-outdoor-yes", "reserve_table", "type", {**TABLE, "outdoor": "yes"}, {**TABLE, "outdoor": True}),
    WrongCall("table-outdoor-place", "reserve_table", "type", {**TABLE, "outdoor": "terrace"}, None),
    WrongCall("table-missing-outdoor", "reserve_table", "required", _with(TABLE, outdoor=_DROP), None),
    WrongCall("table-guests-for-party-size", "reserve_table", "additionalProperties", {**_with(TABLE, party_size=_DROP), "guests": 4}, TABLE),
    WrongCall("table-restaurant-as-object", "reserve_table", "type", {**TABLE, "restaurant": {"name": "Casa Lucio"}}, TABLE),
    WrongCall("table-party-size-null", "reserve_table", "type (null for a required input)", {**TABLE, "party_size": None}, None),
    # ---- borrow_book (ATDF 1.x) --------------------------------------------------------------------------------------
    WrongCall("book-isbn-as-number", "borrow_book", "type", {**BOOK, "isbn": 9780141036144}, BOOK),
    WrongCall("book-member-number-string", "borrow_book", "type", {**BOOK, "member_number": "104233"}, BOOK),
    WrongCall("book-member-number-with-letter", "borrow_book", "type", {**BOOK, "member_number": "M104233"}, None),
    WrongCall("book-weeks-with-unit", "borrow_book", "type", {**BOOK, "weeks": "3 weeks"}, BOOK),
    WrongCall("book-weeks-word", "borrow_book", "type", {**BOOK, "weeks": "three"}, BOOK),
    WrongCall("book-weeks-fraction-string", "borrow_book", "type", {**BOOK, "weeks": "2.5"}, None),
    WrongCall("book-days-for-weeks", "borrow_book", "additionalProperties", {**_with(BOOK, weeks=_DROP), "days": 21}, None),
    WrongCall("book-missing-weeks", "borrow_book", "required", _with(BOOK, weeks=_DROP), None),
    WrongCall("book-isbn-upper-case-name", "borrow_book", "additionalProperties", {**_with(BOOK, isbn=_DROP), "ISBN": "9780141036144"}, BOOK),
    WrongCall("book-member-camel-case", "borrow_book", "additionalProperties",
              {**_with(BOOK, member_number=_DROP), "memberNumber": 104233}, BOOK),
    # ---- rent_car (ARDF: nested object, date-times, enums, enum of integers) ----------------------------------------
    WrongCall("car-branch-lower-case", "rent_car", "pattern", {**CAR, "branch": "mad-01"}, CAR),
    WrongCall("car-branch-without-dash", "rent_car", "pattern", {**CAR, "branch": "MAD01"}, CAR),
    WrongCall("car-branch-city-name", "rent_car", "pattern", {**CAR, "branch": "Madrid airport"}, None),
    WrongCall("car-pickup-without-offset", "rent_car", "format date-time", {**CAR, "pickup_at": "2030-06-01T10:00:00"}, CAR),
    WrongCall("car-pickup-without-seconds", "rent_car", "format date-time", {**CAR, "pickup_at": "2030-06-01T10:00+02:00"}, CAR),
    WrongCall("car-pickup-space-separator", "rent_car", "format date-time", {**CAR, "pickup_at": "2030-06-01 10:00:00+02:00"}, CAR),
    WrongCall("car-return-a-day", "rent_car", "format date-time", {**CAR, "return_at": "2030-06-05"}, None),
    WrongCall("car-class-upper-case", "rent_car", "enum", {**CAR, "car_class": "SUV"}, {**CAR, "car_class": "suv"}),
    WrongCall("car-class-synonym", "rent_car", "enum", {**CAR, "car_class": "small"}, None),
    WrongCall("car-transmission-auto", "rent_car", "enum", {**CAR, "transmission": "auto"}, {**CAR, "transmission": "automatic"}),
    WrongCall("car-driver-age-string", "rent_car", "type (nested)", _driver(age="34"), CAR),
    WrongCall("car-driver-too-young", "rent_car", "minimum (nested)", _driver(age=17), None),
    WrongCall("car-driver-country-in-words", "rent_car", "enum (nested)", _driver(licence_country="Spain"), CAR),
    WrongCall("car-driver-country-uk", "rent_car", "enum (nested)", _driver(licence_country="UK"), _driver(licence_country="GB")),
    WrongCall("car-driver-sent-flat", "rent_car", "additionalProperties (value at the wrong level)",
              {**_with(CAR, driver=_DROP), **DRIVER}, CAR),
    WrongCall("car-driver-name-key", "rent_car", "additionalProperties (nested)", _driver(full_name=_DROP, name="Ana Ruiz"), CAR),
    WrongCall("car-driver-as-json-text", "rent_car", "type (object)", {**CAR, "driver": json.dumps(DRIVER)}, CAR),
    WrongCall("car-extras-comma-string", "rent_car", "type (array)", {**CAR, "extras": "gps, child_seat"},
              {**CAR, "extras": ["gps", "child_seat"]}),
    WrongCall("car-extra-with-space", "rent_car", "enum (in an array)", {**CAR, "extras": ["child seat"]}, {**CAR, "extras": ["child_seat"]}),
    WrongCall("car-extra-not-in-a-list", "rent_car", "type (array)", {**CAR, "extras": "gps"}, {**CAR, "extras": ["gps"]}),
    WrongCall("car-km-with-unit", "rent_car", "enum of integers", {**CAR, "max_daily_km": "200 km"}, {**CAR, "max_daily_km": 200}),
    WrongCall("car-km-unlimited", "rent_car", "enum of integers", {**CAR, "max_daily_km": "unlimited"}, None),
    WrongCall("car-km-not-offered", "rent_car", "enum of integers", {**CAR, "max_daily_km": 300}, None),
    # ---- create_vm (ATDF 2.x JSON: pattern, enum of integers, multipleOf, nested object) ----------------------------
    WrongCall("vm-name-capitalised", "create_vm", "pattern", {**VM, "name": "Web-01"}, VM),
    WrongCall("vm-name-underscore", "create_vm", "pattern", {**VM, "name": "web_01"}, None),
    WrongCall("vm-region-mixed-case", "create_vm", "enum", {**VM, "region": "EU-West-1"}, VM),
    WrongCall("vm-region-without-dashes", "create_vm", "enum", {**VM, "region": "euwest1"}, VM),
    WrongCall("vm-region-a-country", "create_vm", "enum", {**VM, "region": "Ireland"}, VM),
    WrongCall("vm-region-not-offered", "create_vm", "enum", {**VM, "region": "sa-east-1"}, None),
    WrongCall("vm-vcpus-string", "create_vm", "type", {**VM, "vcpus": "2"}, VM),
    WrongCall("vm-vcpus-not-offered", "create_vm", "enum of integers", {**VM, "vcpus": 3}, None),
    WrongCall("vm-memory-with-unit", "create_vm", "type", {**VM, "memory_gb": "4GB"}, VM),
    WrongCall("vm-memory-in-megabytes", "create_vm", "maximum", {**VM, "memory_gb": 4096}, VM),
    WrongCall("vm-memory-not-a-half", "create_vm", "multipleOf", {**VM, "memory_gb": 3.7}, None),
    WrongCall("vm-memory-comma-decimal", "create_vm", "type", {**VM, "memory_gb": "0,5"}, {**VM, "memory_gb": 0.5}),
    WrongCall("vm-disk-as-a-number", "create_vm", "type (object)", {**VM, "disk": 50}, {**VM, "disk": {"size_gb": 50}}),
    WrongCall("vm-disk-size-with-unit", "create_vm", "type (nested)", {**VM, "disk": {"size_gb": "50 GB"}}, {**VM, "disk": {"size_gb": 50}}),
    WrongCall("vm-disk-size-sent-flat", "create_vm", "additionalProperties (value at the wrong level)", {**VM, "size_gb": 50},
              {**VM, "disk": {"size_gb": 50}}),
    WrongCall("vm-disk-type-upper-case", "create_vm", "enum (nested)", {**VM, "disk": {"size_gb": 50, "type": "SSD"}},
              {**VM, "disk": {"size_gb": 50, "type": "ssd"}}),
    WrongCall("vm-disk-too-small", "create_vm", "minimum (nested)", {**VM, "disk": {"size_gb": 5}}, None),
    WrongCall("vm-image-with-space", "create_vm", "enum", {**VM, "image": "Ubuntu 24.04"}, VM),
    WrongCall("vm-image-without-version", "create_vm", "enum", {**VM, "image": "debian"}, {**VM, "image": "debian-12"}),
    WrongCall("vm-image-other-version", "create_vm", "enum", {**VM, "image": "ubuntu-22.04"}, None),
    WrongCall("vm-public-ip-string", "create_vm", "type", {**VM, "public_ip": "true"}, {**VM, "public_ip": True}),
    WrongCall("vm-ssh-key-not-in-a-list", "create_vm", "type (array)", {**VM, "ssh_keys": KEY}, {**VM, "ssh_keys": [KEY]}),
    WrongCall("vm-image-null", "create_vm", "type (null for an optional input)", {**VM, "image": None}, VM),
    WrongCall("vm-input-as-json-text", "create_vm", "required (arguments as one JSON string)", {"input": json.dumps(VM)}, VM),
    # ---- irrigate_garden (ATDF 2.x YAML: time, enum array of full weekday names) ------------------------------------
    WrongCall("water-zone-string", "irrigate_garden", "type", {**WATER, "zone": "3"}, WATER),
    WrongCall("water-zone-with-word", "irrigate_garden", "type", {**WATER, "zone": "zone 3"}, WATER),
    WrongCall("water-zone-over", "irrigate_garden", "maximum", {**WATER, "zone": 9}, None),
    WrongCall("water-start-without-offset", "irrigate_garden", "format time", {**WATER, "start_time": "06:00"}, WATER),
    WrongCall("water-start-am", "irrigate_garden", "format time", {**WATER, "start_time": "6am"}, WATER),
    WrongCall("water-start-without-seconds", "irrigate_garden", "format time", {**WATER, "start_time": "06:00+02:00"}, WATER),
    WrongCall("water-duration-with-unit", "irrigate_garden", "type", {**WATER, "duration_minutes": "20 min"}, WATER),
    WrongCall("water-duration-iso", "irrigate_garden", "type", {**WATER, "duration_minutes": "PT20M"}, WATER),
    WrongCall("water-duration-in-hours", "irrigate_garden", "type", {**WATER, "duration_minutes": "1h"}, {**WATER, "duration_minutes": 60}),
    WrongCall("water-duration-over", "irrigate_garden", "maximum", {**WATER, "duration_minutes": 180}, None),
    WrongCall("water-days-comma-string", "irrigate_garden", "type (array)", {**WATER, "days": "monday, thursday"}, WATER),
    WrongCall("water-days-short", "irrigate_garden", "enum (in an array)", {**WATER, "days": ["mon", "thu"]}, WATER),
    WrongCall("water-days-capitalised", "irrigate_garden", "enum (in an array)", {**WATER, "days": ["Monday", "Thursday"]}, WATER),
    WrongCall("water-day-not-in-a-list", "irrigate_garden", "type (array)", {**WATER, "days": "monday"}, {**WATER, "days": ["monday"]}),
    WrongCall("water-days-daily", "irrigate_garden", "type (array)", {**WATER, "days": "daily"},
              {**WATER, "days": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]}),
    WrongCall("water-rain-with-unit", "irrigate_garden", "type", {**WATER, "skip_if_rain_mm": "5mm"}, {**WATER, "skip_if_rain_mm": 5}),
    WrongCall("water-rain-comma-decimal", "irrigate_garden", "type", {**WATER, "skip_if_rain_mm": "2,5"}, {**WATER, "skip_if_rain_mm": 2.5}),
    WrongCall("water-plant-singular", "irrigate_garden", "enum", {**WATER, "plant_type": "vegetable"}, {**WATER, "plant_type": "vegetables"}),
    WrongCall("water-plant-synonym", "irrigate_garden", "enum", {**WATER, "plant_type": "grass"}, WATER),
    WrongCall("water-missing-days", "irrigate_garden", "required", _with(WATER, days=_DROP), None),
    # ---- solar_quote (ATDF 2.x YAML: units in names, oneOf with const) ----------------------------------------------
    WrongCall("solar-area-with-unit", "solar_quote", "type", {**SOLAR, "roof_area_m2": "40 m2"}, SOLAR),
    WrongCall("solar-area-sqm", "solar_quote", "type", {**SOLAR, "roof_area_m2": "40 sqm"}, SOLAR),
    WrongCall("solar-area-square-feet", "solar_quote", "type", {**SOLAR, "roof_area_m2": "430 sq ft"}, None),
    WrongCall("solar-orientation-initial", "solar_quote", "enum", {**SOLAR, "orientation": "S"}, SOLAR),
    WrongCall("solar-orientation-without-dash", "solar_quote", "enum", {**SOLAR, "orientation": "southwest"},
              {**SOLAR, "orientation": "south-west"}),
    WrongCall("solar-orientation-capitalised", "solar_quote", "enum", {**SOLAR, "orientation": "South"}, SOLAR),
    WrongCall("solar-orientation-underscore", "solar_quote", "enum", {**SOLAR, "orientation": "south_west"},
              {**SOLAR, "orientation": "south-west"}),
    WrongCall("solar-kwh-european-thousands", "solar_quote", "type", {**SOLAR, "annual_kwh": "4.200"}, SOLAR),
    WrongCall("solar-kwh-with-unit", "solar_quote", "type", {**SOLAR, "annual_kwh": "4200 kWh"}, SOLAR),
    WrongCall("solar-kwh-fraction", "solar_quote", "type", {**SOLAR, "annual_kwh": 4200.5}, None),
    WrongCall("solar-kwh-under", "solar_quote", "minimum", {**SOLAR, "annual_kwh": 420}, None),
    WrongCall("solar-postcode-as-number", "solar_quote", "type", {**SOLAR, "postcode": 28013}, SOLAR),
    WrongCall("solar-postcode-lost-zero", "solar_quote", "type", {**SOLAR, "postcode": 8001}, {**SOLAR, "postcode": "08001"}),
    WrongCall("solar-battery-yes", "solar_quote", "type", {**SOLAR, "battery": "yes"}, {**SOLAR, "battery": True}),
    WrongCall("solar-financing-one-word", "solar_quote", "type (object in oneOf)", {**SOLAR, "financing": "cash"},
              {**SOLAR, "financing": {"method": "cash"}}),
    WrongCall("solar-financing-years-string", "solar_quote", "type (in oneOf)", {**SOLAR, "financing": {"method": "loan", "years": "10"}},
              {**SOLAR, "financing": {"method": "loan", "years": 10}}),
    WrongCall("solar-financing-loan-without-years", "solar_quote", "required (in oneOf)", {**SOLAR, "financing": {"method": "loan"}}, None),
    WrongCall("solar-financing-as-json-text", "solar_quote", "type (object in oneOf)", {**SOLAR, "financing": '{"method": "cash"}'},
              {**SOLAR, "financing": {"method": "cash"}}),
    WrongCall("solar-financing-years-sent-flat", "solar_quote", "additionalProperties (value at the wrong level)",
              {**SOLAR, "financing": {"method": "loan"}, "years": 10}, {**SOLAR, "financing": {"method": "loan", "years": 10}}),
    WrongCall("solar-financing-years-not-offered", "solar_quote", "enum (in oneOf)", {**SOLAR, "financing": {"method": "loan", "years": 12}},
              None),
    WrongCall("solar-missing-postcode", "solar_quote", "required", _with(SOLAR, postcode=_DROP), None),
    # ---- vet_appointment (OpenAkita: nested object, date, time, nullable) -------------------------------------------
    WrongCall("vet-species-capitalised", "vet_appointment", "enum (nested)", _pet(species="Dog"), VET),
    WrongCall("vet-species-plural", "vet_appointment", "enum (nested)", _pet(species="dogs"), VET),
    WrongCall("vet-species-synonym", "vet_appointment", "enum (nested)", _pet(species="puppy"), VET),
    WrongCall("vet-reason-with-space", "vet_appointment", "enum", {**VET, "reason": "check up"}, {**VET, "reason": "check-up"}),
    WrongCall("vet-reason-without-dash", "vet_appointment", "enum", {**VET, "reason": "checkup"}, {**VET, "reason": "check-up"}),
    WrongCall("vet-reason-vaccine", "vet_appointment", "enum", {**VET, "reason": "vaccine"}, VET),
    WrongCall("vet-reason-free-text", "vet_appointment", "enum", {**VET, "reason": "limping on the left leg"}, None),
    WrongCall("vet-pet-as-a-name", "vet_appointment", "type (object)", {**VET, "pet": "Luna"}, None),
    WrongCall("vet-pet-sent-flat", "vet_appointment", "additionalProperties (value at the wrong level)",
              {**_with(VET, pet=_DROP), **PET}, VET),
    WrongCall("vet-pet-as-json-text", "vet_appointment", "type (object)", {**VET, "pet": json.dumps(PET)}, VET),
    WrongCall("vet-weight-with-unit", "vet_appointment", "type (nested)", _pet(weight_kg="12 kg"), _pet(weight_kg=12)),
    WrongCall("vet-weight-in-pounds", "vet_appointment", "type (nested)", _pet(weight_kg="26 lbs"), None),
    WrongCall("vet-birth-date-day-first", "vet_appointment", "format date (nested)", _pet(birth_date="14/02/2024"),
              _pet(birth_date="2024-02-14")),
    WrongCall("vet-birth-date-year-month", "vet_appointment", "format date (nested)", _pet(birth_date="2024-02"), None),
    WrongCall("vet-date-with-its-time", "vet_appointment", "format date", {**VET, "date": "2030-05-08T10:30:00+02:00"},
              {**VET, "time": "10:30:00+02:00"}),
    WrongCall("vet-time-twelve-hours", "vet_appointment", "format time", {**VET, "time": "10:30 AM"}, {**VET, "time": "10:30:00+02:00"}),
    WrongCall("vet-time-without-seconds", "vet_appointment", "format time", {**VET, "time": "10:30+02:00"}, {**VET, "time": "10:30:00+02:00"}),
    WrongCall("vet-home-visit-false-text", "vet_appointment", "type", {**VET, "home_visit": "false"}, VET),
    WrongCall("vet-notes-as-list", "vet_appointment", "type", {**VET, "notes": ["nervous", "bites"]}, None),
    WrongCall("vet-missing-reason", "vet_appointment", "required", _with(VET, reason=_DROP), None),
    # ---- set_alarm (OpenAkita: HH:MM pattern, weekday enum array, integers) -----------------------------------------
    WrongCall("alarm-time-with-seconds", "set_alarm", "pattern", {"time": "06:30:00"}, ALARM),
    WrongCall("alarm-time-am", "set_alarm", "pattern", {"time": "6:30 am"}, ALARM),
    WrongCall("alarm-time-pm", "set_alarm", "pattern", {"time": "6:30 PM"}, {"time": "18:30"}),
    WrongCall("alarm-time-one-digit-hour", "set_alarm", "pattern", {"time": "6:30"}, ALARM),
    WrongCall("alarm-time-with-dot", "set_alarm", "pattern", {"time": "06.30"}, ALARM),
    WrongCall("alarm-time-in-words", "set_alarm", "pattern", {"time": "half past six"}, ALARM),
    WrongCall("alarm-repeat-weekdays-word", "set_alarm", "type (array)", {**ALARM, "repeat": "weekdays"},
              {**ALARM, "repeat": ["mon", "tue", "wed", "thu", "fri"]}),
    WrongCall("alarm-repeat-full-names", "set_alarm", "enum (in an array)", {**ALARM, "repeat": ["Monday", "Tuesday"]},
              {**ALARM, "repeat": ["mon", "tue"]}),
    WrongCall("alarm-repeat-comma-string", "set_alarm", "type (array)", {**ALARM, "repeat": "mon,tue,wed"},
              {**ALARM, "repeat": ["mon", "tue", "wed"]}),
    WrongCall("alarm-repeat-not-in-a-list", "set_alarm", "type (array)", {**ALARM, "repeat": "sat"}, {**ALARM, "repeat": ["sat"]}),
    WrongCall("alarm-volume-percent", "set_alarm", "type", {**ALARM, "volume": "80%"}, {**ALARM, "volume": 80}),
    WrongCall("alarm-volume-fraction", "set_alarm", "type", {**ALARM, "volume": 0.8}, {**ALARM, "volume": 80}),
    WrongCall("alarm-volume-over-a-little", "set_alarm", "maximum", {**ALARM, "volume": 110}, {**ALARM, "volume": 100}),
    WrongCall("alarm-snooze-string", "set_alarm", "type", {**ALARM, "snooze_minutes": "10"}, {**ALARM, "snooze_minutes": 10}),
    WrongCall("alarm-snooze-not-offered", "set_alarm", "enum of integers", {**ALARM, "snooze_minutes": 7}, None),
    WrongCall("alarm-sound-underscore", "set_alarm", "enum", {**ALARM, "sound": "classic_bell"}, {**ALARM, "sound": "classic bell"}),
    WrongCall("alarm-sound-not-offered", "set_alarm", "enum", {**ALARM, "sound": "beep"}, None),
    WrongCall("alarm-vibrate-on", "set_alarm", "type", {**ALARM, "vibrate": "on"}, ALARM),
    WrongCall("alarm-label-too-long", "set_alarm", "maxLength", {**ALARM, "label": "Wake up and take the medicine before breakfast"}, None),
    WrongCall("alarm-missing-time", "set_alarm", "required", {"label": "Gym"}, None),
)
