"""The MCP server: a low-level `mcp.server.Server` wired to a catalogue snapshot.

    from atdf_mcp import build_server, load_catalog
    server = build_server(load_catalog("descriptors"))
    async with mcp.Client(server) as client:
        await client.call_tool("hotel_reservation", {...})

The server is transport-blind: stdio, Streamable HTTP and SSE only supply streams around it.
Every tool-call failure becomes an `isError` result carrying an ATDF envelope (DESIGN decision 10).
"""

from __future__ import annotations

import functools
import logging
import math
import weakref
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import anyio
import jsonschema_rs
import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.lowlevel.server import NotificationOptions
from mcp.shared.exceptions import MCPError

from . import __version__
from .arguments import argument_errors
from .budget import analyse, schema_is_small
from .catalog import Catalog
from .codes import Code
from .context import CallEvents, ToolContext
from .disclosure import INDEX_URI, OVERVIEW_PROMPT, Disclosure, Listing
from .enforce import advice_text, after_call, before_call, scopes_of, with_advice
from .envelope import build_entry, envelope, unknown_tool
from .errors import CallTimeout, OutputInvalid, Unavailable
from .failures import HandlerReported, envelope_for
from .inner_call import decode_inner, noted
from .jsonsafe import json_safe, non_finite
from .l10n import LANG, accepted_language, choose, lang_of_meta
from .l10n import gettext as _
from .labels import labels_for
from .lookups import RESOURCE_NOT_FOUND, bad_prompt_arguments, left_out_content, unknown_prompt, unknown_resource, unrenderable_prompt
from .methods import UnknownMethods
from .model import Descriptor
from .notify import ChangeNotifier
from .optional_nulls import left_out, without_refused_nulls
from .paging import Pages
from .publish import Published, ardf_text, completion_values, prompt_variables, render_prompt
from .redact import catalogue_secrets
from .results import error_result, for_client, to_result, with_received
from .runtime import DEFAULT_TIMEOUT, ToolRuntime
from .shutdown import Drain, cancelled_envelope, refused_envelope
from .tasks import TaskRunner
from .tasks.extension import EXTENSION as TASKS_EXTENSION
from .tasks.extension import CreateTaskResult, McpTasks
from .tracing import annotate_call
from .view import TOOLSET_SCOPE_KEY, View, Views
from .warm import Pending, Preview

if TYPE_CHECKING:
    from .metrics import Metrics

__all__ = ["DEFAULT_MAX_CALL_SECONDS", "DEFAULT_TIMEOUT", "RESOURCE_NOT_FOUND", "CatalogServer", "build_server"]

DEFAULT_MAX_CALL_SECONDS = 3600.0  # `serve --max-call-seconds`: no call runs longer, however much progress it reports
_log = logging.getLogger("atdf_mcp.server")


class CatalogServer:
    """Answers MCP requests from one catalogue snapshot; `server` is the SDK object to run."""

    def __init__(self, catalog: Catalog | None, *, lang: str | None = None, timeout: float | None = None, toolset: str | None = None,
                 disclosure: str | None = None, page_size: int | None = None, cache: bool = False, fresh: bool = False,
                 max_call_seconds: float = DEFAULT_MAX_CALL_SECONDS, preview: Preview | None = None) -> None:
        """Serve `catalog`; or, with `catalog` None, answer `preview`'s lists and hold every other request until
        `complete(...)` gives the catalogue (a warm start, atdf_mcp.warm)."""
        self.max_call_seconds = max_call_seconds  # a tool's own timeout limits its silence; this limits its whole run
        self.toolset = toolset  # the set a request sees when neither its path nor its token names one (serve --toolset)
        self.disclosure_mode, self.page_size = disclosure, page_size  # `serve --disclosure`, `--page-size`
        self.pages = Pages()  # the lists cursors were cut from (atdf_mcp.paging)
        self.drain = Drain()  # the tool calls in flight, for a shutdown that answers them all
        self.metrics: Metrics | None = None  # GET /metrics (atdf_mcp.metrics), set by the HTTP app; None: nothing counted
        self.traced = False  # an OpenTelemetry exporter is configured: calls annotate their span (atdf_mcp.tracing)
        if catalog is not None:
            self.pending: Pending | None = None
            self._serve(catalog.prepared(lang=lang, timeout=timeout),
                        disclosure=None, cache=cache, fresh=fresh)  # the search cache: as load_catalog's
            config = self.snapshot.config
            name, version = config.name or "atdf-mcp", config.version or __version__
            instructions = self.disclosure.instructions(config.description)
        elif preview is not None:
            self.pending = Pending(preview)
            name, version, instructions = preview.name, preview.version, preview.instructions
        else:
            raise TypeError("CatalogServer needs a catalogue, or the preview of one")
        gate = self.pending.gate if self.pending is not None else _ungated
        self.server = _LiveServer(
            name,
            version=version,
            instructions=instructions,
            get_tool_input_schema=self._input_schema,
            on_list_tools=gate(self._list_tools, "tools"),
            on_call_tool=gate(self._call_tool_redacted),
            on_list_resources=gate(self._list_resources, "resources"),
            on_list_resource_templates=gate(self._list_templates, "templates"),
            on_read_resource=gate(self._read_resource),
            on_list_prompts=gate(self._list_prompts, "prompts"),
            on_get_prompt=gate(self._get_prompt),
            on_completion=gate(self._complete),
            on_subscribe_resource=gate(self._subscribe),
            on_unsubscribe_resource=gate(self._unsubscribe),
        )
        # No constructor slot without a deprecation warning: registered like the SDK's everything-server.
        self.server.add_request_handler("logging/setLevel", types.SetLevelRequestParams, self._set_level)
        self.server.middleware.append(UnknownMethods(self.server))  # -32601 with an envelope (atdf_mcp.methods)
        self.log_levels: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
        # Keyed by connection (a session object lives for one request); values keep a session to notify through.
        self.subscriptions: weakref.WeakKeyDictionary[Any, tuple[Any, set[str]]] = weakref.WeakKeyDictionary()
        # connected clients, told when a reload changes the lists
        self.notifier = ChangeNotifier(self.server, self.log_levels, self._toolset_of)
        self.mcp_tasks = McpTasks(self)  # the MCP tasks extension: tasks/get, tasks/update, tasks/cancel
        self.mcp_tasks.install(self.server)
        self._tasks: TaskRunner | None = None

    @property
    def tasks(self) -> TaskRunner | None:
        """The task runner calls of tools marked `"task": true` run in (the HTTP app's, shared with /callback), or None."""
        return self._tasks

    @tasks.setter
    def tasks(self, runner: TaskRunner | None) -> None:
        """Run task tools' calls in `runner` (set while it serves) and advertise the MCP tasks extension; None: neither."""
        self._tasks = runner
        if runner is None:
            self.server.extensions.pop(TASKS_EXTENSION, None)
        else:
            self.server.extensions[TASKS_EXTENSION] = {}

    # -- the snapshot served: swapped as a whole by a reload ----------------------------------------

    @property
    def catalog(self) -> Catalog:
        """The catalogue snapshot being served."""
        return self.snapshot

    @property
    def published(self) -> Published:
        """The listings of the snapshot being served."""
        return self.snapshot.published  # type: ignore[return-value]  # prepared() always completes it

    @property
    def runtimes(self) -> Mapping[str, ToolRuntime]:
        """The tools of the snapshot being served, ready to call."""
        return self.snapshot.runtimes

    @property
    def lang(self) -> str | None:
        """The language the snapshot is served in."""
        return self.snapshot.lang

    def next_disclosure(self, catalog: Catalog) -> Disclosure:
        """The disclosure of the snapshot `swap(catalog)` will serve, search index included (slow: a reload builds it in
        its worker thread and passes it to swap)."""
        snapshot = catalog.prepared(lang=self.snapshot.options.lang, timeout=self.snapshot.options.timeout)
        return Disclosure(snapshot, mode=self.disclosure_mode, previous=self.disclosure)

    def swap(self, catalog: Catalog, disclosure: Disclosure | None = None) -> None:
        """Serve `catalog` from now on; calls in flight finish on the snapshot they started with."""
        self._serve(catalog.prepared(lang=self.snapshot.options.lang, timeout=self.snapshot.options.timeout), disclosure)
        config = self.snapshot.config  # a changed atdf-mcp.yaml names the server anew for the clients that connect next
        self.server.name, self.server.version = config.name or "atdf-mcp", config.version or __version__
        self.server.instructions = self.disclosure.instructions(config.description)

    def complete(self, catalog: Catalog, disclosure: Disclosure | None = None) -> None:
        """A warm start's catalogue is in (atdf_mcp.warm): serve it, and let the requests held meanwhile go."""
        snapshot = disclosure.snapshot if disclosure is not None else catalog.prepared()
        if self.pending is None:
            raise RuntimeError("complete() is for a server started from a preview")
        self._serve(snapshot, disclosure)
        self.pending.finish()

    def _serve(self, snapshot: Catalog, disclosure: Disclosure | None, *, cache: bool = False, fresh: bool = False) -> None:
        """Serve a prepared snapshot (with its disclosure, built if None or of another snapshot)."""
        if disclosure is None or disclosure.snapshot is not snapshot:
            disclosure = Disclosure(snapshot, mode=self.disclosure_mode, previous=getattr(self, "disclosure", None),
                                    cache=cache, fresh=fresh)
        self.secrets = catalogue_secrets(r.bound.dispatcher for r in snapshot.runtimes.values())
        self.disclosure = disclosure
        self.views = Views(snapshot)  # first: a request that reads the new views finds them complete
        self.pages.rotate()  # the cursors of the lists before keep reading those lists while their walks go on
        self.snapshot = snapshot  # one assignment: every request reads the snapshot once, at its start

    def listing(self, ctx: ServerRequestContext | None = None) -> Listing:
        """What the client of a request lists (its list_tools, list_prompts and list_resources), disclosure applied."""
        return self.disclosure.listing(self.view(ctx))

    def view(self, ctx: ServerRequestContext | None = None) -> View:
        """What the client of a request sees of the snapshot being served (atdf_mcp.view), in the request's language: the
        call's `_meta.lang`, else its HTTP `Accept-Language`, else the session's (`_meta.lang` of its initialize)."""
        session = getattr(ctx, "session", None)
        client = getattr(session, "client_params", None) if session is not None else None
        return self.view_in(getattr(getattr(ctx, "request", None), "scope", None), call=lang_of_meta(getattr(ctx, "meta", None)),
                            session=lang_of_meta(getattr(client, "meta", None)))

    def view_in(self, scope: Mapping[str, Any] | None, views: Views | None = None, *, call: str | None = None,
                session: str | None = None) -> View:
        """The view of an HTTP request's ASGI scope (None: stdio, in memory): the tool set its path or token named
        (`TOOLSET_SCOPE_KEY`, set by atdf_mcp.gate), else the server's own; of `views` (default: those served now).

        The request's language (atdf_mcp.l10n.choose: `call`, the scope's `Accept-Language`, `session`, `--lang`) is
        set for the envelopes built while answering it, and chooses the listings the view answers from."""
        views = views or self.views
        toolset = scope.get(TOOLSET_SCOPE_KEY, self.toolset) if scope is not None else self.toolset
        snapshot = views.snapshot
        lang = choose(call=snapshot.speaks(call), header=accepted_language(scope, snapshot.languages),
                      session=snapshot.speaks(session), process=snapshot.lang)
        LANG.set(lang)
        return views.get(toolset, lang)

    def _toolset_of(self, ctx: ServerRequestContext) -> Callable[[], str | None]:
        """What tells the tool set the connection of a request sees: its path's or token's, else the server's default
        (asked each time: `serve --toolset` is set after the server is built)."""
        scope = getattr(getattr(ctx, "request", None), "scope", None)
        if scope is not None and TOOLSET_SCOPE_KEY in scope:
            named = scope[TOOLSET_SCOPE_KEY]
            return lambda: named
        return lambda: self.toolset

    def _input_schema(self, name: str) -> dict[str, Any] | None:
        """The input schema of a tool of the snapshot being served (the SDK checks `Mcp-Param-*` headers against it)."""
        if self.pending is not None and not self.pending.done:
            return None
        tool = self.published.tools.get(name)
        return tool.input_schema if tool is not None else self.disclosure.meta_schema(name)

    # -- lists: answered from results built once ---------------------------------------------

    async def _list_tools(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        view = self.view(ctx)
        return self._page(self.disclosure.list_tools(view), "tools", params, view)

    async def _list_resources(self, ctx: ServerRequestContext, params: Any) -> types.ListResourcesResult:
        view = self.view(ctx)
        return self._page(self.disclosure.list_resources(view), "resources", params, view)

    async def _list_templates(self, ctx: ServerRequestContext, params: Any) -> types.ListResourceTemplatesResult:
        return self.view(ctx).list_templates

    async def _list_prompts(self, ctx: ServerRequestContext, params: Any) -> types.ListPromptsResult:
        view = self.view(ctx)
        return self._page(self.disclosure.list_prompts(view), "prompts", params, view)

    def _page(self, result: Any, kind: str, params: types.PaginatedRequestParams | None, view: View) -> Any:
        """The page of a list result the request's cursor asks for (all of it unless `--page-size`; atdf_mcp.paging)."""
        cursor = params.cursor if params is not None else None
        return self.pages.page(result, kind, cursor=cursor, size=self.page_size, key=(view.toolset, view.published.lang))

    # -- tools/call ----------------------------------------------------------------------------

    async def _call_tool_redacted(self, ctx: ServerRequestContext,
                                  params: types.CallToolRequestParams) -> types.CallToolResult | CreateTaskResult:
        view, scopes = self.view(ctx), scopes_of(ctx)
        if self._tasks is not None and self.mcp_tasks.wanted(ctx, view, params.name):
            return await self.mcp_tasks.start(view, params.name, params.arguments, scopes)
        info = getattr(getattr(getattr(ctx, "session", None), "client_params", None), "client_info", None)
        return for_client(await self.call(view, params.name, params.arguments, ctx=ctx, scopes=scopes), getattr(info, "name", None))

    async def call(self, view: View, name: str, arguments: Any, *, ctx: ServerRequestContext | None = None,
                   events: CallEvents | None = None, scopes: frozenset[str] | None = None) -> types.CallToolResult:
        """One tools/call in `view` (a catalogue tool or a meta-tool), secrets redacted: what MCP clients and tasks get.

        `scopes` are those of the agent's token (atdf_mcp.enforce); None: the operator, who holds them all."""
        secrets, metrics = self.secrets, self.metrics
        if metrics is None:
            result = await self._call_tool(ctx, view, name, arguments, events, scopes)
        else:
            known = name in view.runtimes or self.disclosure.meta_runtime(view, name) is not None
            with metrics.observed(name, known) as seen:
                result = await self._call_tool(ctx, view, name, arguments, events, scopes)
                seen.done(result)
        if self.traced:
            annotate_call(result)
        return secrets.result(result) if secrets.pattern is not None else result

    async def refusal(self, view: View, name: str, arguments: Any, scopes: frozenset[str] | None = None) -> types.CallToolResult | None:
        """The answer a call gets before any handler runs — an unknown tool (TOOL_NOT_FOUND), arguments the tool cannot
        take (VALIDATION_ERROR), a missing permission or a blocking policy rule (atdf_mcp.enforce) — or None when it would
        run (a task checks this before it is created)."""
        meta = self.disclosure.meta_runtime(view, name)
        runtime = meta or view.runtimes.get(name)
        inner = decode_inner(arguments) if meta is not None and meta.tool.id == "call_tool" else None  # as _call_tool
        if runtime is None:
            result = error_result(unknown_tool(name, self.disclosure.names(view), find=self.disclosure.find_hint,
                                               expected=self.disclosure.name_source), structured=False)
        elif inner is not None and inner.refusal is not None:
            result = runtime.failed(inner.refusal)
        else:
            arguments, valid, _left_out, unfilled = _checked(runtime, inner.arguments if inner is not None else arguments)
            if not valid:
                result = await self._refusal(runtime, arguments, view)
            elif meta is None and (runtime.rules is not None or runtime.permissions):
                arguments = runtime.prepared(arguments, unfilled)
                refused, _advised = before_call(runtime, arguments, agent=view.toolset, lang=view.published.lang, scopes=scopes)
                if refused is None:
                    return None
                result = refused
            else:
                return None
        result = with_received(result, arguments, self.secrets.value)
        secrets = self.secrets
        return secrets.result(result) if secrets.pattern is not None else result

    async def _call_tool(self, ctx: ServerRequestContext | None, view: View, name: str, arguments: Any,
                         events: CallEvents | None, scopes: frozenset[str] | None = None) -> types.CallToolResult:
        disclosure = self.disclosure  # the whole call runs on the snapshot it started with
        meta = disclosure.meta_runtime(view, name)
        if meta is None:
            result = await self._run(ctx, view, name, arguments, events, scopes)
            return with_received(result, arguments, self.secrets.value) if result.is_error else result
        inner = decode_inner(arguments) if meta.tool.id == "call_tool" else None  # `arguments` sent as a JSON string
        if inner is not None:
            if inner.refusal is not None:
                return meta.failed(inner.refusal)
            arguments = inner.arguments
        arguments, valid, nulls, _unfilled = _checked(meta, arguments)  # a meta-tool's input: the same validation as a tool's
        if not valid:
            return await self._refusal(meta, arguments)
        try:
            result = await disclosure.call(meta, arguments, view, functools.partial(self._call_tool, ctx, view, events=events, scopes=scopes))
        except Exception as exc:
            result = meta.failed(self._failure(meta, exc, arguments))
        result = with_received(result, arguments, self.secrets.value) if result.is_error else result  # an inner call's failure has its own
        result = noted(result) if inner is not None and inner.decoded else result
        return left_out(result, nulls) if nulls else result

    async def _refusal(self, runtime: ToolRuntime, arguments: Any, view: View | None = None) -> types.CallToolResult:
        """The VALIDATION_ERROR of arguments the tool cannot take: small ones at once, others off the event loop within a
        budget (budget.py); declared failures described in the language of `view`. NaN or Infinity is named first (the
        walk that finds it is part of the analysis: a list of millions of numbers is walked off the loop too)."""

        def work() -> dict[str, Any]:
            found = non_finite(arguments)
            if found is not None:
                return _not_finite(runtime.tool, *found)
            return self._invalid_arguments(runtime, arguments, view) if runtime.analysable else _unanalysed(runtime.tool)

        return runtime.failed(await analyse(arguments, work, functools.partial(_unanalysed, runtime.tool),
                                            small_schema=runtime.small_schema))

    async def _run(self, ctx: ServerRequestContext | None, view: View, name: str, arguments: Any,
                   events: CallEvents | None = None, scopes: frozenset[str] | None = None) -> types.CallToolResult:
        """Call a tool of the view by name: what a direct tools/call does, `call_tool` and a task too (whose `events`
        receive the handler's progress and logs)."""
        runtime = view.runtimes.get(name)
        if runtime is None:  # no structuredContent: the client may hold an outputSchema for that name from an older listing
            return error_result(unknown_tool(name, self.disclosure.names(view), find=self.disclosure.find_hint,
                                               expected=self.disclosure.name_source), structured=False)
        arguments, valid, nulls, unfilled = _checked(runtime, arguments)
        if not valid:
            return await self._refusal(runtime, arguments, view)
        if nulls:  # the call without them, once more (valid now): its result says what was left out
            return left_out(await self._run(ctx, view, name, arguments, events, scopes), nulls)
        dispatcher = runtime.bound.dispatcher
        if dispatcher is None:
            return runtime.failed(self._failure(runtime, Unavailable(runtime.bound.reason), arguments, view))
        arguments = runtime.prepared(arguments, unfilled)
        advised: tuple[Any, ...] = ()
        if runtime.rules is not None or runtime.permissions:  # a tool without rules or permissions pays this one check
            refused, advised = before_call(runtime, arguments, agent=view.toolset, lang=view.published.lang, scopes=scopes)
            if refused is not None:
                return refused
        drain = self.drain
        if drain.closing:
            return runtime.failed(refused_envelope(runtime.tool))
        try:
            # A bare CancelScope with a deadline costs a third of anyio.fail_after on this hot path.
            now = anyio.current_time()
            cap = now + self.max_call_seconds
            with anyio.CancelScope(deadline=min(now + runtime.timeout, cap)) as scope:
                drain.active.add(scope)
                silence = None
                try:
                    if dispatcher.wants_ctx:
                        silence = _Silence(scope, runtime.timeout, cap)
                        tool_ctx = ToolContext(runtime.tool, view.published.lang, ctx, self.log_levels, events, silence.heard,
                                               functools.partial(self._run, ctx, view, scopes=scopes))
                    else:
                        tool_ctx = None
                    value = await dispatcher.call(arguments, tool_ctx)
                except anyio.get_cancelled_exc_class():  # (evaluated only on this path)
                    drain.abandoned = True  # a sync handler may still run in its thread: the process must not wait for it
                    raise
                finally:
                    drain.active.discard(scope)
            if scope.cancelled_caught:
                if drain.cancelled:
                    return runtime.failed(cancelled_envelope(runtime.tool, drain.since))
                if scope.deadline >= cap:
                    raise CallTimeout(self.max_call_seconds, cap=True)
                raise CallTimeout(runtime.timeout, silent=silence is not None and silence.reports > 0)
            result = to_result(value, success_text=functools.partial(_success_text, view, name, runtime.tool),
                               blob_uri=functools.partial(_blob_uri, runtime.tool))
            if result.is_error:
                raise HandlerReported(result)
            check = runtime.output_check
            if check is not None and (result.structured_content is None or not check(result.structured_content)):
                return self._output_mismatch(runtime, result, arguments)
            if runtime.rules is not None:
                withheld, more = after_call(runtime, result, arguments, agent=view.toolset, lang=view.published.lang)
                if withheld is not None:
                    return withheld
                advised += more
            if advised:
                await ToolContext(runtime.tool, view.published.lang, ctx, self.log_levels, events).log(
                    "warning", advice_text(advised), logger="atdf.policy")
                return with_advice(result, advised)
            return result
        except Exception as exc:
            return runtime.failed(self._failure(runtime, exc, arguments, view))

    def _invalid_arguments(self, runtime: ToolRuntime, arguments: Any, view: View | None = None) -> dict[str, Any]:
        try:
            if runtime.refuses(arguments):
                tool, detailed, fast = runtime.closed
            else:  # the descriptor in the view's language: a copy's failure and input descriptions, the base's contract
                tool = view.tools.get(runtime.tool.id, runtime.tool) if view is not None else runtime.tool
                detailed, fast = runtime.detailed, runtime.fast
            return argument_errors(tool, arguments, detailed, fast, runtime.examples, runtime.judged)
        except Exception:  # the analysis must never turn a bad call into a protocol error
            _log.exception("could not analyse invalid arguments of %s", runtime.tool.id)
            return _unanalysed(runtime.tool)

    def _failure(self, runtime: ToolRuntime, exc: Exception, arguments: Any, view: View | None = None) -> dict[str, Any]:
        """The envelope of a failed call (atdf_mcp.failures, the one place that maps exceptions to envelopes); a declared
        failure's description in the language of `view` (a language copy's own, when it has one)."""
        tool = runtime.tool
        if view is not None:
            tool = view.tools.get(tool.id, tool)  # a copy has the base's contract (atdf_mcp.copies) and its own texts
        return envelope_for(exc, tool, arguments, timeout=runtime.timeout, fast_validator=runtime.fast)

    def _output_mismatch(self, runtime: ToolRuntime, result: types.CallToolResult, arguments: Any) -> types.CallToolResult:
        """A success whose result breaks the declared outputSchema, which every SDK client rejects: an OUTPUT_INVALID
        error that still carries what the handler returned, after the envelope."""
        tool = runtime.tool
        if result.structured_content is None:
            why = "returned no structured result, though it declares an output schema"
        else:
            why = f"returned a result that does not match its output schema ({_first_mismatch(tool.output_schema, result.structured_content)})"
        failed = runtime.failed(self._failure(runtime, OutputInvalid(why), arguments))
        return failed.model_copy(update={"content": [*failed.content, *result.content]})

    # -- resources -------------------------------------------------------------------------------

    async def _read_resource(self, ctx: ServerRequestContext, params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        uri = str(params.uri)
        view = self.view(ctx)
        if uri == INDEX_URI:
            return self.disclosure.read_index(view)
        if uri in view.static:
            mime, body = view.static[uri]
            text = body.decode("utf-8") if isinstance(body, bytes) else body
            return types.ReadResourceResult(contents=[types.TextResourceContents(uri=uri, mime_type=mime, text=text)])
        document = view.documents.get(uri)
        if document is not None:
            try:
                return types.ReadResourceResult(contents=[document.read()])
            except OSError as exc:
                raise unknown_resource(uri, (), left_out=(document.descriptor, _("its file cannot be read right now"))) from exc
        for template in view.templates:
            values = template.template.match(uri)
            if values is not None:
                return types.ReadResourceResult(contents=[template.read(uri, {k: str(v) for k, v in values.items()})])
        descriptor = view.descriptor_for(uri)
        if descriptor is not None:
            return types.ReadResourceResult(contents=[types.TextResourceContents(
                uri=uri, mime_type="application/vnd.ardf+json", text=ardf_text(descriptor, indent=2, catalog=view.published.catalog))])
        raise self._not_found(view, uri)

    async def _subscribe(self, ctx: ServerRequestContext, params: types.SubscribeRequestParams) -> types.EmptyResult:
        self._known_resource(self.view(ctx), str(params.uri))
        _session, uris = self.subscriptions.setdefault(connection_of(ctx.session), (ctx.session, set()))
        uris.add(str(params.uri))
        return types.EmptyResult()

    async def _unsubscribe(self, ctx: ServerRequestContext, params: types.UnsubscribeRequestParams) -> types.EmptyResult:
        _session, uris = self.subscriptions.get(connection_of(ctx.session), (None, set()))
        uris.discard(str(params.uri))
        return types.EmptyResult()

    async def notify_resource_updated(self, uri: str, concerns: Callable[[str | None], bool] | None = None) -> int:
        """Send notifications/resources/updated to every session subscribed to `uri` (only those whose tool set
        `concerns(set)` says the change concerns, None: the whole catalogue's); return how many."""
        sets = self.notifier.toolsets
        sessions = [session for connection, (session, uris) in list(self.subscriptions.items()) if uri in uris
                    and (concerns is None or connection not in sets or concerns(sets[connection]()))]
        for session in sessions:
            await session.send_resource_updated(uri)
        return len(sessions)

    def _known_resource(self, view: View, uri: str) -> None:
        if uri != INDEX_URI and not view.shows(uri):
            raise self._not_found(view, uri)

    @staticmethod
    def _not_found(view: View, uri: str) -> MCPError:
        """-32002 for a URI this view does not serve, naming the closest it does (or why a document's content is out)."""
        known = [INDEX_URI, *view.static, *view.documents, *view.by_uri, *(t.uri_template for t in view.templates)]
        return unknown_resource(uri, known, left_out=left_out_content(view, uri))

    # -- logging and completion ------------------------------------------------------------------

    async def _set_level(self, ctx: ServerRequestContext, params: types.SetLevelRequestParams) -> types.EmptyResult:
        self.log_levels[connection_of(ctx.session)] = params.level
        return types.EmptyResult()

    async def _complete(self, ctx: ServerRequestContext, params: types.CompleteRequestParams) -> types.CompleteResult:
        view = self.view(ctx)
        ref = params.ref
        if ref.type == "ref/prompt" and ref.name not in view.prompts and ref.name != OVERVIEW_PROMPT:
            raise unknown_prompt(ref.name, view.prompts)  # the specification's -32602, with the closest name
        context = params.context.arguments if params.context is not None else None
        values = completion_values(view, ref, params.argument.name, params.argument.value, context)
        return types.CompleteResult(completion=types.Completion(values=values[:100], total=len(values), has_more=len(values) > 100))

    # -- prompts ---------------------------------------------------------------------------------

    async def _get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        view = self.view(ctx)
        descriptor = view.prompts.get(params.name)
        if descriptor is None and params.name == OVERVIEW_PROMPT:
            return self.disclosure.overview(view)
        if descriptor is None:
            raise unknown_prompt(params.name, view.prompts)
        arguments = dict(params.arguments or {})
        defaults = descriptor.content.get("defaults") if isinstance(descriptor.content.get("defaults"), dict) else {}
        refused = bad_prompt_arguments(descriptor, prompt_variables(descriptor), defaults, arguments)
        if refused is not None:
            raise refused
        try:
            return render_prompt(descriptor, arguments, view.published.lang, view.published)
        except (OSError, ValueError) as exc:  # a message's image file gone since the load
            _log.warning("prompt %r cannot be rendered: %s", descriptor.id, exc)
            raise unrenderable_prompt(descriptor, str(exc)) from None

    # -- live reload -----------------------------------------------------------------------------


def _ungated(handler: Any, kind: str | None = None) -> Any:
    """A handler as is: the server has its catalogue from the start."""
    return handler


def _success_text(view: View, name: str, tool: Descriptor) -> str:
    """The text of a call that returned nothing: the tool's `success` in the view's language, else the default label."""
    return view.tools.get(name, tool).success or labels_for(view.published.lang).success


def _blob_uri(tool: Descriptor) -> str:
    """The URI of the bytes a call returned."""
    return f"{tool.uri}/result"


def _checked(runtime: ToolRuntime, arguments: Any) -> tuple[Any, bool, tuple[str, ...], tuple[str, ...]]:
    """The arguments of a call (JSON-safe), whether the tool can take them, the optional inputs sent as null that were
    left out to make them so (atdf_mcp.optional_nulls), and the defaults not to fill in (atdf_mcp.filled_defaults)."""
    arguments = arguments if arguments is not None else {}
    try:  # judged with its defaults filled in: the call the handler will receive (atdf_mcp.filled_defaults)
        valid = runtime.fast.is_valid(runtime.judged_call(arguments))
    except UnicodeError:  # a lone surrogate (only an in-process client can send one; the transports replace them)
        arguments = json_safe(arguments, fallback=str)
        valid = runtime.fast.is_valid(runtime.judged_call(arguments))
    if valid and not runtime.refuses(arguments):  # refused: valid on an open schema, but the handler would raise TypeError
        return arguments, True, (), ()
    unfilled = () if valid else runtime.unfilled(arguments)  # offset 0 by default where a cursor call holds none
    if unfilled and runtime.fast.is_valid(runtime.judged_call(arguments, unfilled)) and not runtime.refuses(arguments):
        return arguments, True, (), unfilled
    trimmed, dropped = without_refused_nulls(runtime.tool.input_schema, arguments)
    if not dropped or runtime.refuses(trimmed):
        return arguments, False, (), ()
    if runtime.fast.is_valid(runtime.judged_call(trimmed)):
        return trimmed, True, dropped, ()
    unfilled = runtime.unfilled(trimmed)  # {"cursor": "abc", "offset": null}: offset's default is refused too
    if unfilled and runtime.fast.is_valid(runtime.judged_call(trimmed, unfilled)):
        return trimmed, True, dropped, unfilled
    return arguments, False, (), ()


class _Silence:
    """A call's time limit as a limit on silence: each progress report moves its deadline `timeout` seconds on, never past `cap`."""

    __slots__ = ("cap", "reports", "scope", "timeout")

    def __init__(self, scope: anyio.CancelScope, timeout: float, cap: float) -> None:
        self.scope, self.timeout, self.cap, self.reports = scope, timeout, cap, 0

    def heard(self) -> None:
        """The handler reported progress: it may stay silent `timeout` seconds from now."""
        self.reports += 1
        self.scope.deadline = min(anyio.current_time() + self.timeout, self.cap)


def _not_finite(tool: Descriptor, path: str, number: float) -> dict[str, Any]:
    """The VALIDATION_ERROR of an argument holding NaN or ±Infinity (which Python reads, 1e400 included, and JSON has not)."""
    said = "NaN" if math.isnan(number) else ("-Infinity" if number < 0 else "Infinity")
    return envelope([build_entry(
        Code.VALIDATION_ERROR, _("The argument {path} is {number}, which JSON has no number for (a number too large to read "
                                 "is read as Infinity).").format(path=path, number=said),
        tool.id, parameter=path.split(".", 1)[0].split("[", 1)[0],
        context={"solution": _("Send {path} as a finite number (JSON has no NaN or Infinity), or leave it out if it is "
                               "optional.").format(path=path)})])


def _unanalysed(tool: Descriptor) -> dict[str, Any]:
    """The VALIDATION_ERROR of arguments whose analysis failed or ran out of time: the schema to check them against
    (named, not repeated, when it is too large to echo)."""
    if schema_is_small(tool.input_schema):
        expected: dict[str, Any] = {"conditions": [], "schema": tool.input_schema}
        solution = _("Check each argument against the tool's input schema.")
    else:
        expected = {"conditions": []}
        solution = _("Check each argument against the tool's input schema (its inputSchema in tools/list; too large to "
                     "repeat here).")
    return envelope([build_entry(Code.VALIDATION_ERROR, _("The arguments do not match the tool's input schema."), tool.id,
                                 context={"expected": expected, "solution": solution})])


def _first_mismatch(schema: Any, value: Any) -> str:
    """Where a value first breaks a schema, in one short phrase (for the envelope and the log)."""
    try:
        error = next(jsonschema_rs.validator_for(schema, validate_formats=True).iter_errors(value), None)
    except Exception:
        return "the schema cannot be compiled"
    if error is None:
        return "no detail"
    where = "/".join(str(part) for part in error.instance_path) or "the root"
    return f"at {where}: {error.message[:200]}"


class _LiveServer(Server):
    """The SDK Server advertising `listChanged` for tools, prompts and resources: a reload announces new lists."""

    def create_initialization_options(self, notification_options: NotificationOptions | None = None, *args: Any, **kwargs: Any) -> Any:
        """The SDK's initialization options, with every list_changed flag set unless the caller passes its own."""
        options = notification_options or NotificationOptions(prompts_changed=True, resources_changed=True, tools_changed=True)
        return super().create_initialization_options(options, *args, **kwargs)


def connection_of(session: Any) -> Any:
    """The object that lives as long as the client's connection (the SDK makes one session per request)."""
    return getattr(session, "_connection", session)


def build_server(catalog: Catalog, *, lang: str | None = None, timeout: float | None = None, toolset: str | None = None,
                 disclosure: str | None = None, page_size: int | None = None) -> Server:
    """A low-level MCP Server publishing the catalogue (tools, resources, prompts)."""
    return CatalogServer(catalog, lang=lang, timeout=timeout, toolset=toolset, disclosure=disclosure, page_size=page_size).server
