"""The serving stage of a snapshot: bindings, validators and MCP listings, added to the loaded descriptors.

`load_catalog` calls `complete` last, so that one immutable Catalog holds everything a running server answers
from, and one report holds every problem (DESIGN decision 12). On a reload, what did not change is reused:
bindings of unchanged tools (unless a handler module changed), listing entries of unchanged descriptors.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .bindings import Bound, bind_catalog, catalogue_modules, function_loader, purge_catalogue_modules
from .catalog import Catalog, Problem, file_signature
from .codes import Code
from .disclosure import disclosure_problems
from .dispatch.workflow import WorkflowDispatcher
from .model import Descriptor
from .policies import compile_policies
from .publish import Published
from .runtime import DEFAULT_TIMEOUT, InputValidator, ToolRuntime, tool_permissions, tool_timeout
from .stranded import toolset_workflow_problems
from .toolsets import empty_toolsets, unmatched_ids
from .workflows import Workflow, compile_workflows

__all__ = ["complete"]


def complete(catalog: Catalog, *, previous: Catalog | None = None) -> Catalog:
    """The catalogue with its serving stage: bound tools, runtimes, listings in its language, one report."""
    options, config = catalog.options, catalog.config
    lang = options.lang or config.lang
    default_timeout = options.timeout or config.timeout or DEFAULT_TIMEOUT
    changed = _changed_modules(previous.modules) if previous is not None else []
    if changed:  # a handler module changed: import every catalogue module again
        purge_catalogue_modules(catalog.root, changed)
    reusable = (previous is not None and not changed and previous.root == catalog.root and previous.config == config
                and previous.timeout == default_timeout)
    bound, problems, memo = bind_catalog(catalog, default_timeout=default_timeout,
                                         previous=previous.bindings if reusable else None,
                                         last_good=previous.bindings if previous is not None else None)
    published = Published.build(catalog, lang=lang, previous=previous.published if previous is not None else None)
    rules, policy_problems = compile_policies(catalog, function_loader(catalog.root))  # every rule compiled once, here
    before = previous.runtimes if previous is not None else {}
    runtimes: dict[str, ToolRuntime] = {}
    for name, tool in published.tools.items():
        kept = before.get(name)
        mine = rules.get(name)
        if kept is not None and kept.tool is tool and kept.bound is bound[name] and _same_rules(kept.rules, mine):
            runtimes[name] = kept  # with its compiled validators and everything it prepared
        else:
            validator = InputValidator(tool.input_schema)  # compiled on the first call, shared with an HTTP dispatcher
            runtimes[name] = ToolRuntime(tool, bound[name], tool_timeout(tool, default_timeout), validator, rules=mine,
                                         permissions=tool_permissions(tool))
            if hasattr(bound[name].dispatcher, "shared_validator"):  # an HTTP tool: one input validator for both
                bound[name].dispatcher.shared_validator = validator
    workflows, workflow_problems = compile_workflows(catalog, published.tools)  # runnable workflows: composite tools
    if workflows:
        composite = _workflow_tools(published.descriptors, workflows, runtimes)
        published = published.with_tools(composite)
        for name, tool in composite.items():
            runtimes[name] = ToolRuntime(tool, Bound(WorkflowDispatcher(workflows[name])), tool_timeout(tool, default_timeout),
                                         InputValidator(tool.input_schema))
    return dataclasses.replace(
        catalog,
        report=catalog.report.with_problems([*problems, *published.problems, *policy_problems, *workflow_problems,
                                             *_toolset_problems(catalog),
                                             *disclosure_problems(config, published.tools)]),
        loaded=catalog.report,
        lang=lang,
        timeout=default_timeout,
        published=published,
        runtimes=MappingProxyType(runtimes),
        bindings=MappingProxyType(memo),
        modules=MappingProxyType(_module_signatures(catalog.root)),
    )


def _workflow_tools(descriptors: tuple[Descriptor, ...], workflows: dict[str, Workflow],
                    runtimes: Mapping[str, ToolRuntime]) -> dict[str, Descriptor]:
    """The composite tool of each runnable workflow: the (localized) workflow with its inputs as input schema, its steps
    in its description, and as time limit on silence its slowest step's (each step reports progress)."""
    tools = {}
    for d in descriptors:
        workflow = workflows.get(d.id) if d.type == "workflow" else None
        if workflow is None:
            continue
        steps = " → ".join(f"{s.id} ({s.tool})" for s in workflow.steps)
        slowest = max((runtimes[s.tool].timeout for s in workflow.steps if s.tool in runtimes), default=None)
        binding = {"timeout": slowest + 5.0} if slowest is not None else {}
        tools[d.id] = d.model_copy(update={"input_schema": workflow.input_schema, "output_schema": None, "binding": binding,
                                           "hints": {**d.hints, "detail": f"Runs {len(workflow.steps)} steps in order: {steps}."}})
    return tools


def _same_rules(kept: Any, fresh: Any) -> bool:
    """Whether a runtime's rules and a new compilation are the same rules (a reload reuses the runtime then)."""
    return (kept is None and fresh is None) or (kept is not None and fresh is not None and kept.key == fresh.key)


def _toolset_problems(catalog: Catalog) -> list[Problem]:
    """A warning for every tool set of the config that selects nothing, for each `ids` entry of the others that
    matches no id, and for each workflow a set leaves out since a step calls a tool outside it."""
    config = catalog.config
    empty = empty_toolsets(config.toolsets, catalog.descriptors)
    nothing = {pointer for pointer, _ in empty}
    selecting = {name: s for name, s in config.toolsets.items() if f"/toolsets/{name}" not in nothing}
    found = [*empty, *unmatched_ids(selecting, {d.id for d in catalog.descriptors}),
             *toolset_workflow_problems(selecting, catalog.by_type.get("workflow", ()), {d.id: d for d in catalog.tools})]
    return [Problem(config.file or "atdf-mcp.yaml", pointer, message, "warning", Code.CONFIGURATION_ERROR) for pointer, message in found]


def _module_signatures(root: Path | None) -> dict[str, tuple[int, int] | None]:
    """(size, last change) of every handler module file imported from the catalogue folder."""
    if root is None:
        return {}
    signatures = {file: file_signature(Path(file)) for _, file in catalogue_modules(root)}
    handlers = Path(root, "handlers.py")  # the convention module, also when it does not exist (yet)
    signatures.setdefault(str(handlers), file_signature(handlers))
    return signatures


def _changed_modules(signatures: Mapping[str, tuple[int, int] | None]) -> list[str]:
    """The handler module files added, edited or deleted since the signatures were taken."""
    return [file for file, signature in signatures.items() if file_signature(Path(file)) != signature]
