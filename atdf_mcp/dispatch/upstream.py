"""What an upstream HTTP answer means: status → ATDF code, and the upstream's own errors read from its body.

Pure functions on status codes, headers and parsed bodies (no httpx): the HTTP dispatcher builds its
envelopes from them.
"""

from __future__ import annotations

import email.utils
import json
import re
import time
from typing import Any

from ..codes import Code
from ..l10n import N_
from ..l10n import gettext as _
from ..model import Descriptor

__all__ = [
    "STATUS_CODES",
    "is_absolute_uri",
    "is_json",
    "json_or_none",
    "parameter_name",
    "retry_after",
    "status_class",
    "strings",
    "upstream_errors",
    "upstream_message",
]

_JSON_TYPE = re.compile(r"^application/([\w.\-]+\+)?json$|^text/json$")
_FIX_ARGUMENTS = N_("Correct the arguments as the upstream message says, then call the tool again.")
_CHECK_IDS = N_("Check the identifiers in the arguments (a search or list tool can find valid ones), then retry.")

# status: (code, retryable, title, solution), English (translated where used); `{env}` names the credentials' variable
STATUS_CODES: dict[int, tuple[str, bool, str, str]] = {
    400: (Code.VALIDATION_ERROR, False, N_("Rejected by the upstream service"), _FIX_ARGUMENTS),
    422: (Code.VALIDATION_ERROR, False, N_("Rejected by the upstream service"), _FIX_ARGUMENTS),
    413: (Code.VALIDATION_ERROR, False, N_("Request too large"), N_("Send less data in one call.")),
    401: (Code.AUTHENTICATION_ERROR, False, N_("Upstream authentication failed"),
          N_("Retrying will not help: the server's operator must check {env}.")),
    403: (Code.AUTHORIZATION_ERROR, False, N_("Not allowed by the upstream service"),
          N_("Use another tool, or ask the server's operator for access.")),
    404: (Code.NOT_FOUND, False, N_("Not found upstream"), _CHECK_IDS),
    410: (Code.NOT_FOUND, False, N_("Gone upstream"), N_("The resource no longer exists; look up a current one.")),
    408: (Code.TIMEOUT, True, N_("Upstream timed out"), N_("Retry the same call in a few seconds.")),
    409: (Code.CONFLICT, False, N_("Conflict upstream"), N_("Read the resource's current state, then retry with arguments that fit it.")),
    429: (Code.RATE_LIMITED, True, N_("Rate limited upstream"), N_("Wait a little, then retry the same call.")),
}


def status_class(status: int) -> tuple[str, bool, str, str]:
    """(code, retryable, title, solution) for a status STATUS_CODES does not list: 5xx, 3xx, other 4xx."""
    if status >= 500:
        return Code.UPSTREAM_ERROR, True, N_("Upstream service error"), N_("Retry the same call in a few seconds.")
    if 300 <= status < 400:
        return (Code.UPSTREAM_ERROR, False, N_("Unexpected upstream redirect"),
                N_("Report this to the server's operator: the endpoint redirects."))
    return (Code.UPSTREAM_ERROR, False, _("Upstream answered HTTP {status}").format(status=status),
            N_("Use another tool, or report this to the server's operator."))


def retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)


def is_json(mime: str, body: bytes) -> bool:
    """Whether a body is JSON: by its media type (`application/json`, `*/*+json`), or by its first byte when it has none."""
    if mime:
        return bool(_JSON_TYPE.match(mime))
    return body[:1] in (b"{", b"[")


def json_or_none(body: bytes, mime: str) -> Any:
    """The parsed body when it is JSON (or looks like it), else None."""
    if not body or not (is_json(mime, body) or body.lstrip()[:1] in (b"{", b"[")):
        return None
    try:
        return json.loads(body)
    except ValueError:
        return None


def upstream_errors(parsed: Any) -> list[dict[str, Any]] | None:
    """The upstream's own ATDF errors (`errors[]`, or the enriched `status/data` envelope), normalized; None otherwise."""
    if not isinstance(parsed, dict):
        return None
    errors = parsed.get("errors")
    if (isinstance(errors, list) and errors and all(isinstance(e, dict) for e in errors)
            and any(k in e for e in errors for k in ("detail", "title", "code", "type"))):
        return [{
            "code": _code_of(e), "title": e.get("title"), "detail": _text(e.get("detail") or e.get("title") or e.get("message")),
            "parameter": e.get("parameter_name") or e.get("parameter") or e.get("field"), "suggested_value": e.get("suggested_value"),
            "context": e.get("context") if isinstance(e.get("context"), dict) else {}, "type": e.get("type"), "instance": e.get("instance"),
        } for e in errors[:20]]
    data = parsed.get("data")
    if parsed.get("status") == "error" and isinstance(data, dict) and ("code" in data or "message" in data):
        details = data.get("details") if isinstance(data.get("details"), dict) else {}
        context = {k: details[k] for k in ("received", "expected", "solution", "validation_results") if k in details}
        return [{"code": _code_of(data), "title": None, "detail": _text(data.get("message")), "parameter": details.get("field"),
                 "suggested_value": details.get("suggested_value"), "context": context, "type": None, "instance": None}]
    return None


def _code_of(item: dict[str, Any]) -> str | None:
    code = item.get("code")
    if isinstance(code, str) and code:
        return code
    kind = item.get("type")
    if isinstance(kind, str) and kind.rstrip("/"):
        slug = re.split(r"[/:#]", kind.rstrip("/"))[-1]
        if slug and slug != "blank":
            return re.sub(r"[^A-Za-z0-9]+", "_", slug).upper()
    return None


def upstream_message(parsed: Any, body: bytes, mime: str) -> str:
    """The upstream's own explanation, if it gave one (message, detail, error, ...), bounded."""
    message = ""
    if isinstance(parsed, dict):
        for key in ("message", "detail", "error_description", "error", "title", "msg", "description"):
            value = parsed.get(key)
            if isinstance(value, dict):
                value = value.get("message") or value.get("detail")
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                value = "; ".join(_pydantic_line(v) for v in value[:5])
            if isinstance(value, str) and value.strip():
                message = value.strip()
                break
    elif parsed is None and body and (mime.startswith("text/plain") or not mime):
        message = body[:300].decode("utf-8", "ignore").strip()
        if "<" in message[:1]:
            message = ""
    return message if len(message) <= 500 else message[:497] + "..."


def _pydantic_line(item: dict[str, Any]) -> str:
    loc = ".".join(str(p) for p in item.get("loc") or ())
    return f"{loc}: {item.get('msg', '')}" if loc else str(item.get("msg", ""))


def parameter_name(value: Any, tool: Descriptor) -> str | None:
    """An upstream parameter name as the tool's own (`body.check_in` → `check_in`), or None."""
    if not isinstance(value, str) or not value:
        return None
    properties = (tool.input_schema or {}).get("properties") or {}
    if value.split(".")[0] in properties:
        return value
    head, _, rest = value.partition(".")
    if head in ("body", "query", "path", "header", "params") and rest and rest.split(".")[0] in properties:
        return rest
    return value if not properties else None


def strings(node: Any, budget: list[int] | None = None) -> list[str]:
    """String values of a JSON document, code-like keys first, bounded (a few hundred nodes)."""
    budget = budget if budget is not None else [300]
    first: list[str] = []
    rest: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            budget[0] -= 1
            if budget[0] < 0:
                break
            if isinstance(value, str):
                (first if key in ("code", "error_code", "errorCode", "error", "reason", "type") else rest).append(value)
            elif isinstance(value, (dict, list)):
                rest += strings(value, budget)
    elif isinstance(node, list):
        for value in node[:50]:
            budget[0] -= 1
            if budget[0] < 0:
                break
            if isinstance(value, str):
                rest.append(value)
            elif isinstance(value, (dict, list)):
                rest += strings(value, budget)
    return first + rest


def _text(value: Any) -> str:
    return value if isinstance(value, str) else "" if value is None else json.dumps(value, ensure_ascii=False)


def is_absolute_uri(value: Any) -> bool:
    """Whether a value is an absolute URI (`https://...`, `urn:...`), as an envelope's `type` must be."""
    return isinstance(value, str) and bool(re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s]+$", value))
