"""Runnable workflows: an ARDF workflow whose steps map arguments is a composite tool, compiled once per snapshot.

    {"resource_id": "count_twice", "resource_type": "workflow", "content": {"type": "workflow/steps", "data": {
        "input_schema": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
        "steps": [
            {"id": "first", "tool_id": "count", "arguments": {"n": "${inputs.n}"}},
            {"id": "second", "tool_id": "count", "arguments": {"n": "${steps.first.total}"}, "when": "steps.first.total < 10",
             "on_error": {"id": "note", "tool_id": "log_failure", "arguments": {"why": "${error.detail}"}}}],
        "output": {"total": "${steps.second.total}"}}}}

A workflow is runnable when one of its steps has `arguments`; the others stay prompts that lay out their steps for a
model. A step has an `id` (or `step`), a tool (`tool_id`, `tool` or `resource_ref`), `arguments` (without them: the
workflow inputs its tool declares), an optional `when` (CEL, as policies: it sees `inputs`, `steps` and `error`) and
an optional `on_error`: a recovery step, by id (ARDF 1.0) or inline, run once before the failure is returned; it sees the
failed step's envelope entry as `error` (`{}` in the normal sequence, so `"when": "size(error) > 0"` makes a step
recovery-only). Values pass with `${inputs.x}` and `${steps.id.field.0.name}` (atdf_mcp.interpolate).
Its input schema is `input_schema`, else `input_variables` (strings; `defaults` make them optional); `output` maps the
result (default: every step's result by id).

A runnable workflow that cannot run — a step naming an unknown tool, a duplicate or unknown step id, a reference to a
later or unknown step, a `when` that does not compile — is an INVALID_WORKFLOW load error at its file and pointer; the
workflow is then not a tool (its prompt stays). Running is atdf_mcp.dispatch.workflow's job.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .catalog import Catalog, Problem
from .codes import Code
from .interpolate import NOTHING, VALUE_REFERENCE, value_references
from .model import Descriptor

__all__ = ["Step", "Workflow", "compile_workflows", "is_runnable", "lookup", "step_name", "step_tool"]

_BINDER = re.compile(r"\.\s*(?:all|exists|exists_one|map|filter)\s*\(\s*([A-Za-z_]\w*)\s*,")
_TOOL_KEYS = ("tool_id", "tool", "resource_ref")


def step_name(raw: Any, default: str) -> str:
    """A raw step's id: `id`, else `step`, else `default`."""
    if isinstance(raw, dict):
        for key in ("id", "step"):
            if isinstance(raw.get(key), str) and raw[key]:
                return raw[key]
    return default


def step_tool(raw: Mapping[str, Any]) -> tuple[str | None, Any]:
    """The key a raw step names its tool under (`tool_id`, `tool` or `resource_ref`) and what it holds; (None, None)."""
    key = next((k for k in _TOOL_KEYS if k in raw), None)
    return key, raw.get(key) if key is not None else None


@dataclass(frozen=True, eq=False)
class Step:
    """One compiled step: the tool it calls, its argument template, its condition and its recovery step."""

    id: str
    tool: str
    arguments: Any
    pointer: str
    when: str | None = None
    program: Any = field(default=None, repr=False)  # the compiled `when`
    on_error: Step | None = None
    inputs_used: Mapping[str, str] = field(default_factory=dict)  # argument → the workflow input it is exactly

    def runs(self, variables: dict[str, Any]) -> bool:
        """Whether the step's `when` holds for these variables (no `when`: always); raises what evaluation raises."""
        if self.program is None:
            return True
        value = self.program.execute({name: variables[name] for name in ("inputs", "steps", "error")})
        if not isinstance(value, bool):
            raise TypeError(f"the condition gave {type(value).__name__} {value!r}, not a boolean")
        return value


@dataclass(frozen=True, eq=False)
class Workflow:
    """A runnable workflow: its steps in order, its input schema and its output mapping."""

    id: str
    steps: tuple[Step, ...]
    input_schema: dict[str, Any]
    output: Any = None
    file: str = ""
    pointer: str = ""


def is_runnable(d: Descriptor) -> bool:
    """Whether a descriptor is a workflow one of whose steps maps `arguments` (else it is only a prompt)."""
    steps = d.content.get("steps") if d.type == "workflow" else None
    return isinstance(steps, list) and any(isinstance(s, dict) and "arguments" in s for s in steps)


def lookup(variables: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    """The value at a dotted path of the variables (`steps`, `find`, `offers`, `0`), or NOTHING."""
    value: Any = variables.get(path[0], NOTHING)
    for part in path[1:]:
        if isinstance(value, dict):
            value = value.get(part, NOTHING)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return NOTHING
    return value


def compile_workflows(catalog: Catalog, tools: Mapping[str, Descriptor]) -> tuple[dict[str, Workflow], list[Problem]]:
    """Every runnable workflow of the catalogue that can run, by id, and the INVALID_WORKFLOW problems of the others."""
    compiled: dict[str, Workflow] = {}
    problems: list[Problem] = []
    for d in catalog.by_type.get("workflow", ()):
        if not is_runnable(d):
            continue
        found: list[Problem] = []
        workflow = _Compiler(d, tools, catalog.origin_of(d), found).workflow()
        if found:
            problems += found
        else:
            compiled[d.id] = workflow
    return compiled, problems


class _Compiler:
    """Compiles one workflow descriptor, reporting every problem it finds."""

    def __init__(self, d: Descriptor, tools: Mapping[str, Descriptor], origin: Callable[[str], str], problems: list[Problem]) -> None:
        self.d, self.tools, self.origin, self.problems = d, tools, origin, problems
        self.data = d.content

    def problem(self, pointer: str, message: str) -> None:
        """Report an INVALID_WORKFLOW error at a pointer of the normalized descriptor."""
        self.problems.append(Problem(self.d.source.file, self.d.source.pointer + self.origin(pointer),
                                     f"workflow {self.d.id!r}: {message}; it is not published as a tool", "error",
                                     Code.INVALID_WORKFLOW))

    def workflow(self) -> Workflow:
        """The compiled workflow (meaningful only when no problem was reported)."""
        if self.d.id in self.tools:
            self.problem("", f"a tool is already called {self.d.id!r}")
        schema = self.input_schema()
        inputs = set((schema.get("properties") or {}) if isinstance(schema.get("properties"), dict) else ())
        raw_steps = self.data["steps"]
        ids = [self.step_id(s, i) for i, s in enumerate(raw_steps)]
        seen: set[str] = set()
        for i, step_id in enumerate(ids):
            if step_id in seen:
                self.problem(f"/content/data/steps/{i}", f"two steps are called {step_id!r}")
            seen.add(step_id)
        compiled: list[tuple[int, Step]] = []
        for i, raw in enumerate(raw_steps):
            if not isinstance(raw, dict):
                self.problem(f"/content/data/steps/{i}", "a step of a runnable workflow is an object with an id and a tool")
                continue
            compiled.append((i, self.step(raw, f"/content/data/steps/{i}", ids[i], inputs, set(ids[:i]))))
        by_id = {s.id: s for _, s in compiled}
        steps = [self.recovery(raw_steps[i], s, f"/content/data/steps/{i}", inputs, set(ids[:i]), by_id) for i, s in compiled]
        output = self.data.get("output")
        if output is not None:
            self.references(output, "/content/data/output", inputs, set(ids), output=True)
        return Workflow(self.d.id, tuple(steps), schema, output, self.d.source.file, self.d.source.pointer)

    def input_schema(self) -> dict[str, Any]:
        """The declared inputs as a JSON Schema: `input_schema`, else `input_variables` as strings."""
        schema = self.data.get("input_schema")
        if schema is not None:
            if not isinstance(schema, dict) or schema.get("type", "object") != "object":
                self.problem("/content/data/input_schema", "input_schema is a JSON Schema of type object")
                return {"type": "object", "properties": {}}
            return {"type": "object", **schema}
        names = [v for v in self.data.get("input_variables") or () if isinstance(v, str)]
        defaults = self.data.get("defaults") if isinstance(self.data.get("defaults"), dict) else {}
        properties = {n: {"type": "string", **({"default": str(defaults[n])} if n in defaults else {})} for n in names}
        return {"type": "object", "properties": properties, "required": [n for n in names if n not in defaults]}

    @staticmethod
    def step_id(raw: Any, i: int) -> str:
        """A step's id (`id`, else `step`, else `step_N`)."""
        return step_name(raw, f"step_{i + 1}")

    def step(self, raw: dict[str, Any], where: str, step_id: str, inputs: set[str], earlier: set[str]) -> Step:
        """One step compiled (its recovery step is attached later)."""
        key, tool = step_tool(raw)
        if not isinstance(tool, str) or not tool:
            self.problem(where, f"step {step_id!r} names no tool (write \"tool_id\")")
            tool = ""
        elif tool not in self.tools:
            known = ", ".join(sorted(self.tools)) or "none"
            self.problem(f"{where}/{key}", f"step {step_id!r} calls {tool!r}, which is not a tool of the catalogue (tools: {known})")
        arguments = raw.get("arguments")
        if arguments is None:
            declared = (self.tools[tool].input_schema or {}).get("properties") or {} if tool in self.tools else {}
            arguments = {name: f"${{inputs.{name}}}" for name in declared if name in inputs}
        elif not isinstance(arguments, dict):
            self.problem(f"{where}/arguments", f"step {step_id!r}: arguments map the tool's argument names to values")
            arguments = {}
        self.references(arguments, f"{where}/arguments", inputs, earlier)
        when, program = raw.get("when"), None
        if when is not None:
            program = self.condition(when, f"{where}/when", step_id)
        used = {}
        for name, value in arguments.items():
            whole = VALUE_REFERENCE.fullmatch(value) if isinstance(value, str) else None
            parts = whole.group(1).split(".") if whole is not None else []
            if len(parts) == 2 and parts[0] == "inputs":
                used[name] = parts[1]
        return Step(step_id, tool, arguments, where, when if isinstance(when, str) else None, program, None, used)

    def references(self, value: Any, where: str, inputs: set[str], earlier: set[str], *, output: bool = False) -> None:
        """Report every `${...}` reference of a template that names an unknown input, or a step that has not run yet."""
        everyone = {self.step_id(s, i) for i, s in enumerate(self.data["steps"])}
        for path in value_references(value):
            root, name = path[0], path[1]
            shown = "${" + ".".join(path) + "}"
            if root == "inputs" and name not in inputs:
                self.problem(where, f"{shown} names no declared input (inputs: {', '.join(sorted(inputs)) or 'none'})")
            elif root == "steps" and name not in earlier:
                why = "which runs later" if name in everyone else "which is not a step of the workflow"
                self.problem(where, f"{shown} refers to step {name!r}, {why}")
            elif root == "error" and output:
                self.problem(where, f"{shown}: the output of a workflow that succeeded has no error")

    def condition(self, when: Any, where: str, step_id: str) -> Any:
        """A step's `when` compiled (CEL), or None after reporting why it cannot be."""
        if not isinstance(when, str) or not when.strip():
            self.problem(where, f"step {step_id!r}: when is a CEL expression (a string)")
            return None
        import cel  # at the first `when`: the package imports its CLI (≈ 0.2 to 0.4 s)

        try:
            program = cel.compile(when)
        except Exception as exc:
            self.problem(where, f"step {step_id!r}: the CEL expression of when does not compile: {exc}")
            return None
        names = set(program.references().get("variables", ())) - {"inputs", "steps", "error"} - set(_BINDER.findall(when))
        if names:
            self.problem(where, f"step {step_id!r}: when names unknown variable(s) {', '.join(sorted(names))} "
                                "(it sees inputs, steps and error)")
            return None
        return program

    def recovery(self, raw: Any, step: Step, where: str, inputs: set[str], earlier: set[str], by_id: dict[str, Step]) -> Step:
        """The step with its `on_error` recovery step attached: inline (compiled here) or another step, by id."""
        target = raw.get("on_error") if isinstance(raw, dict) else None
        if target is None:
            return step
        if isinstance(target, str):
            found = by_id.get(target)
            if found is None or found is step:
                self.problem(f"{where}/on_error", f"step {step.id!r}: on_error names {target!r}, which is not another step of the workflow")
                return step
            return Step(step.id, step.tool, step.arguments, step.pointer, step.when, step.program, found, step.inputs_used)
        if not isinstance(target, dict):
            self.problem(f"{where}/on_error", f"step {step.id!r}: on_error is a step id or a step object")
            return step
        inline = self.step(target, f"{where}/on_error", self.step_id(target, 0) if "id" in target or "step" in target
                           else f"{step.id}_recovery", inputs, earlier)
        return Step(step.id, step.tool, step.arguments, step.pointer, step.when, step.program, inline, step.inputs_used)

