"""``fwlab replay`` (docs/game-viewer.md): the story of game I of a simulation ends with the
simulator's result for game I; JSON; one seat's view; --find; a position and a record; bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwlab.cli import main
from fwlab.decks import load_deck
from fwlab.sim import play_match
from fwlab.sim.runner import game_seed

ROOT = Path(__file__).resolve().parents[2]
DECKS = sorted(str(p) for p in (ROOT / "data/decks/fw").glob("*.txt"))[:2]


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_VIEWER_CLI_1_the_story_ends_with_the_simulators_result_for_that_game(capsys):
    code, out, _ = _run(capsys, "replay", *DECKS, "--seed", "3", "--game", "4")
    assert code == 0
    r = play_match("fw", [load_deck(p) for p in DECKS], None, seed=game_seed(3, 4), first=0)
    last = out.strip().splitlines()[-1]
    who = f"seat {r.winner} wins" if r.winner != "draw" else "draw"
    assert last.startswith("result: ") and who in last and f"({r.end_reason}) after {r.turns} turns" in last
    assert "game 4 of the simulation seeded 3" in out.splitlines()[0]
    assert out.count("\nturn ") >= r.turns - 4   # a header per turn that had a decision


def test_VIEWER_CLI_2_json_and_one_seats_view(capsys):
    code, out, _ = _run(capsys, "replay", *DECKS, "--seed", "1", "--game", "0", "--json", "--view", "a")
    assert code == 0
    d = json.loads(out)
    assert d["view"] == "a" and d["source"] == {"kind": "simulation", "seed": 1, "index": 0}
    assert d["steps"][-1]["action"] is None and d["outcome"]["turns"] > 0
    revealed = [x for s in d["steps"] for x in s["chance"]["revealed"]]
    assert any(x["seat"] == "a" and isinstance(x["cards"], list) for x in revealed)
    assert all(isinstance(x["cards"], int) for x in revealed if x["seat"] == "b")
    code, out, _ = _run(capsys, "replay", *DECKS, "--seed", "1", "--game", "0", "--view", "a", "--board")
    assert code == 0 and "(hidden)" in out and "  | " in out


def test_VIEWER_CLI_3_find_a_position_and_a_record(capsys, tmp_path):
    code, out, _ = _run(capsys, "replay", *DECKS, "--bots", "heuristic,random", "--find", "win", "--games", "20")
    assert code == 0 and "result: seat a wins" in out
    code, out, _ = _run(capsys, "replay", "--position", str(ROOT / "data/positions/fw-block.json"), "--seed", "2")
    assert code == 0 and out.strip().splitlines()[-1].startswith("result: ")
    r = play_match("conquest", [None] * 3, None, seed=5, first=0, record=True)
    assert r.record is not None
    rec = tmp_path / "game.json"
    rec.write_text(json.dumps(r.record.to_dict()))
    code, out, _ = _run(capsys, "replay", "--record", str(rec))
    assert code == 0 and f"({r.end_reason}) after {r.turns} turns" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--view", "z"], "--view: 'z' is not one of the seats a, b"),
    (["--find", "card"], "--find card needs --card NAME"),
    (["--find", "card", "--card", "Nominod", "--games", "3"], "none of the first 3 games is a card with Nominod drawn"),
    (["--rule", "nonsense=1"], "unknown rule option"),
])
def test_VIEWER_CLI_4_bad_input_is_exit_2_naming_it(capsys, argv, message):
    code, _, err = _run(capsys, "replay", *DECKS, *argv)
    assert code == 2 and message in err
