"""The package's `>>>` examples are tests too: every atdf_mcp module is collected as a doctest module, run from here."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule  # not re-exported by pytest; what --doctest-modules itself collects with

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "atdf_mcp"

collect_ignore = [
    "atdf_mcp/__main__.py",  # importing it runs the CLI
]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A module of the package holds doctests, with or without --doctest-modules (which collects them itself)."""
    if file_path.suffix == ".py" and PACKAGE in file_path.parents and not parent.config.option.doctestmodules:
        return DoctestModule.from_parent(parent, path=file_path)
    return None


@pytest.fixture(autouse=True)
def _doctest_setting(request: pytest.FixtureRequest) -> None:
    """A doctest runs from the project root (its examples load `descriptors`) and caches snapshots in a folder of its own."""
    if not isinstance(request.node, pytest.DoctestItem):
        return
    monkeypatch = request.getfixturevalue("monkeypatch")
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("ATDF_MCP_CACHE_DIR", str(request.getfixturevalue("tmp_path")))
