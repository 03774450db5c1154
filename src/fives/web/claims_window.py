"""Muggins claims at a web table (RULES.md §9 O1, §8 X-3 and X-6), without sockets or storage.

Under ``muggins_claims`` a client's ``play`` carries its claim in a field of its own
(``{"type": "play", "move": "6-3@2", "claim": 15}``): ``claimed_move`` checks it and writes the
move the engine plays (``6-3@2=15``); a draw or a pass carries none, and a table without the
option takes none. ``{"type": "muggins"}`` calls on the last placement: ``call_move`` checks that
this seat may (a window open, a seat of another side than the placer's, the first call only).
Each refusal is a ``ProtocolError`` naming what was wrong, and changes nothing.

The window stays open until the next action by anyone (X-6). So that a person has time to call,
when a human seat at the table could call, the next bot move and the turn timer's (or a
stand-in's) move wait until ``call_window`` seconds after the placement (``hold_until``); the
frames carry when that is (``public.call_window.closes_in``). Bots call through
``bots.base.table_call``: the bot seats that may call and whose turn it is not are asked once
per window, by a "call" wake, a bot's delay after the placement (``bot_callers``,
``bot_call``); the bot whose turn it is decides in its own move (``Player.choose``).
"""

from __future__ import annotations

import secrets
from typing import Any, cast

from fives.claims import callers
from fives.errors import IllegalMoveError
from fives.game import Game
from fives.moves import CLAIM_MAX, parse_notation
from fives.web.protocol import ProtocolError, shown_value


def claimed_move(game: Game, move_text: str, claim: Any) -> str:
    """The move a client's ``play`` asks for, its claim written in (``6-3@2=15``) under O1;
    ``ProtocolError`` for a claim missing, not a whole number from 0 to ``CLAIM_MAX``, on a
    draw or pass, or at a table without claims; a call or a claim in the move text is refused
    too (a call is its own message, a claim its own field)."""
    shown = shown_value(move_text)
    if not game.rules.muggins_claims:
        if claim is not None:
            raise ProtocolError(
                f"claim {shown_value(claim)}: this table plays without muggins claims: expected no "
                "claim", "claim_without_claims", value=shown_value(claim))
        return move_text
    if "=" in move_text:
        raise ProtocolError(
            f"move '{shown}': the claim goes in the field 'claim' (a whole number), not in the "
            "move", "claim_in_move", move=shown)
    kind = parse_notation(move_text).kind  # FivesError when malformed
    if kind == "muggins":
        raise ProtocolError(
            f"move '{shown}': a muggins call is the message {{\"type\": \"muggins\"}}",
            "muggins_by_play", move=shown)
    if kind not in ("lead", "place"):
        if claim is not None:
            raise ProtocolError(
                f"claim {shown_value(claim)} with '{shown}': only a tile you place carries a claim",
                "claim_not_placement", value=shown_value(claim), move=shown)
        return move_text
    if claim is None:
        raise ProtocolError(
            f"move '{shown}' has no claim: under muggins claims every tile you place says what "
            "it scores (the field 'claim', a whole number)", "claim_missing", move=shown)
    if isinstance(claim, bool) or not isinstance(claim, int) or not 0 <= claim <= CLAIM_MAX:
        raise ProtocolError(
            f"claim {shown_value(claim)}: expected a whole number from 0 to {CLAIM_MAX}",
            "bad_claim", value=shown_value(claim), limit=CLAIM_MAX)
    return f"{move_text}={claim}"


def call_move(game: Game, seat: int) -> str:
    """The call ``muggins:S`` of ``seat`` on the last placement, if it may make it now;
    otherwise a ``ProtocolError`` saying why: the engine's refusal reason
    (``fives.explanations.ILLEGAL_REASONS``) under the web's error key."""
    if not game.rules.muggins_claims:
        raise ProtocolError("no muggins at this table: it plays without muggins claims",
                            "muggins_no_claims")
    move = f"muggins:{seat}"
    try:
        game.parse_move(move)  # the engine says whether this seat may call now, and why not
    except IllegalMoveError as exc:
        reason, params = exc.params["reason"], exc.params
        if reason in ("hand_over", "game_over"):
            raise ProtocolError("no muggins now: the hand is over", "muggins_hand_over") from None
        if reason == "muggins_called":
            caller = cast(int, params["caller"]) + 1
            raise ProtocolError(f"muggins was already called by seat {caller}: only the first "
                                "call counts", "muggins_called", seat=caller) from None
        if reason == "muggins_own_side":
            placer = cast(int, params["placer"]) + 1
            raise ProtocolError(
                f"seat {seat + 1} may not call on seat {placer}'s tile: only another side calls "
                "muggins", "muggins_own_side", seat=seat + 1, placer=placer) from None
        raise ProtocolError(
            "no muggins to call now: a call comes right after an opponent's tile, before the "
            "next action", "muggins_closed") from None
    return move


def window_callers(game: Game | None) -> tuple[int, ...]:
    """The seats that may call on the window open now (none when none is open)."""
    window = game.call_window if game is not None else None
    return () if game is None or window is None else callers(game.rules, window.placer)


def hold_until(game: Game | None, humans_here: set[int], opened_at: float,
               seconds: float) -> float | None:
    """When the table's next bot, timer or stand-in move may come: ``seconds`` after the
    placement when a human seat at the table, other than the one to move (whose own move
    closes the window), may call on it; else None (nothing waits for a call)."""
    waiting = humans_here.intersection(window_callers(game))
    if game is not None:
        waiting.discard(game.turn)
    if seconds <= 0 or not waiting:
        return None
    return opened_at + seconds


def bot_callers(game: Game | None, bots: dict[int, str]) -> tuple[int, ...]:
    """The bot seats (``bots``: seat -> level) that may call now and whose turn it is not (the
    seat to move decides in its own move)."""
    seats = window_callers(game)
    turn = game.turn if game is not None else -1
    return tuple(s for s in seats if s in bots and s != turn)


def bot_call(game: Game, bots: dict[int, str], counting: str,
             seed: int | None = None) -> str | None:
    """The first call that the bot seats of ``bot_callers`` make on the open window (each
    counting as the table says), as a move, or None."""
    from fives.bots import make_player
    from fives.bots.base import table_call

    rng_seed = secrets.randbits(32) if seed is None else seed
    players = {s: make_player(bots[s], seed=rng_seed + s, counting=counting)
               for s in bot_callers(game, bots)}
    call = table_call(game, players)
    return None if call is None else call.notation()


def closes_in(hold: float | None, now: float) -> float | None:
    """The seconds left of a call window the table holds for (None: it holds for nobody)."""
    return None if hold is None else round(max(0.0, hold - now), 1)
