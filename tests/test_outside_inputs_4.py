"""A fourth probe from outside: the last gaps of tool sets (the validation report, workflows whose steps leave the set)
and of callers (the REST search's empty answer, call_tool's arguments sent as a JSON string).

"Everything respects the set: listing, search, get_tool_info, call_tool, prompts, resources and the REST routes. A
tool outside the set does not exist for that client." Each test is a gap a reviewer reproduced, kept so it stays fixed.
tests/test_outside_inputs_3.py holds the third probe's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from conftest import write_file
from local_server import running
from test_live_reload import mcp_tool
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


@pytest.mark.parametrize(("path", "token"), [("/validate", SUPPORT), ("/validate?toolset=support", None),
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
    """Without a set (no token, or the operator's), GET /validate is the catalogue's report, as before."""
    for token in (None, ADMIN):
        report = get(reported, "/validate", token).json()
        assert "toolset" not in report["summary"] and report["summary"]["errors"] >= 1
        assert {"broken.json", "invoice_secret.json", "atdf-mcp.yaml"} <= {f["file"] for f in report["files"]}


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
