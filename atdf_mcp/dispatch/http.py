"""HTTP dispatch: a tool bound to an endpoint (inline, `atdf-mcp.yaml`, or an ARDF connector) is one HTTP request.

    spec, reason, warnings = compile_spec(tool, binding, HttpOptions())   # at load (atdf_mcp.dispatch.http_spec)
    dispatcher = HttpDispatcher(tool, spec)
    await dispatcher.call({"city": "Madrid"}, None)      # → dict / str / content blocks, or raises CallFailure

Request safety: a path value is percent-encoded as one segment (`/ ? # @ \\ %` and non-ASCII included);
empty, `.` and `..` segments are refused; the final URL must sit under the declared base (scheme, host,
port, base path) before anything is sent. No header of the MCP client's request is ever forwarded.

Transport: one pooled `httpx.AsyncClient` (keep-alive, HTTP/1.1, no cookie jar) per event loop, created
on first use and closed by `aclose()`. Timeout per tool (30 s by default), retries with exponential
backoff and jitter for idempotent methods on connection errors, 429, 502, 503 and 504 (honouring
Retry-After), and a response size cap (1 MiB by default). Idle connections are dropped after 4 s, before the
5 s keep-alive of uvicorn, Node and Apache; a request sent on a kept-alive connection that the upstream closed
unanswered as it went out is sent once more on a new connection, whatever its method (as browsers do).

Failures: every status, connection error and timeout leaves as a `CallFailure` (atdf_mcp.errors) with its code,
detail and context; an upstream that already answers with an ATDF envelope has its errors passed on
(`UpstreamRejected`). atdf_mcp.failures turns them into the envelope.
This is the only module that imports httpx.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import math
import random
import re
import socket
import time
import weakref
from collections.abc import Callable
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any
from urllib.parse import quote, urlencode

import anyio
import httpx

from .. import __version__, tracing
from ..codes import Code
from ..egress import WHICH as EGRESS_WHICH
from ..egress import EgressRefused, guarded_transport
from ..envelope import compile_fast, tool_error_envelope
from ..errors import CallFailure, UpstreamRejected
from ..jsonsafe import json_safe
from ..l10n import gettext as _
from ..model import Descriptor
from ..observe import upstream_status
from ..suggest import MISSING
from .http_spec import DEFAULT_TIMEOUT, HeaderTemplate, HttpOptions, HttpSpec, compile_spec
from .upstream import (
    STATUS_CODES,
    is_absolute_uri,
    is_json,
    json_or_none,
    parameter_name,
    retry_after,
    status_class,
    strings,
    upstream_errors,
    upstream_message,
)

__all__ = ["POOL", "HttpDispatcher", "HttpOptions", "HttpPool", "HttpSpec", "aclose", "compile_spec"]

MAX_BACKOFF = 8.0
KEEPALIVE_EXPIRY = 4.0  # seconds: under the 5 s idle limit of common servers, so a kept connection is rarely one they closed
EXCERPT_BYTES = 2048
MAX_URL_LENGTH = 8192
RETRY_STATUSES = frozenset({429, 502, 503, 504})
SENSITIVE_NAME = re.compile(r"key|token|secret|passw|pwd|sig|auth|credential|session|cookie", re.IGNORECASE)
_FORBIDDEN_IN_HEADER = re.compile(r"[\r\n\x00]")
_TEXT_TYPES = ("application/xml", "application/yaml", "application/x-yaml", "application/javascript",
               "application/x-www-form-urlencoded", "application/graphql", "application/sql")
_log = logging.getLogger("atdf_mcp.http")


# ---------------------------------------------------------------------------------------------
# The shared connection pool


class _NoLoop:
    """Key of the client used outside asyncio (trio)."""


_NO_LOOP = _NoLoop()


class HttpPool:
    """One pooled httpx.AsyncClient per event loop (the server runs in one), created lazily inside it."""

    def __init__(self, *, max_connections: int = 100, max_keepalive: int = 20) -> None:
        self.limits = httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_keepalive,
                                   keepalive_expiry=KEEPALIVE_EXPIRY)
        self._clients: weakref.WeakKeyDictionary[Any, dict[bool, httpx.AsyncClient]] = weakref.WeakKeyDictionary()

    def client(self, allow_private: bool = False) -> httpx.AsyncClient:
        """The client of the running event loop for one egress policy (created on first use)."""
        clients = self._clients.setdefault(_loop_key(), {})
        client = clients.get(allow_private)
        if client is None or client.is_closed:
            # No cookie is ever kept: the client is shared by every MCP session. Every connection goes through
            # the egress check (atdf_mcp.egress); one client per policy, so pooled connections never cross policies.
            client = httpx.AsyncClient(timeout=httpx.Timeout(DEFAULT_TIMEOUT, connect=10.0), follow_redirects=False,
                                       transport=guarded_transport(allow_private=allow_private, limits=self.limits),
                                       headers={"User-Agent": f"atdf-mcp/{__version__}"},
                                       cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])))
            clients[allow_private] = client
        return client

    async def aclose(self) -> None:
        """Close the running loop's clients and their keep-alive connections (call on shutdown)."""
        for client in self._clients.pop(_loop_key(), {}).values():
            await client.aclose()


def _loop_key() -> Any:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return _NO_LOOP


POOL = HttpPool()


async def aclose() -> None:
    """Close the shared HTTP client of the running event loop (the HTTP transports' shutdown hook)."""
    await POOL.aclose()


# ---------------------------------------------------------------------------------------------
# The dispatcher


class HttpDispatcher:
    """Sends one tool call as one HTTP request (plus retries) and turns the answer into a result or an envelope."""

    wants_ctx = False

    def __init__(self, tool: Descriptor, spec: HttpSpec, client: Callable[[], httpx.AsyncClient] | None = None) -> None:
        self.tool = tool
        self.spec = spec
        self.client = client or (lambda: POOL.client(spec.allow_private_networks))
        self.description = f"{spec.method} {spec.endpoint}"
        self.shared_validator: Callable[[], Any] | None = None  # the tool runtime's, handed over by atdf_mcp.snapshot
        self._fast: Any = None
        # The declared base as httpx parses it: every request URL is compared with it before sending.
        self._base = httpx.URL(spec.origin + spec.base_path) if not spec.missing else None
        self._timeout = httpx.Timeout(spec.timeout, connect=min(spec.timeout, 10.0))

    def _validator(self) -> Any:
        """The tool's input validator: the runtime's, else (a dispatcher used on its own) one compiled here."""
        if self.shared_validator is not None:
            return self.shared_validator()
        if self._fast is None:
            self._fast = compile_fast(self.tool.input_schema or {"type": "object"})
        return self._fast

    async def call(self, arguments: dict[str, Any], ctx: Any) -> Any:
        """Send the request built from `arguments`; the upstream's answer as a value, or raise CallFailure."""
        spec = self.spec
        if spec.missing:
            raise self._configuration_failure()
        if spec.refused:
            raise self._egress_failure(spec.refused)
        started = time.monotonic()
        try:
            request = self._build_request(arguments)
        except UnicodeEncodeError:  # a lone surrogate from an in-process client (the transports replace them): U+FFFD
            arguments = json_safe(arguments, fallback=str)
            request = self._build_request(arguments)
        response, body, truncated, attempts = await self._send(request, started + spec.timeout)
        _log.debug("%s %s → %s (%.1f ms, %d attempt(s))", spec.method, self._display_url(request.url), response.status_code,
                   (time.monotonic() - started) * 1000, attempts)
        if 200 <= response.status_code < 300:
            return self._success(response, body, truncated, request.url, attempts, arguments)
        raise self._status_failure(response, body, request.url, attempts, arguments)

    # -- request ---------------------------------------------------------------------------------

    def _build_request(self, arguments: dict[str, Any]) -> httpx.Request:
        spec = self.spec
        path_values: dict[str, Any] = {}
        header_args: dict[str, Any] = {}
        query = list(spec.static_query)
        body: dict[str, Any] = {}
        whole: Any = MISSING
        for name, value in arguments.items():
            place, target = spec.placement.get(name) or (spec.default_place, name)
            if place == "path":
                path_values[target] = (name, value)
            elif place == "query":
                _add_query(query, target, value)
            elif place == "body":
                body[target] = value
            elif place == "whole":
                whole = value
            else:
                header_args[name] = value
        path = "".join(self._segment(text, path_values) if is_param else text for is_param, text in spec.path)
        headers = dict(spec.headers)
        for template in spec.header_templates:
            value = self._header_value(template, header_args)
            if value is not None:
                headers[template.name] = value
        url = self._checked_url(path, query, arguments)
        content: Any = None
        if whole is not MISSING:
            content = whole
        elif body:
            content = body
        json_body = None if content is None else json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if json_body is not None:
            headers["Content-Type"] = "application/json"
        return self.client().build_request(spec.method, url, headers=headers, content=json_body, timeout=self._timeout)

    def _segment(self, placeholder: str, values: dict[str, tuple[str, Any]]) -> str:
        if placeholder not in values:
            raise self._argument_failure(placeholder, _("The argument {name} is needed to build the request URL.").format(name=repr(placeholder)),
                                         "required: it is part of the URL path")
        name, value = values[placeholder]
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (int, float)) and math.isfinite(value):
            text = json.dumps(value)
        elif isinstance(value, str):
            text = value
        else:
            raise self._argument_failure(name, _("The argument {name} goes into the URL path and must be a string or a number.").format(
                name=repr(name)),
                                         "a string or a number")
        if text in ("", ".", ".."):
            shown = _("empty") if not text else repr(text)
            raise self._argument_failure(name, _("The argument {name} is {value}, which cannot be one segment of the URL path.").format(
                name=repr(name), value=shown),
                                         "a non-empty value other than '.' and '..'")
        return quote(text, safe="")  # `/ ? # @ \ %` and non-ASCII are encoded: the value stays one path segment

    def _header_value(self, template: HeaderTemplate, args: dict[str, Any]) -> bytes | None:
        out = []
        for is_param, text in template.parts:
            if not is_param:
                out.append(text)
                continue
            if text not in args or args[text] is None:
                return None  # an optional input left out: the header is not sent
            value = args[text]
            value = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            if _FORBIDDEN_IN_HEADER.search(value):
                raise self._argument_failure(text, _("The argument {name} goes into the {header} header and must not contain line "
                                                     "breaks or NUL characters.").format(name=repr(text), header=template.name),
                                             "no CR, LF or NUL characters")
            out.append(value)
        return "".join(out).encode("utf-8")

    def _checked_url(self, path: str, query: list[tuple[str, Any]], arguments: dict[str, Any]) -> httpx.URL:
        """The request URL, parsed once, after checking it stays under the declared base."""
        spec = self.spec
        raw = spec.origin + path + ("?" + urlencode(query) if query else "")
        if len(raw) > MAX_URL_LENGTH:
            longest = max(arguments, key=lambda name: len(str(arguments[name])), default=None)
            raise self._argument_failure(longest, _("The request URL would be {length} characters long; the limit is {limit}.").format(
                length=len(raw), limit=MAX_URL_LENGTH),
                                         f"the whole URL stays under {MAX_URL_LENGTH} characters")
        url = httpx.URL(raw)
        base = self._base
        assert base is not None
        url_path = url.raw_path.partition(b"?")[0]
        segments = url_path.split(b"/")
        under = (url.scheme == base.scheme and url.host == base.host and url.port == base.port
                 and (url_path == base.raw_path if spec.exact_path else url_path.startswith(base.raw_path))
                 and b".." not in segments and b"." not in segments)
        if not under:  # unreachable with encoded segments; kept as the last line of defence
            name = next((n for n, (place, _how) in spec.placement.items() if place == "path" and n in arguments), None)
            raise self._argument_failure(name, _("The arguments would send the request outside the tool's endpoint."),
                                         f"the URL stays under {spec.origin_shown}{spec.base_path}")
        return url

    # -- transport -------------------------------------------------------------------------------

    async def _send(self, request: httpx.Request, deadline: float) -> tuple[httpx.Response, bytes, bool, int]:
        """Send (and resend, for idempotent methods) until an answer that is not worth retrying, or the deadline."""
        spec = self.spec
        client = self.client()
        attempts = 0
        stale_retried = False
        while True:
            attempts += 1
            fresh = _FreshConnection(request)
            try:
                with anyio.fail_after(max(deadline - time.monotonic(), 0.001)):
                    if tracing.enabled():  # a CLIENT span, its traceparent sent upstream
                        with tracing.upstream_span(request.method, str(request.url), request.headers) as span:
                            response = await client.send(request, stream=True)
                            span.set_attribute("http.response.status_code", response.status_code)
                    else:
                        response = await client.send(request, stream=True)
                    upstream_status(response.status_code)
                    try:
                        body, truncated = await _read_capped(response, spec.max_response_bytes)
                    finally:
                        await response.aclose()
            except (TimeoutError, httpx.TimeoutException) as exc:
                if isinstance(exc, httpx.ConnectTimeout) and await self._backed_off(attempts, deadline, None):
                    continue
                raise self._timeout_failure(request, attempts) from None
            except EgressRefused as exc:
                raise self._egress_failure(f"{exc.host} resolves to {exc.address}, {exc.reason}") from None
            except httpx.DecodingError:  # not a TransportError: the answer came, its Content-Encoding lies
                raise self._undecodable_failure(response, request, attempts) from None
            except httpx.TransportError as exc:
                _log.debug("%s %s: %s (attempt %d)", spec.method, self._display_url(request.url), type(exc).__name__, attempts)
                if not stale_retried and not fresh.opened and _closed_unanswered(exc):
                    stale_retried = True  # a kept-alive connection the upstream closed as the request went out: once more, on a new one
                    continue
                if await self._backed_off(attempts, deadline, None):
                    continue
                raise self._transport_failure(exc, request, attempts) from None
            if response.status_code in RETRY_STATUSES and await self._backed_off(
                    attempts, deadline, retry_after(response.headers.get("retry-after"))):
                continue
            return response, body, truncated, attempts

    async def _backed_off(self, attempts: int, deadline: float, wait: float | None) -> bool:
        """Sleep before another attempt and say True, or say False: not idempotent, no retries left, or no time left."""
        spec = self.spec
        if not spec.idempotent or attempts > spec.retries:
            return False
        if wait is None:  # exponential backoff with jitter: 50-100 % of backoff * 2^(attempt-1)
            wait = min(spec.backoff * (2 ** (attempts - 1)), MAX_BACKOFF) * (0.5 + random.random() / 2)
        if time.monotonic() + wait >= deadline:
            return False  # Retry-After (or the backoff) does not fit in the tool's timeout
        await anyio.sleep(wait)
        return True

    # -- success ---------------------------------------------------------------------------------

    def _success(self, response: httpx.Response, body: bytes, truncated: bool, url: httpx.URL, attempts: int,
                 arguments: dict[str, Any]) -> Any:
        if response.status_code == 204 or (not body and not truncated):
            return None  # the server answers with the tool's success text
        mime = _mime(response)
        if truncated:
            return self._truncated(response, body, mime, url)
        if is_json(mime, body):
            try:
                value = json.loads(body)
            except ValueError:
                return _decode(body, response)
            if isinstance(value, dict) and value.get("status") == "error" and (isinstance(value.get("errors"), list)
                                                                                  or isinstance(value.get("data"), dict)):
                raise self._status_failure(response, body, url, attempts, arguments)  # an ATDF envelope sent with a 2xx status
            if self.spec.response_path is not None:
                value = self._extract(value, response, body, url)
            if isinstance(value, dict):
                return value
            return {"result": value}  # arrays and scalars are wrapped: structuredContent is an object
        if mime.startswith("text/") or mime in _TEXT_TYPES or mime.endswith("+xml"):
            return _decode(body, response)
        return [_binary_block(body, mime or "application/octet-stream", f"{self.tool.uri}/result")]

    def _truncated(self, response: httpx.Response, body: bytes, mime: str, url: httpx.URL) -> Any:
        cap = self.spec.max_response_bytes
        declared = response.headers.get("content-length")
        if self.tool.output_schema:  # a cut answer cannot match the declared output schema: say so as an error
            size = _("{count} bytes").format(count=declared) if declared and declared.isdigit() else _("more")
            raise self._failure(Code.RESPONSE_TOO_LARGE, _("The upstream answer holds {size}, more than the {cap} bytes this tool "
                                                           "returns.").format(size=size, cap=cap),
                                retryable=False, title=_("Upstream answer too large"),
                                context={"method": self.spec.method, "url": self._display_url(url), "max_response_bytes": cap,
                                         "solution": _("Ask for less data (filters, a smaller page or range), then call the tool again.")})
        total = f"{declared} bytes" if declared and declared.isdigit() else "more"
        note = (f"[atdf-mcp: the response was truncated: it holds {total}, only the first {cap} bytes are shown. "
                "Ask for less data (filters, a smaller page) to get the whole answer.]")
        if is_json(mime, body) or mime.startswith("text/") or mime in _TEXT_TYPES or not mime:
            return [{"type": "text", "text": _decode(body, response)}, {"type": "text", "text": note}]
        return [_binary_block(body, mime, f"{self.tool.uri}/result"), {"type": "text", "text": note}]

    def _extract(self, value: Any, response: httpx.Response, body: bytes, url: httpx.URL) -> Any:
        node = value
        for part in self.spec.response_path or ():
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise self._failure(Code.UPSTREAM_ERROR, _("The upstream response has no {part} (the part this tool returns).").format(
                                        part=self.spec.response_label), retryable=False, title=_("Unexpected upstream response"),
                                    context={**self._http_context(response.status_code, url, body), "attempts": 1,
                                             "solution": _("The upstream service changed its answer; use another tool or report "
                                                           "it to the server's operator.")})
        return node

    # -- failures --------------------------------------------------------------------------------

    def _status_failure(self, response: httpx.Response, body: bytes, url: httpx.URL, attempts: int,
                        arguments: dict[str, Any]) -> CallFailure:
        status = response.status_code
        code, retryable, title, solution = STATUS_CODES.get(status) or status_class(status)
        title, solution = _(title), _(solution)
        context = {**self._http_context(status, url, body), "attempts": attempts}
        wait = retry_after(response.headers.get("retry-after")) if status in (429, 503) else None
        if wait is not None:
            context["retry_after"] = round(wait, 3)
        if 300 <= status < 400 and response.headers.get("location"):
            context["location"] = self._redact(response.headers["location"])
        parsed = json_or_none(body, _mime(response))
        upstream = upstream_errors(parsed)
        if upstream:
            return UpstreamRejected([self._passed_on(item, code, retryable, context, arguments) for item in upstream])
        message = self._redact(upstream_message(parsed, body, _mime(response)))
        declared = self._declared_code(parsed, body)
        reason = response.reason_phrase or ""
        where = f"{self.spec.method} {self._display_path(url)}"
        answered = f"HTTP {status}{' ' + reason if reason else ''}"
        if message:
            detail = _("The upstream service answered {request} with {status}: {message}").format(request=where, status=answered, message=message)
        else:
            detail = _("The upstream service answered {request} with {status}.").format(request=where, status=answered)
        parameter = self._parameter_from(parsed)
        if declared is not None:
            context["solution"] = solution
            return self._failure(declared, detail, retryable=retryable, context=context, parameter=parameter)
        if wait is not None and code == Code.RATE_LIMITED:
            solution = _("Wait {seconds} s, then retry the same call.").format(seconds=f"{wait:g}")
        context["solution"] = solution.format(env=self.spec.auth_env or _("the credentials"))
        return self._failure(code, detail, retryable=retryable, context=context, parameter=parameter, title=title)

    def _passed_on(self, item: dict[str, Any], status_code: str, retryable: bool, http_context: dict[str, Any],
                   arguments: dict[str, Any]) -> dict[str, Any]:
        """One upstream ATDF error as an entry of ours: tool_name and instance ours, parameter and suggestion kept."""
        code = item.get("code") or status_code
        declared = self.tool.failure(code)
        upstream_context = item.get("context") or {}
        if len(json.dumps(upstream_context, default=str)) > 4 * EXCERPT_BYTES:
            upstream_context = {"upstream_context": "left out: larger than 8 KB (see body_excerpt)"}
        context = {**upstream_context, **http_context, "retryable": retryable}
        for key in ("type", "instance"):
            if item.get(key):
                context[f"upstream_{key}"] = item[key]
        parameter = parameter_name(item.get("parameter"), self.tool)
        suggestion = item.get("suggested_value")
        # tool_error_envelope types the suggestion by the input schema and adds context.suggested_arguments when they validate
        entry = tool_error_envelope(self.tool, arguments, code=code, message=self._redact(item.get("detail") or ""), parameter=parameter,
                                    suggested_value=suggestion, context=context, fast_validator=self._validator())["errors"][0]
        if declared is None and item.get("title"):
            entry["title"] = str(item["title"])
        if declared is None and is_absolute_uri(item.get("type")):
            entry["type"] = item["type"]
        entry["context"].setdefault("solution", _("Apply the upstream service's indication and call the tool again.") if not retryable
                                    else _("Retry the same call in a few seconds."))
        return entry

    def _declared_code(self, parsed: Any, body: bytes) -> str | None:
        """A failure code the descriptor declares that the upstream body names (`{"code": "SLOT_UNAVAILABLE"}`)."""
        if not self.tool.failures:
            return None
        declared = {f.code.upper(): f.code for f in self.tool.failures}
        if parsed is not None:
            for value in strings(parsed):
                found = declared.get(value.upper())
                if found:
                    return found
            return None
        text = body[:EXCERPT_BYTES * 8].decode("utf-8", "replace")
        for upper, code in declared.items():
            if re.search(rf"(?<![A-Za-z0-9_]){re.escape(upper)}(?![A-Za-z0-9_])", text, re.IGNORECASE):
                return code
        return None

    def _parameter_from(self, parsed: Any) -> str | None:
        if not isinstance(parsed, dict):
            return None
        for key in ("parameter_name", "parameter", "param", "field"):
            name = parameter_name(parsed.get(key), self.tool)
            if name:
                return name
        detail = parsed.get("detail")
        if isinstance(detail, list) and detail and isinstance(detail[0], dict) and isinstance(detail[0].get("loc"), list):
            return parameter_name(".".join(str(p) for p in detail[0]["loc"]), self.tool)  # FastAPI / pydantic
        return None

    def _timeout_failure(self, request: httpx.Request, attempts: int) -> CallFailure:
        seconds = f"{self.spec.timeout:g}"
        return self._failure(Code.TIMEOUT, _("The upstream service did not answer {request} within {seconds} s.").format(
                                 request=f"{self.spec.method} {self._display_path(request.url)}", seconds=seconds),
                             retryable=True, title=_("Upstream timed out"),
                             context={"method": self.spec.method, "url": self._display_url(request.url), "timeout_seconds": self.spec.timeout,
                                      "attempts": attempts, "solution": _("Retry later, or with arguments that ask for less work.")})

    def _transport_failure(self, exc: httpx.TransportError, request: httpx.Request, attempts: int) -> CallFailure:
        where = f"{self.spec.method} {self._display_path(request.url)}"
        context = {"method": self.spec.method, "url": self._display_url(request.url), "attempts": attempts,
                   "error": type(exc).__name__}
        if isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout)):
            return self._failure(Code.UNAVAILABLE, _("The upstream service at {origin} could not be reached for {request} ({why}).").format(
                                     origin=self.spec.origin_shown, request=where, why=_connect_reason(exc)),
                                 retryable=True, title=_("Upstream unreachable"),
                                 context={**context, "solution": _("Retry later; if it keeps failing, the service is down or the "
                                                                   "server's operator must fix its address.")})
        if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)):
            return self._failure(Code.UPSTREAM_ERROR, _("The upstream service closed the connection before answering {request} "
                                                        "completely.").format(request=where),
                                 retryable=True, title=_("Upstream connection lost"),
                                 context={**context, "solution": _("Retry the same call in a few seconds.")})
        return self._failure(Code.UPSTREAM_ERROR, _("The request {request} failed: {error}.").format(request=where, error=type(exc).__name__),
                             retryable=False, title=_("Upstream request failed"),
                             context={**context, "solution": _("Report the instance id to the server's operator.")})

    def _undecodable_failure(self, response: httpx.Response, request: httpx.Request, attempts: int) -> CallFailure:
        encoding = response.headers.get("content-encoding", "")
        return self._failure(Code.UPSTREAM_ERROR, _("The upstream service answered {request} with HTTP {status}, but its body "
                                                    "cannot be decoded as its Content-Encoding ({encoding}) says.").format(
                                 request=f"{self.spec.method} {self._display_path(request.url)}", status=response.status_code,
                                 encoding=encoding),
                             retryable=False, title=_("Upstream answer unreadable"),
                             context={**self._http_context(response.status_code, request.url, b""), "attempts": attempts,
                                      "content_encoding": encoding,
                                      "solution": _("Use another tool, or report this to the server's operator: the endpoint "
                                                    "sends a body its headers misdescribe.")})

    def _egress_failure(self, why: str) -> CallFailure:
        return self._failure(Code.EGRESS_REFUSED, _("The tool's endpoint {origin} is not reachable from this server: {why}. Nothing "
                                                    "was sent.").format(origin=self.spec.origin_shown, why=why),
                             retryable=False, title=_("Destination refused"),
                             context={"method": self.spec.method, "solution": _(
                                 "Use another tool; the server's operator must point this tool at a public address ({which})."
                             ).format(which=_(EGRESS_WHICH))})

    def _configuration_failure(self) -> CallFailure:
        names = ", ".join(self.spec.missing)
        if len(self.spec.missing) > 1:
            detail = _("The tool cannot run: the environment variables {names} are not set on the server.")
        else:
            detail = _("The tool cannot run: the environment variable {names} is not set on the server.")
        return self._failure(Code.CONFIGURATION_ERROR, detail.format(names=names), retryable=False, title=_("Tool misconfigured"),
                             context={"missing_variables": list(self.spec.missing),
                                      "solution": _("Use another tool; the server's operator must set {names} and restart atdf-mcp.").format(
                                          names=names)})

    def _argument_failure(self, parameter: str | None, detail: str, condition: str) -> CallFailure:
        return self._failure(Code.VALIDATION_ERROR, detail, retryable=False, parameter=parameter, title=_("Invalid argument"),
                             context={"expected": {"conditions": [condition]},
                                      "solution": _("Change {parameter} and call the tool again.").format(parameter=repr(parameter))
                                      if parameter else _("Change the arguments and call the tool again.")})

    def _failure(self, code: str, detail: str, *, retryable: bool, context: dict[str, Any], parameter: str | None = None,
                 title: str | None = None) -> CallFailure:
        declared = self.tool.failure(code)
        return CallFailure(code, detail, title=None if declared is not None else title, parameter=parameter,
                           context={**context, "retryable": retryable})

    # -- what may be shown -------------------------------------------------------------------------

    def _http_context(self, status: int, url: httpx.URL, body: bytes) -> dict[str, Any]:
        context: dict[str, Any] = {"http_status": status, "method": self.spec.method, "url": self._display_url(url)}
        if body:
            context["body_excerpt"] = self._redact(body[:EXCERPT_BYTES].decode("utf-8", "ignore"))
        return context

    def _display_url(self, url: httpx.URL) -> str:
        """The URL without userinfo, its secret query values replaced by ***."""
        query = [(k, "***" if k in self.spec.secret_query_names or SENSITIVE_NAME.search(k) else v) for k, v in url.params.multi_items()]
        text = self.spec.origin_shown + self._display_path(url)
        if query:
            text += "?" + urlencode(query, safe="*")
        return self._redact(text)

    def _display_path(self, url: httpx.URL) -> str:
        return url.raw_path.decode("ascii", "replace").split("?")[0]

    def _redact(self, text: str) -> str:
        for secret in self.spec.secrets:
            if secret and secret in text:
                text = text.replace(secret, "***")
        return text


# ---------------------------------------------------------------------------------------------
# Status → code


# ---------------------------------------------------------------------------------------------
# Helpers


def _add_query(query: list[tuple[str, Any]], name: str, value: Any) -> None:
    if value is None:
        return
    if isinstance(value, list):
        for item in value:
            _add_query(query, name, item)
    elif isinstance(value, bool):
        query.append((name, "true" if value else "false"))
    elif isinstance(value, dict):
        query.append((name, json.dumps(value, ensure_ascii=False, separators=(",", ":"))))
    else:
        query.append((name, value if isinstance(value, str) else json.dumps(value)))


async def _read_capped(response: httpx.Response, cap: int) -> tuple[bytes, bool]:
    """The (decoded) body, at most `cap` bytes, and whether more was left unread."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        if size + len(chunk) > cap:
            chunks.append(chunk[: cap - size])
            return b"".join(chunks), True
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks), False


def _mime(response: httpx.Response) -> str:
    return response.headers.get("content-type", "").split(";")[0].strip().lower()


def _decode(body: bytes, response: httpx.Response) -> str:
    charset = response.charset_encoding or "utf-8"
    try:
        return body.decode(charset, "replace")
    except LookupError:
        return body.decode("utf-8", "replace")


def _binary_block(body: bytes, mime: str, uri: str) -> dict[str, Any]:
    data = base64.b64encode(body).decode("ascii")
    kind = mime.split("/")[0]
    if kind in ("image", "audio"):
        return {"type": kind, "data": data, "mimeType": mime}
    return {"type": "resource", "resource": {"uri": uri, "mimeType": mime, "blob": data}}


def _connect_reason(exc: Exception) -> str:
    """Why a connection failed, from the exception chain (httpx → anyio → OSError)."""
    seen: BaseException | None = exc
    for _depth in range(10):
        if seen is None:
            break
        if isinstance(seen, socket.gaierror):
            return "its host name does not resolve"
        if isinstance(seen, ConnectionRefusedError):
            return "connection refused"
        seen = seen.__cause__ or seen.__context__
    if isinstance(exc, httpx.ConnectTimeout):
        return "connecting timed out"
    return "connection failed"




class _FreshConnection:
    """Watches one attempt (httpcore's `trace` extension): `opened` is True when it opened a connection, not reused one."""

    def __init__(self, request: httpx.Request) -> None:
        self.opened = False
        request.extensions["trace"] = self._trace

    async def _trace(self, event: str, info: dict[str, Any]) -> None:
        if event == "connection.connect_tcp.started":
            self.opened = True


def _closed_unanswered(exc: httpx.TransportError) -> bool:
    """The upstream closed the connection before the first byte of an answer (h11's wording, through httpcore)."""
    return isinstance(exc, httpx.RemoteProtocolError) and str(exc).startswith("Server disconnected without sending a response")
