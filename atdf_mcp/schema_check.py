"""Check a JSON Schema against its metaschema (the draft its `$schema` names, 2020-12 by default), offline."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from .budget import clipped
from .codes import Code
from .dialects import DIALECT
from .schemas import to_pointer

if TYPE_CHECKING:
    import jsonschema

__all__ = ["mcp_shape_problem", "metaschema_problem", "written_schema_problems"]

# The `$schema` of each draft exactly as python-jsonschema's metaschemas write it: for these (and for no `$schema`)
# jsonschema-rs picks the same draft from its bundled metaschemas. Any other value goes to python-jsonschema, since
# jsonschema-rs would try to fetch an unknown metaschema.
_BUNDLED_DRAFTS = frozenset({
    "http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#",
    "http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema",
    "https://json-schema.org/draft/2020-12/schema",
})


def metaschema_problem(schema: Any) -> tuple[str, str] | None:
    """(pointer inside the schema, message) of the first metaschema violation of `schema`, or None when it is valid.

    The draft is the one `$schema` names (2020-12 when absent); jsonschema-rs decides (a few µs a schema),
    python-jsonschema explains a failure. Both use bundled metaschemas: nothing is ever fetched, whatever `$schema` or `$ref` say.
    """
    if isinstance(schema, bool):
        return None
    if not isinstance(schema, dict):
        return "", f"not a JSON Schema: expected an object (or a boolean), got {_kind(schema)}"
    declared = schema.get("$schema")
    if declared is not None and not isinstance(declared, str):
        return "/$schema", f"not a valid JSON Schema: $schema must be a URI string naming a draft, not {_kind(declared)}"
    if declared is None or declared in _BUNDLED_DRAFTS:
        try:  # jsonschema-rs's bundled metaschemas, no $schema meaning 2020-12: a few µs, and no python-jsonschema import
            if jsonschema_rs.meta.is_valid(schema):
                return None
        except Exception:  # a value jsonschema-rs cannot take in: python-jsonschema decides alone
            pass
    import jsonschema  # explaining a failure (or judging an unusual $schema) is rare: keep its import off the start

    draft = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    checker = _checker(draft)
    try:
        if _fast_checker(draft).is_valid(schema):
            return None
    except Exception:  # a value jsonschema-rs cannot take in: python-jsonschema decides alone
        pass
    try:
        if checker.is_valid(schema):
            return None
        error = jsonschema.exceptions.best_match(checker.iter_errors(schema))
    except RecursionError:
        return "", "not checkable against its metaschema: it nests too deeply"
    if error is None:
        return None
    path = list(error.absolute_path)
    message = error.message
    if path and path[-1] == "type" and isinstance(error.instance, str):
        message = (f"{clipped(error.instance)!r} is not a JSON Schema type; expected one of string, integer, number, "
                   "boolean, array, object or null")
    return to_pointer(path), f"not a valid JSON Schema ({checker.META_SCHEMA.get('$schema', 'draft 2020-12')}): {message}"


def _root_type(schema: dict[str, Any]) -> str:
    """What a schema's root says instead of `"type": "object"`: its type, or the union it holds at the root."""
    if "type" in schema:
        return f"not {schema['type']!r}"
    union = next((k for k in ("oneOf", "anyOf", "allOf") if isinstance(schema.get(k), list)), None)
    if union is None:
        return "and it has no \"type\""
    kinds = [str(s.get("type")) for s in schema[union] if isinstance(s, dict) and "type" in s]
    return (f"and it has no \"type\" but a {union!r} at the root" + (f" ({', '.join(kinds)})" if kinds else "")
            + ": describe the object the tool returns, or leave \"outputSchema\" out")


def mcp_shape_problem(schema: dict[str, Any]) -> tuple[str, str] | None:
    """(pointer, message) when a valid JSON Schema still breaks MCP's Tool shape, which TypeScript clients enforce on
    tools/list (a failure there loses every tool): root `"type": "object"`, each of `properties` an object."""
    if schema.get("type") != "object":
        return "/type", f"not accepted by MCP clients: its root must be \"type\": \"object\", {_root_type(schema)}"
    properties = schema.get("properties")
    for name, value in properties.items() if isinstance(properties, dict) else ():
        if not isinstance(value, dict):
            return (f"/properties/{str(name).replace('~', '~0').replace('/', '~1')}",
                    f"not accepted by MCP clients: property {name!r} is {value!r}, and they accept only an object "
                    "schema there (write {} for any value)")
    return None


def written_schema_problems(dialect: str, descriptor: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(pointer, message, code) for every JSON Schema written in a descriptor that its metaschema rejects.

    The code is INVALID_OUTPUT_SCHEMA for an output schema, INVALID_INPUT_SCHEMA for the others.
    """
    problems = []
    for path, code in _written(dialect):
        for pointer, schema in _at(descriptor, path, ""):
            problem = metaschema_problem(schema)
            if problem is not None:
                problems.append((pointer + problem[0], f"{pointer.rsplit('/', 1)[-1]} is {problem[1]}", code))
    return problems


@cache
def _written(dialect: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Where a dialect writes JSON Schemas verbatim, each with the code of a problem there: (path, code).

    A path leads to a schema, or through a list of inputs (`*`) to the `schema` of each.
    """
    pointers = DIALECT[dialect].pointers
    places = [(pointers["input_schema"], Code.INVALID_INPUT_SCHEMA)] if "input_schema" in pointers else []
    places.append((pointers["output_schema"], Code.INVALID_OUTPUT_SCHEMA))
    if "inputs" in pointers:
        places.append((pointers["inputs"] + "/*/schema", Code.INVALID_INPUT_SCHEMA))
    return tuple((tuple(pointer.split("/")[1:]), code) for pointer, code in places)


def _at(node: Any, path: tuple[str, ...], pointer: str) -> list[tuple[str, Any]]:
    """(pointer, value) of every value at `path` under `node` (`*` walks a list); absent keys yield nothing."""
    if not path:
        return [(pointer, node)]
    head, rest = path[0], path[1:]
    if head == "*":
        return [hit for i, item in enumerate(node) for hit in _at(item, rest, f"{pointer}/{i}")] if isinstance(node, list) else []
    if not isinstance(node, dict) or node.get(head) is None:
        return []
    return _at(node[head], rest, f"{pointer}/{head}")


@cache
def _checker(cls: type[jsonschema.protocols.Validator]) -> jsonschema.protocols.Validator:
    """One metaschema validator per draft, built once."""
    return cls(cls.META_SCHEMA)


@cache
def _fast_checker(cls: type[jsonschema.protocols.Validator]) -> jsonschema_rs.Validator:
    """The same metaschema compiled by jsonschema-rs, offline, once."""
    return jsonschema_rs.validator_for(cls.META_SCHEMA, offline=True)


def _kind(value: Any) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            type(None): "null"}.get(type(value), type(value).__name__)
