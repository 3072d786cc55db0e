"""HTTP dispatch against a real upstream (uvicorn + Starlette on 127.0.0.1), through the SDK's MCP client.

What a client sees when a tool is bound to an endpoint or an ARDF connector: the request the upstream
receives (templating, placement, auth), and the envelope every failure becomes.
"""

from __future__ import annotations

import base64
import contextlib
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import httpx2
import mcp.types as types
import pytest
import yaml
from conftest import write_file
from demo_upstream import HITS
from demo_upstream import app as upstream_app
from envelopes import envelope_of
from local_server import free_port, running
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from atdf_mcp import load_catalog
from atdf_mcp.catalog import Catalog
from atdf_mcp.cli import main as cli_main
from atdf_mcp.dispatch import http
from atdf_mcp.projection import to_ardf
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer, build_server

MODES = ["legacy", "auto"]
ROOT = Path(__file__).parent.parent
SECRET = "tok-3f9a-very-secret"
ID_SCHEMA = {"type": "object", "properties": {"id": {"type": "string"}, "q": {"type": "string"}}, "required": ["id"]}



@pytest.fixture(scope="module")
def upstream() -> Iterator[str]:
    """The test upstream (tests/demo_upstream.py) on a free port."""
    with running(upstream_app, log_level="critical") as url:
        yield url


@contextlib.asynccontextmanager
async def connected(server: Any, mode: str = "legacy") -> AsyncIterator[Client]:
    """An MCP client on `server`; the shared HTTP client of this event loop is closed afterwards."""
    try:
        async with Client(server, mode=mode) as client:
            yield client
    finally:
        await http.aclose()


def mcp_tool(name: str, endpoint: str, schema: dict[str, Any] | None = None, **binding: Any) -> dict[str, Any]:
    """An MCP tool object bound to `endpoint` (binding keys at its root)."""
    return {"name": name, "description": f"The {name} tool.", "inputSchema": schema or {"type": "object", "properties": {}},
            "endpoint": endpoint, **binding}


def catalog_of(folder: Path, *tools: dict[str, Any], config: dict[str, Any] | None = None, extra: dict[str, Any] | None = None) -> Catalog:
    """A catalogue directory with the given MCP tools (and other files), loaded; the upstream is on 127.0.0.1, so
    `allow_private_networks: true` unless `config` says otherwise."""
    config = {"allow_private_networks": True, **(config or {})}
    if tools:
        write_file(folder, "tools.json", {"tools": list(tools)})
    for name, content in (extra or {}).items():
        write_file(folder, name, content)
    write_file(folder, "atdf-mcp.yaml", yaml.safe_dump(config))
    catalog = load_catalog(folder)
    assert catalog.loaded.errors == [], catalog.loaded.errors  # the descriptors load; bindings may still fail
    return catalog


async def call(catalog: Catalog, name: str, arguments: dict[str, Any], mode: str = "legacy", limit: float = 20) -> types.CallToolResult:
    """One tools/call through an in-memory MCP client, raw (no client-side output checks)."""
    with anyio.fail_after(limit):
        async with connected(build_server(catalog), mode) as client:
            request = types.CallToolRequest(params=types.CallToolRequestParams(name=name, arguments=arguments))
            return await client.session.send_request(request, types.CallToolResult)


def error_of(result: types.CallToolResult) -> dict[str, Any]:
    """The single error entry of an isError result, after checking the envelope (schema, text == structured)."""
    env = envelope_of(result)
    assert len(env["errors"]) == 1, env
    return env["errors"][0]


def echoed(result: types.CallToolResult) -> dict[str, Any]:
    """What the echo endpoint saw."""
    assert not result.is_error, result.content[0].text
    assert result.structured_content is not None
    return result.structured_content


def connector(resource_id: str, base_url: str, endpoints: list[dict[str, Any]], **data: Any) -> dict[str, Any]:
    """An ARDF connector/spec resource."""
    return {"schema_version": "1.0.0", "resource_id": resource_id, "resource_type": "connector",
            "description": f"The {resource_id} service.", "when_to_use": f"Use to reach {resource_id}.",
            "content": {"type": "connector/spec", "data": {"interface": "http", "base_url": base_url, "endpoints": endpoints, **data}}}


# ---------------------------------------------------------------------------------------------
# Connectors and models become tools


def test_connector_endpoints_become_tools_with_schemas_from_path_query_and_body(tmp_path: Path) -> None:
    """Each endpoint is `<connector>__<name>`; its inputs come from the path placeholders, the query and the body."""
    catalog = catalog_of(tmp_path, extra={"crm.json": connector("crm", "https://crm.example.org/api", [
        {"name": "list_contacts", "method": "GET", "path": "/owners/{owner}/contacts",
         "query": {"limit": {"type": "integer", "minimum": 1}, "q": "string"}},
        {"name": "create_contact", "method": "post", "path": "/contacts",
         "body": {"type": "object", "properties": {"name": {"type": "string"}, "email": {"type": "string", "format": "email"}},
                  "required": ["name"]}},
        {"method": "DELETE", "path": "/contacts/{id}"},
    ])})
    tools = {t.id: t for t in catalog.tools}
    assert set(tools) == {"crm__list_contacts", "crm__create_contact", "crm__delete_contacts_id"}
    listing = tools["crm__list_contacts"]
    assert listing.input_schema == {
        "type": "object",
        "properties": {"owner": {"type": "string", "description": "Path parameter owner.", "minLength": 1},
                       "limit": {"type": "integer", "minimum": 1}, "q": {"type": "string"}},
        "additionalProperties": False,
        "required": ["owner"],
    }
    assert listing.binding["endpoint"] == "https://crm.example.org/api/owners/{owner}/contacts"
    assert listing.binding["query"] == ["limit", "q"]
    assert listing.hints["annotations"] == {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": True}
    create = tools["crm__create_contact"]
    assert create.input_schema["required"] == ["name"]
    assert create.binding["method"] == "POST" and create.binding["body"] == ["name", "email"]
    assert create.hints["annotations"]["idempotentHint"] is False
    assert tools["crm__delete_contacts_id"].hints["annotations"]["destructiveHint"] is True
    for tool in tools.values():
        assert SCHEMAS["ardf"].violations(to_ardf(tool)) == []  # ardf://tool/<id> serves a valid ARDF document


def test_connector_tool_names_are_checked(tmp_path: Path) -> None:
    """Two endpoints with one name, a name over 64 characters, a clash with another tool: load errors, never a rename."""
    long_name = "x" * 60
    write_file(tmp_path, "a.json", connector("crm", "https://crm.example.org", [
        {"name": "list", "method": "GET", "path": "/a"}, {"name": "list", "method": "GET", "path": "/b"},
        {"name": long_name, "method": "GET", "path": "/c"}, {"name": "bad", "method": "FETCH", "path": "/d"},
    ]))
    write_file(tmp_path, "b.json", {"name": "crm__list", "description": "Clashes.", "inputSchema": {"type": "object"}})
    catalog = load_catalog(tmp_path)
    codes = sorted((p.code, p.pointer) for p in catalog.report.errors)
    assert ("INVALID_CONNECTOR", "/content/data/endpoints/1/name") in codes
    assert ("INVALID_CONNECTOR", "/content/data/endpoints/3/method") in codes
    assert ("INVALID_NAME", "/content/data/endpoints/2") in codes
    assert any(code == "DUPLICATE_ID" for code, _ in codes)
    assert "crm__" + long_name not in catalog.by_id


def test_model_spec_with_an_http_endpoint_becomes_a_tool(tmp_path: Path, upstream: str) -> None:
    """A model/spec (interface http) is the tool `<model>__invoke`, its inputs from `signature.inputs`, sent as JSON."""
    model = {"schema_version": "1.0.0", "resource_id": "triage", "resource_type": "model", "description": "Triage model.",
             "content": {"type": "model/spec", "data": {"interface": "http", "endpoint": f"{upstream}/echo/models/triage",
                                                        "signature": {"inputs": [{"name": "symptoms", "type": "string"},
                                                                                 {"name": "age", "type": "integer", "required": False}]}}},
             "examples": [{"name": "fever", "input": {"symptoms": "fever"}}]}
    catalog = catalog_of(tmp_path, extra={"model.json": model})
    tool = catalog.get("triage__invoke")
    assert tool is not None and tool.type == "tool"
    assert tool.input_schema["required"] == ["symptoms"]
    assert [e.input for e in tool.examples] == [{"symptoms": "fever"}]
    seen = echoed(anyio.run(call, catalog, "triage__invoke", {"symptoms": "cough", "age": 7}))
    assert seen["method"] == "POST" and seen["body"] == {"symptoms": "cough", "age": 7}


def test_tools_bound_in_every_dialect_call_their_endpoint(tmp_path: Path, upstream: str) -> None:
    """ARDF content.data, ATDF 2.x root, OpenAkita root and atdf-mcp.yaml (for ATDF 1.x) all carry endpoint + method."""
    ardf_tool = {"schema_version": "1.0.0", "resource_id": "ardf_echo", "resource_type": "tool", "description": "Echo.",
                 "content": {"type": "tool/io", "data": {"endpoint": f"{upstream}/echo/ardf/{{id}}", "method": "PUT",
                                                         "inputs": [{"name": "id", "type": "string", "description": "Id", "required": True}],
                                                         "outputs": {"success": "ok", "failure": []}}}}
    atdf2 = {"schema_version": "2.0.0", "tool_id": "atdf2_echo", "description": "Echo.", "when_to_use": "Tests.",
             "endpoint": f"{upstream}/echo/atdf2", "method": "GET",
             "how_to_use": {"inputs": [{"name": "id", "type": "string", "description": "Id", "required": True}],
                            "outputs": {"success": "ok", "failure": []}}}
    atdf1 = {"tool_id": "atdf1_echo", "description": "Echo.", "when_to_use": "Tests.",
             "how_to_use": {"inputs": [{"name": "id", "type": "string", "description": "Id"}], "outputs": {"success": "ok", "failure": []}}}
    akita = {"name": "akita_echo", "description": "Echo.", "input_schema": ID_SCHEMA, "endpoint": f"{upstream}/echo/akita", "method": "POST"}
    config = {"bindings": {"atdf1_echo": {"endpoint": f"{upstream}/echo/atdf1/{{id}}", "method": "DELETE"}}}
    catalog = catalog_of(tmp_path, config=config, extra={"a.json": ardf_tool, "b.json": atdf2, "c.json": atdf1, "d.json": akita})
    assert catalog.serving_problems == ()

    async def run() -> list[dict[str, Any]]:
        with anyio.fail_after(20):
            async with connected(build_server(catalog)) as client:
                return [echoed(await client.call_tool(name, {"id": "7"}))
                        for name in ("ardf_echo", "atdf2_echo", "atdf1_echo", "akita_echo")]

    seen = anyio.run(run)
    assert [(s["method"], s["path"], s["query"], s["body"]) for s in seen] == [
        ("PUT", "/echo/ardf/7", [], None),
        ("GET", "/echo/atdf2", [["id", "7"]], None),
        ("DELETE", "/echo/atdf1/7", [], None),
        ("POST", "/echo/akita", [], {"id": "7"}),
    ]


def test_bindings_that_cannot_work_are_errors_and_answer_handler_unavailable(tmp_path: Path) -> None:
    """A placeholder naming no input, a templated host, a bad method: `validate` errors; calls answer HANDLER_UNAVAILABLE."""
    catalog = catalog_of(tmp_path,
                         mcp_tool("ghost", "http://127.0.0.1:9/items/{nope}", ID_SCHEMA),
                         mcp_tool("host", "http://{id}.example.org/x", ID_SCHEMA),
                         mcp_tool("verb", "http://127.0.0.1:9/x", ID_SCHEMA, method="FETCH"),
                         mcp_tool("relative", "/just/a/path", ID_SCHEMA),
                         mcp_tool("sso", "http://127.0.0.1:9/x", ID_SCHEMA, auth={"type": "kerberos", "env": "X"}))
    problems = {p.message.split("'")[1]: p for p in catalog.serving_problems}
    assert set(problems) == {"ghost", "host", "verb", "relative", "sso"}
    assert all(p.severity == "error" and p.code == "HANDLER_UNAVAILABLE" for p in problems.values())
    assert "{nope}, which is not an input" in problems["ghost"].message
    assert "only have {placeholders} in its path" in problems["host"].message
    assert "'kerberos' is not supported" in problems["sso"].message
    assert error_of(anyio.run(call, catalog, "ghost", {"id": "1"}))["code"] == "HANDLER_UNAVAILABLE"


# ---------------------------------------------------------------------------------------------
# Environment and auth


def test_environment_variables_are_interpolated_with_defaults(tmp_path: Path, upstream: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`${VAR}` and `${VAR:default}` in the endpoint, the base_url and header values."""
    port = upstream.rsplit(":", 1)[1]
    monkeypatch.setenv("ATDF_TEST_PORT", port)
    monkeypatch.delenv("ATDF_TEST_UNSET", raising=False)
    catalog = catalog_of(tmp_path,
                         mcp_tool("a", "http://127.0.0.1:${ATDF_TEST_PORT}/echo/a", headers={"X-Env": "${ATDF_TEST_UNSET:fallback}"}),
                         extra={"c.json": connector("svc", "${ATDF_TEST_UNSET:" + upstream + "}/echo", [
                             {"name": "b", "method": "GET", "path": "/b"}], headers={"X-Port": "${ATDF_TEST_PORT}"})})
    assert catalog.serving_problems == ()
    seen = echoed(anyio.run(call, catalog, "a", {}))
    assert seen["path"] == "/echo/a" and seen["headers"]["x-env"] == "fallback"
    seen = echoed(anyio.run(call, catalog, "svc__b", {}))
    assert seen["path"] == "/echo/b" and seen["headers"]["x-port"] == "***"  # an environment value in a header is a secret: masked


def test_an_unset_variable_is_a_warning_and_a_configuration_error(tmp_path: Path, upstream: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """validate warns (CONFIGURATION_ERROR); a call answers CONFIGURATION_ERROR naming the variable and sends nothing."""
    monkeypatch.delenv("ATDF_TEST_TOKEN", raising=False)
    monkeypatch.delenv("ATDF_TEST_HOST", raising=False)
    catalog = catalog_of(tmp_path,
                         mcp_tool("needs_token", f"{upstream}/echo/token", auth={"type": "bearer", "env": "ATDF_TEST_TOKEN"}),
                         mcp_tool("needs_host", "${ATDF_TEST_HOST}/echo/host"))
    problems = catalog.serving_problems
    assert [(p.severity, p.code) for p in problems] == [("warning", "CONFIGURATION_ERROR")] * 2
    assert "ATDF_TEST_TOKEN" in problems[0].message and "ATDF_TEST_HOST" in problems[1].message
    before = HITS["echo:GET"]
    error = error_of(anyio.run(call, catalog, "needs_token", {}))
    assert error["code"] == "CONFIGURATION_ERROR"
    assert error["type"] == "urn:atdf:error:configuration-error"
    assert "ATDF_TEST_TOKEN" in error["detail"] and error["context"]["missing_variables"] == ["ATDF_TEST_TOKEN"]
    assert error["context"]["retryable"] is False
    assert error_of(anyio.run(call, catalog, "needs_host", {}))["context"]["missing_variables"] == ["ATDF_TEST_HOST"]
    assert HITS["echo:GET"] == before


def test_validate_reports_unset_variables_and_bad_http_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """`atdf-mcp validate` names the unset variable (a warning: exit 0, 1 with --strict) and the ignored http: options."""
    monkeypatch.delenv("ATDF_TEST_TOKEN", raising=False)
    catalog_of(tmp_path, mcp_tool("needs_token", "http://127.0.0.1:9/x", auth={"type": "bearer", "env": "ATDF_TEST_TOKEN"}),
               config={"http": {"timeout": -1, "retry": 3}})
    assert cli_main(["validate", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "ATDF_TEST_TOKEN not set" in out and "[CONFIGURATION_ERROR]" in out
    assert "http.timeout must be a positive number" in out and "unknown HTTP option 'retry'" in out
    assert cli_main(["validate", "--strict", str(tmp_path)]) == 1


@pytest.mark.parametrize(("auth", "header", "value"), [
    ({"type": "bearer", "env": "ATDF_TEST_TOKEN"}, "authorization", f"Bearer {SECRET}"),
    ({"type": "oauth2", "env": "ATDF_TEST_TOKEN", "scopes": ["read"]}, "authorization", f"Bearer {SECRET}"),
    ({"type": "basic", "env": "ATDF_TEST_TOKEN", "username": "agent"}, "authorization",
     "Basic " + base64.b64encode(f"agent:{SECRET}".encode()).decode()),
    ({"type": "api_key", "env": "ATDF_TEST_TOKEN"}, "x-api-key", SECRET),
    ({"type": "api_key", "env": "ATDF_TEST_TOKEN", "header": "X-Key"}, "x-key", SECRET),
    ({"type": "header", "env": "ATDF_TEST_TOKEN", "header": "X-Auth", "prefix": "Token"}, "x-auth", f"Token {SECRET}"),
])
def test_auth_reads_the_secret_from_the_environment(tmp_path: Path, upstream: str, monkeypatch: pytest.MonkeyPatch,
                                                     auth: dict[str, Any], header: str, value: str) -> None:
    """bearer, oauth2 (a token in the environment), basic, api_key and header put the secret where the upstream expects it."""
    monkeypatch.setenv("ATDF_TEST_TOKEN", SECRET)
    catalog = catalog_of(tmp_path, mcp_tool("secured", f"{upstream}/echo/secured", auth=auth))
    masked = value.replace(value.split()[-1], "***")  # the upstream echoes what it got; the client sees the secret masked
    assert echoed(anyio.run(call, catalog, "secured", {}))["headers"][header] == masked


def test_secrets_never_reach_the_envelope(tmp_path: Path, upstream: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An upstream that echoes the token, an API key in the query: the envelope shows *** instead."""
    monkeypatch.setenv("ATDF_TEST_TOKEN", SECRET)
    catalog = catalog_of(tmp_path,
                         mcp_tool("echoes", f"{upstream}/status/401?kind=secret", auth={"type": "bearer", "env": "ATDF_TEST_TOKEN"}),
                         mcp_tool("keyed", f"{upstream}/status/403", auth={"type": "api_key", "env": "ATDF_TEST_TOKEN", "in": "query",
                                                                            "name": "k"}),
                         mcp_tool("static", f"{upstream}/status/404?sig=${{ATDF_TEST_TOKEN}}&page=1"))
    for name in ("echoes", "keyed", "static"):
        result = anyio.run(call, catalog, name, {})
        error = error_of(result)
        assert SECRET not in result.content[0].text, name
        assert "***" in json.dumps(error), name
    assert error_of(anyio.run(call, catalog, "echoes", {}))["code"] == "AUTHENTICATION_ERROR"
    assert error_of(anyio.run(call, catalog, "keyed", {}))["context"]["url"].endswith("/status/403?k=***")
    assert error_of(anyio.run(call, catalog, "static", {}))["context"]["url"].endswith("/status/404?sig=***&page=1")


# ---------------------------------------------------------------------------------------------
# Request safety


HOSTILE = ["../admin", "..", "%2F..%2Fadmin", "a/b", "a?b=c", "a#frag", "user@evil.example", "\\windows\\system32",
           "São Paulo 東京 🙂", "semi;colon", "x" * 2000, "https://evil.example/", "//evil.example"]


@pytest.mark.parametrize("value", [v for v in HOSTILE if v != ".."], ids=lambda v: v[:20])
def test_a_path_value_stays_one_segment_under_the_base(tmp_path: Path, upstream: str, value: str) -> None:
    """Whatever the value, it is one percent-encoded segment of the declared path; scheme, host and port never change."""
    catalog = catalog_of(tmp_path, mcp_tool("item", f"{upstream}/echo/items/{{id}}/detail", ID_SCHEMA))
    seen = echoed(anyio.run(call, catalog, "item", {"id": value, "q": "?&#"}))
    assert seen["raw_path"] == "/echo/items/" + quote(value, safe="") + "/detail"
    assert seen["path_params"]["rest"] == f"items/{value}/detail"  # the upstream decodes exactly the value back
    assert seen["query"] == [["q", "?&#"]]
    assert seen["headers"]["host"] == upstream.removeprefix("http://")


@pytest.mark.parametrize("value", ["", ".", ".."])
def test_empty_and_dot_segments_are_refused_before_any_request(tmp_path: Path, upstream: str, value: str) -> None:
    """'', '.' and '..' would change the URL's shape: VALIDATION_ERROR naming the parameter, no request."""
    catalog = catalog_of(tmp_path, mcp_tool("item", f"{upstream}/echo/items/{{id}}", ID_SCHEMA))
    before = HITS["echo:GET"]
    error = error_of(anyio.run(call, catalog, "item", {"id": value}))
    assert (error["code"], error["parameter_name"]) == ("VALIDATION_ERROR", "id")
    assert HITS["echo:GET"] == before


def test_a_too_long_url_and_header_injection_are_refused(tmp_path: Path, upstream: str) -> None:
    """A value that makes the URL longer than 8 KB, or a header value with CR/LF: VALIDATION_ERROR naming the parameter."""
    schema = {"type": "object", "properties": {"id": {"type": "string"}, "trace": {"type": "string"}}, "required": ["id"]}
    catalog = catalog_of(tmp_path, mcp_tool("item", f"{upstream}/echo/items/{{id}}", schema, headers={"X-Trace": "t-{trace}"}))
    before = HITS["echo:GET"]
    error = error_of(anyio.run(call, catalog, "item", {"id": "é" * 5000}))
    assert (error["code"], error["parameter_name"]) == ("VALIDATION_ERROR", "id")
    assert "8192" in error["detail"]
    error = error_of(anyio.run(call, catalog, "item", {"id": "1", "trace": "a\r\nX-Admin: yes"}))
    assert (error["code"], error["parameter_name"]) == ("VALIDATION_ERROR", "trace")
    assert HITS["echo:GET"] == before
    assert echoed(anyio.run(call, catalog, "item", {"id": "1", "trace": "abc"}))["headers"]["x-trace"] == "t-abc"


def test_arguments_are_validated_before_any_request(tmp_path: Path, upstream: str) -> None:
    """A call that breaks the input schema is answered by atdf-mcp itself; the upstream sees nothing."""
    catalog = catalog_of(tmp_path, mcp_tool("item", f"{upstream}/echo/items/{{id}}", ID_SCHEMA))
    before = HITS["echo:GET"]
    error = error_of(anyio.run(call, catalog, "item", {"id": 5}))
    assert (error["code"], error["parameter_name"], error["suggested_value"]) == ("VALIDATION_ERROR", "id", "5")
    assert HITS["echo:GET"] == before


@pytest.mark.anyio
async def test_the_clients_authorization_header_is_never_forwarded(tmp_path: Path, upstream: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over Streamable HTTP with a bearer token, the upstream sees the tool's own credentials, never the client's."""
    from atdf_mcp.web import HttpOptions, build_app

    monkeypatch.setenv("ATDF_TEST_TOKEN", SECRET)
    catalog = catalog_of(tmp_path, mcp_tool("plain", f"{upstream}/echo/plain"),
                         mcp_tool("secured", f"{upstream}/echo/secured", auth={"type": "api_key", "env": "ATDF_TEST_TOKEN"}))
    client_token = "client-token-must-stay-here"
    with running(_closing_http_pool(build_app(CatalogServer(catalog), HttpOptions(auth_token=client_token)))) as base:
        with anyio.fail_after(30):
            auth = {"Authorization": f"Bearer {client_token}", "X-Custom": "client"}
            async with (httpx2.AsyncClient(headers=auth, timeout=httpx2.Timeout(30)) as session,
                        Client(streamable_http_client(f"{base}/mcp", http_client=session), mode="legacy") as client):
                plain = echoed(await client.call_tool("plain", {}))
                secured = echoed(await client.call_tool("secured", {}))
    assert "authorization" not in plain["headers"] and "x-custom" not in plain["headers"]
    assert "authorization" not in secured["headers"] and secured["headers"]["x-api-key"] == "***"  # the secret, masked


def _closing_http_pool(app: ASGIApp) -> ASGIApp:
    """`app`, closing the shared HTTP client of uvicorn's loop at lifespan shutdown."""
    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            return await app(scope, receive, send)

        async def receive_closing() -> Message:
            message = await receive()
            if message["type"] == "lifespan.shutdown":
                await http.aclose()
            return message

        return await app(scope, receive_closing, send)

    return wrapped


# ---------------------------------------------------------------------------------------------
# Where inputs go


def test_get_puts_placeholders_in_the_path_and_the_rest_in_the_query(tmp_path: Path, upstream: str) -> None:
    """Lists repeat the parameter, booleans are lowercase, objects are JSON, absent inputs are not sent."""
    schema = {"type": "object", "properties": {"id": {"type": "integer"}, "tags": {"type": "array"}, "open": {"type": "boolean"},
                                               "filter": {"type": "object"}, "note": {"type": ["string", "null"]}, "page": {"type": "integer"}}}
    catalog = catalog_of(tmp_path, mcp_tool("search", f"{upstream}/echo/v1/{{id}}?fixed=1", schema))
    seen = echoed(anyio.run(call, catalog, "search", {"id": 42, "tags": ["a", "b c"], "open": True, "filter": {"x": 1}, "note": None}))
    assert seen["path"] == "/echo/v1/42"
    assert seen["query"] == [["fixed", "1"], ["tags", "a"], ["tags", "b c"], ["open", "true"], ["filter", '{"x":1}']]
    assert seen["body"] is None


def test_post_sends_the_rest_as_a_json_body_and_honours_explicit_placement(tmp_path: Path, upstream: str) -> None:
    """Default: JSON body. `query`, `headers` templates and a mapped `body` move inputs; `{input}` as body sends one value."""
    schema = {"type": "object", "properties": {k: {} for k in ("id", "dry_run", "trace", "name", "size", "payload")}}
    catalog = catalog_of(tmp_path,
                         mcp_tool("create", f"{upstream}/echo/things/{{id}}", schema, method="POST", query=["dry_run"],
                                  headers={"X-Trace": "{trace}", "X-Static": "yes"}, body={"full_name": "{name}"}),
                         mcp_tool("raw", f"{upstream}/echo/raw", schema, method="PUT", body="{payload}"),
                         mcp_tool("remove", f"{upstream}/echo/things/{{id}}", schema, method="DELETE"))
    seen = echoed(anyio.run(call, catalog, "create", {"id": "t1", "dry_run": False, "trace": "abc", "name": "Ada", "size": 3}))
    assert (seen["method"], seen["path"], seen["query"]) == ("POST", "/echo/things/t1", [["dry_run", "false"]])
    assert seen["headers"]["x-trace"] == "abc" and seen["headers"]["x-static"] == "yes"
    assert seen["headers"]["content-type"] == "application/json"
    assert seen["body"] == {"full_name": "Ada", "size": 3}
    assert echoed(anyio.run(call, catalog, "raw", {"payload": [1, {"a": "é"}]}))["body"] == [1, {"a": "é"}]
    seen = echoed(anyio.run(call, catalog, "remove", {"id": "t1", "size": 3}))
    assert (seen["method"], seen["query"], seen["body"]) == ("DELETE", [["size", "3"]], None)


def test_connector_endpoint_calls_its_upstream_with_path_query_and_body(tmp_path: Path, upstream: str) -> None:
    """A connector's endpoint tool: base_url + path, query inputs in the query, body inputs in the body, connector headers."""
    catalog = catalog_of(tmp_path, extra={"c.json": connector("svc", f"{upstream}/echo/api/", [
        {"name": "update", "method": "PATCH", "path": "/items/{item_id}", "query": {"notify": "boolean"},
         "body": {"type": "object", "properties": {"title": {"type": "string"}}}},
    ], headers={"X-Client": "atdf"})})
    seen = echoed(anyio.run(call, catalog, "svc__update", {"item_id": "a/b", "notify": True, "title": "T"}))
    assert (seen["method"], seen["raw_path"]) == ("PATCH", "/echo/api/items/a%2Fb")
    assert seen["query"] == [["notify", "true"]] and seen["body"] == {"title": "T"} and seen["headers"]["x-client"] == "atdf"


# ---------------------------------------------------------------------------------------------
# Status codes → envelopes


@pytest.mark.parametrize(("status", "code", "retryable"), [
    (400, "VALIDATION_ERROR", False), (422, "VALIDATION_ERROR", False), (401, "AUTHENTICATION_ERROR", False),
    (403, "AUTHORIZATION_ERROR", False), (404, "NOT_FOUND", False), (409, "CONFLICT", False), (429, "RATE_LIMITED", True),
    (500, "UPSTREAM_ERROR", True), (502, "UPSTREAM_ERROR", True), (503, "UPSTREAM_ERROR", True), (504, "UPSTREAM_ERROR", True),
    (418, "UPSTREAM_ERROR", False), (302, "UPSTREAM_ERROR", False),
])
def test_every_status_becomes_an_envelope(tmp_path: Path, upstream: str, status: int, code: str, retryable: bool) -> None:
    """The code, retryable, the HTTP status, method, URL and a body excerpt; the upstream message in the detail."""
    catalog = catalog_of(tmp_path, mcp_tool("st", f"{upstream}/status/{status}", retries=0))
    error = error_of(anyio.run(call, catalog, "st", {}))
    assert (error["code"], error["type"]) == (code, f"urn:atdf:error:{code.lower().replace('_', '-')}")
    assert error["tool_name"] == "st" and error["instance"].startswith("urn:uuid:")
    context = error["context"]
    assert (context["http_status"], context["method"], context["retryable"]) == (status, "GET", retryable)
    assert context["url"] == f"{upstream}/status/{status}"
    assert context["body_excerpt"] == json.dumps({"message": f"upstream says {status}"}, separators=(",", ":"))
    assert f"upstream says {status}" in error["detail"] and context["solution"]


def test_the_status_table_is_complete() -> None:
    """Every status from 300 to 599 maps to a built-in code; only 408, 429 and 5xx say retryable."""
    from atdf_mcp.dispatch.upstream import STATUS_CODES, retry_after, status_class

    codes = {"VALIDATION_ERROR", "AUTHENTICATION_ERROR", "AUTHORIZATION_ERROR", "NOT_FOUND", "CONFLICT", "RATE_LIMITED", "TIMEOUT",
             "UPSTREAM_ERROR"}
    for status in range(300, 600):
        code, retryable, title, solution = STATUS_CODES.get(status) or status_class(status)
        assert code in codes and title and solution, status
        assert retryable == (status in (408, 429) or status >= 500), status
    assert retry_after("120") == 120 and retry_after("soon") is None
    assert retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # a date in the past: no wait


def test_an_error_body_is_excerpted_and_non_json_bodies_are_quoted(tmp_path: Path, upstream: str) -> None:
    """At most 2 KB of the body; a text body is the upstream message; an HTML page only goes to the excerpt."""
    catalog = catalog_of(tmp_path, mcp_tool("text", f"{upstream}/status/500?kind=text", retries=0),
                         mcp_tool("html", f"{upstream}/status/502?kind=html", retries=0),
                         mcp_tool("empty", f"{upstream}/status/503?kind=empty", retries=0))
    assert "plain failure 500" in error_of(anyio.run(call, catalog, "text", {}))["detail"]
    html = error_of(anyio.run(call, catalog, "html", {}))
    assert "<html>" not in html["detail"] and "<h1>Bad gateway</h1>" in html["context"]["body_excerpt"]
    empty = error_of(anyio.run(call, catalog, "empty", {}))
    assert "body_excerpt" not in empty["context"] and empty["detail"].endswith("HTTP 503 Service Unavailable.")


def test_error_excerpt_is_bounded(tmp_path: Path, upstream: str) -> None:
    """A huge error body keeps at most 2 KB in context.body_excerpt."""
    catalog = catalog_of(tmp_path, mcp_tool("huge", f"{upstream}/status/500?kind=big", retries=0))
    error = error_of(anyio.run(call, catalog, "huge", {}))
    assert error["context"]["body_excerpt"] == "y" * 2048


def test_an_upstream_atdf_envelope_is_passed_on(tmp_path: Path, upstream: str) -> None:
    """`errors[]` from the upstream: its code, title, type, parameter (body. prefix dropped) and suggestion kept; tool_name ours."""
    schema = {"type": "object", "properties": {"check_in": {"type": "string", "format": "date"}, "kind": {"type": "string"}}}
    catalog = catalog_of(tmp_path, mcp_tool("book", f"{upstream}/status/400", schema, query=["kind"]))
    error = error_of(anyio.run(call, catalog, "book", {"check_in": "2001-01-01", "kind": "envelope"}))
    assert error["code"] == "invalid_dates" and error["title"] == "Invalid date"
    assert error["type"] == "https://api.example.com/errors/invalid-date"
    assert error["detail"] == "check_in is in the past"
    assert (error["tool_name"], error["parameter_name"], error["suggested_value"]) == ("book", "check_in", "2031-01-02")
    assert error["instance"].startswith("urn:uuid:") and error["context"]["upstream_instance"] == "/errors/123"
    assert error["context"]["provided"] == "2001-01-01" and error["context"]["http_status"] == 400
    assert error["context"]["suggested_arguments"] == {"check_in": "2031-01-02", "kind": "envelope"}


def test_an_enriched_status_data_envelope_and_a_2xx_envelope_are_failures_too(tmp_path: Path, upstream: str) -> None:
    """`{status: error, data: {code, message, details}}` maps to one entry; an envelope sent with 200 is still a failure."""
    schema = {"type": "object", "properties": {"check_out": {"type": "string"}, "kind": {"type": "string"}}}
    catalog = catalog_of(tmp_path, mcp_tool("stay", f"{upstream}/status/422", schema, query=["kind"]),
                         mcp_tool("sold", f"{upstream}/shapes/ok-envelope"))
    error = error_of(anyio.run(call, catalog, "stay", {"check_out": "2031-01-01", "kind": "enriched"}))
    assert (error["code"], error["parameter_name"], error["suggested_value"]) == ("INVALID_DATE_RANGE", "check_out", "2031-01-03")
    assert error["detail"] == "check_out must follow check_in"
    assert error["context"]["expected"] == {"conditions": ["after check_in"]} and error["context"]["solution"] == "Move check_out after check_in."
    sold = error_of(anyio.run(call, catalog, "sold", {}))
    assert (sold["code"], sold["detail"], sold["context"]["http_status"]) == ("SOLD_OUT", "No seats left", 200)


def test_a_declared_failure_code_named_by_the_upstream_wins(tmp_path: Path, upstream: str) -> None:
    """`{"code": "SLOT_UNAVAILABLE"}` in a 409 body: the descriptor's code and description, the upstream message in the detail."""
    tool = {"schema_version": "1.0.0", "resource_id": "book_slot", "resource_type": "tool", "description": "Book a slot.",
            "content": {"type": "tool/io", "data": {
                "endpoint": f"{upstream}/status/409", "method": "POST", "query": ["kind", "code"],
                "inputs": [{"name": "kind", "type": "string", "description": "k"}, {"name": "code", "type": "string", "description": "c"}],
                "outputs": {"success": "Booked.", "failure": [
                    {"code": "SLOT_UNAVAILABLE", "description": "The slot was taken meanwhile.", "suggested_value": "10:30"}]}}}}
    catalog = catalog_of(tmp_path, extra={"t.json": tool})
    error = error_of(anyio.run(call, catalog, "book_slot", {"kind": "code"}))
    assert (error["code"], error["title"], error["type"]) == ("SLOT_UNAVAILABLE", "The slot was taken meanwhile.",
                                                               "urn:atdf:error:slot-unavailable")
    assert "That slot was just taken." in error["detail"] and error["suggested_value"] == "10:30"
    assert error["context"]["http_status"] == 409
    other = error_of(anyio.run(call, catalog, "book_slot", {"kind": "code", "code": "SOMETHING_ELSE"}))
    assert other["code"] == "CONFLICT"


def test_a_pydantic_422_names_the_parameter(tmp_path: Path, upstream: str) -> None:
    """FastAPI's `detail: [{loc: [query, city], msg}]`: parameter_name city, the message in the detail."""
    schema = {"type": "object", "properties": {"city": {"type": "string"}, "kind": {"type": "string"}}}
    catalog = catalog_of(tmp_path, mcp_tool("weather", f"{upstream}/status/422", schema))
    error = error_of(anyio.run(call, catalog, "weather", {"kind": "pydantic"}))
    assert (error["code"], error["parameter_name"]) == ("VALIDATION_ERROR", "city")
    assert "query.city: field required" in error["detail"]


# ---------------------------------------------------------------------------------------------
# Transport: timeouts, retries, broken connections, size


def test_a_slow_upstream_answers_timeout_within_the_tools_timeout(tmp_path: Path, upstream: str) -> None:
    """timeout: 0.5 → TIMEOUT (retryable) after about half a second, with the method and URL."""
    catalog = catalog_of(tmp_path, mcp_tool("slow", f"{upstream}/slow/t1?seconds=5", timeout=0.5))
    started = time.monotonic()
    error = error_of(anyio.run(call, catalog, "slow", {}))
    assert time.monotonic() - started < 3
    assert (error["code"], error["context"]["retryable"], error["context"]["method"]) == ("TIMEOUT", True, "GET")
    assert error["context"]["url"] == f"{upstream}/slow/t1?seconds=5" and error["context"]["attempts"] == 1


@pytest.mark.parametrize(("method", "binding", "hits"), [
    ("GET", {}, 3), ("PUT", {"retries": 1}, 2), ("DELETE", {"retries": 0}, 1),
    ("POST", {}, 1), ("POST", {"idempotent": True}, 3), ("GET", {"idempotent": False}, 1),
])
def test_retries_are_counted_on_the_server(tmp_path: Path, upstream: str, method: str, binding: dict[str, Any], hits: int) -> None:
    """503 every time: idempotent methods are retried (2 by default), POST never unless declared idempotent."""
    key = f"r-{method}-{len(binding)}-{hits}"
    catalog = catalog_of(tmp_path, mcp_tool("flaky", f"{upstream}/flaky/{key}", method=method, **binding),
                         config={"http": {"backoff": 0.01}})
    error = error_of(anyio.run(call, catalog, "flaky", {}))
    assert (error["code"], error["context"]["attempts"]) == ("UPSTREAM_ERROR", hits)
    assert HITS[f"flaky:{key}"] == hits


def test_a_retried_call_can_succeed(tmp_path: Path, upstream: str) -> None:
    """502 once, then 200: the client only sees the success."""
    catalog = catalog_of(tmp_path, mcp_tool("flaky", f"{upstream}/flaky/ok1?status=502&ok_after=1"), config={"http": {"backoff": 0.01}})
    assert echoed(anyio.run(call, catalog, "flaky", {})) == {"attempt": 2}
    assert HITS["flaky:ok1"] == 2


def test_retry_after_is_honoured_up_to_the_timeout(tmp_path: Path, upstream: str) -> None:
    """429 with Retry-After: 1 → waits a second and retries; Retry-After beyond the timeout → RATE_LIMITED at once."""
    catalog = catalog_of(tmp_path, mcp_tool("polite", f"{upstream}/flaky/ra1?status=429&ok_after=1&retry_after=1", timeout=5),
                         mcp_tool("busy", f"{upstream}/flaky/ra2?status=429&retry_after=120", timeout=5))
    started = time.monotonic()
    assert echoed(anyio.run(call, catalog, "polite", {})) == {"attempt": 2}
    assert 1.0 <= time.monotonic() - started < 4
    started = time.monotonic()
    error = error_of(anyio.run(call, catalog, "busy", {}))
    assert time.monotonic() - started < 2
    assert (error["code"], error["context"]["retryable"], error["context"]["retry_after"]) == ("RATE_LIMITED", True, 120)
    assert "Wait 120 s" in error["context"]["solution"]
    assert HITS["flaky:ra2"] == 1


def test_unreachable_upstreams_answer_unavailable(tmp_path: Path) -> None:
    """Connection refused and an unknown host name: UNAVAILABLE, retryable, retried for GET."""
    catalog = catalog_of(tmp_path, mcp_tool("refused", f"http://127.0.0.1:{free_port()}/x"),
                         mcp_tool("nowhere", "http://no-such-host.invalid/x", method="POST"), config={"http": {"backoff": 0.01}})
    refused = error_of(anyio.run(call, catalog, "refused", {}))
    assert (refused["code"], refused["context"]["retryable"], refused["context"]["attempts"]) == ("UNAVAILABLE", True, 3)
    assert "connection refused" in refused["detail"]
    nowhere = error_of(anyio.run(call, catalog, "nowhere", {}))
    assert (nowhere["code"], nowhere["context"]["attempts"]) == ("UNAVAILABLE", 1)
    assert "does not resolve" in nowhere["detail"]


def test_a_connection_closed_mid_response_is_a_retryable_upstream_error(tmp_path: Path, upstream: str) -> None:
    """The upstream promises 1000 bytes, sends 10 and drops the connection: UPSTREAM_ERROR, retried for GET only."""
    catalog = catalog_of(tmp_path, mcp_tool("get", f"{upstream}/hangup"), mcp_tool("post", f"{upstream}/hangup", method="POST"),
                         config={"http": {"backoff": 0.01}})
    before = HITS["hangup"]
    error = error_of(anyio.run(call, catalog, "get", {}))
    assert (error["code"], error["context"]["retryable"], error["context"]["attempts"]) == ("UPSTREAM_ERROR", True, 3)
    assert "closed the connection" in error["detail"]
    assert error_of(anyio.run(call, catalog, "post", {}))["context"]["attempts"] == 1
    assert HITS["hangup"] - before == 4



@contextlib.contextmanager
def closing_upstream(answers_per_connection: int) -> Iterator[tuple[str, list[int]]]:
    """A raw HTTP/1.1 upstream on 127.0.0.1 that answers `answers_per_connection` requests on each connection (keep-alive),
    then closes it on the next request without a byte of answer: the race of a keep-alive timeout. Yields its URL and
    the number of requests each connection read."""
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))
    seen: list[int] = []

    def serve(conn: socket.socket) -> None:
        with conn:
            seen.append(0)
            index, buffer = len(seen) - 1, b""
            while True:
                while b"\r\n\r\n" not in buffer:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                head, _, buffer = buffer.partition(b"\r\n\r\n")
                length = int(next((line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), b"0"))
                while len(buffer) < length:
                    buffer += conn.recv(65536)
                buffer = buffer[length:]
                seen[index] += 1
                if seen[index] > answers_per_connection:
                    return  # closed, unanswered
                conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 12\r\n\r\n{\"ok\": true}")

    def accept() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = listener.accept()
                threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}", seen
    finally:
        listener.close()


@pytest.mark.anyio
async def test_a_kept_alive_connection_closed_unanswered_is_resent_once_on_a_new_one(tmp_path: Path) -> None:
    """The upstream closes a kept-alive connection as the next request goes out: that request, even a POST, is sent once
    more on a new connection and succeeds. A new connection closed unanswered is not resent (the POST may have run)."""
    with closing_upstream(answers_per_connection=1) as (url, seen):
        catalog = catalog_of(tmp_path, mcp_tool("post", f"{url}/things", method="POST"))
        with anyio.fail_after(20):
            async with connected(build_server(catalog)) as client:
                for _ in range(3):
                    result = await client.call_tool("post", {})
                    assert not result.is_error and result.structured_content == {"ok": True}, result
        assert seen == [2, 2, 1]  # each kept connection read one more request and closed; each resend opened a new one
    with closing_upstream(answers_per_connection=0) as (url, seen):
        catalog = catalog_of(tmp_path, mcp_tool("post", f"{url}/things", method="POST"))
        error = error_of(await call(catalog, "post", {}))
        assert (error["code"], error["context"]["attempts"], seen) == ("UPSTREAM_ERROR", 1, [1])
        assert "closed the connection" in error["detail"]

def test_oversized_responses_are_truncated_and_say_so(tmp_path: Path, upstream: str) -> None:
    """Over the cap (1 MiB by default, `max_response_bytes` per tool): the first bytes as text, plus a note."""
    catalog = catalog_of(tmp_path, mcp_tool("default_cap", f"{upstream}/big?size=1500000"),
                         mcp_tool("small_cap", f"{upstream}/big?size=5000&kind=text", max_response_bytes=1000))
    result = anyio.run(call, catalog, "default_cap", {})
    assert not result.is_error and result.structured_content is None
    assert len(result.content[0].text) == 1024 * 1024
    assert "truncated" in result.content[1].text and str(1024 * 1024) in result.content[1].text
    result = anyio.run(call, catalog, "small_cap", {})
    assert result.content[0].text == "x" * 1000
    assert "holds 5000 bytes, only the first 1000" in result.content[1].text


def test_an_oversized_answer_for_a_tool_with_an_output_schema_is_an_error(tmp_path: Path, upstream: str) -> None:
    """A cut answer cannot match the declared outputSchema: RESPONSE_TOO_LARGE instead of a result clients would reject."""
    catalog = catalog_of(tmp_path, mcp_tool("typed", f"{upstream}/big?size=5000", outputSchema={"type": "object"}, max_response_bytes=1000))
    error = error_of(anyio.run(call, catalog, "typed", {}))
    assert (error["code"], error["context"]["max_response_bytes"], error["context"]["retryable"]) == ("RESPONSE_TOO_LARGE", 1000, False)


@pytest.mark.parametrize(("kind", "check"), [
    ("array", lambda r: r.structured_content == {"result": [{"type": "text", "text": "not a content block"}, 2]}),
    ("scalar", lambda r: r.structured_content == {"result": 42}),
    ("text", lambda r: r.content[0].text == "hello, plain text" and r.structured_content is None),
    ("csv", lambda r: r.content[0].text == "a,b\n1,2\n"),
    ("badjson", lambda r: r.content[0].text == "{not json"),
    ("nocontent", lambda r: r.content[0].text == "The tool completed successfully."),
    ("png", lambda r: r.content[0].type == "image" and r.content[0].mime_type == "image/png"
     and base64.b64decode(r.content[0].data).startswith(b"\x89PNG")),
    ("pdf", lambda r: r.content[0].type == "resource" and r.content[0].resource.mime_type == "application/pdf"
     and base64.b64decode(r.content[0].resource.blob) == b"%PDF-1.4 binary\x00\x01"),
])
def test_success_bodies_of_every_kind(tmp_path: Path, upstream: str, kind: str, check: Any) -> None:
    """JSON objects are structured, arrays and scalars wrapped, text is text, binary keeps its mime type, 204 a short text."""
    catalog = catalog_of(tmp_path, mcp_tool("shape", f"{upstream}/shapes/{kind}"))
    result = anyio.run(call, catalog, "shape", {})
    assert not result.is_error and check(result), result


def test_response_extracts_a_part_of_the_answer(tmp_path: Path, upstream: str) -> None:
    """`response` as a JSON pointer or a dotted path; a missing part is an UPSTREAM_ERROR."""
    catalog = catalog_of(tmp_path, mcp_tool("pointer", f"{upstream}/shapes/nested", response="/data/items"),
                         mcp_tool("dotted", f"{upstream}/shapes/nested", response="data.items.0"),
                         mcp_tool("missing", f"{upstream}/shapes/nested", response="/data/nothing"))
    assert anyio.run(call, catalog, "pointer", {}).structured_content == {"result": [{"id": "a/1"}, {"id": "b"}]}
    assert anyio.run(call, catalog, "dotted", {}).structured_content == {"id": "a/1"}
    error = error_of(anyio.run(call, catalog, "missing", {}))
    assert error["code"] == "UPSTREAM_ERROR" and "/data/nothing" in error["detail"]


@pytest.mark.anyio
async def test_one_pooled_client_serves_every_call_and_keeps_connections_alive(tmp_path: Path, upstream: str) -> None:
    """Many calls, several tools: one httpx client per event loop, one keep-alive connection; aclose closes it."""
    catalog = catalog_of(tmp_path, mcp_tool("a", f"{upstream}/echo/a"), mcp_tool("b", f"{upstream}/echo/b"))
    with anyio.fail_after(20):
        async with connected(build_server(catalog)) as client:
            for name in ("a", "b") * 5:
                assert not (await client.call_tool(name, {})).is_error
            shared = http.POOL.client(allow_private=True)  # the catalogue's policy: its client
            assert http.POOL.client(allow_private=True) is shared and not shared.is_closed
            assert len(shared._transport._pool.connections) == 1  # type: ignore[attr-defined]
    assert shared.is_closed


# ---------------------------------------------------------------------------------------------
# End to end: the default catalogue and its demo API



@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_the_default_catalogue_calls_the_demo_api(demo_api: str, mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """descriptors/http: the HTTP tool, the connector's endpoints and the model, over an MCP client in both eras."""
    monkeypatch.setenv("ATDF_DEMO_API", demo_api)
    catalog = load_catalog(ROOT / "descriptors")
    assert catalog.report.errors == [] and catalog.serving_problems == ()
    with anyio.fail_after(30):
        async with connected(build_server(catalog), mode) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"weather_forecast", "travel_api__list_currencies", "travel_api__convert_currency", "travel_api__add_trip_note",
                    "travel_api__get_trip_note", "review_sentiment__invoke"} <= names
            weather = await client.call_tool("weather_forecast", {"city": "lisbon", "days": 2})
            assert weather.structured_content["city"] == "Lisbon" and len(weather.structured_content["forecast"]) == 2
            unknown = await client.call_tool("weather_forecast", {"city": "Madird"})
            error = error_of(unknown)
            assert (error["code"], error["parameter_name"], error["suggested_value"]) == ("UNKNOWN_CITY", "city", "Madrid")
            assert error["context"]["suggested_arguments"] == {"city": "Madrid", "days": 3, "units": "metric"}
            converted = await client.call_tool("travel_api__convert_currency", {"from": "EUR", "to": "USD", "amount": 100})
            assert converted.structured_content["result"] == 108.0
            unsupported = error_of(await client.call_tool("travel_api__convert_currency", {"from": "EUR", "to": "XYZ", "amount": 1}))
            assert (unsupported["code"], unsupported["parameter_name"]) == ("UNSUPPORTED_CURRENCY", "to")
            note = (await client.call_tool("travel_api__add_trip_note", {"trip": mode, "text": "Aisle seat"})).structured_content
            again = await client.call_tool("travel_api__get_trip_note", {"note_id": note["id"]})
            assert again.structured_content["text"] == "Aisle seat" and note["id"] not in ("N-0001", "N-0002")
            missing = error_of(await client.call_tool("travel_api__get_trip_note", {"note_id": "N-9999"}))
            assert missing["code"] == "NOTE_NOT_FOUND"
            mood = await client.call_tool("review_sentiment__invoke", {"text": "Friendly staff, clean and quiet room"})
            assert mood.structured_content["label"] == "positive"


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_every_example_of_the_http_tools_succeeds(demo_api: str, mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The examples of descriptors/http (and of the derived tools) all work against the demo API, with valid outputs."""
    monkeypatch.setenv("ATDF_DEMO_API", demo_api)
    catalog = load_catalog(ROOT / "descriptors")
    http_tools = [t for t in catalog.tools if t.binding.get("endpoint")]
    assert len(http_tools) == 6
    with anyio.fail_after(30):
        async with connected(build_server(catalog), mode) as client:  # the client checks structuredContent against outputSchema
            for tool in http_tools:
                assert len(tool.examples) >= 2, tool.id
                for example in tool.examples:
                    result = await client.call_tool(tool.id, example.input)
                    assert not result.is_error, (tool.id, example.input, result.content)
                    assert isinstance(result.structured_content, dict)


@pytest.mark.anyio
async def test_the_default_catalogue_without_the_demo_api_answers_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not running: the declared UNAVAILABLE failure tells the agent (and the operator) how to start it."""
    monkeypatch.setenv("ATDF_DEMO_API", f"http://127.0.0.1:{free_port()}")
    catalog = load_catalog(ROOT / "descriptors")
    with anyio.fail_after(30):
        async with connected(build_server(catalog)) as client:
            error = error_of(await client.call_tool("weather_forecast", {"city": "Rome", "days": 1}))
    assert error["code"] == "UNAVAILABLE" and "python -m examples.demo_api" in error["title"]
    assert error["context"]["retryable"] is True
