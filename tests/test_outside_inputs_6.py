"""A sixth probe from outside: descriptors as people write them lose nothing for a fixable mistake (a nullable type, an
example with a typo), and what the HTTP face and a tool set's report say stays short, actionable and inside the set.
Each test is a problem found by driving the real loader, CLI, servers and clients, kept so it stays fixed.
tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import write_file
from local_server import running
from mcp import Client
from test_live_reload import HANDLERS, mcp_tool
from test_toolsets import ADMIN, SUPPORT, error_of, write_catalog

from atdf_mcp import load_catalog
from atdf_mcp.fix import canonical_bytes
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

# ---------------------------------------------------------------- 1. nullable types on ATDF and ARDF inputs


def atdf_tool(item: dict[str, Any], version: str = "2.0.0") -> dict[str, Any]:
    """An ATDF tool `greet` whose one input is `item` (its name `who`)."""
    return {"schema_version": version, "tool_id": "greet", "description": "Greet someone.", "when_to_use": "To greet.",
            "how_to_use": {"inputs": [{"name": "who", "description": "Whom to greet.", **item}],
                           "outputs": {"success": "A greeting.", "failure": []}}}


def ardf_tool(item: dict[str, Any]) -> dict[str, Any]:
    """An ARDF tool `greet` whose one input is `item` (its name `who`)."""
    return {"schema_version": "1.0.0", "resource_id": "greet", "resource_type": "tool", "description": "Greet someone.",
            "when_to_use": "To greet.",
            "content": {"type": "tool/io", "data": {"inputs": [{"name": "who", "description": "Whom to greet.", **item}],
                                                    "outputs": {"success": "A greeting."}}}}


INPUTS = "/how_to_use/inputs/0"
ARDF_INPUTS = "/content/data/inputs/0"
NULLABLE = {  # case -> (descriptor, pointer of the warning, the input's JSON Schema type)
    "atdf2 list": (atdf_tool({"type": ["string", "null"], "required": True}), f"{INPUTS}/type", ["string", "null"]),
    "atdf1 list": (atdf_tool({"type": ["integer", "null"]}, "1.0.0"), f"{INPUTS}/type", ["integer", "null"]),
    "atdf2 nullable": (atdf_tool({"type": "string", "nullable": True, "required": True}), f"{INPUTS}/nullable", ["string", "null"]),
    "atdf2 nullable in schema": (atdf_tool({"type": "string", "schema": {"nullable": True, "minLength": 1}}),
                                 f"{INPUTS}/schema/nullable", ["string", "null"]),
    "atdf2 nullable alias": (atdf_tool({"type": "int", "nullable": True}), f"{INPUTS}/nullable", ["integer", "null"]),
    "ardf list": (ardf_tool({"type": ["string", "null"], "required": True}), f"{ARDF_INPUTS}/type", ["string", "null"]),
    "ardf nullable": (ardf_tool({"type": "number", "nullable": True}), f"{ARDF_INPUTS}/nullable", ["number", "null"]),
}


@pytest.mark.parametrize("case", NULLABLE)
def test_a_nullable_input_is_read_as_meant_and_fix_writes_it_canonically(tmp_path: Path, case: str) -> None:
    """`"type": ["string", "null"]` (JSON Schema's nullable string) on an ATDF or ARDF input was a SCHEMA_VIOLATION and
    the tool was gone; `"nullable": true` (OpenAPI 3.0) was carried into the schema, where JSON Schema ignores it, so
    null was refused. Both are read as meant, said as NON_CANONICAL at the place, and `fix` writes the canonical form."""
    descriptor, pointer, kind = NULLABLE[case]
    path = write_file(tmp_path, "greet.json", descriptor)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    tool = catalog.get("greet")
    assert tool is not None and tool.input_schema["properties"]["who"]["type"] == kind
    [warning] = [p for p in catalog.report.warnings if p.code == "NON_CANONICAL" and p.pointer == pointer]
    assert '"schema": {"type": ' + json.dumps(kind) in warning.message, warning.message
    fixed = canonical_bytes(path.read_bytes())
    assert fixed is not None
    path.write_bytes(fixed)
    again = load_catalog(tmp_path)
    assert again.report.problems == [] or {p.code for p in again.report.problems} <= {"NO_HANDLER"}, again.report.problems
    assert again.get("greet").input_schema["properties"]["who"] == tool.input_schema["properties"]["who"]


NULLABLE_HANDLER = '''
def greet(who=None):
    """Say hello, or hello to nobody."""
    return {"greeting": f"Hello, {who}!" if who is not None else "Hello!"}
'''


@pytest.mark.anyio
async def test_a_nullable_input_is_published_and_checked_on_every_call(tmp_path: Path) -> None:
    """tools/list publishes `type: [string, null]`; a call with null runs, a call with a number is refused."""
    write_file(tmp_path, "greet.json", atdf_tool({"type": ["string", "null"], "required": True}))
    write_file(tmp_path, "handlers.py", textwrap.dedent(NULLABLE_HANDLER))
    async with Client(CatalogServer(load_catalog(tmp_path)).server) as client:
        [tool] = [t for t in (await client.list_tools()).tools if t.name == "greet"]
        with_null = await client.call_tool("greet", {"who": None})
        with_number = await client.call_tool("greet", {"who": 5})
    assert tool.input_schema["properties"]["who"]["type"] == ["string", "null"]
    assert with_null.is_error is False and json.loads(with_null.content[0].text) == {"greeting": "Hello!"}
    assert with_number.is_error is True
    assert json.loads(with_number.content[0].text)["errors"][0]["parameter_name"] == "who"


@pytest.mark.parametrize(("item", "pointer"), [
    ({"type": ["string", "null"], "schema": {"type": "integer"}}, f"{INPUTS}/type"),
    ({"type": ["strng", "null"]}, f"{INPUTS}/type"),
])
def test_a_type_list_that_says_two_things_stays_an_error(tmp_path: Path, item: dict[str, Any], pointer: str) -> None:
    """A type list beside a schema of another type, or naming no JSON Schema type, is not guessed."""
    write_file(tmp_path, "greet.json", atdf_tool(item))
    catalog = load_catalog(tmp_path)
    assert catalog.get("greet") is None
    assert [p.pointer for p in catalog.report.errors] == [pointer], catalog.report.errors


# ---------------------------------------------------------------- 2. an example that does not match the input schema


EXAMPLES_HANDLER = '''
def add(a, b):
    """Add two integers."""
    return {"sum": a + b}
'''


def adder(dialect: str) -> dict[str, Any]:
    """A tool `add(a, b)` with a good example and one with a typo (`"2"` for 2), in ATDF 2.x or ARDF."""
    inputs = [{"name": "a", "type": "integer", "description": "A.", "required": True},
              {"name": "b", "type": "integer", "description": "B.", "required": True}]
    if dialect == "atdf":
        return {"schema_version": "2.0.0", "tool_id": "add", "description": "Add two integers.", "when_to_use": "To add.",
                "how_to_use": {"inputs": inputs, "outputs": {"success": "The sum.", "failure": []}},
                "examples": [{"goal": "one and two", "input_values": {"a": 1, "b": 2}, "expected_result": "3"},
                             {"goal": "typo", "input_values": {"a": 40, "b": "2"}, "expected_result": "42"}]}
    return {"schema_version": "1.0.0", "resource_id": "add", "resource_type": "tool", "description": "Add two integers.",
            "when_to_use": "To add.", "content": {"type": "tool/io", "data": {"inputs": inputs, "outputs": {"success": "The sum."}}},
            "examples": [{"name": "one and two", "input": {"a": 1, "b": 2}}, {"name": "typo", "input": {"a": 40, "b": "2"}}]}


@pytest.mark.anyio
@pytest.mark.parametrize(("dialect", "pointer"), [("atdf", "/examples/1/input_values/b"), ("ardf", "/examples/1/input/b")])
async def test_an_invalid_example_is_left_out_and_the_tool_is_served(tmp_path: Path, dialect: str, pointer: str) -> None:
    """One typo in an example removed a working tool from every agent (EXAMPLE_INVALID, an error). The tool is served,
    the example is left out of everything that shows examples (get_tool_info, the ARDF resource, REST), and a warning
    at the example says so."""
    write_file(tmp_path, "add.json", adder(dialect))
    write_file(tmp_path, "handlers.py", textwrap.dedent(EXAMPLES_HANDLER))
    write_file(tmp_path, "atdf-mcp.yaml", "disclosure: progressive\npinned: [add]\n")
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    [warning] = [p for p in catalog.report.problems if p.code == "EXAMPLE_INVALID"]
    assert (warning.severity, warning.pointer) == ("warning", pointer)
    assert "left out" in warning.message and "'typo'" in warning.message
    server = CatalogServer(catalog)
    async with Client(server.server) as client:
        assert "add" in [t.name for t in (await client.list_tools()).tools]
        info = (await client.call_tool("get_tool_info", {"name": "add"})).structured_content
        ardf = json.loads((await client.read_resource("ardf://tool/add")).contents[0].text)
        summed = await client.call_tool("add", {"a": 1, "b": 2})
    assert [e["name"] for e in info["examples"]] == ["one and two"]
    shown = ardf.get("examples") or []
    assert [e.get("name") or e.get("goal") for e in shown] == ["one and two"]
    assert summed.is_error is False
    with running(build_app(server, HttpOptions())) as url:
        rest = httpx.get(f"{url}/resources/tool/add", timeout=30).json()
        atdf = httpx.get(f"{url}/tools?format=atdf", timeout=30).json()
    assert "typo" not in json.dumps(rest) and "typo" not in json.dumps(atdf)
    assert "one and two" in json.dumps(rest)


def test_validate_shows_the_invalid_example_and_strict_fails_on_it(tmp_path: Path) -> None:
    """`validate` prints the warning and exits 0; `validate --strict` fails on it."""
    import subprocess
    import sys

    write_file(tmp_path, "add.json", adder("atdf"))
    write_file(tmp_path, "handlers.py", textwrap.dedent(EXAMPLES_HANDLER))
    plain = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(tmp_path)], capture_output=True, text=True, timeout=120)
    strict = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", "--strict", str(tmp_path)], capture_output=True,
                            text=True, timeout=120)
    assert plain.returncode == 0 and "warning /examples/1/input_values/b" in plain.stdout and "[EXAMPLE_INVALID]" in plain.stdout
    assert strict.returncode == 1


@pytest.mark.anyio
async def test_a_suggestion_never_comes_from_an_invalid_example(tmp_path: Path) -> None:
    """A missing argument is filled from an example that is the caller's own call plus that value; an example left out
    (here: it has an argument the tool does not take) must not be that example."""
    tool = adder("atdf")
    tool["how_to_use"]["inputs"].append({"name": "unit", "type": "string", "description": "The unit.", "required": True})
    tool["examples"] = [{"goal": "metres", "input_values": {"a": 1, "b": 2, "unit": "metres", "colour": "red"},
                         "expected_result": "3 metres"}]
    write_file(tmp_path, "add.json", tool)
    write_file(tmp_path, "handlers.py", "def add(a, b, unit):\n    return {'sum': a + b, 'unit': unit}\n")
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == [] and catalog.get("add").examples == ()
    async with Client(CatalogServer(catalog).server) as client:
        missing = await client.call_tool("add", {"a": 1, "b": 2})
    assert missing.is_error is True
    assert "metres" not in missing.content[0].text


def test_an_invalid_example_of_a_generated_tool_is_left_out_too(tmp_path: Path) -> None:
    """A connector endpoint's (or an HTTP model's) example with a typo dropped the generated tool (INVALID_CONNECTOR,
    an error); it is left out the same way, and the tool is generated."""
    connector = {"schema_version": "1.0.0", "resource_id": "notes_api", "resource_type": "connector", "description": "Notes API.",
                 "content": {"type": "connector/spec", "data": {"interface": "http", "base_url": "https://notes.example.com", "endpoints": [
                     {"name": "get_note", "method": "GET", "path": "/notes/{id}", "description": "One note.",
                      "path_params": {"id": {"type": "integer"}},
                      "examples": [{"name": "first", "input": {"id": 1}}, {"name": "typo", "input": {"id": "one"}}]}]}}}
    model = {"schema_version": "1.0.0", "resource_id": "triage", "resource_type": "model", "description": "Triage model.",
             "content": {"type": "model/spec", "data": {"interface": "http", "endpoint": "https://models.example.com/triage",
                                                        "signature": {"inputs": [{"name": "age", "type": "integer"}]}}},
             "examples": [{"name": "typo", "input": {"age": "seven"}}]}
    write_file(tmp_path, "notes.json", connector)
    write_file(tmp_path, "model.json", model)
    catalog = load_catalog(tmp_path)
    assert catalog.report.errors == []
    left_out = sorted((p.pointer, p.severity) for p in catalog.report.problems if p.code == "EXAMPLE_INVALID")
    assert left_out == [("/content/data/endpoints/0/examples/1", "warning"), ("/examples/0", "warning")]
    assert [e.name for e in catalog.get("notes_api__get_note").examples] == ["first"]
    assert catalog.get("triage__invoke").examples == ()


# ---------------------------------------------------------------- 3. search_tools's hint and a long query


@pytest.mark.anyio
async def test_the_hint_quotes_a_short_prefix_of_a_long_query(tmp_path: Path) -> None:
    """A 300-character query that finds nothing came back whole in the hint, in MCP and REST alike."""
    write_file(tmp_path, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(tmp_path, "handlers.py", HANDLERS)
    write_file(tmp_path, "atdf-mcp.yaml", "disclosure: progressive\n")
    query = " ".join(f"zzq{n:03d}x" for n in range(38))[:300]
    server = CatalogServer(load_catalog(tmp_path))
    async with Client(server.server) as client:
        answer = (await client.call_tool("search_tools", {"query": query})).structured_content
    with running(build_app(server, HttpOptions())) as url:
        rest = httpx.get(f"{url}/search", params={"q": query}, timeout=30).json()
        filtered = httpx.post(f"{url}/search", json={"query": "echo " + query, "filters": {"tags": ["none"]}}, timeout=30).json()
    for hint in (answer["hint"], rest["hint"], filtered["hint"]):
        assert query[:40] not in hint and len(hint) < 400, hint
        assert "zzq000x" in hint and "…" in hint
    assert answer["hint"] == rest["hint"]


# ---------------------------------------------------------------- 4. the HTTP face's 404 and 405


@pytest.mark.parametrize(("method", "path", "allowed"), [
    ("POST", "/sse/support", "GET"), ("DELETE", "/manifest", "GET"), ("PUT", "/validate", "GET, POST"),
    ("POST", "/health", "GET"), ("PATCH", "/sse", "GET"),
])
def test_a_method_a_route_does_not_take_says_which_it_takes(method: str, path: str, allowed: str, tmp_path: Path) -> None:
    """`POST /sse/support` answered 405 with an envelope without a suggestion: it now names the methods the path takes
    (suggested_value, context.allowed_methods) and says what to send."""
    folder = write_catalog(tmp_path / "catalog")
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions(auth_token=ADMIN))) as url:
        response = httpx.request(method, f"{url}{path}", headers={"Authorization": f"Bearer {ADMIN}"}, timeout=30)
    assert response.status_code == 405
    entry = error_of(response)
    assert entry["code"] == "METHOD_NOT_ALLOWED"
    assert entry["suggested_value"] == allowed.split(", ")[0]
    assert entry["context"]["allowed_methods"] == allowed.split(", ")
    assert f"{allowed.split(', ')[0]} {path}" in entry["context"]["solution"]


@pytest.mark.parametrize(("path", "closest"), [("/manfest", "/manifest"), ("/healthz", "/health"), ("/tool", "/tools")])
def test_a_path_nothing_serves_names_the_closest_that_is_served(path: str, closest: str, tmp_path: Path) -> None:
    """A 404 of a typo said "See /manifest"; it now suggests the path that was most likely meant."""
    folder = write_catalog(tmp_path / "catalog")
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions())) as url:
        response = httpx.get(f"{url}{path}", timeout=30)
    assert response.status_code == 404
    entry = error_of(response)
    assert entry["code"] == "NOT_FOUND" and entry["suggested_value"] == closest
    assert closest in entry["context"]["solution"]


# ---------------------------------------------------------------- 5. a set's report names nothing outside the set


def test_a_sets_report_names_no_tool_outside_the_set(tmp_path: Path) -> None:
    """An INVALID_WORKFLOW message lists "(tools: …)" of the whole catalogue; through GET /validate with a set's token
    it named the finance tools to the support agent (and in the explorer). The set's view of any message names no id
    outside the set: a list leaves them out, any other mention is "…"."""
    folder = write_catalog(tmp_path / "catalog")
    write_file(folder, "flow.json", {
        "schema_version": "1.0.0", "resource_id": "greet_flow", "resource_type": "workflow", "description": "Greet.",
        "metadata": {"tags": ["crm"]},
        "content": {"type": "workflow/steps", "data": {"input_variables": ["text"], "steps": [
            {"step": "look", "tool_id": "crm_lookup", "description": "Look up.", "arguments": {"text": "${inputs.text}"}},
            {"step": "mail", "tool_id": "send_mial", "description": "Mail.", "arguments": {"text": "${inputs.text}"}}]}}})
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions(auth_token=ADMIN))) as url:
        mine = httpx.get(f"{url}/validate", headers={"Authorization": f"Bearer {SUPPORT}"}, timeout=30).json()
        whole = httpx.get(f"{url}/validate", headers={"Authorization": f"Bearer {ADMIN}"}, timeout=30).json()
        page = httpx.get(f"{url}/", headers={"Authorization": f"Bearer {SUPPORT}"}, timeout=30).text
    assert "send_mial" in page and "invoice_void" not in page  # the explorer shows the same report
    [problem] = [p for f in mine["files"] for p in f["problems"] if p["code"] == "INVALID_WORKFLOW"]
    for outside in ("invoice_create", "invoice_void", "refund_payment"):
        assert outside not in json.dumps(mine)
        assert outside in json.dumps(whole)
    assert "'send_mial'" in problem["message"] and "crm_lookup" in problem["message"] and "send_email" in problem["message"]
