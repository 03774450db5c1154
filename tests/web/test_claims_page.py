"""Muggins claims in Debian's Chromium (RULES.md §9 O1): a whole muggins-1868 game against a bot
counting like a person, by clicking. The player claims 0 with every tile (short whenever it
scores: the bot calls some of those) and presses "Muggins!" whenever it shows (so it calls the
bot's short claims, and makes mistaken calls too); the claim field is never filled in, no text
of the page counts a move, axe finds nothing on the claim entry and the button in English and
French, and the record downloaded replays with both kinds of call."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from fives.events import MugginsEvent, PlayEvent
from fives.record import load_record

from . import test_browser
from .test_browser import PAGE_ONLY, act_button, axe_violations, phase, seq, wait_change

# test_browser's fixtures: the server, Chromium, the screenshots' folder.
base_url = test_browser.base_url
browser = test_browser.browser
shots = test_browser.shots

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_claims_page")]


def claims_page(browser: Browser, lang: str) -> Page:
    return test_browser.new_page(browser, "fr-FR" if lang == "fr" else "en-GB",
                                 bypass_csp=True)


def start(page: Page, base_url: str, lang: str, call_window: str = "5") -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", "muggins-1868")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:random")
    assert page.locator("#claims-rows").is_visible()
    assert page.is_checked("#claims")
    assert page.input_value("#counting") == "human"
    desc = page.inner_text("#claims-desc")
    assert ("opponent may call muggins" in desc) if lang == "en" else ("crier muggins" in desc)
    page.select_option("#preset", "five-up-solitaire")  # nobody could call there
    assert not page.locator("#claims-rows").is_visible()
    page.select_option("#preset", "muggins-1868")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#call-window", call_window)
    page.click("#create")
    page.wait_for_selector("body[data-seq]")


def claim_with(page: Page, claim: str, checks: dict[str, list[str]], lang: str,
               shots: Path) -> bool:
    """Play the first playable tile claiming ``claim``; False if no tile is playable now."""
    tiles = page.locator(".tile-btn.playable")
    if not tiles.count():
        return False
    before = seq(page)
    tiles.first.click()
    if seq(page) == before and not page.locator("#claim-input").count():
        page.locator(".tile.ghost").first.click()  # more than one place: a green end
    page.wait_for_selector("#claim-input")
    assert page.input_value("#claim-input") == ""  # never filled in: the player counts
    if f"claim {lang}" not in checks:
        checks[f"claim {lang}"] = axe_violations(page)
        page.screenshot(path=str(shots / f"muggins-claim-{lang}.png"), full_page=True)
        page.click("#claim-play")  # empty: asked again, nothing sent
        assert page.inner_text("#claim-error")
        assert seq(page) == before
        page.click("#claim-more")
        page.click("#claim-less")
        assert page.input_value("#claim-input") == "0"
    page.fill("#claim-input", claim)
    page.click("#claim-play")
    wait_change(page, before)
    return True


def call_if_offered(page: Page, checks: dict[str, list[str]], lang: str, shots: Path) -> bool:
    button = page.locator("#btn-muggins")
    if not button.count():
        return False
    if f"muggins {lang}" not in checks:
        checks[f"muggins {lang}"] = axe_violations(page)
        page.screenshot(path=str(shots / f"muggins-button-{lang}.png"), full_page=True)
        assert button.inner_text().startswith("Muggins")
        assert page.inner_text("#muggins-offer")
    before = seq(page)
    try:
        button.click(timeout=3000)
    except PlaywrightTimeoutError:
        # The window closed meanwhile (the table waits for a call only so long, and the checks
        # above take seconds on a busy machine): the button went with it, nothing was sent.
        assert not button.count()
        return False
    wait_change(page, before)
    return True


def one_step(page: Page, checks: dict[str, list[str]], lang: str, shots: Path) -> bool:
    """One thing the player does, if any: call, deal on, draw, pass, or claim 0 with a tile."""
    if call_if_offered(page, checks, lang, shots) or act_button(page):
        return True
    if not page.evaluate("document.body.classList.contains('my-turn')"):
        return False
    # No text tells what a move would score: no sum under the board, no count in the hint.
    assert "=" not in page.inner_text("#board-desc")
    assert not any(ch.isdigit() for ch in page.inner_text("#hint"))
    return claim_with(page, "0", checks, lang, shots)


def play_a_game(page: Page, checks: dict[str, list[str]], shots: Path, saved: Path,
                log_lines: list[str]) -> list[object]:
    """One whole game from the start page to its record, downloaded to ``saved`` and checked
    by ``fives verify``; returns the record's events and keeps the last hand's log."""
    deadline = time.monotonic() + 300
    while phase(page) != "game_over" and time.monotonic() < deadline:
        if not one_step(page, checks, "en", shots):
            page.wait_for_timeout(40)
    assert phase(page) == "game_over"
    page.screenshot(path=str(shots / "muggins-game-over.png"), full_page=True)
    log_lines.append(page.inner_text("#log"))
    with page.expect_download() as download:
        page.click("#btn-record")
    download.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["rules"] == "muggins-1868"
    verified = subprocess.run([sys.executable, "-m", "fives", "verify", str(saved)],
                              capture_output=True, text=True, timeout=60)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    return list(load_record(saved.read_text(encoding="utf-8")).replay())


@PAGE_ONLY
def test_a_whole_muggins_game_with_claims_and_calls(base_url: str, browser: Browser,
                                                     shots: Path, tmp_path: Path) -> None:
    """Whole games until both kinds of call happened: the random bot counts short on only 30%
    of its scoring tiles, so about one game in 30 gives the player nothing to call; three games
    at most. The call window is the longest (30 s), so that the axe check and screenshot taken
    at the first button never outlast it on a slow machine."""
    page = claims_page(browser, "en")
    checks: dict[str, list[str]] = {}
    logs: list[str] = []
    bot_called = player_called = False
    for game in range(3):
        start(page, base_url, "en", call_window="30")
        played = play_a_game(page, checks, shots, tmp_path / f"muggins-{game}.json", logs)
        # Every placement of the player claimed 0, game after game.
        assert all(e.claim == 0 for e in played if isinstance(e, PlayEvent) and e.seat == 0)
        calls = [e for e in played if isinstance(e, MugginsEvent)]
        bot_called |= any(c.seat == 1 and c.points > 0 for c in calls)
        player_called |= any(c.seat == 0 and c.points > 0 for c in calls)
        if bot_called and player_called:
            break
    assert bot_called, "the bot never called one of the player's short claims in three games"
    assert player_called, "the player never called one of the bot's short claims in three games"
    # The log of the last hand speaks of claims and calls in words (its lines are this hand's).
    assert any("claimed" in log for log in logs)
    assert set(checks) == {"claim en", "muggins en"}, checks
    assert all(found == [] for found in checks.values()), checks
    assert page.errors == []  # type: ignore[attr-defined]


@PAGE_ONLY
def test_the_claim_entry_and_the_muggins_button_in_french(base_url: str, browser: Browser,
                                                          shots: Path) -> None:
    page = claims_page(browser, "fr")
    checks: dict[str, list[str]] = {}
    start(page, base_url, "fr")
    deadline = time.monotonic() + 120
    while len(checks) < 2 and phase(page) != "game_over" and time.monotonic() < deadline:
        if not one_step(page, checks, "fr", shots):
            page.wait_for_timeout(40)
    assert set(checks) == {"claim fr", "muggins fr"}, checks
    assert all(found == [] for found in checks.values()), checks
    log = page.inner_text("#log")
    assert "annoncé" in log
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    page.screenshot(path=str(shots / "muggins-fr.png"), full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]


@PAGE_ONLY
def test_the_muggins_button_counts_down_while_the_bots_wait(base_url: str,
                                                           browser: Browser) -> None:
    """Three players: after bot 2's tile, bot 3 waits for the person's call (10 s, chosen on
    the start page), and the button says how long is left; the call then comes in time."""
    page = claims_page(browser, "en")
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", "muggins-1868")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:random")
    assert page.input_value("#call-window") == "5"
    page.select_option("#call-window", "10")
    page.click("#create")
    page.wait_for_selector("body[data-seq]")
    checks: dict[str, list[str]] = {"claim en": []}  # no axe here: the first test runs it
    deadline = time.monotonic() + 90
    left: list[int] = []
    while time.monotonic() < deadline and phase(page) != "game_over":
        button = page.locator("#btn-muggins")
        text = button.inner_text() if button.count() else ""
        if "left" in text:
            left.append(int(text.split("(")[1].split()[0]))
            before = seq(page)
            page.wait_for_timeout(1600)
            if seq(page) == before:  # still waiting: a second or more went by
                later = page.locator("#btn-muggins").inner_text()
                assert "left" not in later or int(later.split("(")[1].split()[0]) < left[0]
                page.click("#btn-muggins")
                wait_change(page, before)
                break
            left.clear()
            continue
        if act_button(page) or (page.evaluate("document.body.classList.contains('my-turn')")
                                and claim_with(page, "0", checks, "en", Path("."))):
            continue
        page.wait_for_timeout(30)
    assert left and 1 <= left[0] <= 10, left
    assert "called muggins" in page.inner_text("#log")
    assert page.errors == []  # type: ignore[attr-defined]
