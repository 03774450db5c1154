"""The page shows the projection and keeps no rule of its own (in headless Chromium, watching
tables of bots): a Draw or Block hand's end shows each hand's pips with no rounding (their
settlements count raw pips) where All Fives shows the rounding it applies, and under either
sniff the parts the page writes for the open ends add up to the counted total."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .chromium import chromium
from .tcp import Server

pytestmark = pytest.mark.browser  # the fast suite leaves these out (README)

# What the page drew, recorded as each frame is drawn (body[data-seq] is set then): the reveal's
# pips lines with the projection's reveal, and the board's words with the counted total.
RECORD = """window.drawn = [];
new MutationObserver(() => {
  const f = window.state && window.state.frame;
  if (!f) return;
  window.drawn.push({
    phase: f.public.phase, total: f.public.layout.total, parts: f.public.layout.parts,
    desc: document.getElementById("board-desc").textContent,
    reveal: f.public.reveal,
    pips: [...document.querySelectorAll("#reveal .reveal-row")].map((row) =>
      [Number(row.dataset.seat), row.querySelector(".pips").textContent]),
  });
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-seq"]});"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server per test: one address may keep only a few tables of bots alone at once."""
    running = Server(tmp_path)
    yield running
    running.stop()


def watch(server: Server, browser: Browser, table: dict[str, Any], until: str,
          seconds: float = 90) -> tuple[Page, list[dict[str, Any]]]:
    """Watch a new table of bots in English until the JS condition ``until`` holds over
    ``drawn``; what was drawn, frame by frame."""
    bots = [{"kind": "bot", "level": "random"}] * table["players"]
    created = server.create({**table, "seats": bots})
    assert created.status_code == 201, created.text
    page = browser.new_page()
    page.add_init_script("localStorage.setItem('fives.lang', 'en');" + RECORD)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + created.json()["watch"])
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not page.evaluate(f"(drawn) => {until}",
                                                              page.evaluate("window.drawn")):
        page.wait_for_timeout(200)
    drawn: list[dict[str, Any]] = page.evaluate("window.drawn")
    assert errors == []
    return page, drawn


ENDED = "drawn.filter((d) => d.reveal && d.pips.length).length >= 2"


@pytest.mark.parametrize("preset", ["draw", "block"])
def test_a_draw_or_block_hand_end_shows_the_pips_unrounded(
    server: Server, browser: Browser, preset: str
) -> None:
    page, drawn = watch(server, browser, {"preset": preset, "players": 3}, ENDED)
    ends = [d for d in drawn if d["reveal"] and d["pips"]]
    assert ends, "no hand ended"
    for d in ends:
        shown = dict(d["pips"])
        for seat in d["reveal"]["seats"]:
            assert not seat["rounded"]  # the projection: no rounding in these settlements
            assert shown[seat["seat"]] == f"{seat['pips']} pips"  # and none on the page
    page.close()


def test_all_fives_shows_the_rounding_it_applies(server: Server, browser: Browser) -> None:
    """The same check can fail: All Fives rounds the loser's pips, and the page says so."""
    page, drawn = watch(server, browser, {"preset": "all-fives", "players": 2}, ENDED)
    rounded = [(shown, seat) for d in drawn if d["reveal"] and d["pips"]
               for seat in d["reveal"]["seats"] for s, shown in d["pips"]
               if s == seat["seat"] and seat["rounded"]]
    assert rounded
    for shown, seat in rounded:
        assert shown == f"{seat['pips']} pips, rounded {seat['counted']}"
    page.close()


@pytest.mark.parametrize("sniff", ["us", "british"])
def test_the_parts_the_page_writes_add_up_to_the_total_under_a_sniff(
    server: Server, browser: Browser, sniff: str
) -> None:
    branch = "drawn.some((d) => d.parts.some((p) => ['N', 'S', 'L', 'R'].includes(p.port)))"
    until = f"drawn.filter((d) => d.total > 0).length >= 30 && {branch}" if sniff == "us" \
        else "drawn.filter((d) => d.total > 0).length >= 30"
    page, drawn = watch(server, browser, {"preset": "all-fives", "players": 2, "sniff": sniff},
                        until)
    checked = 0
    for d in drawn:
        found = re.fullmatch(r"Open ends: ([\d + ]+) = (\d+)\..*", d["desc"])
        if not d["parts"]:
            continue
        assert found, d["desc"]
        addends = [int(x) for x in found.group(1).split(" + ")]
        assert sum(addends) == int(found.group(2)) == d["total"], d
        checked += 1
    assert checked >= 20
    if sniff == "us":  # a US sniff's branch ends were among the counted parts
        assert any(p["port"] in ("N", "S", "L", "R") for d in drawn for p in d["parts"])
    page.close()
