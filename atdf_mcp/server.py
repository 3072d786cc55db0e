"""The MCP server: a low-level `mcp.server.Server` wired to a catalogue snapshot.

    >>> from atdf_mcp import build_server, load_catalog
    >>> server = build_server(load_catalog("descriptors"))
    >>> async with mcp.Client(server) as client:
    ...     await client.call_tool("hotel_reservation", {...})

The server is transport-blind: stdio, Streamable HTTP and SSE only supply streams around it.
Every tool-call failure becomes an `isError` result carrying an ATDF envelope (DESIGN decision 10).
"""

from __future__ import annotations

import functools
import logging
import math
import weakref
from dataclasses import dataclass
from typing import Any

import anyio
import jsonschema_rs
import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.shared.exceptions import MCPError

from . import __version__
from .accepted import callable_names, closed_schema
from .arguments import argument_errors
from .bindings import Bound, bind_catalog
from .budget import analyse
from .catalog import Catalog, Problem
from .codes import Code
from .context import ToolContext
from .envelope import build_entry, compile_detailed, compile_fast, envelope, unknown_tool
from .errors import CallTimeout, OutputInvalid, Unavailable
from .failures import HandlerReported, envelope_for
from .jsonsafe import json_safe
from .labels import labels_for
from .model import Descriptor
from .publish import Published, ardf_text, completion_values, render_prompt
from .redact import catalogue_secrets, redacting
from .results import error_result, output_check, to_result
from .shutdown import Drain, cancelled_envelope, refused_envelope

__all__ = ["DEFAULT_TIMEOUT", "RESOURCE_NOT_FOUND", "CatalogServer", "build_server"]

DEFAULT_TIMEOUT = 60.0
RESOURCE_NOT_FOUND = -32002
_log = logging.getLogger("atdf_mcp.server")


@dataclass
class _ToolRuntime:
    """Everything a call to one tool needs, prepared once (validators compiled on first use)."""

    tool: Descriptor
    bound: Bound
    timeout: float
    _fast: Any = None
    _detailed: Any = None

    @property
    def fast(self) -> Any:
        if self._fast is None:
            self._fast = compile_fast(self.tool.input_schema or {"type": "object"})
        return self._fast

    @property
    def detailed(self) -> Any:
        if self._detailed is None:
            self._detailed = compile_detailed(self.tool.input_schema or {"type": "object"})
        return self._detailed

    @functools.cached_property
    def callable_names(self) -> frozenset[str] | None:
        """The argument names a call may hold (declared or taken by the handler); None when the handler takes any."""
        return callable_names(self.bound.dispatcher, self.tool.input_schema)

    def refuses(self, arguments: Any) -> bool:
        """Whether the arguments hold a name that is neither declared nor taken by the handler (no `**kwargs`)."""
        names = self.callable_names
        return names is not None and isinstance(arguments, dict) and not names.issuperset(arguments)

    @functools.cached_property
    def closed(self) -> tuple[Descriptor, Any, Any]:
        """The tool with its input schema closed to undeclared arguments, and its detailed and fast validators."""
        schema = closed_schema(self.tool.input_schema)
        return self.tool.model_copy(update={"input_schema": schema}), compile_detailed(schema), compile_fast(schema)

    @functools.cached_property
    def defaults(self) -> dict[str, Any]:
        """Top-level input defaults, filled in for arguments the caller left out."""
        properties = (self.tool.input_schema or {}).get("properties") or {}
        return {name: prop["default"] for name, prop in properties.items() if isinstance(prop, dict) and "default" in prop}

    @property
    def examples(self) -> list[dict[str, Any]]:
        return [e.input for e in self.tool.examples if isinstance(e.input, dict)]

    @functools.cached_property
    def output_check(self) -> Any:
        """The tool's declared output schema as a check (None without one), compiled on the first error."""
        return output_check(self.tool.output_schema)

    def failed(self, env: dict[str, Any]) -> types.CallToolResult:
        """The isError result for `env`: structuredContent only where the declared output schema accepts it.

        TypeScript-SDK clients (Claude Desktop, Claude Code, Cursor, the Inspector) validate structuredContent against
        outputSchema even on errors and throw; the first text block always carries the envelope.
        """
        check = self.output_check
        return error_result(env, structured=check is None or check(env))


class CatalogServer:
    """Answers MCP requests from one catalogue snapshot; `server` is the SDK object to run."""

    def __init__(self, catalog: Catalog, *, lang: str | None = None, timeout: float | None = None) -> None:
        self.catalog = catalog
        self.lang = lang or catalog.config.lang
        self.published = Published.build(catalog, lang=self.lang)
        self.success_text = labels_for(self.lang).success  # what a tool that returned nothing says
        default_timeout = timeout or catalog.config.timeout or DEFAULT_TIMEOUT
        bound, binding_problems = bind_catalog(catalog, default_timeout=default_timeout)
        self.runtimes = {
            name: _ToolRuntime(tool, bound[name], _tool_timeout(tool, default_timeout))
            for name, tool in self.published.tools.items()
        }
        self.problems: tuple[Problem, ...] = (*binding_problems, *self.published.problems)
        self.drain = Drain()  # the tool calls in flight, for a shutdown that answers them all
        schemas = {name: tool.input_schema for name, tool in self.published.tools.items()}
        self.server = Server(
            catalog.config.name or "atdf-mcp",
            version=catalog.config.version or __version__,
            instructions=catalog.config.description,
            get_tool_input_schema=schemas.get,
            on_list_tools=self._list_tools,
            on_call_tool=redacting(self._call_tool, catalogue_secrets(b.dispatcher for b in bound.values())),
            on_list_resources=self._list_resources,
            on_list_resource_templates=self._list_templates,
            on_read_resource=self._read_resource,
            on_list_prompts=self._list_prompts,
            on_get_prompt=self._get_prompt,
            on_completion=self._complete,
            on_subscribe_resource=self._subscribe,
            on_unsubscribe_resource=self._unsubscribe,
        )
        # No constructor slot without a deprecation warning: registered like the SDK's everything-server.
        self.server.add_request_handler("logging/setLevel", types.SetLevelRequestParams, self._set_level)
        self.log_levels: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
        # Keyed by connection (a session object lives for one request); values keep a session to notify through.
        self.subscriptions: weakref.WeakKeyDictionary[Any, tuple[Any, set[str]]] = weakref.WeakKeyDictionary()

    # -- lists: answered from results built once ---------------------------------------------

    async def _list_tools(self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return self.published.list_tools

    async def _list_resources(self, ctx: ServerRequestContext, params: Any) -> types.ListResourcesResult:
        return self.published.list_resources

    async def _list_templates(self, ctx: ServerRequestContext, params: Any) -> types.ListResourceTemplatesResult:
        return self.published.list_templates

    async def _list_prompts(self, ctx: ServerRequestContext, params: Any) -> types.ListPromptsResult:
        return self.published.list_prompts

    # -- tools/call ----------------------------------------------------------------------------

    async def _call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        runtime = self.runtimes.get(params.name)
        if runtime is None:  # no structuredContent: the client may hold an outputSchema for that name from an older listing
            return error_result(unknown_tool(params.name, list(self.runtimes)), structured=False)
        arguments = params.arguments if params.arguments is not None else {}
        try:
            valid = runtime.fast.is_valid(arguments)
        except UnicodeError:  # a lone surrogate (only an in-process client can send one; the transports replace them)
            arguments = json_safe(arguments, fallback=str)
            valid = runtime.fast.is_valid(arguments)
        if not valid:  # small ones at once, others off the event loop within a budget (budget.py)
            return runtime.failed(await analyse(arguments, functools.partial(self._invalid_arguments, runtime, arguments),
                                                         functools.partial(_unanalysed, runtime.tool)))
        dispatcher = runtime.bound.dispatcher
        if dispatcher is None:
            return runtime.failed(self._failure(runtime, Unavailable(runtime.bound.reason), arguments))
        if runtime.refuses(arguments):  # valid on an open schema, but the handler would raise TypeError
            return runtime.failed(await analyse(arguments, functools.partial(self._invalid_arguments, runtime, arguments),
                                                         functools.partial(_unanalysed, runtime.tool)))
        if runtime.defaults and isinstance(arguments, dict):
            arguments = {**runtime.defaults, **arguments}
        drain = self.drain
        if drain.closing:
            return runtime.failed(refused_envelope(runtime.tool))
        try:
            # A bare CancelScope with a deadline costs a third of anyio.fail_after on this hot path.
            with anyio.CancelScope(deadline=anyio.current_time() + runtime.timeout) as scope:
                drain.active.add(scope)
                try:
                    tool_ctx = ToolContext(runtime.tool, self.lang, ctx, self.log_levels) if dispatcher.wants_ctx else None
                    value = await dispatcher.call(arguments, tool_ctx)
                except anyio.get_cancelled_exc_class():  # (evaluated only on this path)
                    drain.abandoned = True  # a sync handler may still run in its thread: the process must not wait for it
                    raise
                finally:
                    drain.active.discard(scope)
            if scope.cancelled_caught:
                if drain.cancelled:
                    return runtime.failed(cancelled_envelope(runtime.tool, drain.since))
                raise CallTimeout(runtime.timeout)
            result = to_result(value, success_text=runtime.tool.success or self.success_text, blob_uri=f"{runtime.tool.uri}/result")
            if result.is_error:
                raise HandlerReported(result)
            check = runtime.output_check
            if check is not None and (result.structured_content is None or not check(result.structured_content)):
                return self._output_mismatch(runtime, result, arguments)
            return result
        except Exception as exc:
            return runtime.failed(self._failure(runtime, exc, arguments))

    def _invalid_arguments(self, runtime: _ToolRuntime, arguments: Any) -> dict[str, Any]:
        try:
            tool, detailed, fast = runtime.closed if runtime.refuses(arguments) else (runtime.tool, runtime.detailed, runtime.fast)
            return argument_errors(tool, arguments, detailed, fast, runtime.examples)
        except Exception:  # the analysis must never turn a bad call into a protocol error
            _log.exception("could not analyse invalid arguments of %s", runtime.tool.id)
            return _unanalysed(runtime.tool)

    def _failure(self, runtime: _ToolRuntime, exc: Exception, arguments: Any) -> dict[str, Any]:
        """The envelope of a failed call (atdf_mcp.failures, the one place that maps exceptions to envelopes)."""
        return envelope_for(exc, runtime.tool, arguments, timeout=runtime.timeout, fast_validator=runtime.fast)

    def _output_mismatch(self, runtime: _ToolRuntime, result: types.CallToolResult, arguments: Any) -> types.CallToolResult:
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
        published = self.published
        if uri in published.static:
            mime, body = published.static[uri]
            text = body.decode("utf-8") if isinstance(body, bytes) else body
            return types.ReadResourceResult(contents=[types.TextResourceContents(uri=uri, mime_type=mime, text=text)])
        document = published.documents.get(uri)
        if document is not None:
            try:
                return types.ReadResourceResult(contents=[document.read()])
            except OSError as exc:
                raise MCPError(RESOURCE_NOT_FOUND, f"Resource {uri} cannot be read right now", {"uri": uri}) from exc
        for template in published.templates:
            values = template.template.match(uri)
            if values is not None:
                return types.ReadResourceResult(contents=[template.read(uri, {k: str(v) for k, v in values.items()})])
        descriptor = published.descriptor_for(uri)
        if descriptor is not None:
            return types.ReadResourceResult(contents=[types.TextResourceContents(
                uri=uri, mime_type="application/vnd.ardf+json", text=ardf_text(descriptor, indent=2))])
        raise MCPError(RESOURCE_NOT_FOUND, f"Resource not found: {uri}", {"uri": uri})

    async def _subscribe(self, ctx: ServerRequestContext, params: types.SubscribeRequestParams) -> types.EmptyResult:
        self._known_resource(str(params.uri))
        _, uris = self.subscriptions.setdefault(connection_of(ctx.session), (ctx.session, set()))
        uris.add(str(params.uri))
        return types.EmptyResult()

    async def _unsubscribe(self, ctx: ServerRequestContext, params: types.UnsubscribeRequestParams) -> types.EmptyResult:
        _, uris = self.subscriptions.get(connection_of(ctx.session), (None, set()))
        uris.discard(str(params.uri))
        return types.EmptyResult()

    async def notify_resource_updated(self, uri: str) -> int:
        """Send notifications/resources/updated to every session subscribed to `uri`; return how many."""
        sessions = [session for session, uris in list(self.subscriptions.values()) if uri in uris]
        for session in sessions:
            await session.send_resource_updated(uri)
        return len(sessions)

    def _known_resource(self, uri: str) -> None:
        published = self.published
        known = (uri in published.static or uri in published.documents or published.descriptor_for(uri) is not None
                 or any(t.template.match(uri) is not None for t in published.templates))
        if not known:
            raise MCPError(RESOURCE_NOT_FOUND, f"Resource not found: {uri}", {"uri": uri})

    # -- logging and completion ------------------------------------------------------------------

    async def _set_level(self, ctx: ServerRequestContext, params: types.SetLevelRequestParams) -> types.EmptyResult:
        self.log_levels[connection_of(ctx.session)] = params.level
        return types.EmptyResult()

    async def _complete(self, ctx: ServerRequestContext, params: types.CompleteRequestParams) -> types.CompleteResult:
        values = completion_values(self.published, params.ref, params.argument.name, params.argument.value)
        return types.CompleteResult(completion=types.Completion(values=values[:100], total=len(values), has_more=len(values) > 100))

    # -- prompts ---------------------------------------------------------------------------------

    async def _get_prompt(self, ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        descriptor = self.published.prompts.get(params.name)
        if descriptor is None:
            known = ", ".join(sorted(self.published.prompts)) or "none"
            raise MCPError(types.INVALID_PARAMS, f"Unknown prompt {params.name!r}; available prompts: {known}")
        try:
            return render_prompt(descriptor, dict(params.arguments or {}), self.lang, self.published)
        except KeyError as exc:
            raise MCPError(types.INVALID_PARAMS, f"Missing required argument {exc.args[0]!r} for prompt {params.name!r}",
                           {"argument": exc.args[0]}) from None


def _unanalysed(tool: Descriptor) -> dict[str, Any]:
    """The VALIDATION_ERROR of arguments whose analysis failed or ran out of time: the schema to check them against."""
    return envelope([build_entry(Code.VALIDATION_ERROR, "The arguments do not match the tool's input schema.", tool.id,
                                 context={"expected": {"conditions": [], "schema": tool.input_schema},
                                          "solution": "Check each argument against the tool's input schema."})])


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


def connection_of(session: Any) -> Any:
    """The object that lives as long as the client's connection (the SDK makes one session per request)."""
    return getattr(session, "_connection", session)


def _tool_timeout(tool: Descriptor, default: float) -> float:
    value = tool.binding.get("timeout")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 and math.isfinite(value):
        return float(value)
    return default


def build_server(catalog: Catalog, *, lang: str | None = None, timeout: float | None = None) -> Server:
    """A low-level MCP Server publishing the catalogue (tools, resources, prompts)."""
    return CatalogServer(catalog, lang=lang, timeout=timeout).server
