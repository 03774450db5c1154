"""A long board on a phone, in headless Chromium: the zoom buttons cover no tile (at the fit and
zoomed in, upright and on its side), every tile can be brought into view by panning once zoomed
in, the board pans and zooms from the keyboard and with a mouse drag, and the hand-end panel
takes the board it covers out of Tab order. Prints the smallest tile and green target drawn on
the phones (the issue's note asks for them)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .chromium import chromium
from .tcp import Server
from .test_fit import play_until, reach_long_board

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_board_view")]

PHONES = [(390, 844), (360, 640), (844, 390), (640, 360)]
LONG = 12  # tiles on the board: the fit test's long board
# The zoom buttons' boxes, and each tile's box as far as the board's scroll box shows it.
BOXES = """() => {
  const clip = document.getElementById('board-scroll').getBoundingClientRect();
  const box = (r) => [r.left, r.top, r.right, r.bottom];
  const zoom = [...document.querySelectorAll('.zoom button')].map((b) =>
    box(b.getBoundingClientRect()));
  const tiles = [...document.querySelectorAll('#board .tile')].map((g) => {
    const r = g.getBoundingClientRect();
    return [Math.max(r.left, clip.left), Math.max(r.top, clip.top), Math.min(r.right, clip.right),
      Math.min(r.bottom, clip.bottom), g.dataset.node || g.dataset.move,
      Math.min(r.width, r.height)];
  });
  return {zoom, tiles: tiles.filter((t) => t[0] < t[2] && t[1] < t[3])};
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def long_board(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Page]:
    """A page whose seat is to place a tile in a Five Up hand of at least LONG tiles on the
    board."""
    server = Server(tmp_path_factory.mktemp("board-view"))
    me = server.create({"preset": "five-up", "players": 2, "seats": [
        {"kind": "me"}, {"kind": "bot", "level": "greedy"}]}).json()["me"]
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.base + me)
    page.wait_for_selector("#hand .tile-btn")
    reach_long_board(page, LONG, on_node=True)
    yield page
    page.close()
    server.stop()


def show_targets(page: Page, on: bool) -> None:
    """Select a tile that has a place on the board (its green targets drawn), or none."""
    page.evaluate("""(on) => {
        const m = state.frame.seat.legal_moves.find((x) => x.node && x.tile);
        state.selected = on && m ? m.tile : null;
        window.dispatchEvent(new Event('resize'));  // app.js redraws the board
    }""", on)


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def covered(page: Page) -> list[str]:
    found: dict[str, Any] = page.evaluate(BOXES)
    return [f"tile {t[4]} under a zoom button" for t in found["tiles"]
            for z in found["zoom"] if overlaps(t, z)]


def zoom(page: Page, button: str, times: int = 1) -> None:
    for _ in range(times):
        page.click(button)
    page.wait_for_timeout(50)


def test_the_zoom_buttons_cover_no_tile(long_board: Page) -> None:
    page = long_board
    problems: list[str] = []
    smallest_tile, smallest_target = 1e9, 1e9
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        zoom(page, "#zoom-fit")
        problems += [f"{width}x{height} fit: {p}" for p in covered(page)]
        tiles = page.evaluate(BOXES)["tiles"]
        assert len(tiles) >= LONG
        smallest_tile = min(smallest_tile, *(t[5] for t in tiles))
        # the green targets of a playable tile: each at least 32 px to a finger
        show_targets(page, True)
        page.wait_for_selector("#board .tile.ghost")
        problems += [f"{width}x{height} targets: {p}" for p in covered(page)]
        targets = page.evaluate("""() => [...document.querySelectorAll('#board .tile.ghost')]
            .map((g) => { const r = g.getBoundingClientRect();
                          return Math.min(r.width, r.height); })""")
        smallest_target = min(smallest_target, *targets)
        show_targets(page, False)
        page.wait_for_selector("#board .tile.ghost", state="detached")
        zoom(page, "#zoom-in", 3)
        for corner in ("box.scrollLeft = box.scrollWidth; box.scrollTop = 0",
                       "box.scrollLeft = box.scrollWidth; box.scrollTop = box.scrollHeight"):
            page.evaluate(f"() => {{ const box = document.getElementById('board-scroll');"
                          f" {corner}; }}")
            problems += [f"{width}x{height} zoomed: {p}" for p in covered(page)]
    zoom(page, "#zoom-fit")
    print(f"phones: smallest tile {smallest_tile:.1f} px, smallest target {smallest_target:.1f} px")
    assert smallest_target >= 32
    assert not problems, problems


# Bring tile ``node`` to the middle of the scroll box, as panning does; then its box and the
# scroll box's.
CENTRE = """(node) => {
  const box = document.getElementById('board-scroll');
  const g = document.querySelector(`#board .tile[data-node="${node}"]`);
  let r = g.getBoundingClientRect(), c = box.getBoundingClientRect();
  box.scrollLeft += (r.left + r.right) / 2 - (c.left + c.right) / 2;
  box.scrollTop += (r.top + r.bottom) / 2 - (c.top + c.bottom) / 2;
  r = g.getBoundingClientRect();
  return [[r.left, r.top, r.right, r.bottom], [c.left, c.top, c.right, c.bottom]];
}"""


def test_every_tile_of_a_zoomed_board_can_be_brought_into_view(long_board: Page) -> None:
    page = long_board
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)
    zoom(page, "#zoom-fit")
    zoom(page, "#zoom-in", 4)
    assert page.evaluate("""() => { const b = document.getElementById('board-scroll');
        return b.scrollWidth > b.clientWidth + 10 || b.scrollHeight > b.clientHeight + 10; }"""), (
        "zoomed in, the board should be larger than its box")
    nodes = page.evaluate("[...document.querySelectorAll('#board .tile:not(.ghost)')]"
                          ".map((g) => g.dataset.node)")
    out = []
    for node in nodes:
        (left, top, right, bottom), (cl, ct, cr, cb) = page.evaluate(CENTRE, node)
        if left < cl - 0.5 or top < ct - 0.5 or right > cr + 0.5 or bottom > cb + 0.5:
            out.append(f"tile {node} at {left:.0f},{top:.0f}-{right:.0f},{bottom:.0f} "
                       f"out of {cl:.0f},{ct:.0f}-{cr:.0f},{cb:.0f}")
    assert not out, out
    zoom(page, "#zoom-fit")


def scroll(page: Page) -> list[float]:
    found: list[float] = page.evaluate("""() => { const b = document.getElementById('board-scroll');
        return [b.scrollLeft, b.scrollTop]; }""")
    return found


def test_the_board_pans_and_zooms_from_the_keyboard_and_a_drag(long_board: Page) -> None:
    page = long_board
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(40):  # Tab reaches the board's scroll box
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board-scroll":
            break
    assert page.evaluate("document.activeElement.id") == "board-scroll"
    page.keyboard.press("0")
    assert page.evaluate("state.zoom") == 1
    for _ in range(4):
        page.keyboard.press("=")  # the + key, unshifted
    assert page.evaluate("state.zoom") > 2
    page.evaluate("() => { const b = document.getElementById('board-scroll');"
                  " b.scrollLeft = 0; b.scrollTop = 0; }")
    for key in ("ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)  # smooth scrolling
    assert scroll(page) != [0, 0], "the arrows pan the zoomed board"
    # a mouse drag pans too, and plays nothing
    seq = page.evaluate("state.frame.seq")
    show_targets(page, True)  # green targets on the board, that a drag must not press
    before = scroll(page)
    box = page.locator("#board-scroll").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y - 60, steps=6)
    page.mouse.up()
    assert scroll(page) != before, "a drag pans the board"
    page.wait_for_timeout(200)
    assert page.evaluate("state.frame.seq") == seq, "a drag plays no move"
    show_targets(page, False)
    page.focus("#board-scroll")
    page.keyboard.press("-")
    assert page.evaluate("state.zoom") < 2.5
    page.keyboard.press("0")
    assert page.evaluate("state.zoom") == 1



def test_the_hand_end_panel_leaves_the_last_layout_in_view(long_board: Page) -> None:
    """Issue 40, D11: the panel sits beside or under the board, never over it: the last layout
    can be looked at (and zoomed, its buttons in reach of Tab)."""
    page = long_board
    play_until(page, "state.frame.public.phase !== 'play'")
    assert page.is_visible("#reveal")
    board = page.locator("#board-scroll").bounding_box()
    panel = page.locator("#reveal").bounding_box()
    assert board is not None and panel is not None
    apart = (panel["x"] >= board["x"] + board["width"] - 0.5
             or panel["y"] >= board["y"] + board["height"] - 0.5)
    assert apart, (board, panel)
    assert not page.evaluate("document.getElementById('board-wrap').inert")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    reached = False
    for _ in range(40):
        page.keyboard.press("Tab")
        reached = reached or page.evaluate("document.activeElement.id === 'zoom-fit'")
    assert reached
