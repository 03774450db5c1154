"""The page checks fair deals itself (static/fairdeal.js), in a real headless Chromium: it
shows the commitment during a hand, "deal verified" once the seed is revealed, and a failure
for a deal whose seed does not give its commitment."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from fives.i18n import text

from .chromium import chromium
from .tcp import BOTS, Server

pytestmark = pytest.mark.browser  # the fast suite leaves these out (README)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def test_the_page_verifies_each_revealed_deal(tmp_path: Path, browser: Browser) -> None:
    server = Server(tmp_path)
    try:
        watch = server.create(BOTS).json()["watch"]
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + watch)
        # Bots may finish the first hand before the page's first frame: then the page goes
        # straight from nothing to "verified", which the next wait covers.
        page.wait_for_selector("body[data-deal='committed'], body[data-deal='verified']",
                               state="attached", timeout=20000)
        page.wait_for_selector("body[data-deal='verified']", state="attached", timeout=60000)
        assert page.inner_text("#deal-check") == text("web.deal_verified", "en")
        verdicts = page.evaluate("""async () => {
            const { verify } = await import("/static/fairdeal.js");
            let deal = null;
            while (!deal || deal.seed === null) {  // a revealed deal, as the page got it
                deal = state.frame.deal;
                if (!deal || deal.seed === null) await new Promise((r) => setTimeout(r, 50));
            }
            const swapped = {...deal, boneyard: [...deal.boneyard].reverse()};
            return [await verify(deal), await verify({...deal, game: 99}),
                    await verify(swapped)];
        }""")
        assert verdicts == [True, False, False]
        assert errors == []
    finally:
        server.stop()
