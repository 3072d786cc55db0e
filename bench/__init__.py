"""Benchmarks of atdf-mcp (run each as `python -m bench.<name> [--quick]`); never part of the timed test suite."""
