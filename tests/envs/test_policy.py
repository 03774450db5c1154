"""The training example's smoke test (a few hundred steps of MaskablePPO), and the trained
policy as the bot level policy:PATH in `fives match`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fives.bots import level_name, make_player
from fives.cli.main import main
from fives.envs.train import main as train_main
from fives.envs.train import train
from fives.game import Game
from fives.rules import Ruleset

# One worker trains the module's model once (pytest-xdist: scripts/test.sh runs --dist loadgroup).
pytestmark = pytest.mark.xdist_group("policy")


@pytest.fixture(scope="module")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("policy") / "smoke.zip"
    model = train(steps=256, n_steps=128, batch_size=64, n_epochs=2, net=(32, 32),
                  out=str(path), seed=3)
    assert model.num_timesteps >= 256
    assert path.is_file()
    return path


@pytest.mark.slow  # trains a small model first (seconds)
def test_policy_plays_legal_moves(model_path: Path) -> None:
    player = make_player(f"policy:{model_path}", seed=1)
    game = Game(Ruleset.preset("all-fives"), seed=4)
    moves = 0
    while not game.is_over and moves < 400:
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        view = game.view(game.turn)
        move = player.choose(view)
        assert move in view.legal_moves
        ranked = player.explain(view, top=3)
        assert ranked[0].value >= ranked[-1].value
        game.play(move)
        moves += 1
    assert moves > 10


@pytest.mark.slow  # the same model
def test_fives_match_with_a_policy(model_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "match"
    status = main(["match", f"policy:{model_path}", "greedy", "--games", "2", "--quiet",
                   "--seed", "5", "--out", str(out)])
    assert status == 0
    results = json.loads((out / "results.json").read_text())
    assert [b["level"] for b in results["bots"]] == [f"policy:{model_path}", "greedy"]
    assert len(results["games"]) == 2
    assert results["timing"][f"policy:{model_path}"]["moves"] > 0


@pytest.mark.slow  # seconds: loading a file that is not a model imports torch
def test_a_bad_policy_is_a_clear_error(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert level_name("Policy:/a/B.zip") == "policy:/a/B.zip"
    with pytest.raises(ValueError, match=r"unknown policy '/no/such\.zip'"):
        make_player("policy:/no/such.zip")
    assert main(["match", "policy:/no/such.zip", "greedy", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "unknown policy '/no/such.zip'" in err and "Traceback" not in err
    junk = tmp_path / "junk.zip"
    junk.write_text("not a model")
    with pytest.raises(ValueError, match="cannot load policy"):
        make_player(f"policy:{junk}")


def test_train_command_refuses_a_run_without_a_limit(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        train_main(["--out", "x.zip"])
    assert "give --steps, --minutes or --cpu-minutes" in capsys.readouterr().err


@pytest.mark.slow  # seconds: trains on several environments
def test_training_on_several_environments_at_once(tmp_path: Path) -> None:
    model = train(steps=128, n_steps=64, batch_size=32, n_epochs=1, net=(16, 16), envs=4,
                  seed=2)
    assert model.num_timesteps >= 128 and model.get_env().num_envs == 4
    assert len(model.ep_info_buffer) > 0  # the hands' rewards are logged (monitored envs)
    with pytest.raises(ValueError, match="invalid envs 3"):
        train(steps=64, n_steps=64, envs=3)
