"""The bad descriptors of issue 11 (items 5 and 10): each is a problem of its own file, and the good files are served."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from conftest import atdf1_tool, mcp_tool, write_file
from local_server import running
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.catalog import Catalog, Problem
from atdf_mcp.dialects import READERS
from atdf_mcp.server import CatalogServer, build_server
from atdf_mcp.web import HttpOptions, build_app

GOOD = "good_tool"
CONNECTOR = {
    "schema_version": "1.0.0", "resource_id": "notes_api", "resource_type": "connector", "description": "Notes API.",
    "content": {"type": "connector/spec", "data": {
        "interface": "http", "base_url": "http://127.0.0.1:9", "endpoints": [
            {"name": "list_notes", "method": "GET", "path": "/notes", "description": "Lists notes.", "examples": 1.5}]}},
}


def with_good(folder: Path, name: str, content: Any) -> Path:
    """Write the bad file and a good MCP tool beside it; return the bad file's path."""
    write_file(folder, "good.json", mcp_tool(GOOD))
    return write_file(folder, name, content)


def errors_of(catalog: Catalog, path: Path) -> list[Problem]:
    """The errors reported in `path`, after checking that no other file has any."""
    assert [p for p in catalog.report.errors if p.file != str(path)] == []
    return [p for p in catalog.report.errors if p.file == str(path)]


def run_cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    """`atdf-mcp ARGS` in a subprocess, output as bytes."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *args], capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


def schema_tool(**changes: Any) -> dict[str, Any]:
    """The bad MCP tool: its inputSchema updated with `changes`."""
    tool = mcp_tool("bad_tool")
    tool["inputSchema"].update(changes)
    return tool


HUGE = json.dumps(mcp_tool("bad_tool"))[:-1] + ', "version": ' + "9" * 4301 + "}"  # one digit over the 4,300 of int_max_str_digits
NUMBER_TOOL = json.dumps(schema_tool(properties={"n": {"type": "number"}}))
BAD_FILES = {  # name → (content, pointer, code) of the one error expected in that file
    "huge_int": (HUGE, "", "PARSE_ERROR"),
    "properties_string": (schema_tool(properties="abc"), "/inputSchema/properties", "INVALID_INPUT_SCHEMA"),
    "properties_boolean": (schema_tool(properties=True), "/inputSchema/properties", "INVALID_INPUT_SCHEMA"),
    "required_object": (schema_tool(required=[{}]), "/inputSchema/required/0", "INVALID_INPUT_SCHEMA"),
    "output_required_true": ({**mcp_tool("bad_tool"), "outputSchema": {"type": "object", "required": [True]}},
                             "/outputSchema/required/0", "INVALID_OUTPUT_SCHEMA"),
    "connector_examples_float": (CONNECTOR, "/content/data/endpoints/0/examples", "INVALID_CONNECTOR"),
    "nan_default": (json.dumps(schema_tool(properties={"n": {"type": "number", "default": float("nan")}})), "", "PARSE_ERROR"),
    "infinite_maximum": (json.dumps(schema_tool(properties={"n": {"type": "number"}})).replace('"number"', '"number", "maximum": 1e400'),
                         "", "PARSE_ERROR"),
    # overflows without an exponent of three digits: 310 digits, and 250 digits times 10^99
    "overflow_digits": (NUMBER_TOOL.replace('"number"', '"number", "maximum": ' + "9" * 310 + ".5"), "", "PARSE_ERROR"),
    "overflow_short_exponent": (NUMBER_TOOL.replace('"number"', '"number", "maximum": ' + "1" * 250 + "e99"), "", "PARSE_ERROR"),
    # valid JSON Schemas that MCP's Tool shape refuses: TypeScript clients then fail tools/list for every tool
    "output_type_string": ({**mcp_tool("bad_tool"), "outputSchema": {"type": "string"}}, "/outputSchema/type", "INVALID_OUTPUT_SCHEMA"),
    "property_true": (schema_tool(properties={"origin": True}), "/inputSchema/properties/origin", "INVALID_INPUT_SCHEMA"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_descriptor_is_an_error_of_its_file_and_the_good_file_is_served(tmp_path: Path, case: str) -> None:
    """The five crashes and the silent outputSchema of issue 11: one precise error in the bad file, the good tool loaded."""
    content, pointer, code = BAD_FILES[case]
    bad = with_good(tmp_path, "bad.json", content)
    catalog = load_catalog(tmp_path)
    assert [(p.pointer, p.code) for p in errors_of(catalog, bad)] == [(pointer, code)]
    assert [d.id for d in catalog.tools] == [GOOD]


def test_validate_reports_every_bad_descriptor_without_a_traceback(tmp_path: Path) -> None:
    """`atdf-mcp validate --format json` over all of them exits 1 with each error in its file, and no traceback."""
    for case, (content, _, _) in BAD_FILES.items():
        write_file(tmp_path, f"{case}.json", content)
    write_file(tmp_path, "good.json", mcp_tool(GOOD))
    done = run_cli("validate", "--format", "json", str(tmp_path))
    assert (done.returncode, b"Traceback" in done.stderr) == (1, False), done.stderr[-800:]
    files = {Path(f["file"]).name: f for f in json.loads(done.stdout)["files"]}
    for case, (_, pointer, code) in BAD_FILES.items():
        assert [(p["pointer"], p["code"]) for p in files[f"{case}.json"]["problems"] if p["severity"] == "error"] == [(pointer, code)]
    assert files["good.json"]["ids"] == [GOOD]


@pytest.mark.anyio
async def test_tools_list_works_beside_an_output_schema_with_required_true(tmp_path: Path) -> None:
    """The outputSchema that made tools/list fail with -32603 for every tool is refused at load; tools/list answers."""
    with_good(tmp_path, "bad.json", BAD_FILES["output_required_true"][0])
    async with Client(build_server(load_catalog(tmp_path))) as client:
        assert [t.name for t in (await client.list_tools()).tools] == [GOOD]


def test_an_output_schema_is_checked_against_the_draft_it_names(tmp_path: Path) -> None:
    """`$schema` picks the metaschema: draft-04's boolean exclusiveMinimum is valid there, and invalid under 2020-12."""
    draft4 = {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
              "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": True}}}
    latest = {"type": "object", "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": True}}}
    write_file(tmp_path, "draft4.json", {**mcp_tool("draft4_tool"), "outputSchema": draft4})
    bad = write_file(tmp_path, "latest.json", {**mcp_tool("latest_tool"), "outputSchema": latest})
    catalog = load_catalog(tmp_path)
    [problem] = errors_of(catalog, bad)
    assert (problem.pointer, problem.code) == ("/outputSchema/properties/n/exclusiveMinimum", "INVALID_OUTPUT_SCHEMA")
    assert "2020-12" in problem.message and "True is not of type 'number'" in problem.message
    assert [d.id for d in catalog.tools] == ["draft4_tool"]


def test_a_published_input_schema_built_from_atdf_inputs_is_checked(tmp_path: Path) -> None:
    """The schema built from ATDF inputs (after normalisation) is checked too, and reported at the input."""
    tool = atdf1_tool("bad_tool")
    tool["how_to_use"]["inputs"][1]["type"] = "file"
    bad = with_good(tmp_path, "bad.json", tool)
    [problem] = errors_of(load_catalog(tmp_path), bad)
    assert (problem.pointer, problem.code) == ("/how_to_use/inputs/1/type", "INVALID_INPUT_SCHEMA")


def test_an_unexpected_failure_inside_one_file_is_a_problem_of_that_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Any exception while reading one descriptor becomes LOAD_FAILED on it; the other descriptors still load."""
    def broken_reader(raw: dict[str, Any], source: Any, options: Any) -> Any:
        raise RuntimeError("reader bug")

    monkeypatch.setitem(READERS, "atdf1", broken_reader)
    bad = with_good(tmp_path, "bad.json", atdf1_tool("bad_tool"))
    catalog = load_catalog(tmp_path)
    [problem] = errors_of(catalog, bad)
    assert (problem.pointer, problem.code) == ("", "LOAD_FAILED")
    assert "RuntimeError: reader bug" in problem.message and "Traceback" not in problem.message
    assert [d.id for d in catalog.tools] == [GOOD]


def test_a_language_copy_that_cannot_be_compared_is_served_as_its_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception while reconciling a language copy is a LOAD_FAILED warning on the copy; the catalogue loads."""
    def broken_reconcile(base: Any, copy: Any) -> Any:
        raise RuntimeError("reconcile bug")

    monkeypatch.setattr("atdf_mcp.catalog.reconcile", broken_reconcile)
    write_file(tmp_path, "good_tool.json", mcp_tool(GOOD))
    copy = write_file(tmp_path, "good_tool_es.json", {**mcp_tool(GOOD), "description": "Busca vuelos."})
    catalog = load_catalog(tmp_path)
    assert [(p.file, p.severity, p.code) for p in catalog.report.problems if p.code == "LOAD_FAILED"] == [
        (str(copy), "warning", "LOAD_FAILED")]
    assert catalog.localized("es")[0] is catalog.by_id[GOOD]


NODE = shutil.which("node")
TS_SDK = Path(__file__).parent.parent / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"


@pytest.mark.skipif(NODE is None or not TS_SDK.is_file(), reason="needs Node.js and `npm ci` (the TypeScript SDK)")
def test_a_typescript_client_lists_the_good_tool_beside_every_bad_file(tmp_path: Path) -> None:
    """The TypeScript SDK's client (Claude Desktop, Cursor, the Inspector) lists tools over stdio: none of the bad
    schemas reaches it, so its strict Tool check passes and the good tool is there."""
    for case, (content, _, _) in BAD_FILES.items():
        write_file(tmp_path, f"{case}.json", content)
    write_file(tmp_path, "good.json", mcp_tool(GOOD))
    root = Path(__file__).parent.parent
    done = subprocess.run([str(NODE), str(root / "scripts" / "ts_client.mjs"), "--", sys.executable, "-m", "atdf_mcp",
                           "serve", str(tmp_path)], input="[]", capture_output=True, text=True, cwd=root, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert [t["name"] for t in json.loads(done.stdout)["tools"]] == [GOOD]


# ---------------------------------------------------------------- 10a: symbolic links


def test_symlinks_leading_outside_the_root_are_reported_not_followed(tmp_path: Path) -> None:
    """A link to a folder or a file outside the catalogue is OUTSIDE_ROOT and never read; links inside still work."""
    outside = tmp_path / "outside"
    write_file(outside, "secret.json", mcp_tool("outside_tool"))
    root = tmp_path / "catalog"
    write_file(root / "real", "good.json", mcp_tool(GOOD))
    (root / "folder_link").symlink_to(outside, target_is_directory=True)
    (root / "file_link.json").symlink_to(outside / "secret.json")
    write_file(root / ".store", "linked.json", mcp_tool("linked_tool"))  # hidden: read only through the link
    (root / "inside_link.json").symlink_to(root / ".store" / "linked.json")
    (root / "real" / "loop").symlink_to(root, target_is_directory=True)
    catalog = load_catalog(root)
    outside_root = sorted((Path(p.file).name, p.severity) for p in catalog.report.problems if p.code == "OUTSIDE_ROOT")
    assert outside_root == [("file_link.json", "warning"), ("folder_link", "warning")]
    assert "outside_tool" not in catalog.by_id
    assert sorted(d.id for d in catalog.tools) == [GOOD, "linked_tool"]


def test_validate_does_not_walk_a_symlink_to_a_system_folder(tmp_path: Path) -> None:
    """The link to /usr that made validate read thousands of files is one warning."""
    write_file(tmp_path, "good.json", mcp_tool(GOOD))
    (tmp_path / "usr").symlink_to("/usr", target_is_directory=True)
    done = run_cli("validate", "--format", "json", str(tmp_path))
    report = json.loads(done.stdout)
    assert sorted(Path(f["file"]).name for f in report["files"]) == ["good.json", "usr"]
    assert [p["code"] for f in report["files"] for p in f["problems"] if p["severity"] == "warning"
            and p["code"] != "NO_HANDLER"] == ["OUTSIDE_ROOT"]


# ---------------------------------------------------------------- 10b: file names that are not UTF-8


def non_utf8_catalogue(folder: Path) -> None:
    """A good tool in a file named b'\\xff.json' and an unparseable b'\\xfe.json', beside good.json."""
    write_file(folder, "good.json", mcp_tool(GOOD))
    with open(os.path.join(os.fsencode(folder), b"\xff.json"), "wb") as named:
        named.write(json.dumps(mcp_tool("other_tool")).encode())
    with open(os.path.join(os.fsencode(folder), b"\xfe.json"), "wb") as broken:
        broken.write(b"{not json")


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_validate_output_is_utf8_with_a_non_utf8_file_name(tmp_path: Path, fmt: str) -> None:
    """validate prints valid UTF-8, names the files with \\xNN escapes, and still loads the tool in b'\\xff.json'."""
    non_utf8_catalogue(tmp_path)
    done = run_cli("validate", "--format", fmt, str(tmp_path))
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    text = done.stdout.decode("utf-8")
    if fmt == "json":
        files = {Path(f["file"]).name: f for f in json.loads(text)["files"]}
        assert files["\\xff.json"]["ids"] == ["other_tool"]
        assert [p["code"] for p in files["\\xfe.json"]["problems"]] == ["PARSE_ERROR"]
    else:
        assert "\\xfe.json" in text and "\\xff.json" in text


@pytest.mark.anyio
async def test_rest_validate_is_utf8_with_a_non_utf8_file_name(tmp_path: Path) -> None:
    """GET /validate of a served catalogue with a non-UTF-8 file name answers UTF-8 JSON, and the tool is served."""
    non_utf8_catalogue(tmp_path)
    server = CatalogServer(load_catalog(tmp_path))
    with running(build_app(server, HttpOptions())) as url:
        async with httpx.AsyncClient(base_url=url) as http:
            response = await http.get("/validate")
    report = json.loads(response.content.decode("utf-8"))
    assert {f["file"] for f in report["files"]} == {"good.json", "\\xff.json", "\\xfe.json"}
    assert sorted(server.published.tools) == [GOOD, "other_tool"]


@pytest.mark.anyio
async def test_serve_over_stdio_starts_beside_every_bad_file(tmp_path: Path) -> None:
    """`atdf-mcp serve` (stdio, a real subprocess) starts with all the bad files and a non-UTF-8 name, and lists the good tools."""
    for case, (content, _, _) in BAD_FILES.items():
        write_file(tmp_path, f"{case}.json", content)
    non_utf8_catalogue(tmp_path)
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(tmp_path)],
                                   env={"PYTHONPATH": os.environ.get("PYTHONPATH", os.getcwd())})
    with tempfile.TemporaryFile("w+b") as errlog:
        with anyio.fail_after(60):
            async with Client(stdio_client(params, errlog=errlog)) as client:
                assert sorted(t.name for t in (await client.list_tools()).tools) == [GOOD, "other_tool"]
        errlog.seek(0)
        stderr = errlog.read().decode("utf-8")
    assert "serving 2 tools" in stderr and "Traceback" not in stderr
    assert "\\xfe.json" in stderr
