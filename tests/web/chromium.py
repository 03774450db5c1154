"""Debian's Chromium driven by Playwright, for every browser test (Playwright cannot download
browsers on the test machines, so it is launched from /usr/bin/chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

BOARD_JS = Path(__file__).resolve().parents[2] / "src" / "fives" / "web" / "static" / "board.js"
BOARD_ORIGIN = "http://board.test"  # add_board's page, answered by the test itself


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
    """Open a blank page of a made-up origin that serves static/ (board.js imports its
    geometry module) and load board.js there as window.FivesBoard."""
    static = BOARD_JS.parent

    def serve(route: Route) -> None:
        name = route.request.url.rsplit("/", 1)[1]
        if name.endswith(".js") and (static / name).is_file():
            route.fulfill(path=str(static / name), content_type="text/javascript")
        else:
            route.fulfill(body="<!doctype html><title>board</title>", content_type="text/html")

    page.route(f"{BOARD_ORIGIN}/**", serve)
    page.goto(f"{BOARD_ORIGIN}/")
    page.add_script_tag(type="module", content='import { layoutBoard } from "/board.js";'
                                               "window.FivesBoard = { layoutBoard };")
    page.wait_for_function("() => window.FivesBoard !== undefined")
