"""A frame lost on the way (dropped by the test between the server and the page): the page sees
its seq jump, asks for a full frame (``{"type": "resync"}``), draws nothing built on the frame
it missed, and catches up once the full frame comes."""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocketRoute

from .chromium import chromium
from .tcp import BOTS, Server

pytestmark = pytest.mark.browser  # the fast suite leaves these out (README)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def test_a_dropped_frame_makes_the_page_ask_for_and_get_a_full_frame(
    tmp_path: Path, browser: Browser
) -> None:
    server = Server(tmp_path)
    try:
        watch = server.create(BOTS).json()["watch"]
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        dropped: list[int] = []
        to_page: list[dict[str, Any]] = []  # the frames let through, in order
        from_page: list[dict[str, Any]] = []

        def route(ws: WebSocketRoute) -> None:
            upstream = ws.connect_to_server()

            def down(message: str | bytes) -> None:
                frame = json.loads(message)
                # A state frame, or a delta (the page asks for deltas at its join).
                if (frame.get("type") in ("state", "delta") and not frame.get("full")
                        and not dropped and frame["seq"] >= 4):
                    dropped.append(frame["seq"])  # lost on the way
                    return
                to_page.append(frame)
                ws.send(message)

            def up(message: str | bytes) -> None:
                from_page.append(json.loads(message))
                upstream.send(message)

            upstream.on_message(down)
            ws.on_message(up)

        page.route_web_socket(re.compile(r"/ws$"), route)
        # Every seq the page shows, in order (body[data-seq] is set as a frame is drawn).
        page.add_init_script("""window.shownSeqs = [];
            new MutationObserver(() => window.shownSeqs.push(Number(document.body.dataset.seq)))
              .observe(document, {subtree: true, attributes: true,
                                   attributeFilter: ["data-seq"]});""")
        page.goto(server.base + watch)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(
                m["type"] == "resync" for m in from_page):
            page.wait_for_timeout(100)
        assert dropped, "no frame was dropped"
        assert any(f["type"] == "delta" for f in to_page)  # the page reads delta frames
        assert {"type": "resync"} in from_page
        # The full frame that answers it, after the frame that showed the gap.
        gap = next(i for i, f in enumerate(to_page) if f.get("seq", 0) > dropped[0])
        while time.monotonic() < deadline and not any(
                f.get("full") for f in to_page[gap:]):
            page.wait_for_timeout(100)
        answer = next(f for f in to_page[gap:] if f.get("full"))
        assert answer["seq"] >= dropped[0]
        page.wait_for_function("(seq) => Number(document.body.dataset.seq) >= seq",
                               arg=answer["seq"], timeout=10000)
        # Nothing built on the missing frame was shown: from one frame drawn to the next the
        # seq grows by one at most, but for a full frame.
        shown: list[int] = page.evaluate("window.shownSeqs")
        full = {f["seq"] for f in to_page if f.get("full")}
        jumps = [(a, b) for a, b in itertools.pairwise(shown) if b > a + 1]
        assert jumps and all(b in full for _, b in jumps), (shown, dropped)
        assert dropped[0] not in shown
        assert sum(m["type"] == "resync" for m in from_page) == 1
        assert errors == []
    finally:
        server.stop()
