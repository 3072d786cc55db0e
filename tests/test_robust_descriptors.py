"""One bad descriptor never takes the catalogue down: seeded mutations of real descriptors, each beside a good one.

Every mutant is loaded in a folder of its own next to a known-good tool. Whatever the mutation, nothing escapes
`load_catalog`, the problem is reported in the mutant's own file, the good tool is still published (tools, prompts,
resources, manifest), and `atdf-mcp validate --format json` prints valid UTF-8 JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import UPSTREAM, mcp_tool, write_file
from mcp import Client
from mutations import Mutant, mutants, sources

from atdf_mcp import load_catalog
from atdf_mcp.catalog import Catalog
from atdf_mcp.publish import Published, ardf_text
from atdf_mcp.server import build_server

BUNDLED = Path(__file__).parent.parent / "descriptors"
MUTANT_COUNT = 364
GOOD = "known_good_tool"
SAMPLE_EVERY = 13  # every 13th mutant is also listed through a real MCP client


def _refuse(token: str) -> None:
    raise ValueError(f"{token} is not JSON")


def _corpus() -> list[tuple[Path, object]]:
    folders = [BUNDLED] + [UPSTREAM / sub for sub in ("atdf", "ardf") if (UPSTREAM / sub).is_dir()]
    return sources(*folders)


MUTANTS = mutants(_corpus(), MUTANT_COUNT)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Mutant, Path, Catalog]]:
    """Every mutant loaded in its own folder beside the known-good tool."""
    base = tmp_path_factory.mktemp("mutants")
    results = []
    for mutant in MUTANTS:
        folder = base / Path(mutant.name).stem
        write_file(folder, "good.json", mcp_tool(GOOD))
        path = write_file(folder, mutant.name, mutant.content)
        results.append((mutant, path, load_catalog(folder)))
    return results


def test_the_corpus_is_large_and_deterministic() -> None:
    """At least 300 mutants, the same bytes on every run."""
    assert len(MUTANTS) >= 300
    assert [m.content for m in mutants(_corpus(), 20)] == [m.content for m in MUTANTS[:20]]
    assert len({m.how.split()[0] for m in MUTANTS}) >= 12


def test_no_mutant_escapes_and_its_problems_stay_in_its_file(loaded: list[tuple[Mutant, Path, Catalog]]) -> None:
    """load_catalog returns for every mutant; errors name only the mutant's file; the good tool is loaded."""
    wrong = []
    for mutant, path, catalog in loaded:
        if GOOD not in catalog.by_id:
            wrong.append(f"{mutant.how}: the good tool was dropped")
        stray = [p for p in catalog.report.errors if p.file != str(path)]
        if stray:
            wrong.append(f"{mutant.how}: error outside the mutant's file: {stray[0]}")
        if not any(f.file == str(path) for f in catalog.report.files):
            wrong.append(f"{mutant.how}: the mutant's file is not in the report")
    assert wrong == []


def test_every_rejected_mutant_says_why_in_its_own_file(loaded: list[tuple[Mutant, Path, Catalog]]) -> None:
    """A mutant that loads nothing has at least one error or note on its own file, with a message."""
    silent = []
    for mutant, path, catalog in loaded:
        own = [p for p in catalog.report.problems if p.file == str(path)]
        served = [d for d in catalog.descriptors if d.source.file == str(path)]
        if not served and not own:
            silent.append(mutant.how)
        assert all(p.message for p in own)
    assert silent == []


def test_no_mutant_needs_the_unexpected_failure_boundary(loaded: list[tuple[Mutant, Path, Catalog]]) -> None:
    """Every mutation is caught by a check with a precise message, not by the last-resort LOAD_FAILED."""
    caught = [(m.how, p.message) for m, _, c in loaded for p in c.report.problems if p.code == "LOAD_FAILED"]
    assert caught == []


def test_every_loaded_catalogue_publishes(loaded: list[tuple[Mutant, Path, Catalog]]) -> None:
    """tools/list, prompts/list, resources/list and the manifest build and serialise for every mutant's catalogue."""
    failures = []
    for mutant, _, catalog in loaded:
        try:
            published = Published.build(catalog)
            for result in (published.list_tools, published.list_prompts, published.list_resources, published.list_templates):
                json.dumps(result.model_dump(by_alias=True, exclude_none=True), ensure_ascii=False, allow_nan=False).encode("utf-8")
            json.dumps(published.manifest, ensure_ascii=False, allow_nan=False).encode("utf-8")
            for d in published.descriptors:  # what resources/read answers: strict JSON, valid UTF-8
                json.loads(ardf_text(d).encode("utf-8"), parse_constant=_refuse)
        except Exception as exc:  # collected, so that one run shows every case
            failures.append(f"{mutant.how}: {type(exc).__name__}: {exc}"[:300])
        else:
            assert GOOD in published.tools
    assert failures == []


@pytest.mark.anyio
async def test_a_real_client_lists_everything_for_a_sample(loaded: list[tuple[Mutant, Path, Catalog]]) -> None:
    """A real in-memory MCP client lists tools, prompts and resources and reads every resource, for a sample."""
    for mutant, _, catalog in loaded[::SAMPLE_EVERY]:
        async with Client(build_server(catalog)) as client:
            tools = await client.list_tools()
            assert GOOD in [t.name for t in tools.tools], mutant.how
            await client.list_prompts()
            for resource in (await client.list_resources()).resources:
                await client.read_resource(resource.uri)


def test_validate_json_output_parses_for_every_mutant(tmp_path: Path) -> None:
    """`atdf-mcp validate --format json` over every mutant at once prints valid UTF-8 JSON naming each file."""
    for mutant in MUTANTS:
        write_file(tmp_path, mutant.name, mutant.content)
    write_file(tmp_path, "good.json", mcp_tool(GOOD))
    done = subprocess.run([sys.executable, "-m", "atdf_mcp", "validate", "--format", "json", str(tmp_path)],
                          capture_output=True, timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 1, done.stderr.decode("utf-8", "replace")[-2000:]
    assert b"Traceback" not in done.stderr
    report = json.loads(done.stdout.decode("utf-8"))
    files = {Path(f["file"]).name: f for f in report["files"]}
    assert set(files) == {m.name for m in MUTANTS} | {"good.json"}
    assert GOOD in files["good.json"]["ids"]


def test_counts(loaded: list[tuple[Mutant, Path, Catalog]]) -> None:
    """The figures the README quotes: mutants tried, problems reported, codes seen (printed with -s)."""
    problems = [p for m, path, c in loaded for p in c.report.problems if p.file == str(path)]
    rejected = sum(1 for m, path, c in loaded if not any(d.source.file == str(path) for d in c.descriptors))
    codes = Counter(p.code for p in problems if p.severity == "error")
    print(f"\n{len(loaded)} mutants, {rejected} rejected, {len(problems)} problems reported, error codes: {dict(codes)}")
    assert rejected > len(loaded) // 2
