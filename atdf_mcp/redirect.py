"""Keep stray output of handler modules off stdout, where the stdio transport speaks JSON-RPC."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

__all__ = ["stdout_claimed", "stdout_to_stderr", "stdout_wire"]


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


_WIRES: list[int] = []  # the private duplicates of the real stdout that stdout_claimed() holds, innermost last


@contextlib.contextmanager
def stdout_claimed() -> Iterator[None]:
    """For a whole stdio session, the catalogue's load included: fd 1 and `sys.stdout` go to stderr, and the real
    stdout is kept as a private descriptor (`stdout_wire()`) that only the protocol writes to. Stray output of any
    thread at any time then misses the wire: a handler module that still prints after its import limit
    (ATDF_MCP_IMPORT_SECONDS) wrote between the load and the SDK's own claim, or after the session."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        sys.stdout.flush()
    try:
        private = os.dup(1)
        os.dup2(2, 1)
    except (AttributeError, OSError, ValueError):  # no file descriptors here (embedded use): the SDK claims its own
        yield
        return
    _WIRES.append(private)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        _WIRES.remove(private)
        # fd 1 stays on stderr: the session is over, and a thread still printing (an import past its limit) would
        # otherwise write after the last answer, on the wire the client still reads until the process exits
        with contextlib.suppress(OSError):
            sys.stdout.flush()
        os.close(private)


def stdout_wire() -> int | None:
    """The descriptor of the real stdout while stdout_claimed() holds it, else None."""
    return _WIRES[-1] if _WIRES else None
