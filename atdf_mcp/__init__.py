"""atdf-mcp: serve a directory of ATDF/ARDF descriptors as a live MCP catalogue.

    >>> from atdf_mcp import load_catalog
    >>> catalog = load_catalog("descriptors")
    >>> [p.message for p in catalog.report.errors]
    []
"""

from .catalog import Catalog, FileReport, LoadReport, Problem, load_catalog
from .errors import AtdfError, LoadError, ToolError, UsageError
from .model import Descriptor, Example, Failure, Input, Source

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """Import the MCP side lazily: `import atdf_mcp` stays cheap for `validate` (mcp.server costs ~450 ms)."""
    if name == "build_server":
        from .server import build_server

        return build_server
    raise AttributeError(f"module 'atdf_mcp' has no attribute {name!r}")


__all__ = [
    "AtdfError",
    "Catalog",
    "Descriptor",
    "Example",
    "Failure",
    "FileReport",
    "Input",
    "LoadError",
    "LoadReport",
    "Problem",
    "Source",
    "ToolError",
    "UsageError",
    "__version__",
    "build_server",
    "load_catalog",
]
