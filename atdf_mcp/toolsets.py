"""Tool sets: named parts of the catalogue (`toolsets:` in atdf-mcp.yaml) and the bearer tokens that map to them (`tokens:`).

    toolsets:
      support: {tags: [crm, email]}
      finance: {ids: ["invoice_*", refund_payment], category: billing}
    tokens:
      <sha-256 hex of the agent's token>: support
      <sha-256 hex of another token>: {toolset: finance, scopes: [book_travel]}

A descriptor belongs to a set when ANY of the set's selectors matches it (a union): one of its tags is listed under
`tags`, its category under `category`/`categories`, its domain under `domain`/`domains` (compared without case), or
its id matches one of `ids` (exact ids and shell globs, case-sensitive). Every descriptor type is selected the same
way (tools, prompts, documents, ...); the catalogue-wide resources (manifest, schemas) stay visible in every set.
A token's `scopes` are the permissions its agent holds: a tool whose prerequisites list a permission the token lacks
answers PERMISSION_DENIED (atdf_mcp.enforce).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

from .model import Descriptor

__all__ = ["NAME_PATTERN", "Toolset", "descriptor_labels", "empty_toolsets", "parse_token_scopes", "parse_tokens", "parse_toolsets", "token_digest",
           "token_toolset", "unmatched_ids"]

NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
"""A tool-set name: one URL path segment (letters, digits, '_', '.', '-'; at most 64 characters)."""
_DIGEST = re.compile(r"[0-9a-f]{64}")
_GLOB = re.compile(r"[*?[]")
_SELECTORS = {"tags": "tags", "tag": "tags", "category": "categories", "categories": "categories",
              "domain": "domains", "domains": "domains", "ids": "ids", "id": "ids"}

Problem = tuple[str, str, str]  # (JSON pointer, message, severity)


@dataclass(frozen=True)
class Toolset:
    """One named set: the selectors whose union it holds."""

    name: str
    tags: frozenset[str] = frozenset()
    categories: frozenset[str] = frozenset()
    domains: frozenset[str] = frozenset()
    ids: tuple[str, ...] = ()
    id_pointers: tuple[str, ...] = ()  # where each of `ids` was written, below the set's own pointer ("ids/1", "id")

    def matches(self, descriptor: Descriptor) -> bool:
        """Whether the descriptor belongs to this set."""
        if any(fnmatchcase(descriptor.id, pattern) for pattern in self.ids):
            return True
        if not (self.tags or self.categories or self.domains):
            return False
        tags, categories, domains = descriptor_labels(descriptor)
        return bool(tags & self.tags or categories & self.categories or domains & self.domains)


_LABEL_KEYS = {"tags": 0, "tag": 0, "category": 1, "categories": 1, "domain": 2, "domains": 2}


def descriptor_labels(descriptor: Descriptor) -> tuple[set[str], set[str], set[str]]:
    """A descriptor's tags, categories and domains, casefolded (from its metadata, and its top-level fields as written)."""
    found: tuple[set[str], set[str], set[str]] = (set(), set(), set())
    for source in (descriptor.metadata, descriptor.raw):
        if not isinstance(source, dict):
            continue
        for key, value in source.items():
            slot = _LABEL_KEYS.get(key)
            if slot is not None:
                found[slot].update(v.casefold() for v in _strings(value))
    return found


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []


def parse_toolsets(raw: Any) -> tuple[dict[str, Toolset], list[Problem]]:
    """The `toolsets:` option as Toolsets by name, and its problems (bad names and selectors are errors)."""
    if raw is None:
        return {}, []
    if not isinstance(raw, dict):
        return {}, [("/toolsets", "'toolsets' must map set names to selectors, e.g. {support: {tags: [crm, email]}}", "error")]
    sets: dict[str, Toolset] = {}
    problems: list[Problem] = []
    for name, spec in raw.items():
        where = f"/toolsets/{_escape(str(name))}"
        if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
            problems.append((where, f"tool-set name {name!r} cannot be a URL path segment: use letters, digits, '_', '.' "
                                    "and '-' (starting with a letter or digit, at most 64 characters)", "error"))
            continue
        if not isinstance(spec, dict) or not spec:
            problems.append((where, "a tool set is a mapping of selectors: tags, category, domain and/or ids", "error"))
            continue
        selected: dict[str, set[str] | list[str]] = {"tags": set(), "categories": set(), "domains": set(), "ids": []}
        id_pointers: dict[str, str] = {}
        bad = False
        for key, value in spec.items():
            field = _SELECTORS.get(key)
            values = [value] if isinstance(value, str) else value
            if field is None:
                problems.append((f"{where}/{_escape(str(key))}", f"unknown selector {key!r}; known selectors: "
                                                                  f"{', '.join(_SELECTORS)}", "error"))
                bad = True
            elif not isinstance(values, list) or not values or not all(isinstance(v, str) and v for v in values):
                problems.append((f"{where}/{key}", f"{key!r} must be a string or a non-empty list of strings", "error"))
                bad = True
            elif field == "ids":
                for n, value_id in enumerate(values):
                    id_pointers.setdefault(value_id, f"{key}/{n}" if isinstance(value, list) else key)
            else:
                selected[field] |= {v.casefold() for v in values}  # type: ignore[operator]
        if not bad:
            sets[name] = Toolset(name, frozenset(selected["tags"]), frozenset(selected["categories"]),
                                 frozenset(selected["domains"]), tuple(id_pointers), tuple(id_pointers.values()))
    return sets, problems


def parse_tokens(raw: Any, toolsets: Mapping[str, Toolset], toolsets_given: Iterable[str] = ()) -> tuple[dict[str, str], list[Problem]]:
    """The `tokens:` option (SHA-256 hex digest → set name) and its problems; a token naming no set is an error and dropped.

    `toolsets_given` are names written under `toolsets:` that had problems of their own (not reported twice).
    """
    if raw is None:
        return {}, []
    if not isinstance(raw, dict):
        return {}, [("/tokens", "'tokens' must map a token's SHA-256 (64 hex digits) to a tool-set name", "error")]
    tokens: dict[str, str] = {}
    problems: list[Problem] = []
    given = set(toolsets_given)
    for digest, name in raw.items():
        where = f"/tokens/{_escape(str(digest))}"
        key = str(digest).strip().lower()
        if isinstance(name, dict):  # {toolset: NAME, scopes: [...]}
            name = name.get("toolset")
        if not _DIGEST.fullmatch(key):
            problems.append((where, "a token is listed by its SHA-256 as 64 hex digits (printf %s \"$TOKEN\" | sha256sum), "
                                    "never in clear", "error"))
        elif not isinstance(name, str) or name not in toolsets:
            if name not in given:
                known = ", ".join(sorted(toolsets)) or "none"
                problems.append((where, f"the token maps to {name!r}, which is not a tool set; known sets: {known}", "error"))
        else:
            tokens[key] = name
    return tokens, problems


def parse_token_scopes(raw: Any, tokens: Mapping[str, str]) -> tuple[dict[str, frozenset[str]], list[Problem]]:
    """The `scopes` of the token entries written as mappings (digest → scopes), for the tokens `parse_tokens` kept."""
    if not isinstance(raw, dict):
        return {}, []
    scopes: dict[str, frozenset[str]] = {}
    problems: list[Problem] = []
    for digest, entry in raw.items():
        key = str(digest).strip().lower()
        if not isinstance(entry, dict) or key not in tokens:
            continue
        where = f"/tokens/{_escape(str(digest))}"
        unknown = sorted(str(k) for k in entry if k not in ("toolset", "scopes"))
        if unknown:
            problems.append((f"{where}/{_escape(unknown[0])}", f"unknown key {unknown[0]!r} in a token entry; it holds toolset and scopes",
                             "error"))
        value = entry.get("scopes", [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            problems.append((f"{where}/scopes", "a token's scopes are a list of permission names, e.g. [book_travel]", "error"))
            continue
        scopes[key] = frozenset(value)
    return scopes, problems


def token_digest(token: str) -> str:
    """The SHA-256 hex digest a token is listed under in `tokens:`."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_toolset(presented: str, tokens: Mapping[str, str]) -> str | None:
    """The set a presented token maps to, or None; every listed digest is compared in constant time."""
    digest = token_digest(presented).encode("ascii")
    found: str | None = None
    for listed, name in tokens.items():
        if hmac.compare_digest(digest, listed.encode("ascii")) and found is None:
            found = name
    return found


def empty_toolsets(toolsets: Mapping[str, Toolset], descriptors: Iterable[Descriptor]) -> list[tuple[str, str]]:
    """(pointer, message) of every set that selects no descriptor of the catalogue (a load warning)."""
    empty = dict(toolsets)
    for descriptor in descriptors:
        if not empty:
            break
        for name in [name for name, toolset in empty.items() if toolset.matches(descriptor)]:
            del empty[name]
    return [(f"/toolsets/{name}", f"tool set {name!r} selects nothing in this catalogue: check its tags, category, "
                                  "domain and ids") for name in empty]


def unmatched_ids(toolsets: Mapping[str, Toolset], ids: Collection[str]) -> list[tuple[str, str]]:
    """(pointer, message) of every `ids` entry that matches no descriptor id, in sets that select something else (a load
    warning: a misspelt id beside good selectors would otherwise go unnoticed), with the nearest id when there is one."""
    from .suggest import MISSING, nearest_name

    known = sorted(ids)
    found = []
    for name, toolset in toolsets.items():
        for pattern, pointer in zip(toolset.ids, toolset.id_pointers, strict=True):
            glob = _GLOB.search(pattern) is not None  # a literal id matches only itself: no scan of the catalogue's ids
            if pattern in ids or (glob and any(fnmatchcase(i, pattern) for i in known)):
                continue
            near = MISSING if glob else nearest_name(pattern, known)
            hint = f"; did you mean {near!r}?" if near is not MISSING else ""
            found.append((f"/toolsets/{_escape(name)}/{pointer}", f"tool set {name!r}: {pattern!r} matches no descriptor id of "
                                                                   f"this catalogue{hint}"))
    return found


def _escape(key: str) -> str:
    """A key as a JSON-pointer reference token."""
    return key.replace("~", "~0").replace("/", "~1")
