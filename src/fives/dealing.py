"""Dealing a hand: the shuffle, the deal's checks, the lots and the opener (RULES.md §1.3, §2.1,
§3.1, §5.1).

Pure functions of a ruleset, a random source and the previous hand's end: ``Game`` calls
``deal_hand`` at the start of every hand and keeps the result; records, the web's fair deal
and the environments read ``opening_method`` to know whether a leader comes from a lot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

from fives.errors import DealError
from fives.events import HandEnd
from fives.rules import Ruleset
from fives.tiles import (
    DOUBLES_MASK,
    PIPS,
    TILE_BY_ID,
    TILE_COUNT,
    Tile,
    heaviest_key,
    ids_of,
    mask_of,
)


@dataclass(frozen=True, slots=True)
class Deal:
    """Every seat's tiles (seat 0 first) and the boneyard, top first."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]


class DealtHand(NamedTuple):
    """A hand as dealt: every seat's tiles (masks), the boneyard (ids, top first), the leader
    and the tile that must lead (an id, or -1 where any may)."""

    masks: list[int]
    boneyard: list[int]
    leader: int
    forced_lead: int


def opening_method(rules: Ruleset, hands_played: int, previous: HandEnd | None) -> str:
    """How the leader of the next hand is chosen: ``lot``, ``highest`` (the highest double
    must lead), ``winner`` (the out player leads any tile), ``rotate`` or ``fixed``."""
    rule = rules.opener
    went_out = previous is not None and previous.result == "out"
    if rule == "solo":
        return "fixed"
    if rule == "highest_double_each_hand":
        return "highest"
    if rule == "winner_leads":
        return "winner" if went_out else "lot"
    if rule == "winner_else_highest_double":
        return "winner" if went_out else "highest"
    return "lot" if hands_played == 0 else "rotate"  # rotate


# Why a seat leads, for a refused leader's message (the method of ``opening_method``).
_LEADER_WHY = {"highest": "holds the tile that must lead", "winner": "went out last hand",
               "rotate": "is next in turn to lead", "fixed": "is the only player"}
_BIT = tuple(1 << i for i in range(TILE_COUNT))
_DRAW_WIDTH = tuple((i + 1).bit_length() for i in range(TILE_COUNT))


def deal_hand(
    rules: Ruleset,
    hands_played: int,
    previous: HandEnd | None,
    last_leader: int,
    deal: Deal | None,
    leader: int | None,
    rng: Callable[[], random.Random],
) -> DealtHand:
    """The next hand: ``deal`` checked, or a shuffle of ``rng()``; its leader by the rules'
    opener (a lot drawn from ``rng()`` unless ``leader`` gives its outcome). ``rng`` is called
    only when a shuffle or a lot needs it. Raises ``DealError`` for a bad deal or leader."""
    n = rules.players
    how = opening_method(rules, hands_played, previous)
    if leader is not None and (
        not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < n
    ):
        raise DealError(
            f"invalid leader {leader!r}: expected a seat from 0 to {n - 1}",
            key="invalid_leader",
        )
    chosen: int | None = None
    if how == "lot":
        chosen = leader if leader is not None else draw_lot(rng(), n)
    if deal is None:
        ids = shuffled_ids(rng())
        h = rules.hand_size
        # One itemgetter call fetches the bit of every dealt tile; a hand's bits are
        # distinct, so their sum is its mask (cheaper than 1 << id tile by tile).
        bits = itemgetter(*ids)(_BIT)
        masks = [sum(bits[s * h:(s + 1) * h]) for s in range(n)]
        bone = ids[n * h:]
    else:
        masks, bone = check_deal(rules, deal)
    forced = -1
    if how == "highest":
        chosen, forced = highest_opener(masks)
    elif how == "winner":
        assert previous is not None and previous.out_seat is not None
        chosen = previous.out_seat
    elif how == "rotate":
        chosen = (last_leader + 1) % n
    elif how == "fixed":
        chosen = 0
    assert chosen is not None
    if leader is not None and leader != chosen:
        raise DealError(
            f"invalid leader {leader}: seat {chosen} {_LEADER_WHY[how]}", key="invalid_leader",
        )
    return DealtHand(masks, bone, chosen, forced)


def draw_lot(rng: random.Random, players: int) -> int:
    """RULES.md §2.1: each candidate draws a tile; the highest pip total leads; ties redraw."""
    candidates = list(range(players))
    while len(candidates) > 1:
        ids = shuffled_ids(rng)
        drawn = {seat: PIPS[ids[k]] for k, seat in enumerate(candidates)}
        best = max(drawn.values())
        candidates = [s for s in candidates if drawn[s] == best]
    return candidates[0]


def check_deal(rules: Ruleset, deal: Deal) -> tuple[list[int], list[int]]:
    """A given deal's hands as masks and boneyard as ids, once it holds each tile once with the
    rules' hand size; else ``DealError``."""
    if not isinstance(deal, Deal) or len(deal.hands) != rules.players:
        got = len(deal.hands) if isinstance(deal, Deal) else type(deal).__name__
        raise DealError(
            f"invalid deal: {got} hand(s), expected {rules.players}", key="invalid_deal"
        )
    seen: set[Tile] = set()
    masks = []

    def take(tile: object, where: str) -> None:
        if not isinstance(tile, Tile):
            raise DealError(f"invalid deal: {tile!r} in {where}: expected a Tile",
                            key="invalid_deal")
        if tile in seen:
            raise DealError(
                f"invalid deal: tile {tile} appears twice ({where}); each tile must appear "
                "once", key="invalid_deal")
        seen.add(tile)

    for seat, hand in enumerate(deal.hands):
        if len(hand) != rules.hand_size:
            raise DealError(
                f"invalid deal: seat {seat} has {len(hand)} tiles, expected "
                f"{rules.hand_size}", key="invalid_deal",
            )
        for tile in hand:
            take(tile, f"seat {seat}")
        masks.append(mask_of(hand))
    for tile in deal.boneyard:
        take(tile, "boneyard")
    if len(seen) != TILE_COUNT:
        raise DealError(
            f"invalid deal: the hands and the boneyard hold {len(seen)} tiles, expected "
            f"each of the {TILE_COUNT} once", key="invalid_deal",
        )
    return masks, [t.id for t in deal.boneyard]


def shuffled_ids(rng: random.Random) -> list[int]:
    """The tile ids in the order ``rng.shuffle`` gives them (uniform, RULES.md §1.3).

    For a plain ``random.Random`` the shuffle's own draws are made here, inline: the same
    Fisher-Yates swaps from the same ``getrandbits`` calls (so the same deals for a seed), but
    without its 27 Python calls of ``Random._randbelow``, the largest cost of a deal in random
    playouts (about 3.3 against 2.2 microseconds a shuffle).
    """
    ids = list(range(TILE_COUNT))
    if type(rng) is not random.Random:
        rng.shuffle(ids)  # a subclass may draw differently: let it shuffle
        return ids
    getrandbits = rng.getrandbits
    for i in range(TILE_COUNT - 1, 0, -1):
        width = _DRAW_WIDTH[i]
        j = getrandbits(width)
        while j > i:  # rejection keeps j uniform in 0..i
            j = getrandbits(width)
        ids[i], ids[j] = ids[j], ids[i]
    return ids


def highest_opener(masks: Sequence[int]) -> tuple[int, int]:
    """The holder of the highest double and that tile; else of the heaviest tile (§3.1)."""
    everything = 0
    for m in masks:
        everything |= m
    doubles = everything & DOUBLES_MASK
    # Double ids grow with their value, so the highest bit is the highest double.
    tid = (doubles.bit_length() - 1) if doubles else max(
        ids_of(everything), key=lambda i: heaviest_key(TILE_BY_ID[i])
    )
    for seat, m in enumerate(masks):
        if m >> tid & 1:
            return seat, tid
    raise AssertionError("the opening tile is in no hand")
