"""The game review page in a real Chromium: a whole game of bots watched to its end, then
"Review the game": the review computed, the win-chance graph, stepping with the buttons and the
arrow keys, the better move drawn on the table, axe-core clean, in English and French, on a
desktop and a phone. Screenshots go to $FIVES_SCREENSHOTS (or the test's temporary folder)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from .test_browser import axe_violations, base_url, browser, new_page, shots

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_browser")]
__all__ = ["base_url", "browser", "shots"]  # the fixtures this module borrows


def watch_a_bot_game(page: Page, base_url: str, locale: str, players: int = 2) -> None:
    """Create a table of bots and watch it until the game is over (bots play for an
    audience only), then follow the page's "Review the game" link."""
    created = httpx.post(base_url + "/api/tables", headers={"origin": base_url}, json={
        "preset": "all-fives" if players == 2 else "five-up", "players": players, "target": 40,
        "seats": [{"kind": "bot", "level": ("greedy", "random")[n % 2]}
                  for n in range(players)]})
    assert created.status_code == 201, created.text
    page.goto(base_url + created.json()["watch"])
    link = page.locator("#btn-review")
    link.wait_for(timeout=120_000)
    assert (link.get_attribute("href", timeout=1000) or "").startswith("/review#w=")
    link.click()
    page.wait_for_url("**/review#w=*")
    page.locator("#review-body").wait_for(state="visible", timeout=120_000)
    del locale


def where(page: Page) -> str:
    return page.locator("#review-where").inner_text()


@pytest.mark.parametrize("base_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("locale", "phone", "players"),
                         [("en-GB", False, 2), ("fr-FR", True, 4)])
def test_review_a_whole_bot_game(base_url: str, browser: Browser, shots: Path, locale: str,
                                 phone: bool, players: int) -> None:
    page = new_page(browser, locale=locale, phone=phone, bypass_csp=True)
    watch_a_bot_game(page, base_url, locale, players)
    lang = locale[:2]
    assert page.evaluate("document.documentElement.lang") == lang
    title = page.locator("#review-title").inner_text()
    assert title == ("Review of the game" if lang == "en" else "Analyse de la partie")
    # The other language, chosen: its texts fetched, the page redrawn in it (lang.js), and back.
    other = "fr" if lang == "en" else "en"
    page.select_option("#lang", other)
    page.wait_for_function(f"document.documentElement.lang === '{other}'", timeout=10_000)
    assert page.locator("#review-title").inner_text() != title
    assert page.locator("#review-graph-box text.tick").all_text_contents()[1] == (
        "50 %" if other == "fr" else "50%")
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'", timeout=10_000)
    # The graph: a line over the game, the mistakes marked on it.
    graph = page.locator("#review-graph-box svg")
    assert graph.count() == 1
    assert page.locator("#review-graph-box polyline").count() == 1
    # Its axis says what the heights mean.
    ticks = page.locator("#review-graph-box text.tick").all_text_contents()
    assert ticks == (["0%", "50%", "100%"] if lang == "en" else ["0 %", "50 %", "100 %"])
    # The summary: a column per seat, a row per figure (the five classes among them), whole
    # within the window even on a phone with four seats (nothing cut at the right edge).
    assert page.locator("#review-summary thead th").count() == players + 1
    assert page.locator("#review-summary tbody tr").count() == 8
    widths = page.evaluate("""() => {
        const box = document.querySelector('#review-summary').parentElement;
        return [box.scrollWidth, box.clientWidth, box.getBoundingClientRect().right,
                document.documentElement.scrollWidth, window.innerWidth];
    }""")
    table, box, right, whole, window = widths
    assert table <= box and right <= window and whole <= window, (
        f"the summary is cut at the right edge: {widths}")
    assert page.locator("#review-decisions li").count() > 0
    # Stepping: the buttons and the arrow keys.
    first = where(page)
    page.locator("#review-forward").click()
    assert where(page) != first
    page.locator("#review-back").click()
    assert where(page) == first
    page.keyboard.press("ArrowRight")
    assert where(page) != first
    page.keyboard.press("ArrowLeft")
    assert where(page) == first
    # The better move drawn on the table: a decision where another placement was better.
    found = False
    for item in page.locator("#review-decisions li button").all():
        item.click()
        if page.locator("#review-board .tile.ghost.better").count():
            found = True
            break
    assert found, "no decision showed its better move on the table"
    assert page.locator("#review-move .klass").count() == 1
    words = page.locator("body").inner_text()
    assert "review." not in words and "web." not in words  # every text found in the catalog
    name = f"review-{lang}-{'phone' if phone else 'desktop'}"
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    for part in ("graph-box", "summary"):  # the parts a long game's page has far apart
        page.locator(f"#review-{part}").screenshot(path=str(shots / f"{name}-{part}.png"))
    assert axe_violations(page) == []
    if phone:  # nothing wider than the phone's screen but the board's own scroll box
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 390 + 1
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
