"""`--lang` as a client and an operator see it: checked tags, a warning for a language nobody speaks, language
copies that cannot change a tool's contract, and atdf-mcp's own labels ("When to use:") translated."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import ardf, write_file
from envelopes import envelope_of
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.labels import LABELS
from atdf_mcp.server import build_server


def drill(**overrides: Any) -> dict[str, Any]:
    """An ATDF 2.x tool: depth 1-500 (required), material wood|metal."""
    doc: dict[str, Any] = {
        "schema_version": "2.0.0", "tool_id": "drill", "description": "Drills a hole.", "when_to_use": "When a hole is needed.",
        "how_to_use": {
            "inputs": [{"name": "depth", "type": "integer", "description": "Depth in mm", "required": True,
                        "schema": {"minimum": 1, "maximum": 500}},
                       {"name": "material", "type": "string", "description": "Material", "schema": {"enum": ["wood", "metal"]}}],
            "outputs": {"success": "The hole is drilled.", "failure": [{"code": "TOO_DEEP", "description": "Too deep for the bit."}]},
        },
    }
    doc.update(overrides)
    return doc


SPANISH_TEXTS = {"description": "Perfora un agujero.", "when_to_use": "Cuando hace falta un agujero."}
HANDLERS = "def drill(depth, material='wood'):\n    return {'depth': depth, 'material': material}\n\n\ndef tidy():\n    return None\n"
TIDY = {"name": "tidy", "description": "Tidies up.", "inputSchema": {"type": "object", "properties": {}}}


def spanish_copy(inputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """drill_es.json: the Spanish texts, with the base's inputs unless other ones are given."""
    doc = drill(**SPANISH_TEXTS)
    if inputs is not None:
        doc["how_to_use"] = {**doc["how_to_use"], "inputs": inputs}
    else:
        for item, text in zip(doc["how_to_use"]["inputs"], ("Profundidad en mm", "Material a perforar"), strict=True):
            item["description"] = text
    return doc


SWAPPED_INPUTS = [{"name": "profundidad", "type": "string", "description": "Profundidad en mm", "required": True},
                  {"name": "material", "type": "string", "description": "Material a perforar", "schema": {"enum": ["madera", "metal"]}}]


def catalogue(folder: Path, copy: dict[str, Any] | None) -> Path:
    """drill.json (+ drill_es.json), handlers, a tool returning nothing, a prompt and a workflow."""
    write_file(folder, "drill.json", drill())
    if copy is not None:
        write_file(folder, "drill_es.json", copy)
    write_file(folder, "tidy.json", TIDY)
    write_file(folder, "handlers.py", HANDLERS)
    write_file(folder, "greet.json", ardf("prompt", "greet", "prompt/template",
                                          {"role": "system", "input_variables": ["name"], "template_text": "Greet ${name}."}))
    write_file(folder, "flow.json", ardf("workflow", "workshop", "workflow/steps", {"steps": [
        {"step": "drill", "description": "Drill the hole", "tool_id": "drill", "on_error": "tidy"},
        {"step": "tidy", "description": "Tidy up", "tool_id": "tidy"}]}))
    return folder


def run(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`atdf-mcp ARGS` with stdin closed (a stdio server then stops at once)."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, env=env)


async def stdio_session(folder: Path, *args: str, errlog: Any) -> tuple[Any, ...]:
    """tools/list, the drill call results and the workflow prompt, from `atdf-mcp serve DIR ARGS` over stdio."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder), *args])
    with anyio.fail_after(60):
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            good = await client.call_tool("drill", {"depth": 20, "material": "metal"})
            swapped = await client.call_tool("drill", {"profundidad": "20"})
            workflow = await client.get_prompt("workshop", {})
    return tools, good, swapped, workflow


# ---------------------------------------------------------------------------------------------
# --lang is checked


@pytest.mark.anyio
async def test_a_language_no_descriptor_has_is_a_warning_listing_the_ones_it_has(tmp_path: Path) -> None:
    """`serve --lang xx`: the server runs, and stderr says no descriptor speaks xx and which languages there are."""
    folder = catalogue(tmp_path / "cat", spanish_copy())
    with (tmp_path / "err.txt").open("w+") as errlog:
        await stdio_session(folder, "--lang", "xx", errlog=errlog)
        errlog.seek(0)
        stderr = errlog.read()
    assert "atdf-mcp: warning: no descriptor has texts in 'xx' (this catalogue has: es)" in stderr


@pytest.mark.anyio
@pytest.mark.parametrize(("lang", "description"), [("es-MX", "Perfora un agujero."), ("en", "Drills a hole.")])
async def test_a_language_the_catalogue_has_gives_no_warning(tmp_path: Path, lang: str, description: str) -> None:
    """`serve --lang es-MX` on a catalogue with Spanish texts: served in Spanish; `--lang en`: the default texts. No warning."""
    folder = catalogue(tmp_path / "cat", spanish_copy())
    with (tmp_path / "err.txt").open("w+") as errlog:
        tools, *_ = await stdio_session(folder, "--lang", lang, errlog=errlog)
        errlog.seek(0)
        stderr = errlog.read()
    assert "warning:" not in stderr and "0 warning(s)" in stderr
    assert tools["drill"].description.startswith(description)


@pytest.mark.parametrize(("args", "env", "said"), [
    (["--lang", "english"], {}, "--lang (or $ATDF_MCP_LANG) 'english' is not a language tag"),
    ([], {"ATDF_MCP_LANG": "12"}, "'12' is not a language tag"),
])
def test_something_that_is_not_a_language_tag_is_a_usage_error(tmp_path: Path, args: list[str], env: dict[str, str],
                                                               said: str) -> None:
    """`--lang english` (or ATDF_MCP_LANG=12): exit 2 before loading, with an example of a tag; stdout stays empty."""
    import os

    result = run("serve", catalogue(tmp_path / "cat", None), *args, env={**os.environ, **env})
    assert result.returncode == 2
    assert said in result.stderr and "such as es, fr, de or pt-BR" in result.stderr
    assert result.stdout == ""


# ---------------------------------------------------------------------------------------------
# Language copies translate; they do not change the contract


def test_a_copy_with_other_inputs_is_reported_with_its_file_and_pointer(tmp_path: Path) -> None:
    """drill_es.json renames and retypes inputs: a LANGUAGE_COPY_MISMATCH warning at /how_to_use/inputs of that file."""
    folder = catalogue(tmp_path / "cat", spanish_copy(SWAPPED_INPUTS))
    report = json.loads(run("validate", "--format", "json", folder).stdout)
    problems = [(Path(f["file"]).name, p["pointer"], p["code"], p["severity"], p["message"]) for f in report["files"] for p in f["problems"]]
    [(file, pointer, code, severity, message)] = problems
    assert (file, pointer, code, severity) == ("drill_es.json", "/how_to_use/inputs", "LANGUAGE_COPY_MISMATCH", "warning")
    assert "adds 'profundidad'" in message and "lacks 'depth'" in message and "changes 'material'" in message
    assert "served as drill.json defines it" in message
    assert run("validate", "--strict", folder).returncode == 1


def test_a_copy_that_only_translates_is_clean(tmp_path: Path) -> None:
    """Translated descriptions of the same inputs are what a copy is for: no warning, even with --strict."""
    result = run("validate", "--strict", catalogue(tmp_path / "cat", spanish_copy()))
    assert result.returncode == 0, result.stdout


@pytest.mark.anyio
@pytest.mark.parametrize("lang", ["es", None])
async def test_a_copy_with_other_inputs_serves_the_base_contract_with_its_texts(tmp_path: Path, lang: str | None) -> None:
    """Whatever --lang, clients see and are held to drill.json's inputs; under --lang es the texts are the copy's."""
    folder = catalogue(tmp_path / "cat", spanish_copy(SWAPPED_INPUTS))
    with (tmp_path / "err.txt").open("w+") as errlog:
        tools, good, swapped, _ = await stdio_session(folder, *(["--lang", lang] if lang else []), errlog=errlog)
    schema = tools["drill"].input_schema
    assert sorted(schema["properties"]) == ["depth", "material"] and schema["required"] == ["depth"]
    assert schema["properties"]["depth"]["maximum"] == 500
    assert schema["properties"]["material"]["enum"] == ["wood", "metal"]
    assert good.is_error is False and good.structured_content == {"depth": 20, "material": "metal"}
    error = envelope_of(swapped)["errors"][0]
    assert error["code"] == "VALIDATION_ERROR"
    if lang:
        assert tools["drill"].description.startswith("Perfora un agujero.")
        assert schema["properties"]["material"]["description"] == "Material a perforar"
    else:
        assert tools["drill"].description.startswith("Drills a hole.")


# ---------------------------------------------------------------------------------------------
# atdf-mcp's own words follow --lang


@pytest.mark.anyio
async def test_labels_are_spanish_under_lang_es_over_stdio(tmp_path: Path) -> None:
    """What a Spanish-speaking client reads: tool descriptions, workflow steps, no English label left."""
    folder = catalogue(tmp_path / "cat", spanish_copy())
    with (tmp_path / "err.txt").open("w+") as errlog:
        tools, _, _, workflow = await stdio_session(folder, "--lang", "es", errlog=errlog)
    description = tools["drill"].description
    assert "Cuándo usar: Cuando hace falta un agujero." in description
    assert "Errores declarados: TOO_DEEP" in description
    assert "When to use" not in description and "Declared failures" not in description
    steps = workflow.messages[0].content.text
    assert steps.startswith("Sigue el flujo de trabajo 'workshop':")
    assert "Pasos (sequential):" in steps and "herramienta `drill`" in steps and "si falla: tidy" in steps
    assert "Follow" not in steps and "Steps" not in steps


LANGS = ["es", "fr", "de", "pt", "it", "zh", "ja"]


@pytest.mark.anyio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_label_a_client_sees_is_translated(tmp_path: Path, lang: str) -> None:
    """Tools, prompts (argument descriptions, system prompts), workflow prompts, resources and empty results, per language."""
    server = build_server(load_catalog(catalogue(tmp_path / "cat", spanish_copy())), lang=lang)
    labels = LABELS[lang]
    async with Client(server, mode="legacy") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        prompts = {p.name: p for p in (await client.list_prompts()).prompts}
        resources = {r.uri: r for r in (await client.list_resources()).resources}
        greeting = await client.get_prompt("greet", {"name": "Ada"})
        workflow = await client.get_prompt("workshop", {})
        tidy = await client.call_tool("tidy", {})
    english = LABELS["en"]
    assert labels.when_to_use in tools["drill"].description and english.when_to_use not in tools["drill"].description
    assert labels.failures in tools["drill"].description
    assert prompts["greet"].arguments[0].description == labels.argument.format(name="name")
    assert greeting.messages[0].content.text.startswith(labels.system)
    assert labels.steps.format(flow="sequential") in workflow.messages[0].content.text
    assert str(resources["ardf://manifest"].description) == labels.manifest
    assert tidy.content[0].text == labels.success != english.success


@pytest.mark.anyio
@pytest.mark.parametrize(("lang", "expected"), [("pt-BR", "Quando usar:"), ("ja", "使用する場面："), ("ko", "When to use:"), (None, "When to use:")])  # noqa: RUF001
async def test_regional_tags_use_their_language_and_others_stay_english(tmp_path: Path, lang: str | None, expected: str) -> None:
    """pt-BR gets Portuguese labels; a language without a table (ko) keeps English ones; so does no --lang."""
    server = build_server(load_catalog(catalogue(tmp_path / "cat", None)), lang=lang)
    async with Client(server, mode="legacy") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert f"{expected} When a hole is needed." in tools["drill"].description
