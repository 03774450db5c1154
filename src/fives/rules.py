"""Rulesets: the presets of RULES.md §12.1 and the options of §9, as one frozen value.

A variant is data: one ``Ruleset`` read by one ``Game``. ``Ruleset.preset(name, **overrides)``
builds a preset with options applied and refuses combinations that cannot work.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import Literal, TypeVar, get_args

from fives.errors import RulesError
from fives.layout import SniffForm, SpinnerPolicy
from fives.tiles import TILE_COUNT

# The multi-way options of RULES.md §9, each a closed set of names.
Scoring = Literal["fifths", "raw", "fives_and_threes", "none"]
Opener = Literal["winner_leads", "highest_double_each_hand", "winner_else_highest_double",
                 "rotate", "solo"]
Settlement = Literal["debit_own", "winner_collects", "side_difference", "self_debit",
                     "raw_pips", "deck", "none"]
BlockedTie = Literal["none", "split"]
TargetCheck = Literal["immediate", "end_of_hand_unique"]
BlockPenalty = Literal["pips", "rounded_fifths"]
EmptyHand = Literal["end", "draw_on"]
DrawCostOn = Literal["overdraw", "every_draw"]
Overclaim = Literal["void", "foster_penalty"]  # §9 O1: what an over-claim costs
Unit = Literal["displayed", "raw"]
OptionValue = bool | int | str  # what an option holds (a Literal option is a str)
_C = TypeVar("_C", bound=str)

PRESETS = (
    "five-up",
    "all-fives",
    "five-up-solitaire",
    "multiples-of-five",
    "draw",
    "block",
    "fives-and-threes",
    "cribbage-dominoes-1863",
    "muggins-1864",
    "muggins-1868",
)
# RULES.md §9 O14: the seed's historical forms of Muggins (M5 with the changes listed there;
# 1868 is 1864 with the muggins claims of O1).
HISTORICAL = ("cribbage-dominoes-1863", "muggins-1864", "muggins-1868")
# §9 O1: the presets whose claims are on by default.
CLAIMS_PRESETS = ("muggins-1868",)
# §9 O8: the presets whose scores are drawn as Five Up's paper tally (display only).
TALLY_PRESETS = ("five-up", "five-up-solitaire")
# §9 O4: the sniff applies to these presets (not to the solitaire nor the companion games).
SNIFF_PRESETS = ("five-up", "all-fives", "multiples-of-five", *HISTORICAL)
ALIASES = {
    "fiveup": "five-up",
    "allfives": "all-fives",
    "solitaire": "five-up-solitaire",
    "muggins": "multiples-of-five",
    "multiples-de-cinq": "multiples-of-five",
}

CHOICES: dict[str, tuple[str, ...]] = {
    "spinners": get_args(SpinnerPolicy),
    "scoring": get_args(Scoring),
    "opener": get_args(Opener),
    "settlement": get_args(Settlement),
    "blocked_tie": get_args(BlockedTie),
    "target_check": get_args(TargetCheck),
    "block_penalty": get_args(BlockPenalty),
    "empty_hand": get_args(EmptyHand),
    "draw_cost_on": get_args(DrawCostOn),
    "sniff": get_args(SniffForm),
    "muggins_overclaim": get_args(Overclaim),
}


def find_preset(name: object) -> str:
    """The canonical preset id for a preset id or alias."""
    if not isinstance(name, str):
        raise RulesError(f"unknown preset {name!r}", key="unknown_preset", name=repr(name),
                         presets=", ".join(PRESETS))
    key = name.strip().lower()
    if key in PRESETS:
        return key
    if key in ALIASES:
        return ALIASES[key]
    raise RulesError(
        f"unknown preset {name!r}: expected one of {', '.join(PRESETS)} "
        f"(aliases: {', '.join(ALIASES)})",
        key="unknown_preset", name=name, presets=", ".join(PRESETS),
    )


def round5(pips: int) -> int:
    """R5 of RULES.md §1.6: the nearest multiple of 5 (remainders 1-2 down, 3-4 up)."""
    return 5 * ((pips + 2) // 5)


def fifths(pips: int) -> int:
    """D(p) = R5(p) / 5: a hand's value in displayed points."""
    return (pips + 2) // 5


def hand_value(pips: int, displayed: bool) -> int:
    """A hand's rounded value in the score unit: D(p) in displayed points, else R5(p)."""
    return fifths(pips) if displayed else round5(pips)


def play_score(scoring: Scoring, total: int) -> int:
    """The play score of a counted total under a scoring rule (RULES.md §1.5, §9 O3)."""
    if total <= 0:
        return 0
    if scoring == "fifths":
        return total // 5 if total % 5 == 0 else 0
    if scoring == "raw":
        return total if total % 5 == 0 else 0
    if scoring == "fives_and_threes":
        return (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)
    return 0


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every parameter of one variant. Build with ``Ruleset.preset``."""

    name: str  # the canonical preset id
    players: int
    partnerships: bool
    hand_size: int
    spinners: SpinnerPolicy
    spinner_branches_immediate: bool
    scoring: Scoring
    drawing: bool
    boneyard_reserve: int
    opener: Opener
    settlement: Settlement
    blocked_tie: BlockedTie
    # Whether equal pips in a blocked hand are split by the tile count (All Fives and its
    # companions); Five Up's winner_collects option names only a sole lowest hand (O6).
    blocked_tiebreak_tiles: bool
    target: int
    target_check: TargetCheck
    target_exact: bool
    handicap: int
    handicap_each_hand: bool
    block_penalty: BlockPenalty
    empty_hand: EmptyHand
    draw_cost: int  # what a charged draw gives the solitaire's deck (RULES.md §4.3)
    draw_cost_on: DrawCostOn  # which draws are charged: overdraws only, or every draw (§9 O15)
    sniff: SniffForm  # §9 O4: the first double is the sniff (us or british form)
    sniff_orientation_choice: bool  # §9 O4: its placer chooses the form
    muggins_claims: bool  # §9 O1: placers claim their points; opponents may call "muggins"
    muggins_overclaim: Overclaim  # §9 O1: an over-claim is void, or also a Foster penalty

    # ------------------------------------------------------------------ derived
    @property
    def unit(self) -> Unit:
        """``displayed`` (scores are T/5) or ``raw`` (scores are T)."""
        return "displayed" if self.scoring in ("fifths", "fives_and_threes") else "raw"

    @property
    def is_solitaire(self) -> bool:
        return self.settlement == "deck"

    @property
    def overdraw_allowed(self) -> bool:
        """Whether a draw is legal while a placement exists (only the solitaire, §4.3)."""
        return self.is_solitaire and self.drawing

    @property
    def sides(self) -> int:
        if self.is_solitaire:
            return 2  # the player and the deck
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def members(self, side: int) -> tuple[int, ...]:
        """The seats of a side (the solitaire's deck, side 1, has none)."""
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    @property
    def default_target(self) -> int:
        """The preset's target for this table (Multiples of Five: 250 for two sides, 200 for
        three or four, RULES.md §5.6), whatever ``target`` this ruleset was given."""
        return default_target(self.name, self.players, self.partnerships)

    @property
    def paper_tally(self) -> bool:
        """Whether the scores are drawn as Five Up's paper tally (§9 O8, display only)."""
        return self.name in TALLY_PRESETS

    def round_hand(self, pips: int) -> int:
        """A hand's rounded value in this ruleset's score unit (the settlement's own, see
        ``hand_value``; whether a settlement rounds at all: ``counted_hands``)."""
        return hand_value(pips, self.unit == "displayed")

    def score_of_total(self, total: int) -> int:
        return play_score(self.scoring, total)

    # ------------------------------------------------------------------ building
    @classmethod
    def preset(cls, name: str = "five-up", **overrides: object) -> Ruleset:
        preset = find_preset(name)
        known = {f.name for f in fields(cls)} - {"name"}
        for key in overrides:
            if key not in known:
                raise RulesError(
                    f"unknown option {key!r}: expected one of {', '.join(sorted(known))}",
                    key="unknown_option", option=key,
                )
        values = {k: _coerce(k, v) for k, v in overrides.items()}
        solo = preset == "five-up-solitaire"
        players = values.get("players", 1 if solo else 2)
        allowed_players: tuple[object, ...] = (1,) if solo else (2, 3, 4)
        if players not in allowed_players:
            raise RulesError(
                f"invalid players {players!r} for {preset}: expected "
                f"{' or '.join(map(str, allowed_players))}",
                key="invalid_option", option="players", value=players,
            )
        assert isinstance(players, int)
        partnerships = bool(values.get("partnerships", preset == "five-up" and players == 4))
        base = _defaults(preset, players, partnerships)
        if values.get("sniff", "none") != "none":
            # §9 O4: with a sniff the first double is the only spinner.
            if values.get("spinners", "first_double") != "first_double":
                raise RulesError(
                    f"invalid spinners {values['spinners']!r} for {preset} with "
                    f"sniff={values['sniff']}: the sniff is the first double and the only "
                    "spinner (leave spinners out)",
                    key="invalid_option", option="spinners", value=values["spinners"],
                )
            base["spinners"] = "first_double"
        if solo and values.get("target_check") == "immediate":
            # §9 O15: an immediate race gives the handicap once per game; asking for it every
            # hand as well is refused below.
            if values.get("handicap_each_hand") is True:
                raise RulesError(
                    "invalid handicap_each_hand True for five-up-solitaire: expected false "
                    "with target_check=immediate (the handicap is then given once per game)",
                    key="invalid_option", option="handicap_each_hand", value=True,
                )
            base["handicap_each_hand"] = False
        base.update(values)
        base["players"] = players
        base["partnerships"] = partnerships

        def choice(option: str, choices: tuple[_C, ...]) -> _C:
            value = base[option]
            for c in choices:
                if c == value:
                    return c
            raise RulesError(
                f"invalid {option} {value!r} for {preset}: expected one of "
                + ", ".join(choices), key="invalid_option", option=option, value=value,
            )

        def number(option: str) -> int:
            value = base[option]
            assert isinstance(value, int)  # _coerce made it one
            return value

        def flag(option: str) -> bool:
            return bool(base[option])

        rules = cls(
            name=preset, players=players, partnerships=partnerships,
            hand_size=number("hand_size"),
            spinners=choice("spinners", get_args(SpinnerPolicy)),
            spinner_branches_immediate=flag("spinner_branches_immediate"),
            scoring=choice("scoring", get_args(Scoring)),
            drawing=flag("drawing"),
            boneyard_reserve=number("boneyard_reserve"),
            opener=choice("opener", get_args(Opener)),
            settlement=choice("settlement", get_args(Settlement)),
            blocked_tie=choice("blocked_tie", get_args(BlockedTie)),
            blocked_tiebreak_tiles=flag("blocked_tiebreak_tiles"),
            target=number("target"),
            target_check=choice("target_check", get_args(TargetCheck)),
            target_exact=flag("target_exact"),
            handicap=number("handicap"),
            handicap_each_hand=flag("handicap_each_hand"),
            block_penalty=choice("block_penalty", get_args(BlockPenalty)),
            empty_hand=choice("empty_hand", get_args(EmptyHand)),
            draw_cost=number("draw_cost"),
            draw_cost_on=choice("draw_cost_on", get_args(DrawCostOn)),
            sniff=choice("sniff", get_args(SniffForm)),
            sniff_orientation_choice=flag("sniff_orientation_choice"),
            muggins_claims=flag("muggins_claims"),
            muggins_overclaim=choice("muggins_overclaim", get_args(Overclaim)),
        )
        rules._validate()
        return rules

    def options(self) -> dict[str, OptionValue]:
        """The options that differ from the preset's defaults (``players`` always included)."""
        default = _preset_default(self.name, self.players)
        out: dict[str, OptionValue] = {"players": self.players}
        for f in fields(self):
            if f.name in ("name", "players"):
                continue
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                out[f.name] = value
        if self.is_solitaire and self.target_check == "immediate":
            out.pop("handicap_each_hand", None)  # implied false (§9 O15)
        return out

    def _validate(self) -> None:
        def bad(option: str, value: object, expected: str) -> RulesError:
            return RulesError(
                f"invalid {option} {value!r} for {self.name}: expected {expected}",
                key="invalid_option", option=option, value=value,
            )

        if self.partnerships and self.players != 4:
            raise bad("partnerships", True, "partnerships only with 4 players")
        if self.hand_size < 1 or self.hand_size * self.players > TILE_COUNT:
            raise bad(
                "hand_size", self.hand_size,
                f"1 to {TILE_COUNT // self.players} tiles for {self.players} player(s) "
                f"(the set has {TILE_COUNT})",
            )
        if not 0 <= self.boneyard_reserve <= 2:
            raise bad("boneyard_reserve", self.boneyard_reserve, "0, 1 or 2")
        if self.target < 1:
            raise bad("target", self.target, "a positive whole number")
        solo = self.players == 1
        if solo != (self.settlement == "deck"):
            raise bad("settlement", self.settlement,
                      "'deck' exactly for the one-player solitaire")
        if solo != (self.opener == "solo"):
            raise bad("opener", self.opener, "'solo' exactly for the one-player solitaire")
        if self.handicap < 0 or self.handicap >= self.target:
            raise bad("handicap", self.handicap, f"0 to {self.target - 1} (below the target)")
        if self.handicap and not solo:
            raise bad("handicap", self.handicap, "0 (a handicap is for the solitaire's deck)")
        if self.draw_cost < 0:
            raise bad("draw_cost", self.draw_cost, "0 or more")
        if self.target_exact and self.target_check != "immediate":
            raise bad("target_exact", True, "target_exact only with target_check=immediate")
        if self.blocked_tie == "split" and (
            self.settlement != "winner_collects" or self.partnerships
        ):
            raise bad("blocked_tie", "split",
                      "split only with individual winner_collects settlement (all-fives)")
        if self.sniff != "none" and self.name not in SNIFF_PRESETS:
            raise bad("sniff", self.sniff,
                      "none: the sniff is for " + ", ".join(SNIFF_PRESETS))
        if self.sniff != "none" and self.spinner_branches_immediate:
            raise bad("spinner_branches_immediate", True,
                      "false with a sniff (its branches follow the sniff's own rule)")
        if self.sniff_orientation_choice and self.sniff == "none":
            # §9 O4: the sniff's placer chooses its form; without a sniff there is none.
            raise bad("sniff_orientation_choice", True, "false unless sniff is us or british")
        if self.muggins_claims and solo:
            # §9 O1: in the solitaire nobody could call a missed count.
            raise bad("muggins_claims", True, "false in the solitaire (nobody could call)")
        if self.muggins_overclaim != "void" and not self.muggins_claims:
            raise bad("muggins_overclaim", self.muggins_overclaim,
                      "void unless muggins_claims is true")
        if self.empty_hand == "draw_on" and not solo:
            raise bad("empty_hand", "draw_on", "draw_on only in the solitaire")


_BOOL_OPTIONS = {"partnerships", "spinner_branches_immediate", "drawing", "target_exact",
                 "handicap_each_hand", "blocked_tiebreak_tiles",
                 "sniff_orientation_choice", "muggins_claims"}
_INT_OPTIONS = {"players", "hand_size", "boneyard_reserve", "target", "handicap", "draw_cost"}


def _coerce(key: str, value: object) -> OptionValue:
    """Accept the option values a command line or a web form sends (strings)."""
    if key in _BOOL_OPTIONS:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "on"):
            return True
        if isinstance(value, str) and value.strip().lower() in ("false", "no", "0", "off"):
            return False
        raise RulesError(
            f"invalid {key} {value!r}: expected true or false", key="invalid_option",
            option=key, value=value,
        )
    if key in _INT_OPTIONS:
        if isinstance(value, bool):
            raise RulesError(f"invalid {key} {value!r}: expected a whole number",
                             key="invalid_option", option=key, value=value)
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
        raise RulesError(
            f"invalid {key} {value!r}: expected a whole number", key="invalid_option",
            option=key, value=value,
        )
    if not isinstance(value, str):
        raise RulesError(
            f"invalid {key} {value!r}: expected one of {', '.join(CHOICES.get(key, ()))}",
            key="invalid_option", option=key, value=value,
        )
    return value.strip()


@functools.lru_cache(maxsize=64)
def default_target(preset: str, players: int, partnerships: bool = False) -> int:
    """The target a preset plays to with this many players (and partnerships, for four)."""
    target = _defaults(find_preset(preset), players, partnerships)["target"]
    assert isinstance(target, int)
    return target


@functools.lru_cache(maxsize=64)
def _preset_default(name: str, players: int) -> Ruleset:
    """``Ruleset.preset(name, players=players)``, built once (a Ruleset is immutable):
    ``Ruleset.options`` compares with it for every seat view sent."""
    return Ruleset.preset(name, players=players)


def _defaults(preset: str, players: int, partnerships: bool) -> dict[str, OptionValue]:
    """The preset's parameters for a player count (RULES.md §6, §9 O3, O13)."""
    common: dict[str, OptionValue] = {
        "spinner_branches_immediate": False,
        "drawing": True,
        "boneyard_reserve": 0,
        "blocked_tie": "none",
        "blocked_tiebreak_tiles": preset != "five-up",
        "target_exact": False,
        "handicap": 0,
        "handicap_each_hand": False,
        "block_penalty": "pips",
        "empty_hand": "end",
        "draw_cost": 0,
        "draw_cost_on": "overdraw",
        "sniff": "none",
        "sniff_orientation_choice": False,
        "muggins_claims": preset == "muggins-1868",
        "muggins_overclaim": "void",
    }
    by_players_af = {2: 7, 3: 6, 4: 5}
    by_players_m5 = {2: 7, 3: 5, 4: 5}
    if preset == "five-up":
        common.update(hand_size=5, spinners="every_double", scoring="fifths",
                      opener="winner_leads", settlement="debit_own", target=61,
                      target_check="end_of_hand_unique")
    elif preset == "all-fives":
        common.update(hand_size=by_players_af[players], spinners="first_double", scoring="raw",
                      opener="highest_double_each_hand", settlement="winner_collects",
                      target=150, target_check="immediate")
    elif preset == "five-up-solitaire":
        common.update(hand_size=5, spinners="every_double", scoring="fifths", opener="solo",
                      settlement="deck", target=61, target_check="end_of_hand_unique",
                      handicap=5, handicap_each_hand=True, draw_cost=3)
    elif preset == "multiples-of-five":
        common.update(hand_size=by_players_m5[players], spinners="none", scoring="raw",
                      opener="winner_else_highest_double", settlement="side_difference",
                      target=250 if players == 2 or partnerships else 200,
                      target_check="immediate")
    elif preset in HISTORICAL:
        # §9 O14: M5's table, line and settlement; 1863 counts in fifths (D(p) for R5(p))
        # to 31; 1864 and 1868 count raw to 200 with 2 players, 150 with 3-4 (1868: claims).
        common.update(hand_size=by_players_m5[players], spinners="none",
                      opener="winner_else_highest_double", settlement="side_difference",
                      target_check="immediate")
        if preset == "cribbage-dominoes-1863":
            common.update(scoring="fifths", target=31)
        else:
            common.update(scoring="raw", target=200 if players == 2 else 150)
    elif preset in ("draw", "block"):
        common.update(hand_size=by_players_af[players], spinners="none", scoring="none",
                      drawing=preset == "draw", opener="highest_double_each_hand",
                      settlement="raw_pips", target=100, target_check="immediate")
    else:  # fives-and-threes
        common.update(hand_size=by_players_m5[players], spinners="none",
                      scoring="fives_and_threes", drawing=False, opener="rotate",
                      settlement="none", target=61, target_check="immediate")
    return common


__all__ = [
    "ALIASES",
    "CHOICES",
    "CLAIMS_PRESETS",
    "HISTORICAL",
    "PRESETS",
    "SNIFF_PRESETS",
    "TALLY_PRESETS",
    "BlockPenalty",
    "BlockedTie",
    "DrawCostOn",
    "EmptyHand",
    "Opener",
    "OptionValue",
    "Overclaim",
    "Ruleset",
    "Scoring",
    "Settlement",
    "TargetCheck",
    "Unit",
    "default_target",
    "fifths",
    "find_preset",
    "play_score",
    "round5",
]
