"""What every test of a failed tool call checks first: the ATDF envelope as a client sees it."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jsonschema
import mcp.types as types

from atdf_mcp.results import ENRICHED_META
from atdf_mcp.schemas import SCHEMAS

UPSTREAM_SCHEMAS = Path(__file__).parent.parent.parent / "shared" / "fixtures" / "upstream" / "schema"


def envelope_of(result: types.CallToolResult) -> dict[str, Any]:
    """The envelope of an isError result, read from its first text block: valid against the bundled schema, and equal
    to structuredContent when that is present (it is absent where the tool's output schema would reject it)."""
    assert result.is_error is True, result
    env = json.loads(result.content[0].text)
    assert isinstance(env, dict), result
    assert SCHEMAS["error"].violations(env) == []
    assert result.structured_content in (None, env), result
    assert upstream_violations(env, (result.meta or {}).get(ENRICHED_META)) == []
    return env


def upstream_violations(env: dict[str, Any], enriched: Any) -> list[str]:
    """Where the envelope breaks upstream's error_atdf.json, or its enriched form enriched_response_schema.json
    (nothing to check when the upstream fixtures are not present)."""
    if not UPSTREAM_SCHEMAS.is_dir():
        return []
    problems = []
    for name, document in (("error_atdf.json", env), ("enriched_response_schema.json", enriched)):
        problems += [f"{name}: {e.json_path}: {e.message}" for e in _upstream_validator(name).iter_errors(document)]
    return problems


@functools.cache
def _upstream_validator(name: str) -> jsonschema.Draft7Validator:
    schema = json.loads((UPSTREAM_SCHEMAS / name).read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
