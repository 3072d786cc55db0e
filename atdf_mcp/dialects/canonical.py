"""Descriptors as people write them → the canonical form of their dialect, with every deviation said.

    >>> c = canonicalize({"tool_id": "t", "description": "d", "when_to_use": "w", "how_to_use": {
    ...     "inputs": [{"name": "n", "type": "integer", "maximum": 9}], "outputs": {"success": "ok", "failure": []}}})
    >>> c.raw["how_to_use"]["inputs"][0]
    {'name': 'n', 'type': 'integer', 'schema': {'maximum': 9}, 'required': True}
    >>> c.deviations[0].pointer, c.deviations[0].fixed
    ('/how_to_use/inputs/0/maximum', True)

A deviation whose meaning is unambiguous is rewritten in place (key order kept) and said as fixed, with how to
write it; an ambiguous one is left as written and said as not fixed. `origin` maps a pointer of the canonical
form back to where the file wrote it, so later problems point into the file as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..budget import clipped
from ..inputs import JSON_TYPES, json_type, property_schema
from ..schemas import to_pointer
from . import atdf
from .api_tools import is_python_generic, nullable_type, python_type_schema, unwrap_tool_spec, written
from .atdf1_inputs import keep_required
from .dify import dify_tool
from .flowise import flowise_tool
from .responses import bfcl_response
from .toolbench import toolbench_keywords
from .version_names import atdf1_own_keys, atdf_version, keys_text

__all__ = ["PARAMETER_KEYS", "Canonical", "Deviation", "canonicalize", "may_hold_notes"]

# Keys people use for notes; JSON has no comments. Matched anywhere except where keys are names (properties, $defs).
_COMMENT_KEY = re.compile(r"^(__?comments?|//.*)$", re.IGNORECASE)
_NOTE_STARTS = ("_", "/")
_NAME_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "input_values", "input", "params",
                        "arguments", "default", "const", "enum", "examples"})

# JSON Schema keywords that an ATDF 2.x input keeps inside its `schema` (plus spellings of the SDK's flat shape).
_INPUT_KEYS = frozenset({"name", "type", "description", "required", "schema"})
_SCHEMA_KEYWORDS = frozenset({
    "enum", "const", "format", "default", "examples", "pattern", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "items",
    "prefixItems", "contains", "properties", "additionalProperties", "patternProperties", "minProperties",
    "maxProperties", "oneOf", "anyOf", "allOf", "not", "title", "deprecated", "readOnly", "writeOnly",
    "contentMediaType", "contentEncoding", "$ref", "$defs", "definitions", "nullable",
})
_NESTED_REQUIRED = frozenset({"required", "properties", "items", "additionalProperties"})  # where draft-3 flags hide
_NULLABLE_OR_NESTED = _NESTED_REQUIRED | {"nullable"}
_KEYWORD_SPELLINGS = {"min_value": "minimum", "max_value": "maximum", "min_length": "minLength", "max_length": "maxLength",
                      "example": "examples"}

# Example keys by role, and each dialect's own spelling of them (ARDF/MCP {name, input, output}, ATDF 2.x
# {goal, input_values, expected_result}, OpenAkita {scenario, params, expected}).
_EXAMPLE_ROLES = {
    "name": ("name", "goal", "title", "scenario"),
    "input": ("input", "input_values", "inputs", "params", "arguments", "args"),
    "output": ("output", "expected_result", "expected_output", "expected", "result"),
}
_EXAMPLE_KEYS = {
    "atdf": {"name": "goal", "input": "input_values", "output": "expected_result"},
    "ardf": {"name": "name", "input": "input", "output": "output"},
    "mcp": {"name": "name", "input": "input", "output": "output"},
    "openakita": {"name": "scenario", "input": "params", "output": "expected"},
}

_EXAMPLE_CANONICAL = {family: frozenset(keys.values()) for family, keys in _EXAMPLE_KEYS.items()}
_EXAMPLE_FOREIGN = {family: frozenset(k for spellings in _EXAMPLE_ROLES.values() for k in spellings) - set(keys.values())
                    for family, keys in _EXAMPLE_KEYS.items()}

# The draft ARDF design: `how_to_use` holds one block per resource type instead of `content: {type, data}`.
_DRAFT_BLOCKS: dict[str, tuple[tuple[str, ...], str]] = {
    "tool": (("invocation",), "tool/io"),
    "model": (("invocation",), "model/spec"),
    "connector": (("invocation", "access"), "connector/spec"),
    "document": (("access",), "document/ref"),
    "dataset": (("access",), "dataset/spec"),
    "workflow": (("composition",), "workflow/steps"),
    "policy": (("guardrails",), "policy/rules"),
    "prompt": (("content", "composition"), "prompt/template"),
}
_DRAFT_NAMES = frozenset({"invocation", "access", "composition", "guardrails", "content"})
_CONTENT_TYPES = {kind: ctype for kind, (_, ctype) in _DRAFT_BLOCKS.items()}
_RESOURCE_TYPES = ("tool", "prompt", "document", "workflow", "policy", "model", "dataset", "connector", "custom")
_LANG = re.compile(r"^([A-Za-z]{2})(?:[-_]([A-Za-z]{2}))?$")
_LANG_CANONICAL = re.compile(r"^[a-z]{2}(-[A-Z]{2})?$")
_PLACEHOLDER = re.compile(r"\$\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Deviation:
    """One way the file departs from its dialect's canonical form: where (as written), what, and how to write it."""

    pointer: str
    message: str
    fixed: bool  # True: rewritten canonically (a warning); False: ambiguous, left as written (an error)


class Canonical:
    """A raw descriptor rewritten in its canonical form, the deviations found, and where moved parts came from."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.deviations: list[Deviation] = []
        self._moves: list[tuple[str, str]] = []  # (canonical prefix, prefix as written)

    def origin(self, pointer: str) -> str:
        """Where the file wrote what the canonical form holds at `pointer`."""
        return Canonical.origin_in(self._moves, pointer)

    @property
    def moves(self) -> tuple[tuple[str, str], ...]:
        """(canonical prefix, prefix as written) of every part that moved."""
        return tuple(self._moves)

    @staticmethod
    def origin_in(moves: Sequence[tuple[str, str]], pointer: str) -> str:
        """Where the file wrote what the canonical form holds at `pointer`, given the moves."""
        best: tuple[str, str] | None = None
        for new, old in moves:
            if (pointer == new or pointer.startswith(new + "/")) and (best is None or len(new) > len(best[0])):
                best = (new, old)
        return pointer if best is None else best[1] + pointer[len(best[0]):]

    def fixed(self, pointer: str, message: str) -> None:
        """Say a deviation that was rewritten canonically (`pointer` in current coordinates)."""
        self.deviations.append(Deviation(self.origin(pointer), message, True))

    def ambiguous(self, pointer: str, message: str) -> None:
        """Say a deviation left as written because its meaning is not certain."""
        self.deviations.append(Deviation(self.origin(pointer), message, False))

    def moved(self, new: str, old: str) -> None:
        """Record that what is now at `new` was at `old` (both in current coordinates)."""
        self._moves.append((new, self.origin(old)))


def may_hold_notes(data: bytes) -> bool:
    """Whether a file's bytes may hold note keys at all (a microsecond check that spares the scan of most files)."""
    if b"omment" in data or b"OMMENT" in data:
        return True
    at = data.find(b"//")
    while at != -1:
        if data[at - 1:at] != b":":  # "https://" is a URL, not a "//" key
            return True
        at = data.find(b"//", at + 2)
    return False


def canonicalize(raw: Any, *, notes: bool = True, atdf1_required: bool = True) -> Canonical:
    """Rewrite one raw descriptor in place into its dialect's canonical form; say every deviation.

    `notes=False` says the file cannot hold note keys (see `may_hold_notes`), so they are not looked for;
    `atdf1_required`: the catalogue's reading of ATDF 1.x inputs, kept when a 1.x descriptor is rewritten as 2.x.
    """
    c = Canonical(raw)
    if not isinstance(raw, dict):
        return c
    if notes:
        _strip_comments(c, raw)
    unwrap_tool_spec(c, raw)
    dify_tool(c, raw)
    flowise_tool(c, raw)
    _function_shapes(c, raw)
    family = _family(raw)
    if family == "ardf":
        _ardf(c, raw)
    elif family == "atdf":
        _atdf(c, raw, atdf1_required)
    elif family in ("mcp", "openakita"):
        key = "inputSchema" if family == "mcp" else "input_schema"
        _schema_text(c, raw, key)
        if isinstance(raw.get(key), dict):
            _type_case(c, raw[key], f"/{key}")  # with OpenAPI 3.0's "nullable", in the same walk
            _draft3_required(c, raw[key], f"/{key}")
            if "optional" in raw[key]:  # ToolBench's list of optional names (and its "example_value"s)
                toolbench_keywords(c, raw[key], f"/{key}")
        if "response" in raw and family == "mcp" and bfcl_response(c, raw):  # BFCL's result schema
            _type_case(c, raw["outputSchema"], "/outputSchema")
        if family == "openakita":
            _related_names(c, raw)
    if family is not None:
        _examples(c, raw, family)
    return c


def _family(raw: dict[str, Any]) -> str | None:
    if "resource_id" in raw or "resource_type" in raw:
        return "ardf"
    if "how_to_use" in raw or "tool_id" in raw or ("id" in raw and "when_to_use" in raw):
        return "atdf"
    if "name" in raw:
        if "inputSchema" in raw:
            return "mcp"
        if "input_schema" in raw:
            return "openakita"
    return None


# ---------------------------------------------------------------------------------------------- every dialect


def _has_note(node: Any) -> bool:
    """Whether a note key is anywhere in `node` (a quick scan: most descriptors have none)."""
    if type(node) is dict:
        for key, value in node.items():
            if key[:1] in _NOTE_STARTS and _COMMENT_KEY.match(key):
                return True
            if type(value) in (dict, list) and _has_note(value):
                return True
    elif type(node) is list:
        for value in node:
            if type(value) in (dict, list) and _has_note(value):
                return True
    return False


def _strip_comments(c: Canonical, raw: dict[str, Any]) -> None:
    """Drop note keys (`__comment`, `_comment`, `//`) anywhere but where keys are names."""
    if not _has_note(raw):
        return
    stack: list[tuple[Any, tuple[Any, ...]]] = [(raw, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            names = bool(path) and path[-1] in _NAME_MAPS
            for key in [k for k in node if not names and _COMMENT_KEY.match(k)]:
                c.fixed(to_pointer((*path, key)), f"{key!r} is a note, not part of the format, and is ignored: remove it "
                        "(put what it says in a description; in YAML, write a # comment)")
                del node[key]
            stack.extend(reversed([(v, (*path, k)) for k, v in node.items() if isinstance(v, (dict, list))]))
        else:
            stack.extend(reversed([(v, (*path, i)) for i, v in enumerate(node) if isinstance(v, (dict, list))]))


def _letta_tool(raw: dict[str, Any]) -> bool:
    """Whether `raw` is a Letta tool object (its REST API's and agent files' `tools`): the OpenAI function in `json_schema`."""
    inner = raw.get("json_schema")
    return isinstance(inner, dict) and isinstance(inner.get("name"), str) and "parameters" in inner \
        and not raw.keys() & _NOT_FUNCTION_KEYS and "inputSchema" not in raw


def _unwrap(c: Canonical, raw: dict[str, Any], key: str, dropped: tuple[str, ...], note: str) -> None:
    """The function under `key` as the tool itself; the keys beside it (but `dropped`) kept, one given twice differently AMBIGUOUS."""
    inner = raw[key]
    beside = {k: v for k, v in raw.items() if k not in dropped}  # Vapi's "server", Letta's "source_code": the tool's own keys
    for name in beside:
        c.moved(f"/{_escape(name)}", f"/{_escape(name)}")  # before the move of the rest, so they keep their place
    c.moved("", f"/{key}")
    raw.clear()
    raw.update(inner)
    for name, value in beside.items():
        if name in raw and raw[name] != value:
            c.ambiguous(f"/{_escape(name)}", f"{name!r} is given beside {_j(key)} and inside it, differently "
                        f"({clipped(value)!r} and {clipped(raw[name])!r}){note}: keep one")
        else:
            raw[name] = value


def _function_shapes(c: Canonical, raw: dict[str, Any]) -> None:
    """OpenAI-style function tools ({type: function, function: {...}} or {name, parameters}) → MCP tools."""
    inner = raw.get("function")
    function = raw.get("type") == "function"  # OpenAI's marker of a function tool, nested or flat
    if function and isinstance(inner, dict) and isinstance(inner.get("name"), str):
        c.fixed("/function", "write an OpenAI function tool as an MCP tool: {\"name\", \"description\", \"inputSchema\"}")
        _unwrap(c, raw, "function", ("type", "function"), "")
    elif _letta_tool(raw):
        c.fixed("/json_schema", "write a Letta tool as an MCP tool: its \"json_schema\" (the function Letta sends to the "
                "model) as the tool, {\"name\", \"description\", \"inputSchema\"}, beside Letta's own keys")
        _unwrap(c, raw, "json_schema", ("json_schema",), "; Letta sends the one in \"json_schema\" to the model")
    if not isinstance(raw.get("name"), str) or raw.keys() & _NOT_FUNCTION_KEYS:
        return
    present = [k for k in _PARAMETER_KEYS if k in raw]
    if not present and function:  # OpenAI's `parameters` may be left out: the function takes no arguments
        c.fixed("", "a function tool without \"parameters\" takes no arguments: write it as an MCP tool with "
                "\"inputSchema\": {\"type\": \"object\", \"properties\": {}}")
        raw["inputSchema"] = {"type": "object", "properties": {}}
        return
    if not present and "arguments" in raw:
        _arguments(c, raw)
        return
    if len(present) != 1:
        return
    key = present[0]
    schema = raw[key]
    if isinstance(schema, dict) and (schema.get("type") == "object" or "properties" in schema):
        c.fixed(f"/{key}", f"write a tool's JSON Schema as \"inputSchema\" (MCP), not {_j(key)}")
        _rename(raw, key, "inputSchema")
        c.moved("/inputSchema", f"/{key}")
        return
    built = _by_name(c, schema, key) if isinstance(schema, dict) else _named_list(c, schema, key) \
        if isinstance(schema, list) else None
    if built is None:
        c.ambiguous(f"/{key}", f"{_j(key)} is neither a JSON Schema ({{\"type\": \"object\", \"properties\": {{...}}}}), "
                    "nor parameters by name ({\"q\": {\"type\": \"string\"}}), nor a list of named parameters "
                    "([{\"name\": \"q\", \"type\": \"string\"}]): write the tool's input schema as \"inputSchema\"")
        return
    _replace_key(raw, key, "inputSchema", built)


def _arguments(c: Canonical, raw: dict[str, Any]) -> None:
    """`arguments`: a tool's parameters when every one has a `type` (hand-kept MCP lists); else as prompts/list lists
    an MCP prompt (its arguments have no type, its messages are not there): AMBIGUOUS, never a guess."""
    items = raw["arguments"]
    typed = isinstance(items, list) and bool(items) and all(isinstance(i, dict) and "type" in i for i in items)
    built = _named_list(c, items, "arguments") if typed else None
    if built is None:
        c.ambiguous("/arguments", "\"arguments\" without a \"type\" on each is how prompts/list lists an MCP prompt, "
                    "whose messages are not in the list: to serve the prompt, write an ARDF prompt descriptor with its "
                    "text; if this is a tool, give every argument a \"type\" (or write its \"inputSchema\")")
        return
    _replace_key(raw, "arguments", "inputSchema", built)


# Where tools written by hand keep their parameters (OpenAI `parameters`; `params`, `args` in hand-kept MCP lists;
# Cohere v1 `parameter_definitions`; LangChain/CrewAI `args_schema`, CrewAI's `tool.specs.json` `run_params_schema` and
# LlamaIndex `fn_schema` dumps; Gemini's
# `parametersJsonSchema`, a JSON Schema where `parameters` is its OpenAPI subset).
_PARAMETER_KEYS = ("parameters", "params", "args", "parameter_definitions", "args_schema", "fn_schema", "run_params_schema",
                   "parametersJsonSchema", "parameters_json_schema")
PARAMETER_KEYS = _PARAMETER_KEYS  # what dialects.server_lists tells a tool's entry from a server's by
_NOT_FUNCTION_KEYS = frozenset({"inputSchema", "input_schema", "how_to_use", "resource_id", "resource_type", "tool_id"})
# Keywords whose value is a schema: a mapping holding one is a JSON Schema, not parameters by name.
_SUBSCHEMA_KEYWORDS = frozenset({"additionalProperties", "patternProperties", "items", "additionalItems", "contains",
                                 "propertyNames", "not", "if", "then", "else", "$defs", "definitions", "dependentSchemas",
                                 "unevaluatedProperties", "unevaluatedItems", "allOf", "anyOf", "oneOf"})


def _by_name(c: Canonical, params: dict[str, Any], key: str) -> dict[str, Any] | None:
    """Parameters written as a mapping {name: schema} → an input schema with those properties (None if not that)."""
    if params.keys() & _SUBSCHEMA_KEYWORDS or not all(isinstance(v, dict) for v in params.values()):
        return None
    c.moved("/inputSchema/properties", f"/{key}")
    c.fixed(f"/{key}", f"write a tool's parameters as its input schema: \"inputSchema\": {{\"type\": \"object\", "
            f"\"properties\": {{...}}}}, not {_j(key)} by name")
    return {"type": "object", "properties": params}  # type words ("str"): `_type_case`; draft-3 `required`: `_draft3_required`


def _named_list(c: Canonical, params: list[Any], key: str) -> dict[str, Any] | None:
    """Parameters written as a list of {name, type, ...} → an input schema; `"required": true` ones are required."""
    if not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in params):
        return None
    names = [p["name"] for p in params]
    if len(set(names)) != len(names):
        return None
    properties: dict[str, Any] = {}
    required: list[str] = []
    for i, item in enumerate(params):
        flag = item.get("required")
        if flag is True or (isinstance(flag, str) and flag.strip().lower() == "true"):
            required.append(item["name"])
        properties[item["name"]] = {k: v for k, v in item.items() if k not in ("name", "required")}
        at = f"/inputSchema/properties/{_escape(item['name'])}"
        c.moved(at, f"/{key}/{i}")
        _short_description(c, properties[item["name"]], at)
        properties[item["name"]] = _parameter_object(c, properties[item["name"]], at)  # its type word: `_type_case`
    c.fixed(f"/{key}", f"write a tool's parameters as its input schema: \"inputSchema\": {{\"type\": \"object\", "
            f"\"properties\": {{\"<name>\": {{...}}}}, \"required\": [...]}}, not a list in {_j(key)}")
    return {"type": "object", "properties": properties, **({"required": required} if required else {})}


def _short_description(c: Canonical, spec: dict[str, Any], at: str) -> None:
    """A parameter's `desc` (a hand-kept list's short key) → its `description`; both given: AMBIGUOUS."""
    if "desc" not in spec:
        return
    if "description" in spec:
        c.ambiguous(f"{at}/desc", "the parameter has both \"desc\" and \"description\": keep one, as \"description\"")
        return
    _rename(spec, "desc", "description")
    c.moved(f"{at}/description", f"{at}/desc")
    c.fixed(f"{at}/description", "a parameter's description is written \"description\", not \"desc\" (JSON Schema has "
            "no \"desc\": a client would show none)")


# Where an OpenAPI parameter object says an HTTP request carries it (`in`; "body" and "formData" are Swagger 2.0's).
_PARAMETER_LOCATIONS = frozenset({"query", "path", "header", "cookie", "body", "formData"})


def _parameter_object(c: Canonical, spec: dict[str, Any], at: str) -> dict[str, Any]:
    """An OpenAPI parameter object ({in, description, schema}) → the property's schema: `schema`'s keywords in the
    property itself, `in` (where HTTP carries it, which an input schema cannot say) removed."""
    location = spec.get("in")
    if isinstance(location, str) and location in _PARAMETER_LOCATIONS:
        del spec["in"]
        c.fixed(f"{at}/in", f"\"in\": {_j(location)} says where an HTTP request carries an OpenAPI parameter, which an input "
                "schema has no keyword for: remove it (the tool's endpoint says where its arguments go)")
    schema = spec.get("schema")
    if not isinstance(schema, dict):
        return spec
    clash = next((k for k in schema if k in spec and spec[k] != schema[k]), None)
    if clash is not None:
        c.ambiguous(f"{at}/schema/{_escape(clash)}", f"{clash!r} is given on the parameter ({spec[clash]!r}) and in its "
                    f"schema ({schema[clash]!r}): keep one")
        return spec
    for keyword in schema:
        c.moved(f"{at}/{_escape(keyword)}", f"{at}/schema/{_escape(keyword)}")
    c.fixed(f"{at}/schema", "an OpenAPI parameter's \"schema\" is the property's own schema: write its keywords (\"type\", "
            "\"maximum\", ...) in the property, beside its description")
    return {**schema, **{k: v for k, v in spec.items() if k != "schema"}}


def _json_type_word(c: Canonical, spec: dict[str, Any], where: str) -> None:
    """A type written as a programming language names it ("str", "int", "dict") → the JSON Schema type."""
    declared = spec.get("type")
    if not isinstance(declared, str) or declared in JSON_TYPES:
        return
    if is_python_generic(declared):
        _python_generic(c, spec, declared, where)
        return
    if json_type(declared) is None:
        return  # not a known name: the schema check says what `type` takes
    fragment = {k: v for k, v in property_schema({"type": declared}).items() if k not in spec or k == "type"}
    spec.update(fragment)
    written = ", ".join(f"{_j(k)}: {_j(v)}" for k, v in fragment.items())
    c.fixed(where, f"JSON Schema names this type {_j(fragment['type'])}: write {written}, not \"type\": {_j(declared)}")


def _python_generic(c: Canonical, spec: dict[str, Any], declared: str, where: str) -> None:
    """A Python typing expression ("List[str]", "Dict[str, int]", "Optional[int]") → its JSON Schema, or AMBIGUOUS."""
    fragment = python_type_schema(declared)
    clash = fragment is not None and any(k in spec and spec[k] != v for k, v in fragment.items() if k != "type")
    if fragment is None or clash:
        c.ambiguous(where, f"{_j(clipped(declared))} is a Python type with no one JSON Schema equivalent"
                    f"{' beside the keywords written with it' if clash else ''}: write its JSON Schema instead "
                    "(\"type\": \"array\" with \"items\", \"type\": \"object\" with \"properties\", or \"anyOf\")")
        return
    spec.update(fragment)
    c.fixed(where, f"JSON Schema writes this Python type as {written(fragment)}, not \"type\": {_j(declared)}")


def _schema_text(c: Canonical, raw: dict[str, Any], key: str) -> None:
    """An input schema given as a JSON string (n8n's node shape) → the object it holds."""
    text = raw.get(key)
    if not isinstance(text, str):
        return
    try:
        value = json.loads(text)
    except ValueError:
        return  # not JSON: the schema says an object is expected
    if isinstance(value, dict):
        raw[key] = value
        c.fixed(f"/{key}", f"{key!r} is a JSON Schema object, not a string holding JSON: write the object itself")


def _draft3_required(c: Canonical, schema: dict[str, Any], base: str) -> None:
    """`"required": true` on a property (JSON Schema draft 3) → the property's name in its object's `required` list."""
    props = schema.get("properties")
    if isinstance(props, dict):
        names: list[str] = []
        for name, prop in props.items():
            if not isinstance(prop, dict):
                continue
            if isinstance(prop.get("required"), bool):
                if prop.pop("required"):
                    names.append(name)
                c.fixed(f"{base}/properties/{_escape(name)}/required", f"\"required\": true|false on a property is JSON Schema "
                        f"draft 3: write {_j(name)} in the enclosing object's \"required\" array instead (absent means optional)")
            if "properties" in prop or "items" in prop or "additionalProperties" in prop:
                _draft3_required(c, prop, f"{base}/properties/{_escape(name)}")
        if names:
            listed = schema.get("required")
            if isinstance(listed, list):
                listed.extend(n for n in names if n not in listed)
            elif listed is None:
                schema["required"] = names
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            _draft3_required(c, schema[key], f"{base}/{key}")


_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_VALUES = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
                  "unevaluatedProperties", "unevaluatedItems", "additionalItems")
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")


def _type_case(c: Canonical, schema: dict[str, Any], base: str) -> None:
    """Type names in another case ("OBJECT", "String": Gemini's function declarations) or a language's ("dict", "float":
    BFCL's) → JSON Schema's, and `"nullable"` beside a type (api_tools.nullable_type), at every depth: one walk for all."""
    kind = schema.get("type")
    if isinstance(kind, str) and kind not in JSON_TYPES and kind.lower() in JSON_TYPES:
        schema["type"] = kind.lower()
        c.fixed(f"{base}/type", f"JSON Schema type names are lower-case: write \"type\": {_j(kind.lower())}, not {_j(kind)}")
    elif isinstance(kind, list) and any(isinstance(k, str) and k not in JSON_TYPES and k.lower() in JSON_TYPES for k in kind):
        lowered = [k.lower() if isinstance(k, str) and k.lower() in JSON_TYPES else k for k in kind]
        schema["type"] = lowered
        c.fixed(f"{base}/type", f"JSON Schema type names are lower-case: write \"type\": {_j(lowered)}, not {_j(kind)}")
    elif isinstance(kind, str) and kind.strip().lower() == "any":  # draft 3's word (and Python's) for no type constraint
        del schema["type"]
        c.fixed(f"{base}/type", "\"type\": \"any\" is JSON Schema draft 3's (and Python's) word for any value: leave "
                "\"type\" out, which accepts every value")
    elif isinstance(kind, str) and kind not in JSON_TYPES:  # Python's names ("dict", "float": BFCL's function documents)
        _json_type_word(c, schema, f"{base}/type")
    if "nullable" in schema:
        nullable_type(c, schema, base)
    for key in _SCHEMA_MAPS:
        if isinstance(schema.get(key), dict):
            for name, sub in schema[key].items():
                if isinstance(sub, dict):
                    _type_case(c, sub, f"{base}/{key}/{_escape(name)}")
    for key in _SCHEMA_VALUES:
        if isinstance(schema.get(key), dict):
            _type_case(c, schema[key], f"{base}/{key}")
    for key in _SCHEMA_LISTS:
        if isinstance(schema.get(key), list):
            for i, sub in enumerate(schema[key]):
                if isinstance(sub, dict):
                    _type_case(c, sub, f"{base}/{key}/{i}")


def _examples(c: Canonical, raw: dict[str, Any], family: str) -> None:
    """Example items written with another dialect's keys → this dialect's keys ({name, input} → {goal, input_values}...)."""
    items = raw.get("examples")
    if not isinstance(items, list):
        return
    keys = _EXAMPLE_KEYS[family]
    canonical, foreign = _EXAMPLE_CANONICAL[family], _EXAMPLE_FOREIGN[family]
    for n, item in enumerate(items):
        if type(item) is not dict or (not item.keys() & foreign and (family != "atdf" or (
                item.keys() >= canonical and isinstance(item["expected_result"], str)))):
            continue  # written with this format's keys
        base = f"/examples/{n}"
        renamed: list[str] = []
        for role, spellings in _EXAMPLE_ROLES.items():
            wanted = keys[role]
            if wanted in item:
                continue
            present = [k for k in spellings if k in item]
            if len(present) > 1:
                c.ambiguous(f"{base}/{present[0]}", f"example {n} gives its {role} twice ({', '.join(map(repr, present))}): keep one, "
                            f"written {wanted!r}")
                continue
            if present:
                _rename(item, present[0], wanted)
                c.moved(f"{base}/{wanted}", f"{base}/{present[0]}")
                renamed.append(f"{present[0]!r} → {wanted!r}")
        if family == "atdf":
            renamed += _atdf_example_completed(item, n)
        if renamed:
            c.fixed(base, f"example {n} is written with other keys; this format writes "
                    f"{', '.join(map(_j, keys.values()))}: " + ", ".join(renamed))


def _atdf_example_completed(item: dict[str, Any], n: int) -> list[str]:
    """ATDF 2.x requires goal, input_values and expected_result (a string); complete an example that has its input."""
    if not isinstance(item.get("input_values"), dict):
        return []
    done: list[str] = []
    if "goal" not in item:
        label = item.get("narrative") or item.get("description")
        item["goal"] = label if isinstance(label, str) and label else f"Example {n + 1}"
        done.append(f"'goal' added ({item['goal']!r})")
    result = item.get("expected_result")
    if result is None:
        item["expected_result"] = ""
        done.append("'expected_result' added (empty: the example states no result)")
    elif not isinstance(result, str):
        item["expected_result"] = json.dumps(result, ensure_ascii=False)
        done.append("'expected_result' written as text (ATDF 2.x results are strings)")
    return done


def _related_names(c: Canonical, raw: dict[str, Any]) -> None:
    """OpenAkita `related_tools: ["browser_status"]` → `[{"name": "browser_status"}]` (a name is the object's one required key)."""
    related = raw.get("related_tools")
    for i, item in enumerate(related if isinstance(related, list) else ()):
        if isinstance(item, str) and item.strip():
            related[i] = {"name": item}
            c.fixed(f"/related_tools/{i}", f"a related tool is written as an object: write {_j(related[i])}, not {_j(item)}")


def _localization(c: Canonical, raw: dict[str, Any]) -> None:
    """Language keys written `es_MX`, `ES` or `pt-br` → `es-MX`, `es`, `pt-BR` (the pattern both formats use)."""
    texts = raw.get("localization")
    if not isinstance(texts, dict):
        return
    for key in list(texts):
        match = _LANG.match(key) if isinstance(key, str) else None
        if match is None:
            continue
        canonical = match.group(1).lower() + (f"-{match.group(2).upper()}" if match.group(2) else "")
        if canonical == key:
            continue
        if canonical in texts:
            c.ambiguous(f"/localization/{_escape(key)}", f"language {key!r} is also given as {canonical!r}: keep one")
            continue
        _rename(texts, key, canonical)
        c.moved(f"/localization/{canonical}", f"/localization/{_escape(key)}")
        c.fixed(f"/localization/{canonical}", f"language keys are written like \"es\" or \"pt-BR\": write {_j(canonical)}, not {_j(key)}")


def _version_text(c: Canonical, raw: dict[str, Any], *, ardf: bool = False) -> None:
    """A schema_version written as a number (YAML `2.0`) or, for ARDF, as "1"/"1.0" → the full "X.Y.Z" string."""
    version = raw.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, (int, float, str)) or (isinstance(version, str) and not ardf):
        return
    parts = str(version).split(".")
    if len(parts) > 3 or not all(p.isdigit() for p in parts) or (ardf and parts[0] != "1"):
        return
    full = ".".join([*parts, "0", "0"][:3])
    if full != version:
        raw["schema_version"] = full
        c.fixed("/schema_version", f"schema_version is a full version string: write {_j(full)}, not {_j(version)}")


def _inputs_list(c: Canonical, how: dict[str, Any], base: str) -> None:
    """Inputs written as a mapping {name: {type, ...}} (or {name: "type"}) → the list of named inputs."""
    inputs = how.get("inputs")
    if not isinstance(inputs, dict):
        return
    items: list[Any] = []
    for name, spec in inputs.items():
        if isinstance(spec, str):
            spec = {"type": spec}
        if not isinstance(spec, dict) or ("name" in spec and spec["name"] != name):
            c.ambiguous(f"{base}/inputs/{_escape(name)}", f"input {name!r} is neither a type nor an object of the same name")
            return
        items.append({"name": name, **{k: v for k, v in spec.items() if k != "name"}})
    how["inputs"] = items
    for i, name in enumerate(inputs):
        c.moved(f"{base}/inputs/{i}", f"{base}/inputs/{_escape(name)}")
    c.fixed(f"{base}/inputs", "write inputs as a list of {\"name\", \"type\", ...} objects, not as a mapping by name")


def _nullable(c: Canonical, item: dict[str, Any], where: str) -> None:
    """A type list (JSON Schema's `["string", "null"]`) or OpenAPI's `"nullable": true` on an input → a one-word
    `type`, and the type list in the input's `schema`, where JSON Schema reads it."""
    schema = item.get("schema", {})
    if not isinstance(schema, dict):
        return
    declared = item.get("type")
    if isinstance(declared, list):
        kinds = list(dict.fromkeys(declared))
        if not kinds or not all(isinstance(k, str) and k in JSON_TYPES for k in kinds):
            return  # not JSON Schema's type names: the format's schema says what `type` is
        if schema.get("type", kinds) != kinds:
            c.ambiguous(f"{where}/type", f"the input's type {_j(declared)} and its schema's {_j(schema['type'])} differ: "
                        "keep one, inside \"schema\"")
            return
        named = [k for k in kinds if k != "null"]
        item["type"] = named[0] if len(named) == 1 else "any"
        _set_schema(item, {**schema, "type": kinds})
        c.fixed(f"{where}/type", f"an input's \"type\" is one word; a list of types is JSON Schema: write \"type\": "
                f"{_j(item['type'])}, \"schema\": {{\"type\": {_j(kinds)}}}")
        return
    for holder, at in ((item, where), (schema, f"{where}/schema")):
        flag = holder.get("nullable")
        if not isinstance(flag, bool):
            continue
        kind = schema.get("type", declared)  # the input's type: its schema's, else its own
        base = kind if kind in JSON_TYPES else json_type(kind) if isinstance(kind, str) else None
        untyped = isinstance(kind, str) and kind.strip().lower() in ("", "any", "unknown", "mixed")
        if flag and base is None and not untyped:
            return  # a type we cannot name: the schema check says what is wrong with it
        del holder["nullable"]
        if flag and base not in (None, "null"):
            kinds = [base, "null"]
            _set_schema(item, {**(item.get("schema") or {}), "type": kinds})
            c.fixed(f"{at}/nullable", f"\"nullable\" is OpenAPI 3.0's, which JSON Schema ignores: write \"schema\": "
                    f"{{\"type\": {_j(kinds)}}} ({base} or null)")
        else:
            c.fixed(f"{at}/nullable", "\"nullable\" is OpenAPI 3.0's, which JSON Schema ignores, and says nothing here ("
                    + ("the input takes any value" if flag else "not nullable is the default") + "): remove it")


def _set_schema(item: dict[str, Any], schema: dict[str, Any]) -> None:
    """Set an input's `schema`: where it is, or right after its `type`."""
    if "schema" in item or "type" not in item:
        item["schema"] = schema
        return
    rebuilt: dict[str, Any] = {}
    for key, value in item.items():
        rebuilt[key] = value
        if key == "type":
            rebuilt["schema"] = schema
    item.clear()
    item.update(rebuilt)


def _input_flags(c: Canonical, item: dict[str, Any], where: str) -> None:
    """`"required": "true"` → true; a missing type → the schema's type or "any"."""
    flag = item.get("required")
    if isinstance(flag, str) and flag.strip().lower() in ("true", "false"):
        item["required"] = flag.strip().lower() == "true"
        c.fixed(f"{where}/required", f"\"required\" is a boolean: write {_j(item['required'])}, not {_j(flag)}")
    if "type" not in item:
        schema = item.get("schema")
        declared = schema.get("type") if isinstance(schema, dict) else None
        item["type"] = declared if isinstance(declared, str) else "any"
        c.fixed(where, f"input {item.get('name')!r} has no type: write \"type\": {_j(item['type'])}"
                + ("" if isinstance(declared, str) else " (any value), or the type it expects"))


# ---------------------------------------------------------------------------------------------- ATDF 1.x / 2.x


def _atdf(c: Canonical, raw: dict[str, Any], atdf1_required: bool) -> None:
    if "tool_id" in raw and raw.get("id") == raw["tool_id"]:  # two different ids are left to the schema: it says keep one
        del raw["id"]
        c.fixed("/id", "give the identifier once: write \"tool_id\" only (\"id\" repeats it)")
    _version_text(c, raw)
    named = atdf_version(raw.get("schema_version"))
    if named is not None:  # "0.2.0", "v0.1": the documents' names of 2.x and 1.x
        c.fixed("/schema_version", f"schema_version {_j(raw['schema_version'])} is the documents' name of ATDF "
                f"{named[0]}.x: write {_j(named)}")
        raw["schema_version"] = named
    how = raw.get("how_to_use")
    written_1x = False
    if isinstance(how, dict):
        _inputs_list(c, how, "/how_to_use")
        written_1x = atdf.version_of(raw) == "atdf1"  # no flag nor schema written on an input: required (atdf1_inputs)
        inputs = how.get("inputs")
        for i, item in enumerate(inputs if isinstance(inputs, list) else ()):
            if isinstance(item, dict):
                _atdf_input(c, item, f"/how_to_use/inputs/{i}")
        outputs = how.get("outputs")
        if isinstance(outputs, dict) and "failure" not in outputs and isinstance(outputs.get("success"), str):
            outputs["failure"] = []
            c.fixed("/how_to_use/outputs", "outputs list their failures, even none: write \"failure\": []")
    _localization(c, raw)
    _atdf_translations(c, raw)
    declared = raw.get("schema_version")
    if isinstance(declared, str) and declared.startswith("1") and atdf.version_of({**raw, "schema_version": None}) == "atdf2":
        raw["schema_version"] = "2.0.0"
        c.fixed("/schema_version", f"schema_version {_j(declared)} is ATDF 1.x, which has no required flags, input schemas, "
                "metadata or examples; this descriptor uses them: write \"2.0.0\"")
    own = atdf1_own_keys(raw) if atdf.version_of(raw) == "atdf1" else []
    if own:  # upstream's smart validation lets them pass a 1.x descriptor; 2.x admits them by its schema
        where = "/schema_version" if "schema_version" in raw else ""
        if where:
            raw["schema_version"] = "2.0.0"
        else:
            _insert_first(raw, "schema_version", "2.0.0")
        c.fixed(where, f"ATDF 1.x admits no keys of its own "
                f"({keys_text(own)}); 2.x does: write \"schema_version\": \"2.0.0\"")
    if written_1x and atdf1_required and atdf.version_of(raw) == "atdf2":
        keep_required(c, raw)


def _atdf_translations(c: Canonical, raw: dict[str, Any]) -> None:
    """An ATDF 2.x translation without description or when_to_use: the default text, which is what is served anyway."""
    texts = raw.get("localization")
    for lang, entry in texts.items() if isinstance(texts, dict) else ():
        if not isinstance(entry, dict) or not _LANG_CANONICAL.match(lang):
            continue
        for key in ("description", "when_to_use"):
            if key not in entry and isinstance(raw.get(key), str):
                entry[key] = raw[key]
                c.fixed(f"/localization/{_escape(lang)}", f"an ATDF 2.x translation has both description and when_to_use; "
                        f"{lang!r} has no {key} and falls back to the default text: write its translation (the default is copied)")


def _atdf_input(c: Canonical, item: dict[str, Any], where: str) -> None:
    """One ATDF input: JSON Schema keywords written on the input move into its `schema`."""
    schema = item.get("schema")
    if item.keys() <= _INPUT_KEYS and type(item.get("type")) is str and not isinstance(item.get("required"), str) and (
            type(schema) is not dict or not schema.keys() & _NULLABLE_OR_NESTED):
        return  # the usual case, written canonically: nothing to look at
    _nullable(c, item, where)
    inline = [k for k in item if k not in _INPUT_KEYS and (k in _SCHEMA_KEYWORDS or k in _KEYWORD_SPELLINGS)]
    if inline and (schema is None or isinstance(schema, dict)):
        target = dict(schema or {})
        moved: list[str] = []
        for key in inline:
            canonical = _KEYWORD_SPELLINGS.get(key, key)
            value = [item[key]] if key == "example" else item[key]
            if canonical in target and target[canonical] != value:
                c.ambiguous(f"{where}/{key}", f"{key!r} is given on the input ({item[key]!r}) and in its schema "
                            f"({target[canonical]!r}): keep one, inside \"schema\"")
                continue
            target[canonical] = value
            moved.append(key)
        if moved:
            position = next(iter(k for k in item if k in moved or k == "schema"))
            rebuilt: dict[str, Any] = {}
            for key, value in item.items():
                if key == position:
                    rebuilt["schema"] = target
                if key not in moved and key != "schema":
                    rebuilt[key] = value
            item.clear()
            item.update(rebuilt)
            for key in moved:
                c.moved(f"{where}/schema/{_KEYWORD_SPELLINGS.get(key, key)}", f"{where}/{key}")
                c.fixed(f"{where}/schema/{_KEYWORD_SPELLINGS.get(key, key)}",
                        f"{key!r} belongs inside the input's \"schema\": write \"schema\": {{\"{_KEYWORD_SPELLINGS.get(key, key)}\": ...}}"
                        + (" (JSON Schema spelling)" if key in _KEYWORD_SPELLINGS else ""))
    schema = item.get("schema")
    if isinstance(schema, dict):
        if isinstance(schema.get("required"), bool):
            flag = schema.pop("required")
            if "required" in item and item["required"] != flag:
                schema["required"] = flag
                c.ambiguous(f"{where}/schema/required", "the input's \"required\" and its schema's \"required\" differ: keep the input's")
            else:
                item["required"] = flag
                c.fixed(f"{where}/schema/required", f"whether an input is required is its own flag: write \"required\": {str(flag).lower()} "
                        "on the input, not in its schema")
        _draft3_required(c, schema, f"{where}/schema")
    _input_flags(c, item, where)


# ---------------------------------------------------------------------------------------------- ARDF 1.0


def _ardf(c: Canonical, raw: dict[str, Any]) -> None:
    if "resource_id" not in raw:
        for key in ("tool_id", "id"):
            if isinstance(raw.get(key), str):
                _rename(raw, key, "resource_id")
                c.moved("/resource_id", f"/{key}")
                c.fixed("/resource_id", f"an ARDF resource's identifier is \"resource_id\": write it so, not {_j(key)}")
                break
    if "schema_version" not in raw:
        _insert_first(raw, "schema_version", "1.0.0")
        c.fixed("", "an ARDF resource states its format version: write \"schema_version\": \"1.0.0\"")
    else:
        _version_text(c, raw, ardf=True)
    kind = raw.get("resource_type")
    if isinstance(kind, str) and kind != kind.strip().lower() and kind.strip().lower() in _RESOURCE_TYPES:
        raw["resource_type"] = kind.strip().lower()
        c.fixed("/resource_type", f"resource types are lower case: write {_j(raw['resource_type'])}, not {_j(kind)}")
        kind = raw["resource_type"]
    _draft_how_to_use(c, raw, kind)
    _content_shape(c, raw, kind)
    content = raw.get("content")
    data = content.get("data") if isinstance(content, dict) else None
    if kind == "tool" and isinstance(data, dict) and content.get("type") == "tool/io":
        _tool_io(c, data)
    _ardf_prerequisites(c, raw)
    _ardf_feedback(c, raw)
    _localization(c, raw)


def _draft_how_to_use(c: Canonical, raw: dict[str, Any], kind: Any) -> None:
    """The draft ARDF form: `how_to_use.{invocation|access|composition|guardrails}` → `content: {type, data}`."""
    how = raw.get("how_to_use")
    if "content" in raw or not isinstance(how, dict) or not isinstance(kind, str):
        return
    if kind == "tool" and ("inputs" in how or "outputs" in how) and not how.keys() & _DRAFT_NAMES:
        block, body, ctype = None, how, "tool/io"  # an ATDF how_to_use kept under resource_id (the migration notes)
    elif kind == "custom":
        block, body, ctype = None, how, "custom"
    elif kind in _DRAFT_BLOCKS:
        names, ctype = _DRAFT_BLOCKS[kind]
        present = [n for n in names if n in how]
        if len(present) != 1:
            c.ambiguous("/how_to_use", f"a {kind}'s draft how_to_use holds {' or '.join(map(repr, names))} (found "
                        f"{', '.join(map(repr, how)) or 'nothing'}); ARDF 1.0 writes \"content\": {{\"type\": {_j(ctype)}, \"data\": {{...}}}}")
            return
        block, body = present[0], how[present[0]]
        if kind == "prompt":
            body, ctype = _draft_prompt(body, block)
        if not isinstance(body, dict):
            c.ambiguous(f"/how_to_use/{block}", f"how_to_use.{block} should be an object; ARDF 1.0 writes "
                        f"\"content\": {{\"type\": {_j(ctype)}, \"data\": {{...}}}}")
            return
        if kind == "document" and isinstance(body.get("mode"), str) and "access" not in body:
            _rename(body, "mode", "access")
            c.moved(f"/how_to_use/{block}/access", f"/how_to_use/{block}/mode")
        if kind == "policy":
            _rules(body)
    else:
        return
    data = dict(body)
    for other, value in how.items():
        if block is not None and other != block:
            if other in data:
                c.ambiguous(f"/how_to_use/{other}", f"how_to_use.{other} clashes with how_to_use.{block}.{other}: keep one")
                return
            data[other] = value
    _replace_key(raw, "how_to_use", "content", {"type": ctype, "data": data})
    for other in how:
        if block is not None and other != block:
            c.moved(f"/content/data/{_escape(other)}", f"/how_to_use/{_escape(other)}")
    c.moved("/content/data", "/how_to_use" + (f"/{block}" if block else ""))
    c.moved("/content", "/how_to_use")
    written = f"how_to_use.{block}" if block else "how_to_use"
    c.fixed("/content", f"the draft ARDF {written} is ARDF 1.0's content: write \"content\": {{\"type\": {_j(ctype)}, \"data\": {{...}}}}")


def _draft_prompt(body: Any, block: str) -> tuple[Any, str]:
    """A draft prompt body: a composition is a prompt/flow; content is a template (a bare string is its text)."""
    if block == "composition":
        return body, "prompt/flow"
    if isinstance(body, str):
        body = {"template_text": body}
    if isinstance(body, dict):
        if "template_text" not in body and isinstance(body.get("template"), str):
            _rename(body, "template", "template_text")
        if "input_variables" not in body and isinstance(body.get("template_text"), str):
            body["input_variables"] = list(dict.fromkeys(_PLACEHOLDER.findall(body["template_text"])))
        if "steps" in body and "template_text" not in body:
            return body, "prompt/flow"
    return body, "prompt/template"


def _rules(body: dict[str, Any]) -> None:
    """Policy rules written as plain sentences → {id, statement} rules."""
    rules = body.get("rules")
    if isinstance(rules, list):
        body["rules"] = [{"id": f"rule_{n}", "statement": r} if isinstance(r, str) else r for n, r in enumerate(rules, 1)]


def _content_shape(c: Canonical, raw: dict[str, Any], kind: Any) -> None:
    """`content` without its `data` wrapper, or without its `type` → {type, data}."""
    content = raw.get("content")
    if not isinstance(content, dict):
        return
    if "data" not in content and content.keys() - {"type"}:
        data = {k: v for k, v in content.items() if k != "type"}
        rebuilt = {"type": content["type"]} if "type" in content else {}
        content.clear()
        content.update({**rebuilt, "data": data})
        for key in data:
            c.moved(f"/content/data/{_escape(key)}", f"/content/{_escape(key)}")
        c.fixed("/content", "content holds its payload under \"data\": write \"content\": {\"type\": ..., \"data\": {...}}")
    if "type" in content or not isinstance(content.get("data"), dict):
        return
    data = content["data"]
    ctype = _CONTENT_TYPES.get(kind) if isinstance(kind, str) else None
    if kind == "prompt":
        ctype = "prompt/template" if "template_text" in data else "prompt/flow" if "steps" in data else None
    if ctype is None:
        c.ambiguous("/content", "content has no \"type\"; write the contract its data follows (tool/io, prompt/template, ...)")
        return
    _insert_first(content, "type", ctype)
    c.fixed("/content", f"content states its contract: write \"type\": {_j(ctype)}")


def _tool_io(c: Canonical, data: dict[str, Any]) -> None:
    """ARDF tool/io data: inputs as a list, with a type and a description each; outputs present."""
    base = "/content/data"
    if "inputs" not in data and isinstance(data.get("parameters"), (list, dict)):
        _rename(data, "parameters", "inputs")
        c.moved(f"{base}/inputs", f"{base}/parameters")
        c.fixed(f"{base}/inputs", "write a tool's inputs as \"inputs\", not \"parameters\"")
    _inputs_list(c, data, base)
    for i, item in enumerate(data.get("inputs") if isinstance(data.get("inputs"), list) else ()):
        if not isinstance(item, dict):
            continue
        where = f"{base}/inputs/{i}"
        _nullable(c, item, where)
        _input_flags(c, item, where)
        if "description" not in item:
            item["description"] = ""
            c.fixed(where, f"ARDF tool inputs carry a description: write one for {item.get('name')!r} (an empty one is assumed)")
    for key, empty in (("inputs", []), ("outputs", {})):
        if key not in data:
            data[key] = empty
            c.fixed(base, f"tool/io data lists its {key}, even none: write \"{key}\": {json.dumps(empty)}")


def _ardf_prerequisites(c: Canonical, raw: dict[str, Any]) -> None:
    """ATDF prerequisite keys in an ARDF resource: tools → resources, permissions → credentials, conditions → metadata."""
    prerequisites = raw.get("prerequisites")
    if not isinstance(prerequisites, dict):
        return
    for source, target in (("tools", "resources"), ("permissions", "credentials")):
        values, existing = prerequisites.get(source), prerequisites.get(target, [])
        if isinstance(values, list) and isinstance(existing, list):
            del prerequisites[source]
            prerequisites[target] = existing + [v for v in values if v not in existing]
            c.fixed(f"/prerequisites/{source}", f"ARDF prerequisites name {target!r} (ATDF's {source!r}): write \"{target}\": [...]")
    conditions = prerequisites.get("conditions")
    metadata = raw.get("metadata", {})
    if isinstance(conditions, list) and isinstance(metadata, dict) and "conditions" not in metadata:
        del prerequisites["conditions"]
        raw.setdefault("metadata", metadata)["conditions"] = conditions
        c.fixed("/prerequisites/conditions", "ARDF prerequisites have no conditions: write them as \"metadata\": {\"conditions\": [...]}")


def _ardf_feedback(c: Canonical, raw: dict[str, Any]) -> None:
    """ATDF feedback (progress_indicators, completion_signals) in an ARDF resource → metadata.feedback."""
    feedback = raw.get("feedback")
    atdf_keys = ("progress_indicators", "completion_signals")
    if not isinstance(feedback, dict) or not any(k in feedback for k in atdf_keys):
        return
    metadata = raw.get("metadata", {})
    if not isinstance(metadata, dict) or "feedback" in metadata or feedback.keys() - set(atdf_keys):
        return
    raw.setdefault("metadata", metadata)["feedback"] = raw.pop("feedback")
    c.fixed("/feedback", "ARDF feedback holds success_rate, last_updated and notes; ATDF's progress_indicators and "
            "completion_signals: write them as \"metadata\": {\"feedback\": {...}}")


# ---------------------------------------------------------------------------------------------- helpers


def _j(value: Any) -> str:
    """A value as JSON, for messages that show how to write it."""
    return json.dumps(value, ensure_ascii=False)


def _escape(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _rename(mapping: dict[str, Any], old: str, new: str) -> None:
    """Rename a key in place, keeping its position."""
    items = [(new if k == old else k, v) for k, v in mapping.items()]
    mapping.clear()
    mapping.update(items)


def _replace_key(mapping: dict[str, Any], old: str, new: str, value: Any) -> None:
    """Replace a key and its value in place, keeping its position."""
    items = [(new, value) if k == old else (k, v) for k, v in mapping.items()]
    mapping.clear()
    mapping.update(items)


def _insert_first(mapping: dict[str, Any], key: str, value: Any) -> None:
    items = [(key, value), *mapping.items()]
    mapping.clear()
    mapping.update(items)
