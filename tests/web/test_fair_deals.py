"""Fair deals: every hand is committed to before it is played and its seed revealed after it;
the seeds are fresh secrets (two tables never share a deal), and `fives verify` recomputes
every deal of a downloaded record, failing on a tampered one."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from fives.cli.main import main
from fives.tiles import ALL_TILES
from fives.web.fairdeal import commitment, deal_from_seed

from .helpers import create, recv, view_of
from .test_api import TWO_HUMANS, Pair, play_out


def first_hands(client: Any, count: int) -> list[list[list[str]]]:
    storage = client.app.state.server.storage
    deals = []
    for _ in range(count):
        table = create(client, **TWO_HUMANS)["table"]
        deals.append(storage.log(table)[0].payload["hands"])
    return deals


def test_deals_are_fresh_secrets_not_a_function_of_the_table(make_client: Any) -> None:
    client = make_client()
    deals = first_hands(client, 4)
    # Four tables at seq 1 with the same rules: a deal drawn from Random(seq), or from any
    # seed the tables share, would repeat.
    assert len({json.dumps(d) for d in deals}) == 4
    predictable = list(ALL_TILES)
    random.Random(1).shuffle(predictable)
    assert [str(t) for t in predictable[:7]] not in [d[0] for d in deals]
    seeds = [e.payload["seed"] for t in client.app.state.server.tables
             for e in client.app.state.server.storage.log(t)]
    assert len(set(seeds)) == len(seeds) and all(len(s) == 64 for s in seeds)


def test_commitment_before_the_hand_and_seed_after(make_client: Any) -> None:
    client = make_client()
    pair = Pair(client)
    table_id = pair.table.id
    during = pair.frames[0]["deal"]
    assert during["seed"] is None and "hands" not in during and during["hand"] == 1
    # Play the hand out: the seed comes with the first frame after it.
    while view_of(pair.frames[0])["phase"] == "play":
        seat = pair.mover()
        pair.play(seat, view_of(pair.frames[seat])["legal_moves"][0])
    after = pair.frames[0]["deal"]
    assert after["commitment"] == during["commitment"]
    assert commitment(after["seed"], table_id, 1, 1) == during["commitment"]
    assert deal_from_seed(after["seed"], 2, 7) == (after["hands"], after["boneyard"])
    pair.close()


@pytest.fixture
def record_file(make_client: Any, tmp_path: Path) -> Path:
    client = make_client()
    pair = Pair(client)
    play_out(pair)
    pair.watch.send_json({"type": "record"})
    record = recv(pair.watch)["record"]
    pair.close()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_fives_verify_checks_every_deal(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads(record_file.read_text())
    hands = len(record["hands"])
    assert main(["verify", str(record_file), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.count("deal verified") == hands and f"All {hands} deals verified." in out
    assert main(["verify", str(record_file), "--lang", "fr"]) == 0
    assert capsys.readouterr().out.count("donne vérifiée") == hands


@pytest.mark.parametrize("tamper", ["swap_tiles", "other_seed", "other_table"])
def test_fives_verify_fails_on_a_tampered_record(
    record_file: Path, tmp_path: Path, tamper: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads(record_file.read_text())
    hand = record["hands"][0]
    if tamper == "swap_tiles":  # same tiles, another deal: still a valid record
        hand["hands"][0][0], hand["hands"][1][0] = hand["hands"][1][0], hand["hands"][0][0]
        hand["actions"] = []
        record["hands"] = [hand]
    elif tamper == "other_seed":
        hand["meta"]["deal"]["seed"] = "0" * 64
    else:
        record["meta"]["table"] = "another"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(path), "--lang", "en"]) == 2  # does not verify: input it cannot use
    assert "FAILED" in capsys.readouterr().out


def test_fives_verify_refuses_a_broken_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "JSON" in err and "Traceback" not in err

