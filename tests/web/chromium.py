"""Debian's Chromium driven by Playwright, for every browser test (Playwright cannot download
browsers on the test machines, so it is launched from /usr/bin/chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

BOARD_JS = Path(__file__).resolve().parents[2] / "src" / "fives" / "web" / "static" / "board.js"


@contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium, closed on exit."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def add_board(page: Page) -> None:
    """Load static/board.js (an ES module) into a blank page as window.FivesBoard."""
    source = BOARD_JS.read_text(encoding="utf-8")
    page.add_script_tag(type="module", content=source + "\nwindow.FivesBoard = { layoutBoard };")
    page.wait_for_function("() => window.FivesBoard !== undefined")
