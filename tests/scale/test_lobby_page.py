"""The lobby's section of the start page, in Debian's Chromium: two people on two server
processes press "Play now" and end up at the same table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from web.chromium import chromium

from .processes import ServerProcess

pytestmark = pytest.mark.browser  # the fast suite leaves these out (README)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def start_page(browser: Browser, url: str, lang: str) -> tuple[Page, list[str]]:
    page = browser.new_context(locale="en-GB").new_page()
    page.add_init_script("localStorage.setItem('fives.more', 'open')")  # the lobby's form
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.select_option("#lang", lang)
    page.wait_for_selector("#lobby-preset option", state="attached")
    page.select_option("#lobby-preset", "five-up")
    page.select_option("#lobby-players", "2")
    page.select_option("#lobby-wait", "60")
    return page, errors


def test_play_now_seats_two_people_from_two_processes(
    browser: Browser, pg_url: str, redis_prefix: str
) -> None:
    servers = [ServerProcess(pg_url, redis_prefix) for _ in range(2)]
    try:
        first, errors1 = start_page(browser, servers[0].url("/"), "en")
        assert first.inner_text("#lobby-title") == "Play now"
        first.click("#lobby-play")
        expect(first.locator("#lobby-status")).to_contain_text("bots in", timeout=15000)
        second, errors2 = start_page(browser, servers[1].url("/"), "fr")
        assert second.inner_text("#lobby-title") == "Jouer maintenant"
        # the waiting table is listed on the other process too, in French
        expect(second.locator("#lobby-waiting")).to_contain_text("1 sur 2", timeout=15000)
        second.click("#lobby-play")
        for page in (first, second):
            page.wait_for_url("**/play#t=*", timeout=20000)
            page.wait_for_selector("#hand", state="attached")
        assert first.url != second.url
        assert errors1 == [] and errors2 == []
    finally:
        for server in servers:
            server.stop()
