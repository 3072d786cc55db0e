"""JSON with comments and trailing commas (JSONC, as VS Code and Cursor save their settings) → plain JSON text.

    >>> strip('{"a": "// not a comment", /* note */ "b": [1, 2,], // end\\n}')
    '{"a": "// not a comment",  "b": [1, 2] \\n}'

Only used to recognise what a file that is not JSON is (an `mcp.json` client configuration); descriptors written
this way are still a PARSE_ERROR that names the comment or comma.
"""

from __future__ import annotations

import re

__all__ = ["strip"]

_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def strip(text: str) -> str:
    """`text` without `//` and `/* */` comments (outside strings) and without commas before a closing bracket."""
    out: list[str] = []
    i, n, in_string = 0, len(text), False
    while i < n:
        char = text[i]
        if in_string:
            out.append(char)
            if char == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
            out.append(char)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end == -1 else end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end == -1 else end + 2
            continue
        else:
            out.append(char)
        i += 1
    return _without_trailing_commas("".join(out))


def _without_trailing_commas(text: str) -> str:
    """Drop each comma before `}` or `]` that is outside a string."""
    parts = re.split(r'("(?:[^"\\]|\\.)*")', text)  # odd items are strings, left alone
    return "".join(part if k % 2 else _TRAILING_COMMA.sub(r"\1", part) for k, part in enumerate(parts))
