"""Policies enforced at dispatch: the CEL rules of `policy/rules` descriptors, compiled once per snapshot.

    {"id": "travel-005", "statement": "A hotel stay lasts at most 14 nights.", "effect": "deny",
     "expression": "nights(args.check_in, args.check_out) > 14", "applies_to": ["hotel_reservation"]}

A rule with an `expression` (CEL, https://cel.dev) is enforced; one without stays prose. The expression sees `tool`
({name, tags, category}), `args` (defaults filled in), `agent` (the request's tool set, "" without one), `lang`, `now`
(a timestamp) and, for `applies_to_output: true`, `result` (the handler's structured result). A `deny` rule refuses what
its expression matches; an `allow` rule states what passes, and refuses what it does not match. `enforcement` is
`block` (the default; a policy's `content.data.enforcement` sets it for its rules) or `advisory` (the call goes ahead
with a warning). `applies_to` lists tool ids, tags and shell globs (none: every tool). A policy's `functions` maps CEL
function names to catalogue functions (`module:function`, as handlers), for what arguments alone do not say.

A rule that does not compile is an INVALID_POLICY load error at its file and pointer. A rule whose evaluation fails
at run time (a missing key, a type mismatch) fails closed when it blocks — a guard that cannot decide must not let
the call through — and is logged; an advisory one is logged and skipped.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from .catalog import Catalog, Problem
from .codes import Code
from .model import Descriptor
from .toolsets import descriptor_labels

__all__ = ["Check", "Rule", "Rules", "compile_policies", "rule_arguments"]

_log = logging.getLogger("atdf_mcp.policies")
_ARG = re.compile(r"""\bargs\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*(?:"([^"]+)"|'([^']+)')\s*\])""")
_BINDER = re.compile(r"\.\s*(?:all|exists|exists_one|map|filter)\s*\(\s*([A-Za-z_]\w*)\s*,")
_VARIABLES = frozenset({"tool", "args", "agent", "lang", "now"})
_STDLIB = frozenset({
    "size", "has", "matches", "contains", "startsWith", "endsWith", "timestamp", "duration", "int", "uint", "double",
    "string", "bytes", "bool", "type", "dyn", "all", "exists", "exists_one", "map", "filter", "getFullYear", "getMonth",
    "getDate", "getDayOfMonth", "getDayOfWeek", "getDayOfYear", "getHours", "getMinutes", "getSeconds",
    "getMilliseconds", "lowerAscii", "upperAscii", "trim", "split", "join", "replace", "indexOf", "lastIndexOf",
    "substring", "charAt", "format", "max", "min", "abs", "ceil", "floor", "round", "sign", "orValue", "hasValue",
    "value", "or", "optional.of", "optional.none", "optional.ofNonZeroValue", "in",
})


@dataclass(frozen=True, eq=False)
class Rule:
    """One enforced rule: where it comes from, what it says, and its compiled CEL program."""

    policy: str
    id: str
    statement: str
    expression: str
    effect: str  # "deny" (refuse what matches) or "allow" (refuse what does not)
    enforcement: str  # "block" or "advisory"
    output: bool  # checked on the handler's structured result
    applies_to: tuple[str, ...]
    arguments: tuple[str, ...]  # the arguments it reads, in order (also the ones a suggestion may change)
    file: str
    pointer: str
    program: Any = field(repr=False, default=None)
    functions: Mapping[str, Callable[..., Any]] = field(repr=False, default_factory=dict)
    reads: tuple[str, ...] = ()  # the call variables the expression names: only these are converted to CEL values

    @property
    def key(self) -> tuple[Any, ...]:
        """What makes two compilations of a rule the same rule (a reload keeps runtimes whose rules did not change)."""
        return (self.policy, self.id, self.statement, self.expression, self.effect, self.enforcement, self.output,
                self.applies_to, self.arguments, self.file, self.pointer, tuple(self.functions.items()))

    @property
    def blocks(self) -> bool:
        """Whether a violation refuses the call (else it only warns)."""
        return self.enforcement == "block"

    def applies(self, tool: Descriptor) -> bool:
        """Whether the rule covers `tool` (by id, tag or glob; every tool without `applies_to`)."""
        if not self.applies_to:
            return True
        tags = descriptor_labels(tool)[0]
        return any(_covers(p, tool.id, tags) for p in self.applies_to)

    def violated(self, variables: dict[str, Any]) -> bool:
        """Whether these variables break the rule; raises what the evaluation raises."""
        given = {name: variables[name] for name in self.reads if name in variables}
        import cel  # imported by the rule's compile already: a dictionary lookup

        context: Any = cel.Context(variables=given, functions=dict(self.functions)) if self.functions else given
        value = self.program.execute(context)
        if not isinstance(value, bool):
            raise TypeError(f"the expression gave {type(value).__name__} {value!r}, not a boolean")
        return value if self.effect == "deny" else not value

    def as_dict(self) -> dict[str, Any]:
        """The rule as the envelope and `_meta` name it."""
        return {"policy": self.policy, "rule": self.id, "statement": self.statement, "effect": self.effect,
                "enforcement": self.enforcement, "expression": self.expression}


@dataclass(frozen=True)
class Check:
    """The outcome of checking a call: the rules it breaks (blocking, advisory) and the rules that could not decide."""

    blocked: tuple[Rule, ...] = ()
    advised: tuple[Rule, ...] = ()
    failed: tuple[tuple[Rule, str], ...] = ()  # (rule, why its evaluation failed); blocking ones are in `blocked` too


@dataclass(frozen=True, eq=False)
class Rules:
    """The rules that apply to one tool, split by when they run; a tool without any has None instead (one check)."""

    tool: Descriptor
    inputs: tuple[Rule, ...]
    outputs: tuple[Rule, ...]
    tool_view: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[Any, ...]:
        """What makes two compilations the same."""
        return tuple(r.key for r in (*self.inputs, *self.outputs))

    def variables(self, args: Any, agent: str | None, lang: str | None, **more: Any) -> dict[str, Any]:
        """The CEL variables of a call."""
        return {"tool": self.tool_view, "args": args if isinstance(args, dict) else {}, "agent": agent or "", "lang": lang or "",
                "now": dt.datetime.now(dt.UTC), **more}

    def check(self, rules: Iterable[Rule], variables: dict[str, Any]) -> Check:
        """Which of `rules` these variables break."""
        blocked: list[Rule] = []
        advised: list[Rule] = []
        failed: list[tuple[Rule, str]] = []
        for rule in rules:
            try:
                broken = rule.violated(variables)
            except Exception as exc:
                why = f"{type(exc).__name__}: {exc}"
                _log.warning("policy %s rule %s could not be evaluated for %s (%s): %s", rule.policy, rule.id, self.tool.id,
                             "refused" if rule.blocks else "skipped", why)
                failed.append((rule, why))
                broken = rule.blocks
            if broken:
                (blocked if rule.blocks else advised).append(rule)
        return Check(tuple(blocked), tuple(advised), tuple(failed))


def rule_arguments(expression: str, declared: Any = None) -> tuple[str, ...]:
    """The arguments a rule reads: its `arguments` list, then every `args.NAME` / `args["NAME"]` of its expression."""
    names = [n for n in declared if isinstance(n, str)] if isinstance(declared, list) else []
    names += [m.group(1) or m.group(2) or m.group(3) for m in _ARG.finditer(expression)]
    return tuple(dict.fromkeys(names))


def compile_policies(catalog: Catalog, load: Callable[[str], tuple[Callable[..., Any] | None, str]]
                     ) -> tuple[dict[str, Rules | None], list[Problem]]:
    """The rules of every tool of the catalogue (None for a tool no enforced rule covers) and the INVALID_POLICY problems.

    `load` resolves a policy function's `module:function` (as handlers are: atdf_mcp.bindings).
    """
    rules: list[Rule] = []
    problems: list[Problem] = []
    origins: dict[str, Callable[[str], str]] = {}
    for policy in catalog.by_type.get("policy", ()):
        origin = catalog.origin_of(policy)
        origins[policy.id] = lambda pointer, policy=policy, origin=origin: policy.source.pointer + origin(pointer)
        found, bad = _policy_rules(policy, origin, load)
        rules += found
        problems += bad
    problems += _covering_nothing(rules, catalog, origins)
    by_tool: dict[str, Rules | None] = {}
    for tool in catalog.tools:
        mine = [r for r in rules if r.applies(tool)]
        by_tool[tool.id] = Rules(tool, tuple(r for r in mine if not r.output), tuple(r for r in mine if r.output),
                                 _tool_view(tool)) if mine else None
    return by_tool, problems


def _covering_nothing(rules: list[Rule], catalog: Catalog, origins: Mapping[str, Callable[[str], str]]) -> list[Problem]:
    """A DANGLING_REFERENCE warning for each `applies_to` entry no tool of the catalogue matches (a typo, a tool since
    removed): a rule its author believes enforced that covers nothing."""
    labelled = [(tool.id, descriptor_labels(tool)[0]) for tool in catalog.tools] if any(r.applies_to for r in rules) else []
    problems = []
    for rule in rules:
        for k, pattern in enumerate(rule.applies_to):
            if not any(_covers(pattern, tool_id, tags) for tool_id, tags in labelled):
                where = origins[rule.policy](f"{rule.pointer}/applies_to/{k}")
                problems.append(Problem(rule.file, where, f"rule {rule.id!r}: applies_to {pattern!r} matches no tool (by id, tag or "
                                        "glob) of the catalogue, so it is enforced on nothing there", "warning",
                                        Code.DANGLING_REFERENCE))
    return problems


def _covers(pattern: str, tool_id: str, tags: Container[str]) -> bool:
    """Whether an `applies_to` entry names a tool: its id by glob, or one of its tags."""
    return fnmatchcase(tool_id, pattern) or pattern.casefold() in tags


def _policy_rules(policy: Descriptor, origin: Callable[[str], str], load: Callable[[str], tuple[Callable[..., Any] | None, str]]
                  ) -> tuple[list[Rule], list[Problem]]:
    """The enforced rules of one policy descriptor, and its problems."""
    data = policy.content if isinstance(policy.content, dict) else {}
    file = policy.source.file

    def problem(pointer: str, message: str) -> Problem:
        return Problem(file, policy.source.pointer + origin(pointer), message, "error", Code.INVALID_POLICY)

    problems: list[Problem] = []
    functions: dict[str, Callable[..., Any]] = {}
    written = data.get("functions")
    if written is not None and not isinstance(written, dict):
        problems.append(problem("/content/data/functions", "a policy's functions map CEL function names to \"module:function\""))
    for name, reference in (written or {}).items():
        function, why = load(reference) if isinstance(reference, str) else (None, "is not a \"module:function\" string")
        if function is None:
            problems.append(problem(f"/content/data/functions/{name}", f"policy function {name!r}: {reference!r} {why}"))
        else:
            functions[name] = function
    default = data.get("enforcement") if data.get("enforcement") in ("block", "advisory") else None
    rules: list[Rule] = []
    for i, raw in enumerate(data.get("rules") or ()):
        if not isinstance(raw, dict) or not isinstance(raw.get("expression"), str):
            continue  # prose: served and shown, never enforced
        where = f"/content/data/rules/{i}"
        rule, why = _rule(policy, raw, default, functions, file, where)
        if rule is None:
            problems.append(problem(why[0], why[1]))
        else:
            rules.append(rule)
    return rules, problems


def _rule(policy: Descriptor, raw: dict[str, Any], default: str | None, functions: dict[str, Callable[..., Any]], file: str,
          where: str) -> tuple[Rule | None, tuple[str, str]]:
    """One rule compiled, or (None, (pointer, why it cannot be enforced))."""
    rule_id = str(raw.get("id") or where.rsplit("/", 1)[-1])
    expression = raw["expression"]
    effect = raw.get("effect", "deny")
    if effect not in ("deny", "allow"):
        return None, (f"{where}/effect", f"rule {rule_id!r}: effect is \"deny\" or \"allow\", not {effect!r}")
    enforcement = raw.get("enforcement", default or "block")
    if enforcement not in ("block", "advisory"):
        return None, (f"{where}/enforcement", f"rule {rule_id!r}: enforcement is \"block\" or \"advisory\", not {enforcement!r}")
    applies_to = raw.get("applies_to", [])
    applies_to = [applies_to] if isinstance(applies_to, str) else applies_to
    if not isinstance(applies_to, list) or not all(isinstance(a, str) and a for a in applies_to):
        return None, (f"{where}/applies_to", f"rule {rule_id!r}: applies_to is a list of tool ids, tags or globs")
    output = raw.get("applies_to_output", False)
    if not isinstance(output, bool):
        return None, (f"{where}/applies_to_output", f"rule {rule_id!r}: applies_to_output is true or false")
    import cel  # at the first rule: the package imports its CLI (≈ 0.2 to 0.4 s), which a catalogue without rules never pays

    try:
        program = cel.compile(expression)
    except Exception as exc:
        return None, (f"{where}/expression", f"rule {rule_id!r}: the CEL expression does not compile: {exc}")
    unknown = _unknown_names(program, expression, functions, output)
    if unknown:
        return None, (f"{where}/expression", f"rule {rule_id!r}: the CEL expression names {unknown}")
    reads = tuple(sorted(set(program.references().get("variables", ())) & (_VARIABLES | {"result"})))
    return Rule(policy.id, rule_id, str(raw.get("statement") or ""), expression, effect, enforcement, output,
                tuple(applies_to), rule_arguments(expression, raw.get("arguments")), file, where, program, dict(functions),
                reads), ("", "")


def _unknown_names(program: Any, expression: str, functions: Mapping[str, Any], output: bool) -> str:
    """The variables and functions an expression names that no call will have, in words ("" when none)."""
    references = program.references()
    binders = set(_BINDER.findall(expression))
    allowed = _VARIABLES | {"result"} if output else _VARIABLES
    variables = sorted(set(references.get("variables", ())) - allowed - binders)
    calls = sorted(f for f in references.get("functions", ())
                   if f[0].isalpha() and f not in _STDLIB and f not in functions and f.split(".")[-1] not in _STDLIB)
    words = []
    if variables:
        words.append(f"unknown variable(s) {', '.join(variables)} (it sees {', '.join(sorted(allowed))})")
    if calls:
        words.append(f"unknown function(s) {', '.join(calls)} (declare them under the policy's \"functions\")")
    return "; ".join(words)


def _tool_view(tool: Descriptor) -> dict[str, Any]:
    """`tool` as expressions see it."""
    tags = tool.metadata.get("tags") if isinstance(tool.metadata, dict) else None
    category = tool.metadata.get("category") if isinstance(tool.metadata, dict) else None
    return {"name": tool.id, "tags": [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else [],
            "category": category if isinstance(category, str) else ""}

