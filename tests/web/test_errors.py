"""Errors a player can meet, said clearly: a request that cannot reach the server (the route
aborted) or an answer that is not JSON (a proxy's 502 page) shows a message in the reader's
language with a retry, in headless Chromium (the new-table form, the lobby's every request, the
first texts), and no module but net.js sends a request; an unknown address gets a 404 page in
English and French with a link home."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route

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
    page.add_init_script("localStorage.setItem('fives.more', 'open')")  # the start form unfolded
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/api/tables", failing_route(["abort", "502"]))
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


def failing_route(answers: list[str]) -> Callable[[Route], None]:
    """A route handler that aborts, answers a non-JSON 502, or lets the request through, in the
    order of ``answers``, then lets every later request through."""

    def handle(route: Route) -> None:
        answer = answers.pop(0) if answers else "pass"
        if answer == "abort":
            route.abort()
        elif answer == "502":
            route.fulfill(status=502, body="<html>Bad Gateway</html>", content_type="text/html")
        else:
            route.continue_()

    return handle


def wait_for_text(page: Page, box: str, wanted: str) -> None:
    page.wait_for_function("([box, s]) => document.querySelector(box).textContent.includes(s)",
                           arg=[box, wanted])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lobby_says_when_a_request_fails_with_a_retry(
    server: Server, browser: Browser, lang: str
) -> None:
    """Every request of the lobby goes through net.js: its lists' refresh, Play now, the wait
    and the cancel each say what went wrong in the reader's language, with a retry."""
    page = browser.new_page()
    page.add_init_script(f"localStorage.setItem('fives.lang', '{lang}')")
    page.add_init_script("localStorage.setItem('fives.more', 'open')")  # the start form unfolded
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    network, not_json = text("web.err.network", lang), text("web.err.not_json", lang, status=502)
    page.route("**/api/lobby", failing_route(["abort", "502"]))
    page.route("**/api/lobby/play", failing_route(["502", "abort"]))
    page.route("**/api/lobby/wait", failing_route(["abort"]))
    page.route("**/api/lobby/cancel", failing_route(["502"]))
    page.goto(server.base + "/")
    # the lists: the first refresh cannot reach the server, the retry gets a 502 page
    page.wait_for_selector("#lobby-lists-error button.retry")
    assert network in page.inner_text("#lobby-lists-error")
    page.click("#lobby-lists-error button.retry")
    wait_for_text(page, "#lobby-lists-error", not_json)
    page.click("#lobby-lists-error button.retry")  # and now the lists come
    page.wait_for_selector("#lobby-waiting li")
    assert page.inner_text("#lobby-lists-error") == ""
    # Play now: a 502 page, then no answer, then a seat
    page.select_option("#lobby-wait", "60")
    page.click("#lobby-play")
    page.wait_for_selector("#lobby-error button.retry")
    assert not_json in page.inner_text("#lobby-error")
    page.click("#lobby-error button.retry")
    wait_for_text(page, "#lobby-error", network)
    page.click("#lobby-error button.retry")
    # the first wait fails: its retry waits on; then the cancel answers a 502, its retry cancels
    wait_for_text(page, "#lobby-error", network)
    assert page.is_visible("#lobby-error button.retry") and page.is_visible("#lobby-cancel")
    page.click("#lobby-error button.retry")
    wait_for_text(page, "#lobby-status", text("web.lobby.waiting", lang).split("{")[0])
    page.click("#lobby-cancel")
    wait_for_text(page, "#lobby-error", not_json)
    page.click("#lobby-error button.retry")
    wait_for_text(page, "#lobby-status", text("web.lobby.cancelled", lang))
    assert page.is_enabled("#lobby-play")
    assert errors == []
    page.close()


@pytest.mark.parametrize("failure", ["abort", "502"])
def test_the_first_texts_not_coming_say_so_in_both_languages(
    server: Server, browser: Browser, failure: str
) -> None:
    """The texts and presets come through net.js too; before any text has come, the message
    is in both languages, with a retry that reloads."""
    page = browser.new_page()
    page.route("**/api/presets", failing_route([failure]))
    page.goto(server.base + "/")
    page.wait_for_selector("#boot-error button")
    said = page.inner_text("#boot-error")
    assert "cannot be reached" in said and "Impossible de joindre" in said
    page.click("#boot-error button")  # a reload: the route lets it through now
    page.wait_for_selector("#preset option", state="attached")
    assert page.locator("#boot-error").count() == 0
    page.close()


def test_every_request_of_the_page_goes_through_net_js() -> None:
    """No module but net.js calls fetch: every request meets its clear errors and retry."""
    static = Path(__file__).resolve().parents[2] / "src" / "fives" / "web" / "static"
    callers = sorted(p.name for p in static.glob("*.js") if "fetch(" in p.read_text())
    assert callers == ["net.js"]
