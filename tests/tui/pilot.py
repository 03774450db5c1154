"""The full-screen game driven by Textual's pilot: a game at a given terminal size, answered by a
policy that sees each prompt, with what the screen shows read back as rows of text.

:func:`board_problems` is the check the issue asks for: every tile a listed move goes on is drawn
in the table's rows of the screen, and no tile there is cut (half a tile box, a bracket without
its pair).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fives.bots import make_player
from fives.game import Game
from fives.rules import Ruleset
from fives.tui.app import FivesApp
from fives.tui.session import PlaySession

FLAT = re.compile(r"\[(\d)\|(\d)\]")
BOX_TOP = re.compile(r"┌(\d)┐")
ON_TILE = re.compile(r" on \[(\d)\|(\d)\]")


def screen_rows(app: FivesApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def table_rows(app: FivesApp) -> list[str]:
    """The rows of the table screen, whatever is pushed over it."""
    return [strip.text for strip in app.table._compositor.render_strips()]


def board_rows(app: FivesApp) -> list[str]:
    """The rows of the screen the table is drawn on (none when a panel is over it)."""
    if app.screen is not app.table:
        return []
    region = app.table.query_one("#board").region
    rows = screen_rows(app)
    return [row[region.x:region.right] for row in rows[region.y:region.bottom]]


def drawn_tiles(rows: list[str]) -> tuple[set[tuple[int, int]], list[str]]:
    """The tiles drawn in ``rows`` (as sorted pairs) and the cut ones found."""
    tiles: set[tuple[int, int]] = set()
    cut: list[str] = []
    used: set[tuple[int, int]] = set()
    for r, row in enumerate(rows):
        for m in FLAT.finditer(row):
            a, b = int(m.group(1)), int(m.group(2))
            tiles.add((min(a, b), max(a, b)))
            used.update((r, c) for c in range(m.start(), m.end()))
        for m in BOX_TOP.finditer(row):
            c = m.start()
            below = rows[r + 1][c:c + 3] if r + 1 < len(rows) else ""
            if re.fullmatch(r"└\d┘", below):  # a tile standing up
                a, b = int(m.group(1)), int(below[1])
                tiles.add((min(a, b), max(a, b)))
                used.update({(r, c), (r, c + 1), (r, c + 2), (r + 1, c), (r + 1, c + 1),
                             (r + 1, c + 2)})
            elif below == "├─┤" and r + 2 < len(rows) and re.fullmatch(
                    r"└\d┘", rows[r + 2][c:c + 3]):  # a double across the line
                a = int(m.group(1))
                tiles.add((a, a))
                used.update((r + k, c + j) for k in range(3) for j in range(3))
            else:
                cut.append(f"row {r}: {row.strip()!r}")
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in "[]┌┐└┘├┤─|" and (r, c) not in used:
                cut.append(f"row {r} col {c}: {row.strip()!r}")
                break
    return tiles, cut


def move_targets(app: FivesApp) -> set[tuple[int, int]]:
    """The tiles the listed moves go on ('... on [6|4]')."""
    if app.screen is not app.table:
        return set()
    moves = app.table.query_one("#moves")
    if not moves.display:
        return set()
    out = set()
    rows = screen_rows(app)
    region = moves.region
    for row in rows[region.y:region.bottom]:
        for m in ON_TILE.finditer(row):
            a, b = int(m.group(1)), int(m.group(2))
            out.add((min(a, b), max(a, b)))
    return out


def board_problems(app: FivesApp) -> list[str]:
    rows = board_rows(app)
    tiles, cut = drawn_tiles(rows)
    problems = [f"cut: {c}" for c in cut]
    for tile in sorted(move_targets(app) - tiles):
        problems.append(f"[{tile[0]}|{tile[1]}] not on screen")
    return problems


Policy = Callable[["Run", str], "str | None"]


@dataclass
class Run:
    """One game in the app; ``screens``: (prompt, rows) at every prompt."""

    app: FivesApp
    prompts: list[str] = field(default_factory=list)
    screens: list[tuple[str, list[str]]] = field(default_factory=list)

    def moves(self) -> list[Any]:
        moment = self.app.moment
        return list(moment.moves) if moment is not None else []


def make_app(preset: str, players: int, seats: list[str], seed: int, lang: str = "en",
             options: dict[str, Any] | None = None, save_to: Any = None) -> FivesApp:
    def start(ui: Any) -> PlaySession:
        extra: dict[str, Any] = dict(options or {})
        if players:
            extra["players"] = players
        rules = Ruleset.preset(preset, **extra)
        game = Game(rules, seed=seed)
        bots = {s: make_player(kind, seed=seed * 31 + s) for s, kind in enumerate(seats)
                if kind != "human"}
        return PlaySession(game, seats, bots, ui=ui, lang=lang, delay=0, think=None,
                           seed=seed, save_to=save_to)

    return FivesApp(lang, start)


async def wait_prompt(app: FivesApp, pilot: Any, seconds: float = 30.0,
                      after: int = 0) -> bool:
    """Until the game waits for an answer to a question after the ``after``-th (False: it
    ended)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        await pilot.pause(0.01)
        if app.ui.waiting.is_set() and app.ui.asked > after and app.asked_shown == app.ui.asked:
            await pilot.pause()  # the last redraw posted before the question
            return True
        if app.return_code is not None or not app.is_running:
            return False
    raise AssertionError("the game never asked\n" + "\n".join(screen_rows(app)))


async def play(app: FivesApp, size: tuple[int, int], policy: Policy,
               check: Callable[[Run, str], None] | None = None,
               limit: int = 3000) -> Run:
    run = Run(app)
    async with app.run_test(size=size) as pilot:
        try:
            for _ in range(limit):
                if not await wait_prompt(app, pilot, after=len(run.prompts)):
                    break
                prompt = app.ui.prompt
                run.prompts.append(prompt)
                if check is not None:
                    check(run, prompt)
                answer = policy(run, prompt)
                app.ui.answers.put("\x04" if answer is None else answer)
                if answer is None:
                    break
        finally:  # a check that failed: Ctrl-D lets the game end
            if app.is_running and app.ui.waiting.is_set():
                app.ui.answers.put("\x04")
            for _ in range(500):
                await pilot.pause(0.01)
                if not app.is_running or app.return_code is not None:
                    break
    return run


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)

    def policy(run: Run, prompt: str) -> str | None:
        if "your move" in prompt:
            return str(rng.randrange(len(run.moves())) + 1)
        if "[y/N]" in prompt:
            return "n"
        return ""

    return policy


def app_from_record(record: Any, lang: str = "en") -> FivesApp:
    """The app resuming a saved game (seats from its meta, as ``fives play --resume``)."""
    from fives.record import load_record
    from fives.tui.saving import seats_from_meta

    loaded = load_record(record)

    def start(ui: Any) -> PlaySession:
        game = loaded.to_game()
        seated = seats_from_meta(dict(loaded.meta), game.rules.players)
        assert seated is not None
        seats = seated[0]
        bots = {s: make_player(kind, seed=s) for s, kind in enumerate(seats) if kind != "human"}
        return PlaySession(game, seats, bots, ui=ui, lang=lang, delay=0, think=None, seed=1)

    return FivesApp(lang, start)


def visible_panel(app: FivesApp) -> list[str]:
    """The rows of the screen the panel pushed over the table (a hand's end, help...) takes,
    as shown."""
    if app.screen is app.table:
        return []
    region = app.screen.query_one("#panel").content_region
    return [row[region.x:region.right] for row in screen_rows(app)[region.y:region.bottom]]
