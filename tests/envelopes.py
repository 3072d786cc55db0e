"""What every test of a failed tool call checks first: the ATDF envelope as a client sees it."""

from __future__ import annotations

import json
from typing import Any

import mcp.types as types

from atdf_mcp.schemas import SCHEMAS


def envelope_of(result: types.CallToolResult) -> dict[str, Any]:
    """The envelope of an isError result, read from its first text block: valid against the bundled schema, and equal
    to structuredContent when that is present (it is absent where the tool's output schema would reject it)."""
    assert result.is_error is True, result
    env = json.loads(result.content[0].text)
    assert isinstance(env, dict), result
    assert SCHEMAS["error"].violations(env) == []
    assert result.structured_content in (None, env), result
    return env
