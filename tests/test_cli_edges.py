"""The rough edges a newcomer hit with the command line, as they see them: real `atdf-mcp` subprocesses.

stdout carries only the machine output; a closed pipe ends quietly; a tool with no handler is reported;
every count agrees with the others and with what a client lists; `config --env`; `convert DIR`.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest
from conftest import ardf, ardf_tool, atdf1_tool, mcp_tool, write_file
from local_server import running, serve_over_http
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from atdf_mcp import load_catalog
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

NOISY_HANDLERS = '''
print("handlers.py: connecting to the database...")


def search_flights(**arguments):
    """Answer with the arguments."""
    return arguments
'''
CONNECTOR = ardf("connector", "crm", "connector/spec", {
    "interface": "http", "base_url": "https://crm.example.org/api",
    "endpoints": [{"name": "list_contacts", "method": "GET", "path": "/contacts"},
                  {"name": "get_contact", "method": "GET", "path": "/contacts/{id}"}]})


def cli(*args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m atdf_mcp ARGS` as a user would, capturing stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *map(str, args)], capture_output=True, text=True, timeout=120, cwd=cwd,
                          env={**os.environ, **(env or {})})


@pytest.fixture
def noisy_dir(tmp_path: Path) -> Path:
    """A catalogue whose handlers.py prints while it is imported."""
    folder = tmp_path / "noisy"
    write_file(folder, "flights.json", mcp_tool())
    write_file(folder, "handlers.py", NOISY_HANDLERS)
    return folder


# ---------------------------------------------------------------------------------------------
# Output: stdout is the report, nothing else


@pytest.mark.parametrize("command", [["validate", "--format", "json"], ["manifest"], ["convert", "--to", "ardf"]])
def test_stdout_carries_only_the_json_when_a_handler_module_prints(noisy_dir: Path, command: list[str]) -> None:
    """`validate --format json | jq` works although handlers.py prints on import: the print goes to stderr."""
    result = cli(*command[:1], noisy_dir, *command[1:])
    assert result.returncode == 0, result.stderr
    json.loads(result.stdout)  # the whole of stdout is one JSON document
    if command[0] == "validate":  # the only command that imports handler modules (to check the bindings)
        assert "connecting to the database" in result.stderr


def test_validate_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`atdf-mcp validate DIR | head -1`: no BrokenPipeError traceback, the status a shell shows for SIGPIPE."""
    write_file(tmp_path / "big", "many.json", [mcp_tool(f"bad name {i}") for i in range(1500)])  # ~1,500 error lines
    with subprocess.Popen([sys.executable, "-m", "atdf_mcp", "validate", tmp_path / "big"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # what `head -1` does after its line
        stderr = process.stderr.read()
        assert process.wait(60) == 141
    assert first.endswith("many.json (mcp)\n")
    assert stderr == ""


def test_validate_piped_to_head_in_a_shell(tmp_path: Path) -> None:
    """The same through a real shell pipeline, as typed."""
    write_file(tmp_path / "big", "many.json", [mcp_tool(f"bad name {i}") for i in range(1500)])
    run = subprocess.run(f"{sys.executable} -m atdf_mcp validate {tmp_path / 'big'} | head -2", shell=True, capture_output=True,
                         text=True, timeout=120)
    assert len(run.stdout.splitlines()) == 2
    assert "Traceback" not in run.stderr and "BrokenPipeError" not in run.stderr
    assert run.stderr == ""


# ---------------------------------------------------------------------------------------------
# Checks that report: a tool with no handler


def test_a_tool_without_a_handler_is_a_warning_strict_fails_on(tmp_path: Path) -> None:
    """No binding at all: `validate` warns NO_HANDLER, says how to bind one, and `--strict` exits 1."""
    write_file(tmp_path, "flights.json", mcp_tool())
    write_file(tmp_path, "legacy.json", atdf1_tool("book_hotel"))
    result = cli("validate", tmp_path)
    assert result.returncode == 0
    assert result.stdout.count("[NO_HANDLER]") == 2
    assert "'search_flights' has no handler" in result.stdout
    assert '"handler": "module:function"' in result.stdout and "search_flights() in handlers.py" in result.stdout
    assert "book_hotel: {handler:" in result.stdout  # ATDF 1.x cannot carry a handler key: the config file instead
    assert "2 warning(s)" in result.stdout.splitlines()[-1]
    assert cli("validate", "--strict", tmp_path).returncode == 1
    document = json.loads(cli("validate", "--format", "json", tmp_path).stdout)
    codes = [(p["code"], p["severity"]) for f in document["files"] for p in f["problems"]]
    assert codes == [("NO_HANDLER", "warning")] * 2


def test_binding_the_tool_clears_the_warning(tmp_path: Path) -> None:
    """Once handlers.py has the function, the catalogue is clean, even with --strict."""
    write_file(tmp_path, "flights.json", mcp_tool())
    write_file(tmp_path, "handlers.py", "def search_flights(**arguments):\n    return arguments\n")
    result = cli("validate", "--strict", tmp_path)
    assert result.returncode == 0, result.stdout
    assert result.stdout.endswith("0 error(s), 0 warning(s)\n")


# ---------------------------------------------------------------------------------------------
# Counts that agree


@pytest.fixture
def counted_dir(tmp_path: Path) -> Path:
    """Two tools (one with a Spanish copy), a connector generating two tools, a prompt and a workflow; all bound."""
    folder = tmp_path / "counted"
    write_file(folder, "hotel.json", atdf1_tool("book_hotel"))
    es = atdf1_tool("book_hotel") | {"description": "Reserva una habitación en una ciudad."}
    write_file(folder, "hotel_es.json", es)
    write_file(folder, "appointment.json", ardf_tool())
    write_file(folder, "crm.json", CONNECTOR)
    write_file(folder, "greet.json", ardf("prompt", "greet", "prompt/template",
                                          {"role": "user", "input_variables": ["name"], "template_text": "Hello ${name}"}))
    write_file(folder, "flow.json", ardf("workflow", "booking_flow", "workflow/steps",
                                         {"steps": [{"step": "book", "description": "Book it", "tool_id": "book_hotel"}]}))
    write_file(folder, "handlers.py", "def book_hotel(**a):\n    return a\n\n\ndef create_appointment(**a):\n    return a\n")
    return folder


def test_validate_text_and_json_give_the_same_counts(counted_dir: Path) -> None:
    """One descriptor per id, language copies and generated tools counted apart and labelled, in both formats."""
    text = cli("validate", counted_dir).stdout.splitlines()[-1]
    summary = json.loads(cli("validate", "--format", "json", counted_dir).stdout)["summary"]
    assert text == ("6 file(s), 7 descriptor(s) loaded (incl. 2 tool(s) generated from connector or model endpoints) "
                    "+ 1 language copy, 0 error(s), 0 warning(s)")
    assert summary == {"files": 6, "descriptors": 7, "language_copies": 1, "generated_tools": 2,
                       "by_type": {"connector": 1, "prompt": 1, "tool": 4, "workflow": 1}, "errors": 0, "warnings": 0, "info": 0, "ok": True}


@pytest.mark.anyio
async def test_the_serve_banner_counts_what_clients_list(counted_dir: Path, tmp_path: Path) -> None:
    """The start-up line's tools, prompts and resources are the lengths of tools/list, prompts/list and resources/list."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(counted_dir)])
    with (tmp_path / "stderr.txt").open("w+", encoding="utf-8") as errlog:
        with anyio.fail_after(60):
            async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
                tools = (await client.list_tools()).tools
                prompts = (await client.list_prompts()).prompts
                resources = (await client.list_resources()).resources
        errlog.seek(0)
        banner = errlog.read()
    assert len(prompts) == 3  # the prompt, the workflow published as a prompt, and catalog_overview
    assert f"serving {len(tools)} tools, {len(prompts)} prompts, {len(resources)} resources from" in banner
    assert "(0 error(s), 0 warning(s); 7 descriptor(s) by type: connector 1, prompt 1, tool 4, workflow 1; 1 language copy)" in banner


@pytest.mark.anyio
async def test_post_validate_counts_the_valid_descriptor_it_was_sent(tmp_path: Path) -> None:
    """POST /validate of one valid descriptor: summary.descriptors is 1; `count` stays the number of errors (upstream)."""
    write_file(tmp_path / "served", "flights.json", mcp_tool())
    app = build_app(CatalogServer(load_catalog(tmp_path / "served")), HttpOptions())
    with running(app) as url:
        async with httpx.AsyncClient(base_url=url, timeout=10) as http:
            valid = (await http.post("/validate", json=ardf_tool())).json()
            two = (await http.post("/validate", json={"tools": [mcp_tool("a"), mcp_tool("b")]})).json()
            broken = (await http.post("/validate", json=atdf1_tool("bad name"))).json()
    assert (valid["valid"], valid["count"], valid["summary"]["descriptors"], valid["summary"]["errors"]) == (True, 0, 1, 0)
    assert [d["id"] for d in valid["descriptors"]] == ["create_appointment"]
    assert (two["summary"]["descriptors"], len(two["descriptors"])) == (2, 2)
    assert (broken["valid"], broken["count"], broken["summary"]["descriptors"], broken["summary"]["errors"]) == (False, 1, 0, 1)


# ---------------------------------------------------------------------------------------------
# config --env


@pytest.mark.parametrize("client", ["claude-desktop", "claude-code", "cursor"])
def test_config_env_becomes_the_entrys_env_block(tmp_path: Path, client: str) -> None:
    """`--env KEY=VALUE` (repeatable; values may be empty or hold '=') lands in the entry's env block."""
    write_file(tmp_path / "cat", "flights.json", mcp_tool())
    result = cli("config", client, tmp_path / "cat", "--name", "fx", "--env", "FX_API_KEY=abc=123", "--env", "EMPTY=")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)["mcpServers"]["fx"]
    assert entry["env"] == {"FX_API_KEY": "abc=123", "EMPTY": ""}
    assert entry["args"][-2:] == ["serve", str((tmp_path / "cat").resolve())]
    assert entry.get("type") == ("stdio" if client == "claude-code" else None)


@pytest.mark.parametrize("bad", ["NOEQUALS", "=value", "1ABC=x", "MY-KEY=x"])
def test_config_env_with_bad_syntax_is_a_usage_error(tmp_path: Path, bad: str) -> None:
    """Anything but KEY=VALUE with a shell-style KEY: exit 2 with the expected form, nothing on stdout."""
    write_file(tmp_path / "cat", "flights.json", mcp_tool())
    result = cli("config", "claude-desktop", tmp_path / "cat", "--env", bad)
    assert result.returncode == 2
    assert "expected KEY=VALUE" in result.stderr
    assert result.stdout == ""


def test_config_env_with_a_url_client_that_launches_nothing_is_refused() -> None:
    """Claude Code and Cursor connect to --url themselves: there is no process to give an environment to."""
    result = cli("config", "cursor", "--url", "http://127.0.0.1:8000/mcp", "--env", "A=1")
    assert result.returncode == 2 and "--env" in result.stderr
    bridge = json.loads(cli("config", "claude-desktop", "--url", "http://127.0.0.1:8000/mcp", "--env", "HTTPS_PROXY=http://proxy:3128").stdout)
    assert bridge["mcpServers"]["atdf-mcp"]["env"] == {"HTTPS_PROXY": "http://proxy:3128"}


@pytest.mark.anyio
async def test_the_configured_env_reaches_the_handlers(tmp_path: Path) -> None:
    """Launched exactly as the printed entry says, the server's handlers read the variables given with --env."""
    folder = tmp_path / "fx"
    write_file(folder, "rate.json", {"name": "show_key", "description": "Shows the configured key.",
                                     "inputSchema": {"type": "object", "properties": {}}})
    write_file(folder, "handlers.py", "import os\n\n\ndef show_key():\n    return os.environ.get('FX_API_KEY', 'unset')\n")
    entry = json.loads(cli("config", "claude-desktop", folder, "--name", "fx", "--env", "FX_API_KEY=s3cret").stdout)["mcpServers"]["fx"]
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env={"PYTHONPATH": os.getcwd(), **entry["env"]})
    with (tmp_path / "stderr.txt").open("w") as errlog, anyio.fail_after(60):
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            result = await client.call_tool("show_key", {})
    assert result.content[0].text == "s3cret"


# ---------------------------------------------------------------------------------------------
# convert DIR


def test_convert_a_directory_prints_a_list_of_every_descriptor(counted_dir: Path) -> None:
    """`convert DIR --to ardf`: one valid ARDF document per descriptor; generated tools are carried by their connector."""
    result = cli("convert", counted_dir, "--to", "ardf")
    assert result.returncode == 0, result.stderr
    documents = json.loads(result.stdout)
    assert sorted(d["resource_id"] for d in documents) == ["book_hotel", "booking_flow", "create_appointment", "crm", "greet"]
    assert all(SCHEMAS["ardf"].violations(d) == [] for d in documents)
    assert "left out 1 language copy" in result.stderr and "--out-dir" in result.stderr


def test_convert_a_directory_to_atdf2_writes_connector_endpoints_as_tools(counted_dir: Path) -> None:
    """ATDF 2.x has no connectors: their generated tools are converted; the prompt, workflow and connector are skipped, said so."""
    result = cli("convert", counted_dir, "--to", "atdf2")
    assert result.returncode == 0, result.stderr
    documents = json.loads(result.stdout)
    assert sorted(d["tool_id"] for d in documents) == ["book_hotel", "create_appointment", "crm__get_contact", "crm__list_contacts"]
    assert all(SCHEMAS["atdf2"].violations(d) == [] for d in documents)
    assert result.stderr.count("atdf-mcp: skipped: only tools can be written as ATDF 2.x") == 3


def test_convert_several_paths_at_once(tmp_path: Path) -> None:
    """Files and directories mixed, as `validate` takes them."""
    a = write_file(tmp_path, "a/one.json", mcp_tool("one"))
    write_file(tmp_path, "b/two.json", mcp_tool("two"))
    write_file(tmp_path, "b/three.json", mcp_tool("three"))
    result = cli("convert", a, tmp_path / "b", "--to", "atdf2")
    assert result.returncode == 0, result.stderr
    assert sorted(d["tool_id"] for d in json.loads(result.stdout)) == ["one", "three", "two"]


def test_convert_out_dir_writes_one_file_per_descriptor_that_validate_accepts(counted_dir: Path, tmp_path: Path) -> None:
    """`--out-dir DIR`: ID.json per descriptor, language copies as ID_LANG.json; the folder validates with no error."""
    out = tmp_path / "ardf"
    result = cli("convert", counted_dir, "--to", "ardf", "--out-dir", out)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == ["book_hotel.json", "book_hotel_es.json", "booking_flow.json", "create_appointment.json", "crm.json", "greet.json"]
    assert sorted(Path(line).name for line in result.stdout.splitlines()) == names
    assert json.loads((out / "book_hotel_es.json").read_text())["description"] == "Reserva una habitación en una ciudad."
    check = cli("validate", "--format", "json", out)
    summary = json.loads(check.stdout)["summary"]
    assert (summary["errors"], summary["descriptors"], summary["language_copies"], summary["generated_tools"]) == (0, 7, 1, 2)


def test_convert_reports_bad_files_and_converts_the_rest(tmp_path: Path) -> None:
    """A broken file in the directory: its problem on stderr, the others converted, exit 1."""
    write_file(tmp_path, "good.json", mcp_tool("good"))
    write_file(tmp_path, "bad.json", {"tool_id": "x"})
    result = cli("convert", tmp_path, "--to", "ardf")
    assert result.returncode == 1
    assert json.loads(result.stdout)["resource_id"] == "good"
    assert re.search(r"bad\.json.*'description' is a required property", result.stderr)


# ---------------------------------------------------------------------------------------------
# serve --help says what the token protects


TOKEN_ROUTES = [("POST", "/mcp", "/mcp"), ("GET", "/sse", "/sse"), ("POST", "/messages/", "/messages/"),
                ("GET", "/get_tool", "/get_tool"), ("POST", "/call_tool/search_flights", "/call_tool"),
                ("GET", "/callback/x", "/callback"), ("POST", "/cancel/x", "/cancel"), ("GET", "/task/x", "/task"),
                ("POST", "/validate", "POST /validate"), ("POST", "/reset", "/reset"), ("GET", "/reset", "/reset"),
                ("GET", "/metrics", "/metrics"), ("POST", "/explore/call/search_flights", "/explore/call"),
                ("GET", "/tools", "/tools"), ("GET", "/resources/tool/search_flights", "/resources"), ("GET", "/manifest", "/manifest"),
                ("GET", "/search?q=flight", "/search"), ("GET", "/validate", "GET and POST /validate"), ("GET", "/", "explorer")]


def test_serve_help_names_every_route_the_token_protects(tmp_path: Path) -> None:
    """`serve --help` on --auth-token names each route a server started with it answers 401 without the token (the
    README's Security list): the Agent Tool Service routes, /metrics, the explorer and the read-only REST routes included."""
    helped = " ".join(cli("serve", "--help").stdout.split())
    start = helped.index("--auth-token AUTH_TOKEN", helped.index("options:"))
    said = helped[start:helped.index("--oauth-issuer URL", start)]
    write_file(tmp_path / "served", "flights.json", mcp_tool())
    with serve_over_http(tmp_path / "served", "--auth-token", "s3cret") as (_, url, _log):
        statuses = {(method, path): httpx.request(method, url + path, json={}, timeout=10).status_code
                    for method, path, _shown in TOKEN_ROUTES}
    assert statuses == {(method, path): 401 for method, path, _shown in TOKEN_ROUTES}
    assert [shown for _method, _path, shown in TOKEN_ROUTES if shown not in said] == []
