"""End to end in a real headless Chromium (Debian's), driven by Playwright: create a table and
play a whole game against a bot by clicking; a friend's seat link in a second browser; reload
mid-game; spectate. Screenshots go to $FIVES_SCREENSHOTS (or the test's temporary folder)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from .chromium import chromium
from .tcp import free_port

# The fast suite leaves these out (README); under pytest-xdist (--dist loadgroup) one worker runs
# the whole module, so that its one Chromium and its servers serve every test.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_browser")]



@pytest.fixture(scope="module", params=["sqlite", "shared"])
def base_url(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server: on SQLite, or in the shared mode as two workers on one port (the kernel
    hands each connection to either, so a page and its socket may meet different processes)."""
    port = free_port()
    stack = contextlib.ExitStack()
    if request.param == "sqlite":
        db = tmp_path_factory.mktemp("web") / "fives.sqlite3"
        store = ["--db", str(db)]
    else:
        from scale.services import REDIS_URL, fresh_database, fresh_redis_prefix

        pg_url = stack.enter_context(contextlib.contextmanager(fresh_database)())
        prefix = stack.enter_context(contextlib.contextmanager(fresh_redis_prefix)())
        store = ["--database", pg_url, "--redis", REDIS_URL, "--redis-prefix", prefix,
                 "--workers", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "fives", "serve", "--port", str(port), *store,
         "--bot-delay", "0.05"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(url + "/api/presets", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield url
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    stack.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("FIVES_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# The start page's "More options" open (remembered by the page), for tests that fill its form.
MORE_OPEN = "localStorage.setItem('fives.more', 'open')"


def new_page(browser: Browser, locale: str = "en-GB", phone: bool = False,
             bypass_csp: bool = False, more: bool = True) -> Page:
    """A page whose errors (scripts, console, CSP) are kept in ``page.errors``; ``bypass_csp``
    lets a test add axe-core's script."""
    size: ViewportSize = (
        {"width": 390, "height": 844} if phone else {"width": 1100, "height": 900})
    context = browser.new_context(locale=locale, viewport=size, bypass_csp=bypass_csp)
    if more:
        context.add_init_script(MORE_OPEN)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # Console errors include Content-Security-Policy violations and failed loads.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    return page


def seq(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.seq || '-1'"))


def wait_change(page: Page, before: int, timeout: float = 15000) -> None:
    page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=before,
                           timeout=timeout)


def act(page: Page) -> bool:
    """Do one thing by clicking, if this page has something to do; True if it did."""
    if act_button(page):
        return True
    if not page.evaluate("document.body.classList.contains('my-turn')"):
        return False
    before = seq(page)
    tiles = page.locator(".tile-btn.playable")
    if not tiles.count():
        return False
    tiles.first.click()
    ghosts = page.locator(".tile.ghost")
    if ghosts.count():  # more than one place: click one of the green ends
        ghosts.first.click()
    wait_change(page, before)
    return True


def act_button(page: Page) -> bool:
    """Next hand, draw or pass, if the page offers one; True if it clicked it."""
    before = seq(page)
    if page.locator("#btn-next:not([aria-disabled])").count():
        # The next hand waits for every player: the button then says so until it is dealt.
        page.click("#btn-next")
        page.wait_for_function("s => Number(document.body.dataset.seq) > s || "
                               "document.querySelector('#btn-next[aria-disabled]') !== null",
                               arg=before, timeout=15000)
        return True
    for button in ("#btn-draw", "#btn-pass"):
        if page.locator(button).count():
            page.click(button)
            wait_change(page, before)
            return True
    return False


def phase(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.phase || ''"))


def test_play_a_whole_game_against_a_bot_by_clicking(
    base_url: str, browser: Browser, shots: Path
) -> None:
    page = new_page(browser, phone=True)
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#lang", "fr")  # its texts are fetched then (the page has one language)
    page.wait_for_function("() => document.getElementById('create').textContent"
                           " === 'Créer la table'")
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.select_option("#preset", "all-fives")
    page.select_option("#players", "2")
    page.fill("#target", "40")
    page.select_option("#seat-1", "bot:random")
    assert "first double" in page.inner_text("#rules-card")
    page.screenshot(path=str(shots / "1-start.png"), full_page=True)
    page.click("#create")
    page.wait_for_selector("body[data-seq]")
    actions = 0
    deadline = time.monotonic() + 120
    while phase(page) != "game_over" and time.monotonic() < deadline:
        if act(page):
            actions += 1
            if actions == 6:
                page.screenshot(path=str(shots / "2-mid-game.png"), full_page=True)
        else:
            page.wait_for_timeout(50)
    assert phase(page) == "game_over"
    assert actions >= 3
    assert page.inner_text("#status") == "Game over"  # the panel beside says who won
    winner = page.inner_text("#reveal h2")
    assert "You win" in winner or "wins" in winner, winner
    assert page.locator("#btn-rematch").count() == 1
    page.screenshot(path=str(shots / "3-game-over.png"), full_page=True)
    with page.expect_download() as download:
        page.click("#btn-record")
    assert download.value.suggested_filename.endswith(".json")
    assert page.errors == []  # type: ignore[attr-defined]


def test_friend_by_link_reload_and_spectate(base_url: str, browser: Browser, shots: Path) -> None:
    me = new_page(browser)
    me.goto(base_url + "/")
    me.wait_for_selector("#preset option", state="attached")
    me.select_option("#preset", "five-up")
    me.select_option("#players", "2")
    me.select_option("#seat-1", "friend")
    me.click("#create")
    me.wait_for_selector("#links .link input")
    links = me.locator("#links .link input")
    own_url, friend_url, watch_url = (links.nth(i).input_value() for i in range(3))
    assert own_url == me.url
    assert "#t=" in friend_url and "#w=" in watch_url
    friend = new_page(browser, locale="fr-FR", phone=True)
    friend.goto(friend_url)
    friend.wait_for_selector("body[data-seq]")
    assert friend.inner_text("#board-desc") in ("La table est vide.",) or \
        "Bouts ouverts" in friend.inner_text("#board-desc")
    moves = {"me": 0, "friend": 0}
    reloaded = False
    deadline = time.monotonic() + 90
    while min(moves.values()) < 3 and time.monotonic() < deadline:
        did = False
        for name, page in (("me", me), ("friend", friend)):
            if phase(page) == "play" and act(page):
                moves[name] += 1
                did = True
            elif phase(page) == "hand_over" and act(page):
                did = True
        if moves["me"] == 1 and not reloaded:
            hand_before = me.locator(".tile-btn").count()
            nodes_before = me.locator("#board .tile:not(.ghost)").count()
            me.reload()
            me.wait_for_selector("body[data-seq]")
            me.wait_for_selector("#board .tile", state="attached")
            assert me.locator(".tile-btn").count() == hand_before
            assert me.locator("#board .tile:not(.ghost)").count() == nodes_before
            reloaded = True
        if not did:
            me.wait_for_timeout(50)
    assert min(moves.values()) >= 3, moves
    watcher = new_page(browser)
    watcher.goto(watch_url)
    watcher.wait_for_selector("body[data-seq]")
    assert "watching" in watcher.inner_text("#hint")
    assert watcher.locator(".tile-btn").count() == 0
    assert watcher.locator("#board .tile").count() == me.locator("#board .tile:not(.ghost)").count()
    assert friend.inner_text("#status").startswith("À ")  # French from the browser's locale
    assert "Vous avez" in friend.inner_text("#log")
    me.screenshot(path=str(shots / "4-me.png"), full_page=True)
    friend.screenshot(path=str(shots / "5-friend-fr-phone.png"), full_page=True)
    watcher.screenshot(path=str(shots / "6-spectator.png"), full_page=True)
    for page in (me, friend, watcher):
        assert page.errors == []  # type: ignore[attr-defined]


# ---------------------------------------------------------------- keyboard, screen readers, axe

# The page's own tests need one server mode: the storage behind it changes nothing they check.
PAGE_ONLY = pytest.mark.parametrize("base_url", ["sqlite"], indirect=True)
AXE = Path(__file__).resolve().parent / "assets" / "axe.min.js"
MAX_KEYS_PER_MOVE = 4  # an arrow or two, Enter on the tile, Enter on the end


def axe_violations(page: Page) -> list[str]:
    """axe-core's violations on the page as it is now (every rule axe runs by default)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(
        """async () => {
            const r = await axe.run(document);
            return r.violations.map((v) => v.id + ": " +
                v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", "));
        }"""
    )
    return found


def focus_in_hand(page: Page) -> bool:
    return bool(page.evaluate("() => document.getElementById('mine').contains("
                              "document.activeElement)"))


def keyboard_game(page: Page, checks: dict[str, list[str]], lang: str,
                  max_seconds: float = 150) -> list[int]:
    """Play the page's seat to the end of the game with the keyboard alone; run axe once on the
    first turn, the first hand's end and the game's end. Returns the key presses of each move."""
    tabs = 0
    while not focus_in_hand(page):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 40, "Tab never reaches the hand"
    presses: list[int] = []
    deadline = time.monotonic() + max_seconds
    while phase(page) != "game_over" and time.monotonic() < deadline:
        mine = page.evaluate("() => document.body.classList.contains('my-turn')")
        if phase(page) == "hand_over" and page.locator("#btn-next").count():
            if f"hand end {lang}" not in checks:
                checks[f"hand end {lang}"] = axe_violations(page)
            assert focus_in_hand(page)
            before = seq(page)
            page.keyboard.press("Enter")
            wait_change(page, before)
            continue
        if not mine:
            page.wait_for_timeout(30)
            continue
        if f"game {lang}" not in checks:
            checks[f"game {lang}"] = axe_violations(page)
        assert focus_in_hand(page), "focus left the hand"
        outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert outline not in ("", "none"), "no visible focus ring"
        before = seq(page)
        keys = 0
        stops = page.locator("#hand .tile-btn.playable").count()
        if stops > 1 and len(presses) % 3 == 1:  # now and then, the next playable tile
            page.keyboard.press("ArrowRight")
            keys += 1
        page.keyboard.press("Enter")
        keys += 1
        if seq(page) == before and page.locator("#ends .end-btn").count():
            assert page.evaluate("() => document.activeElement.classList.contains('end-btn')")
            label = page.evaluate("() => document.activeElement.textContent")
            assert " end" in label or " bout" in label, label
            page.keyboard.press("Enter")
            keys += 1
        wait_change(page, before)
        presses.append(keys)
    assert phase(page) == "game_over"
    checks[f"game end {lang}"] = axe_violations(page)
    return presses


@PAGE_ONLY
@pytest.mark.parametrize(("lang", "preset", "target"),
                         [("en", "all-fives", "80"), ("fr", "five-up", "10")])
def test_whole_game_by_keyboard_with_axe_and_live_region(
    base_url: str, browser: Browser, shots: Path, lang: str, preset: str, target: str
) -> None:
    context = browser.new_context(locale="fr-FR" if lang == "fr" else "en-GB", bypass_csp=True,
                                  viewport={"width": 1366, "height": 900})
    context.add_init_script(MORE_OPEN)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    checks: dict[str, list[str]] = {f"start {lang}": axe_violations(page)}
    page.select_option("#preset", preset)
    page.select_option("#players", "2")
    page.fill("#target", target)
    page.select_option("#seat-1", "bot:random")
    page.click("#create")
    page.wait_for_selector("body[data-seq]")
    # Every text the polite live region says, with the log lines about the bot it contains.
    bot = "Robot 2" if lang == "fr" else "Bot 2"
    page.evaluate("""(bot) => {
        window.saidLines = [];
        const box = document.getElementById("announce");
        new MutationObserver(() => {
            const said = box.textContent;
            for (const li of document.querySelectorAll("#log li")) {
                const line = li.textContent;
                if (line.startsWith(bot) && said.includes(line)) window.saidLines.push(line);
            }
        }).observe(box, { childList: true, characterData: true, subtree: true });
    }""", bot)
    assert page.get_attribute("#announce", "aria-live") == "polite"
    watch = page.locator("#links .link input").last.input_value()
    presses = keyboard_game(page, checks, lang)
    page.screenshot(path=str(shots / f"keyboard-{lang}-game-over.png"), full_page=True)
    watcher = context.new_page()
    watcher.goto(watch)
    watcher.wait_for_selector("body[data-seq]")
    checks[f"spectator {lang}"] = axe_violations(watcher)
    said = page.evaluate("() => window.saidLines")
    assert said, "no move of the bot was announced"
    verb = ("a posé", "a ouvert", "a pioché", "a passé") if lang == "fr" else (
        "put", "led", "drew", "passed")
    assert all(any(v in line for v in verb) for line in said), said[:5]
    assert {k: v for k, v in checks.items() if v} == {}
    # The hand-end screen is checked whenever a hand ends before the game does; a game won in
    # its first hand (random deals: it happens) has none to check.
    assert {f"{k} {lang}" for k in ("start", "game", "game end", "spectator")} <= set(checks), (
        sorted(checks))
    assert len(presses) >= 3
    assert max(presses) <= MAX_KEYS_PER_MOVE, presses
    print(f"\nkey presses per move ({lang}): mean {sum(presses) / len(presses):.2f}, "
          f"max {max(presses)}, moves {len(presses)}")
    # The socket stayed open the whole game (no drop, no reconnection).
    assert page.evaluate("() => document.body.dataset.closed") is None
    assert errors == []
    context.close()


def drawn_tiles_overlap(page: Page) -> list[str]:
    """Pairs of tiles on the drawn board whose boxes on the screen overlap (by over 1 px)."""
    found: list[str] = page.evaluate(
        """() => {
            const boxes = [...document.querySelectorAll("#board .tile:not(.ghost) .face")]
                .map((r) => r.getBoundingClientRect());
            const out = [];
            boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
                const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (dx > 1 && dy > 1) out.push(i + "/" + (i + j + 1));
            }));
            return out;
        }"""
    )
    return found


@PAGE_ONLY
@pytest.mark.parametrize(("preset", "players"), [("five-up", 4), ("all-fives", 3),
                                                 ("multiples-of-five", 4),
                                                 ("five-up-solitaire", 1)])
@pytest.mark.parametrize("size", ["390x844", "1366x900"])
def test_screenshots_of_every_variant(
    base_url: str, browser: Browser, shots: Path, preset: str, players: int, size: str
) -> None:
    """Each variant played by keyboard to its first hand's end at a phone's and a desktop's
    size: the drawn tiles never overlap and the smallest tile stays readable; screenshots of the
    middle and the end of the hand go to the screenshot folder."""
    width, height = (int(x) for x in size.split("x"))
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    context.add_init_script(MORE_OPEN)
    page = context.new_page()
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", preset)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "bot:greedy")
    page.click("#create")
    page.wait_for_selector("body[data-seq]")
    mid = False
    deadline = time.monotonic() + 90
    while phase(page) == "play" and time.monotonic() < deadline:
        if not page.evaluate("() => document.body.classList.contains('my-turn')"):
            page.wait_for_timeout(30)
            continue
        if not mid and page.locator("#board .tile:not(.ghost)").count() >= 8:
            page.screenshot(path=str(shots / f"{preset}-{size}-mid.png"), full_page=True)
            mid = True
        before = seq(page)
        page.locator("#mine .roving[tabindex='0']").focus()
        page.keyboard.press("Enter")
        if seq(page) == before and page.locator("#ends .end-btn").count():
            page.keyboard.press("Enter")
        wait_change(page, before)
    assert phase(page) in ("hand_over", "game_over")
    page.screenshot(path=str(shots / f"{preset}-{size}-hand-end.png"), full_page=True)
    assert drawn_tiles_overlap(page) == []
    smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll(
        "#board .tile .face")].map((r) => { const b = r.getBoundingClientRect();
        return Math.min(b.width, b.height); }))""")
    assert smallest >= 18, smallest  # the 20/24 px minimum, less the face's inset
    context.close()


@PAGE_ONLY
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_placement_animation_and_sound_toggle(
    base_url: str, browser: Browser, motion: str
) -> None:
    """A placed tile slides in unless the user prefers reduced motion; sound starts off and its
    toggle is remembered."""
    context = browser.new_context(reduced_motion=motion,  # type: ignore[arg-type]
                                  viewport={"width": 1366, "height": 900})
    context.add_init_script(MORE_OPEN)
    context.add_init_script("""
        window.slides = 0;
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            if (this.closest && this.closest('#board')) window.slides += 1;
            return animate.apply(this, args);
        };""")
    page = context.new_page()
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    assert page.evaluate("() => localStorage.getItem('fives.sound')") == "on"
    page.select_option("#preset", "all-fives")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:greedy")
    page.click("#create")
    page.wait_for_selector("body[data-seq]")
    assert page.get_attribute("#sound", "aria-pressed") == "true"  # remembered
    for _ in range(4):  # a few placements, the bot's and ours
        while not act(page) and phase(page) == "play":
            page.wait_for_timeout(30)
    placed = page.locator("#board .tile:not(.ghost)").count()
    slides = page.evaluate("() => window.slides")
    if motion == "reduce":
        assert slides == 0
    else:
        assert placed >= 3 and slides >= 3, (placed, slides)
    context.close()


# ---------------------------------------------------------------- RULES.md §9 O4 and §4.3

def start_table(page: Page, base_url: str, preset: str, players: int,
                sniff: str | None = None, choice: bool = False,
                shot: Path | None = None) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", preset)
    page.select_option("#players", str(players))
    assert page.is_visible("#partnerships-row") == (players == 4)
    if sniff is not None:
        assert page.is_visible("#sniff-row")
        page.select_option("#sniff", sniff)
        if choice:
            page.check("#sniff-choice")
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "bot:greedy")
    if shot is not None:
        page.screenshot(path=str(shot), full_page=True)
    page.click("#create")
    page.wait_for_selector("body[data-seq]")


def play_move(page: Page, move: str) -> None:
    """Play ``move`` (a legal move's text) by clicking: its tile, then its end if asked."""
    before = seq(page)
    if move in ("draw", "pass"):
        page.click("#btn-draw" if move == "draw" else "#btn-pass")
    else:
        tile = move.split("@")[0].split(":")[0]
        a, b = (int(x) for x in tile.split("-"))
        page.click(f".tile-btn[data-tile='{max(a, b)}-{min(a, b)}']")
        page.wait_for_function("s => Number(document.body.dataset.seq) > s || "
                               "document.querySelector('#ends .end-btn')", arg=before)
        if seq(page) == before:
            page.click(f"#ends .end-btn[data-move='{move}']")
    wait_change(page, before)


def board_state(page: Page) -> tuple[dict[str, Any], dict[int, dict[str, float]]]:
    """The layout the page shows and each drawn tile's box on the screen, read at one moment
    (a frame that arrives in between cannot mix two layouts)."""
    found: list[Any] = page.evaluate(
        """() => [state.frame.public.layout, Object.fromEntries(
            [...document.querySelectorAll('#board g.tile[data-node]')].map((g) => {
                const b = g.querySelector('.face').getBoundingClientRect();
                return [g.dataset.node, {x: b.x, y: b.y, w: b.width, h: b.height,
                                         endwise: g.classList.contains('endwise')}]; }))]""")
    return found[0], {int(k): v for k, v in found[1].items()}


@PAGE_ONLY
def test_a_british_sniff_is_drawn_along_the_line_with_its_side_tiles_where_they_go(
        base_url: str, browser: Browser, shots: Path) -> None:
    """All Fives with sniff=british, chosen on the start page: the sniff (the lead, the highest
    double) lies along the line, its in-line neighbours on its short ends, and its two side
    tiles stand on the middle of its long sides, one each way. We play the side ports when we
    can, until both side tiles are down."""
    context = browser.new_context(reduced_motion="reduce", locale="en-GB",
                                  viewport={"width": 1100, "height": 900})
    context.add_init_script(MORE_OPEN)
    page = context.new_page()  # no slide-in: a tile is where the layout says at once
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_table(page, base_url, "all-fives", 2, sniff="british")
    assert page.evaluate("state.frame.public.rules.sniff") == "british"
    done = "(() => { const L = state.frame.public.layout;"\
        " const s = L.nodes.find((n) => n.spinner);"\
        " return Boolean(s) && L.nodes.filter((n) => n.parent === s.n &&"\
        " ['N', 'S', 'L', 'R'].includes(n.port)).length === 2; })()"
    deadline = time.monotonic() + 120
    while not page.evaluate(done) and time.monotonic() < deadline:
        if phase(page) == "hand_over" and page.locator("#btn-next").count():
            before = seq(page)
            page.click("#btn-next")
            wait_change(page, before)
            continue
        assert phase(page) != "game_over", "the game ended before both sides were played"
        if not page.evaluate("document.body.classList.contains('my-turn')"):
            page.wait_for_timeout(30)
            continue
        legal: list[str] = page.evaluate("state.frame.seat.legal_moves.map((m) => m.notation)")
        sides = [m for m in legal if m.rsplit(".", 1)[-1] in ("N", "S", "L", "R")]
        play_move(page, (sides or legal)[0])
    assert page.evaluate(done)
    page.screenshot(path=str(shots / "sniff-british.png"), full_page=True)
    layout, drawn = board_state(page)
    sniff = next(n for n in layout["nodes"] if n["spinner"])
    box = drawn[sniff["n"]]
    assert box["endwise"] and not any(b["endwise"] for k, b in drawn.items() if k != sniff["n"])
    along_x = box["w"] > box["h"]  # the sniff's long side runs along the line
    inline = [n for n in layout["nodes"] if n["parent"] == sniff["n"] and n["port"] in
              ("W", "E", "out")]
    if sniff["parent"]:
        inline.append(next(n for n in layout["nodes"] if n["n"] == sniff["parent"]))
    for n in inline:  # the line goes on from its short ends
        other = drawn[n["n"]]
        centre = (other["y"] + other["h"] / 2) if along_x else (other["x"] + other["w"] / 2)
        middle = (box["y"] + box["h"] / 2) if along_x else (box["x"] + box["w"] / 2)
        assert abs(centre - middle) < 2, (box, other)
    side_nodes = [n for n in layout["nodes"] if n["parent"] == sniff["n"] and n["port"] in
                  ("N", "S", "L", "R")]
    places = []
    for n in side_nodes:
        side = drawn[n["n"]]
        if along_x:  # standing across the line, centred on the sniff's middle
            assert side["h"] > side["w"]
            assert abs((side["x"] + side["w"] / 2) - (box["x"] + box["w"] / 2)) < 2
            places.append("above" if side["y"] + side["h"] <= box["y"] + 2 else
                          "below" if side["y"] >= box["y"] + box["h"] - 2 else "over")
        else:
            assert side["w"] > side["h"]
            assert abs((side["y"] + side["h"] / 2) - (box["y"] + box["h"] / 2)) < 2
            places.append("left" if side["x"] + side["w"] <= box["x"] + 2 else
                          "right" if side["x"] >= box["x"] + box["w"] - 2 else "over")
    assert sorted(places) in (["above", "below"], ["left", "right"]), places
    assert drawn_tiles_overlap(page) == []
    assert errors == []
    context.close()


@PAGE_ONLY
def test_the_sniffs_placer_chooses_its_form_on_the_web(
        base_url: str, browser: Browser, shots: Path) -> None:
    """sniff_orientation_choice: where we place the sniff, its tile offers one button per form;
    the British one is played and the board lays it along the line."""
    page = new_page(browser)
    for _ in range(8):  # the sniff leads All Fives: ours in about half the deals
        start_table(page, base_url, "all-fives", 2, sniff="us", choice=True,
                    shot=shots / "sniff-start-page.png")
        page.wait_for_function("() => state.frame.public.layout.nodes.length > 0 || "
                               "document.body.classList.contains('my-turn')")
        legal: list[str] = page.evaluate("state.frame.seat.legal_moves.map((m) => m.notation)")
        if any(m.endswith(":british") for m in legal):
            break
    else:
        pytest.fail("never our sniff to place in eight deals")
    british = next(m for m in legal if m.endswith(":british"))
    tile = british.split(":")[0]
    page.click(f".tile-btn[data-tile='{tile}']")
    buttons = page.locator("#ends .end-btn")
    texts = buttons.all_inner_texts()
    assert any("US sniff" in x for x in texts) and any("British sniff" in x for x in texts)
    page.screenshot(path=str(shots / "sniff-choice.png"), full_page=True)
    before = seq(page)
    page.click(f"#ends .end-btn[data-move='{british}']")
    wait_change(page, before)
    assert page.evaluate("state.frame.public.layout.sniff") == "british"
    assert page.locator("#board g.tile.endwise").count() == 1
    assert page.errors == []  # type: ignore[attr-defined]


@PAGE_ONLY
def test_the_solitaire_overdraw_is_priced_and_needs_a_second_click(
        base_url: str, browser: Browser, shots: Path) -> None:
    """RULES.md §4.3: beside the placements the draw is an overdraw, on a button of its own that
    says its price; the first click only arms it, the second draws and the deck gains 3, which
    its score line puts under overdraws."""
    page = new_page(browser)
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", "five-up-solitaire")
    assert not page.is_visible("#sniff-row"), "no sniff in the solitaire"
    start_table(page, base_url, "five-up-solitaire", 1)
    button = page.locator("#btn-overdraw")
    assert button.inner_text() == "Draw anyway: +3 to the deck"
    assert page.locator("#btn-draw").count() == 0, "no plain draw while a placement exists"
    style = page.evaluate("""() => { const s = getComputedStyle(
        document.getElementById('btn-overdraw')); return [s.borderTopStyle, s.color]; }""")
    assert style[0] == "dashed", style  # styled apart from the plain buttons
    deck = page.evaluate("state.frame.public.scores[1]")
    bone = page.evaluate("state.frame.public.boneyard_size")
    assert "overdraws 0" in page.inner_text(".score .deck-from").replace("?", "")  # terms.js
    page.screenshot(path=str(shots / "overdraw-offered.png"), full_page=True)
    button.click()
    page.wait_for_selector("#btn-overdraw.armed")
    assert "Click again" in page.inner_text("#btn-overdraw")
    assert page.evaluate("state.frame.public.scores[1]") == deck, "one click draws nothing"
    assert page.evaluate("state.frame.public.boneyard_size") == bone
    armed = page.evaluate("getComputedStyle(document.getElementById('btn-overdraw'))"
                          ".backgroundColor")
    assert armed not in ("rgba(0, 0, 0, 0)", "transparent"), armed
    page.screenshot(path=str(shots / "overdraw-armed.png"), full_page=True)
    before = seq(page)
    page.click("#btn-overdraw")
    wait_change(page, before)
    assert page.evaluate("state.frame.public.scores[1]") == deck + 3
    assert page.evaluate("state.frame.public.boneyard_size") == bone - 1
    assert "overdraws 3" in page.inner_text(".score .deck-from").replace("?", "")  # terms.js
    assert page.locator("#btn-overdraw.armed").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]
