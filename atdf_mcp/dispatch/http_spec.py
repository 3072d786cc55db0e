"""The request template of an HTTP-bound tool, compiled once at load (no httpx here: only dispatch/http.py imports it).

    spec, reason, warnings = compile_spec(tool, {"endpoint": "${API:http://127.0.0.1:8765}/weather/{city}",
                                                 "method": "GET"}, HttpOptions())
    spec.path          # ((False, "/weather/"), (True, "city"))
    spec.placement     # {"city": ("path", "city")}; every other argument goes to spec.default_place ("query")

Binding keys (DESIGN decision 8, ARDF vocabulary): endpoint, method, headers, query, body, path_params,
timeout, retries, response, idempotent, max_response_bytes, auth; `_base` is set for connector endpoints.
`${VAR}` / `${VAR:default}` are read from the environment here; an unset variable leaves a spec whose
calls answer CONFIGURATION_ERROR, and a warning for `validate`.
"""

from __future__ import annotations

import base64
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from ..dialects.credentials import is_credential_name
from ..egress import host_refusal
from ..interpolate import PLACEHOLDER, interpolate, placeholders
from ..model import Descriptor

__all__ = [
    "DEFAULT_BACKOFF",
    "DEFAULT_MAX_RESPONSE_BYTES",
    "DEFAULT_RETRIES",
    "DEFAULT_TIMEOUT",
    "IDEMPOTENT_METHODS",
    "METHODS",
    "QUERY_METHODS",
    "HeaderTemplate",
    "HttpOptions",
    "HttpSpec",
    "compile_spec",
]

DEFAULT_TIMEOUT = 30.0  # below the 60 s most MCP clients wait
DEFAULT_RETRIES = 2
DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024
DEFAULT_BACKOFF = 0.25  # seconds before the first retry; doubled each time, with jitter
METHODS = ("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE")
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
QUERY_METHODS = frozenset({"GET", "HEAD", "DELETE", "OPTIONS"})
AUTH_TYPES = ("bearer", "oauth2", "token", "basic", "api_key", "apikey", "header")
_HEADER_NAME = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")

Template = tuple[tuple[bool, str], ...]  # (is_placeholder, text) parts


@dataclass(frozen=True)
class HttpOptions:
    """Catalogue-wide HTTP defaults (`http:` in atdf-mcp.yaml); a tool's own binding keys win."""

    timeout: float = DEFAULT_TIMEOUT
    retries: int = DEFAULT_RETRIES
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
    backoff: float = DEFAULT_BACKOFF
    headers: Mapping[str, str] = field(default_factory=dict)
    server_timeout: float | None = None  # the server's own deadline for tools without `timeout`
    allow_private_networks: bool = False  # `allow_private_networks` of atdf-mcp.yaml (atdf_mcp.egress)

    @classmethod
    def from_config(cls, http: Mapping[str, Any], *, server_timeout: float | None = None) -> tuple[HttpOptions, list[tuple[str, str]]]:
        """Options from the `http:` mapping of atdf-mcp.yaml, and (pointer, message) warnings for values ignored."""
        values: dict[str, Any] = {"server_timeout": server_timeout}
        problems: list[tuple[str, str]] = []
        checks = {"timeout": (_positive, "a positive number of seconds"), "backoff": (_non_negative, "a number of seconds, 0 or more"),
                  "retries": (_count, "a whole number, 0 or more"), "max_response_bytes": (_byte_count, "a whole number of bytes, 1 or more")}
        for key, raw in http.items():
            if key in checks:
                check, expected = checks[key]
                value = check(raw)
                if value is None:
                    problems.append((f"/http/{key}", f"http.{key} must be {expected}; the default is used"))
                else:
                    values[key] = value
            elif key == "headers" and isinstance(raw, dict):
                values["headers"] = {str(k): str(v) for k, v in raw.items()}
            elif key == "headers":
                problems.append(("/http/headers", "http.headers must map header names to values; ignored"))
            else:
                problems.append((f"/http/{key}", f"unknown HTTP option {key!r}; known: backoff, headers, max_response_bytes, retries, timeout"))
        return cls(**values), problems


@dataclass(frozen=True, slots=True)
class HeaderTemplate:
    """A header whose value is built from arguments (`X-Trace: t-{trace}`)."""

    name: str
    parts: Template


@dataclass(frozen=True)
class HttpSpec:
    """Everything one HTTP-bound tool needs per call, prepared at load."""

    method: str
    endpoint: str  # the template as written (with ${VAR}s), for messages
    missing: tuple[str, ...] = ()  # environment variables that are unset: every call answers CONFIGURATION_ERROR
    origin: str = ""  # scheme://[userinfo@]host[:port]
    origin_shown: str = ""  # scheme://host[:port], for messages
    path: Template = ()
    base_path: str = "/"
    exact_path: bool = False  # no placeholder and no connector base: the path must be exactly `base_path`
    static_query: tuple[tuple[str, str], ...] = ()
    placement: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # argument → (path|query|body|whole|header, target)
    default_place: str = "query"
    headers: Mapping[str, str] = field(default_factory=dict)
    header_templates: tuple[HeaderTemplate, ...] = ()
    timeout: float = DEFAULT_TIMEOUT
    retries: int = DEFAULT_RETRIES
    idempotent: bool = True
    backoff: float = DEFAULT_BACKOFF
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
    response_path: tuple[str, ...] | None = None
    response_label: str = ""
    secrets: tuple[str, ...] = ()  # values never to echo (tokens, env values placed in the query or headers)
    secret_query_names: frozenset[str] = frozenset()
    auth_env: str | None = None
    allow_private_networks: bool = False
    refused: str | None = None  # why the endpoint's host is refused by the egress policy: every call answers EGRESS_REFUSED


class _Unusable(Exception):
    """The binding cannot work; the message says why."""


def compile_spec(tool: Descriptor, binding: Mapping[str, Any], options: HttpOptions) -> tuple[HttpSpec | None, str | None, list[str]]:
    """(spec, None, warnings) for a usable binding, or (None, reason, warnings) when it cannot work."""
    compiler = _Compiler(tool, binding, options)
    try:
        return compiler.compile(), None, compiler.warnings
    except _Unusable as exc:
        return None, f"tool {tool.id!r}: {exc}", compiler.warnings


class _Compiler:
    """Reads one binding, step by step; collects unset variables, secrets and where each argument goes."""

    def __init__(self, tool: Descriptor, binding: Mapping[str, Any], options: HttpOptions) -> None:
        self.tool = tool
        self.binding = binding
        self.options = options
        self.warnings: list[str] = []
        self.missing: list[str] = []
        self.secrets: list[str] = []
        self.placement: dict[str, tuple[str, str]] = {}
        self.static_query: list[tuple[str, str]] = []
        self.secret_query: set[str] = set()

    def compile(self) -> HttpSpec:
        binding = self.binding
        method = str(binding.get("method") or "GET").upper()
        if method not in METHODS:
            raise _Unusable(f"method {binding.get('method')!r} is not one of {', '.join(METHODS)}")
        template = binding.get("endpoint")
        if not isinstance(template, str) or not template.strip():
            raise _Unusable("endpoint must be an absolute URL string")
        endpoint = self._interpolate(template.strip(), secret=False)
        base = self._interpolate(binding["_base"], secret=False) if isinstance(binding.get("_base"), str) else None
        auth = _resolve_auth(binding.get("auth"))
        if auth.problem:
            raise _Unusable(auth.problem)
        self.missing += auth.missing
        self.secrets += auth.secrets
        self.secret_query.update(name for name, _ in auth.query)
        headers, header_templates = self._headers()
        headers.update(auth.headers)
        self._query()
        self._body()
        self.static_query += auth.query
        if self.missing:
            unique = tuple(dict.fromkeys(self.missing))
            self.warnings.append(f"tool {self.tool.id!r}: environment variable(s) {', '.join(unique)} not set; calls answer "
                                 "CONFIGURATION_ERROR until the server is started with them")
            return HttpSpec(method=method, endpoint=template, missing=unique)
        origin, path, query = _split_url(endpoint.text, template)
        self._path(path)
        self._check_placement()
        for param, value in parse_qsl(query, keep_blank_values=True):
            self.static_query.append((param, value))
            if any(s in value for s in endpoint.secret_parts):
                self.secret_query.add(param)
                self.secrets.append(value)
        timeout = _positive(binding.get("timeout"))
        outer = _positive(self.tool.binding.get("timeout")) or self.options.server_timeout or 60.0
        timeout = min(timeout or self.options.timeout, outer)
        timeout = max(timeout - min(0.25, timeout * 0.1), 0.001)  # answer just before the server's own deadline, with HTTP context
        retries = _count(binding.get("retries"))
        idempotent = binding.get("idempotent")
        response_path, label = _response_path(binding.get("response"))
        return HttpSpec(
            method=method,
            endpoint=template,
            origin=origin,
            origin_shown=origin.split("://", 1)[0] + "://" + origin.split("://", 1)[1].rpartition("@")[2],
            path=path,
            base_path=_base_path(base.text if base is not None else None, path),
            exact_path=base is None and not any(is_param for is_param, _ in path),
            static_query=tuple(self.static_query),
            placement=self.placement,
            default_place="query" if method in QUERY_METHODS else "body",
            headers=headers,
            header_templates=header_templates,
            timeout=timeout,
            retries=self.options.retries if retries is None else retries,
            idempotent=idempotent if isinstance(idempotent, bool) else method in IDEMPOTENT_METHODS,
            backoff=self.options.backoff,
            max_response_bytes=_byte_count(binding.get("max_response_bytes")) or self.options.max_response_bytes,
            response_path=response_path,
            response_label=label,
            secrets=tuple(s for s in dict.fromkeys(self.secrets) if s),
            secret_query_names=frozenset(self.secret_query),
            auth_env=auth.env,
            allow_private_networks=self.options.allow_private_networks,
            refused=host_refusal(urlsplit(origin).hostname or "", allow_private=self.options.allow_private_networks),
        )

    def _interpolate(self, text: str, *, secret: bool) -> Any:
        result = interpolate(text)
        self.missing += result.missing
        if secret:
            self.secrets += result.secret_parts
        return result

    def _headers(self) -> tuple[dict[str, str], tuple[HeaderTemplate, ...]]:
        """Static headers (catalogue-wide, then the tool's) and headers built from arguments."""
        declared = self.binding.get("headers")
        headers: dict[str, str] = {}
        templates: list[HeaderTemplate] = []
        for name, value in {**self.options.headers, **(declared if isinstance(declared, dict) else {})}.items():
            name = str(name)
            if not _HEADER_NAME.match(name):
                raise _Unusable(f"{name!r} is not a valid HTTP header name")
            text = self._interpolate(str(value), secret=True).text
            names = placeholders(text)
            if not names:
                headers[name] = text
                if is_credential_name(name):  # written out in the descriptor: never echoed either (clients read it as ***)
                    self.secrets += [text, text.partition(" ")[2].strip()]
                continue
            templates.append(HeaderTemplate(name, split_template(text)))
            self.placement.update({arg: ("header", name) for arg in names})
        return headers, tuple(templates)

    def _query(self) -> None:
        """`query`: a list of input names, or {parameter: "{input}" | static value}."""
        query = self.binding.get("query")
        if isinstance(query, list):
            self.placement.update({str(arg): ("query", str(arg)) for arg in query})
        elif isinstance(query, dict):
            for param, value in query.items():
                arg = _single_placeholder(str(value))
                if arg is not None:
                    self.placement[arg] = ("query", str(param))
                    continue
                text = self._interpolate(str(value), secret=True)
                if text.secret_parts:
                    self.secret_query.add(str(param))
                self.static_query.append((str(param), text.text))
        elif query is not None:
            self.warnings.append(f"tool {self.tool.id!r}: query must be a list of input names or a mapping of query parameter → "
                                 "\"{input}\"; ignored")

    def _body(self) -> None:
        """`body`: a list of input names, {key: "{input}"}, or "{input}" (that input's value is the whole body)."""
        body = self.binding.get("body")
        if isinstance(body, list):
            self.placement.update({str(arg): ("body", str(arg)) for arg in body})
        elif isinstance(body, str) and body.strip():
            whole = body.strip().strip("{}")
            self.placement[whole] = ("whole", whole)
        elif isinstance(body, dict):
            for key, value in body.items():
                arg = _single_placeholder(str(value))
                if arg is not None:
                    self.placement[arg] = ("body", str(key))
        elif body is not None:
            self.warnings.append(f"tool {self.tool.id!r}: body must be a list of input names or \"{{input}}\"; ignored")

    def _path(self, path: Template) -> None:
        """Path placeholders name inputs (or, through `path_params: {placeholder: input}`, other inputs)."""
        aliases = self.binding.get("path_params")
        aliases = aliases if isinstance(aliases, dict) else {}
        for is_param, text in path:
            if is_param:
                alias = aliases.get(text)
                self.placement[alias.strip("{}") if isinstance(alias, str) else text] = ("path", text)

    def _check_placement(self) -> None:
        properties = (self.tool.input_schema or {}).get("properties") or {}
        for arg, (place, _) in self.placement.items():
            if arg not in properties:
                where = {"path": "endpoint", "header": "headers", "query": "query", "body": "body", "whole": "body"}[place]
                raise _Unusable(f"{where} refers to {{{arg}}}, which is not an input of the tool")


@dataclass
class _Auth:
    headers: dict[str, str] = field(default_factory=dict)
    query: list[tuple[str, str]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)
    env: str | None = None
    problem: str | None = None


def _resolve_auth(auth: Any) -> _Auth:
    """Headers (or a query parameter) carrying the secret named by `auth.env`, read from the environment now."""
    out = _Auth()
    if auth is None:
        return out
    if not isinstance(auth, dict):
        out.problem = "auth must be a mapping {type: bearer|basic|api_key|header, env: VARIABLE}"
        return out
    kind = str(auth.get("type") or "bearer").lower().replace("-", "_")
    if kind in ("none", "anonymous"):
        return out
    if kind not in AUTH_TYPES:
        out.problem = f"auth type {kind!r} is not supported; use bearer, basic, api_key or header"
        return out
    if kind == "header" and not (isinstance(auth.get("header"), str) and auth["header"]):
        out.problem = "auth type 'header' needs `header`: the name of the header that carries the secret"
        return out
    env = auth.get("env")
    if not isinstance(env, str) or not env:
        out.problem = f"auth type {kind!r} needs `env`: the name of the environment variable holding the secret"
        return out
    out.env = env
    secret = interpolate("${" + env + "}")
    if secret.missing or not secret.text:
        out.missing.append(env)
        return out
    value = secret.text
    out.secrets.append(value)
    if kind in ("bearer", "oauth2", "token"):  # oauth2: an access token obtained beforehand, in the environment
        out.headers[str(auth.get("header", "Authorization"))] = f"{auth.get('scheme', 'Bearer')} {value}".strip()
    elif kind == "basic":
        username = auth.get("username")
        pair = f"{interpolate(str(username)).text}:{value}" if username is not None else value  # else the variable holds user:password
        token = base64.b64encode(pair.encode("utf-8")).decode("ascii")
        out.secrets.append(token)
        out.headers["Authorization"] = f"Basic {token}"
    elif kind in ("api_key", "apikey"):
        if auth.get("in") == "query" or "query" in auth:
            out.query.append((str(auth.get("query") or auth.get("name") or "api_key"), value))
        else:
            out.headers[str(auth.get("header") or auth.get("name") or "X-API-Key")] = value
    else:  # header
        prefix = auth.get("prefix")
        out.headers[auth["header"]] = f"{prefix} {value}" if prefix else value
    bad = [name for name in out.headers if not _HEADER_NAME.match(name)]
    if bad:
        out.problem = f"{bad[0]!r} is not a valid HTTP header name"
    return out


def split_template(text: str) -> Template:
    """A template as (is_placeholder, text) parts: "/items/{id}" → ((False, "/items/"), (True, "id"))."""
    parts: list[tuple[bool, str]] = []
    position = 0
    for match in PLACEHOLDER.finditer(text):
        if match.start() > position:
            parts.append((False, text[position:match.start()]))
        parts.append((True, match.group(1)))
        position = match.end()
    if position < len(text):
        parts.append((False, text[position:]))
    return tuple(parts)


def _split_url(url: str, template: str) -> tuple[str, Template, str]:
    """(origin, path template, static query) of an interpolated endpoint; placeholders only in the path."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise _Unusable(f"endpoint {template!r} is not an absolute http(s) URL")
    if PLACEHOLDER.search(parts.netloc) or PLACEHOLDER.search(parts.query) or parts.fragment:
        raise _Unusable(f"endpoint {template!r} may only have {{placeholders}} in its path (put query parameters in `query`), "
                        "and no #fragment")
    try:
        host, _ = parts.hostname, parts.port  # .port raises ValueError for a bad port
    except ValueError as exc:
        raise _Unusable(f"endpoint {template!r} is not a valid URL: {exc}") from None
    if not host:
        raise _Unusable(f"endpoint {template!r} has no host")
    return f"{parts.scheme}://{parts.netloc}", split_template(parts.path or "/"), parts.query


def _single_placeholder(text: str) -> str | None:
    names = placeholders(text)
    return names[0] if len(names) == 1 and text == "{" + names[0] + "}" else None


def _base_path(base_url: str | None, path: Template) -> str:
    """The path every request must stay under: the connector's base_url, else the URL up to its first placeholder's segment."""
    if base_url is not None:
        base = urlsplit(base_url).path or "/"
        return base if base.endswith("/") else base + "/"
    prefix = ""
    for is_param, text in path:
        if is_param:
            return prefix[: prefix.rfind("/") + 1] or "/"
        prefix += text
    return prefix or "/"


def _response_path(response: Any) -> tuple[tuple[str, ...] | None, str]:
    """A JSON pointer (`/data/items`) or dotted path (`data.items`) as parts, and its label for messages."""
    if isinstance(response, dict):
        response = next((response[k] for k in ("pointer", "path", "extract") if isinstance(response.get(k), str)), None)
    if not isinstance(response, str) or response in ("", "/", "."):
        return None, ""
    if response.startswith("/"):
        return tuple(p.replace("~1", "/").replace("~0", "~") for p in response[1:].split("/")), response
    return tuple(response.split(".")), repr(response)


def _positive(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 and math.isfinite(value):
        return float(value)
    return None


def _non_negative(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0 and math.isfinite(value):
        return float(value)
    return None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _byte_count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None
