"""Runnable examples shipped with atdf-mcp (the demo HTTP API behind descriptors/http, conformance fixtures)."""
