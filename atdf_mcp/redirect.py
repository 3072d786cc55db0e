"""Keep stray output of handler modules off stdout, where the stdio transport speaks JSON-RPC."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

__all__ = ["stdout_to_stderr"]


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """Send file descriptor 1 and `sys.stdout` to stderr for the duration (imports that `print()` or `os.write(1, ...)`)."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        sys.stdout.flush()  # what was written before goes where it was meant to
    with contextlib.redirect_stdout(sys.stderr):
        try:
            saved = os.dup(1)
            os.dup2(2, 1)
        except (AttributeError, OSError, ValueError):  # no file descriptors here (embedded use): sys.stdout is enough
            yield
            return
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                os.dup2(saved, 1)
            os.close(saved)
