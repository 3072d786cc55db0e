"""A twenty-ninth probe from outside: descriptors found in the wild, round six — real files loaded verbatim.

Two gaps the earlier rounds left open (a blank translation that silently fell back to the default text, BFCL's
`response` kept but not read as the tool's output schema), then tool files kept in public repositories, copied as
their authors wrote them (a minimal copy when large), loaded by the real loader, rewritten by `fix`, and listed and
called with the MCP SDK's client over stdio. Each test is built from a real file's shape (the source is named in its
docstring) and kept so it stays fixed. tests/test_outside_inputs*.py hold the earlier probes'.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import write_file
from loader_views import client_view, messages_of, problems_of

from atdf_mcp import load_catalog
from atdf_mcp.fix import canonical_bytes


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `atdf-mcp ARGS` as a user does, in a real subprocess."""
    return subprocess.run([sys.executable, "-m", "atdf_mcp", *args], capture_output=True, text=True, timeout=120)


# ---------------------------------------------------------------- 0a. a blank translation

BLANK_TRANSLATIONS = [
    {"schema_version": "2.0.0", "tool_id": "atdf2_hello", "description": "Say hello.", "when_to_use": "To greet.",
     "how_to_use": {"inputs": [], "outputs": {"success": "ok", "failure": []}},
     "localization": {"es": {"description": "", "when_to_use": "Para saludar."},
                      "pt": {"description": "Diga olá.", "when_to_use": "  \n"}}},
    {"schema_version": "1.0.0", "resource_id": "ardf_hello", "resource_type": "tool", "description": "Say hello.",
     "when_to_use": "To greet.",
     "content": {"type": "tool/io", "data": {"inputs": [], "outputs": {"success": "ok"}}},
     "localization": {"es": {"description": "\t"}, "pt-BR": {"description": "Diga olá.", "when_to_use": ""}}},
    {"schema_version": "2.0.0", "tool_id": "atdf2_fine", "description": "Say bye.", "when_to_use": "To part.",
     "how_to_use": {"inputs": [], "outputs": {"success": "ok", "failure": []}},
     "localization": {"es": {"description": "Decir adiós.", "when_to_use": "Para despedirse."}}},
]


@pytest.mark.anyio
async def test_a_blank_translation_is_reported_at_its_place_and_the_default_is_served(tmp_path: Path) -> None:
    """A localization whose description or when_to_use is empty or only whitespace was loaded without a word: an
    empty one fell back to the default text (English for a Spanish client, nothing said), and one of whitespace was
    served as is (a Portuguese client read a blank when_to_use). Each is an EMPTY_DESCRIPTION warning at its JSON
    pointer naming the language and the field; both serve the default text; the tools are still listed, `fix` leaves
    the text alone (a translation cannot be invented) and `validate --strict` fails on it."""
    folder = tmp_path / "l10n"
    path = write_file(folder, "tools.json", BLANK_TRANSLATIONS)
    found = {(p, s) for _, p, s, code in problems_of(folder) if code == "EMPTY_DESCRIPTION"}
    assert found == {("/0/localization/es/description", "warning"), ("/0/localization/pt/when_to_use", "warning"),
                     ("/1/localization/es/description", "warning"), ("/1/localization/pt-BR/when_to_use", "warning")}, found
    messages = messages_of(folder, "EMPTY_DESCRIPTION")
    assert any("'es'" in m and "description" in m and "'atdf2_hello'" in m and "empty" in m for m in messages), messages
    assert any("'pt'" in m and "when_to_use" in m and "whitespace" in m for m in messages), messages
    assert all("default" in m for m in messages), messages
    catalog = load_catalog(folder)
    tools = {d.id: d for d in catalog.descriptors}
    assert tools["atdf2_hello"].text("when_to_use", "pt") == "To greet."  # not the blank
    assert tools["atdf2_hello"].text("description", "es") == "Say hello."
    assert tools["atdf2_hello"].text("when_to_use", "es") == "Para saludar."
    assert tools["ardf_hello"].text("when_to_use", "pt-BR") == "To greet."
    view = await client_view(folder)
    assert {"atdf2_hello", "ardf_hello", "atdf2_fine"} <= set(view["tools"])
    fixed = canonical_bytes(path.read_bytes())
    assert fixed is None or b'"description": ""' in fixed  # fix does not make a translation up
    strict = cli("validate", "--strict", str(folder))
    assert strict.returncode == 1 and "EMPTY_DESCRIPTION" in strict.stdout, strict.stdout
