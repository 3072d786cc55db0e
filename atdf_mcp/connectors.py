"""Tools derived from ARDF connectors (one per endpoint) and HTTP models (one per model).

    connector `crm` (connector/spec, interface http, base_url, endpoints[{name: list_contacts, method: GET,
    path: /contacts/{owner}, query: {...}}])   →   tool `crm__list_contacts`

A derived tool's input schema is built from the path placeholders, the `query` schema and the `body`
schema of its endpoint; its `binding` says where each input goes (see atdf_mcp.dispatch.http). A
model/spec with `interface: http` and an `endpoint` becomes the tool `<model id>__invoke`, its inputs
taken from `signature.inputs` and sent as a JSON body.

Every derived tool is written as an ARDF 1.0 tool/io document and read back by the ARDF reader, so it is
exactly the tool an author would get by writing that document by hand (and `ardf://tool/<id>` serves it).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import jsonschema_rs

from .dialects import ardf
from .dialects._base import ANNOTATION_KEYS, ReadOptions, examples_of, failures_of
from .inputs import input_schema, property_schema
from .interpolate import placeholders
from .model import Descriptor, Example, Failure, Input, Source

__all__ = ["MODEL_TOOL_SUFFIX", "SEPARATOR", "ExampleLeftOut", "derived_tools"]

SEPARATOR = "__"
MODEL_TOOL_SUFFIX = "invoke"
_METHODS = ("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE")
_READ_ONLY = ("GET", "HEAD", "OPTIONS")
_IDEMPOTENT = ("GET", "HEAD", "OPTIONS", "PUT", "DELETE")
# Per-endpoint keys copied into the binding as they are (the connector's value is the default).
_PASSED_ON = ("timeout", "retries", "idempotent", "max_response_bytes")

Problems = list[tuple[str, str]]
_AT = ardf.POINTERS  # where a connector or model writes each field


def derived_tools(descriptor: Descriptor) -> tuple[list[Descriptor], Problems]:
    """The tools a connector or model descriptor publishes, and (pointer, message) problems."""
    data = descriptor.content if isinstance(descriptor.content, dict) else {}
    if descriptor.type == "connector" and descriptor.content_type == "connector/spec":
        return _connector_tools(descriptor, data)
    if descriptor.type == "model" and descriptor.content_type == "model/spec":
        return _model_tools(descriptor, data)
    return [], []


# ---------------------------------------------------------------------------------------------
# Connectors


def _connector_tools(connector: Descriptor, data: dict[str, Any]) -> tuple[list[Descriptor], Problems]:
    interface = data.get("interface", "http" if data.get("base_url") else None)
    if interface != "http":
        return [], []  # grpc / mcp connectors stay resources: nothing to call over HTTP
    base_url = data.get("base_url")
    if not isinstance(base_url, str) or not base_url.strip():
        return [], [(_AT["base_url"], "an http connector needs a base_url (an absolute URL; ${VAR} and "
                     "${VAR:default} are read from the environment) to publish its endpoints as tools")]
    tools: list[Descriptor] = []
    problems: Problems = []
    seen: dict[str, int] = {}
    for index, endpoint in enumerate(data.get("endpoints") or ()):
        where = f"{_AT['endpoints']}/{index}"
        if not isinstance(endpoint, dict):
            continue  # the ARDF schema already rejects it
        name = endpoint.get("name") or _slug(f"{endpoint.get('method', '')}_{endpoint.get('path', '')}")
        if name in seen:
            problems.append((f"{where}/name", f"endpoint name {name!r} is used twice in connector {connector.id!r} "
                                              f"(also endpoints/{seen[name]}); tool names must be unique"))
            continue
        seen[name] = index
        tool, issues = _endpoint_tool(connector, data, base_url, str(name), endpoint, where)
        problems += issues
        if tool is not None:
            tools.append(tool)
    return tools, problems


def _endpoint_tool(connector: Descriptor, data: dict[str, Any], base_url: str, name: str, endpoint: dict[str, Any],
                   where: str) -> tuple[Descriptor | None, Problems]:
    method = str(endpoint.get("method", "")).upper()
    if method not in _METHODS:
        return None, [(f"{where}/method", f"method {endpoint.get('method')!r} is not an HTTP method; expected one of {', '.join(_METHODS)}")]
    path = str(endpoint.get("path", ""))
    if "://" in path or path.startswith("//"):
        return None, [(f"{where}/path", f"path {path!r} must be relative to the connector's base_url (e.g. /contacts/{{id}})")]
    problems: Problems = []
    path_names = placeholders(path)
    path_schemas = endpoint.get("path_params") if isinstance(endpoint.get("path_params"), dict) else {}
    inputs: list[Input] = [
        _input(n, _schema_of(path_schemas.get(n)) or {"type": "string", "description": f"Path parameter {n}."}, True, path_param=True)
        for n in dict.fromkeys(path_names)
    ]
    query_inputs, issue = _object_inputs(endpoint.get("query"), f"{where}/query")
    problems += issue
    body = endpoint.get("body")
    body_whole = _is_whole_body(body)
    if body_whole:
        body_inputs = [_input("body", dict(body), True)]  # type: ignore[arg-type]
    else:
        body_inputs, issue = _object_inputs(body, f"{where}/body")
        problems += issue
    if problems:
        return None, problems
    names: dict[str, str] = {i.name: "path" for i in inputs}
    for place, group in (("query", query_inputs), ("body", body_inputs)):
        for item in group:
            if item.name in names:
                return None, [(f"{where}/{place}", f"input {item.name!r} is both a {names[item.name]} and a {place} parameter; "
                                                   "rename one of them")]
            names[item.name] = place
    inputs += query_inputs + body_inputs
    schema = input_schema(inputs)
    if endpoint.get("examples") is not None and not isinstance(endpoint.get("examples"), list):
        return None, [(f"{where}/examples", "examples must be a list of {\"name\", \"input\"} objects, "
                                            f"not {type(endpoint['examples']).__name__}")]
    problem, examples, left_out = _checked(schema, examples_of(endpoint.get("examples"), "name", "input", "output", "narrative"), where)
    if problem:
        return None, [problem]
    binding: dict[str, Any] = {
        "endpoint": _join(base_url, path),
        "method": method,
        "query": [i.name for i in query_inputs],
        "body": "{body}" if body_whole else [i.name for i in body_inputs],
        "_base": base_url,
    }
    headers = {**_mapping(data.get("headers")), **_mapping(endpoint.get("headers"))}
    if headers:
        binding["headers"] = headers
    auth = endpoint.get("auth", data.get("auth"))
    if isinstance(auth, dict):
        binding["auth"] = auth
    response = endpoint.get("response")
    if _is_extraction(response):
        binding["response"] = response
    for key in _PASSED_ON:
        if key in endpoint or key in data:
            binding[key] = endpoint.get(key, data.get(key))
    description = str(endpoint.get("description") or endpoint.get("summary") or
                      f"{method} {path} on {connector.id}: {connector.description}")
    failures = failures_of(endpoint.get("outputs") or {"failure": endpoint.get("failure") or data.get("failure") or ()})
    return _tool(connector, f"{connector.id}{SEPARATOR}{name}", description, str(endpoint.get("when_to_use") or connector.when_to_use),
                 tuple(inputs), schema, binding, failures, method, where, title=endpoint.get("title"),
                 success=str(endpoint.get("success") or ""), examples=examples), list(left_out)


def _object_inputs(node: Any, where: str) -> tuple[list[Input], Problems]:
    """Inputs from an endpoint's `query`/`body`: an object JSON Schema, or a mapping of name → schema (or type name)."""
    if node is None or node == {}:
        return [], []
    if not isinstance(node, dict):
        return [], [(where, "expected an object JSON Schema or a mapping of parameter name → schema")]
    if isinstance(node.get("properties"), dict):
        listed = node.get("required") or []
        if not isinstance(listed, list) or not all(isinstance(r, str) for r in listed):
            return [], [(f"{where}/required", f"an object schema's required is a list of property names, got {listed!r}")]
        required = set(listed)
        props = node["properties"]
        return [_input(n, _schema_of(p) or {}, n in required) for n, p in props.items()], []
    out: list[Input] = []
    for name, spec in node.items():
        schema = _schema_of(spec)
        if schema is None:
            return [], [(f"{where}/{name}", f"parameter {name!r}: expected a JSON Schema or a type name, got {spec!r}")]
        required = bool(spec.get("required", False)) if isinstance(spec, dict) else False
        out.append(_input(str(name), schema, required))
    return out, []


def _schema_of(spec: Any) -> dict[str, Any] | None:
    if isinstance(spec, str):
        return property_schema({"type": spec})
    if isinstance(spec, dict):
        schema = {k: v for k, v in spec.items() if k != "required" or not isinstance(v, bool)}
        if "type" in schema and isinstance(schema["type"], str):  # ATDF aliases (int, date, ...) become JSON Schema
            schema = {**schema, **property_schema({"type": schema["type"]})}
        return schema
    return None


def _is_whole_body(body: Any) -> bool:
    """A body schema that is not an object (an array, a string) is sent as one input named `body`."""
    return isinstance(body, dict) and isinstance(body.get("type"), str) and body["type"] != "object"


def _is_extraction(response: Any) -> bool:
    if isinstance(response, str):
        return True
    return isinstance(response, dict) and any(isinstance(response.get(k), str) for k in ("pointer", "path", "extract"))


# ---------------------------------------------------------------------------------------------
# Models


def _model_tools(model: Descriptor, data: dict[str, Any]) -> tuple[list[Descriptor], Problems]:
    endpoint = data.get("endpoint")
    if data.get("interface") != "http" or not isinstance(endpoint, str) or not endpoint:
        return [], []
    method = str(data.get("method", "POST")).upper()
    if method not in _METHODS:
        return [], [(_AT["method"], f"method {data.get('method')!r} is not an HTTP method; expected one of {', '.join(_METHODS)}")]
    signature = data.get("signature") if isinstance(data.get("signature"), dict) else {}
    raw_inputs = signature.get("inputs")
    path_names = placeholders(endpoint)
    inputs: list[Input] = [_input(n, {"type": "string", "description": f"Path parameter {n}."}, True, path_param=True)
                           for n in dict.fromkeys(path_names)]
    if isinstance(raw_inputs, list):
        for item in raw_inputs:
            if isinstance(item, str):
                item = {"name": item, "type": "string"}
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) or item["name"] in path_names:
                continue
            inputs.append(_input(item["name"], property_schema(item), bool(item.get("required", True))))
        schema = input_schema(inputs)
    else:  # no signature: the arguments are the JSON body as they are
        schema = {"type": "object", "properties": {i.name: i.schema_ for i in inputs}, "additionalProperties": True}
        if path_names:
            schema["required"] = list(dict.fromkeys(path_names))
    problem, examples, left_out = _checked(schema, model.examples, _AT["signature"])
    if problem:
        return [], [problem]
    binding: dict[str, Any] = {"endpoint": endpoint, "method": method}
    for key in ("headers", "auth", "response", *_PASSED_ON):
        if key in data:
            binding[key] = data[key]
    if method in ("GET", "HEAD", "OPTIONS", "DELETE") and "query" not in binding:
        binding["query"] = [i.name for i in inputs if i.name not in path_names]
    failures = failures_of(data.get("outputs") or {"failure": data.get("failure") or ()})
    tool = _tool(model, f"{model.id}{SEPARATOR}{MODEL_TOOL_SUFFIX}", model.description, model.when_to_use, tuple(inputs), schema,
                 binding, failures, method, "", title=model.title, success="", examples=examples)
    return [tool], list(left_out)


# ---------------------------------------------------------------------------------------------
# Shared


def _input(name: str, schema: dict[str, Any], required: bool, *, path_param: bool = False) -> Input:
    schema = dict(schema)
    if path_param and schema.get("type") == "string":
        schema.setdefault("minLength", 1)  # an empty path segment would change the URL's shape
    return Input.build(name=name, description=str(schema.get("description", "")), required=required, schema_=schema)


def _tool(parent: Descriptor, tool_id: str, description: str, when_to_use: str, inputs: tuple[Input, ...], schema: dict[str, Any],
          binding: dict[str, Any], failures: tuple[Failure, ...], method: str, where: str, *, title: Any, success: str,
          examples: tuple[Example, ...]) -> Descriptor:
    """The derived tool: its ARDF document, read by the ARDF reader."""
    source = Source.build(file=parent.source.file, pointer=parent.source.pointer + where, dialect=parent.source.dialect)
    document = _ardf_document(parent, tool_id, description, when_to_use, inputs, schema, binding, failures, method,
                              title=title, success=success, examples=examples)
    return ardf.read(document, source, ReadOptions())


def _ardf_document(parent: Descriptor, tool_id: str, description: str, when_to_use: str, inputs: tuple[Input, ...],
                   schema: dict[str, Any], binding: dict[str, Any], failures: tuple[Failure, ...], method: str, *,
                   title: Any, success: str, examples: tuple[Example, ...]) -> dict[str, Any]:
    """The derived tool as an ARDF 1.0 tool/io document (what `ardf://tool/<id>` serves)."""
    annotations = {"readOnlyHint": method in _READ_ONLY, "idempotentHint": method in _IDEMPOTENT or binding.get("idempotent") is True,
                   "openWorldHint": True}
    if method not in _READ_ONLY:
        annotations["destructiveHint"] = method == "DELETE"
    outputs: dict[str, Any] = {"failure": ardf.write_failures(failures)}
    if success:  # else a call that returns nothing says the server's (localized) default
        outputs["success"] = success
    data: dict[str, Any] = {
        "inputs": [ardf.write_input(i) for i in inputs],
        "input_schema": schema,
        "outputs": outputs,
        **{k: v for k, v in binding.items() if k != "_base"},
        "annotations": annotations,  # the endpoint's, never the parent's: a connector's DELETE is destructive
    }
    if "_base" in binding:
        data["base_url"] = binding["_base"]
    inherited = {k: v for k, v in parent.metadata.items() if k not in ANNOTATION_KEYS and k != "annotations"}
    doc: dict[str, Any] = {
        "schema_version": "1.0.0",
        "resource_id": tool_id,
        "resource_type": "tool",
        "description": description,
        "content": {"type": "tool/io", "data": data},
        "metadata": {**inherited, "derived_from": parent.uri},
    }
    if when_to_use:
        doc["when_to_use"] = when_to_use
    if isinstance(title, str):
        doc["title"] = title
    if parent.prerequisites:
        doc["prerequisites"] = parent.prerequisites
    if examples:
        doc["examples"] = ardf.write_examples(examples)
    return doc


class ExampleLeftOut(NamedTuple):
    """An example of a generated tool that does not match its input schema: left out, the tool served (a warning)."""

    pointer: str
    message: str


def _checked(schema: dict[str, Any], examples: tuple[Example, ...],
             where: str) -> tuple[tuple[str, str] | None, tuple[Example, ...], list[ExampleLeftOut]]:
    """A problem with the generated input schema (the tool is not generated); else the examples that match it, and
    one ExampleLeftOut per example that does not."""
    try:
        validator = jsonschema_rs.validator_for(schema, validate_formats=True, offline=True)
    except (jsonschema_rs.ValidationError, ValueError) as exc:
        return (where, f"the generated input schema is not a valid JSON Schema: {getattr(exc, 'message', exc)}"), (), []
    kept: list[Example] = []
    left_out: list[ExampleLeftOut] = []
    for i, example in enumerate(examples):
        if example.input is None or validator.is_valid(example.input):
            kept.append(example)
            continue
        error = next(iter(validator.iter_errors(example.input)))
        left_out.append(ExampleLeftOut(f"{where}/examples/{i}" if where.startswith(_AT["endpoints"]) else f"{_AT['examples']}/{i}",
                                       f"example {example.name or i!r} does not match the tool's input schema, so it is left "
                                       f"out (the tool is served without it): {error.message}; correct or remove it"))
    return None, tuple(kept), left_out


def _join(base_url: str, path: str) -> str:
    if not path:
        return base_url
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def _mapping(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


def _slug(text: str) -> str:
    return re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9]+", "_", text)).strip("_").lower() or "endpoint"
