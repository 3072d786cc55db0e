"""OpenTelemetry traces: configured by the standard OTEL_* variables, a no-op without an exporter.

The MCP SDK already opens a SERVER span per request (`tools/call NAME`, parented by the `traceparent` of the request's
`_meta`). atdf-mcp adds to it:
- the parent from the HTTP request's `traceparent`/`tracestate` headers, when `_meta` carries none (`TraceHeaders`);
- the call's outcome and ATDF error code as span attributes (`atdf.outcome`, `atdf.error.code`);
- a CLIENT child span per HTTP upstream request, whose `traceparent` goes to the upstream (`upstream_span`);
- a span per Agent Tool Service task (`task_span`), parented by the POST that started it.

    OTEL_TRACES_EXPORTER=otlp OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 atdf-mcp serve DIR --transport http

Exporters: `otlp` (OTLP over HTTP/protobuf) and `console` (to stderr: stdout belongs to the protocol); they need the
`otel` extra (`pip install 'atdf-mcp[otel]'`). A tracer provider someone else installed (`opentelemetry-instrument`)
is used as it is.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from typing import Any

import mcp.types as types
from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.trace import SpanKind, StatusCode
from starlette.types import ASGIApp, Receive, Scope, Send

from .observe import outcome_of

__all__ = ["TraceHeaders", "annotate_call", "configure_tracing", "context_from", "enabled", "task_span", "upstream_span"]

_log = logging.getLogger("atdf_mcp.tracing")
_tracer = trace.get_tracer("atdf-mcp")
_state = {"enabled": False}


def enabled() -> bool:
    """Whether spans are exported (an exporter configured here, or a tracer provider installed by someone else)."""
    return _state["enabled"]


def configure_tracing(environ: Mapping[str, str] | None = None) -> bool:
    """Install a tracer provider exporting as OTEL_TRACES_EXPORTER (or an OTLP endpoint) says; whether spans are exported."""
    env = os.environ if environ is None else environ
    if type(trace.get_tracer_provider()).__name__ not in ("ProxyTracerProvider", "NoOpTracerProvider"):
        _state["enabled"] = True  # e.g. opentelemetry-instrument configured one
        return True
    wanted = [name.strip() for name in env.get("OTEL_TRACES_EXPORTER", "").split(",") if name.strip()]
    if not wanted and (env.get("OTEL_EXPORTER_OTLP_ENDPOINT") or env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")):
        wanted = ["otlp"]
    if not wanted or wanted == ["none"] or env.get("OTEL_SDK_DISABLED", "").lower() == "true":
        return False
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter
    except ImportError:
        _log.warning("OTEL_TRACES_EXPORTER=%s but the OpenTelemetry SDK is not installed: pip install 'atdf-mcp[otel]'",
                     ",".join(wanted))
        return False
    provider = TracerProvider(resource=Resource.create({"service.name": env.get("OTEL_SERVICE_NAME", "atdf-mcp")}))
    for name in wanted:
        if name == "console":
            provider.add_span_processor(BatchSpanProcessor(ConsoleSpanExporter(out=sys.stderr)))
        elif name == "otlp":
            try:
                from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
            except ImportError:
                _log.warning("OTEL_TRACES_EXPORTER=otlp needs opentelemetry-exporter-otlp-proto-http: pip install 'atdf-mcp[otel]'")
                continue
            provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))  # endpoint, headers, timeout: OTEL_EXPORTER_OTLP_*
        elif name != "none":
            _log.warning("OTEL_TRACES_EXPORTER=%s is not supported here (otlp, console, none)", name)
    trace.set_tracer_provider(provider)
    _state["enabled"] = True
    return True


def shutdown_tracing() -> None:
    """Flush the spans not yet exported (at exit)."""
    provider = trace.get_tracer_provider()
    shutdown = getattr(provider, "shutdown", None)
    if _state["enabled"] and callable(shutdown):
        shutdown()


def annotate_call(result: types.CallToolResult) -> None:
    """Put a call's outcome (and the envelope's error code) on the current span, the SDK's `tools/call NAME`."""
    span = trace.get_current_span()
    if not span.is_recording():
        return
    outcome = outcome_of(result)
    span.set_attribute("atdf.outcome", "ok" if outcome == "ok" else "error")
    if outcome != "ok":
        span.set_attribute("atdf.error.code", outcome)
        span.set_status(StatusCode.ERROR, outcome)


def context_from(carrier: Mapping[str, Any] | None) -> otel_context.Context | None:
    """The trace context of a `traceparent`/`tracestate` carrier (headers or `_meta`), or None when it carries none."""
    if not carrier or "traceparent" not in carrier:
        return None
    extracted = propagate.extract(carrier)
    return extracted if trace.get_current_span(extracted).get_span_context().is_valid else None


@contextmanager
def upstream_span(method: str, url: str, headers: MutableMapping[str, str]) -> Iterator[trace.Span]:
    """A CLIENT span for one HTTP upstream request; its `traceparent` is written into the request's `headers`."""
    with _tracer.start_as_current_span(f"HTTP {method}", kind=SpanKind.CLIENT,
                                       attributes={"http.request.method": method, "url.full": url}) as span:
        propagate.inject(headers)
        yield span


@contextmanager
def task_span(name: str, parent: otel_context.Context | None) -> Iterator[None]:
    """The span of an Agent Tool Service task running `name`, parented by the request that started it."""
    if not _state["enabled"]:
        yield
        return
    with _tracer.start_as_current_span(f"tools/call {name}", context=parent, kind=SpanKind.SERVER,
                                       attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name,
                                                   "atdf.task": True}):
        yield


class TraceHeaders:
    """ASGI middleware: a request's `traceparent`/`tracestate` headers become the current trace context while it runs
    (the SDK's span of each MCP message then nests under it unless the message's `_meta` names its own parent)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        carrier = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope.get("headers", ())
                   if name in (b"traceparent", b"tracestate")}
        parent = context_from(carrier)
        if parent is None:
            await self.app(scope, receive, send)
            return
        token = otel_context.attach(parent)
        try:
            await self.app(scope, receive, send)
        finally:
            otel_context.detach(token)
