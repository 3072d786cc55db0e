"""The search index behind `search_tools`: a real bm25s index over real descriptors (the bundled demo catalogue)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from atdf_mcp import load_catalog
from atdf_mcp.model import Descriptor
from atdf_mcp.search import Hit, SearchIndex

DEMO = Path(__file__).parent.parent / "descriptors"


@pytest.fixture(scope="module")
def demo() -> tuple[Descriptor, ...]:
    """The bundled demo catalogue's tools (every dialect, some with `es` texts)."""
    return load_catalog(DEMO).tools


@pytest.fixture(scope="module")
def index(demo: tuple[Descriptor, ...]) -> SearchIndex:
    return SearchIndex.build(demo)


def names(hits: list[Hit]) -> list[str]:
    return [h.name for h in hits]


def test_a_name_part_finds_the_tool(index: SearchIndex) -> None:
    hits = index.search("weather forecast")
    assert hits[0].name == "weather_forecast"
    assert hits[0].description == "Gets the daily weather forecast (high, low, conditions) for a city, for up to 7 days from today."
    assert all(a.score >= b.score > 0 for a, b in itertools.pairwise(hits))


def test_camel_case_names_are_split(write, tmp_path: Path) -> None:
    write("crm.json", {"tools": [
        {"name": "getInvoiceById", "description": "Returns one record.", "inputSchema": {"type": "object", "properties": {}}},
        {"name": "listHTTPRoutes", "description": "Returns the records.", "inputSchema": {"type": "object", "properties": {}}},
        {"name": "create_ticket", "description": "Opens a record.", "inputSchema": {"type": "object", "properties": {}}},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("invoice", 1)) == ["getInvoiceById"]
    assert names(index.search("http routes", 1)) == ["listHTTPRoutes"]


def test_openakita_trigger_text_is_searched(index: SearchIndex) -> None:
    # Only search_hotels's triggers speak of "where they could stay" and "room types".
    assert names(index.search("where could I stay, compare room types", 1)) == ["search_hotels"]


def test_openakita_detail_is_searched(index: SearchIndex) -> None:
    # "taxes included" appears only in search_hotels's `detail`.
    assert index.search("taxes included", 1)[0].name == "search_hotels"


def test_a_spanish_query_finds_the_tool_with_es_text(index: SearchIndex, demo: tuple[Descriptor, ...]) -> None:
    flight = next(d for d in demo if d.id == "flight_booking")
    assert "es" in flight.localization
    hits = index.search("reservar un vuelo de ida y vuelta entre dos aeropuertos")
    assert hits[0].name == "flight_booking"


def test_level_one_line_is_in_the_index_language(demo: tuple[Descriptor, ...]) -> None:
    hit = SearchIndex.build(demo, lang="es").search("vuelo", 1)[0]
    assert hit.name == "flight_booking"
    assert hit.description == ("Reserva un vuelo de ida o de ida y vuelta entre dos aeropuertos para hasta 9 pasajeros y "
                               "devuelve el itinerario y la tarifa.")


def test_expansion_table_reaches_a_synonym(write, tmp_path: Path) -> None:
    schema = {"type": "object", "properties": {}}
    write("pay.json", {"tools": [
        {"name": "refund_payment", "description": "Refunds a captured payment to the card.", "inputSchema": schema},
        {"name": "capture_payment", "description": "Captures an authorised payment.", "inputSchema": schema},
        {"name": "send_email", "description": "Sends an email to one recipient.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert index.search("undo the charge", 1)[0].name == "refund_payment"
    assert index.search("mail the customer", 1)[0].name == "send_email"
    assert index.search("enviar un correo", 1)[0].name == "send_email"  # Spanish words, English-only tool


def test_allowed_restricts_and_still_fills_the_limit(index: SearchIndex, demo: tuple[Descriptor, ...]) -> None:
    query = "hotel flight city"
    best = index.search(query, 3)
    allowed = frozenset(d.id for d in demo) - set(names(best))
    restricted = index.search(query, 3, allowed=allowed)
    assert len(restricted) == 3
    assert set(names(restricted)) <= allowed
    assert names(restricted) == names(index.search(query, 6))[3:]  # the next three, in the same order
    assert index.search("hotel", 5, allowed=[]) == []
    assert names(index.search("hotel", 5, allowed=["search_hotels"])) == ["search_hotels"]


def test_incremental_rebuild_ranks_as_a_full_build(demo: tuple[Descriptor, ...]) -> None:
    first = SearchIndex.build(demo)
    tools = list(demo)
    i = next(i for i, d in enumerate(tools) if d.id == "unit_converter")
    tools[i] = tools[i].model_copy(update={"description": "Converts temperatures and hotel distances."})
    tools.pop(0)
    rebuilt = SearchIndex.build(tools, previous=first)
    full = SearchIndex.build(tools)
    assert len(rebuilt) == len(full) == len(demo) - 1
    for query in ("hotel distances", "weather", "book a flight", "convert temperature", "reservar vuelo", "currency"):
        assert rebuilt.search(query, 10) == full.search(query, 10)
    assert "unit_converter" in names(rebuilt.search("hotel distances"))
    assert "unit_converter" not in names(first.search("hotel distances"))  # the old index is untouched


def test_empty_query_and_unknown_words_give_nothing(index: SearchIndex) -> None:
    assert index.search("") == []
    assert index.search("   \n") == []
    assert index.search("the of and") == []  # stop words only
    assert index.search("zzqx") == []
    assert len(SearchIndex.build([])) == 0
    assert SearchIndex.build([]).search("hotel") == []


def test_ties_are_ordered_by_name(write, tmp_path: Path) -> None:
    same = {"description": "Exports the ledger.", "inputSchema": {"type": "object", "properties": {}}}
    write("dup.json", {"tools": [{"name": n, **same} for n in ("zeta_tool", "alpha_tool", "mid_tool")]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    hits = index.search("ledger", 5)
    assert names(hits) == ["alpha_tool", "mid_tool", "zeta_tool"]
    assert len({h.score for h in hits}) == 1
    assert index.search("ledger", 2) == hits[:2]


def test_a_rebuild_tokenizes_only_the_changed_tools(demo: tuple[Descriptor, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    import atdf_mcp.search as search

    first = SearchIndex.build(demo)
    seen: list[str] = []
    count = search._count
    monkeypatch.setattr(search, "_count", lambda tools, *rest: seen.extend(d.id for d in tools) or count(tools, *rest))
    tools = list(demo)
    tools[0] = tools[0].model_copy(update={"description": "Edited."})
    SearchIndex.build(tools, previous=first)
    assert seen == [tools[0].id]


def test_a_portuguese_query_reaches_an_english_only_tool_through_the_table(write, tmp_path: Path) -> None:
    schema = {"type": "object", "properties": {}}
    write("files.json", {"tools": [
        {"name": "delete_file", "description": "Deletes a file from the drive.", "inputSchema": schema},
        {"name": "upload_file", "description": "Uploads a file to the drive.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert index.search("apagar um arquivo", 1)[0].name == "delete_file"


def test_an_english_query_is_not_stemmed_as_spanish(write, tmp_path: Path) -> None:
    # Stemmed as Spanish, "pager" becomes "pag" (pagar, to pay) and would reach the payment tools.
    schema = {"type": "object", "properties": {}}
    write("ops.json", {"tools": [
        {"name": "charge_card", "description": "Charges a card payment.", "inputSchema": schema},
        {"name": "acknowledge_alert", "description": "Acknowledges a firing alert so on-call stops escalating.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("silence the pager for this alert")) == ["acknowledge_alert"]
    assert names(index.search("pagar con la tarjeta", 1)) == ["charge_card"]


def test_pronouns_and_auxiliaries_do_not_rank_a_tool_but_particles_do(write, tmp_path: Path) -> None:
    schema = {"type": "object", "properties": {}}
    write("acct.json", {"tools": [
        {"name": "list_invoices", "description": "Lists the invoices of an account.", "inputSchema": schema},
        {"name": "get_profile", "description": "Shows you what your profile says; you can edit it from here.",
         "inputSchema": schema},
        {"name": "sign_out", "description": "Signs the user out of every session.", "inputSchema": schema},
        {"name": "sign_in", "description": "Signs the user in with a password.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("can you show me my invoices", 1)) == ["list_invoices"]
    assert names(index.search("sign me out", 1)) == ["sign_out"]  # "out" is kept: it makes the request


def test_on_is_indexed_so_turn_on_is_not_turn_off(write, tmp_path: Path) -> None:
    # A query keeps the particle "on" (a phrasal verb's meaning); the tools' names and texts keep it too, as they keep
    # "off", so "turn on" ranks turn_on_lights above its neighbour turn_off_lights (the shorter text).
    schema = {"type": "object", "properties": {"room": {"type": "string"}}}
    write("home.json", {"tools": [
        {"name": "turn_on_lights", "description": "Switches on the lights of a room, optionally at a brightness level.",
         "inputSchema": schema},
        {"name": "turn_off_lights", "description": "Switches off the lights of one room.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("turn on the kitchen lights", 1)) == ["turn_on_lights"]
    assert names(index.search("turn off the kitchen lights", 1)) == ["turn_off_lights"]


def test_a_portuguese_query_takes_its_table_words_in_full(write, tmp_path: Path) -> None:
    # "pasta" (folder) stems like English "past": the table's translation, counted in full, outweighs the accident.
    schema = {"type": "object", "properties": {"parent": {"type": "string", "description": "The folder to create it in."}}}
    write("drive.json", {"tools": [
        {"name": "create_folder", "description": "Creates a folder.", "inputSchema": schema},
        {"name": "list_past_events", "description": "Lists past events.", "inputSchema": {"type": "object", "properties": {}}},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("uma pasta", 1)) == ["create_folder"]
    assert names(index.search("past events", 1)) == ["list_past_events"]


def test_feedback_brings_the_best_tools_close_relatives(write, tmp_path: Path) -> None:
    # retire_certificate says none of the query's words, but shares the best tool's own vocabulary.
    schema = {"type": "object", "properties": {}}
    write("certs.json", {"tools": [
        {"name": "rotate_signing_cert", "description": "Rotates a signing cert: issues a fresh certificate and retires "
         "the old certificate.", "inputSchema": schema},
        {"name": "retire_certificate", "description": "Retires a certificate at once.", "inputSchema": schema},
        {"name": "send_email", "description": "Sends an email to one recipient.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    hits = index.search("rotate signing cert", 5)
    assert names(hits) == ["rotate_signing_cert", "retire_certificate"]
    assert hits[0].score > 3 * hits[1].score  # a relative, well below the tool the query names


def test_letters_joined_are_read_as_the_initials_of_a_tools_words(write, tmp_path: Path) -> None:
    # "p&l" is two single letters, which no index holds: they are the initials of "profit (and) loss".
    schema = {"type": "object", "properties": {}}
    write("fin.json", {"tools": [
        {"name": "build_profit_and_loss_statement", "description": "Builds the income statement of a period.",
         "inputSchema": schema},
        {"name": "export_general_ledger", "description": "Exports the ledger of a period.", "inputSchema": schema},
        {"name": "plot_sales", "description": "Plots the sales of a period.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    hits = index.search("p&l")
    assert names(hits)[0] == "build_profit_and_loss_statement"
    assert all(hits[0].score > 3 * h.score for h in hits[1:])  # the others only through feedback ("period")
    assert names(index.search("P/L for the period", 1)) == ["build_profit_and_loss_statement"]
    assert index.search("x&y") == []  # initials no tool's words have
    hits = index.search("sales e.g. by region")  # "e.g." is not read as the initials of "export general"
    assert names(hits)[0] == "plot_sales" and all(hits[0].score > 3 * h.score for h in hits[1:])


def test_an_unknown_short_word_may_be_the_initials_of_a_title(write, tmp_path: Path) -> None:
    schema = {"type": "object", "properties": {}}
    write("hr.json", {"tools": [
        {"name": "set_auto_reply", "title": "Out of office reply", "description": "Turns the automatic reply on.",
         "inputSchema": schema},
        {"name": "request_leave", "title": "Request paid time off", "description": "Asks a manager for days off.",
         "inputSchema": schema},
        {"name": "send_reply", "description": "Replies to a message.", "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("ooo", 1)) == ["set_auto_reply"]  # out of office: every word's initial
    assert names(index.search("ask for pto next week", 1)) == ["request_leave"]  # paid time off
    assert index.search("sr") == []  # two letters would be the initials of too many pairs ("send reply"): no guess
    assert names(index.search("s/r", 1)) == ["send_reply"]  # unless joined: then they are initials for sure


def test_an_unknown_word_stands_for_the_few_terms_it_begins(write, tmp_path: Path) -> None:
    schema = {"type": "object", "properties": {}}
    write("ops.json", {"tools": [
        {"name": "update_configuration", "description": "Updates the service's settings.", "inputSchema": schema},
        {"name": "update_profile", "description": "Updates the user's settings.", "inputSchema": schema},
        {"name": "list_projects", "description": "Lists the projects, products, programs, processes and promotions.",
         "inputSchema": schema},
    ]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    hits = index.search("update the config")
    assert names(hits)[0] == "update_configuration" and hits[0].score > hits[1].score
    assert index.search("pro") == []  # begins project, product, program, process, promotion... (too many to mean one)
    assert names(index.search("settings")) == ["update_configuration", "update_profile"]  # a known word is only itself


def _mcp(name: str, description: str) -> dict[str, object]:
    """An MCP tool with no input."""
    return {"name": name, "description": description, "inputSchema": {"type": "object", "properties": {}}}


def test_a_misspelt_inflected_word_is_compared_stemmed_too(write, tmp_path: Path) -> None:
    """"libary" found nothing: a typo was compared only as written with the catalogue's stems, and "library" is
    indexed as "librari" (two edits away); compared stemmed as well ("libari", one edit), it finds the library tool.
    A word near nothing still finds nothing."""
    write("library.json", {"tools": [_mcp("renew_loan", "Extends the due date of a library loan."),
                                     _mcp("book_room", "Books a meeting room for a time slot."),
                                     _mcp("weigh_parcel", "Reads the scale under a parcel.")]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("libary", 5)) == ["renew_loan"]
    assert index.search("xylophonist", 5) == []


def test_two_query_words_written_as_one_in_the_catalogue_find_it(write, tmp_path: Path) -> None:
    """"tag out the press" never reached the tool that says "tagout": each word was searched alone, and "tag" and "out"
    found the tools that use them apart. Two neighbouring query words are now searched joined as well when the
    catalogue uses the joined word (and the joined word is not a stem of either part, as "vuelo ida" → vuel is)."""
    write("shop.json", {"tools": [_mcp("lockout_machine", "Records a lockout or tagout of a press before work on it."),
                                  _mcp("label_photo", "Adds a tag to a photo."),
                                  _mcp("check_out_item", "Lends an item out.")]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("tag out the press", 1)) == ["lockout_machine"]


def test_a_hyphenated_query_word_finds_the_tool_that_writes_it_as_one(write, tmp_path: Path) -> None:
    """"re-run the failed workflow run" ranked gh_cancel_workflow_run above gh_rerun_workflow (bench/search_blind6): "re"
    is an English stop word, so it was dropped before two neighbouring words were tried joined, and the query was
    searched as "run workflow run". A word written with a hyphen is tried joined too, whatever its parts are."""
    write("billing.json", {"tools": [_mcp("send_invoice", "Sends an invoice to the customer by email."),
                                     _mcp("resend_invoice", "Sends the invoice again."),
                                     _mcp("void_invoice", "Voids an invoice sent by mistake.")]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("re-send the invoice", 1)) == ["resend_invoice"]
    assert names(index.search("send the invoice", 1)) == ["send_invoice"]


def test_an_agents_framing_of_its_query_is_not_searched(write, tmp_path: Path) -> None:
    """Agents write search_tools queries as "tool to ...", "find a tool that can ...", "is there an API to ...": the
    framing's words ranked a tool that has "tool" in its name, and every find_*/search_* tool, above the one asked for
    (bench/search_blind4; every labelled query so framed lost recall@5 on each set). The framing is not searched, and
    is reported as left out; "tool" as what a request is about is still searched."""
    from atdf_mcp.search import ignored_words

    write("desk.json", {"tools": [_mcp("check_in_guest", "Checks a guest in at the front desk and encodes the key cards."),
                                  _mcp("check_tool_calibration", "Whether a torque wrench or a gauge of the tool crib is in calibration."),
                                  _mcp("find_reservation", "Finds a reservation by guest name or dates.")]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    for framing in ("tool to ", "find a tool that can ", "Is there an API to ", "capability: ", "a function that lets me ",
                    "Which tool should I use to ", "I'm looking for a tool that can "):
        assert names(index.search(framing + "check a guest in", 1)) == ["check_in_guest"], framing
    assert names(index.search("tool calibration", 1)) == ["check_tool_calibration"]
    assert names(index.search("find a reservation", 1)) == ["find_reservation"]
    assert {"find", "tool"} <= set(ignored_words("find a tool that can check a guest in"))
    assert "tool" not in ignored_words("tool calibration")


def test_a_misspelt_word_outweighs_a_common_word_spelt_right(write, tmp_path: Path) -> None:
    """"perscription status" ranked set_room_status first: the typo's reading scored a quarter of a word spelt right,
    so "status" alone won; a long word is now read with more trust. A misspelling that keeps the final e its stem drops
    ("chnage": change is indexed "chang") was compared with one letter too many and read as nothing; it is compared
    without the e as well (bench/search_blind4's typos)."""
    write("ops.json", {"tools": [
        _mcp("get_prescription_status", "Whether a prescription is received, being filled, ready for pickup or waiting on insurance."),
        _mcp("fill_prescription", "Dispenses a prescription: checks the script, counts and labels the medication."),
        _mcp("transfer_prescription", "Transfers a prescription to or from another pharmacy."),
        _mcp("set_room_status", "Sets a room's housekeeping status: dirty, clean, inspected, out of order."),
        _mcp("submit_change_order", "Prices and submits a change to the contract scope for the owner's approval."),
        _mcp("order_raw_materials", "Orders malt, hops, yeast or cans from a supplier.")]})
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("perscription status", 1)) == ["get_prescription_status"]
    assert names(index.search("chnage", 1)) == ["submit_change_order"]


def _atdf2(tool_id: str, description: str, es: str) -> dict[str, object]:
    """An ATDF 2 tool with a Spanish description and no input."""
    return {"schema_version": "2.0.0", "tool_id": tool_id, "description": description, "when_to_use": description,
            "localization": {"es": {"description": es, "when_to_use": es}},
            "how_to_use": {"inputs": [], "outputs": {"success": "Done.", "failure": []}}}


def test_a_spanish_word_whose_stem_only_collides_with_a_table_word_is_not_translated_by_it(write, tmp_path: Path) -> None:
    """"guardería" (a nursery) stems as Spanish to "guard", the stem of the table's "guardar" (save, export), and that
    group, counted in full in a Spanish query, ranked the export tools above the enrolment one. A Spanish or Portuguese
    word now reaches a group only through every Iberian stemmer (Portuguese keeps "guarderi"), or written as the
    table writes it ("férias")."""
    write("tools.json", [
        _atdf2("enroll_child", "Enrols a child in a room with start date, attendance days and allergies.",
               "Inscribe a un niño en un aula con fecha de inicio, días de asistencia y alergias."),
        _atdf2("export_report", "Exports a report to a CSV file.", "Exporta un informe a un archivo CSV."),
        _atdf2("export_invoices", "Exports the month's invoices.", "Exporta las facturas del mes."),
        _atdf2("save_draft", "Saves a draft of a letter.", "Almacena un borrador de una carta."),
    ])
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    assert names(index.search("inscribir a mi hija en la guardería", 1)) == ["enroll_child"]
    assert names(index.search("guardar el informe en csv", 1)) == ["export_report"]
