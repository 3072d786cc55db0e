"""What the MODEL sees: real hosts (Claude Code, Codex, Gemini CLI, OpenCode, the Continue CLI) on `atdf-mcp config`'s
stdio and HTTP entries, their model a stand-in on 127.0.0.1 (tests/stand_in_models.py) that calls our tools with
wrong arguments, retries with the `suggested_arguments` of the envelope it was handed, and records each tool result
exactly as the host passed it on.

The catalogue has `unit_converter` (no outputSchema: the envelope is also structuredContent) and `distance` (an
outputSchema the envelope does not satisfy: no structuredContent, the envelope is the text block alone).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from local_server import serve_over_http
from stand_in_models import FINAL, Script, envelopes, stand_in, text_of
from test_hosts_run import CLAUDE_CODE, CODEX, CONTINUE, GEMINI_CLI, OPENCODE, REPO, TOKEN, config, host_run, installed, scratch_env

PROMPT = "Convert 10 km to miles, then give 3 km in meters."
CALLS: list[tuple[str, dict[str, Any] | None]] = [
    ("unit_converter", {"value": 10, "from_unit": "KM", "to_unit": "mi"}), ("unit_converter", None),
    ("distance", {"unit": "KM", "value": 3}), ("distance", None)]
RUN_SECONDS = 90  # one host run: start the server, five model turns


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled `unit_converter` (no outputSchema) and a `distance` tool with an enum and an outputSchema."""
    folder = tmp_path_factory.mktemp("models") / "cat"
    folder.mkdir()
    for name in ("utilities/unit_converter.json", "units.py", "demo_support.py"):
        shutil.copy(REPO / "descriptors" / name, folder)
    (folder / "atdf-mcp.yaml").write_text('bindings:\n  unit_converter:\n    handler: "units:convert"\n', encoding="utf-8")
    distance = {"name": "distance", "description": "Gives a distance in meters.",
                "inputSchema": {"type": "object", "required": ["unit", "value"],
                                "properties": {"unit": {"type": "string", "enum": ["km", "mi"]}, "value": {"type": "number"}}},
                "outputSchema": {"type": "object", "properties": {"meters": {"type": "number"}}, "required": ["meters"]}}
    (folder / "tools.json").write_text(json.dumps({"tools": [distance]}), encoding="utf-8")
    (folder / "handlers.py").write_text(
        "def distance(unit, value):\n    return {'meters': value * (1000 if unit == 'km' else 1609.344)}\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def server(catalog: Path) -> Iterator[str]:
    """`atdf-mcp serve --transport http --auth-token TOKEN` on the catalogue: its base URL."""
    with serve_over_http(catalog, "--auth-token", TOKEN, env={**os.environ, "PYTHONPATH": str(REPO)}) as (_, base, _):
        yield base


def entry(transport: str, catalog: Path, server: str) -> list[str]:
    """`atdf-mcp config HOST`'s arguments for the stdio or the HTTP entry."""
    return [str(catalog), "--env", f"PYTHONPATH={REPO}"] if transport == "stdio" else ["--url", f"{server}/mcp", "--auth-token", TOKEN]


def check(script: Script, host: str, transport: str, folder: Path, *, host_checks_schema: bool = False) -> None:
    """The model got each envelope whole (code, parameter, suggested value and arguments) and, after retrying with the
    suggested arguments, each result; what it saw is printed for the README, every request kept in `folder`."""
    (folder / "model-requests.json").write_text(json.dumps(script.requests, indent=1), encoding="utf-8")
    seen = [text_of(item) for item in script.seen]
    for index, item in enumerate(seen):
        print(f"{host} {transport} result {index + 1}: {item[:300]}")
    assert len(seen) == len(CALLS), (seen, script.requests[-1:])
    unit, *again = envelopes(script.seen[0])  # Gemini CLI: in the text block and in structuredContent, the same
    assert all(other == unit for other in again), again
    assert unit["errors"][0] | {"context": {}} == unit["errors"][0] | {
        "code": "UNKNOWN_UNIT", "parameter_name": "from_unit", "suggested_value": "km", "context": {}}, unit
    assert unit["errors"][0]["context"]["suggested_arguments"] == {"value": 10, "from_unit": "km", "to_unit": "mi"}
    assert "6.21371" in seen[1] and not envelopes(script.seen[1]), seen[1]
    if host_checks_schema:  # the host refused the call itself: the server never saw it
        assert seen[2] == '{"error": "params/unit must be equal to one of the allowed values"}', seen[2]
        assert "3000" in seen[3] and not envelopes(script.seen[3]), seen[3]
        return
    enum, *again = envelopes(script.seen[2])
    assert all(other == enum for other in again), again
    assert enum["errors"][0]["code"] == "VALIDATION_ERROR" and enum["errors"][0]["parameter_name"] == "unit", enum
    assert enum["errors"][0]["suggested_value"] == "km"
    assert enum["errors"][0]["context"]["suggested_arguments"] == {"unit": "km", "value": 3}
    assert "3000" in seen[3] and not envelopes(script.seen[3]), seen[3]


@pytest.mark.parametrize("tool_search", [True, False], ids=["tool-search", "no-tool-search"])
@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_claude_code_hands_the_model_each_envelope(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                                   transport: str, tool_search: bool, tmp_path: Path) -> None:
    """`claude -p` with the printed document as --mcp-config and the stand-in as ANTHROPIC_BASE_URL. By default (2.1.332)
    MCP tools are deferred: only their names are in a system reminder, and the model loads them with ToolSearch
    ("select:NAME,…") before calling them; with ENABLE_TOOL_SEARCH=false they are offered at once."""
    claude = installed(*CLAUDE_CODE)
    env = scratch_env(tmp_path / "home")
    document, _ = config(capsys, "claude-code", *entry(transport, catalog, server), "--name", "atdf")
    (tmp_path / "mcp.json").write_text(document, encoding="utf-8")
    search = [("ToolSearch", {"query": "select:mcp__atdf__unit_converter,mcp__atdf__distance"})] if tool_search else []
    with stand_in([*search, *CALLS]) as (url, script):
        env |= {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "stand-in-key", "ENABLE_TOOL_SEARCH": str(tool_search).lower()}
        run = host_run([str(claude), "-p", PROMPT, "--mcp-config", str(tmp_path / "mcp.json"), "--strict-mcp-config",
                        "--allowedTools", "mcp__atdf", "--model", "claude-sonnet-4-5"], cwd=tmp_path, env=env,
                       timeout=RUN_SECONDS)
    print(run.stdout[-1000:], run.stderr[-2000:])
    if tool_search:
        loaded, *script.seen = script.seen
        assert [block.get("tool_name") for block in loaded["content"]] == ["mcp__atdf__unit_converter", "mcp__atdf__distance"]
        assert "mcp__atdf__unit_converter" not in script.offered[0]
    check(script, "claude-code", transport, tmp_path)
    unit, _, enum, _ = script.seen  # the text block as it is, flagged; a success's structuredContent as compact JSON
    assert unit["is_error"] is True and unit["content"].startswith('{"status": "error", "errors": [{"type": "urn:atdf:error:')
    assert enum["is_error"] is True and enum["content"].startswith('{"status": "error", "errors": [{"type": "urn:atdf:error:')
    assert script.seen[3]["content"].startswith('{"meters":3000}')
    assert FINAL in run.stdout, run.stdout + run.stderr


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_codex_hands_the_model_each_envelope(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                             transport: str, tmp_path: Path) -> None:
    """`codex exec` with the printed table appended to config.toml and the stand-in as a Responses API provider."""
    codex = installed(*CODEX)
    env = scratch_env(tmp_path / "home")
    table, _ = config(capsys, "codex", *entry(transport, catalog, server), "--name", "atdf")
    with stand_in(CALLS) as (url, script):
        provider = (f'model = "stand-in"\nmodel_provider = "standin"\n\n[model_providers.standin]\nname = "stand-in"\n'
                    f'base_url = "{url}/v1"\nwire_api = "responses"\n\n')
        Path(env["CODEX_HOME"]).mkdir()
        (Path(env["CODEX_HOME"]) / "config.toml").write_text(provider + table, encoding="utf-8")
        run = host_run([str(codex), "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", PROMPT],
                       cwd=tmp_path, env=env, timeout=RUN_SECONDS, stdin=subprocess.DEVNULL)
    print(run.stdout[-1000:], run.stderr[-2000:])
    check(script, "codex", transport, tmp_path)
    unit, _, enum, _ = (item["output"] for item in script.seen)  # no error flag; structuredContent when there is one
    assert unit.startswith("Wall time: ") and '\nOutput:\n{"status":"error","errors":[{' in unit, unit
    assert [part["type"] for part in enum] == ["input_text", "input_text"] and enum[1]["text"].startswith('{"status": "error"')


def gemini_run(capsys: pytest.CaptureFixture[str], argv: list[str], calls: list[tuple[str, dict[str, Any] | None]],
               tmp_path: Path) -> tuple[Script, subprocess.CompletedProcess[str]]:
    """`gemini -p --yolo` on the entry `config gemini-cli ARGV` prints, its model the stand-in following `calls`."""
    gemini = installed(*GEMINI_CLI)
    env, project = scratch_env(tmp_path / "home"), tmp_path / "project"
    project.mkdir()
    settings = json.loads(config(capsys, "gemini-cli", *argv, "--name", "atdf")[0])
    settings["security"] = {"auth": {"selectedType": "gemini-api-key"}}
    folder = Path(env["HOME"]) / ".gemini"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    (folder / "trustedFolders.json").write_text(json.dumps({str(project): "TRUST_FOLDER"}), encoding="utf-8")
    with stand_in(calls) as (url, script):
        env |= {"GOOGLE_GEMINI_BASE_URL": url, "GEMINI_API_KEY": "stand-in-key", "PYTHONPATH": str(REPO)}
        run = host_run([str(gemini), "-p", PROMPT, "-m", "gemini-2.5-flash", "--yolo"], cwd=project, env=env,
                       timeout=RUN_SECONDS)
    (tmp_path / "model-requests.json").write_text(json.dumps(script.requests, indent=1), encoding="utf-8")
    return script, run


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_gemini_cli_hands_the_model_each_envelope_it_lets_through(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                                                 transport: str, tmp_path: Path) -> None:
    """`gemini -p --yolo` with the printed entry in ~/.gemini/settings.json and the stand-in as GOOGLE_GEMINI_BASE_URL.
    A tool's error comes to the model as one `error` string around the whole CallToolResult's JSON (the envelope in its
    text block and in structuredContent). Arguments that break the inputSchema never reach the server: Gemini CLI checks
    them itself and hands the model its own one-line message, without the allowed values (so the model is scripted to
    fix `distance` itself here). PYTHONPATH goes in the host's environment: Gemini drops it from an entry's `env`."""
    argv = [str(catalog)] if transport == "stdio" else entry(transport, catalog, server)
    script, run = gemini_run(capsys, argv, [*CALLS[:3], ("distance", {"unit": "km", "value": 3})], tmp_path)
    print(run.stdout[-1000:], run.stderr[-2000:])
    check(script, "gemini-cli", transport, tmp_path, host_checks_schema=True)
    [said] = [text_of(item) for item in script.seen[:1]]
    assert said.startswith("{\"error\": \"MCP tool 'unit_converter' reported tool error for function call: "), said


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_gemini_cli_hands_the_model_the_envelope_of_a_tool_with_an_output_schema(
        capsys: pytest.CaptureFixture[str], catalog: Path, server: str, transport: str, tmp_path: Path) -> None:
    """Gemini CLI 0.61 wraps every MCP transport in its McpComplianceTransport, which JSON-parses the first text block of
    a result without structuredContent into structuredContent; its TypeScript SDK client then checks that against the
    tool's outputSchema, even on an isError result, and throws -32602: the model got "MCP error -32602: Structured content
    does not match the tool's output schema: data must have required property 'meters'" and no envelope. For this
    client the server now starts such an error with a line that is not JSON (atdf_mcp.results.for_client): the model
    gets the code, the detail and the envelope (here an unknown argument, which Gemini's own schema check lets through)."""
    argv = [str(catalog)] if transport == "stdio" else entry(transport, catalog, server)
    calls: list[tuple[str, dict[str, Any] | None]] = [("distance", {"unit": "km", "value": 3, "extra": 1}),
                                                      ("distance", {"unit": "km", "value": 3})]
    script, _ = gemini_run(capsys, argv, calls, tmp_path)
    said, done = (text_of(item) for item in script.seen)
    print(f"gemini-cli {transport} unknown argument of distance: {said[:300]}")
    assert "-32602" not in said and "VALIDATION_ERROR: The tool has no argument 'extra'." in said, said
    entry_ = envelopes(script.seen[0])[0]["errors"][0]
    assert (entry_["code"], entry_["parameter_name"]) == ("VALIDATION_ERROR", "extra"), entry_
    assert "3000" in done, done  # retried without it


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_opencode_hands_the_model_each_envelope(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                                transport: str, tmp_path: Path) -> None:
    """`opencode run` with the printed entry and the stand-in as an OpenAI-compatible provider."""
    opencode = installed(*OPENCODE)
    env = scratch_env(tmp_path / "home")
    document = json.loads(config(capsys, "opencode", *entry(transport, catalog, server), "--name", "atdf")[0])
    with stand_in(CALLS) as (url, script):
        document |= {"model": "standin/stand-in", "provider": {"standin": {
            "npm": "@ai-sdk/openai-compatible", "name": "Stand-in", "options": {"baseURL": f"{url}/v1", "apiKey": "none"},
            "models": {"stand-in": {"name": "stand-in", "tool_call": True}}}}}
        folder = Path(env["XDG_CONFIG_HOME"]) / "opencode"
        folder.mkdir(parents=True)
        (folder / "opencode.json").write_text(json.dumps(document), encoding="utf-8")
        run = host_run([str(opencode), "run", PROMPT], cwd=tmp_path, env=env, timeout=RUN_SECONDS)
    print(run.stdout[-1000:], run.stderr[-2000:])
    check(script, "opencode", transport, tmp_path)
    assert all(item["content"].startswith('{"status": "error", "errors": [{') for item in script.seen[::2])  # the text block


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_continue_cli_hands_the_model_each_envelope(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                                    transport: str, tmp_path: Path) -> None:
    """`cn -p --auto` with the printed item in its config.yaml and the stand-in as an OpenAI model."""
    continue_cli = installed(*CONTINUE)
    env = scratch_env(tmp_path / "home")
    items = yaml.safe_load(config(capsys, "continue", *entry(transport, catalog, server), "--name", "atdf")[0])["mcpServers"]
    with stand_in(CALLS) as (url, script):
        settings = {"name": "tests", "version": "0.0.1", "schema": "v1", "mcpServers": items,
                    "models": [{"name": "stand-in", "provider": "openai", "model": "stand-in", "apiBase": f"{url}/v1",
                                "apiKey": "none", "roles": ["chat"]}]}
        (tmp_path / "config.yaml").write_text(yaml.safe_dump(settings), encoding="utf-8")
        run = host_run([str(continue_cli), "-p", PROMPT, "--config", str(tmp_path / "config.yaml"), "--auto"], cwd=tmp_path,
                       env=env, timeout=RUN_SECONDS)
    print(run.stdout[-1000:], run.stderr[-2000:])
    check(script, "continue", transport, tmp_path)
    for item in script.seen[::2]:  # the result's content list as a JSON string, no error flag
        [block] = json.loads(item["content"])
        assert block["type"] == "text" and block["text"].startswith('{"status": "error", "errors": [{'), block
