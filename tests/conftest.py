"""Shared helpers: a `write` fixture for descriptor files and one valid sample per dialect and resource type."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
UPSTREAM = Path(__file__).parent.parent.parent / "shared" / "fixtures" / "upstream"

needs_upstream = pytest.mark.skipif(not UPSTREAM.is_dir(), reason="upstream fixtures not present (../shared/fixtures/upstream)")

Writer = Callable[..., Path]


def write_file(folder: Path, name: str, content: Any) -> Path:
    """Write `content` to `folder/name`: bytes and str as they are, anything else as JSON; return the path."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--slow` also runs the tests marked slow (the longer robustness runs)."""
    parser.addoption("--slow", action="store_true", default=False, help="also run the tests marked slow (longer robustness runs)")


def pytest_configure(config: pytest.Config) -> None:
    """Snapshot caches of the servers the tests start go to a folder of this run, never the user's cache."""
    os.environ["ATDF_MCP_CACHE_DIR"] = tempfile.mkdtemp(prefix="atdf-mcp-test-cache-")


def pytest_unconfigure(config: pytest.Config) -> None:
    """The run's cache folder goes with the run."""
    folder = os.environ.pop("ATDF_MCP_CACHE_DIR", None)
    if folder and Path(folder).name.startswith("atdf-mcp-test-cache-"):
        shutil.rmtree(folder, ignore_errors=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --slow, the tests marked slow are skipped with the reason."""
    if config.getoption("--slow"):
        return
    skip_slow = pytest.mark.skip(reason="a longer robustness run: pass --slow to run it")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


@pytest.fixture
def anyio_backend() -> str:
    """Every `@pytest.mark.anyio` test runs on asyncio: uvicorn's loop, and the HTTP dispatcher's client is bound to one loop."""
    return "asyncio"


@pytest.fixture(scope="module")
def demo_api() -> Iterator[str]:
    """The demo API of examples/demo_api on a free 127.0.0.1 port, for the bundled HTTP tools (point ATDF_DEMO_API at it)."""
    if str(ROOT) not in sys.path:  # `pytest` (unlike `python -m pytest`) does not put the project root on sys.path
        sys.path.insert(0, str(ROOT))
    from local_server import running

    from examples.demo_api import build_app

    with running(build_app()) as url:
        yield url


@pytest.fixture
def write(tmp_path: Path) -> Writer:
    """`write(name, obj_or_text)` writes a file under tmp_path (JSON for objects) and returns its path."""
    return lambda name, content: write_file(tmp_path, name, content)


# ---------------------------------------------------------------- one valid sample per dialect


def atdf1_tool(tool_id: str = "book_hotel") -> dict[str, Any]:
    """An ATDF 1.x tool: no required flags, no constraints (the format cannot express them)."""
    return {
        "schema_version": "1.0.0",
        "tool_id": tool_id,
        "description": "Books a hotel room in a city.",
        "when_to_use": "Use when the user wants to reserve a hotel room.",
        "how_to_use": {
            "inputs": [
                {"name": "city", "type": "string", "description": "City to stay in"},
                {"name": "nights", "type": "integer", "description": "Number of nights"},
            ],
            "outputs": {
                "success": "The room is booked.",
                "failure": [{"code": "NO_ROOMS", "description": "No room is free on those dates."}],
            },
        },
    }


def atdf2_tool(tool_id: str = "plan_trip") -> dict[str, Any]:
    """An ATDF 2.x tool whose inputs carry constraints in `schema` and explicit required flags."""
    return {
        "schema_version": "2.0.0",
        "tool_id": tool_id,
        "description": "Plans a trip between two dates.",
        "when_to_use": "Use when the user asks for an itinerary.",
        "metadata": {"version": "1.0.0", "author": "QA", "tags": ["travel"], "category": "travel"},
        "localization": {"es": {"description": "Planifica un viaje.", "when_to_use": "Úsala para itinerarios."}},
        "how_to_use": {
            "inputs": [
                {"name": "destination", "type": "string", "description": "Where to go", "required": True},
                {"name": "start", "type": "string", "description": "First day", "required": True, "schema": {"format": "date"}},
                {"name": "travellers", "type": "integer", "description": "How many people", "required": False,
                 "schema": {"minimum": 1, "maximum": 9, "default": 1}},
                {"name": "pace", "type": "string", "description": "Travel pace", "schema": {"enum": ["slow", "normal", "fast"]}},
            ],
            "outputs": {
                "success": "An itinerary.",
                "failure": [{"code": "UNKNOWN_PLACE", "description": "The destination is unknown."}],
            },
        },
        "examples": [
            {"goal": "A weekend in Rome", "input_values": {"destination": "Rome", "start": "2030-05-01", "travellers": 2},
             "expected_result": "A two-day itinerary."},
        ],
    }


def mcp_tool(name: str = "search_flights") -> dict[str, Any]:
    """An MCP tool object with enum, format, minimum/maximum and default in its inputSchema."""
    return {
        "name": name,
        "description": "Searches flights between two airports.\n\nWhen to use: the user wants to fly somewhere.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "origin": {"type": "string", "description": "IATA code of the departure airport", "minLength": 3, "maxLength": 3},
                "destination": {"type": "string", "description": "IATA code of the arrival airport"},
                "date": {"type": "string", "format": "date", "description": "Departure day"},
                "passengers": {"type": "integer", "minimum": 1, "maximum": 9, "default": 1},
                "cabin": {"type": "string", "enum": ["economy", "business", "first"], "default": "economy"},
            },
            "required": ["origin", "destination", "date"],
        },
        "examples": [{"name": "Madrid to Lima", "input": {"origin": "MAD", "destination": "LIM", "date": "2030-01-15"}}],
    }


def openakita_tool(name: str = "run_shell") -> dict[str, Any]:
    """An OpenAkita tool with every progressive-disclosure field."""
    return {
        "name": name,
        "description": "Runs a shell command.",
        "detail": "Runs the command in a sandbox and returns stdout, stderr and the exit code.",
        "triggers": ["the user asks to run a command", "a build step is needed"],
        "prerequisites": ["a sandbox is available", {"condition": "network is up", "check_tool": "ping_host"}],
        "input_schema": {
            "type": "object",
            "properties": {
                "command": {"type": "string", "description": "The command line"},
                "timeout": {"type": "integer", "minimum": 1, "maximum": 600, "default": 30},
                "shell": {"type": "string", "enum": ["bash", "sh"]},
            },
            "required": ["command"],
        },
        "examples": [{"scenario": "List files", "params": {"command": "ls -la"}, "expected": "A directory listing"}],
        "warnings": ["Commands can modify files."],
        "related_tools": [{"name": "read_file", "relation": "inspect output files"}],
        "category": "system",
    }


def ardf(resource_type: str, resource_id: str, content_type: str | None, data: dict[str, Any] | None, **extra: Any) -> dict[str, Any]:
    """An ARDF 1.0 resource with the given content (no content when content_type is None)."""
    doc: dict[str, Any] = {
        "schema_version": "1.0.0",
        "resource_id": resource_id,
        "resource_type": resource_type,
        "description": f"A sample {resource_type}.",
        "when_to_use": f"Use when a {resource_type} is needed.",
        **extra,
    }
    if content_type is not None:
        doc["content"] = {"type": content_type, "data": data or {}}
    return doc


def ardf_tool(resource_id: str = "create_appointment") -> dict[str, Any]:
    """An ARDF tool whose inputs carry JSON Schema keywords as extra keys."""
    return ardf("tool", resource_id, "tool/io", {
        "inputs": [
            {"name": "patient_id", "type": "string", "description": "Patient identifier", "required": True, "pattern": "^P[0-9]+$"},
            {"name": "day", "type": "string", "description": "Day of the visit", "required": True, "format": "date"},
            {"name": "duration", "type": "integer", "description": "Minutes", "minimum": 10, "maximum": 120, "default": 30},
            {"name": "kind", "type": "string", "description": "Visit kind", "enum": ["first", "follow-up"]},
        ],
        "outputs": {"success": "The appointment is booked.",
                    "failure": [{"code": "SLOT_TAKEN", "description": "That slot is taken.", "suggested_value": "10:30"}]},
    })


ARDF_CONTENT: dict[str, tuple[str | None, dict[str, Any] | None]] = {
    "prompt": ("prompt/template", {"role": "user", "input_variables": ["name"], "template_text": "Hello ${name}"}),
    "document": ("document/ref", {"access": "read-only", "format": "markdown", "endpoint": "https://example.org/guide.md"}),
    "workflow": ("workflow/steps", {"control_flow": "sequential", "steps": [
        {"step": "book", "description": "Book it", "tool_id": "create_appointment"}]}),
    "policy": ("policy/rules", {"rules": [{"id": "r1", "statement": "Never share data.", "effect": "deny"}]}),
    # A local model and a gRPC connector stay plain resources (HTTP ones also publish derived tools).
    "model": ("model/spec", {"interface": "local", "capabilities": ["classify"]}),
    "dataset": ("dataset/spec", {"schema": {"type": "object"}, "connector": "crm"}),
    "connector": ("connector/spec", {"interface": "grpc", "base_url": "grpc://crm.example.org:50051",
                                     "endpoints": [{"name": "list", "method": "ListContacts", "path": "/crm.Contacts/List"}]}),
    "custom": (None, None),
}


def ardf_resources() -> list[dict[str, Any]]:
    """One valid ARDF resource of every type; their cross references all resolve."""
    ids = {"prompt": "greet", "document": "guide", "workflow": "booking_flow", "policy": "privacy",
           "model": "classifier", "dataset": "contacts", "connector": "crm", "custom": "note"}
    return [ardf_tool()] + [ardf(kind, ids[kind], *ARDF_CONTENT[kind]) for kind in ids]


def all_samples() -> dict[str, Any]:
    """File name → content: every dialect, every ARDF resource type, an MCP `{"tools": [...]}` list."""
    files: dict[str, Any] = {
        "atdf1.json": atdf1_tool(),
        "atdf2.json": atdf2_tool(),
        "mcp.json": mcp_tool(),
        "mcp_list.json": {"tools": [mcp_tool("list_airports"), mcp_tool("get_weather")]},
        "openakita.json": openakita_tool(),
        "openakita_related.json": openakita_tool("read_file"),
    }
    for resource in ardf_resources():
        files[f"ardf_{resource['resource_type']}.json"] = resource
    return files


@pytest.fixture
def sample_dir(tmp_path: Path) -> Path:
    """A directory holding every sample of `all_samples()`; it loads without errors or warnings."""
    folder = tmp_path / "catalog"
    for name, content in all_samples().items():
        write_file(folder, name, content)
    return folder


@pytest.fixture(scope="session")
def redis_server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One real `redis-server` for the run (tests/redis_server.py); skipped with the reason when it is not installed."""
    from redis_server import MISSING, REDIS_SERVER, redis_server

    if REDIS_SERVER is None:
        pytest.skip(MISSING)
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture
def redis_url(redis_server_url: str) -> str:
    """The URL of the run's Redis, emptied for this test."""
    from redis_server import flush

    flush(redis_server_url)
    return redis_server_url
