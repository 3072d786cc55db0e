"""Seeded mutations of real descriptors: the corpus of tests/test_robust_descriptors.py."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

HUGE_INT = "9" * 5000  # over Python's int_max_str_digits (4,300)
ODD_VALUES: tuple[Any, ...] = (1.5, True, False, None, "", "x", 0, -1, [], {}, [{}], [True], {"": {}}, [None, 1.5])
SCHEMA_KEYS = ("inputSchema", "input_schema", "outputSchema", "output_schema", "schema", "query", "body", "path_params")
BAD_SCHEMA_PARTS: tuple[tuple[str, Any], ...] = (
    ("properties", "abc"), ("properties", True), ("properties", 5), ("required", [{}]), ("required", [True]),
    ("required", "name"), ("type", "strin"), ("type", 7), ("type", ["string", 3]), ("enum", "a"), ("items", 3),
    ("minimum", "1"), ("pattern", "("), ("$ref", "#/nowhere"), ("$ref", 7), ("$schema", ["x"]), ("$defs", 3),
    ("additionalProperties", "no"), ("allOf", {}), ("maxLength", -1), ("format", 3), ("default", HUGE_INT),
)


@dataclass(frozen=True)
class Mutant:
    """One mutated descriptor file: its name, bytes, and how it was made."""

    name: str
    content: bytes
    how: str


def sources(*folders: Path) -> list[tuple[Path, Any]]:
    """(path, parsed content) of every JSON/YAML descriptor under the folders (config files left out)."""
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".json", ".yaml", ".yml") and not path.name.startswith("atdf-mcp."):
                text = path.read_text(encoding="utf-8")
                found.append((path, yaml.safe_load(text) if path.suffix != ".json" else json.loads(text)))
    return found


def mutants(corpus: list[tuple[Path, Any]], count: int, seed: int = 20261123) -> list[Mutant]:
    """`count` mutants, the same ones for the same seed: every operator applied round-robin to every source."""
    rng = random.Random(seed)
    made = []
    for i in range(count):
        path, data = corpus[i % len(corpus)]
        name, operator = OPERATORS[(i // len(corpus) + i) % len(OPERATORS)]
        content, detail = operator(rng, copy.deepcopy(data), path)
        made.append(Mutant(f"m{i:04d}{'.yaml' if path.suffix != '.json' else '.json'}", content,
                           f"{name} {detail} of {path.parent.name}/{path.name}"))
    return made


# ---------------------------------------------------------------- the operators


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path (keys and indexes) inside a JSON value, the root included."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*path, i))


def _pick(rng: random.Random, data: Any, keep: Callable[[Any, tuple[Any, ...]], bool] = lambda v, p: True) -> tuple[Any, ...]:
    """A random non-root path whose value passes `keep` (the root when none does)."""
    candidates = [p for p in _paths(data) if p and keep(_get(data, p), p)]
    return rng.choice(candidates) if candidates else ()


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _dump(data: Any, path: Path) -> bytes:
    if path.suffix == ".json":
        return json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8")
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8")


def _where(path: tuple[Any, ...]) -> str:
    return "/" + "/".join(map(str, path))


def drop_key(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    path = _pick(rng, data, lambda v, p: isinstance(p[-1], str))
    if path:
        del _get(data, path[:-1])[path[-1]]
    return _dump(data, src), _where(path)


def retype(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    path = _pick(rng, data)
    value = rng.choice(ODD_VALUES)
    return _dump(_set(data, path, value), src), f"{_where(path)}={value!r}"


def retype_top(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    path = _pick(rng, data, lambda v, p: len(p) <= 3)
    value = rng.choice(ODD_VALUES)
    return _dump(_set(data, path, value), src), f"{_where(path)}={value!r}"


def duplicate_key(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    """A key written twice in one JSON object (the later value wins in json.loads)."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    lines = [i for i, line in enumerate(text.splitlines()) if line.strip().startswith('"') and '": ' in line]
    if not lines:
        return text.encode(), "none"
    chosen = rng.choice(lines)
    all_lines = text.splitlines()
    key = all_lines[chosen].split('": ')[0].strip() + '"'
    all_lines.insert(chosen, f"{key}: {json.dumps(rng.choice(ODD_VALUES))},")
    return "\n".join(all_lines).encode(), key


def huge_int(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    path = _pick(rng, data)
    marker = "__HUGE__"
    text = _dump(_set(data, path, marker), Path("x.json")).decode()
    return text.replace(f'"{marker}"', HUGE_INT).encode(), _where(path)


def deep_nesting(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    path = _pick(rng, data)
    depth = rng.choice((150, 600, 5000, 100_000))
    marker = "__DEEP__"
    text = _dump(_set(data, path, marker), Path("x.json")).decode()
    nested = "[" * depth + "]" * depth if rng.random() < 0.5 else '{"a":' * depth + "1" + "}" * depth
    return text.replace(f'"{marker}"', nested).encode(), f"{_where(path)} depth {depth}"


def bad_schema(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    """A metaschema violation inside a schema the descriptor writes (or at a random object when it has none)."""
    path = _pick(rng, data, lambda v, p: isinstance(v, dict) and isinstance(p[-1], str) and p[-1] in SCHEMA_KEYS)
    if not path:
        path = _pick(rng, data, lambda v, p: isinstance(v, dict))
    if rng.random() < 0.5 and path:  # into one of its properties
        props = _get(data, path).get("properties")
        if isinstance(props, dict) and props:
            path = (*path, "properties", rng.choice(sorted(props)))
    key, value = rng.choice(BAD_SCHEMA_PARTS)
    target = _get(data, path)
    if isinstance(target, dict):
        target[key] = value
    return _dump(data, src), f"{_where(path)}/{key}={value!r}"[:120]


def bad_output_schema(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    """An output schema that breaks its metaschema, where the dialect writes one."""
    key, value = rng.choice(BAD_SCHEMA_PARTS)
    schema = {"type": "object", key: value}
    if isinstance(data, dict) and "inputSchema" in data:
        data["outputSchema"] = schema
    elif isinstance(data, dict) and isinstance(data.get("content"), dict) and isinstance(data["content"].get("data"), dict):
        data["content"]["data"]["output_schema"] = schema
    elif isinstance(data, dict):
        data["output_schema"] = schema
    return _dump(data, src), f"{key}={value!r}"[:80]


def invalid_utf8(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    raw = _dump(data, src)
    at = rng.randrange(len(raw))
    return raw[:at] + rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80")) + raw[at:], f"at byte {at}"


def truncated(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    raw = _dump(data, src)
    at = rng.randrange(1, len(raw))
    return raw[:at], f"at byte {at}"


def odd_text(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    """A JSON text only Python reads: a lone surrogate, NaN, Infinity, 1e400, a control character."""
    path = _pick(rng, data)
    token = rng.choice(('"\\ud800"', "NaN", "Infinity", "-Infinity", "1e400", '"a\\u0000b"', '"\\udfff x"'))
    marker = "__ODD__"
    text = _dump(_set(data, path, marker), Path("x.json")).decode()
    return text.replace(f'"{marker}"', token).encode(), f"{_where(path)}={token}"


def non_finite_in_schema(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    """NaN, Infinity or 1e400 as a schema's default, bound or const: Python reads it, JSON has no such number."""
    path = _pick(rng, data, lambda v, p: isinstance(v, dict) and isinstance(p[-1], str) and p[-1] in SCHEMA_KEYS)
    target = _get(data, path) if path else data
    props = target.get("properties") if isinstance(target, dict) else None
    if isinstance(props, dict) and props and isinstance(props[first := sorted(props)[0]], dict):
        path, target = (*path, "properties", first), props[first]
    key = rng.choice(("default", "maximum", "minimum", "const"))
    token = rng.choice(("NaN", "Infinity", "-Infinity", "1e400"))
    if isinstance(target, dict):
        target[key] = "__ODD__"
    text = _dump(data, Path("x.json")).decode()
    return text.replace('"__ODD__"', token).encode(), f"{_where(path)}/{key}={token}"


def wrong_root(rng: random.Random, data: Any, src: Path) -> tuple[bytes, str]:
    root = rng.choice(([data, data], {"tools": data}, {"tools": [data, 3, None]}, {"resources": "x"}, 42, "text", [], {}))
    return _dump(root, src), type(root).__name__


OPERATORS: tuple[tuple[str, Callable[[random.Random, Any, Path], tuple[bytes, str]]], ...] = (
    ("drop", drop_key), ("retype", retype), ("retype-top", retype_top), ("duplicate-key", duplicate_key),
    ("huge-int", huge_int), ("deep", deep_nesting), ("bad-schema", bad_schema), ("bad-output-schema", bad_output_schema),
    ("invalid-utf8", invalid_utf8), ("truncated", truncated), ("odd-text", odd_text), ("wrong-root", wrong_root),
    ("bad-schema", bad_schema), ("non-finite", non_finite_in_schema),
)
