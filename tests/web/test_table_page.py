"""The table as players know it (issue 40), in Debian's Chromium: links one can read (their
contrast measured, not left to axe's "incomplete"), the rules in the reader's language in a tab
of their own, the server's words in the page's language, and on every screen the count, the
fair-deal line and the turn line whole, the hand's tiles as large as the board's on a large
screen. Screenshots go to $FIVES_SCREENSHOTS (or the test's temporary folder)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from websockets.sync.client import connect

from fives.i18n import text

from . import test_browser

base_url = test_browser.base_url
browser = test_browser.browser
shots = test_browser.shots
new_page = test_browser.new_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_table_page")]

SIZES = [(1366, 768), (1920, 1080), (390, 844), (360, 640), (844, 390), (640, 360)]

# Every link in view, with its contrast against the first opaque background behind it (WCAG's
# relative luminance).
LINK_CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0.5) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll('a')].filter((a) => a.getClientRects().length
      && !a.closest('[hidden]')).map((a) => {
    const [l1, l2] = [lum(rgb(getComputedStyle(a).color)), lum(behind(a))];
    return [a.id || a.textContent.trim(), (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)];
  });
}"""


def create(base_url: str, **request: Any) -> dict[str, Any]:
    response = httpx.post(base_url + "/api/tables", json=request)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def low_contrast(page: Page) -> list[str]:
    found = page.evaluate(LINK_CONTRAST)
    assert found, "no link in view"
    return [f"{name!r} {ratio:.2f}:1" for name, ratio in found if ratio < 4.5]


def test_every_link_reads_at_4_5_to_1(base_url: str, browser: Browser, shots: Path) -> None:
    page = new_page(browser)
    page.goto(base_url + "/")
    page.wait_for_selector("#lobby-preset option", state="attached")
    # a table being played, as the lobby lists it, with its "Watch" link
    page.evaluate("""() => { const li = document.createElement('li');
        const a = document.createElement('a'); a.href = '/watch#w=x'; a.textContent = 'Watch';
        li.append('Five Up, 2 players ', a); document.getElementById('lobby-playing').append(li);
    }""")
    problems = [f"start: {p}" for p in low_contrast(page)]
    created = create(base_url, preset="five-up", players=2,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": "greedy"}])
    page.goto(base_url + created["me"])
    page.wait_for_selector("#hand .tile-btn")
    page.locator("#rules-link").scroll_into_view_if_needed()
    problems += [f"table: {p}" for p in low_contrast(page)]
    page.screenshot(path=str(shots / "links-table.png"), full_page=True)
    assert not problems, problems
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_rules_open_in_the_readers_language_in_a_new_tab(
        base_url: str, browser: Browser) -> None:
    page = new_page(browser, locale="fr-FR")
    created = create(base_url, preset="all-fives", players=2,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": "greedy"}])
    page.goto(base_url + created["me"])
    page.wait_for_selector("#hand .tile-btn")
    table_url = page.url
    with page.context.expect_page() as opened:
        page.click("#rules-link")
    rules = opened.value
    rules.wait_for_load_state()
    assert page.url == table_url  # the table stays in its own tab
    assert rules.evaluate("document.documentElement.lang") == "fr"
    first = rules.locator("h1").first
    assert first.text_content() == text("preset.name.all-fives", "fr")
    box = first.bounding_box()
    assert box is not None and box["y"] < 200
    # the English page for an English reader, whatever the browser's language
    english = httpx.get(base_url + "/rules/all-fives?lang=en",
                        headers={"accept-language": "fr-FR"}).text
    assert english.startswith('<!doctype html><html lang="en">')
    french = httpx.get(base_url + "/rules/all-fives", headers={"accept-language": "fr-FR"}).text
    assert french.startswith('<!doctype html><html lang="fr">')


def test_a_refused_move_is_told_in_the_pages_language(base_url: str, browser: Browser) -> None:
    page = new_page(browser, locale="fr-FR")
    created = create(base_url, preset="five-up", players=2,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": "greedy"}])
    page.goto(base_url + created["me"])
    page.wait_for_function("() => document.body.classList.contains('my-turn')")
    # a lead, or a draw while the boneyard has tiles: never a pass
    page.evaluate("state.ws.send(JSON.stringify({type: 'play', move: 'pass'}))")
    page.wait_for_function("() => document.getElementById('table-error').textContent")
    error = page.text_content("#table-error") or ""
    assert "« passer »" in error, error


# Where each line would be cut: an element whose text is wider or taller than its box.
CUT = """() => {
  const cut = [];
  for (const id of ['board-desc', 'deal-check', 'status']) {
    const el = document.getElementById(id);
    if (!el || !el.getClientRects().length) continue;
    // the text as laid out (a clamp hides lines without growing scrollHeight)
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
        || text.bottom > box.bottom + 1 || text.right > box.right + 1) {
      cut.push(id + ': ' + el.textContent);
    }
  }
  return cut;
}"""


def test_the_count_the_deal_line_and_the_turn_are_never_cut(
        base_url: str, browser: Browser, shots: Path) -> None:
    page = new_page(browser)
    created = create(base_url, preset="all-fives", players=4, target=250, timer=0,
                     seats=[{"kind": "me"}] + [{"kind": "bot", "level": "greedy"}] * 3)
    page.goto(base_url + created["me"])
    page.wait_for_function("() => document.body.classList.contains('my-turn')")
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)  # the board is drawn again for its new box, then a long
        # count as a late hand's board gives it
        page.evaluate("""() => { const d = document.getElementById('board-desc');
            d.textContent = 'Open ends: 6 + 6 + 4 + 5 + 3 + 2 + 1 + 1 = 28. Open ends not counted '
                + 'yet (the arms of the spinner): 6, 4 and 3, until both of its sides are taken.';
        }""")
        problems += [f"{width}x{height} {c}" for c in page.evaluate(CUT)]
    assert not problems, problems
    # the others by short names ("Bot 2"), their levels as badges beside
    page.set_viewport_size({"width": 360, "height": 640})
    others = page.evaluate("""() => [...document.querySelectorAll('#others .other')].map(
        (o) => [o.querySelector('.name').textContent, o.querySelector('.level')?.textContent])""")
    assert [o[0] for o in others] == ["Bot 2", "Bot 3", "Bot 4"], others
    assert all(o[1] == "greedy" for o in others), others
    page.screenshot(path=str(shots / "uncut-360x640.png"))


def test_the_hand_is_as_large_as_the_board_on_a_large_screen(
        base_url: str, browser: Browser) -> None:
    page = new_page(browser)
    created = create(base_url, preset="five-up", players=2,
                     seats=[{"kind": "bot", "level": "greedy"}, {"kind": "me"}])
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(base_url + created["me"])
    page.wait_for_function("() => document.body.classList.contains('my-turn')")
    if not page.evaluate("state.frame.public.layout.nodes.length"):  # the page's seat leads
        page.evaluate("state.ws.send(JSON.stringify({type: 'play', "
                      "move: state.frame.seat.legal_moves[0].notation}))")
    page.wait_for_selector("#board .tile")
    page.wait_for_selector("#hand .tile-btn")
    sizes = page.evaluate("""() => {
        const hand = document.querySelector('#hand .hand-tile').getBoundingClientRect();
        const board = document.querySelector('#board .tile .face').getBoundingClientRect();
        return [Math.max(hand.width, hand.height), Math.max(board.width, board.height)];
    }""")
    assert sizes[0] >= sizes[1] * 0.9, sizes


FIRST_SCREEN = [(1366, 768), (1920, 1080), (390, 844), (360, 640), (844, 390), (640, 360)]


def test_the_first_screen_offers_three_games_in_view_and_remembers(
        base_url: str, browser: Browser, shots: Path) -> None:
    """Issue 40, D9: play the computer, play a friend, Play now: in view at scroll 0 at every
    size; the form behind "More options"; the level, the variant and the fold remembered."""
    page = new_page(browser, more=False)
    page.goto(base_url + "/")
    page.wait_for_selector("#quick-level option", state="attached")
    problems = []
    for width, height in FIRST_SCREEN:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        for name in ("quick-bot", "quick-friend", "quick-now", "quick-level"):
            box = page.locator("#" + name).bounding_box()
            if box is None or box["y"] < 0 or box["y"] + box["height"] > height or (
                    box["x"] + box["width"] > width):
                problems.append(f"{width}x{height}: {name} at {box}")
        page.screenshot(path=str(shots / f"first-{width}x{height}.png"))
    assert not problems, problems
    assert not page.is_visible("#create")  # the options are folded away at first
    page.click("#more > summary")
    page.select_option("#preset", "all-fives")
    page.select_option("#quick-level", "random")
    assert "All Fives" in (page.text_content("#quick-variant") or "")
    page.click("#quick-bot")  # one tap
    page.wait_for_selector("body[data-seq]")
    seats = page.evaluate("state.frame.table.seats.map((s) => [s.kind, s.level])")
    assert seats == [["human", None], ["bot", "random"]], seats
    assert page.evaluate("state.frame.table.preset") == "all-fives"
    page.goto(base_url + "/")
    page.wait_for_selector("#quick-level option", state="attached")
    assert page.input_value("#quick-level") == "random"
    assert page.input_value("#preset") == "all-fives"
    assert page.evaluate("document.getElementById('more').open")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_table_for_a_friend_shows_its_link_first(base_url: str, browser: Browser) -> None:
    """Issue 40, D4: the friend's link, with Copy, in view on the new table at every size,
    until the friend comes."""
    page = new_page(browser)
    page.goto(base_url + "/")
    page.wait_for_selector("#quick-level option", state="attached")
    page.click("#quick-friend")
    page.wait_for_selector("body[data-seq]")
    page.wait_for_selector("#invite input")
    table = page.evaluate("state.frame.table.id")
    links = page.evaluate("(id) => JSON.parse(localStorage.getItem('fives.links.' + id))", table)
    friend = links["seats"][1]["url"]
    assert page.input_value("#invite input").endswith(friend)
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.evaluate("window.scrollTo(0, 0)")
        for name in ("#invite input", "#invite button.copy"):
            box = page.locator(name).bounding_box()
            if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
                problems.append(f"{width}x{height}: {name} at {box}")
    assert not problems, problems
    with connect(base_url.replace("http", "ws") + "/ws") as ws:  # the friend comes
        ws.send(json.dumps({"type": "join", "token": friend.split("=", 1)[1]}))
        page.wait_for_selector("#invite", state="hidden")


def test_a_warm_reload_downloads_nothing_again(base_url: str, browser: Browser) -> None:
    """Issue 40, D12: on a reload every module comes from the browser's cache and the page,
    the presets and the catalog are revalidated (304): no body is downloaded twice."""
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(base_url + "/")
    page.wait_for_selector("#quick-level option", state="attached")
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    size: dict[str, int] = {}  # bytes over the wire (headers and body), by request id
    cdp.on("Network.requestWillBeSent",
           lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished",
           lambda e: size.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.reload()
    page.wait_for_selector("#quick-level option", state="attached")
    page.wait_for_timeout(300)
    # a revalidation (304) is headers only, a module from the cache nothing; the lobby's live
    # lists aside
    again = {urls[r]: n for r, n in size.items() if n > 1000 and "/api/lobby" not in urls[r]}
    assert again == {}, again
    assert len([u for u in urls.values() if "/static/" in u]) >= 20
    context.close()
