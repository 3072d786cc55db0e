"""`atdf-mcp config HOST`: each host's own file format, key and entry shape, and each stdio entry proven to start a server."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
import yaml
from local_server import serve_over_http
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from atdf_mcp.cli import main

TOKEN = "s3cret-token"
URL = "https://mcp.example.com/mcp"
REPO = Path(__file__).resolve().parent.parent
NEW_HOSTS = ("vscode", "windsurf", "zed", "gemini-cli", "codex", "opencode", "cline", "continue", "goose", "lm-studio")


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    """A one-tool catalogue with a handler that reads the configured environment."""
    return write_catalog(tmp_path / "cat")


def write_catalog(folder: Path) -> Path:
    """Write the one-tool catalogue, with its one tool set `support`, into `folder`."""
    folder.mkdir()
    (folder / "atdf-mcp.yaml").write_text("toolsets:\n  support: {ids: [show_key]}\n", encoding="utf-8")
    tool = {"name": "show_key", "description": "Shows the configured key.", "inputSchema": {"type": "object", "properties": {}}}
    (folder / "tools.json").write_text(json.dumps({"tools": [tool]}), encoding="utf-8")
    (folder / "handlers.py").write_text("import os\n\n\ndef show_key():\n    return os.environ.get('FX_API_KEY', 'unset')\n",
                                        encoding="utf-8")
    return folder


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    """Run `atdf-mcp config ...` in-process; its stdout and stderr (it must succeed)."""
    assert main(["config", *argv]) == 0
    out = capsys.readouterr()
    return out.out, out.err


def parse(host: str, text: str) -> Any:
    """The printed document, read as the host reads its file."""
    if host == "codex":
        return tomllib.loads(text)
    if host in ("continue", "goose"):
        return yaml.safe_load(text)
    return json.loads(text)


def entry_of(host: str, document: dict[str, Any], name: str) -> dict[str, Any]:
    """The one server entry named `name` inside the host's document, checking the key it sits under."""
    if host == "continue":
        assert set(document) == {"name", "version", "schema", "mcpServers"} and document["schema"] == "v1"
        [entry] = document["mcpServers"]
        assert entry["name"] == name
        return entry
    key = {"vscode": "servers", "zed": "context_servers", "codex": "mcp_servers", "opencode": "mcp", "goose": "extensions"}.get(
        host, "mcpServers")
    extra = {"opencode": {"$schema"}, "vscode": {"inputs"}}.get(host, set())
    assert set(document) - extra == {key}
    assert list(document[key]) == [name]
    return document[key][name]


def launch_of(host: str, entry: dict[str, Any]) -> tuple[str, list[str], dict[str, str]]:
    """The command, arguments and environment a host launches from its stdio entry."""
    if host == "opencode":
        return entry["command"][0], entry["command"][1:], entry.get("environment", {})
    if host == "goose":
        return entry["cmd"], entry["args"], entry.get("envs", {})
    return entry["command"], entry["args"], entry.get("env", {})


# The documented keys of each host's stdio entry (with --env) and remote entry (with a token).
STDIO_KEYS = {
    "vscode": {"type", "command", "args", "env"}, "windsurf": {"command", "args", "env"}, "zed": {"command", "args", "env"},
    "gemini-cli": {"command", "args", "env", "timeout"}, "codex": {"command", "args", "env", "required"},
    "opencode": {"type", "command", "environment"},
    "cline": {"command", "args", "env", "timeout"}, "continue": {"name", "type", "command", "args", "env"},
    "goose": {"name", "type", "cmd", "args", "env_keys", "envs", "enabled", "timeout"}, "lm-studio": {"command", "args", "env"},
}
REMOTE = {
    "vscode": {"type": "http", "url": URL, "headers": {"Authorization": "Bearer ${input:travel-token}"}},
    "windsurf": {"serverUrl": URL, "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "zed": {"url": URL, "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "gemini-cli": {"httpUrl": URL, "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "codex": {"url": URL, "http_headers": {"Authorization": f"Bearer {TOKEN}"}},
    "opencode": {"type": "remote", "url": URL, "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "cline": {"type": "streamableHttp", "url": URL, "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "continue": {"name": "travel", "type": "streamable-http", "url": URL,
                 "requestOptions": {"headers": {"Authorization": f"Bearer {TOKEN}"}}},
    "goose": {"name": "travel", "type": "streamable_http", "uri": URL, "headers": {"Authorization": f"Bearer {TOKEN}"},
              "enabled": True, "env_keys": [], "envs": {}, "timeout": 300},
    "lm-studio": {"url": URL, "headers": {"Authorization": f"Bearer {TOKEN}"}},
}


@pytest.mark.parametrize("host", NEW_HOSTS)
def test_the_stdio_entry_has_exactly_the_documented_keys(capsys: pytest.CaptureFixture[str], catalog_dir: Path, host: str) -> None:
    """The entry parses in the host's format, sits under its key, and carries serve DIR --lang --toolset and --env."""
    out, err = printed(capsys, host, str(catalog_dir), "--name", "fx", "--lang", "es", "--toolset", "support",
                       "--env", "FX_API_KEY=abc=123")
    entry = entry_of(host, parse(host, out), "fx")
    assert set(entry) == STDIO_KEYS[host]
    command, args, env = launch_of(host, entry)
    assert Path(command).is_absolute()
    assert args[-6:] == ["serve", str(catalog_dir.resolve()), "--lang", "es", "--toolset", "support"]
    assert env == {"FX_API_KEY": "abc=123"}
    assert "merge" in err.lower() and "windows" in err.lower()  # where the file lives on each OS, and under which key


@pytest.mark.parametrize("host", NEW_HOSTS)
def test_the_url_entry_carries_the_token_in_the_hosts_header_field(capsys: pytest.CaptureFixture[str], host: str) -> None:
    """`--url URL --auth-token T`: the host's own remote entry, the bearer token in its own header field."""
    out, _ = printed(capsys, host, "--url", URL, "--auth-token", TOKEN, "--name", "travel")
    document = parse(host, out)
    assert entry_of(host, document, "travel") == REMOTE[host]
    if host == "vscode":  # VS Code asks for the secret once and keeps it in its secret storage: the file holds none
        assert document["inputs"] == [{"type": "promptString", "id": "travel-token", "password": True,
                                       "description": "Bearer token of the atdf-mcp server at " + URL}]
        assert TOKEN not in out


@pytest.mark.parametrize("host", ["vscode", "windsurf", "gemini-cli", "opencode", "cline", "continue"])
def test_an_sse_url_selects_the_hosts_sse_entry(capsys: pytest.CaptureFixture[str], host: str) -> None:
    """A URL ending in /sse selects the legacy transport where the host has one."""
    sse = "http://127.0.0.1:8000/sse/finance"
    out, _ = printed(capsys, host, "--url", "http://127.0.0.1:8000/sse", "--toolset", "finance", "--name", "s")
    entry = entry_of(host, parse(host, out), "s")
    assert sse in entry.values()
    assert entry.get("type", "sse") in ("sse", "remote")
    if host == "gemini-cli":
        assert "httpUrl" not in entry


@pytest.mark.parametrize("host", ["zed", "codex", "goose", "lm-studio"])
def test_an_sse_url_is_refused_where_the_host_speaks_only_streamable_http(capsys: pytest.CaptureFixture[str], host: str) -> None:
    """Hosts without the legacy SSE transport get a usage error naming /mcp, not an entry that cannot connect."""
    assert main(["config", host, "--url", "http://127.0.0.1:8000/sse"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "/mcp" in out.err


@pytest.mark.parametrize("host", NEW_HOSTS)
def test_env_with_a_url_is_refused(capsys: pytest.CaptureFixture[str], host: str) -> None:
    """Every one of these hosts connects to --url itself: nothing is launched, so --env is refused, not dropped."""
    assert main(["config", host, "--url", URL, "--env", "A=1"]) == 2
    assert "--env" in capsys.readouterr().err


def test_a_codex_server_name_must_be_a_table_name_it_accepts(capsys: pytest.CaptureFixture[str], catalog_dir: Path) -> None:
    """Codex takes server names of letters, digits, '_' and '-': anything else is refused with the rule."""
    assert main(["config", "codex", str(catalog_dir), "--name", "my server"]) == 2
    assert "letters, digits" in capsys.readouterr().err


def test_codex_toml_quotes_what_needs_quoting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Paths with spaces, quotes and backslashes and env values with '=' survive the TOML round trip."""
    folder = tmp_path / 'a "quoted" dir\\x'
    folder.mkdir()
    out, _ = printed(capsys, "codex", str(folder), "--name", "q", "--env", 'K=v="1"\\n')
    entry = tomllib.loads(out)["mcp_servers"]["q"]
    assert entry["args"][-1] == str(folder.resolve()) and entry["env"] == {"K": 'v="1"\\n'}


@pytest.mark.anyio
@pytest.mark.parametrize("host", NEW_HOSTS)
async def test_the_stdio_entry_starts_a_working_server_from_any_directory(capsys: pytest.CaptureFixture[str], catalog_dir: Path,
                                                                        tmp_path: Path, host: str) -> None:
    """Launched as the host would (its command, args and env, another working directory), it answers tools/list and calls."""
    out, _ = printed(capsys, host, str(catalog_dir), "--name", "fx", "--env", "FX_API_KEY=from-the-entry")
    command, args, env = launch_of(host, entry_of(host, parse(host, out), "fx"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    params = StdioServerParameters(command=command, args=args, env={"PYTHONPATH": str(REPO), **env}, cwd=str(elsewhere))
    with (tmp_path / "stderr.txt").open("w") as errlog, anyio.fail_after(60):
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            assert [tool.name for tool in (await client.list_tools()).tools] == ["show_key"]
            result = await client.call_tool("show_key", {})
    assert result.content[0].text == "from-the-entry"


@pytest.mark.parametrize(("host", "value"), [("gemini-cli", "pa$word"), ("gemini-cli", "x${HOME}"), ("vscode", "a${env:HOME}"),
                                             ("windsurf", "${env:HOME}"), ("continue", "${{ secrets.X }}"),
                                             ("opencode", "{env:HOME}"), ("claude-code", "x${HOME}"),
                                             ("claude-code", "${KEY:-none}"), ("cursor", "${env:HOME}"), ("cursor", "${userHome}")])
def test_a_value_the_host_would_expand_is_refused(capsys: pytest.CaptureFixture[str], catalog_dir: Path, host: str,
                                                  value: str) -> None:
    """A host that substitutes variables in its config would change the value: refused with the syntax named, not printed."""
    assert main(["config", host, str(catalog_dir), "--env", f"FX_API_KEY={value}"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "expands" in out.err and "FX_API_KEY" in out.err


@pytest.mark.parametrize("host", ["codex", "zed", "cline", "goose", "lm-studio"])
def test_a_dollar_reaches_hosts_that_expand_nothing(capsys: pytest.CaptureFixture[str], catalog_dir: Path, host: str) -> None:
    """Hosts without documented substitution get the value as given."""
    out, _ = printed(capsys, host, str(catalog_dir), "--name", "fx", "--env", "FX_API_KEY=pa$word${x}")
    assert launch_of(host, entry_of(host, parse(host, out), "fx"))[2] == {"FX_API_KEY": "pa$word${x}"}


@pytest.mark.parametrize("host", ["windsurf", "claude-code", "cursor"])
def test_a_token_the_host_would_expand_is_refused(capsys: pytest.CaptureFixture[str], host: str) -> None:
    """Windsurf, Claude Code (${VAR}, in command, args, env, url and headers of .mcp.json) and Cursor (${env:NAME},
    ${userHome}...) interpolate headers too: a token holding ${env:...} is refused, and not echoed."""
    assert main(["config", host, "--url", URL, "--auth-token", "${env:T}"]) == 2
    err = capsys.readouterr().err
    assert "--auth-token" in err and "${env:T}" not in err


@pytest.mark.parametrize(("host", "file"), [("claude-desktop", "claude_desktop_config.json"), ("claude-code", ".mcp.json"),
                                            ("cursor", ".cursor/mcp.json")])
def test_the_first_three_hosts_say_where_their_file_is_too(capsys: pytest.CaptureFixture[str], catalog_dir: Path, host: str,
                                                           file: str) -> None:
    """Claude Desktop, Claude Code and Cursor: the same stdout as before, and on stderr the file per OS and the key."""
    out, err = printed(capsys, host, str(catalog_dir), "--name", "fx")
    assert list(json.loads(out)["mcpServers"]) == ["fx"]
    assert file in err and '"mcpServers"' in err


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """`atdf-mcp serve --transport http --auth-token TOKEN` on the one-tool catalogue; its base URL."""
    catalog = write_catalog(tmp_path_factory.mktemp("served") / "cat")
    with serve_over_http(catalog, "--auth-token", TOKEN, env={**os.environ, "PYTHONPATH": str(REPO)}) as (_, base, _):
        yield base


def remote_of(host: str, document: dict[str, Any], name: str) -> tuple[str, dict[str, str]]:
    """The URL and the headers a host sends, read from its remote entry (VS Code's input filled in as VS Code would)."""
    entry = entry_of(host, document, name)
    url = next(entry[key] for key in ("url", "serverUrl", "httpUrl", "uri") if key in entry)
    headers = entry.get("headers") or entry.get("http_headers") or entry.get("requestOptions", {}).get("headers", {})
    if host == "vscode":
        [prompt] = document["inputs"]
        headers = {key: value.replace(f"${{input:{prompt['id']}}}", TOKEN) for key, value in headers.items()}
    return url, headers


@pytest.mark.anyio
@pytest.mark.parametrize("host", NEW_HOSTS)
async def test_the_url_entry_reaches_a_running_server_with_its_token(capsys: pytest.CaptureFixture[str], server: str,
                                                                     host: str) -> None:
    """Connecting to the entry's URL with the entry's headers lists the tools of a server that requires the token."""
    out, _ = printed(capsys, host, "--url", f"{server}/mcp", "--auth-token", TOKEN, "--name", "travel")
    url, headers = remote_of(host, parse(host, out), "travel")
    with anyio.fail_after(30):
        async with (httpx2.AsyncClient(headers=headers, timeout=30) as http,
                    Client(streamable_http_client(url, http_client=http), mode="legacy") as client):
            assert [tool.name for tool in (await client.list_tools()).tools] == ["show_key"]


@pytest.mark.anyio
@pytest.mark.parametrize("host", ["vscode", "windsurf", "gemini-cli", "opencode", "cline", "continue"])
async def test_the_sse_url_entry_reaches_a_running_server_with_its_token(capsys: pytest.CaptureFixture[str], server: str,
                                                                         host: str) -> None:
    """The same over the legacy SSE transport, for the hosts that have it."""
    out, _ = printed(capsys, host, "--url", f"{server}/sse", "--auth-token", TOKEN, "--name", "travel")
    url, headers = remote_of(host, parse(host, out), "travel")
    with anyio.fail_after(30):
        async with Client(sse_client(url, headers=headers), mode="legacy") as client:
            assert [tool.name for tool in (await client.list_tools()).tools] == ["show_key"]


@pytest.mark.anyio
async def test_the_server_those_entries_reach_refuses_a_client_without_the_token(server: str) -> None:
    """The headers are what let the entries in: without them the same server answers 401."""
    async with httpx2.AsyncClient(timeout=30) as http:
        response = await http.post(f"{server}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                                   headers={"Accept": "application/json, text/event-stream"})
    assert response.status_code == 401


def test_codex_waits_for_the_stdio_server_before_the_first_turn(capsys: pytest.CaptureFixture[str], catalog_dir: Path) -> None:
    """Codex 0.171 starts its first turn once a short grace has passed (under 0.5 s) whether or not an optional server is
    up, so a cold Python start (about 1 s) left our tools out of `codex exec`'s only turn; `required = true` makes it
    wait for the server (and say so when it cannot start)."""
    out, _ = printed(capsys, "codex", str(catalog_dir), "--name", "fx")
    assert tomllib.loads(out)["mcp_servers"]["fx"]["required"] is True
    remote, _ = printed(capsys, "codex", "--url", URL, "--name", "fx")
    assert "required" not in tomllib.loads(remote)["mcp_servers"]["fx"]


@pytest.mark.parametrize("name", ["PYTHONPATH", "pythonpath", "LD_LIBRARY_PATH", "NODE_OPTIONS"])
def test_an_env_name_gemini_cli_drops_is_refused(capsys: pytest.CaptureFixture[str], catalog_dir: Path, name: str) -> None:
    """Gemini CLI 0.61 drops PYTHONPATH, LD_LIBRARY_PATH, NODE_OPTIONS and the like from a server's `env` ("Blocked
    dangerous environment variable override", in its debug log only): refused, with where to set it instead."""
    assert main(["config", "gemini-cli", str(catalog_dir), "--env", f"{name}=/opt/x"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and f"--env {name}" in out.err and "environment gemini runs in" in out.err, out.err
    for host in ("claude-code", "codex", "opencode"):  # the others pass it on
        assert main(["config", host, str(catalog_dir), "--env", f"{name}=/opt/x"]) == 0
        assert "/opt/x" in capsys.readouterr().out
