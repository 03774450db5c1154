r"""Deals that players can check: commit to a secret seed before the hand, reveal it after.

Before a hand the server draws a 32-byte seed from the OS's CSPRNG and publishes only its
commitment, ``sha256("fives-deal/1\n{table}\n{game}\n{hand}\n{seed}")`` (hex). The tiles are
then shuffled from the seed alone (``shuffled_tiles``), so once the hand is over and the seed is
revealed anyone can recompute the commitment and the deal: the server could not pick the deal
after seeing who sits where, nor change it during the hand. ``fives verify RECORD`` and the page
both do this check. The shuffle is a Fisher-Yates whose swap at step ``i`` (27 down to 1) takes
index ``u mod (i + 1)``, ``u`` being the first 8 bytes of ``sha256("{seed}:{i}")`` read big-endian.

Standard library only: ``fives verify`` needs no web extra.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from fives.tiles import ALL_TILES, Tile

SEED_BYTES = 32
DOMAIN = "fives-deal/1"


def new_seed() -> str:
    """A fresh secret seed (hex), from the OS's CSPRNG."""
    return secrets.token_hex(SEED_BYTES)


def commitment(seed: str, table: str, game: int, hand: int) -> str:
    text = f"{DOMAIN}\n{table}\n{game}\n{hand}\n{seed}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def shuffled_tiles(seed: str) -> list[Tile]:
    tiles = list(ALL_TILES)
    for i in range(len(tiles) - 1, 0, -1):
        digest = hashlib.sha256(f"{seed}:{i}".encode()).digest()
        j = int.from_bytes(digest[:8], "big") % (i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def lot_seed(seed: str) -> int:
    """The seed of the random source that draws the lot for the leader, where rules draw one."""
    return int.from_bytes(hashlib.sha256(f"{seed}:lot".encode()).digest()[:8], "big")


def deal_from_seed(seed: str, players: int, hand_size: int) -> tuple[list[list[str]], list[str]]:
    """(hands, boneyard top first), as records write them, for a seed."""
    tiles = [str(t) for t in shuffled_tiles(seed)]
    hands = [tiles[i * hand_size : (i + 1) * hand_size] for i in range(players)]
    return hands, tiles[players * hand_size :]


@dataclass(frozen=True, slots=True)
class Check:
    game: int
    hand: int
    ok: bool
    why: str


def verify_record(record: dict[str, Any], table: str | None = None) -> list[Check]:
    """Check every hand of a record whose ``meta.deal`` carries a revealed seed.

    A hand is fair when its seed gives its commitment (for this table, game and hand number)
    and its dealt tiles. Hands without a revealed seed are reported as not checked.
    """
    from fives.rules import Ruleset

    meta = record.get("meta") or {}
    table = table or meta.get("table")
    game = int(meta.get("game", 1))
    rules = Ruleset.preset(record["rules"], **record.get("options", {}))
    checks: list[Check] = []
    for number, hand in enumerate(record.get("hands", []), start=1):
        deal = (hand.get("meta") or {}).get("deal") or {}
        seed, promised = deal.get("seed"), deal.get("commitment")
        if not isinstance(seed, str) or not isinstance(promised, str):
            checks.append(Check(game, number, False, "no revealed seed"))
            continue
        if table is None:
            checks.append(Check(game, number, False, "no table id in the record's meta"))
            continue
        if commitment(seed, table, game, number) != promised:
            checks.append(Check(game, number, False, "the seed does not give the commitment"))
            continue
        hands, boneyard = deal_from_seed(seed, rules.players, rules.hand_size)
        # A hand is a set (records list it in any order); the boneyard's order is the draw order.
        same = [sorted(str(Tile.parse(t)) for t in h) for h in hand["hands"]] == [
            sorted(h) for h in hands] and [str(Tile.parse(t)) for t in hand["boneyard"]] == boneyard
        checks.append(Check(game, number, same, "ok" if same else
                            "the seed gives another deal than the record's"))
    return checks
