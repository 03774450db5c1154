"""Where the solitaire deck's points came from (RULES.md §4): for a score line that explains
itself ("deck 23: handicap 10, overdraws 9, block 4").

Read from the game's events and rules, so it needs nothing from the game's hot paths.
"""

from __future__ import annotations

from fives.events import DrawEvent, GameEndEvent, HandEndEvent, PlayEvent
from fives.game import Game


def deck_sources(game: Game) -> dict[str, int]:
    """The deck's score split by origin: ``start`` (the start score), ``handicap`` (given at the
    start of every hand, or of the game under ``handicap_each_hand=false``), ``draws`` (charged
    draws: overdraws, and forced draws too under ``draw_cost_on=every_draw``) and ``block``
    (block penalties). They add up to the deck's score. Empty for any other variant."""
    rules = game.rules
    if not rules.is_solitaire:
        return {}
    hands = game.hand_number if rules.handicap_each_hand else min(1, game.hand_number)
    handicap = rules.handicap * hands
    draws = 0
    block = 0
    deck = game.start_scores[1]
    hand = 0
    for event in game.events:
        number = getattr(event, "hand", hand)
        if number != hand:  # a hand began: its handicap came before its first event
            if hand == 0 or rules.handicap_each_hand:
                deck += rules.handicap
            hand = number
        if isinstance(event, DrawEvent):
            draws += event.scores[1] - deck
            deck = event.scores[1]
        elif isinstance(event, HandEndEvent):
            block += event.deltas[1]
            deck = event.scores[1]
        elif isinstance(event, (PlayEvent, GameEndEvent)):
            deck = event.scores[1]
    return {"start": game.start_scores[1], "handicap": handicap, "draws": draws,
            "block": block}


__all__ = ["deck_sources"]
