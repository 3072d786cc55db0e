"""A URL sent where the input's pattern wants its path: a repository's web or clone URL for its owner/name.

    >>> url_path("https://github.com/acme/billing-api.git", "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
    'acme/billing-api'
    >>> url_path("https://github.com/acme/billing-api/pull/12", "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
    MISSING
    >>> url_path("https://api.github.com/repos/acme", "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")   # an API's path, not a repository
    MISSING

Only a URL of a scheme, a code host (a name of git in it, as github.com, gitlab.example.com, git.example.org, or
bitbucket.org, codeberg.org, sr.ht; not its api. host) and a path (no port, query or fragment), whose path without its slashes and a trailing
'.git' fits the pattern as it is; a longer path (a pull request's, a file's) fits no owner/name and stays the caller's.
"""

from __future__ import annotations

import re
from typing import Any

from .missing import MISSING
from .patterns import search

__all__ = ["url_path"]

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([A-Za-z0-9.-]+)/([^?#:\s]+?)(?:\.git)?/?")
_CODE_HOSTS = ("bitbucket.org", "codeberg.org", "sr.ht")


def url_path(value: str, pattern: str) -> Any:
    """The path of the URL `value` when the pattern refuses the URL and takes its path; else MISSING."""
    found = _URL.fullmatch(value.strip()) if len(value) <= 2048 else None
    if not found or not _code_host(found[1].lower()) or search(pattern, value):
        return MISSING
    return found[2] if search(pattern, found[2]) else MISSING


def _code_host(host: str) -> bool:
    """Whether a host serves repositories at owner/name paths (not a blog's posts, nor an API's routes)."""
    labels = host.split(".")
    if labels[0] == "api":
        return False
    return any(label.startswith("git") for label in labels) or host.endswith(_CODE_HOSTS)
