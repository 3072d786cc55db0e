"""A fifteenth probe from outside: older SDKs and the bridges people put in front of servers — the Python SDK 1.x (1.9.4
and 1.30), the TypeScript SDK 1.0.4 / 1.5.0 / 1.9.0 / 1.12.1 beside the current one, mcp-remote and the Inspector's CLI —
as users connect them: list, call right and wrong, read, prompt, list_changed, cancel, and sign in.

What they found is kept here: a client that can sign in (OAuth) meets the server's 401 by looking for an authorization
server, and what it then shows its user came from routes this server did not have. Real components only: uvicorn on
127.0.0.1, a real local issuer (tests/test_oauth.py), and the TypeScript SDK's own sign-in (scripts/ts_signin.mjs).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from local_server import running
from test_oauth import AUDIENCE, Issuer

from atdf_mcp import load_catalog
from atdf_mcp.oauth import OAuthOptions
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

ROOT = Path(__file__).resolve().parent.parent
DESCRIPTORS = ROOT / "descriptors"
SIGNIN = ROOT / "scripts" / "ts_signin.mjs"
NODE = shutil.which("node")
SDK = ROOT / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"
TOKEN = "static-operator-token-5d1e"
# what a client that signs in asks of the server it was given, when that server names no other authorization server
SIGN_IN = [("POST", "/register"), ("GET", "/authorize"), ("POST", "/token")]
needs_ts_sdk = pytest.mark.skipif(NODE is None or not SDK.is_file(),
                                  reason="needs Node.js and the TypeScript SDK: run `npm ci` in the project root")


class SigningIssuer(Issuer):
    """The local issuer of tests/test_oauth.py, also registering clients (RFC 7591), as Keycloak or Auth0 do."""

    def __init__(self) -> None:
        super().__init__()
        self.registered: list[dict[str, Any]] = []
        self.metadata_hits = 0

    def app(self) -> Any:
        from starlette.requests import Request
        from starlette.responses import JSONResponse
        from starlette.routing import Route

        async def metadata(_: Request) -> JSONResponse:
            self.metadata_hits += 1
            if not self.up:
                return JSONResponse({"error": "down"}, status_code=503)
            return JSONResponse({"issuer": self.base, "jwks_uri": f"{self.base}/jwks", "token_endpoint": f"{self.base}/token",
                                 "authorization_endpoint": f"{self.base}/authorize", "registration_endpoint": f"{self.base}/register",
                                 "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]})

        async def register(request: Request) -> JSONResponse:
            body = await request.json()
            self.registered.append(body)
            return JSONResponse({**body, "client_id": f"client-{len(self.registered)}"}, status_code=201)

        app = super().app()
        app.router.routes.insert(0, Route("/.well-known/oauth-authorization-server", metadata))
        app.router.routes.append(Route("/register", register, methods=["POST"]))
        return app


@pytest.fixture(scope="module")
def token_url() -> Iterator[str]:
    """The bundled catalogue behind a static bearer token (--auth-token)."""
    with running(build_app(CatalogServer(load_catalog(DESCRIPTORS)), HttpOptions(auth_token=TOKEN))) as base:
        yield base


@pytest.fixture(scope="module")
def open_url() -> Iterator[str]:
    """The bundled catalogue with no token at all."""
    with running(build_app(CatalogServer(load_catalog(DESCRIPTORS)), HttpOptions())) as base:
        yield base


@pytest.fixture(scope="module")
def issuer() -> Iterator[SigningIssuer]:
    issuer = SigningIssuer()
    with running(issuer.app()) as base:
        issuer.base = base
        yield issuer


@pytest.fixture(scope="module")
def oauth_url(issuer: SigningIssuer) -> Iterator[str]:
    """The bundled catalogue as an OAuth resource server of `issuer`."""
    options = HttpOptions(oauth=OAuthOptions(issuer=issuer.base, audience=AUDIENCE))
    with running(build_app(CatalogServer(load_catalog(DESCRIPTORS)), options)) as base:
        yield base


def ts_sign_in(url: str) -> dict[str, Any]:
    """What the TypeScript SDK's client, given an OAuth provider as hosts give it, reports when it connects to `url`."""
    done = subprocess.run([str(NODE), str(SIGNIN), url], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def oauth_error(response: httpx.Response) -> str:
    """The error_description of an RFC 6749 5.2 error answered with 404 (what an OAuth client reads), in the characters
    the RFC allows it."""
    assert response.status_code == 404, response.text
    body = response.json()
    assert set(body) == {"error", "error_description"} and body["error"] == "invalid_request", body
    description = body["error_description"]
    assert all(" " <= c <= "~" and c not in '"\\' for c in description), description
    return description


def envelope_entry(response: httpx.Response, status: int) -> dict[str, Any]:
    """The single entry of a valid ATDF envelope answered with `status`."""
    assert response.status_code == status, response.text
    body = response.json()
    assert SCHEMAS["error"].violations(body) == [], body
    return body["errors"][0]


def send(url: str, method: str, path: str) -> httpx.Response:
    """What a signing-in client sends to `path`: a registration's JSON, a browser's GET, a token request's form."""
    if path == "/register":
        return httpx.post(url + path, json={"client_name": "bridge", "redirect_uris": ["http://localhost:9/cb"]})
    if method == "GET":
        return httpx.get(url + path, params={"response_type": "code", "client_id": "x"}, )
    return httpx.post(url + path, data={"grant_type": "authorization_code", "code": "x"})


# -- 1. a token server that a signing-in client meets -----------------------------------------------------------------


@needs_ts_sdk
def test_a_client_that_signs_in_is_told_to_send_the_servers_token_instead(token_url: str) -> None:
    """mcp-remote, Claude Code and Cursor given a URL without a header answer the 401 by registering at the server's
    /register (it names no authorization server): what the client throws must say to send the token, not "See /manifest"."""
    report = ts_sign_in(f"{token_url}/mcp")
    assert not report["connected"] and report["authorization_url"] is None
    assert report["error"].startswith("This server is not an OAuth authorization server"), report["error"]
    assert "header Authorization with the value `Bearer <token>`" in report["error"]
    assert "ZodError" not in report["error"] and "Raw body" not in report["error"]  # our sentence, not a parse failure


@needs_ts_sdk
def test_a_client_that_can_sign_in_connects_to_a_server_without_tokens_without_signing_in(open_url: str) -> None:
    """The same client at a server that needs no token is never asked to sign in: it connects at once."""
    report = ts_sign_in(f"{open_url}/mcp")
    assert report["connected"] and report["error"] is None and report["authorization_url"] is None, report


@pytest.mark.parametrize(("method", "path"), SIGN_IN)
def test_each_sign_in_route_of_a_token_server_answers_what_to_send_instead(token_url: str, method: str, path: str) -> None:
    """Registration, the browser's authorization page, a token request: 404 in OAuth's error shape (only OAuth clients
    call them), with the header to send."""
    description = oauth_error(send(token_url, method, path))
    assert "not an OAuth authorization server" in description and f"{method} {path}" in description
    assert "header Authorization with the value `Bearer <token>`" in description
    assert "mcp-remote: --header, with the name, a colon and the value" in description  # a bridge's flag: what to type


@pytest.mark.parametrize(("method", "path"), SIGN_IN)
def test_a_server_without_tokens_says_no_sign_in_is_needed(open_url: str, method: str, path: str) -> None:
    """Without --auth-token the same routes say that the server takes no token at all."""
    assert "needs no token" in oauth_error(send(open_url, method, path))


def test_a_spanish_speaking_clients_sign_in_error_is_spanish_in_the_characters_oauth_allows(token_url: str) -> None:
    """error_description allows printable ASCII but `"` and `\\` (RFC 6749 5.2): the translated sentence keeps its words,
    its accents dropped and its double quotes made single."""
    response = httpx.post(f"{token_url}/register", json={"client_name": "x", "redirect_uris": ["http://localhost:9/cb"]},
                          headers={"Accept-Language": "es-ES,es;q=0.9"})
    description = oauth_error(response)
    assert description.startswith("Este servidor no es un servidor de autorizacion OAuth"), description
    assert "cabecera Authorization con el valor `Bearer <token>`" in description


# -- 2. an OAuth resource server that a 2025-03-26 client meets -------------------------------------------------------


def test_a_2025_03_26_client_finds_the_issuers_endpoints_at_the_servers_origin(oauth_url: str, issuer: SigningIssuer) -> None:
    """The 2025-03-26 authorization spec (TypeScript SDK up to 1.11, Python SDK up to 1.9, the hosts built on them)
    reads RFC 8414 metadata at the MCP server's own origin and falls back to /register there: with an external issuer
    (--oauth-issuer) that was a 404 ("Dynamic client registration failed: HTTP 404"). The server now answers with the
    issuer's metadata, so such a client registers at the issuer and sends the browser to the issuer's /authorize."""
    metadata = httpx.get(f"{oauth_url}/.well-known/oauth-authorization-server")
    assert metadata.status_code == 200, metadata.text
    document = metadata.json()
    assert document["issuer"] == issuer.base and document["registration_endpoint"] == f"{issuer.base}/register"
    assert document["authorization_endpoint"] == f"{issuer.base}/authorize"
    assert document["token_endpoint"] == f"{issuer.base}/token"
    registered = httpx.post(document["registration_endpoint"], json={"client_name": "old", "redirect_uris": ["http://localhost:9/cb"]})
    assert registered.status_code == 201 and issuer.registered[-1]["client_name"] == "old"


def test_an_oauth_servers_own_sign_in_routes_name_the_issuer(oauth_url: str, issuer: SigningIssuer) -> None:
    """A client that skips the metadata and goes straight to /register here is told where the issuer is."""
    assert issuer.base in oauth_error(send(oauth_url, "POST", "/register"))


def test_an_unreachable_issuer_is_503_at_the_servers_metadata_and_is_not_hammered() -> None:
    """The issuer is down: the copy of its metadata is 503 AUTH_SERVER_UNAVAILABLE with Retry-After, not a 500, and
    anonymous requests for it ask the issuer once per cooldown, not once each."""
    issuer = SigningIssuer()
    with running(issuer.app()) as base:
        issuer.base = base
        issuer.up = False
        options = HttpOptions(oauth=OAuthOptions(issuer=base, audience=AUDIENCE))
        with running(build_app(CatalogServer(load_catalog(DESCRIPTORS)), options)) as url:
            responses = [httpx.get(f"{url}/.well-known/oauth-authorization-server") for _ in range(5)]
    for response in responses:
        entry = envelope_entry(response, 503)
        assert entry["code"] == "AUTH_SERVER_UNAVAILABLE" and response.headers["retry-after"]
    assert issuer.metadata_hits == 1


@needs_ts_sdk
def test_the_current_ts_client_still_signs_in_at_the_issuer(oauth_url: str, issuer: SigningIssuer) -> None:
    """The RFC 9728 route of current clients is unchanged: registration and the browser go to the issuer."""
    report = ts_sign_in(f"{oauth_url}/mcp")
    assert report["authorization_url"].startswith(f"{issuer.base}/authorize?"), report


# -- 3. a client of the older HTTP+SSE transport given the /mcp URL ----------------------------------------------------


def test_a_legacy_sse_clients_get_of_mcp_is_told_to_use_sse(open_url: str) -> None:
    """An HTTP+SSE client (TypeScript SDK before 1.10, SSE-only bridges and hosts) opens `GET /mcp` as its event stream
    and gets 400 "Missing session ID"; the solution named only initialize, which such a client cannot send there."""
    response = httpx.get(f"{open_url}/mcp", headers={"Accept": "text/event-stream"})
    entry = envelope_entry_of_jsonrpc(response, 400)
    assert entry["parameter_name"] == "Mcp-Session-Id" and "initialize" in entry["context"]["solution"]
    assert "/sse" in entry["context"]["solution"]


def envelope_entry_of_jsonrpc(response: httpx.Response, status: int) -> dict[str, Any]:
    """The entry of the envelope a JSON-RPC error carries, answered with `status`."""
    assert response.status_code == status, response.text
    envelope = response.json()["error"]["data"]
    assert SCHEMAS["error"].violations(envelope) == [], envelope
    return envelope["errors"][0]
