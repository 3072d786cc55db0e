"""What the ARDF resource of a tool written in another dialect carries beyond ARDF's own fields, and reads back.

ARDF admits keys of its own at a resource's root, so nothing a tool says is lost on the way to its ARDF resource:
OpenAkita's Level-2 guidance (`detail`, `triggers`, `warnings`, `related_tools`, `workflow`) keeps its names, and a
key no format defines (`x-owner`, `support_url`) is kept as written. The ARDF reader takes the guidance back, so a
catalogue of those ARDF resources serves the same tools. A value nested past MAX_META_DEPTH is not carried (a
collection of resources holding it could not be encoded: GET /tools answered 500), and `carried_problems` says so. A
string under a credential-named key in such a key (or an ARDF document's own) is `***` in what clients read
(`for_clients`, see `credentials`), said the same way; `convert` writes it as it is.
"""

from __future__ import annotations

from typing import Any

from ..schemas import SCHEMAS, to_pointer
from ._base import BINDING_KEYS
from .credentials import masked, withheld_headers
from .tool_fields import MAX_META_DEPTH, deeper_than, first_few

__all__ = ["GUIDANCE_KEYS", "carried", "carried_problems", "for_clients", "guidance_of", "header_problems"]

GUIDANCE_KEYS = ("detail", "triggers", "warnings", "related_tools", "workflow")
# read into the descriptor by some dialect, so written by the ARDF writer in ARDF's own terms
_READ = frozenset({"annotations", "icons", "_meta", "title", "task", "output_schema", "outputSchema",
                   "$schema", *BINDING_KEYS})
_ARDF_ROOT = frozenset(SCHEMAS["ardf"].schema.get("properties", {}))
_KNOWN = {dialect: frozenset(SCHEMAS[dialect].schema.get("properties", {})) | _READ
          for dialect in ("atdf1", "atdf2", "mcp", "openakita")}


def carried(raw: dict[str, Any], dialect: str, written: dict[str, Any]) -> dict[str, Any]:
    """The root keys to add to `written` (the ARDF form of a tool of `dialect` whose descriptor is `raw`)."""
    out = {key: raw[key] for key in GUIDANCE_KEYS if dialect == "openakita" and raw.get(key) not in (None, "", [], {})}
    known = _KNOWN.get(dialect)
    for key, value in raw.items():
        if known is not None and key not in known and key not in written and key not in _ARDF_ROOT and key not in out:
            out[key] = value
    return {key: value for key, value in out.items() if not deeper_than(value, MAX_META_DEPTH)}


def for_clients(doc: dict[str, Any]) -> dict[str, Any]:
    """An ARDF document as clients read it: credential-named values in its root keys beyond ARDF's own, and credential
    headers written out in its HTTP binding, as `***`."""
    extra = [k for k in doc if k not in _ARDF_ROOT]
    if extra:
        doc = {key: masked(value)[0] if key in extra else value for key, value in doc.items()}
    return withheld_headers(doc)[0]


def carried_problems(raw: dict[str, Any], dialect: str) -> list[tuple[str, str]]:
    """(pointer, message) of the root keys of a tool of `dialect` not carried into its ARDF resource as written: the first
    few one by one, then a count."""
    known = _KNOWN.get(dialect)
    keys = [k for k in raw if k in GUIDANCE_KEYS or (known is not None and k not in known and k not in _ARDF_ROOT)]
    deep = [(to_pointer((k,)), f"this value nests more than {MAX_META_DEPTH} levels: it is left out of the tool's ARDF "
             "resource; flatten it") for k in keys if deeper_than(raw[k], MAX_META_DEPTH)]
    own = [k for k in raw if k not in _ARDF_ROOT] if dialect == "ardf" else keys  # what its ARDF resource carries
    withheld = [(where, "this looks like a credential: it is published as \"***\" in the tool's ARDF resource, which "
                 "every client can read; keep it out of the descriptor (in the environment, or atdf-mcp.yaml's "
                 "bindings)") for k in own if not deeper_than(raw[k], MAX_META_DEPTH)
                for where in masked(raw[k], to_pointer((k,)))[1]]
    taken = {w for w, _m in withheld}
    return first_few(deep + withheld + [(w, m) for w, m in header_problems(raw) if w not in taken], "root keys")


def header_problems(raw: dict[str, Any]) -> list[tuple[str, str]]:
    """(pointer, message) of each HTTP header of a descriptor (a tool's binding, a connector's) holding a credential as
    written: clients read it as `***`."""
    return [(where, "this header holds a credential as written: clients read it as \"***\" (the server still sends it); "
             "read it from the environment instead (\"Bearer ${VAR}\", or atdf-mcp.yaml's bindings auth)")
            for where in withheld_headers(raw)[1]]


def guidance_of(raw: dict[str, Any]) -> dict[str, Any]:
    """The guidance hints an ARDF tool gives at its root (those the OpenAkita reader keeps), each only when given."""
    found: dict[str, Any] = {}
    if isinstance(raw.get("detail"), str) and raw["detail"]:
        found["detail"] = raw["detail"]
    for key in ("triggers", "warnings"):
        if isinstance(raw.get(key), list) and raw[key]:
            found[key] = [str(item) for item in raw[key]]
    if isinstance(raw.get("related_tools"), list):
        related = [r for r in raw["related_tools"] if isinstance(r, dict)]
        if related:
            found["related_tools"] = related
    if isinstance(raw.get("workflow"), dict) and not deeper_than(raw["workflow"], MAX_META_DEPTH):
        found["workflow"] = raw["workflow"]
    return found
