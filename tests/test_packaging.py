"""What an install from the source holds: `pip install .` (the Dockerfile's) copies only the package data pyproject.toml
names, while a checkout or `pip install -e .` reads every file. A file the package reads but does not ship works in
development and fails in a container."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_a_built_package_holds_every_data_file_the_package_reads(tmp_path: Path) -> None:
    """setuptools' build_py from the files the Dockerfile copies (pyproject.toml, README.md, atdf_mcp/) outputs every
    non-Python file of atdf_mcp/: schemas, message catalogues, the explorer's templates, stylesheet, script and icon."""
    pytest.importorskip("setuptools", minversion="61", reason="build_py reads pyproject.toml from setuptools 61 on")
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(ROOT / "pyproject.toml", source)
    shutil.copy(ROOT / "README.md", source)
    shutil.copytree(ROOT / "atdf_mcp", source / "atdf_mcp", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    built = tmp_path / "built"
    done = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "build_py", "-d", str(built)],
                          cwd=source, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = {p.relative_to(source).as_posix() for p in (source / "atdf_mcp").rglob("*") if p.is_file() and p.suffix != ".py"}
    shipped = {p.relative_to(built).as_posix() for p in (built / "atdf_mcp").rglob("*") if p.is_file()}
    assert "atdf_mcp/explorer/static/favicon.svg" in data
    assert sorted(data - shipped) == []
