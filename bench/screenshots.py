"""Screenshots of the web table (run by hand, then look at them): every preset the start page
offers, at every size the fit test checks, at the start of a hand, mid-hand with a long board
(or as long as the hand got) and at the hand's end; and the start page at every size.

    python bench/screenshots.py /tmp/shots            # English
    python bench/screenshots.py /tmp/shots --lang fr --presets five-up,all-fives

Files: OUT/start-WxH.png, OUT/PRESET-MOMENT-WxH.png (MOMENT: start, long, end).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.chromium import chromium  # noqa: E402
from tests.web.tcp import Server  # noqa: E402
from tests.web.test_fit import SIZES  # noqa: E402

LONG = 12  # tiles on the board, as the fit test's long board
# The seat's last legal move; under muggins claims (RULES.md §9 O1) with its exact count.
PLAY_LAST = """() => {
  const m = state.frame.seat.legal_moves[state.frame.seat.legal_moves.length - 1];
  const msg = {type: 'play', move: m.notation};
  if (state.frame.public.rules.muggins_claims && m.tile) msg.claim = m.points || 0;
  state.ws.send(JSON.stringify(msg));
}"""


def shoot(page: Page, out: Path, name: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out / f"{name}-{width}x{height}.png"))


def play_until(page: Page, done: str, seconds: float = 90) -> bool:
    """Play the seat's last legal move whenever it is its turn until ``done`` holds (False if
    it never did in time)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(done):
        if time.monotonic() > deadline:
            return False
        if page.evaluate("document.body.classList.contains('my-turn')"):
            page.evaluate(PLAY_LAST)
        page.wait_for_timeout(100)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the png files (created)")
    parser.add_argument("--lang", choices=["en", "fr"], default="en")
    parser.add_argument("--presets", default="", help="comma-separated ids (default: all)")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, chromium() as browser:
        server = Server(Path(tmp))
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.add_init_script(f"localStorage.setItem('fives.lang', '{args.lang}')")
            page.goto(server.base + "/")
            page.wait_for_selector("#preset option", state="attached")
            shoot(page, out, "start")
            catalog = page.evaluate("state.presets.presets")
            wanted = [p for p in args.presets.split(",") if p]
            for preset in catalog:
                if wanted and preset["id"] not in wanted:
                    continue
                counts = sorted(int(n) for n in preset["players"])
                players = 2 if 2 in counts else counts[0]
                seats = [{"kind": "me"}] + [{"kind": "bot", "level": "greedy"}] * (players - 1)
                made = server.create({"preset": preset["id"], "players": players,
                                      "timer": 60 if players > 1 else 0, "seats": seats})
                page.goto(server.base + made.json()["me"])
                page.wait_for_selector("#hand .tile-btn")
                shoot(page, out, f"{preset['id']}-start")
                play_until(page, f"state.frame.public.layout.nodes.length >= {LONG} && "
                                 "document.body.classList.contains('my-turn') || "
                                 "state.frame.public.phase !== 'play'")
                if page.evaluate("state.frame.public.phase") == "play":
                    shoot(page, out, f"{preset['id']}-long")
                play_until(page, "state.frame.public.phase !== 'play'")
                shoot(page, out, f"{preset['id']}-end")
                print(preset["id"], "done", flush=True)
        finally:
            server.stop()
    print(f"pictures in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
