"""One snapshot, built once: what `load_catalog` returns, what a reload reuses, and the snapshot cache on disk."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import atdf_mcp
from atdf_mcp import code_id, load_catalog
from atdf_mcp.snapshot_cache import cache_file


def tool(name: str, description: str = "Says hello.", **extra: Any) -> dict[str, Any]:
    """An MCP-dialect tool descriptor."""
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": {"who": {"type": "string"}}, "required": ["who"]}, **extra}


def write(path: Path, value: Any) -> Path:
    """Write JSON and move the modification time on, so that even a same-size edit within one clock tick is seen."""
    existed = path.exists()
    before = path.stat().st_mtime_ns if existed else 0
    path.write_text(json.dumps(value) if not isinstance(value, str) else value)
    if existed and path.stat().st_mtime_ns == before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))
    return path


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A catalogue of three tools with handlers, and a private cache directory."""
    monkeypatch.setenv("ATDF_MCP_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "catalog"
    root.mkdir()
    for name in ("alpha", "beta", "gamma"):
        write(root / f"{name}.json", tool(name))
    (root / "handlers.py").write_text("".join(f"def {n}(who):\n    return '{n} ' + who\n" for n in ("alpha", "beta", "gamma")))
    return root


def test_the_snapshot_holds_bindings_validators_listings_and_one_report(folder: Path) -> None:
    write(folder / "delta.json", tool("delta"))  # no handler: the one report says so, as `validate` does
    catalog = load_catalog(folder)
    assert sorted(catalog.runtimes) == ["alpha", "beta", "delta", "gamma"]
    assert catalog.runtimes["alpha"].bound.dispatcher is not None
    assert catalog.runtimes["alpha"].validator.compiled is None  # compiled on the first call, not held by 10,000 idle tools
    assert catalog.runtimes["alpha"].fast is catalog.runtimes["alpha"].fast
    assert [t.name for t in catalog.published.list_tools.tools] == ["alpha", "beta", "delta", "gamma"]
    assert [p.code for p in catalog.report.problems] == ["NO_HANDLER"]
    assert catalog.serving_problems == tuple(catalog.report.problems)


def test_validate_reads_the_one_report_and_never_builds_a_server(folder: Path) -> None:
    write(folder / "delta.json", tool("delta"))
    code = ("import sys, json; from atdf_mcp.cli import main; rc = main(['validate', '--format', 'json', sys.argv[1]]); "
            "print(json.dumps({'rc': rc, 'server': 'atdf_mcp.server' in sys.modules}), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True, text=True, timeout=60)
    report = json.loads(done.stdout)
    seen = json.loads(done.stderr.strip().splitlines()[-1])
    assert seen == {"rc": 0, "server": False}  # the module that builds MCP servers is not even imported
    codes = [p["code"] for f in report["files"] for p in f["problems"]]
    assert codes == ["NO_HANDLER"]


def test_a_reload_reads_only_the_files_that_changed(folder: Path) -> None:
    first = load_catalog(folder)
    write(folder / "beta.json", tool("beta", "Says hello, in a new way."))
    second = load_catalog(folder, previous=first)
    assert second.by_id["alpha"] is first.by_id["alpha"] and second.by_id["gamma"] is first.by_id["gamma"]
    assert second.by_id["beta"] is not first.by_id["beta"]
    assert second.by_id["beta"].description == "Says hello, in a new way."
    assert second.published.list_tools.tools[0] is first.published.list_tools.tools[0]  # listing entries kept too
    assert second.runtimes["alpha"].bound is first.runtimes["alpha"].bound
    assert first.by_id["beta"].description == "Says hello."  # the old snapshot is untouched


@pytest.mark.parametrize("breakage", ["{ not json", json.dumps({"name": "beta", "description": 42, "inputSchema": {}})])
def test_an_edit_that_breaks_a_file_keeps_its_last_good_version_served(folder: Path, breakage: str) -> None:
    first = load_catalog(folder)
    write(folder / "beta.json", breakage)
    broken = load_catalog(folder, previous=first)
    assert broken.by_id["beta"] is first.by_id["beta"]
    assert "beta" in broken.runtimes
    problems = [p for p in broken.report.problems if p.file == str(folder / "beta.json")]
    assert any(p.severity == "error" for p in problems)
    assert problems[-1].code == "LAST_GOOD_SERVED" and "last good version" in problems[-1].message
    again = load_catalog(folder, previous=broken)  # nothing changed: still the last good version, still reported
    assert again.by_id["beta"] is first.by_id["beta"] and again.report.errors
    write(folder / "beta.json", tool("beta", "Fixed."))
    fixed = load_catalog(folder, previous=again)
    assert fixed.by_id["beta"].description == "Fixed." and fixed.report.ok


def test_a_broken_file_at_the_first_load_serves_nothing(folder: Path) -> None:
    write(folder / "beta.json", "{ not json")
    catalog = load_catalog(folder)
    assert "beta" not in catalog.runtimes and not catalog.report.ok


def test_a_deleted_file_takes_its_tools_away(folder: Path) -> None:
    first = load_catalog(folder)
    (folder / "gamma.json").unlink()
    second = load_catalog(folder, previous=first)
    assert sorted(second.runtimes) == ["alpha", "beta"]
    assert str(folder / "gamma.json") not in second.files


def test_a_changed_handler_module_is_imported_again(folder: Path) -> None:
    import anyio

    first = load_catalog(folder)
    assert anyio.run(first.runtimes["alpha"].bound.dispatcher.call, {"who": "x"}, None) == "alpha x"
    (folder / "handlers.py").write_text("def alpha(who):\n    return 'ALPHA ' + who\n")
    os.utime(folder / "handlers.py", ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))
    second = load_catalog(folder, previous=first)
    assert anyio.run(second.runtimes["alpha"].bound.dispatcher.call, {"who": "x"}, None) == "ALPHA x"
    assert second.runtimes["beta"].bound.dispatcher is None  # its function is gone from the module
    assert anyio.run(first.runtimes["alpha"].bound.dispatcher.call, {"who": "x"}, None) == "alpha x"  # calls in flight


def test_a_changed_config_is_applied(folder: Path) -> None:
    first = load_catalog(folder)
    assert first.runtimes["alpha"].timeout == 60
    (folder / "atdf-mcp.yaml").write_text("timeout: 5\nname: renamed\n")
    second = load_catalog(folder, previous=first)
    assert second.runtimes["alpha"].timeout == 5 and second.config.name == "renamed"


def test_an_explicit_language_and_timeout_survive_a_reload(folder: Path) -> None:
    first = load_catalog(folder, lang="es", timeout=7)
    second = load_catalog(folder, previous=first)
    assert (second.lang, second.timeout, second.runtimes["alpha"].timeout) == ("es", 7, 7)


# -- the snapshot cache -------------------------------------------------------------------------------------------


def cached(folder: Path) -> dict[str, Any]:
    """The cache file of the catalogue, parsed (it is JSON, never pickle)."""
    return json.loads(cache_file(folder, [folder]).read_text())


def spy_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the descriptor files the loader reads from now on."""
    from atdf_mcp import catalog as catalog_module

    reads: list[str] = []
    original = catalog_module._Loader.read
    monkeypatch.setattr(catalog_module._Loader, "read", lambda self, path, sig: reads.append(path.name) or original(self, path, sig))
    return reads


def test_the_cache_serves_an_unchanged_catalogue_without_reading_its_files(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = load_catalog(folder, cache=True)
    assert set(cached(folder)["files"]) == {str(folder / f"{n}.json") for n in ("alpha", "beta", "gamma")}
    reads = spy_reads(monkeypatch)
    second = load_catalog(folder, cache=True)
    assert reads == []
    assert second.report.ok and sorted(second.runtimes) == sorted(first.runtimes)
    assert second.by_id["alpha"] == first.by_id["alpha"]


def test_the_cache_gives_the_same_snapshot_as_reading_the_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATDF_MCP_CACHE_DIR", str(tmp_path / "cache"))
    bundled = Path(__file__).resolve().parent.parent / "descriptors"
    fresh = load_catalog(bundled, cache=True)
    warm = load_catalog(bundled, cache=True)
    assert warm.descriptors == fresh.descriptors
    assert warm.report == fresh.report
    assert warm.published.list_tools == fresh.published.list_tools
    assert warm.published.list_resources == fresh.published.list_resources


@pytest.mark.parametrize("change", ["edit", "touch", "delete", "upgrade", "code", "garbage"])
def test_the_cache_is_invalidated(folder: Path, change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    load_catalog(folder, cache=True)
    target = folder / "beta.json"
    if change == "edit":
        write(target, tool("beta", "Edited."))
    elif change == "touch":  # same bytes, new time: read again, never trusted
        stamp = target.stat().st_mtime_ns + 2_000_000_000
        os.utime(target, ns=(stamp, stamp))
    elif change == "delete":
        target.unlink()
    elif change == "upgrade":
        monkeypatch.setattr(atdf_mcp, "__version__", "999.0.0")
    elif change == "code":  # the package's files changed under the same version (an editable install, a git checkout)
        monkeypatch.setattr(code_id, "code_fingerprint", lambda: "0.0.0+another-checkout")
    else:
        cache_file(folder, [folder]).write_bytes(b"\x80garbage")
    reread = spy_reads(monkeypatch)
    again = load_catalog(folder, cache=True)
    every = ["alpha.json", "beta.json", "gamma.json"]
    expected = {"edit": ["beta.json"], "touch": ["beta.json"], "delete": [], "upgrade": every, "code": every, "garbage": every}[change]
    assert reread == expected
    if change == "edit":
        assert again.by_id["beta"].description == "Edited."
    if change == "delete":
        assert "beta" not in again.by_id and str(target) not in cached(folder)["files"]
    assert cached(folder)["version"] == atdf_mcp.__version__
    assert cached(folder)["code"] == code_id.code_fingerprint()


def test_the_code_fingerprint_follows_the_package_files(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "__pycache__").mkdir(parents=True)
    (package / "templates").mkdir()
    write(package / "a.py", "x = 1\n")
    write(package / "__pycache__" / "a.cpython-311.pyc", "bytecode")
    first = code_id.fingerprint_of(package)
    write(package / "__pycache__" / "a.cpython-311.pyc", "other bytecode")  # compiled files never count
    assert code_id.fingerprint_of(package) == first
    write(package / "a.py", "x = 22\n")  # an edit of the code
    assert code_id.fingerprint_of(package) != first
    edited = code_id.fingerprint_of(package)
    write(package / "templates" / "page.html", "<p>")  # a data file shipped with the code
    assert code_id.fingerprint_of(package) != edited
    assert code_id.code_fingerprint().startswith(f"{atdf_mcp.__version__}+")


def test_a_cache_of_another_shape_is_rebuilt_never_trusted(folder: Path) -> None:
    load_catalog(folder, cache=True)
    data = cached(folder)
    entry = data["files"][str(folder / "beta.json")]
    entry["entries"] = "not a list"
    cache_file(folder, [folder]).write_text(json.dumps(data))
    catalog = load_catalog(folder, cache=True)
    assert catalog.report.ok and sorted(catalog.runtimes) == ["alpha", "beta", "gamma"]


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_swap_serves_the_new_snapshot_and_its_name_to_clients_that_connect_next(folder: Path, mode: str) -> None:
    from mcp import Client

    from atdf_mcp.server import CatalogServer

    app = CatalogServer(load_catalog(folder))
    (folder / "atdf-mcp.yaml").write_text("name: renamed-catalogue\nversion: 2.0.0\n")
    (folder / "gamma.json").unlink()
    app.swap(load_catalog(folder, previous=app.catalog))
    async with Client(app.server, mode=mode) as client:
        assert (client.server_info.name, client.server_info.version) == ("renamed-catalogue", "2.0.0")
        assert sorted(t.name for t in (await client.list_tools()).tools) == ["alpha", "beta"]
        result = await client.call_tool("alpha", {"who": "you"})
        assert (result.is_error, result.content[0].text) == (False, "alpha you")
