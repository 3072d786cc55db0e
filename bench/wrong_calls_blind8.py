"""The eighth blind wrong-call corpus: wrong calls on tools for calendars, spreadsheets, a web shop, messaging, CI/CD
and documents, written before any run.

Its own catalogue, `bench/corpus_blind8/` (13 tools: a calendar event with an RFC 5545 recurrence rule and an
all-day/timed `if`/`then`/`else`, free-slot search with working hours that need a zone (`dependentRequired`); cells
written by A1 range, cell formats whose currency and date need a code or a pattern (`allOf` of `if`/`then`), a sort;
a shop order by SKU, an inventory change as a `oneOf` with a `kind` discriminator; SMS or WhatsApp to an E.164 phone
(`if`/`then`/`else` on a defaulted channel), a chat post; a pipeline run whose production deploy needs a change ticket
(`if`/`then` on a defaulted environment, `propertyNames` on its variables), a release tag; a document export by page
ranges and locale, a share whose message needs notify (`dependentSchemas`)), in every dialect: MCP tool lists (under
"tools" and bare), OpenAI functions, ATDF 1.x (types only, every input required), ARDF, ATDF 2.x in JSON and YAML,
OpenAkita. None of the seven earlier corpora (1,404 cases) serves these tools; their checks are mostly type (470), enum
(307), pattern (156) and additionalProperties (139), with one dependentRequired case and no if/then/else,
dependentSchemas, propertyNames, `not` or false-schema case, few oneOf (14), const (5) and anyOf (4). This one is
weighted toward conditional schemas (a condition another input or a default sets), discriminated unions, and the
notations these APIs use (RRULE, A1 ranges, E.164, SKUs, page ranges, owner/name, change tickets), as public threads
report agents and people getting them wrong:
- a 5-field cron or another notation where the tool wants its own: bug-ops/zeph#1422 ("LLMs consistently generate
  5-field cron first, requiring self-correction"), silent-rs/silent-Tiangong#293 (the LLM copies the schema's example);
- an RRULE with or without its "RRULE:" prefix: TKasperczyk/thunderbird-mcp#94 (the prefix "is optional and added
  automatically if missing"), xorbitsai/xagent#2185 (duplicate or malformed RRULE parts);
- E.164 numbers without their plus, or with it stripped: inverse-inc/packetfence#2296, bmlt-enabled/yap#124,
  lehel-twilio/plugin-dialpad#49 (a national number given a plus and no country code);
- amounts in the wrong unit: inverse-inc/packetfence#5567 ("20.00$ will bill 2000$"), WWBN/AVideo#3411;
- conditional requirements and defaults: ajv-validator/ajv#913 ("conditional validation is always true when the
  properties is undefined"), pyeve/eve#665 (a dependency "met thru the default value of the depending field"),
  segmentio/action-destinations#2772 (a condition on a field left out of the mapping);
- A1 notation with its sheet in it: googleworkspace/python-samples#150.
And the rest as agents write them for these APIs: a Google-Calendar recurrence list, "every Monday", BYDAY=MON; an
all-day event given start/end or a date without the all_day flag; "Kim Lee <kim@example.org>"; "1h" for minutes;
"Monday" and "MON" for MO, "9am" for 09:00; "Sheet2!A1:B2", "$A$1", R1C1, one row for a list of rows; "%" and "€" for
a format and a code; SKUs without hyphens or in lower case, {"SKU": quantity} maps, "two"; "set"/"adjust" left out of a
union whose other keys say which; "whatsapp:+34…", "(415) 555-0100", "0034…"; "@kim" for a handle; a Slack ts as a
number; refs/heads/main, a repository URL, "prod", name=value pairs as a list or text; "2.4.0" for v2.4.0, -rc1 for
-rc.N; "1-3, 5", an en dash for the hyphen, ["1-3", "5"], "all"; en_GB; ".docx", "word"; "edit" for editor.

`intended` says whether exactly one correction is right, judged before any run: None when no valid call says what
the agent meant (a time nobody gave, a step the value does not fall on, a ticket, a body or a template nobody wrote,
a number without its country, pages as numbers that two spellings of the same text say, a value whose reading is
disputed — column 3 counted from 0 or 1, "$" for one of several dollars, "true" or "1" for a flag); otherwise the call
the agent meant. Where the meaning is known to the corpus but not to the server ("every Monday", "next_day" for
overnight, "read-only" for viewer, "Madrid" for the MAD1 warehouse, "all" pages for no pages argument), `intended`
holds that meaning, so a suggestion that picks another reading is counted as wrong; such a case is right only when
nothing is suggested or the suggestion is that meaning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .wrong_calls import _DROP, WrongCall, _with

CATALOGUES = {"corpus_blind8": Path(__file__).resolve().parent / "corpus_blind8"}

EV = {"title": "Budget review", "start": "2030-05-06T15:00:00+02:00", "end": "2030-05-06T16:00:00+02:00"}
WEEKLY = {**EV, "recurrence": "FREQ=WEEKLY;BYDAY=MO"}
DAY = {"title": "Offsite", "all_day": True, "start_date": "2030-05-06"}
KIM, BO = "kim@example.org", "bo@example.net"
FS = {"participants": [KIM, BO], "duration_minutes": 30, "window_start": "2030-05-06", "window_end": "2030-05-10"}
HOURS = {"start": "09:00", "end": "17:00"}
FSH = {**FS, "working_hours": HOURS, "timezone": "Europe/Madrid"}
SHEET_ID = "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms"
ROWS = [["Name", "Total"], ["Kim", 42]]
UC = {"spreadsheet_id": SHEET_ID, "range": "A1:B2", "values": ROWS}
FC = {"range": "B2:B40"}
CUR = {**FC, "number_format": "currency", "currency_code": "EUR"}
DATE = {**FC, "number_format": "date", "date_pattern": "yyyy-mm-dd"}
BY_C = {"column": "C", "order": "desc"}
SR = {"range": "A1:F200", "sort_by": [BY_C], "has_header": True}
LINE = {"sku": "TEE-0100-XL", "quantity": 2}
ORD = {"customer_id": "cus_4F8a2Kx9LmP0Qz", "items": [LINE], "currency": "EUR"}
INV = {"sku": "MUG-0200", "warehouse": "MAD1"}
SET = {**INV, "change": {"kind": "set", "count": 40}}
ADJ = {**INV, "change": {"kind": "adjust", "delta": -3}, "reason": "damage"}
TEXT = "Your order has shipped."
SMS = {"to": "+14155550100", "body": TEXT}
WA = {"to": "+34612345678", "channel": "whatsapp", "template": "order_shipped"}
CHAT = {"channel": "releases", "text": "v2.4.0 is out", "mentions": ["kim"], "thread_ts": "1714563000.123456", "silent": False}
PIPE = {"repository": "acme/web-app", "branch": "main"}
PROD = {**PIPE, "environment": "production", "change_ticket": "CHG0012345"}
REL = {"repository": "acme/web-app", "tag": "v2.4.0"}
DOC_ID = "6f1c2e4a-8b3d-4f5e-9a7b-0c1d2e3f4a5b"
EXP = {"document_id": DOC_ID, "pages": "1-3,5"}
SHARE = {"document_id": DOC_ID, "recipients": [KIM], "role": "editor"}


def _line(**changes: Any) -> dict[str, Any]:
    return {**ORD, "items": [_with(LINE, **changes)]}


def _sort(**changes: Any) -> dict[str, Any]:
    return {**SR, "sort_by": [_with(BY_C, **changes)]}


CASES: tuple[WrongCall, ...] = (
    # ---- create_event (MCP under "tools": an RRULE pattern, if all_day then start_date else start and end) ------------
    WrongCall("ev-rrule-prefix", "create_event", "pattern (RRULE prefix)", {**EV, "recurrence": "RRULE:FREQ=WEEKLY;BYDAY=MO"}, WEEKLY),
    WrongCall("ev-rrule-lower-case", "create_event", "pattern (RRULE case)", {**EV, "recurrence": "freq=weekly;byday=mo"}, WEEKLY),
    WrongCall("ev-rrule-day-names", "create_event", "pattern (RRULE day names)", {**EV, "recurrence": "FREQ=WEEKLY;BYDAY=MON"}, WEEKLY),
    WrongCall("ev-rrule-in-words", "create_event", "pattern (RRULE in words)", {**EV, "recurrence": "every Monday"}, WEEKLY),
    WrongCall("ev-rrule-one-word", "create_event", "pattern (RRULE in words)", {**EV, "recurrence": "weekly"},
              {**EV, "recurrence": "FREQ=WEEKLY"}),
    WrongCall("ev-rrule-object", "create_event", "type (object for RRULE text)", {**EV, "recurrence": {"freq": "WEEKLY", "byday": ["MO"]}}, WEEKLY),
    WrongCall("ev-rrule-spaced", "create_event", "pattern (RRULE spacing)", {**EV, "recurrence": "FREQ=WEEKLY; BYDAY=MO"}, WEEKLY),
    WrongCall("ev-rrule-until-dashes", "create_event", "pattern (RRULE date)", {**EV, "recurrence": "FREQ=WEEKLY;UNTIL=2030-06-30"},
              {**EV, "recurrence": "FREQ=WEEKLY;UNTIL=20300630"}),
    WrongCall("ev-rrule-google-list", "create_event", "type (RRULE lines)", {**EV, "recurrence": ["RRULE:FREQ=WEEKLY;BYDAY=MO"]}, WEEKLY),
    WrongCall("ev-all-day-start-date-as-start", "create_event", "if/then (required, false schema)",
              {"title": "Offsite", "all_day": True, "start": "2030-05-06"}, DAY),
    WrongCall("ev-all-day-midnights", "create_event", "if/then (false schema)",
              {"title": "Offsite", "all_day": True, "start": "2030-05-06T00:00:00Z", "end": "2030-05-07T00:00:00Z"}, DAY),
    WrongCall("ev-all-day-flag-left-out", "create_event", "else (default false)", {"title": "Offsite", "start_date": "2030-05-06"}, DAY),
    WrongCall("ev-all-day-yes", "create_event", "type (boolean, if)", {**DAY, "all_day": "yes"}, DAY),
    WrongCall("ev-timed-dates-only", "create_event", "format date-time (else)", {**EV, "start": "2030-05-06", "end": "2030-05-06"}, None),
    WrongCall("ev-end-left-out", "create_event", "else (required)", _with(EV, end=_DROP), None),
    WrongCall("ev-attendee-display-name", "create_event", "format email (display name)", {**EV, "attendees": [f"Kim Lee <{KIM}>"]},
              {**EV, "attendees": [KIM]}),
    WrongCall("ev-attendees-comma-string", "create_event", "type (array)", {**EV, "attendees": f"{KIM}, {BO}"}, {**EV, "attendees": [KIM, BO]}),
    WrongCall("ev-attendees-repeated", "create_event", "uniqueItems", {**EV, "attendees": [KIM, KIM]}, {**EV, "attendees": [KIM]}),
    WrongCall("ev-reminder-lone-number", "create_event", "type (array)", {**EV, "reminders_minutes": 10}, {**EV, "reminders_minutes": [10]}),
    WrongCall("ev-reminder-hour-text", "create_event", "type (unit, in an array)", {**EV, "reminders_minutes": ["1h"]},
              {**EV, "reminders_minutes": [60]}),
    WrongCall("ev-private-flag", "create_event", "additionalProperties (flag for an enum)", {**EV, "private": True},
              {**EV, "visibility": "private"}),
    # ---- find_free_slots (MCP under "tools": multipleOf, a weekday enum array, HH:MM, dependentRequired) --------------
    WrongCall("slot-duration-hour-text", "find_free_slots", "type (unit)", {**FS, "duration_minutes": "1h"}, {**FS, "duration_minutes": 60}),
    WrongCall("slot-duration-iso", "find_free_slots", "type (ISO duration)", {**FS, "duration_minutes": "PT45M"}, {**FS, "duration_minutes": 45}),
    WrongCall("slot-duration-off-step", "find_free_slots", "multipleOf", {**FS, "duration_minutes": 40}, None),
    WrongCall("slot-duration-hours-key", "find_free_slots", "additionalProperties (unit)", {**_with(FS, duration_minutes=_DROP), "duration_hours": 1},
              {**FS, "duration_minutes": 60}),
    WrongCall("slot-days-full-names", "find_free_slots", "enum (in an array)", {**FS, "days": ["Monday", "Wednesday"]}, {**FS, "days": ["MO", "WE"]}),
    WrongCall("slot-days-three-letters", "find_free_slots", "enum (in an array)", {**FS, "days": ["MON", "WED"]}, {**FS, "days": ["MO", "WE"]}),
    WrongCall("slot-days-comma-string", "find_free_slots", "type (array)", {**FS, "days": "MO,WE"}, {**FS, "days": ["MO", "WE"]}),
    WrongCall("slot-days-weekdays-word", "find_free_slots", "type (a word for a set)", {**FS, "days": "weekdays"},
              {**FS, "days": ["MO", "TU", "WE", "TH", "FR"]}),
    WrongCall("slot-days-numbers", "find_free_slots", "enum (numbers, in an array)", {**FS, "days": [1, 3]}, None),
    WrongCall("slot-hours-am-pm", "find_free_slots", "pattern (12-hour clock, nested)", {**FSH, "working_hours": {"start": "9am", "end": "5pm"}},
              FSH),
    WrongCall("slot-hours-one-digit", "find_free_slots", "pattern (clock, nested)", {**FSH, "working_hours": {"start": "9:00", "end": "17:00"}}, FSH),
    WrongCall("slot-hours-range-text", "find_free_slots", "type (text for an object)", {**FSH, "working_hours": "09:00-17:00"}, FSH),
    WrongCall("slot-hours-without-zone", "find_free_slots", "dependentRequired", {**FS, "working_hours": HOURS}, None),
    WrongCall("slot-hours-flattened", "find_free_slots", "additionalProperties (flattened object)",
              {**FS, "start": "09:00", "end": "17:00", "timezone": "Europe/Madrid"}, FSH),
    WrongCall("slot-zone-abbreviation", "find_free_slots", "enum (time zone)", {**FSH, "timezone": "CET"}, None),
    WrongCall("slot-window-us-slashes", "find_free_slots", "format date (ambiguous)", {**FS, "window_start": "05/06/2030"}, None),
    WrongCall("slot-participant-lone", "find_free_slots", "type (array)", {**FS, "participants": KIM}, {**FS, "participants": [KIM]}),
    # ---- update_cells (OpenAI: an id pattern, an A1 range, rows of values, an enum with a default) --------------------
    WrongCall("cells-range-lower-case", "update_cells", "pattern (A1)", {**UC, "range": "a1:b2"}, UC),
    WrongCall("cells-range-with-sheet", "update_cells", "pattern (sheet in A1)", {**UC, "range": "Sheet2!A1:B2"}, {**UC, "sheet": "Sheet2"}),
    WrongCall("cells-range-quoted-sheet", "update_cells", "pattern (sheet in A1)", {**UC, "range": "'Q1 Sales'!A1:B2"}, {**UC, "sheet": "Q1 Sales"}),
    WrongCall("cells-range-absolute", "update_cells", "pattern (absolute references)", {**UC, "range": "$A$1:$B$2"}, UC),
    WrongCall("cells-range-whole-columns", "update_cells", "pattern (open range)", {**UC, "range": "A:B"}, None),
    WrongCall("cells-range-r1c1", "update_cells", "pattern (R1C1)", {**UC, "range": "R1C1:R2C2"}, UC),
    WrongCall("cells-values-one-row", "update_cells", "type (row for rows)", {**UC, "range": "A1:B1", "values": ["Name", "Total"]},
              {**UC, "range": "A1:B1", "values": [["Name", "Total"]]}),
    WrongCall("cells-values-scalar", "update_cells", "type (value for rows)", {**UC, "range": "C3", "values": 42},
              {**UC, "range": "C3", "values": [[42]]}),
    WrongCall("cells-values-json-text", "update_cells", "type (JSON text)", {**UC, "values": json.dumps(ROWS)}, UC),
    WrongCall("cells-values-csv-text", "update_cells", "type (CSV text)", {**UC, "values": "Name,Total\nKim,42"}, None),
    WrongCall("cells-input-lower-case", "update_cells", "enum (case)", {**UC, "input_option": "user_entered"},
              {**UC, "input_option": "USER_ENTERED"}),
    WrongCall("cells-id-url", "update_cells", "pattern (id in a URL)",
              {**UC, "spreadsheet_id": f"https://docs.google.com/spreadsheets/d/{SHEET_ID}/edit#gid=0"}, UC),
    WrongCall("cells-id-file-name", "update_cells", "pattern", {**UC, "spreadsheet_id": "budget-2030"}, None),
    WrongCall("cells-tab-key", "update_cells", "additionalProperties (synonym)", {**UC, "tab": "Sheet2"}, {**UC, "sheet": "Sheet2"}),
    # ---- format_cells (MCP bare list: allOf of if/then on a defaulted enum, a currency code, ranges) -------------------
    WrongCall("fmt-currency-without-code", "format_cells", "if/then (required)", {**FC, "number_format": "currency"}, None),
    WrongCall("fmt-currency-code-lower-case", "format_cells", "pattern (currency code, then)", {**CUR, "currency_code": "eur"}, CUR),
    WrongCall("fmt-currency-code-sign", "format_cells", "pattern (currency sign, then)", {**CUR, "currency_code": "€"}, CUR),
    WrongCall("fmt-currency-code-name", "format_cells", "pattern (currency name, then)", {**CUR, "currency_code": "euro"}, CUR),
    WrongCall("fmt-currency-code-as-format", "format_cells", "enum (a code for the format)", {**FC, "number_format": "EUR"}, CUR),
    WrongCall("fmt-date-without-pattern", "format_cells", "if/then (required)", {**FC, "number_format": "date"}, None),
    WrongCall("fmt-date-pattern-upper-case", "format_cells", "enum (case, then)", {**DATE, "date_pattern": "YYYY-MM-DD"}, DATE),
    WrongCall("fmt-date-pattern-iso-word", "format_cells", "enum (a name for a pattern)", {**DATE, "date_pattern": "ISO"}, DATE),
    WrongCall("fmt-percent-sign", "format_cells", "enum (symbol)", {**FC, "number_format": "%"}, {**FC, "number_format": "percent"}),
    WrongCall("fmt-align-centre", "format_cells", "enum (spelling)", {**FC, "align": "centre"}, {**FC, "align": "center"}),
    WrongCall("fmt-font-size-pt", "format_cells", "type (unit)", {**FC, "font_size": "12pt"}, {**FC, "font_size": 12}),
    WrongCall("fmt-font-size-px", "format_cells", "type (another unit)", {**FC, "font_size": "16px"}, None),
    WrongCall("fmt-range-with-sheet", "format_cells", "pattern (sheet not an input)", {**FC, "range": "Sheet1!B2:B40"}, None),
    # ---- sort_range (MCP bare list: an array of sort objects with a column letter and an order) -----------------------
    WrongCall("sort-one-object", "sort_range", "type (array of objects)", {**SR, "sort_by": BY_C}, SR),
    WrongCall("sort-column-lower-case", "sort_range", "pattern (in an array)", _sort(column="c"), SR),
    WrongCall("sort-order-descending", "sort_range", "enum (in an array)", _sort(order="descending"), SR),
    WrongCall("sort-column-number", "sort_range", "type (column number)", _sort(column=3), None),
    WrongCall("sort-column-header-name", "sort_range", "pattern (header name)", _sort(column="Price"), None),
    WrongCall("sort-text", "sort_range", "type (text for objects)", {**SR, "sort_by": "C desc"}, SR),
    WrongCall("sort-header-yes", "sort_range", "type (boolean)", {**SR, "has_header": "yes"}, SR),
    WrongCall("sort-range-one-cell", "sort_range", "pattern", {**SR, "range": "A1"}, None),
    WrongCall("sort-direction-key", "sort_range", "additionalProperties (in an array)", {**SR, "sort_by": [{"column": "C", "direction": "desc"}]},
              SR),
    # ---- place_order (ATDF 2.x JSON: SKUs in an array of objects, quantities, a currency enum) ------------------------
    WrongCall("ord-sku-lower-case", "place_order", "pattern (in an array)", _line(sku="tee-0100-xl"), ORD),
    WrongCall("ord-sku-without-hyphens", "place_order", "pattern (separators, in an array)", _line(sku="TEE0100XL"), ORD),
    WrongCall("ord-quantity-string", "place_order", "type (in an array)", _line(quantity="2"), ORD),
    WrongCall("ord-quantity-word", "place_order", "type (number word, in an array)", _line(quantity="two"), ORD),
    WrongCall("ord-quantity-zero", "place_order", "minimum (in an array)", _line(quantity=0), None),
    WrongCall("ord-items-one-object", "place_order", "type (array of objects)", {**ORD, "items": LINE}, ORD),
    WrongCall("ord-items-sku-map", "place_order", "type (map for objects)", {**ORD, "items": {"TEE-0100-XL": 2}}, ORD),
    WrongCall("ord-items-skus-only", "place_order", "type (strings for objects)", {**ORD, "items": ["TEE-0100-XL"]}, None),
    WrongCall("ord-items-json-text", "place_order", "type (JSON text)", {**ORD, "items": json.dumps([LINE])}, ORD),
    WrongCall("ord-item-qty-key", "place_order", "additionalProperties (in an array)", {**ORD, "items": [{"sku": "TEE-0100-XL", "qty": 2}]}, ORD),
    WrongCall("ord-item-product-id-key", "place_order", "additionalProperties (in an array)",
              {**ORD, "items": [{"product_id": "TEE-0100-XL", "quantity": 2}]}, ORD),
    WrongCall("ord-currency-lower-case", "place_order", "enum (case)", {**ORD, "currency": "eur"}, ORD),
    WrongCall("ord-currency-sign", "place_order", "enum (sign)", {**ORD, "currency": "€"}, ORD),
    WrongCall("ord-currency-name", "place_order", "enum (name)", {**ORD, "currency": "euros"}, ORD),
    WrongCall("ord-currency-dollar-sign", "place_order", "enum (sign of several)", {**ORD, "currency": "$"}, None),
    WrongCall("ord-shipping-upper-case", "place_order", "enum (case)", {**ORD, "shipping_method": "EXPRESS"}, {**ORD, "shipping_method": "express"}),
    WrongCall("ord-shipping-next-day", "place_order", "enum (synonym)", {**ORD, "shipping_method": "next_day"},
              {**ORD, "shipping_method": "overnight"}),
    WrongCall("ord-coupon-lower-case", "place_order", "pattern (case)", {**ORD, "coupon_code": "save10"}, {**ORD, "coupon_code": "SAVE10"}),
    WrongCall("ord-customer-without-prefix", "place_order", "pattern (id prefix)", {**ORD, "customer_id": "4F8a2Kx9LmP0Qz"}, ORD),
    # ---- update_inventory (MCP under "tools": a oneOf of {kind: set, count} and {kind: adjust, delta}, not 0) ---------
    WrongCall("inv-change-a-number", "update_inventory", "oneOf (number for an object)", {**INV, "change": 40}, None),
    WrongCall("inv-kind-left-out-count", "update_inventory", "oneOf (no discriminator)", {**INV, "change": {"count": 40}}, SET),
    WrongCall("inv-kind-left-out-delta", "update_inventory", "oneOf (no discriminator)", {**ADJ, "change": {"delta": -3}}, ADJ),
    WrongCall("inv-kind-upper-case", "update_inventory", "const (in oneOf)", {**INV, "change": {"kind": "SET", "count": 40}}, SET),
    WrongCall("inv-kind-synonym", "update_inventory", "const (synonym, in oneOf)", {**INV, "change": {"kind": "increment", "delta": 5}},
              {**INV, "change": {"kind": "adjust", "delta": 5}}),
    WrongCall("inv-delta-zero", "update_inventory", "not (in oneOf)", {**INV, "change": {"kind": "adjust", "delta": 0}}, None),
    WrongCall("inv-delta-string", "update_inventory", "type (in oneOf)", {**ADJ, "change": {"kind": "adjust", "delta": "-3"}}, ADJ),
    WrongCall("inv-delta-plus-sign", "update_inventory", "type (sign, in oneOf)", {**INV, "change": {"kind": "adjust", "delta": "+5"}},
              {**INV, "change": {"kind": "adjust", "delta": 5}}),
    WrongCall("inv-change-flattened", "update_inventory", "additionalProperties (flattened object)", {**INV, "kind": "set", "count": 40}, SET),
    WrongCall("inv-set-with-delta", "update_inventory", "oneOf (keys of both)", {**INV, "change": {"kind": "set", "delta": -3}}, None),
    WrongCall("inv-warehouse-lower-case", "update_inventory", "enum (case)", {**SET, "warehouse": "mad1"}, SET),
    WrongCall("inv-warehouse-city", "update_inventory", "enum (city for a code)", {**SET, "warehouse": "Madrid"}, SET),
    WrongCall("inv-sku-in-a-list", "update_inventory", "type (lone item)", {**SET, "sku": ["MUG-0200"]}, SET),
    WrongCall("inv-reason-past-tense", "update_inventory", "enum (word form)", {**ADJ, "reason": "damaged"}, ADJ),
    # ---- send_message (OpenAkita: E.164, if channel whatsapp then template else body; channel defaults to sms) --------
    WrongCall("msg-to-without-plus", "send_message", "pattern (E.164 plus)", {**SMS, "to": "14155550100"}, SMS),
    WrongCall("msg-to-hyphens", "send_message", "pattern (E.164 separators)", {**SMS, "to": "+1-415-555-0100"}, SMS),
    WrongCall("msg-to-national-format", "send_message", "pattern (national number)", {**SMS, "to": "(415) 555-0100"}, None),
    WrongCall("msg-to-double-zero", "send_message", "pattern (00 prefix)", {**SMS, "to": "0034612345678"}, {**SMS, "to": "+34612345678"}),
    WrongCall("msg-to-in-a-list", "send_message", "type (lone item)", {**SMS, "to": ["+14155550100"]}, SMS),
    WrongCall("msg-to-a-number", "send_message", "type (number for a phone)", {**SMS, "to": 14155550100}, SMS),
    WrongCall("msg-to-whatsapp-prefix", "send_message", "pattern (channel prefix)", {"to": "whatsapp:+34612345678", "template": "order_shipped"}, WA),
    WrongCall("msg-body-left-out", "send_message", "else (required, default channel)", {"to": "+14155550100"}, None),
    WrongCall("msg-whatsapp-without-template", "send_message", "if/then (required)", {**_with(WA, template=_DROP), "body": TEXT}, None),
    WrongCall("msg-template-title-case", "send_message", "pattern (name, then)", {**WA, "template": "Order Shipped"}, WA),
    WrongCall("msg-template-hyphens", "send_message", "pattern (name, then)", {**WA, "template": "order-shipped"}, WA),
    WrongCall("msg-channel-upper-case", "send_message", "enum (case)", {**SMS, "channel": "SMS"}, {**SMS, "channel": "sms"}),
    WrongCall("msg-channel-camel-case", "send_message", "enum (case, if)", {**WA, "channel": "WhatsApp"}, WA),
    WrongCall("msg-channel-text", "send_message", "enum (synonym)", {**SMS, "channel": "text"}, {**SMS, "channel": "sms"}),
    WrongCall("msg-text-key", "send_message", "additionalProperties (synonym, else)", {"to": "+14155550100", "text": TEXT}, SMS),
    WrongCall("msg-message-key", "send_message", "additionalProperties (synonym, else)", {"to": "+14155550100", "message": TEXT}, SMS),
    WrongCall("msg-send-at-relative", "send_message", "format date-time (relative)", {**SMS, "send_at": "in 10 minutes"}, None),
    # ---- post_chat_message (ATDF 1.x: types only, every input required) -----------------------------------------------
    WrongCall("chat-mention-one-handle", "post_chat_message", "type (array; sigil)", {**CHAT, "mentions": "@kim"}, CHAT),
    WrongCall("chat-mentions-comma-string", "post_chat_message", "type (array)", {**CHAT, "mentions": "kim, bo"},
              {**CHAT, "mentions": ["kim", "bo"]}),
    WrongCall("chat-thread-ts-number", "post_chat_message", "type (number for text)", {**CHAT, "thread_ts": 1714563000.123456}, CHAT),
    WrongCall("chat-silent-string", "post_chat_message", "type (boolean)", {**CHAT, "silent": "false"}, CHAT),
    WrongCall("chat-thread-left-out", "post_chat_message", "required", _with(CHAT, thread_ts=_DROP), None),
    WrongCall("chat-mentions-null", "post_chat_message", "type (null for an empty list)", {**CHAT, "mentions": None}, {**CHAT, "mentions": []}),
    # ---- trigger_pipeline (OpenAI: owner/name, a branch pattern, if environment production then change_ticket) -------
    WrongCall("ci-branch-full-ref", "trigger_pipeline", "pattern (full ref)", {**PIPE, "branch": "refs/heads/main"}, PIPE),
    WrongCall("ci-branch-with-space", "trigger_pipeline", "pattern", {**PIPE, "branch": "feature/new login"}, None),
    WrongCall("ci-repository-url", "trigger_pipeline", "pattern (URL for owner/name)", {**PIPE, "repository": "https://github.com/acme/web-app"},
              PIPE),
    WrongCall("ci-repository-ssh", "trigger_pipeline", "pattern (SSH remote)", {**PIPE, "repository": "git@github.com:acme/web-app.git"}, PIPE),
    WrongCall("ci-repository-name-only", "trigger_pipeline", "pattern", {**PIPE, "repository": "web-app"}, None),
    WrongCall("ci-env-prod", "trigger_pipeline", "enum (short form, if)", {**PROD, "environment": "prod"}, PROD),
    WrongCall("ci-env-prod-without-ticket", "trigger_pipeline", "enum, then if/then (required)", {**PIPE, "environment": "prod"}, None),
    WrongCall("ci-production-without-ticket", "trigger_pipeline", "if/then (required)", {**PIPE, "environment": "production"}, None),
    WrongCall("ci-ticket-lower-case", "trigger_pipeline", "pattern (case, then)", {**PROD, "change_ticket": "chg0012345"}, PROD),
    WrongCall("ci-ticket-digits-only", "trigger_pipeline", "pattern (prefix, then)", {**PROD, "change_ticket": "0012345"}, PROD),
    WrongCall("ci-ticket-key", "trigger_pipeline", "additionalProperties (synonym, then)",
              {**_with(PROD, change_ticket=_DROP), "ticket": "CHG0012345"}, PROD),
    WrongCall("ci-variables-pairs", "trigger_pipeline", "type (pairs for a map)", {**PIPE, "variables": [{"name": "LOG_LEVEL", "value": "debug"}]},
              {**PIPE, "variables": {"LOG_LEVEL": "debug"}}),
    WrongCall("ci-variables-text", "trigger_pipeline", "type (text for a map)", {**PIPE, "variables": "LOG_LEVEL=debug,RETRIES=3"},
              {**PIPE, "variables": {"LOG_LEVEL": "debug", "RETRIES": "3"}}),
    WrongCall("ci-variable-number", "trigger_pipeline", "type (additionalProperties schema)", {**PIPE, "variables": {"RETRIES": 3}},
              {**PIPE, "variables": {"RETRIES": "3"}}),
    WrongCall("ci-variable-boolean", "trigger_pipeline", "type (additionalProperties schema)", {**PIPE, "variables": {"DEBUG": True}}, None),
    WrongCall("ci-variable-lower-case-name", "trigger_pipeline", "propertyNames", {**PIPE, "variables": {"log_level": "debug"}}, None),
    WrongCall("ci-paths-one-glob", "trigger_pipeline", "type (array)", {**PIPE, "paths": "src/**"}, {**PIPE, "paths": ["src/**"]}),
    WrongCall("ci-paths-comma-string", "trigger_pipeline", "type (array)", {**PIPE, "paths": "src/**, docs/*.md"},
              {**PIPE, "paths": ["src/**", "docs/*.md"]}),
    WrongCall("ci-ref-key", "trigger_pipeline", "additionalProperties (synonym)", {"repository": "acme/web-app", "ref": "main"}, PIPE),
    # ---- create_release (ATDF 2.x YAML: a v-tag pattern with -rc.N, globs, flags) -------------------------------------
    WrongCall("rel-tag-without-v", "create_release", "pattern (v prefix)", {**REL, "tag": "2.4.0"}, REL),
    WrongCall("rel-tag-capital-v", "create_release", "pattern (case)", {**REL, "tag": "V2.4.0"}, REL),
    WrongCall("rel-tag-two-numbers", "create_release", "pattern", {**REL, "tag": "v2.4"}, None),
    WrongCall("rel-tag-rc-without-dot", "create_release", "pattern (pre-release)", {**REL, "tag": "v2.4.0-rc1"}, {**REL, "tag": "v2.4.0-rc.1"}),
    WrongCall("rel-tag-beta", "create_release", "pattern (pre-release not offered)", {**REL, "tag": "v2.4.0-beta.1"}, None),
    WrongCall("rel-assets-one-glob", "create_release", "type (array)", {**REL, "assets": "dist/*.whl"}, {**REL, "assets": ["dist/*.whl"]}),
    WrongCall("rel-assets-space-separated", "create_release", "type (array)", {**REL, "assets": "dist/*.whl dist/*.tar.gz"},
              {**REL, "assets": ["dist/*.whl", "dist/*.tar.gz"]}),
    WrongCall("rel-prerelease-yes", "create_release", "type (boolean)", {**REL, "tag": "v2.4.0-rc.1", "prerelease": "yes"},
              {**REL, "tag": "v2.4.0-rc.1", "prerelease": True}),
    WrongCall("rel-body-key", "create_release", "additionalProperties (the API's name)", {**REL, "body": "Fixes the login page."},
              {**REL, "notes": "Fixes the login page."}),
    WrongCall("rel-repository-url", "create_release", "pattern (URL for owner/name)", {**REL, "repository": "https://github.com/acme/web-app"}, REL),
    # ---- export_document (ARDF: a uuid, a page-range pattern, a locale pattern, enums with defaults) -----------------
    WrongCall("doc-pages-spaced", "export_document", "pattern (page list)", {**EXP, "pages": "1-3, 5"}, EXP),
    WrongCall("doc-pages-numbers", "export_document", "type (numbers for page text)", {**EXP, "pages": [1, 2, 3, 5]}, None),
    WrongCall("doc-pages-texts", "export_document", "type (list for page text)", {**EXP, "pages": ["1-3", "5"]}, EXP),
    WrongCall("doc-pages-en-dash", "export_document", "pattern (dash)", {**EXP, "pages": "1\u20133,5"}, EXP),
    WrongCall("doc-pages-semicolons", "export_document", "pattern (separator)", {**EXP, "pages": "1-3;5"}, EXP),
    WrongCall("doc-pages-one-number", "export_document", "type (number for text)", {**EXP, "pages": 5}, {**EXP, "pages": "5"}),
    WrongCall("doc-pages-all", "export_document", "pattern (a word for every page)", {**EXP, "pages": "all"}, {"document_id": DOC_ID}),
    WrongCall("doc-pages-from-zero", "export_document", "pattern", {**EXP, "pages": "0-2"}, None),
    WrongCall("doc-pages-in-words", "export_document", "pattern (words)", {**EXP, "pages": "1 to 3"}, {**EXP, "pages": "1-3"}),
    WrongCall("doc-locale-underscore", "export_document", "pattern (locale)", {**EXP, "locale": "en_GB"}, {**EXP, "locale": "en-GB"}),
    WrongCall("doc-locale-language-only", "export_document", "pattern (locale)", {**EXP, "locale": "en"}, None),
    WrongCall("doc-format-with-dot", "export_document", "enum (extension)", {**EXP, "format": ".docx"}, {**EXP, "format": "docx"}),
    WrongCall("doc-format-media-type", "export_document", "enum (media type)", {**EXP, "format": "application/pdf"}, {**EXP, "format": "pdf"}),
    WrongCall("doc-format-word", "export_document", "enum (a program for a format)", {**EXP, "format": "word"}, {**EXP, "format": "docx"}),
    WrongCall("doc-paper-us-letter", "export_document", "enum (name)", {**EXP, "paper_size": "US Letter"}, {**EXP, "paper_size": "Letter"}),
    WrongCall("doc-orientation-horizontal", "export_document", "enum (synonym)", {**EXP, "orientation": "horizontal"},
              {**EXP, "orientation": "landscape"}),
    WrongCall("doc-id-braces", "export_document", "format uuid", {**EXP, "document_id": "{" + DOC_ID + "}"}, EXP),
    # ---- share_document (MCP bare list: emails, a role enum, dependentSchemas message → notify true, default true) -----
    WrongCall("share-role-verb", "share_document", "enum (verb for a role)", {**SHARE, "role": "edit"}, SHARE),
    WrongCall("share-role-capitalised", "share_document", "enum (case)", {**SHARE, "role": "Editor"}, SHARE),
    WrongCall("share-role-owner", "share_document", "enum (not offered)", {**SHARE, "role": "owner"}, None),
    WrongCall("share-role-read-only", "share_document", "enum (synonym)", {**SHARE, "role": "read-only"}, {**SHARE, "role": "viewer"}),
    WrongCall("share-recipient-lone", "share_document", "type (array)", {**SHARE, "recipients": KIM}, SHARE),
    WrongCall("share-recipients-objects", "share_document", "type (objects for strings)", {**SHARE, "recipients": [{"email": KIM}]}, SHARE),
    WrongCall("share-message-without-notify", "share_document", "dependentSchemas", {**SHARE, "notify": False, "message": "Here it is."}, None),
    WrongCall("share-notify-yes-with-message", "share_document", "type (boolean, dependentSchemas)",
              {**SHARE, "notify": "yes", "message": "Here it is."}, {**SHARE, "notify": True, "message": "Here it is."}),
    WrongCall("share-expires-date-only", "share_document", "format date-time", {**SHARE, "expires_at": "2030-06-30"}, None),
    WrongCall("share-email-key", "share_document", "additionalProperties (singular for a list)",
              {"document_id": DOC_ID, "email": KIM, "role": "editor"}, SHARE),
)
