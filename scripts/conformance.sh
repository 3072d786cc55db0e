#!/usr/bin/env bash
# Run the official MCP conformance suite (all 32 server scenarios) against `atdf-mcp serve examples/conformance`.
# Needs `npm ci` first (Node 22 comes from the node@22 devDependency). Exit status: the suite's.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
"$python" -m atdf_mcp serve examples/conformance --transport http --host 127.0.0.1 --port "$port" 2>"$log" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 100); do
  if "$python" -c "import httpx, sys; sys.exit(httpx.get('http://127.0.0.1:$port/ready').status_code != 200)" 2>/dev/null; then
    break
  fi
  kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "conformance: the server did not start" >&2; exit 1; }
  sleep 0.2
done
npx --no-install conformance server --url "http://127.0.0.1:$port/mcp" --suite all --expected-failures conformance-baseline.yml
