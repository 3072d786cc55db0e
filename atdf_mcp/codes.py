"""Every error code atdf-mcp emits, one row each: title, HTTP status, whether a retry can help, and where it is used.

    >>> Code.TIMEOUT.row.title, Code.TIMEOUT.row.status, Code.TIMEOUT.row.retryable
    ('Tool timed out', 504, True)
    >>> Code.TIMEOUT.type_uri
    'urn:atdf:error:timeout'
    >>> row_of("SLOT_UNAVAILABLE") is None     # a descriptor's own declared code has no row
    True

A code is a `str` (a `StrEnum` member), so it goes on the wire, into JSON and into comparisons as its plain text.
Adding a code means adding one row here; `tests/test_codes.py` fails on an UPPER_SNAKE literal anywhere else in
the package, and on a code the README names that has no row.

Families say where a code can appear:
- `CALL`: the `code` of a tool call's ATDF envelope (the server's own failures, and upstream HTTP failures);
- `LOAD`: the code of a load `Problem` (`atdf-mcp validate`, `GET /validate`);
- `HTTP`: the envelope of an HTTP answer that is not a tool call (REST routes, the ASGI guards, JSON-RPC refusals).

`row.title` is the title an envelope gets when its builder names none. For a code a handler may raise too, it is
the code in words, as before this table existed, so the wire does not change; a call site with a more precise title
("Upstream connection lost") passes it. `row.retryable` is the code's usual answer; a failure that knows better
(a 5xx is worth a retry, a 501 is not) says so in its envelope's `context.retryable`. `row.status` is the HTTP status
of an HTTP answer (REST, ASGI guards) with that code.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

__all__ = ["CALL_CODES", "Code", "Family", "Row", "row_of", "title_of"]


class Family(enum.Flag):
    """Where a code appears: a tool call's envelope, a load problem, an HTTP (non-tool-call) answer."""

    CALL = enum.auto()
    LOAD = enum.auto()
    HTTP = enum.auto()


@dataclass(frozen=True, slots=True)
class Row:
    """What one code means: its default title, HTTP status, whether retrying can help, and its families."""

    title: str
    status: int
    retryable: bool
    family: Family


CALL, LOAD, HTTP = Family.CALL, Family.LOAD, Family.HTTP


class Code(enum.StrEnum):
    """The error codes; each member is its own text (`Code.TIMEOUT == "TIMEOUT"`) and carries its `row`."""

    row: Row

    def __new__(cls, value: str, row: Row) -> Code:
        member = str.__new__(cls, value)
        member._value_ = value
        member.row = row
        return member

    @property
    def type_uri(self) -> str:
        """The envelope `type` of this code: `urn:atdf:error:<kebab-code>`."""
        return f"urn:atdf:error:{kebab(self.value)}"

    # -- tool calls: arguments, tools and handlers ----------------------------------------------------------------
    VALIDATION_ERROR = "VALIDATION_ERROR", Row("Invalid arguments", 400, False, CALL | HTTP)
    TOOL_NOT_FOUND = "TOOL_NOT_FOUND", Row("Unknown tool", 404, False, CALL)
    HANDLER_UNAVAILABLE = "HANDLER_UNAVAILABLE", Row("Tool unavailable", 503, False, CALL | LOAD)
    TIMEOUT = "TIMEOUT", Row("Tool timed out", 504, True, CALL)
    BUSY = "BUSY", Row("Busy", 503, True, CALL)
    INTERNAL_ERROR = "INTERNAL_ERROR", Row("Internal error", 500, False, CALL | HTTP)
    TOOL_ERROR = "TOOL_ERROR", Row("Tool error", 422, False, CALL)
    OUTPUT_INVALID = "OUTPUT_INVALID", Row("Result does not match the output schema", 502, False, CALL)
    CLIENT_CAPABILITY_MISSING = "CLIENT_CAPABILITY_MISSING", Row("Client capability missing", 400, False, CALL)
    CONFIGURATION_ERROR = "CONFIGURATION_ERROR", Row("Tool misconfigured", 500, False, CALL | LOAD)
    SHUTTING_DOWN = "SHUTTING_DOWN", Row("Shutting down", 503, True, CALL)
    CANCELLED = "CANCELLED", Row("Cancelled", 503, True, CALL)
    WORKER_LOST = "WORKER_LOST", Row("Worker lost", 503, True, CALL)  # a task's replica stopped beating (atdf_mcp.tasks)
    POLICY_DENIED = "POLICY_DENIED", Row("Policy denied", 403, False, CALL)  # a blocking policy rule (atdf_mcp.policies)
    PERMISSION_DENIED = "PERMISSION_DENIED", Row("Permission denied", 403, False, CALL | HTTP)  # a scope the caller's token lacks
    WORKFLOW_STEP_FAILED = "WORKFLOW_STEP_FAILED", Row("Workflow step failed", 422, False, CALL)  # its step's envelope inside
    ERROR = "ERROR", Row("Error", 500, False, CALL)  # the enriched form's code of an entry that has none
    # -- tool calls: upstream HTTP services (dispatch/upstream.py maps statuses to these) ---------------------------
    NOT_FOUND = "NOT_FOUND", Row("Not found", 404, False, CALL | HTTP)
    CONFLICT = "CONFLICT", Row("Conflict", 409, False, CALL)
    UNAVAILABLE = "UNAVAILABLE", Row("Unavailable", 503, True, CALL)
    AUTHENTICATION_ERROR = "AUTHENTICATION_ERROR", Row("Authentication error", 401, False, CALL | HTTP)
    AUTHORIZATION_ERROR = "AUTHORIZATION_ERROR", Row("Authorization error", 403, False, CALL | HTTP)
    RATE_LIMITED = "RATE_LIMITED", Row("Rate limited", 429, True, CALL)
    UPSTREAM_ERROR = "UPSTREAM_ERROR", Row("Upstream error", 502, True, CALL)
    RESPONSE_TOO_LARGE = "RESPONSE_TOO_LARGE", Row("Response too large", 502, False, CALL)
    EGRESS_REFUSED = "EGRESS_REFUSED", Row("Egress refused", 403, False, CALL | LOAD)
    # -- HTTP answers that are not tool calls (REST routes, ASGI guards, JSON-RPC refusals) --------------------------
    INVALID_HOST = "INVALID_HOST", Row("Misdirected request", 421, False, HTTP)
    INVALID_ORIGIN = "INVALID_ORIGIN", Row("Forbidden origin", 403, False, HTTP)
    PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE", Row("Request body too large", 413, False, HTTP)
    TOO_MANY_SESSIONS = "TOO_MANY_SESSIONS", Row("Too many sessions", 503, True, HTTP)
    METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED", Row("Method not allowed", 405, False, HTTP)
    EVENTS_LOST = "EVENTS_LOST", Row("Events no longer kept", 410, True, HTTP)  # a resumed stream's gap (atdf_mcp.resumption)
    METHOD_NOT_FOUND = "METHOD_NOT_FOUND", Row("Method not found", 404, False, HTTP)  # a JSON-RPC method no handler serves
    HTTP_ERROR = "HTTP_ERROR", Row("HTTP error", 400, False, HTTP)
    INVALID_JSON = "INVALID_JSON", Row("Body is not JSON", 400, False, HTTP)
    RELOAD_FAILED = "RELOAD_FAILED", Row("Reload failed", 500, True, HTTP)
    INVALID_REQUEST = "INVALID_REQUEST", Row("Invalid request", 400, False, HTTP)
    TOOLSET_NOT_FOUND = "TOOLSET_NOT_FOUND", Row("Unknown tool set", 404, False, HTTP)
    TASK_NOT_FOUND = "TASK_NOT_FOUND", Row("Unknown task", 404, False, HTTP)
    TOO_MANY_TASKS = "TOO_MANY_TASKS", Row("Too many tasks", 429, True, HTTP | CALL)  # CALL: an MCP task tool's call
    TASK_STORE_UNAVAILABLE = "TASK_STORE_UNAVAILABLE", Row("Task store unavailable", 503, True, HTTP)
    AUTH_SERVER_UNAVAILABLE = "AUTH_SERVER_UNAVAILABLE", Row("Authorization server unavailable", 503, True, HTTP)  # atdf_mcp.oauth
    # -- loading: files ----------------------------------------------------------------------------------------------
    PARSE_ERROR = "PARSE_ERROR", Row("Parse error", 400, False, LOAD | HTTP)
    READ_ERROR = "READ_ERROR", Row("Read error", 422, False, LOAD)
    FILE_TOO_LARGE = "FILE_TOO_LARGE", Row("File too large", 422, False, LOAD)
    BINARY_FILE = "BINARY_FILE", Row("Binary file", 422, False, LOAD)
    ENCODING_ERROR = "ENCODING_ERROR", Row("Encoding error", 422, False, LOAD)
    EMPTY_FILE = "EMPTY_FILE", Row("Empty file", 422, False, LOAD)
    TOO_DEEP = "TOO_DEEP", Row("Too deep", 422, False, LOAD)
    OUTSIDE_ROOT = "OUTSIDE_ROOT", Row("Outside root", 422, False, LOAD)
    NO_DESCRIPTORS = "NO_DESCRIPTORS", Row("No descriptors", 422, False, LOAD)
    NOT_A_DESCRIPTOR = "NOT_A_DESCRIPTOR", Row("Not a descriptor", 422, False, LOAD)
    LOAD_FAILED = "LOAD_FAILED", Row("Load failed", 422, False, LOAD)
    # -- loading: descriptors ----------------------------------------------------------------------------------------
    UNKNOWN_DIALECT = "UNKNOWN_DIALECT", Row("Unknown dialect", 422, False, LOAD)
    UNSUPPORTED_VERSION = "UNSUPPORTED_VERSION", Row("Unsupported version", 422, False, LOAD)
    SCHEMA_VIOLATION = "SCHEMA_VIOLATION", Row("Schema violation", 422, False, LOAD)
    NON_CANONICAL = "NON_CANONICAL", Row("Non canonical", 422, False, LOAD)
    AMBIGUOUS = "AMBIGUOUS", Row("Ambiguous", 422, False, LOAD)
    INVALID_NAME = "INVALID_NAME", Row("Invalid name", 422, False, LOAD)
    DUPLICATE_ID = "DUPLICATE_ID", Row("Duplicate id", 422, False, LOAD)
    INVALID_INPUT_SCHEMA = "INVALID_INPUT_SCHEMA", Row("Invalid input schema", 422, False, LOAD)
    INVALID_OUTPUT_SCHEMA = "INVALID_OUTPUT_SCHEMA", Row("Invalid output schema", 422, False, LOAD)
    EXAMPLE_INVALID = "EXAMPLE_INVALID", Row("Example invalid", 422, False, LOAD)
    DESCRIPTION_TOO_LONG = "DESCRIPTION_TOO_LONG", Row("Description too long", 422, False, LOAD)
    EMPTY_DESCRIPTION = "EMPTY_DESCRIPTION", Row("Empty description", 422, False, LOAD)  # blank or missing: nothing to choose by
    UNTIED_FAILURE = "UNTIED_FAILURE", Row("Untied failure", 422, False, LOAD)
    DANGLING_REFERENCE = "DANGLING_REFERENCE", Row("Dangling reference", 422, False, LOAD)
    LANGUAGE_COPY_MISMATCH = "LANGUAGE_COPY_MISMATCH", Row("Language copy mismatch", 422, False, LOAD)
    INVALID_CONNECTOR = "INVALID_CONNECTOR", Row("Invalid connector", 422, False, LOAD)
    INVALID_RESOURCE = "INVALID_RESOURCE", Row("Invalid resource", 422, False, LOAD)
    DOCUMENT_PATH = "DOCUMENT_PATH", Row("Document path", 422, False, LOAD)
    INVALID_POLICY = "INVALID_POLICY", Row("Invalid policy", 422, False, LOAD)  # a rule whose CEL expression cannot be enforced
    INVALID_WORKFLOW = "INVALID_WORKFLOW", Row("Invalid workflow", 422, False, LOAD)  # a runnable workflow that cannot run
    NO_HANDLER = "NO_HANDLER", Row("No handler", 422, False, LOAD)
    LAST_GOOD_SERVED = "LAST_GOOD_SERVED", Row("Last good version served", 422, False, LOAD)


CALL_CODES: frozenset[str] = frozenset(code for code in Code if code.row.family & CALL)
"""The codes a tool-call envelope may carry without the descriptor declaring them."""


def row_of(code: str) -> Row | None:
    """The row of a code, or None for a code the table does not hold (a descriptor's own failure code)."""
    member = Code._value2member_map_.get(code)
    return member.row if member is not None else None  # type: ignore[attr-defined]


def title_of(code: str) -> str:
    """The default title of a code: its row's, else the code in words (`SLOT_UNAVAILABLE` → `Slot unavailable`)."""
    row = row_of(code)
    return row.title if row is not None else code.replace("_", " ").capitalize()


def kebab(code: str) -> str:
    """A code in the kebab-case of envelope type URIs (`TOOL_NOT_FOUND` → `tool-not-found`)."""
    return re.sub(r"[^a-z0-9]+", "-", code.lower()).strip("-") or "error"
