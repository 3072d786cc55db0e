"""Files that are plainly not descriptors are skipped with one info line: never an error, a warning or a --strict failure."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import UPSTREAM, Writer, atdf2_tool, mcp_tool, needs_upstream, write_file
from descriptors_only import load_catalog
from local_server import running

from atdf_mcp.publish import build_manifest
from atdf_mcp.serve import load_for_serving
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

N8N_EXPORT = {"name": "Booking flow", "nodes": [{"id": "1", "name": "Start", "type": "n8n-nodes-base.start", "parameters": {}}],
              "connections": {"Start": {"main": [[]]}}, "active": False, "settings": {}}
JSON_SCHEMA = {"$schema": "http://json-schema.org/draft-07/schema#", "title": "Error", "type": "object",
               "properties": {"errors": {"type": "array"}}, "required": ["errors"]}
BARE_SCHEMA = {"title": "Booking", "type": "object", "properties": {"id": {"type": "string"}}}
FOREIGN: dict[str, Any] = {
    "package.json": {"name": "my-tools", "version": "1.0.0", "scripts": {"test": "jest"}, "dependencies": {"zod": "^3"}},
    "package-lock.json": {"name": "my-tools", "version": "1.0.0", "lockfileVersion": 3, "requires": True, "packages": {}},
    "tsconfig.json": '{\n  // JSON with comments, as TypeScript allows\n  "compilerOptions": {"target": "ES2022", "strict": true},\n}\n',
    "workflows/booking.json": N8N_EXPORT,
    "schema/error.json": JSON_SCHEMA,
    "schema/booking.yaml": "title: Booking\ntype: object\nproperties:\n  id: {type: string}\n",
    "responses/error.json": {"errors": [{"type": "urn:x", "title": "Bad date", "detail": "In the past", "instance": "/e/1",
                                         "tool_name": "t"}]},
    "openapi.yaml": "openapi: 3.1.0\ninfo: {title: API, version: '1'}\npaths: {}\n",
}


def catalogue_with_foreign_files(folder: Path) -> Path:
    """A catalogue of one ATDF and one MCP tool, plus every kind of file that is not a descriptor."""
    write_file(folder, "plan_trip.json", atdf2_tool())
    write_file(folder, "tools.json", {"tools": [mcp_tool()]})
    write_file(folder, "handlers.py", "def plan_trip(**arguments):\n    return 'planned'\n\n\n"
                                      "def search_flights(**arguments):\n    return 'found'\n")
    for name, content in FOREIGN.items():
        write_file(folder, name, content)
    manifest = build_manifest(load_catalog(folder))
    write_file(folder, "mcp_manifest.json", manifest)
    return folder


def test_each_kind_of_foreign_file_is_one_info_line_and_the_descriptors_still_load(tmp_path: Path) -> None:
    """package.json, lock files, tsconfig, n8n exports, JSON Schemas, envelopes, OpenAPI, mcp_manifest.json: info, skipped."""
    catalog = load_catalog(catalogue_with_foreign_files(tmp_path))
    assert catalog.report.errors == [] and catalog.report.warnings == []
    assert {d.id for d in catalog.descriptors} == {"plan_trip", "search_flights"}
    skipped = {Path(p.file).relative_to(tmp_path).as_posix(): p for p in catalog.report.infos}
    assert set(skipped) == {*FOREIGN, "mcp_manifest.json"}
    for problem in skipped.values():
        assert (problem.severity, problem.code, problem.pointer) == ("info", "NOT_A_DESCRIPTOR", "")
        assert problem.message.startswith("skipped: ") and "not a descriptor" in problem.message
    assert "n8n workflow" in skipped["workflows/booking.json"].message
    assert "JSON Schema" in skipped["schema/error.json"].message and "JSON Schema" in skipped["schema/booking.yaml"].message
    assert "npm package manifest" in skipped["package.json"].message
    assert catalog.report.ok


def test_something_that_only_resembles_a_descriptor_is_still_an_error(tmp_path: Path, write: Writer) -> None:
    """A broken descriptor and an unknown JSON document are errors; a collection named like a manifest is read."""
    write("broken.json", {"description": "Books rooms.", "when_to_use": "To book.", "inputs": []})
    write("results.json", {"machine": "x", "scenarios": []})
    collection = write("mcp_manifest.json", {"tools": [mcp_tool()]})
    catalog = load_catalog(tmp_path)
    codes = {Path(p.file).name: p.code for p in catalog.report.problems}
    assert codes == {"broken.json": "UNKNOWN_DIALECT", "results.json": "UNKNOWN_DIALECT"}
    assert [d.source.file for d in catalog.descriptors] == [str(collection)]


def test_a_descriptor_that_names_its_own_schema_is_read_not_skipped(tmp_path: Path, write: Writer) -> None:
    """`$schema` in a descriptor (an editor hint) does not make it a JSON Schema document."""
    write("plan_trip.json", {"$schema": "https://json-schema.org/draft/2020-12/schema", **atdf2_tool()})
    catalog = load_catalog(tmp_path)
    assert catalog.get("plan_trip") is not None
    assert catalog.report.infos == []


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True, timeout=120)


def test_validate_prints_one_info_line_per_skipped_file_and_strict_still_passes(tmp_path: Path) -> None:
    """`validate --strict`: exit 0; each skipped file is one `info` line; JSON counts info apart from errors and warnings."""
    folder = catalogue_with_foreign_files(tmp_path)
    text = cli("validate", "--strict", folder)
    assert text.returncode == 0, text.stdout + text.stderr
    info_lines = [line for line in text.stdout.splitlines() if "info: skipped:" in line]
    assert len(info_lines) == len(FOREIGN) + 1
    assert any(line.startswith(str(folder / "package.json") + ": info: skipped: an npm package manifest") for line in info_lines)
    assert text.stdout.splitlines()[-1].endswith(f"0 error(s), 0 warning(s), {len(FOREIGN) + 1} file(s) skipped")
    report = json.loads(cli("validate", "--format", "json", "--strict", folder).stdout)
    assert report["summary"]["errors"] == 0 and report["summary"]["warnings"] == 0
    assert report["summary"]["info"] == len(FOREIGN) + 1 and report["summary"]["ok"] is True
    tsconfig = next(f for f in report["files"] if f["file"].endswith("tsconfig.json"))
    assert tsconfig["ids"] == [] and [p["severity"] for p in tsconfig["problems"]] == ["info"]


def test_serve_banner_prints_info_lines_and_counts_them_as_neither_errors_nor_warnings(tmp_path: Path,
                                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The stderr banner of `serve`: `atdf-mcp: info: ...` per skipped file, then `(0 error(s), 0 warning(s))`."""
    load_for_serving(str(catalogue_with_foreign_files(tmp_path)), lang=None)
    err = capsys.readouterr().err
    assert err.count("atdf-mcp: info: ") == len(FOREIGN) + 1
    assert "[NOT_A_DESCRIPTOR]" in err
    assert "(0 error(s), 0 warning(s)" in err.splitlines()[-1]


def test_rest_validate_reports_skipped_files_as_info(tmp_path: Path) -> None:
    """GET /validate counts info apart; POST /validate of a package.json answers valid, no errors, one info entry."""
    server = CatalogServer(load_catalog(catalogue_with_foreign_files(tmp_path)))
    with running(build_app(server, HttpOptions())) as url:
        report = httpx.get(f"{url}/validate").json()
        posted = httpx.post(f"{url}/validate", json=FOREIGN["package.json"]).json()
    assert report["summary"]["errors"] == 0 and report["summary"]["warnings"] == 0
    assert report["summary"]["info"] == len(FOREIGN) + 1
    assert posted["errors"] == [] and posted["warnings"] == [] and posted["descriptors"] == []
    assert [i["code"] for i in posted["info"]] == ["NOT_A_DESCRIPTOR"]


@needs_upstream
def test_upstream_schema_folder_is_skipped_as_json_schema_documents() -> None:
    """The upstream error schemas beside the samples are JSON Schema documents: two info lines, no error."""
    catalog = load_catalog(UPSTREAM)
    skipped = sorted(Path(p.file).name for p in catalog.report.infos)
    assert skipped == ["enriched_response_schema.json", "error_atdf.json"]
    assert catalog.report.errors == []
