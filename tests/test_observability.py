"""Metrics, traces and structured logs, as an operator's tools see them: GET /metrics parsed by prometheus-client's own
parser; spans exported by `atdf-mcp serve` over OTLP/HTTP to a real receiver on a free port; `--log-format json` lines."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
import yaml
from demo_upstream import app as upstream_app
from local_server import running, serve_over_http
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from prometheus_client.parser import text_string_to_metric_families
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from atdf_mcp import load_catalog
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

TOKEN = "metrics-test-token-0123456789"
HANDLERS = "def greet(name):\n    return {'greeting': 'Hello ' + name}\n"


def write_catalog(folder: Path, upstream: str) -> Path:
    """greet (a Python handler), lookup (an HTTP endpoint: 200) and broken (an HTTP endpoint answering 500)."""
    folder.mkdir(parents=True, exist_ok=True)
    name = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    tools = [{"name": "greet", "description": "Greets someone.", "inputSchema": name},
             {"name": "lookup", "description": "Looks a record up.", "inputSchema": {"type": "object", "properties": {}},
              "endpoint": f"{upstream}/echo/records", "method": "GET"},
             {"name": "broken", "description": "An upstream that fails.", "inputSchema": {"type": "object", "properties": {}},
              "endpoint": f"{upstream}/status/500", "method": "GET"}]
    (folder / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text(yaml.safe_dump({"allow_private_networks": True}), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def upstream() -> Iterator[str]:
    with running(upstream_app, log_level="critical") as url:
        yield url


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory: pytest.TempPathFactory, upstream: str) -> Path:
    return write_catalog(tmp_path_factory.mktemp("observability") / "catalog", upstream)


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus exposition, keyed by name and sorted labels (parsed by prometheus-client)."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


async def mcp_calls(url: str, calls: list[tuple[str, dict[str, Any]]], headers: dict[str, str] | None = None) -> list[Any]:
    with anyio.fail_after(60):
        async with (httpx2.AsyncClient(headers=headers or {}, timeout=30) as http,
                    Client(streamable_http_client(f"{url}/mcp", http_client=http), mode="legacy") as client):
            return [await client.call_tool(name, arguments) for name, arguments in calls]


@pytest.mark.anyio
async def test_metrics_count_calls_outcomes_latency_upstreams_catalogue_reloads_and_tasks(catalog_dir: Path) -> None:
    """`atdf-mcp serve`: after a few calls over MCP, a reload and a task, /metrics says exactly what happened, per tool and outcome."""
    with serve_over_http(catalog_dir, "--no-watch", "--auth-token", TOKEN) as (_process, url, _log):
        auth = {"Authorization": f"Bearer {TOKEN}"}
        results = await mcp_calls(url, [("greet", {"name": "Ada"}), ("greet", {"name": "Bo"}), ("greet", {"nom": "Cy"}),
                                        ("lookup", {}), ("broken", {}), ("no_such_tool", {}), ("no_such_tool_2", {})], auth)
        assert [r.is_error for r in results] == [False, False, True, False, True, True, True]
        async with httpx.AsyncClient(base_url=url, headers=auth, timeout=30) as http:
            assert (await http.post("/reset")).status_code == 200
            task = (await http.post("/call_tool/greet", json={"name": "Di"})).json()["task_id"]
            async with http.stream("GET", f"/callback/{task}") as events:
                assert [line async for line in events.aiter_lines() if line.startswith("event:")] == ["event: result"]
            response = await http.get("/metrics")
            assert (await http.get("/metrics", headers={"Authorization": ""})).status_code == 401  # the token is needed
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain; version=0.0.4")
    seen = samples(response.text)
    calls = "atdf_mcp_tool_calls_total"
    assert seen[(calls, (("outcome", "ok"), ("tool", "greet")))] == 3  # two over MCP, one as a task
    assert seen[(calls, (("outcome", "VALIDATION_ERROR"), ("tool", "greet")))] == 1
    assert seen[(calls, (("outcome", "ok"), ("tool", "lookup")))] == 1
    assert seen[(calls, (("outcome", "UPSTREAM_ERROR"), ("tool", "broken")))] == 1
    assert seen.get((calls, (("outcome", "ok"), ("tool", "broken"))), 0) == 0
    assert seen[(calls, (("outcome", "TOOL_NOT_FOUND"), ("tool", "(unknown)")))] == 2  # callers cannot grow the label set
    assert seen[("atdf_mcp_tool_call_duration_seconds_count", (("tool", "greet"),))] == 4
    assert seen[("atdf_mcp_tool_call_duration_seconds_bucket", (("le", "+Inf"), ("tool", "greet")))] == 4
    assert seen[("atdf_mcp_tool_calls_in_flight", ())] == 0
    assert seen[("atdf_mcp_upstream_responses_total", (("status", "200"), ("tool", "lookup")))] == 1
    assert seen[("atdf_mcp_upstream_responses_total", (("status", "500"), ("tool", "broken")))] >= 1  # retried 5xx count each
    assert seen[("atdf_mcp_catalog_resources", (("type", "tool"),))] == 3
    assert seen[("atdf_mcp_catalog_problems", (("severity", "error"),))] == 0
    assert (seen[("atdf_mcp_reloads_total", ())], seen[("atdf_mcp_reload_failures_total", ())]) == (1, 0)
    assert seen[("atdf_mcp_tasks", (("state", "completed"),))] == 1 and seen[("atdf_mcp_tasks", (("state", "running"),))] == 0


@pytest.mark.anyio
async def test_metrics_public_opens_the_route_without_the_token(catalog_dir: Path) -> None:
    """--metrics-public: /metrics answers without the token; the MCP endpoint still needs it."""
    with running(build_app(CatalogServer(load_catalog(catalog_dir)), HttpOptions(auth_token=TOKEN, metrics_public=True))) as url:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            assert (await http.get("/metrics")).status_code == 200
            assert (await http.post("/mcp", json={})).status_code == 401


class OtlpReceiver:
    """A real OTLP/HTTP trace receiver: POST /v1/traces (protobuf), every span kept."""

    def __init__(self) -> None:
        self.spans: list[dict[str, Any]] = []

    def app(self) -> Starlette:
        async def traces(request: Request) -> Response:
            message = ExportTraceServiceRequest()
            message.ParseFromString(await request.body())
            for resource in message.resource_spans:
                service = {a.key: a.value.string_value for a in resource.resource.attributes}.get("service.name")
                for scope in resource.scope_spans:
                    for span in scope.spans:
                        attributes = {a.key: getattr(a.value, a.value.WhichOneof("value")) for a in span.attributes}
                        self.spans.append({"name": span.name, "trace_id": span.trace_id.hex(), "span_id": span.span_id.hex(),
                                           "parent_id": span.parent_span_id.hex(), "kind": span.kind, "service": service,
                                           "attributes": attributes})
            return Response(b"", media_type="application/x-protobuf")

        return Starlette(routes=[Route("/v1/traces", traces, methods=["POST"])])


@pytest.mark.anyio
async def test_traces_are_exported_over_otlp_with_the_callers_traceparent_outcome_and_upstream_child_spans(catalog_dir: Path) -> None:
    """`atdf-mcp serve` with OTEL_TRACES_EXPORTER=otlp: a call with a traceparent header gives a `tools/call greet`
    span in that trace; a failing call carries atdf.error.code; an HTTP tool's upstream request is a CLIENT child span
    whose traceparent reached the upstream; `_meta.traceparent` parents a span too."""
    receiver = OtlpReceiver()
    trace_id, parent = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
    meta_trace = "0af7651916cd43dd8448eb211c80319c"
    with running(receiver.app()) as collector:
        env = {**os.environ, "OTEL_TRACES_EXPORTER": "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT": collector,
               "OTEL_BSP_SCHEDULE_DELAY": "50", "OTEL_SERVICE_NAME": "atdf-mcp-test"}
        with serve_over_http(catalog_dir, "--no-watch", env=env) as (_process, url, log):
            assert "traces               OpenTelemetry" in log.read_text()
            headers = {"traceparent": f"00-{trace_id}-{parent}-01"}
            ok, bad, looked = await mcp_calls(url, [("greet", {"name": "Ada"}), ("greet", {}), ("lookup", {})], headers)
            assert not ok.is_error and bad.is_error and not looked.is_error
            echoed = looked.structured_content["headers"]
            with anyio.fail_after(30):
                async with (httpx2.AsyncClient(timeout=30) as http,
                            Client(streamable_http_client(f"{url}/mcp", http_client=http), mode="legacy") as client):
                    await client.call_tool("greet", {"name": "Meta"}, meta={"traceparent": f"00-{meta_trace}-{parent}-01"})
            deadline = time.monotonic() + 20
            while not any(s["trace_id"] == meta_trace for s in receiver.spans) and time.monotonic() < deadline:
                await anyio.sleep(0.1)
    calls = [s for s in receiver.spans if s["name"] == "tools/call greet" and s["trace_id"] == trace_id]
    assert len(calls) == 2 and all(s["service"] == "atdf-mcp-test" for s in calls)
    outcomes = sorted((s["attributes"].get("atdf.outcome"), s["attributes"].get("atdf.error.code")) for s in calls)
    assert outcomes == [("error", "VALIDATION_ERROR"), ("ok", None)]
    lookup = next(s for s in receiver.spans if s["name"] == "tools/call lookup")
    assert lookup["trace_id"] == trace_id
    upstream = [s for s in receiver.spans if s["name"] == "HTTP GET" and s["trace_id"] == trace_id]
    assert len(upstream) == 1 and upstream[0]["kind"] == 3  # SPAN_KIND_CLIENT
    assert upstream[0]["attributes"]["http.response.status_code"] == 200
    ancestors = {s["span_id"]: s["parent_id"] for s in receiver.spans}
    node = upstream[0]["parent_id"]
    while node and node != lookup["span_id"]:
        node = ancestors.get(node, "")
    assert node == lookup["span_id"], "the upstream span is not under the tool call's span"
    assert echoed["traceparent"].split("-")[1] == trace_id  # the upstream joined the trace
    assert any(s["name"] == "tools/call greet" and s["trace_id"] == meta_trace for s in receiver.spans)


def test_log_format_json_makes_every_stderr_line_a_json_record(catalog_dir: Path) -> None:
    """`--log-format json`: the banner, log records and the stop line are each one JSON object with time, level, logger."""
    with serve_over_http(catalog_dir, "--no-watch", "--log-format", "json", "--log-level", "debug") as (process, url, log):
        httpx.get(f"{url}/health", timeout=30)
        process.send_signal(signal.SIGTERM)
        process.wait(30)
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line parses
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    assert any("Streamable HTTP" in r["message"] for r in records)  # the banner, as one record
    assert any(r["logger"] != "atdf_mcp" for r in records)  # real log records too (uvicorn's, the SDK's)
