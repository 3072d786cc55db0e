"""The HTTP transports and REST routes, through real uvicorn servers on 127.0.0.1 and the SDK's own clients."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from envelopes import envelope_of
from local_server import free_port, running, serve_over_http
from mcp import Client
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from starlette.routing import Route

from atdf_mcp import load_catalog
from atdf_mcp.cli import main
from atdf_mcp.publish import COLLECTION_PATHS
from atdf_mcp.schemas import SCHEMA_FILES, SCHEMAS, schema_bytes
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app, default_allowed_hosts, endpoints_text, is_loopback, security_warnings

MODES = ["legacy", "auto"]
TOKEN = "s3cret-token-for-tests"
ECHO_SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
TOOLS = {"tools": [
    {"name": "echo", "description": "Echo a text.", "inputSchema": ECHO_SCHEMA},
    {"name": "refuse", "description": "Always refuses.", "inputSchema": ECHO_SCHEMA,
     "outputSchema": {"type": "object"}},
    {"name": "slow", "description": "Sleeps, then answers.",
     "inputSchema": {"type": "object", "properties": {"seconds": {"type": "number"}}, "required": ["seconds"]}},
]}
OTHERS = [
    {"schema_version": "1.0.0", "resource_id": "greet", "resource_type": "prompt", "description": "Greet someone.",
     "content": {"type": "prompt/template", "data": {"role": "user", "input_variables": ["name"], "template_text": "Say hello to ${name}."}}},
    {"schema_version": "1.0.0", "resource_id": "privacy", "resource_type": "policy", "description": "Keep data private.",
     "content": {"type": "policy/rules", "data": {"rules": [{"id": "r1", "statement": "Never share data.", "effect": "deny"}]}}},
]
HANDLERS = '''
import anyio
from atdf_mcp import ToolError

async def echo(text: str) -> dict:
    """Echo the text."""
    return {"echo": text}

async def refuse(text: str) -> dict:
    """Refuse with a declared-looking failure."""
    raise ToolError("AUTHORIZATION_ERROR", "This tool refuses everything.", parameter="text", suggested_value="please")

async def slow(seconds: float) -> dict:
    """Sleep, then answer."""
    await anyio.sleep(seconds)
    return {"slept": seconds}
'''



def write_catalog(folder: Path) -> Path:
    """Three tools with a handlers.py, a prompt and a policy."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (folder / "others.json").write_text(json.dumps(OTHERS), encoding="utf-8")
    (folder / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test catalogue, shared by the module's servers."""
    return write_catalog(tmp_path_factory.mktemp("web") / "catalog")


@pytest.fixture(scope="module")
def catalog_server(catalog_dir: Path) -> CatalogServer:
    """One CatalogServer for the in-process HTTP servers."""
    return CatalogServer(load_catalog(catalog_dir))


@pytest.fixture(scope="module")
def base_url(catalog_server: CatalogServer) -> Iterator[str]:
    """A server with the default options: /mcp stateful, /sse, REST; no token."""
    with running(build_app(catalog_server, HttpOptions())) as url:
        yield url


@pytest.fixture(scope="module")
def auth_url(catalog_server: CatalogServer) -> Iterator[str]:
    """A server that requires the bearer token TOKEN."""
    with running(build_app(catalog_server, HttpOptions(auth_token=TOKEN))) as url:
        yield url


def error_body(response: httpx.Response) -> dict[str, Any]:
    """The ATDF envelope of an HTTP error response (as is, or as the data of a JSON-RPC error on MCP paths), schema-checked."""
    body = response.json()
    if "jsonrpc" in body:
        assert body["error"]["code"] == -32600 and body["error"]["message"]
        body = body["error"]["data"]
    assert SCHEMAS["error"].violations(body) == []
    assert "Traceback" not in response.text
    return body["errors"][0]


def leaves(exc: BaseException) -> list[BaseException]:
    """The exceptions inside (nested) exception groups."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in leaves(inner)]
    return [exc]


async def exercise(client: Client) -> None:
    """What every transport must do: list and call tools, read resources, get prompts, errors as envelopes."""
    assert {t.name for t in (await client.list_tools()).tools} == {"echo", "refuse", "slow"}
    result = await client.call_tool("echo", {"text": "hi"})
    assert result.is_error is False
    assert result.structured_content == {"echo": "hi"}
    [content] = (await client.read_resource("ardf://tool/echo")).contents
    assert content.mime_type == "application/vnd.ardf+json"
    assert json.loads(content.text)["resource_id"] == "echo"
    prompt = await client.get_prompt("greet", {"name": "Ada"})
    assert "Say hello to Ada." in prompt.messages[0].content.text
    unknown = envelope_of(await client.call_tool("ecko", {"text": "hi"}))["errors"][0]
    assert (unknown["code"], unknown["suggested_value"]) == ("TOOL_NOT_FOUND", "echo")
    invalid = envelope_of(await client.call_tool("echo", {}))["errors"][0]
    assert (invalid["code"], invalid["parameter_name"]) == ("VALIDATION_ERROR", "text")
    refused = envelope_of(await client.call_tool("refuse", {"text": "x"}))["errors"][0]
    assert (refused["code"], refused["suggested_value"]) == ("AUTHORIZATION_ERROR", "please")
    with pytest.raises(MCPError):
        await client.read_resource("ardf://tool/nope")


# ---------------------------------------------------------------------------------------------
# MCP over Streamable HTTP and SSE


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_streamable_http_serves_tools_resources_prompts_and_envelopes(base_url: str, mode: str) -> None:
    """The SDK client over /mcp sees the whole catalogue, in both protocol eras."""
    with anyio.fail_after(20):
        async with Client(f"{base_url}/mcp", mode=mode) as client:
            await exercise(client)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_legacy_sse_serves_tools_resources_prompts_and_envelopes(base_url: str, mode: str) -> None:
    """The SDK client over /sse + /messages/ sees the whole catalogue, in both protocol eras."""
    with anyio.fail_after(20):
        async with Client(sse_client(f"{base_url}/sse"), mode=mode) as client:
            await exercise(client)


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("options", [HttpOptions(stateless=True), HttpOptions(json_response=True),
                                     HttpOptions(stateless=True, json_response=True)], ids=["stateless", "json", "stateless-json"])
async def test_stateless_and_json_response_modes_serve_the_same_calls(catalog_server: CatalogServer, options: HttpOptions,
                                                                      mode: str) -> None:
    """--stateless and --json-response change the wire, not what a client can do."""
    with running(build_app(catalog_server, options)) as url, anyio.fail_after(20):
        async with Client(f"{url}/mcp", mode=mode) as client:
            await exercise(client)


@pytest.mark.anyio
async def test_stateless_mode_issues_no_session_id(catalog_server: CatalogServer) -> None:
    """A stateless initialize gets no Mcp-Session-Id; a stateful one does."""
    for options, has_session in ((HttpOptions(stateless=True, json_response=True), False), (HttpOptions(json_response=True), True)):
        with running(build_app(catalog_server, options)) as url, anyio.fail_after(10):
            async with httpx.AsyncClient() as http:
                response = await http.post(f"{url}/mcp", json=INITIALIZE, headers=MCP_HEADERS)
        assert response.status_code == 200
        assert ("mcp-session-id" in response.headers) is has_session


@pytest.mark.anyio
async def test_sse_only_transport_serves_sse_and_rest_but_not_mcp(catalog_server: CatalogServer) -> None:
    """--transport sse: /sse works, /mcp is a 404 envelope, /health says which transports run."""
    with running(build_app(catalog_server, HttpOptions(transport="sse"))) as url, anyio.fail_after(20):
        async with Client(sse_client(f"{url}/sse"), mode="legacy") as client:
            assert (await client.call_tool("echo", {"text": "x"})).structured_content == {"echo": "x"}
        async with httpx.AsyncClient() as http:
            missing = await http.post(f"{url}/mcp", json=INITIALIZE, headers=MCP_HEADERS)
            health = (await http.get(f"{url}/health")).json()
    assert missing.status_code == 404 and error_body(missing)["code"] == "NOT_FOUND"
    assert health["transports"] == ["sse"]


@pytest.mark.anyio
async def test_fifty_concurrent_clients_making_twenty_calls_each_all_succeed(base_url: str) -> None:
    """50 clients (both eras, both transports) x 20 calls: every answer is the right one."""
    failures: list[str] = []

    async def one_client(n: int) -> None:
        mode = MODES[n % 2]
        target: Any = f"{base_url}/mcp" if n % 5 else sse_client(f"{base_url}/sse", timeout=30)  # 30 s as /mcp has: a busy CI box
        async with Client(target, mode=mode) as client:
            for i in range(20):
                result = await client.call_tool("echo", {"text": f"{n}-{i}"})
                if result.is_error or result.structured_content != {"echo": f"{n}-{i}"}:
                    failures.append(f"client {n} call {i}: {result}")

    with anyio.fail_after(90):
        async with anyio.create_task_group() as group:
            for n in range(50):
                group.start_soon(one_client, n)
    assert failures == []


# ---------------------------------------------------------------------------------------------
# REST routes

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


@pytest.fixture
async def http(base_url: str) -> Any:
    """An httpx client on the default server."""
    async with httpx.AsyncClient(base_url=base_url, timeout=10) as client:
        yield client


@pytest.mark.anyio
async def test_health_reports_status_version_uptime_and_counts(http: httpx.AsyncClient) -> None:
    """/health: status, version, uptime, transports and how many resources of each type."""
    body = (await http.get("/health")).json()
    assert body["status"] == "ok"
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", body["version"])
    assert body["uptime_seconds"] >= 0
    assert body["counts"] == {"policy": 1, "prompt": 1, "tool": 3}
    assert body["transports"] == ["streamable-http", "sse"]


@pytest.mark.anyio
async def test_ready_is_200_once_started(http: httpx.AsyncClient) -> None:
    """/ready answers 200 while the server runs."""
    response = await http.get("/ready")
    assert (response.status_code, response.json()) == (200, {"status": "ready"})


@pytest.mark.anyio
async def test_ready_is_503_before_start_up_and_while_draining(catalog_server: CatalogServer) -> None:
    """A load balancer stops sending traffic as soon as shutdown begins; /health says so too."""
    app = build_app(catalog_server, HttpOptions())
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
        starting = await client.get("/ready")
        app.state.service.ready = app.state.service.draining = True
        draining = await client.get("/ready")
        health = await client.get("/health")
    assert (starting.status_code, starting.json()) == (503, {"status": "starting"})
    assert (draining.status_code, draining.json()) == (503, {"status": "draining"})
    assert (health.status_code, health.json()["status"]) == (200, "draining")


@pytest.mark.anyio
async def test_manifest_is_the_catalogues_mcp_manifest(http: httpx.AsyncClient, catalog_server: CatalogServer) -> None:
    """/manifest is mcp_manifest.json; every collection path it names answers."""
    manifest = (await http.get("/manifest")).json()
    assert manifest == catalog_server.published.manifest
    for entry in manifest["resources"]:
        response = await http.get(entry["path"])
        assert response.status_code == 200
        assert response.json()["count"] == entry["count"]


@pytest.mark.anyio
async def test_every_bundled_schema_is_served_byte_for_byte(http: httpx.AsyncClient) -> None:
    """/schema/{file} returns the shipped bytes; an unknown name is a 404 envelope listing the schemas."""
    for file_name in SCHEMA_FILES.values():
        response = await http.get(f"/schema/{file_name}")
        assert response.status_code == 200
        assert response.content == schema_bytes(file_name)
        assert response.headers["content-type"] == "application/schema+json"
    missing = await http.get("/schema/nope.json")
    assert missing.status_code == 404
    assert "ardf.schema.json" in error_body(missing)["context"]["available_schemas"]


@pytest.mark.anyio
async def test_get_validate_reports_the_served_catalogue(http: httpx.AsyncClient) -> None:
    """GET /validate: the load report with catalogue-relative file names."""
    report = (await http.get("/validate")).json()
    assert report["summary"] == {"files": 2, "descriptors": 5, "language_copies": 0, "generated_tools": 0,
                                 "by_type": {"policy": 1, "prompt": 1, "tool": 3}, "errors": 0, "warnings": 0, "info": 0, "ok": True}
    assert sorted(f["file"] for f in report["files"]) == ["others.json", "tools.json"]


@pytest.mark.anyio
async def test_post_validate_answers_200_for_valid_and_invalid_descriptors(http: httpx.AsyncClient) -> None:
    """POST /validate: {count, errors[{message, path}]}, whether the descriptor is valid or not."""
    valid = await http.post("/validate", json={"name": "ok_tool", "description": "Fine.", "inputSchema": ECHO_SCHEMA})
    assert valid.status_code == 200
    assert valid.json()["count"] == 0 and valid.json()["errors"] == [] and valid.json()["valid"] is True
    bad = {"schema_version": "1.0.0", "resource_id": "x", "resource_type": "tool", "description": "d",
           "content": {"type": "tool/io", "data": {"inputs": [{"name": "a", "type": "strin", "description": "A"}], "outputs": {"success": "ok"}}}}
    invalid = await http.post("/validate", json=bad)
    assert invalid.status_code == 200
    body = invalid.json()
    assert body["valid"] is False and body["count"] == len(body["errors"]) > 0
    assert all(set(e) >= {"message", "path"} for e in body["errors"])
    assert any(e["path"].startswith("/content/data/inputs/0") for e in body["errors"])
    assert "atdf-mcp-validate" not in invalid.text


@pytest.mark.anyio
async def test_post_validate_rejects_a_body_that_is_not_json(http: httpx.AsyncClient) -> None:
    """A body that is not JSON is the only 400."""
    response = await http.post("/validate", content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert error_body(response)["code"] == "INVALID_JSON"


@pytest.mark.anyio
async def test_resources_and_collections_are_ardf_documents(http: httpx.AsyncClient) -> None:
    """/resources, /resources/{type} and /tools... give {count, resources} as application/vnd.ardf+json."""
    everything = await http.get("/resources")
    assert everything.headers["content-type"] == "application/vnd.ardf+json"
    assert everything.json()["count"] == 5
    tools = (await http.get("/tools")).json()
    assert sorted(r["resource_id"] for r in tools["resources"]) == ["echo", "refuse", "slow"]
    assert all(r["schema_version"] == "1.0.0" and r["resource_type"] == "tool" for r in tools["resources"])
    assert (await http.get("/resources/tool")).json() == tools
    assert (await http.get("/resources/policy")).json()["resources"][0]["resource_id"] == "privacy"
    for kind, path in COLLECTION_PATHS.items():
        response = await http.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"] == "application/vnd.ardf+json"
        assert all(r["resource_type"] == kind for r in response.json()["resources"])
    one = await http.get("/resources/prompt/greet")
    assert one.json()["resource_id"] == "greet" and one.headers["content-type"] == "application/vnd.ardf+json"


@pytest.mark.anyio
async def test_an_unknown_resource_type_is_a_404_envelope_with_a_suggestion(http: httpx.AsyncClient) -> None:
    """/resources/tols → 404, ATDF body naming the close type and the valid ones."""
    response = await http.get("/resources/tols")
    assert response.status_code == 404
    entry = error_body(response)
    assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("NOT_FOUND", "type", "tool")
    assert "workflow" in entry["context"]["available_types"]
    assert (await http.get("/resources/tool/nope")).status_code == 404


@pytest.mark.anyio
async def test_an_unknown_resource_id_is_a_404_naming_the_closest_id_of_its_type(http: httpx.AsyncClient) -> None:
    """/resources/prompt/gret → 404 whose envelope suggests `greet` and the path to read it; an id close to nothing
    gets the collection to list instead."""
    response = await http.get("/resources/prompt/gret")
    entry = error_body(response)
    assert response.status_code == 404
    assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("NOT_FOUND", "id", "greet")
    assert entry["context"]["similar_ids"] == ["greet"] and "/resources/prompt/greet" in entry["context"]["solution"]
    assert (await http.get(entry["context"]["solution"].split()[1])).status_code == 200
    far = error_body(await http.get("/resources/prompt/zzzzzz"))
    assert far["suggested_value"] is None and "/prompts" in far["context"]["solution"]


@pytest.mark.anyio
async def test_unknown_paths_and_methods_are_envelopes(http: httpx.AsyncClient) -> None:
    """Routing errors keep the ATDF shape: 404 and 405 (with Allow)."""
    missing = await http.get("/nothing/here")
    assert missing.status_code == 404 and error_body(missing)["code"] == "NOT_FOUND"
    wrong = await http.delete("/health")
    assert wrong.status_code == 405 and "GET" in wrong.headers["allow"]
    assert error_body(wrong)["code"] == "METHOD_NOT_ALLOWED"


@pytest.mark.anyio
async def test_an_unexpected_exception_is_a_500_envelope_without_internals(catalog_server: CatalogServer,
                                                                           caplog: pytest.LogCaptureFixture) -> None:
    """Never a traceback on the wire: a generic detail plus the incident id, which the log repeats."""
    app = build_app(catalog_server, HttpOptions())

    async def boom(request: Any) -> Any:
        raise RuntimeError("password=hunter2")

    app.router.routes.append(Route("/boom", boom))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
        response = await client.get("/boom")
    assert response.status_code == 500
    entry = error_body(response)
    assert entry["code"] == "INTERNAL_ERROR" and "hunter2" not in response.text
    assert entry["instance"] in caplog.text and "hunter2" in caplog.text


# ---------------------------------------------------------------------------------------------
# Security: Host/Origin, bearer token, body size, CORS


@pytest.mark.anyio
async def test_a_foreign_host_or_origin_is_refused_on_mcp_and_sse(base_url: str) -> None:
    """DNS rebinding: Host evil.example.com → 421, Origin http://evil.example.com → 403, on /mcp and /sse."""
    port = base_url.rsplit(":", 1)[1]
    async with httpx.AsyncClient(base_url=base_url, timeout=10) as http:
        for headers, status in (({"Host": "evil.example.com"}, 421), ({"Host": f"evil.example.com:{port}"}, 421),
                                ({"Origin": "http://evil.example.com"}, 403)):
            on_mcp = await http.post("/mcp", json=INITIALIZE, headers={**MCP_HEADERS, **headers})
            on_sse = await http.get("/sse", headers=headers)
            on_messages = await http.post("/messages/?session_id=00", json={}, headers=headers)
            assert (on_mcp.status_code, on_sse.status_code, on_messages.status_code) == (status, status, status), headers
            assert error_body(on_mcp)["code"] in ("INVALID_HOST", "INVALID_ORIGIN")
        assert (await http.get("/health", headers={"Host": "evil.example.com"})).status_code == 200  # probes stay open


@pytest.mark.anyio
async def test_the_servers_own_host_and_origin_are_accepted(base_url: str) -> None:
    """127.0.0.1:port, localhost:port and a localhost page's Origin all get 2xx on /mcp and /sse."""
    port = base_url.rsplit(":", 1)[1]
    async with httpx.AsyncClient(base_url=base_url, timeout=10) as http:
        for headers in ({}, {"Host": f"localhost:{port}"}, {"Origin": f"http://localhost:{port}"}, {"Origin": "http://127.0.0.1:6274"}):
            async with http.stream("POST", "/mcp", json=INITIALIZE, headers={**MCP_HEADERS, **headers}) as on_mcp:
                assert on_mcp.status_code == 200, headers
            async with http.stream("GET", "/sse", headers=headers) as on_sse:
                assert on_sse.status_code == 200, headers
                assert on_sse.headers["content-type"].startswith("text/event-stream")


@pytest.mark.anyio
async def test_allow_host_and_allow_origin_admit_a_reverse_proxys_names(catalog_server: CatalogServer) -> None:
    """--allow-host mcp.example.com and --allow-origin https://app.example.com fix the 421/403 behind a proxy."""
    options = HttpOptions(allowed_hosts=("mcp.example.com",), allowed_origins=("https://app.example.com",))
    with running(build_app(catalog_server, options)) as url, anyio.fail_after(10):
        async with httpx.AsyncClient(base_url=url, timeout=10) as http:
            proxied = {"Host": "mcp.example.com", "Origin": "https://app.example.com"}
            async with http.stream("POST", "/mcp", json=INITIALIZE, headers={**MCP_HEADERS, **proxied}) as response:
                assert response.status_code == 200
            other = await http.post("/mcp", json=INITIALIZE, headers={**MCP_HEADERS, "Host": "other.example.com"})
            assert other.status_code == 421
            assert "--allow-host other.example.com" in error_body(other)["context"]["solution"]


@pytest.mark.anyio
async def test_the_token_is_required_on_mcp_sse_messages_and_post_validate(auth_url: str) -> None:
    """401 with WWW-Authenticate without (or with a wrong) token; /health stays open, the read routes need the token too."""
    async with httpx.AsyncClient(base_url=auth_url, timeout=10) as http:
        for method, path in (("POST", "/mcp"), ("GET", "/sse"), ("POST", "/messages/?session_id=00"), ("POST", "/validate")):
            anonymous = await http.request(method, path, json=INITIALIZE, headers=MCP_HEADERS)
            assert anonymous.status_code == 401, path
            assert anonymous.headers["www-authenticate"] == 'Bearer realm="atdf-mcp"'
            assert error_body(anonymous)["code"] == "AUTHENTICATION_ERROR"
            wrong = await http.request(method, path, json=INITIALIZE, headers={**MCP_HEADERS, "Authorization": "Bearer nope"})
            assert wrong.status_code == 401
            assert 'error="invalid_token"' in wrong.headers["www-authenticate"]
        assert (await http.get("/health")).status_code == 200
        assert (await http.get("/tools")).status_code == 401
        assert (await http.get("/tools", headers={"Authorization": f"Bearer {TOKEN}"})).status_code == 200
        validated = await http.post("/validate", json={"name": "t", "inputSchema": ECHO_SCHEMA},
                                    headers={"Authorization": f"Bearer {TOKEN}"})
        assert validated.status_code == 200


@pytest.mark.anyio
@pytest.mark.parametrize("mode", MODES)
async def test_sdk_clients_work_with_the_token_and_fail_fast_without_it(auth_url: str, mode: str) -> None:
    """With `Authorization: Bearer` both transports work; without it the client errors instead of hanging."""
    auth = {"Authorization": f"Bearer {TOKEN}"}
    with anyio.fail_after(30):
        async with (httpx2.AsyncClient(headers=auth, timeout=httpx2.Timeout(30, read=300)) as http,
                    Client(streamable_http_client(f"{auth_url}/mcp", http_client=http), mode=mode) as client):
            assert (await client.call_tool("echo", {"text": "a"})).structured_content == {"echo": "a"}
        async with Client(sse_client(f"{auth_url}/sse", headers=auth), mode=mode) as client:
            assert (await client.call_tool("echo", {"text": "b"})).structured_content == {"echo": "b"}
        for target in (f"{auth_url}/mcp", sse_client(f"{auth_url}/sse")):
            with pytest.raises(BaseException) as caught:  # an HTTP error or an MCPError, inside task groups
                async with Client(target, mode=mode) as client:
                    await client.call_tool("echo", {"text": "c"})
            assert any("401" in str(leaf) or "Authentication required" in str(leaf) for leaf in leaves(caught.value)), caught.value


@pytest.mark.anyio
async def test_request_bodies_over_the_limit_get_413(catalog_server: CatalogServer) -> None:
    """By Content-Length or while streaming a chunked body, on /mcp, /messages/ and /validate."""
    with running(build_app(catalog_server, HttpOptions(max_body_size=1024))) as url, anyio.fail_after(10):
        async with httpx.AsyncClient(base_url=url, timeout=10) as http:
            big = json.dumps({"name": "x", "description": "y" * 4000})
            for path in ("/validate", "/mcp", "/messages/?session_id=00"):
                response = await http.post(path, content=big, headers={**MCP_HEADERS, "Content-Type": "application/json"})
                assert response.status_code == 413, path
                assert error_body(response)["code"] == "PAYLOAD_TOO_LARGE"

            async def chunks() -> Any:
                for _ in range(8):
                    yield b" " * 512

            streamed = await http.post("/validate", content=chunks(), headers={"Content-Type": "application/json"})
            assert streamed.status_code == 413
            small = await http.post("/validate", json={"name": "t", "inputSchema": ECHO_SCHEMA})
            assert small.status_code == 200


@pytest.mark.anyio
async def test_cors_is_off_unless_an_origin_is_named(base_url: str, catalog_server: CatalogServer) -> None:
    """No CORS headers by default; --cors-origin answers that origin's preflight."""
    preflight = {"Origin": "https://app.example.com", "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "content-type, mcp-session-id"}
    async with httpx.AsyncClient(timeout=10) as http:
        plain = await http.get(f"{base_url}/health", headers={"Origin": "https://app.example.com"})
        assert "access-control-allow-origin" not in plain.headers
    with running(build_app(catalog_server, HttpOptions(cors_origins=("https://app.example.com",)))) as url, anyio.fail_after(10):
        async with httpx.AsyncClient(timeout=10) as http:
            answer = await http.options(f"{url}/mcp", headers=preflight)
            assert answer.status_code == 200
            assert answer.headers["access-control-allow-origin"] == "https://app.example.com"
            health = await http.get(f"{url}/health", headers={"Origin": "https://app.example.com"})
            assert health.headers["access-control-allow-origin"] == "https://app.example.com"
            assert "mcp-session-id" in health.headers["access-control-expose-headers"].lower()


def test_default_hosts_follow_the_bind_address() -> None:
    """Loopback names always; the bind address itself; this machine's names for 0.0.0.0."""
    assert default_allowed_hosts("127.0.0.1") == ("localhost", "127.0.0.1", "[::1]")
    assert default_allowed_hosts("10.1.2.3")[-1] == "10.1.2.3"
    assert default_allowed_hosts("::")[:3] == ("localhost", "127.0.0.1", "[::1]")
    assert socket.gethostname().lower() in default_allowed_hosts("0.0.0.0")
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost") and not is_loopback("0.0.0.0")


def test_security_warnings_name_the_risky_settings() -> None:
    """A reachable address without a token, Host checks off, CORS for everyone: each gets a warning."""
    assert security_warnings(HttpOptions()) == []
    assert security_warnings(HttpOptions(host="0.0.0.0", auth_token="t")) == []
    [reachable] = security_warnings(HttpOptions(host="0.0.0.0"))
    assert "without --auth-token" in reachable
    assert len(security_warnings(HttpOptions(allowed_hosts=("*",), cors_origins=("*",)))) == 2


def test_the_banner_names_every_endpoint() -> None:
    """The start-up text has a URL per endpoint and states the security settings."""
    text = endpoints_text(HttpOptions(port=8123, auth_token="t"), 8123)
    for path in ("/mcp", "/sse", "/messages/", "/health", "/ready", "/manifest", "/schema/ardf.schema.json", "/validate",
                 "/resources", "/tools", "/"):
        assert f"http://127.0.0.1:8123{path}" in text or f" {path}" in text, path
    assert "bearer token required" in text and "/explore/call/" in text
    assert "/mcp" not in endpoints_text(HttpOptions(transport="sse"), 1)


# ---------------------------------------------------------------------------------------------
# The real command: banner, restart, draining shutdown


def serve_process(catalog: Path, *args: str, port: int = 0) -> Any:
    """Run `atdf-mcp serve DIR --transport http ...` as a subprocess; yield it, its base URL (from the banner) and its stderr file."""
    return serve_over_http(catalog, "--shutdown-timeout", "5", *args, port=port, env={**os.environ, "ATDF_MCP_AUTH_TOKEN": ""}, stop=stop)


def stop(process: subprocess.Popen[bytes], timeout: float = 15) -> float:
    """SIGTERM the process and wait for it (kill it after `timeout`); return how long it took to exit."""
    start = time.monotonic()
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
            raise
    return time.monotonic() - start


@pytest.fixture
def process_catalog(tmp_path: Path) -> Path:
    """A catalogue directory for subprocess servers."""
    return write_catalog(tmp_path / "catalog")


@pytest.mark.anyio
async def test_serve_prints_the_endpoints_and_stops_promptly_with_a_session_open(process_catalog: Path) -> None:
    """The banner's URLs work; SIGTERM with an idle session (open GET stream) exits in well under the deadline."""
    with serve_process(process_catalog) as (process, url, log):
        text = log.read_text()
        for path in ("/sse", "/health", "/manifest", "/validate", "/resources", "/schema/ardf.schema.json"):
            assert f"{url}{path}" in text
        with anyio.fail_after(20):
            async with httpx.AsyncClient(timeout=10) as http:
                assert (await http.get(f"{url}/health")).json()["counts"]["tool"] == 3
            async with Client(f"{url}/mcp", mode="legacy") as client:
                assert (await client.call_tool("echo", {"text": "x"})).is_error is False
                took = await anyio.to_thread.run_sync(stop, process)
    assert took < 4
    assert "Traceback" not in log.read_text()


@pytest.mark.anyio
@pytest.mark.parametrize(("kind", "mode"), [("http", "legacy"), ("http", "auto"), ("sse", "legacy")])
async def test_sigterm_lets_a_call_in_flight_finish(process_catalog: Path, kind: str, mode: str) -> None:
    """A call running when SIGTERM arrives still returns its result; then the process exits."""
    with serve_process(process_catalog) as (process, url, _), anyio.fail_after(30):
        target: Any = f"{url}/mcp" if kind == "http" else sse_client(f"{url}/sse")
        async with Client(target, mode=mode) as client:
            await client.list_tools()  # the client checks results against the listed output schemas

            async def terminate_soon() -> None:
                await anyio.sleep(0.4)
                process.send_signal(signal.SIGTERM)

            async with anyio.create_task_group() as group:
                group.start_soon(terminate_soon)
                result = await client.call_tool("slow", {"seconds": 1.5})
            assert result.structured_content == {"slept": 1.5}
        await anyio.to_thread.run_sync(process.wait, 10)


@pytest.mark.anyio
@pytest.mark.parametrize(("kind", "message"), [("http", "Session not found"), ("sse", "Connection closed")])
async def test_a_server_restart_mid_session_is_a_clear_error_not_a_hang(process_catalog: Path, kind: str, message: str) -> None:
    """A handshake-era session does not survive a restart: the next call fails at once with a clear MCPError."""
    port = free_port()
    with serve_process(process_catalog, port=port) as (process, url, _):
        target: Any = f"{url}/mcp" if kind == "http" else sse_client(f"{url}/sse")
        with pytest.raises(BaseException) as caught, anyio.fail_after(30):  # an MCPError inside task groups
            async with Client(target, mode="legacy") as client:
                await client.list_tools()
                await anyio.to_thread.run_sync(stop, process)
                with serve_process(process_catalog, port=port):
                    await client.call_tool("echo", {"text": "after restart"})
    errors = [leaf for leaf in leaves(caught.value) if isinstance(leaf, MCPError)]
    assert errors and message in str(errors[0]), caught.value


@pytest.mark.anyio
async def test_a_modern_era_client_carries_on_across_a_restart(process_catalog: Path) -> None:
    """2026-07-28 requests carry no session, so the first call after a restart simply succeeds."""
    port = free_port()
    with serve_process(process_catalog, port=port) as (process, url, _), anyio.fail_after(30):
        async with Client(f"{url}/mcp") as client:
            await client.list_tools()
            await anyio.to_thread.run_sync(stop, process)
            with serve_process(process_catalog, port=port):
                result = await client.call_tool("echo", {"text": "after restart"})
    assert result.structured_content == {"echo": "after restart"}


# ---------------------------------------------------------------------------------------------
# The command line: serve options and config --url


def test_http_options_without_an_http_transport_are_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """`serve --port 8000` alone would silently serve stdio: say what is missing instead."""
    assert main(["serve", "--port", "8000"]) == 2
    assert "--port only apply to the HTTP transports: add --transport http" in capsys.readouterr().err


def test_stateless_and_json_response_need_streamable_http(capsys: pytest.CaptureFixture[str]) -> None:
    """`--transport sse --stateless` is refused before anything loads."""
    assert main(["serve", "--transport", "sse", "--stateless"]) == 2
    assert "use --transport http" in capsys.readouterr().err


@pytest.mark.parametrize(("client", "url", "expected"), [
    ("claude-desktop", "https://mcp.example.com/mcp",
     {"command": "npx", "args": ["-y", "mcp-remote", "https://mcp.example.com/mcp", "--transport", "http-only",
                                 "--header", "Authorization:${AUTH_HEADER}"], "env": {"AUTH_HEADER": f"Bearer {TOKEN}"}}),
    ("claude-code", "https://mcp.example.com/mcp", {"type": "http", "url": "https://mcp.example.com/mcp",
                                                    "headers": {"Authorization": f"Bearer {TOKEN}"}}),
    ("cursor", "https://mcp.example.com/sse", {"url": "https://mcp.example.com/sse", "headers": {"Authorization": f"Bearer {TOKEN}"}}),
])
def test_config_url_points_a_client_at_a_remote_server(capsys: pytest.CaptureFixture[str], client: str, url: str,
                                                       expected: dict[str, Any]) -> None:
    """`config CLIENT --url URL --auth-token T`: the URL where the client takes one, else the mcp-remote bridge."""
    assert main(["config", client, "--url", url, "--auth-token", TOKEN, "--name", "travel"]) == 0
    assert json.loads(capsys.readouterr().out) == {"mcpServers": {"travel": expected}}


def test_config_url_over_plain_http_to_another_machine_allows_http(capsys: pytest.CaptureFixture[str]) -> None:
    """mcp-remote refuses http:// except to localhost unless told; SSE URLs select its SSE transport."""
    assert main(["config", "claude-desktop", "--url", "http://10.0.0.5:8000/sse"]) == 0
    entry = json.loads(capsys.readouterr().out)["mcpServers"]["atdf-mcp"]
    assert entry == {"command": "npx", "args": ["-y", "mcp-remote", "http://10.0.0.5:8000/sse", "--transport", "sse-only", "--allow-http"]}
    assert main(["config", "claude-desktop", "--url", "ftp://x/mcp"]) == 2
    assert main(["config", "claude-desktop", "some-dir", "--url", "http://127.0.0.1:8000/mcp"]) == 2
