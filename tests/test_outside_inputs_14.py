"""Task paths seen from outside: a task's failure says what was sent (`received`), in the memory store and the Redis
store alike, replayed through another replica; and every way a task can fail (the tool fails, times out, is
cancelled, refused by a policy, called with wrong arguments, its server restarted mid-task) answers a valid envelope
with a suggestion, through MCP tasks (the SDK's Client) and through the Agent Tool Service (POST /call_tool + /callback).
"""

from __future__ import annotations

import json
import signal
import textwrap
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import free_port, running, serve_over_http
from mcp import Client
from test_mcp_tasks import MODERN, CancelTask, DetailedTask, GetTask, TaskEnded, TaskParams, Tasks, _wire, serving

from atdf_mcp import load_catalog
from atdf_mcp.budget import MAX_ECHO
from atdf_mcp.results import ENRICHED_META
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.tasks import MemoryTaskStore
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

async def quiet_task(seconds):
    """Say nothing for `seconds`."""
    await anyio.sleep(seconds)
    return {"slept": seconds}

async def slow_task(steps, ctx):
    """Report progress on each step, a twentieth of a second apart."""
    for step in range(1, steps + 1):
        await anyio.sleep(0.05)
        await ctx.report_progress(step, steps, f"step {step}")
    return {"steps": steps}

def guarded_task(amount):
    """Answer with a field the output policy withholds when the amount is large."""
    return {"amount": amount, **({"account_number": "DE00 1234"} if amount > 50 else {})}
'''


def atdf_tool(tool_id: str, inputs: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """An ATDF 2.x task tool."""
    return {"schema_version": "2.0.0", "tool_id": tool_id, "task": True, "description": f"The {tool_id} task.",
            "when_to_use": "In tests.", **extra,
            "how_to_use": {"inputs": inputs, "outputs": {"success": "Done.", "failure": [{"code": "NO_DATA", "description": "No data."}]}}}


POLICY = {"schema_version": "1.0.0", "resource_id": "house_rules", "resource_type": "policy", "description": "House rules.",
          "content": {"type": "policy/rules", "data": {"rules": [
              {"id": "cap", "effect": "deny", "applies_to": ["guarded_task"], "arguments": ["amount"],
               "statement": "Amounts above 100 need approval.", "expression": "args.amount > 100"},
              {"id": "no-accounts", "effect": "deny", "applies_to": ["guarded_task"], "applies_to_output": True,
               "statement": "Account numbers are never shown.", "expression": "has(result.account_number)"}]}}}


def string_input(name: str, *, required: bool = False) -> dict[str, Any]:
    """A string input."""
    return {"name": name, "type": "string", "description": f"The {name}.", "required": required}


@pytest.fixture
def catalog_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Task tools, and an endpoint tool whose bearer token is a secret the server masks everywhere."""
    monkeypatch.setenv("ATDF_TEST_SECRET", SECRET)
    folder = tmp_path / "catalog"
    folder.mkdir()
    integer = {"type": "integer", "description": "A number.", "required": True}
    tools = [atdf_tool("fail_task", [string_input("city", required=True), string_input("note")]),
             atdf_tool("quiet_task", [{**integer, "name": "seconds"}], timeout=1),
             atdf_tool("slow_task", [{**integer, "name": "steps", "schema": {"type": "integer", "minimum": 1, "maximum": 10000}}]),
             atdf_tool("guarded_task", [{**integer, "name": "amount"}])]
    for tool in tools:
        (folder / f"{tool['tool_id']}.json").write_text(json.dumps(tool), encoding="utf-8")
    (folder / "rules.json").write_text(json.dumps(POLICY), encoding="utf-8")
    remote = {"tools": [{"name": "remote", "description": "Call a service.", "endpoint": f"http://127.0.0.1:{free_port()}/x",
                         "method": "GET", "auth": {"type": "bearer", "env": "ATDF_TEST_SECRET"},
                         "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}]}
    (folder / "remote.json").write_text(json.dumps(remote), encoding="utf-8")
    (folder / "handlers.py").write_text(textwrap.dedent(HANDLERS), encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text("allow_private_networks: true\n", encoding="utf-8")
    return folder


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


# -- 2. every way a task fails, from outside: MCP tasks (the SDK over Streamable HTTP) and the Agent Tool Service -----

CASES = {  # tool, arguments, the code the caller gets, whether a task exists (a refusal comes before any)
    "the tool fails": ("fail_task", {"city": "Atlantis"}, "NO_DATA", True),
    "it times out": ("quiet_task", {"seconds": 5}, "TIMEOUT", True),
    "a policy refuses the call": ("guarded_task", {"amount": 500}, "POLICY_DENIED", False),
    "a policy withholds the result": ("guarded_task", {"amount": 70}, "POLICY_DENIED", True),
    "wrong arguments": ("slow_task", {"steps": "many"}, "VALIDATION_ERROR", False),
}


@pytest.fixture
def http_base(catalog_dir: Path) -> Any:
    """The catalogue over HTTP (uvicorn on 127.0.0.1), its tasks in memory: /mcp and the Agent Tool Service."""
    with running(build_app(CatalogServer(load_catalog(catalog_dir)), HttpOptions())) as base:
        yield base


@pytest.mark.parametrize("case", list(CASES))
async def test_a_task_that_fails_answers_an_envelope_saying_what_was_sent_on_both_faces(http_base: str, case: str) -> None:
    """Through MCP tasks the result is an isError envelope whose enriched form names the arguments; through the Agent
    Tool Service the same call is a 4xx envelope at once (a refusal: no task) or a task whose final `error` event is it."""
    name, arguments, code, is_task = CASES[case]
    tasks = Tasks()
    with anyio.fail_after(20):
        async with Client(f"{http_base}/mcp", mode=MODERN, extensions=[tasks]) as client:
            result = await client.call_tool(name, arguments)
        async with httpx.AsyncClient(timeout=20) as client:
            started = await client.post(f"{http_base}/call_tool/{name}", json=arguments)
            events = await sse(client, f"{http_base}/callback/{started.json()['task_id']}") if started.status_code == 200 else []
    assert bool(tasks.created) is is_task
    entry = checked(envelope_of(result))["errors"][0]
    received = received_of(result)
    assert entry["code"] == code
    assert received == arguments  # (a validation error's own: the value at fault, under its name)
    if not is_task:
        assert started.status_code in (400, 403) and checked(started.json())["errors"][0]["code"] == code
        return
    assert started.status_code == 200 and events[-1][0] == "error"
    env = checked(events[-1][1])
    assert env["errors"][0]["code"] == code and env["meta"]["received"] == arguments



async def test_a_cancelled_task_says_so_on_both_faces_and_its_envelope_what_was_sent(http_base: str) -> None:
    """tasks/cancel ends the MCP task `cancelled` with a status message; the same task followed through /callback ends
    with the CANCELLED envelope naming its arguments; POST /cancel of an ATS task answers its state, the stream the same."""
    arguments = {"steps": 5000}

    async def cancel(session: Any, created: Any) -> None:
        await anyio.sleep(0.2)
        await session.send_request(CancelTask(params=TaskParams(taskId=created.task_id)), types.EmptyResult)

    tasks = Tasks(on_created=cancel)
    with anyio.fail_after(20):
        async with Client(f"{http_base}/mcp", mode=MODERN, extensions=[tasks]) as client:
            with pytest.raises(TaskEnded) as ended:
                await client.call_tool("slow_task", arguments)
        async with httpx.AsyncClient(timeout=20) as client:
            followed = await sse(client, f"{http_base}/callback/{tasks.created[0].task_id}")
            task_id = (await client.post(f"{http_base}/call_tool/slow_task", json=arguments)).json()["task_id"]
            await anyio.sleep(0.2)
            answer = await client.post(f"{http_base}/cancel/{task_id}")
            events = await sse(client, f"{http_base}/callback/{task_id}")
    assert ended.value.task.status == "cancelled" and "cancelled on request" in (ended.value.task.status_message or "")
    assert (answer.status_code, answer.json()["outcome"]) == (200, "cancelled")
    for stream in (followed, events):
        env = checked(stream[-1][1])
        assert stream[-1][0] == "error" and env["errors"][0]["code"] == "CANCELLED" and env["meta"]["received"] == arguments


# -- 3. the server restarts mid-task (Redis store) ---------------------------------------------------------------------


@pytest.mark.parametrize(("how", "code"), [("killed", "WORKER_LOST"), ("stopped", "CANCELLED")])
async def test_a_server_restarted_mid_task_answers_through_its_successor(catalog_dir: Path, redis_url: str, how: str, code: str) -> None:
    """`serve --task-store redis://` runs an ATS task and an MCP task, then is killed (its heartbeat stops) or stopped
    (SIGTERM: its runner ends its tasks); the server started in its place on the same port answers both: /callback ends
    with the envelope, tasks/get (the SDK) completes with it as an isError result; both say what was sent."""
    arguments = {"steps": 5000}
    args = ("--task-store", redis_url, "--task-heartbeat", "1")
    with serve_over_http(catalog_dir, *args) as (first, base, _log):
        async with httpx.AsyncClient(timeout=20) as client:
            ats_id = (await client.post(f"{base}/call_tool/slow_task", json=arguments)).json()["task_id"]
        handle = await anyio.to_thread.run_sync(lambda: _wire(base, 1, "tools/call", {"name": "slow_task", "arguments": arguments},
                                                              name="slow_task"))
        mcp_id = handle["result"]["taskId"]
        await anyio.sleep(0.3)
        first.send_signal(signal.SIGKILL if how == "killed" else signal.SIGTERM)
        await anyio.to_thread.run_sync(first.wait, 10)
    port = int(base.rsplit(":", 1)[1])
    with serve_over_http(catalog_dir, *args, port=port) as (_second, again, _log2):
        assert again == base
        began = time.monotonic()
        with anyio.fail_after(20):
            async with httpx.AsyncClient(timeout=20) as client:
                events = await sse(client, f"{again}/callback/{ats_id}")
            async with Client(f"{again}/mcp", mode=MODERN, extensions=[Tasks()]) as client:
                while (task := await client.session.send_request(GetTask(params=TaskParams(taskId=mcp_id)), DetailedTask)).status == "working":
                    await anyio.sleep(0.2)
        assert time.monotonic() - began < 8  # the heartbeat timeout (1 s), plus slack for a loaded machine
    env = checked(events[-1][1])
    assert events[-1][0] == "error" and env["errors"][0]["code"] == code and env["meta"]["received"] == arguments
    assert "may or may not have taken effect" in env["errors"][0]["context"]["solution"]
    assert task.status == "completed" and task.result is not None and task.result["isError"] is True
    result = types.CallToolResult.model_validate(task.result)
    assert checked(envelope_of(result))["errors"][0]["code"] == code and received_of(result) == arguments
