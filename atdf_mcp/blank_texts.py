"""A descriptor whose description is blank: where the file says so, and what to write instead.

    >>> blank_description({"name": "ping", "description": " "}, "tool", "ping")[1][:50]
    "tool 'ping' has a description of only whitespace, "
    >>> blank_description({"name": "ping"}, "tool", "ping")[0]    # missing: the descriptor itself
    ''

A translation (`localization.<lang>`) whose description or when_to_use is blank is said the same way: a client
asking in that language is served the default text instead.

    >>> blank_translations({"es": {"description": ""}}, "tool", "ping")[0][0]
    '/localization/es/description'

`fix` leaves such a file alone: a description says what the author meant, which no rewrite can know.
"""

from __future__ import annotations

from typing import Any

__all__ = ["blank_description", "blank_translations"]

_OTHER_WORDS = ("summary", "desc", "description_for_model", "functionality")  # where a description was written instead
_ADVICE = {
    "tool": "write what it does and what it returns in a sentence or two, e.g. \"description\": \"Get the current "
            "weather for a city; returns the temperature and the conditions.\"",
    "prompt": "write what the prompt asks a model to do and when to use it, e.g. \"description\": \"Summarise a "
              "trip for the traveller.\"",
}


def blank_description(raw: dict[str, Any], kind: str, name: str) -> tuple[str, str] | None:
    """(pointer, message) when the descriptor's own `description` is missing, empty or only whitespace; else None."""
    written = raw.get("description")
    if isinstance(written, str) and written and not written.isspace():
        return None
    if not isinstance(written, str) and "description" in raw:
        return None  # not a string: the schema check says so
    how = "has no description" if written is None else "has an empty description" if not written \
        else "has a description of only whitespace"
    advice = _ADVICE.get(kind, f"write what the {kind} holds and what it is for in a sentence or two, as \"description\"")
    other = next((k for k in _OTHER_WORDS if isinstance(raw.get(k), str) and raw[k].strip()), None)
    if other is not None:  # agentic-tools-poc's manifest writes "summary"
        advice = f"if its \"{other}\" is the description, write it as \"description\"; else {advice}"
    return ("/description" if written is not None else "",
            f"{kind} '{name}' {how}, so a client lists it with nothing but its name to go by and a model cannot tell "
            f"when to choose it: {advice}")


def blank_translations(localization: Any, kind: str, name: str) -> list[tuple[str, str]]:
    """(pointer, message) of each translated description or when_to_use that is empty or only whitespace."""
    found: list[tuple[str, str]] = []
    for lang, texts in localization.items() if isinstance(localization, dict) else ():
        for field in ("description", "when_to_use") if isinstance(texts, dict) else ():
            text = texts.get(field)
            if isinstance(text, str) and (not text or text.isspace()):
                how = "empty" if not text else "only whitespace"
                where = "/localization/" + str(lang).replace("~", "~0").replace("/", "~1") + f"/{field}"
                found.append((where, f"{kind} '{name}': the {field} of its {lang!r} translation is {how}, so a client "
                              f"asking in {lang!r} is served the default {field} instead: write the translation (or "
                              "the default text itself, if that is meant)"))
    return found
