"""Tool sets (`toolsets:`) and per-agent tokens (`tokens:`): config, views, and every route through real servers and clients."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from atdf_mcp import load_catalog
from atdf_mcp.cli import main
from atdf_mcp.config import read_config
from atdf_mcp.live import LiveCatalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.toolsets import parse_toolsets, token_toolset
from atdf_mcp.view import view_of
from atdf_mcp.web import HttpOptions, build_app, endpoints_text, security_warnings

ADMIN, SUPPORT, FINANCE = "admin-token-for-tests", "support-agent-token", "finance-agent-token"
SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
TOOLS = {"tools": [
    {"name": "crm_lookup", "description": "Find a customer in the CRM.", "inputSchema": SCHEMA, "tags": ["CRM"]},
    {"name": "send_email", "description": "Send an email to a customer.", "inputSchema": SCHEMA, "tags": ["email"]},
    {"name": "invoice_create", "description": "Create an invoice.", "inputSchema": SCHEMA, "tags": ["billing"]},
    {"name": "invoice_void", "description": "Void an invoice.", "inputSchema": SCHEMA},
    {"name": "refund_payment", "description": "Refund a payment.", "inputSchema": SCHEMA},
]}
OTHERS = [
    {"schema_version": "1.0.0", "resource_id": "greet_customer", "resource_type": "prompt", "description": "Greet a customer.",
     "metadata": {"tags": ["crm"]},
     "content": {"type": "prompt/template", "data": {"role": "user", "input_variables": ["name"], "template_text": "Greet ${name}.",
                                                     "completions": {"name": ["Ada", "Alan"]}}}},
    {"schema_version": "1.0.0", "resource_id": "chase_invoice", "resource_type": "prompt", "description": "Chase an unpaid invoice.",
     "content": {"type": "prompt/template", "data": {"role": "user", "input_variables": ["number"], "template_text": "Chase ${number}.",
                                                     "completions": {"number": ["INV-1"]}}}},
    {"schema_version": "1.0.0", "resource_id": "privacy", "resource_type": "policy", "description": "Keep data private.",
     "metadata": {"domain": "Support"},
     "content": {"type": "policy/rules", "data": {"rules": [{"id": "r1", "statement": "Never share data.", "effect": "deny"}]}}},
]
HANDLERS = "\n".join(f"def {name}(text: str) -> dict:\n    return {{'tool': {name!r}, 'text': text}}\n"
                     for name in ("crm_lookup", "send_email", "invoice_create", "invoice_void", "refund_payment"))


def digest(token: str) -> str:
    """What `printf %s "$TOKEN" | sha256sum` prints."""
    return hashlib.sha256(token.encode()).hexdigest()


def config_text(**extra_sets: str) -> str:
    """The atdf-mcp.yaml of the test catalogue: two sets, two agent tokens (and `extra_sets`, as YAML flow mappings)."""
    sets = "".join(f"  {name}: {spec}\n" for name, spec in extra_sets.items())
    return textwrap.dedent("""\
        toolsets:
          support: {tags: [crm, email], domain: support}
          finance: {ids: ["invoice_*", refund_payment, chase_invoice]}
        """) + sets + f"tokens:\n  {digest(SUPPORT)}: support\n  {digest(FINANCE)}: finance\n"


def write_catalog(folder: Path, config: str | None = None) -> Path:
    """Five tools with handlers, two prompts and a policy, split into the sets `support` and `finance`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (folder / "others.json").write_text(json.dumps(OTHERS), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text(config or config_text(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_catalog(tmp_path_factory.mktemp("toolsets") / "catalog")


@pytest.fixture(scope="module")
def app(catalog_dir: Path) -> CatalogServer:
    return CatalogServer(load_catalog(catalog_dir))


@pytest.fixture(scope="module")
def url(app: CatalogServer) -> Iterator[str]:
    """A server with --auth-token ADMIN and the catalogue's agent tokens."""
    with running(build_app(app, HttpOptions(auth_token=ADMIN))) as base:
        yield base


def error_of(response: httpx.Response) -> dict[str, Any]:
    """The ATDF envelope entry of an HTTP error (JSON-RPC `data` on MCP paths), schema-checked."""
    body = response.json()
    if "jsonrpc" in body:
        body = body["error"]["data"]
    assert SCHEMAS["error"].violations(body) == []
    return body["errors"][0]


SUPPORT_TOOLS = {"crm_lookup", "send_email"}
FINANCE_TOOLS = {"invoice_create", "invoice_void", "refund_payment"}


# ---------------------------------------------------------------- config


def test_config_reads_sets_and_tokens(catalog_dir: Path) -> None:
    config, problems = read_config(catalog_dir)
    assert problems == []
    assert set(config.toolsets) == {"support", "finance"}
    assert config.toolsets["finance"].ids == ("invoice_*", "refund_payment", "chase_invoice")
    assert config.tokens == {digest(SUPPORT): "support", digest(FINANCE): "finance"}
    assert token_toolset(FINANCE, config.tokens) == "finance"
    assert token_toolset("nope", config.tokens) is None
    assert "support-agent-token" not in repr(config) and digest(SUPPORT) not in repr(config)


def test_config_problems_have_pointers(tmp_path: Path) -> None:
    (tmp_path / "atdf-mcp.yaml").write_text(textwrap.dedent(f"""\
        toolsets:
          "bad/name": {{tags: [x]}}
          "has space": {{tags: [x]}}
          odd: {{colour: red}}
          empty_list: {{tags: []}}
          fine: {{tag: x, categories: [y], domains: z, id: w}}
        tokens:
          not-a-digest: fine
          {digest("a")}: missing
          {digest("b")}: odd
        """), encoding="utf-8")
    config, problems = read_config(tmp_path)
    found = {(p.pointer, p.severity) for p in problems}
    assert found == {("/toolsets/bad~1name", "error"), ("/toolsets/has space", "error"), ("/toolsets/odd/colour", "error"),
                     ("/toolsets/empty_list/tags", "error"), ("/tokens/not-a-digest", "error"),
                     (f"/tokens/{digest('a')}", "error")}  # the token of the broken set `odd` is not reported twice
    assert list(config.toolsets) == ["fine"] and config.tokens == {}
    missing = next(p for p in problems if p.pointer == f"/tokens/{digest('a')}")
    assert "known sets: fine" in missing.message
    assert parse_toolsets(["x"])[1][0][0] == "/toolsets"


def test_a_set_that_selects_nothing_is_a_load_warning(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "c", config_text(nothing="{tags: [no-such-tag]}"))
    problems = [p for p in load_catalog(folder).report.problems if "/toolsets" in p.pointer]
    assert [(p.pointer, p.severity) for p in problems] == [("/toolsets/nothing", "warning")]


# ---------------------------------------------------------------- views


def test_views_select_the_union_of_selectors(app: CatalogServer) -> None:
    whole, support, finance = (view_of(app.snapshot, name) for name in (None, "support", "finance"))
    assert set(whole.tools) == SUPPORT_TOOLS | FINANCE_TOOLS
    assert set(support.tools) == set(support.runtimes) == {t.name for t in support.list_tools.tools} == SUPPORT_TOOLS
    assert set(finance.tools) == FINANCE_TOOLS  # an exact id and a glob; the tag `billing` is not a selector of it
    assert set(support.prompts) == {"greet_customer"} and set(finance.prompts) == {"chase_invoice"}
    uris = {str(r.uri) for r in support.list_resources.resources}
    assert {"ardf://tool/crm_lookup", "ardf://policy/privacy", "ardf://manifest"} <= uris  # domain, case-insensitively
    assert "ardf://tool/refund_payment" not in uris
    assert support.descriptor_for("ardf://tool/refund_payment") is None
    counts = {r["type"]: r["count"] for r in finance.manifest["resources"]}
    assert counts == {"tool": 3, "prompt": 1} and finance.manifest["toolset"] == "finance"
    assert json.loads(finance.static["ardf://manifest"][1])["resources"] == finance.manifest["resources"]
    assert view_of(app.snapshot, "unknown").tools == {}
    assert app.views.get("support") is app.views.get("support")  # built once per snapshot


# ---------------------------------------------------------------- in process: a server with a default set


@pytest.mark.anyio
async def test_a_server_for_one_set_hides_the_rest(catalog_dir: Path) -> None:
    server = CatalogServer(load_catalog(catalog_dir), toolset="finance")
    async with Client(server.server) as client:
        assert {t.name for t in (await client.list_tools()).tools} == FINANCE_TOOLS
        ok = await client.call_tool("refund_payment", {"text": "r1"})
        assert ok.is_error is False and ok.structured_content == {"tool": "refund_payment", "text": "r1"}
        outside = envelope_of(await client.call_tool("send_email", {"text": "x"}))["errors"][0]
        assert outside["code"] == "TOOL_NOT_FOUND" and outside.get("suggested_value") in (None, *FINANCE_TOOLS)
        near = envelope_of(await client.call_tool("invoice_creat", {"text": "x"}))["errors"][0]
        assert near["suggested_value"] == "invoice_create"
        assert {p.name for p in (await client.list_prompts()).prompts} == {"chase_invoice", "catalog_overview"}
        with pytest.raises(MCPError):
            await client.get_prompt("greet_customer", {"name": "Ada"})
        with pytest.raises(MCPError):
            await client.read_resource("ardf://tool/send_email")
        with pytest.raises(MCPError):
            await client.subscribe_resource("ardf://tool/send_email")
        assert (await client.read_resource("ardf://tool/invoice_void")).contents
        manifest = json.loads((await client.read_resource("ardf://manifest")).contents[0].text)
        assert manifest["toolset"] == "finance"
        inside = await client.complete(types.PromptReference(type="ref/prompt", name="chase_invoice"), {"name": "number", "value": ""})
        assert inside.completion.values == ["INV-1"]
        with pytest.raises(MCPError) as outside_prompt:  # as prompts/get: -32602, naming only the set's prompts
            await client.complete(types.PromptReference(type="ref/prompt", name="greet_customer"), {"name": "name", "value": ""})
        named = outside_prompt.value.error.data["errors"][0]["context"]
        assert set(named["similar_prompts"]) | set(named["available_prompts"]) <= {"chase_invoice"}


@pytest.mark.anyio
async def test_documents_and_templates_follow_their_descriptor(tmp_path: Path) -> None:
    conformance = Path(__file__).resolve().parent.parent / "examples" / "conformance" / "resources.json"
    (tmp_path / "resources.json").write_text(conformance.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "atdf-mcp.yaml").write_text("toolsets:\n  docs: {ids: [template_data, static_text]}\n", encoding="utf-8")
    server = CatalogServer(load_catalog(tmp_path), toolset="docs")
    async with Client(server.server) as client:
        uris = {str(r.uri) for r in (await client.list_resources()).resources}
        assert "test://static-text" in uris and "test://static-binary" not in uris and "ardf://manifest" in uris
        templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
        assert templates == {"ardf://{resource_type}/{resource_id}", "test://template/{id}/data"}
        assert "Data for ID: 7" in (await client.read_resource("test://template/7/data")).contents[0].text
        with pytest.raises(MCPError):
            await client.read_resource("test://static-binary")
        with pytest.raises(MCPError):
            await client.subscribe_resource("test://watched-resource")
        ref = types.ResourceTemplateReference(type="ref/resource", uri="test://template/{id}/data")
        assert (await client.complete(ref, {"name": "id", "value": ""})).completion.values == ["123", "456"]


# ---------------------------------------------------------------- HTTP: paths and tokens


async def names_over(target: Any) -> set[str]:
    async with Client(target, mode="legacy") as client:
        return {t.name for t in (await client.list_tools()).tools}


@pytest.mark.anyio
async def test_set_paths_over_streamable_http_and_sse(url: str) -> None:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    with anyio.fail_after(30):
        async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {SUPPORT}"}, timeout=30) as http,
                    Client(streamable_http_client(f"{url}/mcp/support", http_client=http), mode="legacy") as client):
            assert {t.name for t in (await client.list_tools()).tools} == SUPPORT_TOOLS
            result = await client.call_tool("crm_lookup", {"text": "ada"})
            assert result.structured_content == {"tool": "crm_lookup", "text": "ada"}
            outside = envelope_of(await client.call_tool("refund_payment", {"text": "x"}))["errors"][0]
            assert outside["code"] == "TOOL_NOT_FOUND" and outside.get("suggested_value") in (None, *SUPPORT_TOOLS)
            assert {p.name for p in (await client.list_prompts()).prompts} == {"greet_customer", "catalog_overview"}
            with pytest.raises(MCPError):
                await client.read_resource("ardf://tool/refund_payment")
        assert await names_over(sse_client(f"{url}/sse/finance", headers={"Authorization": f"Bearer {FINANCE}"})) == FINANCE_TOOLS
        assert await names_over(sse_client(f"{url}/sse/support", headers=admin)) == SUPPORT_TOOLS
        assert await names_over(sse_client(f"{url}/sse", headers=admin)) == SUPPORT_TOOLS | FINANCE_TOOLS
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {FINANCE}"}, timeout=30) as http:  # /mcp: the token's set
            assert await names_over(streamable_http_client(f"{url}/mcp", http_client=http)) == FINANCE_TOOLS
        async with httpx2.AsyncClient(headers=admin, timeout=30) as http:
            assert await names_over(streamable_http_client(f"{url}/mcp", http_client=http)) == SUPPORT_TOOLS | FINANCE_TOOLS


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def post_mcp(url: str, path: str, token: str | None) -> httpx.Response:
    headers = {**MCP_HEADERS, **({"Authorization": f"Bearer {token}"} if token else {})}
    return httpx.post(f"{url}{path}", json=INITIALIZE, headers=headers, timeout=10)


def test_tokens_401_403_404(url: str) -> None:
    assert post_mcp(url, "/mcp/support", SUPPORT).status_code == 200
    forbidden = post_mcp(url, "/mcp/finance", SUPPORT)
    assert forbidden.status_code == 403 and error_of(forbidden)["code"] == "AUTHORIZATION_ERROR"
    assert post_mcp(url, "/sse/finance", SUPPORT).status_code == 403
    for path in ("/mcp/support", "/mcp", "/sse/support"):
        missing = post_mcp(url, path, None)
        assert missing.status_code == 401 and error_of(missing)["code"] == "AUTHENTICATION_ERROR"
    assert post_mcp(url, "/mcp/support", "wrong").status_code == 401
    unknown = post_mcp(url, "/mcp/nope", ADMIN)
    assert unknown.status_code == 404 and error_of(unknown)["code"] == "TOOLSET_NOT_FOUND"
    assert error_of(unknown)["context"]["available_toolsets"] == ["finance", "support"]
    limited = post_mcp(url, "/mcp/nope", SUPPORT)  # an agent's token learns no other set's name
    assert limited.status_code == 404 and "available_toolsets" not in error_of(limited)["context"]
    assert httpx.get(f"{url}/sse/nope", headers={"Authorization": f"Bearer {ADMIN}"}, timeout=10).status_code == 404
    reset = httpx.post(f"{url}/reset", headers={"Authorization": f"Bearer {SUPPORT}"}, timeout=10)
    assert reset.status_code == 403 and error_of(reset)["code"] == "AUTHORIZATION_ERROR"  # an agent cannot reload
    validated = httpx.post(f"{url}/validate", json={"name": "x"}, headers={"Authorization": f"Bearer {SUPPORT}"}, timeout=10)
    assert validated.status_code == 200


def test_sse_messages_of_one_set_cannot_go_through_another(url: str) -> None:
    admin = {**MCP_HEADERS, "Authorization": f"Bearer {ADMIN}"}
    with httpx.Client(timeout=10) as http, http.stream("GET", f"{url}/sse/support", headers=admin) as stream:
        lines = stream.iter_lines()  # kept: closing this generator would close the stream
        endpoint = next(line for line in lines if line.startswith("data:"))[5:].strip()
        assert endpoint.startswith("/messages/support/?session_id=")
        other = http.post(url + endpoint.replace("/support/", "/finance/"), json=INITIALIZE, headers=admin)
        assert other.status_code == 404
        assert http.post(url + endpoint, json=INITIALIZE, headers=admin).status_code == 202


# ---------------------------------------------------------------- REST


def test_rest_routes_by_query_and_by_token(url: str) -> None:
    def get(path: str, token: str | None = None) -> httpx.Response:
        return httpx.get(f"{url}{path}", headers={"Authorization": f"Bearer {token}"} if token else {}, timeout=10)

    assert {r["resource_id"] for r in get("/tools?toolset=finance", ADMIN).json()["resources"]} == FINANCE_TOOLS
    assert {r["resource_id"] for r in get("/tools", SUPPORT).json()["resources"]} == SUPPORT_TOOLS
    assert {r["resource_id"] for r in get("/tools", ADMIN).json()["resources"]} == SUPPORT_TOOLS | FINANCE_TOOLS
    assert get("/tools").status_code == 401  # no token, no catalogue (tests/test_toolsets_audit.py)
    assert get("/resources?toolset=support", ADMIN).json()["count"] == 4  # two tools, a prompt, the policy
    assert {r["resource_id"] for r in get("/resources/prompt?toolset=finance", ADMIN).json()["resources"]} == {"chase_invoice"}
    assert get("/resources/tool/invoice_void?toolset=finance", ADMIN).status_code == 200
    hidden = get("/resources/tool/send_email?toolset=finance", ADMIN)
    assert hidden.status_code == 404 and error_of(hidden)["code"] == "NOT_FOUND"
    manifest = get("/manifest?toolset=support", ADMIN).json()
    assert manifest["toolset"] == "support" and {r["type"]: r["count"] for r in manifest["resources"]} == {
        "tool": 2, "prompt": 1, "policy": 1}
    unknown = get("/tools?toolset=nope", ADMIN)
    assert unknown.status_code == 404 and error_of(unknown)["code"] == "TOOLSET_NOT_FOUND"
    assert get("/tools?toolset=finance", SUPPORT).status_code == 403


@pytest.mark.anyio
async def test_progressive_disclosure_stays_inside_the_set(catalog_dir: Path) -> None:
    server = CatalogServer(load_catalog(catalog_dir), toolset="finance", disclosure="progressive")
    async with Client(server.server) as client:
        assert {t.name for t in (await client.list_tools()).tools} == {"search_tools", "get_tool_info", "call_tool"}
        found = await client.call_tool("search_tools", {"query": "send an email to a customer about an invoice", "limit": 50})
        names = [hit["name"] for hit in found.structured_content["tools"]]
        assert names and set(names) <= FINANCE_TOOLS  # send_email matches best, but lies outside the set
        hidden = envelope_of(await client.call_tool("get_tool_info", {"name": "send_email"}))["errors"][0]
        assert hidden["code"] == "TOOL_NOT_FOUND" and hidden.get("suggested_value") in (None, *FINANCE_TOOLS)
        info = await client.call_tool("get_tool_info", {"name": "invoice_void"})
        assert info.is_error is False and info.structured_content["name"] == "invoice_void"
        outside = envelope_of(await client.call_tool("call_tool", {"name": "send_email", "arguments": {"text": "x"}}))["errors"][0]
        assert outside["code"] == "TOOL_NOT_FOUND"
        ok = await client.call_tool("call_tool", {"name": "invoice_void", "arguments": {"text": "v1"}})
        assert ok.is_error is False and ok.structured_content == {"tool": "invoice_void", "text": "v1"}
        index = (await client.read_resource("ardf://catalog/index")).contents[0].text
        assert {line.split(":", 1)[0] for line in index.splitlines() if line} == FINANCE_TOOLS


# ---------------------------------------------------------------- reload


def test_a_reload_that_changes_the_sets_takes_effect(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "c")
    server = CatalogServer(load_catalog(folder))
    with running(build_app(server, HttpOptions())) as base:
        assert httpx.get(f"{base}/tools?toolset=emails", timeout=10).status_code == 401  # tokens: listed, so every route needs one
        assert post_mcp(base, "/mcp/support", None).status_code == 401
        (folder / "atdf-mcp.yaml").write_text("toolsets:\n  emails: {ids: [send_email]}\n", encoding="utf-8")
        server.swap(load_catalog(folder, previous=server.snapshot))
        assert {r["resource_id"] for r in httpx.get(f"{base}/tools?toolset=emails", timeout=10).json()["resources"]} == {"send_email"}
        assert httpx.get(f"{base}/tools?toolset=support", timeout=10).status_code == 404
        assert post_mcp(base, "/mcp/emails", None).status_code == 200  # no tokens any more: open, as without --auth-token


@pytest.mark.anyio
async def test_a_reload_that_drops_the_served_set_says_so(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "c")
    server = CatalogServer(load_catalog(folder), toolset="support")
    err = io.StringIO()
    live = LiveCatalog(server, folder, watch=False, err=err)
    (folder / "atdf-mcp.yaml").write_text("toolsets:\n  emails: {ids: [send_email]}\n", encoding="utf-8")
    outcome = await live.reload("test")
    assert outcome.ok and server.view().tools == {}
    assert "no longer defines the tool set 'support'" in err.getvalue()


# ---------------------------------------------------------------- CLI: stdio, usage errors, banner, client config


@pytest.mark.anyio
async def test_stdio_serves_the_set_of_toolset(catalog_dir: Path) -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(catalog_dir), "--toolset", "support"],
                                   env={"PYTHONPATH": os.getcwd()})
    with tempfile.TemporaryFile("w+") as errlog, anyio.fail_after(60):
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            assert {t.name for t in (await client.list_tools()).tools} == SUPPORT_TOOLS
            outside = envelope_of(await client.call_tool("invoice_void", {"text": "x"}))["errors"][0]
            assert outside["code"] == "TOOL_NOT_FOUND"


def test_an_unknown_toolset_is_a_usage_error(catalog_dir: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "atdf_mcp", "serve", str(catalog_dir), "--toolset", "nope", "--no-watch"],
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert run.returncode == 2
    assert "--toolset 'nope'" in run.stderr and "known sets: finance, support" in run.stderr


def test_banner_lists_the_sets_and_tokens_quiet_the_open_network_warning() -> None:
    text = endpoints_text(HttpOptions(), 8000, ["support", "finance"], "support")
    assert "http://127.0.0.1:8000/mcp/finance  http://127.0.0.1:8000/sse/finance" in text
    assert "default tool set     support" in text
    with_tokens = endpoints_text(HttpOptions(), 8000, ["support"], None, 2)
    assert "agent tokens" in with_tokens and "auth                 bearer token required" in with_tokens
    assert security_warnings(HttpOptions(host="0.0.0.0")) and not security_warnings(HttpOptions(host="0.0.0.0"), agent_tokens=True)


def test_client_config_with_toolset(catalog_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "claude-desktop", str(catalog_dir), "--name", "s", "--toolset", "support"]) == 0
    assert json.loads(capsys.readouterr().out)["mcpServers"]["s"]["args"][-2:] == ["--toolset", "support"]
    assert main(["config", "cursor", "--url", "http://127.0.0.1:8000/mcp", "--toolset", "finance"]) == 0
    assert json.loads(capsys.readouterr().out)["mcpServers"]["atdf-mcp"]["url"] == "http://127.0.0.1:8000/mcp/finance"
    assert main(["config", "claude-code", "--url", "http://127.0.0.1:8000/sse", "--toolset", "finance"]) == 0
    entry = json.loads(capsys.readouterr().out)["mcpServers"]["atdf-mcp"]
    assert entry == {"type": "sse", "url": "http://127.0.0.1:8000/sse/finance"}
    assert main(["config", "cursor", "--url", "http://127.0.0.1:8000/mcp", "--toolset", "a/b"]) == 2
