"""The const of a union's member (its discriminator) put in place of the caller's value, only when that member is what
the rest of the object says.

    {"type": "webhook", "webhook_url": "https://hooks.slack.com/…"} → "slack": the URL fits the Slack member only, and
    the discriminator is that member's one problem.
    {"type": "teams", "webhook_url": "https://acme.webhook.office.com/…"} → nothing: the URL fits no member either, so
    the closest member is a guess, and "teams" names a channel the union does not offer.

A value that is the const re-cased or misspelt ("Slack", "slak") is always the const.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .missing import MISSING
from .spelling import closest_spelling, norm

if TYPE_CHECKING:
    import jsonschema

__all__ = ["const_fix"]


def const_fix(error: jsonschema.ValidationError) -> Any:
    """The const `error` asks for, unless it replaces another word in a union member the object does not otherwise fit."""
    rule, received = error.validator_value, error.instance
    if isinstance(received, str) and isinstance(rule, str) and (norm(received) == norm(rule) or closest_spelling(norm(received), [rule]) == rule):
        return rule
    parent = error.parent
    if parent is None or parent.validator not in ("oneOf", "anyOf") or not error.relative_schema_path:
        return rule
    branch = error.relative_schema_path[0]
    problems = {tuple(e.path) for e in parent.context if e.relative_schema_path and e.relative_schema_path[0] == branch}
    return rule if len(problems) <= 1 else MISSING
