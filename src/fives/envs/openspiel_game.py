"""OpenSpiel game ``python_fives``: every preset as a registered python game.

``pyspiel.load_game("python_fives", {"preset": "all-fives", "players": 3})``. Parameters:
``preset``; ``players`` (0: the preset's default); ``options`` (rules options as
``"key=value;key=value"``, e.g. ``"partnerships=false;target=100"``); ``episode`` (``hand``,
the default, or ``game``); ``reward`` (``win_loss``, the default, or ``points``); ``max_hands``
(the cap of a ``game`` episode, default 20).

Chance is explicit: the deal is one chance node per dealt tile (seat 0's tiles first, each
outcome a tile id, uniform over the tiles not yet dealt), then a chance node for the leader
where the rules draw lots (outcome: the seat, uniform). A draw is the player's ``draw`` action
followed by a chance node whose outcome is the drawn tile (uniform over the boneyard), so the
boneyard has no order until it is drawn from. Player actions are those of
``fives.envs.encoding``. Returns are terminal: the episode's sum of the rewards of
docs/RESEARCH.md for each seat.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from fives.dealing import Deal, opening_method
from fives.game import Game
from fives.moves import DRAW
from fives.rules import Ruleset
from fives.tiles import TILE_BY_ID, TILE_COUNT, tiles_of

from .encoding import NUM_ACTIONS, OBS_SIZE, OFFSET, describe_action, rules_vector
from .table import Table, check_max_hands

_PARAMS: dict[str, Any] = {
    "preset": "five-up",
    "players": 0,
    "options": "",
    "episode": "hand",
    "reward": "win_loss",
    "max_hands": 20,
}
# Per hand at most 28 placements, 28 draws and (players - 1) passes between placements.
_PER_HAND = 28 + 28 + 3 * 28
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_RECALL = 28 * 4 + 2 * TILE_COUNT  # who placed each node; dealt; drawn
INFO_SIZE = OBS_SIZE + _RECALL

_GAME_TYPE = pyspiel.GameType(
    short_name="python_fives",
    long_name="Python Fives (Five Up, All Fives, Muggins and the other presets)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)


def parse_options(text: str) -> dict[str, Any]:
    """``"key=value;key=value"`` to a dict of rules options (ints and booleans converted)."""
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        key, sep, raw = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"invalid option {part!r}: expected key=value")
        value: Any = raw.strip()
        low = value.lower()
        if low in ("true", "false"):
            value = low == "true"
        elif value.lstrip("-").isdigit():
            value = int(value)
        out[key.strip()] = value
    return out


class FivesGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(_PARAMS)
        p.update(params or {})
        options = parse_options(str(p["options"]))
        if int(p["players"]):
            options["players"] = int(p["players"])
        self.rules = Ruleset.preset(str(p["preset"]), **options)
        self.episode = str(p["episode"])
        self.reward = str(p["reward"])
        self.max_hands = check_max_hands(int(p["max_hands"]))
        Table(self.rules, episode=self.episode, reward=self.reward,  # type: ignore[arg-type]
              max_hands=self.max_hands)  # checks the choices
        n = self.rules.players
        hands = 1 if self.episode == "hand" else self.max_hands
        if self.reward == "win_loss":
            low, high = -1.0, 1.0
        else:  # a crude but true bound: settlement and play points of a hand are below 1,000
            low, high = -2000.0 * hands, 2000.0 * hands
        game_type = _GAME_TYPE
        if n == 1:  # the solitaire: the player against the deck, not zero-sum
            game_type = pyspiel.GameType(
                short_name=_GAME_TYPE.short_name, long_name=_GAME_TYPE.long_name,
                dynamics=_GAME_TYPE.dynamics, chance_mode=_GAME_TYPE.chance_mode,
                information=_GAME_TYPE.information,
                utility=pyspiel.GameType.Utility.GENERAL_SUM,
                reward_model=_GAME_TYPE.reward_model, max_num_players=4, min_num_players=1,
                provides_information_state_string=True,
                provides_information_state_tensor=True, provides_observation_string=True,
                provides_observation_tensor=True, parameter_specification=_PARAMS)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=TILE_COUNT,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if n > 1 else None,
            max_game_length=_PER_HAND * hands,
        )
        super().__init__(game_type, info, p)

    def new_initial_state(self) -> FivesState:
        return FivesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> FivesObserver:
        return FivesObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self, params)


class FivesState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: FivesGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a state by deep-copying its attributes: the table copies itself
        # cheaply (Table.__deepcopy__), the rest are small lists.
        self.table = Table(game.rules, episode=game.episode,  # type: ignore[arg-type]
                           reward=game.reward, max_hands=game.max_hands,  # type: ignore[arg-type]
                           auto_deal=False)
        self.started = False
        self.dealt: list[int] = []  # tile ids dealt so far in this hand's deal
        self.need_lot = False
        self.drawing = False  # the player chose to draw: the next node is the tile's chance
        self.returns_ = [0.0] * game.rules.players
        self.hand_log: list[list[str]] = []  # per hand, the actions as the table saw them
        self.dealt_hands: list[list[int]] = []  # per hand, each seat's dealt mask
        self.drawn: list[list[int]] = []  # per hand, each seat's drawn mask
        self.placer: list[list[int]] = []  # per hand, the seat that placed each node

    @property
    def rules(self) -> Ruleset:
        return self.table.rules

    # ---------------------------------------------------------------- whose turn
    def _dealing(self) -> bool:
        return not self.started or self.table.awaiting_deal

    def current_player(self) -> int:  # called several times an action: kept short
        table = self.table
        if table.terminated or table.truncated:
            return _TERMINAL
        if self.drawing or not self.started or table.awaiting_deal:
            return _CHANCE
        return table.game.turn

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.drawing:
            game = self.table.game
            left = sorted(game.boneyard_ids)
            return [(t, 1.0 / len(left)) for t in left]
        rules = self.rules
        if len(self.dealt) == rules.players * rules.hand_size and self.need_lot:
            return [(s, 1.0 / rules.players) for s in range(rules.players)]
        left = sorted(set(range(TILE_COUNT)) - set(self.dealt))
        return [(t, 1.0 / len(left)) for t in left]

    # ---------------------------------------------------------------- acting
    def _apply_action(self, action: int) -> None:
        if self.drawing:
            self._draw(action)
        elif self._dealing():
            self._deal_step(action)
        else:
            table = self.table
            code = table.code_of(action)
            if code == DRAW:
                self.drawing = True  # the tile is the next chance node's outcome
                return
            seat = table.turn
            self._record(seat, describe_action(action))
            if code >= 0:
                self.placer[-1].append(seat)
            self._add(table.step_code(code))

    def _draw(self, tile: int) -> None:
        table = self.table
        table.game.set_next_draw(TILE_BY_ID[tile])  # the chance outcome is the drawn tile
        seat = table.turn
        self.drawing = False
        self.drawn[-1][seat] |= 1 << tile
        self._record(seat, "draw", tile)
        self._add(table.step_code(DRAW))

    def _add(self, rewards: list[float]) -> None:
        for s, r in enumerate(rewards):
            self.returns_[s] += r

    def _record(self, seat: int, text: str, tile: int = -1) -> None:
        self.hand_log[-1].append(f"{seat}:{text}" + (f"={tile}" if tile >= 0 else ""))

    def _deal_step(self, outcome: int) -> None:
        rules = self.rules
        n, h = rules.players, rules.hand_size
        if len(self.dealt) < n * h:
            self.dealt.append(outcome)
            if len(self.dealt) < n * h:
                return
            previous = self.table.game.hand_end if self.started else None
            hands_played = self.table.game.hand_number if self.started else 0
            self.need_lot = opening_method(rules, hands_played, previous) == "lot"
            if self.need_lot:
                return
            leader = None
        else:
            leader = outcome
        hands = tuple(tuple(TILE_BY_ID[t] for t in self.dealt[s * h:(s + 1) * h])
                      for s in range(n))
        rest = tuple(TILE_BY_ID[t] for t in sorted(set(range(TILE_COUNT)) - set(self.dealt)))
        deal = Deal(hands, rest)
        if self.started:
            self._add(self.table.deal(deal, leader))
        else:
            self.table.start(Game(rules, deal=deal, leader=leader))
            self.started = True
        self.dealt = []
        self.need_lot = False
        game = self.table.game
        self.hand_log.append([f"leader {game.leader}"])
        self.dealt_hands.append(list(game.hand_masks))
        self.drawn.append([0] * n)
        self.placer.append([])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FivesState:
        """A state that ``player_id`` cannot tell from this one (for IS-MCTS): the tiles it
        cannot see (the other hands and the boneyard) dealt anew, uniformly. What passes and
        draws reveal (a seat that drew had no tile for the open ends) is not used."""
        other: FivesState = self.clone()
        if not other.started or other.table.done:
            return other
        table = other.table
        game = table.game
        seats = [s for s in range(self.rules.players) if s != player_id]
        masks = list(game.hand_masks)
        tiles = [t for s in seats for t in range(TILE_COUNT) if masks[s] >> t & 1]
        tiles += game.boneyard_ids
        order = list(range(len(tiles)))
        for i in range(len(order) - 1, 0, -1):  # Fisher-Yates with the sampler's draws
            j = min(i, int(probability_sampler() * (i + 1)))
            order[i], order[j] = order[j], order[i]
        tiles = [tiles[k] for k in order]
        placed = [0] * self.rules.players
        for i, seat in enumerate(other.placer[-1]):
            placed[seat] |= 1 << game.layout.tile_ids[i]
        for s in seats:
            k = masks[s].bit_count()
            masks[s] = sum(1 << t for t in tiles[:k])
            tiles = tiles[k:]
            other.dealt_hands[-1][s] = masks[s] | placed[s]
            other.drawn[-1][s] = 0
        table.game = game.determinised([tiles_of(m) for m in masks],
                                       [TILE_BY_ID[t] for t in tiles])
        table.invalidate()
        return other

    def hand_search_state(self) -> FivesState:
        """A copy of this state for searching the current hand alone: it ends when the hand
        ends (or the game, when a side reaches the target), its returns are each side's points
        less the other sides' from now on (the ``points`` reward), and its information state
        holds this hand only (the key an information-set search gives its nodes). The scores
        and the rules stay those of the game."""
        other: FivesState = self.clone()
        table = other.table
        table.episode = "hand"
        table.reward = "points"
        other.returns_ = [0.0] * self.rules.players
        other.hand_log = other.hand_log[-1:]
        other.dealt_hands = other.dealt_hands[-1:]
        other.drawn = other.drawn[-1:]
        other.placer = other.placer[-1:]
        return other

    # ---------------------------------------------------------------- reading
    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.drawing:
                return f"draw {TILE_BY_ID[action]}"
            if len(self.dealt) == self.rules.players * self.rules.hand_size:
                return f"leader {action}"
            return f"deal {TILE_BY_ID[action]}"
        return describe_action(action)

    def is_terminal(self) -> bool:
        return self.table.done

    def returns(self) -> list[float]:
        if not self.table.done:
            return [0.0] * self.rules.players
        return list(self.returns_)

    def __str__(self) -> str:
        if not self.started:
            return f"dealing {[str(TILE_BY_ID[t]) for t in self.dealt]}"
        game = self.table.game
        hands = " | ".join(" ".join(map(str, game.hand(s))) for s in range(self.rules.players))
        return (f"hand {game.hand_number} turn {game.turn} scores {list(game.scores)} "
                f"hands [{hands}] boneyard {game.boneyard_size} {game.layout!r}")


class FivesObserver:
    """Observation (``perfect_recall=False``) and information state (``True``) of a seat.

    The tensor is the observation vector of ``fives.envs.encoding`` (for the information state
    followed by who placed each tile of the hand, the seat's dealt tiles and its drawn tiles).
    The information state string is perfect recall: the seat's dealt tiles and every public
    action of every hand, its own draws with their tiles.
    """

    def __init__(self, iig_obs_type: Any, game: FivesGame, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("every player's private tiles together is not an observation "
                             "of this game: expected a single player's or none")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.recall = bool(iig_obs_type.perfect_recall)
        self.rules = game.rules
        self.tensor = np.zeros(INFO_SIZE if self.recall else OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}
        self._blank = rules_vector(game.rules)

    def set_from(self, state: FivesState, player: int) -> None:
        t = self.tensor
        t.fill(0.0)
        if not state.started:
            t[:OBS_SIZE] = self._blank
            return
        obs = state.table.observe(player)
        if not self.private:
            obs[0:TILE_COUNT] = 0.0
            obs[OFFSET["forced_lead"]:OFFSET["forced_lead"] + TILE_COUNT] = 0.0
        t[:OBS_SIZE] = obs
        if self.recall:
            n = self.rules.players
            for i, seat in enumerate(state.placer[-1]):
                t[OBS_SIZE + i * 4 + (seat - player) % n] = 1.0
            if self.private:
                base = OBS_SIZE + 28 * 4
                for tid in range(TILE_COUNT):
                    t[base + tid] = state.dealt_hands[-1][player] >> tid & 1
                    t[base + TILE_COUNT + tid] = state.drawn[-1][player] >> tid & 1

    def string_from(self, state: FivesState, player: int) -> str:
        if not state.started:
            own = ([str(TILE_BY_ID[t]) for t in self._own_dealing(state, player)]
                   if self.private else [])
            return f"p{player} dealing {' '.join(own)}".rstrip()
        game = state.table.game
        parts = [f"p{player}"]
        if self.recall:
            for k, log in enumerate(state.hand_log):
                dealt = " ".join(map(str, tiles_of(state.dealt_hands[k][player])))
                # Another seat's draw shows without its tile.
                actions = [a.split("=")[0] if "=" in a and not a.startswith(f"{player}:")
                           else a for a in log]
                parts.append(f"[hand {k + 1}" + (f" dealt {dealt}" if self.private else "")
                             + " | " + " ".join(actions) + "]")
            if state.dealt and self.private:
                parts.append("dealing " + " ".join(
                    str(TILE_BY_ID[t]) for t in self._own_dealing(state, player)))
        if self.private:
            parts.append("hand " + " ".join(map(str, game.hand(player))))
        parts.append(f"sizes {list(game.hand_sizes)} boneyard {game.boneyard_size} "
                     f"scores {list(game.scores)} turn {game.turn} {game.layout!r}")
        return " ".join(parts)

    def _own_dealing(self, state: FivesState, player: int) -> list[int]:
        h = self.rules.hand_size
        return state.dealt[player * h:(player + 1) * h]


pyspiel.register_game(_GAME_TYPE, FivesGame)
