"""What one client sees of a snapshot: the whole catalogue, or one tool set's part of it.

Every MCP handler and REST route answers from a `View`, never from the snapshot's listings directly, so that a tool
set (or a disclosure mode) holds on every route. The server keeps the views of the snapshot it serves and drops them
on a swap (never in the snapshot itself: a view refers to the snapshot, and a cycle would outlive `gc.freeze()`).

    >>> view = view_of(catalog)            # the whole catalogue
    >>> view.list_tools.tools[0].name
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import mcp.types as types

from .model import Descriptor

if TYPE_CHECKING:
    from .catalog import Catalog
    from .publish import Published
    from .runtime import ToolRuntime

__all__ = ["View", "Views", "view_of"]


@dataclass(frozen=True)
class View:
    """The tools, prompts and resources one client may see and use, with their MCP listings."""

    published: Published
    toolset: str | None
    tools: Mapping[str, Descriptor]
    runtimes: Mapping[str, ToolRuntime]
    prompts: Mapping[str, Descriptor]
    list_tools: types.ListToolsResult
    list_prompts: types.ListPromptsResult
    list_resources: types.ListResourcesResult
    list_templates: types.ListResourceTemplatesResult

    @classmethod
    def whole(cls, snapshot: Catalog) -> View:
        """The whole catalogue of a prepared snapshot."""
        published = snapshot.published
        assert published is not None, "view_of needs a prepared snapshot (Catalog.prepared)"
        return cls(published=published, toolset=None, tools=published.tools, runtimes=snapshot.runtimes,
                   prompts=published.prompts, list_tools=published.list_tools, list_prompts=published.list_prompts,
                   list_resources=published.list_resources, list_templates=published.list_templates)

    def descriptor_for(self, uri: str) -> Descriptor | None:
        """The descriptor at an `ardf://{type}/{id}` URI, if this view shows it."""
        return self.published.descriptor_for(uri)


def view_of(snapshot: Catalog, toolset: str | None = None) -> View:
    """The view of a prepared snapshot for a tool set (None: the whole catalogue)."""
    return View.whole(snapshot)


class Views:
    """The views of one snapshot, built on first use (a server holds one and replaces it on every swap)."""

    def __init__(self, snapshot: Catalog) -> None:
        self.snapshot = snapshot
        self._built: dict[Any, View] = {}

    def get(self, toolset: str | None = None) -> View:
        """The view for a tool set (None: the whole catalogue)."""
        view = self._built.get(toolset)
        if view is None:
            view = self._built[toolset] = view_of(self.snapshot, toolset)
        return view
