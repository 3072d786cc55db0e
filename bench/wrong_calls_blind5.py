"""The fifth blind wrong-call corpus: wrong calls in domains the first four corpora do not use, written before any run.

Its own catalogue, `bench/corpus_blind5/` (13 tools: stock orders, uptime monitors, VPN peers, time off, bulky-waste
pick-up, social posts, tee times, job postings, blood pressure, timesheets, gym classes, meter readings and pull
requests), in every dialect: MCP tool lists, OpenAI functions, ATDF 1.x (types only, every input required), ARDF,
ATDF 2.x in JSON and YAML, OpenAkita. The schemas are shaped as real APIs have them: nested objects, arrays of
objects, enums, formats (date, date-time, email, uri, uuid, ipv4, ipv6, hostname), anchored patterns, min/max,
exclusive bounds, multipleOf, minItems/maxItems/uniqueItems, oneOf with const, anyOf of formats, defaults, `$ref`
into `$defs`, a nullable enum, additionalProperties off.

The four earlier corpora hold mostly type, enum and pattern slips (242, 174 and 58 of 754 cases); they have few
wrappers (3), Python reprs (none), flattened nested objects (15), ids with a wrong prefix (3). This one is weighted
toward those, as public threads report them:
- the arguments as one JSON string, or the whole call under one key ("arguments": "{\"city\": ...}",
  huggingface/smolagents#1003; anomalyco/opencode#7512 "Tools with array/object parameters fail when LLM sends
  stringified JSON": `{"todos": "[{...}]"}`, `{"timeout": "180000"}`, `{"enabled": "true"}`);
- Python literals instead of JSON: single quotes, True/False/None (waybarrios/vllm-mlx#63, Qwen3-Coder sends
  `['python', 'tutorial']` and `{'theme': 'dark'}`; modelscope/ms-swift#9968, booleans and nulls rendered as True and
  None; NousResearch/atropos#478, single-quoted dicts);
- arrays as comma strings or single items, nested objects flattened (`address_city`, `"address.city"`) or written as
  one line, units and currency signs in numbers, enum members by case or synonym, dates and durations in other
  shapes, identifiers with a missing or wrong prefix (agentbeck.bot report 57453: "it may wrap a JSON object in
  extra quotes ... output null for required fields or represent booleans as strings").

`intended` says whether exactly one correction is right, judged before any run: None when no valid call says what
the agent meant (a region or channel not offered, a bound crossed, a date that reads two ways, a time without its
offset, a value the schema cannot hold), so any suggestion counts as wrong; otherwise the call the agent meant.
Where the meaning is known to the corpus but not to the server (holiday as vacation, twitter as x, a sofa as
furniture, an address on one line), `intended` holds that meaning, so a suggestion that picks another reading is
counted as wrong; such a case is right only when nothing is suggested or the suggestion is that meaning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .wrong_calls import _DROP, WrongCall, _with

CATALOGUES = {"corpus_blind5": Path(__file__).resolve().parent / "corpus_blind5"}

ORDER = {"account_id": "ACC-20931177", "symbol": "AAPL", "side": "buy", "quantity": 10}
LIMIT = {**ORDER, "order_type": "limit", "limit_price": 187.5}
CLIENT_ID = "6f1c2b9e-0d4a-4e7b-8c3f-91a2b3c4d5e6"
MON = {"name": "shop homepage", "target": {"kind": "http", "url": "https://shop.example.com/"}, "regions": ["eu-central"]}
PING = {"name": "db primary", "target": {"kind": "ping", "host": "db1.internal.example.com"}, "regions": ["us-east"]}
TWO_REGIONS = {**MON, "regions": ["eu-central", "us-east"]}
EMAILS = ["ops@example.com", "oncall@example.com"]
KEY = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg="
PEER = {"name": "laptop-ana", "public_key": KEY, "allowed_ips": ["10.8.0.2/32"]}
ENDPOINT = {"host": "vpn.example.org", "port": 51820}
EMP = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
LEAVE = {"employee_id": EMP, "kind": "vacation", "start_date": "2031-08-04", "end_date": "2031-08-15"}
ADDR = {"street": "Calle Mayor 12", "postcode": "28013", "city": "Madrid"}
PICK = {"address": ADDR, "items": [{"category": "furniture", "count": 2}], "date": "2031-05-20"}
POST = {"text": "Our spring collection is live!", "channels": ["linkedin"]}
TWO_CHANNELS = {**POST, "channels": ["linkedin", "facebook"]}
IMAGE = "https://cdn.example.com/spring.jpg"
COURSE = "a3bb189e-8bf9-3888-9912-ace4e6543002"
TEE = {"course_id": COURSE, "tee_time": "2031-06-07T08:30:00+02:00", "players": 4}
JOB = {"title": "Backend Engineer", "employment_type": "full_time", "location": {"city": "Berlin", "country": "DE"}}
SAL = {"min": 65000, "max": 80000, "currency": "EUR", "period": "year"}
BP = {"systolic": 128, "diastolic": 82, "measured_at": "2031-02-11T07:45:00+01:00"}
TS = {"project_code": "PRJ-0412", "date": "2031-03-03", "hours": 7.5}
GYM = {"class_id": "spin-0715", "member_number": 58213, "date": "2031-01-14", "spots": 1, "waitlist": True}
METER = {"meter_id": "MTR-004211", "reading": 18342.6, "unit": "kWh", "read_on": "2031-04-30"}
GAS = {**METER, "reading": 4821.37, "unit": "m3"}
PR = {"repo": "acme/billing-api", "title": "Fix rounding in invoice totals", "head": "fix/invoice-rounding"}


def _python(value: Any) -> str:
    """The value as Python prints it: single quotes, True, False, None."""
    return repr(value)


def _target(**changes: Any) -> dict[str, Any]:
    return {**MON, "target": _with(MON["target"], **changes)}


def _endpoint(**changes: Any) -> dict[str, Any]:
    return {**PEER, "endpoint": _with(ENDPOINT, **changes)}


def _addr(**changes: Any) -> dict[str, Any]:
    return {**PICK, "address": _with(ADDR, **changes)}


def _item(**changes: Any) -> dict[str, Any]:
    return {**PICK, "items": [_with(PICK["items"][0], **changes)]}


def _location(**changes: Any) -> dict[str, Any]:
    return {**JOB, "location": _with(JOB["location"], **changes)}


def _salary(**changes: Any) -> dict[str, Any]:
    return {**JOB, "salary": _with(SAL, **changes)}


def _media(**changes: Any) -> dict[str, Any]:
    return {**POST, "media": [_with({"url": IMAGE}, **changes)]}


CASES: tuple[WrongCall, ...] = (
    # ---- place_stock_order (MCP: patterns, enums, exclusive bound, multipleOf, uuid) ----------------------------------
    WrongCall("stock-side-upper-case", "place_stock_order", "enum", {**ORDER, "side": "BUY"}, ORDER),
    WrongCall("stock-side-purchase", "place_stock_order", "enum", {**ORDER, "side": "purchase"}, ORDER),
    WrongCall("stock-symbol-lower-case", "place_stock_order", "pattern", {**ORDER, "symbol": "aapl"}, ORDER),
    WrongCall("stock-symbol-cashtag", "place_stock_order", "pattern", {**ORDER, "symbol": "$AAPL"}, ORDER),
    WrongCall("stock-symbol-company-name", "place_stock_order", "pattern", {**ORDER, "symbol": "Apple"}, None),
    WrongCall("stock-quantity-string", "place_stock_order", "type", {**ORDER, "quantity": "10"}, ORDER),
    WrongCall("stock-quantity-with-unit", "place_stock_order", "type", {**ORDER, "quantity": "10 shares"}, ORDER),
    WrongCall("stock-quantity-fraction", "place_stock_order", "type", {**ORDER, "quantity": 2.5}, None),
    WrongCall("stock-quantity-zero", "place_stock_order", "minimum", {**ORDER, "quantity": 0}, None),
    WrongCall("stock-limit-price-dollars", "place_stock_order", "type", {**LIMIT, "limit_price": "$187.50"}, LIMIT),
    WrongCall("stock-limit-price-three-decimals", "place_stock_order", "multipleOf", {**LIMIT, "limit_price": 187.505}, None),
    WrongCall("stock-limit-price-zero", "place_stock_order", "exclusiveMinimum", {**LIMIT, "limit_price": 0}, None),
    WrongCall("stock-order-type-capitalised", "place_stock_order", "enum", {**LIMIT, "order_type": "Limit"}, LIMIT),
    WrongCall("stock-order-type-spaced", "place_stock_order", "enum",
              {**LIMIT, "order_type": "stop limit", "stop_price": 185}, {**LIMIT, "order_type": "stop_limit", "stop_price": 185}),
    WrongCall("stock-tif-upper-case", "place_stock_order", "enum", {**ORDER, "time_in_force": "GTC"}, {**ORDER, "time_in_force": "gtc"}),
    WrongCall("stock-tif-in-words", "place_stock_order", "enum", {**ORDER, "time_in_force": "good till cancelled"},
              {**ORDER, "time_in_force": "gtc"}),
    WrongCall("stock-account-without-prefix", "place_stock_order", "pattern", {**ORDER, "account_id": "20931177"}, ORDER),
    WrongCall("stock-account-lower-case", "place_stock_order", "pattern", {**ORDER, "account_id": "acc-20931177"}, ORDER),
    WrongCall("stock-account-wrong-prefix", "place_stock_order", "pattern", {**ORDER, "account_id": "AC-20931177"}, ORDER),
    WrongCall("stock-extended-hours-python", "place_stock_order", "type", {**ORDER, "extended_hours": "True"},
              {**ORDER, "extended_hours": True}),
    WrongCall("stock-client-id-braces", "place_stock_order", "format uuid", {**ORDER, "client_order_id": "{" + CLIENT_ID + "}"},
              {**ORDER, "client_order_id": CLIENT_ID}),
    WrongCall("stock-input-wrapped", "place_stock_order", "additionalProperties (wrapper)", {"input": ORDER}, ORDER),
    WrongCall("stock-arguments-as-json-text", "place_stock_order", "additionalProperties (wrapper, JSON text)",
              {"arguments": json.dumps(ORDER)}, ORDER),
    WrongCall("stock-ticker-for-symbol", "place_stock_order", "additionalProperties",
              {**_with(ORDER, symbol=_DROP), "ticker": "AAPL"}, ORDER),
    # ---- add_uptime_monitor (MCP: oneOf with const, anyOf of formats, enum arrays, e-mails) ---------------------------
    WrongCall("mon-regions-comma-string", "add_uptime_monitor", "type (array)", {**MON, "regions": "eu-central, us-east"}, TWO_REGIONS),
    WrongCall("mon-regions-lone-string", "add_uptime_monitor", "type (array)", {**MON, "regions": "eu-central"}, MON),
    WrongCall("mon-regions-python-repr", "add_uptime_monitor", "type (array)", {**MON, "regions": "['eu-central', 'us-east']"},
              TWO_REGIONS),
    WrongCall("mon-regions-json-text", "add_uptime_monitor", "type (array)", {**MON, "regions": '["eu-central", "us-east"]'},
              TWO_REGIONS),
    WrongCall("mon-region-upper-case", "add_uptime_monitor", "enum (in an array)", {**MON, "regions": ["EU-CENTRAL"]}, MON),
    WrongCall("mon-region-underscore", "add_uptime_monitor", "enum (in an array)", {**MON, "regions": ["eu_central"]}, MON),
    WrongCall("mon-region-not-offered", "add_uptime_monitor", "enum (in an array)", {**MON, "regions": ["sa-east"]}, None),
    WrongCall("mon-interval-minutes", "add_uptime_monitor", "type", {**MON, "interval_seconds": "5m"}, {**MON, "interval_seconds": 300}),
    WrongCall("mon-interval-string", "add_uptime_monitor", "type", {**MON, "interval_seconds": "300"}, {**MON, "interval_seconds": 300}),
    WrongCall("mon-interval-not-offered", "add_uptime_monitor", "enum of integers", {**MON, "interval_seconds": 120}, None),
    WrongCall("mon-target-as-json-text", "add_uptime_monitor", "type (object in oneOf)", {**MON, "target": json.dumps(MON["target"])}, MON),
    WrongCall("mon-target-python-repr", "add_uptime_monitor", "type (object in oneOf)", {**MON, "target": _python(MON["target"])}, MON),
    WrongCall("mon-target-kind-left-out", "add_uptime_monitor", "oneOf (const)", {**MON, "target": {"url": "https://shop.example.com/"}}, MON),
    WrongCall("mon-target-kind-upper-case", "add_uptime_monitor", "oneOf (const)", _target(kind="HTTP"), MON),
    WrongCall("mon-target-dotted-keys", "add_uptime_monitor", "additionalProperties (flattened)",
              {**_with(MON, target=_DROP), "target.kind": "http", "target.url": "https://shop.example.com/"}, MON),
    WrongCall("mon-target-url-scheme-left-out", "add_uptime_monitor", "pattern (in oneOf)", _target(url="shop.example.com/"), MON),
    WrongCall("mon-expected-status-text", "add_uptime_monitor", "type (in oneOf)", _target(expected_status="200 OK"),
              _target(expected_status=200)),
    WrongCall("mon-ping-host-with-scheme", "add_uptime_monitor", "format hostname (in oneOf)",
              {**PING, "target": {"kind": "ping", "host": "https://db1.internal.example.com"}}, PING),
    WrongCall("mon-ping-ipv6-in-brackets", "add_uptime_monitor", "format ipv6 (in oneOf)",
              {**PING, "target": {"kind": "ping", "host": "[2001:db8::10]"}}, {**PING, "target": {"kind": "ping", "host": "2001:db8::10"}}),
    WrongCall("mon-emails-comma-string", "add_uptime_monitor", "type (array)", {**MON, "alert_emails": "ops@example.com, oncall@example.com"},
              {**MON, "alert_emails": EMAILS}),
    WrongCall("mon-emails-semicolons", "add_uptime_monitor", "type (array)", {**MON, "alert_emails": "ops@example.com; oncall@example.com"},
              {**MON, "alert_emails": EMAILS}),
    WrongCall("mon-email-with-display-name", "add_uptime_monitor", "format email (in an array)",
              {**MON, "alert_emails": ["Ops Team <ops@example.com>"]}, {**MON, "alert_emails": ["ops@example.com"]}),
    WrongCall("mon-paused-python-none", "add_uptime_monitor", "type", {**MON, "paused": "None"}, MON),
    WrongCall("mon-params-wrapped", "add_uptime_monitor", "additionalProperties (wrapper)", {"params": MON}, MON),
    # ---- create_vpn_peer (MCP: nested endpoint, anyOf of ip and host names, CIDR pattern, base64 key) -----------------
    WrongCall("vpn-allowed-ips-lone-string", "create_vpn_peer", "type (array)", {**PEER, "allowed_ips": "10.8.0.2/32"}, PEER),
    WrongCall("vpn-allowed-ips-comma-string", "create_vpn_peer", "type (array)", {**PEER, "allowed_ips": "10.8.0.2/32, fd00::2/128"},
              {**PEER, "allowed_ips": ["10.8.0.2/32", "fd00::2/128"]}),
    WrongCall("vpn-allowed-ip-without-prefix", "create_vpn_peer", "pattern (in an array)", {**PEER, "allowed_ips": ["10.8.0.2"]}, None),
    WrongCall("vpn-name-in-words", "create_vpn_peer", "pattern", {**PEER, "name": "Laptop Ana"}, PEER),
    WrongCall("vpn-name-underscore", "create_vpn_peer", "pattern", {**PEER, "name": "laptop_ana"}, PEER),
    WrongCall("vpn-endpoint-host-port-string", "create_vpn_peer", "type (object)", {**PEER, "endpoint": "vpn.example.org:51820"},
              {**PEER, "endpoint": ENDPOINT}),
    WrongCall("vpn-endpoint-flattened-underscore", "create_vpn_peer", "additionalProperties (flattened)",
              {**PEER, "endpoint_host": "vpn.example.org", "endpoint_port": 51820}, {**PEER, "endpoint": ENDPOINT}),
    WrongCall("vpn-endpoint-dotted-keys", "create_vpn_peer", "additionalProperties (flattened)",
              {**PEER, "endpoint.host": "vpn.example.org", "endpoint.port": 51820}, {**PEER, "endpoint": ENDPOINT}),
    WrongCall("vpn-endpoint-as-json-text", "create_vpn_peer", "type (object)", {**PEER, "endpoint": json.dumps(ENDPOINT)},
              {**PEER, "endpoint": ENDPOINT}),
    WrongCall("vpn-port-string", "create_vpn_peer", "type (nested)", _endpoint(port="51820"), {**PEER, "endpoint": ENDPOINT}),
    WrongCall("vpn-port-over", "create_vpn_peer", "maximum (nested)", _endpoint(port=70000), None),
    WrongCall("vpn-endpoint-host-with-port", "create_vpn_peer", "anyOf (nested)", _endpoint(host="vpn.example.org:51820", port=_DROP),
              {**PEER, "endpoint": ENDPOINT}),
    WrongCall("vpn-keepalive-seconds-unit", "create_vpn_peer", "type", {**PEER, "keepalive_seconds": "25s"}, PEER),
    WrongCall("vpn-keepalive-iso-duration", "create_vpn_peer", "type", {**PEER, "keepalive_seconds": "PT25S"}, PEER),
    WrongCall("vpn-keepalive-off", "create_vpn_peer", "type", {**PEER, "keepalive_seconds": "off"}, None),
    WrongCall("vpn-dns-ipv6", "create_vpn_peer", "format ipv4 (in an array)", {**PEER, "dns": ["2606:4700:4700::1111"]}, None),
    WrongCall("vpn-dns-lone-string", "create_vpn_peer", "type (array)", {**PEER, "dns": "1.1.1.1"}, {**PEER, "dns": ["1.1.1.1"]}),
    WrongCall("vpn-public-key-trailing-newline", "create_vpn_peer", "pattern", {**PEER, "public_key": KEY + "\n"}, PEER),
    WrongCall("vpn-public-key-cut-short", "create_vpn_peer", "pattern", {**PEER, "public_key": KEY[:-3] + "="}, None),
    WrongCall("vpn-peer-wrapped", "create_vpn_peer", "additionalProperties (wrapper)", {"peer": PEER}, PEER),
    # ---- request_time_off (OpenAI: uuid, dates, nullable enum) ---------------------------------------------------------
    WrongCall("leave-kind-capitalised", "request_time_off", "enum", {**LEAVE, "kind": "Vacation"}, LEAVE),
    WrongCall("leave-kind-holiday", "request_time_off", "enum", {**LEAVE, "kind": "holiday"}, LEAVE),
    WrongCall("leave-kind-pto", "request_time_off", "enum", {**LEAVE, "kind": "PTO"}, None),
    WrongCall("leave-kind-sick-leave", "request_time_off", "enum", {**LEAVE, "kind": "sick leave"}, {**LEAVE, "kind": "sick"}),
    WrongCall("leave-kind-maternity", "request_time_off", "enum", {**LEAVE, "kind": "maternity"}, {**LEAVE, "kind": "parental"}),
    WrongCall("leave-start-two-readings", "request_time_off", "format date", {**LEAVE, "start_date": "08/04/2031"}, LEAVE),
    WrongCall("leave-end-day-first", "request_time_off", "format date", {**LEAVE, "end_date": "15/08/2031"}, LEAVE),
    WrongCall("leave-start-in-words", "request_time_off", "format date", {**LEAVE, "start_date": "4 August 2031"}, LEAVE),
    WrongCall("leave-end-month-first-words", "request_time_off", "format date", {**LEAVE, "end_date": "Aug 15, 2031"}, LEAVE),
    WrongCall("leave-start-with-time", "request_time_off", "format date", {**LEAVE, "start_date": "2031-08-04T00:00:00Z"}, LEAVE),
    WrongCall("leave-start-compact", "request_time_off", "format date", {**LEAVE, "start_date": "20310804"}, LEAVE),
    WrongCall("leave-dates-as-range", "request_time_off", "format date (range in one input)",
              {**_with(LEAVE, end_date=_DROP), "start_date": "2031-08-04 to 2031-08-15"}, LEAVE),
    WrongCall("leave-half-day-null-text", "request_time_off", "enum (nullable)", {**LEAVE, "half_day": "null"}, LEAVE),
    WrongCall("leave-half-day-python-none", "request_time_off", "enum (nullable)", {**LEAVE, "half_day": "None"}, LEAVE),
    WrongCall("leave-half-day-am", "request_time_off", "enum (nullable)", {**LEAVE, "half_day": "AM"}, {**LEAVE, "half_day": "morning"}),
    WrongCall("leave-employee-id-prefixed", "request_time_off", "format uuid", {**LEAVE, "employee_id": "emp_" + EMP}, LEAVE),
    WrongCall("leave-employee-id-without-dashes", "request_time_off", "format uuid", {**LEAVE, "employee_id": EMP.replace("-", "")}, LEAVE),
    WrongCall("leave-approver-mailto", "request_time_off", "format email", {**LEAVE, "approver_email": "mailto:lena.fischer@example.com"},
              {**LEAVE, "approver_email": "lena.fischer@example.com"}),
    WrongCall("leave-note-too-long", "request_time_off", "maxLength", {**LEAVE, "note": "Family trip. " * 20}, None),
    WrongCall("leave-employee-id-camel-case", "request_time_off", "additionalProperties",
              {**_with(LEAVE, employee_id=_DROP), "employeeId": EMP}, LEAVE),
    WrongCall("leave-dates-camel-case", "request_time_off", "additionalProperties",
              {**_with(LEAVE, start_date=_DROP, end_date=_DROP), "startDate": "2031-08-04", "endDate": "2031-08-15"}, LEAVE),
    WrongCall("leave-arguments-as-json-text", "request_time_off", "additionalProperties (wrapper, JSON text)",
              {"arguments": json.dumps(LEAVE)}, LEAVE),
    # ---- schedule_waste_pickup (OpenAI: $ref address, array of objects with defaults) ----------------------------------
    WrongCall("waste-address-flattened-underscore", "schedule_waste_pickup", "additionalProperties (flattened)",
              {**_with(PICK, address=_DROP), "address_street": "Calle Mayor 12", "address_postcode": "28013", "address_city": "Madrid"}, PICK),
    WrongCall("waste-address-at-top-level", "schedule_waste_pickup", "additionalProperties (value at the wrong level)",
              {**_with(PICK, address=_DROP), **ADDR}, PICK),
    WrongCall("waste-address-dotted-keys", "schedule_waste_pickup", "additionalProperties (flattened)",
              {**_with(PICK, address=_DROP), "address.street": "Calle Mayor 12", "address.postcode": "28013", "address.city": "Madrid"}, PICK),
    WrongCall("waste-address-one-line", "schedule_waste_pickup", "type (object)", {**PICK, "address": "Calle Mayor 12, 28013 Madrid"}, PICK),
    WrongCall("waste-address-as-json-text", "schedule_waste_pickup", "type (object)", {**PICK, "address": json.dumps(ADDR)}, PICK),
    WrongCall("waste-address-python-repr", "schedule_waste_pickup", "type (object)", {**PICK, "address": _python(ADDR)}, PICK),
    WrongCall("waste-postcode-number", "schedule_waste_pickup", "type (nested)", _addr(postcode=28013), PICK),
    WrongCall("waste-postcode-lost-zero", "schedule_waste_pickup", "type (nested)", _addr(postcode=8013), None),
    WrongCall("waste-items-one-object", "schedule_waste_pickup", "type (array of objects)", {**PICK, "items": PICK["items"][0]}, PICK),
    WrongCall("waste-items-as-json-text", "schedule_waste_pickup", "type (array of objects)", {**PICK, "items": json.dumps(PICK["items"])}, PICK),
    WrongCall("waste-items-python-repr", "schedule_waste_pickup", "type (array of objects)", {**PICK, "items": _python(PICK["items"])}, PICK),
    WrongCall("waste-items-as-names", "schedule_waste_pickup", "type (in an array)", {**PICK, "items": ["mattress"]},
              {**PICK, "items": [{"category": "mattress"}]}),
    WrongCall("waste-category-plural", "schedule_waste_pickup", "enum (in an array)", {**PICK, "items": [{"category": "mattresses"}]},
              {**PICK, "items": [{"category": "mattress"}]}),
    WrongCall("waste-category-capitalised", "schedule_waste_pickup", "enum (in an array)", _item(category="Furniture"), PICK),
    WrongCall("waste-category-sofa", "schedule_waste_pickup", "enum (in an array)", _item(category="sofa"), PICK),
    WrongCall("waste-category-not-offered", "schedule_waste_pickup", "enum (in an array)", _item(category="paint"), None),
    WrongCall("waste-count-string", "schedule_waste_pickup", "type (in an array)", _item(count="2"), PICK),
    WrongCall("waste-count-in-words", "schedule_waste_pickup", "type (in an array)", _item(count="two"), PICK),
    WrongCall("waste-count-over", "schedule_waste_pickup", "maximum (in an array)", _item(count=15), None),
    WrongCall("waste-date-tomorrow", "schedule_waste_pickup", "format date", {**PICK, "date": "tomorrow"}, None),
    WrongCall("waste-date-day-first", "schedule_waste_pickup", "format date", {**PICK, "date": "20/05/2031"}, PICK),
    WrongCall("waste-date-dotted", "schedule_waste_pickup", "format date", {**PICK, "date": "20.05.2031"}, PICK),
    WrongCall("waste-window-am", "schedule_waste_pickup", "enum", {**PICK, "window": "AM"}, PICK),
    WrongCall("waste-window-hours", "schedule_waste_pickup", "enum", {**PICK, "window": "09:00-12:00"}, PICK),
    WrongCall("waste-phone-spaces", "schedule_waste_pickup", "pattern", {**PICK, "contact_phone": "+34 612 345 678"},
              {**PICK, "contact_phone": "+34612345678"}),
    WrongCall("waste-request-wrapped", "schedule_waste_pickup", "additionalProperties (wrapper)", {"request": PICK}, PICK),
    # ---- schedule_social_post (ATDF 2.x: enum arrays, array of objects, hashtag pattern) ------------------------------
    WrongCall("post-channel-twitter", "schedule_social_post", "enum (in an array)", {**POST, "channels": ["twitter"]}, {**POST, "channels": ["x"]}),
    WrongCall("post-channel-capitalised", "schedule_social_post", "enum (in an array)", {**POST, "channels": ["LinkedIn"]}, POST),
    WrongCall("post-channels-comma-string", "schedule_social_post", "type (array)", {**POST, "channels": "linkedin, facebook"}, TWO_CHANNELS),
    WrongCall("post-channels-lone-string", "schedule_social_post", "type (array)", {**POST, "channels": "linkedin"}, POST),
    WrongCall("post-channels-and", "schedule_social_post", "type (array)", {**POST, "channels": "linkedin and facebook"}, TWO_CHANNELS),
    WrongCall("post-channels-json-text", "schedule_social_post", "type (array)", {**POST, "channels": '["linkedin", "facebook"]'}, TWO_CHANNELS),
    WrongCall("post-channels-python-repr", "schedule_social_post", "type (array)", {**POST, "channels": "['linkedin', 'facebook']"},
              TWO_CHANNELS),
    WrongCall("post-channels-twice", "schedule_social_post", "uniqueItems", {**POST, "channels": ["linkedin", "linkedin"]}, POST),
    WrongCall("post-channel-not-offered", "schedule_social_post", "enum (in an array)", {**POST, "channels": ["tiktok"]}, None),
    WrongCall("post-hashtags-with-hash", "schedule_social_post", "pattern (in an array)", {**POST, "hashtags": ["#spring", "#fashion"]},
              {**POST, "hashtags": ["spring", "fashion"]}),
    WrongCall("post-hashtags-one-string", "schedule_social_post", "type (array)", {**POST, "hashtags": "#spring #fashion"},
              {**POST, "hashtags": ["spring", "fashion"]}),
    WrongCall("post-hashtag-with-space", "schedule_social_post", "pattern (in an array)", {**POST, "hashtags": ["spring sale"]}, None),
    WrongCall("post-publish-without-offset", "schedule_social_post", "format date-time", {**POST, "publish_at": "2031-03-01T09:00:00"}, None),
    WrongCall("post-publish-space-for-t", "schedule_social_post", "format date-time", {**POST, "publish_at": "2031-03-01 09:00:00+01:00"},
              {**POST, "publish_at": "2031-03-01T09:00:00+01:00"}),
    WrongCall("post-media-url-string", "schedule_social_post", "type (array of objects)", {**POST, "media": IMAGE},
              {**POST, "media": [{"url": IMAGE}]}),
    WrongCall("post-media-list-of-urls", "schedule_social_post", "type (in an array)", {**POST, "media": [IMAGE]},
              {**POST, "media": [{"url": IMAGE}]}),
    WrongCall("post-media-kind-photo", "schedule_social_post", "enum (in an array)", _media(kind="photo"), _media(kind="image")),
    WrongCall("post-media-alt-key", "schedule_social_post", "additionalProperties (in an array)", _media(alt="Three spring dresses"),
              _media(alt_text="Three spring dresses")),
    WrongCall("post-text-too-long", "schedule_social_post", "maxLength", {**POST, "text": "Spring is here! " * 20}, None),
    WrongCall("post-shorten-links-yes", "schedule_social_post", "type", {**POST, "shorten_links": "yes"}, POST),
    WrongCall("post-shorten-links-python", "schedule_social_post", "type", {**POST, "shorten_links": "False"}, {**POST, "shorten_links": False}),
    WrongCall("post-message-for-text", "schedule_social_post", "additionalProperties",
              {**_with(POST, text=_DROP), "message": POST["text"]}, POST),
    WrongCall("post-post-wrapped", "schedule_social_post", "additionalProperties (wrapper)", {"post": POST}, POST),
    # ---- book_tee_time (ATDF 2.x: uuid, date-time, enum of integers, multipleOf 0.1, negative minimum) ----------------
    WrongCall("tee-players-string", "book_tee_time", "type", {**TEE, "players": "4"}, TEE),
    WrongCall("tee-players-in-words", "book_tee_time", "type", {**TEE, "players": "four"}, TEE),
    WrongCall("tee-players-foursome", "book_tee_time", "type", {**TEE, "players": "foursome"}, TEE),
    WrongCall("tee-players-over", "book_tee_time", "maximum", {**TEE, "players": 5}, None),
    WrongCall("tee-holes-string", "book_tee_time", "type", {**TEE, "holes": "9"}, {**TEE, "holes": 9}),
    WrongCall("tee-holes-with-unit", "book_tee_time", "type", {**TEE, "holes": "9 holes"}, {**TEE, "holes": 9}),
    WrongCall("tee-holes-not-offered", "book_tee_time", "enum of integers", {**TEE, "holes": 12}, None),
    WrongCall("tee-cart-yes", "book_tee_time", "type", {**TEE, "cart": "yes"}, {**TEE, "cart": True}),
    WrongCall("tee-cart-python", "book_tee_time", "type", {**TEE, "cart": "True"}, {**TEE, "cart": True}),
    WrongCall("tee-time-without-seconds", "book_tee_time", "format date-time", {**TEE, "tee_time": "2031-06-07T08:30+02:00"}, TEE),
    WrongCall("tee-time-twelve-hours", "book_tee_time", "format date-time", {**TEE, "tee_time": "2031-06-07 8:30 AM +02:00"}, TEE),
    WrongCall("tee-date-and-time-apart", "book_tee_time", "required",
              {**_with(TEE, tee_time=_DROP), "date": "2031-06-07", "time": "08:30"}, None),
    WrongCall("tee-course-id-urn", "book_tee_time", "format uuid", {**TEE, "course_id": "urn:uuid:" + COURSE}, TEE),
    WrongCall("tee-course-id-upper-braces", "book_tee_time", "format uuid", {**TEE, "course_id": "{" + COURSE.upper() + "}"}, TEE),
    WrongCall("tee-emails-comma-string", "book_tee_time", "type (array)", {**TEE, "player_emails": "ana@example.com, joe@example.com"},
              {**TEE, "player_emails": ["ana@example.com", "joe@example.com"]}),
    WrongCall("tee-handicap-string", "book_tee_time", "type", {**TEE, "handicap": "12.4"}, {**TEE, "handicap": 12.4}),
    WrongCall("tee-handicap-plus", "book_tee_time", "type", {**TEE, "handicap": "+2.1"}, None),
    WrongCall("tee-handicap-two-decimals", "book_tee_time", "multipleOf", {**TEE, "handicap": 12.45}, None),
    # ---- create_job_posting (ATDF 2.x YAML: nested objects, enums, uri, date) ------------------------------------------
    WrongCall("job-type-spaced", "create_job_posting", "enum", {**JOB, "employment_type": "full time"}, JOB),
    WrongCall("job-type-dashed-capitalised", "create_job_posting", "enum", {**JOB, "employment_type": "Full-Time"}, JOB),
    WrongCall("job-type-permanent", "create_job_posting", "enum", {**JOB, "employment_type": "permanent"}, None),
    WrongCall("job-type-freelance", "create_job_posting", "enum", {**JOB, "employment_type": "freelance"}, {**JOB, "employment_type": "contract"}),
    WrongCall("job-location-one-line", "create_job_posting", "type (object)", {**JOB, "location": "Berlin, Germany"}, JOB),
    WrongCall("job-location-flattened-underscore", "create_job_posting", "additionalProperties (flattened)",
              {**_with(JOB, location=_DROP), "location_city": "Berlin", "location_country": "DE"}, JOB),
    WrongCall("job-location-dotted-keys", "create_job_posting", "additionalProperties (flattened)",
              {**_with(JOB, location=_DROP), "location.city": "Berlin", "location.country": "DE"}, JOB),
    WrongCall("job-country-name", "create_job_posting", "pattern (nested)", _location(country="Germany"), JOB),
    WrongCall("job-country-lower-case", "create_job_posting", "pattern (nested)", _location(country="de"), JOB),
    WrongCall("job-remote-true", "create_job_posting", "type (nested enum)", _location(remote_policy=True), _location(remote_policy="remote")),
    WrongCall("job-remote-capitalised", "create_job_posting", "enum (nested)", _location(remote_policy="Hybrid"), _location(remote_policy="hybrid")),
    WrongCall("job-salary-one-line", "create_job_posting", "type (object)", {**JOB, "salary": "€65,000\u201380,000 a year"}, {**JOB, "salary": SAL}),
    WrongCall("job-salary-min-with-sign", "create_job_posting", "type (nested)", _salary(min="€65,000"), {**JOB, "salary": SAL}),
    WrongCall("job-salary-min-in-thousands", "create_job_posting", "type (nested)", _salary(min="65k"), {**JOB, "salary": SAL}),
    WrongCall("job-salary-period-annual", "create_job_posting", "enum (nested)", _salary(period="annual"), {**JOB, "salary": SAL}),
    WrongCall("job-salary-period-per-hour", "create_job_posting", "enum (nested)", _salary(min=30, max=40, period="per hour"),
              _salary(min=30, max=40, period="hour")),
    WrongCall("job-salary-currency-sign", "create_job_posting", "enum (nested)", _salary(currency="€"), {**JOB, "salary": SAL}),
    WrongCall("job-salary-as-json-text", "create_job_posting", "type (object)", {**JOB, "salary": json.dumps(SAL)}, {**JOB, "salary": SAL}),
    WrongCall("job-skills-comma-string", "create_job_posting", "type (array)", {**JOB, "skills": "Python, PostgreSQL, Kubernetes"},
              {**JOB, "skills": ["Python", "PostgreSQL", "Kubernetes"]}),
    WrongCall("job-skills-python-repr", "create_job_posting", "type (array)", {**JOB, "skills": "['Python', 'PostgreSQL']"},
              {**JOB, "skills": ["Python", "PostgreSQL"]}),
    WrongCall("job-skills-twice", "create_job_posting", "uniqueItems", {**JOB, "skills": ["Python", "Python", "Go"]},
              {**JOB, "skills": ["Python", "Go"]}),
    WrongCall("job-closes-on-date-time", "create_job_posting", "format date", {**JOB, "closes_on": "2031-09-30T23:59:59Z"},
              {**JOB, "closes_on": "2031-09-30"}),
    WrongCall("job-closes-on-in-words", "create_job_posting", "format date", {**JOB, "closes_on": "30 September 2031"},
              {**JOB, "closes_on": "2031-09-30"}),
    WrongCall("job-apply-url-without-scheme", "create_job_posting", "format uri", {**JOB, "apply_url": "jobs.example.com/backend"},
              {**JOB, "apply_url": "https://jobs.example.com/backend"}),
    WrongCall("job-seniority-capitalised", "create_job_posting", "enum", {**JOB, "seniority": "Senior"}, {**JOB, "seniority": "senior"}),
    WrongCall("job-seniority-intermediate", "create_job_posting", "enum", {**JOB, "seniority": "intermediate"}, {**JOB, "seniority": "mid"}),
    WrongCall("job-job-wrapped", "create_job_posting", "additionalProperties (wrapper)", {"job": JOB}, JOB),
    # ---- log_blood_pressure (ARDF: integer bounds, enums, date-time) ---------------------------------------------------
    WrongCall("bp-reading-as-fraction", "log_blood_pressure", "required",
              {**_with(BP, systolic=_DROP, diastolic=_DROP), "reading": "128/82"}, BP),
    WrongCall("bp-systolic-with-slash", "log_blood_pressure", "type", {**_with(BP, diastolic=_DROP), "systolic": "128/82"}, BP),
    WrongCall("bp-systolic-with-unit", "log_blood_pressure", "type", {**BP, "systolic": "128 mmHg"}, BP),
    WrongCall("bp-pulse-bpm", "log_blood_pressure", "type", {**BP, "pulse": "64 bpm"}, {**BP, "pulse": 64}),
    WrongCall("bp-systolic-float", "log_blood_pressure", "type", {**BP, "systolic": 128.0}, BP),
    WrongCall("bp-systolic-half", "log_blood_pressure", "type", {**BP, "systolic": 128.5}, None),
    WrongCall("bp-diastolic-string", "log_blood_pressure", "type", {**BP, "diastolic": "82"}, BP),
    WrongCall("bp-diastolic-over", "log_blood_pressure", "maximum", {**BP, "diastolic": 180}, None),
    WrongCall("bp-arm-capitalised", "log_blood_pressure", "enum", {**BP, "arm": "Left"}, {**BP, "arm": "left"}),
    WrongCall("bp-arm-initial", "log_blood_pressure", "enum", {**BP, "arm": "L"}, {**BP, "arm": "left"}),
    WrongCall("bp-position-seated", "log_blood_pressure", "enum", {**BP, "position": "seated"}, BP),
    WrongCall("bp-position-lying-down", "log_blood_pressure", "enum", {**BP, "position": "lying down"}, {**BP, "position": "lying"}),
    WrongCall("bp-position-supine", "log_blood_pressure", "enum", {**BP, "position": "supine"}, {**BP, "position": "lying"}),
    WrongCall("bp-measured-without-offset", "log_blood_pressure", "format date-time", {**BP, "measured_at": "2031-02-11T07:45:00"}, None),
    WrongCall("bp-measured-space-for-t", "log_blood_pressure", "format date-time", {**BP, "measured_at": "2031-02-11 07:45:00+01:00"}, BP),
    WrongCall("bp-measured-now", "log_blood_pressure", "format date-time", {**BP, "measured_at": "now"}, None),
    WrongCall("bp-keys-abbreviated", "log_blood_pressure", "additionalProperties",
              {**_with(BP, systolic=_DROP, diastolic=_DROP), "sys": 128, "dia": 82}, BP),
    WrongCall("bp-measurement-wrapped", "log_blood_pressure", "additionalProperties (wrapper)", {"measurement": BP}, BP),
    # ---- log_timesheet (ARDF: exclusive minimum, multipleOf 0.25, project code pattern) -------------------------------
    WrongCall("ts-hours-h-and-minutes", "log_timesheet", "type", {**TS, "hours": "7h30"}, TS),
    WrongCall("ts-hours-clock", "log_timesheet", "type", {**TS, "hours": "7:30"}, TS),
    WrongCall("ts-hours-iso-duration", "log_timesheet", "type", {**TS, "hours": "PT7H30M"}, TS),
    WrongCall("ts-hours-in-minutes", "log_timesheet", "type", {**TS, "hours": "450 minutes"}, TS),
    WrongCall("ts-hours-string", "log_timesheet", "type", {**TS, "hours": "7.5"}, TS),
    WrongCall("ts-hours-decimal-comma", "log_timesheet", "type", {**TS, "hours": "7,5"}, TS),
    WrongCall("ts-hours-zero", "log_timesheet", "exclusiveMinimum", {**TS, "hours": 0}, None),
    WrongCall("ts-hours-twenty-minutes", "log_timesheet", "multipleOf", {**TS, "hours": "7h20m"}, None),
    WrongCall("ts-project-lower-case", "log_timesheet", "pattern", {**TS, "project_code": "prj-0412"}, TS),
    WrongCall("ts-project-without-prefix", "log_timesheet", "pattern", {**TS, "project_code": "0412"}, TS),
    WrongCall("ts-project-with-hash", "log_timesheet", "pattern", {**TS, "project_code": "#PRJ-0412"}, TS),
    WrongCall("ts-project-number", "log_timesheet", "type", {**TS, "project_code": 412}, TS),
    WrongCall("ts-billable-no", "log_timesheet", "type", {**TS, "billable": "no"}, {**TS, "billable": False}),
    WrongCall("ts-billable-python", "log_timesheet", "type", {**TS, "billable": "False"}, {**TS, "billable": False}),
    WrongCall("ts-task-capitalised", "log_timesheet", "enum", {**TS, "task": "Development"}, {**TS, "task": "development"}),
    WrongCall("ts-task-code-review", "log_timesheet", "enum", {**TS, "task": "code review"}, {**TS, "task": "review"}),
    WrongCall("ts-task-plural", "log_timesheet", "enum", {**TS, "task": "meetings"}, {**TS, "task": "meeting"}),
    WrongCall("ts-date-yesterday", "log_timesheet", "format date", {**TS, "date": "yesterday"}, None),
    WrongCall("ts-date-dotted", "log_timesheet", "format date", {**TS, "date": "03.03.2031"}, TS),
    WrongCall("ts-entry-wrapped", "log_timesheet", "additionalProperties (wrapper)", {"entry": TS}, TS),
    WrongCall("ts-arguments-python-repr", "log_timesheet", "additionalProperties (wrapper, Python repr)", {"arguments": _python(TS)}, TS),
    # ---- book_fitness_class (ATDF 1.x: types only, every input required) ------------------------------------------------
    WrongCall("gym-member-string", "book_fitness_class", "type", {**GYM, "member_number": "58213"}, GYM),
    WrongCall("gym-member-with-hash", "book_fitness_class", "type", {**GYM, "member_number": "#58213"}, GYM),
    WrongCall("gym-member-leading-zeros", "book_fitness_class", "type", {**GYM, "member_number": "0058213"}, GYM),
    WrongCall("gym-spots-in-words", "book_fitness_class", "type", {**GYM, "spots": "one"}, GYM),
    WrongCall("gym-spots-with-unit", "book_fitness_class", "type", {**GYM, "spots": "2 spots"}, {**GYM, "spots": 2}),
    WrongCall("gym-waitlist-yes", "book_fitness_class", "type", {**GYM, "waitlist": "Yes"}, GYM),
    WrongCall("gym-waitlist-python", "book_fitness_class", "type", {**GYM, "waitlist": "True"}, GYM),
    WrongCall("gym-waitlist-one", "book_fitness_class", "type", {**GYM, "waitlist": 1}, GYM),
    WrongCall("gym-waitlist-null", "book_fitness_class", "type (null for a required input)", {**GYM, "waitlist": None}, None),
    WrongCall("gym-waitlist-left-out", "book_fitness_class", "required", _with(GYM, waitlist=_DROP), None),
    WrongCall("gym-member-camel-case", "book_fitness_class", "additionalProperties",
              {**_with(GYM, member_number=_DROP), "memberNumber": 58213}, GYM),
    WrongCall("gym-input-wrapped", "book_fitness_class", "additionalProperties (wrapper)", {"input": GYM}, GYM),
    WrongCall("gym-arguments-python-repr", "book_fitness_class", "additionalProperties (wrapper, Python repr)",
              {"arguments": _python(GYM)}, GYM),
    # ---- submit_meter_reading (OpenAkita: unit enum with capitals, pattern id, number minimum) -------------------------
    WrongCall("meter-unit-lower-case", "submit_meter_reading", "enum", {**METER, "unit": "kwh"}, METER),
    WrongCall("meter-unit-upper-case", "submit_meter_reading", "enum", {**METER, "unit": "KWH"}, METER),
    WrongCall("meter-unit-superscript", "submit_meter_reading", "enum", {**GAS, "unit": "m³"}, GAS),
    WrongCall("meter-unit-in-words", "submit_meter_reading", "enum", {**GAS, "unit": "cubic meters"}, GAS),
    WrongCall("meter-reading-with-unit", "submit_meter_reading", "type", {**METER, "reading": "18342.6 kWh"}, METER),
    WrongCall("meter-reading-thousands-comma", "submit_meter_reading", "type", {**METER, "reading": "18,342.6"}, METER),
    WrongCall("meter-reading-european", "submit_meter_reading", "type", {**METER, "reading": "18.342,6"}, METER),
    WrongCall("meter-reading-negative", "submit_meter_reading", "minimum", {**METER, "reading": -5}, None),
    WrongCall("meter-id-lower-case", "submit_meter_reading", "pattern", {**METER, "meter_id": "mtr-004211"}, METER),
    WrongCall("meter-id-without-prefix", "submit_meter_reading", "pattern", {**METER, "meter_id": "004211"}, METER),
    WrongCall("meter-id-wrong-prefix", "submit_meter_reading", "pattern", {**METER, "meter_id": "MR-004211"}, METER),
    WrongCall("meter-id-number", "submit_meter_reading", "type", {**METER, "meter_id": 4211}, METER),
    WrongCall("meter-read-on-date-time", "submit_meter_reading", "format date", {**METER, "read_on": "2031-04-30T08:00:00Z"}, METER),
    WrongCall("meter-read-on-month-first-words", "submit_meter_reading", "format date", {**METER, "read_on": "April 30, 2031"}, METER),
    WrongCall("meter-register-capitalised", "submit_meter_reading", "enum", {**METER, "register": "Night"}, {**METER, "register": "night"}),
    WrongCall("meter-register-peak", "submit_meter_reading", "enum", {**METER, "register": "peak"}, {**METER, "register": "day"}),
    WrongCall("meter-estimated-string", "submit_meter_reading", "type", {**METER, "estimated": "false"}, METER),
    WrongCall("meter-reading-wrapped", "submit_meter_reading", "type (wrapper named like an input)", {"reading": METER}, METER),
    WrongCall("meter-arguments-as-json-text", "submit_meter_reading", "additionalProperties (wrapper, JSON text)",
              {"arguments": json.dumps(METER)}, METER),
    WrongCall("meter-params-python-repr", "submit_meter_reading", "additionalProperties (wrapper, Python repr)",
              {"params": _python(METER)}, METER),
    # ---- open_pull_request (OpenAkita: owner/name pattern, user-name arrays, defaults) ---------------------------------
    WrongCall("pr-repo-as-url", "open_pull_request", "pattern", {**PR, "repo": "https://github.com/acme/billing-api"}, PR),
    WrongCall("pr-repo-as-git-url", "open_pull_request", "pattern", {**PR, "repo": "https://github.com/acme/billing-api.git"}, PR),
    WrongCall("pr-repo-name-only", "open_pull_request", "pattern", {**PR, "repo": "billing-api"}, None),
    WrongCall("pr-reviewers-with-at", "open_pull_request", "pattern (in an array)", {**PR, "reviewers": ["@dana-k"]},
              {**PR, "reviewers": ["dana-k"]}),
    WrongCall("pr-reviewers-comma-string", "open_pull_request", "type (array)", {**PR, "reviewers": "dana-k, li-wei"},
              {**PR, "reviewers": ["dana-k", "li-wei"]}),
    WrongCall("pr-reviewers-mentions", "open_pull_request", "type (array)", {**PR, "reviewers": "@dana-k @li-wei"},
              {**PR, "reviewers": ["dana-k", "li-wei"]}),
    WrongCall("pr-reviewer-lone-string", "open_pull_request", "type (array)", {**PR, "reviewers": "dana-k"}, {**PR, "reviewers": ["dana-k"]}),
    WrongCall("pr-labels-comma-string", "open_pull_request", "type (array)", {**PR, "labels": "bug, billing"}, {**PR, "labels": ["bug", "billing"]}),
    WrongCall("pr-labels-json-text", "open_pull_request", "type (array)", {**PR, "labels": '["bug", "billing"]'},
              {**PR, "labels": ["bug", "billing"]}),
    WrongCall("pr-draft-string", "open_pull_request", "type", {**PR, "draft": "true"}, {**PR, "draft": True}),
    WrongCall("pr-draft-python", "open_pull_request", "type", {**PR, "draft": "True"}, {**PR, "draft": True}),
    WrongCall("pr-merge-method-capitalised", "open_pull_request", "enum", {**PR, "merge_method": "Squash"}, {**PR, "merge_method": "squash"}),
    WrongCall("pr-merge-method-in-words", "open_pull_request", "enum", {**PR, "merge_method": "squash and merge"}, {**PR, "merge_method": "squash"}),
    WrongCall("pr-merge-method-fast-forward", "open_pull_request", "enum", {**PR, "merge_method": "fast-forward"}, None),
    WrongCall("pr-branch-for-head", "open_pull_request", "additionalProperties", {**_with(PR, head=_DROP), "branch": "fix/invoice-rounding"}, PR),
    WrongCall("pr-source-and-target", "open_pull_request", "additionalProperties",
              {**_with(PR, head=_DROP), "source_branch": "fix/invoice-rounding", "target_branch": "main"}, {**PR, "base": "main"}),
    WrongCall("pr-body-not-an-input", "open_pull_request", "additionalProperties", {**PR, "body": "Totals were rounded per line."}, None),
    WrongCall("pr-pull-request-wrapped", "open_pull_request", "additionalProperties (wrapper)", {"pull_request": PR}, PR),
)
