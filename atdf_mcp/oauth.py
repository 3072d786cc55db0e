"""OAuth 2.1 resource server: JWT access tokens checked against the issuer's JWKS, and RFC 9728 resource metadata.

    atdf-mcp serve DIR --transport http --oauth-issuer https://auth.example.com --oauth-audience https://tools.example.com/mcp

The issuer's metadata is read once, at the first token, from RFC 8414 `/.well-known/oauth-authorization-server` or OpenID
`/.well-known/openid-configuration` (path-inserted and path-appended forms, as MCP clients try them); its `jwks_uri` is
cached and fetched again when a token names a key id it does not hold (a rotation), at most once per `REFETCH_COOLDOWN`
when that does not help, so a stream of made-up key ids cannot make the server hammer the issuer. Checked: the signature
(asymmetric algorithms only), `iss`, `aud`, `exp` (required) and `nbf`, with `leeway` seconds of clock skew. The token's
scopes (`scope`, space-separated, or `scp`) feed the prerequisite permission checks; `toolset_claim` names the claim that
picks the caller's tool set. PyJWT does the JOSE work: the MCP SDK depends on it already.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import anyio
import httpx
import jwt
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Scope

__all__ = ["REFETCH_COOLDOWN", "Grant", "IssuerUnavailable", "JwtVerifier", "OAuthOptions", "TokenRejected",
           "metadata_urls", "protected_resource_routes", "request_origin", "resource_metadata"]

ASYMMETRIC = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA")
REFETCH_COOLDOWN = 30.0
"""Seconds during which an unknown key id does not fetch the JWKS again, after a fetch that did not find it."""
JWKS_MAX_AGE = 3600.0
"""Seconds after which the JWKS is fetched again at the next token, whatever its key ids."""
WELL_KNOWN = "/.well-known/oauth-protected-resource"


@dataclass(frozen=True, slots=True)
class OAuthOptions:
    """`--oauth-issuer`, `--oauth-audience` and their companions."""

    issuer: str
    audience: str
    leeway: float = 30.0
    toolset_claim: str | None = None
    required_scopes: tuple[str, ...] = ()
    scopes_supported: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Grant:
    """What a valid access token grants: its subject, scopes and (with a tool-set claim) its tool set."""

    subject: str | None
    scopes: frozenset[str]
    toolset: str | None
    claims: dict[str, Any] = field(repr=False)


class TokenRejected(Exception):
    """The token is not valid for this server (401 `invalid_token`); the message says why, without echoing the token."""


class IssuerUnavailable(Exception):
    """The issuer's metadata or keys could not be fetched (503: the token may be fine, retry later)."""


class JwtVerifier:
    """Validates JWT access tokens against one issuer's JWKS, fetched with httpx and cached."""

    def __init__(self, options: OAuthOptions, *, http: httpx.AsyncClient | None = None) -> None:
        self.options = options
        self._http = http
        self._jwks_uri: str | None = None
        self._metadata: dict[str, Any] | None = None  # the issuer's RFC 8414 / OpenID document, once found
        self._metadata_missed_at = float("-inf")  # the last discovery for issuer_metadata() that failed
        self._keys: dict[str | None, jwt.PyJWK] = {}
        self._fetched_at = float("-inf")
        self._missed_at = float("-inf")  # the last fetch that did not find a wanted key id
        self._lock = anyio.Lock()

    async def verify(self, token: str) -> Grant:
        """The grant of a valid token; TokenRejected (401) or IssuerUnavailable (503) otherwise."""
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise TokenRejected("The bearer token is not a JWT access token.") from None
        algorithm = header.get("alg")
        if algorithm not in ASYMMETRIC:
            raise TokenRejected(f"The token's algorithm {algorithm!r} is not accepted (asymmetric signatures only).")
        key = await self._key(header.get("kid"))
        try:
            claims = jwt.decode(token, key=key.key, algorithms=[algorithm], audience=self.options.audience,
                                issuer=self.options.issuer, leeway=self.options.leeway,
                                options={"require": ["exp", "iss", "aud"]})
        except jwt.ExpiredSignatureError:
            raise TokenRejected("The token has expired.") from None
        except jwt.ImmatureSignatureError:
            raise TokenRejected("The token is not valid yet (nbf).") from None
        except jwt.InvalidAudienceError:
            raise TokenRejected(f"The token was not issued for this server (audience {self.options.audience!r}).") from None
        except jwt.InvalidIssuerError:
            raise TokenRejected(f"The token was not issued by {self.options.issuer}.") from None
        except jwt.InvalidSignatureError:
            raise TokenRejected("The token's signature does not verify.") from None
        except jwt.MissingRequiredClaimError as exc:
            raise TokenRejected(f"The token has no {exc.claim!r} claim.") from None
        except jwt.PyJWTError as exc:
            raise TokenRejected(f"The token is not valid: {exc}.") from None
        toolset = claims.get(self.options.toolset_claim) if self.options.toolset_claim else None
        return Grant(subject=claims.get("sub"), scopes=scopes_of(claims), toolset=str(toolset) if toolset is not None else None,
                     claims=claims)

    async def _key(self, kid: str | None) -> jwt.PyJWK:
        """The signing key named `kid`, fetching the JWKS again when it is new (a rotation) or the copy is old."""
        if (found := self._known(kid)) is not None and time.monotonic() - self._fetched_at < JWKS_MAX_AGE:
            return found
        async with self._lock:  # one fetch serves every request waiting for it
            found = self._known(kid)
            fresh = time.monotonic() - self._fetched_at < JWKS_MAX_AGE
            cooling = time.monotonic() - self._missed_at < REFETCH_COOLDOWN
            if not fresh or (found is None and not cooling):
                await self._fetch_keys()
                found = self._known(kid)
                if found is None:
                    self._missed_at = time.monotonic()
        if found is None:
            raise TokenRejected(f"The issuer publishes no key {kid!r}." if kid else "The token names no key (kid).")
        return found

    def _known(self, kid: str | None) -> jwt.PyJWK | None:
        """The cached key of `kid`; a token without `kid` may use the only key of a one-key set."""
        if kid is None and len(self._keys) == 1:
            return next(iter(self._keys.values()))
        return self._keys.get(kid)

    async def issuer_metadata(self) -> dict[str, Any]:
        """The issuer's metadata document, fetched once; IssuerUnavailable while it cannot be, tried again at most once
        per REFETCH_COOLDOWN, so anonymous requests for it cannot make the server hammer the issuer."""
        async with self._lock:
            if self._metadata is None:
                if time.monotonic() - self._metadata_missed_at < REFETCH_COOLDOWN:
                    raise IssuerUnavailable(f"The issuer {self.options.issuer} did not answer a moment ago.")
                try:
                    self._jwks_uri = await self._discover()
                except IssuerUnavailable:
                    self._metadata_missed_at = time.monotonic()
                    raise
        assert self._metadata is not None
        return self._metadata

    async def _fetch_keys(self) -> None:
        """Discover the issuer's `jwks_uri` (once) and fetch its keys."""
        if self._jwks_uri is None:
            self._jwks_uri = await self._discover()
        document = await self._get_json(self._jwks_uri)
        keys: dict[str | None, jwt.PyJWK] = {}
        for entry in document.get("keys", []) if isinstance(document, dict) else []:
            if not isinstance(entry, dict) or entry.get("use", "sig") != "sig":
                continue
            try:
                keys[entry.get("kid")] = jwt.PyJWK.from_dict(entry)
            except jwt.PyJWTError:
                continue  # a key type this PyJWT cannot use: the others still serve
        self._keys, self._fetched_at = keys, time.monotonic()

    async def _discover(self) -> str:
        """The issuer's `jwks_uri`, from the first metadata document that answers and names this issuer."""
        for url in metadata_urls(self.options.issuer):
            try:
                document = await self._get_json(url)
            except IssuerUnavailable:
                continue
            if isinstance(document, dict) and document.get("issuer") == self.options.issuer and document.get("jwks_uri"):
                self._metadata = document
                return str(document["jwks_uri"])
        raise IssuerUnavailable(f"No authorization server metadata naming issuer {self.options.issuer} and a jwks_uri "
                                f"was found at {', '.join(metadata_urls(self.options.issuer))}.")

    async def _get_json(self, url: str) -> Any:
        """GET a JSON document of the issuer."""
        client = self._http or httpx.AsyncClient(timeout=10)
        try:
            response = await client.get(url, headers={"Accept": "application/json"})
            response.raise_for_status()
            return response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise IssuerUnavailable(f"{url}: {exc or type(exc).__name__}") from None
        finally:
            if self._http is None:
                await client.aclose()


def scopes_of(claims: dict[str, Any]) -> frozenset[str]:
    """A token's scopes: `scope` (RFC 9068, space-separated) or `scp` (a list or a string)."""
    value = claims.get("scope", claims.get("scp", ""))
    if isinstance(value, str):
        return frozenset(value.split())
    return frozenset(str(item) for item in value) if isinstance(value, list) else frozenset()


def metadata_urls(issuer: str) -> list[str]:
    """Where an issuer's metadata may live, in the order MCP clients try them (RFC 8414 then OpenID Connect Discovery)."""
    parts = urlsplit(issuer)
    origin, path = f"{parts.scheme}://{parts.netloc}", parts.path.rstrip("/")
    if not path:
        return [f"{origin}/.well-known/oauth-authorization-server", f"{origin}/.well-known/openid-configuration"]
    return [f"{origin}/.well-known/oauth-authorization-server{path}", f"{origin}/.well-known/openid-configuration{path}",
            f"{origin}{path}/.well-known/openid-configuration"]


def resource_metadata(options: OAuthOptions, resource: str) -> dict[str, Any]:
    """The RFC 9728 Protected Resource Metadata of `resource` (an URL of this server)."""
    document: dict[str, Any] = {"resource": resource, "authorization_servers": [options.issuer],
                                "bearer_methods_supported": ["header"], "resource_name": "atdf-mcp"}
    scopes = sorted({*options.scopes_supported, *options.required_scopes})
    if scopes:
        document["scopes_supported"] = scopes
    return document


def protected_resource_routes(options: OAuthOptions) -> list[Route]:
    """GET /.well-known/oauth-protected-resource[/PATH]: the metadata of this server, or of its resource at PATH (/mcp)."""

    async def metadata(request: Request) -> JSONResponse:
        path = request.path_params.get("resource", "")
        resource = f"{request_origin(request.scope)}/{path}" if path else request_origin(request.scope)
        return JSONResponse(resource_metadata(options, resource), headers={"Cache-Control": "public, max-age=3600"})

    return [Route(WELL_KNOWN, metadata, methods=["GET"]), Route(WELL_KNOWN + "/{resource:path}", metadata, methods=["GET"])]


def request_origin(scope: Scope) -> str:
    """`scheme://host` as the client addressed this server (uvicorn applies X-Forwarded-Proto from trusted proxies)."""
    host = Headers(scope=scope).get("host") or "{}:{}".format(*scope.get("server") or ("127.0.0.1", 80))
    return f"{scope.get('scheme', 'http')}://{host}"


