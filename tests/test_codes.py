"""One table of error codes (atdf_mcp.codes) and one exception-to-envelope map (atdf_mcp.failures).

Every UPPER_SNAKE string the package spells outside the table must be a known non-code name, so a new code written
as a literal fails here; every code the README names has a row; titles, type URIs and REST statuses come from the
table; dispatchers raise typed failures, and `envelope_for` turns each kind of exception into its envelope.
"""

from __future__ import annotations

import ast
import json
import logging
import re
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from local_server import running

from atdf_mcp import ToolError, load_catalog
from atdf_mcp.bindings import bind_catalog
from atdf_mcp.codes import CALL_CODES, Code, Family, row_of, title_of
from atdf_mcp.envelope import build_entry, envelope
from atdf_mcp.errors import CallFailure, CallTimeout, HandlerBusy, OutputInvalid, Unavailable
from atdf_mcp.failures import HandlerReported, envelope_for
from atdf_mcp.jsonsafe import NotSerialisable
from atdf_mcp.model import Descriptor
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

PACKAGE = Path(__file__).resolve().parent.parent / "atdf_mcp"
README = Path(__file__).resolve().parent.parent / "README.md"
UPPER_SNAKE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,}")
# UPPER_SNAKE strings the package spells that are not error codes: HTTP methods, CLI metavars, environment
# variables, os attributes, digit words of the enriched form, a sentinel's repr, dialect names in messages.
NOT_CODES = {
    "DELETE", "HEAD", "OPTIONS", "PATCH", "POST",
    "BYTES", "CLAIM", "HOST", "NAME", "ORIGIN", "PATH", "SCOPE", "SECONDS",
    "ATDF_MCP_AUTH_TOKEN", "ATDF_MCP_LANG", "ATDF_MCP_LOG_LEVEL", "AUTH_HEADER", "NO_COLOR",
    "ATDF_MCP_CACHE_DIR", "XDG_CACHE_HOME", "LOCALAPPDATA", "SIGHUP", "ATDF_MCP_LOG_FORMAT", "ATDF_MCP_IMPORT_SECONDS",
    "OTEL_TRACES_EXPORTER", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_SDK_DISABLED",
    "OTEL_SERVICE_NAME",  # the OpenTelemetry SDK's standard variables (atdf_mcp.tracing)
    "WATCHFILES_FORCE_POLLING",  # watchfiles' variable (atdf_mcp.live: the watcher polls)
    "O_BINARY", "O_NONBLOCK",
    "ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
    "MISSING", "ARDF", "ATDF",
    "NFKD", "NFKC",  # Unicode normal forms (the search strips accents; an enum member is compared in NFKC: m³ is m3)
}
# Backticked UPPER_SNAKE words of the README that are not codes of ours: environment variables, and an example of a
# code a descriptor declares itself.
README_NOT_CODES = {"PYTHONPATH", "NODE_OPTIONS",
                    "HTTP_PROXY", "HTTPS_PROXY", "NODE_EXTRA_CA_CERTS", "PATH", "HOME", "SLOT_UNAVAILABLE", "HEALTHCHECK", "OTEL_TRACES_EXPORTER",
                    "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_SERVICE_NAME", "ATDF_MCP_LOG_FORMAT",
                    "WATCHFILES_FORCE_POLLING", "WATCHFILES_POLL_DELAY_MS", "XXXL", "APPLE"}  # (a T-shirt size and a word no ticker, in examples)
TOOL = {"name": "echo", "description": "Echo a word.",
        "inputSchema": {"type": "object", "properties": {"word": {"type": "string", "enum": ["yes", "no"]}}}}


def _literals(path: Path) -> list[tuple[str, int]]:
    """The UPPER_SNAKE string constants of a module, without docstrings and `__all__` (names, not codes)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            skipped.add(id(body[0].value))
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            skipped.update(id(n) for n in ast.walk(node.value))
    return [(node.value, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped
            and UPPER_SNAKE.fullmatch(node.value)]


def _descriptor(tmp_path: Path) -> Descriptor:
    (tmp_path / "tools.json").write_text(json.dumps({"tools": [TOOL]}), encoding="utf-8")
    return load_catalog(tmp_path).descriptors[0]


class TestTheTable:
    """The table is complete, well formed, and the only place a code is spelled."""

    def test_every_upper_snake_literal_of_the_package_is_a_row_or_a_known_name(self) -> None:
        """A code written as a string anywhere in atdf_mcp/ (a new one included) must have a row."""
        unknown = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text}"
                   for path in sorted(PACKAGE.rglob("*.py")) for text, line in _literals(path)
                   if text not in Code._value2member_map_ and text not in NOT_CODES]
        assert unknown == [], "add a row to atdf_mcp/codes.py (or, if it is no code, to NOT_CODES here)"

    def test_no_module_but_the_table_spells_a_code(self) -> None:
        """Modules name codes through the table (Code.TIMEOUT), never as bare literals."""
        spelled = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}"
                   for path in sorted(PACKAGE.rglob("*.py")) if path.name != "codes.py"
                   for text, line in _literals(path) if text in Code._value2member_map_]
        assert spelled == []

    def test_every_code_the_readme_names_has_a_row(self) -> None:
        """A backticked UPPER_SNAKE word of the README is a code of the table (or a known non-code)."""
        named = set(re.findall(r"`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})`", README.read_text(encoding="utf-8")))
        unknown = {n for n in named if row_of(n) is None and n not in README_NOT_CODES and not n.startswith("ATDF_MCP_")}
        assert unknown == set()
        assert "atdf_mcp/codes.py" in README.read_text(encoding="utf-8")

    def test_each_row_is_well_formed(self) -> None:
        """Each code is its own UPPER_SNAKE name, with a title, a 4xx/5xx status and at least one family."""
        for code in Code:
            assert code.name == code.value and UPPER_SNAKE.fullmatch(code.value)
            assert code.row.title and 400 <= code.row.status < 600 and code.row.family != Family(0)
            assert code.type_uri == "urn:atdf:error:" + code.value.lower().replace("_", "-")

    def test_configuration_problems_have_one_spelling(self) -> None:
        """CONFIG_ERROR and CONFIGURATION_ERROR were one idea: only CONFIGURATION_ERROR is left."""
        assert row_of("CONFIG_ERROR") is None
        assert row_of("CONFIGURATION_ERROR") is not None
        assert Code.CONFIGURATION_ERROR.row.family == Family.CALL | Family.LOAD

    def test_the_codes_a_tool_call_may_carry_are_the_call_family(self) -> None:
        """CALL_CODES (a handler may raise these undeclared without a warning) is derived from the rows."""
        assert {"TIMEOUT", "BUSY", "NOT_FOUND", "RATE_LIMITED", "UPSTREAM_ERROR"} <= CALL_CODES
        assert "SCHEMA_VIOLATION" not in CALL_CODES and "INVALID_HOST" not in CALL_CODES


class TestTitlesAndStatuses:
    """Titles, type URIs and HTTP statuses come from the table."""

    @pytest.mark.parametrize("code", list(Code))
    def test_an_entry_without_a_title_takes_the_rows_title_and_type(self, code: Code) -> None:
        """build_entry with no title gives the row's title and the code's type URI."""
        entry = build_entry(code, "detail", "some_tool")
        assert (entry["title"], entry["type"], entry["code"]) == (code.row.title, code.type_uri, code.value)

    def test_a_code_outside_the_table_reads_as_words(self) -> None:
        """A descriptor's own code (not in the table) keeps its title in words."""
        assert title_of("SLOT_UNAVAILABLE") == "Slot unavailable"

    def test_the_titles_a_handler_may_raise_did_not_change(self) -> None:
        """A ToolError with a table code still gets the title it had before the table (the code in words)."""
        before = {"VALIDATION_ERROR": "Invalid arguments", "TOOL_NOT_FOUND": "Unknown tool", "HANDLER_UNAVAILABLE": "Tool unavailable",
                  "TIMEOUT": "Tool timed out", "INTERNAL_ERROR": "Internal error", "CONFIGURATION_ERROR": "Tool misconfigured",
                  "OUTPUT_INVALID": "Result does not match the output schema"}
        for code in CALL_CODES:
            assert title_of(code) == before.get(code, code.replace("_", " ").capitalize())

    def test_rest_errors_take_their_status_and_title_from_the_table(self, tmp_path: Path) -> None:
        """Over real HTTP: an unknown path, an unknown resource and a body that is not JSON answer the rows' statuses."""
        (tmp_path / "tools.json").write_text(json.dumps({"tools": [TOOL]}), encoding="utf-8")
        with running(build_app(CatalogServer(load_catalog(tmp_path)), HttpOptions())) as url:
            missing = httpx.get(f"{url}/no/such/path", timeout=10)
            not_json = httpx.post(f"{url}/validate", content=b"{nope", timeout=10)
            wrong_method = httpx.delete(f"{url}/manifest", timeout=10)
        for response, code in ((missing, Code.NOT_FOUND), (not_json, Code.INVALID_JSON), (wrong_method, Code.METHOD_NOT_ALLOWED)):
            body = response.json()
            assert SCHEMAS["error"].is_valid(body)
            entry = body["errors"][0]
            assert (response.status_code, entry["code"], entry["title"], entry["type"]) == (
                code.row.status, code.value, code.row.title, code.type_uri)


class TestEnvelopeFor:
    """envelope_for is the one map from any exception of a call to its envelope."""

    def test_each_call_failure_kind_becomes_its_code(self, tmp_path: Path) -> None:
        """Timeout, busy, unavailable, output mismatch and a plain CallFailure keep their code, detail and context."""
        tool = _descriptor(tmp_path)
        cases: list[tuple[BaseException, str, str]] = [
            (CallTimeout(2.5), "TIMEOUT", "did not finish within 2.5 s"),
            (HandlerBusy(3), "BUSY", "its 3 worker thread(s) stayed taken by earlier calls for the whole 7 s time limit"),
            (Unavailable("no handler"), "HANDLER_UNAVAILABLE", "The tool 'echo' cannot run"),
            (OutputInvalid("returned nothing"), "OUTPUT_INVALID", "The tool returned nothing; its raw result follows"),
            (CallFailure(Code.RATE_LIMITED, "Slow down.", context={"retryable": True}), "RATE_LIMITED", "Slow down."),
            (TimeoutError(), "TIMEOUT", "did not finish within 7 s"),
        ]
        for exc, code, detail in cases:
            env = envelope_for(exc, tool, {}, timeout=7.0)
            assert SCHEMAS["error"].is_valid(env)
            entry = env["errors"][0]
            assert (entry["code"], entry["tool_name"]) == (code, "echo") and detail in entry["detail"], entry
        assert envelope_for(HandlerBusy(3), tool, {}, timeout=7.0)["errors"][0]["context"]["max_threads"] == 3

    def test_a_tool_error_gets_its_suggestion_applied_to_the_arguments(self, tmp_path: Path) -> None:
        """A handler's ToolError: its code, and suggested_arguments with the fix applied."""
        tool = _descriptor(tmp_path)
        env = envelope_for(ToolError("CONFLICT", "Say yes.", parameter="word", suggested_value="yes"), tool, {"word": "no"}, timeout=1)
        entry = env["errors"][0]
        assert (entry["code"], entry["title"], entry["suggested_value"]) == ("CONFLICT", "Conflict", "yes")
        assert entry["context"]["suggested_arguments"] == {"word": "yes"}

    def test_an_unexpected_exception_leaks_nothing_and_logs_its_traceback(self, tmp_path: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
        """Anything else: INTERNAL_ERROR with an instance id; the traceback on the log under the same id."""
        tool = _descriptor(tmp_path)
        try:
            raise RuntimeError("hunter2")
        except RuntimeError as exc:
            with caplog.at_level(logging.ERROR):
                entry = envelope_for(exc, tool, {}, timeout=1)["errors"][0]
        assert entry["code"] == "INTERNAL_ERROR" and "hunter2" not in json.dumps(entry)
        assert entry["instance"] in caplog.text and "hunter2" in caplog.text and "Traceback" in caplog.text

    def test_a_value_without_a_json_form_is_an_internal_error_naming_it(self, tmp_path: Path) -> None:
        """NotSerialisable: INTERNAL_ERROR that says where the value sits."""
        entry = envelope_for(NotSerialisable("/when", "datetime"), _descriptor(tmp_path), {}, timeout=1)["errors"][0]
        assert entry["code"] == "INTERNAL_ERROR" and "a datetime at /when has no JSON form" in entry["detail"]

    def test_an_error_result_the_handler_returned_is_passed_on(self, tmp_path: Path) -> None:
        """An isError result: TOOL_ERROR around its text, or its own envelope with our tool name."""
        tool = _descriptor(tmp_path)
        text = types.CallToolResult(content=[types.TextContent(type="text", text="Quota exceeded.")], is_error=True)
        assert envelope_for(HandlerReported(text), tool, {}, timeout=1)["errors"][0]["code"] == "TOOL_ERROR"
        own = envelope([build_entry("QUOTA_EXCEEDED", "No calls left.", "elsewhere")])
        result = types.CallToolResult(content=[], structured_content=own, is_error=True)
        entry = envelope_for(HandlerReported(result), tool, {}, timeout=1)["errors"][0]
        assert (entry["code"], entry["tool_name"]) == ("QUOTA_EXCEEDED", "echo")


def test_the_http_dispatcher_raises_a_typed_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An HTTP tool whose credentials are unset raises a CallFailure (no envelope built in the dispatcher); nothing is sent."""
    monkeypatch.delenv("ATDF_CODES_TOKEN", raising=False)
    tool = {**TOOL, "endpoint": "http://127.0.0.1:9/echo", "auth": {"type": "bearer", "env": "ATDF_CODES_TOKEN"}}
    (tmp_path / "tools.json").write_text(json.dumps({"tools": [tool]}), encoding="utf-8")
    bound, problems, _ = bind_catalog(load_catalog(tmp_path), default_timeout=5)
    assert [p.code for p in problems] == ["CONFIGURATION_ERROR"]
    with pytest.raises(CallFailure) as caught:
        anyio.run(bound["echo"].dispatcher.call, {}, None)
    failure: Any = caught.value
    assert (failure.code, failure.context["missing_variables"], failure.context["retryable"]) == (
        "CONFIGURATION_ERROR", ["ATDF_CODES_TOKEN"], False)
