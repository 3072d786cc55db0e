"""`atdf-mcp explore DIR --no-browser` as a subprocess, for the explorer tests: yields its URL, stops it afterwards."""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from local_server import stop_process

ROOT = Path(__file__).resolve().parent.parent


def demo_copy(tmp_path: Path) -> Path:
    """A copy of the bundled demo catalogue the test may change."""
    return shutil.copytree(ROOT / "descriptors", tmp_path / "descriptors", ignore=shutil.ignore_patterns("__pycache__"))


@contextlib.contextmanager
def exploring(catalog: Path, *args: str) -> Iterator[str]:
    """Run `atdf-mcp explore CATALOG --no-browser ARGS`; yield the explorer's URL once the server is ready."""
    log = catalog.parent / f"explore-{time.monotonic_ns()}.log"
    with log.open("wb") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "explore", str(catalog), "--no-browser", *args],
                                   stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        deadline = time.monotonic() + 30
        while True:
            text = log.read_text(errors="replace")
            url = re.search(r"explorer at (http://\S+/)", text)
            if url and "listening on" in text:
                break
            assert process.poll() is None, text
            assert time.monotonic() < deadline, "atdf-mcp explore printed no URL"
            time.sleep(0.05)
        yield url.group(1)
    finally:
        stop_process(process)
