"""Round six (the fifth blind corpus, bench/wrong_calls_blind5.py): the shapes it found misread or left unrepaired.

Each repair is made only when exactly one value fits the schema: a Python literal read as the list or object it
spells, an object's properties sent flat under its name ("address_city", "address.city"), a leading $, # or @ the
pattern does not take, a duration in hours and minutes ("7h30"), a count written with the noun it counts, an enum
member named among other words, "None" or "null" written as text, a country's name for a country's two-letter code,
a superscript in an enum member, a day without its dashes, a wrapper named like an input, a host written as a URL,
a repository's URL for its owner/name.
A number exactly half-way between two steps, and a duration with a unit part that holds digits, are no longer read
one way. Every test calls a real catalogue through the SDK's in-memory client and reads the envelope."""

from __future__ import annotations

from repair_cases import repair_tests

ADDRESS = {"type": "object", "properties": {"street": {"type": "string"}, "postcode": {"type": "string", "pattern": "^[0-9]{5}$"},
                                             "city": {"type": "string"}},
           "required": ["street", "postcode", "city"], "additionalProperties": False}
STREET = {"street": "Calle Mayor 12", "postcode": "28013", "city": "Madrid"}
TOOLS = [
    {"name": "timesheet", "description": "Hours, prices and handicaps.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "hours": {"type": "number", "exclusiveMinimum": 0, "maximum": 24, "multipleOf": 0.25},
            "duration_minutes": {"type": "integer", "minimum": 1},
            "price": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01},
            "handicap": {"type": "number", "minimum": -10, "maximum": 54, "multipleOf": 0.1}}}},
    {"name": "post", "description": "Shapes of lists, objects and codes.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "channels": {"type": "array", "items": {"type": "string", "enum": ["linkedin", "x", "facebook"]}},
            "address": ADDRESS,
            "items": {"type": "array", "items": {"type": "object", "properties": {"category": {"type": "string"}, "count": {"type": "integer"}},
                                                  "required": ["category"], "additionalProperties": False}},
            "symbol": {"type": "string", "pattern": "^[A-Z]{1,5}$"},
            "project": {"type": "string", "pattern": "^PRJ-[0-9]{4}$"},
            "reviewers": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9-]{0,38}$"}},
            "colour": {"type": "string", "pattern": "^#[0-9a-f]{6}$"},
            "repo": {"type": "string", "pattern": "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},
            "tags": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z0-9_]{1,50}$"}},
            "words": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z]+$"}}}}},
    {"name": "wrapped", "description": "A call sent whole under one key.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["symbol", "quantity"], "properties": {
            "symbol": {"type": "string"}, "quantity": {"type": "integer"}, "extended": {"type": "boolean", "default": False}}}},
    {"name": "leave", "description": "Enums, nulls and flags.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "half_day": {"type": ["string", "null"], "enum": ["morning", "afternoon", None], "default": None},
            "paused": {"type": "boolean", "default": False},
            "kind": {"type": "string", "enum": ["vacation", "sick", "parental"]},
            "position": {"type": "string", "enum": ["sitting", "standing", "lying"]},
            "merge_method": {"type": "string", "enum": ["merge", "squash", "rebase"]},
            "priority": {"type": "string", "enum": ["low", "medium", "high"]}}}},
    {"name": "place", "description": "Countries, units, days and a reading.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "country": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "ISO 3166-1 alpha-2."},
            "language": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "Two-letter language code."},
            "unit": {"type": "string", "enum": ["kWh", "MWh", "m3"]},
            "day": {"type": "string", "format": "date"},
            "host": {"type": "string", "anyOf": [{"format": "hostname"}, {"format": "ipv4"}, {"format": "ipv6"}]},
            "reading": {"type": "object", "properties": {
                "origin": {"type": "object", "properties": {"country": {"type": "string", "pattern": "^[A-Z]{2}$"}}}}}}}},
    {"name": "measure", "description": "A reading wrapped under a name close to one of its inputs.", "inputSchema": {
        "type": "object", "additionalProperties": False, "required": ["systolic", "measured_at"], "properties": {
            "systolic": {"type": "integer"}, "measured_at": {"type": "string", "format": "date-time"}}}},
    {"name": "counts", "description": "Counts written with what they count.", "inputSchema": {
        "type": "object", "additionalProperties": False, "properties": {
            "spots": {"type": "integer", "minimum": 1},
            "holes": {"type": "integer", "enum": [9, 18]},
            "quantity": {"type": "integer", "minimum": 1, "description": "Number of shares."},
            "systolic": {"type": "integer", "minimum": 60, "maximum": 250, "description": "Upper number, mmHg."},
            "adults": {"type": "integer", "minimum": 1, "description": "Number of adults, not children."}}}},
]

REPAIRED = [
    # a duration in hours and minutes, for an input in hours or minutes
    ("timesheet", {"hours": "7h30"}, {"hours": 7.5}),
    ("timesheet", {"hours": "1h 45m"}, {"hours": 1.75}),
    ("timesheet", {"duration_minutes": "1h30"}, {"duration_minutes": 90}),
    ("timesheet", {"price": 187.504}, {"price": 187.5}),  # a step of precision, not half-way: still rounded
    # Python literals for lists and objects (single quotes, True, None)
    ("post", {"channels": "['linkedin', 'x']"}, {"channels": ["linkedin", "x"]}),
    ("post", {"address": repr(STREET)}, {"address": STREET}),
    ("post", {"items": "[{'category': 'sofa', 'count': 2}]"}, {"items": [{"category": "sofa", "count": 2}]}),
    ("wrapped", {"arguments": "{'symbol': 'AAPL', 'quantity': 10, 'extended': True}"}, {"symbol": "AAPL", "quantity": 10, "extended": True}),
    ("wrapped", {"arguments": '{"symbol": "AAPL", "quantity": 10}'}, {"symbol": "AAPL", "quantity": 10}),
    ("wrapped", {"params": "{'symbol': 'AAPL', 'quantity': 10}"}, {"symbol": "AAPL", "quantity": 10}),
    # an object's properties sent flat, under its name and a dot or an underscore
    ("post", {"address_street": "Calle Mayor 12", "address_postcode": "28013", "address_city": "Madrid"}, {"address": STREET}),
    ("post", {"address.street": "Calle Mayor 12", "address.postcode": "28013", "address.city": "Madrid"}, {"address": STREET}),
    ("post", {"addressStreet": "Calle Mayor 12", "addressPostcode": "28013", "addressCity": "Madrid"}, {"address": STREET}),
    # a leading sigil the pattern does not take
    ("post", {"symbol": "$AAPL"}, {"symbol": "AAPL"}),
    ("post", {"symbol": "aapl"}, {"symbol": "AAPL"}),  # a code in the other case is still re-cased
    ("post", {"symbol": "IbM"}, {"symbol": "IBM"}),
    ("post", {"project": "#PRJ-0412"}, {"project": "PRJ-0412"}),
    ("post", {"reviewers": ["@dana-k", "li-wei"]}, {"reviewers": ["dana-k", "li-wei"]}),
    ("post", {"reviewers": "@dana-k @li-wei"}, {"reviewers": ["dana-k", "li-wei"]}),  # mentions written as one text
    ("post", {"tags": "#spring #fashion"}, {"tags": ["spring", "fashion"]}),
    # a repository's web or clone URL where its owner/name is wanted
    ("post", {"repo": "https://github.com/acme/billing-api"}, {"repo": "acme/billing-api"}),
    ("post", {"repo": "https://gitlab.example.com/acme/billing-api.git"}, {"repo": "acme/billing-api"}),
    # "None" and "null" as text: left out of an optional input, or null where the input takes it
    ("leave", {"paused": "None"}, {}),
    ("leave", {"half_day": "null"}, {"half_day": None}),
    ("leave", {"half_day": "None"}, {"half_day": None}),
    # the one member among the words of a value
    ("leave", {"kind": "sick leave"}, {"kind": "sick"}),
    ("leave", {"position": "lying down"}, {"position": "lying"}),
    ("leave", {"priority": "high priority"}, {"priority": "high"}),
    # a count with the noun it counts, as its input's name or description says it
    ("counts", {"spots": "2 spots"}, {"spots": 2}),
    ("counts", {"holes": "9 holes"}, {"holes": 9}),
    ("counts", {"quantity": "10 shares"}, {"quantity": 10}),
    ("counts", {"systolic": "128 mmHg"}, {"systolic": 128}),
    ("counts", {"spots": "1 spot"}, {"spots": 1}),
    # a country's name for a two-letter code the input says is a country's
    ("place", {"country": "Germany"}, {"country": "DE"}),
    ("place", {"reading": {"origin": {"country": "Nigeria"}}}, {"reading": {"origin": {"country": "NG"}}}),
    # a unit written with a superscript; a day written without its dashes
    ("place", {"unit": "m³"}, {"unit": "m3"}),
    ("place", {"day": "20310804"}, {"day": "2031-08-04"}),
    # a host written as a URL, an IPv6 address in the brackets of a URL
    ("place", {"host": "https://db1.internal.example.com"}, {"host": "db1.internal.example.com"}),
    ("place", {"host": "http://db1.internal.example.com/"}, {"host": "db1.internal.example.com"}),
    ("place", {"host": "[2001:db8::10]"}, {"host": "2001:db8::10"}),
    # a wrapper whose name is close to an input's, holding every input: unwrapped, not renamed
    ("measure", {"measurement": {"systolic": 128, "measured_at": "2031-02-11T07:45:00+01:00"}},
     {"systolic": 128, "measured_at": "2031-02-11T07:45:00+01:00"}),
]
LEFT = [
    ("timesheet", {"hours": "7h20m"}, "seven hours and twenty minutes is no quarter of an hour"),
    ("timesheet", {"hours": "7h30x"}, "a unit that holds more than a unit"),
    ("timesheet", {"duration_minutes": "7h30.5"}, "minutes written with decimals after an hour: not a clock duration"),
    ("timesheet", {"price": 187.505}, "half-way between two cents: up or down is the caller's to say"),
    ("timesheet", {"handicap": 12.45}, "half-way between two tenths"),
    ("post", {"channels": "['linkedin', 'tiktok']"}, "a member not offered, in a Python list"),
    ("post", {"address": "{'street': 'Calle Mayor 12', 'postcode': '28013', 'city': 'Madrid'"}, "a literal cut short"),
    ("post", {"address": "__import__('os')"}, "no literal at all"),
    ("post", {"address_street": "Calle Mayor 12", "street": "Gran Via 1"},
     "a street sent twice, flat and under the address's name: which one is the caller's"),
    ("post", {"symbol": "$$AAPL"}, "two sigils"),
    ("post", {"repo": "https://github.com/acme/billing-api/pull/12"}, "a pull request's URL: its path is more than owner/name"),
    ("post", {"repo": "https://github.com/acme/billing-api?tab=readme"}, "a URL with a query"),
    ("post", {"words": "#New York"}, "a sigil on the first word only: one item or two is the caller's to say"),
    ("post", {"tags": "#spring fashion"}, "one word with a sigil and one without: a hashtag and a word, or two tags?"),
    ("post", {"symbol": "Apple"}, "a capitalised word is a name (a company's), not a code written in capitals"),
    ("post", {"colour": "#zz0000"}, "a sigil the pattern takes is not stripped"),
    ("leave", {"kind": "not sick"}, "a member under a negation is the other members"),
    ("leave", {"merge_method": "squash and merge"}, "two members among the words"),
    ("leave", {"kind": "sick vacation"}, "two members among the words"),
    ("leave", {"kind": "Nonetheless"}, "a word that begins like None"),
    ("place", {"language": "Germany"}, "a country's name is no language code"),
    ("place", {"country": "Congo"}, "two countries are called Congo"),
    ("place", {"day": "20311304"}, "no thirteenth month"),
    ("place", {"host": "https://db1.example.com:8443/status"}, "a URL with a port or a path says more than a host"),
    ("place", {"host": "[2001:db8::zz]"}, "no IPv6 address in the brackets"),
    ("place", {"day": "2031084"}, "seven digits: which one is missing"),
    ("counts", {"adults": "3 children"}, "a description that names the noun as what is not counted"),
    ("counts", {"systolic": "128 bpm"}, "another unit than the one described"),
    ("counts", {"spots": "2 holes"}, "another noun than the input's"),
]


catalogue, test_the_one_value_that_fits_is_suggested_and_the_retry_succeeds, test_a_value_with_two_readings_or_none_is_left_to_the_agent = (
    repair_tests("round_six", TOOLS, REPAIRED, LEFT))
