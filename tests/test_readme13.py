"""README's live reload, tool sets and progressive disclosure, run as a new user runs them: what it promises holds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import anyio
import pytest
from conftest import write_file
from mcp import Client
from test_live_reload import HANDLERS, Inbox, connected, mcp_tool, text_of

from atdf_mcp import load_catalog
from atdf_mcp.server import build_server

ROOT = Path(__file__).resolve().parent.parent
SHOWN = re.compile(r'"(\w+)": ("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|\[(?:"[^"]*"(?:, )?)*\]|\{)')  # a string, number, strings, {

PROGRESSIVE_CONFIG = "disclosure: progressive\npinned: [echo]\n"
HALF_TYPED = "disclosure: progressive\npinned: [echo\n"


def _config_codes(catalog: object) -> set[str]:
    """The codes of the problems the snapshot reports on atdf-mcp.yaml."""
    return {p.code for p in catalog.report.problems if p.file.endswith("atdf-mcp.yaml")}  # type: ignore[attr-defined]


def test_a_broken_config_keeps_the_options_served_before_across_later_reloads(tmp_path: Path) -> None:
    """README, Live reload: a config edit that brings an error "is not applied: the options served before stay". They
    stayed for one reload only: the next one (any other file edited, SIGHUP, POST /reset) saw the same error as before,
    took it for an old one and served the defaults (a progressive server listed everything, bindings were lost)."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "handlers.py", HANDLERS)
    config = write_file(folder, "atdf-mcp.yaml", PROGRESSIVE_CONFIG)
    good = load_catalog(folder)
    config.write_text(HALF_TYPED, encoding="utf-8")
    kept = load_catalog(folder, previous=good)
    assert kept.config == good.config and _config_codes(kept) == {"CONFIGURATION_ERROR", "LAST_GOOD_SERVED"}
    write_file(folder, "shout.json", mcp_tool("shout", "Upper-case the text."))
    again = load_catalog(folder, previous=kept)
    assert again.config == good.config and _config_codes(again) == {"CONFIGURATION_ERROR", "LAST_GOOD_SERVED"}
    echo = write_file(folder, "echo.json", mcp_tool("echo", "Give the text back, reversed."))
    edited = load_catalog(folder, previous=again, changed=[str(echo)])  # the watcher names one known file: no walk
    assert edited.config == good.config and _config_codes(edited) == {"CONFIGURATION_ERROR", "LAST_GOOD_SERVED"}
    still = load_catalog(folder, previous=edited)  # a reload with nothing changed (SIGHUP, POST /reset)
    assert still.config == good.config and _config_codes(still) == {"CONFIGURATION_ERROR", "LAST_GOOD_SERVED"}
    config.write_text("disclosure: full\n", encoding="utf-8")
    fixed = load_catalog(folder, previous=still)
    assert fixed.config.disclosure == "full" and _config_codes(fixed) == set()


@pytest.mark.anyio
async def test_a_progressive_client_keeps_its_list_when_another_file_changes_under_a_broken_config(tmp_path: Path) -> None:
    """What a client saw of the bug above: with atdf-mcp.yaml half-typed, adding a descriptor made the progressive
    server list its whole catalogue (and search_tools was gone). The new tool is found by search_tools; tools/list stays
    the pinned tool and the meta-tools."""
    folder = tmp_path / "catalogue"
    write_file(folder, "echo.json", mcp_tool("echo", "Give the text back."))
    write_file(folder, "handlers.py", HANDLERS)
    config = write_file(folder, "atdf-mcp.yaml", PROGRESSIVE_CONFIG)
    inbox = Inbox()
    progressive = ["echo", "search_tools", "get_tool_info", "call_tool"]
    async with connected("stdio", folder, inbox) as (client, _):
        config.write_text(HALF_TYPED, encoding="utf-8")
        await inbox.wait_for_warning()
        write_file(folder, "shout.json", mcp_tool("shout", "Upper-case the text."))
        for _ in range(150):  # every tool stays callable by its name: the call answers once the reload is served
            if not (await client.call_tool("shout", {"text": "a"})).is_error:
                break
            await anyio.sleep(0.1)
        found = json.loads(text_of(await client.call_tool("search_tools", {"query": "upper-case"})))["tools"]
        assert "shout" in {t["name"] for t in found}
        assert [t.name for t in (await client.list_tools()).tools] == progressive


def _transcript() -> list[tuple[str, dict[str, object], str]]:
    """(meta-tool, arguments, the answer shown, shortened with …) of the README's progressive disclosure transcript."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Progressive disclosure", 1)[1]
    block = section.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    calls = [line.removeprefix("→ tools/call ").split(" ", 1) for line in block if line.startswith("→")]
    answers = [line.removeprefix("← ") for line in block if line.startswith("←")]
    return [(name, json.loads(arguments), answer) for (name, arguments), answer in zip(calls, answers, strict=True)]


@pytest.mark.anyio
async def test_the_progressive_disclosure_transcript_answers_as_shown() -> None:
    """README, Progressive disclosure: the three calls of its transcript, sent verbatim to the bundled catalogue in
    progressive mode, answer with every key shown and every string, list and number shown (a score only as a score)."""
    server = build_server(load_catalog(ROOT / "descriptors"), disclosure="progressive")
    async with Client(server) as client:
        for name, arguments, shown in _transcript():
            result = await client.call_tool(name, arguments)
            assert not result.is_error, (name, text_of(result))
            pairs = _pairs(result.structured_content)
            for key, value in SHOWN.findall(shown):
                assert key in {k for k, _ in pairs}, (name, key)
                if key != "score" and "…" not in value and value != "{":  # a score, objects, what is shortened: keys only
                    assert (key, json.dumps(json.loads(value))) in pairs, (name, key, value)


def _pairs(value: object) -> set[tuple[str, str]]:
    """Every (key, value as JSON) of a JSON value, at any depth."""
    found: set[tuple[str, str]] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= {(key, json.dumps(item)), *_pairs(item)}
    elif isinstance(value, list):
        for item in value:
            found |= _pairs(item)
    return found


def _yaml_after(heading: str) -> str:
    """The first yaml block of the README after `heading`."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split(heading, 1)[1]
    return section.split("```yaml\n", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize(("heading", "expected"), [
    ("### Tool sets: one part of the catalogue per agent", {("/toolsets/support", "CONFIGURATION_ERROR"),
                                                            ("/toolsets/finance", "CONFIGURATION_ERROR")}),
    ("## Progressive disclosure", {("/pinned/0", "CONFIGURATION_ERROR"), ("/pinned/1", "CONFIGURATION_ERROR")}),
], ids=["toolsets", "progressive"])
def test_the_readme_config_snippets_load_with_only_the_warnings_it_names(tmp_path: Path, heading: str,
                                                                         expected: set[tuple[str, str]]) -> None:
    """Each atdf-mcp.yaml snippet, added verbatim to the bundled catalogue's, is read key by key (no unknown key); its
    names match nothing there, which the README says is a warning: a set that selects nothing, a pinned pattern."""
    import shutil

    folder = shutil.copytree(ROOT / "descriptors", tmp_path / "catalogue", ignore=shutil.ignore_patterns("__pycache__"))
    config = folder / "atdf-mcp.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\n" + _yaml_after(heading), encoding="utf-8")
    catalog = load_catalog(folder)
    problems = [p for p in catalog.report.problems if p.file.endswith("atdf-mcp.yaml")]
    assert {(p.pointer, p.code) for p in problems} == expected
    assert all(p.severity == "warning" for p in problems)


def test_an_unknown_selector_names_every_selector_the_readme_lists() -> None:
    """README, Tool sets: selectors are tags, category / categories, domain / domains and ids. `domains` is read, but the
    error for an unknown selector listed every one but it, so a user reading it took `domains` for a mistake."""
    from atdf_mcp.toolsets import parse_toolsets

    sets, problems = parse_toolsets({"support": {"tags": ["crm"], "domains": ["support"]}, "other": {"colour": ["red"]}})
    assert sets["support"].domains == frozenset({"support"})
    [(pointer, message, severity)] = problems
    assert (pointer, severity) == ("/toolsets/other/colour", "error")
    for selector in ("tags", "category", "categories", "domain", "domains", "ids"):
        assert re.search(rf"\b{selector}\b", message.split("known selectors:", 1)[1]), selector
