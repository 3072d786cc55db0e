"""What real hosts said of `atdf-mcp config`'s entries when run (Claude Code 2.1, Gemini CLI 0.61, Codex 0.171, OpenCode 1.18).

- Gemini CLI 0.61 reads a `url` without `type` as Streamable HTTP first: the SSE entry showed "Disconnected" until it
  said `"type": "sse"` (what `gemini mcp add -t sse` itself writes).
- `claude mcp add-json NAME JSON` takes the entry alone: the whole printed document got "Invalid configuration: :
  Invalid input", so stderr gives the command to run, with the entry in it.
- An entry for a tool set the catalogue does not define made every host show a bare "Failed to connect": `config`
  refuses it as `serve` does.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from atdf_mcp.cli import main

TOKEN = "s3cret-token"


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    """A one-tool catalogue with one tool set, `support`."""
    folder = tmp_path / "cat"
    folder.mkdir()
    tool = {"name": "ping", "description": "Answers pong.", "inputSchema": {"type": "object", "properties": {}}}
    (folder / "tools.json").write_text(json.dumps({"tools": [tool]}), encoding="utf-8")
    (folder / "handlers.py").write_text("def ping():\n    return 'pong'\n", encoding="utf-8")
    (folder / "atdf-mcp.yaml").write_text("toolsets:\n  support: {ids: [ping]}\n", encoding="utf-8")
    return folder


def test_the_gemini_sse_entry_says_its_type(capsys: pytest.CaptureFixture[str]) -> None:
    """Gemini CLI 0.61 tries Streamable HTTP on a bare `url`: the SSE entry carries `"type": "sse"`."""
    assert main(["config", "gemini-cli", "--url", "http://127.0.0.1:8000/sse", "--auth-token", TOKEN, "--name", "s"]) == 0
    entry = json.loads(capsys.readouterr().out)["mcpServers"]["s"]
    assert entry == {"url": "http://127.0.0.1:8000/sse", "type": "sse", "headers": {"Authorization": f"Bearer {TOKEN}"}}


def add_json_command(err: str) -> list[str]:
    """The `claude mcp add-json ...` command stderr gives, split as a POSIX shell would."""
    [line] = [line for line in err.splitlines() if line.startswith("atdf-mcp: or run")]
    words = shlex.split(line[line.index("claude mcp add-json"):])
    assert words[:3] == ["claude", "mcp", "add-json"]
    return words


@pytest.mark.parametrize("argv", [["DIR", "--name", "fx", "--env", "K=it's"],
                                  ["--url", "http://127.0.0.1:8000/mcp", "--auth-token", TOKEN, "--name", "fx"]])
def test_claude_code_gets_the_add_json_command_with_the_entry_alone(capsys: pytest.CaptureFixture[str], catalog_dir: Path,
                                                                   argv: list[str]) -> None:
    """`claude mcp add-json` refuses the whole document: stderr gives the command with the entry alone, quoted for the shell."""
    argv = [str(catalog_dir) if arg == "DIR" else arg for arg in argv]
    assert main(["config", "claude-code", *argv]) == 0
    out = capsys.readouterr()
    words = add_json_command(out.err)
    assert words[-2] == "fx" and json.loads(words[-1]) == json.loads(out.out)["mcpServers"]["fx"]
    assert words[3:-2] == ["--scope", "user"]  # add-json's own default is the local scope, not ~/.claude.json's user one


def test_an_unknown_tool_set_is_refused_as_serve_refuses_it(capsys: pytest.CaptureFixture[str], catalog_dir: Path) -> None:
    """`config HOST DIR --toolset NAME`: a set the catalogue lacks is a usage error naming the known sets, not an entry."""
    for host in ("claude-code", "gemini-cli", "codex"):
        assert main(["config", host, str(catalog_dir), "--toolset", "travel"]) == 2
        out = capsys.readouterr()
        assert out.out == "" and "'travel'" in out.err and "support" in out.err
    assert main(["config", "codex", str(catalog_dir), "--toolset", "support"]) == 0
    assert '"--toolset", "support"' in capsys.readouterr().out


def test_continue_says_its_cli_reads_only_config_yaml(capsys: pytest.CaptureFixture[str], catalog_dir: Path) -> None:
    """The `cn` CLI (1.5.47) offered none of the tools of a `.continue/mcpServers/NAME.yaml` block file, and all of them
    once the item was in the config.yaml it ran with: stderr says which file each Continue reads."""
    assert main(["config", "continue", str(catalog_dir), "--name", "fx"]) == 0
    err = capsys.readouterr().err
    [block] = [line for line in err.splitlines() if ".continue/mcpServers/" in line]
    [item] = [line for line in err.splitlines() if "config.yaml" in line and line is not block]
    assert "extension" in block and "cn" in item


def test_the_gemini_stdio_entry_gives_gemini_mcp_list_its_session_timeout(capsys: pytest.CaptureFixture[str],
                                                                         catalog_dir: Path) -> None:
    """`gemini mcp list` (0.61) gives a server 5 s to connect unless the entry says `timeout` (ms), where a session gives
    10 minutes: a start slower than 5 s (a cold cache on a busy machine took 5.7 s) showed "Disconnected". The entry says
    Gemini's own session default, 600000, so both wait alike and calls keep their time."""
    assert main(["config", "gemini-cli", str(catalog_dir), "--name", "fx"]) == 0
    assert json.loads(capsys.readouterr().out)["mcpServers"]["fx"]["timeout"] == 600_000


def test_the_cline_stdio_entry_says_its_timeout(capsys: pytest.CaptureFixture[str], catalog_dir: Path) -> None:
    """The Cline CLI (3.0.65) gave an entry without `timeout` 3 s to initialize, then left its tools out without a word on
    screen (its log: 'initialize timed out after 3s. Increase the "timeout" field (in seconds)'); serve took 2.1-5.7 s to
    the handshake here. The entry says 60 seconds, the default Cline documents."""
    assert main(["config", "cline", str(catalog_dir), "--name", "fx"]) == 0
    assert json.loads(capsys.readouterr().out)["mcpServers"]["fx"]["timeout"] == 60
