"""What one client sees of a snapshot: the whole catalogue, or one tool set's part of it.

Every MCP handler and REST route answers from a `View`, never from the snapshot's listings directly, so that a tool
set (or a disclosure mode) holds on every route. The server keeps the views of the snapshot it serves and drops them
on a swap (never in the snapshot itself: a view refers to the snapshot, and a cycle would outlive `gc.freeze()`).

    >>> from atdf_mcp import load_catalog
    >>> catalog = load_catalog("descriptors")
    >>> view = view_of(catalog)            # the whole catalogue
    >>> view.list_tools.tools[0].name
    'review_sentiment__invoke'
    >>> view_of(catalog, "support").tools  # one tool set of `toolsets:` (atdf_mcp.toolsets); an undefined set shows nothing
    {}

A set's view keeps the catalogue-wide static resources (the schemas, and the manifest with the set's own counts)
and, of everything else, what its selectors match: tools, prompts, documents and their templates, ARDF resources.
Its descriptors name no descriptor outside the set (related tools, prerequisites: atdf_mcp.confine), and it holds no
workflow whose steps call a tool outside the set (atdf_mcp.stranded).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import mcp.types as types

from .confine import confined
from .model import Descriptor
from .publish import ResourceContent, TemplateContent, tool_entry
from .stranded import stranded
from .toolsets import Toolset

if TYPE_CHECKING:
    from .catalog import Catalog
    from .publish import Published
    from .runtime import ToolRuntime

__all__ = ["TOOLSET_SCOPE_KEY", "View", "Views", "view_of"]

TOOLSET_SCOPE_KEY = "atdf_mcp.toolset"
"""The ASGI scope key holding the tool set an HTTP request sees (its path's or its token's), set by atdf_mcp.gate."""


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
    descriptors: tuple[Descriptor, ...] = ()
    static: Mapping[str, tuple[str, bytes | str]] = field(default_factory=dict)  # manifest and schemas, by URI
    documents: Mapping[str, ResourceContent] = field(default_factory=dict)
    templates: tuple[TemplateContent, ...] = ()
    manifest: Mapping[str, Any] = field(default_factory=dict)
    by_uri: Mapping[str, Descriptor] = field(default_factory=dict)

    @classmethod
    def whole(cls, snapshot: Catalog, lang: str | None = None) -> View:
        """The whole catalogue of a prepared snapshot (its listings in `lang`; None: the snapshot's own language)."""
        published = snapshot.published_in(lang)
        assert published is not None, "view_of needs a prepared snapshot (Catalog.prepared)"
        return cls(published=published, toolset=None, tools=published.tools, runtimes=snapshot.runtimes,
                   prompts=published.prompts, list_tools=published.list_tools, list_prompts=published.list_prompts,
                   list_resources=published.list_resources, list_templates=published.list_templates,
                   descriptors=published.descriptors, static=published.static, documents=published.documents,
                   templates=published.templates, manifest=published.manifest, by_uri=published.by_uri)

    @classmethod
    def of_set(cls, snapshot: Catalog, name: str, toolset: Toolset | None, lang: str | None = None) -> View:
        """The part of a prepared snapshot a tool set selects (nothing at all for a set the config does not define)."""
        published = snapshot.published_in(lang)
        assert published is not None, "view_of needs a prepared snapshot (Catalog.prepared)"
        matches = toolset.matches if toolset is not None else (lambda d: False)
        descriptors = tuple(d for d in published.descriptors if matches(d))
        # A workflow one of whose steps calls a tool outside the set cannot run in it: left out (atdf_mcp.stranded)
        stranded_ids = stranded((d for d in descriptors if d.type == "workflow"), published.tools, matches)
        if stranded_ids:
            descriptors = tuple(d for d in descriptors if d.type != "workflow" or d.id not in stranded_ids)
        chosen = {id(d) for d in descriptors}
        uris = {d.uri for d in descriptors}  # a workflow's composite tool goes with its workflow
        tools = {n: d for n, d in published.tools.items() if id(d) in chosen or (d.type == "workflow" and d.uri in uris)}
        prompts = {n: d for n, d in published.prompts.items() if id(d) in chosen}
        documents = {uri: doc for uri, doc in published.documents.items() if id(doc.descriptor) in chosen}
        templates = tuple(t for t in published.templates if id(t.descriptor) in chosen)
        # What the set's descriptors say of the catalogue's others: left out (atdf_mcp.confine), in every document served
        hidden = frozenset({d.id for d in published.descriptors} | published.tools.keys()) - {d.id for d in descriptors} - tools.keys()
        shown = {id(d): confined(d, hidden) for d in (*descriptors, *tools.values())}
        descriptors = tuple(shown[id(d)] for d in descriptors)
        tools = {n: shown[id(d)] for n, d in tools.items()}
        prompts = {n: shown[id(d)] for n, d in prompts.items()}
        manifest = _manifest_of(published.manifest, descriptors, name)
        static = {**published.static, "ardf://manifest": ("application/json", json.dumps(manifest, indent=2, ensure_ascii=False))}
        visible = {*(d.uri for d in descriptors), *documents, *static}
        shown_templates = {t.uri_template for t in templates}
        return cls(
            published=published, toolset=name, tools=tools,
            runtimes={n: r for n, r in snapshot.runtimes.items() if n in tools}, prompts=prompts,
            list_tools=types.ListToolsResult(tools=[t if tools[t.name] is published.tools[t.name] else tool_entry(tools[t.name], published.lang)
                                                    for t in published.list_tools.tools if t.name in tools]),
            list_prompts=types.ListPromptsResult(prompts=[p for p in published.list_prompts.prompts if p.name in prompts]),
            list_resources=types.ListResourcesResult(resources=[r for r in published.list_resources.resources if str(r.uri) in visible]),
            list_templates=types.ListResourceTemplatesResult(resource_templates=[
                t for i, t in enumerate(published.list_templates.resource_templates) if i == 0 or t.uri_template in shown_templates]),
            descriptors=descriptors, static=static, documents=documents, templates=templates, manifest=manifest,
            by_uri={d.uri: d for d in descriptors},
        )

    def shows(self, uri: str) -> bool:
        """Whether a client of this view may read the resource at `uri`: a descriptor, a document, a static one, or one of
        its templates' resources."""
        return (uri in self.by_uri or uri in self.documents or uri in self.static
                or any(t.template.match(uri) is not None for t in self.templates))

    def descriptor_for(self, uri: str) -> Descriptor | None:
        """The descriptor at an `ardf://{type}/{id}` URI, if this view shows it."""
        return self.by_uri.get(uri)


def _manifest_of(manifest: Mapping[str, Any], descriptors: tuple[Descriptor, ...], name: str) -> dict[str, Any]:
    """The catalogue's manifest with the counts of one set's descriptors (collections it has none of left out)."""
    counts = Counter(d.type for d in descriptors)
    resources = [{**entry, "count": counts[entry["type"]]} for entry in manifest.get("resources", ()) if counts.get(entry["type"])]
    return {**manifest, "toolset": name, "resources": resources}


def view_of(snapshot: Catalog, toolset: str | None = None, lang: str | None = None) -> View:
    """The view of a prepared snapshot for a tool set (None: the whole catalogue), its listings in `lang` (None: the
    snapshot's language)."""
    if toolset is None:
        return View.whole(snapshot, lang)
    return View.of_set(snapshot, toolset, snapshot.config.toolsets.get(toolset), lang)


class Views:
    """The views of one snapshot, built on first use (a server holds one and replaces it on every swap)."""

    def __init__(self, snapshot: Catalog) -> None:
        self.snapshot = snapshot
        self._built: dict[Any, View] = {}

    def get(self, toolset: str | None = None, lang: str | None = None) -> View:
        """The view for a tool set (None: the whole catalogue; a set the config does not define shows nothing), in `lang`
        (a language `Catalog.speaks`; None or the snapshot's own: the listings built at load, at no extra cost)."""
        snapshot = self.snapshot
        if lang is not None:
            lang = snapshot.listing_language(lang)
            if lang == snapshot.own_listing_language:
                lang = None
        key = toolset if lang is None else (toolset, lang)
        view = self._built.get(key)
        if view is None:
            view = self._built[key] = view_of(self.snapshot, toolset, lang)
        return view

    def has(self, toolset: str) -> bool:
        """Whether the snapshot's config defines this tool set."""
        return toolset in self.snapshot.config.toolsets
