"""Progressive disclosure as a client sees it: pinned tools and three meta-tools, search → inspect → call, the same
envelopes as direct calls, the Level-1 index (resource and prompt), and a 10,000-tool catalogue."""

from __future__ import annotations

import json
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
import pytest
from envelopes import envelope_of
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.codes import Code
from atdf_mcp.server import CatalogServer, build_server

ROOT = Path(__file__).resolve().parent.parent
MODES = ["legacy", "auto"]
META = ["search_tools", "get_tool_info", "call_tool"]
UNITS = {"value": 10, "from_unit": "km", "to_unit": "mi"}
PROGRESSIVE = "disclosure: progressive\npinned: [unit_converter, \"date_*\"]\n"


def catalogue(tmp_path: Path, options: str = PROGRESSIVE) -> Path:
    """A copy of the bundled catalogue with `options` added to its atdf-mcp.yaml."""
    folder = shutil.copytree(ROOT / "descriptors", tmp_path / "catalogue", ignore=shutil.ignore_patterns("__pycache__"))
    config = folder / "atdf-mcp.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\n" + options, encoding="utf-8")
    return folder


@pytest.fixture
def progressive(tmp_path: Path) -> Any:
    """The bundled catalogue served with `disclosure: progressive` and two pinned entries (an id and a glob)."""
    return build_server(load_catalog(catalogue(tmp_path)))


def names(result: types.ListToolsResult) -> list[str]:
    """The tool names of a listing, in order."""
    return [tool.name for tool in result.tools]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_progressive_client_lists_the_pinned_tools_and_three_meta_tools(progressive: Any, mode: str) -> None:
    """tools/list holds the pinned tools (by id and by glob) and search_tools, get_tool_info, call_tool with their schemas."""
    async with Client(progressive, mode=mode) as client:
        listed = await client.list_tools()
    assert names(listed)[-3:] == META and set(names(listed)[:-3]) == {"date_range_validator", "unit_converter"}
    tools = {tool.name: tool for tool in listed.tools}
    search = tools["search_tools"].input_schema
    assert search["required"] == ["query"] and search["properties"]["limit"]["maximum"] == 50
    assert search["properties"]["limit"]["default"] == 5
    assert tools["get_tool_info"].input_schema["required"] == ["name"]
    assert tools["call_tool"].input_schema["required"] == ["name"]  # arguments: none when left out, as in tools/call
    assert tools["call_tool"].input_schema["properties"]["arguments"]["type"] == "object"
    assert tools["search_tools"].output_schema["required"] == ["tools"]


@pytest.mark.anyio
async def test_the_instructions_tell_a_progressive_client_how_to_find_tools(progressive: Any) -> None:
    """The handshake's instructions keep the catalogue's description and add how to search (legacy era: initialize)."""
    async with Client(progressive, mode="legacy") as client:
        instructions = client.instructions
    assert instructions.startswith("A demo travel desk") and "search_tools" in instructions


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_a_client_searches_inspects_and_calls_a_tool(progressive: Any, mode: str) -> None:
    """search_tools finds the tool (structured and as JSON text), get_tool_info gives Level 2, call_tool runs it."""
    async with Client(progressive, mode=mode) as client:
        found = await client.call_tool("search_tools", {"query": "convert kilometres to miles", "limit": 3})
        info = await client.call_tool("get_tool_info", {"name": "unit_converter"})
        called = await client.call_tool("call_tool", {"name": "unit_converter", "arguments": UNITS})
        direct = await client.call_tool("unit_converter", UNITS)
    assert found.is_error is False
    hits = found.structured_content["tools"]
    assert hits[0]["name"] == "unit_converter" and len(hits) <= 3
    assert set(hits[0]) == {"name", "description", "score"} and hits[0]["description"]
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert json.loads(found.content[0].text) == found.structured_content
    level2 = info.structured_content
    for key in ("description", "when_to_use", "detail", "examples", "warnings", "prerequisites", "related_tools",
                "inputSchema", "outputSchema"):
        assert key in level2, key
    assert level2["inputSchema"]["required"] == ["value", "from_unit", "to_unit"]
    assert called.is_error is False and called.structured_content == direct.structured_content
    assert called.structured_content["result"] == pytest.approx(6.21371)


@pytest.mark.anyio
async def test_get_tool_info_returns_openakita_detail_warnings_and_related_tools(tmp_path: Path, write: Any) -> None:
    """OpenAkita's Level-2 fields (detail, warnings, related_tools, triggers as when_to_use) reach get_tool_info."""
    from conftest import openakita_tool

    write("run_shell.json", openakita_tool())
    write("atdf-mcp.yaml", "disclosure: progressive\n")
    async with Client(build_server(load_catalog(tmp_path))) as client:
        info = (await client.call_tool("get_tool_info", {"name": "run_shell"})).structured_content
    raw = openakita_tool()
    assert info["detail"] == raw["detail"]
    assert info["warnings"] == raw["warnings"]
    assert info["related_tools"] == raw["related_tools"]
    assert info["when_to_use"]
    assert info["examples"] == [{"name": "List files", "input": {"command": "ls -la"}, "output": "A directory listing"}]
    assert info["inputSchema"] == raw["input_schema"]


@pytest.mark.anyio
async def test_every_tool_stays_directly_callable(progressive: Any) -> None:
    """A tool that tools/list does not show is still called by its own name, with the same envelopes."""
    async with Client(progressive) as client:
        assert "search_hotels" not in names(await client.list_tools())
        result = await client.call_tool("search_hotels", {"city": "Madrid"})
        wrong = await client.call_tool("search_hotels", {"city": 5})
    assert result.is_error is False
    assert envelope_of(wrong)["errors"][0]["code"] == Code.VALIDATION_ERROR


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "arguments", "parameter", "suggested"), [
    ("search_tools", {}, "query", None),
    ("search_tools", {"query": "hotel", "limit": 0}, "limit", {"query": "hotel", "limit": 1}),
    ("search_tools", {"query": "hotel", "limit": 99}, "limit", {"query": "hotel", "limit": 50}),
    ("search_tools", {"query": "hotel", "limits": 3}, None, None),
    ("get_tool_info", {"tool": "unit_converter"}, None, None),
    ("call_tool", {"name": "unit_converter", "arguments": "value=10"}, "arguments", None),
    # (`"arguments": null` is left out and the tool called without arguments: tests/test_outside_inputs_21.py)
    ("call_tool", {"name": "unit_converter", "arguments": [10]}, "arguments", None),
])
async def test_bad_meta_tool_input_gets_a_validation_envelope(progressive: Any, tool: str, arguments: dict[str, Any],
                                                              parameter: str | None, suggested: dict[str, Any] | None) -> None:
    """Missing or out-of-range arguments of a meta-tool: VALIDATION_ERROR naming the argument, with suggested arguments."""
    async with Client(progressive) as client:
        result = await client.call_tool(tool, arguments)
    assert result.structured_content is None or "tools" not in result.structured_content
    entry = envelope_of(result)["errors"][0]
    assert entry["code"] == Code.VALIDATION_ERROR and entry["tool_name"] == tool
    if parameter is not None:
        assert entry["parameter_name"] == parameter
    if suggested is not None:
        assert entry["context"]["suggested_arguments"] == suggested


@pytest.mark.anyio
@pytest.mark.parametrize("tool", ["get_tool_info", "call_tool"])
async def test_unknown_names_get_tool_not_found_with_a_suggestion(progressive: Any, tool: str) -> None:
    """A misspelt name given to get_tool_info or call_tool: TOOL_NOT_FOUND suggesting the closest tool."""
    async with Client(progressive) as client:
        result = await client.call_tool(tool, {"name": "unit_convertor", "arguments": UNITS} if tool == "call_tool"
                                        else {"name": "unit_convertor"})
    entry = envelope_of(result)["errors"][0]
    assert entry["code"] == Code.TOOL_NOT_FOUND
    assert entry["suggested_value"] == "unit_converter"
    assert result.structured_content is None  # get_tool_info's outputSchema would reject the envelope


@pytest.mark.anyio
async def test_a_name_like_no_tool_points_a_progressive_client_to_search_tools(progressive: Any) -> None:
    """No close name: the solution says to search (tools/list does not show every tool in progressive mode)."""
    async with Client(progressive) as client:
        entry = envelope_of(await client.call_tool("zzz_qqq", {}))["errors"][0]
    assert entry["code"] == Code.TOOL_NOT_FOUND and entry["suggested_value"] is None
    assert "search_tools" in entry["context"]["solution"]


@pytest.mark.anyio
async def test_call_tool_reports_the_called_tools_own_envelope(progressive: Any) -> None:
    """Wrong arguments through call_tool: the envelope of the tool called, as a direct call gets it."""
    async with Client(progressive) as client:
        through = envelope_of(await client.call_tool("call_tool", {"name": "unit_converter", "arguments": {**UNITS, "value": "10"}}))
        direct = envelope_of(await client.call_tool("unit_converter", {**UNITS, "value": "10"}))
    assert through["errors"][0]["tool_name"] == "unit_converter"
    assert through["errors"][0]["context"]["suggested_arguments"] == direct["errors"][0]["context"]["suggested_arguments"] == UNITS


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_progress_reaches_the_client_through_call_tool(progressive: Any, mode: str) -> None:
    """A tool's progress notifications reach the client that called it through call_tool."""
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    async with Client(progressive, mode=mode) as client:
        result = await client.call_tool("call_tool", {"name": "search_hotels", "arguments": {"city": "Madrid"}},
                                        progress_callback=on_progress)
    assert result.is_error is False
    assert seen and seen == sorted(seen)


@pytest.mark.anyio
@pytest.mark.parametrize("disclosure", ["full", "progressive"])
async def test_the_level_one_index_is_a_resource_and_a_prompt_in_both_modes(tmp_path: Path, disclosure: str) -> None:
    """ardf://catalog/index is listed and holds one `name: line` per tool; catalog_overview returns it."""
    app = CatalogServer(load_catalog(ROOT / "descriptors"), disclosure=disclosure)
    async with Client(app.server) as client:
        listed = {r.uri: r for r in (await client.list_resources()).resources}
        text = (await client.read_resource("ardf://catalog/index")).contents[0]
        prompt = await client.get_prompt("catalog_overview", {})
        prompts = [p.name for p in (await client.list_prompts()).prompts]
    assert listed["ardf://catalog/index"].mime_type == "text/plain" and text.mime_type == "text/plain"
    lines = text.text.splitlines()
    assert [line.split(":", 1)[0] for line in lines] == list(app.published.tools)
    assert all(": " in line and "\n" not in line for line in lines)
    assert "catalog_overview" in prompts
    assert text.text in prompt.messages[0].content.text


@pytest.mark.anyio
async def test_full_mode_lists_every_tool_and_has_no_meta_tools(tmp_path: Path) -> None:
    """`serve --disclosure full` overrides the catalogue's progressive: every tool, and search_tools is no tool."""
    app = CatalogServer(load_catalog(catalogue(tmp_path)), disclosure="full")
    async with Client(app.server) as client:
        listed = names(await client.list_tools())
        missing = await client.call_tool("search_tools", {"query": "hotel"})
    assert listed == list(app.published.tools)
    assert envelope_of(missing)["errors"][0]["code"] == Code.TOOL_NOT_FOUND


@pytest.mark.anyio
async def test_a_catalogue_tool_named_like_a_meta_tool_wins_and_is_warned_about(tmp_path: Path, write: Any) -> None:
    """A tool called search_tools: direct calls reach it, tools/list shows no second search_tools, the load warns."""
    tool = {"name": "search_tools", "description": "The catalogue's own search.", "handler": "own:search",
            "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}
    write("tools.json", {"tools": [tool]})
    write("own.py", "def search(text):\n    return {'own': text}\n")
    write("atdf-mcp.yaml", "disclosure: progressive\npinned: [search_tools]\n")
    catalog = load_catalog(tmp_path)
    warnings = [p for p in catalog.report.problems if p.code == Code.INVALID_NAME]
    assert len(warnings) == 1 and warnings[0].severity == "warning" and "meta-tool" in warnings[0].message
    async with Client(build_server(catalog)) as client:
        listed = names(await client.list_tools())
        result = await client.call_tool("search_tools", {"text": "x"})
    assert listed == ["search_tools", "get_tool_info", "call_tool"]
    assert result.structured_content == {"own": "x"}


def test_the_config_is_checked_with_json_pointers(tmp_path: Path, write: Any) -> None:
    """A wrong mode and a bad pinned entry are errors; a pinned entry that matches no tool is a warning."""
    write("tools.json", {"tools": [{"name": "echo", "description": "Echo.", "inputSchema": {"type": "object"}}]})
    write("atdf-mcp.yaml", "disclosure: partial\npinned: [echo, 3]\n")
    problems = {(p.pointer, p.severity) for p in load_catalog(tmp_path).report.problems if p.code == Code.CONFIGURATION_ERROR}
    assert problems == {("/disclosure", "error"), ("/pinned/1", "error")}
    write("atdf-mcp.yaml", "pinned: [echo, \"nothing_*\"]\n")
    problems = {(p.pointer, p.severity) for p in load_catalog(tmp_path).report.problems if p.code == Code.CONFIGURATION_ERROR}
    assert problems == {("/pinned/1", "warning")}


@pytest.mark.anyio
async def test_a_reload_reads_the_mode_again(tmp_path: Path) -> None:
    """A reload whose atdf-mcp.yaml turns progressive on: the next tools/list holds the meta-tools."""
    folder = catalogue(tmp_path, "")
    app = CatalogServer(load_catalog(folder))
    async with Client(app.server) as client:
        assert "search_tools" not in names(await client.list_tools(cache_mode="bypass"))
        config = folder / "atdf-mcp.yaml"
        config.write_text(config.read_text(encoding="utf-8") + "\ndisclosure: progressive\n", encoding="utf-8")
        app.swap(load_catalog(folder, previous=app.catalog))
        assert names(await client.list_tools(cache_mode="bypass")) == META
        found = await client.call_tool("search_tools", {"query": "weather forecast"})
    assert found.structured_content["tools"][0]["name"] == "weather_forecast"


@pytest.mark.anyio
async def test_a_reload_that_only_turns_progressive_on_announces_a_new_tool_list(tmp_path: Path) -> None:
    """Only atdf-mcp.yaml changed (no tool did): the reload still says tools/list changed, so clients list again."""
    from atdf_mcp.live import LiveCatalog

    folder = catalogue(tmp_path, "")
    app = CatalogServer(load_catalog(folder))
    config = folder / "atdf-mcp.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\ndisclosure: progressive\n", encoding="utf-8")
    with (tmp_path / "reload.log").open("w", encoding="utf-8") as err:
        outcome = await LiveCatalog(app, folder, watch=False, err=err).reload("test")
    assert outcome.ok and not (outcome.added or outcome.removed or outcome.changed)
    assert outcome.lists["tools"] is True and app.disclosure.progressive


@pytest.mark.anyio
async def test_a_progressive_stdio_server_searches_and_calls(tmp_path: Path) -> None:
    """`atdf-mcp serve DIR --disclosure progressive` over stdio: the meta-tools, search and call_tool."""
    folder = catalogue(tmp_path, "")
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), "--disclosure", "progressive",
                                                                 "--no-watch"], env={"PYTHONPATH": str(ROOT)}, cwd=str(ROOT))
    with (tmp_path / "stderr.txt").open("w", encoding="utf-8") as errlog, anyio.fail_after(60):
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            listed = names(await client.list_tools())
            found = await client.call_tool("search_tools", {"query": "convert units"})
            called = await client.call_tool("call_tool", {"name": found.structured_content["tools"][0]["name"], "arguments": UNITS})
            missing = await client.call_tool("call_tool", {"name": "unit_convertor", "arguments": UNITS})
    assert listed == META
    assert called.is_error is False and called.structured_content["result"] == pytest.approx(6.21371)
    assert envelope_of(missing)["errors"][0]["suggested_value"] == "unit_converter"
    banner = (tmp_path / "stderr.txt").read_text(encoding="utf-8")
    assert "serving 3 tools," in banner and "progressive disclosure: " in banner and " tools behind search_tools" in banner


# -- 10,000 tools: the "done when" ---------------------------------------------------------------------

VERBS = ("archive", "approve", "audit", "cancel", "classify", "compress", "export", "forecast", "import", "merge",
         "notify", "publish", "reconcile", "refund", "rename", "schedule", "summarize", "translate", "validate", "verify")
NOUNS = ("invoices", "contracts", "shipments", "tickets", "payments", "orders", "photos", "reports", "leases", "receipts",
         "patients", "vehicles", "warehouses", "playlists", "surveys", "budgets", "claims", "licenses", "recipes", "sensors",
         "courses", "parcels", "meetings", "permits", "loans")
REGIONS = ("nordic", "iberian", "alpine", "baltic", "andean", "saharan", "pacific", "balkan", "celtic", "caspian",
           "arctic", "danube", "sonoran", "mekong", "rhine", "yukon", "aegean", "bengal", "patagonian", "siberian")


def varied_catalogue(folder: Path, n: int) -> list[tuple[str, str, str, str]]:
    """N ARDF tools named and described by a distinct (verb, noun, region), bound to bench's shared handler."""
    sys.path.insert(0, str(ROOT))
    from bench._common import HANDLER_MODULE, HANDLER_SOURCE, ardf_tool

    folder.mkdir(parents=True)
    combos = [(v, o, r) for r in REGIONS for v in VERBS for o in NOUNS][:n]
    tools = []
    for i, (verb, noun, region) in enumerate(combos):
        name = f"{verb}_{region}_{noun}"
        descriptor = {**ardf_tool(i), "resource_id": name, "title": f"{verb} {noun} ({region})",
                      "description": f"{verb.capitalize()}s {noun} of the {region} region in the back office."}
        (folder / f"{name}.json").write_text(json.dumps(descriptor), encoding="utf-8")
        tools.append((name, verb, noun, region))
    (folder / f"{HANDLER_MODULE}.py").write_text(HANDLER_SOURCE, encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text("disclosure: progressive\n", encoding="utf-8")
    return tools


@pytest.mark.anyio
async def test_a_client_finds_inspects_and_calls_any_tool_of_10000(tmp_path: Path) -> None:
    """10,000 tools, progressive: tools/list is the three meta-tools; tools picked at random are found by what they do,
    inspected and called."""
    tools = varied_catalogue(tmp_path / "big", 10_000)
    app = CatalogServer(load_catalog(tmp_path / "big"))
    assert len(app.published.tools) == 10_000
    async with Client(app.server) as client:
        assert names(await client.list_tools()) == META
        for name, verb, noun, region in random.Random(13).sample(tools, 5):
            found = await client.call_tool("search_tools", {"query": f"{verb} the {noun} in {region}"})
            assert found.structured_content["tools"][0]["name"] == name, (name, found.structured_content)
            info = await client.call_tool("get_tool_info", {"name": name})
            schema = info.structured_content["inputSchema"]
            arguments = {key: "x" if key == "id" else schema["properties"][key]["enum"][0] for key in schema["required"]}
            called = await client.call_tool("call_tool", {"name": name, "arguments": arguments})
            assert called.is_error is False and called.content[0].text == "ok"


@pytest.mark.anyio
async def test_an_agents_framing_of_a_search_is_left_out_and_said_so(progressive: Any) -> None:
    """search_tools reads "find a tool that can ..." as the task that follows: the tool asked for is found, and a
    search that finds nothing names the framing's words among those it left out."""
    async with Client(progressive, mode="legacy") as client:
        found = await client.call_tool("search_tools", {"query": "find a tool that can convert kilometres to miles", "limit": 3})
        none = await client.call_tool("search_tools", {"query": "find a tool that can qzxv"})
    assert found.structured_content["tools"][0]["name"] == "unit_converter"
    assert none.structured_content["tools"] == [] and {"find", "tool"} <= set(none.structured_content["ignored"])


@pytest.mark.anyio
async def test_a_long_query_of_blanks_is_answered_at_once(progressive: Any) -> None:
    """The framing check ("tool to ...", "I'm looking for ...") read the whole query with a pattern that backtracks over
    every blank after an "i" or a "we": "i", 60,000 spaces and a word kept the server's loop busy for about 20 s (a
    second for 10,000). It reads the query's start only; the answer is the same search, at once."""
    query = "i" + " " * 60_000 + "convert kilometres to miles"
    async with Client(progressive) as client:
        started = time.perf_counter()  # (the search runs on the server's loop: a timeout scope could not interrupt it)
        found = await client.call_tool("search_tools", {"query": query})
        took = time.perf_counter() - started
    assert found.is_error is False and took < 3, took
    assert found.structured_content["tools"][0]["name"] == "unit_converter"
