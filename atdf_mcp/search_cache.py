"""The search index's cache: each tool's counted terms kept on disk, so a start with unchanged tools skips tokenizing.

A cold build tokenizes and stems every tool's text; with this cache, a server start does so only for the tools that
changed since the cache was written, and assembles the BM25 matrix from the stored counts (as a rebuild in the same
process does from the index before). One file per catalogue and language, beside the snapshot cache
(`search-<catalogue>-<lang>.npz` in `snapshot_cache.cache_dir()`), written with numpy and read without pickle: a
header (the format: what the counts depend on besides the tools), the vocabulary (terms in id order, one UTF-8 text),
the query languages, and per tool a key (one line of a UTF-8 text), its term ids and weighted counts (concatenated,
with offsets). A file that is missing, unreadable, truncated, of another shape or of another format is ignored and
written again; a cache folder that cannot be written only costs the next start its tokenizing.

A tool's key says which descriptor it was counted from:
- a tool exactly as a descriptor file yielded it (one of the file's descriptors, or a tool a connector or model
  derives from one): whether the files were read as ATDF 1, the file's name and signature (size, last
  change in ns) and the tool's place among what the file yields. That is what the snapshot cache trusts to serve a file's
  descriptors without reading it again (with the package version, which the format holds), and those descriptors are
  all the index reads. No per-tool hashing: ≈ 1.5 µs per tool, where hashing the indexed text costs ≈ 9;
- any other tool (built in code, or served from a file's last good version): a hash of the fields the index reads.
The format is derived from the field weights, K1/B, the package, PyStemmer and bm25s versions and `TERMS_VERSION`,
which is bumped by hand whenever tokenizing or the indexed fields change: a change of weights invalidates by itself.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import snapshot_cache
from .search import K1, WEIGHTS, B, SearchIndex

if TYPE_CHECKING:
    from .catalog import Catalog
    from .model import Descriptor

__all__ = ["TERMS_VERSION", "build_cached", "cache_path", "load_terms", "save_terms", "tool_keys"]

TERMS_VERSION = 2  # bump whenever tokenizing, stemming, stop words or the fields the index reads change
_log = logging.getLogger("atdf_mcp.cache")


def _format() -> str:
    """What the stored counts depend on besides the tools: a change of any of it invalidates every cache file."""
    return json.dumps({"terms": TERMS_VERSION, "weights": sorted(WEIGHTS.items()), "k1": K1, "b": B, **_versions()},
                      sort_keys=True)


@cache
def _versions() -> dict[str, str]:
    """The versions of the code that reads descriptors (atdf-mcp), stems (PyStemmer) and lists stop words (bm25s)."""
    from importlib.metadata import PackageNotFoundError, version

    from . import __version__
    from .code_id import code_fingerprint

    def of(package: str) -> str:
        try:
            return version(package)
        except PackageNotFoundError:
            return "?"

    return {"atdf_mcp": __version__, "code": code_fingerprint(), "pystemmer": of("PyStemmer"), "bm25s": of("bm25s")}


def cache_path(snapshot: Catalog, lang: str | None) -> Path:
    """The cache file of the snapshot's catalogue served in `lang`."""
    base = snapshot_cache.cache_file(snapshot.root or Path.cwd(), snapshot.paths).stem.removeprefix("snapshot-")
    tag = re.sub(r"[^A-Za-z0-9_-]", "_", lang or "default")[:32]
    return snapshot_cache.cache_dir() / f"search-{base}-{tag}.npz"


def tool_keys(snapshot: Catalog, tools: Sequence[Descriptor]) -> list[str]:
    """Each tool's key (one line): its file's name and signature and its place among what the file yields, when a file
    yielded it as it is; else a hash of its indexed fields."""
    origin: dict[int, str] = {}
    atdf1 = int(snapshot.options.atdf1_required)  # (how the files were read, as the snapshot cache checks it)
    for result in snapshot.results:
        signature = result.signature
        if signature is None or result.last_good or "\n" in result.file:  # (a line break would split the stored keys)
            continue
        at = f"f\0{atdf1}\0{result.file}\0{signature[0]}\0{signature[1]}\0"
        for k, entry in enumerate(result.entries):
            origin[id(entry.descriptor)] = f"{at}{k}"
            for j, tool in enumerate(entry.derived):
                origin[id(tool)] = f"{at}{k}.{j}"
    keys = [origin.get(id(d)) for d in tools]
    for i, key in enumerate(keys):
        if key is None:
            text = _content(tools[i]).encode("utf-8", "surrogatepass")
            keys[i] = "h\0" + hashlib.blake2b(text, digest_size=16).hexdigest()
    return keys  # type: ignore[return-value]  (every None replaced)


def _content(d: Descriptor) -> str:
    """The fields the index reads, as one text (JSON; `repr` for what JSON cannot hold)."""
    fields = [d.id, d.title, d.description, d.when_to_use, [[i.name, i.description] for i in d.inputs],
              [[e.name, e.narrative] for e in d.examples], d.hints, d.metadata, d.localization]
    try:
        return "content\0" + json.dumps(fields, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):  # keys JSON cannot hold: repr is as exact
        return "content\0" + repr(fields)


def load_terms(path: Path, tools: Sequence[Descriptor], keys: Sequence[str]) -> tuple[SearchIndex | None, int, int]:
    """A seed for `SearchIndex.build(previous=...)` with the stored counts of the tools whose key matches, how many
    matched and how many the file held; (None, 0, 0) when the file is missing or not usable."""
    import numpy as np

    try:
        with path.open("rb") as file, np.load(file, allow_pickle=False) as data:  # (a file numpy opened could stay open)
            arrays = {name: data[name] for name in ("header", "terms", "langs", "keys", "offsets", "ids", "tf")}
        if _text(arrays["header"]) != _format():
            _log.info("search cache %s is of another version: every tool is tokenized again", path)
            return None, 0, 0
        terms, counted, stored = _checked(arrays, tools, keys)
        langs = _text(arrays["langs"]).split()
    except snapshot_cache.ABSENT:  # none yet, or out of reach (said once when written)
        return None, 0, 0
    except Exception as exc:  # truncated, foreign, of another shape: rebuilt from the descriptors
        _log.info("search cache %s not used (%s: %s): every tool is tokenized again", path, type(exc).__name__, exc)
        return None, 0, 0
    return SearchIndex.from_terms(terms, counted, langs), len(counted), stored


def save_terms(path: Path, index: SearchIndex, tools: Sequence[Descriptor], keys: Sequence[str]) -> None:
    """Write the index's counted terms for `tools` (atomically; a cache that cannot be written is only skipped)."""
    import numpy as np

    temporary = None
    if snapshot_cache.writable_dir() is None:
        return
    try:
        arrays = _arrays(index, tools, keys)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=".search-", suffix=".npz", delete=False) as out:
            temporary = out.name
            np.savez(out, **arrays)
        os.replace(temporary, path)
    except Exception as exc:  # (a full disk, a read-only folder...): the next start tokenizes again
        _log.info("search cache not written to %s: %s: %s", path, type(exc).__name__, exc)
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _arrays(index: SearchIndex, tools: Sequence[Descriptor], keys: Sequence[str]) -> dict[str, Any]:
    """What the cache file holds, as named arrays."""
    import numpy as np

    terms, counted, langs = index.counted_terms()
    key_of = {id(d): key for d, key in zip(tools, keys, strict=True)}
    kept = [(key_of[id(d)], ids, tf) for d, ids, tf in counted if id(d) in key_of]
    sizes = np.fromiter((len(ids) for _, ids, _ in kept), dtype=np.int64, count=len(kept))
    return {
        "header": np.frombuffer(_format().encode("utf-8"), dtype=np.uint8),
        "terms": np.frombuffer("\n".join(terms).encode("utf-8", "surrogatepass"), dtype=np.uint8),
        "langs": np.frombuffer(" ".join(langs).encode("utf-8"), dtype=np.uint8),
        "keys": np.frombuffer("\n".join(key for key, _, _ in kept).encode("utf-8", "surrogatepass"), dtype=np.uint8),
        "offsets": np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
        "ids": np.concatenate([ids for _, ids, _ in kept]).astype(np.int32) if kept else np.zeros(0, np.int32),
        "tf": np.concatenate([tf for _, _, tf in kept]).astype(np.float32) if kept else np.zeros(0, np.float32),
    }


def build_cached(snapshot: Catalog, tools: Sequence[Descriptor], *, lang: str | None, read: bool = True) -> SearchIndex:
    """The index of `tools`, from the cache's counts for the unchanged ones (unless not `read`); the cache is written
    again when a tool had to be tokenized or was gone."""
    try:
        path = cache_path(snapshot, lang)
        keys = tool_keys(snapshot, tools)
    except snapshot_cache.NoCacheFolder:  # said once, for every cache
        snapshot_cache.writable_dir()
        return SearchIndex.build(tools, lang=lang)
    except Exception as exc:  # never fail a start over the cache
        _log.info("search cache not used (%s: %s)", type(exc).__name__, exc)
        return SearchIndex.build(tools, lang=lang)
    seed, reused, stored = load_terms(path, tools, keys) if read else (None, 0, 0)
    index = SearchIndex.build(tools, lang=lang, previous=seed)
    if reused < len(tools) or stored != reused:
        save_terms(path, index, tools, keys)
    return index


def _text(array: Any) -> str:
    """A UTF-8 text stored as bytes."""
    return array.tobytes().decode("utf-8", "surrogatepass")


def _checked(arrays: dict[str, Any], tools: Sequence[Descriptor], keys: Sequence[str]) -> tuple[list[str], list[Any], int]:
    """The vocabulary and the matching tools' (descriptor, ids, tf, lo, hi): their counts at [lo:hi] of the stored
    arrays, after checking the arrays' shapes; ValueError if wrong."""
    import numpy as np

    terms = _text(arrays["terms"]).split("\n") if arrays["terms"].size else []
    offsets, ids, tf = arrays["offsets"], arrays["ids"], arrays["tf"]
    n = len(offsets) - 1
    stored = _text(arrays["keys"]).split("\n") if n > 0 else []
    if (arrays["keys"].dtype != np.uint8 or len(stored) != n or offsets.dtype != np.int64 or ids.dtype != np.int32
            or tf.dtype != np.float32 or ids.shape != tf.shape or ids.ndim != 1 or offsets.ndim != 1 or n < 0):
        raise ValueError("arrays of another shape")
    if len(set(terms)) != len(terms) or offsets[0] != 0 or offsets[-1] != len(ids) or (np.diff(offsets) < 0).any():
        raise ValueError("inconsistent offsets or vocabulary")
    if len(ids) and (ids.min() < 0 or ids.max() >= len(terms) or not np.isfinite(tf).all()):
        raise ValueError("term ids out of range")
    rising = np.diff(ids) > 0  # ascending within each tool
    starts = offsets[1:-1]
    rising[starts[(starts > 0) & (starts < len(ids))] - 1] = True
    if not rising.all():
        raise ValueError("term ids not ascending")
    rows = dict(zip(stored, range(n), strict=True))
    bounds = offsets.tolist()
    counted = []
    for d, key in zip(tools, keys, strict=True):
        row = rows.get(key)
        if row is not None:
            counted.append((d, ids, tf, bounds[row], bounds[row + 1]))  # at [lo:hi] of the shared arrays
    return terms, counted, n
