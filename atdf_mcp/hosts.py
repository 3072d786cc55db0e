"""`atdf-mcp config HOST` for the MCP hosts beyond Claude and Cursor: each one's file, key, entry shape and format.

A wrong key or field name makes a host ignore the server without a word, so each entry follows the host's own
documentation (the `doc` of each Host, checked 2026-11):

- VS Code / GitHub Copilot: https://code.visualstudio.com/docs/copilot/reference/mcp-configuration
- Windsurf: https://docs.windsurf.com/windsurf/cascade/mcp
- Zed: https://zed.dev/docs/ai/mcp
- Gemini CLI: https://geminicli.com/docs/tools/mcp-server/
- OpenAI Codex CLI: https://developers.openai.com/codex/mcp
- OpenCode: https://opencode.ai/docs/mcp-servers/
- Cline: https://docs.cline.bot/mcp/configuring-mcp-servers
- Continue: https://docs.continue.dev/customize/deep-dives/mcp
- Goose: https://goose-docs.ai/docs/guides/config-files
- LM Studio: https://lmstudio.ai/docs/app/mcp
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from .errors import UsageError

__all__ = ["HOSTS", "Host", "Launch", "Remote", "add_json_command", "check_env_names", "check_literal", "check_name", "check_remote",
           "render", "utf8", "where"]


@dataclass(frozen=True, slots=True)
class Launch:
    """How a host starts the server over stdio: an absolute command, its arguments and extra environment."""

    command: str
    args: list[str]
    env: dict[str, str]


@dataclass(frozen=True, slots=True)
class Remote:
    """A running server a host connects to: its URL, whether that is the legacy SSE transport, and the bearer token."""

    url: str
    sse: bool
    token: str | None

    def headers(self) -> dict[str, str]:
        """The Authorization header the token needs (none without a token)."""
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}


Entry = Callable[[str, Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Host:
    """One MCP host: where its file lives, the key entries go under, its format, and how it writes both kinds of entry."""

    label: str
    doc: str
    format: str  # json, yaml or toml
    files: tuple[str, ...]  # "where: path" lines, one per OS or scope
    key: str
    local: Entry  # (name, Launch) -> the whole document to merge
    remote: Entry  # (name, Remote) -> the whole document to merge
    sse: bool = True  # the host speaks the legacy HTTP+SSE transport too
    name_pattern: re.Pattern[str] | None = None
    note: str = ""  # one more line for stderr
    expands: tuple[re.Pattern[str], str] | None = None  # what the host substitutes in its config values, and its syntax
    drops_env: frozenset[str] = frozenset()  # environment names (lower case) the host leaves out of a server's env


def _env(key: str, launch: Launch) -> dict[str, Any]:
    """`{key: env}` when there is an environment to pass, else nothing."""
    return {key: dict(launch.env)} if launch.env else {}


def _headers(key: str, remote: Remote) -> dict[str, Any]:
    """`{key: headers}` when there is a token, else nothing."""
    return {key: remote.headers()} if remote.token else {}


def _cursor_style(key: str, url_key: str = "url") -> tuple[Entry, Entry]:
    """Entries in Cursor's notation (`command`/`args`/`env`, or a URL and `headers`) under `key`."""
    def local(name: str, launch: Launch) -> dict[str, Any]:
        return {key: {name: {"command": launch.command, "args": launch.args, **_env("env", launch)}}}

    def remote(name: str, target: Remote) -> dict[str, Any]:
        return {key: {name: {url_key: target.url, **_headers("headers", target)}}}

    return local, remote


def _vscode_local(name: str, launch: Launch) -> dict[str, Any]:
    return {"servers": {name: {"type": "stdio", "command": launch.command, "args": launch.args, **_env("env", launch)}}}


def _vscode_remote(name: str, target: Remote) -> dict[str, Any]:
    """The token becomes an `inputs` prompt: VS Code asks once and keeps it in its secret storage, the file holds none."""
    entry: dict[str, Any] = {"type": "sse" if target.sse else "http", "url": target.url}
    document: dict[str, Any] = {"servers": {name: entry}}
    if target.token:
        entry["headers"] = {"Authorization": f"Bearer ${{input:{name}-token}}"}
        document["inputs"] = [{"type": "promptString", "id": f"{name}-token",
                               "description": f"Bearer token of the atdf-mcp server at {target.url}", "password": True}]
    return document


# What Gemini CLI 0.61 leaves out of a stdio server's `env` ("Blocked dangerous environment variable override", its
# BLOCKED_EXECUTION_ENVS, compared case-blind; lower case here); its own environment still reaches the server.
_GEMINI_BLOCKED_ENV = frozenset((
    "node_options", "node_cli_flags", "_force_node_options", "node_path", "electron_run_as_node", "pythonpath",
    "pythonstartup", "rubyopt", "rubylib", "perl5opt", "perl5lib", "ld_preload", "ld_audit", "ld_debug",
    "ld_profile", "ld_library_path", "dyld_insert_libraries", "dyld_force_flat_namespace", "dyld_library_path",
    "dyld_framework_path", "dyld_fallback_library_path", "dyld_fallback_framework_path", "bash_env", "env",
    "perl5db", "java_tool_options", "_java_options", "classpath", "dotnet_startup_hooks", "coreclr_profiler_path",
    "coreclr_enable_profiling"))
_GEMINI_TIMEOUT_MS = 600_000  # Gemini CLI's own session default; `gemini mcp list` waits only 5 s without it


def _gemini_local(name: str, launch: Launch) -> dict[str, Any]:
    """Gemini CLI's stdio entry, with `timeout` at its session default so that `gemini mcp list` waits for a cold start."""
    entry = {"command": launch.command, "args": launch.args, **_env("env", launch), "timeout": _GEMINI_TIMEOUT_MS}
    return {"mcpServers": {name: entry}}


def _gemini_remote(name: str, target: Remote) -> dict[str, Any]:
    """Gemini CLI: `httpUrl` for Streamable HTTP (read by every version); `url` with `"type": "sse"` for SSE, since 0.61
    reads a bare `url` as Streamable HTTP first (and its SSE fallback did not connect: "Disconnected" in `gemini mcp list`)."""
    entry = {"url": target.url, "type": "sse"} if target.sse else {"httpUrl": target.url}
    return {"mcpServers": {name: {**entry, **_headers("headers", target)}}}


def _codex_local(name: str, launch: Launch) -> dict[str, Any]:
    """Codex's stdio table, `required = true`: else (0.171) a turn starts once a short grace (under 0.5 s) has passed,
    without the tools of a server still starting (a cold Python start takes about 1 s), and `codex exec` has one turn."""
    return {"mcp_servers": {name: {"command": launch.command, "args": launch.args, "required": True, **_env("env", launch)}}}


def _codex_remote(name: str, target: Remote) -> dict[str, Any]:
    return {"mcp_servers": {name: {"url": target.url, **_headers("http_headers", target)}}}


_OPENCODE_SCHEMA = {"$schema": "https://opencode.ai/config.json"}


def _opencode_local(name: str, launch: Launch) -> dict[str, Any]:
    """OpenCode: one `command` array, the environment under `environment`."""
    entry = {"type": "local", "command": [launch.command, *launch.args], **_env("environment", launch)}
    return {**_OPENCODE_SCHEMA, "mcp": {name: entry}}


def _opencode_remote(name: str, target: Remote) -> dict[str, Any]:
    return {**_OPENCODE_SCHEMA, "mcp": {name: {"type": "remote", "url": target.url, **_headers("headers", target)}}}


_CLINE_TIMEOUT = 60  # seconds, Cline's documented default; its CLI gave an entry without it 3 s to initialize


def _cline_local(name: str, launch: Launch) -> dict[str, Any]:
    """Cline's stdio entry, with `timeout` so that its CLI waits for a cold start instead of leaving the tools out."""
    return {"mcpServers": {name: {"command": launch.command, "args": launch.args, **_env("env", launch), "timeout": _CLINE_TIMEOUT}}}


def _cline_remote(name: str, target: Remote) -> dict[str, Any]:
    entry = {"type": "sse" if target.sse else "streamableHttp", "url": target.url, **_headers("headers", target)}
    return {"mcpServers": {name: entry}}


def _continue_block(name: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A Continue config block: `mcpServers` is a list whose items carry their own `name`."""
    return {"name": name, "version": "0.0.1", "schema": "v1", "mcpServers": [{"name": name, **entry}]}


def _continue_local(name: str, launch: Launch) -> dict[str, Any]:
    return _continue_block(name, {"type": "stdio", "command": launch.command, "args": launch.args, **_env("env", launch)})


def _continue_remote(name: str, target: Remote) -> dict[str, Any]:
    options = {"requestOptions": {"headers": target.headers()}} if target.token else {}
    return _continue_block(name, {"type": "sse" if target.sse else "streamable-http", "url": target.url, **options})


_GOOSE_TIMEOUT = 300  # seconds, goose's own default for an extension


def _goose_local(name: str, launch: Launch) -> dict[str, Any]:
    """Goose's documented stdio shape: `cmd`, `args`, `envs` (values), `env_keys` (names kept in its secret store)."""
    entry = {"type": "stdio", "name": name, "enabled": True, "cmd": launch.command, "args": launch.args, "env_keys": [],
             "envs": dict(launch.env), "timeout": _GOOSE_TIMEOUT}
    return {"extensions": {name: entry}}


def _goose_remote(name: str, target: Remote) -> dict[str, Any]:
    """Goose's documented streamable_http shape: the URL is `uri`, not `url`."""
    entry = {"type": "streamable_http", "name": name, "enabled": True, "uri": target.url, "headers": target.headers(),
             "env_keys": [], "envs": {}, "timeout": _GOOSE_TIMEOUT}
    return {"extensions": {name: entry}}


_VSCODE_USER = "Code/User"
_CLINE_STORAGE = "globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json"

HOSTS: dict[str, Host] = {
    "vscode": Host(
        "VS Code (GitHub Copilot)", "https://code.visualstudio.com/docs/copilot/reference/mcp-configuration", "json",
        ("workspace: .vscode/mcp.json", f"macOS: ~/Library/Application Support/{_VSCODE_USER}/mcp.json",
         f"Linux: ~/.config/{_VSCODE_USER}/mcp.json", "Windows: %APPDATA%\\Code\\User\\mcp.json (or MCP: Open User Configuration)"),
        '"servers" (and "inputs")', _vscode_local, _vscode_remote, expands=(re.compile(r"\$\{"), "${...} variables")),
    "windsurf": Host(
        "Windsurf", "https://docs.windsurf.com/windsurf/cascade/mcp", "json",
        ("macOS/Linux: ~/.codeium/windsurf/mcp_config.json", "Windows: %USERPROFILE%\\.codeium\\windsurf\\mcp_config.json"),
        '"mcpServers"', *_cursor_style("mcpServers", url_key="serverUrl"),
        expands=(re.compile(r"\$\{(env|file):"), "${env:...} and ${file:...}")),
    "zed": Host(
        "Zed", "https://zed.dev/docs/ai/mcp", "json",
        ("project: .zed/settings.json", "macOS/Linux: ~/.config/zed/settings.json", "Windows: %APPDATA%\\Zed\\settings.json"),
        '"context_servers"', *_cursor_style("context_servers"), sse=False),
    "gemini-cli": Host(
        "Gemini CLI", "https://geminicli.com/docs/tools/mcp-server/", "json",
        ("project: .gemini/settings.json", "macOS/Linux: ~/.gemini/settings.json", "Windows: %USERPROFILE%\\.gemini\\settings.json"),
        '"mcpServers"', _gemini_local, _gemini_remote,
        expands=(re.compile(r"\$(\{|[A-Za-z_])"), "$VAR and ${VAR}"), drops_env=_GEMINI_BLOCKED_ENV),
    "codex": Host(
        "OpenAI Codex CLI", "https://developers.openai.com/codex/mcp", "toml",
        ("project (trusted): .codex/config.toml", "macOS/Linux: ~/.codex/config.toml", "Windows: %USERPROFILE%\\.codex\\config.toml"),
        "the [mcp_servers.NAME] tables", _codex_local, _codex_remote, sse=False, name_pattern=re.compile(r"[A-Za-z0-9_-]+"),
        note="to keep the token out of the file, replace http_headers by bearer_token_env_var = \"VAR\" and export VAR"),
    "opencode": Host(
        "OpenCode", "https://opencode.ai/docs/mcp-servers/", "json",
        ("project: opencode.json", "macOS/Linux: ~/.config/opencode/opencode.json",
         "Windows: %USERPROFILE%\\.config\\opencode\\opencode.json"),
        '"mcp"', _opencode_local, _opencode_remote,
        note="OpenCode 1 and 2 both read servers directly under \"mcp\" (OpenCode 2's own shape nests them under mcp.servers)",
        expands=(re.compile(r"\{(env|file):"), "{env:...} and {file:...}")),
    "cline": Host(
        "Cline", "https://docs.cline.bot/mcp/configuring-mcp-servers", "json",
        (f"macOS: ~/Library/Application Support/{_VSCODE_USER}/{_CLINE_STORAGE}", f"Linux: ~/.config/{_VSCODE_USER}/{_CLINE_STORAGE}",
         f"Windows: %APPDATA%\\Code\\User\\{_CLINE_STORAGE.replace('/', chr(92))}", "Cline CLI: ~/.cline/data/settings/cline_mcp_settings.json",
         "or: MCP Servers > Configure > Configure MCP Servers"),
        '"mcpServers"', _cline_local, _cline_remote),
    "continue": Host(
        "Continue", "https://docs.continue.dev/customize/deep-dives/mcp", "yaml",
        ("as a block file: .continue/mcpServers/NAME.yaml (this whole document; read by the VS Code and JetBrains extensions)",
         "or the item in config.yaml: ~/.continue/config.yaml (macOS/Linux), %USERPROFILE%\\.continue\\config.yaml (Windows);"
         " the `cn` CLI reads only this one (or its --config file)"),
        "the \"mcpServers\" list", _continue_local, _continue_remote, expands=(re.compile(r"\$\{\{"), "${{ secrets.X }}")),
    "goose": Host(
        "Goose", "https://goose-docs.ai/docs/guides/config-files", "yaml",
        ("macOS/Linux: ~/.config/goose/config.yaml", "Windows: %APPDATA%\\Block\\goose\\config\\config.yaml"),
        '"extensions"', _goose_local, _goose_remote, sse=False),  # "SSE is not supported" (its config-files guide)
    "lm-studio": Host(
        "LM Studio", "https://lmstudio.ai/docs/app/mcp", "json",
        ("macOS/Linux: ~/.lmstudio/mcp.json", "Windows: %USERPROFILE%\\.lmstudio\\mcp.json", "or: Program tab > Install > Edit mcp.json"),
        '"mcpServers"', *_cursor_style("mcpServers"), sse=False),
}


def check_name(host: str, name: str) -> None:
    """UsageError when `name` is not a server name `host` accepts."""
    pattern = HOSTS[host].name_pattern
    if pattern and not pattern.fullmatch(name):
        raise UsageError(f"--name {name!r}: {HOSTS[host].label} takes server names of letters, digits, '_' and '-' only")


def check_remote(host: str, remote: Remote) -> None:
    """UsageError when `host` cannot reach `remote` as given (an SSE URL for a host without that transport)."""
    if remote.sse and not HOSTS[host].sse:
        raise UsageError(f"{HOSTS[host].label} speaks Streamable HTTP only, not the legacy SSE transport: "
                         "give the server's /mcp URL (e.g. http://127.0.0.1:8000/mcp) instead of /sse")


def check_literal(host: str, values: dict[str, str]) -> None:
    """UsageError when the host would substitute variables inside one of `values` (what -> value) instead of passing it as given."""
    label, doc, expands = (FIRST_HOSTS[host][0], FIRST_HOSTS[host][1], _FIRST_EXPANDS.get(host)) if host in FIRST_HOSTS else (
        HOSTS[host].label, HOSTS[host].doc, HOSTS[host].expands)
    if expands is None:
        return
    pattern, syntax = expands
    for what, value in values.items():
        if pattern.search(value):
            shown = "the token" if what == "--auth-token" else repr(value)  # a secret is not echoed
            raise UsageError(f"{what}: {label} expands {syntax} in its config ({doc}), so {shown} would not reach "
                             "the server as written; use a value without it, or set the variable where the host runs")


def check_env_names(host: str, names: list[str]) -> None:
    """UsageError when `host` would leave one of the --env `names` out of the server's environment."""
    dropped = [name for name in names if host in HOSTS and name.lower() in HOSTS[host].drops_env]
    if dropped:
        label = HOSTS[host].label
        raise UsageError(f"--env {dropped[0]}: {label} leaves {dropped[0]} out of a server's env (it logs \"Blocked dangerous "
                         f"environment variable override\"), so it would not reach the server; set it in the environment "
                         f"{host.split('-')[0]} runs in (passed on to the servers it starts), or install atdf-mcp where the "
                         "command runs")


def render(host: str, document: dict[str, Any]) -> str:
    """`document` written in the host's file format (UsageError when it holds text that is not UTF-8)."""
    fmt = HOSTS[host].format
    text = utf8(json.dumps(document, indent=2, ensure_ascii=False) + "\n")  # YAML would escape a lone surrogate instead
    if fmt == "yaml":
        return yaml.dump(document, Dumper=_YamlDumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                         width=1000)
    return _toml(document) if fmt == "toml" else text


def utf8(text: str) -> str:
    """`text` as it is, or UsageError when it cannot be written as UTF-8 (a lone surrogate: a byte the shell passed that
    Python could not decode, in a name, a path or a value), since every host reads its file as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError("a name, path or value holds bytes that are not UTF-8 text (as the shell passed them), and the "
                         "host reads its configuration as UTF-8: give it in UTF-8, or rename the directory") from None
    return text


class _YamlDumper(yaml.SafeDumper):
    """PyYAML's safe dumper, writing a string that holds a character YAML reads as a line break double-quoted."""


_YAML_BREAKS = re.compile("[\x85\u2028\u2029]")  # written raw in a plain or single-quoted scalar, read back as folds


def _yaml_text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    """A string scalar; double-quoted (with YAML's escapes \\N, \\L, \\P) when it holds NEL or a line/paragraph separator."""
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"' if _YAML_BREAKS.search(value) else None)


_YamlDumper.add_representer(str, _yaml_text)


# Where the entries of the first three hosts (built in atdf_mcp.cli) go: label, doc, files, key.
FIRST_HOSTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "claude-desktop": ("Claude Desktop", "https://modelcontextprotocol.io/docs/develop/connect-local-servers",
                       ("macOS: ~/Library/Application Support/Claude/claude_desktop_config.json",
                        "Windows: %APPDATA%\\Claude\\claude_desktop_config.json", "or: Settings > Developer > Edit Config")),
    "claude-code": ("Claude Code", "https://docs.claude.com/en/docs/claude-code/mcp",
                    ("project: .mcp.json (\"Pending approval\" until `claude` runs there once, or until ~/.claude/settings.json"
                     " says \"enabledMcpjsonServers\": [\"NAME\"])",
                     "user: ~/.claude.json (or the `claude mcp add-json` command below)")),
    "cursor": ("Cursor", "https://cursor.com/docs/context/mcp",
               ("project: .cursor/mcp.json", "macOS/Linux: ~/.cursor/mcp.json", "Windows: %USERPROFILE%\\.cursor\\mcp.json")),
}


# What two of them substitute in command, args, env, url and headers (Claude Desktop's file is read as written).
_FIRST_EXPANDS: dict[str, tuple[re.Pattern[str], str]] = {
    "claude-code": (re.compile(r"\$\{"), "${VAR} and ${VAR:-default}"),
    "cursor": (re.compile(r"\$\{"), "${env:NAME}, ${userHome}, ${workspaceFolder} and the like"),
}


def add_json_command(name: str, entry: dict[str, Any]) -> str:
    """The `claude mcp add-json` command adding `entry` to the user scope, quoted for a POSIX shell (add-json takes the
    entry alone: the whole document gets "Invalid configuration: : Invalid input")."""
    compact = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    return f"claude mcp add-json --scope user {shlex.quote(name)} {shlex.quote(compact)}"


def where(host: str) -> str:
    """What `config HOST` says on stderr: the file on each OS and the key to merge the entry under."""
    if host in FIRST_HOSTS:
        label, doc, files = FIRST_HOSTS[host]
        key, fmt, note = '"mcpServers"', "json", ""
    else:
        spec = HOSTS[host]
        label, doc, files, key, fmt, note = spec.label, spec.doc, spec.files, spec.key, spec.format, spec.note
    lines = [f"atdf-mcp: merge this under {key} of {label}'s {fmt.upper()} file ({doc}):"]
    lines += [f"  {line}" for line in files] + ([f"atdf-mcp: {note}"] if note else [])
    return "\n".join(lines)


def _toml(document: dict[str, Any]) -> str:
    """TOML for `{table: {name: {key: str | list[str] | dict[str, str]}}}`, the shape of Codex's `mcp_servers`."""
    out: list[str] = []
    for table, servers in document.items():
        for name, entry in servers.items():
            tables = {key: value for key, value in entry.items() if isinstance(value, dict)}
            out.append(f"[{_toml_key(table)}.{_toml_key(name)}]")
            out += [f"{_toml_key(key)} = {_toml_value(value)}" for key, value in entry.items() if key not in tables]
            for key, values in tables.items():
                out += ["", f"[{_toml_key(table)}.{_toml_key(name)}.{_toml_key(key)}]"]
                out += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in values.items()]
    return "\n".join(out) + "\n"


def _toml_key(key: str) -> str:
    """A bare key when TOML allows one, else a quoted key."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_value(key)


def _toml_value(value: str | list[str] | bool) -> str:
    """A TOML boolean, basic string (JSON's escapes are TOML's; DEL, which JSON leaves raw, is escaped too) or array of strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
