"""The explorer over plain HTTP (no JavaScript): server-rendered pages, the try-it form as plain POSTs, its token and
Host/Origin checks, nothing fetched from elsewhere, and `atdf-mcp explore`."""

from __future__ import annotations

import html
import json
import re
import time
from pathlib import Path

import anyio
import httpx
import pytest
from explorer_server import ROOT, demo_copy, exploring
from local_server import running

from atdf_mcp import load_catalog
from atdf_mcp.explore import when_listening
from atdf_mcp.explorer.forms import arguments_of, form_fields
from atdf_mcp.schemas import SCHEMAS
from atdf_mcp.server import CatalogServer
from atdf_mcp.web import HttpOptions, build_app

TOKEN = "explorer-test-token"
WRONG = {"arg.value": "26.2", "arg.from_unit": "kilometers", "arg.to_unit": "mi"}


@pytest.fixture(scope="module")
def demo() -> CatalogServer:
    return CatalogServer(load_catalog(ROOT / "descriptors"))


def _envelope(response: httpx.Response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert SCHEMAS["error"].violations(body) == []
    assert body["errors"][0]["code"] == code
    return body


def _outcome(page: str) -> dict:
    """The JSON the outcome section shows (the result or the envelope)."""
    found = re.search(r'<section aria-labelledby="outcome-heading".*?<pre class="json"[^>]*>(.*?)</pre>', page, re.S)
    assert found, page
    return json.loads(html.unescape(found.group(1)))


def test_the_pages_are_complete_html_without_javascript(demo: CatalogServer) -> None:
    with running(build_app(demo, HttpOptions())) as base:
        index = httpx.get(base + "/")
        assert index.status_code == 200 and index.headers["content-type"].startswith("text/html")
        for tool in demo.view().tools:  # every tool is listed, with a link to its page, in the HTML itself
            assert f'href="/explore/{demo.view().tools[tool].type}/{tool}"' in index.text
        assert "No problems: every file validates." in index.text
        searched = httpx.get(base + "/", params={"q": "convert miles to kilometres", "type": "tool"})
        first = re.search(r'<ol class="results".*?<a href="/explore/tool/(\w+)"', searched.text, re.S)
        assert first and first.group(1) == "unit_converter"
        tagged = httpx.get(base + "/", params={"tag": "hotel"}).text
        assert "hotel_reservation" in tagged.split('id="resources"')[0] and "flight_booking" not in tagged.split('id="resources"')[0]

        page = httpx.get(base + "/explore/tool/hotel_reservation").text
        row = re.search(r"<tr><td><code>guests</code></td>(.*?)</tr>", page, re.S)
        assert row and "integer" in row.group(1) and "minimum 1, maximum 8" in row.group(1) and "<code>2</code>" in row.group(1)
        assert "travel-002" in page and "Hotel rooms cost at most 250 EUR per night." in page  # the policies that apply
        assert "Deluxe room in a chosen hotel" in page and "MAD-PRADO" in page  # examples
        assert 'href="/explore/tool/date_range_validator">date_range_validator</a>' in page.split("Prerequisites")[1]
        assert "&#34;resource_id&#34;: &#34;hotel_reservation&#34;" in page  # its ARDF JSON
        assert '<label for="f-check_in">' in page and 'id="f-check_in" name="arg.check_in"' in page
        spanish = httpx.get(base + "/explore/tool/hotel_reservation", params={"lang": "es"}).text
        assert "Reserva una habitación de hotel" in spanish.split("Inputs")[0]
        assert "<h1>Reserve a hotel room " in spanish  # a text the language lacks (its title) stays in the default
        missing = httpx.get(base + "/explore/tool/no_such_tool")
        _envelope(missing, 404, "NOT_FOUND")


def test_try_it_as_plain_form_posts_envelope_then_retry(demo: CatalogServer) -> None:
    with running(build_app(demo, HttpOptions())) as base:
        wrong = httpx.post(base + "/explore/call/unit_converter", data=WRONG)
        assert wrong.status_code == 200
        envelope = _outcome(wrong.text)
        assert SCHEMAS["error"].violations(envelope) == []
        suggested = envelope["errors"][0]["context"]["suggested_arguments"]
        assert suggested == {"value": 26.2, "from_unit": "km", "to_unit": "mi"}
        retry = re.search(r'<form method="post" action="([^"]+)" class="retry">.*?name="arguments_json" value="([^"]+)"', wrong.text, re.S)
        assert retry, wrong.text
        again = httpx.post(base + html.unescape(retry.group(1)).split("#")[0], data={"arguments_json": html.unescape(retry.group(2))})
        assert _outcome(again.text)["result"] == pytest.approx(16.2799, abs=1e-3)
        assert 'id="f-from_unit" name="arg.from_unit" type="text" value="km"' in again.text
        calls = httpx.get(base + "/").text.split('id="calls"')[1]
        assert re.search(r"<td>unit_converter</td><td>2</td><td>1</td>", calls), calls
        _envelope(httpx.post(base + "/explore/call/no_such_tool", data={}), 404, "TOOL_NOT_FOUND")


def test_try_it_needs_the_token_when_one_is_set(demo: CatalogServer) -> None:
    with running(build_app(demo, HttpOptions(auth_token=TOKEN))) as base:
        assert httpx.get(base + "/explore/tool/unit_converter").status_code == 401  # reading needs the token too
        page = httpx.get(base + "/explore/tool/unit_converter", headers={"Authorization": f"Bearer {TOKEN}"})
        assert page.status_code == 200 and 'name="_token" type="password"' in page.text
        _envelope(httpx.post(base + "/explore/call/unit_converter", data=WRONG), 401, "AUTHENTICATION_ERROR")
        _envelope(httpx.post(base + "/explore/call/unit_converter", data={**WRONG, "_token": "wrong"}), 401, "AUTHENTICATION_ERROR")
        by_field = httpx.post(base + "/explore/call/unit_converter", data={**WRONG, "_token": TOKEN})
        assert by_field.status_code == 200 and _outcome(by_field.text)["errors"][0]["code"] == "UNKNOWN_UNIT"
        huge = httpx.post(base + "/explore/call/unit_converter", content=b"_token=" + TOKEN.encode() + b"&x=" + b"a" * 5_000_000,
                          headers={"Content-Type": "application/x-www-form-urlencoded"})
        _envelope(huge, 401, "AUTHENTICATION_ERROR")  # above --max-body-size: not read for its token
        by_header = httpx.post(base + "/explore/call/unit_converter", data=WRONG, headers={"Authorization": f"Bearer {TOKEN}"})
        assert by_header.status_code == 200 and "Error envelope" in by_header.text


def test_try_it_checks_host_and_origin(demo: CatalogServer) -> None:
    with running(build_app(demo, HttpOptions())) as base:
        _envelope(httpx.post(base + "/explore/call/unit_converter", data=WRONG, headers={"Host": "evil.example"}), 421, "INVALID_HOST")
        _envelope(httpx.post(base + "/explore/call/unit_converter", data=WRONG, headers={"Origin": "https://evil.example"}),
                  403, "INVALID_ORIGIN")
        _envelope(httpx.get(base + "/", headers={"Host": "evil.example"}), 421, "INVALID_HOST")
        same = httpx.post(base + "/explore/call/unit_converter", data=WRONG, headers={"Origin": base})  # its own page
        assert same.status_code == 200


def test_without_a_token_only_this_machine_may_try(demo: CatalogServer) -> None:
    app = build_app(demo, HttpOptions(host="0.0.0.0"))

    async def post(client_address: str) -> httpx.Response:
        transport = httpx.ASGITransport(app, client=(client_address, 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.post("/explore/call/unit_converter", data=WRONG)

    _envelope(anyio.run(post, "203.0.113.7"), 403, "AUTHORIZATION_ERROR")
    assert anyio.run(post, "127.0.0.1").status_code == 200


def test_nothing_is_fetched_from_elsewhere(demo: CatalogServer) -> None:
    with running(build_app(demo, HttpOptions())) as base:
        pages = [httpx.get(base + path).text for path in ("/", "/explore/tool/unit_converter", "/explore/tool/weather_forecast")]
        pages.append(httpx.post(base + "/explore/call/unit_converter", data=WRONG).text)
        for page in pages:
            for attribute in re.findall(r'(?:src|href|action)="([^"]*)"', page):
                assert attribute.startswith(("/", "#", "?")) and not attribute.startswith("//"), attribute
        _envelope(httpx.get(base + "/explore/static/../__init__.py"), 404, "NOT_FOUND")
        _envelope(httpx.get(base + "/explore/static/nothing.js"), 404, "NOT_FOUND")
        assets = re.findall(r'(?:src|href)="(/explore/static/[^"]+)"', pages[0])
        assert sorted(assets) == ["/explore/static/explorer.css", "/explore/static/explorer.js", "/explore/static/favicon.svg"]
        for asset in [*assets, "/favicon.ico"]:
            text = httpx.get(base + asset).text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # a name, never fetched
            assert not re.search(r"https?:|//[a-z]|@import|url\(|href", text), asset
        icon = httpx.get(base + "/favicon.ico")
        assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")


def test_forms_type_the_fields_by_the_schema() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}, "x": {"type": "number"}, "on": {"type": "boolean"},
                                               "tags": {"type": "array"}, "kind": {"enum": ["a", "b"]}, "s": {"type": "string"}}}
    fields = form_fields(schema)
    assert [f.kind for f in fields] == ["text", "text", "select", "json", "select", "text"]
    form = {"arg.n": "3", "arg.x": "2.5", "arg.on": "false", "arg.tags": '["a"]', "arg.kind": "b", "arg.s": "7"}
    assert arguments_of(fields, form) == {"n": 3, "x": 2.5, "on": False, "tags": ["a"], "kind": "b", "s": "7"}
    assert arguments_of(fields, {"arg.n": "three", "arg.s": ""}) == {"n": "three"}  # left as text: the server explains
    assert arguments_of(fields, {"arguments_json": '{"n": 1}', "arg.n": "2"}) == {"n": 1}


def test_explore_command_prints_the_url_and_opens_the_browser(tmp_path: Path) -> None:
    with exploring(demo_copy(tmp_path)) as url:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url)
        assert "atdf-mcp demo catalogue" in httpx.get(url).text
        opened: list[str] = []
        when_listening(True, opened.append)(int(url.rsplit(":", 1)[1].strip("/")))
        deadline = time.monotonic() + 10
        while not opened and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened == [url]


def test_a_result_page_opened_again_by_its_address_leads_to_the_tool(demo: CatalogServer) -> None:
    """The address bar after a try-it shows /explore/call/NAME: opening it again (Enter, a bookmark) is a GET, which
    answered 404 "no call named ..."; it leads to the tool's page."""
    with running(build_app(demo, HttpOptions())) as base:
        again = httpx.get(base + "/explore/call/unit_converter")
        assert again.status_code == 303 and again.headers["location"] == "/explore/tool/unit_converter"
        assert httpx.get(base + "/explore/call/unit_converter", follow_redirects=True).status_code == 200
        assert httpx.get(base + "/explore/call/unit_converter", params={"lang": "es"}).headers["location"].endswith("?lang=es")
        _envelope(httpx.get(base + "/explore/call/no_such_tool"), 404, "TOOL_NOT_FOUND")


def test_the_retry_button_works_without_javascript_when_a_token_is_set(demo: CatalogServer) -> None:
    """The retry form's token field was hidden and empty, filled by the script only: without JavaScript the retry
    answered 401. It has its own labelled password field, and the token is never written into the page."""
    with running(build_app(demo, HttpOptions(auth_token=TOKEN))) as base:
        wrong = httpx.post(base + "/explore/call/unit_converter", data={**WRONG, "_token": TOKEN})
        assert TOKEN not in wrong.text
        retry = re.search(r'<form method="post" action="([^"]+)" class="retry">(.*?)</form>', wrong.text, re.S)
        assert retry, wrong.text
        assert re.search(r'<label for="f-retry-token">[^<]+</label>\s*<input id="f-retry-token" name="_token" type="password"', retry.group(2))
        fields = {html.unescape(n): html.unescape(v) for n, v in re.findall(r'name="([^"]+)" value="([^"]*)"', retry.group(2))}
        again = httpx.post(base + html.unescape(retry.group(1)).split("#")[0], data={**fields, "_token": TOKEN})
        assert again.status_code == 200 and _outcome(again.text)["result"] == pytest.approx(16.2799, abs=1e-3)
        assert TOKEN not in again.text


def test_calls_and_latency_need_the_token_as_metrics_does(demo: CatalogServer, tmp_path: Path) -> None:
    """GET /metrics needs the token when one is set, but the explorer showed the same numbers to anyone; and under a
    tool set it listed the other tools' calls. Without the token no page is shown (the pages need it too); the operator's
    token shows them; an agent's does not (tests/test_toolsets_audit.py); a set shows its own tools'."""
    with running(build_app(demo, HttpOptions(auth_token=TOKEN))) as base:
        httpx.post(base + "/explore/call/unit_converter", data={**WRONG, "_token": TOKEN})
        assert httpx.get(base + "/metrics").status_code == 401
        assert httpx.get(base + "/").status_code == 401 and "unit_converter" not in httpx.get(base + "/").text
        operator = {"Authorization": f"Bearer {TOKEN}"}
        assert "<td>unit_converter</td>" in httpx.get(base + "/", headers=operator).text.split('id="calls"')[1]
        assert 'id="stats-heading"' in httpx.get(base + "/explore/tool/unit_converter", headers=operator).text
    with running(build_app(demo, HttpOptions(auth_token=TOKEN, metrics_public=True, public_catalog="*"))) as base:  # both open
        httpx.post(base + "/explore/call/unit_converter", data={**WRONG, "_token": TOKEN})
        assert "<td>unit_converter</td>" in httpx.get(base + "/").text.split('id="calls"')[1]
    catalog = demo_copy(tmp_path)
    with (catalog / "atdf-mcp.yaml").open("a", encoding="utf-8") as config:
        config.write("toolsets:\n  hotels:\n    ids: [hotel_reservation, search_hotels]\n")
    with running(build_app(CatalogServer(load_catalog(catalog)), HttpOptions())) as base:
        httpx.post(base + "/explore/call/unit_converter", data=WRONG)
        assert "<td>unit_converter</td>" in httpx.get(base + "/").text.split('id="calls"')[1]
        assert "unit_converter" not in httpx.get(base + "/", params={"toolset": "hotels"}).text.split('id="calls"')[1]


def _about(page: str) -> str:
    found = re.search(r'<h2 id="about">Description</h2>\s*<p[^>]*>(.*?)</p>', page, re.S)
    assert found, page
    return html.unescape(found.group(1))


def test_a_page_speaks_the_language_the_browser_asks_for(demo: CatalogServer) -> None:
    """Accept-Language: es showed hotel_reservation in English (its localization block ignored), and unit_converter in
    Spanish under the label "default", with the default link marked current. The page is in the request's language
    (?lang= first, ?lang= empty for the default), and the default row holds the default texts."""
    with running(build_app(demo, HttpOptions())) as base:
        spanish = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}
        hotel = httpx.get(base + "/explore/tool/hotel_reservation", headers=spanish).text
        assert _about(hotel).startswith("Reserva una habitación")
        assert re.search(r'<a href="\?lang=es"[^>]*aria-current="true"', hotel), hotel
        units = httpx.get(base + "/explore/tool/unit_converter", headers=spanish).text
        assert _about(units).startswith("Convierte un valor")
        assert re.search(r"<tr><td>default</td><td>description</td><td >Converts", units), units
        default = httpx.get(base + "/explore/tool/unit_converter", params={"lang": ""}, headers=spanish).text
        assert _about(default).startswith("Converts") and re.search(r'<a href="\?lang="[^>]*aria-current="true"', default)
        english = httpx.get(base + "/explore/tool/hotel_reservation", headers={"Accept-Language": "pt-BR"}).text
        assert _about(english).startswith("Reserves a hotel room")  # no Portuguese texts: the default


def test_a_catalogue_of_two_thousand_tools_is_paged(tmp_path: Path) -> None:
    """2,000 tools made the index 1.5 MB (every tool in the table, and one NO_HANDLER row each in the problems; ?type=tool
    1.9 MB, every result too): ~1 s in Chromium, the problems and calls 2,000 rows down. Each type shows its first rows
    and links to its full list, paged like every search; a file shows its first problems; every tool is reachable."""
    tools = [{"name": f"tool_{i:04d}", "description": f"Does thing number {i}.",
              "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}} for i in range(2000)]
    (tmp_path / "tools.json").write_text(json.dumps(tools), encoding="utf-8")
    with running(build_app(CatalogServer(load_catalog(tmp_path)), HttpOptions())) as base:
        index = httpx.get(base + "/").text
        assert len(index) < 100_000, len(index)
        assert 'href="/?type=tool#results"' in index and "All 2000 tools" in index
        assert "(2000 problems)" in index and "… and 1980 more in this file" in index  # each tool's NO_HANDLER
        seen: set[str] = set()
        url, pages_ = "/?type=tool", 0
        while url:
            page = httpx.get(base + html.unescape(url)).text
            results = page.split('<ol class="results"')[1].split("</ol>")[0]
            seen |= set(re.findall(r'href="/explore/tool/(tool_\d+)"', results))
            pages_ += 1
            url = next(iter(re.findall(r'<a rel="next" href="([^"]+)"', page)), "")
        assert len(seen) == 2000 and pages_ == 40
        last = httpx.get(base + "/", params={"type": "tool", "page": "99"}).text
        assert "tool_1999" in last.split('<ol class="results"')[1] and "Page 40 of 40" in last
        assert "Page 1 of 40" in httpx.get(base + "/", params={"type": "tool", "page": "x"}).text
        searched = httpx.get(base + "/", params={"q": "thing number 1234"}).text
        assert 'href="/explore/tool/tool_1234"' in searched.split('<ol class="results"')[1]


def test_a_resource_served_at_its_last_good_version_says_so(tmp_path: Path) -> None:
    """A file broken after it loaded keeps serving its last good version; the index listed the problem, but the
    resource's own page showed the old texts with no word of it. The page says so, with the problems at their pointers."""
    catalog = demo_copy(tmp_path)
    path = catalog / "utilities" / "unit_converter.json"
    with exploring(catalog) as url:
        assert 'id="file-problems"' not in httpx.get(url + "explore/tool/unit_converter").text
        path.write_text(path.read_text(encoding="utf-8").replace('"type": "number"', '"type": "numbr"', 1), encoding="utf-8")
        deadline = time.monotonic() + 15
        while "LAST_GOOD_SERVED" not in httpx.get(url + "validate").text:
            assert time.monotonic() < deadline, "no reload"
            time.sleep(0.2)
        page = httpx.get(url + "explore/tool/unit_converter").text
        problems = page.split('id="file-problems"')[1].split("</section>")[0]
        assert "last good version" in problems and "utilities/unit_converter.json" in problems, problems
        assert re.search(r"<code>/[^<]*/type</code>", problems) and "INVALID_INPUT_SCHEMA" in problems, problems


def _ardf(page: str) -> dict:
    found = re.search(r'<pre class="json" tabindex="0" aria-label="ARDF JSON">(.*?)</pre>', page, re.S)
    assert found, page
    return json.loads(html.unescape(found.group(1)))


def _input_descriptions(page: str) -> list[str]:
    table = page.split('id="inputs-heading"')[1].split("</table>")[0]
    return [html.unescape(t) for t in re.findall(r"<td>([^<]*)</td></tr>", table)]


def _listed(page: str, tool: str) -> str:
    found = re.search(rf'>{tool}</a></td><td>(.*?)</td>', page)
    assert found, page
    return html.unescape(found.group(1))


def test_every_part_of_a_page_is_in_one_language(demo: CatalogServer) -> None:
    """`?lang=` (the default link) with Accept-Language: es showed the default description over the Spanish copy's ARDF
    JSON and inputs; `?lang=es` the reverse; and the index ignored `?lang=`. One rule everywhere: `?lang=` (empty: the
    default texts), else Accept-Language, else --lang, for the texts, the inputs, the form, the ARDF JSON and the lists."""
    spanish_header = {"Accept-Language": "es"}
    with running(build_app(demo, HttpOptions())) as base:
        tool = base + "/explore/tool/unit_converter"
        for params, headers, spanish in (({"lang": ""}, spanish_header, False), ({}, spanish_header, True),
                                         ({"lang": "es"}, {}, True), ({"lang": "es"}, {"Accept-Language": "en"}, True),
                                         ({}, {}, False), ({"lang": "fr"}, spanish_header, False)):
            page = httpx.get(tool, params=params, headers=headers).text
            expected = "Convierte un valor" if spanish else "Converts a value"
            assert _about(page).startswith(expected), (params, headers)
            assert _ardf(page)["description"].startswith(expected), (params, headers)
            assert _input_descriptions(page)[0].startswith("La cantidad" if spanish else "The amount"), (params, headers)
            assert re.search(r'<small id="h-value">' + ("La cantidad" if spanish else "The amount"), page), (params, headers)
            index = httpx.get(base + "/", params=params, headers=headers).text
            assert _listed(index, "unit_converter").startswith(expected), (params, headers)
        # the language asked for stays on: the index's links, its search form, and the try-it form's answer
        index = httpx.get(base + "/", params={"lang": "es"}).text
        assert 'href="/explore/tool/unit_converter?lang=es"' in index and '<input type="hidden" name="lang" value="es">' in index
        searched = httpx.get(base + "/", params={"q": "convert", "lang": ""}, headers=spanish_header).text
        assert 'href="/explore/tool/unit_converter?lang="' in searched.split('<ol class="results"')[1]
        page = httpx.get(tool, params={"lang": "es"}).text
        assert 'action="/explore/call/unit_converter?lang=es#outcome"' in page
        answered = httpx.post(base + "/explore/call/unit_converter", params={"lang": "es"}, data=WRONG).text
        assert _about(answered).startswith("Convierte un valor") and _ardf(answered)["description"].startswith("Convierte")


def test_an_unknown_tool_set_answers_a_browser_in_html(tmp_path: Path) -> None:
    """`/?toolset=unknown` answered a browser with the JSON envelope. A client that accepts text/html gets a page with the
    envelope's message, its suggestion and the sets it names (the closest first, as links); other clients the JSON."""
    catalog = demo_copy(tmp_path)
    with (catalog / "atdf-mcp.yaml").open("a", encoding="utf-8") as config:
        config.write("toolsets:\n  hotels:\n    ids: [hotel_reservation, search_hotels]\n  flights:\n    ids: [flight_booking]\n")
    browser = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    with running(build_app(CatalogServer(load_catalog(catalog)), HttpOptions())) as base:
        page = httpx.get(base + "/", params={"toolset": "hotel"}, headers=browser)
        assert page.status_code == 404 and page.headers["content-type"].startswith("text/html"), page.text
        assert "The catalogue defines no tool set named &#39;hotel&#39;." in page.text
        assert "Use the name of a tool set under `toolsets:`" in page.text
        assert "TOOLSET_NOT_FOUND" in page.text
        links = re.findall(r'<a href="(/\?toolset=[^"]+)">', page.text)
        assert links[:2] == ["/?toolset=hotels", "/?toolset=flights"], links
        assert 'href="/?toolset=hotel"' not in page.text  # the unknown name is not carried on
        tool_page = httpx.get(base + "/explore/tool/unit_converter", params={"toolset": "nope"}, headers=browser)
        assert tool_page.status_code == 404 and tool_page.headers["content-type"].startswith("text/html")
        missing = httpx.get(base + "/explore/tool/no_such_tool", headers=browser)
        assert missing.status_code == 404 and "Open the explorer at / and pick a resource" in missing.text
        _envelope(httpx.get(base + "/", params={"toolset": "hotel"}), 404, "TOOLSET_NOT_FOUND")  # */*: JSON
        _envelope(httpx.get(base + "/", params={"toolset": "hotel"}, headers={"Accept": "application/json"}), 404, "TOOLSET_NOT_FOUND")
        rest = httpx.get(base + "/resources", params={"toolset": "hotel"}, headers=browser)  # not an explorer page: JSON
        _envelope(rest, 404, "TOOLSET_NOT_FOUND")
