"""Load: 50 SDK clients x 20 calls at once over Streamable HTTP, on the bundled catalogue, against a real uvicorn.

The calls mix every tool's own examples with wrong calls (a missing argument, a wrong type, an unknown argument,
an unknown tool). Under load each call must answer as it answers alone: a result for every call, the same
success or failure, the same error code, and every error a valid ATDF envelope.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
import pytest
from envelopes import envelope_of
from local_server import running
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

ROOT = Path(__file__).resolve().parent.parent
DESCRIPTORS = ROOT / "descriptors"
CLIENTS = 50
CALLS_PER_CLIENT = 20
BUDGET = 120  # seconds: a guard against a hang, not a timing (benchmarks live in bench/); the load takes 10-30 s

Call = tuple[str, dict[str, Any]]


def calls_of(catalog: Any, published: list[types.Tool]) -> list[Call]:
    """Every example of every published tool, and up to three wrong calls of each; then a call of a tool that does not exist."""
    examples = {name: [dict(e.input) for e in tool.examples] for name, tool in catalog.published.tools.items()}  # workflows too
    calls: list[Call] = []
    for tool in sorted(published, key=lambda t: t.name):
        properties = sorted(tool.input_schema.get("properties", {}))
        example = examples[tool.name][0] if examples[tool.name] else {}
        calls += [(tool.name, e) for e in examples[tool.name]]
        calls.append((tool.name, {**example, "no_such_argument": 1}))
        if properties:
            calls.append((tool.name, {**example, properties[0]: [["a list", "where a value belongs"]]}))
        if tool.input_schema.get("required"):
            calls.append((tool.name, {}))
    calls.append(("no_such_tool", {}))
    return calls


def outcome(result: types.CallToolResult) -> str:
    """What a call answered, in one word: `ok`, or the code of its (valid) envelope."""
    if not result.is_error:
        return "ok"
    return envelope_of(result)["errors"][0]["code"]



@pytest.fixture(scope="module")
def catalog(demo_api: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The bundled catalogue, its HTTP tools pointed at the demo API (the variable is read at each call).

    Its time limits (30 s, and 10 s for the HTTP tools) are no part of what this test checks: late in a long test
    session a call queued behind 49 clients in this one process can take longer, and must not turn into TIMEOUT. The
    copy's limits are the hang guard's.
    """
    copy = tmp_path_factory.mktemp("load") / "descriptors"
    shutil.copytree(DESCRIPTORS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for path in copy.rglob("*.json"):
        path.write_text(re.sub(r'"timeout": \d+', f'"timeout": {BUDGET}', path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ATDF_DEMO_API", demo_api)
        yield load_catalog(copy, timeout=BUDGET)


@pytest.mark.anyio
async def test_fifty_clients_making_twenty_mixed_calls_each_all_get_their_answer(catalog: Any) -> None:
    """50 concurrent SDK clients x 20 calls over /mcp: no failure, and every call answers as it does alone."""
    with running(build_app(CatalogServer(catalog), HttpOptions())) as url:
        async with Client(f"{url}/mcp", mode="legacy") as alone:
            calls = calls_of(catalog, (await alone.list_tools()).tools)
            assert len(calls) >= 40
            expected = [outcome(await alone.call_tool(name, arguments)) for name, arguments in calls]
        assert "ok" in expected and "VALIDATION_ERROR" in expected and "TOOL_NOT_FOUND" in expected, expected
        assert "UNAVAILABLE" not in expected, expected  # the HTTP tools reach the demo API

        failures: list[str] = []
        answered = errors = 0

        async def one_client(n: int) -> None:
            nonlocal answered, errors
            async with Client(f"{url}/mcp", mode="legacy" if n % 2 else "auto") as client:
                for i in range(CALLS_PER_CLIENT):
                    index = (n * CALLS_PER_CLIENT + i) % len(calls)
                    name, arguments = calls[index]
                    try:
                        got = outcome(await client.call_tool(name, arguments))
                    except Exception as exc:  # a protocol error, a transport failure, an invalid envelope
                        failures.append(f"client {n} call {i} {name}({arguments}): {exc!r}")
                        continue
                    answered += 1
                    errors += got != "ok"
                    if got != expected[index]:
                        failures.append(f"client {n} call {i} {name}({arguments}): {got}, alone {expected[index]}")

        started = time.monotonic()
        with anyio.fail_after(BUDGET):
            async with anyio.create_task_group() as group:
                for n in range(CLIENTS):
                    group.start_soon(one_client, n)
        elapsed = time.monotonic() - started
    print(f"\nload: {answered} of {CLIENTS * CALLS_PER_CLIENT} calls answered in {elapsed:.1f} s, {errors} error envelopes, "
          f"{len(failures)} failure(s)")
    assert failures == []
    assert answered == CLIENTS * CALLS_PER_CLIENT
