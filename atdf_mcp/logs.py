"""Logging set-up for the command line: everything goes to stderr, stdout belongs to the protocol.

`--log-format json` writes one JSON object per line: `time`, `level`, `logger`, `message`, the current trace's
`trace_id`/`span_id` when a span is recording, `exception` for a traceback, and a record's extra fields. Lines the
server prints rather than logs (the banner, reload reports, a handler module's prints) become records too, so a log
pipeline never meets a line it cannot parse.
"""

from __future__ import annotations

import io
import json
import logging
import sys
import time
from typing import Any, TextIO

from .redact import SecretFilter

__all__ = ["JsonFormatter", "configure_logging"]

_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName"}


def configure_logging(level: str = "info", *, fmt: str = "text") -> None:
    """Send atdf_mcp's (and the SDK's) log records to stderr at `level`, configured secrets masked; `fmt` text or json."""
    if fmt == "json" and not isinstance(sys.stderr, JsonLines):
        sys.stderr = JsonLines(sys.stderr)
    stream = sys.stderr.raw if isinstance(sys.stderr, JsonLines) else sys.stderr
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter("atdf-mcp %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(SecretFilter())  # configured secrets are masked in every record, httpx's and httpcore's included
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(getattr(logging, level.upper(), logging.INFO))
    if root.level > logging.DEBUG:
        for noisy in ("mcp", "httpx", "uvicorn.access"):
            logging.getLogger(noisy).setLevel(max(logging.WARNING, root.level))


class JsonFormatter(logging.Formatter):
    """One JSON object per record."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {"time": _timestamp(record.created), "level": record.levelname.lower(), "logger": record.name,
                                 "message": record.getMessage()}
        entry.update(_trace_ids())
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)
        return json.dumps(entry, ensure_ascii=False)


class JsonLines(io.TextIOBase):
    """stderr in JSON mode: what is printed rather than logged becomes a record (one per print, its lines kept)."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw
        self._pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._pending += text
        if self._pending.endswith("\n"):
            message, self._pending = self._pending.rstrip("\n"), ""
            if message:
                self.raw.write(_printed(message) + "\n")
                self.raw.flush()
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def fileno(self) -> int:
        return self.raw.fileno()

    def isatty(self) -> bool:
        return False


def _printed(message: str) -> str:
    """The record of a printed message: its level read from its words ("warning:", "error:")."""
    if message.startswith("{"):
        try:
            json.loads(message)
            return message  # already a record
        except ValueError:
            pass
    head = message[:40].lower()
    level = "error" if "error" in head else "warning" if "warning" in head else "info"
    return json.dumps({"time": _timestamp(time.time()), "level": level, "logger": "atdf_mcp", "message": message, **_trace_ids()},
                      ensure_ascii=False)


def _timestamp(created: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created)) + f".{int(created % 1 * 1000):03d}Z"


def _trace_ids() -> dict[str, str]:
    """The current span's ids, when one is recording (an exporter is configured)."""
    from opentelemetry import trace

    context = trace.get_current_span().get_span_context()
    if not context.is_valid:
        return {}
    return {"trace_id": f"{context.trace_id:032x}", "span_id": f"{context.span_id:016x}"}
