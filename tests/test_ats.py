"""The Agent Tool Service API (atdf_mcp.ats): /get_tool, /call_tool, /callback (SSE), /cancel, /task, GET /reset, /health,
through real uvicorn servers and `atdf-mcp serve`, with real HTTP clients and handlers that report progress."""

from __future__ import annotations

import hashlib
import json
import textwrap
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import aclosing
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from local_server import running, serve_over_http

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.tasks import TaskOptions, TaskRunner
from atdf_mcp.web import HttpOptions, build_app, endpoints_text

pytestmark = pytest.mark.anyio

ADMIN, AGENT = "admin-token-for-ats-tests", "reports-agent-token"
REPORT_SCHEMA = {"type": "object", "properties": {
    "steps": {"type": "integer", "minimum": 0}, "interval": {"type": "number", "minimum": 0},
    "gate": {"type": "string"}, "gate_after": {"type": "integer", "minimum": 1}}, "required": ["steps"]}
TOOLS = {"tools": [
    {"name": "report", "description": "Build a report step by step, reporting progress.", "inputSchema": REPORT_SCHEMA},
    {"name": "ping", "description": "Answer pong.", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "refuse", "description": "Always refuses.",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}},
]}
HANDLERS = '''
from pathlib import Path

import anyio
from atdf_mcp import ToolError


async def report(steps: int, interval: float = 0.0, gate: str = "", gate_after: int = 1, ctx=None) -> dict:
    """Report progress `steps` times, `interval` s apart; after step `gate_after`, wait until the file `gate` exists."""
    for step in range(1, steps + 1):
        await ctx.report_progress(step, steps, f"step {step}")
        if gate and step == gate_after:
            while not Path(gate).exists():
                await anyio.sleep(0.02)
        await anyio.sleep(interval)
    await ctx.log("info", f"{steps} steps done")
    return {"steps": steps}


async def ping() -> str:
    """Answer at once."""
    return "pong"


async def refuse(text: str) -> dict:
    """Fail with a declared-looking failure."""
    raise ToolError("AUTHORIZATION_ERROR", "This tool refuses everything.", parameter="text", suggested_value="please")
'''


def digest(token: str) -> str:
    """The SHA-256 of a token, as `tokens:` lists it."""
    return hashlib.sha256(token.encode()).hexdigest()


def write_catalog(folder: Path, *, tokens: bool = False) -> Path:
    """Three tools with Python handlers, and a tool set `reports` (report, ping); with `tokens`, an agent token for it (then
    every ATS route needs a token)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (folder / "handlers.py").write_text(HANDLERS, encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text(textwrap.dedent("""\
        toolsets:
          reports: {ids: [report, ping]}
        """) + (f"tokens:\n  {digest(AGENT)}: reports\n" if tokens else ""), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def catalog_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_catalog(tmp_path_factory.mktemp("ats") / "catalog")


@pytest.fixture(scope="module")
def app(catalog_dir: Path) -> CatalogServer:
    return CatalogServer(load_catalog(catalog_dir))


@pytest.fixture(scope="module")
def url(app: CatalogServer) -> Iterator[str]:
    """A server without a token."""
    with running(build_app(app, HttpOptions())) as base:
        yield base


@pytest.fixture
def gate(tmp_path: Path) -> Path:
    """A file a `report` call waits for (the test opens the gate by creating it)."""
    return tmp_path / f"gate-{uuid.uuid4().hex}"


def client(base: str, token: str | None = None) -> httpx.AsyncClient:
    """An HTTP client without a connection cap whose idle connections expire (2 s) before uvicorn closes them (5 s): a
    loaded machine otherwise reuses a connection the server is closing ("Server disconnected without sending a response")."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.AsyncClient(base_url=base, headers=headers, timeout=30,
                             limits=httpx.Limits(max_connections=None, keepalive_expiry=2))


def envelope_entry(response: httpx.Response) -> dict[str, Any]:
    """The first entry of an HTTP error's ATDF envelope, schema-checked."""
    body = response.json()
    assert SCHEMAS["error"].violations(body) == [], body
    assert "Traceback" not in response.text
    return body["errors"][0]


async def sse(http: httpx.AsyncClient, task_id: str, last: str | int | None = None) -> AsyncIterator[dict[str, Any]]:
    """The events of GET /callback/{task_id}, parsed from the SSE lines: {"id": int, "event": str, "data": dict}."""
    headers = {"Last-Event-ID": str(last)} if last is not None else {}
    async with http.stream("GET", f"/callback/{task_id}", headers=headers) as response:
        assert response.status_code == 200, await response.aread()
        assert response.headers["content-type"].startswith("text/event-stream")
        fields: dict[str, str] = {}
        async for line in response.aiter_lines():
            if line.startswith(":"):  # a keep-alive comment
                continue
            if line:
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
                continue
            if "data" in fields:
                yield {"id": int(fields["id"]), "event": fields["event"], "data": json.loads(fields["data"])}
            fields = {}


async def events_of(http: httpx.AsyncClient, task_id: str, last: str | int | None = None) -> list[dict[str, Any]]:
    """Every event of a task's stream, until the server ends it."""
    return [event async for event in sse(http, task_id, last)]


async def start(http: httpx.AsyncClient, tool: str, arguments: Any) -> str:
    response = await http.post(f"/call_tool/{tool}", json=arguments)
    assert response.status_code == 200, response.text
    assert list(response.json()) == ["task_id"]
    return response.json()["task_id"]


async def started_count(http: httpx.AsyncClient) -> int:
    return (await http.get("/health")).json()["tasks"]["started"]


def check_stream(events: list[dict[str, Any]], steps: int) -> None:
    """Progress 1..steps, the handler's log, then one result, numbered 1..steps+2 without gaps."""
    assert [e["id"] for e in events] == list(range(1, steps + 3))
    assert [e["event"] for e in events] == ["progress"] * steps + ["log", "result"]
    assert [e["data"]["progress"] for e in events[:steps]] == list(range(1, steps + 1))
    assert events[steps]["data"]["data"] == f"{steps} steps done"
    assert events[-1]["data"]["structuredContent"] == {"steps": steps}


# ---------------------------------------------------------------- the basics


async def test_get_tool_lists_name_description_and_input_schema(url: str) -> None:
    """GET /get_tool answers what tools/list shows, in the ATS shape; ?toolset= and an agent token narrow it."""
    async with client(url) as http:
        tools = (await http.get("/get_tool")).json()
        assert [t["name"] for t in tools] == ["report", "ping", "refuse"]
        assert tools[0] == {"name": "report", "description": TOOLS["tools"][0]["description"], "input_schema": REPORT_SCHEMA}
        assert all(set(t) == {"name", "description", "input_schema"} for t in tools)
        assert [t["name"] for t in (await http.get("/get_tool?toolset=reports")).json()] == ["report", "ping"]
        unknown = await http.get("/get_tool?toolset=nope")
        assert unknown.status_code == 404 and envelope_entry(unknown)["code"] == "TOOLSET_NOT_FOUND"


async def test_a_five_second_task_answers_at_once_then_streams_its_progress_and_one_result(url: str, gate: Path) -> None:
    """POST /call_tool answers while the handler is held at its first step; /callback then streams every progress event
    (every 0.5 s for 5 s), the log, and exactly one result."""
    async with client(url) as http:
        task_id = await start(http, "report", {"steps": 10, "interval": 0.5, "gate": str(gate)})
        state = (await http.get(f"/task/{task_id}")).json()  # the gate is closed: the handler cannot have finished
        assert state["status"] == "working" and state["tool"] == "report" and state["events"] <= 1
        async with aclosing(sse(http, task_id)) as stream:
            first = await anext(stream)
            assert (first["id"], first["event"], first["data"]) == (1, "progress", {"progress": 1, "total": 10, "message": "step 1"})
            assert (await http.get(f"/task/{task_id}")).json()["status"] == "working"
            gate.touch()
            events = [first, *[event async for event in stream]]
        check_stream(events, 10)
        assert events[-1]["data"]["content"][0]["type"] == "text"
        assert (await http.get(f"/task/{task_id}")).json()["status"] == "completed"


async def test_cancel_mid_way_ends_the_task_with_a_cancelled_envelope(url: str) -> None:
    """POST /cancel stops the handler; the stream ends with one `error` event carrying the CANCELLED envelope."""
    async with client(url) as http:
        task_id = await start(http, "report", {"steps": 10_000, "interval": 0.02})
        async with aclosing(sse(http, task_id)) as stream:
            seen = [await anext(stream), await anext(stream)]
            cancelled = await http.post(f"/cancel/{task_id}")
            assert cancelled.status_code == 200
            answer = cancelled.json()
            assert (answer["task_id"], answer["tool"], answer["status"], answer["outcome"]) == (task_id, "report", "cancelled", "cancelled")
            seen += [event async for event in stream]
        assert [e["event"] for e in seen[:-1]] == ["progress"] * (len(seen) - 1)
        final = seen[-1]
        assert final["event"] == "error" and [e["id"] for e in seen] == list(range(1, len(seen) + 1))
        assert SCHEMAS["error"].violations(final["data"]) == []
        assert final["data"]["errors"][0]["code"] == "CANCELLED" and final["data"]["errors"][0]["tool_name"] == "report"
        again = (await http.post(f"/cancel/{task_id}")).json()
        assert (again["status"], again["outcome"]) == ("cancelled", "already_finished") and "already finished" in again["detail"]
        assert (await events_of(http, task_id, final["id"] - 1)) == [final]


async def test_a_reconnect_with_last_event_id_misses_nothing(url: str, gate: Path) -> None:
    """A stream dropped after 3 events and resumed with Last-Event-ID: 3 gives the rest; together 1..N, once each."""
    async with client(url) as http:
        task_id = await start(http, "report", {"steps": 6, "gate": str(gate), "gate_after": 3})
        async with aclosing(sse(http, task_id)) as stream:
            before = [await anext(stream) for _ in range(3)]
        gate.touch()
        after = await events_of(http, task_id, last=before[-1]["id"])
        check_stream(before + after, 6)
        assert after[0]["id"] == 4


async def test_a_late_subscriber_gets_the_final_event_at_once(url: str) -> None:
    """After the task finished, /callback replays its events and ends; from the last id but one, only the final one."""
    async with client(url) as http:
        task_id = await start(http, "report", {"steps": 3})
        events = await events_of(http, task_id)
        check_stream(events, 3)
        assert await events_of(http, task_id) == events  # replayed whole
        assert await events_of(http, task_id, last=4) == [events[-1]]
        assert await events_of(http, task_id, last=5) == []  # at or past the end: the stream closes empty
        bad = await http.get(f"/callback/{task_id}", headers={"Last-Event-ID": "three"})
        assert bad.status_code == 400 and envelope_entry(bad)["parameter_name"] == "Last-Event-ID"


async def test_two_hundred_concurrent_tasks_lose_no_event(url: str) -> None:
    """200 tasks started and followed at once: every stream has its 5 progress events, its log and its result, numbered 1..7."""
    async with client(url) as http:
        ids: list[str] = [""] * 200
        streams: dict[int, list[dict[str, Any]]] = {}

        async def start_one(i: int) -> None:
            ids[i] = await start(http, "report", {"steps": 5, "interval": 0.02})

        async def follow_one(i: int) -> None:
            streams[i] = await events_of(http, ids[i])

        with anyio.fail_after(120):
            async with anyio.create_task_group() as group:
                for i in range(200):
                    group.start_soon(start_one, i)
            async with anyio.create_task_group() as group:
                for i in range(200):
                    group.start_soon(follow_one, i)
        assert len(set(ids)) == 200
        for i in range(200):
            check_stream(streams[i], 5)


# ---------------------------------------------------------------- refusals


async def test_bad_calls_are_refused_before_any_task_is_created(url: str) -> None:
    """Bad arguments (400), a body that is not a JSON object (400) and an unknown tool (404, naming the nearest) start no task."""
    async with client(url) as http:
        before = await started_count(http)
        wrong = await http.post("/call_tool/report", json={"steps": "ten"})
        assert wrong.status_code == 400
        entry = envelope_entry(wrong)
        assert (entry["code"], entry["parameter_name"], entry["tool_name"]) == ("VALIDATION_ERROR", "steps", "report")
        missing = await http.post("/call_tool/report", content=b"")  # empty body: no arguments, and `steps` is required
        assert missing.status_code == 400 and envelope_entry(missing)["parameter_name"] == "steps"
        not_json = await http.post("/call_tool/report", content=b"{steps: 1")
        assert not_json.status_code == 400 and envelope_entry(not_json)["code"] == "INVALID_JSON"
        not_object = await http.post("/call_tool/report", json=[1, 2])
        assert not_object.status_code == 400 and envelope_entry(not_object)["code"] == "VALIDATION_ERROR"
        unknown = await http.post("/call_tool/reprot", json={"steps": 1})
        assert unknown.status_code == 404
        entry = envelope_entry(unknown)
        assert (entry["code"], entry["suggested_value"]) == ("TOOL_NOT_FOUND", "report")
        assert await started_count(http) == before
        assert (await http.post("/call_tool/ping", content=b"")).status_code == 200  # empty body = {}
        assert await started_count(http) == before + 1


async def test_an_unknown_task_is_404_on_every_route(url: str) -> None:
    """/callback, /cancel and /task of an id nobody issued answer TASK_NOT_FOUND."""
    async with client(url) as http:
        for response in (await http.get("/callback/0123abcd"), await http.post("/cancel/0123abcd"), await http.get("/task/0123abcd")):
            assert response.status_code == 404 and envelope_entry(response)["code"] == "TASK_NOT_FOUND"


async def test_a_handler_that_raises_ends_with_its_envelope_as_the_error_event(url: str) -> None:
    """A failing handler's task has one event: `error`, the same envelope an MCP call gets; its status is failed."""
    async with client(url) as http:
        task_id = await start(http, "refuse", {"text": "hello"})
        [event] = await events_of(http, task_id)
        assert (event["id"], event["event"]) == (1, "error")
        assert SCHEMAS["error"].violations(event["data"]) == []
        entry = event["data"]["errors"][0]
        assert (entry["code"], entry["parameter_name"], entry["suggested_value"]) == ("AUTHORIZATION_ERROR", "text", "please")
        assert (await http.get(f"/task/{task_id}")).json()["status"] == "failed"


async def test_max_tasks_answers_429_with_retry_after(app: CatalogServer, tmp_path: Path) -> None:
    """With max_tasks 2, a third call while two run is 429 TOO_MANY_TASKS with Retry-After; once they end, calls start again."""
    gates = [tmp_path / "one", tmp_path / "two"]
    with running(build_app(app, HttpOptions(tasks=TaskOptions(max_tasks=2)))) as base:
        async with client(base) as http:
            ids = [await start(http, "report", {"steps": 1, "gate": str(g)}) for g in gates]
            refused = await http.post("/call_tool/ping")
            assert refused.status_code == 429
            assert int(refused.headers["Retry-After"]) >= 1
            entry = envelope_entry(refused)
            assert entry["code"] == "TOO_MANY_TASKS" and entry["context"]["max_tasks"] == 2 and entry["context"]["retryable"] is True
            assert (await http.get("/health")).json()["tasks"]["running"] == 2
            for g in gates:
                g.touch()
            for task_id in ids:
                check_stream(await events_of(http, task_id), 1)
            assert (await http.post("/call_tool/ping")).status_code == 200


async def test_finished_tasks_are_forgotten_after_the_ttl(app: CatalogServer) -> None:
    """With a ttl of 0.3 s, a finished task answers 404 TASK_NOT_FOUND once the ttl has passed."""
    with running(build_app(app, HttpOptions(tasks=TaskOptions(ttl=0.3)))) as base:
        async with client(base) as http:
            task_id = await start(http, "ping", {})
            [result] = await events_of(http, task_id)
            assert result["event"] == "result" and result["data"]["content"][0]["text"] == "pong"
            await anyio.sleep(0.5)
            gone = await http.get(f"/callback/{task_id}")
            assert gone.status_code == 404 and envelope_entry(gone)["code"] == "TASK_NOT_FOUND"


# ---------------------------------------------------------------- tokens, tool sets, reset, health


async def test_tokens_and_tool_sets_hold_on_every_route(tmp_path: Path) -> None:
    """With --auth-token, every ATS route needs a token; an agent token sees only its set's tools and tasks and cannot reset."""
    folder = write_catalog(tmp_path / "catalog", tokens=True)
    with serve_over_http(folder, "--auth-token", ADMIN, "--no-watch") as (_, base, _):
        async with client(base) as anonymous, client(base, ADMIN) as admin, client(base, AGENT) as agent:
            for method, path in (("GET", "/get_tool"), ("POST", "/call_tool/ping"), ("GET", "/callback/x"), ("POST", "/cancel/x"),
                                 ("GET", "/task/x"), ("GET", "/reset")):
                refused = await anonymous.request(method, path)
                assert refused.status_code == 401 and envelope_entry(refused)["code"] == "AUTHENTICATION_ERROR", path
            health = await anonymous.get("/health")
            assert health.status_code == 200 and health.json()["status"] == "ok"

            assert [t["name"] for t in (await admin.get("/get_tool")).json()] == ["report", "ping", "refuse"]
            assert [t["name"] for t in (await agent.get("/get_tool")).json()] == ["report", "ping"]
            outside = await agent.post("/call_tool/refuse", json={"text": "hi"})
            assert outside.status_code == 404 and envelope_entry(outside)["code"] == "TOOL_NOT_FOUND"
            other_set = await agent.get("/get_tool?toolset=all")
            assert other_set.status_code == 404 and envelope_entry(other_set)["code"] == "TOOLSET_NOT_FOUND"

            admins = await start(admin, "ping", {})
            for response in (await agent.get(f"/callback/{admins}"), await agent.post(f"/cancel/{admins}"), await agent.get(f"/task/{admins}")):
                assert response.status_code == 404 and envelope_entry(response)["code"] == "TASK_NOT_FOUND"
            agents = await start(agent, "ping", {})
            assert (await agent.get(f"/task/{agents}")).json()["toolset"] == "reports"
            assert (await admin.get(f"/task/{agents}")).status_code == 404  # another set than the request's
            [event] = await events_of(admin, f"{agents}?toolset=reports")
            assert event["event"] == "result"

            forbidden = await agent.get("/reset")
            assert forbidden.status_code == 403 and envelope_entry(forbidden)["code"] == "AUTHORIZATION_ERROR"
            reset = await admin.get("/reset")
            assert reset.status_code == 200
            body = reset.json()
            assert body["status"] == "ok" and body["tools"] == {"added": [], "removed": [], "changed": []}
            assert (await admin.post("/reset")).json()["status"] == "reloaded"  # POST /reset keeps its answer


async def test_health_says_ok_and_reports_the_tasks(url: str) -> None:
    """/health keeps its fields, says "status": "ok" once serving, and tells the task store and counts."""
    async with client(url) as http:
        body = (await http.get("/health")).json()
    assert body["status"] == "ok"
    assert {"version", "uptime_seconds", "catalog", "transports", "counts"} <= set(body)
    assert body["tasks"]["store"] == "memory" and body["tasks"]["available"] is True and body["tasks"]["max_tasks"] == 1000


async def test_tasks_that_are_not_running_answer_503_and_health_says_unready(app: CatalogServer) -> None:
    """Without its lifespan (here: a server that does not run it), the app runs no tasks: the task routes answer 503
    TASK_STORE_UNAVAILABLE envelopes with Retry-After, never a traceback, and /health says "unready"."""
    starlette = build_app(app, HttpOptions())

    async def without_lifespan(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            raise RuntimeError("no lifespan here")  # uvicorn's lifespan "auto" then serves without one
        await starlette(scope, receive, send)

    with running(without_lifespan) as base:
        async with client(base) as http:
            for response in (await http.post("/call_tool/ping"), await http.get("/callback/abc"), await http.post("/cancel/abc")):
                assert response.status_code == 503 and response.headers["Retry-After"] == "5"
                assert envelope_entry(response)["code"] == "TASK_STORE_UNAVAILABLE"
            refused = await http.post("/call_tool/nope")  # refusals need no task store
            assert refused.status_code == 404
            health = (await http.get("/health")).json()
            assert health["status"] == "unready" and health["tasks"]["available"] is False


def test_the_banner_names_the_task_routes_and_hides_a_store_password() -> None:
    """The start-up banner lists the ATS routes and the task options, without the password of a Redis URL."""
    text = endpoints_text(HttpOptions(tasks=TaskOptions(store="redis://:hunter2@cache.internal:6379/0", max_tasks=5, ttl=60)), 8000)
    assert "http://127.0.0.1:8000/get_tool" in text and "http://127.0.0.1:8000/callback/{task_id}" in text
    assert "store redis://cache.internal:6379/0, at most 5 running, kept 60 s" in text and "hunter2" not in text


def test_the_app_exposes_its_task_runner(app: CatalogServer) -> None:
    """build_app puts its TaskRunner on the app's state, with the options' limit."""
    runner = build_app(app, HttpOptions(tasks=TaskOptions(max_tasks=7))).state.tasks
    assert isinstance(runner, TaskRunner) and runner.max_tasks == 7 and runner.server is app


# ---------------------------------------------------------------- atdf-mcp serve


async def test_serve_over_http_serves_the_ats_routes_with_its_task_flags(catalog_dir: Path, gate: Path) -> None:
    """`atdf-mcp serve --transport http --max-tasks 1 --task-ttl 30` answers the ATS routes and applies both flags."""
    with serve_over_http(catalog_dir, "--max-tasks", "1", "--task-ttl", "30", "--no-watch") as (_, base, log):
        banner = log.read_text()
        assert f"{base}/get_tool" in banner and "at most 1 running, kept 30 s" in banner
        async with client(base) as http:
            assert [t["name"] for t in (await http.get("/get_tool")).json()] == ["report", "ping", "refuse"]
            task_id = await start(http, "report", {"steps": 2, "gate": str(gate)})
            busy = await http.post("/call_tool/ping")
            assert busy.status_code == 429 and "Retry-After" in busy.headers
            gate.touch()
            check_stream(await events_of(http, task_id), 2)
            assert (await http.get("/health")).json()["tasks"]["max_tasks"] == 1
            assert (await http.get("/reset")).json()["status"] == "ok"
