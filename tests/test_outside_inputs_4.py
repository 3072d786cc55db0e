"""A fourth probe from outside: the last gaps of tool sets (the validation report, workflows whose steps leave the set)
and of callers (the REST search's empty answer, call_tool's arguments sent as a JSON string).

"Everything respects the set: listing, search, get_tool_info, call_tool, prompts, resources and the REST routes. A
tool outside the set does not exist for that client." Each test is a gap a reviewer reproduced, kept so it stays fixed.
tests/test_outside_inputs_3.py holds the third probe's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from conftest import write_file
from envelopes import envelope_of
from local_server import running
from mcp import Client
from mcp.shared.exceptions import MCPError
from test_live_reload import HANDLERS, mcp_tool
from test_toolsets import ADMIN, FINANCE, SUPPORT, write_catalog

from atdf_mcp import load_catalog
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

# ---------------------------------------------------------------- 1. the validation report of a tool set

OUTSIDE = ("invoice_secret", "broken.json", "ghost", "refund_paymnet")  # what only the rest of the catalogue holds


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sets `support` and `finance` with problems on both sides: a tool of each without a handler (one file each,
    and one file holding one of each), a file that is not JSON, and the config's own warnings."""
    folder = write_catalog(tmp_path_factory.mktemp("report") / "catalog")
    write_file(folder, "crm_notes.json", {**mcp_tool("crm_notes", "Notes on a customer."), "tags": ["crm"]})
    write_file(folder, "invoice_secret.json", mcp_tool("invoice_secret", "The secret invoice."))
    write_file(folder, "mixed.json", {"tools": [{**mcp_tool("crm_history", "A customer's history."), "tags": ["crm"]},
                                                mcp_tool("invoice_audit", "Audit an invoice.")]})
    write_file(folder, "broken.json", '{"name": "half a file"')
    config = (folder / "atdf-mcp.yaml").read_text(encoding="utf-8")
    write_file(folder, "atdf-mcp.yaml", config.replace("toolsets:\n", "toolsets:\n  ghost: {ids: [refund_paymnet]}\n"))
    with running(build_app(CatalogServer(load_catalog(folder)), HttpOptions(auth_token=ADMIN))) as url:
        yield url


def get(url: str, path: str, token: str | None = None) -> httpx.Response:
    """GET a route, with a bearer token when given."""
    return httpx.get(f"{url}{path}", headers={"Authorization": f"Bearer {token}"} if token else {}, timeout=30)


@pytest.mark.parametrize(("path", "token"), [("/validate", SUPPORT), ("/validate?toolset=support", SUPPORT),
                                             ("/validate?toolset=support", ADMIN)])
def test_a_sets_validation_report_holds_only_its_own_descriptors(reported: str, path: str, token: str | None) -> None:
    """GET /validate with an agent's token answered the whole catalogue's report: the file names, ids and problems of
    descriptors outside its set. It now holds the files of the set's descriptors, with their ids and problems only,
    and counts only those."""
    report = get(reported, path, token).json()
    text = json.dumps(report)
    assert not [word for word in OUTSIDE if word in text], text
    files = {f["file"]: f for f in report["files"]}
    assert sorted(files) == ["crm_notes.json", "mixed.json", "others.json", "tools.json"]
    assert files["tools.json"]["ids"] == ["crm_lookup", "send_email"]
    assert files["mixed.json"]["ids"] == ["crm_history"]
    assert [p["code"] for p in files["mixed.json"]["problems"]] == ["NO_HANDLER"]
    assert [p["pointer"] for p in files["mixed.json"]["problems"]] == ["/tools/0"]
    assert [p["code"] for p in files["crm_notes.json"]["problems"]] == ["NO_HANDLER"]
    summary = report["summary"]
    assert (summary["toolset"], summary["files"], summary["descriptors"]) == ("support", 4, 6)
    assert summary["by_type"] == {"policy": 1, "prompt": 1, "tool": 4}
    assert (summary["errors"], summary["warnings"], summary["ok"]) == (0, 2, True)


def test_the_whole_report_still_goes_to_the_operator(reported: str) -> None:
    """Without a set (the operator's token), GET /validate is the catalogue's report, as before; without a token it is
    401 (it answered anyone the whole report: tests/test_toolsets_audit.py)."""
    report = get(reported, "/validate", ADMIN).json()
    assert "toolset" not in report["summary"] and report["summary"]["errors"] >= 1
    assert {"broken.json", "invoice_secret.json", "atdf-mcp.yaml"} <= {f["file"] for f in report["files"]}
    assert get(reported, "/validate").status_code == 401


def test_the_explorer_shows_a_set_only_its_own_problems(reported: str) -> None:
    """The explorer's page (GET /) lists the validation problems per file: with an agent's token it listed every file's."""
    page = get(reported, "/", SUPPORT).text
    assert "crm_notes" in page
    assert not [word for word in OUTSIDE if word in page]
    assert "invoice_secret" in get(reported, "/", ADMIN).text


def test_another_sets_report_is_its_own(reported: str) -> None:
    """The finance agent sees its tool without a handler, and none of support's."""
    report = get(reported, "/validate", FINANCE).json()
    ids = {i for f in report["files"] for i in f["ids"]}
    assert "invoice_secret" in ids and "invoice_audit" in ids
    assert not {"crm_notes", "crm_history", "crm_lookup"} & ids


# ---------------------------------------------------------------- 2. a workflow whose steps leave the set


def workflow(name: str, steps: list[tuple[str, str]], *, runnable: bool = True) -> dict[str, Any]:
    """An ARDF workflow tagged crm (so in `support`) whose steps call these tools with the input `text`."""
    return {"schema_version": "1.0.0", "resource_id": name, "resource_type": "workflow", "description": f"The {name} workflow.",
            "metadata": {"tags": ["crm"]},
            "content": {"type": "workflow/steps", "data": {"input_variables": ["text"], "steps": [
                {"step": step, "tool_id": tool, "description": f"Call {tool}.",
                 **({"arguments": {"text": "${inputs.text}"}} if runnable else {})}
                for step, tool in steps]}}}


@pytest.fixture(scope="module")
def flows(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """In `support`: a workflow of support's tools, one whose second step refunds (a finance tool), and a prompt-only
    workflow that tells a model to refund."""
    folder = write_catalog(tmp_path_factory.mktemp("flows") / "catalog")
    write_file(folder, "greet_and_mail.json", workflow("greet_and_mail", [("lookup", "crm_lookup"), ("mail", "send_email")]))
    write_file(folder, "refund_customer.json", workflow("refund_customer", [("lookup", "crm_lookup"), ("refund", "refund_payment")]))
    write_file(folder, "explain_refund.json", workflow("explain_refund", [("refund", "refund_payment")], runnable=False))
    return folder


@pytest.mark.anyio
async def test_a_workflow_that_steps_outside_the_set_is_not_in_the_set(flows: Path) -> None:
    """A workflow of the set whose step calls a tool outside it was listed, described with that tool's name, and
    failed on every call with a TOOL_NOT_FOUND its client could do nothing about. For that set's client the workflow
    does not exist (its steps' tools do not): not a tool, a prompt nor a resource; a workflow of the set's own tools
    runs as before, and the whole catalogue keeps every workflow."""
    catalog = load_catalog(flows)
    with anyio.fail_after(30):
        async with Client(CatalogServer(catalog, toolset="support").server) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            assert "greet_and_mail" in tools and "refund_customer" not in tools
            prompts = {p.name for p in (await client.list_prompts()).prompts}
            assert "greet_and_mail" in prompts and not {"refund_customer", "explain_refund"} & prompts
            resources = json.dumps([str(r.uri) for r in (await client.list_resources()).resources])
            assert "refund" not in resources
            entry = envelope_of(await client.call_tool("refund_customer", {"text": "ada"}))["errors"][0]
            assert entry["code"] == "TOOL_NOT_FOUND"
            with pytest.raises(MCPError):
                await client.read_resource("ardf://workflow/refund_customer")
            done = await client.call_tool("greet_and_mail", {"text": "ada"})
            assert done.is_error is False and done.structured_content["steps"]["mail"] == {"tool": "send_email", "text": "ada"}
        async with Client(CatalogServer(catalog).server) as client:
            assert {"greet_and_mail", "refund_customer"} <= {t.name for t in (await client.list_tools()).tools}


def test_validate_warns_of_each_workflow_a_set_leaves_out(flows: Path) -> None:
    """The operator learns it at load: a warning per set and workflow, at the set's pointer, naming the step and the
    tool outside the set, and how to bring it in."""
    problems = [p for p in load_catalog(flows).report.problems if p.pointer == "/toolsets/support"]
    messages = sorted(p.message for p in problems)
    assert [p.severity for p in problems] == ["warning", "warning"]
    assert "'explain_refund'" in messages[0] and "'refund_customer'" in messages[1]
    assert all("'refund'" in m and "'refund_payment'" in m and "ids" in m for m in messages)
    assert not [p for p in load_catalog(flows).report.problems if "greet_and_mail" in p.message]


def test_the_rest_routes_of_the_set_leave_the_workflow_out(flows: Path) -> None:
    """/workflows and /tools?format=atdf of the set list only the workflow its client can run."""
    with running(build_app(CatalogServer(load_catalog(flows)), HttpOptions(auth_token=ADMIN))) as url:
        listed = {r["resource_id"] for r in get(url, "/workflows?toolset=support", ADMIN).json()["resources"]}
        atdf = {t["tool_id"] for t in get(url, "/tools?format=atdf&toolset=support", ADMIN).json()["tools"]}
        whole = {r["resource_id"] for r in get(url, "/workflows", ADMIN).json()["resources"]}
    assert listed == {"greet_and_mail"} and "refund_customer" not in atdf and "greet_and_mail" in atdf
    assert whole == {"greet_and_mail", "refund_customer", "explain_refund"}


# ---------------------------------------------------------------- 3. REST search's empty answer


@pytest.fixture
def progressive(tmp_path: Path) -> Path:
    """echo and shout, served in progressive mode."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", {**mcp_tool("echo", "Give the text back."), "tags": ["text"]})
    write_file(folder, "shout.json", mcp_tool("shout", "Upper-case the text."))
    write_file(folder, "handlers.py", HANDLERS)
    write_file(folder, "atdf-mcp.yaml", "disclosure: progressive\n")
    return folder


@pytest.mark.anyio
@pytest.mark.parametrize("query", ["zzqqx", "the of a"])
async def test_rest_search_says_why_it_found_nothing_as_search_tools_does(progressive: Path, query: str) -> None:
    """search_tools adds a `hint` and the `ignored` words to an empty result; GET and POST /search answered a bare
    empty list. Both faces now give the same hint and words."""
    server = CatalogServer(load_catalog(progressive))
    async with Client(server.server) as client:
        answer = (await client.call_tool("search_tools", {"query": query})).structured_content
    assert answer["tools"] == [] and answer["hint"]
    with running(build_app(server, HttpOptions())) as url:
        got = httpx.get(f"{url}/search", params={"q": query}, timeout=30).json()
        posted = httpx.post(f"{url}/search", json={"query": query}, timeout=30).json()
    for body in (got, posted):
        assert body["results"] == []
        assert (body["hint"], body["ignored"]) == (answer["hint"], answer["ignored"])


def test_rest_search_says_when_its_filters_left_nothing(progressive: Path) -> None:
    """POST /search with filters no matching tool passes: the tools matched, so the hint is about the filters."""
    with running(build_app(CatalogServer(load_catalog(progressive)), HttpOptions())) as url:
        body = httpx.post(f"{url}/search", json={"query": "text back", "filters": {"tags": ["email"]}}, timeout=30).json()
        kept = httpx.post(f"{url}/search", json={"query": "text back", "filters": {"tags": ["text"]}}, timeout=30).json()
    assert body["results"] == [] and "filters" in body["hint"] and body["ignored"] == []
    assert [r["tool_id"] for r in kept["results"]] == ["echo"] and "hint" not in kept


# ---------------------------------------------------------------- 4. call_tool's arguments as a JSON string


def note_of(result: types.CallToolResult) -> Any:
    """What the result's metadata says of the arguments' decoding."""
    return (result.meta or {}).get("atdf.io/arguments")


@pytest.mark.anyio
async def test_call_tool_arguments_sent_as_a_json_object_string_are_decoded_and_said_so(progressive: Path) -> None:
    """`"arguments": "{\\"text\\": \\"hi\\"}"` (agents that write the inner call as text do it) was refused; it now runs
    the tool with the object, whose result is the tool's own (text and structured output untouched), and its metadata
    says the arguments were decoded and should be sent as an object."""
    async with Client(CatalogServer(load_catalog(progressive)).server) as client:
        direct = await client.call_tool("call_tool", {"name": "shout", "arguments": {"text": "hi"}})
        decoded = await client.call_tool("call_tool", {"name": "shout", "arguments": '{"text": "hi"}'})
        wrong = await client.call_tool("call_tool", {"name": "shout", "arguments": '{"text": 5}'})
    assert decoded.is_error is False
    assert (decoded.content, decoded.structured_content) == (direct.content, direct.structured_content)
    assert note_of(direct) is None
    assert note_of(decoded)["decoded"] is True and "object" in note_of(decoded)["note"]
    entry = envelope_of(wrong)["errors"][0]  # the tool's own refusal of the decoded arguments, noted too
    assert (entry["tool_name"], entry["parameter_name"], entry["context"]["suggested_arguments"]) == ("shout", "text", {"text": "5"})
    assert note_of(wrong)["decoded"] is True


@pytest.mark.anyio
@pytest.mark.parametrize(("sent", "decoded"), [('["hi"]', ["hi"]), ('"hi"', "hi"), ("7", 7), ('{"text": hi}', None), ("", None)])
async def test_call_tool_arguments_in_a_string_that_is_no_object_are_answered_with_the_call_to_make(
        progressive: Path, sent: str, decoded: Any) -> None:
    """A string that decodes to something else than an object, or does not decode: a VALIDATION_ERROR on `arguments`
    that says what the string held, with suggested_arguments: the same call with an object for arguments."""
    async with Client(CatalogServer(load_catalog(progressive)).server) as client:
        entry = envelope_of(await client.call_tool("call_tool", {"name": "shout", "arguments": sent}))["errors"][0]
    assert (entry["code"], entry["tool_name"], entry["parameter_name"]) == ("VALIDATION_ERROR", "call_tool", "arguments")
    assert entry["context"]["suggested_arguments"] == {"name": "shout", "arguments": {}}
    assert "object" in entry["context"]["solution"]
    if decoded is None:
        assert "decoded" not in entry["context"] and "not JSON" in entry["detail"]
    else:
        assert entry["context"]["decoded"] == decoded
