"""Playing with people, in Debian's Chromium: nicknames shown as text, a friend who leaves (the
countdown, the stand-in, the link taking the seat back), the next hand and the rematch waiting
for the other player, hint and undo against a bot, and the start page's memory (Your games,
the forms) and Play now's Cancel. The other player is a plain websocket client where a second
browser adds nothing. Screenshots go to $FIVES_SCREENSHOTS (or the test's temporary folder)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection, connect

from . import test_browser
from .helpers import view_of

# test_browser's fixtures: the server (SQLite, and the shared mode's two workers), Chromium,
# the screenshots' folder.
base_url = test_browser.base_url
browser = test_browser.browser
shots = test_browser.shots
new_page = test_browser.new_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_together_page")]
MARKUP = "<i>Bo</i>&lt;"


def named_page(browser: Browser, name: str | None = None) -> Page:
    """A page (test_browser's) whose browser holds this nickname."""
    page = new_page(browser)
    if name is not None:
        page.context.add_init_script(f"localStorage.setItem('fives.name', {json.dumps(name)})")
    return page


def create(base_url: str, **request: Any) -> dict[str, Any]:
    response = httpx.post(base_url + "/api/tables", json=request)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


class Friend:
    """The other player: a websocket client that plays its first legal move when asked."""

    def __init__(self, base_url: str, url: str, name: str | None = None) -> None:
        self.ws: ClientConnection = connect(  # closed by close()
            base_url.replace("http", "ws") + "/ws")
        join: dict[str, Any] = {"type": "join", "token": url.split("=", 1)[1]}
        if name:
            join["name"] = name
        self.ws.send(json.dumps(join))
        self.frame = self.next()

    def next(self) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=15))
            if frame["type"] == "state":
                self.frame = frame
                return frame

    def drain(self) -> dict[str, Any]:
        """The latest frame, reading what arrived meanwhile."""
        while True:
            try:
                frame: dict[str, Any] = json.loads(self.ws.recv(timeout=0.05))
            except TimeoutError:
                return self.frame
            if frame["type"] == "state":
                self.frame = frame

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def close(self) -> None:
        self.ws.close()


def page_frame(page: Page, path: str) -> Any:
    return page.evaluate(f"state.frame && state.frame.{path}")


def play_until(page: Page, friend: Friend, phases: tuple[str, ...], seconds: float = 90) -> None:
    """Both seats play their first legal move (the page's through its own socket) until the
    page shows one of ``phases``."""
    deadline = time.monotonic() + seconds
    while page_frame(page, "public.phase") not in phases:
        assert time.monotonic() < deadline, "the hand did not end in time"
        frame = friend.drain()
        view = view_of(frame)
        if view["phase"] == "play" and view["turn"] == frame["you"] and view["legal_moves"]:
            friend.send({"type": "play", "move": view["legal_moves"][0]})
            friend.next()
        elif page.evaluate("document.body.classList.contains('my-turn')"):
            before = int(page.evaluate("Number(document.body.dataset.seq)"))
            page.evaluate("state.ws.send(JSON.stringify({type: 'play', "
                          "move: state.frame.seat.legal_moves[0].notation}))")
            page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=before)
        else:
            page.wait_for_timeout(30)


def test_names_a_friend_who_leaves_and_comes_back(base_url: str, browser: Browser,
                                                  shots: Path) -> None:
    page = named_page(browser, MARKUP)
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    assert page.input_value("#my-name") == MARKUP
    page.select_option("#preset", "all-fives")
    page.select_option("#seat-1", "friend")
    page.select_option("#grace", "10")
    page.click("#create")
    page.wait_for_selector("body[data-seq]")
    friend_url = page.locator("#links input").nth(1).input_value()
    friend = Friend(base_url, friend_url, "Zoé")
    assert [s["name"] for s in friend.frame["table"]["seats"]] == [MARKUP, "Zoé"]
    expect(page.locator("#others .name")).to_have_text("Zoé")
    # The friend's browser shows the markup as text: no <i> element, the characters themselves.
    other = new_page(browser)
    other.goto(base_url + friend_url.split(base_url, 1)[1])
    other.wait_for_selector("body[data-seq]")
    expect(other.locator("#others .name")).to_have_text(MARKUP)
    assert other.locator("#others i").count() == 0
    other.screenshot(path=str(shots / "together-1-names.png"), full_page=True)
    other.context.close()
    friend.close()  # the friend's last connection: the countdown starts
    away = page.locator("#together .away-row")
    expect(away).to_contain_text("Zoé left: a bot plays for them in")
    expect(page.locator("#together .bot-now")).to_be_visible()
    page.screenshot(path=str(shots / "together-2-countdown.png"), full_page=True)
    # The stand-in plays the friend's turns once the grace (10 s) is over.
    deadline = time.monotonic() + 30
    while not page.evaluate("state.log.some((e) => e.by === 'away')"):
        assert time.monotonic() < deadline, "no stand-in within the grace"
        if page.evaluate("document.body.classList.contains('my-turn')"):
            page.evaluate("state.ws.send(JSON.stringify({type: 'play', "
                          "move: state.frame.seat.legal_moves[0].notation}))")
        page.wait_for_timeout(200)
    expect(away).to_contain_text("until they come back")
    # The same link takes the seat back.
    back = Friend(base_url, friend_url, "Zoé")
    assert back.frame["you"] == 1
    expect(page.locator("#together .away-row")).to_have_count(0)
    back.close()
    assert page.errors == []  # type: ignore[attr-defined]


def test_next_hand_and_rematch_wait_for_the_other_player(base_url: str, browser: Browser,
                                                         shots: Path) -> None:
    created = create(base_url, preset="all-fives", players=2, target=100,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    page = new_page(browser)
    page.goto(base_url + created["me"])
    page.wait_for_selector("body[data-seq]")
    friend = Friend(base_url, created["seats"][1]["url"])
    breaks = 0
    for _ in range(30):  # hands until the game is over (target 100: a few hands)
        play_until(page, friend, ("hand_over", "game_over"))
        if page_frame(page, "public.phase") == "game_over":
            break
        breaks += 1
        hand = page_frame(page, "public.hand_number")
        # The score sheet: one row per finished hand, each side's change and score after it.
        sheet = page_frame(page, "public.score_sheet")
        assert [r["hand"] for r in sheet] == list(range(1, hand + 1))
        rows = page.locator("#sheet tbody tr")
        expect(rows).to_have_count(hand)
        for row, entry in zip(rows.all(), sheet, strict=True):
            cells = row.locator("td").all_inner_texts()[1:]
            assert [c.split("→")[-1].strip() for c in cells] == [str(x) for x in entry["scores"]]
        page.click("#btn-next")
        expect(page.locator("#btn-next")).to_have_text("Ready: waiting for the others")
        expect(page.locator("#together")).to_contain_text(
            "Waiting for Player 2 to press Next hand.")
        page.screenshot(path=str(shots / "together-3-ready.png"), full_page=True)
        assert page_frame(page, "public.hand_number") == hand  # not dealt without the friend
        friend.send({"type": "next_hand"})
        page.wait_for_function("h => state.frame.public.hand_number === h + 1", arg=hand)
    assert page_frame(page, "public.phase") == "game_over"
    assert breaks >= 1, "the game ended in its first hand"
    friend.send({"type": "rematch"})
    expect(page.locator("#together")).to_contain_text("Player 2 offers a rematch.")
    expect(page.locator("#btn-rematch")).to_have_text("Accept the rematch")
    page.screenshot(path=str(shots / "together-4-rematch-offer.png"), full_page=True)
    assert page_frame(page, "table.game_no") == 1
    page.click("#btn-rematch")
    page.wait_for_function("() => state.frame.table.game_no === 2")
    expect(page.locator("#match")).to_contain_text("Match:")
    friend.close()
    assert page.errors == []  # type: ignore[attr-defined]


def test_hint_and_undo_against_a_bot(base_url: str, browser: Browser, shots: Path) -> None:
    created = create(base_url, preset="all-fives", players=2,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}])
    page = new_page(browser)
    page.goto(base_url + created["me"])
    page.wait_for_selector("body[data-seq]")
    placed = 0
    deadline = time.monotonic() + 60
    while placed < 2:
        assert time.monotonic() < deadline
        if page_frame(page, "public.phase") != "play":
            page.reload()  # a new deal: start counting again
            page.wait_for_selector("body[data-seq]")
            if page.locator("#btn-next").count():
                page.click("#btn-next")
            placed = 0
            continue
        if not page.evaluate("document.body.classList.contains('my-turn')"):
            page.wait_for_timeout(30)
            continue
        if placed == 0:
            page.click("#btn-hint")
            expect(page.locator("#hint-list li").first).to_contain_text("best")
            page.screenshot(path=str(shots / "together-5-hint.png"), full_page=True)
        legal = page_frame(page, "seat.legal_moves.map((m) => m.notation)")
        placements = [m for m in legal if m not in ("draw", "pass")]
        before = int(page.evaluate("Number(document.body.dataset.seq)"))
        page.evaluate("m => state.ws.send(JSON.stringify({type: 'play', move: m}))",
                      (placements or legal)[0])
        page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=before)
        placed += bool(placements)
    page.wait_for_function("() => document.body.classList.contains('my-turn') || "
                           "state.frame.public.phase !== 'play'")
    if page_frame(page, "public.phase") == "play":
        tiles = page.locator("#hand .tile-btn").count()
        page.click("#btn-undo")
        page.wait_for_function("n => document.querySelectorAll('#hand .tile-btn').length > n",
                               arg=tiles)
        # "What happened" tells the hand as it is now: no undone move left in it (issue 40)
        plays = page.evaluate("state.log.filter((e) => e.kind === 'lead' || "
                              "e.kind === 'place').length")
        assert plays == page_frame(page, "public.layout.nodes.length")
        assert page.locator("#log li").count() == page.evaluate("Math.min(60, state.log.length)")
        page.screenshot(path=str(shots / "together-6-undone.png"), full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]


def test_start_page_remembers_and_play_now_cancels(base_url: str, browser: Browser,
                                                   shots: Path) -> None:
    page = new_page(browser)
    page.goto(base_url + "/")
    page.wait_for_selector("#lobby-preset option", state="attached")
    page.select_option("#lobby-preset", "five-up")
    page.select_option("#lobby-wait", "60")
    page.click("#lobby-play")
    expect(page.locator("#lobby-status")).to_contain_text("bots in")
    expect(page.locator("#lobby-waiting")).to_contain_text("1 of 2")
    page.click("#lobby-cancel")
    expect(page.locator("#lobby-status")).to_have_text("Seat given back.")
    expect(page.locator("#lobby-waiting")).to_have_text("None right now.")
    # A table made from the form: the form and the game are remembered.
    page.select_option("#preset", "multiples-of-five")
    page.select_option("#timer", "30")
    page.select_option("#seat-1", "bot:random")
    page.click("#create")
    page.wait_for_selector("body[data-seq]")
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    assert page.input_value("#preset") == "multiples-of-five"
    assert page.input_value("#timer") == "30"
    assert page.input_value("#seat-1") == "bot:random"
    expect(page.locator("#lobby-wait")).to_have_value("60")  # the lobby's form fills later
    expect(page.locator("#your-games li")).to_have_count(1)
    expect(page.locator("#your-games")).to_contain_text("Go back")
    page.screenshot(path=str(shots / "together-7-start.png"), full_page=True)
    page.click("#your-games a")
    page.wait_for_selector("body[data-seq]")
    assert page_frame(page, "you") == 0
    assert page.errors == []  # type: ignore[attr-defined]
