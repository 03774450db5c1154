"""The screens the fit work added, in headless Chromium, in English and French: the hand-end
and game-end panels, the error messages, the 404 page and each preset's rules page pass
axe-core with 0 violations; and the page shows no tile that its frames did not (frames are
checked against the rules by test_leak.py: here, nothing the page draws or says, in its text or
its labels, goes beyond them), during the hand, at its end and at the game's end, for a seat and
a spectator."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route

from fives.i18n import text
from fives.rules import PRESETS

from .chromium import chromium
from .helpers import tiles_in
from .tcp import Server
from .test_browser import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_screens")]

# Every frame the page draws (body[data-seq] is set then), kept as JSON.
RECORD = """window.framesSeen = [];
new MutationObserver(() => {
  if (window.state && window.state.frame) window.framesSeen.push(JSON.stringify(state.frame));
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-seq"]});"""
# What the page shows and says: its text, and its labels and tooltips (not the seat links).
SHOWN = """() => {
  const parts = [];
  for (const node of document.body.querySelectorAll('*')) {
    if (node.closest('#links')) continue;
    for (const name of ['aria-label', 'title']) {
      if (node.getAttribute(name)) parts.push(node.getAttribute(name));
    }
  }
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('#links').forEach((n) => n.remove());
  return copy.textContent + ' ' + parts.join(' ') + ' ' + document.title;
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("screens"))
    yield running
    running.stop()


def shown_beyond_frames(page: Page) -> set[str]:
    """Tiles the page shows that none of the frames it drew held."""
    frames = page.evaluate("window.framesSeen")
    known = {tile for frame in frames for tile in tiles_in(frame)}
    return tiles_in(page.evaluate(SHOWN)) - known


def open_page(browser: Browser, url: str, lang: str) -> Page:
    page = browser.new_page(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page.add_init_script(f"localStorage.setItem('fives.lang', '{lang}')")
    page.add_init_script("localStorage.setItem('fives.more', 'open')")  # the start form unfolded
    page.add_init_script(RECORD)
    page.goto(url)
    page.wait_for_selector("body[data-seq]")
    return page


def play_a_move(page: Page) -> None:
    if page.evaluate("document.body.classList.contains('my-turn')"):
        legal = page.evaluate("state.frame.seat.legal_moves.map((m) => m.notation)")
        page.evaluate("(m) => state.ws.send(JSON.stringify({type: 'play', move: m}))", legal[-1])
    page.wait_for_timeout(100)


def check_both(moment: str, me: Page, watcher: Page, panel: str,
               checks: dict[str, list[str]], leaks: dict[str, set[str]]) -> None:
    """axe and the leak check on the seat's page and the spectator's, then close both."""
    for name, page in (("seat", me), ("spectator", watcher)):
        assert page.is_visible(panel)
        checks[f"{moment} {name}"] = axe_violations(page)
        leaks[f"{moment} {name}"] = shown_beyond_frames(page)
        page.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_panels_pass_axe_and_show_no_hidden_tile(
    server: Server, browser: Browser, lang: str
) -> None:
    checks: dict[str, list[str]] = {}
    leaks: dict[str, set[str]] = {}
    # a hand's end: Five Up (to 61, checked when a hand ends)
    made = server.create({"preset": "five-up", "players": 2, "seats": [
        {"kind": "me"}, {"kind": "bot", "level": "greedy"}]}).json()
    me = open_page(browser, server.base + made["me"], lang)
    watcher = open_page(browser, server.base + made["watch"], lang)
    deadline = time.monotonic() + 120
    while me.evaluate("state.frame.public.phase") == "play":
        assert time.monotonic() < deadline
        play_a_move(me)
        for name, page in (("seat", me), ("spectator", watcher)):
            leaks.setdefault(f"{name} in play", set()).update(shown_beyond_frames(page))
    watcher.wait_for_function("() => document.body.dataset.phase !== 'play'")
    check_both("hand end", me, watcher, "#reveal", checks, leaks)
    # a game's end: All Fives to 5 (it ends as soon as someone has 5)
    made = server.create({"preset": "all-fives", "players": 2, "target": 5, "seats": [
        {"kind": "me"}, {"kind": "bot", "level": "greedy"}]}).json()
    me = open_page(browser, server.base + made["me"], lang)
    watcher = open_page(browser, server.base + made["watch"], lang)
    while me.evaluate("document.body.dataset.phase") != "game_over":
        assert time.monotonic() < deadline + 120
        if me.evaluate("document.body.dataset.phase") == "hand_over":
            me.click("#btn-next")
        play_a_move(me)
        leaks.setdefault("seat in play", set()).update(shown_beyond_frames(me))
    watcher.wait_for_function("() => document.body.dataset.phase === 'game_over'")
    check_both("game end", me, watcher, "#reveal h2", checks, leaks)
    assert {k: v for k, v in checks.items() if v} == {}
    assert {k: v for k, v in leaks.items() if v} == {}


def test_the_leak_check_finds_a_planted_tile(server: Server, browser: Browser) -> None:
    made = server.create({"preset": "five-up", "players": 2, "seats": [
        {"kind": "me"}, {"kind": "bot", "level": "greedy"}]}).json()
    page = open_page(browser, server.base + made["me"], "en")
    assert shown_beyond_frames(page) == set()
    frames = " ".join(page.evaluate("window.framesSeen"))
    hidden = next(f"{a}-{b}" for a in range(7) for b in range(a + 1)
                  if f"{a}-{b}" not in tiles_in(frames))
    page.evaluate("(t) => document.getElementById('hint').setAttribute('title', t)", hidden)
    assert shown_beyond_frames(page) == {hidden}
    page.close()


def abort(route: Route) -> None:
    route.abort()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_error_messages_pass_axe(server: Server, browser: Browser, lang: str) -> None:
    page = browser.new_page(bypass_csp=True)  # axe is injected
    page.add_init_script(f"localStorage.setItem('fives.lang', '{lang}')")
    page.add_init_script("localStorage.setItem('fives.more', 'open')")  # the start form unfolded
    page.route("**/api/tables", abort)
    page.route("**/api/lobby", abort)
    page.goto(server.base + "/")
    page.wait_for_selector("#create:not(:empty)")
    page.click("#create")
    page.wait_for_selector("#create-error button.retry")
    page.wait_for_selector("#lobby-lists-error button.retry")
    assert text("web.err.network", lang) in page.inner_text("#create-error")
    assert axe_violations(page) == []
    page.close()


def test_the_404_and_rules_pages_pass_axe(server: Server, browser: Browser) -> None:
    """Each is one page in both languages (a section of each, with its lang)."""
    page = browser.new_page(bypass_csp=True)  # axe is injected
    found = {}
    for path in ["/nowhere", *(f"/rules/{preset}" for preset in PRESETS)]:
        page.goto(server.base + path)
        langs = page.evaluate("[...document.querySelectorAll('section[lang]')]"
                              ".map((s) => s.lang)")
        assert langs == ["en", "fr"], (path, langs)
        found[path] = axe_violations(page)
    page.close()
    assert {k: v for k, v in found.items() if v} == {}, json.dumps(found)[:2000]
