"""Envelopes and descriptions in the request's language: `_meta.lang` of the call, `Accept-Language`, the session's
`_meta.lang` (initialize), `--lang`; English otherwise (atdf_mcp.l10n)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp.types as types
import pytest
from conftest import write_file
from envelopes import envelope_of, upstream_violations
from local_server import running, stop_process
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from test_languages import catalogue, spanish_copy

from atdf_mcp import load_catalog
from atdf_mcp.envelope import enriched
from atdf_mcp.l10n import messages, negotiate, translated
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

ROOT = Path(__file__).parent.parent
DESCRIPTORS = ROOT / "descriptors"
FIRST_CLASS_HOP = {"origin": "MAD", "destination": "BCN", "departure_date": "2030-05-02", "cabin": "first"}  # travel-001 blocks it
NO_CABIN = {"origin": "MAD", "destination": "BCN", "departure_date": "2030-05-02", "cabin": "sofa"}  # not one of the cabins
CALLS = {"unknown": ("fligt_booking", {}), "validation": ("flight_booking", NO_CABIN), "policy": ("flight_booking", FIRST_CLASS_HOP)}
CODES = {"unknown": "TOOL_NOT_FOUND", "validation": "VALIDATION_ERROR", "policy": "POLICY_DENIED"}


def _messages_script() -> Any:
    spec = importlib.util.spec_from_file_location("messages_script", ROOT / "scripts" / "messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_in(lang: str, entry: dict[str, Any], english: dict[str, Any]) -> None:
    """`entry` is `english` told in `lang`: its title and solution are the catalogue's, its detail differs; codes, names
    and values do not change."""
    assert entry["code"] == english["code"]
    assert entry["parameter_name"] == english["parameter_name"] and entry["suggested_value"] == english["suggested_value"]
    catalogue_ = messages(lang)
    assert english["title"] in catalogue_, english["title"]
    assert entry["title"] == catalogue_[english["title"]] != english["title"]
    assert entry["detail"] != english["detail"]
    assert entry["context"]["solution"] != english["context"]["solution"]
    assert entry["context"].get("suggested_arguments") == english["context"].get("suggested_arguments")
    assert SCHEMAS["error"].violations({"status": "error", "errors": [entry]}) == []


def first(result: types.CallToolResult) -> dict[str, Any]:
    """The first entry of a failed call's envelope (checked against the bundled and the upstream schemas)."""
    return envelope_of(result)["errors"][0]


# ---------------------------------------------------------------------------------------------
# the catalogues


def test_every_marked_text_has_a_spanish_and_a_portuguese_translation() -> None:
    """A `_()` text, or a code's title, that a catalogue lacks fails here: run `python scripts/messages.py` and translate it."""
    assert _messages_script().missing() == {}


def test_a_new_text_without_translations_is_reported(tmp_path: Path) -> None:
    """The check sees a text only a new module marks, in every language."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "new.py").write_text('from atdf_mcp.l10n import gettext as _\n\nTEXT = _("A text no catalogue has yet.")\n')
    lacking = _messages_script().missing(package)
    assert lacking == {"es": ["A text no catalogue has yet."], "pt": ["A text no catalogue has yet."]}


def test_placeholders_survive_translation() -> None:
    """Each translation keeps its English text's `{placeholders}`, so `.format` fills it the same way."""
    import re

    for lang in ("es", "pt"):
        for english, text in messages(lang).items():
            assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", english)), (lang, english)


@pytest.mark.parametrize(("header", "expected"), [
    ("es", "es"), ("pt-BR", "pt-BR"), ("fr;q=0.9, pt-BR;q=0.8, es;q=0.5", "pt-BR"), ("de, es;q=0.9", "es"),
    ("es;q=0, pt;q=0.1", "pt"), ("*", None), ("", None), ("xx, yy", None), ("es;q=0.5, pt;q=0.5", "es")])
def test_accept_language_honours_quality_values(header: str, expected: str | None) -> None:
    """The tag of highest quality atdf-mcp speaks; equal qualities keep the header's order; q=0 means "not this one"."""
    assert negotiate(header, {"es", "pt"}) == expected


# ---------------------------------------------------------------------------------------------
# over stdio: a real `atdf-mcp serve` subprocess and the SDK client


@pytest.mark.anyio
async def test_per_call_language_over_stdio() -> None:
    """`_meta.lang` of one call chooses its envelope's language; the calls around it stay English."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(DESCRIPTORS)])
    with anyio.fail_after(60):
        async with Client(stdio_client(params), mode="legacy") as client:
            english = {k: first(await client.call_tool(*call)) for k, call in CALLS.items()}
            spanish = {k: first(await client.call_tool(*call, meta={"lang": "es"})) for k, call in CALLS.items()}
            portuguese = {k: first(await client.call_tool(*call, meta={"lang": "pt-BR"})) for k, call in CALLS.items()}
            again = first(await client.call_tool(*CALLS["unknown"]))
    for kind in CALLS:
        assert english[kind]["code"] == CODES[kind]
        check_in("es", spanish[kind], english[kind])
        check_in("pt", portuguese[kind], english[kind])
    assert spanish["unknown"]["detail"] == "Este servidor no publica ninguna herramienta llamada 'fligt_booking'."
    assert spanish["unknown"]["context"]["solution"] == "Llama a 'flight_booking' en su lugar."
    assert portuguese["policy"]["detail"].startswith("A política 'corporate_travel_policy', regra 'travel-001', recusa esta chamada:")
    assert again == {**english["unknown"], "instance": again["instance"]}


def _rpc(process: subprocess.Popen[str], message: dict[str, Any]) -> dict[str, Any] | None:
    process.stdin.write(json.dumps(message) + "\n")  # type: ignore[union-attr]
    process.stdin.flush()  # type: ignore[union-attr]
    if "id" not in message:
        return None
    while True:
        line = process.stdout.readline()  # type: ignore[union-attr]
        assert line, "the server closed stdout"
        answer = json.loads(line)
        if answer.get("id") == message["id"]:
            return answer


def test_session_language_from_initialize_meta_over_stdio() -> None:
    """MCP has no locale field: a client names its session's language in `_meta.lang` of initialize. It beats --lang; a
    call's own `_meta.lang` beats it."""
    process = subprocess.Popen([sys.executable, "-m", "atdf_mcp", "serve", str(DESCRIPTORS), "--lang", "es"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        _rpc(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}, "_meta": {"lang": "pt"}}})
        _rpc(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        session = _rpc(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "fligt_booking", "arguments": {}}})
        call = _rpc(process, {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                              "params": {"name": "fligt_booking", "arguments": {}, "_meta": {"lang": "en"}}})
    finally:
        process.stdin.close()  # type: ignore[union-attr]
        process.wait(30)
        stop_process(process)
    assert session is not None and call is not None
    titles = [json.loads(answer["result"]["content"][0]["text"])["errors"][0]["title"] for answer in (session, call)]
    assert titles == ["Ferramenta desconhecida", "Unknown tool"]


@pytest.mark.anyio
async def test_lang_option_is_the_default_and_a_call_beats_it_over_stdio() -> None:
    """`serve --lang es`: envelopes in Spanish; a call naming pt, or an unknown language (then --lang), as said."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(DESCRIPTORS), "--lang", "es"])
    with anyio.fail_after(60):
        async with Client(stdio_client(params), mode="legacy") as client:
            process = first(await client.call_tool(*CALLS["unknown"]))
            call = first(await client.call_tool(*CALLS["unknown"], meta={"lang": "pt"}))
            unknown = first(await client.call_tool(*CALLS["unknown"], meta={"lang": "xx"}))
    assert (process["title"], call["title"], unknown["title"]) == ("Herramienta desconocida", "Ferramenta desconhecida",
                                                                   "Herramienta desconocida")


@pytest.mark.anyio
async def test_descriptions_follow_the_call_language_with_todays_fallback(tmp_path: Path) -> None:
    """tools/list with `_meta.lang`: the Spanish copy's texts and Spanish labels; pt (no copy): default texts, pt labels."""
    folder = catalogue(tmp_path / "c", spanish_copy())
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder)])
    with anyio.fail_after(60):
        async with Client(stdio_client(params), mode="legacy") as client:
            default = {t.name: t for t in (await client.list_tools()).tools}
            spanish = {t.name: t for t in (await client.list_tools(meta={"lang": "es"})).tools}
            portuguese = {t.name: t for t in (await client.list_tools(meta={"lang": "pt"})).tools}
            prompts = {p.name: p for p in (await client.list_prompts(meta={"lang": "es"})).prompts}
            projected = json.loads((await client.read_resource("ardf://tool/drill")).contents[0].text)
    assert "When to use:" in default["drill"].description and "Drills a hole." in default["drill"].description
    assert "Perfora un agujero." in spanish["drill"].description and "Cuándo usar:" in spanish["drill"].description
    assert "Drills a hole." in portuguese["drill"].description and "Quando usar:" in portuguese["drill"].description
    assert spanish["drill"].input_schema["properties"]["depth"]["description"] == "Profundidad en mm"
    assert "greet" in prompts
    assert projected["localization"]["es"] == {"description": "Perfora un agujero.", "when_to_use": "Cuando hace falta un agujero."}
    assert SCHEMAS["ardf"].violations(projected) == []


@pytest.mark.anyio
async def test_a_declared_failure_is_described_in_the_copy_of_the_call_language(tmp_path: Path) -> None:
    """A handler's declared failure takes its title from the descriptor in the call's language: the Spanish copy's
    description of TOO_DEEP under `_meta.lang` es, the base's otherwise; the solution is atdf-mcp's, translated."""
    copy = spanish_copy()
    copy["how_to_use"]["outputs"]["failure"] = [{"code": "TOO_DEEP", "description": "Demasiado profundo para la broca."}]
    folder = catalogue(tmp_path / "c", copy)
    write_file(folder, "handlers.py", "from atdf_mcp import ToolError\n\n\ndef drill(depth, material='wood'):\n"
               "    raise ToolError('TOO_DEEP', 'Depth ' + str(depth) + ' is past the bit.', parameter='depth', suggested_value=40)\n\n\n"
               "def tidy():\n    return None\n")
    params = StdioServerParameters(command=sys.executable, args=["-m", "atdf_mcp", "serve", str(folder)])
    with anyio.fail_after(60):
        async with Client(stdio_client(params), mode="legacy") as client:
            english = first(await client.call_tool("drill", {"depth": 90}))
            spanish = first(await client.call_tool("drill", {"depth": 90}, meta={"lang": "es"}))
    assert (english["code"], english["title"]) == ("TOO_DEEP", "Too deep for the bit.")
    assert (spanish["code"], spanish["title"]) == ("TOO_DEEP", "Demasiado profundo para la broca.")
    assert spanish["detail"] == english["detail"] == "Depth 90 is past the bit."  # the handler's own words
    assert (english["context"]["solution"], spanish["context"]["solution"]) == ("Retry with depth = 40.", "Reintenta con depth = 40.")


# ---------------------------------------------------------------------------------------------
# over HTTP: uvicorn on 127.0.0.1


@pytest.fixture(scope="module")
def bundled() -> CatalogServer:
    """The bundled catalogue, served."""
    return CatalogServer(load_catalog(DESCRIPTORS))


@pytest.mark.anyio
async def test_accept_language_over_streamable_http_and_the_call_beats_it(bundled: CatalogServer) -> None:
    """Accept-Language on /mcp chooses the language of every envelope; a call's `_meta.lang` beats the header."""
    with running(build_app(bundled, HttpOptions())) as base:
        async with (httpx.AsyncClient(headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"}, timeout=30) as http,
                    Client(streamable_http_client(f"{base}/mcp", http_client=http), mode="legacy") as client):
            header = {k: first(await client.call_tool(*call)) for k, call in CALLS.items()}
            call = first(await client.call_tool(*CALLS["validation"], meta={"lang": "es"}))
        async with Client(streamable_http_client(f"{base}/mcp"), mode="legacy") as client:
            english = {k: first(await client.call_tool(*call)) for k, call in CALLS.items()}
    for kind in CALLS:
        check_in("pt", header[kind], english[kind])
    check_in("es", call, english["validation"])


@pytest.mark.anyio
async def test_accept_language_over_sse(bundled: CatalogServer) -> None:
    """The legacy SSE transport: the header of the client's requests chooses the envelopes' language."""
    with running(build_app(bundled, HttpOptions())) as base:
        async with Client(sse_client(f"{base}/sse", headers={"Accept-Language": "es-ES,es;q=0.9"}), mode="legacy") as client:
            spanish = first(await client.call_tool(*CALLS["policy"]))
            portuguese = first(await client.call_tool(*CALLS["policy"], meta={"lang": "pt"}))
    assert spanish["title"] == "Denegado por una política" and portuguese["title"] == "Negado por uma política"


@pytest.mark.anyio
async def test_accept_language_on_the_rest_and_ats_routes(bundled: CatalogServer) -> None:
    """POST /call_tool (ATS) and its refusals, a body that is not JSON and a path nothing serves answer in the header's
    language; the envelopes validate against the bundled and upstream schemas."""
    with running(build_app(bundled, HttpOptions())) as base:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            answers = {}
            for lang in ("en", "es;q=0.9, en;q=0.1", "pt"):
                headers = {"Accept-Language": lang}
                answers[lang[:2]] = [await http.post("/call_tool/flight_booking", json=FIRST_CLASS_HOP, headers=headers),
                                     await http.post("/call_tool/fligt_booking", json={}, headers=headers),
                                     await http.post("/call_tool/flight_booking", content=b"{cabin", headers=headers),
                                     await http.get("/nothing/here", headers=headers)]
    for lang in ("es", "pt"):
        for response, english in zip(answers[lang], answers["en"], strict=True):
            assert response.status_code == english.status_code
            env, en = response.json(), english.json()
            assert SCHEMAS["error"].violations(env) == [] and upstream_violations(env, enriched(env)) == []
            assert env["errors"][0]["code"] == en["errors"][0]["code"]
            assert env["errors"][0]["title"] == translated(en["errors"][0]["title"], lang) != en["errors"][0]["title"]
    assert [r.json()["errors"][0]["code"] for r in answers["es"]] == ["POLICY_DENIED", "TOOL_NOT_FOUND", "INVALID_JSON", "NOT_FOUND"]
    assert answers["es"][3].json()["errors"][0]["detail"] == "No se sirve nada en /nothing/here."


def test_tools_list_in_another_language_is_built_once_and_cached(tmp_path: Path) -> None:
    """The default listing is the one built at load; a language asked for is built on first use, then reused; the
    regional tag of a language the catalogue has no texts for shares its base language's listing."""
    app = CatalogServer(load_catalog(catalogue(tmp_path / "c", spanish_copy())))
    default = app.view_in(None)
    assert default.published is app.snapshot.published
    spanish = app.view_in(None, call="es")
    assert spanish.published is not app.snapshot.published and spanish.published.lang == "es"
    assert app.view_in(None, call="es-MX").published is spanish.published
    assert app.view_in(None, call="es") is spanish
    assert app.view_in(None, call="xx").published is app.snapshot.published  # unknown: the next choice (here: the default)


def test_the_guards_answer_in_the_header_language(bundled: CatalogServer) -> None:
    """Refusals made before any route (a Host the server does not answer to, a missing bearer token) are told in the
    request's Accept-Language too, as ATDF envelopes in JSON-RPC errors."""
    with running(build_app(bundled, HttpOptions(auth_token="s3cret"))) as base:
        host = httpx.post(f"{base}/mcp", headers={"Host": "evil.example", "Accept-Language": "pt-BR"}, json={}, timeout=30)
        token = httpx.post(f"{base}/mcp", headers={"Accept-Language": "es"}, timeout=30,
                           json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    entries = [response.json()["error"]["data"]["errors"][0] for response in (host, token)]
    assert (host.status_code, token.status_code) == (421, 401)
    assert [e["code"] for e in entries] == ["INVALID_HOST", "AUTHENTICATION_ERROR"]
    assert entries[0]["detail"] == "Este servidor não responde ao Host 'evil.example'."
    assert entries[1]["title"] == "Autenticación necesaria"
    for response in (host, token):
        assert SCHEMAS["error"].violations(response.json()["error"]["data"]) == []
