"""A null sent for an optional input whose schema refuses null: left out, as if it had not been sent.

    >>> schema = {"type": "object", "required": ["name"], "properties": {
    ...     "name": {"type": "string"}, "tags": {"type": "array"}, "note": {"type": ["string", "null"]},
    ...     "place": {"type": "object", "properties": {"floor": {"type": "integer"}}}}}
    >>> without_refused_nulls(schema, {"name": "lamp", "tags": None, "note": None, "place": {"floor": None}})
    ({'name': 'lamp', 'note': None, 'place': {}}, ('tags', 'place.floor'))
    >>> without_refused_nulls(schema, {"name": None})
    ({'name': None}, ())

Clients built on pydantic models send every optional input the model left out as null: CrewAI's `BaseTool.run`
validates the call with a model made from the input schema and sends `model_dump()`, nulls included, at every level.
Refusing the null (with the call without it as suggested_arguments) left such an agent in a loop: its retry of the
suggested call sent the same null again. Leaving an optional input out is what the null meant; the server does it only
for an input whose own schema states a type, enum or const that refuses null (a null the schema allows is passed on;
one for a required input, or under a union, is still refused), and only when the call is then valid. The result's
`_meta["atdf.io/arguments"]` names what was left out.
"""

from __future__ import annotations

from typing import Any

import mcp.types as types

from .inner_call import ARGUMENTS_META_KEY

__all__ = ["NOTE", "left_out", "without_refused_nulls"]

NOTE = ("These inputs arrived as null, which their type refuses; they are optional, so the tool was called without them. "
        "Leave out an input you do not give, rather than sending null.")


def without_refused_nulls(schema: Any, arguments: Any) -> tuple[Any, tuple[str, ...]]:
    """`arguments` without the nulls sent for optional inputs whose schema refuses null, and their dotted paths (the same
    object and () when there is none)."""
    dropped: list[str] = []
    kept = _trimmed(schema, arguments, "", dropped)
    return (kept, tuple(dropped)) if dropped else (arguments, ())


def left_out(result: types.CallToolResult, paths: tuple[str, ...]) -> types.CallToolResult:
    """`result`, its `_meta` naming the inputs left out (beside what else the key holds)."""
    meta = dict(result.meta or {})
    said = meta.get(ARGUMENTS_META_KEY)  # atdf-mcp's key: kept when it is its own note (an inner call's), else replaced
    meta[ARGUMENTS_META_KEY] = {**(said if isinstance(said, dict) else {}), "left_out": list(paths), "note": NOTE}
    return result.model_copy(update={"meta": meta})


def _trimmed(schema: Any, value: Any, where: str, dropped: list[str]) -> Any:
    """`value` (an object) with its refused optional nulls left out, the paths left out added to `dropped`."""
    props = schema.get("properties") if type(schema) is dict else None
    if type(value) is not dict or type(props) is not dict:
        return value
    required = schema.get("required")
    required = set(required) if isinstance(required, list) else set()
    copy: dict[str, Any] | None = None
    for name, item in value.items():
        prop = props.get(name)
        if item is None and name not in required and _refuses_null(prop):
            copy = copy if copy is not None else dict(value)
            del copy[name]
            dropped.append(f"{where}{name}")
        elif type(item) is dict:
            done = _trimmed(prop, item, f"{where}{name}.", dropped)
            if done is not item:
                copy = copy if copy is not None else dict(value)
                copy[name] = done
    return copy if copy is not None else value


def _refuses_null(prop: Any) -> bool:
    """Whether the input's own schema refuses null by its type, enum or const (False when it says nothing of its own)."""
    if type(prop) is not dict:
        return False
    kind = prop.get("type")
    if isinstance(kind, str) and kind != "null":
        return True
    if isinstance(kind, list) and kind and "null" not in kind:
        return True
    if isinstance(prop.get("enum"), list) and None not in prop["enum"]:
        return True
    return "const" in prop and prop["const"] is not None
