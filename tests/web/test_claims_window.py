"""The claim window's rules on their own (``fives.web.claims_window``), over engine games of
fixed deals: who may call (partners are the placer's side), who the table holds its next
bot, timer or stand-in move for (not the seat to move, whose own move closes the window), the
bots asked to call, and the countdown the frames carry. test_claims.py plays them at a table."""

from __future__ import annotations

from typing import Any

import pytest

from fives.claims import with_exact_claim
from fives.game import Game
from fives.moves import CLAIM_MAX as MAX_CLAIM
from fives.rules import Ruleset
from fives.web.claims_window import (
    bot_call,
    bot_callers,
    call_move,
    claimed_move,
    closes_in,
    hold_until,
    window_callers,
)
from fives.web.protocol import ProtocolError
from fives.web.service import TableService
from fives.web.table_types import Entry, Policy


def placed(rules: Ruleset, seed: int = 3) -> Game:
    """A game of a fixed deal just after its lead: the window on that tile is open."""
    game = Game(rules, seed=seed)
    move = next(m for m in game.legal_moves if m.kind in ("lead", "place"))
    game.play(with_exact_claim(game, move))
    return game


PARTNERS = Ruleset.preset("muggins-1868", players=4, partnerships=True)
THREE = Ruleset.preset("muggins-1868", players=3)


def refused(key: str, game: Game, seat: int) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        call_move(game, seat)
    assert caught.value.key == key, str(caught.value)
    return caught.value


def test_the_placers_partner_may_not_call() -> None:
    game = placed(PARTNERS)
    placer = game.history[-1].seat
    partner, left, right = (placer + 2) % 4, (placer + 1) % 4, (placer + 3) % 4
    assert game.turn == left
    error = refused("muggins_own_side", game, partner)
    assert error.params == {"seat": partner + 1, "placer": placer + 1}
    assert str(error) == (f"seat {partner + 1} may not call on seat {placer + 1}'s tile: only "
                          "another side calls muggins")
    refused("muggins_own_side", game, placer)
    assert call_move(game, left) == f"muggins:{left}"
    assert call_move(game, right) == f"muggins:{right}"
    assert window_callers(game) == (left, right)


def _partners_table() -> TableService:
    clock = [1000.0]
    config = {"preset": "muggins-1868", "options": {"players": 4, "partnerships": True},
              "timer": 0, "seats": [{"kind": "human"}] * 4}
    service = TableService("t", config, Policy(bot_delay=0.5), clock=lambda: clock[0])
    commit(service, service.first_deal())
    return service


def commit(service: TableService, entry: Entry | None) -> None:
    assert entry is not None
    service.apply(entry, service.seq + 1, 1000.0)


def test_a_partners_call_at_a_table_gets_the_webs_own_key() -> None:
    service = _partners_table()
    game = service.game
    assert game is not None
    placer = game.turn
    move = next(m for m in game.view(placer).legal_moves if m.kind in ("lead", "place"))
    commit(service, service.check_command(
        placer, "play", {"move": move.notation(explicit=True), "claim": 0}))
    seq, history = service.seq, len(game.history)
    with pytest.raises(ProtocolError) as caught:
        service.check_command((placer + 2) % 4, "muggins", {})
    assert caught.value.key == "muggins_own_side"  # not the engine's illegal_move
    assert caught.value.params == {"seat": (placer + 2) % 4 + 1, "placer": placer + 1}
    assert service.seq == seq and len(game.history) == history  # nothing changed
    entry = service.check_command((placer + 3) % 4, "muggins", {})
    assert entry is not None and entry.payload["move"] == f"muggins:{(placer + 3) % 4}"


def test_the_table_holds_for_a_person_who_may_call_and_is_not_to_move() -> None:
    game = placed(PARTNERS)
    placer = game.history[-1].seat
    partner, to_move, after = (placer + 2) % 4, (placer + 1) % 4, (placer + 3) % 4
    assert game.turn == to_move
    assert hold_until(game, {to_move}, 100.0, 5) is None  # their move closes the window
    assert hold_until(game, {partner, placer}, 100.0, 5) is None  # they may not call
    assert hold_until(game, {after}, 100.0, 5) == 105.0
    assert hold_until(game, {to_move, after}, 100.0, 7.5) == 107.5
    assert hold_until(game, {after}, 100.0, 0) is None  # a table that holds for nobody
    assert hold_until(game, {after}, 100.0, 1) == 101.0  # a second is a hold too
    assert hold_until(game, set(), 100.0, 5) is None
    assert hold_until(None, {after}, 100.0, 5) is None
    fresh = Game(PARTNERS, seed=3)  # nothing placed: no window
    assert hold_until(fresh, {0, 1, 2, 3}, 100.0, 5) is None
    assert window_callers(fresh) == () and window_callers(None) == ()


def test_the_bots_asked_to_call_are_the_callers_not_to_move() -> None:
    game = placed(THREE)
    placer = game.history[-1].seat
    to_move, after = (placer + 1) % 3, (placer + 2) % 3
    assert game.turn == to_move
    every: dict[int, Any] = {0: "greedy", 1: "greedy", 2: "greedy"}
    assert bot_callers(game, every) == (after,)
    assert bot_callers(game, {to_move: "greedy"}) == ()
    assert bot_callers(game, {placer: "greedy", after: "greedy"}) == (after,)
    assert bot_callers(None, every) == ()
    assert bot_callers(Game(THREE, seed=3), every) == ()


def test_the_countdown_stops_at_zero() -> None:
    assert closes_in(None, 5.0) is None
    assert closes_in(110.0, 107.46) == 2.5  # tenths
    assert closes_in(110.0, 110.0) == 0.0
    assert closes_in(110.0, 113.0) == 0.0  # the hold has passed: never negative


def _claim_refused(game: Game, move: str, claim: Any) -> tuple[str, dict[str, Any]]:
    with pytest.raises(ProtocolError) as caught:
        claimed_move(game, move, claim)
    return caught.value.key, caught.value.params


def test_each_claim_refusal_names_what_was_wrong() -> None:
    # The catalogs' texts are written from these parameters (both languages).
    game = Game(THREE, seed=3)
    lead = next(m for m in game.legal_moves if m.kind == "lead").notation(explicit=True)
    assert claimed_move(game, lead, 10) == f"{lead}=10"
    assert claimed_move(game, lead, 0) == f"{lead}=0"
    assert claimed_move(game, lead, MAX_CLAIM) == f"{lead}={MAX_CLAIM}"
    assert _claim_refused(game, lead, None) == ("claim_missing", {"move": lead})
    assert _claim_refused(game, lead + "=5", 5) == ("claim_in_move", {"move": lead + "=5"})
    assert _claim_refused(game, lead, MAX_CLAIM + 1) == (
        "bad_claim", {"value": str(MAX_CLAIM + 1), "limit": MAX_CLAIM})
    assert _claim_refused(game, lead, -1) == ("bad_claim", {"value": "-1", "limit": MAX_CLAIM})
    assert _claim_refused(game, lead, True)[0] == "bad_claim"
    assert _claim_refused(game, lead, "7") == ("bad_claim", {"value": "7", "limit": MAX_CLAIM})
    assert _claim_refused(game, "muggins:1", None) == ("muggins_by_play", {"move": "muggins:1"})
    assert _claim_refused(game, "draw", 5) == (
        "claim_not_placement", {"value": "5", "move": "draw"})
    assert claimed_move(game, "draw", None) == "draw"
    long = "x" * 60 + "\n"
    assert _claim_refused(game, lead + "=" + long, None)[1] == {"move": (lead + "=" + long)[:40]}
    plain = Game(Ruleset.preset("all-fives", players=2), seed=3)
    assert claimed_move(plain, lead, None) == lead
    assert _claim_refused(plain, lead, 5) == ("claim_without_claims", {"value": "5"})
    assert _claim_refused(plain, lead, "a\tb") == ("claim_without_claims", {"value": "a\\tb"})


def test_each_call_refusal_names_what_was_wrong() -> None:
    plain = Game(Ruleset.preset("all-fives", players=2), seed=3)
    assert refused("muggins_no_claims", plain, 0).params == {}
    game = Game(THREE, seed=3)
    assert refused("muggins_closed", game, 1).params == {}  # nothing placed yet
    game = placed(THREE)
    placer = game.history[-1].seat
    caller = (placer + 2) % 3
    game.play(game.parse_move(call_move(game, caller)))
    assert refused("muggins_called", game, (placer + 1) % 3).params == {"seat": caller + 1}
    while game.phase_name == "play":
        game.play(with_exact_claim(game, next(
            m for m in game.legal_moves if m.kind != "muggins")))
    assert refused("muggins_hand_over", game, 0).params == {}


def short_claim(rules: Ruleset) -> Game:
    """A game of a fixed deal just after a lead that scores, claimed 0: a call takes it."""
    for seed in range(100):
        game = Game(rules, seed=seed)
        for move in game.legal_moves:
            if move.kind == "lead" and with_exact_claim(game, move).claim > 0:
                game.play(move.with_claim(0))
                return game
    raise AssertionError("no scoring lead in 100 deals")


def test_the_bots_call_a_short_claim_as_their_counting_says() -> None:
    game = short_claim(THREE)
    placer = game.history[-1].seat
    to_move, after = (placer + 1) % 3, (placer + 2) % 3
    bots = {s: "greedy" for s in range(3)}
    assert bot_call(game, bots, "exact", seed=1) == f"muggins:{after}"
    assert bot_call(game, {to_move: "greedy", placer: "greedy"}, "exact", seed=1) is None
    assert bot_call(game, {after: "greedy"}, "exact") == f"muggins:{after}"  # any seed
    # Counting like a person, a greedy bot lets a short claim go about a third of the time;
    # the same seed gives the same decision.
    human = [bot_call(game, bots, "human", seed=s) for s in range(40)]
    assert set(human) == {f"muggins:{after}", None}
    assert [bot_call(game, bots, "human", seed=s) for s in range(40)] == human
    exact = game.copy()
    exact.play(with_exact_claim(exact, next(m for m in exact.legal_moves if m.kind == "place")))
    assert bot_call(exact, bots, "exact", seed=1) is None  # nothing to call: no claim missed


def test_a_second_call_later_in_the_hand_names_the_first_caller() -> None:
    # Actions before the short claim: the call is the last action, not the hand's second, and
    # the hand's second action is another seat's than the caller's.
    for before in range(2, 9):
        game = Game(THREE, seed=3)
        for _ in range(before):
            game.play(with_exact_claim(game, next(
                m for m in game.legal_moves if m.kind in ("lead", "place", "draw", "pass"))))
        move = next((m for m in game.legal_moves if m.kind in ("lead", "place")), None)
        if move is None:
            continue
        game.play(move.with_claim(max(0, with_exact_claim(game, move).claim - 5)))
        placer = game.history[-1].seat
        caller = (placer + 2) % 3
        if game.history[1].seat == caller:
            continue
        game.play(game.parse_move(call_move(game, caller)))
        assert game.history[1].kind != "muggins"
        assert refused("muggins_called", game, (placer + 1) % 3).params == {"seat": caller + 1}
        return
    raise AssertionError("no such hand")
