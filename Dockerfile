# atdf-mcp in a container: a non-root user, the bundled descriptors (mount your own at /catalog), HEALTHCHECK on /ready.
#
#   docker build -t atdf-mcp .
#   docker run --rm -p 8000:8000 -v "$PWD/descriptors:/catalog:ro" -e ATDF_MCP_AUTH_TOKEN=change-me atdf-mcp
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY atdf_mcp ./atdf_mcp
RUN pip install ".[otel]" && useradd --create-home --uid 10001 atdf
COPY --chown=atdf:atdf descriptors /catalog

USER atdf
EXPOSE 8000
# --host 0.0.0.0 inside the container; --allow-host names the Host headers clients (and probes) send.
CMD ["atdf-mcp", "serve", "/catalog", "--transport", "http", "--host", "0.0.0.0", "--port", "8000", "--allow-host", "*", "--no-cache"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD python -c "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/ready', timeout=2).status != 200)"
