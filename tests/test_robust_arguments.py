"""One caller cannot freeze the server, and an argument the handler cannot take is a fixable VALIDATION_ERROR (issue 11 §1, §8).

Every test calls a real catalogue through the SDK's client (in memory, or over Streamable HTTP on 127.0.0.1) and reads
what a client sees.
"""

from __future__ import annotations

import json
import textwrap
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client

from atdf_mcp import budget, load_catalog
from atdf_mcp.server import CatalogServer, build_server
from atdf_mcp.web import HttpOptions, build_app

pytestmark = pytest.mark.anyio

ROOMS = ["standard", "deluxe", "suite"]

TOOLS: list[dict[str, Any]] = [
    {"name": "pick_room", "description": "Picks a room type.",
     "inputSchema": {"type": "object", "properties": {"room": {"type": "string", "enum": ROOMS}}, "required": ["room"]}},
    {"name": "pick_rooms", "description": "Picks several room types.",
     "inputSchema": {"type": "object", "properties": {"rooms": {"type": "array", "items": {"type": "string", "enum": ROOMS}}},
                     "required": ["rooms"]}},
    {"name": "check_code", "description": "Checks a code against a pattern that backtracks in Python's re.",
     "inputSchema": {"type": "object", "properties": {"code": {"type": "string", "pattern": "^(a+)+$"}}, "required": ["code"]}},
    {"name": "check_ahead", "description": "Checks a code against a pattern with a lookahead (no linear engine).",
     "inputSchema": {"type": "object", "properties": {"code": {"type": "string", "pattern": "^(?=a)(a+)+$"}}, "required": ["code"]}},
    {"name": "book_hotel", "description": "Books a hotel (open schema: no additionalProperties).",
     "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "nights": {"type": "integer", "minimum": 1}},
                     "required": ["city"]}},
    {"name": "log_event", "description": "Logs an event with any extra fields (the handler takes **fields).",
     "inputSchema": {"type": "object", "properties": {"event": {"type": "string"}}, "required": ["event"]}},
    {"name": "whoami", "description": "Says who called (the handler takes ctx).", "inputSchema": {"type": "object", "properties": {}}},
]

OPENAKITA = {"name": "run_shell", "description": "Runs a shell command.", "detail": "Runs it in a sandbox.",
             "input_schema": {"type": "object", "properties": {"command": {"type": "string"}, "timeout": {"type": "integer"}},
                              "required": ["command"]}}

HANDLERS = textwrap.dedent('''
    def pick_room(room):
        return room

    def pick_rooms(rooms):
        return ", ".join(rooms)

    def check_code(code):
        return code

    def check_ahead(code):
        return code

    def book_hotel(city, nights=1):
        return f"{nights} nights in {city}"

    def log_event(event, **fields):
        return {"event": event, "fields": sorted(fields)}

    def whoami(ctx):
        return ctx.descriptor.id

    def run_shell(command, timeout=30):
        return f"ran {command}"
''')


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    """A catalogue of MCP tool definitions and one OpenAkita tool, with their handlers."""
    (tmp_path / "tools.json").write_text(json.dumps({"tools": TOOLS}), encoding="utf-8")
    (tmp_path / "run_shell.json").write_text(json.dumps(OPENAKITA), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    return tmp_path


@pytest.fixture
def server(catalog_dir: Path) -> Any:
    """The catalogue's low-level MCP server, with the 5 s tool timeout of the issue's report."""
    return build_server(load_catalog(catalog_dir), timeout=5)


async def call(server: Any, name: str, arguments: dict[str, Any]) -> Any:
    """One tools/call through the SDK's in-memory client."""
    async with Client(server) as client:
        return await client.call_tool(name, arguments)


# ---------------------------------------------------------------------------------------------
# 1. A huge argument gets its answer quickly, and every other client is served meanwhile


async def test_a_huge_comma_list_does_not_freeze_health_checks_over_http(catalog_dir: Path) -> None:
    """A 3.5 MB "comma list" for an enum array answers VALIDATION_ERROR in moments while /health keeps answering
    (before: 18.6 s for the call, /health blocked 17.1 s, a 21 MB reply)."""
    app = build_app(CatalogServer(load_catalog(catalog_dir), timeout=5), HttpOptions())
    payload = {"rooms": "standrd," * 437_500}  # 3.5 MB
    worst_health = 0.0
    with running(app) as url:
        async with Client(f"{url}/mcp") as client, httpx.AsyncClient(timeout=60) as http:
            finished = anyio.Event()

            async def probe_health() -> None:
                nonlocal worst_health
                while not finished.is_set():
                    started = time.perf_counter()
                    assert (await http.get(f"{url}/health")).status_code == 200
                    worst_health = max(worst_health, time.perf_counter() - started)
                    await anyio.sleep(0.02)

            with anyio.fail_after(60):
                async with anyio.create_task_group() as group:
                    group.start_soon(probe_health)
                    await anyio.sleep(0.2)
                    result = await client.call_tool("pick_rooms", payload)
                    finished.set()
    env = envelope_of(result)
    assert env["errors"][0]["code"] == "VALIDATION_ERROR"
    assert env["errors"][0]["parameter_name"] == "rooms"
    assert env["errors"][0]["suggested_value"] is None
    assert len(result.content[0].text) < 10_000  # the received value is echoed clipped, not 3.5 MB back
    assert worst_health < 2.0, f"/health waited {worst_health:.1f} s behind one call"


async def test_a_huge_enum_string_gets_no_suggestion_and_is_echoed_clipped(server: Any) -> None:
    """A 3.5 MB string for an enum is no typo of a member: no suggestion, and only its beginning comes back."""
    result = await call(server, "pick_room", {"room": "x" * 3_500_000})
    entry = envelope_of(result)["errors"][0]
    assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("VALIDATION_ERROR", "room", None)
    assert entry["context"]["received"].startswith("xxx")
    assert entry["context"]["received"].endswith("(3500000 characters in all)")
    assert "suggested_arguments" not in entry["context"]
    assert len(result.content[0].text) < 5_000


async def test_a_short_typo_is_still_repaired(server: Any) -> None:
    """The budget leaves ordinary mistakes alone: a misspelt member is still suggested, with arguments that validate."""
    entry = envelope_of(await call(server, "pick_room", {"room": "Deluxx"}))["errors"][0]
    assert entry["suggested_value"] == "deluxe"
    assert entry["context"]["suggested_arguments"] == {"room": "deluxe"}


async def test_thousands_of_unknown_arguments_are_reported_within_the_budget(server: Any) -> None:
    """An object with 5,000 unknown members lists the first problems only, and no suggested_arguments."""
    arguments = {"room": "suite", **{f"extra_{i}": i for i in range(5_000)}}
    env = envelope_of(await call(server, "pick_room", arguments))
    assert {e["code"] for e in env["errors"]} == {"VALIDATION_ERROR"}
    assert len(env["errors"]) == budget.MAX_FINDINGS
    assert all("suggested_arguments" not in e["context"] for e in env["errors"])


async def test_an_analysis_past_its_deadline_answers_a_plain_validation_error(server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the analysis of a large argument (analysed off the event loop) runs out of time the caller still gets a
    VALIDATION_ERROR that points at the schema."""
    monkeypatch.setattr(budget, "ANALYSIS_SECONDS", 0)
    entry = envelope_of(await call(server, "pick_room", {"room": "Deluxx" * 100}))["errors"][0]
    assert entry["code"] == "VALIDATION_ERROR"
    assert entry["context"]["expected"]["schema"]["properties"]["room"]["enum"] == ROOMS
    assert entry["suggested_value"] is None


# ---------------------------------------------------------------------------------------------
# 1b. Patterns are matched by an engine that cannot backtrack catastrophically


@pytest.mark.parametrize("tool", ["check_code", "check_ahead"])
async def test_a_backtracking_pattern_is_refused_in_bounded_time(server: Any, tool: str) -> None:
    """'^(a+)+$' against 26 a's and a '!' takes seconds in Python's re (2.8 s at 25 characters, doubling with each
    one); the linear engine, or fancy-regex's backtrack limit for the lookahead, answers at once."""
    started = time.perf_counter()
    result = await call(server, tool, {"code": "a" * 26 + "!"})
    took = time.perf_counter() - started
    entry = envelope_of(result)["errors"][0]
    assert (entry["code"], entry["parameter_name"]) == ("VALIDATION_ERROR", "code")
    assert entry["context"]["validation_keyword"] == "pattern"
    assert took < 1.5, f"the pattern took {took:.1f} s"


async def test_a_lookahead_pattern_still_accepts_matching_values(server: Any) -> None:
    """A pattern the linear engine cannot run (lookahead) is still enforced, not ignored: a match reaches the handler."""
    result = await call(server, "check_ahead", {"code": "aaaa"})
    assert result.is_error is False
    assert result.content[0].text == "aaaa"


def test_a_pattern_no_engine_compiles_is_a_problem_of_its_file(tmp_path: Path) -> None:
    """Python's '\\Z' is no ECMA-262 and the engine refuses it: that descriptor is reported, the other one is served."""
    bad = {"name": "bad_pattern", "description": "Bad.", "inputSchema": {"type": "object", "properties": {
        "code": {"type": "string", "pattern": "^[A-Z]+\\Z"}}}}
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    (tmp_path / "good.json").write_text(json.dumps(TOOLS[0]), encoding="utf-8")
    catalog = load_catalog(tmp_path)
    assert [t.id for t in catalog.tools] == ["pick_room"]
    assert [(Path(p.file).name, p.code) for p in catalog.report.errors] == [("bad.json", "INVALID_INPUT_SCHEMA")]


def test_an_example_against_a_backtracking_pattern_is_checked_at_load_in_bounded_time(tmp_path: Path) -> None:
    """Loading checks examples against the schema without Python's re: a bad example is reported at once (before: 5 s)."""
    tool = {**TOOLS[2], "examples": [{"name": "bad", "input": {"code": "a" * 26 + "!"}}]}
    (tmp_path / "tool.json").write_text(json.dumps(tool), encoding="utf-8")
    started = time.perf_counter()
    catalog = load_catalog(tmp_path)
    took = time.perf_counter() - started
    assert [(p.code, p.severity) for p in catalog.report.problems if p.code != "NO_HANDLER"] == [("EXAMPLE_INVALID", "warning")]
    assert [t.id for t in catalog.tools] == [TOOLS[2]["name"]]  # served, without the example
    assert took < 1.5, f"loading took {took:.1f} s"


# ---------------------------------------------------------------------------------------------
# 8. Open schemas: an argument the handler cannot take is refused before the call


async def test_a_misspelt_argument_on_an_open_schema_is_a_validation_error_with_the_declared_name(server: Any) -> None:
    """'nigths' validates against the open schema, but book_hotel(city, nights) cannot take it: VALIDATION_ERROR
    naming it, 'nights' as the suggestion, and arguments to retry with (before: INTERNAL_ERROR from a TypeError)."""
    env = envelope_of(await call(server, "book_hotel", {"city": "Paris", "nigths": 3}))
    [entry] = env["errors"]
    assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("VALIDATION_ERROR", "nigths", "nights")
    assert entry["context"]["suggested_arguments"] == {"city": "Paris", "nights": 3}
    assert entry["context"]["validation_keyword"] == "additionalProperties"


async def test_an_unknown_argument_without_a_close_name_is_named_without_a_guess(server: Any) -> None:
    """No declared name is close to 'colour': the entry names it, and nothing is suggested."""
    [entry] = envelope_of(await call(server, "book_hotel", {"city": "Paris", "colour": "red"}))["errors"]
    assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("VALIDATION_ERROR", "colour", None)
    assert "suggested_arguments" not in entry["context"]
    assert entry["context"]["expected"]["conditions"] == ["allowed arguments: city, nights"]


async def test_a_misspelt_required_argument_is_renamed_not_reported_missing(server: Any) -> None:
    """'cty' for the required 'city': one fix, the rename, with arguments that validate."""
    env = envelope_of(await call(server, "book_hotel", {"cty": "Paris"}))
    assert env["errors"][0]["parameter_name"] == "cty"
    assert env["errors"][0]["suggested_value"] == "city"
    assert env["errors"][0]["context"]["suggested_arguments"] == {"city": "Paris"}


async def test_an_openakita_tool_refuses_an_unknown_argument(server: Any) -> None:
    """The same for an OpenAkita tool definition (no additionalProperties either)."""
    [entry] = envelope_of(await call(server, "run_shell", {"command": "ls", "timeuot": 5}))["errors"]
    assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("VALIDATION_ERROR", "timeuot", "timeout")
    assert entry["context"]["suggested_arguments"] == {"command": "ls", "timeout": 5}


async def test_ctx_sent_by_the_caller_is_refused_not_swapped(server: Any) -> None:
    """`ctx` belongs to the server: a caller's `ctx` is an unknown argument, never handed over."""
    [entry] = envelope_of(await call(server, "whoami", {"ctx": "me"}))["errors"]
    assert (entry["code"], entry["parameter_name"]) == ("VALIDATION_ERROR", "ctx")
    assert (await call(server, "whoami", {})).content[0].text == "whoami"


async def test_a_handler_with_kwargs_still_receives_extra_arguments(server: Any) -> None:
    """A handler that takes **fields is called with the extra arguments, as before."""
    result = await call(server, "log_event", {"event": "login", "user": "ada", "ip": "127.0.0.1"})
    assert result.is_error is False
    assert result.structured_content == {"event": "login", "fields": ["ip", "user"]}


async def test_open_schemas_are_listed_as_declared(server: Any) -> None:
    """tools/list still shows the schemas as written: the closed twin is only used to analyse a refused call."""
    async with Client(server) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert "additionalProperties" not in tools["book_hotel"].input_schema
    assert "additionalProperties" not in tools["run_shell"].input_schema
