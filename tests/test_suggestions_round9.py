"""Round nine: the older renames and repairs reviewed. Each call in LEFT was given a suggestion the caller did not mean
(an argument the tool does not have renamed to another input, or a value repaired into another value), now left to
the agent; each in REPAIRED is a rename or repair beside them that stays.

Found wrong before this round: "temperature_c" renamed temperature for an input in Fahrenheit (and "timeout_s"
timeout_ms, "distance_km" distance in miles: a unit in the caller's name is kept only where the input says it);
"desc": true renamed description beside a sort order, and "dst" read as an abbreviation of distance (a usual short
form with several meanings is renamed only where the value fits and no input takes another meaning; a listed short
form is no abbreviation of another word); "max_price" renamed min_price and "maximum" minimum (one edit between
opposites); "price" renamed min_price (a qualifier the caller did not write); "count" renamed amount and "nombre"
(Spanish for name) number, by spelling; "lng": 3.5 renamed long_name as "3.5"; "tags" with two tags named tag.
And among the older value repairs: [1, 2] for a list of rows made [[1], [2]] (or 5 made [[5]]); a password or a
client secret trimmed; a space a key's pattern takes removed to fit its length; "none" children dropped (zero, or no
value); a version sent as a number, 1.10 arriving as 1.1, made the text "1.1". And whole words read as others: "time"
as timezone or time_zone, "end" as endpoint, "port" portfolio, "pass" passengers, "page" page_size, "weight" height,
"pin": "1234" the pinned flag; "name" moved into recipient.name beside sender_name; "amount_cents" renamed an amount in
dollars, "size_bytes" a size in MB. And enum members read by spelling with another first letter: "light" as night,
"sell" as cell, "weight" as height, "count" as amount (a slip keeps the first letter, or swaps the first two)."""

from __future__ import annotations

from repair_cases import repair_tests

S = "string"


def _tool(name: str, props: dict, description: str = "A tool.") -> dict:
    """An MCP tool whose closed input schema has `props`."""
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "additionalProperties": False, "properties": props}}


TOOLS = [
    _tool("thermostat_f", {"temperature": {"type": "number", "description": "Target temperature in degrees Fahrenheit."},
                           "room": {"type": S}}),
    _tool("thermostat_c", {"temperature": {"type": "number", "description": "Target temperature in degrees Celsius."}}),
    _tool("thermostat", {"temperature": {"type": "number"}}),
    _tool("list_tasks", {"description": {"type": S}, "sort": {"type": S, "enum": ["created", "due"]},
                         "order": {"type": S, "enum": ["asc", "desc"]}}),
    _tool("create_task", {"title": {"type": S}, "description": {"type": S}}),
    _tool("requests", {"timeout_ms": {"type": "integer"}, "url": {"type": S}}),
    _tool("requests_s", {"timeout": {"type": "integer", "description": "Timeout in seconds."}, "url": {"type": S}}),
    _tool("trips", {"distance": {"type": "number", "description": "Distance in miles."}, "weight_kg": {"type": "number"},
                    "duration": {"type": "integer", "description": "Duration in minutes."}, "height": {"type": "number"}}),
    _tool("prices", {"min_price": {"type": "number"}, "query": {"type": S}}),
    _tool("bounds", {"minimum": {"type": "number"}, "query": {"type": S}}),
    _tool("people", {"name": {"type": S}, "number": {"type": S}}),
    _tool("payments", {"amount": {"type": "number"}, "currency": {"type": S}}),
    _tool("places", {"lat": {"type": "number"}, "long_name": {"type": S}}),
    _tool("posts", {"tag": {"type": S}, "title": {"type": S}}),
    _tool("files", {"distance": {"type": "number"}, "path": {"type": S}}),
    _tool("sorted_files", {"dir": {"type": S, "enum": ["asc", "desc"]}, "path": {"type": S}}),
    _tool("grids", {"matrix": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
                    "tags": {"type": "array", "items": {"type": "array", "items": {"type": S}}},
                    "ids": {"type": "array", "items": {"type": "integer"}}}),
    _tool("secrets", {"password": {"type": S, "maxLength": 12}, "client_secret": {"type": S, "pattern": "^[A-Za-z0-9]{8}$"},
                      "api_key": {"type": S, "pattern": "^[A-Za-z0-9 ]{10}$"}, "note": {"type": S, "maxLength": 5},
                      "pin": {"type": S, "pattern": "^[0-9]{4}$"}}),
    _tool("counts", {"children": {"type": "integer", "minimum": 0}, "version": {"type": S}, "price_text": {"type": S},
                     "label": {"type": S, "enum": ["none", "red"]}, "note": {"type": S}}),
    _tool("words", {"timezone": {"type": S}, "endpoint": {"type": S}, "address": {"type": S}, "passengers": {"type": "integer"},
                    "portfolio": {"type": S}, "pinned": {"type": "boolean"}, "category": {"type": S}}),
    _tool("heads", {"time_zone": {"type": S}, "page_size": {"type": "integer"}, "user_agent": {"type": S},
                    "start_date": {"type": S, "format": "date"}, "height": {"type": "integer"}}),
    _tool("letters", {"recipient": {"type": "object", "properties": {"name": {"type": S}, "email": {"type": S}}},
                      "sender_name": {"type": S}}),
    _tool("money", {"amount": {"type": "number", "description": "Amount in dollars."}, "price": {"type": "number", "description": "Price in USD."},
                    "size": {"type": "integer", "description": "Size in MB."}, "progress": {"type": "number", "minimum": 0, "maximum": 1}}),
    _tool("cents", {"amount_cents": {"type": "integer"}}),
    _tool("choices", {"theme": {"type": S, "enum": ["night", "dark", "auto"]}, "dim": {"type": S, "enum": ["height", "width"]},
                      "side": {"type": S, "enum": ["buy", "cell"]}, "kind": {"type": S, "enum": ["amount", "percent"]},
                      "mode": {"type": S, "enum": ["sync", "async"]}, "size": {"type": S, "enum": ["small", "medium", "large"]}}),
]
REPAIRED = [
    ("thermostat_c", {"temperature_c": 21}, {"temperature": 21}),
    ("thermostat_c", {"temperature_celsius": 21}, {"temperature": 21}),
    ("thermostat_f", {"temperature_f": 70}, {"temperature": 70}),
    ("thermostat", {"temp": 21}, {"temperature": 21}),
    ("create_task", {"title": "a", "desc": "Buy milk"}, {"title": "a", "description": "Buy milk"}),
    ("requests_s", {"timeout_s": 3}, {"timeout": 3}),
    ("trips", {"distance_mi": 5}, {"distance": 5}),
    ("trips", {"duration_minutes": 60}, {"duration": 60}),
    ("trips", {"weight_kg ": 5}, {"weight_kg": 5}),
    ("bounds", {"min": 5}, {"minimum": 5}),
    ("posts", {"titles": ["a"]}, {"title": "a"}),
    ("grids", {"ids": 5}, {"ids": [5]}),
    ("grids", {"matrix": [[1, 2], ["3", 4]]}, {"matrix": [[1, 2], [3, 4]]}),
    ("secrets", {"password": 123456}, {"password": "123456"}),
    ("secrets", {"note": " abcd  "}, {"note": "abcd"}),
    ("secrets", {"pin": " 1234 "}, {"pin": "1234"}),
    ("counts", {"version": 2}, {"version": "2"}),
    ("counts", {"price_text": 12.5}, {"price_text": "12.5"}),
    ("counts", {"label": "None"}, {"label": "none"}),
    ("counts", {"children": "None", "note": "x"}, {"note": "x"}),
    ("words", {"pin": True}, {"pinned": True}),
    ("words", {"cat": "books"}, {"category": "books"}),
    ("heads", {"start": "2030-01-01"}, {"start_date": "2030-01-01"}),
    ("heads", {"hieght": 3}, {"height": 3}),
    ("letters", {"recipient_name": "Ann"}, {"recipient": {"name": "Ann"}}),
    ("letters", {"email": "ann@example.org"}, {"recipient": {"email": "ann@example.org"}}),
    ("letters", {"sender": "Bo"}, {"sender_name": "Bo"}),
    ("money", {"price_usd": 5}, {"price": 5}),
    ("money", {"size_mb": 5}, {"size": 5}),
    ("choices", {"mode": "sinc"}, {"mode": "sync"}),
    ("choices", {"mode": "asynch"}, {"mode": "async"}),
    ("choices", {"size": "smal"}, {"size": "small"}),
    ("choices", {"mode": "ysnc"}, {"mode": "sync"}),
]
LEFT = [
    ("thermostat_f", {"temperature_c": 21}, "21 degrees Celsius are not 21 degrees Fahrenheit"),
    ("thermostat", {"temperature_c": 21}, "the input does not say its unit: Celsius may not be it"),
    ("thermostat_f", {"temp_c": 21}, "the same, with a short name"),
    ("list_tasks", {"desc": True}, "descending, beside a sort order: no description"),
    ("list_tasks", {"desc": "created"}, "descending by a field, beside a sort order: no description"),
    ("create_task", {"title": "a", "desc": True}, "a flag, not a text: desc means descending here"),
    ("requests", {"timeout_s": 30}, "30 seconds are not 30 milliseconds"),
    ("requests", {"timeout": 30}, "30 seconds as likely as 30 milliseconds: the caller named no unit"),
    ("requests_s", {"timeout_ms": 3000}, "3000 milliseconds are not 3000 seconds"),
    ("trips", {"distance_km": 5}, "5 km are not 5 miles"),
    ("trips", {"duration_s": 60}, "60 seconds are not 60 minutes"),
    ("trips", {"weight_g": 500}, "500 g are not 500 kg"),
    ("trips", {"weight_lb": 5}, "pounds are not kilograms"),
    ("trips", {"height_cm": 180}, "the input does not say centimetres"),
    ("prices", {"max_price": 5}, "a maximum is no minimum, one edit away or not"),
    ("prices", {"price": 5}, "an exact price is not a lower bound"),
    ("bounds", {"maximum": 5}, "the opposite bound"),
    ("people", {"nombre": "Ana"}, "Spanish for name, not a misspelt number"),
    ("payments", {"count": 3}, "a count of things is no sum of money"),
    ("places", {"lng": 3.5}, "a longitude, not a long name"),
    ("places", {"long": 3.5}, "the same"),
    ("posts", {"tags": ["a", "b"]}, "two tags for an input of one"),
    ("files", {"dst": "/tmp/b"}, "a destination, not a distance"),
    ("sorted_files", {"directory": "/tmp"}, "a directory, not a sort direction"),
    ("grids", {"matrix": [1, 2]}, "one row [[1, 2]], or a row each [[1], [2]]"),
    ("grids", {"tags": ["a", "b"]}, "the same for lists of words"),
    ("grids", {"matrix": 5}, "[[5]] guesses at two levels"),
    ("secrets", {"password": "  abcdefghijk "}, "a password's spaces are its own: trimmed, it is another password"),
    ("secrets", {"client_secret": "AB3DEF9H "}, "the same for a client secret"),
    ("secrets", {"api_key": " abcde fghij "}, "the pattern takes spaces: the inner one is the key's, not a slip"),
    ("counts", {"children": "none"}, "none is zero children as often as no value"),
    ("counts", {"version": 1.10}, "1.10 arrives as 1.1: another version"),
    ("counts", {"version": 3.1}, "3.1 may have been 3.10 or 3.100"),
    ("words", {"time": "10:00"}, "a time is no time zone"),
    ("words", {"end": "2030-01-01"}, "an end is no endpoint"),
    ("words", {"port": "8080"}, "a port is no portfolio"),
    ("words", {"pass": "x"}, "a pass is no passenger count"),
    ("words", {"add": "x"}, "a verb, not an address"),
    ("words", {"pin": "1234"}, "a PIN, not the pinned flag"),
    ("heads", {"time": "10:00"}, "a time is no time zone, as a word of two"),
    ("heads", {"page": 3}, "a page is no page size"),
    ("heads", {"user": "ann"}, "a user is no user agent"),
    ("heads", {"weight": 3}, "weight is another word than height, one letter apart"),
    ("letters", {"name": "Ann"}, "the recipient's name or the sender's"),
    ("money", {"amount_cents": 1250}, "1250 cents are 12.50 dollars"),
    ("money", {"price_cents": 500}, "the same for a price in USD"),
    ("money", {"size_bytes": 1000}, "1000 bytes are not 1000 MB"),
    ("money", {"progress_pct": 50}, "50 percent is 0.5 on a scale of 0 to 1"),
    ("cents", {"amount": 12.5}, "dollars as likely as cents: the caller named no unit"),
    ("choices", {"theme": "light"}, "light is the opposite of dark, not a misspelt night"),
    ("choices", {"dim": "weight"}, "another word than height"),
    ("choices", {"side": "sell"}, "the opposite of buy, not a misspelt cell"),
    ("choices", {"kind": "count"}, "a count is no amount"),
    ("choices", {"theme": "bark"}, "another first letter: another word"),
]

catalogue, test_the_fix_meant_is_still_suggested, test_a_fix_the_caller_did_not_mean_is_left_to_the_agent = (
    repair_tests("round_nine", TOOLS, REPAIRED, LEFT))
