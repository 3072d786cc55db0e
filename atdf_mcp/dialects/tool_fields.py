"""Fields of the MCP Tool object that a descriptor may give as written: `icons` and `_meta`.

    >>> icons_of({"icons": [{"src": "https://example.com/a.png"}, {"mimeType": "image/png"}]})
    [{'src': 'https://example.com/a.png'}]
    >>> icon_problems([{"mimeType": "image/png"}])[0][0]
    0

They are listed in tools/list as written (atdf-mcp's own `_meta` keys beside the tool's), and kept in the ARDF
resource's `content.data`, where the ARDF reader finds them again. An icon a client could not show (no `src`) is
left out and said, since one bad icon would make a client's whole tools/list fail.
"""

from __future__ import annotations

from typing import Any

from mcp import types
from pydantic import ValidationError

__all__ = ["icon_problems", "icons_of", "meta_of", "tool_fields", "written_icons"]


def icons_of(place: Any) -> list[dict[str, Any]]:
    """The icons of `place` that are valid MCP icons, as written."""
    icons = place.get("icons") if isinstance(place, dict) else None
    if not isinstance(icons, list):
        return []
    bad = {i for i, _ in icon_problems(icons)}
    return [icon for i, icon in enumerate(icons) if i not in bad]


def icon_problems(icons: Any) -> list[tuple[int, str]]:
    """(index, message) of each icon that is not an MCP icon."""
    out: list[tuple[int, str]] = []
    for i, icon in enumerate(icons if isinstance(icons, list) else ()):
        try:
            types.Icon.model_validate(icon)
        except ValidationError:
            out.append((i, 'an icon is {"src": "https://… or data: URI", "mimeType"?, "sizes"?: ["48x48"], "theme"?: '
                           '"light" | "dark"}: this one is left out; give its "src" or remove it'))
    return out


def meta_of(place: Any) -> dict[str, Any]:
    """The tool's own `_meta` (a mapping), as written."""
    meta = place.get("_meta") if isinstance(place, dict) else None
    return dict(meta) if isinstance(meta, dict) else {}


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


def written_icons(raw: dict[str, Any], dialect: str) -> tuple[str, Any]:
    """Where a descriptor of `dialect` writes its icons (a JSON pointer) and what it wrote there."""
    if dialect == "ardf":
        content = raw.get("content")
        data = content.get("data") if isinstance(content, dict) else None
        return "/content/data/icons", data.get("icons") if isinstance(data, dict) else None
    return "/icons", raw.get("icons")
