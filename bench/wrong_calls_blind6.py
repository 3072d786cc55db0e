"""The sixth blind wrong-call corpus: wrong calls on tools shaped like SaaS and cloud APIs, written before any run.

Its own catalogue, `bench/corpus_blind6/` (15 tools: invoices, refunds, payments, subscriptions, prices and payouts;
helpdesk search, alert channels, cron jobs, meetings, storage lifecycle rules, feature flags, user profiles, an audit
log and a cloud's virtual machines), in every dialect: MCP tool lists, OpenAI functions, ATDF 1.x (types only, every
input required), ARDF, ATDF 2.x in JSON and YAML, OpenAkita. The schemas are shaped as the real APIs have them:
cursors (`starting_after`), page/per_page, limit/offset and page tokens; filter objects; sort fields as enums such as
"created_at:desc"; ids with prefixes (cus_, pi_, price_, prod_, in_) and uuids; money as integer minor units and as
decimal text; ISO 8601 durations as patterns; five-field cron strings; IANA time zones; ISO country, currency and
language codes; arrays of objects; `$ref` into `$defs`; a `oneOf` discriminated union with `discriminator`; nullable
inputs; maps (additionalProperties of a type); additionalProperties off.

The five earlier corpora (1,028 cases) are mostly type (344), enum (228), additionalProperties (93) and pattern (85)
slips; they have two oneOf cases, four const, three durations, and no pagination, sort strings, minor units, cron or
time zones at all. This one is weighted toward those, as public threads report them:
- page numbers and sizes as strings: lightdash/lightdash#16340 ("allow MCP clients to pass pagination `page` param as
  a string", "LLMs passing strings instead of numbers"); omgnetwork/ewallet#127, lbryio/lbry-sdk#1449;
- tagged unions: Lancetnik/slop-writer#23 (a discriminated `oneOf` and what a model sends it), networknt/
  json-schema-validator#1078 (a `oneOf` with a discriminator but none given), NousResearch/hermes-agent#106070;
- money in minor units given in major units: inverse-inc/packetfence#5567 ("Configure a tier for 20.00$ will bill
  2000$", Stripe's integer cents), zandoan/turing-frontend#21 ("the API processes the number as cents");
- time zones as abbreviations or offsets: blog.wesleyac.com/posts/timezone-bullshit (EST, CST name two zones 14 hours
  apart), agentops-tools.pages.dev/failures/timezone-tool-arg (a model writing Z where the user meant Pacific time);
- flattened or invented keys: crmne/ruby_llm#508 (undeclared parameters), google/adk-python#1656 (a stray
  `parameters` wrapper);
and the rest as agents write them for these APIs: sort as {"field", "order"}, "-created_at" or "created_at desc";
Stripe's form keys ("created[gte]", "recurring[interval]"); an expanded object ({"id": "cus_..."}) for an id; an id
without its prefix, or a name or e-mail address for it; "90 minutes" for PT1H30M; "@daily" and Quartz's six fields for
cron; "US/Eastern" for America/New_York; one object where an array of objects is wanted, or e-mail strings where the
items are objects.

`intended` says whether exactly one correction is right, judged before any run: None when no valid call says what
the agent meant (a bound crossed, an abbreviation or offset that fits several zones, a name where an id is wanted, a
wildcard the enum does not hold, a unit the value does not say), so any suggestion counts as wrong; otherwise the
call the agent meant. Where the meaning is known to the corpus but not to the server (12.50 for 1250 minor units,
EST for America/New_York, "every day at 3am" for "0 3 * * *"), `intended` holds that meaning, so a suggestion that
picks another reading is counted as wrong; such a case is right only when nothing is suggested or the suggestion is
that meaning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .wrong_calls import _DROP, WrongCall, _with

CATALOGUES = {"corpus_blind6": Path(__file__).resolve().parent / "corpus_blind6"}

CUS = "cus_NffrFeUfNV2Hib"
INVOICE = "in_1MtHbELkdIwHu7ix"
PI = "pi_3MtwBwLkdIwHu7ix28a3tqPa"
PRICE = "price_1MowQULkdIwHu7ix"
PROD = "prod_NWjs8kKbJWmuuc"
USER = "0b6f2c1e-5a7d-4e3b-9c8f-1d2e3f4a5b6c"
AGENT = "5e1d7c3a-9b2f-4a6e-8d0c-7f3b2a1e9d84"
SINCE = "2031-01-01T00:00:00Z"

LI = {"customer": CUS, "limit": 20}
REF = {"payment_intent": PI, "amount": 1250}
PAY = {"amount": 2000, "currency": "usd"}
TK = {"filters": {"status": ["open"], "priority": "urgent"}}
CRON = {"name": "nightly-backup", "schedule": "0 3 * * *", "command": ["python", "backup.py"]}
ANA = {"email": "ana@example.com"}
RAJ = {"email": "raj@example.com"}
MEET = {"topic": "Quarterly review", "start_time": "2031-04-14T15:00:00-04:00", "duration": "PT1H30M",
        "timezone": "America/New_York", "attendees": [ANA]}
SLACK = {"type": "slack", "webhook_url": "https://hooks.slack.com/services/T000/B000/XXXX", "channel": "#alerts"}
CH = {"name": "on-call", "channel": SLACK, "events": ["incident.opened"]}
EMAIL_CH = {**CH, "channel": {"type": "email", "addresses": ["ops@example.com"]}}
SMS_CH = {**CH, "channel": {"type": "sms", "phone": "+4915123456789"}}
IA = {"after_days": 30, "storage_class": "STANDARD_IA"}
LC = {"bucket": "acme-logs", "prefix": "logs/", "transitions": [IA], "expiration_days": 365}
SUB = {"customer": CUS, "price": PRICE}
MONEY = {"value": "125.00", "currency": "EUR"}
PAYEE = {"recipient_type": "EMAIL", "receiver": "ana@example.com", "amount": MONEY}
PO = {"sender_batch_id": "payouts-2031-04-15", "items": [PAYEE]}
RULE = {"attribute": "country", "operator": "in", "values": ["DE", "AT"]}
FF = {"key": "new_checkout", "environments": ["staging"], "rollout_percentage": 25}
RULED = {**FF, "rules": [RULE]}
UP = {"user_id": USER}
AUD = {"actor": "ana@example.com", "action": "user.login", "since": SINCE, "limit": 50, "offset": 0}
PR = {"product": PROD, "unit_amount": 1999, "currency": "eur", "recurring": {"interval": "month"}}
VM = {"project": "acme-prod-4821", "zone": "europe-west1-b"}


def _filters(**changes: Any) -> dict[str, Any]:
    return {**TK, "filters": _with(TK["filters"], **changes)}


def _slack(**changes: Any) -> dict[str, Any]:
    return {**CH, "channel": _with(SLACK, **changes)}


def _payee(**changes: Any) -> dict[str, Any]:
    return {**PO, "items": [_with(PAYEE, **changes)]}


def _money(**changes: Any) -> dict[str, Any]:
    return _payee(amount=_with(MONEY, **changes))


def _rule(**changes: Any) -> dict[str, Any]:
    return {**RULED, "rules": [_with(RULE, **changes)]}


def _transition(**changes: Any) -> dict[str, Any]:
    return {**LC, "transitions": [_with(IA, **changes)]}


CASES: tuple[WrongCall, ...] = (
    # ---- list_invoices (MCP: prefixed ids, a cursor, a range object, a sort enum, lower-case currency) ----------------
    WrongCall("inv-customer-without-prefix", "list_invoices", "pattern", {**LI, "customer": "NffrFeUfNV2Hib"}, LI),
    WrongCall("inv-customer-email", "list_invoices", "pattern", {**LI, "customer": "jane@example.com"}, None),
    WrongCall("inv-customer-expanded-object", "list_invoices", "type", {**LI, "customer": {"id": CUS, "object": "customer"}}, LI),
    WrongCall("inv-sort-field-order-object", "list_invoices", "type (sort)", {**LI, "sort": {"field": "created_at", "order": "desc"}}, LI),
    WrongCall("inv-sort-minus-prefix", "list_invoices", "enum (sort)", {**LI, "sort": "-amount_due"}, {**LI, "sort": "amount_due:desc"}),
    WrongCall("inv-sort-space", "list_invoices", "enum (sort)", {**LI, "sort": "amount_due asc"}, {**LI, "sort": "amount_due:asc"}),
    WrongCall("inv-sort-field-only", "list_invoices", "enum (sort)", {**LI, "sort": "amount_due"}, None),
    WrongCall("inv-status-unpaid", "list_invoices", "enum", {**LI, "status": "unpaid"}, {**LI, "status": "open"}),
    WrongCall("inv-created-flattened", "list_invoices", "additionalProperties (flattened)", {**LI, "created_gte": SINCE},
              {**LI, "created": {"gte": SINCE}}),
    WrongCall("inv-created-form-keys", "list_invoices", "additionalProperties (flattened)", {**LI, "created[gte]": SINCE},
              {**LI, "created": {"gte": SINCE}}),
    WrongCall("inv-created-unix-seconds", "list_invoices", "type (nested)", {**LI, "created": {"gte": 1924992000}},
              {**LI, "created": {"gte": SINCE}}),
    WrongCall("inv-page-number-for-cursor", "list_invoices", "additionalProperties", {**LI, "page": 2}, None),
    WrongCall("inv-cursor-without-prefix", "list_invoices", "pattern", {**LI, "starting_after": "1MtHbELkdIwHu7ix"},
              {**LI, "starting_after": INVOICE}),
    WrongCall("inv-currency-upper-case", "list_invoices", "pattern", {**LI, "currency": "EUR"}, {**LI, "currency": "eur"}),
    WrongCall("inv-filters-wrapper", "list_invoices", "additionalProperties (wrapper)", {"filters": {**LI, "status": "paid"}},
              {**LI, "status": "paid"}),
    # ---- create_refund (MCP: minor units, a map of strings, a pi_ id) ---------------------------------------------------
    WrongCall("ref-amount-with-currency", "create_refund", "type (minor units)", {**REF, "amount": "12.50 EUR"}, REF),
    WrongCall("ref-amount-major-float", "create_refund", "type (minor units)", {**REF, "amount": 12.5}, REF),
    WrongCall("ref-amount-dollar-sign", "create_refund", "type (minor units)", {**REF, "amount": "$12.50"}, REF),
    WrongCall("ref-reason-spaced", "create_refund", "enum", {**REF, "reason": "requested by customer"}, {**REF, "reason": "requested_by_customer"}),
    WrongCall("ref-charge-id-for-payment", "create_refund", "pattern", {**REF, "payment_intent": "ch_3MmlLrLkdIwHu7ix0snN0B15"}, None),
    WrongCall("ref-payment-without-prefix", "create_refund", "pattern", {**REF, "payment_intent": "3MtwBwLkdIwHu7ix28a3tqPa"}, REF),
    WrongCall("ref-charge-key-for-payment", "create_refund", "additionalProperties", {**_with(REF, payment_intent=_DROP), "charge": PI}, REF),
    WrongCall("ref-metadata-number-value", "create_refund", "type (map value)", {**REF, "metadata": {"order_id": 6735}},
              {**REF, "metadata": {"order_id": "6735"}}),
    WrongCall("ref-metadata-key-value-pairs", "create_refund", "type (object)", {**REF, "metadata": [{"key": "order_id", "value": "6735"}]},
              {**REF, "metadata": {"order_id": "6735"}}),
    # ---- create_payment_intent (OpenAI: minor units, currency enum, a nullable enum, an array of enums) ----------------
    WrongCall("pay-amount-decimal-text", "create_payment_intent", "type (minor units)", {**PAY, "amount": "20.00"}, PAY),
    WrongCall("pay-amount-major-units", "create_payment_intent", "minimum (minor units)", {**PAY, "amount": 20}, PAY),
    WrongCall("pay-amount-with-currency", "create_payment_intent", "type (minor units)", {**PAY, "amount": "20 USD"}, PAY),
    WrongCall("pay-amount-object", "create_payment_intent", "type (object for a number)",
              {"amount": {"value": 2000, "currency": "usd"}}, PAY),
    WrongCall("pay-currency-name", "create_payment_intent", "enum", {**PAY, "currency": "US dollars"}, PAY),
    WrongCall("pay-methods-comma-string", "create_payment_intent", "type (array)", {**PAY, "payment_method_types": "card, sepa_debit"},
              {**PAY, "payment_method_types": ["card", "sepa_debit"]}),
    WrongCall("pay-method-in-words", "create_payment_intent", "enum (in an array)", {**PAY, "payment_method_types": ["SEPA Debit"]},
              {**PAY, "payment_method_types": ["sepa_debit"]}),
    WrongCall("pay-capture-boolean-alias", "create_payment_intent", "additionalProperties", {**PAY, "capture": False},
              {**PAY, "capture_method": "manual"}),
    WrongCall("pay-setup-null-text", "create_payment_intent", "enum (nullable)", {**PAY, "setup_future_usage": "null"}, PAY),
    WrongCall("pay-receipt-mailto", "create_payment_intent", "format email", {**PAY, "receipt_email": "mailto:bo@example.net"},
              {**PAY, "receipt_email": "bo@example.net"}),
    WrongCall("pay-customer-expanded-object", "create_payment_intent", "type", {**PAY, "customer": {"id": CUS}}, {**PAY, "customer": CUS}),
    WrongCall("pay-params-wrapper", "create_payment_intent", "additionalProperties (wrapper)", {"parameters": PAY}, PAY),
    # ---- search_tickets (MCP: a filters object, page/per_page, a sort enum) --------------------------------------------
    WrongCall("tk-filters-flattened", "search_tickets", "additionalProperties (flattened)", {"status": ["open"], "priority": "urgent"}, TK),
    WrongCall("tk-filters-flattened-scalar", "search_tickets", "additionalProperties (flattened)", {"status": "open", "priority": "urgent"}, TK),
    WrongCall("tk-filters-json-text", "search_tickets", "type (object)", {"filters": json.dumps(TK["filters"])}, TK),
    WrongCall("tk-filters-query-syntax", "search_tickets", "type (object)", {"filters": "status:open priority:urgent"}, TK),
    WrongCall("tk-page-string", "search_tickets", "type", {**TK, "page": "2"}, {**TK, "page": 2}),
    WrongCall("tk-page-size-alias", "search_tickets", "additionalProperties", {**TK, "page_size": 50}, {**TK, "per_page": 50}),
    WrongCall("tk-limit-alias", "search_tickets", "additionalProperties", {**TK, "limit": 50}, {**TK, "per_page": 50}),
    WrongCall("tk-sort-field-direction-object", "search_tickets", "type (sort)", {**TK, "sort": {"field": "created_at", "direction": "asc"}},
              {**TK, "sort": "created_at:asc"}),
    WrongCall("tk-sort-array-of-objects", "search_tickets", "type (sort)", {**TK, "sort": [{"field": "created_at", "order": "desc"}]},
              {**TK, "sort": "created_at:desc"}),
    WrongCall("tk-sort-minus-prefix", "search_tickets", "enum (sort)", {**TK, "sort": "-created_at"}, {**TK, "sort": "created_at:desc"}),
    WrongCall("tk-sort-and-order-keys", "search_tickets", "additionalProperties (sort)", {**TK, "sort": "created_at", "order": "desc"},
              {**TK, "sort": "created_at:desc"}),
    WrongCall("tk-sort-not-offered", "search_tickets", "enum (sort)", {**TK, "sort": "priority:asc"}, None),
    WrongCall("tk-status-lone-string", "search_tickets", "type (array, nested)", _filters(status="open"), TK),
    WrongCall("tk-priority-p1", "search_tickets", "enum (nested)", _filters(priority="P1"), None),
    WrongCall("tk-tags-comma-string", "search_tickets", "type (array, nested)", _filters(tags="billing,refund"),
              _filters(tags=["billing", "refund"])),
    # ---- schedule_cron_job (OpenAkita: cron pattern, IANA enum, a duration pattern, argv) -------------------------------
    WrongCall("cron-schedule-in-words", "schedule_cron_job", "pattern (cron)", {**CRON, "schedule": "every day at 3am"}, CRON),
    WrongCall("cron-schedule-quartz-seconds", "schedule_cron_job", "pattern (cron)", {**CRON, "schedule": "0 0 3 * * ?"}, CRON),
    WrongCall("cron-schedule-macro", "schedule_cron_job", "pattern (cron)", {**CRON, "schedule": "@daily"}, {**CRON, "schedule": "0 0 * * *"}),
    WrongCall("cron-schedule-day-names", "schedule_cron_job", "pattern (cron)", {**CRON, "schedule": "0 3 * * MON-FRI"},
              {**CRON, "schedule": "0 3 * * 1-5"}),
    WrongCall("cron-tz-abbreviation", "schedule_cron_job", "enum (time zone)", {**CRON, "timezone": "EST"}, {**CRON, "timezone": "America/New_York"}),
    WrongCall("cron-tz-offset", "schedule_cron_job", "enum (time zone)", {**CRON, "timezone": "+01:00"}, None),
    WrongCall("cron-tz-city", "schedule_cron_job", "enum (time zone)", {**CRON, "timezone": "Berlin"}, {**CRON, "timezone": "Europe/Berlin"}),
    WrongCall("cron-tz-space-for-underscore", "schedule_cron_job", "enum (time zone)", {**CRON, "timezone": "America/New York"},
              {**CRON, "timezone": "America/New_York"}),
    WrongCall("cron-tz-gmt", "schedule_cron_job", "enum (time zone)", {**CRON, "timezone": "GMT"}, None),
    WrongCall("cron-timeout-in-words", "schedule_cron_job", "pattern (duration)", {**CRON, "timeout": "30 minutes"}, {**CRON, "timeout": "PT30M"}),
    WrongCall("cron-timeout-seconds-number", "schedule_cron_job", "type (duration)", {**CRON, "timeout": 1800}, None),
    WrongCall("cron-timeout-clock", "schedule_cron_job", "pattern (duration)", {**CRON, "timeout": "00:30:00"}, {**CRON, "timeout": "PT30M"}),
    WrongCall("cron-timeout-short-unit", "schedule_cron_job", "pattern (duration)", {**CRON, "timeout": "1h"}, {**CRON, "timeout": "PT1H"}),
    WrongCall("cron-command-one-string", "schedule_cron_job", "type (array)", {**CRON, "command": "python backup.py"}, CRON),
    WrongCall("cron-enabled-for-suspend", "schedule_cron_job", "additionalProperties", {**CRON, "enabled": False}, {**CRON, "suspend": True}),
    # ---- create_meeting (ATDF 2.x YAML: a duration pattern, IANA enum, an array of objects, nested objects) -------------
    WrongCall("meet-duration-minutes-in-words", "create_meeting", "pattern (duration)", {**MEET, "duration": "90 minutes"}, MEET),
    WrongCall("meet-duration-minutes-number", "create_meeting", "type (duration)", {**MEET, "duration": 90}, MEET),
    WrongCall("meet-duration-decimal-hours", "create_meeting", "pattern (duration)", {**MEET, "duration": "1.5h"}, MEET),
    WrongCall("meet-duration-clock", "create_meeting", "pattern (duration)", {**MEET, "duration": "01:30"}, None),
    WrongCall("meet-duration-ninety-minutes-iso", "create_meeting", "pattern (duration)", {**MEET, "duration": "PT90M"}, MEET),
    WrongCall("meet-tz-abbreviation", "create_meeting", "enum (time zone)", {**MEET, "timezone": "EDT"}, MEET),
    WrongCall("meet-tz-utc-offset", "create_meeting", "enum (time zone)", {**MEET, "timezone": "UTC-4"}, None),
    WrongCall("meet-tz-windows-name", "create_meeting", "enum (time zone)", {**MEET, "timezone": "Eastern Standard Time"}, MEET),
    WrongCall("meet-start-without-offset", "create_meeting", "format date-time", {**MEET, "start_time": "2031-04-14T15:00:00"}, MEET),
    WrongCall("meet-attendees-one-object", "create_meeting", "type (array of objects)", {**MEET, "attendees": ANA}, MEET),
    WrongCall("meet-attendees-as-emails", "create_meeting", "type (object in an array)",
              {**MEET, "attendees": ["ana@example.com", "raj@example.com"]}, {**MEET, "attendees": [ANA, RAJ]}),
    WrongCall("meet-attendees-comma-string", "create_meeting", "type (array of objects)",
              {**MEET, "attendees": "ana@example.com, raj@example.com"}, {**MEET, "attendees": [ANA, RAJ]}),
    WrongCall("meet-recurrence-one-word", "create_meeting", "type (object)", {**MEET, "recurrence": "weekly"},
              {**MEET, "recurrence": {"frequency": "weekly"}}),
    WrongCall("meet-recurrence-rrule", "create_meeting", "type (object)", {**MEET, "recurrence": "FREQ=WEEKLY;COUNT=4"},
              {**MEET, "recurrence": {"frequency": "weekly", "count": 4}}),
    WrongCall("meet-recurrence-biweekly", "create_meeting", "enum (nested)", {**MEET, "recurrence": {"frequency": "biweekly"}},
              {**MEET, "recurrence": {"frequency": "weekly", "interval": 2}}),
    WrongCall("meet-settings-flattened", "create_meeting", "additionalProperties (flattened)", {**MEET, "waiting_room": False},
              {**MEET, "settings": {"waiting_room": False}}),
    # ---- create_notification_channel (MCP: a oneOf discriminated by type, through $ref) ---------------------------------
    WrongCall("ch-type-left-out", "create_notification_channel", "oneOf (discriminator)", _slack(type=_DROP), CH),
    WrongCall("ch-type-capitalised", "create_notification_channel", "oneOf (discriminator)", _slack(type="Slack"), CH),
    WrongCall("ch-type-wrong-member", "create_notification_channel", "oneOf (discriminator)", _slack(type="webhook"), CH),
    WrongCall("ch-type-under-kind", "create_notification_channel", "oneOf (discriminator)",
              {**CH, "channel": {**_with(SLACK, type=_DROP), "kind": "slack"}}, CH),
    WrongCall("ch-type-unknown", "create_notification_channel", "oneOf (discriminator)",
              {**CH, "channel": {"type": "teams", "webhook_url": "https://acme.webhook.office.com/x"}}, None),
    WrongCall("ch-channel-flattened", "create_notification_channel", "additionalProperties (flattened)",
              {**_with(CH, channel=_DROP), "type": "slack", "webhook_url": SLACK["webhook_url"], "slack_channel": "#alerts"}, CH),
    WrongCall("ch-channel-json-text", "create_notification_channel", "type (object in oneOf)", {**CH, "channel": json.dumps(SLACK)}, CH),
    WrongCall("ch-slack-channel-without-hash", "create_notification_channel", "pattern (in oneOf)", _slack(channel="alerts"), CH),
    WrongCall("ch-email-lone-string", "create_notification_channel", "type (array in oneOf)",
              {**CH, "channel": {"type": "email", "addresses": "ops@example.com"}}, EMAIL_CH),
    WrongCall("ch-email-singular-key", "create_notification_channel", "additionalProperties (in oneOf)",
              {**CH, "channel": {"type": "email", "address": "ops@example.com"}}, EMAIL_CH),
    WrongCall("ch-sms-phone-spaces", "create_notification_channel", "pattern (in oneOf)",
              {**CH, "channel": {"type": "sms", "phone": "+49 151 2345 6789"}}, SMS_CH),
    WrongCall("ch-sms-phone-national", "create_notification_channel", "pattern (in oneOf)",
              {**CH, "channel": {"type": "sms", "phone": "0151 23456789"}}, None),
    WrongCall("ch-sms-type-left-out", "create_notification_channel", "oneOf (discriminator)",
              {**CH, "channel": {"phone": "+4915123456789"}}, SMS_CH),
    WrongCall("ch-events-underscore", "create_notification_channel", "enum (in an array)", {**CH, "events": ["incident_opened"]}, CH),
    WrongCall("ch-events-wildcard", "create_notification_channel", "enum (in an array)", {**CH, "events": ["*"]}, None),
    WrongCall("ch-mute-null-text", "create_notification_channel", "format date-time (nullable)", {**CH, "mute_until": "null"}, CH),
    # ---- create_storage_lifecycle_rule (OpenAI: an array of objects, capitalised enums) ---------------------------------
    WrongCall("lc-transitions-one-object", "create_storage_lifecycle_rule", "type (array of objects)", {**LC, "transitions": IA}, LC),
    WrongCall("lc-transitions-aws-keys", "create_storage_lifecycle_rule", "additionalProperties (in an array)",
              {**LC, "transitions": [{"Days": 30, "StorageClass": "STANDARD_IA"}]}, LC),
    WrongCall("lc-class-hyphen", "create_storage_lifecycle_rule", "enum (in an array)", _transition(storage_class="Standard-IA"), LC),
    WrongCall("lc-class-deep-archive-words", "create_storage_lifecycle_rule", "enum (in an array)", _transition(storage_class="Glacier Deep Archive"),
              _transition(storage_class="DEEP_ARCHIVE")),
    WrongCall("lc-days-with-unit", "create_storage_lifecycle_rule", "type (in an array)", _transition(after_days="30d"), LC),
    WrongCall("lc-days-iso-duration", "create_storage_lifecycle_rule", "type (in an array)", _transition(after_days="P30D"), LC),
    WrongCall("lc-expiration-one-year", "create_storage_lifecycle_rule", "type", {**LC, "expiration_days": "1 year"}, None),
    WrongCall("lc-status-boolean", "create_storage_lifecycle_rule", "type (enum)", {**LC, "status": True}, LC),
    WrongCall("lc-bucket-s3-uri", "create_storage_lifecycle_rule", "pattern", {**LC, "bucket": "s3://acme-logs"}, LC),
    WrongCall("lc-bucket-arn", "create_storage_lifecycle_rule", "pattern", {**LC, "bucket": "arn:aws:s3:::acme-logs"}, LC),
    # ---- create_subscription (ARDF: prefixed ids, a date-time, enums) ----------------------------------------------------
    WrongCall("sub-price-without-prefix", "create_subscription", "pattern", {**SUB, "price": "1MowQULkdIwHu7ix"}, SUB),
    WrongCall("sub-price-product-id", "create_subscription", "pattern", {**SUB, "price": PROD}, None),
    WrongCall("sub-items-array", "create_subscription", "additionalProperties (array of objects)",
              {"customer": CUS, "items": [{"price": PRICE, "quantity": 2}]}, {**SUB, "quantity": 2}),
    WrongCall("sub-customer-expanded-object", "create_subscription", "type", {**SUB, "customer": {"id": CUS, "email": "jane@example.com"}}, SUB),
    WrongCall("sub-trial-with-unit", "create_subscription", "type", {**SUB, "trial_period_days": "14 days"}, {**SUB, "trial_period_days": 14}),
    WrongCall("sub-trial-iso-duration", "create_subscription", "type", {**SUB, "trial_period_days": "P14D"}, {**SUB, "trial_period_days": 14}),
    WrongCall("sub-trial-in-weeks", "create_subscription", "type", {**SUB, "trial_period_days": "2 weeks"}, {**SUB, "trial_period_days": 14}),
    WrongCall("sub-anchor-unix-seconds", "create_subscription", "type (date-time)", {**SUB, "billing_cycle_anchor": 1924992000},
              {**SUB, "billing_cycle_anchor": SINCE}),
    WrongCall("sub-anchor-date-only", "create_subscription", "format date-time", {**SUB, "billing_cycle_anchor": "2031-01-01"}, None),
    WrongCall("sub-proration-no", "create_subscription", "enum", {**SUB, "proration_behavior": "no_prorations"},
              {**SUB, "proration_behavior": "none"}),
    WrongCall("sub-collection-invoice", "create_subscription", "enum", {**SUB, "collection_method": "invoice"},
              {**SUB, "collection_method": "send_invoice"}),
    # ---- send_payouts (ATDF 2.x JSON: an array of objects, money as decimal text) ---------------------------------------
    WrongCall("po-items-one-object", "send_payouts", "type (array of objects)", {**PO, "items": PAYEE}, PO),
    WrongCall("po-value-number", "send_payouts", "type (decimal text)", _money(value=125), PO),
    WrongCall("po-value-float", "send_payouts", "type (decimal text)", _money(value=125.5), _money(value="125.50")),
    WrongCall("po-value-no-decimals", "send_payouts", "pattern (decimal text)", _money(value="125"), PO),
    WrongCall("po-value-decimal-comma", "send_payouts", "pattern (decimal text)", _money(value="125,00"), PO),
    WrongCall("po-value-with-symbol", "send_payouts", "pattern (decimal text)", _money(value="€125.00"), PO),
    WrongCall("po-amount-one-string", "send_payouts", "type (object)", _payee(amount="125.00 EUR"), PO),
    WrongCall("po-currency-lower-case", "send_payouts", "pattern (nested)", _money(currency="eur"), PO),
    WrongCall("po-currency-name", "send_payouts", "pattern (nested)", _money(currency="euros"), PO),
    WrongCall("po-currency-code-key", "send_payouts", "additionalProperties (nested)",
              _payee(amount={"value": "125.00", "currency_code": "EUR"}), PO),
    # ---- create_feature_flag (MCP: $ref rules, a percentage, a nullable date) -------------------------------------------
    WrongCall("ff-rollout-percent-sign", "create_feature_flag", "type", {**FF, "rollout_percentage": "25%"}, FF),
    WrongCall("ff-rollout-fraction", "create_feature_flag", "type", {**FF, "rollout_percentage": 0.25}, FF),
    WrongCall("ff-key-kebab-case", "create_feature_flag", "pattern", {**FF, "key": "new-checkout"}, FF),
    WrongCall("ff-env-short-name", "create_feature_flag", "enum (in an array)", {**FF, "environments": ["prod"]},
              {**FF, "environments": ["production"]}),
    WrongCall("ff-env-lone-string", "create_feature_flag", "type (array)", {**FF, "environments": "staging"}, FF),
    WrongCall("ff-env-all", "create_feature_flag", "enum (in an array)", {**FF, "environments": ["all"]}, None),
    WrongCall("ff-rules-one-object", "create_feature_flag", "type (array of $ref objects)", {**FF, "rules": RULE}, RULED),
    WrongCall("ff-rule-values-comma-string", "create_feature_flag", "type (array in $ref)", _rule(values="DE,AT"), RULED),
    WrongCall("ff-rule-operator-symbol", "create_feature_flag", "enum (in $ref)", _rule(operator="==", values=["DE"]),
              _rule(operator="equals", values=["DE"])),
    WrongCall("ff-rule-operator-spaced", "create_feature_flag", "enum (in $ref)", _rule(operator="not in"), _rule(operator="not_in")),
    WrongCall("ff-rule-attribute-camel-case", "create_feature_flag", "enum (in $ref)", _rule(attribute="userId", values=["u_1"]),
              _rule(attribute="user_id", values=["u_1"])),
    WrongCall("ff-expires-null-text", "create_feature_flag", "format date (nullable)", {**FF, "expires_on": "null"}, FF),
    WrongCall("ff-expires-date-time", "create_feature_flag", "format date (nullable)", {**FF, "expires_on": "2031-06-30T00:00:00Z"},
              {**FF, "expires_on": "2031-06-30"}),
    # ---- update_user_profile (MCP: locale, IANA enum, country code, nullable phone) -------------------------------------
    WrongCall("up-locale-underscore", "update_user_profile", "pattern", {**UP, "locale": "en_US"}, {**UP, "locale": "en-US"}),
    WrongCall("up-locale-language-name", "update_user_profile", "pattern", {**UP, "locale": "German"}, {**UP, "locale": "de"}),
    WrongCall("up-tz-pst", "update_user_profile", "enum (time zone)", {**UP, "timezone": "PST"}, {**UP, "timezone": "America/Los_Angeles"}),
    WrongCall("up-tz-utc-plus-one", "update_user_profile", "enum (time zone)", {**UP, "timezone": "UTC+1"}, None),
    WrongCall("up-tz-backward-link", "update_user_profile", "enum (time zone)", {**UP, "timezone": "US/Eastern"},
              {**UP, "timezone": "America/New_York"}),
    WrongCall("up-tz-city-tokyo", "update_user_profile", "enum (time zone)", {**UP, "timezone": "Tokyo"}, {**UP, "timezone": "Asia/Tokyo"}),
    WrongCall("up-country-name", "update_user_profile", "pattern", {**UP, "country": "Germany"}, {**UP, "country": "DE"}),
    WrongCall("up-country-alpha3", "update_user_profile", "pattern", {**UP, "country": "DEU"}, {**UP, "country": "DE"}),
    WrongCall("up-country-uk", "update_user_profile", "pattern", {**UP, "country": "UK"}, {**UP, "country": "GB"}),
    WrongCall("up-phone-formatted", "update_user_profile", "pattern (nullable)", {**UP, "phone": "+1 (415) 555-0132"},
              {**UP, "phone": "+14155550132"}),
    WrongCall("up-changes-wrapper", "update_user_profile", "additionalProperties (wrapper)", {**UP, "changes": {"locale": "de"}},
              {**UP, "locale": "de"}),
    # ---- query_audit_log (ATDF 1.x: types only, every input required; limit/offset) ------------------------------------
    WrongCall("aud-limit-string", "query_audit_log", "type", {**AUD, "limit": "50"}, AUD),
    WrongCall("aud-offset-string", "query_audit_log", "type", {**AUD, "offset": "0"}, AUD),
    WrongCall("aud-offset-left-out", "query_audit_log", "required", _with(AUD, offset=_DROP), AUD),
    WrongCall("aud-page-for-offset", "query_audit_log", "additionalProperties", {**_with(AUD, offset=_DROP), "page": 2}, {**AUD, "offset": 50}),
    WrongCall("aud-offset-null", "query_audit_log", "type (null)", {**AUD, "offset": None}, AUD),
    # ---- create_price (OpenAkita: minor units, a recurring object, Stripe's form keys) ----------------------------------
    WrongCall("price-amount-major-float", "create_price", "type (minor units)", {**PR, "unit_amount": 19.99}, PR),
    WrongCall("price-amount-decimal-text", "create_price", "type (minor units)", {**PR, "unit_amount": "19.99"}, PR),
    WrongCall("price-amount-euro-sign", "create_price", "type (minor units)", {**PR, "unit_amount": "€19.99"}, PR),
    WrongCall("price-recurring-one-word", "create_price", "type (object)", {**PR, "recurring": "monthly"}, PR),
    WrongCall("price-interval-plural", "create_price", "enum (nested)", {**PR, "recurring": {"interval": "months"}}, PR),
    WrongCall("price-interval-adverb", "create_price", "enum (nested)", {**PR, "recurring": {"interval": "yearly"}},
              {**PR, "recurring": {"interval": "year"}}),
    WrongCall("price-recurring-form-key", "create_price", "additionalProperties (flattened)",
              {**_with(PR, recurring=_DROP), "recurring[interval]": "month"}, PR),
    WrongCall("price-interval-quarter", "create_price", "enum (nested)", {**PR, "recurring": {"interval": "quarter"}},
              {**PR, "recurring": {"interval": "month", "interval_count": 3}}),
    WrongCall("price-interval-count-string", "create_price", "type (nested)", {**PR, "recurring": {"interval": "month", "interval_count": "3"}},
              {**PR, "recurring": {"interval": "month", "interval_count": 3}}),
    WrongCall("price-product-name", "create_price", "pattern", {**PR, "product": "Pro plan"}, None),
    # ---- list_compute_instances (OpenAI: a filter object, a map of labels, a page token, an order enum) -----------------
    WrongCall("vm-zone-region-only", "list_compute_instances", "enum", {**VM, "zone": "europe-west1"}, None),
    WrongCall("vm-zone-underscores", "list_compute_instances", "enum", {**VM, "zone": "europe_west1_b"}, VM),
    WrongCall("vm-filter-expression", "list_compute_instances", "type (object)", {**VM, "filter": "status = RUNNING"},
              {**VM, "filter": {"status": "RUNNING"}}),
    WrongCall("vm-filter-flattened", "list_compute_instances", "additionalProperties (flattened)", {**VM, "status": "RUNNING"},
              {**VM, "filter": {"status": "RUNNING"}}),
    WrongCall("vm-status-lower-case", "list_compute_instances", "enum (nested)", {**VM, "filter": {"status": "running"}},
              {**VM, "filter": {"status": "RUNNING"}}),
    WrongCall("vm-status-stopped", "list_compute_instances", "enum (nested)", {**VM, "filter": {"status": "STOPPED"}}, None),
    WrongCall("vm-labels-pair-strings", "list_compute_instances", "type (map, nested)", {**VM, "filter": {"labels": ["env=prod"]}},
              {**VM, "filter": {"labels": {"env": "prod"}}}),
    WrongCall("vm-max-results-string", "list_compute_instances", "type", {**VM, "max_results": "100"}, {**VM, "max_results": 100}),
    WrongCall("vm-order-field-direction-object", "list_compute_instances", "type (sort)",
              {**VM, "order_by": {"field": "creationTimestamp", "direction": "desc"}}, {**VM, "order_by": "creationTimestamp desc"}),
    WrongCall("vm-order-colon", "list_compute_instances", "enum (sort)", {**VM, "order_by": "creationTimestamp:desc"},
              {**VM, "order_by": "creationTimestamp desc"}),
    WrongCall("vm-page-token-number", "list_compute_instances", "type", {**VM, "page_token": 2}, None),
    WrongCall("vm-project-number", "list_compute_instances", "pattern", {**VM, "project": "123456789012"}, None),
)
