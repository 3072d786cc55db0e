"""The explorer's Jinja2 templates (shipped in the package) and the HTML pages rendered from them."""

from __future__ import annotations

import functools
from typing import Any

from starlette.responses import HTMLResponse

__all__ = ["page", "templates"]


@functools.cache
def templates() -> Any:
    """The Jinja2 environment of the package's templates (jinja2 imported on the first page: ~0.1 s off the HTTP start)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(loader=PackageLoader("atdf_mcp.explorer", "templates"), autoescape=select_autoescape(default=True),
                       trim_blocks=True, lstrip_blocks=True)


def page(template: str, context: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None) -> HTMLResponse:
    """The page `template` renders with `context`."""
    return HTMLResponse(templates().get_template(template).render(**context), status_code=status, headers=headers)
