"""A Spanish or Portuguese query word reaches the catalogue's terms its stem begins: the Iberian stemmers leave a verb
and its noun apart ("revisar": revis, "revisión": revision), so a request said with the verb missed the tool described
with the noun."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.search import SearchIndex
from atdf_mcp.server import build_server


def _tool(tool_id: str, description: str, es: str, pt: str) -> dict[str, Any]:
    """An ATDF 2 tool with Spanish and Portuguese descriptions."""
    return {"schema_version": "2.0.0", "tool_id": tool_id, "description": description, "when_to_use": "On a site visit.",
            "localization": {"es": {"description": es}, "pt": {"description": pt}},
            "how_to_use": {"inputs": [{"name": "station", "type": "string", "required": True}],
                           "outputs": {"success": "Done.", "failure": []}}}


STATIONS = [
    _tool("check_bait_station", "Records a station check: bait taken, catches and condition.",
          "Registra la revisión de un portacebos: cebo consumido, capturas y estado.",
          "Regista a verificação de um posto de isco: isco consumido, capturas e estado."),
    _tool("install_bait_station", "Installs a numbered bait station at a site.",
          "Instala un portacebos numerado en un local.", "Instala um posto de isco numerado num local."),
    _tool("remove_bait_station", "Removes a station from a site's plan.",
          "Retira un portacebos del plano de un local.", "Retira um posto de isco da planta de um local."),
]


@pytest.fixture
def stations(tmp_path: Path, write: Any) -> Path:
    """Three bait-station tools, es and pt texts included, served with progressive disclosure."""
    write("stations.json", STATIONS)
    write("atdf-mcp.yaml", "disclosure: progressive\n")
    return tmp_path


@pytest.mark.parametrize("query", ["revisar el portacebos", "hay que revisar los portacebos del almacén"])
def test_a_spanish_verb_finds_the_tool_its_noun_describes(stations: Path, query: str) -> None:
    index = SearchIndex.build(load_catalog(stations).tools)
    assert index.search(query, 3)[0].name == "check_bait_station"


def test_an_english_word_is_not_read_as_the_start_of_longer_terms(stations: Path) -> None:
    """English stems join inflections already; "station" does not also stand for "stations…" terms it begins."""
    index = SearchIndex.build(load_catalog(stations).tools)
    assert index.search("remove station", 1)[0].name == "remove_bait_station"


@pytest.mark.anyio
async def test_a_client_of_search_tools_gets_the_tool_for_a_spanish_verb(stations: Path) -> None:
    """Through the MCP client: "revisar" (revis) reaches "revisión" (revision) and ranks the check first."""
    async with Client(build_server(load_catalog(stations))) as client:
        found = await client.call_tool("search_tools", {"query": "quiero revisar un portacebos", "limit": 3})
    assert found.is_error is False
    assert found.structured_content["tools"][0]["name"] == "check_bait_station"
