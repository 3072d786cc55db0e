"""What every test of a failed tool call checks first: the ATDF envelope as a client sees it."""

from __future__ import annotations

import json
from typing import Any

import mcp.types as types

from atdf_mcp.schemas import SCHEMAS


def envelope_of(result: types.CallToolResult) -> dict[str, Any]:
    """The envelope of an isError result: valid against the bundled schema, and the text content says the same."""
    assert result.is_error is True, result
    env = result.structured_content
    assert isinstance(env, dict), result
    assert SCHEMAS["error"].violations(env) == []
    assert json.loads(result.content[0].text) == env
    return env
