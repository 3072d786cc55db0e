"""What a call's policies and prerequisites decide at dispatch: refuse it, withhold its result, or let it through with a warning.

    refusal, advised = before_call(runtime, arguments, agent="support", lang="en", scopes=frozenset({"book_travel"}))
    ...handler runs...
    refusal, more = after_call(runtime, result, arguments, agent="support", lang="en")

`scopes` is None for the operator (stdio, in memory, the server's own --auth-token): every permission is granted.
An agent's scopes come from its token's entry under `tokens:` (atdf_mcp.toolsets); a permission it lacks answers
PERMISSION_DENIED naming the scope. A blocking rule answers POLICY_DENIED naming the policy, the rule, its statement, the
arguments it reads and, where candidate values pass, `suggested_arguments`; an output rule withholds the result.
"""

from __future__ import annotations

from typing import Any

import mcp.types as types

from .codes import Code
from .envelope import build_entry, envelope
from .l10n import gettext as _
from .policies import Check, Rule
from .policy_fix import corrected
from .runtime import ToolRuntime
from .suggest import MISSING

__all__ = ["POLICY_META_KEY", "SCOPES_SCOPE_KEY", "advice_text", "after_call", "before_call", "scopes_of", "with_advice"]

POLICY_META_KEY = "atdf.io/policy"
"""The `_meta` key of a result that advisory rules warn about."""
SCOPES_SCOPE_KEY = "atdf_mcp.scopes"
"""The ASGI scope key holding the scopes of an agent's token (set by atdf_mcp.gate; absent: the operator)."""


def before_call(runtime: ToolRuntime, arguments: Any, *, agent: str | None, lang: str | None,
                scopes: frozenset[str] | None) -> tuple[types.CallToolResult | None, tuple[Rule, ...]]:
    """The refusal of a call before its handler runs (None: it runs), and the advisory rules it breaks."""
    if runtime.permissions and scopes is not None:
        missing = [p for p in runtime.permissions if p not in scopes]
        if missing:
            return runtime.failed(_permission_denied(runtime, missing, scopes)), ()
    rules = runtime.rules
    if rules is None or not rules.inputs:
        return None, ()
    check = rules.check(rules.inputs, rules.variables(arguments, agent, lang))
    if not check.blocked:
        return None, check.advised
    suggestion = corrected(check.blocked, rules.inputs, arguments if isinstance(arguments, dict) else {}, runtime.tool.input_schema,
                           lambda args: rules.variables(args, agent, lang), runtime.fast.is_valid)
    return runtime.failed(_policy_denied(runtime, check, arguments, suggestion)), check.advised


def after_call(runtime: ToolRuntime, result: types.CallToolResult, arguments: Any, *, agent: str | None,
               lang: str | None) -> tuple[types.CallToolResult | None, tuple[Rule, ...]]:
    """The refusal that replaces a result an output rule matches (the value is never sent), and the advisory rules it breaks."""
    rules = runtime.rules
    if rules is None or not rules.outputs:
        return None, ()
    check = rules.check(rules.outputs, rules.variables(arguments, agent, lang, result=result.structured_content))
    if not check.blocked:
        return None, check.advised
    return runtime.failed(_policy_denied(runtime, check, arguments, None, output=True)), check.advised


def scopes_of(ctx: Any) -> frozenset[str] | None:
    """The scopes of the agent's token behind an MCP request (None: the operator, who holds every scope)."""
    scope = getattr(getattr(ctx, "request", None), "scope", None)
    return scope.get(SCOPES_SCOPE_KEY) if isinstance(scope, dict) else None


def with_advice(result: types.CallToolResult, advised: tuple[Rule, ...]) -> types.CallToolResult:
    """The result with the advisory rules it breaks under `_meta["atdf.io/policy"]`."""
    meta = dict(result.meta or {})
    meta[POLICY_META_KEY] = {"advisories": [rule.as_dict() for rule in advised]}
    return result.model_copy(update={"meta": meta})


def advice_text(advised: tuple[Rule, ...]) -> str:
    """The log line of a call that advisory rules warn about."""
    return "; ".join(f"policy {r.policy} rule {r.id} (advisory): {r.statement}" for r in advised)


def _policy_denied(runtime: ToolRuntime, check: Check, arguments: Any, suggestion: dict[str, Any] | None,
                   *, output: bool = False) -> dict[str, Any]:
    """The POLICY_DENIED envelope: one entry per blocking rule the call (or its result) breaks."""
    tool = runtime.tool
    given = arguments if isinstance(arguments, dict) else {}
    failures = dict(check.failed)
    entries = []
    for rule in check.blocked:
        involved = {name: given[name] for name in rule.arguments if name in given}
        changed = [n for n in rule.arguments if suggestion is not None and n in suggestion and suggestion.get(n) != given.get(n)]
        context: dict[str, Any] = {"policy": rule.policy, "rule": rule.id, "statement": rule.statement, "effect": rule.effect,
                                   "expression": rule.expression, "retryable": False}
        if output:
            detail = _("The result of {tool} is withheld: policy {policy}, rule {rule}: {statement}").format(
                tool=tool.id, policy=repr(rule.policy), rule=repr(rule.id), statement=rule.statement)
            context["solution"] = _("The result breaks the policy and is not returned; do not retry the same call.")
        else:
            detail = _("Policy {policy}, rule {rule} refuses this call: {statement}").format(
                policy=repr(rule.policy), rule=repr(rule.id), statement=rule.statement)
            context["arguments"] = involved
            if suggestion is not None:
                context["suggested_arguments"] = suggestion
                context["solution"] = _("Retry with context.suggested_arguments, which pass the policy, once the user agrees: "
                                        "{changes}").format(changes=", ".join(
                                            f"{n} = {suggestion[n]!r}" for n in changed or suggestion if n in suggestion))
            else:
                context["solution"] = _("Change the arguments the rule reads, or ask the user for an exception through the policy's owner.")
        if rule in failures:
            context["evaluation_error"] = failures[rule]
            detail += _(" (the rule could not be evaluated, so the call is refused)")
        parameter = changed[0] if changed else (next(iter(involved), None) if not output else None)
        value = suggestion[parameter] if suggestion is not None and parameter in suggestion and changed else MISSING
        entries.append(build_entry(Code.POLICY_DENIED, detail, tool.id, parameter=parameter, suggested_value=value, context=context))
    return envelope(entries)


def _permission_denied(runtime: ToolRuntime, missing: list[str], scopes: frozenset[str]) -> dict[str, Any]:
    """The PERMISSION_DENIED envelope: the scopes the tool's prerequisites require that the caller's token lacks."""
    tool = runtime.tool
    names = ", ".join(repr(m) for m in missing)
    return envelope([build_entry(
        Code.PERMISSION_DENIED, _("{tool} requires the permission {names}, which this token does not grant.").format(
            tool=tool.id, names=names), tool.id,
        parameter=None, context={"missing_scopes": missing, "required_scopes": list(runtime.permissions),
                                 "granted_scopes": sorted(scopes), "retryable": False,
                                 "solution": _("Use a token that grants {names}: an entry under `tokens:` listing it in "
                                               "`scopes`, or an OAuth access token with that scope.").format(names=names)})])
