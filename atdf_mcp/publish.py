"""Catalogue → what MCP clients see: tools, resources, prompts and the manifest, built once per snapshot.

    >>> from atdf_mcp import load_catalog
    >>> published = Published.build(load_catalog("descriptors"), lang="es")
    >>> [t.description for t in published.list_tools.tools if t.name == "unit_converter"][0][:40]
    'Convierte un valor entre unidades de lon'
"""

from __future__ import annotations

import base64
import dataclasses
import json
import mimetypes
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp import UriTemplate

from . import __version__
from .catalog import Catalog, Problem
from .codes import Code
from .copies import advertised
from .dialects import DIALECT, writer
from .dialects.carried import for_clients
from .labels import Labels, labels_for
from .lean import lean
from .model import Descriptor
from .prompt_lint import prompt_problems
from .schemas import SCHEMA_FILES, schema_bytes
from .union_types import stated_union_types

__all__ = ["ARDF_MIME", "ARDF_TEMPLATE", "COLLECTION_PATHS", "Published", "ResourceContent", "TemplateContent", "build_manifest", "render_prompt",
           "tool_entry"]

ARDF_MIME = "application/vnd.ardf+json"
ARDF_TEMPLATE = "ardf://{resource_type}/{resource_id}"  # any descriptor of the catalogue (resources/templates/list)
ARDF_SCHEMA_ID = "https://ardf.io/schema/v1"
ARDF_PROFILE = "https://ardf.io/spec/v1"
COLLECTION_PATHS = {
    "tool": "/tools", "prompt": "/prompts", "document": "/documents", "workflow": "/workflows",
    "policy": "/policies", "model": "/models", "dataset": "/datasets", "connector": "/connectors",
    "custom": "/resources/custom",
}
_FORMAT_MIME = {"markdown": "text/markdown", "md": "text/markdown", "text": "text/plain", "txt": "text/plain",
                "html": "text/html", "json": "application/json", "yaml": "application/yaml", "pdf": "application/pdf",
                "csv": "text/csv", "xml": "application/xml"}
MAX_DOCUMENT_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class ResourceContent:
    """Content a document (or custom) descriptor carries, served at `uri` (text, base64 blob or a file)."""

    uri: str
    mime_type: str
    descriptor: Descriptor
    text: str | None = None
    blob: str | None = None
    path: Path | None = None

    def read(self, uri: str | None = None) -> types.TextResourceContents | types.BlobResourceContents:
        """The content as MCP resource contents (text, or base64 blob for binary data)."""
        uri = uri or self.uri
        if self.text is not None:
            return types.TextResourceContents(uri=uri, mime_type=self.mime_type, text=self.text)
        if self.blob is not None:
            return types.BlobResourceContents(uri=uri, mime_type=self.mime_type, blob=self.blob)
        data = self.path.read_bytes() if self.path is not None else b""
        if _is_textual(self.mime_type):
            try:
                return types.TextResourceContents(uri=uri, mime_type=self.mime_type, text=data.decode("utf-8-sig"))
            except UnicodeDecodeError:
                pass
        return types.BlobResourceContents(uri=uri, mime_type=self.mime_type, blob=base64.b64encode(data).decode("ascii"))


@dataclass(frozen=True)
class TemplateContent:
    """A URI template declared by a descriptor; `{var}` in `text` is filled from the URI."""

    template: UriTemplate
    uri_template: str
    mime_type: str
    descriptor: Descriptor
    text: str

    def read(self, uri: str, values: dict[str, str]) -> types.TextResourceContents:
        """The content for one concrete URI."""
        filled = re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), self.text)
        return types.TextResourceContents(uri=uri, mime_type=self.mime_type, text=filled)


def _is_textual(mime: str) -> bool:
    return mime.startswith("text/") or mime in ("application/json", "application/yaml", "application/xml") or mime.endswith("+json")


@dataclass(frozen=True)
class Published:
    """Every list result and lookup table the server answers from, built once per catalogue snapshot."""

    catalog: Catalog
    lang: str | None
    descriptors: tuple[Descriptor, ...]
    tools: dict[str, Descriptor]
    list_tools: types.ListToolsResult
    list_resources: types.ListResourcesResult
    list_templates: types.ListResourceTemplatesResult
    list_prompts: types.ListPromptsResult
    prompts: dict[str, Descriptor]
    static: dict[str, tuple[str, bytes | str]]
    documents: dict[str, ResourceContent]
    templates: tuple[TemplateContent, ...]
    manifest: dict[str, Any]
    problems: tuple[Problem, ...]
    by_uri: dict[str, Descriptor]

    @classmethod
    def build(cls, catalog: Catalog, *, lang: str | None = None, previous: Published | None = None) -> Published:
        """Project the catalogue once: tool, resource and prompt lists, resource contents, manifest.

        With `previous` (the listings of the snapshot before a reload), unchanged tools keep their listing entry.
        """
        descriptors = catalog.localized(lang)
        known = previous.tool_entries() if previous is not None and previous.lang == lang else {}
        labels = labels_for(lang)
        tools = {d.id: d for d in descriptors if d.type == "tool"}
        prompts = {d.id: d for d in descriptors if _is_prompt(d)}
        manifest = build_manifest(catalog)
        static: dict[str, tuple[str, bytes | str]] = {
            "ardf://manifest": ("application/json", json.dumps(manifest, indent=2, ensure_ascii=False)),
        }
        for file_name in SCHEMA_FILES.values():
            static[f"ardf://schema/{file_name}"] = ("application/schema+json", schema_bytes(file_name))
        documents, templates, problems = _documents(catalog, descriptors)
        problems += prompt_problems(prompts.values())
        listed = previous.resource_entries() if previous is not None and previous.lang == lang else {}
        resources = [
            _kept(listed, d) or lean(types.Resource(uri=d.uri, name=d.id, title=d.title, description=d.text("description", lang),
                                                    mime_type=ARDF_MIME))
            for d in descriptors
        ]
        resources += [
            types.Resource(uri=doc.uri, name=doc.descriptor.id if not doc.uri.startswith("ardf://") else f"{doc.descriptor.id} content",
                           title=doc.descriptor.title, mime_type=doc.mime_type, description=doc.descriptor.text("description", lang))
            for doc in documents.values()
        ]
        resources.append(types.Resource(uri="ardf://manifest", name="manifest", mime_type="application/json",
                                        description=labels.manifest))
        resources += [
            types.Resource(uri=uri, name=uri.rsplit("/", 1)[1], mime_type=mime, description=labels.schema)
            for uri, (mime, _) in static.items() if uri.startswith("ardf://schema/")
        ]
        template = types.ResourceTemplate(uri_template=ARDF_TEMPLATE, name="ardf-resource",
                                          description=labels.template,
                                          mime_type=ARDF_MIME)
        return cls(
            catalog=catalog,
            lang=lang,
            descriptors=descriptors,
            tools=tools,
            list_tools=types.ListToolsResult(tools=[_kept(known, d) or _tool(d, lang, labels) for d in tools.values()]),
            list_resources=types.ListResourcesResult(resources=resources),
            list_templates=types.ListResourceTemplatesResult(resource_templates=[template, *(
                types.ResourceTemplate(uri_template=t.uri_template, name=t.descriptor.id, title=t.descriptor.title,
                                       description=t.descriptor.text("description", lang), mime_type=t.mime_type)
                for t in templates)]),
            list_prompts=types.ListPromptsResult(prompts=[_prompt(d, lang, labels) for d in prompts.values()]),
            prompts=prompts,
            static=static,
            documents=documents,
            templates=tuple(templates),
            manifest=manifest,
            problems=tuple(problems),
            by_uri={d.uri: d for d in descriptors},
        )

    def with_tools(self, extra: dict[str, Descriptor]) -> Published:
        """These listings with more tools (a runnable workflow's composite tool: atdf_mcp.workflows)."""
        if not extra:
            return self
        labels = labels_for(self.lang)
        listed = types.ListToolsResult(tools=[*self.list_tools.tools, *(_tool(d, self.lang, labels) for d in extra.values())])
        return dataclasses.replace(self, tools={**self.tools, **extra}, list_tools=listed)

    def tool_entries(self) -> dict[str, tuple[Descriptor, types.Tool]]:
        """Each listed tool's descriptor and listing entry, by name."""
        return {tool.name: (self.tools[tool.name], tool) for tool in self.list_tools.tools if tool.name in self.tools}

    def resource_entries(self) -> dict[str, tuple[Descriptor, types.Resource]]:
        """Each descriptor's resources/list entry, by id."""
        return {d.id: (d, entry) for d, entry in zip(self.descriptors, self.list_resources.resources, strict=False)}

    def descriptor_for(self, uri: str) -> Descriptor | None:
        """The descriptor at an `ardf://{type}/{id}` URI, if any."""
        return self.by_uri.get(uri)


def _kept(known: dict[str, tuple[Descriptor, Any]], d: Descriptor) -> Any:
    """The listing entry of the snapshot before, when the descriptor is the very same object."""
    entry = known.get(d.id)
    return entry[1] if entry is not None and entry[0] is d else None


def ardf_document(d: Descriptor, catalog: Catalog | None = None) -> dict[str, Any]:
    """A descriptor's ARDF 1.0 projection; its `localization` advertises the languages of its copies in `catalog` too."""
    return for_clients(writer("ardf")(advertised(d, catalog.variants.get(d.id)) if catalog is not None and catalog.variants else d))


def ardf_text(d: Descriptor, *, indent: int | None = None, catalog: Catalog | None = None) -> str:
    """A descriptor's ARDF 1.0 projection as JSON text (what resources/read and the REST routes serve)."""
    return json.dumps(ardf_document(d, catalog), indent=indent, ensure_ascii=False)


def build_manifest(catalog: Catalog) -> dict[str, Any]:
    """The catalogue's `mcp_manifest.json`."""
    config = catalog.config
    counts = catalog.counts()
    name = config.name or (catalog.root.name if catalog.root else "atdf-mcp catalogue")
    return {
        "name": name,
        "version": config.version or __version__,
        "description": config.description or f"ARDF resources served by atdf-mcp from {name}",
        "schema": {"id": ARDF_SCHEMA_ID, "path": "/schema/ardf.schema.json", "mediaType": ARDF_MIME, "profile": ARDF_PROFILE},
        "resources": [
            {"type": kind, "path": path, "mediaType": ARDF_MIME, "profile": ARDF_PROFILE, "count": counts[kind]}
            for kind, path in COLLECTION_PATHS.items()
            if counts.get(kind)
        ],
    }


def tool_entry(d: Descriptor, lang: str | None) -> types.Tool:
    """A tool's tools/list entry in `lang` (the listings build theirs once; a tool set's view, those it changes)."""
    return _tool(d, lang, labels_for(lang))


_SENTENCE_ENDS = (".", "!", "?", "\u3002", "\uff01", "\uff1f")  # and the CJK full stop, exclamation and question marks


def _tool(d: Descriptor, lang: str | None, labels: Labels) -> types.Tool:
    parts = [d.text("description", lang)]
    detail = d.hints.get("detail")
    if detail:
        parts.append(detail if len(detail) <= 600 else detail[:597] + "...")
    when = d.text("when_to_use", lang)
    if when:
        parts.append(f"{labels.when_to_use} {when}")
    warnings = d.hints.get("warnings")
    if warnings:
        parts.append(f"{labels.warnings} " + " ".join(w if w.rstrip().endswith(_SENTENCE_ENDS) else w.rstrip() + "." for w in warnings))
    if d.failures:
        parts.append(f"{labels.failures} " + ", ".join(f.code for f in d.failures))
    needs = prerequisites_text(d, labels)
    if needs:
        parts.append(needs)
    meta: dict[str, Any] = {**(d.hints.get("meta") or {}), "ardf.io/uri": d.uri}  # the tool's own _meta, then ours
    if d.failures:
        meta["ardf.io/failures"] = [{"code": f.code, "description": f.description} for f in d.failures]
    annotations = dict(d.hints.get("annotations") or {})
    fields: dict[str, Any] = {
        "name": d.id,
        "description": "\n\n".join(parts),
        "inputSchema": stated_union_types(d.input_schema) if d.input_schema else {"type": "object", "properties": {}},
        "_meta": meta,
    }
    if d.title:
        fields["title"] = d.title
    if d.output_schema:
        fields["outputSchema"] = d.output_schema
    if annotations:
        fields["annotations"] = annotations
    if d.hints.get("icons"):
        fields["icons"] = d.hints["icons"]
    return lean(types.Tool.model_validate(fields))


_PREREQUISITE_KEYS = ("permissions", "tools", "resources", "policies", "credentials", "conditions")


def prerequisites_text(d: Descriptor, labels: Labels) -> str:
    """The tool's prerequisites in one line ("Prerequisites: permissions: book_travel; tools: ..."), "" without any."""
    found = d.prerequisites if isinstance(d.prerequisites, dict) else {}
    parts = []
    for key, word in zip(_PREREQUISITE_KEYS, labels.requires, strict=True):
        values = found.get(key)
        items = [v.strip().rstrip(".") for v in values if isinstance(v, str) and v.strip()] if isinstance(values, list) else []
        if items:
            parts.append(f"{word}: {', '.join(items) if key != 'conditions' else '; '.join(items)}")
    return f"{labels.prerequisites} {'; '.join(parts)}." if parts else ""


# ---------------------------------------------------------------------------------------------
# Prompts (DESIGN decision 7)


def _is_prompt(d: Descriptor) -> bool:
    return d.type == "prompt" or (d.type == "workflow" and d.content_type == "workflow/steps")


def prompt_variables(d: Descriptor) -> list[str]:
    """The argument names of a prompt descriptor (ARDF `input_variables`)."""
    variables = d.content.get("input_variables")
    return [str(v) for v in variables or () if isinstance(v, str)]


def _prompt(d: Descriptor, lang: str | None, labels: Labels) -> types.Prompt:
    defaults = d.content.get("defaults") if isinstance(d.content.get("defaults"), dict) else {}
    arguments = [types.PromptArgument(name=v, required=v not in defaults, description=labels.argument.format(name=v))
                 for v in prompt_variables(d)]
    return types.Prompt(name=d.id, title=d.title, description=d.text("description", lang), arguments=arguments)


def render_prompt(d: Descriptor, arguments: dict[str, str], lang: str | None,
                  published: Published | None = None) -> types.GetPromptResult:
    """The messages of a prompt: a rendered template, or the laid-out steps of a flow or workflow.

    Raises KeyError naming the first missing required argument.
    """
    defaults = d.content.get("defaults") if isinstance(d.content.get("defaults"), dict) else {}
    values = {**{k: str(v) for k, v in defaults.items()}, **arguments}
    for name in prompt_variables(d):
        if name not in values:
            raise KeyError(name)
    if d.content_type == "prompt/template":
        text = _substitute(str(d.content.get("template_text", "")), values)
        role = d.content.get("role", "user")
        if role == "system":
            text = f"{labels_for(lang).system}\n{text}"
            role = "user"
        messages = [types.PromptMessage(role=role, content=types.TextContent(type="text", text=text))] if text else []
        for item in d.content.get("messages") or ():
            if isinstance(item, dict):
                messages.append(_message(d, item, values, published))
    else:
        text = _substitute(_steps_text(d, lang), values)
        messages = [types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))]
    return types.GetPromptResult(description=d.text("description", lang), messages=messages)


def _message(d: Descriptor, item: dict[str, Any], values: dict[str, str], published: Published | None) -> types.PromptMessage:
    """One declared prompt message: {role, text} | {role, image: {path|data, mime_type}} | {role, resource: {uri, text?}}."""
    role = item.get("role") if item.get("role") in ("user", "assistant") else "user"
    content: Any
    if isinstance(item.get("image"), dict):
        image = item["image"]
        data, mime = image.get("data"), image.get("mime_type")
        if isinstance(image.get("path"), str):
            path, reason = confined_path(Path(d.source.file).parent, image["path"], None)
            if path is None:
                raise ValueError(reason)
            data = base64.b64encode(path.read_bytes()).decode("ascii")
            mime = mime or mimetypes.guess_type(path.name)[0]
        content = types.ImageContent(type="image", data=str(data or ""), mime_type=mime or "image/png")
    elif isinstance(item.get("resource"), dict):
        spec = item["resource"]
        uri = _substitute(str(spec.get("uri", "")), values)
        if isinstance(spec.get("text"), str):
            contents: Any = types.TextResourceContents(uri=uri, mime_type=spec.get("mime_type", "text/plain"),
                                                       text=_substitute(spec["text"], values))
        else:
            contents = _read_published(published, uri)
        content = types.EmbeddedResource(type="resource", resource=contents)
    else:
        content = types.TextContent(type="text", text=_substitute(str(item.get("text", "")), values))
    return types.PromptMessage(role=role, content=content)


def _read_published(published: Published | None, uri: str) -> Any:
    if published is not None:
        if uri in published.documents:
            return published.documents[uri].read()
        d = published.descriptor_for(uri)
        if d is not None:
            return types.TextResourceContents(uri=uri, mime_type=ARDF_MIME, text=ardf_text(d, catalog=published.catalog))
    return types.TextResourceContents(uri=uri, mime_type="text/plain", text=f"Resource {uri}")


def completion_values(published: Published, ref: Any, argument: str, prefix: str,
                      context: Mapping[str, str] | None = None) -> list[str]:
    """Suggestions for a prompt or resource-template argument, from the descriptor's completions, enums and examples;
    for `ARDF_TEMPLATE`, the resource types and (of the type in `context`) the ids `published` serves."""
    descriptor: Descriptor | None = None
    if getattr(ref, "type", "") == "ref/prompt":
        descriptor = published.prompts.get(ref.name)
    elif getattr(ref, "type", "") == "ref/resource":
        if ref.uri == ARDF_TEMPLATE:
            return _ardf_values(published, argument, prefix, context or {})
        descriptor = next((t.descriptor for t in published.templates if t.uri_template == ref.uri), None)
    if descriptor is None:
        return []
    data = descriptor.content
    candidates: list[Any] = []
    declared = data.get("completions")
    if isinstance(declared, dict) and isinstance(declared.get(argument), list):
        candidates += declared[argument]
    variables = data.get("variables")
    if isinstance(variables, dict) and isinstance(variables.get(argument), dict):
        candidates += variables[argument].get("enum") or []
        candidates += variables[argument].get("examples") or []
    defaults = data.get("defaults")
    if isinstance(defaults, dict) and argument in defaults:
        candidates.append(defaults[argument])
    candidates += [e.input[argument] for e in descriptor.examples if isinstance(e.input, dict) and argument in e.input]
    return _starting_with(map(str, candidates), prefix)


def _ardf_values(published: Published, argument: str, prefix: str, context: Mapping[str, str]) -> list[str]:
    """The `resource_type`s, or the `resource_id`s of `context`'s type (of any type without one), of the ardf:// URIs served."""
    pairs = [uri.removeprefix("ardf://").split("/", 1) for uri in (*published.by_uri, *published.static)]
    pairs = [pair for pair in pairs if len(pair) == 2]
    if argument == "resource_type":
        return sorted(_starting_with((kind for kind, _ in pairs), prefix))
    if argument == "resource_id":
        kind = context.get("resource_type")
        return sorted(_starting_with((rid for k, rid in pairs if kind in (None, k)), prefix))
    return []


def _starting_with(values: Iterable[str], prefix: str) -> list[str]:
    """`values` that start with `prefix` (any case), each once, in order."""
    seen: dict[str, None] = {}
    lowered = (prefix or "").lower()
    for value in values:
        if value.lower().startswith(lowered):
            seen.setdefault(value)
    return list(seen)


def _substitute(text: str, values: dict[str, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        return values.get(name, match.group(0))

    return re.sub(r"\$\{(\w+)\}|\{(\w+)\}", replace, text)


def _steps_text(d: Descriptor, lang: str | None) -> str:
    labels = labels_for(lang)
    kind = labels.workflow if d.type == "workflow" else labels.prompt if d.type == "prompt" else d.type
    lines = [labels.follow.format(kind=kind, name=repr(d.id), description=d.text("description", lang))]
    when = d.text("when_to_use", lang)
    if when:
        lines.append(f"{labels.when_to_use} {when}")
    flow = d.content.get("control_flow", "sequential")
    steps = d.content.get("steps") or []
    if steps:
        lines.append(labels.steps.format(flow=flow))
    for n, step in enumerate(steps, 1):
        if not isinstance(step, dict):
            lines.append(f"{n}. {step}")
            continue
        refs = [f"{label} `{step[key]}`" for key, label in (("tool_id", labels.tool_ref), ("prompt_id", labels.prompt_ref),
                                                               ("policy_id", labels.policy_ref), ("tool", labels.tool_ref),
                                                               ("resource_ref", labels.resource_ref)) if step.get(key)]
        if step.get("on_error"):
            refs.append(f"{labels.on_error} {step['on_error']}")
        name = step.get("step") or step.get("name") or step.get("action") or labels.step.format(n=n)
        description = step.get("description") or step.get("action") or step.get("notes") or ""
        lines.append(f"{n}. {name} — {description}" + (f" ({'; '.join(refs)})" if refs else ""))
    if not steps and d.content:
        lines.append(json.dumps(d.content, indent=2, ensure_ascii=False))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Document contents


def _documents(catalog: Catalog, descriptors: tuple[Descriptor, ...]) -> tuple[dict[str, ResourceContent], list[TemplateContent], list[Problem]]:
    """Content declared by document and custom descriptors: inline text/blob, a local file, or a URI template."""
    found: dict[str, ResourceContent] = {}
    templates: list[TemplateContent] = []
    problems: list[Problem] = []
    for d in descriptors:
        data = d.content
        if d.type not in ("document", "custom") or not isinstance(data, dict):
            continue
        mime = data.get("mime_type") if isinstance(data.get("mime_type"), str) else _mime_for(data.get("format"), data.get("path"))
        pointer = d.source.pointer + DIALECT[d.dialect].pointers["content"]
        if isinstance(data.get("uri_template"), str):
            try:
                template = UriTemplate.parse(data["uri_template"])
            except Exception as exc:  # the SDK raises several types for malformed templates
                problems.append(Problem(d.source.file, pointer + "/uri_template", f"invalid URI template: {exc}", "error", Code.INVALID_RESOURCE))
                continue
            templates.append(TemplateContent(template, data["uri_template"], mime, d, str(data.get("text", ""))))
            continue
        uri = data["uri"] if isinstance(data.get("uri"), str) and data["uri"] else f"{d.uri}/content"
        inline = data.get("text") if isinstance(data.get("text"), str) else data.get("inline")
        if isinstance(inline, str):
            found[uri] = ResourceContent(uri, mime, d, text=inline)
        elif isinstance(data.get("blob"), str):
            try:
                base64.b64decode(data["blob"], validate=True)
            except ValueError:
                problems.append(Problem(d.source.file, pointer + "/blob", "blob must be base64-encoded data", "error", Code.INVALID_RESOURCE))
                continue
            found[uri] = ResourceContent(uri, mime, d, blob=data["blob"])
        elif isinstance(data.get("path"), str) and data["path"]:
            path, reason = confined_path(Path(d.source.file).parent, data["path"], catalog.root)
            if path is None:
                problems.append(Problem(d.source.file, pointer + "/path", reason, "error", Code.DOCUMENT_PATH))
                continue
            found[uri] = ResourceContent(uri, mime, d, path=path)
    return found, templates, problems


def confined_path(base: Path, relative: str, root: Path | None) -> tuple[Path | None, str]:
    """`relative` (a descriptor's file reference) as a path confined to `root` (else `base`), or None and why not."""
    if Path(relative).is_absolute() or relative.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", relative):
        return None, f"document path {relative!r} must be relative to the descriptor's file, not absolute"
    if ".." in re.split(r"[\\/]", relative):
        return None, f"document path {relative!r} must not contain '..'"
    path = (base / relative).resolve()
    limit = (root or base).resolve()
    if not path.is_relative_to(limit):
        return None, f"document path {relative!r} leaves the catalogue directory"
    if not path.is_file():
        return None, f"document path {relative!r} does not name a file"
    if path.stat().st_size > MAX_DOCUMENT_BYTES:
        return None, f"document {relative!r} is larger than {MAX_DOCUMENT_BYTES // 1048576} MiB"
    return path, ""


def _mime_for(fmt: Any, path: Any) -> str:
    if isinstance(fmt, str):
        if "/" in fmt:
            return fmt
        if fmt.lower() in _FORMAT_MIME:
            return _FORMAT_MIME[fmt.lower()]
    if isinstance(path, str):
        if path.lower().endswith((".md", ".markdown")):
            return "text/markdown"
        guessed, _ = mimetypes.guess_type(path)
        if guessed:
            return guessed
    return "text/plain"
