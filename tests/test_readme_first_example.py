"""The README's first example is true: its descriptor and handler, written to a folder as shown, load without a
problem, the right call returns what the README says, and the wrong one answers with the envelope fields it shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from envelopes import envelope_of
from mcp.client import Client

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

README = Path(__file__).resolve().parent.parent / "README.md"


def _first_blocks() -> tuple[dict[str, Any], str, str]:
    """The first json block (the descriptor), the first python block (its handler) and the json block after them
    (the envelope, shortened with … in the README), from the README's text before "## Two commands"."""
    head = README.read_text(encoding="utf-8").split("## Two commands", 1)[0]
    blocks = re.findall(r"```(json|python)\n(.*?)```", head, flags=re.S)
    jsons = [body for kind, body in blocks if kind == "json"]
    python = next(body for kind, body in blocks if kind == "python")
    return json.loads(jsons[0]), python, jsons[1]


@pytest.mark.anyio
async def test_the_first_example_loads_and_answers_as_shown(tmp_path: Path) -> None:
    descriptor, handler, shown = _first_blocks()
    (tmp_path / "greet.json").write_text(json.dumps(descriptor), encoding="utf-8")
    (tmp_path / "handlers.py").write_text(handler, encoding="utf-8")
    catalog = load_catalog(tmp_path)
    assert list(catalog.report.problems) == []
    async with Client(build_server(catalog)) as client:
        right = await client.call_tool("greet", {"name": "Ada"})
        wrong = envelope_of(await client.call_tool("greet", {"nme": "Ada"}))
    assert not right.is_error and right.content[0].text == "Hello, Ada!"
    first = wrong["errors"][0]
    for key in ("title", "detail", "parameter_name", "suggested_value", "code"):
        assert json.dumps(first[key]) in shown, key
    for key in ("solution", "suggested_arguments"):
        assert json.dumps(first["context"][key]) in shown, key
