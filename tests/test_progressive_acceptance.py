"""Issue #13 as a new user tries it: a catalogue nobody here wrote (four dialects, snake_case, camelCase, kebab-case and
dotted names, handlers in handlers.py and tools bound to a real HTTP server on 127.0.0.1), served progressively."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client
from mcp.shared.exceptions import MCPError

from atdf_mcp import load_catalog
from atdf_mcp.codes import Code
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

VERBS = ("fetch", "archive", "approve", "reject", "merge", "split", "audit", "export", "import", "schedule", "cancel", "renew",
         "price", "rank", "tag", "route", "notify", "scan", "verify", "refund", "ship", "count", "lock", "unlock", "summarize")
NOUNS = ("orders", "invoices", "tickets", "shipments", "contracts", "leases", "courses", "parcels", "meetings", "permits",
         "loans", "badges", "vouchers", "pallets", "surveys", "claims", "quotas", "patents", "grants", "visas")
REGIONS = ("nordic", "iberian", "alpine", "baltic", "andean", "saharan", "pacific", "balkan", "celtic", "caspian", "arctic",
           "danube", "sonoran", "mekong", "rhine", "yukon", "aegean", "bengal", "patagonian", "siberian")
OUTPUT = {"type": "object", "required": ["ok", "tool"], "properties": {"ok": {"type": "boolean"}, "tool": {"type": "string"}}}
HANDLERS = '''
def run(ctx=None, **arguments):
    """Every local tool: which tool ran."""
    return {"ok": True, "tool": ctx.descriptor.id}
'''
TOKEN = "agent-nordic"
ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")


def name_of(i: int, verb: str, region: str, noun: str) -> str:
    """Tool i's name in one of four notations."""
    return (f"{verb}_{region}_{noun}", f"{verb}{region.capitalize()}{noun.capitalize()}", f"{verb}-{region}-{noun}",
            f"{region}.{noun}.{verb}")[i % 4]


def input_schema(i: int) -> dict[str, Any]:
    """Tool i's inputs: a string with bounds, an enum, an integer with bounds; two of them required."""
    return {"type": "object", "required": ["account", "mode"] if i % 3 else ["account", "count"], "properties": {
        "account": {"type": "string", "description": "Account code of the owner", "minLength": 2, "maxLength": 12},
        "mode": {"type": "string", "enum": ["fast", "slow", "auto"], "description": "Processing mode"},
        "count": {"type": "integer", "minimum": 1, "maximum": 100, "description": "How many records"}}}


def _atdf2(i: int, name: str, description: str, meta: dict[str, Any], api: str) -> dict[str, Any]:
    """An ATDF 2.x descriptor, bound to handlers.py or (every fourth tool) to the HTTP API."""
    schema = input_schema(i)
    inputs = [{"name": k, "type": v["type"], "description": v["description"], "required": k in schema["required"],
               "schema": {kk: vv for kk, vv in v.items() if kk not in ("type", "description")}} for k, v in schema["properties"].items()]
    found = {"schema_version": "2.0.0", "tool_id": name, "description": description,
             "when_to_use": f"Use when the desk needs this ({name}).", "metadata": {**meta, "version": "1.0.0"},
             "how_to_use": {"inputs": inputs, "outputs": {"success": "Done.", "failure": []}}}
    if i % 4 == 3:
        found.update(endpoint=f"{api}/run/{name}", method="POST", timeout=10)
    else:
        found["handler"] = "handlers:run"
    if i % 5 == 0:
        found["output_schema"] = OUTPUT
    return found


def write_catalogue(folder: Path, n: int, api: str, *, token: bool = True) -> list[dict[str, Any]]:
    """N tools (MCP tool lists, ARDF 1.0 and ATDF 2.x files), handlers.py and an atdf-mcp.yaml with pinned tools, five
    tool sets (by tag, glob, category; one selecting nothing; one naming an id that does not exist) and a token."""
    folder.mkdir(parents=True)
    listed, tools = [], []
    for i, (verb, noun, region) in enumerate([(v, o, r) for r in REGIONS for v in VERBS for o in NOUNS][:n]):
        name = name_of(i, verb, region, noun)
        description = f"{verb.capitalize()} the {noun} of the {region} region in the back office."
        meta = {"category": noun, "tags": [region, f"grp{i % 10}"], "domain": "ops"}
        if i % 4 == 1:
            listed.append({"name": name, "description": description, "inputSchema": input_schema(i), "handler": "handlers:run",
                           "tags": meta["tags"], **({"outputSchema": OUTPUT} if i % 5 == 0 else {})})
        elif i % 4 == 2:
            schema = input_schema(i)
            inputs = [{"name": k, **v, "required": k in schema["required"]} for k, v in schema["properties"].items()]
            ardf = {"schema_version": "1.0.0", "resource_id": name, "resource_type": "tool", "title": f"{verb} {noun}",
                    "description": description, "metadata": meta, "content": {"type": "tool/io", "data": {
                        "handler": "handlers:run", "inputs": inputs, "outputs": {"success": "Done."}}}}
            (folder / f"{name}.json").write_text(json.dumps(ardf), encoding="utf-8")
        else:
            (folder / f"{name}.json").write_text(json.dumps(_atdf2(i, name, description, meta, api)), encoding="utf-8")
        tools.append({"name": name, "description": description, "schema": input_schema(i), "output": i % 5 == 0 and i % 4 != 2})
    for k in range(0, len(listed), 500):
        (folder / f"mcp_{k // 500:02d}.json").write_text(json.dumps({"tools": listed[k:k + 500]}), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text("""disclosure: progressive
allow_private_networks: true
pinned: [fetch_iberian_orders, "nordic.parcels.*"]
toolsets:
  bytag: {tags: [nordic]}
  byglob: {ids: ["*.parcels.*"]}
  bycat: {category: meetings}
  empty: {ids: ["nothing_matches_*"]}
  ghost: {ids: ["no_such_tool", "fetch_nordic_orders"]}
""" + (f"tokens:\n  {hashlib.sha256(TOKEN.encode()).hexdigest()}: bytag\n" if token else ""), encoding="utf-8")
    return tools


async def api(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The HTTP-bound tools' backend: answers which tool was called."""
    if scope["type"] != "http":
        return
    body = json.dumps({"ok": True, "tool": scope["path"].rsplit("/", 1)[-1]}).encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture(scope="module")
def api_url() -> Iterator[str]:
    """The backend on a free 127.0.0.1 port."""
    with running(api) as url:
        yield url


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory, api_url: str) -> tuple[Path, list[dict[str, Any]]]:
    """800 tools: every verb and noun of two regions."""
    folder = tmp_path_factory.mktemp("small") / "catalogue"
    return folder, write_catalogue(folder, 800, api_url)


@pytest.fixture
async def client(small: tuple[Path, list[dict[str, Any]]]) -> AsyncIterator[Client]:
    """A Python SDK client of the small catalogue, served progressively."""
    async with Client(CatalogServer(load_catalog(small[0])).server) as session:
        yield session


def arguments_for(schema: dict[str, Any]) -> dict[str, Any]:
    """Valid arguments built from an input schema: each required input, its first enum value or a value in bounds."""
    values = {"string": "AC42", "integer": 5}
    return {key: schema["properties"][key].get("enum", [values[schema["properties"][key]["type"]]])[0] for key in schema["required"]}


# ---------------------------------------------------------------------------------------------
# Unknown names: the suggestion is the tool of the same words


@pytest.mark.anyio
@pytest.mark.parametrize(("asked", "meant"), [
    ("nordic.orders.fetch", "fetch_nordic_orders"),       # the dotted notation of a snake_case tool
    ("fetch_nordic_invoices", "fetchNordicInvoices"),      # snake_case of a camelCase tool
    ("nordic_orders_fetch", "fetch_nordic_orders"),       # another order
    ("fetch.nordic.parcels", "nordic.parcels.fetch"),     # the words of a dotted tool, in the verb's order
    ("approveNordicTickets", "approve-nordic-tickets"),   # camelCase of a kebab-case tool
])
async def test_a_name_in_another_notation_suggests_the_tool_of_the_same_words(client: Client, asked: str, meant: str) -> None:
    """An agent that writes a tool's words in another notation or order is pointed to that tool, never to a tool that
    does something else (nordic.orders.fetch was told to call nordic.badges.fetch, with suggested_arguments to retry)."""
    direct = envelope_of(await client.call_tool(asked, {"account": "AC42", "mode": "fast"}))
    through = envelope_of(await client.call_tool("call_tool", {"name": asked, "arguments": {"account": "AC42"}}))
    info = envelope_of(await client.call_tool("get_tool_info", {"name": asked}))
    for env in (direct, through, info):
        [entry] = env["errors"]
        assert (entry["code"], entry["suggested_value"]) == (Code.TOOL_NOT_FOUND, meant), entry
        assert entry["context"]["similar_tools"][0] == meant
    assert through["errors"][0]["context"]["suggested_arguments"] == {"name": meant, "arguments": {"account": "AC42"}}



@pytest.mark.anyio
async def test_a_resource_uri_in_another_notation_suggests_the_tools_own(client: Client) -> None:
    """resources/read of ardf://tool/nordic.orders.fetch: -32002 whose suggestion is fetch_nordic_orders' URI."""
    with pytest.raises(MCPError) as caught:
        await client.read_resource("ardf://tool/nordic.orders.fetch")
    [entry] = caught.value.error.data["errors"]
    assert entry["suggested_value"] == "ardf://tool/fetch_nordic_orders", entry


def test_rest_suggests_the_tool_of_the_same_words_inside_the_tokens_set(small: tuple[Path, list[dict[str, Any]]]) -> None:
    """GET /resources/tool/{id}, GET /tools/{name} and POST /call_tool/{name} with a name in another notation: 404 whose
    suggestion is the tool meant, of the agent token's set (bytag: the nordic tools)."""
    with running(build_app(CatalogServer(load_catalog(small[0])), HttpOptions())) as base, \
            httpx.Client(base_url=base, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
        for answer in (http.get("/resources/tool/nordic.orders.fetch"), http.get("/tools/nordic.orders.fetch"),
                       http.post("/call_tool/nordic.orders.fetch", json={"account": "AC42", "count": 3})):
            assert answer.status_code == 404, answer.text
            assert answer.json()["errors"][0]["suggested_value"] == "fetch_nordic_orders", answer.text
        assert http.get("/tools/fetch_iberian_orders").status_code == 404  # pinned, but outside the set

# ---------------------------------------------------------------------------------------------
# call_tool with the tool's arguments beside its name


@pytest.mark.anyio
@pytest.mark.parametrize(("sent", "retry"), [
    ({"name": "fetch_nordic_orders", "account": "AC42", "count": 3},
     {"name": "fetch_nordic_orders", "arguments": {"account": "AC42", "count": 3}}),
    ({"name": "fetch_nordic_orders", "arguments": {"account": "AC42"}, "count": 3},
     {"name": "fetch_nordic_orders", "arguments": {"account": "AC42", "count": 3}}),
])
async def test_arguments_beside_the_name_are_moved_under_arguments(client: Client, sent: dict[str, Any], retry: dict[str, Any]) -> None:
    """An agent that writes call_tool's arguments flat beside `name` (as a direct call takes them) gets a VALIDATION_ERROR
    whose suggested_arguments put them under `arguments`, and that retry calls the tool (it had no suggestion at all)."""
    [entry] = envelope_of(await client.call_tool("call_tool", sent))["errors"]
    assert (entry["code"], entry["tool_name"], entry["context"]["suggested_arguments"]) == (Code.VALIDATION_ERROR, "call_tool", retry)
    assert "'arguments'" in entry["context"]["solution"]
    done = await client.call_tool("call_tool", entry["context"]["suggested_arguments"])
    assert (done.is_error, done.structured_content) == (False, {"ok": True, "tool": "fetch_nordic_orders"})


@pytest.mark.anyio
async def test_a_key_both_beside_and_under_arguments_is_not_guessed(client: Client) -> None:
    """The same argument twice with two values: which one is meant cannot be told, so no suggested_arguments."""
    sent = {"name": "fetch_nordic_orders", "arguments": {"account": "AC42", "count": 3}, "count": 4}
    [entry] = envelope_of(await client.call_tool("call_tool", sent))["errors"]
    assert entry["code"] == Code.VALIDATION_ERROR and "suggested_arguments" not in entry["context"]


# ---------------------------------------------------------------------------------------------
# 10,000 tools: any tool is found, inspected and called, through call_tool and by its own name


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory, api_url: str) -> tuple[CatalogServer, list[dict[str, Any]]]:
    """10,000 tools in four dialects and four notations, loaded once."""
    folder = tmp_path_factory.mktemp("large") / "catalogue"
    tools = write_catalogue(folder, 10_000, api_url)
    return CatalogServer(load_catalog(folder)), tools


@pytest.mark.anyio
async def test_any_of_10000_tools_is_found_inspected_and_called(large: tuple[CatalogServer, list[dict[str, Any]]]) -> None:
    """200 tools at random: search by their own description finds each first; get_tool_info gives its schemas; the
    arguments built from its inputSchema call it through call_tool and directly (an HTTP-bound tool reaches the API);
    a wrong argument is an envelope whose suggested_arguments are the valid ones, both ways."""
    app, tools = large
    async with Client(app.server) as client:
        listed = [t.name for t in (await client.list_tools()).tools]
        assert listed[-3:] == ["search_tools", "get_tool_info", "call_tool"] and "fetch_iberian_orders" in listed
        for tool in random.Random(13).sample(tools, 200):
            name = tool["name"]
            found = (await client.call_tool("search_tools", {"query": tool["description"]})).structured_content
            assert found["tools"][0]["name"] == name, found
            info = (await client.call_tool("get_tool_info", {"name": name})).structured_content
            assert info["inputSchema"]["required"] == tool["schema"]["required"]
            assert bool(info["outputSchema"]) is tool["output"], info  # null: the tool declares none
            arguments = arguments_for(info["inputSchema"])
            for called in (await client.call_tool("call_tool", {"name": name, "arguments": arguments}),
                           await client.call_tool(name, arguments)):
                assert (called.is_error, called.structured_content) == (False, {"ok": True, "tool": name})
            wrong = {**arguments, "mode": "FAST"} if "mode" in arguments else {**arguments, "count": "5"}
            for refused in (await client.call_tool("call_tool", {"name": name, "arguments": wrong}), await client.call_tool(name, wrong)):
                [entry] = envelope_of(refused)["errors"]
                assert (entry["tool_name"], entry["context"]["suggested_arguments"]) == (name, arguments)


# ---------------------------------------------------------------------------------------------
# The TypeScript SDK client (Claude Desktop, Claude Code, the Inspector) over stdio


def ts(script: str, folder: Path, *options: str, calls: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Run scripts/SCRIPT with the TS SDK against `atdf-mcp serve FOLDER OPTIONS` over stdio; its JSON report."""
    command = [NODE, str(ROOT / "scripts" / script), "--", sys.executable, "-m", "atdf_mcp", "serve", str(folder), *options]
    done = subprocess.run(command, input=json.dumps(calls or []), capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


needs_node = pytest.mark.skipif(NODE is None or not (ROOT / "node_modules" / "@modelcontextprotocol" / "sdk").is_dir(),
                                reason="needs Node.js and the TypeScript SDK: run `npm ci` in the project root")


@needs_node
def test_the_ts_client_checks_every_structured_result_and_gets_every_envelope(small: tuple[Path, list[dict[str, Any]]]) -> None:
    """Progressive over stdio: search_tools and get_tool_info pass the TS SDK's outputSchema check; a tool with an output
    schema answers through call_tool and by name, pinned (listed, so checked) or not; a wrong argument reaches the
    client as an envelope (no -32602 from the client's own check), and its suggested_arguments work when retried."""
    good, bad = {"account": "AC42", "count": 3}, {"account": "AC42", "count": "3"}
    pinned, hidden = "fetch_iberian_orders", "fetch_nordic_orders"  # both declare an output schema
    calls = [{"name": "search_tools", "arguments": {"query": "fetch the orders of the nordic region"}},
             {"name": "get_tool_info", "arguments": {"name": hidden}},
             {"name": "call_tool", "arguments": {"name": hidden, "arguments": good}},
             {"name": hidden, "arguments": good},
             {"name": pinned, "arguments": {"account": "AC42", "mode": "fast"}},
             {"name": pinned, "arguments": {"account": "AC42", "mode": "FAST"}, "retry": True},
             {"name": hidden, "arguments": bad, "retry": True},
             {"name": "call_tool", "arguments": {"name": hidden, **good}, "retry": True}]
    report = ts("ts_client.mjs", small[0], calls=calls)
    listed = {t["name"]: t["outputSchema"] for t in report["tools"]}
    assert listed["search_tools"] and listed["get_tool_info"] and listed[pinned] and hidden not in listed
    outcomes = report["calls"]
    assert all("exception" not in o and "exception" not in o.get("retry", {}) for o in outcomes), outcomes
    assert outcomes[0]["result"]["structuredContent"]["tools"][0]["name"] == hidden
    assert outcomes[1]["result"]["structuredContent"]["outputSchema"] == OUTPUT
    for o in outcomes[2:5]:
        assert o["result"]["structuredContent"]["ok"] is True, o
    for o in outcomes[5:]:
        assert o["result"]["isError"] is True and o["retry"]["result"]["structuredContent"]["ok"] is True, o


@needs_node
@pytest.mark.parametrize("options", [("--disclosure", "full", "--page-size", "7"), ("--toolset", "bytag", "--page-size", "1"),
                                     ("--page-size", "100000")])
def test_the_ts_client_walks_every_page_once(small: tuple[Path, list[dict[str, Any]]], options: tuple[str, ...]) -> None:
    """Following nextCursor with the TS SDK gets every tool, prompt, resource and template once, in pages of the size
    asked (a page larger than the catalogue: one page); a cursor the server never gave is -32602."""
    report = ts("ts_walk.mjs", small[0], *options)
    app = CatalogServer(load_catalog(small[0]), **({"toolset": "bytag"} if "bytag" in options else {}),
                        **({"disclosure": "full"} if "full" in options else {}))
    listing = app.listing()
    whole = {"tools": [t.name for t in listing.list_tools.tools], "prompts": [p.name for p in listing.list_prompts.prompts],
             "resources": [str(r.uri) for r in listing.list_resources.resources]}
    size = int(options[-1])
    for kind, items in whole.items():
        assert report[kind]["items"] == items, kind
        assert report[kind]["pages"] == max(1, -(-len(items) // size)), kind
    assert len(whole["tools"]) == (800 if "full" in options else 28 if "bytag" in options else 29)
    assert report["templates"]["items"] == ["ardf://{resource_type}/{resource_id}"]
    assert report["forged"]["code"] == -32602



# ---------------------------------------------------------------------------------------------
# Pages over HTTP, per tool set


@pytest.mark.anyio
async def test_a_cursor_of_another_tool_set_says_so(tmp_path: Path, api_url: str) -> None:
    """A nextCursor of /mcp followed on /mcp/bycat: -32602 saying it belongs to another tool set's list (it said the
    catalogue was reloaded, which it was not); on another connection to /mcp it continues the walk."""
    write_catalogue(tmp_path / "catalogue", 200, api_url, token=False)
    app = CatalogServer(load_catalog(tmp_path / "catalogue"), disclosure="full", page_size=7)
    with running(build_app(app, HttpOptions())) as base:
        async with Client(f"{base}/mcp") as whole:
            first = await whole.list_tools()
        async with Client(f"{base}/mcp") as again:
            assert [t.name for t in (await again.list_tools(cursor=first.next_cursor)).tools] == [
                t.name for t in app.listing().list_tools.tools[7:14]]
        async with Client(f"{base}/mcp/bycat") as meetings:
            with pytest.raises(MCPError) as caught:
                await meetings.list_tools(cursor=first.next_cursor)
    assert caught.value.error.code == -32602
    [entry] = caught.value.error.data["errors"]
    assert "another tool set" in entry["detail"] and "reloaded" not in entry["detail"], entry
    assert entry["context"]["suggested_arguments"] == {}


@pytest.mark.anyio
async def test_an_empty_tool_sets_overview_says_it_holds_no_tool(small: tuple[Path, list[dict[str, Any]]]) -> None:
    """catalog_overview of a set that selects nothing says so (it was only its heading line); the index stays empty."""
    app = CatalogServer(load_catalog(small[0]), toolset="empty")
    async with Client(app.server) as client:
        index = (await client.read_resource("ardf://catalog/index")).contents[0].text
        prompt = (await client.get_prompt("catalog_overview", {})).messages[0].content.text
    assert index == ""
    assert prompt == "This server offers no tools to this client (its tool set 'empty' holds none)."
