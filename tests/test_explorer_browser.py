"""The explorer in a real browser: Debian's chromium driven by Playwright (the system binary, no browser download).

Skipped, with the reason, when playwright or a chromium binary is missing. Screenshots of the main views go to the
test's tmp dir; with ATDF_MCP_EXPLORER_SHOTS=DIR they are also copied there (how docs/explorer.png is made).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from explorer_server import demo_copy, exploring

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")


def _chromium() -> str | None:
    """The system chromium: $ATDF_MCP_CHROMIUM, else chromium / chromium-browser / google-chrome on PATH."""
    given = os.environ.get("ATDF_MCP_CHROMIUM")
    if given:
        return given if Path(given).is_file() else None
    return next((path for name in ("chromium", "chromium-browser", "google-chrome") if (path := shutil.which(name))), None)


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary found (apt-get install chromium, or set ATDF_MCP_CHROMIUM)")


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            yield launched
        finally:
            launched.close()


def _shot(page, folder: Path, name: str) -> None:
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=name != "envelope")
    copy_to = os.environ.get("ATDF_MCP_EXPLORER_SHOTS")
    if copy_to:
        shutil.copy(path, Path(copy_to) / f"explorer-{name}.png")


def test_search_open_a_tool_call_it_wrong_and_retry_the_suggestion(tmp_path: Path, browser) -> None:
    catalog = demo_copy(tmp_path)
    shots = tmp_path / "screenshots"
    with exploring(catalog) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        expect = sync_api.expect
        expect(page.get_by_role("heading", level=1)).to_have_text("atdf-mcp demo catalogue")
        expect(page.locator("#problems")).to_contain_text("No problems")
        _shot(page, shots, "index")
        page.keyboard.press("Tab")  # keyboard users land on the skip link first
        assert page.evaluate("document.activeElement.textContent") == "Skip to content"

        page.get_by_label("Words", exact=True).fill("convert miles to kilometres")
        page.get_by_label("Type", exact=True).select_option("tool")
        page.get_by_role("button", name="Search").click()
        results = page.locator("ol.results li")
        expect(results.first).to_contain_text("unit_converter")
        _shot(page, shots, "search")

        results.first.get_by_role("link", name="unit_converter").click()
        expect(page.get_by_role("heading", name="Inputs")).to_be_visible()
        expect(page.locator("table").first).to_contain_text("from_unit")
        page.get_by_label("value", exact=False).first.fill("26.2")
        page.get_by_label("from_unit").fill("kilometers")  # not a unit: the tool suggests km
        page.get_by_label("to_unit").fill("mi")
        page.get_by_role("button", name="Call unit_converter").click()

        outcome = page.locator("#outcome")
        expect(outcome.get_by_role("heading", name="Error envelope")).to_be_visible()
        expect(outcome).to_contain_text("UNKNOWN_UNIT")
        expect(outcome).to_contain_text("did you mean 'km'?")
        envelope = json.loads(outcome.locator("pre.json").text_content())
        assert envelope["errors"][0]["context"]["suggested_arguments"] == {"value": 26.2, "from_unit": "km", "to_unit": "mi"}
        page.locator("#try-heading").evaluate("heading => heading.scrollIntoView()")  # the form and the envelope together
        _shot(page, shots, "envelope")

        page.get_by_role("button", name="Retry with the suggested arguments").click()
        expect(outcome.get_by_role("heading", name="Result")).to_be_visible()
        result = json.loads(outcome.locator("pre.json").text_content())
        assert result["result"] == pytest.approx(16.2799, abs=1e-3), result
        expect(page.get_by_label("from_unit")).to_have_value("km")  # the form shows the call that was made
        _shot(page, shots, "result")

        page.goto(url)  # the calls just made, in the metrics table
        expect(page.locator("#calls")).to_contain_text("unit_converter")

        (catalog / "broken.json").write_text('{"schema_version": "1.0.0", "tool_id": "broken"', encoding="utf-8")
        expect(page.locator("#problems")).to_contain_text("broken.json", timeout=15000)  # over SSE, without a page load
        expect(page.locator("#reload-status")).to_contain_text("Reloaded at")
        page.locator("#problems-heading").scroll_into_view_if_needed()
        _shot(page, shots, "problems")

        page.goto(url + "explore/tool/hotel_reservation?lang=es")
        expect(page.locator("section[aria-labelledby=about] p").first).to_contain_text("Reserva una habitación")
        expect(page.locator("a[aria-current=true]")).to_have_text("es")
        _shot(page, shots, "localized")
    for name in ("index", "search", "envelope", "result", "problems", "localized"):
        assert (shots / f"{name}.png").stat().st_size > 10_000


def test_no_page_logs_an_error_in_the_console(tmp_path: Path, browser) -> None:
    """Chromium asks every site for /favicon.ico: it answered 404, a console error on every page. The pages name an icon
    shipped in the package, which /favicon.ico also answers; nothing is fetched from another origin."""
    with exploring(demo_copy(tmp_path)) as url:
        page = browser.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        for path in ("", "explore/tool/unit_converter", "explore/tool/hotel_reservation?lang=es"):
            page.goto(url + path)
            page.wait_for_load_state("load")
        page.wait_for_timeout(500)  # the icon is asked for after the load
        assert errors == []
        assert all(r.startswith(url) for r in requested), requested
        icon = page.evaluate("document.querySelector('link[rel=icon]').href")
        assert icon.startswith(url) and page.request.get(icon).headers["content-type"].startswith("image/svg+xml")


SLOW = {"name": "slow_echo", "description": "Wait the given seconds, then answer.",
        "inputSchema": {"type": "object", "properties": {"seconds": {"type": "number"}}}}
SLOW_HANDLER = "import anyio\n\nasync def slow_echo(seconds=1.0):\n    await anyio.sleep(seconds)\n    return {'waited': seconds}\n"


def test_a_slow_call_is_sent_once_however_often_the_user_submits(tmp_path: Path, browser) -> None:
    """While a slow call ran the try-it button looked idle: a second click (or Enter) ran the tool a second time. The
    button says it is working and the form refuses another submit until the answer comes."""
    catalog = tmp_path / "slow"
    catalog.mkdir()
    (catalog / "tools.json").write_text(json.dumps({"tools": [SLOW]}), encoding="utf-8")
    (catalog / "handlers.py").write_text(SLOW_HANDLER, encoding="utf-8")
    with exploring(catalog) as url:
        page = browser.new_page()
        posts: list[str] = []
        page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
        shown: list[str] = []  # the button as the page shows it (Playwright cannot evaluate while a navigation is pending)
        page.on("console", lambda message: shown.append(message.text) if message.text.startswith("button:") else None)
        page.goto(url + "explore/tool/slow_echo")
        button = page.locator("form.try button[type=submit]")
        sync_api.expect(button).to_have_text("Call slow_echo")
        button.evaluate("""b => new MutationObserver(() => console.log(`button: ${b.getAttribute("aria-disabled")} ${b.textContent}`))
                            .observe(b, {attributes: true, childList: true, characterData: true, subtree: true})""")
        field = page.get_by_label("seconds")
        field.fill("2")
        box, at = button.bounding_box(), field.bounding_box()
        assert box is not None and at is not None
        button.click(no_wait_after=True)
        time.sleep(0.3)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a second click while the call runs
        page.mouse.click(at["x"] + 5, at["y"] + at["height"] / 2)
        page.keyboard.press("Enter")  # and Enter in a field
        sync_api.expect(page.locator("#outcome").get_by_role("heading", name="Result")).to_be_visible(timeout=10000)
        assert json.loads(page.locator("#outcome pre.json").text_content()) == {"waited": 2}
        assert "button: true Calling slow_echo…" in shown, shown
        assert len(posts) == 1, posts
        sync_api.expect(button).to_have_text("Call slow_echo")  # the answer's page: ready for the next call
        sync_api.expect(button).not_to_have_attribute("aria-disabled", "true")
        page.goto(url)
        assert page.locator("#calls tbody tr").first.locator("td").nth(1).text_content() == "1"


def test_a_browser_asking_for_an_unknown_tool_set_gets_a_page(tmp_path: Path, browser) -> None:
    """`/?toolset=unknown` showed the browser raw JSON: it shows the envelope's message and suggestion as a page."""
    with exploring(demo_copy(tmp_path)) as url:
        page = browser.new_page()
        answer = page.goto(url + "?toolset=nope")
        assert answer is not None and answer.status == 404 and answer.headers["content-type"].startswith("text/html")
        sync_api.expect(page.get_by_role("heading", level=1)).to_have_text("Unknown tool set")
        sync_api.expect(page.locator("main")).to_contain_text("Suggestion: Use the name of a tool set under `toolsets:`")
        page.get_by_role("link", name="All resources").click()
        sync_api.expect(page.get_by_role("heading", level=1)).to_have_text("atdf-mcp demo catalogue")
