"""Progressive disclosure (OpenAkita Levels 1-3): the meta-tools, the Level-1 index and Level-2 tool info.

In `progressive` mode tools/list holds the catalogue's pinned tools and three meta-tools, `search_tools` (Level 1:
names and one line each), `get_tool_info` (Level 2: detail, examples, warnings, schemas) and `call_tool` (Level 3:
execution, through the very path of a direct call). Every catalogue tool also stays callable by its own name.
In both modes the Level-1 index of the client's view is the resource `ardf://catalog/index` and the prompt
`catalog_overview`.

The server keeps one `Disclosure` per snapshot beside its views (never inside the snapshot) and answers from it:

    >>> from atdf_mcp import load_catalog
    >>> from atdf_mcp.view import view_of
    >>> snapshot = load_catalog("descriptors")
    >>> view = view_of(snapshot)
    >>> disclosure = Disclosure(snapshot, mode="progressive")
    >>> disclosure.list_tools(view).tools[-1].name
    'call_tool'
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, Mapping
from fnmatch import fnmatchcase
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

import mcp.types as types

from .bindings import Bound
from .catalog import Problem
from .codes import Code
from .config import CatalogConfig
from .dialects.ardf import write_failures
from .envelope import build_entry, envelope, unknown_tool
from .l10n import N_
from .model import Descriptor, Source
from .results import error_result
from .runtime import InputValidator, ToolRuntime

if TYPE_CHECKING:
    from .catalog import Catalog
    from .search import Hit, SearchIndex
    from .view import View

__all__ = ["DEFAULT_LIMIT", "INDEX_URI", "MAX_LIMIT", "META_TOOLS", "OVERVIEW_PROMPT", "Disclosure", "Found", "Listing", "disclosure_problems",
           "index_text", "quoted", "tool_info"]

META_TOOLS = ("search_tools", "get_tool_info", "call_tool")
INDEX_URI = "ardf://catalog/index"
INDEX_MIME = "text/plain"  # plain lines a host pastes into a system prompt; descriptions are not written as Markdown
OVERVIEW_PROMPT = "catalog_overview"
DEFAULT_LIMIT, MAX_LIMIT = 5, 50
_QUOTED_CHARACTERS, _LISTED_WORDS = 40, 8  # a hint quotes this much of the query, and lists this many left-out words

_NAME = {"type": "string", "minLength": 1, "description": "A tool name, as search_tools returns it."}
_INPUTS: dict[str, dict[str, Any]] = {
    "search_tools": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "description": "What you want to do, in a few words (any language)."},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT,
                      "description": f"How many tools to return, best first (default {DEFAULT_LIMIT}, at most {MAX_LIMIT})."},
        },
        "required": ["query"],
        "additionalProperties": False,
    },
    "get_tool_info": {"type": "object", "properties": {"name": _NAME}, "required": ["name"], "additionalProperties": False},
    "call_tool": {
        "type": "object",
        "properties": {"name": _NAME, "arguments": {"type": "object", "description": "The tool's arguments (see get_tool_info); "
                                                                             "leave out for a tool that takes none."}},
        "required": ["name"],
        "additionalProperties": False,
    },
}
_OUTPUTS: dict[str, dict[str, Any]] = {
    "search_tools": {
        "type": "object",
        "properties": {"tools": {"type": "array", "items": {
            "type": "object", "required": ["name", "description", "score"],
            "properties": {"name": {"type": "string"}, "description": {"type": "string"}, "score": {"type": "number"}}}},
                       "hint": {"type": "string", "description": "When no tool matched: why, and what to try."},
                       "ignored": {"type": "array", "items": {"type": "string"},
                                   "description": "When no tool matched: the query's words search left out."}},
        "required": ["tools"],
    },
    "get_tool_info": {
        "type": "object",
        "properties": {"name": {"type": "string"}, "description": {"type": "string"}, "inputSchema": {"type": "object"}},
        "required": ["name", "description", "inputSchema"],
    },
}
_DESCRIPTIONS = {
    "search_tools": "Find the tools of this server for a task: returns the best matching tool names with one line each, "
                    "best first. Start here; then get_tool_info for the details of one, and call it.",
    "get_tool_info": "Everything about one tool before calling it: description, when to use it, detail, examples, warnings, "
                     "prerequisites, related tools, and its input and output schemas.",
    "call_tool": "Call a tool of this server by name with its arguments (a tool can also be called directly by its own "
                 "name). Errors come back as ATDF envelopes with a suggested fix.",
}


def _meta_runtime(name: str) -> ToolRuntime:
    """A meta-tool as a runtime without dispatcher: its arguments go through the same validation as a catalogue tool's."""
    tool = Descriptor.build(id=name, type="tool", description=_DESCRIPTIONS[name], input_schema=_INPUTS[name],
                            output_schema=_OUTPUTS.get(name), source=Source.build(file="<atdf-mcp>", dialect="ardf"))
    return ToolRuntime(tool, Bound(None, "a meta-tool of progressive disclosure"), float("inf"), InputValidator(tool.input_schema))


_RUNTIMES: Mapping[str, ToolRuntime] = MappingProxyType({name: _meta_runtime(name) for name in META_TOOLS})
_LISTED: Mapping[str, types.Tool] = MappingProxyType({
    name: types.Tool.model_validate({"name": name, "description": _DESCRIPTIONS[name], "inputSchema": _INPUTS[name],
                                     **({"outputSchema": _OUTPUTS[name]} if name in _OUTPUTS else {}),
                                     "annotations": {"readOnlyHint": name != "call_tool", "openWorldHint": name == "call_tool"}})
    for name in META_TOOLS})

Run = Callable[[str, Any], Awaitable[types.CallToolResult]]


class Found(NamedTuple):
    """What a search answers: the hits, best first, and when there are none why (`hint`, `ignored`), else {}."""

    hits: list[Hit]
    why: dict[str, Any]


class Listing(NamedTuple):
    """The list results one client sees."""

    list_tools: types.ListToolsResult
    list_prompts: types.ListPromptsResult
    list_resources: types.ListResourcesResult


class Disclosure:
    """One snapshot's disclosure: its mode, pinned tools, search index, and what each view lists of them."""

    def __init__(self, snapshot: Catalog, *, mode: str | None = None, previous: Disclosure | None = None,
                 cache: bool = False, fresh: bool = False) -> None:
        published = snapshot.published
        assert published is not None, "Disclosure needs a prepared snapshot (Catalog.prepared)"
        self.mode = mode or snapshot.config.disclosure or "full"
        self.lang = published.lang
        self._tools = published.tools
        self._pinned = snapshot.config.pinned
        self.snapshot = snapshot
        self._previous = None if previous is None else previous._index if previous._index is not None else previous._previous
        self._index: SearchIndex | None = None
        self._cache = "fresh" if cache and fresh else "use" if cache else None  # the search cache, as load_catalog's
        self._derived: dict[tuple[int, str], tuple[View, Any]] = {}
        if self.progressive:  # search is how a progressive client finds anything: ready before the first request
            self.index().prepare()

    @property
    def progressive(self) -> bool:
        """Whether tools/list shows the pinned tools and the meta-tools instead of the whole view."""
        return self.mode == "progressive"

    def index(self) -> SearchIndex:
        """The search index of the whole catalogue (built on first use; incrementally from the snapshot before, else
        from the search cache when it is on)."""
        if self._index is None:
            from .search import SearchIndex  # Snowball stemmers load with the first index, not with the server

            tools = list(self._tools.values())
            if self._previous is None and self._cache is not None:
                from .search_cache import build_cached

                self._index = build_cached(self.snapshot, tools, lang=self.lang, read=self._cache == "use")
            else:
                self._index = SearchIndex.build(tools, lang=self.lang, previous=self._previous)
            self._previous = None
        return self._index

    def pinned(self, name: str) -> bool:
        """Whether a tool is pinned (listed in progressive mode): its id, or a glob of `pinned:` matches it."""
        return any(fnmatchcase(name, pattern) for pattern in self._pinned)

    def instructions(self, description: str | None) -> str | None:
        """The server's instructions: the catalogue's description, and in progressive mode how to find its tools."""
        if not self.progressive:
            return description
        # No count: the instructions are the server's, the same for the clients of every tool set.
        how = ("tools/list shows only a few of this server's tools. Call search_tools with what you want to do, "
               "get_tool_info for a tool's arguments, then call it by its name or through call_tool.")
        return f"{description}\n\n{how}" if description else how

    @property
    def find_hint(self) -> str:
        """How a client finds a tool's name, for TOOL_NOT_FOUND when no name is close (English: `unknown_tool` translates it)."""
        if self.progressive:
            return N_("Call search_tools with what you want to do, and use one of the names it returns.")
        return N_("Call tools/list and use one of the listed tool names.")

    @property
    def name_source(self) -> str:
        """Where a client finds the tools' names, TOOL_NOT_FOUND's expected condition (English: `unknown_tool` translates it):
        in progressive mode tools/list holds only the pinned and meta-tools."""
        return N_("a tool name that search_tools returns") if self.progressive else N_("a tool name from tools/list")

    def lists_differently(self, other: Disclosure) -> bool:
        """Whether tools/list differs from `other`'s for the same tools (another mode, or other pinned tools)."""
        return self.mode != other.mode or (self.progressive and self._pinned != other._pinned)

    def meta_runtime(self, view: View, name: str) -> ToolRuntime | None:
        """The meta-tool called `name`, in progressive mode, unless a tool of the view has that name (the tool wins)."""
        if not self.progressive or name in view.runtimes:
            return None
        return _RUNTIMES.get(name)

    def names(self, view: View) -> list[str]:
        """The names a client of the view may call: its tools, and in progressive mode the meta-tools they do not shadow
        (the candidates of TOOL_NOT_FOUND's nearest name)."""
        if not self.progressive:
            return list(view.runtimes)
        return [*view.runtimes, *(name for name in META_TOOLS if name not in view.runtimes)]

    def meta_schema(self, name: str) -> dict[str, Any] | None:
        """The input schema of a meta-tool (progressive mode), for the SDK's `Mcp-Param-*` header check."""
        return _INPUTS.get(name) if self.progressive else None

    # -- listings, derived once per view ----------------------------------------------------------

    def _derive(self, view: View, what: str, build: Callable[[], Any]) -> Any:
        key = (id(view), what)
        kept = self._derived.get(key)
        if kept is None or kept[0] is not view:
            kept = self._derived[key] = (view, build())
        return kept[1]

    def list_tools(self, view: View) -> types.ListToolsResult:
        """tools/list: the view's tools (full), or its pinned tools and the meta-tools it does not shadow (progressive)."""
        if not self.progressive:
            return view.list_tools
        return self._derive(view, "tools", lambda: types.ListToolsResult(tools=[
            *(t for t in view.list_tools.tools if self.pinned(t.name)),
            *(tool for name, tool in _LISTED.items() if name not in view.runtimes)]))

    def list_resources(self, view: View) -> types.ListResourcesResult:
        """resources/list: the view's resources and the Level-1 index."""
        return self._derive(view, "resources", lambda: view.list_resources.model_copy(update={"resources": [
            *view.list_resources.resources,
            types.Resource(uri=INDEX_URI, name="catalog-index", title="Tool index", mime_type=INDEX_MIME,
                           description="Every tool of this server, one line each: `name: what it does`.")]}))

    def list_prompts(self, view: View) -> types.ListPromptsResult:
        """prompts/list: the view's prompts and `catalog_overview` (unless a catalogue prompt has that name)."""
        if OVERVIEW_PROMPT in view.prompts:
            return view.list_prompts
        return self._derive(view, "prompts", lambda: view.list_prompts.model_copy(update={"prompts": [
            *view.list_prompts.prompts,
            types.Prompt(name=OVERVIEW_PROMPT, title="Catalogue overview", arguments=[],
                         description="The tools of this server, one line each, to choose from.")]}))

    def listing(self, view: View) -> Listing:
        """The three lists a client of the view sees (for the `serve` banner and the bench)."""
        return Listing(self.list_tools(view), self.list_prompts(view), self.list_resources(view))

    def index_text(self, view: View) -> str:
        """The Level-1 index of the view (`ardf://catalog/index`)."""
        return self._derive(view, "index", lambda: index_text(view.tools.values(), self.lang))

    def read_index(self, view: View) -> types.ReadResourceResult:
        """resources/read of `ardf://catalog/index`."""
        return types.ReadResourceResult(contents=[types.TextResourceContents(uri=INDEX_URI, mime_type=INDEX_MIME,
                                                                             text=self.index_text(view))])

    def overview(self, view: View) -> types.GetPromptResult:
        """prompts/get of `catalog_overview`: the index as one user message."""
        index = self.index_text(view)
        text = (f"The tools this server offers, one per line (name: what it does):\n\n{index}" if index else
                "This server offers no tools to this client" + (f" (its tool set {view.toolset!r} holds none)." if view.toolset else "."))
        return types.GetPromptResult(description="The tools of this server, one line each.",
                                     messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    # -- the meta-tools -----------------------------------------------------------------------------

    def _allowed(self, view: View) -> frozenset[str] | None:
        """The tool ids search may return for the view: None for the whole catalogue."""
        if view.tools is self._tools:
            return None
        return self._derive(view, "allowed", lambda: frozenset(view.tools))

    def search(self, view: View, query: str, limit: int) -> list[Hit]:
        """The view's best `limit` tools for `query`."""
        return self.index().search(query, limit, allowed=self._allowed(view))

    def find(self, view: View, query: str, limit: int, keep: Callable[[Hit], bool] | None = None) -> Found:
        """The view's best `limit` tools for `query` that `keep` keeps (None: all), and why there are none: what
        search_tools answers, and GET/POST /search (whose filters are `keep`)."""
        if keep is None:
            hits = self.search(view, query, limit)
            return Found(hits, {} if hits else nothing_found(query))
        matched = self.search(view, query, MAX_LIMIT)
        hits = [hit for hit in matched if keep(hit)][:limit]
        if hits or not matched:
            return Found(hits, {} if hits else nothing_found(query))
        from .search import ignored_words

        return Found(hits, {"hint": f"{len(matched)} tool(s) matched {quoted(query)}, but none passes the filters: loosen or "
                                    "leave out the filters, or search with other words.", "ignored": ignored_words(query)})

    async def call(self, meta: ToolRuntime, arguments: dict[str, Any], view: View, run: Run) -> types.CallToolResult:
        """Run a meta-tool on validated arguments; `run(name, arguments)` calls a catalogue tool as a direct call would."""
        name = meta.tool.id
        if name == "call_tool":
            target = arguments["name"]
            if self.meta_runtime(view, target) is None and target not in view.runtimes:  # as tools/call, with the retry
                return error_result(unknown_tool(target, self.names(view), find=self.find_hint, arguments=arguments,
                                                 expected=self.name_source), structured=False)
            return await run(target, arguments.get("arguments", {}))  # a meta-tool too (run is what tools/call does)
        if name == "search_tools":
            limit = int(arguments.get("limit", DEFAULT_LIMIT))  # 5.0 is an integer to JSON Schema
            if not arguments["query"].strip():  # minLength passed, but there is nothing to search for
                return meta.failed(envelope([build_entry(
                    Code.VALIDATION_ERROR, "Argument 'query' holds only blanks: there is nothing to search for.", name,
                    parameter="query", context={"solution": "Say what you want to do in a few words, e.g. {\"query\": "
                                                            f"\"convert units\"}}; or read {INDEX_URI} for every tool's name."})]))
            hits, why = self.find(view, arguments["query"], limit)  # no hit: why, and what to try (an empty list leaves an agent guessing)
            return _structured({"tools": [{"name": h.name, "description": h.description, "score": h.score} for h in hits], **why})
        asked = self.meta_runtime(view, arguments["name"])
        descriptor = view.tools.get(arguments["name"]) if asked is None else asked.tool  # in a tool set: naming no tool outside it
        if descriptor is None:
            return meta.failed(unknown_tool(arguments["name"], self.names(view), find=self.find_hint, arguments=arguments,
                                            expected=self.name_source))
        info = tool_info(descriptor, self.lang)
        if asked is not None:  # a meta-tool has no resource of its own
            info.pop("uri", None)
        return _structured(info)


def nothing_found(query: str) -> dict[str, Any]:
    """What search_tools adds to an empty result: a `hint` the agent can act on, and the query's `ignored` words."""
    from .search import ignored_words

    ignored = ignored_words(query)
    left_out = ", ".join(repr(w) for w in ignored[:_LISTED_WORDS]) + (", …" if len(ignored) > _LISTED_WORDS else "")
    elsewhere = f"or read {INDEX_URI} (the prompt {OVERVIEW_PROMPT}) for every tool's name, one line each."
    if set(ignored) >= set(query.split()):  # every word left out
        hint = (f"Nothing to search for: search leaves out {left_out} (too common, a single character, or without a letter or "
                f"digit). Say what you want to do in other words, e.g. {{\"query\": \"convert units\"}}; {elsewhere}")
    else:
        also = f" (left out: {left_out})" if ignored else ""
        hint = (f"No tool matched {quoted(query)}{also}. Try other words or synonyms, in the language of the tools' "
                f"descriptions; {elsewhere}")
    return {"hint": hint, "ignored": ignored}


def quoted(query: str, limit: int = _QUOTED_CHARACTERS) -> str:
    """A query as a hint quotes it: whole when short, else its first `limit` characters and an ellipsis."""
    text = " ".join(query.split())
    return repr(text) if len(text) <= limit else repr(text[:limit].rstrip() + "…")


def _structured(value: dict[str, Any]) -> types.CallToolResult:
    """A success carrying `value` as structuredContent and as JSON text."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=json.loads(text))


def tool_info(d: Descriptor, lang: str | None = None) -> dict[str, Any]:
    """Level 2 of a tool: what `get_tool_info` returns (OpenAkita's detail, warnings and related tools live in `hints`)."""
    hints = d.hints
    info: dict[str, Any] = {
        "name": d.id,
        "title": d.title or "",
        "description": d.text("description", lang),
        "when_to_use": d.text("when_to_use", lang),
        "detail": hints.get("detail") or "",
        "examples": [{key: value for key, value in (("name", e.name), ("input", e.input), ("output", e.output),
                                                       ("narrative", e.narrative)) if value not in (None, "")}
                     for e in d.examples],
        "warnings": list(hints.get("warnings") or ()),
        "prerequisites": d.prerequisites,
        "related_tools": list(hints.get("related_tools") or ()),
        "inputSchema": d.input_schema or {"type": "object", "properties": {}},
        "outputSchema": d.output_schema,
        "failures": write_failures(d.failures),  # every field a failure declares (suggested_value, context...)
        "uri": d.uri,
    }
    annotations = hints.get("annotations")
    if annotations:
        info["annotations"] = dict(annotations)
    if hints.get("workflow"):  # OpenAkita's steps for a multi-step task
        info["workflow"] = hints["workflow"]
    return info


def index_text(tools: Iterable[Descriptor], lang: str | None = None) -> str:
    """The Level-1 index: one line per tool, `name: short line`."""
    from .search import _line as level1_line  # the line search_tools returns, so both levels say the same

    return "".join(f"{d.id}: {level1_line(d, lang)}\n" for d in tools)


def disclosure_problems(config: CatalogConfig, tools: Mapping[str, Descriptor]) -> list[Problem]:
    """Load warnings: a pinned entry that matches no tool, a tool that shadows a meta-tool."""
    problems = [
        Problem(config.file or "atdf-mcp.yaml", f"/pinned/{n}", f"pinned entry {pattern!r} matches no tool of the catalogue",
                "warning", Code.CONFIGURATION_ERROR)
        for n, pattern in enumerate(config.pinned)
        if pattern not in tools and not any(fnmatchcase(name, pattern) for name in tools)
    ]
    problems += [
        Problem(tools[name].source.file, tools[name].source.pointer, f"tool {name!r} has the name of a meta-tool of progressive "
                "disclosure: calls by that name reach this tool, and progressive mode does not offer the meta-tool",
                "warning", Code.INVALID_NAME)
        for name in META_TOOLS if name in tools
    ]
    return problems

