"""The game's words a newcomer does not know are explained where they first appear, in English
and in French (after a switch of language too), in headless Chromium: a "?" after the word in
the rules card (spinner, overdraw, handicap), beside the sniff's choice, after the boneyard's
count and in the solitaire deck's line; the keyboard opens it and a screen reader is told what
it explains."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from fives.i18n import text

from .chromium import chromium
from .tcp import Server

pytestmark = pytest.mark.browser

# What a term's "?" says, as the page has it, and the text just before it (before the slot
# that holds it, for the page's fixed places: data-term-slot).
HELP = """(where) => [...document.querySelectorAll(where + ' details.term')].map((d) => ({
  term: d.dataset.term, ask: d.querySelector('summary').getAttribute('aria-label'),
  text: d.querySelector('.term-text').textContent,
  before: (d.previousSibling || d.parentElement.previousSibling || {textContent: ''})
    .textContent}))"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("terms"))
    yield running
    running.stop()


def explained(page: Page, where: str, lang: str) -> dict[str, str]:
    """Each term explained in ``where``, with the text before its "?"; checks that the "?" says
    what it explains and explains it in ``lang``."""
    found = page.evaluate(HELP, where)
    for item in found:
        word = text(f"web.term.{item['term']}.word", lang)
        assert item["ask"] == text("web.term.ask", lang, term=word), item
        assert item["text"] == text(f"web.term.{item['term']}", lang), item
    return {item["term"]: item["before"] for item in found}


def switch(page: Page, lang: str) -> None:
    page.select_option("#lang", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


def test_the_start_page_explains_its_words_in_both_languages(server: Server,
                                                             browser: Browser) -> None:
    page = browser.new_page()
    page.add_init_script("localStorage.setItem('fives.lang', 'en')")
    page.add_init_script("localStorage.setItem('fives.more', 'open')")  # the start form unfolded
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    for lang in ("en", "fr"):
        switch(page, lang)
        page.select_option("#preset", "five-up-solitaire")
        card = explained(page, "#rules-card", lang)
        assert set(card) == {"overdraw", "handicap"}, card
        # right after the word itself
        assert card["overdraw"].lower().endswith(text("web.term.overdraw.word", lang)), card
        assert card["handicap"].lower().endswith("handicap"), card
        page.select_option("#preset", "five-up")
        assert set(explained(page, "#rules-card", lang)) == {"spinner"}
        assert set(explained(page, "#sniff-row", lang)) == {"sniff"}
        # the keyboard opens it, and the text is shown
        summary = page.locator("#sniff-row details.term summary")
        assert not page.is_visible("#sniff-row .term-text")
        summary.focus()
        page.keyboard.press("Enter")
        assert page.is_visible("#sniff-row .term-text")
        page.keyboard.press("Enter")
        assert not page.is_visible("#sniff-row .term-text")
    page.close()


def test_the_table_explains_the_boneyard_and_the_deck_in_both_languages(
    server: Server, browser: Browser, tmp_path: Path
) -> None:
    me = server.create({"preset": "five-up-solitaire", "players": 1,
                        "seats": [{"kind": "me"}]}).json()["me"]
    page = browser.new_page()
    page.add_init_script("localStorage.setItem('fives.lang', 'en')")
    page.add_init_script("localStorage.setItem('fives.more', 'open')")  # the start form unfolded
    page.goto(server.base + me)
    page.wait_for_selector(".score .deck-from")
    for lang in ("en", "fr"):
        switch(page, lang)
        bone = explained(page, "#clock", lang)
        assert set(bone) == {"boneyard"}
        assert bone["boneyard"] == text("web.boneyard", lang,
                                        n=page.evaluate("state.frame.public.boneyard_size"))
        deck = explained(page, ".score .deck-from", lang)
        assert set(deck) == {"handicap", "overdraw"}, deck
    page.close()
