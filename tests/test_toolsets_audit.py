"""Tool sets and tokens on EVERY route: a real server on 127.0.0.1, real clients (httpx, the SDK's Streamable HTTP and
SSE clients), and each credential — none, a wrong one, the operator's, an agent's of set A naming set B, an OAuth token.

The read-only REST routes and the explorer used to answer without a token on a server that had one (an agent limited to
its set omitted its token and read the whole catalogue): they now need a credential whenever one is configured, unless
the operator opens them with --public-catalog (the whole catalogue, or one set)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
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
from local_server import running, serve_over_http
from mcp import Client
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from test_mcp_tasks import ATDF_TASK, EXT, HANDLERS, MODERN
from test_oauth import AUDIENCE, Issuer
from test_toolsets import ADMIN, FINANCE, FINANCE_TOOLS, SUPPORT, SUPPORT_TOOLS, digest, error_of, write_catalog

from atdf_mcp import load_catalog
from atdf_mcp.oauth import OAuthOptions
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app, endpoints_text, security_warnings

EVERYTHING = SUPPORT_TOOLS | FINANCE_TOOLS
READ_ROUTES = ["/tools", "/tools?format=atdf", "/resources", "/resources/tool", "/resources/tool/crm_lookup", "/prompts", "/policies",
               "/documents", "/manifest", "/tools/crm_lookup", "/validate", "/search?q=invoice", "/", "/explore/tool/crm_lookup",
               "/explore/call/crm_lookup", "/explore/events", "/get_tool", "/task/nope", "/callback/nope", "/metrics"]
POSTS = {"/search": {"query": "invoice"}, "/tools/validate": {"tool_id": "x"}, "/convert/mcp": {"mcp": {"name": "x"}},
         "/validate": {"name": "x"}, "/call_tool/crm_lookup": {"text": "a"}}
OPEN_ROUTES = ["/health", "/ready", "/schema/ardf.schema.json", "/openapi.json", "/explore/static/explorer.css", "/favicon.ico"]


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_catalog(tmp_path_factory.mktemp("audit") / "catalog")


@pytest.fixture(scope="module")
def issuer() -> Iterator[Issuer]:
    issuer = Issuer()
    with running(issuer.app()) as base:
        issuer.base = base
        yield issuer


def serve(catalog_dir: Path, **options: Any) -> Any:
    return running(build_app(CatalogServer(load_catalog(catalog_dir)), HttpOptions(**options)))


@pytest.fixture(scope="module")
def url(catalog_dir: Path) -> Iterator[str]:
    """--auth-token ADMIN and the catalogue's agent tokens (SUPPORT: set support, FINANCE: set finance)."""
    with serve(catalog_dir, auth_token=ADMIN) as base:
        yield base


def get(url: str, path: str, token: str | None = None, **headers: str) -> httpx.Response:
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.get(f"{url}{path}", headers=headers, timeout=10)


def ids(response: httpx.Response) -> set[str]:
    assert response.status_code == 200, response.text
    return {r["resource_id"] for r in response.json()["resources"]}


def assert_401(response: httpx.Response, metadata: bool = False) -> None:
    assert response.status_code == 401, (response.request.url, response.status_code, response.text[:300])
    challenge = response.headers["www-authenticate"]
    assert challenge.startswith("Bearer ") and ("resource_metadata=" in challenge) == metadata, challenge
    entry = error_of(response)
    assert entry["code"] == "AUTHENTICATION_ERROR" and "Authorization" in entry["context"]["solution"]
    for leaked in EVERYTHING:
        assert leaked not in response.text


# ---------------------------------------------------------------- the read routes need a credential


def test_every_catalogue_route_needs_the_token_when_one_is_set(url: str) -> None:
    """GET /tools, /resources..., /manifest, /tools/{id}, /validate, /search and the explorer answered anyone the whole
    catalogue on a server with --auth-token: each is now 401 with WWW-Authenticate: Bearer, as /mcp is."""
    for path in READ_ROUTES:
        assert_401(get(url, path))
        assert_401(get(url, path, "wrong-token"))
    for path, body in POSTS.items():
        assert_401(httpx.post(f"{url}{path}", json=body, timeout=10))


def test_the_probes_schemas_and_static_files_stay_open(url: str) -> None:
    for path in OPEN_ROUTES:
        assert get(url, path).status_code == 200, path
    document = get(url, "/openapi.json").json()  # it says which operations need the token
    assert document["security"] == [{"bearer": []}]
    assert document["paths"]["/health"]["get"]["security"] == [] and document["paths"]["/tools"]["get"]["security"] == [{"bearer": []}]
    typo = get(url, "/manfest")  # a path nothing serves: 404 naming the closest route (the routes are public: /openapi.json)
    assert typo.status_code == 404 and error_of(typo)["suggested_value"] == "/manifest"
    for leaked in EVERYTHING:
        assert leaked not in typo.text


def test_each_token_reads_its_own_part(url: str) -> None:
    assert ids(get(url, "/tools", ADMIN)) == EVERYTHING
    assert ids(get(url, "/tools", SUPPORT)) == SUPPORT_TOOLS
    assert ids(get(url, "/tools?toolset=finance", ADMIN)) == FINANCE_TOOLS
    assert get(url, "/tools?toolset=finance", SUPPORT).status_code == 403
    assert get(url, "/tools/refund_payment", SUPPORT).status_code == 404
    assert get(url, "/explore/tool/refund_payment", SUPPORT).status_code == 404
    assert get(url, "/validate", SUPPORT).json()["summary"]["toolset"] == "support"
    found = get(url, "/search?q=refund+a+payment+or+send+an+email&limit=20", SUPPORT).json()["results"]
    assert found and {hit["tool_id"] for hit in found} <= SUPPORT_TOOLS


@pytest.mark.parametrize("kind", ["tokens", "oauth"])
def test_agent_tokens_alone_or_oauth_alone_close_the_read_routes(catalog_dir: Path, issuer: Issuer, kind: str) -> None:
    """Without --auth-token: `tokens:` alone, or --oauth-issuer alone (whose 401 names the resource metadata)."""
    options: dict[str, Any] = {} if kind == "tokens" else {"oauth": OAuthOptions(issuer=issuer.base, audience=AUDIENCE,
                                                                                  toolset_claim="team")}
    folder = catalog_dir if kind == "tokens" else write_catalog(catalog_dir.parent / "no-tokens", "toolsets:\n"
                                                                "  support: {tags: [crm, email]}\n  finance: {ids: ['invoice_*', refund_payment]}\n")
    with serve(folder, **options) as base:
        for path in READ_ROUTES:
            assert_401(get(base, path), metadata=kind == "oauth")
        for path in OPEN_ROUTES:
            assert get(base, path).status_code == 200, path
        if kind == "tokens":
            assert ids(get(base, "/tools", FINANCE)) == FINANCE_TOOLS
        else:
            assert get(base, "/.well-known/oauth-protected-resource").status_code == 200
            assert ids(get(base, "/tools", issuer.token(team="support"))) == SUPPORT_TOOLS
            assert get(base, "/tools?toolset=finance", issuer.token(team="support")).status_code == 403
            assert_401(get(base, "/tools", issuer.token(team="support", aud="someone-else")), metadata=True)


def test_without_any_credential_configured_everything_stays_open(tmp_path: Path) -> None:
    folder = write_catalog(tmp_path / "c", "toolsets:\n  support: {tags: [crm, email]}\n")
    with serve(folder) as base:
        assert ids(get(base, "/tools")) == EVERYTHING
        assert ids(get(base, "/tools?toolset=support")) == SUPPORT_TOOLS
        assert get(base, "/").status_code == 200


# ---------------------------------------------------------------- --public-catalog


def test_public_catalog_opens_the_reads_of_the_whole_catalogue_and_nothing_else(catalog_dir: Path) -> None:
    with serve(catalog_dir, auth_token=ADMIN, public_catalog="*") as base:
        assert ids(get(base, "/tools")) == EVERYTHING
        assert get(base, "/manifest").status_code == 200 and get(base, "/explore/tool/crm_lookup").status_code == 200
        assert ids(get(base, "/tools", SUPPORT)) == SUPPORT_TOOLS  # a token sent is still honoured
        assert_401(get(base, "/tools", "wrong-token"))  # and a wrong one is still refused
        for path in ("/get_tool", "/metrics", "/task/nope"):
            assert_401(get(base, path))
        assert_401(httpx.post(f"{base}/explore/call/crm_lookup", data={"text": "a"}, timeout=10))
        assert_401(httpx.post(f"{base}/mcp", json={}, timeout=10))
        paths = get(base, "/openapi.json").json()["paths"]
        assert paths["/tools"]["get"]["security"] == [{"bearer": []}, {}] and paths["/get_tool"]["get"]["security"] == [{"bearer": []}]


def test_public_catalog_of_one_set_shows_that_set_only(catalog_dir: Path) -> None:
    """With `tokens:` giving agents their sets, --public-catalog support publishes that set, not the others."""
    with serve(catalog_dir, auth_token=ADMIN, public_catalog="support") as base:
        assert ids(get(base, "/tools")) == SUPPORT_TOOLS
        assert ids(get(base, "/tools?toolset=support")) == SUPPORT_TOOLS
        assert_401(get(base, "/tools?toolset=finance"))
        assert get(base, "/tools/refund_payment").status_code == 404
        assert ids(get(base, "/tools", FINANCE)) == FINANCE_TOOLS
        assert "finance" not in get(base, "/", Accept="text/html").text


# ---------------------------------------------------------------- the explorer in a browser


def test_the_explorer_signs_a_browser_in_with_a_cookie(url: str) -> None:
    """A browser cannot send a bearer header when it opens a page: the 401 page holds a sign-in form, whose POST sets an
    HttpOnly, SameSite=Strict cookie (the token never goes into a URL or a log line); the pages then read the cookie."""
    page = get(url, "/explore/tool/crm_lookup", Accept="text/html")
    assert page.status_code == 401 and page.headers["content-type"].startswith("text/html")
    form = re.search(r'<form[^>]*action="(/explore/signin)"[^>]*method="post"', page.text)
    assert form, page.text
    assert 'name="next" value="/explore/tool/crm_lookup"' in page.text
    with httpx.Client(base_url=url, timeout=10) as browser:
        refused = browser.post("/explore/signin", data={"_token": "wrong", "next": "/"}, headers={"Accept": "text/html"})
        assert refused.status_code == 401 and "set-cookie" not in refused.headers
        signed = browser.post("/explore/signin", data={"_token": SUPPORT, "next": "/explore/tool/crm_lookup"})
        assert signed.status_code == 303 and signed.headers["location"] == "/explore/tool/crm_lookup"
        cookie = signed.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
        shown = browser.get("/explore/tool/crm_lookup")
        assert shown.status_code == 200 and 'action="/explore/signout"' in shown.text and SUPPORT not in shown.text
        assert browser.get("/explore/tool/refund_payment").status_code == 404  # the agent's set only
        assert "invoice_void" not in browser.get("/").text
        assert_401(browser.get("/tools"))  # the cookie opens the explorer's pages, not the API
        tried = browser.post("/explore/call/crm_lookup", data={"arg.text": "ada"})  # the try-it form, with the cookie only
        assert tried.status_code == 200 and "Error envelope" not in tried.text, tried.text[:300]
        assert browser.post("/explore/call/refund_payment", data={"arg.text": "x"}).status_code == 404
        for away in ("//evil.example/", "/\\evil.example/", "https://evil.example/"):
            assert browser.post("/explore/signin", data={"_token": SUPPORT, "next": away}).headers["location"] == "/"
        out = browser.post("/explore/signout")
        assert out.status_code == 303 and "max-age=0" in out.headers["set-cookie"].lower()
        assert browser.get("/").status_code == 401


# ---------------------------------------------------------------- every MCP method of an agent token


OUTSIDE = FINANCE_TOOLS | {"chase_invoice"}


def no_outside_names(value: Any, asked: str = "") -> None:
    """Nothing of set finance (its tools, its prompt) is named anywhere in `value` (a model, a dict, a text), but the
    name the caller `asked` for itself (an error may echo it)."""
    text = value if isinstance(value, str) else (value.model_dump_json() if hasattr(value, "model_dump_json")
                                                  else json.dumps(value, default=str))
    text = text.replace(asked, "<asked>") if asked else text
    for name in OUTSIDE:
        assert name not in text, (name, text[:500])


async def audit_session(client: Client) -> None:
    """Every MCP method a client of set support can send: it sees support only, and outside things are 'not found'."""
    assert {t.name for t in (await client.list_tools()).tools} == SUPPORT_TOOLS
    outside = envelope_of(await client.call_tool("refund_payment", {"text": "x"}))["errors"][0]
    assert outside["code"] == "TOOL_NOT_FOUND" and outside.get("suggested_value") in (None, *SUPPORT_TOOLS)
    no_outside_names(outside, "refund_payment")
    prompts = await client.list_prompts()
    assert {p.name for p in prompts.prompts} == {"greet_customer", "catalog_overview"}
    no_outside_names(prompts)
    no_outside_names(await client.get_prompt("catalog_overview", {}))
    with pytest.raises(MCPError) as refused:
        await client.get_prompt("chase_invoice", {"number": "INV-1"})
    no_outside_names(str(refused.value), "chase_invoice")
    resources = await client.list_resources()
    templates = await client.list_resource_templates()
    no_outside_names(resources)
    no_outside_names(templates)
    for resource in resources.resources:
        no_outside_names((await client.read_resource(str(resource.uri))).contents[0])
    index = (await client.read_resource("ardf://catalog/index")).contents[0].text
    assert {line.split(":", 1)[0] for line in index.splitlines() if line} == SUPPORT_TOOLS
    for uri in ("ardf://tool/refund_payment", "ardf://prompt/chase_invoice", "ardf://tool/invoice_void"):
        with pytest.raises(MCPError) as refused:
            await client.read_resource(uri)
        no_outside_names(str(refused.value), uri.rsplit("/", 1)[1])
        with pytest.raises(MCPError):
            await client.subscribe_resource(uri)
    with pytest.raises(MCPError):
        await client.complete(types.PromptReference(type="ref/prompt", name="chase_invoice"), {"name": "number", "value": ""})
    greeted = await client.complete(types.PromptReference(type="ref/prompt", name="greet_customer"), {"name": "name", "value": ""})
    assert set(greeted.completion.values) == {"Ada", "Alan"}
    for template in templates.resource_templates:
        for argument in re.findall(r"\{(\w+)\}", template.uri_template):
            for context in (None, {"resource_type": "tool"}, {"resource_type": "prompt"}):
                done = await client.complete(types.ResourceTemplateReference(type="ref/resource", uri=template.uri_template),
                                             {"name": argument, "value": ""}, context)
                no_outside_names(done)
    await client.set_logging_level("debug")


@pytest.mark.anyio
async def test_every_mcp_method_of_an_agent_token_over_streamable_http_and_sse(url: str) -> None:
    support = {"Authorization": f"Bearer {SUPPORT}"}
    with anyio.fail_after(60):
        async with (httpx2.AsyncClient(headers=support, timeout=30) as http,
                    Client(streamable_http_client(f"{url}/mcp", http_client=http), mode="legacy") as client):
            await audit_session(client)
        async with Client(sse_client(f"{url}/sse", headers=support), mode="legacy") as client:
            await audit_session(client)
        async with (httpx2.AsyncClient(headers=support, timeout=30) as http,
                    Client(streamable_http_client(f"{url}/mcp/support", http_client=http), mode="legacy") as client):
            await audit_session(client)


@pytest.mark.anyio
async def test_an_oauth_token_of_a_set_over_mcp(catalog_dir: Path, issuer: Issuer) -> None:
    with serve(catalog_dir, oauth=OAuthOptions(issuer=issuer.base, audience=AUDIENCE, toolset_claim="team")) as base, anyio.fail_after(60):
        async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {issuer.token(team='support')}"}, timeout=30) as http,
                    Client(streamable_http_client(f"{base}/mcp", http_client=http), mode="legacy") as client):
            await audit_session(client)


@pytest.mark.anyio
async def test_progressive_disclosure_over_http_keeps_an_agent_token_in_its_set(catalog_dir: Path) -> None:
    """search_tools, get_tool_info and call_tool of a server with progressive disclosure, reached with an agent's token."""
    app = CatalogServer(load_catalog(catalog_dir), disclosure="progressive")
    with running(build_app(app, HttpOptions(auth_token=ADMIN))) as base, anyio.fail_after(60):
        async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {SUPPORT}"}, timeout=30) as http,
                    Client(streamable_http_client(f"{base}/mcp", http_client=http), mode="legacy") as client):
            found = await client.call_tool("search_tools", {"query": "refund a payment and void an invoice", "limit": 50})
            assert {hit["name"] for hit in found.structured_content["tools"]} <= SUPPORT_TOOLS
            no_outside_names(found)
            hidden = envelope_of(await client.call_tool("get_tool_info", {"name": "refund_payment"}))["errors"][0]
            assert hidden["code"] == "TOOL_NOT_FOUND"
            no_outside_names(hidden, "refund_payment")
            called = envelope_of(await client.call_tool("call_tool", {"name": "invoice_void", "arguments": {"text": "x"}}))["errors"][0]
            assert called["code"] == "TOOL_NOT_FOUND"
            no_outside_names(called, "invoice_void")
            ok = await client.call_tool("call_tool", {"name": "crm_lookup", "arguments": {"text": "ada"}})
            assert ok.structured_content == {"tool": "crm_lookup", "text": "ada"}


# ---------------------------------------------------------------- the Agent Tool Service, /metrics, /validate


def test_agent_tool_service_tasks_belong_to_their_set(url: str) -> None:
    def call(method: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.request(method, f"{url}{path}", headers=headers, timeout=10, **kwargs)

    assert {t["name"] for t in call("GET", "/get_tool", SUPPORT).json()} == SUPPORT_TOOLS
    outside = call("POST", "/call_tool/refund_payment", SUPPORT, json={"text": "x"})
    assert outside.status_code == 404 and error_of(outside)["code"] == "TOOL_NOT_FOUND"
    no_outside_names(error_of(outside), "refund_payment")
    task = call("POST", "/call_tool/crm_lookup", SUPPORT, json={"text": "ada"}).json()["task_id"]
    for token in (FINANCE, None, "wrong-token"):
        for method, path in (("GET", f"/task/{task}"), ("GET", f"/callback/{task}"), ("POST", f"/cancel/{task}")):
            assert call(method, path, token).status_code == (404 if token == FINANCE else 401), (token, path)
    assert call("GET", f"/task/{task}?toolset=finance", SUPPORT).status_code == 403
    assert call("GET", f"/task/{task}", SUPPORT).json()["tool"] == "crm_lookup"


def test_metrics_show_an_agent_nothing_of_other_sets(url: str) -> None:
    """/metrics carries a series per tool: an agent's token read the names and call counts of every set's tools."""
    for token in (ADMIN, FINANCE):
        httpx.post(f"{url}/call_tool/invoice_void", json={"text": "x"}, headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert "invoice_void" in get(url, "/metrics", ADMIN).text
    agent = get(url, "/metrics", SUPPORT)
    assert agent.status_code == 403 and error_of(agent)["code"] == "AUTHORIZATION_ERROR" and "invoice_void" not in agent.text
    assert_401(get(url, "/metrics"))
    httpx.post(f"{url}/call_tool/crm_lookup", json={"text": "x"}, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=10)
    assert "<td>crm_lookup</td>" in get(url, "/", ADMIN).text.split('id="calls"')[1]  # the operator may read /metrics
    calls = get(url, "/", SUPPORT).text.split('id="calls"')[1]  # an agent may not: nor the explorer's copy of it
    assert "<td>crm_lookup</td>" not in calls and "GET /metrics" in calls
    assert 'id="stats-heading"' not in get(url, "/explore/tool/crm_lookup", SUPPORT).text


# ---------------------------------------------------------------- the flag, the banner, the warnings


def test_the_banner_and_warnings_say_what_is_public() -> None:
    text = endpoints_text(HttpOptions(auth_token=ADMIN, public_catalog="support"), 8000, ["support"], None, 2)
    assert "every route but /health, /ready" in text and "the tool set support only (--public-catalog)" in text
    assert "public catalogue" not in endpoints_text(HttpOptions(auth_token=ADMIN), 8000)
    whole = security_warnings(HttpOptions(auth_token=ADMIN, public_catalog="*"), agent_tokens=True, toolsets=["support"])
    assert any("--public-catalog SET" in w for w in whole)
    assert not security_warnings(HttpOptions(auth_token=ADMIN, public_catalog="*"), toolsets=["support"])
    assert not security_warnings(HttpOptions(auth_token=ADMIN, public_catalog="support"), agent_tokens=True, toolsets=["support"])
    assert any("no such tool set" in w for w in security_warnings(HttpOptions(public_catalog="nope"), toolsets=["support"]))


def test_a_folder_taken_for_the_public_set_is_named_in_the_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve --public-catalog tools` reads `tools` as the set's name (the flag's value is optional): the warning says how
    to serve the folder instead."""
    (tmp_path / "tools").mkdir()
    monkeypatch.chdir(tmp_path)
    [warning] = security_warnings(HttpOptions(public_catalog="tools"), toolsets=["support"])
    assert "no such tool set" in warning and "put the folder first: serve DIR --public-catalog" in warning
    [warning] = security_warnings(HttpOptions(public_catalog="billing"), toolsets=["support"])
    assert "folder" not in warning


def test_serve_takes_public_catalog(catalog_dir: Path) -> None:
    with serve_over_http(catalog_dir, "--public-catalog", "support", env={**os.environ, "ATDF_MCP_AUTH_TOKEN": ADMIN}) as (_, base, log):
        assert ids(get(base, "/tools")) == SUPPORT_TOOLS
        assert_401(get(base, "/tools?toolset=finance"))
        assert ids(get(base, "/tools", ADMIN)) == EVERYTHING
        assert "the tool set support only (--public-catalog)" in log.read_text()
    for args in (["--public-catalog"], ["--transport", "http", "--public-catalog", "a b"]):
        refused = subprocess.run([sys.executable, "-m", "atdf_mcp", "serve", str(catalog_dir), *args], capture_output=True, text=True,
                                 timeout=60)
        assert refused.returncode == 2 and "--public-catalog" in refused.stderr and not refused.stdout, refused.stderr


def test_an_mcp_task_of_one_agent_is_unknown_to_another_agent_and_to_no_token(tmp_path: Path) -> None:
    """The MCP tasks extension: a task agent A (set reports) started on /mcp is -32602 to tasks/get and tasks/cancel of
    agent B (set other, which holds the same tool) on /mcp, and 401 without a token."""
    (tmp_path / "report.json").write_text(json.dumps(ATDF_TASK), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    (tmp_path / "atdf-mcp.yaml").write_text("toolsets:\n  reports: {ids: [build_report]}\n  other: {ids: [build_report]}\n"
                                            f"tokens:\n  {digest(SUPPORT)}: reports\n  {digest(FINANCE)}: other\n", encoding="utf-8")

    def wire(base: str, method: str, params: dict[str, Any], token: str | None, name: str) -> httpx.Response:
        meta = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {"extensions": {EXT: {}}}}
        headers = {"accept": "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": method, "mcp-name": name}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return httpx.post(f"{base}/mcp", headers=headers, timeout=10,
                          json={"jsonrpc": "2.0", "id": 1, "method": method, "params": {**params, "_meta": meta}})

    app = CatalogServer(load_catalog(tmp_path))
    with running(build_app(app, HttpOptions(auth_token=ADMIN, stateless=True, json_response=True))) as base:
        started = wire(base, "tools/call", {"name": "build_report", "arguments": {"pages": 20}}, SUPPORT, "build_report")
        task_id = started.json()["result"]["taskId"]
        for method in ("tasks/get", "tasks/cancel"):
            assert wire(base, method, {"taskId": task_id}, FINANCE, task_id).json()["error"]["code"] == -32602
            assert_401(wire(base, method, {"taskId": task_id}, None, task_id))
        assert wire(base, "tasks/get", {"taskId": task_id}, SUPPORT, task_id).json()["result"]["taskId"] == task_id
        wire(base, "tasks/cancel", {"taskId": task_id}, SUPPORT, task_id)
