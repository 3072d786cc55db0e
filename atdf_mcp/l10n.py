"""The language of one request, and atdf-mcp's own texts in it (gettext catalogues read with Babel).

    >>> with speaking("es"):
    ...     _("Unknown tool")
    'Herramienta desconocida'
    >>> negotiate("fr;q=0.2, pt-BR, es;q=0.8", {"es", "pt"})
    'pt-BR'
    >>> choose(call=None, header="pt-BR", session="es", process=None)
    'pt-BR'

The language is chosen, first that says one: the call's `_meta.lang`, the HTTP request's `Accept-Language`, the
session's (`_meta.lang` of its `initialize`: MCP carries no locale), the process's `--lang`. The request boundary
(`CatalogServer.view`, the HTTP middleware) puts it in `LANG`; envelope builders call `_()` on their English texts,
which answers them in that language when a catalogue (`atdf_mcp/locale/<lang>.po`) has them, else in English.
Descriptor texts follow the same choice with their own fallback (language copies, `localization`, the default).

Placeholders are named (`{tool}`) and filled after translation: `_("No tool named {name} ...").format(name=...)`;
values (names, codes) are never translated. `N_()` marks a text translated later (a constant, a code's title).
`scripts/messages.py` extracts the marked texts and updates the catalogues.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any

__all__ = ["LANG", "LANGUAGES", "LANG_META_KEY", "N_", "accepted_language", "choose", "gettext", "lang_of_meta", "messages", "negotiate", "speaking",
           "translated", "valid_tag", "weighted"]

LANG: ContextVar[str | None] = ContextVar("atdf_mcp.lang", default=None)
"""The language of the request being answered (None: English, the source language)."""

LANGUAGES = ("en", "es", "pt")
"""The languages atdf-mcp's own texts (envelopes, labels) come in: the ATDF project's."""

LANG_META_KEY = "lang"
"""The `_meta` key naming a language: on tools/call (and any request) for that call, on initialize for the session."""

LOCALE_DIR = Path(__file__).parent / "locale"
_TAG = re.compile(r"^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$")


def N_(text: str) -> str:
    """`text` as is, marked for the catalogues (translated where it is used, with `_(text)`)."""
    return text


@functools.cache
def messages(lang: str) -> Mapping[str, str]:
    """The catalogue of `lang` (a base language: es, pt), English text → translation; empty for a language without one."""
    path = LOCALE_DIR / f"{lang}.po"
    if not path.is_file():
        return {}
    from babel.messages.pofile import read_po  # the first request in another language pays its import (~45 ms)

    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    return {str(m.id): str(m.string) for m in catalogue if m.id and isinstance(m.string, str) and m.string and not m.fuzzy}


def _base(lang: str | None) -> str | None:
    return lang.lower().replace("_", "-").split("-")[0] if lang else None


def translated(text: str, lang: str | None) -> str:
    """`text` (an English source text) in `lang`, or as is when `lang`'s catalogue lacks it."""
    base = _base(lang)
    if base is None or base == "en":
        return text
    return messages(base).get(text, text)


def gettext(text: str) -> str:
    """`text` in the language of the request being answered (`LANG`)."""
    lang = LANG.get()
    return text if lang is None else translated(text, lang)


_ = gettext


@contextlib.contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Answer in `lang` within the block (tests, CLI, a task run off the request)."""
    token = LANG.set(lang)
    try:
        yield
    finally:
        LANG.reset(token)


def valid_tag(value: Any) -> str | None:
    """`value` as a language tag (`pt_BR` → `pt-BR`), or None when it is not one."""
    if not isinstance(value, str):
        return None
    tag = value.strip().replace("_", "-")
    return tag if _TAG.match(tag) else None


def lang_of_meta(meta: Any) -> str | None:
    """The language a request's `_meta` names (`{"lang": "es"}`), if any."""
    if meta is None:  # (most requests: asked on every call)
        return None
    if isinstance(meta, Mapping):
        return valid_tag(meta.get(LANG_META_KEY))
    return valid_tag(getattr(meta, LANG_META_KEY, None))


def negotiate(header: str | None, known: Iterable[str]) -> str | None:
    """The language of an `Accept-Language` header: the tag of highest quality whose base language is `known` (`en`
    always is); None for no header, `*`, or only unknown languages. Equal qualities keep the header's order."""
    if not header:
        return None
    return _negotiate(header, known if isinstance(known, frozenset) else frozenset(known))


@functools.lru_cache(maxsize=512)  # clients send the same few headers again and again: ~20 µs of parsing once each
def _negotiate(header: str, known: frozenset[str]) -> str | None:
    bases = {k.lower() for k in known} | {"en"}
    best: tuple[float, int, str] | None = None
    for position, (tag, quality) in enumerate(weighted(header)):
        tag = valid_tag(tag) or ""
        if quality <= 0 or not tag or _base(tag) not in bases:
            continue
        if best is None or quality > best[0]:
            best = (quality, position, tag)
    return best[2] if best is not None else None


def weighted(header: str) -> list[tuple[str, float]]:
    """The values of an HTTP header with quality values (`Accept`, `Accept-Language`), each with its `q` (1 when none
    is given, 0 when it is not a number), in the header's order: `"es;q=0.8, en"` → [("es", 0.8), ("en", 1.0)]."""
    found = []
    for part in header.split(","):
        value, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _eq, number = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(number)
                except ValueError:
                    quality = 0.0
        found.append((value.strip(), quality))
    return found


def accepted_language(scope: Mapping[str, Any] | None, known: Iterable[str]) -> str | None:
    """The language an ASGI request's `Accept-Language` header chooses among `known` (None: no HTTP request, no header)."""
    if scope is None:
        return None
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            return negotiate(value.decode("latin-1"), known)
    return None


def choose(*, call: str | None, header: str | None, session: str | None, process: str | None) -> str | None:
    """The language of a request: the call's, else the HTTP request's, else the session's, else the process's."""
    return call or header or session or process
