"""The fourth blind wrong-call corpus: wrong calls in domains the first three corpora do not use, written before any run.

Its own catalogue, `bench/corpus_blind4/` (14 tools: DNS records, firewall rules, CRM leads, webhooks, discount codes,
prescription refills, donations, insurance claims, recipes, parking, smart lights, course enrolment, conference
registration and API keys), in every dialect: MCP tool lists, OpenAI functions, ATDF 1.x (types only, every input
required), ARDF, ATDF 2.x in JSON and YAML, OpenAkita. The schemas are shaped as real APIs have them: nested objects,
arrays of objects, enums, formats (date, date-time, email, uri, uuid, ipv4), anchored patterns, min/max, multipleOf,
oneOf with const, anyOf of two formats, defaults, `$ref` into `$defs`, additionalProperties off.

The cases are the mistakes agents make in public tool-use threads, for example:
- numbers, arrays and objects sent as JSON text ("45 occurrences in a GAIA validation campaign",
  AtomicBot-ai/atomic-agent#182; anthropics/claude-code#24597; jjang-ai/vmlx#47 "Input validation error: '50' is not
  of type 'integer'"; IBM/mcp-context-forge#620, a list "is not of type 'array'");
- a value no alternative of an anyOf takes ("'0.5' is not valid under any of the given schemas", langgenius/dify#22466);
- enum members as the model says them rather than as the schema spells them, or as a number (theneuralbase.com,
  "function calling enum values not respected"; anthropics/claude-ai-mcp#408 on enum fields);
- nested structure ignored: models "only understand top-level property names and primitive typing"
  (community.openai.com, "Function JSON Schema is still ignored by GPT-4, 4o and 4o-mini when calling tools");
plus the habits of the earlier corpora: units and currency signs in numbers, locale numbers, synonyms, re-cased and
re-spelt names, values at the wrong level, lists as comma strings or lone items, nulls for optional inputs,
wrappers, dates and times as people write them, identifiers as people format them (plates, phone numbers, uuids).

`intended` says whether exactly one correction is right, judged before any run: None when no valid call says what
the agent meant (a scope not offered, a TTL under the least, a phone number without its country), so any suggestion
counts as wrong; otherwise the call the agent meant. Where the meaning is known to the corpus but not to the server
(a brightness of 0.8 meant as 80 %, LinkedIn as a social source, a time without its offset), `intended` holds the
meaning, so a suggestion that picks another reading is counted as wrong; such a case is right only when nothing is
suggested or the suggestion is that meaning. A value over or under a bound is labelled "no right fix" here: the
agent asked for something the tool does not do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .wrong_calls import _DROP, WrongCall, _with

CATALOGUES = {"corpus_blind4": Path(__file__).resolve().parent / "corpus_blind4"}

DNS = {"zone": "example.org", "name": "www", "type": "A", "value": "203.0.113.10"}
MX = {"zone": "example.org", "name": "@", "type": "MX", "value": "mail.example.org", "priority": 10}
FW = {"direction": "inbound", "action": "allow", "source_ip": "198.51.100.7"}
LEAD = {"last_name": "Okafor", "email": "chioma.okafor@example.com", "source": "website"}
ADDRESS = {"city": "Lagos", "country": "NG"}
HOOK = {"url": "https://shop.example.com/hooks/orders", "events": ["order.created"]}
PERCENT = {"kind": "percent", "percent": 25}
EUR10 = {"value": 10, "currency": "EUR"}
FIXED = {"kind": "fixed", "amount": EUR10}
DISC = {"code": "SPRING25", "discount": PERCENT}
RX = {"rx_number": "RX-4471902", "days_supply": 30, "pharmacy_id": 2207, "express": False}
GIFT = {"charity_id": "wwf-es", "amount": 25, "monthly": True}
PLACE = {"city": "Madrid", "country": "ES"}
CLAIM = {"policy_number": "POL-00482211", "incident_at": "2031-03-14T18:30:00+01:00", "kind": "collision", "location": PLACE}
FLOUR = {"name": "flour", "quantity": 200, "unit": "g"}
MILK = {"name": "milk", "quantity": 300, "unit": "ml"}
RECIPE = {"title": "Pancakes", "servings": 4, "ingredients": [FLOUR, MILK]}
GARAGE = "0b9f6a2e-3c71-4d8e-9a55-6f1e2d3c4b5a"
PARK = {"garage_id": GARAGE, "plate": "1234KLM", "arrive_at": "2031-04-02T08:00:00+02:00", "leave_at": "2031-04-02T18:00:00+02:00"}
LIGHTS = {"rooms": ["kitchen"], "on": True}
ENROL = {"student_email": "sam.lee@uni.example.edu", "course_code": "MATH-201", "term": "2031-autumn"}
EVENT = "5d0c7a1e-9b2f-4e63-8a41-2c7b9e0f1d35"
PERSON = {"name": "Priya Nair", "email": "priya.nair@example.net"}
ATT = {"event_id": EVENT, "attendee": PERSON}
KEY = {"name": "billing-sync", "scopes": ["read:orders"]}


def _flour(**changes: Any) -> dict[str, Any]:
    return {**RECIPE, "ingredients": [_with(FLOUR, **changes), MILK]}


def _person(**changes: Any) -> dict[str, Any]:
    return {**ATT, "attendee": _with(PERSON, **changes)}


def _place(**changes: Any) -> dict[str, Any]:
    return {**CLAIM, "location": _with(PLACE, **changes)}


def _amount(**changes: Any) -> dict[str, Any]:
    return {**DISC, "discount": {"kind": "fixed", "amount": _with(EUR10, **changes)}}


CASES: tuple[WrongCall, ...] = (
    # ---- create_dns_record (MCP: enum of record types, patterns, bounds) ---------------------------------------------
    WrongCall("dns-type-lower-case", "create_dns_record", "enum", {**DNS, "type": "a"}, DNS),
    WrongCall("dns-type-cname-lower-case", "create_dns_record", "enum", {**DNS, "type": "cname", "value": "shop.example.net"},
              {**DNS, "type": "CNAME", "value": "shop.example.net"}),
    WrongCall("dns-type-not-offered", "create_dns_record", "enum", {**DNS, "type": "PTR"}, None),
    WrongCall("dns-ttl-string", "create_dns_record", "type", {**DNS, "ttl": "300"}, {**DNS, "ttl": 300}),
    WrongCall("dns-ttl-hours", "create_dns_record", "type", {**DNS, "ttl": "1h"}, {**DNS, "ttl": 3600}),
    WrongCall("dns-ttl-auto", "create_dns_record", "type", {**DNS, "ttl": "auto"}, None),
    WrongCall("dns-ttl-under-the-least", "create_dns_record", "minimum", {**DNS, "ttl": 30}, None),
    WrongCall("dns-apex-empty-name", "create_dns_record", "pattern", {**MX, "name": ""}, MX),
    WrongCall("dns-name-capitalised", "create_dns_record", "pattern", {**DNS, "name": "WWW"}, DNS),
    WrongCall("dns-zone-trailing-dot", "create_dns_record", "pattern", {**DNS, "zone": "example.org."}, DNS),
    WrongCall("dns-proxied-string", "create_dns_record", "type", {**DNS, "proxied": "false"}, DNS),
    WrongCall("dns-record-type-key", "create_dns_record", "additionalProperties", {**_with(DNS, type=_DROP), "record_type": "A"}, DNS),
    WrongCall("dns-content-for-value", "create_dns_record", "additionalProperties",
              {**_with(DNS, value=_DROP), "content": "203.0.113.10"}, DNS),
    WrongCall("dns-priority-string", "create_dns_record", "type", {**MX, "priority": "10"}, MX),
    WrongCall("dns-missing-zone", "create_dns_record", "required", _with(DNS, zone=_DROP), None),
    # ---- add_firewall_rule (MCP: ipv4, array of objects, enums) -------------------------------------------------------
    WrongCall("fw-direction-ingress", "add_firewall_rule", "enum", {**FW, "direction": "ingress"}, FW),
    WrongCall("fw-action-accept", "add_firewall_rule", "enum", {**FW, "action": "ACCEPT"}, FW),
    WrongCall("fw-action-upper-case", "add_firewall_rule", "enum", {**FW, "action": "DENY"}, {**FW, "action": "deny"}),
    WrongCall("fw-protocol-upper-case", "add_firewall_rule", "enum", {**FW, "protocol": "UDP"}, {**FW, "protocol": "udp"}),
    WrongCall("fw-protocol-all", "add_firewall_rule", "enum", {**FW, "protocol": "all"}, {**FW, "protocol": "any"}),
    WrongCall("fw-source-cidr", "add_firewall_rule", "format ipv4", {**FW, "source_ip": "198.51.100.0/24"},
              {**FW, "source_ip": "198.51.100.0", "prefix_length": 24}),
    WrongCall("fw-source-with-port", "add_firewall_rule", "format ipv4", {**FW, "source_ip": "198.51.100.7:22"}, None),
    WrongCall("fw-source-host-name", "add_firewall_rule", "format ipv4", {**FW, "source_ip": "office.example.org"}, None),
    WrongCall("fw-source-ipv6", "add_firewall_rule", "format ipv4", {**FW, "source_ip": "2001:db8::7"}, None),
    WrongCall("fw-ports-as-numbers", "add_firewall_rule", "type (in an array)", {**FW, "ports": [22, 443]},
              {**FW, "ports": [{"from": 22}, {"from": 443}]}),
    WrongCall("fw-ports-range-string", "add_firewall_rule", "type (array of objects)", {**FW, "ports": "8000-8100"},
              {**FW, "ports": [{"from": 8000, "to": 8100}]}),
    WrongCall("fw-port-string-in-object", "add_firewall_rule", "type (in an array)", {**FW, "ports": [{"from": "443"}]},
              {**FW, "ports": [{"from": 443}]}),
    WrongCall("fw-one-port-object-not-in-a-list", "add_firewall_rule", "type (array of objects)", {**FW, "ports": {"from": 22}},
              {**FW, "ports": [{"from": 22}]}),
    WrongCall("fw-port-range-keys", "add_firewall_rule", "additionalProperties (in an array)",
              {**FW, "ports": [{"start": 8000, "end": 8100}]}, None),
    WrongCall("fw-priority-over", "add_firewall_rule", "maximum", {**FW, "priority": 5000}, None),
    WrongCall("fw-priority-string", "add_firewall_rule", "type", {**FW, "priority": "200"}, {**FW, "priority": 200}),
    # ---- create_lead (MCP: $ref into $defs, email, E.164 pattern, enums) ---------------------------------------------
    WrongCall("lead-source-capitalised", "create_lead", "enum", {**LEAD, "source": "Website"}, LEAD),
    WrongCall("lead-source-with-space", "create_lead", "enum", {**LEAD, "source": "trade show"}, {**LEAD, "source": "trade_show"}),
    WrongCall("lead-source-dashed", "create_lead", "enum", {**LEAD, "source": "cold-call"}, {**LEAD, "source": "cold_call"}),
    WrongCall("lead-source-linkedin", "create_lead", "enum", {**LEAD, "source": "LinkedIn"}, {**LEAD, "source": "social"}),
    WrongCall("lead-source-not-offered", "create_lead", "enum", {**LEAD, "source": "webinar"}, None),
    WrongCall("lead-email-mailto", "create_lead", "format email", {**LEAD, "email": "mailto:chioma.okafor@example.com"}, LEAD),
    WrongCall("lead-email-without-at", "create_lead", "format email", {**LEAD, "email": "chioma.okafor.example.com"}, None),
    WrongCall("lead-phone-with-spaces", "create_lead", "pattern", {**LEAD, "phone": "+234 803 123 4567"},
              {**LEAD, "phone": "+2348031234567"}),
    WrongCall("lead-phone-us-punctuation", "create_lead", "pattern", {**LEAD, "phone": "+1 (415) 555-0132"},
              {**LEAD, "phone": "+14155550132"}),
    WrongCall("lead-phone-national", "create_lead", "pattern", {**LEAD, "phone": "0803 123 4567"}, None),
    WrongCall("lead-last-name-camel-case", "create_lead", "additionalProperties",
              {**_with(LEAD, last_name=_DROP), "lastName": "Okafor"}, LEAD),
    WrongCall("lead-full-name-only", "create_lead", "required", {**_with(LEAD, last_name=_DROP), "name": "Chioma Okafor"}, None),
    WrongCall("lead-address-sent-flat", "create_lead", "additionalProperties (value at the wrong level)", {**LEAD, **ADDRESS},
              {**LEAD, "address": ADDRESS}),
    WrongCall("lead-address-as-json-text", "create_lead", "type (object)", {**LEAD, "address": json.dumps(ADDRESS)},
              {**LEAD, "address": ADDRESS}),
    WrongCall("lead-country-name", "create_lead", "pattern (nested)", {**LEAD, "address": {**ADDRESS, "country": "Nigeria"}},
              {**LEAD, "address": ADDRESS}),
    WrongCall("lead-country-lower-case", "create_lead", "pattern (nested)", {**LEAD, "address": {**ADDRESS, "country": "ng"}},
              {**LEAD, "address": ADDRESS}),
    WrongCall("lead-value-with-currency", "create_lead", "type", {**LEAD, "estimated_value": "$12,000"},
              {**LEAD, "estimated_value": 12000}),
    WrongCall("lead-value-in-thousands", "create_lead", "type", {**LEAD, "estimated_value": "12k"}, {**LEAD, "estimated_value": 12000}),
    WrongCall("lead-tags-comma-string", "create_lead", "type (array)", {**LEAD, "tags": "vip, q3"}, {**LEAD, "tags": ["vip", "q3"]}),
    WrongCall("lead-consent-yes", "create_lead", "type", {**LEAD, "consent_marketing": "yes"}, {**LEAD, "consent_marketing": True}),
    WrongCall("lead-status-capitalised", "create_lead", "enum", {**LEAD, "status": "Qualified"}, {**LEAD, "status": "qualified"}),
    WrongCall("lead-null-phone", "create_lead", "type (null for an optional input)", {**LEAD, "phone": None}, LEAD),
    # ---- create_webhook (OpenAI function: uri with an https pattern, enum array, nested object) ----------------------
    WrongCall("hook-url-plain-http", "create_webhook", "pattern", {**HOOK, "url": "http://shop.example.com/hooks/orders"}, None),
    WrongCall("hook-url-without-scheme", "create_webhook", "format uri", {**HOOK, "url": "shop.example.com/hooks/orders"}, HOOK),
    WrongCall("hook-url-padded", "create_webhook", "format uri", {**HOOK, "url": " https://shop.example.com/hooks/orders "}, HOOK),
    WrongCall("hook-event-underscore", "create_webhook", "enum (in an array)", {**HOOK, "events": ["order_created"]}, HOOK),
    WrongCall("hook-event-camel-case", "create_webhook", "enum (in an array)", {**HOOK, "events": ["orderCreated"]}, HOOK),
    WrongCall("hook-events-lone-string", "create_webhook", "type (array)", {**HOOK, "events": "order.created"}, HOOK),
    WrongCall("hook-events-comma-string", "create_webhook", "type (array)", {**HOOK, "events": "order.created,order.paid"},
              {**HOOK, "events": ["order.created", "order.paid"]}),
    WrongCall("hook-events-wildcard", "create_webhook", "enum (in an array)", {**HOOK, "events": ["order.*"]},
              {**HOOK, "events": ["order.created", "order.paid", "order.refunded"]}),
    WrongCall("hook-event-not-offered", "create_webhook", "enum (in an array)", {**HOOK, "events": ["order.shipped"]}, None),
    WrongCall("hook-secret-too-short", "create_webhook", "minLength", {**HOOK, "secret": "abc123"}, None),
    WrongCall("hook-content-type-json", "create_webhook", "enum", {**HOOK, "content_type": "json"},
              {**HOOK, "content_type": "application/json"}),
    WrongCall("hook-retry-sent-flat", "create_webhook", "additionalProperties (value at the wrong level)", {**HOOK, "max_attempts": 5},
              {**HOOK, "retry_policy": {"max_attempts": 5}}),
    WrongCall("hook-retry-backoff-capitalised", "create_webhook", "enum (nested)", {**HOOK, "retry_policy": {"backoff": "Exponential"}},
              {**HOOK, "retry_policy": {"backoff": "exponential"}}),
    WrongCall("hook-retry-attempts-string", "create_webhook", "type (nested)", {**HOOK, "retry_policy": {"max_attempts": "5"}},
              {**HOOK, "retry_policy": {"max_attempts": 5}}),
    WrongCall("hook-retry-as-json-text", "create_webhook", "type (object)", {**HOOK, "retry_policy": '{"max_attempts": 5}'},
              {**HOOK, "retry_policy": {"max_attempts": 5}}),
    WrongCall("hook-active-one", "create_webhook", "type", {**HOOK, "active": 1}, HOOK),
    WrongCall("hook-arguments-wrapped", "create_webhook", "additionalProperties (wrapper)", {"params": HOOK}, HOOK),
    # ---- create_discount_code (OpenAI function: oneOf with const, $ref money, date-times) ----------------------------
    WrongCall("disc-code-lower-case", "create_discount_code", "pattern", {**DISC, "code": "spring25"}, DISC),
    WrongCall("disc-code-with-dash", "create_discount_code", "pattern", {**DISC, "code": "SPRING-25"}, None),
    WrongCall("disc-percent-with-sign", "create_discount_code", "type (oneOf)", {**DISC, "discount": {**PERCENT, "percent": "25%"}}, DISC),
    WrongCall("disc-percent-string", "create_discount_code", "type (oneOf)", {**DISC, "discount": {**PERCENT, "percent": "25"}}, DISC),
    WrongCall("disc-kind-percentage", "create_discount_code", "const (oneOf)", {**DISC, "discount": {**PERCENT, "kind": "percentage"}}, DISC),
    WrongCall("disc-kind-left-out", "create_discount_code", "required (oneOf)", {**DISC, "discount": {"percent": 25}}, DISC),
    WrongCall("disc-percent-over", "create_discount_code", "maximum (oneOf)", {**DISC, "discount": {**PERCENT, "percent": 150}}, None),
    WrongCall("disc-fixed-amount-bare-number", "create_discount_code", "type (oneOf)",
              {**DISC, "discount": {"kind": "fixed", "amount": 10}}, None),
    WrongCall("disc-fixed-amount-text", "create_discount_code", "type (oneOf)",
              {**DISC, "discount": {"kind": "fixed", "amount": "10 EUR"}}, {**DISC, "discount": FIXED}),
    WrongCall("disc-fixed-value-string", "create_discount_code", "type ($ref in oneOf)", _amount(value="10.00"), {**DISC, "discount": FIXED}),
    WrongCall("disc-currency-symbol", "create_discount_code", "enum ($ref in oneOf)", _amount(currency="€"), {**DISC, "discount": FIXED}),
    WrongCall("disc-currency-lower-case", "create_discount_code", "enum ($ref in oneOf)", _amount(currency="eur"),
              {**DISC, "discount": FIXED}),
    WrongCall("disc-discount-as-json-text", "create_discount_code", "type (object)", {**DISC, "discount": json.dumps(PERCENT)}, DISC),
    WrongCall("disc-discount-sent-flat", "create_discount_code", "additionalProperties (value at the wrong level)",
              {"code": "SPRING25", **PERCENT}, DISC),
    WrongCall("disc-expires-date-only", "create_discount_code", "format date-time", {**DISC, "expires_at": "2031-06-30"}, None),
    WrongCall("disc-expires-without-offset", "create_discount_code", "format date-time", {**DISC, "expires_at": "2031-06-30T23:59:59"}, None),
    WrongCall("disc-expires-space-for-t", "create_discount_code", "format date-time", {**DISC, "expires_at": "2031-06-30 23:59:59Z"},
              {**DISC, "expires_at": "2031-06-30T23:59:59Z"}),
    WrongCall("disc-usage-limit-unlimited", "create_discount_code", "type", {**DISC, "usage_limit": "unlimited"}, DISC),
    WrongCall("disc-usage-limit-string", "create_discount_code", "type", {**DISC, "usage_limit": "100"}, {**DISC, "usage_limit": 100}),
    WrongCall("disc-applies-to-plural", "create_discount_code", "enum", {**DISC, "applies_to": "products"}, {**DISC, "applies_to": "product"}),
    # ---- refill_prescription (ATDF 1.x: types only, every input required) ----------------------------------------------
    WrongCall("rx-days-string", "refill_prescription", "type", {**RX, "days_supply": "30"}, RX),
    WrongCall("rx-days-with-unit", "refill_prescription", "type", {**RX, "days_supply": "30 days"}, RX),
    WrongCall("rx-days-in-words", "refill_prescription", "type", {**RX, "days_supply": "thirty"}, RX),
    WrongCall("rx-days-a-month", "refill_prescription", "type", {**RX, "days_supply": "1 month"}, None),
    WrongCall("rx-days-fraction", "refill_prescription", "type", {**RX, "days_supply": 30.5}, None),
    WrongCall("rx-pharmacy-string", "refill_prescription", "type", {**RX, "pharmacy_id": "2207"}, RX),
    WrongCall("rx-pharmacy-with-hash", "refill_prescription", "type", {**RX, "pharmacy_id": "#2207"}, RX),
    WrongCall("rx-express-no", "refill_prescription", "type", {**RX, "express": "no"}, RX),
    WrongCall("rx-express-left-out", "refill_prescription", "required", _with(RX, express=_DROP), None),
    WrongCall("rx-number-as-number", "refill_prescription", "type", {**RX, "rx_number": 4471902}, {**RX, "rx_number": "4471902"}),
    WrongCall("rx-names-camel-case", "refill_prescription", "additionalProperties",
              {"rxNumber": "RX-4471902", "daysSupply": 30, "pharmacyId": 2207, "express": False}, RX),
    # ---- pledge_donation (ATDF 1.x) -------------------------------------------------------------------------------------
    WrongCall("gift-amount-euro-sign", "pledge_donation", "type", {**GIFT, "amount": "€25"}, GIFT),
    WrongCall("gift-amount-decimal-comma", "pledge_donation", "type", {**GIFT, "amount": "25,50"}, {**GIFT, "amount": 25.5}),
    WrongCall("gift-amount-comma-ambiguous", "pledge_donation", "type", {**GIFT, "amount": "2,500"}, None),
    WrongCall("gift-amount-string", "pledge_donation", "type", {**GIFT, "amount": "25"}, GIFT),
    WrongCall("gift-monthly-string", "pledge_donation", "type", {**GIFT, "monthly": "true"}, GIFT),
    WrongCall("gift-frequency-for-monthly", "pledge_donation", "additionalProperties",
              {**_with(GIFT, monthly=_DROP), "frequency": "monthly"}, GIFT),
    WrongCall("gift-amount-left-out", "pledge_donation", "required", _with(GIFT, amount=_DROP), None),
    WrongCall("gift-charity-as-number", "pledge_donation", "type", {**GIFT, "charity_id": 1234}, {**GIFT, "charity_id": "1234"}),
    # ---- file_claim (ARDF: pattern, date-time, nested object, array of objects) ---------------------------------------
    WrongCall("claim-policy-without-prefix", "file_claim", "pattern", {**CLAIM, "policy_number": "00482211"}, CLAIM),
    WrongCall("claim-policy-lower-case", "file_claim", "pattern", {**CLAIM, "policy_number": "pol-00482211"}, CLAIM),
    WrongCall("claim-policy-space-for-dash", "file_claim", "pattern", {**CLAIM, "policy_number": "POL 00482211"}, CLAIM),
    WrongCall("claim-kind-car-accident", "file_claim", "enum", {**CLAIM, "kind": "car accident"}, CLAIM),
    WrongCall("claim-kind-with-space", "file_claim", "enum", {**CLAIM, "kind": "water damage"}, {**CLAIM, "kind": "water_damage"}),
    WrongCall("claim-kind-stolen", "file_claim", "enum", {**CLAIM, "kind": "stolen"}, {**CLAIM, "kind": "theft"}),
    WrongCall("claim-kind-upper-case", "file_claim", "enum", {**CLAIM, "kind": "COLLISION"}, CLAIM),
    WrongCall("claim-kind-not-offered", "file_claim", "enum", {**CLAIM, "kind": "hail"}, None),
    WrongCall("claim-incident-without-offset", "file_claim", "format date-time", {**CLAIM, "incident_at": "2031-03-14T18:30:00"}, None),
    WrongCall("claim-incident-date-only", "file_claim", "format date-time", {**CLAIM, "incident_at": "2031-03-14"}, None),
    WrongCall("claim-incident-in-words", "file_claim", "format date-time", {**CLAIM, "incident_at": "yesterday evening"}, None),
    WrongCall("claim-cost-with-currency", "file_claim", "type", {**CLAIM, "estimated_cost": "€2,300"}, {**CLAIM, "estimated_cost": 2300}),
    WrongCall("claim-cost-string", "file_claim", "type", {**CLAIM, "estimated_cost": "2300"}, {**CLAIM, "estimated_cost": 2300}),
    WrongCall("claim-currency-lower-case", "file_claim", "enum", {**CLAIM, "currency": "usd"}, {**CLAIM, "currency": "USD"}),
    WrongCall("claim-location-one-string", "file_claim", "type (object)", {**CLAIM, "location": "Madrid, Spain"}, CLAIM),
    WrongCall("claim-location-country-name", "file_claim", "enum (nested)", _place(country="Spain"), CLAIM),
    WrongCall("claim-location-lat-string", "file_claim", "type (nested)", _place(lat="40.4168", lon="-3.7038"),
              _place(lat=40.4168, lon=-3.7038)),
    WrongCall("claim-location-sent-flat", "file_claim", "additionalProperties (value at the wrong level)",
              {**_with(CLAIM, location=_DROP), **PLACE}, CLAIM),
    WrongCall("claim-witness-as-name", "file_claim", "type (in an array)", {**CLAIM, "witnesses": ["Luis Gómez"]},
              {**CLAIM, "witnesses": [{"name": "Luis Gómez"}]}),
    WrongCall("claim-witness-phone-spaces", "file_claim", "pattern (in an array)",
              {**CLAIM, "witnesses": [{"name": "Luis Gómez", "phone": "+34 612 345 678"}]},
              {**CLAIM, "witnesses": [{"name": "Luis Gómez", "phone": "+34612345678"}]}),
    WrongCall("claim-police-report-yes", "file_claim", "type", {**CLAIM, "police_report": "yes"}, {**CLAIM, "police_report": True}),
    # ---- save_recipe (ATDF 2.x JSON: array of objects, enum units, multipleOf, uri) -----------------------------------
    WrongCall("recipe-unit-grams", "save_recipe", "enum (in an array)", _flour(unit="grams"), RECIPE),
    WrongCall("recipe-unit-tablespoon", "save_recipe", "enum (in an array)", _flour(quantity=2, unit="tablespoons"),
              _flour(quantity=2, unit="tbsp")),
    WrongCall("recipe-unit-ounces", "save_recipe", "enum (in an array)", _flour(quantity=7, unit="oz"), None),
    WrongCall("recipe-quantity-with-unit", "save_recipe", "type (in an array)", _flour(quantity="200g", unit=_DROP), RECIPE),
    WrongCall("recipe-quantity-fraction", "save_recipe", "type (in an array)", _flour(quantity="1/2", unit="cup"),
              _flour(quantity=0.5, unit="cup")),
    WrongCall("recipe-quantity-string", "save_recipe", "type (in an array)", _flour(quantity="200"), RECIPE),
    WrongCall("recipe-quantity-a-third", "save_recipe", "multipleOf (in an array)", _flour(quantity=0.33, unit="cup"), None),
    WrongCall("recipe-amount-key", "save_recipe", "additionalProperties (in an array)",
              {**RECIPE, "ingredients": [{"name": "flour", "amount": 200, "unit": "g"}, MILK]}, RECIPE),
    WrongCall("recipe-ingredients-as-strings", "save_recipe", "type (in an array)",
              {**RECIPE, "ingredients": ["200 g flour", "300 ml milk"]}, RECIPE),
    WrongCall("recipe-ingredients-as-json-text", "save_recipe", "type (array of objects)",
              {**RECIPE, "ingredients": json.dumps([FLOUR, MILK])}, RECIPE),
    WrongCall("recipe-servings-string", "save_recipe", "type", {**RECIPE, "servings": "4"}, RECIPE),
    WrongCall("recipe-servings-range", "save_recipe", "type", {**RECIPE, "servings": "4-6"}, None),
    WrongCall("recipe-prep-an-hour", "save_recipe", "type", {**RECIPE, "prep_minutes": "1 hour"}, {**RECIPE, "prep_minutes": 60}),
    WrongCall("recipe-prep-iso-duration", "save_recipe", "type", {**RECIPE, "prep_minutes": "PT45M"}, {**RECIPE, "prep_minutes": 45}),
    WrongCall("recipe-difficulty-capitalised", "save_recipe", "enum", {**RECIPE, "difficulty": "Easy"}, {**RECIPE, "difficulty": "easy"}),
    WrongCall("recipe-diet-lone-string", "save_recipe", "type (array)", {**RECIPE, "diet": "vegetarian"}, {**RECIPE, "diet": ["vegetarian"]}),
    WrongCall("recipe-diet-with-space", "save_recipe", "enum (in an array)", {**RECIPE, "diet": ["gluten free"]},
              {**RECIPE, "diet": ["gluten-free"]}),
    WrongCall("recipe-diet-not-offered", "save_recipe", "enum (in an array)", {**RECIPE, "diet": ["keto"]}, None),
    WrongCall("recipe-name-for-title", "save_recipe", "additionalProperties", {**_with(RECIPE, title=_DROP), "name": "Pancakes"}, RECIPE),
    WrongCall("recipe-source-without-scheme", "save_recipe", "format uri", {**RECIPE, "source_url": "www.example.org/pancakes"}, None),
    # ---- book_parking (ATDF 2.x JSON: uuid, plate pattern, date-times, anyOf of two formats) -------------------------
    WrongCall("park-plate-with-space", "book_parking", "pattern", {**PARK, "plate": "1234 KLM"}, PARK),
    WrongCall("park-plate-with-dash", "book_parking", "pattern", {**PARK, "plate": "1234-KLM"}, PARK),
    WrongCall("park-plate-lower-case", "book_parking", "pattern", {**PARK, "plate": "1234klm"}, PARK),
    WrongCall("park-garage-uuid-in-braces", "book_parking", "format uuid", {**PARK, "garage_id": "{" + GARAGE + "}"}, PARK),
    WrongCall("park-garage-uuid-without-dashes", "book_parking", "format uuid", {**PARK, "garage_id": GARAGE.replace("-", "")}, PARK),
    WrongCall("park-garage-by-name", "book_parking", "format uuid", {**PARK, "garage_id": "Plaza Mayor garage"}, None),
    WrongCall("park-arrive-space-for-t", "book_parking", "format date-time", {**PARK, "arrive_at": "2031-04-02 08:00:00+02:00"}, PARK),
    WrongCall("park-leave-without-offset", "book_parking", "format date-time", {**PARK, "leave_at": "2031-04-02T18:00:00"}, None),
    WrongCall("park-duration-for-leave", "book_parking", "required", {**_with(PARK, leave_at=_DROP), "duration_hours": 10}, PARK),
    WrongCall("park-vehicle-motorcycle", "book_parking", "enum", {**PARK, "vehicle": "motorcycle"}, {**PARK, "vehicle": "motorbike"}),
    WrongCall("park-vehicle-capitalised", "book_parking", "enum", {**PARK, "vehicle": "Van"}, {**PARK, "vehicle": "van"}),
    WrongCall("park-ev-yes", "book_parking", "type", {**PARK, "ev_charging": "yes"}, {**PARK, "ev_charging": True}),
    WrongCall("park-notify-phone-spaces", "book_parking", "anyOf", {**PARK, "notify": "+34 600 123 456"}, {**PARK, "notify": "+34600123456"}),
    WrongCall("park-notify-mailto", "book_parking", "anyOf", {**PARK, "notify": "mailto:kim@example.com"}, {**PARK, "notify": "kim@example.com"}),
    WrongCall("park-notify-national-phone", "book_parking", "anyOf", {**PARK, "notify": "600123456"}, None),
    # ---- set_lights (ATDF 2.x YAML: enum array with spaces, multipleOf, a boolean named "on") -------------------------
    WrongCall("lights-room-lone-string", "set_lights", "type (array)", {**LIGHTS, "rooms": "kitchen"}, LIGHTS),
    WrongCall("lights-room-title-case", "set_lights", "enum (in an array)", {**LIGHTS, "rooms": ["Living Room"]},
              {**LIGHTS, "rooms": ["living room"]}),
    WrongCall("lights-room-underscore", "set_lights", "enum (in an array)", {**LIGHTS, "rooms": ["living_room"]},
              {**LIGHTS, "rooms": ["living room"]}),
    WrongCall("lights-room-not-offered", "set_lights", "enum (in an array)", {**LIGHTS, "rooms": ["garage"]}, None),
    WrongCall("lights-on-as-word", "set_lights", "type", {**LIGHTS, "on": "on"}, LIGHTS),
    WrongCall("lights-off-as-word", "set_lights", "type", {**LIGHTS, "on": "off"}, {**LIGHTS, "on": False}),
    WrongCall("lights-brightness-percent", "set_lights", "type", {**LIGHTS, "brightness": "80%"}, {**LIGHTS, "brightness": 80}),
    WrongCall("lights-brightness-fraction", "set_lights", "type", {**LIGHTS, "brightness": 0.8}, {**LIGHTS, "brightness": 80}),
    WrongCall("lights-brightness-byte-scale", "set_lights", "maximum", {**LIGHTS, "brightness": 200}, None),
    WrongCall("lights-temp-with-unit", "set_lights", "type", {**LIGHTS, "color_temp_k": "4000K"}, {**LIGHTS, "color_temp_k": 4000}),
    WrongCall("lights-temp-between-steps", "set_lights", "multipleOf", {**LIGHTS, "color_temp_k": 4050}, None),
    WrongCall("lights-temp-warm", "set_lights", "type", {**LIGHTS, "color_temp_k": "warm"}, None),
    WrongCall("lights-scene-capitalised", "set_lights", "enum", {**LIGHTS, "scene": "Relax"}, {**LIGHTS, "scene": "relax"}),
    WrongCall("lights-scene-reading", "set_lights", "enum", {**LIGHTS, "scene": "reading"}, {**LIGHTS, "scene": "read"}),
    WrongCall("lights-transition-string", "set_lights", "type", {**LIGHTS, "transition_seconds": "2"}, {**LIGHTS, "transition_seconds": 2}),
    WrongCall("lights-transition-milliseconds", "set_lights", "type", {**LIGHTS, "transition_seconds": "500ms"}, None),
    WrongCall("lights-on-left-out", "set_lights", "required", {"rooms": ["kitchen"], "brightness": 40}, None),
    # ---- enroll_course (ATDF 2.x YAML: email, course pattern, term enum, enum of integers) ----------------------------
    WrongCall("enrol-code-without-dash", "enroll_course", "pattern", {**ENROL, "course_code": "MATH201"}, ENROL),
    WrongCall("enrol-code-space-for-dash", "enroll_course", "pattern", {**ENROL, "course_code": "MATH 201"}, ENROL),
    WrongCall("enrol-code-lower-case", "enroll_course", "pattern", {**ENROL, "course_code": "math-201"}, ENROL),
    WrongCall("enrol-term-fall", "enroll_course", "enum", {**ENROL, "term": "2031-fall"}, ENROL),
    WrongCall("enrol-term-in-words", "enroll_course", "enum", {**ENROL, "term": "Autumn 2031"}, ENROL),
    WrongCall("enrol-term-without-year", "enroll_course", "enum", {**ENROL, "term": "autumn"}, ENROL),
    WrongCall("enrol-term-not-offered", "enroll_course", "enum", {**ENROL, "term": "2032-spring"}, None),
    WrongCall("enrol-credits-string", "enroll_course", "type", {**ENROL, "credits": "4"}, {**ENROL, "credits": 4}),
    WrongCall("enrol-credits-not-offered", "enroll_course", "enum", {**ENROL, "credits": 5}, None),
    WrongCall("enrol-email-padded", "enroll_course", "format email", {**ENROL, "student_email": " sam.lee@uni.example.edu "}, ENROL),
    WrongCall("enrol-audit-string", "enroll_course", "type", {**ENROL, "audit": "false"}, ENROL),
    WrongCall("enrol-section-letter", "enroll_course", "type", {**ENROL, "section": "A"}, None),
    WrongCall("enrol-email-short-name", "enroll_course", "additionalProperties",
              {**_with(ENROL, student_email=_DROP), "email": "sam.lee@uni.example.edu"}, ENROL),
    WrongCall("enrol-student-id-for-email", "enroll_course", "required",
              {**_with(ENROL, student_email=_DROP), "student_id": "S1234567"}, None),
    # ---- register_attendee (OpenAkita: uuid, nested object, pattern items, enum arrays, date) --------------------------
    WrongCall("att-attendee-sent-flat", "register_attendee", "additionalProperties (value at the wrong level)",
              {"event_id": EVENT, **PERSON}, ATT),
    WrongCall("att-attendee-as-json-text", "register_attendee", "type (object)", {**ATT, "attendee": json.dumps(PERSON)}, ATT),
    WrongCall("att-attendee-email-dashed", "register_attendee", "additionalProperties (nested)",
              {**ATT, "attendee": {"name": "Priya Nair", "e-mail": "priya.nair@example.net"}}, ATT),
    WrongCall("att-attendee-email-left-out", "register_attendee", "required (nested)", {**ATT, "attendee": {"name": "Priya Nair"}}, None),
    WrongCall("att-ticket-upper-case", "register_attendee", "enum", {**ATT, "ticket_type": "VIP"}, {**ATT, "ticket_type": "vip"}),
    WrongCall("att-ticket-standard", "register_attendee", "enum", {**ATT, "ticket_type": "standard"}, {**ATT, "ticket_type": "general"}),
    WrongCall("att-ticket-plural", "register_attendee", "enum", {**ATT, "ticket_type": "students"}, {**ATT, "ticket_type": "student"}),
    WrongCall("att-sessions-as-numbers", "register_attendee", "type (in an array)", {**ATT, "sessions": [101, 204]},
              {**ATT, "sessions": ["S101", "S204"]}),
    WrongCall("att-sessions-lower-case", "register_attendee", "pattern (in an array)", {**ATT, "sessions": ["s101"]},
              {**ATT, "sessions": ["S101"]}),
    WrongCall("att-sessions-comma-string", "register_attendee", "type (array)", {**ATT, "sessions": "S101, S204"},
              {**ATT, "sessions": ["S101", "S204"]}),
    WrongCall("att-dietary-lone-string", "register_attendee", "type (array)", {**ATT, "dietary": "vegetarian"},
              {**ATT, "dietary": ["vegetarian"]}),
    WrongCall("att-dietary-with-space", "register_attendee", "enum (in an array)", {**ATT, "dietary": ["gluten free"]},
              {**ATT, "dietary": ["gluten-free"]}),
    WrongCall("att-dietary-null", "register_attendee", "type (null for an optional input)", {**ATT, "dietary": None}, ATT),
    WrongCall("att-tshirt-lower-case", "register_attendee", "enum", {**ATT, "tshirt_size": "m"}, {**ATT, "tshirt_size": "M"}),
    WrongCall("att-tshirt-word", "register_attendee", "enum", {**ATT, "tshirt_size": "medium"}, {**ATT, "tshirt_size": "M"}),
    WrongCall("att-tshirt-2xl", "register_attendee", "enum", {**ATT, "tshirt_size": "2XL"}, {**ATT, "tshirt_size": "XXL"}),
    WrongCall("att-tshirt-not-offered", "register_attendee", "enum", {**ATT, "tshirt_size": "XXXL"}, None),
    WrongCall("att-arrival-us-order-unambiguous", "register_attendee", "format date", {**ATT, "arrival_date": "04/15/2031"},
              {**ATT, "arrival_date": "2031-04-15"}),
    WrongCall("att-arrival-with-time", "register_attendee", "format date", {**ATT, "arrival_date": "2031-04-15T09:00:00"},
              {**ATT, "arrival_date": "2031-04-15"}),
    WrongCall("att-event-by-name", "register_attendee", "format uuid", {**ATT, "event_id": "DevConf 2031"}, None),
    # ---- create_api_key (OpenAkita: enum array with colons, enum of integers, ipv4 items, multipleOf) ------------------
    WrongCall("key-scope-lone-string", "create_api_key", "type (array)", {**KEY, "scopes": "read:orders"}, KEY),
    WrongCall("key-scope-dotted", "create_api_key", "enum (in an array)", {**KEY, "scopes": ["orders.read"]}, KEY),
    WrongCall("key-scope-upper-case", "create_api_key", "enum (in an array)", {**KEY, "scopes": ["READ:ORDERS"]}, KEY),
    WrongCall("key-scopes-space-separated", "create_api_key", "type (array)", {**KEY, "scopes": "read:orders write:orders"},
              {**KEY, "scopes": ["read:orders", "write:orders"]}),
    WrongCall("key-scope-star", "create_api_key", "enum (in an array)", {**KEY, "scopes": ["*"]}, None),
    WrongCall("key-scope-not-offered", "create_api_key", "enum (in an array)", {**KEY, "scopes": ["read:invoices"]}, None),
    WrongCall("key-name-with-spaces", "create_api_key", "pattern", {**KEY, "name": "Billing Sync"}, None),
    WrongCall("key-name-upper-case", "create_api_key", "pattern", {**KEY, "name": "BILLING-SYNC"}, KEY),
    WrongCall("key-expiry-string", "create_api_key", "type", {**KEY, "expires_in_days": "30"}, {**KEY, "expires_in_days": 30}),
    WrongCall("key-expiry-with-unit", "create_api_key", "type", {**KEY, "expires_in_days": "90 days"}, {**KEY, "expires_in_days": 90}),
    WrongCall("key-expiry-a-year", "create_api_key", "type", {**KEY, "expires_in_days": "1 year"}, {**KEY, "expires_in_days": 365}),
    WrongCall("key-expiry-never", "create_api_key", "type", {**KEY, "expires_in_days": "never"}, KEY),
    WrongCall("key-expiry-not-offered", "create_api_key", "enum", {**KEY, "expires_in_days": 60}, None),
    WrongCall("key-ips-cidr", "create_api_key", "format ipv4 (in an array)", {**KEY, "allowed_ips": ["203.0.113.0/24"]}, None),
    WrongCall("key-ips-comma-string", "create_api_key", "type (array)", {**KEY, "allowed_ips": "203.0.113.5, 203.0.113.6"},
              {**KEY, "allowed_ips": ["203.0.113.5", "203.0.113.6"]}),
    WrongCall("key-rate-limit-string", "create_api_key", "type", {**KEY, "rate_limit_per_minute": "1200"},
              {**KEY, "rate_limit_per_minute": 1200}),
    WrongCall("key-rate-limit-between-steps", "create_api_key", "multipleOf", {**KEY, "rate_limit_per_minute": 255}, None),
    WrongCall("key-environment-production", "create_api_key", "enum", {**KEY, "environment": "production"}, {**KEY, "environment": "live"}),
    WrongCall("key-environment-capitalised", "create_api_key", "enum", {**KEY, "environment": "Live"}, {**KEY, "environment": "live"}),
    WrongCall("key-arguments-wrapped", "create_api_key", "additionalProperties (wrapper)", {"input": KEY}, KEY),
)
