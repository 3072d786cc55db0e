"""Issue 11, item 9: HTTP tools reach no private, loopback or metadata address unless allowed, and secrets never leave.

Network rule of these tests: nothing is ever sent to a non-loopback address, even if the code regressed.
Refusal of 10.x, 169.254.169.254, fd00:: ... is tested on the address check itself and at load (no call is
made); calls are made only to names and addresses that resolve to loopback, with a real 127.0.0.1 upstream
that counts what reaches it.
"""

from __future__ import annotations

import io
import ipaddress
import json
import logging
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
import pytest
import yaml
from conftest import write_file
from demo_upstream import HITS
from demo_upstream import app as upstream_app
from envelopes import envelope_of
from local_server import running
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import egress, load_catalog
from atdf_mcp.dispatch import http
from atdf_mcp.redact import SecretFilter, register
from atdf_mcp.server import CatalogServer, build_server

SECRET = "k3y-9f2c/e+gress&secret"
SECRET_ENV = "ATDF_EGRESS_TEST_KEY"
PRIVATE = ["10.0.0.5", "172.16.3.4", "192.168.1.10", "100.64.0.1", "127.0.0.1", "127.8.9.10", "::1", "fd00::1", "fc00::5",
           "fe80::1", "169.254.1.1", "::ffff:10.0.0.1", "::ffff:127.0.0.1", "64:ff9b::a00:1", "198.18.0.1", "192.0.2.7"]
ALWAYS = ["169.254.169.254", "fd00:ec2::254", "100.100.100.200", "::ffff:169.254.169.254", "0.0.0.0", "::", "224.0.0.1", "ff02::1"]
PUBLIC = ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]


@pytest.fixture(scope="module")
def upstream() -> Iterator[str]:
    """The counting test upstream (tests/demo_upstream.py) on 127.0.0.1."""
    with running(upstream_app, log_level="critical") as url:
        yield url


def catalogue(folder: Path, *tools: dict[str, Any], allow: bool | None = None, extra: dict[str, Any] | None = None) -> Path:
    """A catalogue of MCP tools (plus other files); `allow` writes `allow_private_networks` to atdf-mcp.yaml."""
    write_file(folder, "tools.json", {"tools": list(tools)})
    for name, content in (extra or {}).items():
        write_file(folder, name, content)
    if allow is not None:
        write_file(folder, "atdf-mcp.yaml", yaml.safe_dump({"allow_private_networks": allow}))
    return folder


def tool(name: str, endpoint: str, **binding: Any) -> dict[str, Any]:
    """An MCP tool bound to `endpoint`."""
    return {"name": name, "description": f"The {name} tool.", "inputSchema": {"type": "object", "properties": {}},
            "endpoint": endpoint, **binding}


async def call(folder: Path, name: str) -> types.CallToolResult:
    """One tools/call through the SDK client, in memory; the shared HTTP clients are closed afterwards."""
    with anyio.fail_after(20):
        try:
            async with Client(build_server(load_catalog(folder)), mode="legacy") as client:
                return await client.session.send_request(
                    types.CallToolRequest(params=types.CallToolRequestParams(name=name, arguments={})), types.CallToolResult)
        finally:
            await http.aclose()


def hits() -> int:
    """Requests the echo routes of the upstream have seen."""
    return sum(count for key, count in HITS.items() if key.startswith("echo:"))


# -- the address policy ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", PRIVATE + ALWAYS)
def test_private_loopback_link_local_and_metadata_addresses_are_refused_by_default(text: str) -> None:
    """Every non-public address is refused when the catalogue does not allow private networks."""
    assert egress.address_refusal(ipaddress.ip_address(text), allow_private=False) is not None


@pytest.mark.parametrize("text", PRIVATE)
def test_allow_private_networks_opens_private_and_loopback_ranges(text: str) -> None:
    """`allow_private_networks: true` lets loopback, private, shared and link-local addresses through."""
    assert egress.address_refusal(ipaddress.ip_address(text), allow_private=True) is None


@pytest.mark.parametrize("text", ALWAYS)
def test_metadata_unspecified_and_multicast_addresses_stay_refused_when_private_networks_are_allowed(text: str) -> None:
    """Cloud metadata services, 0.0.0.0/:: and multicast are never a tool's endpoint."""
    assert egress.address_refusal(ipaddress.ip_address(text), allow_private=True) is not None


@pytest.mark.parametrize("text", PUBLIC)
def test_public_addresses_are_allowed(text: str) -> None:
    """Globally routable addresses (IPv4-mapped ones included) pass."""
    assert egress.address_refusal(ipaddress.ip_address(text), allow_private=False) is None


@pytest.mark.parametrize("host", ["localhost", "LOCALHOST.", "api.localhost", "127.1", "2130706433", "0x7f.0.0.1", "0177.0.0.1",
                                  "[::1]", "[fd00::1]", "10.1", "metadata.google.internal", "169.254.169.254", "[::ffff:a00:1]"])
def test_local_names_and_every_literal_form_are_refused_as_written(host: str) -> None:
    """The load-time check sees through legacy numeric forms, brackets, case and a trailing dot."""
    assert egress.host_refusal(host, allow_private=False) is not None


def test_ordinary_host_names_are_left_to_the_connection_check() -> None:
    """A name is not judged by its spelling: it is resolved and checked when a connection opens."""
    assert egress.host_refusal("api.example.org", allow_private=False) is None
    assert egress.host_refusal("localhost", allow_private=True) is None
    assert egress.host_refusal("metadata.google.internal", allow_private=True) is not None


# -- at load --------------------------------------------------------------------------------------------


def test_endpoints_at_private_and_metadata_addresses_are_errors_of_their_file_and_the_rest_is_served(tmp_path: Path) -> None:
    """validate and serve report EGRESS_REFUSED for each such tool, in its own file; the tools stay listed. No call is made."""
    bad = {"metadata": "http://169.254.169.254/latest/meta-data/", "intranet": "http://10.0.0.5/api", "ula": "http://[fd00::1]/x",
           "mapped": "http://[::ffff:a00:1]/x", "nowhere": "http://0.0.0.0:8080/x", "local": "http://localhost:8765/x",
           "decimal": "http://2130706433/x"}
    connector = {"resource_id": "lan_crm", "resource_type": "connector", "description": "A CRM on the LAN.",
                 "content": {"type": "connector/spec", "data": {"interface": "http", "base_url": "http://192.168.1.10/api",
                                                                "endpoints": [{"name": "contacts", "method": "GET", "path": "/contacts"}]}}}
    catalogue(tmp_path, *(tool(name, url) for name, url in bad.items()), tool("public", "https://api.example.org/v1/x"),
              extra={"crm.json": connector})
    server = CatalogServer(load_catalog(tmp_path))
    refused = [p for p in server.catalog.report.problems if p.code == "EGRESS_REFUSED"]
    assert {p.file for p in refused} == {str(tmp_path / "tools.json"), str(tmp_path / "crm.json")}
    assert all(p.severity == "error" and "allow_private_networks" in p.message for p in refused)
    named = " ".join(p.message for p in refused)
    assert all(f"'{name}'" in named for name in bad) and "'public'" not in named and "lan_crm" in named
    assert "a cloud metadata address" in named and "a loopback address" in named
    assert {*bad, "public"} <= set(server.runtimes)


def test_the_validate_command_fails_on_a_metadata_endpoint(tmp_path: Path) -> None:
    """`atdf-mcp validate` prints the EGRESS_REFUSED problem and exits 1."""
    catalogue(tmp_path, tool("metadata", "http://169.254.169.254/latest/meta-data/"))
    run = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", str(tmp_path)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert run.returncode == 1, run.stdout + run.stderr
    assert "EGRESS_REFUSED" in run.stdout + run.stderr and "Traceback" not in run.stderr


# -- at call time -------------------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
async def test_a_loopback_endpoint_answers_egress_refused_and_nothing_reaches_it(tmp_path: Path, upstream: str, host: str) -> None:
    """Without allow_private_networks, a call answers an EGRESS_REFUSED envelope and the upstream sees 0 requests."""
    port = upstream.rsplit(":", 1)[1]
    catalogue(tmp_path, tool("local", f"http://{host}:{port}/echo/local"))
    before = hits()
    result = await call(tmp_path, "local")
    error = envelope_of(result)["errors"][0]
    assert result.is_error and error["code"] == "EGRESS_REFUSED" and error["context"]["retryable"] is False
    assert "allow_private_networks: true" in error["context"]["solution"] and "Nothing was sent" in error["detail"]
    assert hits() == before


@pytest.mark.anyio
async def test_allow_private_networks_lets_a_loopback_endpoint_through(tmp_path: Path, upstream: str) -> None:
    """With `allow_private_networks: true` the same tool reaches the upstream."""
    catalogue(tmp_path, tool("local", f"{upstream}/echo/local"), allow=True)
    before = hits()
    result = await call(tmp_path, "local")
    assert not result.is_error, result.content[0].text
    assert hits() == before + 1


@pytest.fixture
def fake_dns(monkeypatch: pytest.MonkeyPatch, upstream: str) -> str:
    """`upstream.test` resolves to 127.0.0.1 for the egress check alone (the system cannot resolve it).

    Every proxy variable points at the counting upstream: an HTTP client that skipped the egress backend
    would send its request there (counted, and never to a DNS server or another host).
    """
    real = egress.resolve

    async def resolve(host: str, port: int, timeout: float | None = None) -> list[Any]:
        if host == "upstream.test":
            return [ipaddress.ip_address("127.0.0.1")]
        return await real(host, port, timeout)

    monkeypatch.setattr(egress, "resolve", resolve)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(name, upstream)
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    return f"http://upstream.test:{upstream.rsplit(':', 1)[1]}"


@pytest.mark.anyio
async def test_a_name_that_resolves_to_loopback_is_refused_after_resolution(tmp_path: Path, fake_dns: str) -> None:
    """The load check cannot judge `upstream.test`; the connection check resolves it, refuses 127.0.0.1 and sends nothing."""
    catalogue(tmp_path, tool("rebound", f"{fake_dns}/echo/rebound"))
    assert not [p for p in load_catalog(tmp_path).serving_problems if p.code == "EGRESS_REFUSED"]
    before = hits()
    result = await call(tmp_path, "rebound")
    error = envelope_of(result)["errors"][0]
    assert error["code"] == "EGRESS_REFUSED", error
    assert "upstream.test resolves to 127.0.0.1, a loopback address" in error["detail"]
    assert hits() == before


@pytest.mark.anyio
async def test_the_connection_goes_to_the_checked_address_with_the_host_name_kept(tmp_path: Path, fake_dns: str) -> None:
    """Allowed, the call connects to the address the check saw (no second lookup) and sends Host: upstream.test."""
    catalogue(tmp_path, tool("rebound", f"{fake_dns}/echo/rebound"), allow=True)
    before = hits()
    result = await call(tmp_path, "rebound")
    assert not result.is_error, result.content[0].text
    assert result.structured_content is not None
    assert result.structured_content["headers"]["host"] == fake_dns.removeprefix("http://")
    assert result.structured_content["path"] == "/echo/rebound"  # origin-form: not a proxy request
    assert hits() == before + 1


@pytest.mark.anyio
async def test_the_backend_refuses_before_connecting(upstream: str) -> None:
    """GuardedBackend.connect_tcp on a loopback name raises EgressRefused; allowed, it returns a stream."""
    port = int(upstream.rsplit(":", 1)[1])
    with pytest.raises(egress.EgressRefused, match="a loopback address"):
        await egress.GuardedBackend(allow_private=False).connect_tcp("localhost", port, timeout=5)
    stream = await egress.GuardedBackend(allow_private=True).connect_tcp("localhost", port, timeout=5)
    await stream.aclose()


# -- secrets ------------------------------------------------------------------------------------------


def keyed_catalogue(folder: Path, upstream: str) -> Path:
    """A tool whose api key (from the environment) travels in the query; the upstream echoes the query and headers."""
    return catalogue(folder, tool("keyed", f"{upstream}/echo/keyed", auth={"type": "api_key", "env": SECRET_ENV, "in": "query",
                                                                         "query": "api_key"},
                                  headers={"X-Trace": f"${{{SECRET_ENV}}}"}), allow=True)


@pytest.mark.anyio
async def test_an_upstream_that_echoes_the_secret_is_answered_with_stars(tmp_path: Path, upstream: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The secret reaches the upstream, but neither the text nor the structuredContent the client sees holds it."""
    monkeypatch.setenv(SECRET_ENV, SECRET)
    result = await call(keyed_catalogue(tmp_path, upstream), "keyed")
    assert not result.is_error, result.content[0].text
    seen = result.structured_content
    assert seen is not None and ["api_key", "***"] in seen["query"] and seen["headers"]["x-trace"] == "***"
    assert SECRET not in result.model_dump_json() and "***" in result.content[0].text


@pytest.mark.anyio
async def test_debug_logs_of_a_stdio_server_never_show_the_secret(tmp_path: Path, upstream: str) -> None:
    """`serve --log-level debug`: httpx and httpcore log the request URL, with the key masked; stdout stays protocol only."""
    folder = keyed_catalogue(tmp_path, upstream)
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder),
                                                                                   "--log-level", "debug"],
                                   env={"PYTHONPATH": os.getcwd(), SECRET_ENV: SECRET, "PATH": os.environ.get("PATH", "")})
    with tempfile.TemporaryFile("w+") as errlog:
        with anyio.fail_after(60):
            async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
                result = await client.call_tool("keyed", {})
        errlog.seek(0)
        stderr = errlog.read()
    assert not result.is_error and SECRET not in json.dumps(result.structured_content)
    assert "HTTP Request: GET" in stderr and "api_key=***" in stderr, stderr[-3000:]
    for form in (SECRET, "k3y-9f2c%2Fe%2Bgress%26secret", "k3y-9f2c/e%2Bgress%26secret"):
        assert form not in stderr


def test_a_traceback_that_holds_a_secret_is_logged_masked() -> None:
    """The log filter masks the message, its arguments and the traceback of a record, whichever logger made it."""
    register([SECRET])
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(SecretFilter())
    logger = logging.getLogger("httpcore.test_robust_egress")
    logger.addHandler(handler)
    try:
        try:
            raise RuntimeError(f"upstream refused key {SECRET}")
        except RuntimeError:
            logger.error("GET /x?api_key=%s failed", SECRET.replace("/", "%2F").replace("+", "%2B").replace("&", "%26"), exc_info=True)
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "api_key=*** failed" in text and "upstream refused key ***" in text and "Traceback" in text
    assert "k3y-9f2c" not in text
