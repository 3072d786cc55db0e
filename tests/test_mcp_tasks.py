"""The MCP tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663, 2026-07-28) for tools marked `"task": true`.

The client is the SDK's own `mcp.Client` with a tasks `ClientExtension` written here from the extension's text: it
declares the extension on each request, claims `resultType: "task"` results, and polls `tasks/get` (the SDK sends its
`Mcp-Name` header from `taskId`). One test speaks the raw JSON-RPC over Streamable HTTP to check the wire shapes.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import textwrap
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, Literal

import anyio
import httpx
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client, StdioServerParameters
from mcp.client.extension import ClaimContext, ClientExtension, ResultClaim
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError
from pydantic import Field

from atdf_mcp import load_catalog
from atdf_mcp.dialects import ardf, atdf
from atdf_mcp.server import CatalogServer
from atdf_mcp.tasks import MemoryTaskStore, TaskRunner, TaskStore
from atdf_mcp.web import HttpOptions, build_app

EXT = "io.modelcontextprotocol/tasks"
MODERN = "2026-07-28"
HANDLERS = '''
import anyio
from atdf_mcp import ToolError

async def build_report(pages, ctx):
    """Report progress on each page, then answer."""
    for page in range(1, pages + 1):
        await anyio.sleep(0.1)
        await ctx.report_progress(page, pages, f"page {page}")
    return {"pages": pages}

async def refuse_report(ctx):
    """Fail with a declared error."""
    await anyio.sleep(0.1)
    raise ToolError("NO_DATA", "There is nothing to report.")

def quick(text):
    """Answer at once."""
    return {"text": text}
'''
ATDF_TASK = {"schema_version": "2.0.0", "tool_id": "build_report", "task": True, "description": "Build a long report.",
             "when_to_use": "When a report is needed.",
             "how_to_use": {"inputs": [{"name": "pages", "type": "integer", "description": "Pages.", "required": True,
                                        "schema": {"type": "integer", "minimum": 1, "maximum": 100}}],
                            "outputs": {"success": "Built.", "failure": [{"code": "NO_DATA", "description": "Nothing."}]}}}
ARDF_TASK = {"schema_version": "1.0.0", "resource_id": "refuse_report", "resource_type": "tool", "description": "Never reports.",
             "content": {"type": "tool/io", "data": {"task": True, "inputs": [],
                                                     "outputs": {"success": "Done.", "failure": [{"code": "NO_DATA", "description": "Nothing."}]}}}}
ATDF_PLAIN = {"schema_version": "2.0.0", "tool_id": "quick", "description": "Answer at once.", "when_to_use": "Always.",
              "how_to_use": {"inputs": [{"name": "text", "type": "string", "description": "Text.", "required": True}],
                             "outputs": {"success": "Done.", "failure": []}}}


# -- a tasks client, from the extension's text -------------------------------------------------------------------------


class CreatedTask(types.Result):
    """`CreateTaskResult`: Result & Task, `resultType: "task"`."""

    result_type: Literal["task"] = Field(alias="resultType")
    task_id: str = Field(alias="taskId")
    status: str
    created_at: str = Field(alias="createdAt")
    last_updated_at: str = Field(alias="lastUpdatedAt")
    ttl_ms: int | None = Field(alias="ttlMs")
    poll_interval_ms: int | None = Field(default=None, alias="pollIntervalMs")


class DetailedTask(types.Result):
    """`GetTaskResult`: Result & DetailedTask."""

    task_id: str = Field(alias="taskId")
    status: Literal["working", "input_required", "completed", "cancelled", "failed"]
    status_message: str | None = Field(default=None, alias="statusMessage")
    created_at: str = Field(alias="createdAt")
    last_updated_at: str = Field(alias="lastUpdatedAt")
    ttl_ms: int | None = Field(alias="ttlMs")
    poll_interval_ms: int | None = Field(default=None, alias="pollIntervalMs")
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None


class TaskParams(types.RequestParams):
    task_id: str = Field(alias="taskId")


class GetTask(types.Request[TaskParams, Literal["tasks/get"]]):
    method: Literal["tasks/get"] = "tasks/get"
    params: TaskParams
    name_param = "taskId"  # Streamable HTTP: Mcp-Name carries the task id


class CancelTask(types.Request[TaskParams, Literal["tasks/cancel"]]):
    method: Literal["tasks/cancel"] = "tasks/cancel"
    params: TaskParams
    name_param = "taskId"


class TaskEnded(Exception):
    """The task ended without a result (cancelled or failed)."""

    def __init__(self, task: DetailedTask) -> None:
        super().__init__(task.status)
        self.task = task


class Tasks(ClientExtension):
    """Declares the extension, takes task handles, and polls each task to its end."""

    identifier = EXT

    def __init__(self, *, on_created: Any = None) -> None:
        self.created: list[CreatedTask] = []
        self.seen: list[DetailedTask] = []
        self.on_created = on_created

    def claims(self) -> list[ResultClaim[Any]]:
        return [ResultClaim(result_type="task", model=CreatedTask, resolve=self.resolve)]

    async def resolve(self, created: CreatedTask, ctx: ClaimContext) -> types.CallToolResult:
        self.created.append(created)
        if self.on_created is not None:
            await self.on_created(ctx.session, created)
        while True:
            task = await ctx.session.send_request(GetTask(params=TaskParams(taskId=created.task_id)), DetailedTask)
            self.seen.append(task)
            if task.status == "completed":
                return types.CallToolResult.model_validate(task.result)
            if task.status in ("cancelled", "failed"):
                raise TaskEnded(task)
            await anyio.sleep((task.poll_interval_ms or 500) / 1000)


# -- the catalogue and its servers ---------------------------------------------------------------------------------------


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    """A task tool in ATDF 2.x, a task tool in ARDF, a plain tool."""
    for name, doc in (("report", ATDF_TASK), ("refuse", ARDF_TASK), ("quick", ATDF_PLAIN)):
        (tmp_path / f"{name}.json").write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    return tmp_path


@contextlib.asynccontextmanager
async def serving(catalog_dir: Path, store: TaskStore | None = None, *, max_tasks: int = 1000) -> AsyncIterator[CatalogServer]:
    """A CatalogServer whose task tools run in a runner over `store` (default: a memory store) while the block runs."""
    app = CatalogServer(load_catalog(catalog_dir))
    runner = TaskRunner(app, store if store is not None else MemoryTaskStore(ttl=60), max_tasks=max_tasks)
    async with runner.serving():
        app.tasks = runner
        try:
            yield app
        finally:
            app.tasks = None


def test_the_dialects_read_the_task_flag(catalog_dir: Path) -> None:
    """ATDF 2.x `task` at the root and ARDF `content.data.task` mark a tool; a tool without is not marked."""
    catalog = load_catalog(catalog_dir)
    assert catalog.report.problems == []
    assert {t.id: t.task for t in catalog.tools} == {"build_report": True, "refuse_report": True, "quick": False}
    written = catalog.get("build_report")
    assert ardf.write(written)["content"]["data"]["task"] is True and atdf.write(written)["task"] is True
    assert "task" not in atdf.write(catalog.get("quick"))


@pytest.mark.anyio
async def test_a_task_tools_call_is_a_task_whose_result_the_client_polls(catalog_dir: Path) -> None:
    """The call answers at once with a handle (resultType task, working, ttl, poll interval); tasks/get shows it working,
    then completed with the CallToolResult; the task's progress is in the shared store, as /callback streams it."""
    tasks = Tasks()
    async with serving(catalog_dir) as app, Client(app.server, mode=MODERN, extensions=[tasks]) as client:
        result = await client.call_tool("build_report", {"pages": 8})
        [created] = tasks.created
        events = [event async for event in app.tasks.store.follow(created.task_id)]
    assert (result.is_error, result.structured_content) == (False, {"pages": 8})
    assert (created.status, created.poll_interval_ms) == ("working", 500) and created.ttl_ms > 60_000
    assert tasks.seen[0].status == "working" and tasks.seen[-1].status == "completed"
    assert tasks.seen[-1].created_at == created.created_at and tasks.seen[-1].last_updated_at >= created.last_updated_at
    assert [e.kind for e in events] == ["progress"] * 8 + ["result"]
    assert events[-1].data["structuredContent"] == {"pages": 8}


@pytest.mark.anyio
async def test_the_server_advertises_the_extension_only_with_a_runner(catalog_dir: Path) -> None:
    """server/discover lists the extension under capabilities.extensions while a runner serves tasks."""
    async with serving(catalog_dir) as app, Client(app.server, mode="auto") as client:
        assert EXT in (client.session.server_capabilities.extensions or {})
    async with Client(app.server, mode="auto") as client:
        assert EXT not in (client.session.server_capabilities.extensions or {})
        result = await client.call_tool("build_report", {"pages": 1})  # no runner: a plain call
        assert result.structured_content == {"pages": 1}


@pytest.mark.anyio
@pytest.mark.parametrize("how", ["no extension declared", "handshake era", "tool not marked"])
async def test_other_calls_run_plainly(catalog_dir: Path, how: str) -> None:
    """Without the extension in the request, on a handshake-era connection, or for a tool not marked: a plain result."""
    tasks = Tasks()
    extensions = [] if how == "no extension declared" else [tasks]
    mode = "legacy" if how == "handshake era" else MODERN
    name, arguments = ("quick", {"text": "hi"}) if how == "tool not marked" else ("build_report", {"pages": 2})
    async with serving(catalog_dir) as app, Client(app.server, mode=mode, extensions=extensions) as client:
        result = await client.call_tool(name, arguments)
        assert app.tasks.active == {}
    assert result.is_error is False and result.structured_content in ({"text": "hi"}, {"pages": 2})
    assert tasks.created == []


@pytest.mark.anyio
async def test_bad_arguments_are_refused_before_any_task(catalog_dir: Path) -> None:
    """Arguments the tool cannot take get the VALIDATION_ERROR result at once, and no task."""
    tasks = Tasks()
    async with serving(catalog_dir) as app, Client(app.server, mode=MODERN, extensions=[tasks]) as client:
        result = await client.call_tool("build_report", {"pages": 0})
    assert result.is_error and envelope_of(result)["errors"][0]["code"] == "VALIDATION_ERROR"
    assert tasks.created == []


@pytest.mark.anyio
async def test_a_failing_task_completes_with_its_envelope(catalog_dir: Path) -> None:
    """A tool's failure is a completed task whose result is the isError result with the ATDF envelope (never `failed`,
    which the extension keeps for JSON-RPC errors)."""
    tasks = Tasks()
    async with serving(catalog_dir) as app, Client(app.server, mode=MODERN, extensions=[tasks]) as client:
        result = await client.call_tool("refuse_report", {})
    assert result.is_error and envelope_of(result)["errors"][0]["code"] == "NO_DATA"
    final = tasks.seen[-1]
    assert final.status == "completed" and final.status_message == "There is nothing to report."


@pytest.mark.anyio
async def test_tasks_cancel_stops_the_handler(catalog_dir: Path) -> None:
    """tasks/cancel acknowledges; the task ends cancelled, its handler stopped, the store holding a CANCELLED envelope."""

    async def cancel(session: Any, created: CreatedTask) -> None:
        await anyio.sleep(0.3)
        ack = await session.send_request(CancelTask(params=TaskParams(taskId=created.task_id)), types.EmptyResult)
        assert ack.result_type == "complete"

    tasks = Tasks(on_created=cancel)
    async with serving(catalog_dir) as app, Client(app.server, mode=MODERN, extensions=[tasks]) as client:
        with pytest.raises(TaskEnded) as ended:
            await client.call_tool("build_report", {"pages": 50})
        events = [event async for event in app.tasks.store.follow(tasks.created[0].task_id)]
    assert ended.value.task.status == "cancelled" and "cancelled on request" in ended.value.task.status_message
    assert events[-1].kind == "error" and events[-1].data["errors"][0]["code"] == "CANCELLED"
    assert len([e for e in events if e.kind == "progress"]) < 10


@pytest.mark.anyio
async def test_past_max_tasks_a_call_gets_too_many_tasks(catalog_dir: Path) -> None:
    """With every task slot taken, a task tool's call answers TOO_MANY_TASKS (retryable, with a wait) and runs nothing."""
    async with (serving(catalog_dir, max_tasks=1) as app, Client(app.server, mode=MODERN, extensions=[Tasks()]) as client,
                anyio.create_task_group() as group):
        group.start_soon(client.call_tool, "build_report", {"pages": 5})
        with anyio.fail_after(5):
            while not app.tasks.active:
                await anyio.sleep(0.01)
        refused = await client.call_tool("build_report", {"pages": 1})
    entry = envelope_of(refused)["errors"][0]
    assert refused.is_error and entry["code"] == "TOO_MANY_TASKS"
    assert entry["context"]["retryable"] is True and entry["context"]["retry_after_seconds"] >= 1


@pytest.mark.anyio
async def test_tasks_methods_answer_the_specified_errors(catalog_dir: Path) -> None:
    """An unknown task id is -32602 (with the TASK_NOT_FOUND envelope); a request that does not declare the extension
    is -32021 naming it; tasks/result and tasks/list, which the extension removed, are -32601."""
    async with serving(catalog_dir) as app:
        async with Client(app.server, mode=MODERN, extensions=[Tasks()]) as client:
            with pytest.raises(MCPError) as unknown:
                await client.session.send_request(GetTask(params=TaskParams(taskId="0" * 32)), DetailedTask)
        async with Client(app.server, mode=MODERN) as client:
            with pytest.raises(MCPError) as undeclared:
                await client.session.send_request(GetTask(params=TaskParams(taskId="0" * 32)), DetailedTask)
            removed = []
            for method in ("tasks/result", "tasks/list"):
                with pytest.raises(MCPError) as error:
                    await client.session.send_request(types.Request[TaskParams, str](method=method, params=TaskParams(taskId="x")),
                                                      types.EmptyResult)
                removed.append(error.value.error.code)
    assert unknown.value.error.code == -32602 and unknown.value.error.data["errors"][0]["code"] == "TASK_NOT_FOUND"
    assert undeclared.value.error.code == -32021
    assert undeclared.value.error.data == {"requiredCapabilities": {"extensions": {EXT: {}}}}
    assert removed == [-32601, -32601]


@contextlib.contextmanager
def over_http(app: CatalogServer) -> Iterator[str]:
    """The app served by uvicorn (stateless Streamable HTTP, JSON answers); its Agent Tool Service runner is the app's."""
    with running(build_app(app, HttpOptions(stateless=True, json_response=True))) as base:
        assert app.tasks is not None  # set while the app serves
        yield base


def callback_events(base: str, task_id: str) -> list[tuple[str, dict[str, Any]]]:
    """The (event, data) pairs GET /callback/{task_id} streams, up to its final event."""
    events, kind = [], None
    with httpx.stream("GET", f"{base}/callback/{task_id}", timeout=30) as answer:
        assert answer.status_code == 200, answer.read()
        for line in answer.iter_lines():
            if line.startswith("event:"):
                kind = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and kind is not None:
                events.append((kind, json.loads(line.split(":", 1)[1])))
                kind = None
    return events


def _wire(base: str, request_id: int, method: str, params: dict[str, Any], *, declare: bool = True, name: str | None = None,
          path: str = "/mcp") -> dict[str, Any]:
    """One raw 2026-07-28 JSON-RPC request over Streamable HTTP (JSON answers, stateless); its `result` or `error`."""
    capabilities = {"extensions": {EXT: {}}} if declare else {}
    meta = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": capabilities}
    headers = {"accept": "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": method}
    if name is not None:
        headers["mcp-name"] = name
    answer = httpx.post(f"{base}{path}", headers=headers, timeout=10,
                        json={"jsonrpc": "2.0", "id": request_id, "method": method, "params": {**params, "_meta": meta}})
    return answer.json()


def test_the_wire_over_streamable_http(catalog_dir: Path) -> None:
    """Raw JSON-RPC against a real uvicorn: the handle, tasks/get while working and once completed, tasks/cancel's ack,
    all shaped as the extension's text shows them; the same runner is the app's."""
    app = CatalogServer(load_catalog(catalog_dir))
    with over_http(app) as base:
        discover = _wire(base, 1, "server/discover", {})["result"]
        assert discover["capabilities"]["extensions"] == {EXT: {}}
        handle = _wire(base, 2, "tools/call", {"name": "build_report", "arguments": {"pages": 10}}, name="build_report")["result"]
        assert set(handle) == {"resultType", "taskId", "status", "createdAt", "lastUpdatedAt", "ttlMs", "pollIntervalMs", "_meta"}
        assert (handle["resultType"], handle["status"]) == ("task", "working") and len(handle["taskId"]) == 32
        task_id = handle["taskId"]
        working = _wire(base, 3, "tasks/get", {"taskId": task_id}, name=task_id)["result"]
        watched = callback_events(base, task_id)  # the task started over MCP, watched through the Agent Tool Service
        assert [kind for kind, _ in watched] == ["progress"] * 10 + ["result"]
        assert [data["progress"] for _, data in watched[:-1]] == list(range(1, 11))
        assert watched[-1][1]["structuredContent"] == {"pages": 10}
        assert (working["resultType"], working["status"], working["taskId"]) == ("complete", "working", task_id)
        assert "result" not in working and working["createdAt"] == handle["createdAt"]
        for _ in range(100):
            done = _wire(base, 4, "tasks/get", {"taskId": task_id}, name=task_id)["result"]
            if done["status"] != "working":
                break
            time.sleep(0.1)
        assert done["status"] == "completed"
        assert done["result"]["structuredContent"] == {"pages": 10} and done["result"]["isError"] is False
        ack = _wire(base, 5, "tasks/cancel", {"taskId": task_id}, name=task_id)["result"]
        assert ack["resultType"] == "complete" and set(ack) <= {"resultType", "_meta"}
        refused = _wire(base, 6, "tasks/get", {"taskId": task_id}, declare=False, name=task_id)["error"]
        assert refused["code"] == -32021
        plain = _wire(base, 7, "tools/call", {"name": "build_report", "arguments": {"pages": 1}}, declare=False, name="build_report")
        assert plain["result"]["structuredContent"] == {"pages": 1}


def test_a_task_is_seen_only_in_its_tool_set(catalog_dir: Path) -> None:
    """A task started through /mcp/reports is unknown (-32602) to tasks/get and tasks/cancel through /mcp/other."""
    (catalog_dir / "atdf-mcp.yaml").write_text("toolsets:\n  reports: {ids: [build_report]}\n  other: {ids: [build_report, quick]}\n",
                                                encoding="utf-8")
    app = CatalogServer(load_catalog(catalog_dir))
    with over_http(app) as base:
        handle = _wire(base, 1, "tools/call", {"name": "build_report", "arguments": {"pages": 20}}, name="build_report",
                       path="/mcp/reports")["result"]
        task_id = handle["taskId"]
        for method in ("tasks/get", "tasks/cancel"):
            assert _wire(base, 2, method, {"taskId": task_id}, name=task_id, path="/mcp/other")["error"]["code"] == -32602
        assert _wire(base, 3, "tasks/get", {"taskId": task_id}, name=task_id, path="/mcp/reports")["result"]["taskId"] == task_id
        assert app.tasks.active  # the cancel through the other set did not stop it


@pytest.mark.anyio
async def test_over_stdio(catalog_dir: Path) -> None:
    """`atdf-mcp serve DIR` over stdio runs its own task runner: a 2026-07-28 client gets a handle and polls the result."""
    tasks = Tasks()
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(catalog_dir)],
                                   env={"PYTHONPATH": os.getcwd()})
    with tempfile.TemporaryFile("w+") as errlog, anyio.fail_after(60):
        async with Client(stdio_client(params, errlog=errlog), mode="auto", extensions=[tasks]) as client:
            assert client.protocol_version == MODERN and EXT in (client.session.server_capabilities.extensions or {})
            result = await client.call_tool("build_report", {"pages": 3})
    assert (result.is_error, result.structured_content) == (False, {"pages": 3})
    assert len(tasks.created) == 1 and tasks.seen[-1].status == "completed"
