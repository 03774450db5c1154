"""Records (RULES.md §12.3), their replay (§12.4) and the `fives replay` command."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from fives.cli.main import main
from fives.errors import RecordError
from fives.game import Game
from fives.record import game_from_record, load_record
from fives.tiles import ALL_TILES, Tile

from .harness import CONFIGS, OPTION_CONFIGS, config_id, make_rules, random_game
from .helpers import event_json, json_lines, phase_of, snapshot


@pytest.mark.parametrize(("preset", "players", "partners"), CONFIGS,
                         ids=[config_id(c) for c in CONFIGS])
def test_record_replays_to_the_same_events(preset: str, players: int,
                                           partners: bool | None) -> None:
    game = random_game(preset, players, partners, seed=5)
    record = game.to_record()
    text = json.dumps(record)
    replayed = list(load_record(text).replay())
    assert event_json(replayed) == event_json(game.events)
    resumed = game_from_record(record)
    assert snapshot(resumed) == snapshot(game)


@pytest.mark.parametrize(("preset", "players", "partners"), CONFIGS[::3],
                         ids=[config_id(c) for c in CONFIGS[::3]])
def test_record_stopped_mid_hand_resumes(preset: str, players: int,
                                         partners: bool | None) -> None:
    game = random_game(preset, players, partners, seed=6, max_actions=23)
    record = game.to_record()
    assert event_json(load_record(record).replay()) == event_json(game.events)
    resumed = game_from_record(record)
    assert snapshot(resumed) == snapshot(game)
    # the resumed game goes on exactly like the original
    rng = random.Random(1)
    for _ in range(10):
        if phase_of(game) != "play":
            break
        move = rng.choice(list(game.legal_moves))
        assert event_json(resumed.play(move)) == event_json(game.play(move))


def test_record_shape() -> None:
    game = random_game("all-fives", 3, None, seed=8)
    record = game.to_record()
    assert record["format"] == "fives-record/1"
    assert record["rules"] == "all-fives"
    assert record["options"].get("players", 2) == 3
    assert record["start_scores"] == [0, 0, 0]
    for entry in record["hands"]:
        assert [len(h) for h in entry["hands"]] == [6, 6, 6]
        every = [Tile.parse(t) for h in entry["hands"] for t in h] + [
            Tile.parse(t) for t in entry["boneyard"]]
        assert sorted(every) == sorted(ALL_TILES)
        assert all(isinstance(a, str) for a in entry["actions"])


# ------------------------------------------------------------------ the §12.3 example

def example_record() -> dict[str, Any]:
    hands = [["6-6", "6-3", "1-0", "2-2", "4-1"], ["5-5", "6-1", "3-2", "4-4", "0-0"]]
    used = {Tile.parse(t) for h in hands for t in h} | {Tile(4, 3), Tile(5, 0)}
    boneyard = ["4-3", "5-0"] + [str(t) for t in ALL_TILES if t not in used]
    return {"format": "fives-record/1", "rules": "five-up", "options": {"players": 2},
            "start_scores": [0, 0],
            "hands": [{"hands": hands, "boneyard": boneyard, "leader": 0,
                       "actions": ["6-6", "6-1@1", "6-3@1", "3-2@3"]}]}


def run_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: Any,
               raw: str | None = None) -> tuple[int, list[str], str]:
    path = tmp_path / "game.json"
    path.write_text(raw if raw is not None else json.dumps(record), encoding="utf-8")
    status = main(["replay", str(path), "--format", "jsonl"])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_fives_replay_jsonl_of_the_example(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = run_replay(tmp_path, capsys, example_record())
    assert status == 0 and err == ""
    assert [json.loads(line) for line in lines] == [
        {"type": "play", "hand": 1, "seat": 0, "move": "6-6", "total": 12, "points": 0,
         "scores": [0, 0]},
        {"type": "play", "hand": 1, "seat": 1, "move": "6-1@1", "total": 13, "points": 0,
         "scores": [0, 0]},
        {"type": "play", "hand": 1, "seat": 0, "move": "6-3@1", "total": 4, "points": 0,
         "scores": [0, 0]},
        {"type": "play", "hand": 1, "seat": 1, "move": "3-2@3", "total": 3, "points": 0,
         "scores": [0, 0]},
    ]


def test_fives_replay_illegal_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = example_record()
    record["hands"][0]["actions"] = ["6-6", "6-1@1", "4-1@1", "3-2@3"]
    status, lines, err = run_replay(tmp_path, capsys, record)
    assert status == 2
    assert len(lines) == 2, "the lines before the illegal action are printed"
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "4-1@1" in err and "hand 1" in err and "3" in err
    assert "legal" in err


def test_fives_replay_illegal_action_in_a_later_hand(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    game = random_game("all-fives", 2, None, seed=21)
    record = game.to_record()
    assert len(record["hands"]) >= 2
    record["hands"] = record["hands"][:2]
    first = list(load_record({**record, "hands": record["hands"][:1]}).replay())
    record["hands"][1]["actions"] = [*record["hands"][1]["actions"][:1], "pass"]
    status, lines, err = run_replay(tmp_path, capsys, record)
    assert status == 2
    assert lines[:len(first)] == [json.dumps(e.to_json(), separators=(", ", ": "))
                                  for e in first]
    assert len(lines) == len(first) + 1
    assert "hand 2" in err and "pass" in err and err.count("\n") == 1


BAD_RECORDS: list[tuple[str, Any, str]] = [
    ("format", lambda r: r.update(format="fives-record/9"), "format"),
    ("rules", lambda r: r.update(rules="snap"), "rules"),
    ("options", lambda r: r.update(options={"players": 7}), "options"),
    ("start_scores", lambda r: r.update(start_scores=[0]), "start_scores"),
    ("hands-missing", lambda r: r.pop("hands"), "hands"),
    ("hand-size", lambda r: r["hands"][0]["hands"][0].pop(), "hands[0].hands[0]"),
    ("duplicate-tile", lambda r: r["hands"][0]["hands"][1].__setitem__(0, "6-6"),
     "hands[0].hands[1]"),
    ("bad-tile", lambda r: r["hands"][0]["boneyard"].__setitem__(0, "9-9"),
     "hands[0].boneyard"),
    ("short-boneyard", lambda r: r["hands"][0]["boneyard"].pop(), "hands[0].boneyard"),
    ("leader-missing", lambda r: r["hands"][0].pop("leader"), "leader"),
    ("unknown-field", lambda r: r.update(colour="blue"), "colour"),
]


@pytest.mark.parametrize(("name", "breaker", "field"), BAD_RECORDS,
                         ids=[b[0] for b in BAD_RECORDS])
def test_malformed_record_names_the_field(name: str, breaker: Any, field: str,
                                          tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    record = copy.deepcopy(example_record())
    breaker(record)
    with pytest.raises(RecordError) as info:
        list(load_record(json.dumps(record)).replay())
    assert field in str(info.value)
    assert "\n" not in str(info.value)
    status, lines, err = run_replay(tmp_path, capsys, record)
    assert status == 2 and lines == []
    assert field in err and err.count("\n") == 1 and "Traceback" not in err


def test_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RecordError):
        load_record("{not json")
    status, lines, err = run_replay(tmp_path, capsys, None, raw="{not json")
    assert status == 2 and lines == [] and "JSON" in err and err.count("\n") == 1


def test_actions_after_the_end_of_the_game_are_refused() -> None:
    game = random_game("multiples-of-five", 2, None, seed=4)
    record = game.to_record()
    record["hands"][-1]["actions"].append("pass")
    with pytest.raises(RecordError) as info:
        list(load_record(record).replay())
    assert "pass" in str(info.value)


def test_record_leader_must_match_the_rules() -> None:
    game = random_game("all-fives", 2, None, seed=12, max_actions=3)
    record = game.to_record()
    record["hands"][0]["leader"] = 1 - record["hands"][0]["leader"]
    with pytest.raises(RecordError) as info:
        list(load_record(record).replay())
    assert "leader" in str(info.value)
    del record["hands"][0]["leader"]
    assert event_json(load_record(record).replay()) == event_json(game.events)


def test_solitaire_record_defaults_and_handicap_on_top_of_start_scores() -> None:
    game = random_game("five-up-solitaire", 1, None, seed=3, max_actions=4)
    record = game.to_record()
    record["options"] = {}
    record["start_scores"] = [10, 20]
    for entry in record["hands"]:
        entry.pop("leader", None)
    events = list(load_record(record).replay())
    first = json_lines(events)[0]
    assert first["type"] == "play" and first["scores"][1] == 25
    resumed = game_from_record(record)
    assert resumed.rules.players == 1
    assert Game(resumed.rules, seed=1, start_scores=[10, 20]).scores[1] == 25


def test_fives_replay_text_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(example_record()), encoding="utf-8")
    for lang in ("en", "fr"):
        status = main(["replay", str(path), "--lang", lang])
        out, err = capsys.readouterr()
        assert status == 0 and err == ""
        lines = [line for line in out.splitlines() if line.strip()]
        assert len(lines) >= 4
        assert "6-1@1" in out and "3-2@3" in out


def test_fives_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(tmp_path / "nope.json"), "--format", "jsonl"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert "nope.json" in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_keeps_the_lead_orientation_and_drops_explicit_ports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = example_record()
    record["hands"][0]["actions"] = ["3-6", "6-1@1.E", "1-4@2.out"]
    status, lines, err = run_replay(tmp_path, capsys, record)
    assert status == 0, err
    moves = [(json.loads(line)["move"], json.loads(line)["total"]) for line in lines]
    # 3-6 led: W 3, E 6 (T 9); 6-1 on E: 3 + 1; 1-4 on #2.out: 3 + 4
    assert moves == [("3-6", 9), ("6-1@1", 4), ("1-4@2", 7)]


@pytest.mark.parametrize(("preset", "players", "partners", "options"), OPTION_CONFIGS,
                         ids=[f"{c[0]}-" + "-".join(map(str, c[3].values()))
                              for c in OPTION_CONFIGS])
def test_records_keep_the_options(preset: str, players: int, partners: bool | None,
                                  options: dict[str, Any]) -> None:
    game = random_game(preset, players, partners, seed=9, options=dict(options))
    record = json.loads(json.dumps(game.to_record()))
    for key, value in options.items():
        assert record["options"][key] == value
    loaded = load_record(record)
    assert loaded.rules == game.rules
    assert event_json(loaded.replay()) == event_json(game.events)


def test_leader_required_after_a_blocked_five_up_hand() -> None:
    for seed in range(400):
        game = Game(make_rules("five-up", 2, None), seed=seed)
        rng = random.Random(seed)
        while phase_of(game) == "play":
            game.play(rng.choice(list(game.legal_moves)))
        if game.last_hand_end is not None and game.last_hand_end.result == "blocked":
            break
    else:
        raise AssertionError("no blocked first hand in 400 seeds")
    game.next_hand(leader=1)
    game.play(next(iter(game.legal_moves)))
    record = game.to_record()
    assert record["hands"][1]["leader"] == 1
    assert event_json(load_record(record).replay()) == event_json(game.events)
    del record["hands"][1]["leader"]
    with pytest.raises(RecordError) as info:
        list(load_record(record).replay())
    assert "hands[1].leader" in str(info.value)


# ------------------------------------------------------------------ meta objects (§12.3)

def test_meta_objects_are_ignored_by_replay() -> None:
    plain = example_record()
    record = copy.deepcopy(plain)
    record["meta"] = {"seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "name": "x"}],
                      "lang": "fr", "date": "2026-11-30"}
    record["hands"][0]["meta"] = {"commitment": "ab12", "seed": 7}
    loaded = load_record(json.dumps(record))
    assert loaded.meta == record["meta"]
    assert loaded.hand_meta(0) == {"commitment": "ab12", "seed": 7}
    assert loaded.hand_meta(3) == {}
    assert event_json(loaded.replay()) == event_json(load_record(plain).replay())


@pytest.mark.parametrize(("where", "value"), [("top", [1, 2]), ("top", "names"),
                                              ("hand", 5), ("hand", None)])
def test_meta_must_be_an_object(where: str, value: Any) -> None:
    record = example_record()
    if where == "top":
        record["meta"] = value
        field = "meta"
    else:
        record["hands"][0]["meta"] = value
        field = "hands[0].meta"
    with pytest.raises(RecordError) as info:
        list(load_record(json.dumps(record)).replay())
    assert field in str(info.value) and "object" in str(info.value)


def test_other_unknown_fields_stay_errors_next_to_meta() -> None:
    record = example_record()
    record["meta"] = {"lang": "en"}
    record["hands"][0]["meta"] = {}
    record["hands"][0]["notes"] = "x"
    with pytest.raises(RecordError) as info:
        list(load_record(record).replay())
    assert "notes" in str(info.value)


def test_writer_puts_meta_in_the_record() -> None:
    game = random_game("all-fives", 2, None, seed=21)
    record = game.to_record(meta={"seats": ["human", "expert"], "lang": "fr"},
                            hand_meta={1: {"seed": 4}})
    assert record["meta"] == {"seats": ["human", "expert"], "lang": "fr"}
    assert "meta" not in record["hands"][0] and record["hands"][1]["meta"] == {"seed": 4}
    loaded = load_record(json.loads(json.dumps(record)))
    assert loaded.meta["lang"] == "fr" and loaded.hand_meta(1) == {"seed": 4}
    assert event_json(loaded.replay()) == event_json(game.events)
    listed = game.to_record(hand_meta=[{"a": 1}])
    assert listed["hands"][0]["meta"] == {"a": 1} and "meta" not in listed
    assert "meta" not in game.to_record()


@pytest.mark.parametrize(("meta", "hand_meta", "field"), [
    ("lang=fr", None, "meta"),
    ({"when": object()}, None, "meta"),
    ({1: "x"}, None, "meta"),
    (None, {99: {"a": 1}}, "hand_meta"),
    (None, [[1]], "hands[0].meta"),
])
def test_writer_refuses_bad_meta(meta: Any, hand_meta: Any, field: str) -> None:
    game = random_game("all-fives", 2, None, seed=21, max_actions=5)
    with pytest.raises(RecordError) as info:
        game.to_record(meta=meta, hand_meta=hand_meta)
    assert field in str(info.value) and "\n" not in str(info.value)
