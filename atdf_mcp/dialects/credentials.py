"""Credentials written in a tool's own keys: withheld from what clients read of the tool.

    >>> masked({"api_type": "openai", "api_key": "sk-123456", "max_tokens": 10})
    ({'api_type': 'openai', 'api_key': '***', 'max_tokens': 10}, ['/api_key'])
    >>> masked({"github_token": "${GITHUB_TOKEN}"})[1]     # a reference to the environment is not a secret
    []
    >>> masked({"accessToken": "abc", "clientSecret": "s3", "tokenizer": "bpe"})[1]   # camelCase names too
    ['/accessToken', '/clientSecret']

A key no format defines is carried into the tool's ARDF resource as written (see `carried`), which every client can
read. TaskWeaver's plugin YAML keeps `configurations: {api_key: ...}` beside the tool, and other files do the like;
a string under a key named like a credential (`api_key`, `client_secret`, `*_token`, `password`...) is replaced by
`***` there, and the loader says so at its place.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["MASK", "masked"]

MASK = "***"
_NAMED = re.compile(r"(?:^|[_\-.])(?:api[_\-]?key|apikey|secret|client[_\-]?secret|token|password|passwd|pwd|"
                    r"private[_\-]?key|access[_\-]?key|secret[_\-]?key|credentials?|authorization|bearer)$", re.IGNORECASE)
_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")  # accessToken → access_Token: a camelCase part is a part
_REFERENCE = re.compile(r"^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$|^\{\{.*\}\}$")  # ${ENV}, $ENV, {{ template }}


def masked(value: Any, at: str = "") -> tuple[Any, list[str]]:
    """`value` with every credential-named string replaced by MASK, and the pointers (below `at`) of those replaced."""
    found: list[str] = []
    return _walk(value, at, found), found


def _walk(value: Any, at: str, found: list[str]) -> Any:
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            where = f"{at}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if isinstance(item, str) and item.strip() and isinstance(key, str) and _NAMED.search(_HUMP.sub("_", key)) \
                    and not _REFERENCE.match(item.strip()):
                out[key] = MASK
                found.append(where)
            else:
                out[key] = _walk(item, where, found)
        return out
    if isinstance(value, list):
        return [_walk(item, f"{at}/{i}", found) for i, item in enumerate(value)]
    return value
