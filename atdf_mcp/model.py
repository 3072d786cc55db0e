"""The normalized descriptor model: one shape for every dialect and every ARDF resource type.

Readers in `atdf_mcp.dialects` build these objects with `build`, a lean `model_construct` (their input has
already been checked against the dialect's JSON Schema), so building a descriptor costs microseconds.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "RESOURCE_TYPES",
    "Descriptor",
    "Example",
    "Failure",
    "Input",
    "Source",
]

RESOURCE_TYPES: tuple[str, ...] = (
    "tool",
    "prompt",
    "document",
    "workflow",
    "policy",
    "model",
    "dataset",
    "connector",
    "custom",
)

Dialect = Literal["atdf1", "atdf2", "ardf", "mcp", "openakita"]


class _Frozen(BaseModel):
    # defer_build: the validators are built at first use; readers build with `build` (no validation), so a warm start
    # answers its first list without them (they cost ≈ 25 ms of its import)
    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True, defer_build=True)

    @classmethod
    def build(cls, **values: Any) -> Self:
        """`model_construct` for trusted values given by field name (not alias), defaults filled in; 2-4x faster.

        Readers build about ten models per descriptor, so this is a large share of loading time. Instances built
        with the same field names share one `model_fields_set` (a set of up to 21 names is 0.2-2 KiB, per model):
        the models are frozen, and pydantic copies that set before changing it (`model_copy(update=...)`).
        The fields are set one by one, always in field order, so that every instance of a class shares one table of
        keys (CPython's key-sharing instance dicts): a descriptor's 22 fields take 0.2 KiB instead of 0.8 KiB.
        """
        try:
            static, factories, names = _DEFAULTS[cls]
        except KeyError:
            static, factories, names = _DEFAULTS[cls] = _defaults_of(cls)
        data = {**static, **values}
        for name, factory in factories:
            if name not in values:
                data[name] = factory()
        instance = cls.__new__(cls)
        for name in names:
            if name in data:
                _set(instance, name, data[name])
        key = (cls, tuple(values))
        _set(instance, "__pydantic_fields_set__", _FIELDS_SETS.get(key) or _FIELDS_SETS.setdefault(key, set(values)))
        _set(instance, "__pydantic_extra__", None)
        _set(instance, "__pydantic_private__", None)
        return instance


_set = object.__setattr__
_FIELDS_SETS: dict[tuple[type[BaseModel], tuple[str, ...]], set[str]] = {}
_Defaults = tuple[dict[str, Any], tuple[tuple[str, Callable[[], Any]], ...], tuple[str, ...]]
_DEFAULTS: dict[type[BaseModel], _Defaults] = {}


def _defaults_of(cls: type[BaseModel]) -> _Defaults:
    """A model's plain defaults, its default factories and its field names, in field order."""
    static: dict[str, Any] = {}
    factories: list[tuple[str, Callable[[], Any]]] = []
    for name, info in cls.model_fields.items():
        if info.default_factory is not None:
            static[name] = None  # replaced below when not given
            factories.append((name, info.default_factory))  # type: ignore[arg-type]
        elif not info.is_required():
            static[name] = info.default
    return static, tuple(factories), tuple(cls.model_fields)


class Source(_Frozen):
    """Where a descriptor came from: its file, the JSON pointer inside it and the dialect."""

    file: str
    pointer: str = ""
    dialect: Dialect


class Input(_Frozen):
    """One tool input, with its full JSON Schema (every constraint carried over)."""

    name: str
    description: str = ""
    required: bool = False
    schema_: dict[str, Any] = Field(default_factory=dict, alias="schema")

    @property
    def type(self) -> str | None:
        """The JSON Schema type of the input, when it has exactly one."""
        kind = self.schema_.get("type")
        return kind if isinstance(kind, str) else None

    @property
    def enum(self) -> list[Any] | None:
        """The allowed values, when the input is an enumeration."""
        return self.schema_.get("enum")

    @property
    def format(self) -> str | None:
        """The JSON Schema format (date, date-time, email, uri, ...), if any."""
        return self.schema_.get("format")

    @property
    def minimum(self) -> float | None:
        """The inclusive lower bound, if any."""
        return self.schema_.get("minimum")

    @property
    def maximum(self) -> float | None:
        """The inclusive upper bound, if any."""
        return self.schema_.get("maximum")

    @property
    def default(self) -> Any:
        """The default value, or None."""
        return self.schema_.get("default")


class Failure(_Frozen):
    """A failure the tool declares it can return (ATDF `outputs.failure[]`).

    `parameter` and `checks` tie the code to argument checks: a wrong argument is reported with this code only
    when the failure names its parameter (dotted path) and, if `checks` is given, the JSON Schema keyword that failed.
    """

    code: str
    description: str = ""
    suggested_value: Any = None
    context: dict[str, Any] = Field(default_factory=dict)
    parameter: str | None = None
    checks: tuple[str, ...] = ()


class Example(_Frozen):
    """A worked example: a name, the input arguments and the expected output."""

    name: str = ""
    input: Any = None
    output: Any = None
    narrative: str = ""


class Descriptor(_Frozen):
    """One normalized resource of the catalogue, whatever dialect it was written in."""

    id: str
    type: str
    description: str
    when_to_use: str = ""
    title: str | None = None
    localization: dict[str, dict[str, str]] = Field(default_factory=dict)
    metadata: dict[str, Any] = Field(default_factory=dict)
    prerequisites: dict[str, Any] = Field(default_factory=dict)
    examples: tuple[Example, ...] = ()
    feedback: dict[str, Any] = Field(default_factory=dict)
    content_type: str | None = None
    content: dict[str, Any] = Field(default_factory=dict)
    inputs: tuple[Input, ...] = ()
    input_schema: dict[str, Any] | None = None
    output_schema: dict[str, Any] | None = None
    success: str = ""
    failures: tuple[Failure, ...] = ()
    binding: dict[str, Any] = Field(default_factory=dict)
    hints: dict[str, Any] = Field(default_factory=dict)
    task: bool = False  # `"task": true`: a call may run as a task (MCP tasks extension; ARDF content.data, ATDF 2.x root)
    raw: dict[str, Any] = Field(default_factory=dict)
    source: Source

    @property
    def uri(self) -> str:
        """The descriptor's ARDF resource URI (one string however often asked: listings and lookups hold it by the thousand)."""
        return sys.intern(f"ardf://{self.type}/{self.id}")

    @property
    def dialect(self) -> str:
        """The dialect the descriptor was written in."""
        return self.source.dialect

    def text(self, field: Literal["description", "when_to_use"], lang: str | None = None) -> str:
        """The description or when_to_use in `lang` (then its base language), else the default text."""
        default = getattr(self, field)
        if not lang:
            return default
        for key in (lang, lang.split("-")[0]):
            value = self.localization.get(key, {}).get(field)
            if value and not (isinstance(value, str) and value.isspace()):  # a blank translation: the default text (EMPTY_DESCRIPTION said so)
                return value
        return default

    def failure(self, code: str) -> Failure | None:
        """The declared failure with this code (case-insensitive), if any."""
        wanted = code.upper()
        return next((f for f in self.failures if f.code.upper() == wanted), None)
