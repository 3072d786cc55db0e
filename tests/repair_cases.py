"""What the repair-round test modules share: a catalogue of tools whose handlers return their arguments, a wrong call's
suggestion checked by its retry, and a call with two readings or none checked for the absence of any suggestion."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from envelopes import envelope_of
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

__all__ = ["assert_left_to_the_agent", "assert_suggested_and_retried", "case_ids", "echo_catalogue", "entries", "repair_tests"]


def echo_catalogue(folder: Path, name: str, tools: list[dict[str, Any]]) -> Path:
    """`folder` holding `tools` (MCP tools) as `name`.json, each handler returning its arguments; it loads without an error."""
    (folder / f"{name}.json").write_text(json.dumps(tools), encoding="utf-8")
    (folder / "handlers.py").write_text("".join(f"def {t['name']}(**arguments):\n    return arguments\n\n\n" for t in tools),
                                        encoding="utf-8")
    assert load_catalog(folder).report.errors == []
    return folder


def case_ids(cases: list[tuple[str, Any, Any]]) -> list[str]:
    """Test ids: the start of each case's wrong arguments."""
    return [json.dumps(wrong)[:40] for _, wrong, _ in cases]


async def entries(client: Client, tool: str, arguments: Any) -> list[dict[str, Any]]:
    """The entries of the envelope a call of `tool` with `arguments` fails with."""
    return envelope_of(await client.call_tool(tool, arguments))["errors"]


async def assert_suggested_and_retried(catalogue: Path, tool: str, wrong: Any, fixed: Any) -> None:
    """The wrong call's first entry suggests `fixed` as the whole call, and calling that succeeds."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, tool, wrong)
        assert found[0]["context"].get("suggested_arguments") == fixed
        assert (await client.call_tool(tool, fixed)).is_error is False


async def assert_left_to_the_agent(catalogue: Path, tool: str, wrong: Any, why: str) -> None:
    """No entry of the wrong call's envelope suggests a value or a call."""
    async with Client(build_server(load_catalog(catalogue))) as client:
        found = await entries(client, tool, wrong)
    assert all("suggested_arguments" not in e["context"] for e in found), why
    assert all(e["suggested_value"] is None for e in found), why


def repair_tests(name: str, tools: list[dict[str, Any]], repaired: list[tuple[str, Any, Any]],
                 left: list[tuple[str, Any, str]]) -> tuple[Any, Any, Any]:
    """A round's `catalogue` fixture (`tools` as `name`.json) and its two tests: each `repaired` case suggested and its
    retry run, each `left` case given no suggestion. A module binds them to these names for pytest to collect."""

    @pytest.fixture
    def catalogue(tmp_path: Path) -> Path:
        """The round's tools, each handler returning its arguments."""
        return echo_catalogue(tmp_path, name, tools)

    @pytest.mark.anyio
    @pytest.mark.parametrize(("tool", "wrong", "fixed"), repaired, ids=case_ids(repaired))
    async def suggested(catalogue: Path, tool: str, wrong: Any, fixed: Any) -> None:
        await assert_suggested_and_retried(catalogue, tool, wrong, fixed)

    @pytest.mark.anyio
    @pytest.mark.parametrize(("tool", "wrong", "why"), left, ids=case_ids(left))
    async def left_alone(catalogue: Path, tool: str, wrong: Any, why: str) -> None:
        await assert_left_to_the_agent(catalogue, tool, wrong, why)

    return catalogue, suggested, left_alone
