"""What keeps a large catalogue small in memory reads the same data: shared strings, key-sharing models, lean listings."""

from __future__ import annotations

import json
from pathlib import Path

import mcp.types as types

from atdf_mcp import load_catalog
from atdf_mcp.files import decode_bytes
from atdf_mcp.lean import lean
from atdf_mcp.model import Descriptor

ROOT = Path(__file__).resolve().parent.parent
JSON_FILES = sorted(p for folder in ("descriptors", "tests/fixtures", "bench/corpus", "bench/search_corpus")
                    for p in (ROOT / folder).rglob("*.json"))


def test_every_json_file_of_the_repository_decodes_as_json_loads_reads_it() -> None:
    """The shared-string parser gives the very data json.loads gives (ints stay ints, floats floats, key order kept)."""
    assert len(JSON_FILES) > 50
    compared = 0
    for path in JSON_FILES:
        data = path.read_bytes()
        try:
            expected = json.loads(data.decode("utf-8-sig"))
        except ValueError:
            continue  # a fixture that is meant to be broken: its report is tested elsewhere
        assert json.dumps(decode_bytes(data)) == json.dumps(expected), path
        compared += 1
    assert compared > 50


def test_keys_and_short_values_are_one_object_across_files() -> None:
    """Two files decoded apart share their keys and short strings; a long text is not kept in any cache."""
    first = decode_bytes(b'{"resource_type": "tool", "description": "' + b"x" * 100 + b'"}')
    second = decode_bytes(b'{"resource_type": "tool", "description": "' + b"x" * 100 + b'"}')
    assert first == second
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert first["resource_type"] is second["resource_type"]
    assert first["description"] is not second["description"]


def test_numbers_and_refusals_match_json() -> None:
    """Big integers, exponents, -0 and floats read as json.loads reads them; NaN, overflows and lone surrogates are refused."""
    text = b'{"big": 123456789012345678901234567890, "e": 1.5e300, "neg": -0, "f": 0.1, "small": 5e-324, "t": true}'
    assert json.dumps(decode_bytes(text)) == json.dumps(json.loads(text))
    for bad in (b'{"a": NaN}', b'{"a": 1e400}', b'{"a": 1E+400}', b'{"a": ' + b"9" * 310 + b".5}", b'{"a": "\\ud800"}',
                b'{"a": 1,}'):
        assert type(decode_bytes(bad)).__name__ == "DecodeFailure", bad


def test_descriptors_and_listing_entries_are_equal_to_what_pydantic_builds(tmp_path: Path) -> None:
    """A descriptor built field by field equals pydantic's own copy of it, and a lean listing entry equals the validated one."""
    catalog = load_catalog(ROOT / "descriptors")
    for d in catalog.descriptors:
        assert Descriptor.model_construct(**dict(d)) == d
        assert d.model_copy() == d and d.model_dump() == Descriptor.model_construct(**dict(d)).model_dump()
    listed = catalog.published.list_tools.tools  # type: ignore[union-attr]
    for tool in listed:
        fresh = types.Tool.model_validate(tool.model_dump(by_alias=True, exclude_unset=True))
        assert tool == fresh
        assert tool.model_dump_json(by_alias=True, exclude_none=True) == fresh.model_dump_json(by_alias=True, exclude_none=True)
        assert tool.model_fields_set == fresh.model_fields_set


def test_a_copy_of_a_lean_model_does_not_change_the_others() -> None:
    """Lean models share their fields set; a model_copy with an update gets its own, so no other model sees the change."""
    a = lean(types.Tool.model_validate({"name": "a", "inputSchema": {"type": "object"}}))
    b = lean(types.Tool.model_validate({"name": "b", "inputSchema": {"type": "object"}}))
    assert a.model_fields_set is b.model_fields_set
    changed = a.model_copy(update={"title": "A"})
    assert "title" in changed.model_fields_set and "title" not in b.model_fields_set
    assert b.model_dump(exclude_unset=True, by_alias=True) == {"name": "b", "inputSchema": {"type": "object"}}
