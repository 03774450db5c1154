"""The table fits the screens people use (in headless Chromium): at 1280x720, 1366x768,
1920x1080, a 390x844 and a 360x640 phone and both phones on their side, at scroll 0 the hand,
the turn line, every side's score, the timer and the buttons one may press now lie inside the
window, at the start, mid-hand with a long Five Up board, at a hand's end and at the game's end;
and the page is never wider than the window."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .chromium import chromium
from .tcp import Server

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_fit")]

SIZES = [(1280, 720), (1366, 768), (1920, 1080), (390, 844), (360, 640), (844, 390), (640, 360)]
# What must be in view, and how to find it: the buttons that are enabled now, each one.
IN_VIEW = """() => {
  const boxes = {};
  const add = (name, el) => {
    if (!el || el.hidden || el.closest('[hidden]')) return;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    boxes[name] = [r.left, r.top, r.right, r.bottom];
  };
  if (document.querySelector('#hand .tile-btn')) add('hand', document.getElementById('hand'));
  add('status', document.getElementById('status'));
  document.querySelectorAll('#scores .score').forEach((el, i) => add('score' + i, el));
  add('timer', document.getElementById('timer-bar'));
  document.querySelectorAll('#actions button:not([disabled])').forEach((el) => add(el.id, el));
  // a picked tile's end buttons (the row scrolls sideways: its box, and the first button)
  add('ends', document.getElementById('ends'));
  add('end0', document.querySelector('#ends .end-btn'));
  document.querySelectorAll('#claim button, #muggins button').forEach((el) => add(el.id, el));
  add('claim-input', document.getElementById('claim-input'));
  // the others where they sit, each one whole (issue 40, D10)
  document.querySelectorAll('#others .other').forEach((el) => add('seat' + el.dataset.seat, el));
  const room = {};
  for (const id of ['board-scroll', 'reveal']) {
    const el = document.getElementById(id);
    if (el && !el.hidden) {
      const r = el.getBoundingClientRect();
      room[id] = [r.left, r.top, r.right, r.bottom];
    }
  }
  return {boxes, room, width: document.documentElement.scrollWidth, scrollY: window.scrollY};
}"""
# The board's box keeps at least this many pixels of height at every size and moment.
MIN_BOARD = 80


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def outside(page: Page, width: int, height: int) -> list[str]:
    """What is not inside the window at scroll 0 at this size (empty when all fits)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(150)
    page.evaluate("window.scrollTo(0, 0)")
    found: dict[str, Any] = page.evaluate(IN_VIEW)
    out = [f"page {found['width']} px wide"] if found["width"] > width else []
    for name, (left, top, right, bottom) in found["boxes"].items():
        if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5:
            out.append(f"{name} at {left:.0f},{top:.0f}-{right:.0f},{bottom:.0f}")
    for needed in ("status", "score0", "score1"):
        if needed not in found["boxes"]:
            out.append(f"no {needed}")
    board = found["room"]["board-scroll"]
    if board[3] - board[1] < MIN_BOARD:
        out.append(f"board box {board[3] - board[1]:.0f} px high")
    reveal = found["room"].get("reveal")
    if reveal and reveal[0] < board[2] - 0.5 and board[0] < reveal[2] - 0.5 and (
            reveal[1] < board[3] - 0.5 and board[1] < reveal[3] - 0.5):
        out.append("the hand's end panel covers the board")
    # where the hand and the buttons sit (printed: the note gives them, pytest -s)
    at = {name: f"{box[1]:.0f}-{box[3]:.0f}" for name, box in found["boxes"].items()
          if name in ("hand", "ends", "claim-play") or name.startswith("btn")}
    at["board"] = f"{board[1]:.0f}-{board[3]:.0f}"
    print(f"{width}x{height}: " + ", ".join(f"{k} {v}" for k, v in sorted(at.items())))
    return out


def check_every_size(page: Page, moment: str) -> list[str]:
    print(f"-- {moment} (top-bottom px at scroll 0)")
    return [f"{moment} {w}x{h}: {p}" for w, h in SIZES for p in outside(page, w, h)]


# One look at the table, in a single evaluate so that its parts agree with each other.
SNAPSHOT = """() => ({phase: state.frame.public.phase,
  nodes: state.frame.public.layout.nodes.length,
  mine: document.body.classList.contains('my-turn'),
  onNode: state.frame.seat.legal_moves.some((m) => m.node),
  legal: state.frame.seat.legal_moves.map((m) => m.notation),
  next: Boolean(document.getElementById('btn-next'))
    && !document.getElementById('btn-next').hasAttribute('aria-disabled')})"""


def reach_long_board(page: Page, tiles: int, *, on_node: bool = False,
                     seconds: float = 120) -> None:
    """Play the first legal move whenever it is the page's turn, and press Next hand at a
    hand's end, until the page's seat is to play with at least ``tiles`` tiles on the board
    (and, with ``on_node``, a move onto a tile among its legal moves). Fails if the game ends
    first, naming the board size of each hand that ended short."""
    deadline = time.monotonic() + seconds
    short: list[int] = []  # tiles on the board at each hand's end
    phase = "play"
    while True:
        now = page.evaluate(SNAPSHOT)
        if now["phase"] == "play" and now["nodes"] >= tiles and now["mine"] and (
                now["onNode"] or not on_node):
            return
        assert now["phase"] != "game_over", f"the game ended first: hands of {short} tiles"
        assert time.monotonic() < deadline, f"no board of {tiles} tiles: hands of {short}"
        if now["phase"] == "hand_over":
            if phase != "hand_over":
                short.append(now["nodes"])
            if now["next"]:
                page.click("#btn-next")
        elif now["mine"] and now["legal"]:
            page.evaluate("(m) => state.ws.send(JSON.stringify({type: 'play', move: m}))",
                          now["legal"][-1])
        phase = now["phase"]
        page.wait_for_timeout(120)


def play_until(page: Page, done: str, seconds: float = 120) -> None:
    """Play the first legal move whenever it is the page's turn (and press Next hand) until
    the JS condition ``done`` holds."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(done):
        assert time.monotonic() < deadline, f"never: {done}"
        if page.evaluate("document.body.classList.contains('my-turn')"):
            legal = page.evaluate("state.frame.seat.legal_moves.map((m) => m.notation)")
            page.evaluate("(m) => state.ws.send(JSON.stringify({type: 'play', move: m}))",
                          legal[-1])
        page.wait_for_timeout(120)


def test_the_table_fits_every_screen(tmp_path: Path, browser: Browser) -> None:
    server = Server(tmp_path)
    try:
        me = server.create({"preset": "five-up", "players": 2, "timer": 60, "seats": [
            {"kind": "me"}, {"kind": "bot", "level": "greedy"}]}).json()["me"]
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.base + me)
        page.wait_for_selector("#hand .tile-btn")
        problems = check_every_size(page, "start")
        reach_long_board(page, 12)
        problems += check_every_size(page, "long board")
        play_until(page, "state.frame.public.phase !== 'play'")
        problems += check_every_size(page, "hand end")
        assert page.evaluate("!document.getElementById('reveal').hidden")
        assert not problems, problems
    finally:
        server.stop()


def test_the_game_end_fits_every_screen(tmp_path: Path, browser: Browser) -> None:
    server = Server(tmp_path)
    try:
        me = server.create({"preset": "all-fives", "players": 2, "target": 5, "seats": [
            {"kind": "me"}, {"kind": "bot", "level": "greedy"}]}).json()["me"]
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.base + me)
        page.wait_for_selector("#status")
        deadline = time.monotonic() + 120
        while page.evaluate("document.body.dataset.phase") != "game_over":
            assert time.monotonic() < deadline
            if page.evaluate("document.body.dataset.phase") == "hand_over":
                page.click("#btn-next")
            play_until(page, "state.frame.public.phase !== 'play'")
        problems = check_every_size(page, "game end")
        assert page.evaluate("document.querySelector('#reveal h2').textContent")
        assert page.is_visible("#btn-rematch")
        assert not problems, problems
    finally:
        server.stop()


# A tile of the hand with two places or more, as the page names it (None: none now).
MULTI_TILE = """() => document.body.classList.contains('my-turn')
  && state.frame.seat.hand.find((t) => {
  const id = t.split('-').sort().join('-');
  return state.frame.seat.legal_moves.filter(
    (m) => m.tile && m.tile.split('-').sort().join('-') === id).length >= 2; }) || null"""
# The board's box and the drawn board in it (at zoom 1 the board fits its box).
BOARD_FIT = """() => { const box = document.getElementById('board-scroll');
  const svg = document.getElementById('board');
  return [box.clientWidth, box.clientHeight, svg.getBoundingClientRect().width,
          svg.getBoundingClientRect().height]; }"""


def test_a_picked_tile_keeps_the_board_in_view_and_whole(tmp_path: Path, browser: Browser) -> None:
    """Issue 40, D1/D2/D10: with a tile picked the end buttons take one row in the hint's place,
    the board is drawn for the box they leave (whole, never clipped) and keeps its room; the
    three others sit whole round the board's top edge on every phone."""
    server = Server(tmp_path)
    try:
        me = server.create({"preset": "all-fives", "players": 4, "target": 300, "seats": [
            {"kind": "me"}] + [{"kind": "bot", "level": "greedy"}] * 3}).json()["me"]
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.base + me)
        page.wait_for_selector("#hand .tile-btn")
        deadline = time.monotonic() + 240
        while not page.evaluate(f"({MULTI_TILE})() && state.frame.public.layout.nodes.length"
                                " >= 3"):  # play on (the next hand too) until such a tile
            assert time.monotonic() < deadline, "no tile with two places"
            if page.locator("#btn-next:not([aria-disabled])").count():
                page.click("#btn-next")
            elif page.evaluate("document.body.classList.contains('my-turn')"):
                page.evaluate("state.ws.send(JSON.stringify({type: 'play', "
                              "move: state.frame.seat.legal_moves.at(-1).notation}))")
            page.wait_for_timeout(120)
        tile = page.evaluate(MULTI_TILE)
        problems = []
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            before = page.evaluate(BOARD_FIT)
            page.click(f"#hand .tile-btn[data-tile='{tile}']")
            page.wait_for_selector("#ends .end-btn")
            box_w, box_h, svg_w, svg_h = page.evaluate(BOARD_FIT)
            if svg_w > box_w + 1 or svg_h > box_h + 1:
                problems.append(f"{width}x{height}: board {svg_w:.0f}x{svg_h:.0f} drawn for a "
                                f"{box_w}x{box_h} box")
            if before[1] - box_h > 40:
                problems.append(f"{width}x{height}: the board's box fell from {before[1]} to "
                                f"{box_h} px")
            print(f"-- picked {tile}")
            problems += [f"picked {width}x{height}: {p}" for p in outside(page, width, height)]
            page.click(f"#hand .tile-btn[data-tile='{tile}']")  # put it back
            page.wait_for_selector("#ends .end-btn", state="detached")
        assert not problems, problems
        seats = page.evaluate("""() => [...document.querySelectorAll('#others .other')].map(
            (o) => o.dataset.place)""")
        assert seats == ["left", "across", "right"], seats
    finally:
        server.stop()


def test_the_claim_box_fits_every_screen(tmp_path: Path, browser: Browser) -> None:
    """Issue 40, D1/D3: under muggins claims the claim box, the hand and the board's room."""
    server = Server(tmp_path)
    try:
        me = server.create({"preset": "muggins-1868", "players": 2, "seats": [
            {"kind": "me"}, {"kind": "bot", "level": "greedy"}]}).json()["me"]
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.base + me)
        page.wait_for_selector("#hand .tile-btn")
        deadline = time.monotonic() + 60
        while not page.evaluate("document.body.classList.contains('my-turn') && "
                                "state.frame.seat.legal_moves.some((m) => m.tile)"):
            assert time.monotonic() < deadline
            if page.evaluate("document.body.classList.contains('my-turn')"):
                page.evaluate("state.ws.send(JSON.stringify({type: 'play', "
                              "move: state.frame.seat.legal_moves[0].notation}))")
            page.wait_for_timeout(120)
        tile = page.evaluate("""() => { const m = state.frame.seat.legal_moves.find((m) => m.tile);
            const id = m.tile.split('-').sort().join('-');
            return state.frame.seat.hand.find((t) => t.split('-').sort().join('-') === id); }""")
        page.click(f"#hand .tile-btn[data-tile='{tile}']")
        if page.locator("#ends .end-btn").count():
            page.click("#ends .end-btn")
        page.wait_for_selector("#claim-input")
        problems = check_every_size(page, "claim box")
        for name in ("claim-play", "claim-cancel", "claim-input"):
            assert page.is_visible("#" + name), name
        assert not problems, problems
    finally:
        server.stop()
