"""The blind wrong-call corpus: a second set of wrong calls, written before any of them was run.

Its own catalogue, `bench/corpus_blind/` (16 tools in every dialect: ATDF 1.x, ATDF 2.x in JSON and YAML, ARDF, MCP
tool lists, an OpenAI function, OpenAkita), with schema shapes the first corpus (`bench/wrong_calls.py`) lacks:
arrays of objects, oneOf/anyOf of objects, enums of integers, const, dependentRequired, additionalProperties at
depth, time/duration/ipv4 formats, anchored patterns, nullable fields, `$ref`/`$defs`. The cases are the mistakes
agents make: a convertible value of the wrong type, an enum member in another case, spacing, accent or synonym, a
misspelt or re-cased argument name, a value at the wrong level, a list as a comma string or a lone item, an object
as JSON text, dates and numbers as people write them, a value a little out of range.

`intended` is what the agent meant, judged before any run: None when no valid call says it (a parcel heavier than
the limit, an amount the bank refuses, a name too long), so that any suggestion counts as wrong. Where the agent's
meaning is known to the corpus but not to the server (05/02/2030 written by a US agent, a time without its zone),
`intended` holds the meaning, so a suggestion that picks the other reading is counted as wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .wrong_calls import _DROP, WrongCall, _with

CATALOGUES = {"corpus_blind": Path(__file__).resolve().parent / "corpus_blind"}

ANA = {"name": "Ana Ruiz", "street": "Calle Mayor 5", "city": "Madrid", "postcode": "28013", "country": "ES"}
PAUL = {"name": "Paul Martin", "street": "12 rue de Rivoli", "city": "Paris", "postcode": "75004", "country": "FR"}
PARCEL = {"sender": ANA, "recipient": PAUL, "weight_kg": 2.5}
DEVICE = {"name": "Hall sensor", "connection": {"kind": "wifi", "ssid": "HomeNet"}}
IMAGE = {"url": "https://example.org/cat.jpg", "width": 800}
MILK = {"product": "milk", "quantity": 2, "unit": "l"}
GROCERY = {"store": "Riverside", "items": [MILK], "delivery": {"date": "2030-05-04", "slot": "morning"}}
ROUTE = {"start": "Plaza Mayor, Madrid", "stops": [{"place": "Toledo"}]}
LINE = {"description": "Consulting, one day", "quantity": 1, "unit_price": 800}
INVOICE = {"customer_id": "CUS-00042", "issue_date": "2030-05-02", "currency": "EUR", "lines": [LINE]}
NOTE = {"recipients": ["ops@example.org"], "channel": "email", "message": "Deploy finished"}
METRICS = {"metric": "cpu", "host": "10.0.0.12", "window": "PT6H"}
THERMO = {"zone": "bedroom", "target_celsius": 21}
TRANSFER = {"from_account": "ES9121000418450200051332", "to_account": "DE89370400440532013000", "amount": 250, "currency": "EUR"}
BACKUP = {"server_ip": "192.168.1.20", "start_time": "02:00:00+01:00", "frequency": "daily"}
EXPENSE = {"amount": 42.5, "currency": "EUR", "category": "travel", "spent_on": "2030-05-02"}
TRAIN = {"origin": "Madrid", "destination": "Sevilla", "travel_date": "2030-05-10", "passengers": 2, "first_class": False}
WEATHER = {"city": "Lisbon", "days": 5, "metric": True}
POLL = {"question": "Where shall we eat on Friday?", "options": ["Sushi", "Tapas", "Pizza"]}
EVENT = {"title": "Dentist", "date": "2030-05-06", "start_time": "09:30:00+02:00"}
WEEKLY = {"every": "week", "weekdays": ["mon", "wed"]}


def _line(**changes: Any) -> dict[str, Any]:
    return {**INVOICE, "lines": [_with(LINE, **changes)]}


def _milk(**changes: Any) -> dict[str, Any]:
    return {**GROCERY, "items": [_with(MILK, **changes)]}


CASES: tuple[WrongCall, ...] = (
    # ---- ship_parcel (MCP, $ref/$defs, additionalProperties at depth, dependentRequired, exclusiveMinimum) ----------
    WrongCall("parcel-weight-string", "ship_parcel", "type", {**PARCEL, "weight_kg": "2.5"}, PARCEL),
    WrongCall("parcel-weight-with-unit", "ship_parcel", "type", {**PARCEL, "weight_kg": "2.5 kg"}, PARCEL),
    WrongCall("parcel-overweight-a-little", "ship_parcel", "maximum", {**PARCEL, "weight_kg": 31.5}, None),
    WrongCall("parcel-country-in-words", "ship_parcel", "enum (nested, $ref)", {**PARCEL, "recipient": {**PAUL, "country": "France"}},
              PARCEL),
    WrongCall("parcel-country-lower-case", "ship_parcel", "enum (nested, $ref)", {**PARCEL, "recipient": {**PAUL, "country": "fr"}},
              PARCEL),
    WrongCall("parcel-postcode-as-number", "ship_parcel", "type (nested, $ref)", {**PARCEL, "recipient": {**PAUL, "postcode": 75004}},
              PARCEL),
    WrongCall("parcel-postcode-with-space", "ship_parcel", "pattern (nested, anchored)",
              {**PARCEL, "sender": {**ANA, "postcode": "28 013"}}, PARCEL),
    WrongCall("parcel-postcode-at-top-level", "ship_parcel", "additionalProperties (value at the wrong level)",
              {**PARCEL, "recipient": _with(PAUL, postcode=_DROP), "postcode": "75004"}, PARCEL),
    WrongCall("parcel-phone-not-an-input", "ship_parcel", "additionalProperties (nested)",
              {**PARCEL, "recipient": {**PAUL, "phone": "+33612345678"}}, None),
    WrongCall("parcel-insured-without-currency", "ship_parcel", "dependentRequired", {**PARCEL, "insured_value": 300},
              {**PARCEL, "insured_value": 300, "insurance_currency": "EUR"}),
    WrongCall("parcel-dimensions-as-text", "ship_parcel", "type (object)", {**PARCEL, "dimensions_cm": "40x30x20"},
              {**PARCEL, "dimensions_cm": {"length": 40, "width": 30, "height": 20}}),
    WrongCall("parcel-pickup-date-with-time", "ship_parcel", "format date", {**PARCEL, "pickup_date": "2030-05-03T09:00"},
              {**PARCEL, "pickup_date": "2030-05-03"}),
    WrongCall("parcel-service-capitalised", "ship_parcel", "enum", {**PARCEL, "service": "Express"}, {**PARCEL, "service": "express"}),
    # ---- register_device (MCP, oneOf of objects with const, ipv4, uniqueItems) --------------------------------------
    WrongCall("device-connection-as-json-text", "register_device", "type (object in oneOf)",
              {**DEVICE, "connection": '{"kind": "wifi", "ssid": "HomeNet"}'}, DEVICE),
    WrongCall("device-connection-kind-case", "register_device", "const (in oneOf)",
              {**DEVICE, "connection": {"kind": "WiFi", "ssid": "HomeNet"}}, DEVICE),
    WrongCall("device-ip-with-port", "register_device", "format ipv4 (in oneOf)",
              {**DEVICE, "connection": {"kind": "ethernet", "ip": "192.168.1.50:8080"}},
              {**DEVICE, "connection": {"kind": "ethernet", "ip": "192.168.1.50"}}),
    WrongCall("device-room-snake-case", "register_device", "enum", {**DEVICE, "room": "living_room"}, {**DEVICE, "room": "living room"}),
    WrongCall("device-tags-comma-string", "register_device", "type (array)", {**DEVICE, "tags": "motion, hall"},
              {**DEVICE, "tags": ["motion", "hall"]}),
    WrongCall("device-tag-not-in-a-list", "register_device", "type (array)", {**DEVICE, "tags": "motion"}, {**DEVICE, "tags": ["motion"]}),
    WrongCall("device-ssid-sent-flat", "register_device", "additionalProperties (value at the wrong level)",
              {"name": "Hall sensor", "ssid": "HomeNet"}, DEVICE),
    WrongCall("device-name-too-long", "register_device", "maxLength",
              {**DEVICE, "name": "Motion sensor in the upstairs hall next to the bathroom"}, None),
    # ---- resize_image (MCP: integers, uri, booleans) ------------------------------------------------------------------
    WrongCall("image-width-with-px", "resize_image", "type", {**IMAGE, "width": "800px"}, IMAGE),
    WrongCall("image-quality-percent", "resize_image", "type", {**IMAGE, "quality": "90%"}, {**IMAGE, "quality": 90}),
    WrongCall("image-quality-over-a-little", "resize_image", "maximum", {**IMAGE, "quality": 101}, {**IMAGE, "quality": 100}),
    WrongCall("image-format-jpg", "resize_image", "enum", {**IMAGE, "output_format": "jpg"}, {**IMAGE, "output_format": "jpeg"}),
    WrongCall("image-format-upper-case", "resize_image", "enum", {**IMAGE, "output_format": "PNG"}, IMAGE),
    WrongCall("image-url-without-scheme", "resize_image", "format uri", {**IMAGE, "url": "example.org/cat.jpg"}, IMAGE),
    WrongCall("image-keep-aspect-text", "resize_image", "type", {**IMAGE, "keep_aspect": "false"}, {**IMAGE, "keep_aspect": False}),
    WrongCall("image-height-only", "resize_image", "required", {"url": IMAGE["url"], "height": 600}, None),
    WrongCall("image-camel-case-name", "resize_image", "additionalProperties", {**IMAGE, "outputFormat": "webp"},
              {**IMAGE, "output_format": "webp"}),
    # ---- order_groceries (MCP: arrays of objects, nested objects, additionalProperties at depth) ---------------------
    WrongCall("grocery-items-as-json-text", "order_groceries", "type (array of objects)",
              {**GROCERY, "items": '[{"product": "milk", "quantity": 2, "unit": "l"}]'}, GROCERY),
    WrongCall("grocery-one-item-not-in-a-list", "order_groceries", "type (array of objects)", {**GROCERY, "items": MILK}, GROCERY),
    WrongCall("grocery-quantity-string", "order_groceries", "type (in an array)", _milk(quantity="2"), GROCERY),
    WrongCall("grocery-unit-in-words", "order_groceries", "enum (in an array)", _milk(unit="litres"), GROCERY),
    WrongCall("grocery-unit-upper-case", "order_groceries", "enum (in an array)", _milk(unit="KG", quantity=1),
              _milk(unit="kg", quantity=1)),
    WrongCall("grocery-quantity-misspelt-key", "order_groceries", "additionalProperties (in an array)",
              {**GROCERY, "items": [{"product": "milk", "qty": 2, "unit": "l"}]}, GROCERY),
    WrongCall("grocery-delivery-sent-flat", "order_groceries", "additionalProperties (value at the wrong level)",
              {"store": "Riverside", "items": [MILK], "date": "2030-05-04", "slot": "morning"}, GROCERY),
    WrongCall("grocery-delivery-date-us-order", "order_groceries", "format date (nested)",
              {**GROCERY, "delivery": {"date": "05/04/2030", "slot": "morning"}}, GROCERY),
    WrongCall("grocery-delivery-date-in-words", "order_groceries", "format date (nested)",
              {**GROCERY, "delivery": {"date": "4 May 2030", "slot": "morning"}}, GROCERY),
    WrongCall("grocery-store-lower-case", "order_groceries", "enum", {**GROCERY, "store": "riverside"}, GROCERY),
    WrongCall("grocery-tip-with-euro-sign", "order_groceries", "type", {**GROCERY, "tip": "5€"}, {**GROCERY, "tip": 5}),
    WrongCall("grocery-delivery-without-slot", "order_groceries", "required (nested)",
              {**GROCERY, "delivery": {"date": "2030-05-04"}}, None),
    # ---- plan_route (OpenAI function: arrays of objects, array of enums) --------------------------------------------
    WrongCall("route-stop-as-text", "plan_route", "type (array of objects)", {**ROUTE, "stops": "Toledo"}, ROUTE),
    WrongCall("route-stops-as-names", "plan_route", "type (in an array)", {**ROUTE, "stops": ["Toledo", "Aranjuez"]},
              {**ROUTE, "stops": [{"place": "Toledo"}, {"place": "Aranjuez"}]}),
    WrongCall("route-mode-synonym", "plan_route", "enum", {**ROUTE, "mode": "car"}, {**ROUTE, "mode": "driving"}),
    WrongCall("route-mode-capitalised", "plan_route", "enum", {**ROUTE, "mode": "Walking"}, {**ROUTE, "mode": "walking"}),
    WrongCall("route-avoid-comma-string", "plan_route", "type (array of enums)", {**ROUTE, "avoid": "tolls, highways"},
              {**ROUTE, "avoid": ["tolls", "highways"]}),
    WrongCall("route-avoid-singular-not-a-list", "plan_route", "type (array of enums)", {**ROUTE, "avoid": "toll"},
              {**ROUTE, "avoid": ["tolls"]}),
    WrongCall("route-depart-without-offset", "plan_route", "format date-time", {**ROUTE, "depart_at": "2030-05-04T08:00:00"},
              {**ROUTE, "depart_at": "2030-05-04T08:00:00+02:00"}),
    WrongCall("route-stay-with-unit", "plan_route", "type (in an array)", {**ROUTE, "stops": [{"place": "Toledo", "stay_minutes": "90 min"}]},
              {**ROUTE, "stops": [{"place": "Toledo", "stay_minutes": 90}]}),
    WrongCall("route-too-many-stops", "plan_route", "maxItems",
              {**ROUTE, "stops": [{"place": p} for p in ("Toledo", "Aranjuez", "Chinchón", "Ocaña", "Consuegra", "Tembleque")]}, None),
    WrongCall("route-avoid-duplicated", "plan_route", "uniqueItems", {**ROUTE, "avoid": ["tolls", "tolls"]}, {**ROUTE, "avoid": ["tolls"]}),
    # ---- create_invoice (ARDF: enum of integers, anchored pattern, array of objects, nullable, defaults) ------------
    WrongCall("invoice-term-as-string", "create_invoice", "enum of integers", {**INVOICE, "due_in_days": "30"}, {**INVOICE, "due_in_days": 30}),
    WrongCall("invoice-term-not-offered", "create_invoice", "enum of integers", {**INVOICE, "due_in_days": 45}, None),
    WrongCall("invoice-customer-lower-case", "create_invoice", "pattern (anchored)", {**INVOICE, "customer_id": "cus-00042"}, INVOICE),
    WrongCall("invoice-customer-number-only", "create_invoice", "pattern (anchored)", {**INVOICE, "customer_id": "42"}, INVOICE),
    WrongCall("invoice-price-thousands-comma", "create_invoice", "type (in an array)", _line(unit_price="1,000"), _line(unit_price=1000)),
    WrongCall("invoice-price-euro-sign", "create_invoice", "type (in an array)", _line(unit_price="€800"), INVOICE),
    WrongCall("invoice-vat-percent-sign", "create_invoice", "enum of numbers (in an array)", _line(vat_rate="21%"), _line(vat_rate=21)),
    WrongCall("invoice-vat-as-fraction", "create_invoice", "enum of numbers (in an array)", _line(vat_rate=0.21), _line(vat_rate=21)),
    WrongCall("invoice-missing-currency-with-default", "create_invoice", "required (with a default)", _with(INVOICE, currency=_DROP), INVOICE),
    WrongCall("invoice-line-price-named-price", "create_invoice", "additionalProperties (in an array)",
              {**INVOICE, "lines": [{"description": "Consulting, one day", "quantity": 1, "price": 800}]}, INVOICE),
    WrongCall("invoice-send-by-email-yes", "create_invoice", "type", {**INVOICE, "send_by_email": "yes"}, {**INVOICE, "send_by_email": True}),
    WrongCall("invoice-issue-date-with-time", "create_invoice", "format date", {**INVOICE, "issue_date": "2030-05-02T10:15:00Z"}, INVOICE),
    # ---- send_notification (ARDF: array of e-mails, enum of integers, nullable date-time) ---------------------------
    WrongCall("notify-recipient-not-in-a-list", "send_notification", "type (array)", {**NOTE, "recipients": "ops@example.org"}, NOTE),
    WrongCall("notify-recipients-comma-string", "send_notification", "type (array)", {**NOTE, "recipients": "ops@example.org, dev@example.org"},
              {**NOTE, "recipients": ["ops@example.org", "dev@example.org"]}),
    WrongCall("notify-priority-string", "send_notification", "enum of integers", {**NOTE, "priority": "5"}, {**NOTE, "priority": 5}),
    WrongCall("notify-priority-word", "send_notification", "enum of integers", {**NOTE, "priority": "high"}, None),
    WrongCall("notify-channel-synonym", "send_notification", "enum", {**NOTE, "channel": "text"}, {**NOTE, "channel": "sms"}),
    WrongCall("notify-channel-hyphen", "send_notification", "enum", {**NOTE, "channel": "E-mail"}, NOTE),
    WrongCall("notify-message-too-long", "send_notification", "maxLength", {**NOTE, "message": "Deploy finished. " * 10}, None),
    WrongCall("notify-send-at-now", "send_notification", "format date-time (nullable)", {**NOTE, "send_at": "now"}, NOTE),
    WrongCall("notify-singular-argument", "send_notification", "additionalProperties",
              _with(NOTE, recipients=_DROP, recipient=["ops@example.org"]), NOTE),
    # ---- query_metrics (ARDF: duration, ipv4, enums of integers, defaults) ------------------------------------------
    WrongCall("metrics-window-short-hours", "query_metrics", "format duration", {**METRICS, "window": "6h"}, METRICS),
    WrongCall("metrics-window-in-words", "query_metrics", "format duration", {**METRICS, "window": "6 hours"}, METRICS),
    WrongCall("metrics-host-with-spaces", "query_metrics", "format ipv4", {**METRICS, "host": " 10.0.0.12 "}, METRICS),
    WrongCall("metrics-host-by-name", "query_metrics", "format ipv4", {**METRICS, "host": "db-01"}, None),
    WrongCall("metrics-step-as-string", "query_metrics", "enum of integers", {**METRICS, "step_seconds": "300"}, {**METRICS, "step_seconds": 300}),
    WrongCall("metrics-step-not-offered", "query_metrics", "enum of integers", {**METRICS, "step_seconds": 120}, None),
    WrongCall("metrics-metric-capitalised", "query_metrics", "enum", {**METRICS, "metric": "Memory"}, {**METRICS, "metric": "memory"}),
    WrongCall("metrics-limit-over-a-little", "query_metrics", "maximum", {**METRICS, "limit": 1001}, {**METRICS, "limit": 1000}),
    WrongCall("metrics-end-as-a-day", "query_metrics", "format date-time", {**METRICS, "end": "2030-05-02"}, None),
    WrongCall("metrics-aggregate-in-full", "query_metrics", "enum", {**METRICS, "aggregate": "average"}, METRICS),
    WrongCall("metrics-aggregate-percentile-words", "query_metrics", "enum", {**METRICS, "aggregate": "95th percentile"},
              {**METRICS, "aggregate": "p95"}),
    # ---- set_thermostat (ATDF 2.x: ranges, enum of integers, nullable date-time) -----------------------------------
    WrongCall("thermo-degrees-sign", "set_thermostat", "type", {**THERMO, "target_celsius": "21°C"}, THERMO),
    WrongCall("thermo-decimal-comma", "set_thermostat", "type", {**THERMO, "target_celsius": "21,5"}, {**THERMO, "target_celsius": 21.5}),
    WrongCall("thermo-over-a-little", "set_thermostat", "maximum", {**THERMO, "target_celsius": 31}, {**THERMO, "target_celsius": 30}),
    WrongCall("thermo-fahrenheit-value", "set_thermostat", "maximum", {**THERMO, "target_celsius": 70}, None),
    WrongCall("thermo-zone-with-space", "set_thermostat", "enum", {**THERMO, "zone": "Living Room"}, {**THERMO, "zone": "living_room"}),
    WrongCall("thermo-zone-synonym", "set_thermostat", "enum", {**THERMO, "zone": "lounge"}, {**THERMO, "zone": "living_room"}),
    WrongCall("thermo-fan-in-words", "set_thermostat", "enum of integers", {**THERMO, "fan_speed": "three"}, {**THERMO, "fan_speed": 3}),
    WrongCall("thermo-fan-as-string", "set_thermostat", "enum of integers", {**THERMO, "fan_speed": "1"}, {**THERMO, "fan_speed": 1}),
    WrongCall("thermo-mode-upper-case", "set_thermostat", "enum", {**THERMO, "mode": "HEAT"}, {**THERMO, "mode": "heat"}),
    WrongCall("thermo-hold-until-a-day", "set_thermostat", "format date-time (nullable)", {**THERMO, "hold_until": "2030-05-03"}, None),
    WrongCall("thermo-camel-case-name", "set_thermostat", "additionalProperties", {"zone": "bedroom", "targetCelsius": 21}, THERMO),
    WrongCall("thermo-longer-name", "set_thermostat", "additionalProperties", {"zone": "bedroom", "target_temperature_celsius": 21}, THERMO),
    # ---- transfer_funds (ATDF 2.x: IBAN patterns, money) ------------------------------------------------------------
    WrongCall("transfer-iban-with-spaces", "transfer_funds", "pattern (anchored)", {**TRANSFER, "from_account": "ES91 2100 0418 4502 0005 1332"},
              TRANSFER),
    WrongCall("transfer-iban-lower-case", "transfer_funds", "pattern (anchored)", {**TRANSFER, "to_account": "de89370400440532013000"}, TRANSFER),
    WrongCall("transfer-amount-thousands-comma", "transfer_funds", "type", {**TRANSFER, "amount": "1,000"}, {**TRANSFER, "amount": 1000}),
    WrongCall("transfer-amount-european-format", "transfer_funds", "type", {**TRANSFER, "amount": "1.250,50"}, {**TRANSFER, "amount": 1250.5}),
    WrongCall("transfer-amount-over-the-limit", "transfer_funds", "maximum", {**TRANSFER, "amount": 10500}, None),
    WrongCall("transfer-currency-symbol", "transfer_funds", "enum", {**TRANSFER, "currency": "€"}, TRANSFER),
    WrongCall("transfer-currency-lower-case", "transfer_funds", "enum", {**TRANSFER, "currency": "eur"}, TRANSFER),
    WrongCall("transfer-reference-too-long", "transfer_funds", "maxLength",
              {**TRANSFER, "reference": "Rent for May 2030, flat 3B, Calle Mayor 5"}, None),
    WrongCall("transfer-date-dotted", "transfer_funds", "format date", {**TRANSFER, "execution_date": "10.05.2030"},
              {**TRANSFER, "execution_date": "2030-05-10"}),
    WrongCall("transfer-instant-as-one", "transfer_funds", "type", {**TRANSFER, "instant": 1}, {**TRANSFER, "instant": True}),
    WrongCall("transfer-missing-currency", "transfer_funds", "required", _with(TRANSFER, currency=_DROP), TRANSFER),
    # ---- schedule_backup (ATDF 2.x YAML: time, duration, ipv4) ------------------------------------------------------
    WrongCall("backup-time-without-offset", "schedule_backup", "format time", {**BACKUP, "start_time": "02:00"}, BACKUP),
    WrongCall("backup-time-am", "schedule_backup", "format time", {**BACKUP, "start_time": "2am"}, BACKUP),
    WrongCall("backup-frequency-in-words", "schedule_backup", "enum", {**BACKUP, "frequency": "every day"}, BACKUP),
    WrongCall("backup-frequency-capitalised", "schedule_backup", "enum", {**BACKUP, "frequency": "Weekly"}, {**BACKUP, "frequency": "weekly"}),
    WrongCall("backup-retention-in-words", "schedule_backup", "format duration", {**BACKUP, "retention": "30 days"}, BACKUP),
    WrongCall("backup-retention-bare-number", "schedule_backup", "type", {**BACKUP, "retention": 30}, None),
    WrongCall("backup-ip-leading-zeros", "schedule_backup", "format ipv4", {**BACKUP, "server_ip": "192.168.001.020"}, BACKUP),
    WrongCall("backup-parallel-over-a-little", "schedule_backup", "maximum", {**BACKUP, "max_parallel": 10}, {**BACKUP, "max_parallel": 8}),
    WrongCall("backup-compress-upper-case-text", "schedule_backup", "type", {**BACKUP, "compress": "TRUE"}, BACKUP),
    WrongCall("backup-short-argument-name", "schedule_backup", "additionalProperties", _with(BACKUP, server_ip=_DROP, ip="192.168.1.20"),
              BACKUP),
    # ---- log_expense (ATDF 2.x YAML: currency pattern, dates, uri) --------------------------------------------------
    WrongCall("expense-currency-symbol", "log_expense", "pattern (anchored)", {**EXPENSE, "currency": "€"}, EXPENSE),
    WrongCall("expense-currency-lower-case", "log_expense", "pattern (anchored)", {**EXPENSE, "currency": "eur"}, EXPENSE),
    WrongCall("expense-currency-in-words", "log_expense", "pattern (anchored)", {**EXPENSE, "currency": "euros"}, EXPENSE),
    WrongCall("expense-amount-with-symbol", "log_expense", "type", {**EXPENSE, "amount": "€42.50"}, EXPENSE),
    WrongCall("expense-category-synonym", "log_expense", "enum", {**EXPENSE, "category": "food"}, {**EXPENSE, "category": "meals"}),
    WrongCall("expense-category-singular", "log_expense", "enum", {**EXPENSE, "category": "meal"}, {**EXPENSE, "category": "meals"}),
    WrongCall("expense-date-month-name", "log_expense", "format date", {**EXPENSE, "spent_on": "May 2, 2030"}, EXPENSE),
    WrongCall("expense-date-us-order", "log_expense", "format date", {**EXPENSE, "spent_on": "05/02/2030"}, EXPENSE),
    WrongCall("expense-project-lower-case", "log_expense", "pattern (anchored)", {**EXPENSE, "project_code": "prj-0042"},
              {**EXPENSE, "project_code": "PRJ-0042"}),
    WrongCall("expense-project-without-dash", "log_expense", "pattern (anchored)", {**EXPENSE, "project_code": "PRJ0042"},
              {**EXPENSE, "project_code": "PRJ-0042"}),
    WrongCall("expense-missing-category", "log_expense", "required", _with(EXPENSE, category=_DROP), EXPENSE),
    WrongCall("expense-camel-case-date", "log_expense", "additionalProperties", _with(EXPENSE, spent_on=_DROP, spentOn="2030-05-02"), EXPENSE),
    # ---- book_train, weather_forecast (ATDF 1.x: types only, every input required) ----------------------------------
    WrongCall("train-passengers-string", "book_train", "type", {**TRAIN, "passengers": "2"}, TRAIN),
    WrongCall("train-passengers-word", "book_train", "type", {**TRAIN, "passengers": "two"}, TRAIN),
    WrongCall("train-first-class-no", "book_train", "type", {**TRAIN, "first_class": "no"}, TRAIN),
    WrongCall("train-missing-first-class", "book_train", "required", _with(TRAIN, first_class=_DROP), TRAIN),
    WrongCall("train-date-short-name", "book_train", "additionalProperties", _with(TRAIN, travel_date=_DROP, date="2030-05-10"), TRAIN),
    WrongCall("train-from-and-to", "book_train", "additionalProperties", _with(TRAIN, origin=_DROP, destination=_DROP, **{"from": "Madrid",
              "to": "Sevilla"}), TRAIN),
    WrongCall("weather-metric-as-unit-name", "weather_forecast", "type", {**WEATHER, "metric": "celsius"}, WEATHER),
    WrongCall("weather-missing-metric", "weather_forecast", "required", _with(WEATHER, metric=_DROP), None),
    # ---- create_poll (OpenAkita: minItems/uniqueItems, accents in an enum) ------------------------------------------
    WrongCall("poll-options-comma-string", "create_poll", "type (array)", {**POLL, "options": "Sushi, Tapas, Pizza"}, POLL),
    WrongCall("poll-options-as-json-text", "create_poll", "type (array)", {**POLL, "options": '["Sushi", "Tapas", "Pizza"]'}, POLL),
    WrongCall("poll-options-duplicated", "create_poll", "uniqueItems", {**POLL, "options": ["Sushi", "Tapas", "Pizza", "Sushi"]}, POLL),
    WrongCall("poll-one-option", "create_poll", "minItems", {**POLL, "options": ["Sushi"]}, None),
    WrongCall("poll-closes-without-offset", "create_poll", "format date-time", {**POLL, "closes_at": "2030-05-03T18:00"},
              {**POLL, "closes_at": "2030-05-03T18:00:00+02:00"}),
    WrongCall("poll-language-without-accent", "create_poll", "enum (accents)", {**POLL, "language": "espanol"}, {**POLL, "language": "español"}),
    WrongCall("poll-language-capitalised-no-accent", "create_poll", "enum (accents)", {**POLL, "language": "Francais"},
              {**POLL, "language": "français"}),
    WrongCall("poll-allow-multiple-text", "create_poll", "type", {**POLL, "allow_multiple": "true"}, {**POLL, "allow_multiple": True}),
    WrongCall("poll-question-too-short", "create_poll", "minLength", {**POLL, "question": "Eat?"}, None),
    WrongCall("poll-choices-synonym", "create_poll", "additionalProperties", _with(POLL, options=_DROP, choices=POLL["options"]), POLL),
    # ---- add_calendar_event (OpenAkita: time, enum of integers, anyOf of objects with const) -------------------------
    WrongCall("event-time-without-offset", "add_calendar_event", "format time", {**EVENT, "start_time": "09:30"}, EVENT),
    WrongCall("event-time-without-seconds", "add_calendar_event", "format time", {**EVENT, "start_time": "09:30+02:00"}, EVENT),
    WrongCall("event-date-in-words", "add_calendar_event", "format date", {**EVENT, "date": "6 May 2030"}, EVENT),
    WrongCall("event-reminder-as-string", "add_calendar_event", "enum of integers", {**EVENT, "reminder_minutes": "15"},
              {**EVENT, "reminder_minutes": 15}),
    WrongCall("event-reminder-not-offered", "add_calendar_event", "enum of integers", {**EVENT, "reminder_minutes": 20}, None),
    WrongCall("event-reminder-with-unit", "add_calendar_event", "enum of integers", {**EVENT, "reminder_minutes": "15 min"},
              {**EVENT, "reminder_minutes": 15}),
    WrongCall("event-duration-zero", "add_calendar_event", "exclusiveMinimum", {**EVENT, "duration_minutes": 0}, None),
    WrongCall("event-weekdays-full-names", "add_calendar_event", "enum (in anyOf)",
              {**EVENT, "repeat": {"every": "week", "weekdays": ["Monday", "Wednesday"]}}, {**EVENT, "repeat": WEEKLY}),
    WrongCall("event-weekday-not-in-a-list", "add_calendar_event", "type (in anyOf)",
              {**EVENT, "repeat": {"every": "week", "weekdays": "mon"}}, {**EVENT, "repeat": {"every": "week", "weekdays": ["mon"]}}),
    WrongCall("event-every-capitalised", "add_calendar_event", "const (in anyOf)",
              {**EVENT, "repeat": {"every": "Week", "weekdays": ["mon", "wed"]}}, {**EVENT, "repeat": WEEKLY}),
    WrongCall("event-day-of-month-31", "add_calendar_event", "maximum (in anyOf)",
              {**EVENT, "repeat": {"every": "month", "day_of_month": 31}}, None),
    WrongCall("event-repeat-as-json-text", "add_calendar_event", "type (object in anyOf)",
              {**EVENT, "repeat": '{"every": "month", "day_of_month": 15}'}, {**EVENT, "repeat": {"every": "month", "day_of_month": 15}}),
    WrongCall("event-missing-title", "add_calendar_event", "required", _with(EVENT, title=_DROP), None),
)
