"""Credentials written in a tool's own keys and its HTTP headers: withheld from what clients read of the tool.

    >>> masked({"api_type": "openai", "api_key": "sk-123456", "max_tokens": 10})
    ({'api_type': 'openai', 'api_key': '***', 'max_tokens': 10}, ['/api_key'])
    >>> masked({"github_token": "${GITHUB_TOKEN}"})[1]     # a reference to the environment is not a secret
    []
    >>> masked({"accessToken": "abc", "clientSecret": "s3", "tokenizer": "bpe"})[1]   # camelCase names too
    ['/accessToken', '/clientSecret']
    >>> masked({"db_password": 987654321, "api_keys": ["k1", "k2"]})[0]   # a number, and every value below the key
    {'db_password': '***', 'api_keys': ['***', '***']}
    >>> masked_headers({"Authorization": "Bearer sk-1", "X-Trace": "Bearer ${TRACE}", "Accept": "text/plain"})[0]
    {'Authorization': '***', 'X-Trace': 'Bearer ${TRACE}', 'Accept': 'text/plain'}

A key no format defines is carried into the tool's ARDF resource as written (see `carried`), which every client can
read. TaskWeaver's plugin YAML keeps `configurations: {api_key: ...}` beside the tool, and other files do the like;
every string or number under a key named like a credential (`api_key`, `client_secret`, `*_token`, `password`...),
in lists and mappings below it too, is replaced by `***` there, and the loader says so at its place. An HTTP binding's
header named like one (`Authorization`, `X-Api-Key`, `Cookie`...) whose value is written out, not read from the
environment (`${VAR}`) or an input (`{name}`), is `***` the same way (`withheld_headers`): the server sends it; a
client has no use for it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

__all__ = ["MASK", "is_credential_name", "masked", "masked_headers", "withheld_headers"]

MASK = "***"
_NAMED = re.compile(r"(?:^|[_\-.])(?:api[_\-]?keys?|apikeys?|secrets?|client[_\-]?secrets?|token|passwords?|passwd|pwd|"
                    r"private[_\-]?keys?|access[_\-]?keys?|secret[_\-]?keys?|credentials?|authorization|bearer|cookies?|"
                    r"subscription[_\-]?keys?)$", re.IGNORECASE)  # plurals but `tokens` (max_tokens is no secret)
_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")  # accessToken → access_Token: a camelCase part is a part
_REFERENCE = re.compile(r"^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$|^\{\{.*\}\}$")  # ${ENV}, $ENV, {{ template }}
_HOLDS_REFERENCE = re.compile(r"\$\{?[A-Za-z_]|\{[A-Za-z_][\w.\-]*\}")  # a header value built from ${ENV} or an {input}


def masked(value: Any, at: str = "") -> tuple[Any, list[str]]:
    """`value` with every credential-named value replaced by MASK, and the pointers (below `at`) of those replaced."""
    found: list[str] = []
    return _walk(value, at, found), found


def masked_headers(headers: Any, at: str = "") -> tuple[Any, list[str]]:
    """An HTTP binding's `headers` with the credential-named ones written out as MASK, and their pointers."""
    hidden = _hidden_headers(headers)
    if not hidden:
        return headers, []
    return {name: MASK if name in hidden else value for name, value in headers.items()}, [f"{at}/{_escaped(name)}" for name in hidden]


def _hidden_headers(headers: Any) -> list[str]:
    """The names of the headers holding a credential as written (no `${VAR}`, no `{input}` in the value)."""
    if not isinstance(headers, dict):
        return []
    return [name for name, value in headers.items() if isinstance(name, str) and isinstance(value, str) and value.strip()
            and is_credential_name(name) and not _HOLDS_REFERENCE.search(value)]


def withheld_headers(doc: Any) -> tuple[Any, list[str]]:
    """`doc` (a descriptor) with its HTTP headers masked (`masked_headers`), and the pointers of the headers masked: at its
    root (ATDF, MCP), in `content.data` (an ARDF binding, a connector) and in each of `content.data.endpoints`."""
    places = list(_header_maps(doc))
    found = [f"{_pointer(path)}/{_escaped(name)}" for path, headers in places for name in _hidden_headers(headers)]
    if not found:
        return doc, []  # the common case: nothing copied
    out = copy.deepcopy(doc)
    for path, _headers in places:
        parent = out
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = masked_headers(parent[path[-1]])[0]
    return out, found


def _header_maps(doc: Any) -> Iterator[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """The path and value of each `headers` mapping where a descriptor keeps one."""
    if not isinstance(doc, dict):
        return
    if isinstance(doc.get("headers"), dict):
        yield ("headers",), doc["headers"]
    content = doc.get("content")
    data = content.get("data") if isinstance(content, dict) else None
    if not isinstance(data, dict):
        return
    if isinstance(data.get("headers"), dict):
        yield ("content", "data", "headers"), data["headers"]
    endpoints = data.get("endpoints")
    for i, endpoint in enumerate(endpoints if isinstance(endpoints, list) else ()):
        if isinstance(endpoint, dict) and isinstance(endpoint.get("headers"), dict):
            yield ("content", "data", "endpoints", i, "headers"), endpoint["headers"]


def _pointer(path: tuple[str | int, ...]) -> str:
    return "".join(f"/{_escaped(str(step))}" for step in path)


def is_credential_name(key: str) -> bool:
    """Whether a key or header names a credential (`api_key`, `clientSecret`, `Authorization`, `X-Api-Key`...)."""
    return bool(_NAMED.search(_HUMP.sub("_", key)))


def _escaped(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _secret(value: Any) -> bool:
    """Whether a value under a credential-named key is one to withhold: a non-blank string that is no reference, a number."""
    if isinstance(value, str):
        return bool(value.strip()) and not _REFERENCE.match(value.strip())
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _walk(value: Any, at: str, found: list[str], hidden: bool = False) -> Any:
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            out[key] = _walk(item, f"{at}/{_escaped(str(key))}", found, hidden or (isinstance(key, str) and is_credential_name(key)))
        return out
    if isinstance(value, list):
        return [_walk(item, f"{at}/{i}", found, hidden) for i, item in enumerate(value)]
    if hidden and _secret(value):
        found.append(at)
        return MASK
    return value
