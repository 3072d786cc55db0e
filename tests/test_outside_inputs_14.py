"""Task paths seen from outside: a task's failure says what was sent (`received`), in the memory store and the Redis
store alike, replayed through another replica; and every way a task can fail (the tool fails, times out, is
cancelled, refused by a policy, called with wrong arguments, its server restarted mid-task) answers a valid envelope
with a suggestion, through MCP tasks (the SDK's Client) and through the Agent Tool Service (POST /call_tool + /callback).
"""

from __future__ import annotations

import contextlib
import json
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from envelopes import envelope_of
from local_server import free_port, running
from mcp import Client
from test_mcp_tasks import MODERN, DetailedTask, GetTask, TaskParams, Tasks

from atdf_mcp import load_catalog
from atdf_mcp.budget import MAX_ECHO
from atdf_mcp.results import ENRICHED_META
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.tasks import MemoryTaskStore, TaskRunner, TaskStore
from atdf_mcp.tasks.redis import RedisTaskStore
from atdf_mcp.web import HttpOptions, build_app

pytestmark = pytest.mark.anyio
SECRET = "tok-91be0c44d2"
HANDLERS = '''
import anyio
from atdf_mcp import ToolError

async def fail_task(city, note=""):
    """Fail with a declared error after a moment."""
    await anyio.sleep(0.05)
    raise ToolError("NO_DATA", f"There is no data for {city!r}.", parameter="city", suggested_value="Lyon")
'''


def atdf_tool(tool_id: str, inputs: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """An ATDF 2.x task tool."""
    return {"schema_version": "2.0.0", "tool_id": tool_id, "task": True, "description": f"The {tool_id} task.",
            "when_to_use": "In tests.", **extra,
            "how_to_use": {"inputs": inputs, "outputs": {"success": "Done.", "failure": [{"code": "NO_DATA", "description": "No data."}]}}}


def string_input(name: str, *, required: bool = False) -> dict[str, Any]:
    """A string input."""
    return {"name": name, "type": "string", "description": f"The {name}.", "required": required}


@pytest.fixture
def catalog_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Task tools, and an endpoint tool whose bearer token is a secret the server masks everywhere."""
    monkeypatch.setenv("ATDF_TEST_SECRET", SECRET)
    folder = tmp_path / "catalog"
    folder.mkdir()
    tools = [atdf_tool("fail_task", [string_input("city", required=True), string_input("note")])]
    for tool in tools:
        (folder / f"{tool['tool_id']}.json").write_text(json.dumps(tool), encoding="utf-8")
    remote = {"tools": [{"name": "remote", "description": "Call a service.", "endpoint": f"http://127.0.0.1:{free_port()}/x",
                         "method": "GET", "auth": {"type": "bearer", "env": "ATDF_TEST_SECRET"},
                         "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}]}
    (folder / "remote.json").write_text(json.dumps(remote), encoding="utf-8")
    (folder / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text("allow_private_networks: true\n", encoding="utf-8")
    return folder


@contextlib.asynccontextmanager
async def serving(catalog_dir: Path, store: TaskStore) -> AsyncIterator[CatalogServer]:
    """A CatalogServer whose task tools run in a runner over `store` while the block runs."""
    app = CatalogServer(load_catalog(catalog_dir))
    runner = TaskRunner(app, store)
    async with runner.serving():
        app.tasks = runner
        try:
            yield app
        finally:
            app.tasks = None


def received_of(result: Any) -> Any:
    """`_meta."atdf.io/enriched".data.details.received` of an isError result (whose envelope is checked first)."""
    envelope_of(result)
    return result.meta[ENRICHED_META]["data"]["details"]["received"]


LONG = "y" * (MAX_ECHO + 50)
SENT = {"city": "Atlantis", "note": f"key {SECRET} {LONG}"}


async def failed_task(app: CatalogServer) -> tuple[Any, str]:
    """`fail_task` called as an MCP task; its result and task id."""
    tasks = Tasks()
    async with Client(app.server, mode=MODERN, extensions=[tasks]) as client:
        result = await client.call_tool("fail_task", SENT)
    return result, tasks.created[0].task_id


async def plain_received(app: CatalogServer) -> Any:
    """What the same call says it received when it runs plainly (no tasks extension declared)."""
    async with Client(app.server, mode=MODERN) as client:
        return received_of(await client.call_tool("fail_task", SENT))


# -- 1. a task's failure says what was sent ------------------------------------------------------------------------------


async def test_a_failed_task_says_what_was_sent_masked_and_clipped_as_a_plain_call_does(catalog_dir: Path) -> None:
    """tasks/get rebuilt the enriched form from the stored envelope and the store kept no arguments: `received` was {}.
    Now it is what a plain call of the same arguments says: the secret masked, the long value clipped."""
    with anyio.fail_after(20):
        async with serving(catalog_dir, MemoryTaskStore(ttl=60)) as app:
            result, _task_id = await failed_task(app)
            plain = await plain_received(app)
    received = received_of(result)
    assert received == plain and received["city"] == "Atlantis"
    assert received["note"].startswith("key *** y") and received["note"].endswith(f"({len(SENT['note']) - len(SECRET) + 3} characters in all)")
    assert SECRET not in json.dumps(result.model_dump(mode="json"))


async def test_a_failed_task_in_redis_says_what_was_sent_through_another_replica(catalog_dir: Path, redis_url: str) -> None:
    """With the Redis store, the task's `received` is kept with the task, so tasks/get through another replica (which
    never saw the call) answers the same enriched form."""
    with anyio.fail_after(20):
        async with (serving(catalog_dir, RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=5)) as a,
                    serving(catalog_dir, RedisTaskStore(redis_url, ttl=60, heartbeat_timeout=5)) as b):
            result, task_id = await failed_task(a)
            async with Client(b.server, mode=MODERN, extensions=[Tasks()]) as client:
                replayed = await client.session.send_request(GetTask(params=TaskParams(taskId=task_id)), DetailedTask)
            plain = await plain_received(a)
    assert received_of(result) == plain
    assert replayed.status == "completed" and replayed.result is not None
    assert replayed.result["_meta"][ENRICHED_META]["data"]["details"]["received"] == plain
    assert SECRET not in json.dumps(replayed.result)


async def test_a_secret_cut_by_the_clip_is_masked_before_it(catalog_dir: Path) -> None:
    """`received` was clipped, then masked: a secret across the 200th character lost its tail to the clip, was no
    longer recognised, and its first characters reached the client. It is masked first now, in a plain call and a task."""
    sent = {"city": "Atlantis", "note": "z" * (MAX_ECHO - 6) + SECRET + "z" * 20}
    tasks = Tasks()
    with anyio.fail_after(20):
        async with serving(catalog_dir, MemoryTaskStore(ttl=60)) as app:
            async with Client(app.server, mode=MODERN) as client:
                plain = await client.call_tool("fail_task", sent)
            async with Client(app.server, mode=MODERN, extensions=[tasks]) as client:
                task = await client.call_tool("fail_task", sent)
    for result in (plain, task):
        note = received_of(result)["note"]
        assert SECRET[:6] not in note and note.startswith("z" * (MAX_ECHO - 6) + "***"), note


async def sse(client: httpx.AsyncClient, url: str, **headers: str) -> list[tuple[str, Any]]:
    """The (event, data) pairs of a /callback stream, to its end."""
    events, kind = [], None
    async with client.stream("GET", url, headers=headers) as answer:
        assert answer.status_code == 200, await answer.aread()
        async for line in answer.aiter_lines():
            if line.startswith("event:"):
                kind = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and kind is not None:
                events.append((kind, json.loads(line.split(":", 1)[1])))
                kind = None
    return events


def checked(env: Any) -> dict[str, Any]:
    """An envelope checked against the bundled schema, with a solution an agent can act on."""
    assert SCHEMAS["error"].violations(env) == [], env
    entry = env["errors"][0]
    assert entry["detail"] and (entry["context"].get("solution") or entry.get("suggested_value")), entry
    return env


async def test_the_agent_tool_service_says_in_the_final_envelope_what_was_sent(catalog_dir: Path) -> None:
    """/callback's `error` event carries the envelope only, so a follower (another agent, a resumed stream) could not
    tell what the call was sent: `meta.received` now says it, masked and clipped as the MCP face does."""
    app = CatalogServer(load_catalog(catalog_dir))
    with running(build_app(app, HttpOptions())) as base:
        async with httpx.AsyncClient(timeout=20) as client:
            async with serving(catalog_dir, MemoryTaskStore()) as other:
                plain = await plain_received(other)
            task_id = (await client.post(f"{base}/call_tool/fail_task", json=SENT)).json()["task_id"]
            events = await sse(client, f"{base}/callback/{task_id}")
            resumed = await sse(client, f"{base}/callback/{task_id}", **{"Last-Event-ID": "0"})
    assert [kind for kind, _ in events] == ["error"] and events == resumed
    env = checked(events[-1][1])
    assert env["errors"][0]["code"] == "NO_DATA" and env["meta"]["received"] == plain
    assert SECRET not in json.dumps(events)
