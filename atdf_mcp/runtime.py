"""What a call to one tool needs, prepared once per snapshot: the tool as served, its binding, limits and validators."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import mcp.types as types

from .accepted import callable_names, closed_schema
from .bindings import Bound
from .budget import is_small, schema_is_small, unions_are_small
from .envelope import compile_detailed, compile_fast
from .filled_defaults import judged_defaults, unfillable, with_defaults
from .integers import made_whole, says_integer, types_integer_deeper
from .model import Descriptor
from .policies import Rules
from .results import error_result, output_check

__all__ = ["DEFAULT_TIMEOUT", "InputValidator", "ToolRuntime", "tool_permissions", "tool_timeout"]

DEFAULT_TIMEOUT = 60.0


class InputValidator:
    """A tool's jsonschema-rs input validator, compiled once: while loading, else on first use (shared by dispatchers)."""

    __slots__ = ("compiled", "schema")

    def __init__(self, schema: dict[str, Any] | None, compiled: Any = None) -> None:
        self.schema = schema
        self.compiled = compiled

    def __call__(self) -> Any:
        """The compiled validator."""
        if self.compiled is None:
            self.compiled = compile_fast(self.schema or {"type": "object"})
        return self.compiled


@dataclass
class ToolRuntime:
    """Everything a call to one tool needs; each validator is compiled once (at load, or on first use)."""

    tool: Descriptor
    bound: Bound
    timeout: float
    validator: InputValidator
    _detailed: Any = None
    rules: Rules | None = None  # the policy rules enforced on its calls (atdf_mcp.policies); None: no check at all
    permissions: tuple[str, ...] = ()  # the scopes its prerequisites require of an agent (`prerequisites.permissions`)

    @property
    def fast(self) -> Any:
        """The jsonschema-rs validator of the input schema (compiled while loading, else on the first call)."""
        return self.validator.compiled or self.validator()

    @property
    def detailed(self) -> Any:
        """The jsonschema validator that explains a failed call, compiled on the first one."""
        if self._detailed is None:
            self._detailed = compile_detailed(self.tool.input_schema or {"type": "object"})
        return self._detailed

    @functools.cached_property
    def small_schema(self) -> bool:
        """Whether its input schema is small enough to analyse a failed call on the event loop (budget.schema_is_small)."""
        return schema_is_small(self.tool.input_schema)

    @functools.cached_property
    def analysable(self) -> bool:
        """Whether a failed call is worth explaining: no union of its input schema is too large (budget.unions_are_small)."""
        return unions_are_small(self.tool.input_schema)

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

    @functools.cached_property
    def judged(self) -> dict[str, Any]:
        """The input defaults a call is judged with: those their own input accepts (atdf_mcp.filled_defaults)."""
        return judged_defaults(self.tool.input_schema)

    def judged_call(self, arguments: Any, unfilled: tuple[str, ...] = ()) -> Any:
        """The call as it is validated: its judged defaults filled in (but those `unfilled`)."""
        defaults = self.judged
        if unfilled:
            defaults = {name: value for name, value in defaults.items() if name not in unfilled}
        return with_defaults(arguments, defaults)

    def unfilled(self, arguments: Any) -> tuple[str, ...]:
        """The defaults left out of a call: those whose presence the schema refuses and the caller cannot mend
        (atdf_mcp.filled_defaults.unfillable). Only small calls of a small schema: this runs on the event loop."""
        if not self.judged or not self.small_schema or not is_small(arguments):
            return ()
        return unfillable(arguments, self.judged, self.detailed, self.fast, self.tool.input_schema)

    @functools.cached_property
    def whole_numbers(self) -> frozenset[str]:
        """The top-level inputs typed integer (alone or with null)."""
        properties = (self.tool.input_schema or {}).get("properties") or {}
        return frozenset(name for name, prop in properties.items() if says_integer(prop))

    @functools.cached_property
    def deep_integers(self) -> bool:
        """Whether the input schema may type an integer deeper than its top-level inputs (atdf_mcp.integers)."""
        return types_integer_deeper(self.tool.input_schema)

    def prepared(self, arguments: Any, unfilled: tuple[str, ...] = ()) -> Any:
        """Valid arguments as the tool runs them: defaults filled in (but those `unfilled`), and a whole number written as a float (3.0, an
        integer to JSON Schema, as Python clients send it) made an int wherever the input schema says integer."""
        if not isinstance(arguments, dict):
            return arguments
        defaults = self.defaults
        if unfilled:
            defaults = {name: value for name, value in defaults.items() if name not in unfilled}
        if defaults:
            arguments = {**defaults, **arguments}
        if self.deep_integers:  # objects, arrays, $ref...: the schema followed down the arguments
            schema = self.tool.input_schema
            return made_whole(arguments, schema, schema)
        for name in self.whole_numbers:
            value = arguments.get(name)
            if value.__class__ is float and value.is_integer():  # type: ignore[union-attr]
                arguments = {**arguments, name: int(value)}  # type: ignore[arg-type]
        return arguments

    @property
    def examples(self) -> list[dict[str, Any]]:
        """The example inputs, for suggestions."""
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


def tool_timeout(tool: Descriptor, default: float) -> float:
    """The tool's own time limit (`timeout` of its binding), else `default`."""
    value = tool.binding.get("timeout")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 and math.isfinite(value):
        return float(value)
    return default


def tool_permissions(tool: Descriptor) -> tuple[str, ...]:
    """The permissions (scopes) a tool's prerequisites require: ATDF 2.x `prerequisites.permissions`, or ARDF's
    `prerequisites.credentials` (ARDF has no `permissions`; the ATDF → ARDF mapping writes them there)."""
    prerequisites = tool.prerequisites if isinstance(tool.prerequisites, dict) else {}
    value = prerequisites.get("permissions")
    if value is None and tool.dialect == "ardf":
        value = prerequisites.get("credentials")
    return tuple(dict.fromkeys(p for p in value if isinstance(p, str) and p)) if isinstance(value, list) else ()
