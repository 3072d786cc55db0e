"""One function turns any exception of a tool call into the ATDF envelope its caller receives.

    try:
        value = await dispatcher.call(arguments, ctx)
    except Exception as exc:
        return runtime.failed(envelope_for(exc, tool, arguments, timeout=30.0, fast_validator=fast))

What each exception becomes:
- `ToolError` (a handler's declared failure): its code, its parameter's suggested value applied to the arguments;
- `CallFailure` and its kinds (atdf_mcp.errors): the server's own failures, one entry from their fields;
- `HandlerReported`: an `isError` result the handler returned itself: its own envelope (structured, or as its first
  text block), or TOOL_ERROR around its text;
- `TimeoutError` raised by the handler: TIMEOUT, as if the call's own limit had passed;
- `NotSerialisable`: INTERNAL_ERROR naming the value that has no JSON form;
- anything else: INTERNAL_ERROR with a generic detail and an instance id; the traceback goes to stderr under that id.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from .codes import CALL_CODES, Code
from .envelope import build_entry, envelope, new_instance, tool_error_envelope
from .errors import CallFailure, CallTimeout, ToolError, UpstreamRejected
from .jsonsafe import NotSerialisable
from .l10n import gettext as _
from .model import Descriptor
from .schemas import SCHEMAS
from .suggest import MISSING

__all__ = ["HandlerReported", "envelope_for"]

_log = logging.getLogger("atdf_mcp.server")


class HandlerReported(Exception):
    """A handler returned an `isError` result itself (`result` is that CallToolResult)."""

    def __init__(self, result: Any) -> None:
        super().__init__("the handler returned an error result")
        self.result = result


def envelope_for(exc: BaseException, tool: Descriptor, arguments: Any, *, timeout: float, fast_validator: Any = None) -> dict[str, Any]:
    """The envelope a failed call of `tool` answers for `exc` (a call limited to `timeout` seconds)."""
    if isinstance(exc, ToolError):
        return _declared(exc, tool, arguments, fast_validator)
    if isinstance(exc, UpstreamRejected):
        return envelope(exc.entries)
    if isinstance(exc, CallFailure):
        if exc.warning:
            _log.warning("tool %s %s", tool.id, exc.warning)
        value = exc.suggested_value if exc.suggested_value is not None else MISSING
        return envelope([build_entry(exc.code, exc.describe(tool.id, timeout), tool.id, title=exc.title, parameter=exc.parameter,
                                     suggested_value=value, context=exc.context, descriptor=tool)])
    if isinstance(exc, HandlerReported):
        return _reported(tool, exc.result)
    if isinstance(exc, TimeoutError):
        return envelope_for(CallTimeout(timeout), tool, arguments, timeout=timeout)
    if isinstance(exc, NotSerialisable):
        _log.warning("tool %s returned a value without a JSON form: %s", tool.id, exc)
        return envelope([build_entry(Code.INTERNAL_ERROR, _("The tool returned a result that cannot be sent as JSON ({why}).").format(why=exc),
                                     tool.id, context={"retryable": False, "solution": _(
                                         "Use another tool; the server's operator must make the handler return JSON values "
                                         "(str, number, bool, None, list, dict).")},
                                     descriptor=tool)])
    return _internal(exc, tool)


def _declared(exc: ToolError, tool: Descriptor, arguments: Any, fast_validator: Any) -> dict[str, Any]:
    """A handler's ToolError, with its suggested value applied to the arguments."""
    if tool.failure(exc.code) is None and exc.code.upper() not in CALL_CODES:
        _log.warning("tool %s raised undeclared failure code %s (declare it in outputs.failure)", tool.id, exc.code)
    return tool_error_envelope(tool, arguments, code=exc.code, message=exc.message, parameter=exc.parameter,
                               suggested_value=exc.suggested_value, context=exc.context, fast_validator=fast_validator)


def _reported(tool: Descriptor, result: Any) -> dict[str, Any]:
    """An isError result a handler returned: its own envelope (our tool name and instance), or one around its text."""
    own = result.structured_content
    if not (isinstance(own, dict) and SCHEMAS["error"].is_valid(own)):
        own = _text_envelope(result)  # where this server itself puts an envelope: the first text block
    if own is not None:  # passed on like an upstream's
        return {**own, "errors": [{**entry, "tool_name": tool.id, "instance": new_instance()} for entry in own["errors"]]}
    text = " ".join(block.text for block in result.content if getattr(block, "type", None) == "text").strip()
    return envelope([build_entry(Code.TOOL_ERROR, text or _("The tool reported a failure without saying why."), tool.id,
                                 context={"solution": _("Read the detail, correct the call, then retry.")}, descriptor=tool)])


def _text_envelope(result: Any) -> dict[str, Any] | None:
    """The ATDF envelope an error result's first block holds as JSON text (valid against the error schema), or None."""
    first = result.content[0] if result.content else None
    text = getattr(first, "text", None) if getattr(first, "type", None) == "text" else None
    if not isinstance(text, str) or not text.lstrip().startswith("{"):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) and SCHEMAS["error"].is_valid(value) else None


def _internal(exc: BaseException, tool: Descriptor) -> dict[str, Any]:
    """An unexpected exception: nothing of it on the wire but an instance id; its traceback on stderr under that id."""
    instance = new_instance()
    _log.error("tool %s failed unexpectedly [%s]", tool.id, instance, exc_info=exc)
    detail = _("The tool failed unexpectedly. The incident was logged as {instance}.").format(instance=instance)
    return envelope([build_entry(Code.INTERNAL_ERROR, detail, tool.id, instance=instance,
                                 context={"retryable": False, "solution": _("Retry once; if it fails again, report the "
                                                                            "instance id to the server's operator.")}, descriptor=tool)])
