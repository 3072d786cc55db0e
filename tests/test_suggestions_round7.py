"""Round seven (the sixth blind corpus, bench/wrong_calls_blind6.py): the shapes of SaaS and cloud APIs it found misread
or left unrepaired.

Each repair is made only when exactly one value fits the schema: a sort given as {"field", "order"} or "-field" for an
enum of "field:direction" members, a duration in words, short units or h:m:s for an ISO 8601 duration pattern, a
number for decimal text with a fixed count of decimals, a city or a tz database link for an enum of IANA time zones,
Stripe's form keys ("created[gte]"), "null" as text for a nullable input with a format, a word joined by the mark
the pattern does not take, a percentage with its sign, a map sent as key=value pairs, an expanded object for its id,
Unix seconds for a date-time; a cron macro, day names or Quartz's fields for five-field cron; days as P30D; one
word for an object whose one required property takes it; an adverb for its noun ("yearly"); a comparison's symbol; a
bucket as its URI; the one member a word is part of; a language by its name; a filter written as an expression.
What the corpus found suggested wrongly is left to the agent: a combination of the enum's own words it does not offer
("priority:asc" is no typo of "priority:desc"), a member with a number ("UTC-4") or a prefix ("biweekly") more, a
name with a measure more ("page_size" is no misspelt "page"), one text of several words for a list of words, and a
discriminator the object's other properties do not fit. A hostile review found more, left to the agent too: a minus
sort read as the closest spelling of the other direction, a phone number or YYYYMMDDHH read as Unix seconds, a cron
range across the week's end, a filter with a dangling AND or a wildcard, a bucket's web address, a language tag cut
to its language, another object's id, and a measure in the plural ("page_sizes"). Every test calls a real catalogue through the SDK's in-memory
client and reads the envelope."""

from __future__ import annotations

from repair_cases import repair_tests

ZONES = ["UTC", "Europe/London", "Europe/Berlin", "Europe/Madrid", "America/New_York", "Asia/Tokyo"]
SLACK = {"type": "object", "properties": {"type": {"const": "slack"}, "webhook_url": {"type": "string", "pattern": "^https://hooks\\.slack\\.com/"}},
         "required": ["type", "webhook_url"], "additionalProperties": False}
SMS = {"type": "object", "properties": {"type": {"const": "sms"}, "phone": {"type": "string", "pattern": "^\\+[1-9][0-9]{6,14}$"}},
       "required": ["type", "phone"], "additionalProperties": False}
HOOK = "https://hooks.slack.com/services/T0/B0/X"
CUS = "cus_NffrFeUfNV2Hib"
TOOLS = [
    {"name": "listing", "description": "Pages, sorts and filters.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "sort": {"type": "string", "enum": ["created_at:desc", "created_at:asc", "amount_due:desc", "amount_due:asc", "priority:desc"]},
            "order_by": {"type": "string", "enum": ["name", "creationTimestamp desc"]},
            "page": {"type": "integer", "minimum": 1},
            "per_page": {"type": "integer", "minimum": 1, "maximum": 100},
            "created": {"type": "object", "properties": {"gte": {"type": "string", "format": "date-time"}}, "additionalProperties": False},
            "customer": {"type": "string", "pattern": "^cus_[A-Za-z0-9]{8,32}$"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "metadata": {"type": "object", "additionalProperties": {"type": "string"}}}}},
    {"name": "timing", "description": "Durations, time zones, dates.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "timeout": {"type": "string", "pattern": "^PT(?=[0-9])([0-9]+H)?([0-9]+M)?([0-9]+S)?$"},
            "duration": {"type": "string", "pattern": "^PT(?=[0-9])([1-9][0-9]?H)?([1-5]?[0-9]M)?$"},
            "timezone": {"type": "string", "enum": ZONES},
            "frequency": {"type": "string", "enum": ["daily", "weekly", "monthly"]},
            "anchor": {"type": "string", "format": "date-time"},
            "mute_until": {"type": ["string", "null"], "format": "date-time", "default": None},
            "command": {"type": "array", "items": {"type": "string", "minLength": 1}}}}},
    {"name": "money", "description": "Decimal text, percentages, keys.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "value": {"type": "string", "pattern": "^[0-9]+\\.[0-9]{2}$"},
            "rollout_percentage": {"type": "integer", "minimum": 0, "maximum": 100},
            "key": {"type": "string", "pattern": "^[a-z][a-z0-9_]{1,63}$"},
            "locale": {"type": "string", "pattern": "^[a-z]{2}(-[A-Z]{2})?$"}}}},
    {"name": "later", "description": "Cron, day counts, one-property objects, operators, ids.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "schedule": {"type": "string", "pattern": "^[0-9*/,-]+( [0-9*/,-]+){4}$"},
            "after_days": {"type": "integer", "minimum": 1},
            "product_code": {"type": "string", "pattern": "^P[A-Z0-9]+$"},
            "handle": {"type": "string", "pattern": "^[^@a-zA-Z]+$"},
            "recurrence": {"type": "object", "properties": {"frequency": {"type": "string", "enum": ["daily", "weekly", "monthly"]},
                                                           "count": {"type": "integer", "minimum": 1}},
                           "required": ["frequency"], "additionalProperties": False},
            "recurring": {"type": "object", "properties": {"interval": {"type": "string", "enum": ["day", "week", "month", "year"]}},
                          "required": ["interval"], "additionalProperties": False},
            "operator": {"type": "string", "enum": ["equals", "not_equals", "in", "not_in", "ends_with"]},
            "addresses": {"type": "array", "items": {"type": "string", "format": "email"}},
            "bucket": {"type": "string", "pattern": "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$"},
            "collection_method": {"type": "string", "enum": ["charge_automatically", "send_invoice"]},
            "progress": {"type": "string", "enum": ["not_started", "in_progress", "done"]},
            "language": {"type": "string", "pattern": "^[a-z]{2}(-[A-Z]{2})?$", "description": "BCP 47 language tag."},
            "filter": {"type": "object", "properties": {"status": {"type": "string", "enum": ["RUNNING", "TERMINATED"]},
                                                        "zone": {"type": "string"}}, "additionalProperties": False}}}},
    {"name": "notify", "description": "A discriminated union.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["channel"], "properties": {
            "channel": {"oneOf": [SLACK, SMS], "discriminator": {"propertyName": "type"}}}}},
    {"name": "review", "description": "What a hostile review of round seven found misread.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "sort": {"type": "string", "enum": ["updated_at:asc", "created_at:desc"]},
            "order": {"type": "string", "enum": ["name:asc", "name:desc", "name.first:asc"]},
            "anchor": {"type": "string", "format": "date-time"},
            "schedule": {"type": "string", "pattern": "^[0-9*/,-]+( [0-9*/,-]+){4}$"},
            "filter": {"type": "object", "properties": {"status": {"type": "string"}, "zone": {"type": "string"}},
                       "additionalProperties": False},
            "bucket": {"type": "string", "pattern": "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$"},
            "locale": {"type": "string", "pattern": "^[a-z]{2}(-[A-Z]{2})?$", "description": "The locale."},
            "customer": {"type": "string", "pattern": "^cus_[A-Za-z0-9]{8,32}$"},
            "page": {"type": "integer", "minimum": 1},
            "zone": {"type": "string", "enum": ["Europe/Busingen", "Europe/Berlin", "America/Toronto"]}}}},
]

REPAIRED = [
    # a sort as an object, an array of one object, or a leading minus, for an enum of "field:direction" members
    ("listing", {"sort": {"field": "created_at", "order": "desc"}}, {"sort": "created_at:desc"}),
    ("listing", {"sort": {"field": "amount_due", "direction": "ASC"}}, {"sort": "amount_due:asc"}),
    ("listing", {"sort": [{"field": "created_at", "order": "desc"}]}, {"sort": "created_at:desc"}),
    ("listing", {"sort": "-amount_due"}, {"sort": "amount_due:desc"}),
    ("listing", {"order_by": {"field": "creationTimestamp", "direction": "desc"}}, {"order_by": "creationTimestamp desc"}),
    # an ISO 8601 duration written in words, short units or h:m:s, or with more minutes than the pattern takes
    ("timing", {"timeout": "30 minutes"}, {"timeout": "PT30M"}),
    ("timing", {"timeout": "1h"}, {"timeout": "PT1H"}),
    ("timing", {"timeout": "00:30:00"}, {"timeout": "PT30M"}),
    ("timing", {"duration": "90 minutes"}, {"duration": "PT1H30M"}),
    ("timing", {"duration": "1.5h"}, {"duration": "PT1H30M"}),
    ("timing", {"duration": "PT90M"}, {"duration": "PT1H30M"}),
    # an IANA zone by its city, or by a tz database link to it
    ("timing", {"timezone": "Berlin"}, {"timezone": "Europe/Berlin"}),
    ("timing", {"timezone": "tokyo"}, {"timezone": "Asia/Tokyo"}),
    ("timing", {"timezone": "US/Eastern"}, {"timezone": "America/New_York"}),
    # Unix seconds for a date-time; "null" as text for a nullable date-time
    ("timing", {"anchor": 1924992000}, {"anchor": "2031-01-01T00:00:00Z"}),
    ("timing", {"mute_until": "null"}, {"mute_until": None}),
    # decimal text with two decimals
    ("money", {"value": 125}, {"value": "125.00"}),
    ("money", {"value": 125.5}, {"value": "125.50"}),
    ("money", {"value": "125"}, {"value": "125.00"}),
    ("money", {"value": "125,00"}, {"value": "125.00"}),
    # a percentage with its sign; a word joined by the one mark the pattern takes
    ("money", {"rollout_percentage": "25%"}, {"rollout_percentage": 25}),
    ("money", {"key": "new-checkout"}, {"key": "new_checkout"}),
    ("money", {"locale": "en_US"}, {"locale": "en-US"}),
    # Stripe's form keys for a nested property; a map as key=value pairs or {key, value} objects; an expanded object
    ("listing", {"created[gte]": "2031-01-01T00:00:00Z"}, {"created": {"gte": "2031-01-01T00:00:00Z"}}),
    ("listing", {"labels": ["env=prod", "team=web"]}, {"labels": {"env": "prod", "team": "web"}}),
    ("listing", {"metadata": [{"key": "order_id", "value": "6735"}]}, {"metadata": {"order_id": "6735"}}),
    ("listing", {"customer": {"id": CUS, "object": "customer"}}, {"customer": CUS}),
    # cron: a macro, day and month names, Quartz's seconds and "?"
    ("later", {"schedule": "@daily"}, {"schedule": "0 0 * * *"}),
    ("later", {"schedule": "@hourly"}, {"schedule": "0 * * * *"}),
    ("later", {"schedule": "0 3 * * MON-FRI"}, {"schedule": "0 3 * * 1-5"}),
    ("later", {"schedule": "0 0 1 JAN *"}, {"schedule": "0 0 1 1 *"}),
    ("later", {"schedule": "0 0 3 * * ?"}, {"schedule": "0 3 * * *"}),
    # days as an ISO duration of days, for an input counted in days
    ("later", {"after_days": "P30D"}, {"after_days": 30}),
    # one word for an object whose one required property takes it; an adverb for its noun
    ("later", {"recurrence": "weekly"}, {"recurrence": {"frequency": "weekly"}}),
    ("later", {"recurring": {"interval": "yearly"}}, {"recurring": {"interval": "year"}}),
    ("later", {"recurring": "monthly"}, {"recurring": {"interval": "month"}}),
    # an operator as its symbol; a name in the singular for a plural input; a bucket as its URI
    ("later", {"operator": "=="}, {"operator": "equals"}),
    ("later", {"operator": "!="}, {"operator": "not_equals"}),
    ("later", {"address": "ops@example.com"}, {"addresses": ["ops@example.com"]}),
    ("later", {"bucket": "s3://acme-logs"}, {"bucket": "acme-logs"}),
    ("later", {"bucket": "gs://acme-logs/"}, {"bucket": "acme-logs"}),
    # the one member a word is part of; a language by its name for a language tag
    ("later", {"collection_method": "invoice"}, {"collection_method": "send_invoice"}),
    ("later", {"language": "German"}, {"language": "de"}),
    # a filter written as an expression of the object's own properties
    ("later", {"filter": "status = RUNNING"}, {"filter": {"status": "RUNNING"}}),
    ("later", {"filter": "status:running zone:europe-west1-b"}, {"filter": {"status": "RUNNING", "zone": "europe-west1-b"}}),
    # a discriminator left out, or the other member's, when the other properties fit one member only
    ("notify", {"channel": {"webhook_url": HOOK}}, {"channel": {"type": "slack", "webhook_url": HOOK}}),
    ("notify", {"channel": {"type": "sms", "webhook_url": HOOK}}, {"channel": {"type": "slack", "webhook_url": HOOK}}),
    # a leading minus is descending, whatever member a misspelling would be closest to
    ("review", {"order": "-Name"}, {"order": "name:desc"}),
    # a retired name of the tz database, a link to the one member with its rules
    ("review", {"zone": "America/Montreal"}, {"zone": "America/Toronto"}),
]
LEFT = [
    ("listing", {"sort": "priority:asc"}, "the enum's own words in a combination it does not offer: no typo of priority:desc"),
    ("listing", {"sort": "amount_due"}, "a field without a direction: ascending or descending"),
    ("listing", {"sort": {"field": "updated_at", "order": "desc"}}, "a field the enum does not sort by"),
    ("listing", {"sort": {"field": "created_at", "order": "desc", "nulls": "last"}}, "an object that says more than a field and a direction"),
    ("listing", {"page_size": 50}, "a page's size is no misspelt page"),
    ("listing", {"labels": ["env=prod", "env=dev"]}, "a key given twice"),
    ("listing", {"customer": {"id": CUS, "parent": "cus_Aa11Bb22Cc33Dd"}}, "two ids that fit"),
    ("timing", {"timeout": 1800}, "a number of what: seconds, minutes?"),
    ("timing", {"duration": "01:30"}, "hours and minutes, or minutes and seconds"),
    ("timing", {"timezone": "UTC-4"}, "an offset: a member with a number more is another value"),
    ("timing", {"timezone": "EST"}, "an abbreviation: a fixed offset, or New York's time"),
    ("timing", {"timezone": "+01:00"}, "an offset several zones share"),
    ("timing", {"timezone": "GMT"}, "UTC or London"),
    ("timing", {"timezone": "../../etc/passwd"}, "no zone name"),
    ("timing", {"frequency": "biweekly"}, "a prefix more makes another word, not a typo of weekly"),
    ("timing", {"command": "python backup.py"}, "one word or two: a list of words written as one text"),
    ("timing", {"anchor": 19249920}, "too few digits for Unix seconds of this century"),
    ("money", {"value": 125.555}, "three decimals: rounding is the caller's to do"),
    ("money", {"value": "1.250"}, "one thousand two hundred and fifty, or one and a quarter"),
    ("money", {"key": "web-01"}, "a name with a number is the caller's own, its mark kept"),
    ("later", {"schedule": "every day at 3am"}, "a schedule in words: which minute, which days"),
    ("later", {"schedule": "0 0 3 * * 2"}, "Quartz counts weekdays from 1 on Sunday, cron from 0: Monday or Tuesday"),
    ("later", {"schedule": "@reboot"}, "no time at all"),
    ("later", {"after_days": "1 month"}, "28 to 31 days"),
    ("later", {"after_days": "P1M"}, "28 to 31 days"),
    ("later", {"product_code": "30 minutes"}, "a code that begins with P is no duration"),
    ("later", {"handle": "@daily"}, "a pattern that takes any text without letters is no cron's"),
    ("later", {"after_days": "P2W"}, "weeks for days stay the caller's, as round five has it for \"2 weeks\""),
    ("later", {"recurrence": "fortnightly"}, "no member of the one required property"),
    ("later", {"operator": "=~"}, "no operator the enum names"),
    ("later", {"bucket": "s3://acme-logs/archive/"}, "a path inside the bucket says more than the bucket"),
    ("later", {"progress": "started"}, "the one member with that word negates it"),
    ("later", {"filter": "status = RUNNING OR status = TERMINATED"}, "an expression with OR: no object says it"),
    ("later", {"filter": "state = RUNNING"}, "a key the object does not have"),
    ("notify", {"channel": {"type": "teams", "webhook_url": "https://acme.webhook.office.com/x"}},
     "another discriminator, and properties that fit no member"),
    # found by a hostile review of round seven: readings the repairs made that the caller did not mean
    ("review", {"sort": "-updated_at"}, "a minus is descending: updated_at:asc is the other direction"),
    ("review", {"order": "-name.first"}, "name.first is sorted ascending only: the minus asks for what the enum lacks"),
    ("review", {"anchor": 5551234567}, "a phone number's ten digits: Unix seconds of 2145 are no instant an API sends"),
    ("review", {"anchor": "2024010112"}, "2024-01-01 12:00 written as digits, or Unix seconds of 2034"),
    ("review", {"schedule": "0 3 * * THU-MON"}, "a range of days across the week's end: cron's 4-1 is no range"),
    ("review", {"filter": "status = RUNNING AND"}, "an AND with nothing after it: a term was left out"),
    ("review", {"filter": "zone = eu-*"}, "a wildcard: the zones that match it, not a zone named eu-*"),
    ("review", {"bucket": "https://acme-logs.s3.amazonaws.com"}, "a web address's host: the bucket is its first label"),
    ("review", {"locale": "en_us"}, "en-US with its region, not en"),
    ("review", {"locale": "zh_Hant"}, "Traditional Chinese: zh drops the script"),
    ("review", {"customer": {"previous_customer": CUS, "name": "Jane"}}, "another customer's id, not this object's own"),
    ("review", {"page_sizes": 50}, "a page's size in the plural is no misspelt page either"),
    ("review", {"zone": "Europe/Zurich"}, "Switzerland's zone: Busingen, in Germany, keeps its clock but is another country's"),
]


catalogue, test_the_one_value_that_fits_is_suggested_and_the_retry_succeeds, test_a_value_with_two_readings_or_none_is_left_to_the_agent = (
    repair_tests("round_seven", TOOLS, REPAIRED, LEFT))
