"""Exceptions raised by atdf-mcp.

    AtdfError                 base of everything atdf-mcp raises on purpose
     ├── UsageError           a command was called wrongly (missing path, bad option)
     ├── LoadError            a descriptor source cannot be turned into a catalogue
     ├── ToolError            a handler's declared failure, turned into an ATDF envelope
     └── CallFailure          the server's own failure of one tool call: a code of atdf_mcp.codes, a detail, a context
          ├── CallTimeout         the call ran past its time limit (`seconds`)
          ├── HandlerBusy         every thread slot of a sync tool stayed taken (`capacity`)
          ├── Unavailable         the tool has no working handler (`reason`, for the log)
          ├── OutputInvalid       a success whose result breaks the declared output schema (`why`)
          └── UpstreamRejected    an upstream's own ATDF errors, passed on as entries (`entries`)

Dispatchers raise these; `atdf_mcp.failures.envelope_for` is the one place that turns any exception into an envelope.
"""

from __future__ import annotations

from typing import Any

from .codes import Code
from .l10n import gettext as _

__all__ = ["AtdfError", "CallFailure", "CallTimeout", "HandlerBusy", "LoadError", "OutputInvalid", "ToolError", "Unavailable",
           "UpstreamRejected", "UsageError"]


class AtdfError(Exception):
    """Base class of the errors atdf-mcp raises on purpose."""


class UsageError(AtdfError, ValueError):
    """A command or function was called with arguments it cannot work with."""


class LoadError(AtdfError, ValueError):
    """A descriptor source cannot be read or converted."""


class ToolError(AtdfError):
    """A declared tool failure: raise it from a handler to send an enriched ATDF envelope."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        parameter: str | None = None,
        suggested_value: Any = None,
        context: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.parameter = parameter
        self.suggested_value = suggested_value
        self.context = dict(context or {})

    def __repr__(self) -> str:
        return f"ToolError({self.code!r}, {self.message!r}, parameter={self.parameter!r})"


class CallFailure(AtdfError):
    """The server's own failure of one tool call, as the fields of one envelope entry.

    `title` None takes the descriptor's declared description when it declares the code, else the code's row title.
    `warning`, when set, is logged (after the tool's name) as the envelope is built.
    """

    def __init__(
        self,
        code: str,
        detail: str,
        *,
        title: str | None = None,
        parameter: str | None = None,
        context: dict[str, Any] | None = None,
        warning: str | None = None,
        suggested_value: Any = None,
    ) -> None:
        super().__init__(detail)
        self.suggested_value = suggested_value  # of `parameter`, when the failure knows a value that would pass
        self.code = code
        self.detail = detail
        self.title = title
        self.parameter = parameter
        self.context = context or {}
        self.warning = warning

    def describe(self, tool_id: str, timeout: float) -> str:
        """The detail for the caller of `tool_id` (a call limited to `timeout` seconds)."""
        return self.detail

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.code)!r}, {self.detail!r})"


class CallTimeout(CallFailure):
    """The call did not finish within its time limit and was stopped."""

    def __init__(self, seconds: float, *, silent: bool = False, cap: bool = False) -> None:
        if cap:  # --max-call-seconds: however much progress it reported
            detail = _("The tool was still running after {seconds} s, the server's limit on any call, and was stopped.")
        elif silent:  # it reported progress, then nothing for its time limit
            detail = _("The tool reported no progress for {seconds} s, its time limit, and was stopped.")
        else:
            detail = _("The tool did not finish within {seconds} s and was stopped.")
        super().__init__(Code.TIMEOUT, detail.format(seconds=f"{seconds:g}"), context={
            "timeout_seconds": seconds, "retryable": True, "solution": _("Retry later, or with arguments that ask for less work.")})
        self.seconds = seconds


class HandlerBusy(CallFailure):
    """Every thread slot of a sync tool stayed taken until the call's deadline (its earlier calls are still running)."""

    def __init__(self, capacity: int) -> None:
        super().__init__(Code.BUSY, f"all {capacity} thread slot(s) of the tool are in use", title=_("Tool busy"),
                         context={"retryable": True, "max_threads": capacity,
                                  "solution": _("Retry in a little while; the call was not run, so retrying is safe.")},
                         warning=f"is busy: all {capacity} thread slot(s) of the tool are in use "
                                 "(earlier calls still run, perhaps stuck past their timeout)")
        self.capacity = capacity

    def describe(self, tool_id: str, timeout: float) -> str:
        return _("The tool is busy: its {capacity} worker thread(s) stayed taken by earlier calls for the whole {seconds} s time "
                 "limit, so this call was not run.").format(capacity=self.capacity, seconds=f"{timeout:g}")


class Unavailable(CallFailure):
    """The tool cannot run: no binding, or a binding that failed to load (the reason is in `reason`)."""

    def __init__(self, reason: str | None) -> None:
        super().__init__(Code.HANDLER_UNAVAILABLE, _("The tool cannot run on this server right now: it has no working handler."),
                         context={"retryable": False, "solution": _("Use another tool; the server's operator must bind a "
                                                                    "handler to this one (see `atdf-mcp validate`).")},
                         warning=f"is unavailable: {reason}")
        self.reason = reason

    def describe(self, tool_id: str, timeout: float) -> str:
        return _("The tool {tool} cannot run on this server right now: it has no working handler.").format(tool=repr(tool_id))


class OutputInvalid(CallFailure):
    """A success whose result breaks the tool's declared output schema (`why` says how)."""

    def __init__(self, why: str) -> None:
        super().__init__(Code.OUTPUT_INVALID, _("The tool {why}; its raw result follows this envelope.").format(why=why),
                         context={"retryable": False, "solution": _("Use the raw result with care, or another tool; the "
                                                                    "server's operator must align the handler with the output schema.")},
                         warning=why)
        self.why = why


class UpstreamRejected(CallFailure):
    """An upstream service answered with its own ATDF errors: passed on as finished entries (ours in tool and instance)."""

    def __init__(self, entries: list[dict[str, Any]]) -> None:
        first = entries[0]
        super().__init__(first["code"], first["detail"], title=first["title"], parameter=first["parameter_name"],
                         context=first["context"])
        self.entries = entries
