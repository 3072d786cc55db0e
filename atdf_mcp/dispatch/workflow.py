"""Runs a compiled workflow (atdf_mcp.workflows): its steps in order, each through the server's own call path.

Each step is `ctx.call_tool(tool, arguments)`: argument validation, policies, permissions, time limits and envelopes
apply to it as to a direct call. A step whose `when` is false is skipped; progress says "step n of m". A failing step
stops the workflow: after its `on_error` step (if any) runs, the call fails with WORKFLOW_STEP_FAILED, which names the
workflow and the step and carries the step's own envelope entry in `context.step_error`.
"""

from __future__ import annotations

from typing import Any

import mcp.types as types

from ..codes import Code
from ..context import ToolContext
from ..errors import CallFailure
from ..interpolate import NOTHING, substitute, value_references
from ..l10n import gettext as _
from ..results import envelope_of_result
from ..workflows import Step, Workflow, lookup

__all__ = ["WorkflowDispatcher", "step_envelope"]


class WorkflowDispatcher:
    """The dispatcher of a workflow tool."""

    wants_ctx = True

    def __init__(self, workflow: Workflow) -> None:
        self.workflow = workflow
        self.description = f"workflow of {len(workflow.steps)} step(s): " + " → ".join(f"{s.id} ({s.tool})" for s in workflow.steps)

    async def call(self, arguments: dict[str, Any], ctx: ToolContext | None) -> Any:
        """Run the steps; the workflow's result, or a CallFailure naming the step that failed."""
        assert ctx is not None, "a workflow runs with a ToolContext (wants_ctx)"
        workflow = self.workflow
        total = len(workflow.steps)
        results: dict[str, Any] = {}
        skipped: list[str] = []
        for n, step in enumerate(workflow.steps, 1):
            variables = {"inputs": arguments, "steps": results, "error": {}}
            try:
                runs = step.runs(variables)
            except Exception as exc:
                raise _unevaluated(workflow, step, n, total, exc, list(results)) from None
            if not runs:
                skipped.append(step.id)
                await ctx.report_progress(n - 1, total, f"step {n} of {total}: {step.id} skipped (its condition is false)")
                continue
            await ctx.report_progress(n - 1, total, f"step {n} of {total}: {step.id} ({step.tool})")
            step_arguments = _arguments(step, variables)
            result = await ctx.call_tool(step.tool, step_arguments)
            if result.is_error:
                env = step_envelope(result)
                recovery = await _recover(ctx, step, variables, env["errors"][0]) if step.on_error is not None else None
                raise _failed(workflow, step, n, total, arguments, step_arguments, env, list(results), recovery,
                              _unresolved(step, variables))
            results[step.id] = _value(result)
        await ctx.report_progress(total, total, f"{total} of {total} steps done")
        if workflow.output is not None:
            return substitute(workflow.output, lambda path: lookup({"inputs": arguments, "steps": results}, path))
        return {"workflow": workflow.id, "steps": results, "skipped": skipped}


def step_envelope(result: types.CallToolResult) -> dict[str, Any]:
    """The ATDF envelope of a failed step's result (its first text block always carries it)."""
    env = envelope_of_result(result)
    if env is not None:
        return env
    text = " ".join(getattr(b, "text", "") for b in result.content).strip()
    return {"status": "error", "errors": [{"code": Code.TOOL_ERROR, "detail": text or _("The step failed without saying why."),
                                           "context": {}}]}


def _arguments(step: Step, variables: dict[str, Any]) -> Any:
    """The step's arguments, its references resolved (a whole-string reference keeps its JSON type)."""
    return substitute(step.arguments, lambda path: lookup(variables, path))


def _value(result: types.CallToolResult) -> Any:
    """What later steps see of a step's result: its structured content, else its text."""
    if result.structured_content is not None:
        return result.structured_content
    return {"text": "\n".join(getattr(b, "text", "") for b in result.content if getattr(b, "type", None) == "text")}


async def _recover(ctx: ToolContext, step: Step, variables: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """Run a failed step's on_error step once (it sees the failure as `error`); what it did, for the envelope."""
    recovery = step.on_error
    assert recovery is not None
    scope = {**variables, "error": entry}
    try:
        if not recovery.runs(scope):
            return {"step": recovery.id, "tool": recovery.tool, "skipped": True}
    except Exception as exc:
        return {"step": recovery.id, "tool": recovery.tool, "skipped": True, "condition_error": f"{type(exc).__name__}: {exc}"}
    result = await ctx.call_tool(recovery.tool, _arguments(recovery, scope))
    if result.is_error:
        return {"step": recovery.id, "tool": recovery.tool, "error": step_envelope(result)["errors"][0]}
    return {"step": recovery.id, "tool": recovery.tool, "result": _value(result)}


def _unresolved(step: Step, variables: dict[str, Any]) -> dict[str, tuple[str, str, str]]:
    """Each step argument holding a `${steps.…}` reference that found nothing in an earlier result: the reference, the
    step it reads and the fields that step's result holds (an optional workflow input left out is no fault)."""
    found: dict[str, tuple[str, str, str]] = {}
    for name, value in (step.arguments.items() if isinstance(step.arguments, dict) else ()):
        for path in value_references(value):
            if path[0] == "steps" and len(path) > 1 and lookup(variables, path) is NOTHING and str(name) not in found:
                earlier = variables["steps"].get(path[1])
                held = ", ".join(map(str, earlier)) if isinstance(earlier, dict) and earlier else "-"
                found[str(name)] = ("${" + ".".join(path) + "}", path[1], held)
    return found


def _failed(workflow: Workflow, step: Step, n: int, total: int, arguments: dict[str, Any], step_arguments: Any,
            env: dict[str, Any], completed: list[str], recovery: dict[str, Any] | None,
            unresolved: dict[str, tuple[str, str, str]] | None = None) -> CallFailure:
    """WORKFLOW_STEP_FAILED: the workflow and step named, the step's envelope entry inside, arguments that may pass."""
    entries = env["errors"]
    entry = entries[0]
    step_context = entry.get("context") if isinstance(entry.get("context"), dict) else {}
    suggestion = _suggested(step, arguments, step_arguments, entry)
    context: dict[str, Any] = {
        "workflow": workflow.id, "step": step.id, "step_number": n, "steps_total": total, "tool": step.tool,
        "step_arguments": step_arguments, "completed_steps": completed, "step_error": entry,
        "retryable": bool(step_context.get("retryable", False)),
    }
    if len(entries) > 1:
        context["step_errors"] = entries
    if recovery is not None:
        context["recovery"] = recovery
    parameter = value = None
    if unresolved:
        context["unresolved_references"] = {name: reference for name, (reference, _step, _held) in unresolved.items()}
    if unresolved and entry.get("parameter_name") in unresolved:
        reference, earlier, held = unresolved[entry["parameter_name"]]
        context["solution"] = _("Step {step!r} takes {parameter!r} from {reference}, which the result of step {earlier!r} does "
                                "not hold (it holds: {held}); the workflow's author must fix the reference.").format(
            step=step.id, parameter=entry["parameter_name"], reference=reference, earlier=earlier, held=held)
    elif suggestion:
        context["suggested_arguments"] = {**arguments, **suggestion}
        parameter = next(iter(suggestion))
        value = suggestion[parameter]
        context["solution"] = _("Retry the workflow with context.suggested_arguments once the user agrees: {changes}").format(
            changes=", ".join(f"{k} = {v!r}" for k, v in suggestion.items()))
    else:
        context["solution"] = _("Read context.step_error (from {tool}): {solution}").format(
            tool=step.tool, solution=str(step_context.get("solution") or _("correct what it names, then run the workflow again.")))
    detail = _("Workflow {workflow!r} stopped at step {n} of {total}, {step!r} ({tool}): {code}: {detail}").format(
        workflow=workflow.id, n=n, total=total, step=step.id, tool=step.tool, code=entry.get("code", Code.ERROR),
        detail=entry.get("detail", ""))
    return CallFailure(Code.WORKFLOW_STEP_FAILED, detail, parameter=parameter, suggested_value=value, context=context)


def _suggested(step: Step, arguments: dict[str, Any], step_arguments: Any, entry: dict[str, Any]) -> dict[str, Any]:
    """The workflow inputs to change, where the step's suggestion changes an argument that is exactly a workflow input."""
    context = entry.get("context") if isinstance(entry.get("context"), dict) else {}
    proposed = context.get("suggested_arguments")
    given = step_arguments if isinstance(step_arguments, dict) else {}
    changes: dict[str, Any] = {}
    if isinstance(proposed, dict):
        changes = {k: v for k, v in proposed.items() if given.get(k, NOTHING) != v}
    elif isinstance(entry.get("parameter_name"), str) and entry.get("suggested_value") is not None:
        changes = {entry["parameter_name"]: entry["suggested_value"]}
    return {step.inputs_used[k]: v for k, v in changes.items()
            if k in step.inputs_used and arguments.get(step.inputs_used[k], NOTHING) != v}


def _unevaluated(workflow: Workflow, step: Step, n: int, total: int, exc: Exception, completed: list[str]) -> CallFailure:
    """The failure of a step whose condition cannot be evaluated (a missing field, a type mismatch)."""
    why = f"{type(exc).__name__}: {exc}"
    return CallFailure(Code.WORKFLOW_STEP_FAILED,
                       _("Workflow {workflow!r} stopped at step {n} of {total}, {step!r}: its condition {when!r} could not be "
                         "evaluated ({why}).").format(workflow=workflow.id, n=n, total=total, step=step.id, when=step.when, why=why),
                       context={"workflow": workflow.id, "step": step.id, "step_number": n, "steps_total": total,
                                "tool": step.tool, "when": step.when, "when_error": why, "completed_steps": completed,
                                "retryable": False, "solution": _("The workflow's operator must fix the step's condition "
                                                                  "(the fields it reads may be missing from an earlier step's result).")})
