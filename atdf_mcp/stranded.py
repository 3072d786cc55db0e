"""Workflows a tool set cannot hold: one of their steps calls a tool of the catalogue that is outside the set.

A tool outside a set does not exist for the set's clients, so neither does a workflow that needs it: listed, it would
name that tool in its description and steps, and every run would stop at the step with a TOOL_NOT_FOUND no argument
can fix. The set's view (atdf_mcp.view) leaves such a workflow out (its tool, its prompt, its resource), and the load
warns once per set and workflow (`toolset_workflow_problems`), where the operator can bring the tool in. A step
naming no tool of the catalogue at all is the workflow's own problem (INVALID_WORKFLOW, atdf_mcp.workflows), not this.

    >>> from atdf_mcp import load_catalog
    >>> catalog = load_catalog("descriptors")
    >>> tools = {d.id: d for d in catalog.descriptors if d.type == "tool"}
    >>> stranded(catalog.descriptors, tools, lambda d: d.id != "hotel_reservation")   # the load passes toolset.matches
    {'trip_booking': [StepCall(step='reserve_hotel', tool='hotel_reservation')]}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from .model import Descriptor
from .toolsets import Toolset
from .workflows import step_name, step_tool

__all__ = ["StepCall", "step_calls", "stranded", "toolset_workflow_problems"]


class StepCall(NamedTuple):
    """A step of a workflow and the tool it calls."""

    step: str
    tool: str


def step_calls(d: Descriptor) -> Iterator[StepCall]:
    """The tools a workflow's steps call, inline recovery steps (`on_error`) included, runnable or not."""
    steps = d.content.get("steps")
    for i, raw in enumerate(steps if isinstance(steps, list) else ()):
        if not isinstance(raw, dict):
            continue
        name = step_name(raw, f"step_{i + 1}")
        tool = _tool_of(raw)
        if tool is not None:
            yield StepCall(name, tool)
        recovery = raw.get("on_error")
        if isinstance(recovery, dict) and (tool := _tool_of(recovery)) is not None:
            yield StepCall(step_name(recovery, f"{name}_recovery"), tool)


def stranded(workflows: Iterable[Descriptor], tools: Mapping[str, Descriptor],
             inside: Callable[[Descriptor], bool]) -> dict[str, list[StepCall]]:
    """The workflows (by id) one of whose steps calls a tool of `tools` that is not `inside` the set, with those steps."""
    found: dict[str, list[StepCall]] = {}
    for d in workflows:
        if d.type != "workflow":
            continue
        outside = [call for call in step_calls(d) if call.tool in tools and not inside(tools[call.tool])]
        if outside:
            found[d.id] = outside
    return found


def toolset_workflow_problems(toolsets: Mapping[str, Toolset], descriptors: Iterable[Descriptor],
                              tools: Mapping[str, Descriptor]) -> list[tuple[str, str]]:
    """(pointer, message) for every workflow a set selects but leaves out, since a step calls a tool outside it (a load
    warning at the set's pointer)."""
    workflows = [d for d in descriptors if d.type == "workflow"]
    found = []
    for name, toolset in toolsets.items():
        for workflow, calls in stranded((d for d in workflows if toolset.matches(d)), tools, toolset.matches).items():
            steps = ", ".join(f"step {c.step!r} calls {c.tool!r}" for c in calls)
            missing = ", ".join(dict.fromkeys(c.tool for c in calls))
            found.append((f"/toolsets/{name.replace('~', '~0').replace('/', '~1')}",
                          f"tool set {name!r} selects workflow {workflow!r} but leaves it out ({steps}, outside the set): "
                          f"its clients do not see it; add the tool(s) to the set (ids: [{missing}]) to offer it"))
    return found


def _tool_of(raw: Mapping[str, Any]) -> str | None:
    """The tool a step names, if any."""
    tool = step_tool(raw)[1]
    return tool if isinstance(tool, str) and tool else None
