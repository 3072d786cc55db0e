"""What a descriptor says of other descriptors, confined to those one tool set shows.

A descriptor names others by id in its prerequisites (`tools`, `resources`, `policies`), in OpenAkita's
`related_tools`, and in the `check_tool` of an OpenAkita prerequisite. A tool set's view (atdf_mcp.view) serves each
descriptor with the names of the catalogue's descriptors outside the set left out, so that no route (tools/list,
the ARDF resources, get_tool_info, the REST documents) tells its clients about what does not exist for them. A name
of nothing in the catalogue (a resource outside it) stays as written, as in the whole catalogue.

    >>> from atdf_mcp import load_catalog
    >>> hotel_reservation = load_catalog("descriptors").get("hotel_reservation")
    >>> hotel_reservation.prerequisites["resources"]
    ['search_hotels', 'date_range_validator']
    >>> confined(hotel_reservation, hidden=frozenset({"search_hotels"})).prerequisites["resources"]
    ['date_range_validator']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .dialects.openakita import prerequisite_texts
from .model import Descriptor

__all__ = ["REFERENCE_KEYS", "confined"]

REFERENCE_KEYS = ("tools", "resources", "policies")
"""The prerequisites that list ids of other descriptors (ATDF 2.x `tools`, ARDF `resources` and `policies`)."""


def confined(d: Descriptor, hidden: frozenset[str]) -> Descriptor:
    """The descriptor without its references to the ids in `hidden` (itself when it makes none)."""
    update: dict[str, Any] = {}
    prerequisites = _without(d.prerequisites, hidden)
    if d.dialect == "openakita" and _checks_hidden(d.raw.get("prerequisites"), hidden):
        prerequisites = {**prerequisites, "conditions": prerequisite_texts(d.raw.get("prerequisites"), hidden)}
    if prerequisites is not d.prerequisites:
        update["prerequisites"] = prerequisites
    related = d.hints.get("related_tools")
    if related and any(_named(r) in hidden for r in related):
        update["hints"] = {**d.hints, "related_tools": [r for r in related if _named(r) not in hidden]}
    written = d.raw.get("related_tools")  # also carried as written into the tool's ARDF resource (dialects.carried)
    if isinstance(written, list) and any(_named(r) in hidden for r in written):
        update["raw"] = {**d.raw, "related_tools": [r for r in written if _named(r) not in hidden]}
    if d.dialect == "ardf":  # the ARDF writer serves an ARDF descriptor as it was written
        raw_prerequisites = _without(d.raw.get("prerequisites"), hidden)
        if raw_prerequisites is not d.raw.get("prerequisites"):
            update["raw"] = {**update.get("raw", d.raw), "prerequisites": raw_prerequisites}
    return d.model_copy(update=update) if update else d


def _without(prerequisites: Any, hidden: frozenset[str]) -> Any:
    """Prerequisites without the hidden ids in their lists of ids (the very object when none is hidden)."""
    if not isinstance(prerequisites, Mapping):
        return prerequisites
    changed = {key: [ref for ref in refs if not (isinstance(ref, str) and ref in hidden)]
               for key in REFERENCE_KEYS if isinstance(refs := prerequisites.get(key), list)
               and any(isinstance(ref, str) and ref in hidden for ref in refs)}
    if not changed:
        return prerequisites
    return {key: value for key, value in {**prerequisites, **changed}.items() if value != [] or key not in changed}


def _checks_hidden(items: Any, hidden: frozenset[str]) -> bool:
    """Whether an OpenAkita prerequisite is checked with a hidden tool."""
    return isinstance(items, list) and any(isinstance(p, dict) and isinstance(p.get("check_tool"), str) and p["check_tool"] in hidden
                                           for p in items)


def _named(related: Any) -> Any:
    """The tool a related-tools entry names (None for an entry without a name)."""
    name = related.get("name") if isinstance(related, dict) else None
    return name if isinstance(name, str) else None
