"""The code a cache was written by: the package version and a fingerprint of the package's own files.

A release changes the version; a checkout installed in editable mode (`pip install -e .`, a git install of an
unreleased commit) changes the code under the same version. Every cache (the snapshot, the search index, the warm
start's preview) is keyed by both, so a cache written by other code is rebuilt, never trusted.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

__all__ = ["code_fingerprint", "fingerprint_of"]

_PACKAGE = Path(__file__).resolve().parent


@functools.cache
def code_fingerprint() -> str:
    """This process's package: its version and its files' fingerprint (worked out once, ≈ 1 ms)."""
    from . import __version__

    return f"{__version__}+{fingerprint_of(_PACKAGE)}"


def fingerprint_of(root: Path) -> str:
    """A digest of the path, size and last change of every source and data file under `root` (bytecode left out)."""
    digest = hashlib.blake2b(digest_size=12)
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")):
                continue
            path = os.path.join(folder, name)
            try:
                info = os.stat(path)
            except OSError:
                continue
            digest.update(f"{os.path.relpath(path, root)}\0{info.st_size}\0{info.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()
