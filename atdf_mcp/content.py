"""Content helpers for handlers: return these (or a list of them) to send images, audio or resources.

    from atdf_mcp.content import image, resource, text

    def chart(city: str) -> list:
        return [text(f"Rain in {city}"), image(png_bytes, "image/png"), resource("file:///x.json", text="{}")]
"""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

import mcp.types as types

__all__ = ["audio", "image", "image_file", "resource", "text"]


def _b64(data: bytes | str) -> str:
    return data if isinstance(data, str) else base64.b64encode(data).decode("ascii")


def text(value: str) -> types.TextContent:
    """A text content block."""
    return types.TextContent(type="text", text=value)


def image(data: bytes | str, mime_type: str = "image/png") -> types.ImageContent:
    """An image content block from raw bytes (or a base64 string)."""
    return types.ImageContent(type="image", data=_b64(data), mime_type=mime_type)


def image_file(path: str | Path) -> types.ImageContent:
    """An image content block read from a file, its mime type guessed from the name."""
    file = Path(path)
    return image(file.read_bytes(), mimetypes.guess_type(file.name)[0] or "application/octet-stream")


def audio(data: bytes | str, mime_type: str = "audio/wav") -> types.AudioContent:
    """An audio content block from raw bytes (or a base64 string)."""
    return types.AudioContent(type="audio", data=_b64(data), mime_type=mime_type)


def resource(uri: str, *, text: str | None = None, blob: bytes | None = None, mime_type: str = "text/plain") -> types.EmbeddedResource:
    """An embedded resource block with text or binary contents."""
    if (text is None) == (blob is None):
        raise ValueError("give exactly one of text= or blob=")
    contents: types.TextResourceContents | types.BlobResourceContents
    if text is not None:
        contents = types.TextResourceContents(uri=uri, mime_type=mime_type, text=text)
    else:
        contents = types.BlobResourceContents(uri=uri, mime_type=mime_type, blob=_b64(blob or b""))
    return types.EmbeddedResource(type="resource", resource=contents)
