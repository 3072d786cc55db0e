"""More problems a probe of tool sets, live reload, paging, search and big catalogues found from the outside: real
`atdf-mcp` subprocesses (stdio driven by the SDK client, HTTP on 127.0.0.1, the CLI), each kept so it stays fixed."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx
import jsonschema
import mcp.types as types
import pytest
from conftest import write_file
from local_server import serve_over_http
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError
from test_live_reload import Inbox, child_env, mcp_tool, text_of
from test_outside_inputs import structured

from atdf_mcp.paging import encode_cursor

BUDGET = 60  # seconds: a guard against a hang, not a timing


def stdio_params(folder: Path, *args: str) -> StdioServerParameters:
    """`atdf-mcp serve FOLDER ARGS` over stdio, with this tree's package first on the path."""
    return StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), *args], env=child_env())


# ---------------------------------------------------------------- 1. what a descriptor says of tools outside the set

SUPPORT_IDS = ["open_ticket", "send_reply", "close_ticket", "reopen_ticket"]
OPEN_TICKET = """name: open_ticket
description: Opens a support ticket for a customer.
category: support
detail: Returns the ticket id.
related_tools:
  - {name: send_reply, relation: commonly used after}
  - {name: refund_order, relation: when the customer wants money back}
prerequisites:
  - {condition: the customer is known, check_tool: send_reply}
  - {condition: the order is paid, check_tool: refund_order}
input_schema: {type: object, properties: {subject: {type: string}}, required: [subject]}
"""
CLOSE_TICKET = {"schema_version": "2.0.0", "tool_id": "close_ticket", "description": "Close a support ticket.",
                "when_to_use": "When the customer's problem is solved.",
                "prerequisites": {"tools": ["open_ticket", "refund_order"]},
                "how_to_use": {"inputs": [{"name": "ticket", "type": "string", "description": "The ticket id."}],
                               "outputs": {"success": "Closed.", "failure": []}}}
REOPEN_TICKET = {"schema_version": "1.0.0", "resource_id": "reopen_ticket", "resource_type": "tool", "description": "Reopen a ticket.",
                 "prerequisites": {"resources": ["refund_order", "close_ticket"], "policies": ["refund_policy"]},
                 "content": {"type": "tool/io", "data": {"inputs": [{"name": "ticket", "type": "string", "description": "The id."}],
                                                         "outputs": {"success": "Reopened."}}}}
REFUND_POLICY = {"schema_version": "1.0.0", "resource_id": "refund_policy", "resource_type": "policy", "description": "Refund rules.",
                 "content": {"type": "policy/rules", "data": {"rules": [{"id": "r1", "statement": "Refund within 30 days.",
                                                                          "effect": "allow"}]}}}
HIDDEN = ("refund_order", "refund_policy")  # outside the set `support`: no answer to its clients may name them


@pytest.fixture
def related_catalogue(tmp_path: Path) -> Path:
    """Four support tools naming a tool and a policy outside the set `support`: as related tools, prerequisite tools,
    prerequisite resources and policies, and the check_tool of an OpenAkita prerequisite."""
    folder = tmp_path / "catalogue"
    write_file(folder, "open_ticket.yaml", OPEN_TICKET)
    write_file(folder, "send_reply.json", mcp_tool("send_reply", "Reply to a ticket."))
    write_file(folder, "close_ticket.json", CLOSE_TICKET)
    write_file(folder, "reopen_ticket.json", REOPEN_TICKET)
    write_file(folder, "refund_order.json", mcp_tool("refund_order", "Refund an order."))
    write_file(folder, "refund_policy.json", REFUND_POLICY)
    write_file(folder, "atdf-mcp.yaml", f"disclosure: progressive\npinned: {json.dumps(SUPPORT_IDS)}\n"
                                        f"toolsets:\n  support: {{ids: {json.dumps(SUPPORT_IDS)}}}\n")
    return folder


async def seen_by_mcp_client(client: Client) -> str:
    """Everything an MCP client of the catalogue reads about its tools: tools/list, every tool's ARDF resource and
    get_tool_info, the index."""
    seen = [json.dumps([t.model_dump(mode="json") for t in (await client.list_tools()).tools])]
    for name in SUPPORT_IDS:
        seen.append((await client.read_resource(f"ardf://tool/{name}")).contents[0].text)
        seen.append(json.dumps(structured(await client.call_tool("get_tool_info", {"name": name}))))
    seen.append((await client.read_resource("ardf://catalog/index")).contents[0].text)
    return "\n".join(seen)


def seen_over_rest(url: str, query: str) -> str:
    """Every REST document about the tools, with `query` (a ?toolset= or nothing)."""
    paths = ["/tools", "/tools?format=atdf", "/resources", "/resources/tool", "/manifest",
             *(f"/resources/tool/{n}" for n in SUPPORT_IDS), *(f"/tools/{n}" for n in SUPPORT_IDS),
             *(f"/tools/{n}?format=ardf" for n in SUPPORT_IDS)]
    seen = []
    for path in paths:
        response = httpx.get(f"{url}{path}{'&' if '?' in path else '?'}{query}" if query else f"{url}{path}", timeout=10)
        assert response.status_code == 200, (path, response.text)
        seen.append(response.text)
    return "\n".join(seen)


@pytest.mark.anyio
async def test_a_tool_set_client_reads_no_reference_to_a_tool_outside_its_set(related_catalogue: Path) -> None:
    """A support tool's related tools, prerequisite tools, resources and policies, and the tool an OpenAkita prerequisite
    is checked with, when outside the set: its clients read them nowhere (tools/list, the ARDF resources, get_tool_info,
    the REST documents with ?toolset=); only get_tool_info's related tools were filtered. The whole catalogue shows them."""
    with serve_over_http(related_catalogue, "--no-watch", env=child_env()) as (_, url, _log):
        with anyio.fail_after(BUDGET):
            async with Client(f"{url}/mcp/support", mode="legacy") as client:
                in_set = await seen_by_mcp_client(client)
                info = structured(await client.call_tool("get_tool_info", {"name": "open_ticket"}))
            async with Client(f"{url}/mcp", mode="legacy") as client:
                whole = await seen_by_mcp_client(client)
        rest_in_set, rest_whole = seen_over_rest(url, "toolset=support"), seen_over_rest(url, "")
    for name in HIDDEN:
        assert name not in in_set and name not in rest_in_set
        assert name in whole and name in rest_whole
    assert [r["name"] for r in info["related_tools"]] == ["send_reply"]
    assert info["prerequisites"] == {"conditions": ["the customer is known (check with send_reply)", "the order is paid"]}
    assert "open_ticket" in rest_in_set and "close_ticket" in in_set  # the references inside the set stay


@pytest.mark.anyio
async def test_serve_toolset_over_stdio_reads_no_reference_to_a_tool_outside_it(related_catalogue: Path) -> None:
    """`serve --toolset support` over stdio: the same tools, resources and Level 2 without the names outside the set."""
    with (related_catalogue.parent / "stdio.log").open("w") as errlog, anyio.fail_after(BUDGET):
        async with Client(stdio_client(stdio_params(related_catalogue, "--toolset", "support", "--no-watch"), errlog=errlog),
                          mode="legacy") as client:
            seen = await seen_by_mcp_client(client)
    assert not [name for name in HIDDEN if name in seen]


# ---------------------------------------------------------------- 2. reload warnings, by tool set


@pytest.mark.anyio
async def test_a_reload_warning_reaches_the_sessions_of_the_sets_its_file_serves(tmp_path: Path) -> None:
    """A broken file whose tools are all in set b: the sessions of /mcp/b and of the whole catalogue are warned, the
    session of /mcp/a is not (that file holds nothing it sees); a broken atdf-mcp.yaml concerns every session. Every
    session used to be told about every file."""
    folder = tmp_path / "catalogue"
    write_file(folder, "a.json", mcp_tool("tool_a", "A tool of set a."))
    write_file(folder, "b.json", {"tools": [mcp_tool("tool_b", "A tool of set b."), mcp_tool("tool_b2", "Another tool of set b.")]})
    write_file(folder, "atdf-mcp.yaml", "toolsets:\n  a: {ids: [tool_a]}\n  b: {ids: [tool_b, tool_b2]}\n")
    inboxes = {path: Inbox() for path in ("/mcp/a", "/mcp/b", "/mcp")}
    with serve_over_http(folder, env=child_env()) as (_, url, _log), anyio.fail_after(BUDGET):
        async with contextlib.AsyncExitStack() as stack:
            for path, inbox in inboxes.items():
                client = await stack.enter_async_context(Client(f"{url}{path}", mode="legacy", message_handler=inbox))
                await client.set_logging_level("info")
            write_file(folder, "b.json", '{"tools": [{"name": "tool_b", ')  # cut short mid-save
            for path in ("/mcp/b", "/mcp"):
                assert "b.json" in str((await inboxes[path].wait_for_warning()).data)
            write_file(folder, "atdf-mcp.yaml", "toolsets:\n  a: {ids: [tool_a]\n")  # half-typed: the sets served stay
            for inbox in inboxes.values():
                await wait_for_logs(inbox, 2 if inbox is not inboxes["/mcp/a"] else 1)
    [config_warning] = inboxes["/mcp/a"].logs  # the notifications of one session arrive in order: b.json's came first
    assert "atdf-mcp.yaml" in str(config_warning.data) and "b.json" not in str(config_warning.data)
    assert "atdf-mcp.yaml" in str(inboxes["/mcp/b"].logs[-1].data)


async def wait_for_logs(inbox: Inbox, count: int, timeout: float = 15) -> None:
    """Wait until `count` log notifications have arrived."""
    with anyio.fail_after(timeout):
        while len(inbox.logs) < count:
            await inbox.wait_for("notifications/message", len(inbox.logs) + 1)


# ---------------------------------------------------------------- 3. the start-up banner of serve --toolset


def counted(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


async def banner_and_lists(folder: Path, env: dict[str, str], *args: str) -> tuple[str, str]:
    """A stdio session of `serve FOLDER ARGS`: the line of its stderr saying what it serves, and what its client lists."""
    log = folder.parent / f"stdio-{len(list(folder.parent.glob('stdio-*.log')))}.log"
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), *args], env=env)
    with log.open("w") as errlog, anyio.fail_after(BUDGET):
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            lists = (len((await client.list_tools()).tools), len((await client.list_prompts()).prompts),
                     len((await client.list_resources()).resources))
    [banner] = [line for line in log.read_text().splitlines() if ": serving " in line]
    return banner, f"serving {counted(lists[0], 'tool')}, {counted(lists[1], 'prompt')}, {counted(lists[2], 'resource')} "


@pytest.mark.anyio
async def test_the_banner_of_serve_toolset_counts_what_its_client_lists(related_catalogue: Path, tmp_path: Path) -> None:
    """`serve --toolset support` said "serving N tools, ... resources" and "N tools behind search_tools" of the whole
    catalogue; it counts what its client lists and names the set, at a first start and at a warm one (the lines kept)."""
    env = child_env(ATDF_MCP_CACHE_DIR=str(tmp_path / "cache"))
    whole, whole_lists = await banner_and_lists(related_catalogue, env, "--no-watch")
    assert whole_lists in whole and "5 tools behind search_tools" in whole and "tool set" not in whole
    for start in ("first", "warm"):
        banner, lists = await banner_and_lists(related_catalogue, env, "--toolset", "support", "--no-watch")
        assert lists in banner, start
        assert "tool set 'support'" in banner and "4 tools behind search_tools" in banner, start


# ---------------------------------------------------------------- 4. a cursor cut before a reload


async def rest_of(client: Client, cursor: str | None) -> list[str]:
    """The names of the pages from `cursor` on, following next_cursor."""
    names: list[str] = []
    while cursor is not None:
        result = await client.list_tools(cursor=cursor, cache_mode="bypass")
        names += [t.name for t in result.tools]
        cursor = result.next_cursor
    return names


@pytest.mark.anyio
async def test_a_cursor_cut_before_a_reload_finishes_the_list_it_was_cut_from(tmp_path: Path) -> None:
    """`serve --page-size 2`: a reload removes the first page's tools between two pages. The walk used to continue at
    its old offset in the new list, skipping t2 and t3 (present before and after); it finishes the list it started,
    and a walk after list_changed reads the new one, even when more reloads come between its pages (the list is held
    while its walk goes on: tests/test_outside_inputs_7.py). A cursor of no list held is -32602, Invalid params,
    telling the client to list again: never a page of another list."""
    folder = tmp_path / "catalogue"
    write_file(folder, "first.json", {"tools": [mcp_tool(f"t{n}", f"Tool number {n}.") for n in range(2)]})  # one change removes both
    for n in range(2, 6):
        write_file(folder, f"t{n}.json", mcp_tool(f"t{n}", f"Tool number {n}."))
    inbox = Inbox()
    with (folder.parent / "stdio.log").open("w") as errlog, anyio.fail_after(BUDGET):
        async with Client(stdio_client(stdio_params(folder, "--page-size", "2"), errlog=errlog), mode="legacy",
                          message_handler=inbox) as client:
            first = await client.list_tools(cache_mode="bypass")
            assert [t.name for t in first.tools] == ["t0", "t1"]
            (folder / "first.json").unlink()
            await inbox.wait_for("notifications/tools/list_changed", 1)
            assert await rest_of(client, first.next_cursor) == ["t2", "t3", "t4", "t5"]
            again = await client.list_tools(cache_mode="bypass")
            assert [t.name for t in again.tools] + await rest_of(client, again.next_cursor) == ["t2", "t3", "t4", "t5"]
            for n, name in enumerate(("t6", "t7")):
                write_file(folder, f"{name}.json", mcp_tool(name, "A new tool."))
                await inbox.wait_for("notifications/tools/list_changed", 2 + n)
            assert await rest_of(client, again.next_cursor) == ["t4", "t5"]  # two reloads later
            with pytest.raises(MCPError) as caught:
                await client.list_tools(cursor=encode_cursor("tools", "0" * 16, 2), cache_mode="bypass")  # a list never held
    assert caught.value.error.code == types.INVALID_PARAMS
    assert "list again" in caught.value.error.message


@pytest.mark.anyio
async def test_a_cursor_of_one_tool_set_is_no_cursor_of_another(tmp_path: Path) -> None:
    """A cursor cut from /mcp/a's tools, sent to /mcp/b: -32602; it used to page b's list at a's offset."""
    folder = tmp_path / "catalogue"
    for n in range(8):
        write_file(folder, f"t{n}.json", mcp_tool(f"t{n}", f"Tool number {n}."))
    write_file(folder, "atdf-mcp.yaml", "toolsets:\n  a: {ids: [t0, t1, t2, t3]}\n  b: {ids: [t4, t5, t6, t7]}\n")
    with serve_over_http(folder, "--page-size", "2", "--no-watch", env=child_env()) as (_, url, _log), anyio.fail_after(BUDGET):
        async with Client(f"{url}/mcp/a", mode="legacy") as a, Client(f"{url}/mcp/b", mode="legacy") as b:
            cursor = (await a.list_tools(cache_mode="bypass")).next_cursor
            assert await rest_of(a, cursor) == ["t2", "t3"]
            with pytest.raises(MCPError) as caught:
                await b.list_tools(cursor=cursor, cache_mode="bypass")
    assert caught.value.error.code == types.INVALID_PARAMS


# ---------------------------------------------------------------- 5. a query with nothing to search for


@pytest.mark.anyio
async def test_a_query_that_finds_nothing_says_why_and_what_to_try(tmp_path: Path) -> None:
    """search_tools with only stop words, only emoji, or words of a script the catalogue has none of: still `tools: []`,
    now with a `hint` (in the text too) naming the words left out and what to try; it was a bare empty list. The
    result stays valid against search_tools' outputSchema."""
    folder = tmp_path / "catalogue"
    write_file(folder, "tools.json", {"tools": [mcp_tool("convert_units", "Convert a value between units of measure."),
                                                mcp_tool("book_hotel", "Book a hotel room in a city.")]})
    with (folder.parent / "stdio.log").open("w") as errlog, anyio.fail_after(BUDGET):
        async with Client(stdio_client(stdio_params(folder, "--disclosure", "progressive", "--no-watch"), errlog=errlog),
                          mode="legacy") as client:
            schema = next(t.output_schema for t in (await client.list_tools()).tools if t.name == "search_tools")
            found = {query: await client.call_tool("search_tools", {"query": query})
                     for query in ("the of and", "🙂🙂 !!", "забронировать гостиницу", "book a hotel")}
    for result in found.values():
        jsonschema.validate(structured(result), schema)
        assert json.loads(text_of(result)) == result.structured_content
    hints = {query: result.structured_content for query, result in found.items()}
    assert hints["the of and"]["tools"] == [] and hints["the of and"]["ignored"] == ["the", "of", "and"]
    assert hints["🙂🙂 !!"]["tools"] == [] and hints["🙂🙂 !!"]["ignored"] == ["🙂🙂", "!!"]
    assert hints["забронировать гостиницу"]["tools"] == [] and hints["забронировать гостиницу"]["ignored"] == []
    for query in ("the of and", "🙂🙂 !!", "забронировать гостиницу"):
        assert "ardf://catalog/index" in hints[query]["hint"] and "catalog_overview" in hints[query]["hint"]
    assert "Nothing to search for" in hints["the of and"]["hint"] and "'the', 'of', 'and'" in hints["the of and"]["hint"]
    assert "No tool matched" in hints["забронировать гостиницу"]["hint"]
    assert [t["name"] for t in hints["book a hotel"]["tools"]][:1] == ["book_hotel"] and "hint" not in hints["book a hotel"]


# ---------------------------------------------------------------- 6. whole numbers written as floats, at any depth

SHAPE = {"schema_version": "1.0.0", "resource_id": "shape", "resource_type": "tool", "description": "Say the type of each number.",
         "content": {"type": "tool/io", "data": {"input_schema": {
             "type": "object",
             "properties": {
                 "order": {"type": "object", "properties": {
                     "qty": {"type": "integer"},
                     "lines": {"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer"}}}}}},
                 "counts": {"type": "array", "items": {"type": "integer"}},
                 "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "number"}]},
                 "maybe": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                 "either": {"anyOf": [{"type": "integer"}, {"type": "number"}]},
                 "ratio": {"type": "number"},
                 "ref": {"$ref": "#/$defs/Count"},
                 "extra": {"type": "object", "additionalProperties": {"type": "integer"}},
                 "times": {"type": "integer"}},
             "$defs": {"Count": {"type": "object", "properties": {"value": {"type": "integer"}}}}},
             "outputs": {"success": "The types."}}}}
SHAPE_HANDLER = '''
def shape(**arguments):
    def kinds(value, path):
        if isinstance(value, dict):
            return {k: v for key, item in value.items() for k, v in kinds(item, f"{path}/{key}").items()}
        if isinstance(value, list):
            return {k: v for n, item in enumerate(value) for k, v in kinds(item, f"{path}/{n}").items()}
        return {path: type(value).__name__}
    return kinds(arguments, "")
'''


@pytest.mark.anyio
async def test_a_whole_number_written_as_a_float_is_an_int_wherever_the_schema_says_integer(tmp_path: Path) -> None:
    """3.0 for an integer reached the handler as an int only at the top level; in an object property, an array item, a
    tuple's item, a `$ref`, additionalProperties and an unambiguous anyOf it stayed 3.0. A number input and an ambiguous
    anyOf (integer or number) keep the float."""
    folder = tmp_path / "catalogue"
    write_file(folder, "shape.json", SHAPE)
    write_file(folder, "handlers.py", SHAPE_HANDLER)
    arguments = {"order": {"qty": 2.0, "lines": [{"n": 1.0}, {"n": 3.0}]}, "counts": [1.0, 2.0], "pair": [1.0, 2.0],
                 "maybe": 4.0, "either": 5.0, "ratio": 2.0, "ref": {"value": 6.0}, "extra": {"a": 7.0}, "times": 8.0}
    with (folder.parent / "stdio.log").open("w") as errlog, anyio.fail_after(BUDGET):
        async with Client(stdio_client(stdio_params(folder, "--no-watch"), errlog=errlog), mode="legacy") as client:
            kinds = structured(await client.call_tool("shape", arguments))
    assert kinds == {"/order/qty": "int", "/order/lines/0/n": "int", "/order/lines/1/n": "int", "/counts/0": "int",
                     "/counts/1": "int", "/pair/0": "int", "/pair/1": "float", "/maybe": "int", "/either": "float",
                     "/ratio": "float", "/ref/value": "int", "/extra/a": "int", "/times": "int"}


# ---------------------------------------------------------------- 7. thousands of problems on stderr


def generated(prefix: str, count: int) -> dict[str, Any]:
    """An MCP tool list of `count` tools without handlers (one NO_HANDLER warning each)."""
    return {"tools": [{"name": f"{prefix}_{n}", "description": f"Generated tool number {n}.", "inputSchema": {"type": "object"}}
                      for n in range(count)]}


def problem_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith(("atdf-mcp: warning: ", "atdf-mcp: error: "))]


@pytest.mark.anyio
async def test_thousands_of_problems_are_summed_up_on_stderr_at_start_and_on_reload(tmp_path: Path) -> None:
    """2,000 tools without a handler printed 2,000 stderr lines at start, and as many on a reload that adds 2,000 more.
    The first lines are printed (errors first: the one broken file is not buried), then one line says how many more
    and where to see them all; `validate` still lists every one."""
    folder = tmp_path / "catalogue"
    write_file(folder, "generated.json", generated("tool", 2_000))
    write_file(folder, "zz_broken.json", '{"name": "broken", ')
    inbox = Inbox()
    log = folder.parent / "stdio.log"
    with log.open("w") as errlog, anyio.fail_after(BUDGET):
        async with Client(stdio_client(stdio_params(folder), errlog=errlog), mode="legacy", message_handler=inbox) as client:
            assert len((await client.list_tools()).tools) == 2_000
            write_file(folder, "more.json", generated("more", 2_000))
            await inbox.wait_for("notifications/tools/list_changed", 1)
    stderr = log.read_text()
    start, rest = stderr.split(": serving ", 1)
    reload = rest.split("atdf-mcp: reloaded (", 1)[0]
    assert len(problem_lines(start)) <= 25 and "zz_broken.json" in problem_lines(start)[0]
    assert "... and 1981 more problem(s) (1981 warning(s)): see `atdf-mcp validate" in start
    assert 0 < len(problem_lines(reload)) <= 25 and "more_" in problem_lines(reload)[0]
    assert "... and 1980 more problem(s) (1980 warning(s)): see `atdf-mcp validate" in reload
    report = json.loads(subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(folder), "--format", "json"],
                                       capture_output=True, text=True, timeout=BUDGET, env=child_env()).stdout)
    assert sum(len(f["problems"]) for f in report["files"]) == 4_001
