"""The projection's JSON (``fives.projection``), as ``TypedDict``s: what a front end receives,
reusable as an outgoing schema. Fields are only ever added, never renamed.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from fives.layout import EndJSON, NodeJSON, SniffForm
from fives.rules import OptionValue
from fives.views import ActionJSON


class RulesJSON(TypedDict):
    """The table's rules as front ends need them (no preset id to re-derive anything from)."""

    preset: str
    options: dict[str, OptionValue]  # as in records: only those that differ from the preset
    players: int
    partnerships: bool
    hand_size: int
    sides: int
    solitaire: bool  # side 1 is the deck, with no seat
    unit: str  # "displayed" (scores are T/5) or "raw"
    scoring: str  # how a counted total scores (§9 O3); "none": the ends never score
    settlement: str  # how a hand is settled (its explanation: a catalog key per settlement)
    drawing: bool
    target: int
    default_target: int  # the preset's target for this table (e.g. Multiples of Five 250/200)
    target_check: str
    sniff: str  # the sniff option ("none", "us", "british")
    sniff_choice: bool  # its placer chooses the form (§9 O4)
    paper_tally: bool  # scores drawn as Five Up's paper tally (§9 O8)
    overdraw_cost: int  # what a charged draw gives the deck (0 where there is none)
    muggins_claims: bool  # §9 O1: the players claim their points, opponents may call
    muggins_overclaim: str  # "void" or "foster_penalty"
    score_step: int  # every play score is a multiple of it (the claim's - and + buttons)
    claim_max: int  # the largest claim (``fives.moves.CLAIM_MAX``)


class PartJSON(TypedDict):
    """A term of the counted total: ``value`` counted ``times`` (2: a double's two halves)."""

    node: int
    port: str
    value: int
    times: int


class OpenEndJSON(TypedDict):
    """A playable end, for words like "the 4 end of the spinner, north"."""

    node: int  # the tile it belongs to (#n)
    port: str  # W E N S on the lead, out L R on a later tile
    value: int
    tile: str  # that tile, its touching half first ("6-4")
    lead: bool  # on the lead tile
    branch: bool  # a spinner's branch (N S L R)
    spinner: bool  # on a spinner
    # among the counted parts of the total now; null while the players count (§9 O1)
    counted: bool | None


class TableLayoutJSON(TypedDict):
    """``Layout.to_json()`` plus the counted parts of the total and the open ends in words.
    Under muggins claims (§9 O1), while a hand is played, the count is the players' to make:
    ``total`` is null, ``parts`` empty and no end says whether it counts."""

    nodes: list[NodeJSON]
    ends: list[EndJSON]
    total: int | None
    sniff: NotRequired[SniffForm]
    parts: list[PartJSON]  # value * times add up to ``total``
    open_ends: list[OpenEndJSON]
    count_shown: bool  # whether a table shows the count (not under claims, §9 O1)


class TallyJSON(TypedDict):
    """A score as the paper tally draws it (§9 O8): ``fifties`` full symbols of ten strokes,
    then ``strokes`` (0-9) of a partial one; a minus sign first when ``negative``."""

    negative: bool
    fifties: int
    strokes: int


class SideJSON(TypedDict):
    side: int
    members: list[int]  # its seats (the solitaire's deck has none)
    deck: bool  # the solitaire's deck
    score: int
    tally: TallyJSON | None  # where the rules draw the paper tally


class HandScoreJSON(TypedDict):
    """One finished hand of the score sheet."""

    hand: int
    result: str  # "out", "blocked" or "target"
    winner: int | None  # the side that won it
    deltas: list[int]  # per side, as applied
    scores: list[int]  # per side, after it


class EventParamsJSON(TypedDict, total=False):
    """The parameters of an event's message (each event has the ones its key needs)."""

    seat: int
    hand: int
    leader: int
    tile: str  # the tile played, its touching half first ("6-4" on a 4 end)
    node: int  # the tile it went on (#n; 0 for a lead)
    onto: str  # that tile, touching half first
    port: str  # the port it went on
    end: int  # the value of that end
    form: str  # the sniff's form, where its placer chose it
    move: str  # the notation, explicit port
    parts: list[PartJSON]  # the sum behind the total
    total: int
    points: int
    cost: int  # what a draw gave the solitaire's deck
    claim: int  # what the placer claimed (RULES.md §9 O1)
    result: str
    winner: int | None
    out_seat: int | None
    deltas: list[int]
    scores: list[int]
    settlement: str


class EventEntryJSON(TypedDict):
    """One public event: ``kind`` (open set: ``hand_start``, ``lead``, ``place``, ``draw``,
    ``pass``, ``hand_end``, ``game_end``...), ``key`` the message it reads as
    (``lead_scored``, ``place``, ``draw_charged``, ``hand_out``...: see docs/ENGINE_API.md)."""

    kind: str
    key: str
    params: EventParamsJSON


class RevealSeatJSON(TypedDict):
    seat: int
    tiles: list[str]
    pips: int
    counted: int | None  # the hand's value as the settlement counted it; None: not counted
    rounded: bool  # ``counted`` is the rounded hand (§1.6), to show as "pips -> counted"


class RevealSideJSON(TypedDict):
    side: int
    pips: int
    counted: int | None
    rounded: bool


class RevealJSON(TypedDict):
    """The end of the hand: every hand shown, what the settlement counted, what it gave."""

    hand: int
    result: str
    winner: int | None  # the side that won the hand
    out_seat: int | None
    settlement: str  # ``rules.settlement``, or "target" when the target ended the hand
    seats: list[RevealSeatJSON]
    sides: list[RevealSideJSON]  # where the sides' totals were compared (§5.5); else []
    before: list[int]  # per side, before the settlement
    deltas: list[int]
    scores: list[int]


class PublicJSON(TypedDict):
    """What every seat and spectator sees: identical for all of them."""

    format: str
    rules: RulesJSON
    hand_number: int
    phase: str  # "play", "hand_over", "game_over"
    turn: int | None  # the seat to act while the hand is in play
    leader: int
    deadline: float | None  # as the server passed it (the timer's), else None
    layout: TableLayoutJSON
    scores: list[int]  # per side
    seat_scores: list[int]  # per seat: its side's score
    sides: list[SideJSON]
    hand_sizes: list[int]
    boneyard_size: int
    score_sheet: list[HandScoreJSON]
    start_scores: list[int]
    deck: dict[str, int]  # the solitaire deck's score by origin ({} elsewhere)
    history: list[ActionJSON]  # this hand's public actions (views.ActionJSON, no "tile")
    events: list[EventEntryJSON]  # the last action's
    reveal: RevealJSON | None  # once the hand is over
    winner: int | None  # the side that won the game
    call_window: CallWindowJSON | None  # the muggins window open (§9 O1), else None


class CallWindowJSON(TypedDict):
    """The window open for a muggins call (§9 O1): who placed, what they claimed, and the seats
    that may call (what the claim missed is for the players to count)."""

    placer: int
    claim: int
    callers: list[int]


class MoveJSON(TypedDict):
    """One legal move and what it would do."""

    notation: str  # the explicit notation (RULES.md §12.2), what ``Game.play`` takes
    kind: str  # "lead", "place", "draw", "pass"
    tile: str | None  # the tile, touching half first
    node: int  # the tile it goes on (#n); 0 for a lead, a draw or a pass
    onto: str | None  # that tile, touching half first
    port: str
    end: int | None  # the value of the end it goes on
    form: str  # the sniff's form where its placer chooses it, else ""
    total: int | None  # the counted total after it (None under muggins claims, §9 O1)
    points: int | None  # what it would score (a charged draw: what the deck would gain);
    # None under muggins claims: the player counts (and claims) it
    overdraw: bool  # a draw beside a legal placement (§4.3)
    ends_hand: bool  # it ends the hand (the last tile, the target)


class DrawnJSON(TypedDict):
    action: int  # the index in ``history``
    tile: str


class SeatPartJSON(TypedDict):
    """What only this seat sees (a spectator: ``seat`` None, nothing else)."""

    seat: int | None
    side: int | None
    hand: list[str]
    pips: int
    to_play: bool
    forced_lead: str | None  # the tile it must lead (the leader's secret)
    legal_moves: list[MoveJSON]
    drawn: list[DrawnJSON]  # its own draws this hand
    muggins: str | None  # its call ("muggins:S") while it may call the last placement (§9 O1)


class ProjectionJSON(TypedDict):
    public: PublicJSON
    seat: SeatPartJSON
