"""Load-time checks of prompt templates, so that `atdf-mcp validate` says what `prompts/get` would otherwise show a
client: a `${name}` no argument declares (sent as the literal text) and a message image whose file is not there.

    >>> from atdf_mcp import load_catalog
    >>> [p.code for p in prompt_problems(load_catalog("descriptors").descriptors)]
    []

Single-brace `{name}`s are not checked: ARDF samples write tool references that way (`{patient_lookup}`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .catalog import Problem
from .codes import Code
from .dialects import DIALECT
from .model import Descriptor

__all__ = ["prompt_problems"]

_DOLLAR = re.compile(r"\$\{(\w+)\}")


def prompt_problems(descriptors: Iterable[Descriptor]) -> list[Problem]:
    """The problems of every `prompt/template`'s variables and message images."""
    from .publish import confined_path, prompt_variables  # publish imports this module

    problems: list[Problem] = []
    for d in descriptors:
        if d.type != "prompt" or d.content_type != "prompt/template":
            continue
        data = d.content
        pointer = d.source.pointer + DIALECT[d.dialect].pointers["content"]
        defaults = data.get("defaults") if isinstance(data.get("defaults"), dict) else {}
        declared = {*prompt_variables(d), *defaults}
        for where, text in _texts(data):
            unknown = sorted({name for name in _DOLLAR.findall(text) if name not in declared})
            if unknown:
                names = ", ".join(repr(n) for n in unknown)
                problems.append(Problem(d.source.file, pointer + where, f"the template names {names}, which input_variables "
                                        f"does not declare: it reaches the client as written", "warning", Code.DANGLING_REFERENCE))
        for n, item in enumerate(data.get("messages") or ()):
            image = item.get("image") if isinstance(item, dict) else None
            if isinstance(image, dict) and isinstance(image.get("path"), str):
                path, reason = confined_path(Path(d.source.file).parent, image["path"], None)
                if path is None:
                    problems.append(Problem(d.source.file, f"{pointer}/messages/{n}/image/path", reason, "error", Code.DOCUMENT_PATH))
    return problems


def _texts(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Each rendered text of a template, with its pointer under the content: the template and its messages' texts."""
    found = [("/template_text", data["template_text"])] if isinstance(data.get("template_text"), str) else []
    for n, item in enumerate(data.get("messages") or ()):
        if not isinstance(item, dict):
            continue
        if isinstance(item.get("text"), str):
            found.append((f"/messages/{n}/text", item["text"]))
        resource = item.get("resource")
        if isinstance(resource, dict):
            found += [(f"/messages/{n}/resource/{key}", resource[key]) for key in ("uri", "text") if isinstance(resource.get(key), str)]
    return found
