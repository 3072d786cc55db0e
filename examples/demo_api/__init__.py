"""The demo travel-services HTTP API behind the HTTP-bound tools of `descriptors/http/`.

    python -m examples.demo_api            # http://127.0.0.1:8765 (or the port of $ATDF_DEMO_API)

atdf-mcp does not need it to start; its HTTP tools answer UNAVAILABLE envelopes until it runs.
"""

from .app import DEFAULT_PORT, build_app

__all__ = ["DEFAULT_PORT", "build_app"]
