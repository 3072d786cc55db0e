"""The JSON-RPC errors of `prompts/get` and `resources/read|subscribe` a client can act on, each with an ATDF envelope
as its `data` naming the prompt, argument or URI it most likely meant (among those the client's view holds).

    >>> unknown_prompt("greetng", ["greeting", "farewell"]).error.data["errors"][0]["suggested_value"]
    'greeting'

A tool call's failures are results (atdf_mcp.results); these are protocol errors, as the MCP specification has them:
-32602 for a prompt or its arguments, -32002 for a resource, -32603 for a prompt the catalogue cannot render.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import mcp.types as types
from mcp.shared.exceptions import MCPError

from .codes import Code
from .envelope import build_entry, envelope
from .l10n import gettext as _
from .model import Descriptor
from .name_words import meant_first
from .suggest import MISSING, close_names, nearest_name

if TYPE_CHECKING:
    from .view import View

__all__ = ["RESOURCE_NOT_FOUND", "bad_prompt_arguments", "left_out_content", "unknown_prompt", "unknown_resource", "unrenderable_prompt"]

RESOURCE_NOT_FOUND = -32002  # MCP's "Resource not found"
_LISTED = 50  # an error lists every name of a view at most this large


def unknown_prompt(name: str, known: Iterable[str]) -> MCPError:
    """-32602 for a prompt the view does not hold: the closest names, and all of them in a small catalogue."""
    names = sorted(known)
    close = close_names(name, names)
    if not close:  # a name typed in another case: 'Greeting'
        lowered = {n.lower(): n for n in names}
        close = [lowered[m] for m in close_names(name.lower(), list(lowered))]
    close = meant_first(name, names, close)
    solution = (_("Get the prompt {name} instead.").format(name=repr(close[0])) if close
                else _("Call prompts/list and use one of the listed prompt names."))
    context: dict[str, Any] = {"received": {"name": name}, "similar_prompts": close, "retryable": False, "solution": solution}
    if len(names) <= _LISTED:
        context["available_prompts"] = names
    detail = _("No prompt named {name} is published by this server.").format(name=repr(name))
    entry = build_entry(Code.NOT_FOUND, detail, "server", title=_("Unknown prompt"), parameter="name",
                        suggested_value=close[0] if close else MISSING, context=context)
    return MCPError(types.INVALID_PARAMS, f"{detail} {solution}", envelope([entry]))


def bad_prompt_arguments(prompt: Descriptor, variables: list[str], defaults: Mapping[str, Any],
                         arguments: Mapping[str, str]) -> MCPError | None:
    """-32602 for a prompt's arguments that are missing or that it does not take (with the one each misspells), or None.

    `context.suggested_arguments` is the arguments with each misspelt name corrected, when that leaves none missing.
    """
    unknown = [name for name in arguments if name not in variables]
    renamed = {name: nearest_name(name, [v for v in variables if v not in arguments]) for name in unknown}
    fixed = {renamed.get(name, name): value for name, value in arguments.items() if renamed.get(name, name) is not MISSING}
    missing = [name for name in variables if name not in arguments and name not in defaults]
    if not unknown and not missing:
        return None
    expected = {"arguments": {v: _("optional (default: {value})").format(value=defaults[v]) if v in defaults else _("required")
                              for v in variables}}
    still_missing = [name for name in variables if name not in fixed and name not in defaults]
    common: dict[str, Any] = {"expected": expected, "retryable": False}
    if not still_missing:
        common["suggested_arguments"] = fixed
    entries = []
    for name in unknown:
        meant = renamed[name]
        solution = (_("Send {meant} instead of {name}.").format(meant=repr(meant), name=repr(name)) if meant is not MISSING
                    else _("Leave {name} out: the prompt takes {known}.").format(name=repr(name), known=", ".join(variables) or "-"))
        entries.append(build_entry(Code.VALIDATION_ERROR, _("The prompt {prompt} takes no argument {name}.").format(
            prompt=repr(prompt.id), name=repr(name)), prompt.id, title=_("Unknown argument"), parameter=name,
            suggested_value=meant, context={"received": {name: arguments[name]}, **common, "solution": solution}))
    for name in missing:
        if name in fixed:
            continue  # a misspelt name above already says it
        entries.append(build_entry(Code.VALIDATION_ERROR, _("The required argument {name} is missing.").format(name=repr(name)),
                                   prompt.id, title=_("Missing required argument"), parameter=name,
                                   context={**common, "solution": _("Send {name} (a string).").format(name=repr(name))}))
    first = entries[0]
    message = (_("Missing required argument {name} for prompt {prompt}").format(name=repr(first["parameter_name"]), prompt=repr(prompt.id))
               if first["title"] == _("Missing required argument") else first["detail"])
    return MCPError(types.INVALID_PARAMS, message, envelope(entries))


def unrenderable_prompt(prompt: Descriptor, reason: str) -> MCPError:
    """-32603 for a prompt whose declared content cannot be read (a message's image file gone): the operator's to fix."""
    detail = _("The prompt {prompt} cannot be rendered: {reason}.").format(prompt=repr(prompt.id), reason=reason)
    entry = build_entry(Code.INTERNAL_ERROR, detail, prompt.id, title=_("Prompt cannot be rendered"), context={
        "retryable": False, "solution": _("Tell the server's operator: atdf-mcp validate names the file to fix.")})
    return MCPError(types.INTERNAL_ERROR, detail, envelope([entry]))


def left_out_content(view: View, uri: str) -> tuple[Descriptor, str] | None:
    """The document (or custom) descriptor whose declared content `uri` is, when the load left that content out, and
    the load problem that says why; None for any other URI."""
    for descriptor in view.descriptors:
        data = descriptor.content
        if descriptor.type not in ("document", "custom") or not isinstance(data, dict):
            continue
        declared = data["uri"] if isinstance(data.get("uri"), str) and data["uri"] else f"{descriptor.uri}/content"
        if declared == uri:
            reasons = [p.message for p in view.published.problems
                       if p.file == descriptor.source.file and p.pointer.startswith(descriptor.source.pointer + "/content")]
            return descriptor, reasons[0] if reasons else _("its content is missing")
    return None


def unknown_resource(uri: str, known: Iterable[str], *, left_out: tuple[Descriptor, str] | None = None) -> MCPError:
    """-32002 for a URI the view does not serve: the closest URIs (templates too), or, for the content of a descriptor
    whose content was left out at load (`left_out`: that descriptor and the load problem's message), why."""
    if left_out is not None:
        descriptor, reason = left_out
        detail = _("The content of {id} is not served: {reason}.").format(id=repr(descriptor.id), reason=reason)
        context: dict[str, Any] = {"received": {"uri": uri}, "descriptor_uri": descriptor.uri, "retryable": False,
                                   "solution": _("Read {uri} for the descriptor; the server's operator must fix its content "
                                                 "(atdf-mcp validate names the file).").format(uri=descriptor.uri)}
        entry = build_entry(Code.NOT_FOUND, detail, "server", title=_("Unknown resource"), parameter="uri", context=context)
        return MCPError(RESOURCE_NOT_FOUND, detail, envelope([entry]))
    uris = sorted(set(known))
    close = meant_first(uri, uris, close_names(uri, uris))  # ardf://tool/a.b.c for ardf://tool/c_a_b
    if not close:
        solution = _("Call resources/list or resources/templates/list and use one of the listed URIs.")
    elif "{" in close[0]:
        solution = _("Read a URI of the template {uri}, its variables filled in.").format(uri=close[0])
    else:
        solution = _("Read {uri} instead.").format(uri=close[0])
    detail = _("Resource not found: {uri}").format(uri=uri)
    context = {"received": {"uri": uri}, "similar_uris": close, "retryable": False, "solution": solution}
    entry = build_entry(Code.NOT_FOUND, detail, "server", title=_("Unknown resource"), parameter="uri",
                        suggested_value=close[0] if close else MISSING, context=context)
    return MCPError(RESOURCE_NOT_FOUND, f"{detail}. {solution}", envelope([entry]))
