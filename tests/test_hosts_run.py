"""Real hosts, run for real on `atdf-mcp config`'s entries: Claude Code (`claude mcp add-json`, `claude mcp list`),
Gemini CLI (`gemini mcp list`), OpenCode (`opencode mcp list`), the OpenAI Codex CLI (`codex app-server`'s
mcpServerStatus/list, which starts each server of config.toml and lists its tools) and the Continue CLI (`cn -p`, its
model a stand-in on 127.0.0.1 that calls one of the tools it is offered).

Each host is installed from npm at a pinned version into a cache folder kept between runs (under a minute; skipped, with
the reason, when npm or the registry is not there). Each runs with HOME and the XDG folders in a scratch folder, and
reaches nothing but 127.0.0.1: no model, no account.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
import yaml
from local_server import serve_over_http

from atdf_mcp.cli import main

REPO = Path(__file__).resolve().parent.parent
TOKEN = "hosts-run-token"
CLAUDE_CODE = ("@anthropic-ai/claude-code", "2.1.332", "claude")
CODEX = ("@openai/codex", "0.171.0", "codex")
GEMINI_CLI = ("@google/gemini-cli", "0.61.0", "gemini")
OPENCODE = ("opencode-ai", "1.18.33", "opencode")
CONTINUE = ("@continuedev/cli", "1.5.47", "cn")
HOST_SECONDS = 120  # what one host command may take: it starts every configured server
INSTALL_SECONDS = 120  # what one npm install may take
_NO_NETWORK = re.compile(r"\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ECONNRESET|ENETUNREACH|EHOSTUNREACH)\b")
_UNREACHABLE: list[str] = []  # why npm could not reach its registry, once: the other hosts skip at once


def run_host(argv: list[str], *, timeout: float = HOST_SECONDS, **options: Any) -> subprocess.CompletedProcess[str]:
    """`argv` run to its end in a process group of its own, its output captured; whatever it left running in the group
    (a server it started, a daemon) is killed afterwards. Past `timeout` the whole group is killed and TimeoutExpired
    raised, with the output so far."""
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                          **options) as process:
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            stop_group(process)
            out, err = process.communicate()
            raise subprocess.TimeoutExpired(argv, timeout, out, err) from None
        finally:
            stop_group(process)
    return subprocess.CompletedProcess(argv, process.returncode, out, err)


def stop_group(process: subprocess.Popen[str]) -> None:
    """Kill the process group `process` leads (it and whatever it started that is still in the group)."""
    with contextlib.suppress(ProcessLookupError):  # the group is gone
        os.killpg(process.pid, signal.SIGKILL)


def host_run(argv: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
    """run_host for a host under test: past HOST_SECONDS the test fails with what the host said so far."""
    try:
        return run_host(argv, **options)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{' '.join(argv[:3])} did not end in {exc.timeout:.0f} s; it said: {exc.stdout!s:.2000}{exc.stderr!s:.2000}")


def host_cache() -> Path:
    """Where the hosts are installed, kept between runs."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "atdf-mcp-tests" / "hosts"


def installed(package: str, version: str, binary: str) -> Path:
    """The host's executable, installed by `npm install --prefix` on first use; the test is skipped when it cannot be."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip(f"npm is not installed: cannot install {package}")
    folder = host_cache() / f"{package.strip('@').replace('/', '-')}-{version}"
    executable = folder / "node_modules" / ".bin" / binary
    if not executable.exists():
        if _UNREACHABLE:
            pytest.skip(f"cannot install {package}@{version}: {_UNREACHABLE[0]}")
        try:
            run = run_host([npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--loglevel=error",
                            f"{package}@{version}"], timeout=INSTALL_SECONDS)
        except subprocess.TimeoutExpired:
            _UNREACHABLE.append(f"npm install {package}@{version} took over {INSTALL_SECONDS} s (no registry here?)")
            pytest.skip(_UNREACHABLE[0])
        if run.returncode or not executable.exists():
            said = [line for line in run.stderr.splitlines() if line.startswith("npm error") and "code" in line]
            reason = f"npm install {package}@{version} failed: {(said or [run.stderr.strip()[-300:]])[0]}"
            if _NO_NETWORK.search(run.stderr):
                _UNREACHABLE.append(reason)
            pytest.skip(reason)
    return executable


def scratch_env(home: Path) -> dict[str, str]:
    """The host's environment: HOME and XDG folders in `home`, no auto-update and no traffic it can do without."""
    home.mkdir(parents=True, exist_ok=True)
    xdg = {name: str(home / sub) for name, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache"),
                                                   ("XDG_DATA_HOME", ".local/share"), ("XDG_STATE_HOME", ".local/state"))}
    return {"HOME": str(home), **xdg, "PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8", "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "CODEX_HOME": str(home / ".codex"),
            "OPENCODE_DISABLE_MODELS_FETCH": "1", "OPENCODE_DISABLE_AUTOUPDATE": "1"}


def config(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    """`atdf-mcp config ...`: its stdout and stderr."""
    assert main(["config", *argv]) == 0
    out = capsys.readouterr()
    return out.out, out.err


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-tool catalogue."""
    folder = tmp_path_factory.mktemp("hosts") / "cat"
    folder.mkdir()
    tools = [{"name": name, "description": f"Answers {name}.", "inputSchema": {"type": "object", "properties": {}}}
             for name in ("ping", "pong")]
    (folder / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    (folder / "handlers.py").write_text("def ping():\n    return 'ping'\n\n\ndef pong():\n    return 'pong'\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def server(catalog: Path) -> Iterator[str]:
    """`atdf-mcp serve --transport http --auth-token TOKEN` on the catalogue: its base URL."""
    with serve_over_http(catalog, "--auth-token", TOKEN, env={**os.environ, "PYTHONPATH": str(REPO)}) as (_, base, _):
        yield base


def status_lines(output: str) -> dict[str, str]:
    """`claude mcp list`'s lines, by server name."""
    return {match.group(1): match.group(2) for match in re.finditer(r"^([\w-]+): (.*)$", output, re.MULTILINE)}


def test_claude_code_connects_to_each_entry_added_by_the_printed_command(capsys: pytest.CaptureFixture[str], catalog: Path,
                                                                          server: str, tmp_path: Path) -> None:
    """The `claude mcp add-json` command config prints is accepted as it is, and `claude mcp list` starts the stdio server
    and reaches the HTTP and SSE ones with the token: "✔ Connected"; the same URL without the token does not connect, and the
    reason it logs is ours (send the token as a header), not a ZodError of our answer at /register. A
    project's .mcp.json holding the printed document connects once approved in ~/.claude/settings.json, as stderr says."""
    claude = installed(*CLAUDE_CODE)
    env, project = scratch_env(tmp_path / "home"), tmp_path / "project"
    project.mkdir()
    env["PATH"] = f"{claude.parent}{os.pathsep}{env['PATH']}"
    entries = {"local": [str(catalog), "--env", f"PYTHONPATH={REPO}"],
               "http": ["--url", f"{server}/mcp", "--auth-token", TOKEN], "sse": ["--url", f"{server}/sse", "--auth-token", TOKEN],
               "notoken": ["--url", f"{server}/mcp"]}
    for name, argv in entries.items():
        _, err = config(capsys, "claude-code", *argv, "--name", name)
        [command] = [line.split(": ", 2)[2] for line in err.splitlines() if line.startswith("atdf-mcp: or run")]
        added = host_run(["bash", "-c", command], cwd=project, env=env)
        assert added.returncode == 0 and f"MCP server {name} to user config" in added.stdout, added.stdout + added.stderr
    shared: dict[str, Any] = {"mcpServers": {}}  # the project's .mcp.json, as printed, approved in the user's settings
    for name in ("project", "unapproved"):
        shared["mcpServers"].update(json.loads(config(capsys, "claude-code", str(catalog), "--env", f"PYTHONPATH={REPO}",
                                                      "--name", name)[0])["mcpServers"])
    (project / ".mcp.json").write_text(json.dumps(shared), encoding="utf-8")
    (Path(env["HOME"]) / ".claude").mkdir(exist_ok=True)
    (Path(env["HOME"]) / ".claude" / "settings.json").write_text('{"enabledMcpjsonServers": ["project"]}', encoding="utf-8")
    listed = host_run([str(claude), "mcp", "list"], cwd=project, env=env)
    status = status_lines(listed.stdout)
    for name in ("local", "http", "sse", "project"):
        assert status[name].endswith("✔ Connected"), listed.stdout
    assert "Connected" not in status["notoken"].replace("Failed to connect", ""), listed.stdout
    assert "Pending approval" in status["unapproved"], listed.stdout
    failed = mcp_log_errors(Path(env["HOME"]), "notoken")  # what `claude --debug` and its MCP log tell the user
    assert any("This server is not an OAuth authorization server" in line and "Authorization with the value `Bearer <token>`" in line
               for line in failed), failed
    assert not any("REDACTED" in line for line in failed), failed  # its log redacts "Authorization: <value>" (2.1.332)
    assert not any("ZodError" in line for line in failed), failed


def mcp_log_errors(home: Path, name: str) -> list[str]:
    """The `error` lines of Claude Code's MCP log for server `name` (JSON lines under its cache folder)."""
    lines = [json.loads(line) for log in home.glob(f"**/mcp-logs-{name}/*.jsonl")
             for line in log.read_text(encoding="utf-8").splitlines() if line.startswith("{")]
    return [str(line["error"]) for line in lines if "error" in line]


def codex_servers(codex: Path, env: dict[str, str], cwd: Path) -> dict[str, Any]:
    """`codex app-server`'s answer to mcpServerStatus/list (it starts every server of config.toml), by server name; the
    test fails when none comes in HOST_SECONDS."""
    requests = [{"id": 1, "method": "initialize", "params": {"clientInfo": {"name": "atdf-mcp-tests", "version": "0"}}},
                {"method": "initialized"}, {"id": 2, "method": "mcpServerStatus/list", "params": {}}]
    with subprocess.Popen([str(codex), "app-server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          env=env, cwd=cwd, text=True, start_new_session=True) as process:
        timer = threading.Timer(HOST_SECONDS, stop_group, (process,))  # ends the read below: stdout closes
        timer.start()
        try:
            assert process.stdin and process.stdout
            process.stdin.write("".join(json.dumps(request) + "\n" for request in requests))
            process.stdin.flush()
            for line in process.stdout:
                message = json.loads(line) if line.startswith("{") else {}
                if message.get("id") == 2:
                    assert "result" in message, message
                    return {server["name"]: server for server in message["result"]["data"]}
            pytest.fail(f"codex app-server closed (or took over {HOST_SECONDS} s) without answering mcpServerStatus/list")
        finally:
            timer.cancel()
            stop_group(process)


def test_codex_lists_the_tools_of_the_stdio_and_the_http_entry(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                                             tmp_path: Path) -> None:
    """The two TOML tables config prints, appended to ~/.codex/config.toml: Codex starts the stdio server and reaches the
    HTTP one with the bearer header, and lists both servers' tools."""
    codex = installed(*CODEX)
    env = scratch_env(tmp_path / "home")
    local, _ = config(capsys, "codex", str(catalog), "--name", "local", "--env", f"PYTHONPATH={REPO}")
    remote, _ = config(capsys, "codex", "--url", f"{server}/mcp", "--auth-token", TOKEN, "--name", "remote")
    Path(env["CODEX_HOME"]).mkdir()
    (Path(env["CODEX_HOME"]) / "config.toml").write_text(f"{local}\n{remote}", encoding="utf-8")
    servers = codex_servers(codex, env, tmp_path)
    for name in ("local", "remote"):
        assert sorted(servers[name]["tools"]) == ["ping", "pong"], servers[name]


def test_gemini_cli_connects_to_the_stdio_http_and_sse_entries(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                                             tmp_path: Path) -> None:
    """The entries merged under "mcpServers" of ~/.gemini/settings.json, in a trusted folder: `gemini mcp list` says
    "Connected" for each (the SSE one needs its `"type": "sse"`: 0.61 reads a bare `url` as Streamable HTTP). PYTHONPATH is
    set in Gemini's own environment: it leaves that name out of an entry's `env`."""
    gemini = installed(*GEMINI_CLI)
    env, project = scratch_env(tmp_path / "home"), tmp_path / "project"
    project.mkdir()
    settings: dict[str, Any] = {"mcpServers": {}}
    for name, argv in {"local": [str(catalog)], "http": ["--url", f"{server}/mcp", "--auth-token", TOKEN],
                       "sse": ["--url", f"{server}/sse", "--auth-token", TOKEN]}.items():
        settings["mcpServers"].update(json.loads(config(capsys, "gemini-cli", *argv, "--name", name)[0])["mcpServers"])
    env["PYTHONPATH"] = str(REPO)  # Gemini drops it from an entry's env (config refuses it there); its own reaches the server
    folder = Path(env["HOME"]) / ".gemini"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    (folder / "trustedFolders.json").write_text(json.dumps({str(project): "TRUST_FOLDER"}), encoding="utf-8")  # else: "Disabled"
    listed = host_run([str(gemini), "mcp", "list"], cwd=project, env=env)
    status = {match.group(1): match.group(2) for match in re.finditer(r"^\S+ ([\w-]+): .* - (\w+)$", listed.stdout + listed.stderr,
                                                                        re.MULTILINE)}
    assert status == {"local": "Connected", "http": "Connected", "sse": "Connected"}, listed.stdout + listed.stderr


def test_opencode_connects_to_the_stdio_http_and_sse_entries(capsys: pytest.CaptureFixture[str], catalog: Path, server: str,
                                                           tmp_path: Path) -> None:
    """The entries merged under "mcp" of ~/.config/opencode/opencode.json: `opencode mcp list` says "connected" for each."""
    opencode = installed(*OPENCODE)
    env = scratch_env(tmp_path / "home")
    document: dict[str, Any] = {}
    for name, argv in {"local": [str(catalog), "--env", f"PYTHONPATH={REPO}"], "http": ["--url", f"{server}/mcp", "--auth-token", TOKEN],
                       "sse": ["--url", f"{server}/sse", "--auth-token", TOKEN]}.items():
        printed = json.loads(config(capsys, "opencode", *argv, "--name", name)[0])
        document = {**printed, "mcp": {**document.get("mcp", {}), **printed["mcp"]}}
    folder = Path(env["XDG_CONFIG_HOME"]) / "opencode"
    folder.mkdir(parents=True)
    (folder / "opencode.json").write_text(json.dumps(document), encoding="utf-8")
    listed = host_run([str(opencode), "mcp", "list"], cwd=tmp_path, env=env)
    text = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)
    status = dict(re.findall(r"^\W+ ([\w-]+) (connected|failed|disabled|\w+ \w+)$", text, re.MULTILINE))
    assert status == {"local": "connected", "http": "connected", "sse": "connected"}, text


class StandInModel(BaseHTTPRequestHandler):
    """An OpenAI chat-completions endpoint that records the tools it is offered, calls `ping`, then repeats its result."""

    offered: ClassVar[list[list[str]]] = []

    def log_message(self, *args: Any) -> None:
        """Quiet."""

    def do_POST(self) -> None:
        """One streamed completion: a call of the `ping` tool offered, or, after a tool's result, that result."""
        request = json.loads(self.rfile.read(int(self.headers["content-length"])))
        tools = [tool["function"]["name"] for tool in request.get("tools", [])]
        type(self).offered.append(tools)
        last = request["messages"][-1]
        ping = [name for name in tools if name.endswith("ping")]
        if last.get("role") == "tool" or not ping:
            delta: dict[str, Any] = {"role": "assistant", "content": f"result: {last.get('content')}"}
        else:
            delta = {"role": "assistant", "content": None, "tool_calls": [
                {"index": 0, "id": "call_1", "type": "function", "function": {"name": ping[0], "arguments": "{}"}}]}
        chunks = [{"choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
                  {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop" if delta.get("content") else "tool_calls"}]}]
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        for chunk in chunks:
            body = {"id": "c", "object": "chat.completion.chunk", "created": int(time.time()), "model": "stand-in", **chunk}
            self.wfile.write(f"data: {json.dumps(body)}\n\n".encode())
        self.wfile.write(b"data: [DONE]\n\n")


@pytest.fixture
def model() -> Iterator[str]:
    """The stand-in model on 127.0.0.1: its /v1 base URL."""
    StandInModel.offered = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), StandInModel)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_continue_cli_offers_and_calls_the_tools_of_the_items_in_its_config(capsys: pytest.CaptureFixture[str], catalog: Path,
                                                                           server: str, model: str, tmp_path: Path) -> None:
    """The stdio and HTTP items appended to the "mcpServers" list of the config.yaml `cn` runs with: the model is offered
    both servers' tools, and the call of `ping` it makes comes back."""
    continue_cli = installed(*CONTINUE)
    env = scratch_env(tmp_path / "home")
    items = []
    for name, argv in {"local": [str(catalog), "--env", f"PYTHONPATH={REPO}"],
                       "remote": ["--url", f"{server}/mcp", "--auth-token", TOKEN]}.items():
        items += yaml.safe_load(config(capsys, "continue", *argv, "--name", name)[0])["mcpServers"]
    settings = {"name": "tests", "version": "0.0.1", "schema": "v1", "mcpServers": items,
                "models": [{"name": "stand-in", "provider": "openai", "model": "stand-in", "apiBase": model, "apiKey": "none",
                            "roles": ["chat"]}]}
    (tmp_path / "config.yaml").write_text(yaml.safe_dump(settings), encoding="utf-8")
    run = host_run([str(continue_cli), "-p", "ping", "--config", str(tmp_path / "config.yaml"), "--auto"], cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert [name for name in StandInModel.offered[0] if name in ("ping", "pong")] == ["ping", "pong", "ping", "pong"]
    assert "result:" in run.stdout and '"text":"ping"' in run.stdout.split("result:", 1)[1], run.stdout  # the handler's answer


def own_process_gone(pid: int) -> bool:
    """Whether process `pid` has ended (gone, or a zombie no one has reaped yet)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError):
        return True


def ended_within(pid: int, seconds: float) -> bool:
    """Whether process `pid` ends within `seconds`."""
    deadline = time.monotonic() + seconds
    while not own_process_gone(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc")
def test_a_host_that_hangs_is_stopped_at_its_timeout_with_what_it_started() -> None:
    """A host that does not end is killed at its timeout with the processes it started (subprocess.run's timeout kills
    the host alone: the MCP servers and helpers it started ran on after the test), and what it said so far is kept."""
    started = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired) as hung:
        run_host(["bash", "-c", "sleep 300 & echo $!; sleep 300"], timeout=1)
    assert time.monotonic() - started < 30
    child = int(str(hung.value.stdout).split()[0])
    assert ended_within(child, 10), f"the host's child {child} still runs"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc")
def test_what_a_host_leaves_running_after_it_ends_is_stopped() -> None:
    """A host that ends leaving a process behind (a server it started, a daemon in its group): it is killed."""
    done = run_host(["bash", "-c", "sleep 300 >/dev/null 2>&1 & echo $!"], timeout=30)
    child = int(done.stdout.split()[0])
    assert done.returncode == 0 and ended_within(child, 10), f"{child} still runs"
