"""An agent's framing of a search_tools query, left out of the search: "tool to ...", "find a tool that can ...".

Agents write a search_tools query as a request for a tool ("tool to check a guest in", "find a function that can
refund a payment", "is there an API to send SMS", "capability: avalanche bulletin"). The framing's words name the
search, not the task: "tool" ranked a tool with "tool" in its name (check_tool_calibration), and "find" every
find_*/search_* tool, above the one asked for. Only a framing at the start of the query is read, and only when the
noun is followed by what introduces the task (to, for, that, which, can, ":"): "tool calibration" and "find invoices"
are searched as written.
"""

from __future__ import annotations

import re

__all__ = ["unframed"]

_FRAME = re.compile(
    r"^\W*(?:(?:please\s+)?(?:find(?:\s+me)?|search(?:\s+for)?|(?:i\s*'?\s*m\s+|i\s+am\s+|we\s*'?\s*re\s+)?look(?:ing)?\s+for|"
    r"get(?:\s+me)?|give\s+me|show\s+me|suggest|"
    r"recommend|i\s+need|we\s+need|need|i\s+want|want|is\s+there|are\s+there|do\s+you\s+have|which|what)\s+)?"
    r"(?:(?:a|an|the|any|some|one)\s+)?(?:mcp\s+)?(?:tools?|functions?|capabilit(?:y|ies)|apis?|endpoints?)"
    r"(?:\s*:|\s+(?:(?:that|which)(?:\s+(?:can|could|will|would|lets?\s+me|allows?\s+me\s+to|helps?(?:\s+me)?(?:\s+to)?))?|"
    r"(?:(?:should|do|can|could)\s+)?(?:i|we)\s+(?:can\s+|should\s+)?use\s+(?:to|for)|to|for|capable\s+of|able\s+to|can|could)\b)\s*",
    re.IGNORECASE)
_HEAD = 256  # a framing is short: only the query's start is read (the pattern backtracks over runs of blanks)


def unframed(query: str) -> str:
    """The query without an agent's framing at its start; the query as is without one, or when nothing would be left."""
    match = _FRAME.match(query[:_HEAD])
    rest = query[match.end():] if match else ""
    return rest if rest.strip() else query
