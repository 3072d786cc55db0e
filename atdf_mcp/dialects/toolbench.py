"""ToolBench (ToolLLaMA) function definitions: an `optional` list of names beside `required`, and `example_value`s.

    >>> from atdf_mcp.dialects.canonical import Canonical
    >>> c = Canonical({})
    >>> schema = {"type": "object", "properties": {"q": {"type": "string", "example_value": "tea"}},
    ...           "required": [], "optional": ["q"]}
    >>> toolbench_keywords(c, schema, "/inputSchema"); schema
    {'type': 'object', 'properties': {'q': {'type': 'string', 'examples': ['tea']}}, 'required': []}

OpenBMB/ToolBench's `api_json_to_openai_json` (toolbench/inference/Downstream_tasks/rapidapi.py) writes every
function with `"required": [...]` and `"optional": [...]` and each RapidAPI default as `"example_value"`. JSON Schema
has neither keyword: a property not in `required` is optional, and an example is `"examples": [...]`. A name in
both lists is AMBIGUOUS. Only a root holding such an `optional` list is looked at, so other schemas cost nothing.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .canonical import Canonical

__all__ = ["toolbench_keywords"]


def toolbench_keywords(c: Canonical, schema: dict[str, Any], base: str) -> None:
    """Rewrite ToolBench's `optional` list and `example_value`s in `schema` (an input schema's root) in place."""
    optional = schema.get("optional")
    if type(optional) is not list or not all(isinstance(n, str) for n in optional):
        return
    required = schema.get("required")
    both = [n for n in optional if isinstance(required, list) and n in required]
    if both:
        c.ambiguous(f"{base}/optional", f"{', '.join(map(repr, both))} listed both in \"required\" and in \"optional\" "
                    "(ToolBench's list, which JSON Schema does not have): keep each name in one list; a parameter "
                    "not in \"required\" is optional, so \"optional\" can go")
        return
    del schema["optional"]
    c.fixed(f"{base}/optional", "\"optional\" (ToolBench's list) is not JSON Schema: a parameter not listed in "
            "\"required\" is optional; remove it")
    properties = schema.get("properties")
    for name, spec in properties.items() if isinstance(properties, dict) else ():
        if isinstance(spec, dict) and "example_value" in spec and "examples" not in spec:
            value = spec["example_value"]
            spec["examples"] = [value]
            del spec["example_value"]
            where = f"{base}/properties/{str(name).replace('~', '~0').replace('/', '~1')}"
            c.moved(f"{where}/examples", f"{where}/example_value")
            c.fixed(f"{where}/examples", f"JSON Schema writes an example as \"examples\": write \"examples\": "
                    f"[{json.dumps(value, ensure_ascii=False)[:80]}], not \"example_value\" (ToolBench's, which a client "
                    "does not read)")
