"""Errors a player can meet, said clearly: a request that cannot reach the server (the route
aborted) or an answer that is not JSON (a proxy's 502 page) shows a message in the reader's
language with a retry, in headless Chromium; an unknown address gets a 404 page in English and
French with a link home."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Route

from fives.i18n import text

from .chromium import chromium
from .tcp import Server

pytestmark = pytest.mark.browser  # the fast suite leaves these out (README)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("errors"))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_failed_or_non_json_request_says_so_with_a_retry(
    server: Server, browser: Browser, lang: str
) -> None:
    page = browser.new_page()
    page.add_init_script(f"localStorage.setItem('fives.lang', '{lang}')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    answers = ["abort", "502"]

    def table_route(route: Route) -> None:
        answer = answers.pop(0) if answers else "pass"
        if answer == "abort":
            route.abort()
        elif answer == "502":
            route.fulfill(status=502, body="<html>Bad Gateway</html>", content_type="text/html")
        else:
            route.continue_()

    page.route("**/api/tables", table_route)
    page.goto(server.base + "/")
    page.wait_for_selector("#create:not(:empty)")
    page.click("#create")
    page.wait_for_selector("#create-error button.retry")
    assert text("web.err.network", lang) in page.inner_text("#create-error")
    page.click("#create-error button.retry")  # the 502 comes back
    page.wait_for_function("(s) => document.getElementById('create-error').textContent"
                           ".includes(s)", arg=text("web.err.not_json", lang, status=502))
    assert page.is_visible("#create-error button.retry")
    page.click("#create-error button.retry")  # and now it goes through: the table opens
    page.wait_for_url("**/play#*")
    assert errors == []
    page.close()


def test_an_unknown_address_gets_a_page_in_both_languages(server: Server) -> None:
    for path in ("/nowhere", "/static/nope.js", "/play/extra"):
        answer = httpx.get(server.base + path)
        assert answer.status_code == 404
        for lang in ("en", "fr"):
            assert text("web.not_found.title", lang) in answer.text
        assert 'href="/"' in answer.text
    api = httpx.get(server.base + "/api/nothing")
    assert api.status_code == 404 and api.json()["message"]["fr"]


def test_each_preset_has_a_rules_page_in_both_languages(server: Server) -> None:
    from fives.rules import PRESETS

    for preset in PRESETS:
        page = httpx.get(f"{server.base}/rules/{preset}")
        assert page.status_code == 200, preset
        for lang in ("en", "fr"):
            assert text(f"preset.name.{preset}", lang) in page.text
            assert text(f"preset.rules.{preset}", lang)[:40].replace("'", "&#x27;") in page.text
    assert httpx.get(f"{server.base}/rules/nonsense").status_code == 404
