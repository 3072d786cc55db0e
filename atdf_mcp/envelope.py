"""The ATDF error envelope: one builder for every failure, and its enriched twin.

    >>> env = envelope([build_entry(Code.TIMEOUT, "The tool did not finish within 30 s.", "search_hotels")])
    >>> enriched(env)["data"]["code"]
    'TIMEOUT'

Every failure of the server (argument errors, ToolError, unknown tool, timeout, internal error, HTTP upstream
failures, REST errors) is built with `build_entry` + `envelope`, so every envelope has the same shape and validates
against the bundled error schema and upstream's `error_atdf.json` (DESIGN decision 10). `enriched` turns the same
envelope into upstream's other form, `enriched_response_schema.json` (`status/data/meta`). One JSON object cannot be
both: `error_atdf.json` forbids a root `data` key that the enriched schema requires, so an error result carries the
envelope first and its enriched form next to it.
"""

from __future__ import annotations

import copy
import datetime as dt
import functools
import json
import re
import uuid
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from .codes import Code, kebab, title_of
from .l10n import N_
from .l10n import gettext as _
from .model import Descriptor
from .name_words import meant_first
from .patterns import PATTERN_OPTIONS, bounded_validator
from .suggest import MISSING, close_names, coerce, schema_at, set_at

if TYPE_CHECKING:
    import jsonschema

__all__ = [
    "build_entry",
    "compile_detailed",
    "compile_fast",
    "enriched",
    "enriched_text",
    "envelope",
    "envelope_text",
    "new_instance",
    "suggested_string",
    "tool_error_envelope",
    "unknown_tool",
]

# Formats as jsonschema-rs checks them (jsonschema's own checks are laxer: any "a@b" is an e-mail to it), so that the
# analysis of a failed call finds every problem the fast validator refused.
_RS_FORMATS = ("date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
               "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex")


@functools.cache
def _format_checker() -> jsonschema.FormatChecker:
    import jsonschema

    checker = jsonschema.FormatChecker()
    for name in _RS_FORMATS:
        validator = jsonschema_rs.validator_for({"type": "string", "format": name}, validate_formats=True)
        checker.checks(name)(lambda value, _valid=validator.is_valid: not isinstance(value, str) or _valid(value))
    return checker




def new_instance() -> str:
    """A unique id for one error occurrence (also printed on stderr next to any traceback)."""
    return f"urn:uuid:{uuid.uuid4()}"


def suggested_string(value: Any) -> str | None:
    """The string form the envelope's `suggested_value` must take (strings as is, others as JSON)."""
    if value is MISSING or value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def build_entry(
    code: str,
    detail: str,
    tool_name: str,
    *,
    title: str | None = None,
    parameter: str | None = None,
    suggested_value: Any = MISSING,
    context: dict[str, Any] | None = None,
    descriptor: Descriptor | None = None,
    instance: str | None = None,
) -> dict[str, Any]:
    """One `errors[]` entry; a code the descriptor declares takes its description as title."""
    declared = descriptor.failure(code) if descriptor is not None else None
    if declared is not None:
        code = declared.code
        title = title or declared.description or code
        if suggested_value is MISSING and declared.suggested_value is not None:
            suggested_value = declared.suggested_value
        context = {**declared.context, **(context or {})}
    return {
        "type": f"urn:atdf:error:{kebab(code)}",
        "title": title or _(title_of(code) or N_("Error")),
        "detail": detail or title or code or _("The call failed."),
        "instance": instance or new_instance(),
        "tool_name": tool_name or "server",
        "parameter_name": parameter,
        "suggested_value": suggested_string(suggested_value),
        "code": code,
        "context": context or {},
    }


def envelope(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The ATDF envelope around one or more error entries."""
    return {
        "status": "error",
        "errors": entries,
        "meta": {"timestamp": dt.datetime.now(dt.UTC).isoformat().replace("+00:00", "Z")},
    }


def envelope_text(env: dict[str, Any]) -> str:
    """The envelope as compact JSON text (what clients that drop structuredContent still see)."""
    return json.dumps(env, ensure_ascii=False, default=str)


# ---------------------------------------------------------------------------------------------
# The enriched form (upstream enriched_response_schema.json, the ATDF README's error template)


def enriched(env: dict[str, Any]) -> dict[str, Any]:
    """The envelope in the enriched form: `{status, data: {code, message, details: {field, received, expected,
    solution}}, meta: {timestamp}}`, from its first error; the other errors are listed in `details.errors`."""
    first, *others = env["errors"]
    details = _details(first)
    if others:
        details["errors"] = [{"field": e.get("parameter_name") or "", "code": _upper_code(e["code"]), "message": e["detail"],
                              **({"suggested_value": e["suggested_value"]} if e.get("suggested_value") is not None else {})}
                             for e in others]
    return {
        "status": "error",
        "data": {"code": _upper_code(first.get("code") or Code.ERROR), "message": first["detail"], "details": details},
        "meta": {"timestamp": env.get("meta", {}).get("timestamp") or dt.datetime.now(dt.UTC).isoformat().replace("+00:00", "Z"),
                 "tool_name": first["tool_name"], "instance": first["instance"], "title": first["title"]},
    }


def enriched_text(env: dict[str, Any]) -> str:
    """The enriched form of the envelope as compact JSON text."""
    return json.dumps(enriched(env), ensure_ascii=False, default=str)


def _details(entry: dict[str, Any]) -> dict[str, Any]:
    context = entry.get("context") or {}
    field = entry.get("parameter_name") or ""
    expected = context.get("expected") if isinstance(context.get("expected"), dict) else {}
    conditions = expected.get("conditions")
    details: dict[str, Any] = {
        "field": field,
        "received": _as_object(context.get("received", MISSING), field),
        "expected": {"conditions": [str(c) for c in conditions] if isinstance(conditions, list) else []},
        "solution": str(context.get("solution") or entry["detail"]),
    }
    if entry.get("suggested_value") is not None:
        details["suggested_value"] = entry["suggested_value"]
    if isinstance(context.get("suggested_arguments"), dict):
        details["suggested_arguments"] = context["suggested_arguments"]
    return details


def _as_object(received: Any, field: str) -> dict[str, Any]:
    """`received` as the object the enriched schema requires: as is, or under the field's name."""
    if isinstance(received, dict):
        return received
    if received is MISSING:
        return {}
    return {field or "value": received}


@functools.lru_cache(maxsize=1024)
def _upper_code(code: str) -> str:
    """A code in the enriched form's alphabet, `^[A-Z_]+$` (invalid_depth → INVALID_DEPTH; digits become words)."""
    spelled = re.sub(r"\d", lambda m: "_" + _DIGITS[int(m.group())] + "_", code.upper())
    return re.sub(r"_+", "_", re.sub(r"[^A-Z_]", "_", spelled)).strip("_") or Code.ERROR


_DIGITS = ("ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")


# ---------------------------------------------------------------------------------------------
# Envelopes of whole failures


def unknown_tool(name: str, known: list[str], *, find: str = N_("Call tools/list and use one of the listed tool names."),
                 arguments: dict[str, Any] | None = None, expected: str = N_("a tool name from tools/list")) -> dict[str, Any]:
    """The envelope for a call to a tool the catalogue does not hold; `find` (an English text the catalogues hold) says how
    to find a name when none is close, `expected` where the names are. `arguments` are those of a meta-tool call whose
    `name` this is: with a close name, they come back as suggested_arguments with it."""
    close = close_names(name, known)
    if not close:
        lowered = {k.lower(): k for k in known}
        close = [lowered[m] for m in close_names(name.lower(), list(lowered))]
    close = meant_first(name, known, close)  # nordic.orders.fetch: fetch_nordic_orders, not the closer spelling nordic.badges.fetch
    suggestion = close[0] if close else MISSING
    solution = _("Call {tool} instead.").format(tool=repr(suggestion)) if close else _(find)
    context: dict[str, Any] = {"received": {"name": name}, "expected": {"conditions": [_(expected)]},
                               "solution": solution, "similar_tools": close}
    if len(known) <= 50:
        context["available_tools"] = sorted(known)
    if arguments is not None and close:
        context["suggested_arguments"] = {**arguments, "name": suggestion}
    detail = _("No tool named {name} is published by this server.").format(name=repr(name))
    return envelope([build_entry(Code.TOOL_NOT_FOUND, detail, name or "server",
                                 parameter="name", suggested_value=suggestion, context=context)])


def tool_error_envelope(
    tool: Descriptor,
    arguments: dict[str, Any],
    *,
    code: str,
    message: str,
    parameter: str | None,
    suggested_value: Any,
    context: dict[str, Any],
    fast_validator: Any,
) -> dict[str, Any]:
    """The envelope of a handler's ToolError, with the suggested value applied to the arguments."""
    ctx = dict(context)
    given = ctx.get("suggested_arguments")
    if given is not None and (fast_validator is not None and not fast_validator.is_valid(given)):
        ctx.pop("suggested_arguments")  # a handler's own correction is kept only when it validates
    if parameter is not None and suggested_value is not None:
        path = parameter.split(".")
        prop = schema_at(tool.input_schema or {}, path)
        typed = suggested_value
        if isinstance(suggested_value, str) and prop is not None:
            converted = coerce(suggested_value, prop)
            typed = suggested_value if converted is MISSING else converted
        fixed = copy.deepcopy(arguments)
        if set_at(fixed, path, typed) and (fast_validator is None or fast_validator.is_valid(fixed)):
            ctx.setdefault("suggested_arguments", fixed)
        ctx.setdefault("solution", _("Retry with {parameter} = {value}.").format(parameter=parameter, value=suggested_string(typed)))
    suggestion = MISSING if suggested_value is None else suggested_value
    return envelope([build_entry(code, message, tool.id, parameter=parameter, suggested_value=suggestion,
                                 context=ctx, descriptor=tool)])


# ---------------------------------------------------------------------------------------------
# Validators


def compile_detailed(schema: dict[str, Any]) -> Any:
    """A jsonschema validator (with format checks) for the detailed analysis of a failed call."""
    import jsonschema  # the first wrong call imports it: a start that answers tools/list never needs it

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return bounded_validator(cls)(schema, format_checker=_format_checker())


def compile_fast(schema: dict[str, Any]) -> Any:
    """A compiled jsonschema-rs validator deciding valid/invalid in microseconds (patterns in bounded time)."""
    return jsonschema_rs.validator_for(schema, validate_formats=True, pattern_options=PATTERN_OPTIONS)
