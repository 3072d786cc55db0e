"""OAuth 2.1 resource server (atdf_mcp.oauth, atdf_mcp.gate): JWT access tokens of a real local issuer — discovery and
JWKS served over HTTP on a free loopback port, RSA keys generated at test time — checked on /mcp and the Agent Tool
Service: valid, expired, wrong audience, wrong signature, rotated keys, too narrow a scope; RFC 9728 discovery."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from local_server import running, serve_over_http
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from atdf_mcp import load_catalog
from atdf_mcp.oauth import OAuthOptions
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

pytestmark = pytest.mark.anyio

AUDIENCE = "https://tools.example.test/mcp"
ADMIN = "static-admin-token-0123456789"
BOOK = {"schema_version": "2.0.0", "tool_id": "book_trip", "description": "Books a trip.", "when_to_use": "When the trip is chosen.",
        "how_to_use": {"inputs": [{"name": "city", "type": "string", "description": "Where to.", "required": True}],
                       "outputs": {"success": "Booked.", "failure": []}},
        "prerequisites": {"permissions": ["book_travel"]}}
FIND = {"schema_version": "2.0.0", "tool_id": "find_trip", "description": "Finds trips.", "when_to_use": "To look trips up.",
        "how_to_use": {"inputs": [{"name": "city", "type": "string", "description": "Where to.", "required": True}],
                       "outputs": {"success": "Found.", "failure": []}}}
PING = {"schema_version": "2.0.0", "tool_id": "ping", "description": "Answers pong.", "when_to_use": "To check the server.",
        "how_to_use": {"inputs": [], "outputs": {"success": "pong", "failure": []}}}
HANDLERS = ("def book_trip(city):\n    return {'booked': city}\n\n"
            "def find_trip(city):\n    return {'found': city}\n\n"
            "def ping():\n    return 'pong'\n")


class Issuer:
    """A real OAuth authorization server's public face: RFC 8414 metadata and a JWKS, with keys it can rotate."""

    def __init__(self) -> None:
        self.base = ""
        self.keys = [self._new_key()]
        self.jwks_hits = 0
        self.up = True

    @staticmethod
    def _new_key() -> tuple[str, rsa.RSAPrivateKey]:
        return uuid.uuid4().hex[:12], rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def rotate(self) -> None:
        """Publish a new key and retire the old one."""
        self.keys = [self._new_key()]

    def token(self, *, key: tuple[str, rsa.RSAPrivateKey] | None = None, **claims: Any) -> str:
        """A signed access token: this issuer, AUDIENCE, valid five minutes, unless `claims` say otherwise (None drops one)."""
        now = int(time.time())
        body = {"iss": self.base, "aud": AUDIENCE, "sub": "agent-7", "iat": now, "exp": now + 300, "scope": "read_trips"} | claims
        kid, private = key or self.keys[0]
        return jwt.encode({k: v for k, v in body.items() if v is not None}, private, algorithm="RS256", headers={"kid": kid})

    def app(self) -> Starlette:
        async def metadata(_: Request) -> JSONResponse:
            if not self.up:
                return JSONResponse({"error": "down"}, status_code=503)
            return JSONResponse({"issuer": self.base, "jwks_uri": f"{self.base}/jwks", "token_endpoint": f"{self.base}/token",
                                 "authorization_endpoint": f"{self.base}/authorize", "response_types_supported": ["code"]})

        async def jwks(_: Request) -> JSONResponse:
            self.jwks_hits += 1
            keys = [jwt.algorithms.RSAAlgorithm.to_jwk(private.public_key(), as_dict=True) | {"kid": kid, "use": "sig", "alg": "RS256"}
                    for kid, private in self.keys]
            return JSONResponse({"keys": keys})

        return Starlette(routes=[Route("/.well-known/oauth-authorization-server", metadata), Route("/jwks", jwks)])


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """book_trip (needs book_travel), find_trip and ping; a tool set `trips`."""
    root = tmp_path_factory.mktemp("oauth")
    for d in (BOOK, FIND, PING):
        (root / f"{d['tool_id']}.json").write_text(json.dumps(d), encoding="utf-8")
    (root / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (root / "atdf-mcp.yaml").write_text('toolsets:\n  trips: {ids: ["*_trip"]}\n', encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def issuer() -> Iterator[Issuer]:
    issuer = Issuer()
    with running(issuer.app()) as base:
        issuer.base = base
        yield issuer


def serve(folder: Path, issuer: Issuer, **oauth: Any) -> Any:
    """The catalogue over HTTP, accepting the issuer's tokens (and the static ADMIN token)."""
    options = OAuthOptions(issuer=issuer.base, audience=AUDIENCE, **oauth)
    return running(build_app(CatalogServer(load_catalog(folder)), HttpOptions(auth_token=ADMIN, oauth=options)))


@pytest.fixture(scope="module")
def url(folder: Path, issuer: Issuer) -> Iterator[str]:
    with serve(folder, issuer) as base:
        yield base


async def mcp_tools(url: str, token: str, path: str = "/mcp") -> list[str]:
    """The tool names an MCP client with this bearer token lists."""
    with anyio.fail_after(30):
        async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
                    Client(streamable_http_client(f"{url}{path}", http_client=http), mode="legacy") as client):
            return sorted(tool.name for tool in (await client.list_tools()).tools)


async def mcp_call(url: str, token: str, name: str, arguments: dict[str, Any]) -> Any:
    with anyio.fail_after(30):
        async with (httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
                    Client(streamable_http_client(f"{url}/mcp", http_client=http), mode="legacy") as client):
            return await client.call_tool(name, arguments)


async def initialize(url: str, token: str | None, path: str = "/mcp") -> httpx.Response:
    """One raw `initialize` POST, to see the HTTP status and headers a client gets."""
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}
    async with httpx.AsyncClient(timeout=30) as http:
        return await http.post(f"{url}{path}", json=body, headers=headers)


def refused_entry(response: httpx.Response, status: int) -> dict[str, Any]:
    """The envelope entry of an HTTP refusal on /mcp (a JSON-RPC error carrying the envelope) or a REST route."""
    assert response.status_code == status, response.text
    body = response.json()
    envelope = body["error"]["data"] if "jsonrpc" in body else body
    assert SCHEMAS["error"].violations(envelope) == [], envelope
    assert "Traceback" not in response.text
    return envelope["errors"][0]


async def test_a_valid_token_lists_and_calls_tools_over_mcp(url: str, issuer: Issuer) -> None:
    """A token of the issuer, for this audience: the whole catalogue, and calls run."""
    token = issuer.token()
    assert await mcp_tools(url, token) == ["book_trip", "find_trip", "ping"]
    result = await mcp_call(url, token, "find_trip", {"city": "Lima"})
    assert not result.is_error and result.structured_content == {"found": "Lima"}


async def test_no_token_is_401_pointing_at_the_resource_metadata_which_names_the_issuer(url: str, issuer: Issuer) -> None:
    """RFC 9728 discovery, as MCP clients follow it: the 401 challenge names the metadata URL; that URL names the issuer."""
    response = await initialize(url, None)
    entry = refused_entry(response, 401)
    assert entry["code"] == "AUTHENTICATION_ERROR"
    challenge = response.headers["www-authenticate"]
    metadata_url = f"{url}/.well-known/oauth-protected-resource/mcp"
    assert challenge.startswith("Bearer ") and f'resource_metadata="{metadata_url}"' in challenge
    async with httpx.AsyncClient(timeout=30) as http:
        metadata = (await http.get(metadata_url)).json()
        root = (await http.get(f"{url}/.well-known/oauth-protected-resource")).json()
    assert metadata["resource"] == f"{url}/mcp" and metadata["authorization_servers"] == [issuer.base]
    assert metadata["bearer_methods_supported"] == ["header"] and root["resource"] == url


@pytest.mark.parametrize(("claims", "reason"), [
    ({"exp": -120}, "expired"),
    ({"aud": "https://someone-else.example.test/mcp"}, "not issued for this server"),
    ({"iss": "https://impostor.example.test"}, "not issued by"),
    ({"exp": None}, "'exp'"),
    ({"nbf": 600}, "not valid yet"),
])
async def test_a_bad_token_is_401_invalid_token_saying_why(url: str, issuer: Issuer, claims: dict[str, Any], reason: str) -> None:
    """Expired, another audience, another issuer, no expiry, not yet valid: 401 invalid_token, the reason in the envelope."""
    now = int(time.time())
    claims = {k: (now + v if k in ("exp", "nbf") and v is not None else v) for k, v in claims.items()}
    response = await initialize(url, issuer.token(**claims))
    entry = refused_entry(response, 401)
    assert entry["code"] == "AUTHENTICATION_ERROR" and reason in entry["detail"]
    assert 'error="invalid_token"' in response.headers["www-authenticate"]


async def test_clock_skew_within_the_leeway_is_accepted(url: str, issuer: Issuer) -> None:
    """A token expired ten seconds ago passes the default 30 s leeway."""
    assert (await initialize(url, issuer.token(exp=int(time.time()) - 10))).status_code == 200


async def test_a_token_signed_by_another_key_under_a_known_key_id_is_refused(url: str, issuer: Issuer) -> None:
    """The signature is checked: a forged token reusing the issuer's kid is 401."""
    forged = issuer.token(key=(issuer.keys[0][0], rsa.generate_private_key(public_exponent=65537, key_size=2048)))
    entry = refused_entry(await initialize(url, forged), 401)
    assert "signature" in entry["detail"]
    for token in ("not-a-jwt", jwt.encode({"iss": issuer.base, "aud": AUDIENCE, "exp": int(time.time()) + 60}, "secret-key-bytes-0123456789abcdef",
                                          algorithm="HS256")):
        assert refused_entry(await initialize(url, token), 401)["code"] == "AUTHENTICATION_ERROR"


async def test_key_rotation_fetches_the_new_keys_once_and_made_up_key_ids_do_not_hammer_the_issuer(folder: Path, issuer: Issuer) -> None:
    """After the issuer rotates, a token of the new key is accepted (one JWKS fetch), a token of the retired key is
    refused, and a burst of unknown key ids fetches the JWKS at most once more."""
    with serve(folder, issuer) as url:
        assert (await initialize(url, issuer.token())).status_code == 200
        old = issuer.keys[0]
        issuer.rotate()
        before = issuer.jwks_hits
        assert (await initialize(url, issuer.token())).status_code == 200
        assert issuer.jwks_hits == before + 1
        assert "no key" in refused_entry(await initialize(url, issuer.token(key=old)), 401)["detail"]
        hits = issuer.jwks_hits
        for _ in range(5):
            stranger = (uuid.uuid4().hex[:12], old[1])
            assert (await initialize(url, issuer.token(key=stranger))).status_code == 401
        assert issuer.jwks_hits <= hits + 1


async def test_too_narrow_a_scope_is_403_insufficient_scope(url: str, issuer: Issuer) -> None:
    """Scopes feed the prerequisite permissions. A tools/call over /mcp of a tool needing book_travel answers 403 with
    `WWW-Authenticate: Bearer error="insufficient_scope", scope="book_travel", resource_metadata=…` (the MCP step-up
    challenge) and a JSON-RPC error carrying PERMISSION_DENIED; the SDK client raises it; the Agent Tool Service answers
    403 with the challenge too; a token with the scope books."""
    narrow, broad = issuer.token(scope="read_trips"), issuer.token(scope="read_trips book_travel")
    call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "book_trip", "arguments": {"city": "Lima"}}}
    headers = {"Accept": "application/json, text/event-stream", "Authorization": f"Bearer {narrow}"}
    async with httpx.AsyncClient(timeout=30) as raw:
        challenged = await raw.post(f"{url}/mcp", json=call, headers=headers)
        listed = await raw.post(f"{url}/mcp", json={**call, "params": {"name": "find_trip", "arguments": {"city": "Lima"}}},
                                headers=headers)
    entry = refused_entry(challenged, 403)
    assert challenged.json()["id"] == 7 and entry["code"] == "PERMISSION_DENIED" and entry["context"]["missing_scopes"] == ["book_travel"]
    assert challenged.headers["www-authenticate"] == ('Bearer error="insufficient_scope", scope="book_travel", '
                                                      f'resource_metadata="{url}/.well-known/oauth-protected-resource/mcp"')
    assert listed.status_code != 403  # a tool within the token's scopes goes on to the SDK
    with pytest.raises(Exception):  # noqa: B017 - the SDK client without an OAuth provider raises the HTTP 403 (in a group)
        await mcp_call(url, narrow, "book_trip", {"city": "Lima"})
    booked = await mcp_call(url, broad, "book_trip", {"city": "Lima"})
    assert not booked.is_error and booked.structured_content == {"booked": "Lima"}
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        response = await http.post("/call_tool/book_trip", json={"city": "Lima"}, headers={"Authorization": f"Bearer {narrow}"})
        assert refused_entry(response, 403)["code"] == "PERMISSION_DENIED"
        assert response.headers["www-authenticate"] == 'Bearer error="insufficient_scope", scope="book_travel"'
        scp = issuer.token(scope=None, scp=["book_travel"])  # the `scp` list form counts too
        assert (await http.post("/call_tool/book_trip", json={"city": "Lima"}, headers={"Authorization": f"Bearer {scp}"})).status_code == 200


async def test_a_scope_the_server_requires_is_checked_on_every_protected_route(folder: Path, issuer: Issuer) -> None:
    """--oauth-scope mcp:tools: a token without it is 403 insufficient_scope on /mcp, naming the scope and the metadata."""
    with serve(folder, issuer, required_scopes=("mcp:tools",)) as url:
        response = await initialize(url, issuer.token(scope="read_trips"))
        entry = refused_entry(response, 403)
        assert entry["code"] == "PERMISSION_DENIED" and entry["context"]["missing_scopes"] == ["mcp:tools"]
        challenge = response.headers["www-authenticate"]
        assert 'error="insufficient_scope"' in challenge and 'scope="mcp:tools"' in challenge and "resource_metadata=" in challenge
        assert (await initialize(url, issuer.token(scope="mcp:tools"))).status_code == 200
        assert (await initialize(url, ADMIN)).status_code == 200  # the static operator token still opens everything


async def test_a_claim_picks_the_tool_set(folder: Path, issuer: Issuer) -> None:
    """--oauth-toolset-claim team: a token with team=trips sees that set only; no claim, or a set the catalogue lacks, is 403."""
    with serve(folder, issuer, toolset_claim="team") as url:
        assert await mcp_tools(url, issuer.token(team="trips")) == ["book_trip", "find_trip"]
        assert refused_entry(await initialize(url, issuer.token()), 403)["code"] == "AUTHORIZATION_ERROR"
        assert "'nope'" in refused_entry(await initialize(url, issuer.token(team="nope")), 403)["detail"]
        assert await mcp_tools(url, ADMIN) == ["book_trip", "find_trip", "ping"]


async def test_an_unreachable_issuer_is_503_with_retry_after(folder: Path, issuer: Issuer) -> None:
    """When the issuer's metadata cannot be fetched, the token cannot be checked: 503 AUTH_SERVER_UNAVAILABLE, retryable."""
    issuer.up = False
    try:
        with serve(folder, issuer) as url:
            response = await initialize(url, issuer.token())
            entry = refused_entry(response, 503)
            assert entry["code"] == "AUTH_SERVER_UNAVAILABLE" and response.headers["retry-after"] == "5"
    finally:
        issuer.up = True


async def test_atdf_mcp_serve_takes_the_oauth_flags(folder: Path, issuer: Issuer) -> None:
    """`atdf-mcp serve --oauth-issuer URL --oauth-audience AUD`: the banner says so and an issuer's token calls a tool."""
    with serve_over_http(folder, "--oauth-issuer", issuer.base, "--oauth-audience", AUDIENCE) as (_process, url, log):
        assert f"JWT access tokens of {issuer.base}" in log.read_text()
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            tools = await http.get("/get_tool", headers={"Authorization": f"Bearer {issuer.token()}"})
            assert tools.status_code == 200 and {t["name"] for t in tools.json()} >= {"find_trip"}
            assert (await http.get("/get_tool")).status_code == 401


def test_oauth_flags_that_do_not_fit_are_usage_errors(folder: Path) -> None:
    """--oauth-issuer without --oauth-audience, or a companion without the issuer: one line, exit 2."""
    for args in (["--oauth-issuer", "https://auth.example.test"], ["--oauth-audience", AUDIENCE], ["--oauth-issuer", "auth.example.test",
                                                                                                   "--oauth-audience", AUDIENCE]):
        done = subprocess.run([sys.executable, "-m", "atdf_mcp", "serve", str(folder), "--transport", "http", *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "--oauth-" in done.stderr and "Traceback" not in done.stderr
