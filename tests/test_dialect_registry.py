"""The dialect registry: every dialect says how to read, write and point into its format, and the writers round-trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

import pytest
from conftest import ROOT, all_samples, ardf, write_file

from atdf_mcp import Catalog, Descriptor, load_catalog
from atdf_mcp.dialects import DIALECT, DIALECTS, READERS, WRITERS, Dialect, ReadOptions, register, resolve, writer
from atdf_mcp.model import Dialect as DialectName
from atdf_mcp.model import Source
from atdf_mcp.schemas import SCHEMAS

# Every dialect names these; the others (inputs or input_schema, prerequisites, steps...) only where it has them.
COMMON_POINTERS = ("id", "description", "output_schema", "examples", "example_input")


def catalogues(tmp_path: Path) -> list[Catalog]:
    """The bundled descriptors, the as-written fixtures and one sample of every dialect and ARDF resource type."""
    samples = tmp_path / "samples"
    for name, content in all_samples().items():
        write_file(samples, name, content)
    return [load_catalog(ROOT / "descriptors"), load_catalog(ROOT / "tests" / "fixtures"), load_catalog(samples)]


def every_descriptor(tmp_path: Path) -> list[Descriptor]:
    """Every descriptor those catalogues serve (the tools derived from connectors and models included)."""
    found = [d for catalog in catalogues(tmp_path) for d in catalog.descriptors]
    assert {d.dialect for d in found} == set(DIALECTS)
    return found


def read_back(name: str, document: dict[str, Any]) -> Descriptor:
    """A written document read by its dialect's reader."""
    return DIALECT[name].read(document, Source.build(file="written.json", pointer="", dialect=name), ReadOptions())


def contract(d: Descriptor) -> dict[str, Any]:
    """What a client relies on: names, texts, inputs (required or not), failure codes and example arguments."""
    return {
        "id": d.id,
        "type": d.type,
        "description": d.description,
        "inputs": [(i.name, i.required, i.type) for i in d.inputs],
        "properties": sorted((d.input_schema or {}).get("properties") or {}),
        "failures": [f.code for f in d.failures],
        "examples": [e.input if isinstance(e.input, dict) else {} for e in d.examples],
    }


def untitled(schema: dict[str, Any] | None) -> dict[str, Any]:
    """An input schema without its properties' descriptions (a writer fills in those its format requires)."""
    schema = dict(schema or {})
    schema["properties"] = {n: {k: v for k, v in p.items() if k != "description"} for n, p in (schema.get("properties") or {}).items()}
    return schema


def test_every_dialect_registers_a_reader_its_pointers_and_its_versions() -> None:
    """Each dialect of the model has a registered reader and names where its common fields are written."""
    assert set(DIALECTS) == set(get_args(DialectName))
    for name, dialect in DIALECT.items():
        assert dialect.name == name and READERS[name] is dialect.read
        for key in COMMON_POINTERS:
            assert key in dialect.pointers, (name, key)
        assert "inputs" in dialect.pointers or "input_schema" in dialect.pointers, name
        for key, pointer in dialect.pointers.items():
            assert key == "example_input" or pointer.startswith("/"), (name, key, pointer)
    assert DIALECT["ardf"].supports("1.0.0") and not DIALECT["ardf"].supports("2.0.0")
    assert DIALECT["atdf2"].supports("2.1") and not DIALECT["atdf1"].supports("3.0.0")
    assert DIALECT["mcp"].supports("anything")


def test_registering_a_dialect_twice_is_refused() -> None:
    """A second dialect under a registered name is an error, never a silent replacement."""
    with pytest.raises(ValueError, match="'ardf' is already registered"):
        register(Dialect("ardf", "ARDF", READERS["ardf"], {}))


def test_writer_names_the_writable_dialects() -> None:
    """ARDF and ATDF 2.x have writers; asking for another dialect's says which ones can be written."""
    assert set(WRITERS) == {"ardf", "atdf2"}
    with pytest.raises(KeyError, match="writable: atdf2, ardf"):
        writer("mcp")


def test_pointers_lead_to_the_fields_each_descriptor_wrote(tmp_path: Path) -> None:
    """In every served descriptor, the dialect's pointers lead to its id, its examples and its input schema or inputs."""
    for d in every_descriptor(tmp_path):
        dialect = DIALECT[d.dialect]
        assert resolve(d.raw, dialect.id_pointer(d.raw)) == d.id, (d.dialect, d.id)
        assert resolve(d.raw, dialect.pointers["description"]) is not None, d.id
        if d.examples:
            assert isinstance(resolve(d.raw, dialect.pointers["examples"]), list), d.id
        if d.type == "tool":
            pointer, verbatim = dialect.input_pointer(d.raw)
            assert isinstance(resolve(d.raw, pointer), dict if verbatim else list), (d.dialect, d.id, pointer)


def test_every_writer_round_trips_the_bundled_and_sample_descriptors(tmp_path: Path) -> None:
    """write → the target schema accepts it → read → the same contract, for every descriptor a writer takes."""
    checked = 0
    for d in every_descriptor(tmp_path):
        for name in WRITERS:
            if not DIALECT[name].can_write(d.type):
                continue
            document = writer(name)(d)
            assert SCHEMAS[name].violations(document) == [], (name, d.id)
            again = read_back(name, document)
            assert contract(again) == contract(d), (name, d.dialect, d.id)
            if d.dialect == name:  # written as it was read: the same normalized descriptor
                ignored = {"source", "raw", "inputs", "input_schema"}  # inputs: compared below, as the schema requires texts
                assert again.model_dump(exclude=ignored) == d.model_dump(exclude=ignored), d.id
                assert untitled(again.input_schema) == untitled(d.input_schema), d.id
            checked += 1
    assert checked > 40


def test_a_derived_tool_is_the_ardf_tool_an_author_would_write(tmp_path: Path) -> None:
    """Each tool a connector or model publishes serves a valid ARDF document; that document loaded as a hand-written
    file gives the very same tool: the same schema, binding (base URL included), annotations and examples."""
    derived = [d for d in load_catalog(ROOT / "descriptors").descriptors if "derived_from" in d.metadata]
    assert {d.id for d in derived} >= {"travel_api__list_currencies", "review_sentiment__invoke"}
    for tool in derived:
        assert SCHEMAS["ardf"].violations(tool.raw) == [], tool.id
        folder = tmp_path / tool.id
        write_file(folder, "tool.json", tool.raw)
        by_hand = load_catalog(folder, bind=False)  # its own folder has no atdf-mcp.yaml allowing private networks
        assert by_hand.report.errors == [], by_hand.report.errors
        assert by_hand.descriptors[0].model_dump(exclude={"source"}) == tool.model_dump(exclude={"source"}), tool.id
    travel = next(d for d in derived if d.id == "travel_api__list_currencies")
    assert travel.binding["_base"] == travel.raw["content"]["data"]["base_url"]


def test_a_connector_endpoint_that_deletes_is_destructive_whatever_the_connector_metadata_says(tmp_path: Path) -> None:
    """A derived tool's annotations come from its HTTP method, not from hints the connector itself carries."""
    connector = ardf("connector", "notes", "connector/spec", {
        "interface": "http", "base_url": "https://notes.example/api",
        "endpoints": [{"name": "drop", "method": "DELETE", "path": "/notes/{id}"}],
    })
    connector["metadata"] = {"readOnlyHint": True, "owner": "team"}
    write_file(tmp_path, "notes.json", connector)
    tool = next(d for d in load_catalog(tmp_path).descriptors if d.id == "notes__drop")
    assert tool.hints["annotations"] == {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True,
                                         "openWorldHint": True}
    assert tool.metadata == {"owner": "team", "derived_from": "ardf://connector/notes"}
    assert json.loads(json.dumps(tool.raw))["content"]["data"]["method"] == "DELETE"
