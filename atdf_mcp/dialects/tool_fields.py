"""Fields of the MCP Tool object that a descriptor may give as written: `icons` and `_meta`.

    >>> icons_of({"icons": [{"src": "https://example.com/a.png"}, {"mimeType": "image/png"}, {"src": "javascript:x"}]})
    [{'src': 'https://example.com/a.png'}]
    >>> icon_problems([{"mimeType": "image/png"}])[0][0]
    '/0'
    >>> meta_of({"_meta": {"ardf.io/uri": "https://elsewhere", "com.example/team": "search"}})
    {'com.example/team': 'search'}

They are listed in tools/list as written (atdf-mcp's own `_meta` keys beside the tool's), and kept in the ARDF
resource's `content.data`, where the ARDF reader finds them again. What a client could not take is left out and said
(validate, serve's log), since one bad field would make a client's whole tools/list fail: an icon with no `src`, or
whose `src` is not an https:, http: or data:image URI (the spec asks clients to refuse `javascript:` and `file:`), or
is longer than MAX_ICON_SRC; icons past the first MAX_ICONS; a `_meta` key in atdf-mcp's own namespaces (`ardf.io/`,
`atdf.io/`: the server's word, never the file's); a `_meta` value nested past MAX_META_DEPTH (pydantic-core encodes ~255
levels and a client's JSON parser takes 200, so one such tool failed every tools/list) or past MAX_META_CHARS in all.
"""

from __future__ import annotations

import json
from typing import Any

from mcp import types
from pydantic import ValidationError

from ..schemas import to_pointer

__all__ = ["ANNOTATION_TYPES", "MAX_ICONS", "MAX_ICON_SRC", "MAX_META_CHARS", "MAX_META_DEPTH", "OWN_META_PREFIXES", "TITLE_LIMIT",
           "annotation_problems", "deeper_than", "first_few", "icon_problems", "icons_of", "meta_of", "meta_problems", "tool_fields", "written_field"]

MAX_ICONS = 16
"""Icons a tool lists (sizes times themes: a few); the rest are left out."""
MAX_ICON_SRC = 100_000
"""Longest icon `src` listed (a data: URI of a ~70 KB image); a longer one is left out."""
MAX_META_DEPTH = 32
"""Deepest `_meta` value listed, in levels below the key."""
MAX_META_CHARS = 100_000
"""Most JSON characters of a tool's own `_meta` listed; the keys past it are left out."""
OWN_META_PREFIXES = ("ardf.io/", "atdf.io/")
"""`_meta` namespaces atdf-mcp writes itself: a descriptor's keys there are left out."""
TITLE_LIMIT = 200
"""Longest tool title said without a warning (a display name: a few words)."""
ANNOTATION_TYPES = {"title": str, "readOnlyHint": bool, "destructiveHint": bool, "idempotentHint": bool, "openWorldHint": bool}
"""The MCP ToolAnnotations fields and their types; a value of another type is left out."""
_SCHEMES = ("https://", "http://", "data:image/")
_SCHEME_CHARS = max(map(len, _SCHEMES))
_REPORTED = 5  # icons named one by one in the problems; the rest are counted


def icons_of(place: Any) -> list[dict[str, Any]]:
    """The first MAX_ICONS icons of `place` that are MCP icons a client may load, as written."""
    icons = place.get("icons") if isinstance(place, dict) else None
    if not isinstance(icons, list):
        return []
    good: list[dict[str, Any]] = []
    for icon in icons:
        if _icon_problem(icon) is None:
            good.append(icon)
            if len(good) == MAX_ICONS:
                break
    return good


def icon_problems(icons: Any) -> list[tuple[str, str]]:
    """(pointer below the icons, message) of the icons left out: the first few one by one, then a count of the rest."""
    out: list[tuple[str, str]] = []
    bad = good = 0
    for i, icon in enumerate(icons if isinstance(icons, list) else ()):
        problem = _icon_problem(icon)
        if problem is None:
            good += 1
            if good == MAX_ICONS + 1:
                out.append((f"/{i}", f"a tool lists at most {MAX_ICONS} icons: this one and the {len(icons) - i - 1} after "
                                     "it are left out; keep the sizes and themes a client picks from"))
            continue
        bad += 1
        if bad <= _REPORTED:
            out.append((f"/{i}", problem))
    if bad > _REPORTED:
        out.append(("", f"{bad - _REPORTED} more icons are left out, as the ones above"))
    return out


def _icon_problem(icon: Any) -> str | None:
    """Why a client could not show `icon`, or None."""
    try:
        types.Icon.model_validate(icon)
    except ValidationError:
        return ('an icon is {"src": "https://… or data: URI", "mimeType"?, "sizes"?: ["48x48"], "theme"?: "light" | '
                '"dark"}: this one is left out; give its "src" or remove it')
    src = icon["src"]
    if not src[:_SCHEME_CHARS].lower().startswith(_SCHEMES):  # a scheme is case-insensitive: HTTPS:// is https
        return (f"an icon's src is an https: or http: URL or a data:image URI (clients refuse others): {src[:40]!r} is left out; "
                "serve the image over https or inline it as a data: URI")
    if len(src) > MAX_ICON_SRC:
        return (f"an icon's src of {len(src):,} characters is left out (at most {MAX_ICON_SRC:,}, sent in every "
                "tools/list): serve the image over https")
    return None


def annotation_problems(annotations: Any) -> list[tuple[str, str]]:
    """(pointer below the annotations, message) of each MCP annotation of the wrong type, and of a title too long."""
    out: list[tuple[str, str]] = []
    for key, kind in ANNOTATION_TYPES.items() if isinstance(annotations, dict) else ():
        value = annotations.get(key)
        if value is not None and not isinstance(value, kind):  # (null: not given)
            shown = "(a nested value)" if deeper_than(value, 2) else json.dumps(value, default=str)[:40]
            out.append((f"/{key}", f"annotation {key} is a {'string' if kind is str else 'boolean'}: {shown} is left out "
                                   f"(a client reads it as not given){'; write true or false' if kind is bool else ''}"))
        elif key == "title" and isinstance(value, str) and len(value) > TITLE_LIMIT:
            out.append(("/title", f"the title is {len(value):,} characters, sent in every tools/list; a title is a display "
                                  f"name: keep it under {TITLE_LIMIT} and say the rest in the description"))
    return out


def meta_of(place: Any) -> dict[str, Any]:
    """The tool's own `_meta` (a mapping) as written, without the keys meta_problems names."""
    meta = place.get("_meta") if isinstance(place, dict) else None
    if not isinstance(meta, dict):
        return {}
    left_out = {key for key, _ in _meta_problems(meta)}
    return {key: value for key, value in meta.items() if key not in left_out}


def meta_problems(meta: Any) -> list[tuple[str, str]]:
    """(pointer below the `_meta`, message) of the keys left out of it: the first few one by one, then a count."""
    found = _meta_problems(meta) if isinstance(meta, dict) else []
    return first_few([(to_pointer((key,)), message) for key, message in found], "_meta keys")


def first_few(problems: list[tuple[str, str]], what: str) -> list[tuple[str, str]]:
    """The first few (pointer, message) of `problems`, then one line counting the rest of `what` left out."""
    if len(problems) <= _REPORTED:
        return problems
    return [*problems[:_REPORTED], ("", f"{len(problems) - _REPORTED:,} more {what} are left out, as the ones above")]


def _meta_problems(meta: dict[str, Any]) -> list[tuple[str, str]]:
    """(key, message) of each key of `meta` left out."""
    out: list[tuple[str, str]] = []
    size = 0
    for key, value in meta.items():
        if str(key).startswith(OWN_META_PREFIXES):
            out.append((key, f"_meta key {str(key)[:80]!r} is in atdf-mcp's own namespace ({', '.join(OWN_META_PREFIXES)}), "
                             "which the server writes: it is left out; name it in a namespace of your own (com.example/...)"))
        elif deeper_than(value, MAX_META_DEPTH):
            out.append((key, f"this _meta value nests more than {MAX_META_DEPTH} levels, more than clients parse: it is "
                             "left out; flatten it"))
        else:
            size += len(json.dumps(value, ensure_ascii=False, default=str)) + len(str(key))
            if size > MAX_META_CHARS:
                out.append((key, f"a tool's _meta is listed up to {MAX_META_CHARS:,} characters (tools/list sends it "
                                 "every time): this key is left out; link to the data instead"))
    return out


def deeper_than(value: Any, limit: int) -> bool:
    """Whether `value` nests lists or objects more than `limit` levels (walked without recursion)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth >= limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def tool_fields(place: Any) -> dict[str, Any]:
    """The hints a reader keeps: {"icons": [...], "meta": {...}}, each only when given."""
    found: dict[str, Any] = {}
    icons = icons_of(place)
    if icons:
        found["icons"] = icons
    meta = meta_of(place)
    if meta:
        found["meta"] = meta
    return found


def written_field(raw: dict[str, Any], dialect: str, key: str) -> tuple[str, Any]:
    """Where a descriptor of `dialect` writes its `key` ("icons", "_meta"; a JSON pointer) and what it wrote there."""
    if dialect == "ardf":
        content = raw.get("content")
        data = content.get("data") if isinstance(content, dict) else None
        return f"/content/data/{key}", data.get(key) if isinstance(data, dict) else None
    return f"/{key}", raw.get(key)
