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
from mcp.server.lowlevel.server import NotificationOptions
from mcp.shared.exceptions import MCPError

from . import __version__
from .accepted import callable_names, closed_schema
from .arguments import argument_errors
from .bindings import Bound, bind_catalog
from .budget import analyse
from .catalog import Catalog, Problem
from .context import ToolContext
from .dispatch import Unavailable, UpstreamFailure
from .dispatch.python import HandlerBusy
from .envelope import build_entry, compile_detailed, compile_fast, envelope, new_instance, tool_error_envelope, unknown_tool
from .errors import ToolError
from .jsonsafe import NotSerialisable, json_safe
from .labels import labels_for
from .model import Descriptor
from .notify import ChangeNotifier
from .publish import Published, ardf_text, completion_values, render_prompt
from .redact import catalogue_secrets, redacting
from .results import error_result, output_check, to_result
from .schemas import SCHEMAS
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
        self.timeout_option = timeout  # --timeout, kept for the snapshots a reload swaps in
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
        self.server = _LiveServer(
            catalog.config.name or "atdf-mcp",
            version=catalog.config.version or __version__,
            instructions=catalog.config.description,
            get_tool_input_schema=self._input_schema,
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
        self.notifier = ChangeNotifier(self.server, self.log_levels)  # connected clients, told when a reload changes the lists

    def _input_schema(self, name: str) -> dict[str, Any] | None:
        tool = self.published.tools.get(name)
        return tool.input_schema if tool is not None else None

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
            return runtime.failed(self._unavailable(runtime.tool, runtime.bound.reason))
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
                return runtime.failed(cancelled_envelope(runtime.tool, drain.since) if drain.cancelled else self._timeout(runtime))
            result = to_result(value, success_text=runtime.tool.success or self.success_text, blob_uri=f"{runtime.tool.uri}/result")
            if result.is_error:
                return runtime.failed(self._reported(runtime.tool, result))
            check = runtime.output_check
            if check is not None and (result.structured_content is None or not check(result.structured_content)):
                return self._output_mismatch(runtime, result)
            return result
        except ToolError as exc:
            return runtime.failed(self._tool_error(runtime, arguments, exc))
        except TimeoutError:
            return runtime.failed(self._timeout(runtime))
        except HandlerBusy as exc:
            return runtime.failed(self._busy(runtime, exc))
        except NotSerialisable as exc:
            return runtime.failed(self._not_serialisable(runtime.tool, exc))
        except Unavailable as exc:
            return runtime.failed(self._unavailable(runtime.tool, exc.reason))
        except UpstreamFailure as exc:
            return runtime.failed(exc.envelope)
        except Exception:
            return runtime.failed(self._internal(runtime.tool))

    def _invalid_arguments(self, runtime: _ToolRuntime, arguments: Any) -> dict[str, Any]:
        try:
            tool, detailed, fast = runtime.closed if runtime.refuses(arguments) else (runtime.tool, runtime.detailed, runtime.fast)
            return argument_errors(tool, arguments, detailed, fast, runtime.examples)
        except Exception:  # the analysis must never turn a bad call into a protocol error
            _log.exception("could not analyse invalid arguments of %s", runtime.tool.id)
            return _unanalysed(runtime.tool)

    def _tool_error(self, runtime: _ToolRuntime, arguments: dict[str, Any], exc: ToolError) -> dict[str, Any]:
        if runtime.tool.failure(exc.code) is None and exc.code.upper() not in _BUILTIN_CODES:
            _log.warning("tool %s raised undeclared failure code %s (declare it in outputs.failure)", runtime.tool.id, exc.code)
        return tool_error_envelope(runtime.tool, arguments, code=exc.code, message=exc.message, parameter=exc.parameter,
                                   suggested_value=exc.suggested_value, context=exc.context, fast_validator=runtime.fast)

    def _reported(self, tool: Descriptor, result: types.CallToolResult) -> dict[str, Any]:
        """The envelope of an isError CallToolResult a handler returned itself: its own envelope, or one around its text."""
        own = result.structured_content
        if isinstance(own, dict) and SCHEMAS["error"].is_valid(own):  # passed on like an upstream's: our tool name and instance
            return {**own, "errors": [{**entry, "tool_name": tool.id, "instance": new_instance()} for entry in own["errors"]]}
        text = " ".join(block.text for block in result.content if isinstance(block, types.TextContent)).strip()
        return envelope([build_entry("TOOL_ERROR", text or "The tool reported a failure without saying why.", tool.id,
                                     context={"solution": "Read the detail, correct the call, then retry."}, descriptor=tool)])

    def _output_mismatch(self, runtime: _ToolRuntime, result: types.CallToolResult) -> types.CallToolResult:
        """A success whose result breaks the declared outputSchema, which every SDK client rejects: an OUTPUT_INVALID
        error that still carries what the handler returned, after the envelope."""
        tool = runtime.tool
        if result.structured_content is None:
            why = "returned no structured result, though it declares an output schema"
        else:
            why = f"returned a result that does not match its output schema ({_first_mismatch(tool.output_schema, result.structured_content)})"
        _log.warning("tool %s %s", tool.id, why)
        env = envelope([build_entry("OUTPUT_INVALID", f"The tool {why}; its raw result follows this envelope.", tool.id,
                                    context={"retryable": False, "solution": "Use the raw result with care, or another "
                                             "tool; the server's operator must align the handler with the output schema."},
                                    descriptor=tool)])
        failed = runtime.failed(env)
        return failed.model_copy(update={"content": [*failed.content, *result.content]})

    def _timeout(self, runtime: _ToolRuntime) -> dict[str, Any]:
        seconds = f"{runtime.timeout:g}"
        return envelope([build_entry("TIMEOUT", f"The tool did not finish within {seconds} s and was stopped.", runtime.tool.id,
                                     context={"timeout_seconds": runtime.timeout, "retryable": True,
                                              "solution": "Retry later, or with arguments that ask for less work."},
                                     descriptor=runtime.tool)])

    def _busy(self, runtime: _ToolRuntime, exc: HandlerBusy) -> dict[str, Any]:
        _log.warning("tool %s is busy: %s (earlier calls still run, perhaps stuck past their timeout)", runtime.tool.id, exc)
        return envelope([build_entry("BUSY", f"The tool is busy: its {exc.capacity} worker thread(s) stayed taken by earlier "
                                     f"calls for the whole {runtime.timeout:g} s time limit, so this call was not run.",
                                     runtime.tool.id, title="Tool busy",
                                     context={"retryable": True, "max_threads": exc.capacity,
                                              "solution": "Retry in a little while; the call was not run, so retrying is safe."},
                                     descriptor=runtime.tool)])

    def _not_serialisable(self, tool: Descriptor, exc: NotSerialisable) -> dict[str, Any]:
        _log.warning("tool %s returned a value without a JSON form: %s", tool.id, exc)
        return envelope([build_entry("INTERNAL_ERROR", f"The tool returned a result that cannot be sent as JSON ({exc}).", tool.id,
                                     context={"retryable": False, "solution": "Use another tool; the server's operator must "
                                              "make the handler return JSON values (str, number, bool, None, list, dict)."},
                                     descriptor=tool)])

    def _unavailable(self, tool: Descriptor, reason: str | None) -> dict[str, Any]:
        _log.warning("tool %s is unavailable: %s", tool.id, reason)
        return envelope([build_entry("HANDLER_UNAVAILABLE", f"The tool {tool.id!r} cannot run on this server right now: "
                                     "it has no working handler.", tool.id,
                                     context={"retryable": False, "solution": "Use another tool; the server's operator "
                                              "must bind a handler to this one (see `atdf-mcp validate`)."},
                                     descriptor=tool)])

    def _internal(self, tool: Descriptor) -> dict[str, Any]:
        instance = new_instance()
        _log.exception("tool %s failed unexpectedly [%s]", tool.id, instance)
        return envelope([build_entry("INTERNAL_ERROR", f"The tool failed unexpectedly. The incident was logged as {instance}.",
                                     tool.id, instance=instance,
                                     context={"retryable": False, "solution": "Retry once; if it fails again, report the "
                                              "instance id to the server's operator."}, descriptor=tool)])

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

    # -- live reload -----------------------------------------------------------------------------

    def swap(self, catalog: Catalog) -> None:
        """Serve `catalog` from now on; calls in flight finish on the runtime they started with."""
        published = Published.build(catalog, lang=self.lang)
        default_timeout = self.timeout_option or catalog.config.timeout or DEFAULT_TIMEOUT
        bound, binding_problems = bind_catalog(catalog, default_timeout=default_timeout)
        runtimes = {name: _ToolRuntime(tool, bound[name], _tool_timeout(tool, default_timeout)) for name, tool in published.tools.items()}
        # One reference assignment each; a handler reads each once per request. Callable before listed, and the report
        # before `published`, on which the REST views key their cached bodies.
        self.runtimes = runtimes
        self.problems = (*binding_problems, *published.problems)
        self.catalog = catalog
        self.published = published


_BUILTIN_CODES = {"CLIENT_CAPABILITY_MISSING", "VALIDATION_ERROR", "TOOL_NOT_FOUND", "HANDLER_UNAVAILABLE", "TIMEOUT", "INTERNAL_ERROR",
                  "BUSY",
                  "TOOL_ERROR", "OUTPUT_INVALID",
                  "NOT_FOUND", "CONFLICT", "UNAVAILABLE", "AUTHENTICATION_ERROR", "AUTHORIZATION_ERROR", "RATE_LIMITED"}


def _unanalysed(tool: Descriptor) -> dict[str, Any]:
    """The VALIDATION_ERROR of arguments whose analysis failed or ran out of time: the schema to check them against."""
    return envelope([build_entry("VALIDATION_ERROR", "The arguments do not match the tool's input schema.", tool.id,
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


class _LiveServer(Server):
    """The SDK Server advertising `listChanged` for tools, prompts and resources: a reload announces new lists."""

    def create_initialization_options(self, notification_options: NotificationOptions | None = None, *args: Any, **kwargs: Any) -> Any:
        """The SDK's initialization options, with every list_changed flag set unless the caller passes its own."""
        options = notification_options or NotificationOptions(prompts_changed=True, resources_changed=True, tools_changed=True)
        return super().create_initialization_options(options, *args, **kwargs)


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
