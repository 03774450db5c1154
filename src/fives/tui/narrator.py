"""The game told as it happens: one line per public event, in the player's language, for both
the full-screen app and ``--plain``.

The narrator keeps the hand's lines; a run of draws by one player is one line that grows
('North cannot play and draws 3 tiles'), so the last line may still change until
:meth:`Narrator.close_run`. ``final`` counts the lines that will not change any more: the line
renderer prints those, the full-screen app shows the tail of ``log``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.text import Text

from fives.events import DrawEvent, HandEndEvent, PassEvent, PlayEvent
from fives.i18n import text
from fives.tui.screen import sum_text

if TYPE_CHECKING:
    from fives.events import Event
    from fives.game import Game
    from fives.tui.screen import Names

KEEP = 40  # lines of a hand kept (the app scrolls through them)


@dataclass
class DrawRun:
    seat: int
    tiles: list[str]
    deck: int


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
    def hand_starts(self, game: Game) -> None:
        leader = game.turn
        key = "tui.hand_starts_you" if self.you(leader) else "tui.hand_starts"
        self.note(Text(self.t(key, hand=game.hand_number, who=self.names.seat(leader)),
                       style="bold blue"))

    def event(self, game: Game, event: Event, seat: int, before: tuple[int, ...]) -> None:
        """One event of the action ``seat`` made (``before``: the scores before it)."""
        if isinstance(event, PlayEvent):
            self.play(game, event)
        elif isinstance(event, DrawEvent):
            self.draw(game, event, before)
        elif isinstance(event, PassEvent):
            key = "tui.ev_pass_you" if self.you(event.seat) else "tui.ev_pass"
            self.note(Text(self.t(key, who=self.names.seat(event.seat)), style="dim"))
        elif isinstance(event, HandEndEvent):
            self.hand_end(game, event, seat)

    def play(self, game: Game, event: PlayEvent) -> None:
        """'North plays [6|4] on [4|1]: ends 6 + 3 + 5 + 1 = 15 -> +3'."""
        layout = game.layout.to_json()
        nodes = layout["nodes"]
        node = nodes[-1] if nodes else None
        you = "_you" if self.you(event.seat) else ""
        who = self.names.seat(event.seat)
        shown = f"[{node['touching']}|{node['outer']}]" if node else event.move
        if node is None or node["parent"] == 0:
            line = Text(self.t("tui.ev_lead" + you, who=who, tile=shown))
        else:
            parent = nodes[node["parent"] - 1]
            line = Text(self.t("tui.ev_place" + you, who=who, tile=shown,
                               parent=f"[{parent['touching']}|{parent['outer']}]"))
        rules = game.rules
        if rules.scoring != "none":  # draw and block games: the ends never score
            line.append(self.t("tui.action_sep"))
            count = sum_text(layout)
            if event.points:
                line.append(self.t("tui.count_scores", sum=count, total=event.total,
                                   points=event.points), style="bold green")
            else:
                line.append(self.t(f"tui.count_no_score_{rules.scoring}", sum=count,
                                   total=event.total), style="dim")
        self.note(line)

    def draw(self, game: Game, event: DrawEvent, before: tuple[int, ...]) -> None:
        """Draws in a row by one player make one line: 'North cannot play and draws 3 tiles'."""
        gained = [after - b for after, b in zip(event.scores, before, strict=False)]
        deck = gained[1] if game.rules.is_solitaire and len(gained) > 1 else 0
        shown = f"[{event.tile.high}|{event.tile.low}]"
        run = self.run
        if run is not None and run.seat == event.seat:
            run.tiles.append(shown)
            run.deck += deck
            self.log[-1] = self.draw_line(run)
            return
        self.close_run()
        self.run = DrawRun(event.seat, [shown], deck)
        self.log.append(self.draw_line(self.run))
        self.trim()
        self.final = len(self.log) - 1

    def draw_line(self, run: DrawRun) -> Text:
        if self.you(run.seat):
            line = Text(self.t("tui.ev_draw_you", tiles=" ".join(run.tiles)))
        elif len(run.tiles) == 1:
            line = Text(self.t("tui.ev_draw", who=self.names.seat(run.seat)))
        else:
            line = Text(self.t("tui.ev_draw_n", who=self.names.seat(run.seat),
                               count=len(run.tiles)))
        if run.deck:
            line.append(" " + self.t("tui.deck_gains", points=run.deck), style="yellow")
        return line

    def hand_end(self, game: Game, event: HandEndEvent, seat: int) -> None:
        """``seat`` made the last action: when the hand ends 'out', the player who went out."""
        if event.result == "out":
            key = "tui.hand_out_you" if self.you(seat) else "tui.hand_out"
            self.note(Text(self.t(key, who=self.names.seat(seat), hand=event.hand),
                           style="bold"))
        elif event.result == "blocked":
            self.note(Text(self.t("tui.hand_blocked", hand=event.hand), style="bold"))
        else:
            winner = self.names.side(event.winner) if event.winner is not None else "?"
            self.note(Text(self.t("tui.hand_target", who=winner, target=game.rules.target),
                           style="bold"))
