"""An ATDF 1.x descriptor that the lenient reader rewrites as 2.x keeps what 1.x meant: its inputs stay required.

A 1.x input with a JSON Schema keyword written on it (`"default": 3`, `"maximum": 30`, `"enum"`) has the keyword moved
into its `schema`, and a 1.x descriptor with keys of its own gets `"schema_version": "2.0.0"`; either makes the document
2.x, whose inputs without a `required` flag are optional. So one loose `maximum` made `city` optional: a call without
it reached the handler. The rewrite now writes `"required": true` on each input 1.x made required (unless
`atdf1_required: false`), an input with a default excepted (a default says it may be left out), and `fix` writes it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from descriptors_only import load_catalog


def _weather(**extra: Any) -> dict[str, Any]:
    """A 1.x tool of two inputs; `extra` is written on the second one."""
    return {"tool_id": "weather", "description": "Get the weather for a city.", "when_to_use": "The user asks for the weather.",
            "how_to_use": {"inputs": [{"name": "city", "type": "string", "description": "City"},
                                      {"name": "days", "type": "integer", "description": "Days ahead", **extra}],
                           "outputs": {"success": "The forecast.", "failure": []}}}


def _required(folder: Path) -> list[str]:
    [tool] = load_catalog(folder).tools
    return sorted((tool.input_schema or {}).get("required", []))


@pytest.mark.parametrize(("extra", "required"), [
    ({}, ["city", "days"]),                                   # plain 1.x: every input required
    ({"maximum": 30}, ["city", "days"]),                      # a keyword moved into `schema`: still 1.x's meaning
    ({"enum": [1, 3, 7]}, ["city", "days"]),
    ({"default": 3}, ["city"]),                               # a default: that input may be left out
    ({"minimum": 1, "default": 3}, ["city"]),
])
def test_a_1x_descriptor_rewritten_as_2x_keeps_its_inputs_required(tmp_path: Path, extra: dict[str, Any],
                                                                     required: list[str]) -> None:
    (tmp_path / "weather.json").write_text(json.dumps(_weather(**extra)))
    assert _required(tmp_path) == required


def test_keys_of_its_own_do_not_make_a_1x_descriptors_inputs_optional(tmp_path: Path) -> None:
    (tmp_path / "weather.json").write_text(json.dumps({**_weather(), "vendor": "acme"}))
    assert _required(tmp_path) == ["city", "days"]


def test_atdf1_required_false_leaves_them_optional(tmp_path: Path) -> None:
    (tmp_path / "atdf-mcp.yaml").write_text("atdf1_required: false\n")
    (tmp_path / "weather.json").write_text(json.dumps(_weather(maximum=30)))
    assert _required(tmp_path) == []


def test_fix_writes_the_required_flags_and_the_result_reads_the_same(tmp_path: Path) -> None:
    (tmp_path / "weather.json").write_text(json.dumps(_weather(maximum=30), indent=2))
    before = _required(tmp_path)
    run = subprocess.run([sys.executable, "-m", "atdf_mcp", "fix", str(tmp_path), "--write"], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    written = json.loads((tmp_path / "weather.json").read_text())
    assert [i.get("required") for i in written["how_to_use"]["inputs"]] == [True, True]
    assert written["how_to_use"]["inputs"][1]["schema"] == {"maximum": 30}
    assert _required(tmp_path) == before == ["city", "days"]
    problems = load_catalog(tmp_path).report.problems
    assert not [p for p in problems if p.code == "NON_CANONICAL"], problems
