"""The game told as it happens: one line per public event of the projection
(``fives.projection.explain_events``: a message key and its parameters), in the player's
language, for both the full-screen app and ``--plain``. It counts nothing itself: the sum behind
the points is the projection's ``parts``, the hand's end its own entry.

The narrator keeps the hand's lines; a run of draws by one player is one line that grows
('North cannot play and draws 3 tiles'), so the last line may still change until
:meth:`Narrator.close_run`. ``final`` counts the lines that will not change any more: the line
renderer prints those, the full-screen app shows the tail of ``log``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Text

from fives.i18n import text
from fives.tui.screen import parts_text, tile_shown

if TYPE_CHECKING:
    from fives.game import Game
    from fives.projection import EventEntryJSON
    from fives.tui.screen import Names

KEEP = 40  # lines of a hand kept (the app scrolls through them)


@dataclass
class DrawRun:
    seat: int
    tiles: list[str]  # what the seat on screen drew itself (nobody else's)
    deck: int
    count: int = 0


@dataclass
class Narrator:
    names: Names
    lang: str
    log: list[Text] = field(default_factory=list)
    final: int = 0
    run: DrawRun | None = None

    def t(self, key: str, **params: object) -> str:
        return text(key, self.lang, **params)

    def you(self, seat: int) -> bool:
        return self.names.you == seat

    def note(self, line: Text) -> None:
        self.close_run()
        self.log.append(line)
        self.trim()
        self.final = len(self.log)

    def close_run(self) -> None:
        self.run = None
        self.final = len(self.log)

    def clear(self) -> None:
        self.log.clear()
        self.final = 0
        self.run = None

    def trim(self) -> None:
        extra = len(self.log) - KEEP
        if extra > 0:
            del self.log[:extra]
            self.final = max(0, self.final - extra)

    # ------------------------------------------------------------------ events
    def entries(self, game: Game, entries: Sequence[EventEntryJSON],
                own_draws: Sequence[str] = ()) -> None:
        """The projection's public events of one action (``fives.projection.explain_events``);
        ``own_draws``: the tiles the seat on screen drew itself, which only it may see."""
        drawn = list(own_draws)
        for entry in entries:
            kind = entry["kind"]
            params: dict[str, Any] = dict(entry["params"])
            if kind == "hand_start":
                leader = int(params["leader"])
                key = "tui.hand_starts_you" if self.you(leader) else "tui.hand_starts"
                self.note(Text(self.t(key, hand=params["hand"], who=self.names.seat(leader)),
                               style="bold blue"))
            elif kind in ("lead", "place"):
                self.play(game, kind, params)
            elif kind == "draw":
                self.draw(params, drawn.pop(0) if drawn and self.you(params["seat"]) else None)
            elif kind == "pass":
                seat = int(params["seat"])
                key = "tui.ev_pass_you" if self.you(seat) else "tui.ev_pass"
                self.note(Text(self.t(key, who=self.names.seat(seat)), style="dim"))
            elif kind == "hand_end":
                self.hand_end(game, entry["key"], params)
            elif kind in ("muggins", "penalty"):  # RULES.md §9 O1: a call, a Foster penalty
                seat = int(params["seat"])
                key = f"tui.ev_{entry['key']}" + ("_you" if self.you(seat) else "")
                self.note(Text(self.t(key, who=self.names.seat(seat), points=params["points"]),
                               style="bold magenta" if params["points"] else "dim"))
            elif kind != "game_end":  # the results say it; a variant's own event by its kind
                self.note(Text(kind.replace("_", " ")))

    def play(self, game: Game, kind: str, params: dict[str, Any]) -> None:
        """'North plays [6|4] on [4|1]: ends 6 + 3 + 5 + 1 = 15 -> +3'."""
        seat = int(params["seat"])
        you = "_you" if self.you(seat) else ""
        who = self.names.seat(seat)
        tile = tile_shown(params["tile"])
        if kind == "lead":
            line = Text(self.t("tui.ev_lead" + you, who=who, tile=tile))
        else:
            line = Text(self.t("tui.ev_place" + you, who=who, tile=tile,
                               parent=tile_shown(params["onto"])))
        if "claim" in params:  # muggins claims (§9 O1): the claim, not the count
            line.append(self.t("tui.action_sep"))
            over = params["points"] < params["claim"]
            key = "tui.claims_over" if over else "tui.claims"
            line.append(self.t(key + you, claim=params["claim"]),
                        style="yellow" if over else "bold")
        elif "parts" in params:  # draw and block games: the ends never score
            line.append(self.t("tui.action_sep"))
            count = parts_text(params["parts"]) or str(params["total"])
            if params["points"]:
                line.append(self.t("tui.count_scores", sum=count, total=params["total"],
                                   points=params["points"]), style="bold green")
            else:
                line.append(self.t(f"tui.count_no_score_{game.rules.scoring}", sum=count,
                                   total=params["total"]), style="dim")
        self.note(line)

    def draw(self, params: dict[str, Any], tile: str | None) -> None:
        """Draws in a row by one player make one line: 'North cannot play and draws 3 tiles'."""
        seat = int(params["seat"])
        deck = int(params.get("cost") or 0)
        run = self.run
        if run is not None and run.seat == seat:
            if tile is not None:
                run.tiles.append(tile_shown(tile))
            run.count += 1
            run.deck += deck
            self.log[-1] = self.draw_line(run)
            return
        self.close_run()
        self.run = DrawRun(seat, [tile_shown(tile)] if tile is not None else [], deck, 1)
        self.log.append(self.draw_line(self.run))
        self.trim()
        self.final = len(self.log) - 1

    def draw_line(self, run: DrawRun) -> Text:
        if self.you(run.seat) and run.tiles:
            line = Text(self.t("tui.ev_draw_you", tiles=" ".join(run.tiles)))
        elif run.count == 1:
            line = Text(self.t("tui.ev_draw", who=self.names.seat(run.seat)))
        else:
            line = Text(self.t("tui.ev_draw_n", who=self.names.seat(run.seat), count=run.count))
        if run.deck:
            line.append(" " + self.t("tui.deck_gains", points=run.deck), style="yellow")
        return line

    def hand_end(self, game: Game, key: str, params: dict[str, Any]) -> None:
        hand = params["hand"]
        if key == "hand_out":
            seat = int(params["out_seat"])
            key = "tui.hand_out_you" if self.you(seat) else "tui.hand_out"
            self.note(Text(self.t(key, who=self.names.seat(seat), hand=hand), style="bold"))
        elif key == "hand_blocked":
            self.note(Text(self.t("tui.hand_blocked", hand=hand), style="bold"))
        else:
            winner = params.get("winner")
            who = self.names.side(int(winner)) if winner is not None else "?"
            self.note(Text(self.t("tui.hand_target", who=who, target=game.rules.target),
                           style="bold"))

