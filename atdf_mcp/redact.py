"""Configured secret values never leave the process: `***` in their place in every log line and tool result.

    Secrets(["tok-3f9a"]).text("GET /x?api_key=tok-3f9a")      # 'GET /x?api_key=***'

A secret is what an HTTP binding takes from the server's configuration to authenticate: the `auth`
token (and its Basic form), and every environment value a binding places in a header or the query
(`HttpSpec.secrets`, registered when the catalogue is bound). Each is also matched in the forms it
takes on the way out: percent-encoded (URLs in httpx's logs) and JSON-escaped (result text).
Values shorter than MIN_LENGTH are not registered: masking them would shred every line.

`SecretFilter` goes on the log handlers (atdf_mcp.logs), so records of every logger (httpx, httpcore,
uvicorn, the SDK) are cleaned, tracebacks included, of every secret the process has bound (`register`).
`redacting` wraps a server's tools/call handler with its own catalogue's secrets (`catalogue_secrets`).
"""

from __future__ import annotations

import functools
import json
import logging
import re
import threading
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar
from urllib.parse import quote, quote_plus

import mcp.types as types

__all__ = ["LOGGED", "MASK", "MIN_LENGTH", "SecretFilter", "Secrets", "catalogue_secrets", "redacting", "register"]

MASK = "***"
MIN_LENGTH = 4

Handler = TypeVar("Handler", bound=Callable[..., Awaitable[Any]])


class Secrets:
    """A set of secret values and one pattern matching each of them in the forms it takes on the way out."""

    def __init__(self, values: Iterable[str] = ()) -> None:
        self._lock = threading.Lock()
        self._forms: set[str] = set()
        self.pattern: re.Pattern[str] | None = None
        self.add(values)

    def add(self, values: Iterable[str]) -> None:
        """Mask these values (and their encoded forms) from now on."""
        forms = {form for value in values if isinstance(value, str) and len(value) >= MIN_LENGTH for form in _forms(value)}
        with self._lock:
            if forms <= self._forms:
                return
            self._forms |= forms
            ordered = sorted(self._forms, key=len, reverse=True)  # the longest first: a secret inside another is masked whole
            self.pattern = re.compile("|".join(map(re.escape, ordered)))

    def text(self, text: str) -> str:
        """`text` with every secret replaced by ***."""
        pattern = self.pattern
        return text if pattern is None or not text else pattern.sub(MASK, text)

    def value(self, value: Any) -> Any:
        """A copy of a JSON-like value with every secret in its strings (keys included) replaced by ***."""
        if self.pattern is None:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(k) if isinstance(k, str) else k: self.value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(v) for v in value]
        return value

    def result(self, result: types.CallToolResult) -> types.CallToolResult:
        """The result with secrets masked in its text blocks, embedded text resources, structuredContent and `_meta`
        (an error's enriched form repeats the envelope and the arguments received)."""
        if self.pattern is None:
            return result
        content = [self._block(block) for block in result.content]
        structured = self.value(result.structured_content) if result.structured_content is not None else None
        meta = self.value(result.meta) if result.meta is not None else None
        return result.model_copy(update={"content": content, "structured_content": structured, "meta": meta})

    def _block(self, block: Any) -> Any:
        if isinstance(block, types.TextContent):
            return block.model_copy(update={"text": self.text(block.text)})
        if isinstance(block, types.EmbeddedResource) and isinstance(block.resource, types.TextResourceContents):
            return block.model_copy(update={"resource": block.resource.model_copy(update={"text": self.text(block.resource.text)})})
        return block


LOGGED = Secrets()  # every secret this process has bound: log records do not say which catalogue they belong to


def register(values: Iterable[str]) -> None:
    """Mask these values in every log line of this process from now on."""
    LOGGED.add(values)


def _forms(value: str) -> set[str]:
    return {value, quote(value, safe=""), quote_plus(value), quote(value), json.dumps(value)[1:-1],
            json.dumps(value, ensure_ascii=False)[1:-1]}


def redacting(handler: Handler, secrets: Secrets) -> Handler:
    """Wrap a tools/call handler so that what it returns never carries one of `secrets` (unwrapped when there are none)."""
    if secrets.pattern is None:
        return handler

    @functools.wraps(handler)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        result = await handler(*args, **kwargs)
        return secrets.result(result) if isinstance(result, types.CallToolResult) else result

    return wrapper  # type: ignore[return-value]


def catalogue_secrets(dispatchers: Iterable[Any]) -> Secrets:
    """The secrets of a catalogue's HTTP tools (their compiled specs), for its results."""
    return Secrets(secret for d in dispatchers for secret in getattr(getattr(d, "spec", None), "secrets", ()))


class SecretFilter(logging.Filter):
    """Masks registered secrets in a record's message and traceback, whichever logger it comes from."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; never drop it."""
        if LOGGED.pattern is None:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: leave it for logging's own error report
            return True
        clean = LOGGED.text(message)
        if clean != message:
            record.msg, record.args = clean, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = LOGGED.text(record.exc_text)
        if record.stack_info:
            record.stack_info = LOGGED.text(record.stack_info)
        return True
