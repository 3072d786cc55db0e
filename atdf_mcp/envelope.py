"""Enriched ATDF error envelopes: which parameter, what was expected, a suggestion, corrected arguments.

    >>> env = argument_errors(tool, {"diameter": "5"}, validator)
    >>> env["errors"][0]["context"]["suggested_arguments"]
    {'diameter': 5, ...}

Every tool-call failure goes through `build_entry` + `envelope`, so every envelope has the same shape
and validates against the bundled error schema (DESIGN decision 10).
"""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import difflib
import json
import re
import uuid
from typing import Any

import jsonschema
import jsonschema_rs

from .model import Descriptor
from .suggest import MISSING, coerce, format_example, nearest, suggest_for_format

__all__ = [
    "argument_errors",
    "build_entry",
    "envelope",
    "envelope_text",
    "new_instance",
    "suggested_string",
    "tool_error_envelope",
    "unknown_tool",
]

_FORMAT_CHECKER = jsonschema.FormatChecker()

_TITLES = {
    "VALIDATION_ERROR": "Invalid arguments",
    "TOOL_NOT_FOUND": "Unknown tool",
    "HANDLER_UNAVAILABLE": "Tool unavailable",
    "TIMEOUT": "Tool timed out",
    "INTERNAL_ERROR": "Internal error",
    "CONFIGURATION_ERROR": "Tool misconfigured",
}


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
    kebab = code.lower().replace("_", "-")
    return {
        "type": f"urn:atdf:error:{kebab}",
        "title": title or _TITLES.get(code, code.replace("_", " ").capitalize()),
        "detail": detail or title or code,
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


def unknown_tool(name: str, known: list[str]) -> dict[str, Any]:
    """The envelope for a call to a tool the catalogue does not hold."""
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    if not close:
        lowered = {k.lower(): k for k in known}
        close = [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=3, cutoff=0.5)]
    suggestion = close[0] if close else MISSING
    solution = (f"Call {suggestion!r} instead." if close else "Call tools/list and use one of the listed tool names.")
    context: dict[str, Any] = {"solution": solution, "similar_tools": close}
    if len(known) <= 50:
        context["available_tools"] = sorted(known)
    return envelope([build_entry("TOOL_NOT_FOUND", f"No tool named {name!r} is published by this server.", name,
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
        prop = _property_schema(tool.input_schema or {}, parameter.split("."))
        typed = suggested_value
        if isinstance(suggested_value, str) and prop is not None:
            converted = coerce(suggested_value, prop)
            typed = suggested_value if converted is MISSING else converted
        fixed = copy.deepcopy(arguments)
        _set_path(fixed, parameter.split("."), typed)
        if fast_validator is None or fast_validator.is_valid(fixed):
            ctx.setdefault("suggested_arguments", fixed)
        ctx.setdefault("solution", f"Retry with {parameter} = {suggested_string(typed)}.")
    suggestion = MISSING if suggested_value is None else suggested_value
    return envelope([build_entry(code, message, tool.id, parameter=parameter, suggested_value=suggestion,
                                 context=ctx, descriptor=tool)])


# ---------------------------------------------------------------------------------------------
# Argument validation failures


def argument_errors(tool: Descriptor, arguments: Any, detailed: Any, fast: Any, examples: list[dict[str, Any]]) -> dict[str, Any]:
    """The envelope for arguments that failed the tool's input schema: every violation, one entry each."""
    schema = tool.input_schema or {"type": "object"}
    if not isinstance(arguments, dict):
        entry = build_entry("VALIDATION_ERROR", "Arguments must be a JSON object of named inputs.", tool.id,
                            title="Invalid arguments", context={"received": arguments, "solution": "Send the arguments as an object."})
        return envelope([entry])
    fixed = copy.deepcopy(arguments)
    findings: list[tuple[jsonschema.ValidationError, str | None, Any, list[str]]] = []
    ordered = sorted(_leaf_errors(detailed.iter_errors(arguments)), key=lambda e: e.validator != "additionalProperties")
    for error in ordered:  # renames first, so a renamed argument fills its missing twin
        parameter, value = _fix(error, schema, fixed, examples, tool)
        findings.append((error, parameter, value, _conditions(error, schema)))
    suggested_ok = fast.is_valid(fixed)
    entries = []
    for error, parameter, value, conditions in findings:
        code, title = _code_for(tool, parameter, error)
        context: dict[str, Any] = {
            "received": _received(error, arguments),
            "expected": {"conditions": conditions},
            "validation_keyword": error.validator,
            "solution": _solution(error, parameter, value),
        }
        if suggested_ok:
            context["suggested_arguments"] = fixed
        entries.append(build_entry(code, _detail(error, parameter), tool.id, title=title, parameter=parameter,
                                   suggested_value=value, context=context, descriptor=tool))
    if not entries:  # the fast and detailed validators disagree (a format nuance): still say something useful
        entries.append(build_entry("VALIDATION_ERROR", "The arguments do not match the tool's input schema.", tool.id,
                                   context={"expected": {"schema": schema}, "solution": "Check each argument against the input schema."}))
    return envelope(entries)


def compile_detailed(schema: dict[str, Any]) -> Any:
    """A jsonschema validator (with format checks) for the detailed analysis of a failed call."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, format_checker=_FORMAT_CHECKER)


def compile_fast(schema: dict[str, Any]) -> Any:
    """A compiled jsonschema-rs validator deciding valid/invalid in microseconds."""
    return jsonschema_rs.validator_for(schema, validate_formats=True)


def _leaf_errors(errors: Any) -> list[jsonschema.ValidationError]:
    out = []
    for error in errors:
        if error.validator in ("anyOf", "oneOf") and error.context:
            best = jsonschema.exceptions.best_match(error.context)
            out.append(best if best is not None else error)
        else:
            out.append(error)
    return sorted(out, key=lambda e: [str(p) for p in e.absolute_path])


def _dotted(path: list[Any]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _property_schema(schema: dict[str, Any], path: list[Any]) -> dict[str, Any] | None:
    node: Any = schema
    for part in path:
        if not isinstance(node, dict):
            return None
        if isinstance(part, int) or (isinstance(part, str) and part.isdigit() and "items" in node):
            node = node.get("items")
        else:
            node = (node.get("properties") or {}).get(part)
    return node if isinstance(node, dict) else None


def _set_path(target: Any, path: list[Any], value: Any) -> None:
    node = target
    for part in path[:-1]:
        key = int(part) if isinstance(node, list) and str(part).isdigit() else part
        node = node[key]
    last = path[-1]
    if isinstance(node, list) and str(last).isdigit():
        node[int(last)] = value
    elif isinstance(node, dict):
        node[last] = value


def _example_value(name: str, examples: list[dict[str, Any]]) -> Any:
    for example in examples:
        if isinstance(example, dict) and name in example:
            return example[name]
    return MISSING


def _fix(error: jsonschema.ValidationError, schema: dict[str, Any], fixed: dict[str, Any],
         examples: list[dict[str, Any]], tool: Descriptor) -> tuple[str | None, Any]:
    """Apply the best fix for one violation to `fixed`; return (parameter name, suggested value)."""
    path = list(error.absolute_path)
    keyword = error.validator
    if keyword == "required":
        missing = error.message.split("'")[1] if "'" in error.message else str(error.validator_value[0])
        prop = _property_schema(schema, [*path, missing]) or {}
        container = _get(fixed, path)
        if isinstance(container, dict) and missing in container:  # already filled by a rename
            return _dotted([*path, missing]), container[missing]
        value = prop.get("default", MISSING)
        if value is MISSING and not path:
            value = _example_value(missing, examples)
        if value is MISSING and prop.get("enum"):
            value = prop["enum"][0]
        if value is MISSING and prop.get("format"):
            value = format_example(prop["format"])
        if value is not MISSING:
            _try_set(fixed, [*path, missing], value)
        return _dotted([*path, missing]), value
    if keyword == "additionalProperties":
        allowed = list((_property_schema(schema, path) if path else schema).get("properties", {}) or {})
        container = _get(fixed, path)
        unexpected = [k for k in (error.instance or {}) if k not in allowed]
        value: Any = MISSING
        for key in unexpected:
            target = nearest(key, [a for a in allowed if not isinstance(container, dict) or a not in container])
            if isinstance(container, dict) and key in container:
                moved = container.pop(key)
                if target is not MISSING:
                    container[target] = moved
                    value = target
        return _dotted([*path, unexpected[0]]) if unexpected else _dotted(path) or None, value
    prop = error.schema if isinstance(error.schema, dict) else {}
    value = _suggest_value(keyword, error, prop, examples, path)
    value = _refine(value, _property_schema(schema, path) if path else None, examples, path)
    if value is not MISSING and path:
        _try_set(fixed, path, value)
    return _dotted(path) or None, value


_PROPERTY_VALIDATORS: dict[int, tuple[dict[str, Any], Any]] = {}


def _property_validator(prop: dict[str, Any]) -> Any:
    """A detailed validator per property schema, compiled once (schemas live as long as their snapshot)."""
    cached = _PROPERTY_VALIDATORS.get(id(prop))
    if cached is None or cached[0] is not prop:
        if len(_PROPERTY_VALIDATORS) > 10_000:
            _PROPERTY_VALIDATORS.clear()
        cached = (prop, compile_detailed(prop))
        _PROPERTY_VALIDATORS[id(prop)] = cached
    return cached[1]


def _refine(value: Any, prop: dict[str, Any] | None, examples: list[dict[str, Any]], path: list[Any]) -> Any:
    """Re-check a suggestion against the whole property schema ("9" → 9 → clamped to 5)."""
    if value is MISSING or prop is None:
        return value
    validator = _property_validator(prop)
    for _ in range(4):
        error = next(iter(validator.iter_errors(value)), None)
        if error is None:
            return value
        better = _suggest_value(error.validator, error, error.schema if isinstance(error.schema, dict) else {}, examples, path)
        if better is MISSING or better == value:
            return MISSING
        value = better
    return value if validator.is_valid(value) else MISSING


def _suggest_value(keyword: str, error: jsonschema.ValidationError, prop: dict[str, Any],
                   examples: list[dict[str, Any]], path: list[Any]) -> Any:
    received = error.instance
    if keyword == "type":
        return coerce(received, prop)
    if keyword == "enum":
        return nearest(received, list(error.validator_value))
    if keyword == "const":
        return error.validator_value
    if keyword in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        bound = error.validator_value
        step = 1 if prop.get("type") == "integer" or isinstance(bound, int) else 0.01
        if keyword == "exclusiveMinimum":
            bound = bound + step
        elif keyword == "exclusiveMaximum":
            bound = bound - step
        return bound
    if keyword == "multipleOf" and isinstance(received, (int, float)):
        return round(received / error.validator_value) * error.validator_value
    if keyword == "maxLength" and isinstance(received, str):
        return received[: error.validator_value]
    if keyword == "minLength" and isinstance(received, str):
        example = _example_value(str(path[-1]), examples) if path else MISSING
        if isinstance(example, str) and len(example) >= error.validator_value:
            return example
        return received + (received[-1:] or "x") * (error.validator_value - len(received))
    if keyword == "maxItems" and isinstance(received, list):
        return received[: error.validator_value]
    if keyword == "uniqueItems" and isinstance(received, list):
        unique: list[Any] = []
        for item in received:
            if item not in unique:
                unique.append(item)
        return unique
    if keyword == "format":
        return suggest_for_format(received, error.validator_value)
    if keyword == "pattern" and isinstance(received, str):
        return _pattern_fix(received, str(error.validator_value))
    return MISSING


def _pattern_fix(value: str, pattern: str) -> Any:
    """The caller's value with its case or spacing fixed, when that makes it match; never a different value."""
    try:
        regex = re.compile(pattern)
    except re.error:
        return MISSING
    stripped = value.strip()
    compact = re.sub(r"\s+", "", value)
    for candidate in (stripped, stripped.upper(), stripped.lower(), compact, compact.upper(), compact.lower()):
        if regex.search(candidate):
            return candidate
    return MISSING


def _get(target: Any, path: list[Any]) -> Any:
    node = target
    for part in path:
        try:
            node = node[int(part)] if isinstance(node, list) else node[part]
        except (KeyError, IndexError, TypeError, ValueError):
            return None
    return node


def _try_set(target: Any, path: list[Any], value: Any) -> None:
    with contextlib.suppress(KeyError, IndexError, TypeError, ValueError):
        _set_path(target, path, value)


def _conditions(error: jsonschema.ValidationError, schema: dict[str, Any]) -> list[str]:
    path = list(error.absolute_path)
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else ""
        prop = _property_schema(schema, [*path, missing]) or {}
        return ["required", *_describe(prop)]
    if error.validator == "additionalProperties":
        node = _property_schema(schema, path) if path else schema
        return ["allowed properties: " + ", ".join((node or {}).get("properties", {}) or {})]
    prop = _property_schema(schema, path) if path else None
    return _describe(prop if prop is not None else (error.schema if isinstance(error.schema, dict) else {}))


def _describe(prop: dict[str, Any]) -> list[str]:
    out = []
    if "type" in prop:
        out.append(f"type: {prop['type'] if isinstance(prop['type'], str) else ' or '.join(prop['type'])}")
    if "enum" in prop:
        out.append("one of: " + ", ".join(json.dumps(v, ensure_ascii=False) for v in prop["enum"]))
    for key, label in (("minimum", ">="), ("exclusiveMinimum", ">"), ("maximum", "<="), ("exclusiveMaximum", "<"),
                       ("minLength", "length >="), ("maxLength", "length <="), ("minItems", "items >="),
                       ("maxItems", "items <="), ("multipleOf", "multiple of")):
        if key in prop:
            out.append(f"{label} {prop[key]}")
    if "format" in prop:
        out.append(f"format: {prop['format']}")
    if "pattern" in prop:
        out.append(f"matches pattern: {prop['pattern']}")
    if "const" in prop:
        out.append(f"equals: {json.dumps(prop['const'])}")
    return out


def _received(error: jsonschema.ValidationError, arguments: dict[str, Any]) -> Any:
    if error.validator == "required":
        return None
    return error.instance


def _detail(error: jsonschema.ValidationError, parameter: str | None) -> str:
    keyword = error.validator
    if keyword == "required":
        return f"The required argument {parameter!r} is missing."
    if keyword == "additionalProperties":
        return f"The tool has no argument {parameter!r}."
    received = json.dumps(error.instance, ensure_ascii=False, default=str)
    if len(received) > 80:
        received = received[:77] + "..."
    expectation = _expectation(keyword, error.validator_value)
    if expectation is None:
        return f"Argument {parameter or '(arguments)'!r}: {error.message}"
    return f"Argument {parameter!r} {expectation} (received {received})."


def _expectation(keyword: str, bound: Any) -> str | None:
    if keyword == "enum" and isinstance(bound, list):
        return "must be one of " + ", ".join(json.dumps(v, ensure_ascii=False) for v in bound)[:200]
    templates = {
        "type": "must be of type {}", "minimum": "must be >= {}", "maximum": "must be <= {}",
        "exclusiveMinimum": "must be > {}", "exclusiveMaximum": "must be < {}",
        "minLength": "must be at least {} characters long", "maxLength": "must be at most {} characters long",
        "format": "must be a valid {}", "pattern": "must match the pattern {}",
    }
    return templates[keyword].format(bound) if keyword in templates else None


def _solution(error: jsonschema.ValidationError, parameter: str | None, value: Any) -> str:
    if error.validator == "additionalProperties":
        if value is not MISSING:
            return f"Rename the argument to {value!r}."
        return f"Remove the argument {parameter!r}."
    if value is MISSING:
        if error.validator == "required":
            return f"Add the argument {parameter!r}."
        return f"Change {parameter!r} so that it meets the expected conditions."
    return f"Set {parameter!r} to {json.dumps(value, ensure_ascii=False, default=str)}."


def _code_for(tool: Descriptor, parameter: str | None, error: jsonschema.ValidationError) -> tuple[str, str | None]:
    """A declared failure whose code names the parameter (invalid_diameter ↔ diameter), else VALIDATION_ERROR."""
    if parameter:
        root = parameter.split(".")[0].split("[")[0].lower()
        words = [w for w in re.split(r"[_\W]+", root) if w]
        for failure in tool.failures:
            tokens = [t for t in re.split(r"[_\W]+", failure.code.lower()) if t]
            # whole tokens only: invalid_diameter ↔ diameter, invalid_check_in ↔ check_in; never room ↔ NO_ROOMS
            if words and any(tokens[i:i + len(words)] == words for i in range(len(tokens))):
                return failure.code, failure.description or None
    title = "Missing required argument" if error.validator == "required" else "Invalid argument"
    return "VALIDATION_ERROR", title
