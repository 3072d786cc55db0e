"""A review of the security changes (default-deny auth, the explorer's sign-in cookie, credentials withheld) by a hostile
client and a careful operator: real servers on 127.0.0.1, httpx and the SDK's Streamable HTTP client.

What broke, each found with the request written in its test:
- the explorer's cookie could be ridden by a page of a sibling origin (the same host on another port: same-site for the
  browser, so SameSite=Strict still sent it, and the Origin check accepts the accepted hosts' pages on any port): a
  try-it call ran with the user's token, and a sign-in POST set the attacker's token as the user's cookie (login CSRF);
- credentials were withheld only as strings in the tool's carried keys: a number (`db_password: 987654321`), a list
  (`api_keys: [...]`), a literal `Authorization` header of an HTTP binding, and everything on the explorer's page of
  the tool (its ARDF JSON was written without the mask) reached clients.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from conftest import write_file
from local_server import running, serve_over_http
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from test_toolsets import ADMIN, SUPPORT, error_of, write_catalog

from atdf_mcp import load_catalog
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

# ---------------------------------------------------------------- the explorer's cookie, from a sibling origin


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """--auth-token ADMIN and the agent tokens of the two sets (atdf-mcp.yaml's `tokens:`)."""
    folder = write_catalog(tmp_path_factory.mktemp("review10") / "catalog")
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions(auth_token=ADMIN))) as base:
        yield base


def sibling(base: str) -> str:
    """A page of the same host on another port: same-site for a browser's cookies, another origin."""
    host, port = base.rsplit(":", 1)
    return f"{host}:{int(port) + 1}"


def called(response: httpx.Response) -> bool:
    """Whether an explorer result page shows the handler's answer (the tool ran)."""
    return '"text": "hi"' in html.unescape(response.text)


def test_a_sibling_origin_cannot_use_the_explorers_cookie_to_call_a_tool(url: str) -> None:
    """A page on 127.0.0.1:OTHER_PORT posting the try-it form: the browser sends the SameSite=Strict cookie (same site),
    the Origin check let the loopback page through, and the tool ran with the signed-in user's token. The cookie now
    counts on a POST only from the explorer's own origin (Sec-Fetch-Site, else Origin): 403 INVALID_ORIGIN."""
    cookie = {"Cookie": f"atdf_mcp_token={SUPPORT}"}
    for headers in ({"Origin": sibling(url)}, {"Origin": sibling(url), "Sec-Fetch-Site": "same-site"},
                    {"Sec-Fetch-Site": "same-site"}, {"Origin": "http://localhost:3000"}):
        response = httpx.post(f"{url}/explore/call/crm_lookup", data={"arg.text": "hi"}, headers=cookie | headers)
        assert response.status_code == 403 and not called(response), (headers, response.status_code)
        entry = error_of(response)
        assert entry["code"] == "INVALID_ORIGIN" and url in entry["context"]["solution"], entry
    for headers in ({"Origin": url}, {"Origin": url, "Sec-Fetch-Site": "same-origin"}, {}):  # its own page, or no browser
        response = httpx.post(f"{url}/explore/call/crm_lookup", data={"arg.text": "hi"}, headers=cookie | headers)
        assert response.status_code == 200 and called(response), (headers, response.status_code)
    # a token the page's author knows, sent in the form itself, is no forgery: it is checked as it is
    response = httpx.post(f"{url}/explore/call/crm_lookup", data={"arg.text": "hi", "_token": SUPPORT}, headers={"Origin": sibling(url)})
    assert response.status_code == 200 and called(response)


def test_a_sibling_origin_cannot_sign_the_browser_in_with_its_token(url: str) -> None:
    """Login CSRF: a page of another origin posting the sign-in form with its own token made the user's explorer run
    as the attacker's agent. The sign-in now answers its own origin only; no cookie is set otherwise."""
    for headers in ({"Origin": sibling(url)}, {"Sec-Fetch-Site": "same-site"}, {"Sec-Fetch-Site": "cross-site"}):
        response = httpx.post(f"{url}/explore/signin", data={"_token": SUPPORT, "next": "/"}, headers=headers)
        assert response.status_code == 403 and "set-cookie" not in response.headers, (headers, response.status_code)
        assert error_of(response)["code"] == "INVALID_ORIGIN"
    for headers in ({"Origin": url}, {"Sec-Fetch-Site": "same-origin"}, {}):
        response = httpx.post(f"{url}/explore/signin", data={"_token": SUPPORT, "next": "/"}, headers=headers)
        assert response.status_code == 303 and "atdf_mcp_token=" in response.headers["set-cookie"], headers


def test_the_cookie_still_opens_the_pages_and_never_the_api(url: str) -> None:
    """What held, kept: the cookie opens the explorer's pages (an agent's: its set only), not /tools or /mcp."""
    cookie = {"Cookie": f"atdf_mcp_token={SUPPORT}"}
    assert httpx.get(f"{url}/explore/tool/crm_lookup", headers=cookie | {"Sec-Fetch-Site": "cross-site"}).status_code == 200
    assert httpx.get(f"{url}/explore/tool/invoice_create", headers=cookie).status_code == 404
    assert httpx.get(f"{url}/tools", headers={"Cookie": f"atdf_mcp_token={ADMIN}"}).status_code == 401
    ping = httpx.post(f"{url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                      headers={"Cookie": f"atdf_mcp_token={ADMIN}", "Accept": "application/json, text/event-stream"})
    assert ping.status_code == 401


# ---------------------------------------------------------------- credentials withheld: numbers, lists, headers, the explorer

PLUGIN = """name: sql_pull_data
enabled: true
required: false
description: Pull data from a SQL database.
parameters:
  - name: query
    type: str
    required: true
    description: The query in natural language.
returns:
  - name: df
    type: pandas.DataFrame
    description: The dataframe.
configurations:
  api_type: openai
  api_key: sk-proj-STRINGSECRET1
  db_password: 987654321
  api_keys: [sk-LISTSECRET2, sk-LISTSECRET3]
  accounts:
    - name: main
      token: tok-NESTEDSECRET4
  base: &shared
    client_secret: sec-ANCHORSECRET5
  again: *shared
  sqlite_db_path: sqlite:///data.db
"""
SECRETS = re.compile(r"[A-Z]+SECRET\d|987654321|HEADERKEY7")


def http_tool(port: int, lang: str | None = None) -> dict[str, Any]:
    """An ARDF tool/io bound to a local upstream, with a literal Authorization header and API key (its `lang` copy)."""
    return {"schema_version": "1.0.0", "resource_id": "weather_get", "resource_type": "tool",
            "description": "Obtiene el tiempo." if lang else "Get the weather for a city.",
            **({"metadata": {"language": lang}} if lang else {}),
            "content": {"type": "tool/io", "data": {
                "inputs": [{"name": "city", "type": "string", "description": "City", "required": True}],
                "outputs": {"success": "The weather."}, "method": "GET", "endpoint": f"http://127.0.0.1:{port}/w/{{city}}",
                "headers": {"Authorization": "Bearer sk-HEADERSECRET6", "X-Api-Key": "HEADERKEY7", "Accept": "application/json",
                            "X-Trace": "Bearer ${TRACE_TOKEN}"}}},
            "x-owner": {"password": 12345678, "api_key": f"sk-{'COPY' if lang else 'ROOT'}SECRET8"}}


@pytest.fixture(scope="module")
def upstream() -> Iterator[tuple[str, list[dict[str, str]]]]:
    """An HTTP API on 127.0.0.1 recording the headers of each request."""
    seen: list[dict[str, str]] = []

    async def weather(request: Request) -> JSONResponse:
        seen.append(dict(request.headers))
        return JSONResponse({"city": request.path_params["city"], "sky": "clear", "echo": request.headers.get("authorization"),
                             "key": request.headers.get("x-api-key")})  # an API that echoes what it was sent

    with running(Starlette(routes=[Route("/w/{city}", weather)])) as base:
        yield base, seen


@pytest.fixture(scope="module")
def secret_catalog(tmp_path_factory: pytest.TempPathFactory, upstream: tuple[str, list[dict[str, str]]]) -> Path:
    folder = tmp_path_factory.mktemp("review10") / "secrets"
    port = int(upstream[0].rsplit(":", 1)[1])
    write_file(folder, "sql_pull_data.yaml", PLUGIN)
    write_file(folder, "weather.json", http_tool(port))
    write_file(folder, "weather_es.json", http_tool(port, "es"))
    write_file(folder, "atdf-mcp.yaml", "allow_private_networks: true\n")
    return folder


def test_a_credential_as_a_number_or_in_a_list_is_withheld_and_said(secret_catalog: Path) -> None:
    """`db_password: 987654321` and `api_keys: [...]` were published as written (only strings were masked); every value
    under a credential-named key is now `***`, each said at its place."""
    catalog = load_catalog(secret_catalog)
    said = {p.pointer for p in catalog.report.problems if "credential" in p.message}
    assert {"/configurations/db_password", "/configurations/api_keys/0", "/configurations/api_keys/1",
            "/configurations/accounts/0/token", "/x-owner/password"} <= said, said  # the first few, then a count
    from atdf_mcp.publish import ardf_text
    published = json.loads(ardf_text(catalog.get("sql_pull_data"), catalog=catalog))
    assert published["configurations"]["db_password"] == "***" and published["configurations"]["api_keys"] == ["***", "***"]
    assert published["configurations"]["again"] == {"client_secret": "***"}  # a YAML alias of a mapping holding one
    assert published["configurations"]["sqlite_db_path"] == "sqlite:///data.db" and published["configurations"]["api_type"] == "openai"


def test_a_literal_credential_header_is_withheld_from_clients_and_still_sent(secret_catalog: Path,
                                                                            upstream: tuple[str, list[dict[str, str]]]) -> None:
    """A tool/io's `headers: {Authorization: "Bearer sk-..."}` (and X-Api-Key) reached every client in its ARDF resource
    and GET /tools/{id}: a client needs neither (the server sends them). Each is `***` there, said as a warning; a
    header read from the environment (`Bearer ${TRACE_TOKEN}`) and the others stay; the upstream still gets the header.
    An upstream echoing it back, and the debug log, showed it too: it is a secret of the call like an environment value."""
    said = {p.pointer for p in load_catalog(secret_catalog).report.problems if "credential" in p.message}
    assert {"/content/data/headers/Authorization", "/content/data/headers/X-Api-Key"} <= said, said
    assert not any(p.endswith(("/Accept", "/X-Trace")) for p in said)
    _base, seen = upstream
    with serve_over_http(secret_catalog, "--no-watch", "--log-level", "debug", env={**os.environ, "TRACE_TOKEN": "trace-1"}) as (_process, base, log):
        texts = {path: httpx.get(f"{base}{path}", timeout=10).text for path in (
            "/tools", "/resources", "/resources/tool/weather_get", "/tools/weather_get", "/tools/weather_get?format=ardf",
            "/tools?format=atdf", "/tools/sql_pull_data?format=ardf", "/resources/tool/weather_get?lang=es")}

        async def over_mcp() -> None:
            with anyio.fail_after(60):
                await read_over_mcp()

        async def read_over_mcp() -> None:
            async with Client(streamable_http_client(f"{base}/mcp"), mode="legacy") as client:
                for uri in ("ardf://tool/weather_get", "ardf://tool/sql_pull_data"):
                    (content,) = (await client.read_resource(uri)).contents
                    texts[uri] = content.text  # type: ignore[union-attr]
                texts["tools/list"] = json.dumps((await client.list_tools()).model_dump(mode="json"))
                result = await client.call_tool("weather_get", {"city": "Oslo"})
                texts["tools/call"] = json.dumps(result.model_dump(mode="json"))
                assert not result.is_error and "clear" in texts["tools/call"]

        anyio.run(over_mcp)
    for where, text in texts.items():
        assert not SECRETS.findall(text), (where, SECRETS.findall(text))
    data = json.loads(texts["ardf://tool/weather_get"])["content"]["data"]
    assert data["headers"] == {"Authorization": "***", "X-Api-Key": "***", "Accept": "application/json",
                               "X-Trace": "Bearer ${TRACE_TOKEN}"}, data["headers"]
    assert seen[-1]["authorization"] == "Bearer sk-HEADERSECRET6" and seen[-1]["x-api-key"] == "HEADERKEY7"
    assert not SECRETS.findall(log.read_text())


def test_the_explorers_page_of_a_tool_withholds_its_credentials(secret_catalog: Path) -> None:
    """The explorer's page of a tool showed its ARDF JSON as written: the TaskWeaver api_key the resource withheld, the
    headers, the Spanish copy's own key. The page shows what resources/read shows."""
    with running(build_app(CatalogServer(load_catalog(secret_catalog)), HttpOptions())) as base:
        for path in ("/explore/tool/sql_pull_data", "/explore/tool/weather_get", "/explore/tool/weather_get?lang=es"):
            page = httpx.get(f"{base}{path}", timeout=10)
            assert page.status_code == 200 and not SECRETS.findall(page.text), (path, SECRETS.findall(page.text))
            assert "sqlite:///data.db" in page.text or "weather" in path


def test_convert_keeps_the_authors_headers(secret_catalog: Path) -> None:
    """What clients read is masked; a file the author keeps (`convert --to ardf`) is written as it is."""
    import subprocess
    import sys

    converted = subprocess.run([sys.executable, "-m", "atdf_mcp", "convert", "--to", "ardf", str(secret_catalog)],
                               capture_output=True, text=True, timeout=60)
    assert "sk-HEADERSECRET6" in converted.stdout and "HEADERKEY7" in converted.stdout, converted.stderr[-500:]


def test_a_connectors_literal_credential_headers_are_withheld_and_said(tmp_path: Path) -> None:
    """An ARDF connector's headers (its own and an endpoint's) reach the tools generated from it and its own resource:
    `***` in both, and the operator hears of each at its place in the connector's file (it was silent)."""
    from atdf_mcp.publish import ardf_text

    write_file(tmp_path, "notes.json", {
        "schema_version": "1.0.0", "resource_id": "notes_api", "resource_type": "connector", "description": "Notes API.",
        "content": {"type": "connector/spec", "data": {
            "interface": "http", "base_url": "https://notes.example.com", "headers": {"X-Api-Key": "CONNSECRET1"},
            "endpoints": [{"name": "list_notes", "method": "GET", "path": "/notes", "description": "Lists notes.",
                           "headers": {"Authorization": "Bearer CONNSECRET2", "Accept": "application/json"}}]}}})
    catalog = load_catalog(tmp_path)
    said = sorted(p.pointer for p in catalog.report.problems if "credential" in p.message)
    assert said == ["/content/data/endpoints/0/headers/Authorization", "/content/data/headers/X-Api-Key"], said
    for d in catalog.descriptors:
        text = ardf_text(d, catalog=catalog)
        assert "CONNSECRET" not in text and "application/json" in text, (d.id, text)


# ---------------------------------------------------------------- what held, kept as tests

OPEN = {"/health", "/ready", "/openapi.json", "/favicon.ico", "/explore/signout", "/register", "/authorize", "/token"}
OPEN_PREFIXES = ("/schema/", "/explore/static/", "/.well-known/")


def test_every_route_the_app_serves_refuses_a_caller_without_the_token(url: str, tmp_path: Path) -> None:
    """Default deny, from the app's own route table (not the README's): every path and method but the open few answers
    401 without a token and with a wrong one, and so do its spellings a router might take for it (percent-encoding,
    upper case, a doubled slash, a trailing slash, `..`); none shows a tool's name."""
    app = build_app(CatalogServer(load_catalog(write_catalog(tmp_path / "catalog"))), HttpOptions(auth_token=ADMIN))
    routes = [(getattr(r, "path", ""), sorted(getattr(r, "methods", None) or ["GET", "POST", "DELETE"])) for r in app.routes]
    assert len(routes) > 40
    checked = 0
    client = httpx.Client(timeout=5, follow_redirects=True)
    for template, methods in routes:
        path = re.sub(r"\{[^}]+\}", "crm_lookup", template) or "/"
        path = "/messages/" if path == "/messages" else path  # the Mount of /sse's messages
        if path in OPEN or path.startswith(OPEN_PREFIXES):
            continue
        spellings = {path, path.upper(), "/" + path, path.rstrip("/") + "/", f"{path.rstrip('/')}/..%2f"}
        if len(path) > 1:
            spellings.add(f"/%{ord(path[1]):02x}{path[2:]}")
        for method in methods:
            for spelled in spellings:
                for token in (None, "wrong"):
                    headers = {"Authorization": f"Bearer {token}"} if token else {}
                    response = client.send(client.build_request(method, f"{url}{spelled}", headers=headers), stream=True)
                    try:
                        text = response.read().decode() if response.status_code != 200 else next(response.iter_text(), "")
                    finally:
                        response.close()
                    assert response.status_code in (401, 404, 405), (method, spelled, token, response.status_code, text[:200])
                    assert response.status_code == 401 or spelled != path, (method, spelled, token, response.status_code)
                    assert not any(name in text for name in ("send_email", "invoice_create")), (method, spelled, text[:200])
                    checked += 1
    client.close()
    assert checked > 400, checked


def test_a_rotated_token_ends_the_cookie_and_a_tls_proxy_makes_it_secure(tmp_path: Path) -> None:
    """The cookie holds the token itself, checked at each request against the served snapshot: once atdf-mcp.yaml gives
    the set another token (a live reload), the old cookie opens nothing. Behind a proxy on this machine saying
    X-Forwarded-Proto: https, the cookie is Secure."""
    import time

    from test_toolsets import config_text, digest

    folder = write_catalog(tmp_path / "catalog")
    with serve_over_http(folder, "--auth-token", ADMIN) as (_process, base, _log):
        signed = httpx.post(f"{base}/explore/signin", data={"_token": SUPPORT, "next": "/"}, headers={"X-Forwarded-Proto": "https"})
        assert signed.status_code == 303 and "; secure" in signed.headers["set-cookie"].lower(), signed.headers
        cookie = {"Cookie": f"atdf_mcp_token={SUPPORT}"}
        assert httpx.get(f"{base}/explore/tool/crm_lookup", headers=cookie).status_code == 200
        (folder / "atdf-mcp.yaml").write_text(config_text().replace(digest(SUPPORT), digest("support-rotated")), encoding="utf-8")
        deadline = time.monotonic() + 20
        while httpx.get(f"{base}/explore/tool/crm_lookup", headers=cookie).status_code == 200:
            assert time.monotonic() < deadline, "the reload did not end the old token"
            time.sleep(0.2)
        for path in ("/explore/tool/crm_lookup", "/", "/explore/events"):
            assert httpx.get(f"{base}{path}", headers=cookie).status_code == 401, path
        tried = httpx.post(f"{base}/explore/call/crm_lookup", data={"arg.text": "hi"}, headers=cookie)
        assert tried.status_code == 401 and not called(tried)
        fresh = {"Cookie": "atdf_mcp_token=support-rotated"}
        assert httpx.get(f"{base}/explore/tool/crm_lookup", headers=fresh).status_code == 200


def test_public_catalog_of_a_set_with_tokens_and_oauth_together(tmp_path: Path) -> None:
    """--public-catalog support beside --auth-token, `tokens:` and an OAuth issuer: no token reads the set only (another
    set named: 401, the explorer's try-it and /mcp: 401); any token sent is checked (a forged JWT: 401 naming the
    resource metadata; an agent's: its set); /openapi.json says bearer-or-none on the reads only."""
    from test_oauth import AUDIENCE, Issuer
    from test_toolsets import FINANCE

    from atdf_mcp.oauth import OAuthOptions

    issuer = Issuer()
    folder = write_catalog(tmp_path / "catalog")
    with running(issuer.app()) as issuer_base:
        issuer.base = issuer_base
        options = HttpOptions(auth_token=ADMIN, public_catalog="support",
                              oauth=OAuthOptions(issuer=issuer_base, audience=AUDIENCE, toolset_claim="team"))
        with running(build_app(CatalogServer(load_catalog(folder)), options)) as base:
            def names(path: str, token: str | None = None) -> set[str]:
                response = httpx.get(f"{base}{path}", headers={"Authorization": f"Bearer {token}"} if token else {}, timeout=10)
                assert response.status_code == 200, (path, response.status_code, response.text[:200])
                return {r["resource_id"] for r in response.json()["resources"] if r["resource_type"] == "tool"}

            assert names("/tools") == {"crm_lookup", "send_email"} == names("/tools?toolset=support")
            for path in ("/tools?toolset=finance", "/explore/events?toolset=finance"):
                assert httpx.get(f"{base}{path}", timeout=10).status_code == 401, path
            assert httpx.post(f"{base}/explore/call/crm_lookup", data={"arg.text": "hi"}).status_code == 401
            assert httpx.post(f"{base}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"}).status_code == 401
            forged = issuer.token(team="finance", aud="someone-else")
            refused = httpx.get(f"{base}/tools", headers={"Authorization": f"Bearer {forged}"}, timeout=10)
            assert refused.status_code == 401 and "resource_metadata=" in refused.headers["www-authenticate"]
            assert names("/tools", issuer.token(team="finance")) == {"invoice_create", "invoice_void", "refund_payment"}
            assert names("/tools", FINANCE) == {"invoice_create", "invoice_void", "refund_payment"}
            paths = httpx.get(f"{base}/openapi.json").json()["paths"]
            assert paths["/tools"]["get"]["security"] == [{"bearer": []}, {}]
            assert paths["/call_tool/{tool_name}"]["post"]["security"] == [{"bearer": []}]


def test_a_public_set_removed_by_a_reload_closes_the_reads(tmp_path: Path) -> None:
    """--public-catalog support, then atdf-mcp.yaml loses the set (a live reload): the reads need a token again; an
    event stream opened before shows the empty set, nothing of another."""
    import time

    from test_toolsets import FINANCE, digest

    folder = write_catalog(tmp_path / "catalog")
    with serve_over_http(folder, "--auth-token", ADMIN, "--public-catalog", "support") as (_process, base, _log):
        assert httpx.get(f"{base}/tools", timeout=10).status_code == 200
        (folder / "atdf-mcp.yaml").write_text(f"toolsets:\n  finance: {{ids: ['invoice_*']}}\ntokens:\n  {digest(FINANCE)}: finance\n",
                                              encoding="utf-8")
        deadline = time.monotonic() + 20
        while httpx.get(f"{base}/tools", timeout=10).status_code == 200:
            assert time.monotonic() < deadline, "the reload did not close the public set"
            time.sleep(0.2)
        for path in ("/tools", "/", "/manifest", "/validate", "/search?q=invoice", "/explore/events"):
            response = httpx.get(f"{base}{path}", timeout=10)
            assert response.status_code == 401 and "invoice" not in response.text, path
