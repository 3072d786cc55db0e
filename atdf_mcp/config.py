"""The catalogue config file `atdf-mcp.yaml`: bindings for dialects that cannot carry them, and options."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .files import CONFIG_FILE_NAMES, DecodeFailure, decode, exclude_problems
from .toolsets import Toolset, parse_token_scopes, parse_tokens, parse_toolsets

__all__ = ["DISCLOSURE_MODES", "CatalogConfig", "ConfigProblem", "read_config"]

_KNOWN_KEYS = {"name", "version", "description", "lang", "timeout", "atdf1_required", "bindings", "http", "exclude", "allow_private_networks",
               "toolsets", "tokens", "disclosure", "pinned"}


@dataclass(frozen=True)
class CatalogConfig:
    """Catalogue-wide options read from `atdf-mcp.yaml` (all optional)."""

    name: str | None = None
    version: str | None = None
    description: str | None = None
    lang: str | None = None
    timeout: float | None = None
    atdf1_required: bool = True
    bindings: dict[str, dict[str, Any]] = field(default_factory=dict)
    http: dict[str, Any] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()  # gitignore-style globs, relative to the catalogue root: never read
    allow_private_networks: bool = False  # HTTP tools may reach loopback and private addresses (atdf_mcp.egress)
    toolsets: dict[str, Toolset] = field(default_factory=dict)  # named parts of the catalogue (atdf_mcp.toolsets)
    tokens: dict[str, str] = field(default_factory=dict, repr=False)  # a token's SHA-256 hex → the set it sees
    token_scopes: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)  # a token's SHA-256 hex → its scopes
    disclosure: str | None = None  # "full" or "progressive" (atdf_mcp.disclosure); None: full, unless `serve --disclosure`
    pinned: tuple[str, ...] = ()  # tool ids or globs listed in progressive mode beside the meta-tools
    file: str | None = None


@dataclass(frozen=True, slots=True)
class ConfigProblem:
    """Something wrong in the config file, with the JSON pointer of the offending key."""

    pointer: str
    message: str
    severity: str = "error"


def read_config(root: Path) -> tuple[CatalogConfig, list[ConfigProblem]]:
    """The config of the catalogue at `root` (defaults when there is no config file) and its problems."""
    path = next((root / n for n in CONFIG_FILE_NAMES if root.is_dir() and (root / n).is_file()), None)
    if path is None:
        return CatalogConfig(), []
    raw = decode(path)
    if isinstance(raw, DecodeFailure):
        return CatalogConfig(file=str(path)), [ConfigProblem("", raw.message)]
    if raw is None:
        return CatalogConfig(file=str(path)), []
    if not isinstance(raw, dict):
        return CatalogConfig(file=str(path)), [ConfigProblem("", "expected a mapping of options (bindings, lang, timeout, ...)")]
    problems = [
        ConfigProblem(f"/{key}", f"unknown option {key!r}; known options: {', '.join(sorted(_KNOWN_KEYS))}", "warning")
        for key in raw
        if key not in _KNOWN_KEYS
    ]
    values: dict[str, Any] = {}
    for key, kind in (("name", str), ("version", str), ("description", str), ("lang", str)):
        if key in raw:
            if isinstance(raw[key], kind):
                values[key] = raw[key]
            else:
                problems.append(ConfigProblem(f"/{key}", f"{key!r} must be a string"))
    if "timeout" in raw:
        timeout = raw["timeout"]
        if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and timeout > 0:
            values["timeout"] = float(timeout)
        else:
            problems.append(ConfigProblem("/timeout", "'timeout' must be a positive number of seconds"))
    if "atdf1_required" in raw:
        if isinstance(raw["atdf1_required"], bool):
            values["atdf1_required"] = raw["atdf1_required"]
        else:
            problems.append(ConfigProblem("/atdf1_required", "'atdf1_required' must be true or false"))
    if "allow_private_networks" in raw:
        if isinstance(raw["allow_private_networks"], bool):
            values["allow_private_networks"] = raw["allow_private_networks"]
        else:
            problems.append(ConfigProblem("/allow_private_networks", "'allow_private_networks' must be true or false"))
    bindings = raw.get("bindings") or {}
    if not isinstance(bindings, dict):
        problems.append(ConfigProblem("/bindings", "'bindings' must map tool ids to {handler: \"module:function\"}"))
        bindings = {}
    clean: dict[str, dict[str, Any]] = {}
    for tool_id, binding in bindings.items():
        if isinstance(binding, str):
            binding = {"handler": binding}
        if not isinstance(binding, dict):
            problems.append(ConfigProblem(f"/bindings/{tool_id}", "a binding is {handler: \"module:function\"} or {endpoint, method, ...}"))
            continue
        clean[str(tool_id)] = binding
    http = raw.get("http") or {}
    if not isinstance(http, dict):
        problems.append(ConfigProblem("/http", "'http' must be a mapping of HTTP options"))
        http = {}
    if "exclude" in raw:
        patterns = [raw["exclude"]] if isinstance(raw["exclude"], str) else raw["exclude"]
        bad = exclude_problems(patterns)
        problems += [ConfigProblem("/exclude", message) for message in bad]
        if not bad:
            values["exclude"] = tuple(patterns)
    values.update(_toolsets(raw, problems))
    values.update(_disclosure_options(raw, problems))
    return CatalogConfig(bindings=clean, http=http, file=str(path), **values), problems


def _toolsets(raw: dict[str, Any], problems: list[ConfigProblem]) -> dict[str, Any]:
    """`toolsets:` and `tokens:` (atdf_mcp.toolsets), their problems added to `problems`."""
    toolsets, found = parse_toolsets(raw.get("toolsets"))
    written = raw.get("toolsets") if isinstance(raw.get("toolsets"), dict) else {}
    tokens, more = parse_tokens(raw.get("tokens"), toolsets, (name for name in written if name not in toolsets))
    scopes, bad = parse_token_scopes(raw.get("tokens"), tokens)
    problems += [ConfigProblem(pointer, message, severity) for pointer, message, severity in (*found, *more, *bad)]
    return {"toolsets": toolsets, "tokens": tokens, "token_scopes": scopes}


DISCLOSURE_MODES = ("full", "progressive")


def _disclosure_options(raw: dict[str, Any], problems: list[ConfigProblem]) -> dict[str, Any]:
    """`disclosure:` and `pinned:` (progressive disclosure), checked; each problem appended with its JSON pointer."""
    values: dict[str, Any] = {}
    if "disclosure" in raw:
        if raw["disclosure"] in DISCLOSURE_MODES:
            values["disclosure"] = raw["disclosure"]
        else:
            problems.append(ConfigProblem("/disclosure", f"'disclosure' must be one of {', '.join(DISCLOSURE_MODES)}, "
                                                         f"not {raw['disclosure']!r}"))
    if "pinned" in raw:
        pinned = [raw["pinned"]] if isinstance(raw["pinned"], str) else raw["pinned"]
        if not isinstance(pinned, list):
            problems.append(ConfigProblem("/pinned", "'pinned' must be a list of tool ids or globs (e.g. [\"get_*\"])"))
            return values
        bad = [n for n, item in enumerate(pinned) if not isinstance(item, str) or not item]
        problems += [ConfigProblem(f"/pinned/{n}", "a pinned entry must be a tool id or glob (a non-empty string)") for n in bad]
        if not bad:  # as `exclude`: all or nothing, so a pointer of a later warning names the entry as written
            values["pinned"] = tuple(pinned)
    return values
