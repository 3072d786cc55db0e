"""`python -m examples.demo_api [--host 127.0.0.1] [--port 8765]`: serve the demo API with uvicorn."""

from __future__ import annotations

import argparse
import os
import sys
from urllib.parse import urlsplit

import uvicorn

from .app import DEFAULT_PORT, build_app


def main(argv: list[str] | None = None) -> int:
    """Parse the options and serve until Ctrl+C."""
    configured = urlsplit(os.environ.get("ATDF_DEMO_API", ""))
    parser = argparse.ArgumentParser(prog="python -m examples.demo_api", description="The demo travel-services API of atdf-mcp.")
    parser.add_argument("--host", default=configured.hostname or "127.0.0.1", help="address to bind (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=configured.port or DEFAULT_PORT,
                        help=f"port (default: the port of $ATDF_DEMO_API, else {DEFAULT_PORT})")
    args = parser.parse_args(argv)
    print(f"demo API on http://{args.host}:{args.port} (export ATDF_DEMO_API=http://{args.host}:{args.port} "
          "if that is not the default)", file=sys.stderr)
    uvicorn.run(build_app(), host=args.host, port=args.port, log_level="warning")
    return 0


if __name__ == "__main__":
    sys.exit(main())
