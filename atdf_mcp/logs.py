"""Logging set-up for the command line: everything goes to stderr, stdout belongs to the protocol."""

from __future__ import annotations

import logging
import sys

from .redact import SecretFilter

__all__ = ["configure_logging"]


def configure_logging(level: str = "info") -> None:
    """Send atdf_mcp's (and the SDK's) log records to stderr at `level`, configured secrets masked."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("atdf-mcp %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(SecretFilter())  # configured secrets are masked in every record, httpx's and httpcore's included
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(getattr(logging, level.upper(), logging.INFO))
    if root.level > logging.DEBUG:
        for noisy in ("mcp", "httpx", "uvicorn.access"):
            logging.getLogger(noisy).setLevel(max(logging.WARNING, root.level))
