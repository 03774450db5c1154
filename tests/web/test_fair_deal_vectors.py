"""Fixed vectors for the fair deal (assets/fair_deal_vectors.json): seed, table, game and hand
give the commitment, the seed gives the shuffle and the deal. The Python side
(``fives.web.fairdeal``, ``fives verify``) and the page's own check (static/fairdeal.js, run
here in Node) both read them, so a change of either side's scheme fails the fast suite, not
only the browser test."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import playwright
import pytest

from fives.cli.main import main
from fives.i18n import text
from fives.tiles import ALL_TILES
from fives.web.fairdeal import (
    commitment,
    deal_from_seed,
    lot_seed,
    new_seed,
    shuffled_tiles,
    verify_record,
)

ASSETS = Path(__file__).parent / "assets"
VECTORS: list[dict[str, Any]] = json.loads(
    (ASSETS / "fair_deal_vectors.json").read_text("utf-8"))["vectors"]


def other_seed(seed: str) -> str:
    """Another seed of the same length (its last digit changed)."""
    return seed[:-1] + ("1" if seed[-1] != "1" else "2")


@pytest.mark.parametrize("v", VECTORS, ids=[f"{v['table']}-{v['hand']}" for v in VECTORS])
def test_python_side_gives_the_vectors(v: dict[str, Any]) -> None:
    assert commitment(v["seed"], v["table"], v["game"], v["hand"]) == v["commitment"]
    assert [str(t) for t in shuffled_tiles(v["seed"])] == v["shuffled"]
    assert deal_from_seed(v["seed"], v["players"], v["hand_size"]) == (v["hands"], v["boneyard"])
    assert str(lot_seed(v["seed"])) == v["lot_seed"]
    # Each input of the commitment counts.
    for change in ({"table": v["table"] + "x"}, {"game": v["game"] + 1},
                   {"hand": v["hand"] + 1}, {"seed": other_seed(v["seed"])}):
        args = {k: v[k] for k in ("seed", "table", "game", "hand")} | change
        assert commitment(**args) != v["commitment"]


def test_the_vectors_are_whole_deals() -> None:
    for v in VECTORS:
        assert sorted(v["shuffled"]) == sorted(str(t) for t in ALL_TILES)
        assert [t for h in v["hands"] for t in h] + v["boneyard"] == v["shuffled"]
    seed = new_seed()
    assert len(seed) == 64 and int(seed, 16) >= 0 and seed != new_seed()


# ---------------------------------------------------------------------------- the page's check
STATIC = Path(__file__).parents[2] / "src" / "fives" / "web" / "static"


def node() -> str:
    """Node.js: the one on the PATH (scripts/test.sh installs it), else Playwright's own."""
    bundled = Path(playwright.__file__).parent / "driver" / "node"
    found = shutil.which("node") or (str(bundled) if bundled.exists() else None)
    assert found, "no Node.js: neither node on the PATH nor Playwright's driver/node"
    return found


# The page's module, imported as the browser does (nothing else of the page runs), then its
# dealOf() on each vector and its verify() on each case.
HARNESS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
if (!globalThis.crypto) globalThis.crypto = (await import("node:crypto")).webcrypto;
const page = await import(pathToFileURL(process.argv[1]).href);
const [vectors, cases] = JSON.parse(readFileSync(0, "utf8"));
const deals = [];
for (const v of vectors) deals.push(await page.dealOf(v.seed, v.players, v.hand_size));
const verdicts = [];
for (const deal of cases) verdicts.push(await page.verify(deal));
process.stdout.write(JSON.stringify([deals, verdicts]));
"""


def run_page(
    cases: list[dict[str, Any]], tmp_path: Path
) -> tuple[list[dict[str, Any]], list[bool]]:
    """The page's deal of every vector, and its verdict on each of ``cases``."""
    # The page's modules in a folder of their own whose package.json says they are ES
    # modules (the repository's package.json does not, and any Node must read them so).
    pages = tmp_path / "static"
    shutil.copytree(STATIC, pages, ignore=shutil.ignore_patterns("*.css", "*.html"))
    (pages / "package.json").write_text('{"type": "module"}', "utf-8")
    done = subprocess.run(
        [node(), "--input-type=module", "-e", HARNESS, str(pages / "fairdeal.js")],
        input=json.dumps([VECTORS, cases]), capture_output=True, text=True, timeout=60,
        check=False)
    assert done.returncode == 0, done.stderr
    deals, verdicts = json.loads(done.stdout)
    return deals, verdicts


def as_frame_deal(v: dict[str, Any]) -> dict[str, Any]:
    """A vector as the page gets it in a frame's ``deal`` once the seed is revealed."""
    return {k: v[k] for k in ("table", "game", "hand", "seed", "commitment", "hands",
                              "boneyard")}


def broken(v: dict[str, Any]) -> list[dict[str, Any]]:
    """Copies of a vector that the check must refuse, one change each."""
    out = []
    for key, value in (("commitment", "0" * 64), ("seed", other_seed(v["seed"])),
                       ("table", v["table"] + "x"), ("game", v["game"] + 1),
                       ("hand", v["hand"] + 1)):
        out.append(as_frame_deal(v) | {key: value})
    # Another seed with its own right commitment, beside the vector's deal.
    other = other_seed(v["seed"])
    out.append(as_frame_deal(v) | {
        "seed": other, "commitment": commitment(other, v["table"], v["game"], v["hand"])})
    swapped = copy.deepcopy(as_frame_deal(v))
    swapped["hands"][0][0], swapped["hands"][1][0] = swapped["hands"][1][0], swapped["hands"][0][0]
    out.append(swapped)
    if len(v["boneyard"]) > 1:
        out.append(as_frame_deal(v) | {"boneyard": v["boneyard"][::-1]})
    return out


def test_the_page_checks_the_vectors(tmp_path: Path) -> None:
    good = [as_frame_deal(v) for v in VECTORS]
    bad = [b for v in VECTORS for b in broken(v)]
    # The same hands in another order within each hand are still the deal.
    shuffled = copy.deepcopy(good[0])
    shuffled["hands"] = [h[::-1] for h in shuffled["hands"]]
    deals, verdicts = run_page([*good, shuffled, *bad], tmp_path)
    assert deals == [{"hands": v["hands"], "boneyard": v["boneyard"]} for v in VECTORS]
    assert verdicts[:len(good) + 1] == [True] * (len(good) + 1)
    assert verdicts[len(good) + 1:] == [False] * len(bad)


# ---------------------------------------------------------------------------- `fives verify`
TWO_HANDS = [v for v in VECTORS if v["table"] == "t1"]  # game 1, hands 1 and 2, 2 x 7 tiles


def record(hands: list[dict[str, Any]], meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """A record of all-fives for two whose hands are the given vectors' deals (copies: the
    tests change them)."""
    out: dict[str, Any] = copy.deepcopy({
        "format": "fives-record/1", "rules": "all-fives", "options": {"players": 2},
        "hands": [{"hands": v["hands"], "boneyard": v["boneyard"], "actions": [],
                   "meta": {"deal": {"seed": v["seed"], "commitment": v["commitment"]}}}
                  for v in hands],
    })
    if meta is not None:
        out["meta"] = meta
    return out


def test_verify_record_on_the_vectors() -> None:
    assert [v["hand"] for v in TWO_HANDS] == [1, 2] and TWO_HANDS[0]["game"] == 1
    good = record(TWO_HANDS, {"table": "t1", "game": 1})
    assert [(c.game, c.hand, c.ok, c.why) for c in verify_record(good)] == [
        (1, 1, True, "ok"), (1, 2, True, "ok")]
    # The game number defaults to 1; a table given to the call wins over the record's.
    assert all(c.ok for c in verify_record(record(TWO_HANDS, {"table": "t1"})))
    assert all(c.ok for c in verify_record(record(TWO_HANDS, {"table": "x"}), table="t1"))
    assert [(c.game, c.hand, c.ok, c.why) for c in verify_record(
        record(TWO_HANDS, {"table": "t1", "game": 2}))] == [
        (2, 1, False, "the seed does not give the commitment"),
        (2, 2, False, "the seed does not give the commitment")]
    assert [(c.game, c.hand, c.ok, c.why) for c in verify_record(record(TWO_HANDS))] == [
        (1, 1, False, "no table id in the record's meta"),
        (1, 2, False, "no table id in the record's meta")]
    assert verify_record({"rules": "all-fives", "meta": {"table": "t1"}}) == []
    # Hand 2's deal recorded as hand 1: its commitment names hand 2.
    assert [c.ok for c in verify_record(record(TWO_HANDS[::-1], {"table": "t1"}))] == [
        False, False]


def test_verify_record_compares_hands_as_sets_and_the_boneyard_in_order() -> None:
    r = record(TWO_HANDS[:1], {"table": "t1"})
    r["hands"][0]["hands"] = [h[::-1] for h in r["hands"][0]["hands"]]
    r["hands"][0]["hands"][0][0] = r["hands"][0]["hands"][0][0][::-1]  # "5-3" as "3-5"
    assert verify_record(r)[0].ok
    r["hands"][0]["boneyard"] = r["hands"][0]["boneyard"][::-1]
    assert verify_record(r)[0].why == "the seed gives another deal than the record's"
    r = record(TWO_HANDS[:1], {"table": "t1"})
    h = r["hands"][0]["hands"]
    h[0][0], h[1][0] = h[1][0], h[0][0]
    assert not verify_record(r)[0].ok


def test_verify_record_without_seeds() -> None:
    r = record(TWO_HANDS, {"table": "t1"})
    del r["hands"][0]["meta"]
    r["hands"][1]["meta"]["deal"]["seed"] = None  # committed, never revealed
    r["meta"]["game"] = 4
    assert [(c.game, c.hand, c.ok, c.why) for c in verify_record(r)] == [
        (4, 1, False, "no revealed seed"), (4, 2, False, "no revealed seed")]


def test_verify_record_reads_the_rules_options() -> None:
    # The four-player vector is hand 5 of game 3: four hands without a seed come first.
    v = next(v for v in VECTORS if v["players"] == 4 and v["hand_size"] == 5)
    assert v["hand"] == 5
    r = record([v], {"table": v["table"], "game": v["game"]})
    r["rules"], r["options"] = "five-up", {"players": 4}
    r["hands"] = [{"hands": [], "boneyard": [], "actions": []}] * 4 + r["hands"]
    assert [(c.game, c.hand, c.ok) for c in verify_record(r)] == [
        (3, 1, False), (3, 2, False), (3, 3, False), (3, 4, False), (3, 5, True)]
    del r["options"]  # two players: the same seed deals other hands
    assert verify_record(r)[4].why == "the seed gives another deal than the record's"


def run_verify(tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str],
               lang: str = "en") -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), "utf-8")
    code = main(["verify", str(path), "--lang", lang])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_fives_verify_on_the_vectors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_verify(tmp_path, record(TWO_HANDS, {"table": "t1", "game": 1}), capsys)
    assert code == 0 and err == ""
    assert out.splitlines() == ["game 1 hand 1: deal verified", "game 1 hand 2: deal verified",
                                "All 2 deals verified."]
    code, out, _ = run_verify(tmp_path, record(TWO_HANDS, {"table": "t1"}), capsys, "fr")
    assert code == 0 and out.count("donne vérifiée") == 2


def test_fives_verify_on_a_record_with_no_checkable_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = record(TWO_HANDS, {"table": "t1"})
    for hand in r["hands"]:
        del hand["meta"]
    code, out, err = run_verify(tmp_path, r, capsys)
    assert code == 2  # input the command cannot use
    lines = out.splitlines()
    assert len(lines) == 2 and all("not checked" in line for line in lines)
    assert "verified." not in out and "Not every deal could be verified." in err


def test_fives_verify_fails_when_one_hand_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = record(TWO_HANDS, {"table": "t1"})
    r["hands"][1]["meta"]["deal"]["commitment"] = "0" * 64
    code, out, err = run_verify(tmp_path, r, capsys)
    assert code == 2
    assert out.splitlines()[0] == "game 1 hand 1: deal verified"
    assert "FAILED" in out.splitlines()[1] and "All 2" not in out
    assert "Not every deal" in err
    code, out, _ = run_verify(tmp_path, record(TWO_HANDS), capsys)
    assert code == 2 and out.count("table") == 2


def test_fives_verify_refuses_a_record_whose_deals_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = record(TWO_HANDS, {"table": "t1", "game": "first"})
    path = tmp_path / "record.json"
    path.write_text(json.dumps(r), "utf-8")
    assert main(["verify", str(path), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert "cannot check its deals" in captured.err and "Traceback" not in captured.err
    assert str(path) in captured.err and captured.out == ""


def test_fives_verify_speaks_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_verify(tmp_path, record(TWO_HANDS, {"table": "t1"}), capsys, "fr")
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "Les 2 donnes sont vérifiées."
    r = record(TWO_HANDS, {"table": "t1"})
    r["hands"][1]["meta"]["deal"]["commitment"] = "0" * 64
    code, out, err = run_verify(tmp_path, r, capsys, "fr")
    assert code == 2
    assert err == "fives : erreur : Toutes les donnes n'ont pas pu être vérifiées.\n"
    code, out, err = run_verify(tmp_path, record(TWO_HANDS, {"table": "t1", "game": "x"}),
                                capsys, "fr")
    assert code == 2 and out == ""
    assert err == "fives : erreur : Le champ meta de la partie enregistrée est incorrect.\n"


def test_fives_verify_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["verify", "--help", "--lang", "en"])
    assert info.value.code == 0
    out = "\n".join(" ".join(part.split()) for part in capsys.readouterr().out.split("\n\n"))
    assert ("Recompute every deal of a record from the seeds the server revealed, and check "
            "each against the commitment published before the hand.") in out
    assert re.search(r"\bthe record file \(JSON\), or - for standard input$", out, re.M)
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "en"])
    out = " ".join(capsys.readouterr().out.split())
    assert re.search(r"\bcheck that every deal of a downloaded record is the one committed to\b",
                     out)


def test_fives_verify_on_a_record_without_hands_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = record(TWO_HANDS, {"table": "t1"})
    r["hands"] = []
    code, out, err = run_verify(tmp_path, r, capsys)
    assert code == 2 and out == ""
    assert err == "fives: error: hands: expected a non-empty list of hands\n"


def test_fives_verify_with_no_hand_to_check_fails_with_its_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A record the reader accepts but that gives no check (today the reader refuses a record
    # without hands first): never a success that verified nothing.
    from fives.web import fairdeal

    monkeypatch.setattr(fairdeal, "verify_record", lambda data: [])
    code, out, err = run_verify(tmp_path, record(TWO_HANDS, {"table": "t1"}), capsys)
    assert (code, out, err) == (2, "", "fives: error: The record has no hand to check.\n")
    code, out, err = run_verify(tmp_path, record(TWO_HANDS, {"table": "t1"}), capsys, "fr")
    assert (code, out) == (2, "")
    assert err == "fives : erreur : L'enregistrement n'a aucune manche à vérifier.\n"


def test_fives_verify_help_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["verify", "--help", "--lang", "fr"])
    assert info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("Recalculer chaque donne d'un enregistrement depuis les graines révélées par le "
            "serveur, et comparer chacune à l'engagement publié avant la manche.") in out
    assert "le fichier d'enregistrement (JSON), ou - pour l'entrée standard" in out
    assert text("cli.arg_lang", "fr") in out
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "fr"])
    out = " ".join(capsys.readouterr().out.split())
    assert "vérifier que chaque donne d'un enregistrement téléchargé est celle annoncée" in out
