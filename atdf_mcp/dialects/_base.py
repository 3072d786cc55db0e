"""What every dialect reader shares: its signature, its options and small text helpers."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ..model import Descriptor, Example, Failure, Source

__all__ = [
    "ANNOTATION_KEYS", "BINDING_KEYS", "Dialect", "ReadOptions", "Reader", "Writer", "binding_of", "examples_of",
    "failures_of", "resolve",
]

# Keys that say how a tool is executed (DESIGN decision 8), wherever a dialect lets them sit.
BINDING_KEYS = (
    "handler", "endpoint", "method", "headers", "query", "body", "path_params", "timeout",
    "retries", "response", "idempotent", "max_response_bytes", "auth",
)
ANNOTATION_KEYS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """Catalogue-wide choices a reader needs (DESIGN decision 4)."""

    atdf1_required: bool = True


class Reader(Protocol):
    """A dialect reader: one schema-valid raw descriptor → one normalized Descriptor."""

    def __call__(self, raw: dict[str, Any], source: Source, options: ReadOptions) -> Descriptor: ...


class Writer(Protocol):
    """A dialect writer: one normalized Descriptor → one document of the dialect (ValueError when it cannot)."""

    def __call__(self, d: Descriptor) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """Everything the rest of the package may know about one dialect.

    `pointers` names where the dialect writes each normalized field, as JSON pointers into one descriptor:
    id (and id_alias), description, when_to_use, version, input_schema (a verbatim JSON Schema), inputs
    (a list of ATDF-style inputs), output_schema, examples (+ `example_input`, the key of an example's
    arguments), prerequisites (ids of other resources), related_tools, content, steps. A dialect that has
    no such field leaves the key out.
    """

    name: str
    label: str  # how messages name the format
    read: Reader
    pointers: Mapping[str, str]
    versions: re.Pattern[str] | None = None  # the schema_version values it supports; None: any
    versions_text: str = ""  # the same, for a message ("1.0.0", "1.x or 2.x")
    write: Writer | None = None
    writes_only: frozenset[str] | None = None  # the resource types its writer takes; None: every type
    inline_binding: bool = True  # whether its schema lets a descriptor name its handler or endpoint

    def can_write(self, resource_type: str) -> bool:
        """Whether the writer takes a descriptor of `resource_type` (a connector, a prompt, ...)."""
        return self.write is not None and (self.writes_only is None or resource_type in self.writes_only)

    def supports(self, version: Any) -> bool:
        """Whether a descriptor declaring `schema_version: version` can be read (a wrong type is the schema's to report)."""
        return not isinstance(version, str) or self.versions is None or self.versions.fullmatch(version) is not None

    def id_pointer(self, raw: Mapping[str, Any]) -> str:
        """The pointer of the id a descriptor of this dialect wrote ('' when it wrote none)."""
        for key in ("id", "id_alias"):
            pointer = self.pointers.get(key)
            if pointer and pointer[1:] in raw:
                return pointer
        return ""

    def input_pointer(self, raw: Mapping[str, Any]) -> tuple[str, bool]:
        """Where a descriptor's input schema was written, and whether verbatim (else built from an inputs list)."""
        verbatim = self.pointers.get("input_schema")
        if verbatim and isinstance(resolve(raw, verbatim), dict):
            return verbatim, True
        inputs = self.pointers.get("inputs")
        return (inputs, False) if inputs else (verbatim or "", True)


def resolve(document: Any, pointer: str) -> Any:
    """The value at a JSON pointer of `document` (object keys and array indexes; None when absent)."""
    node = document
    for part in pointer.split("/")[1:] if pointer else ():
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def binding_of(*places: Any) -> dict[str, Any]:
    """The execution keys found in the given mappings; the first place that has a key wins."""
    binding: dict[str, Any] = {}
    for place in places:
        if isinstance(place, dict):
            for key in BINDING_KEYS:
                if key in place and key not in binding:
                    binding[key] = place[key]
    return binding


def annotations_of(*places: Any) -> dict[str, Any]:
    """MCP tool annotations (readOnlyHint, ...) given in metadata or an `annotations` block."""
    found: dict[str, Any] = {}
    for place in places:
        if isinstance(place, dict):
            nested = place.get("annotations")
            for source in (place, nested if isinstance(nested, dict) else {}):
                for key in ANNOTATION_KEYS:
                    if isinstance(source.get(key), bool) and key not in found:
                        found[key] = source[key]
            if isinstance(nested, dict) and isinstance(nested.get("title"), str) and "title" not in found:
                found["title"] = nested["title"]  # the annotations' own title (MCP ToolAnnotations.title)
    return found


def failures_of(outputs: Any) -> tuple[Failure, ...]:
    """The declared failures of an ATDF/ARDF `outputs` block."""
    failures = outputs.get("failure") if isinstance(outputs, dict) else None
    return tuple(
        Failure.build(
            code=str(f["code"]),
            description=str(f.get("description", "")),
            suggested_value=f.get("suggested_value"),
            context=f.get("context") if isinstance(f.get("context"), dict) else {},
            parameter=_tied_parameter(f),
            checks=_tied_checks(f.get("checks")),
        )
        for f in failures or ()
        if isinstance(f, dict) and f.get("code")
    )


def _tied_parameter(failure: dict[str, Any]) -> str | None:
    """The argument a declared failure is tied to (`parameter`, or `field` as in the enriched envelope)."""
    value = failure.get("parameter", failure.get("field"))
    return value if isinstance(value, str) and value else None


def _tied_checks(value: Any) -> tuple[str, ...]:
    """The JSON Schema keywords a declared failure covers (`checks`: one keyword or a list)."""
    if isinstance(value, str):
        return (value,)
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def examples_of(items: Any, name_key: str, input_key: str, output_key: str, narrative_key: str = "") -> tuple[Example, ...]:
    """Examples mapped from a dialect's own key names (anything but a list of objects holds none)."""
    if not isinstance(items, list):
        return ()
    return tuple(
        Example.build(
            name=str(item.get(name_key, "") or ""),
            input=item.get(input_key),
            output=item.get(output_key),
            narrative=str(item.get(narrative_key, "") or "") if narrative_key else "",
        )
        for item in items
        if isinstance(item, dict)
    )


def split_when_to_use(description: str) -> tuple[str, str]:
    """Split a description of the form "...\\n\\nWhen to use: ..." into its two parts."""
    head, marker, tail = description.partition("When to use:")
    if not marker:
        return description, ""
    return head.strip(), tail.strip()
