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
    "load_catalog",
]
