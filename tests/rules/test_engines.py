"""The engine-neutral core: outcomes with a place per seat (CORE-OUTCOME-1), the engine registry
(CORE-REGISTRY-1), and the simulator for any number of seats (SIM-SEATS-1), proved end to end on the
toy 3-4 seat dice race of tests/support before any real multi-seat game exists."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dice_race
import pytest

from fwlab.cli import main
from fwlab.rules.core import GameRecord, Outcome, places_from_scores
from fwlab.rules.engines import bots_for, engine_for, engines_table
from fwlab.sim import play_match, simulate_match
from fwlab.stats import wilson

SUPPORT = Path(__file__).resolve().parents[1] / "support"


# ------------------------------------------------------------------ CORE-OUTCOME-1
def test_CORE_OUTCOME_1_tied_seats_share_the_better_place_and_the_next_place_is_skipped():
    assert places_from_scores([7, 9, 9, 1]) == (3, 1, 1, 4)
    o = Outcome((3, 1, 1, 4), "finish", 10)
    assert o.winners == (1, 2) and o.winner == "draw"
    assert o.win_share(1) == o.win_share(2) == 0.5 and o.win_share(0) == 0.0
    # the places must fit: two seats tied first push the next one to 3, not 2
    with pytest.raises(ValueError, match="do not fit"):
        Outcome((1, 1, 2), "finish", 3)
    with pytest.raises(ValueError, match="do not fit"):
        Outcome((2, 3), "finish", 3)
    # two seats (checked by lookup): a winner and a loser, or a draw; nothing else
    for ok in ((1, 2), (2, 1), (1, 1), [1, 2]):
        assert Outcome(ok, "finish", 3).places == ok  # type: ignore[arg-type]
    for bad in ((2, 2), (1, 3), (0, 1), (2, 3)):
        with pytest.raises(ValueError, match="do not fit"):
            Outcome(bad, "finish", 3)


def test_CORE_OUTCOME_1_two_seat_winner_and_returns_derive_from_the_places():
    assert Outcome((1, 2), "capital", 9).winner == "a"
    assert Outcome((2, 1), "capital", 9).winner == "b"
    assert Outcome((1, 1), "turn-cap", 200).winner == "draw"
    assert Outcome((1, 2), "capital", 9).returns() == (1.0, -1.0)
    assert Outcome((1, 1), "turn-cap", 9).returns() == (0.0, 0.0)
    r = Outcome((1, 2, 2), "finish", 9).returns()
    assert r == (1.0, -0.5, -0.5) and sum(r) == 0.0


def test_CORE_RECORD_1_a_record_round_trips_and_reads_the_first_round_form():
    rec = GameRecord("race", 5, 2, (None, None, None))
    rec.dice.extend([3, 4])
    assert GameRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec
    old = {"ruleset": "fw", "seed": 1, "first": "b", "decks": [["X"], ["Y"]], "actions": [[1, "pass"]], "dice": [6]}
    back = GameRecord.from_dict(old)
    assert back.first == 1 and back.setups == (("X",), ("Y",)) and back.num_seats == 2


# ------------------------------------------------------------------ CORE-REGISTRY-1
def test_CORE_REGISTRY_1_unknown_rulesets_and_rulesets_without_engine_are_clear_errors(engineless):
    with pytest.raises(ValueError, match="unknown ruleset 'chess'.*fw, fw-epic, bg, fr, eredan, conquest"):
        engine_for("chess")
    with pytest.raises(ValueError, match=f"no rules engine for ruleset '{engineless}' yet.*fw, fw-epic, bg"):
        engine_for(engineless)
    assert engine_for("fw") is engine_for("bg")  # one engine, several rulesets
    assert bots_for("race") == ("random", "roller", "cautious")  # random plays every engine


def test_CORE_REGISTRY_1_engines_json_lists_every_ruleset_with_its_engine_state(capsys, engineless):
    assert main(["engines", "--json"]) == 0
    rows = {r["ruleset"]: r for r in json.loads(capsys.readouterr().out)}
    assert set(rows["fw"]) == {"ruleset", "seats", "bots", "compiled", "options"}
    assert rows["fw"]["seats"] == [2, 2] and "heuristic" in rows["bg"]["bots"]
    assert rows[engineless]["seats"] is None and rows[engineless]["bots"] == []
    assert rows["conquest"]["seats"] == [3, 5] and rows["conquest"]["bots"] == ["random", "heuristic", "lookahead", "ismcts"]
    assert rows["eredan"]["seats"] == [2, 2] and rows["eredan"]["bots"][0] == "random"
    assert rows["fr"]["seats"] == [2, 2] and rows["fr"]["bots"] == ["random", "heuristic", "lookahead", "ismcts"]
    assert rows["race"]["seats"] == [3, 4] and rows["race"]["compiled"] is False
    assert isinstance(rows["fw"]["compiled"], bool)
    assert [r["ruleset"] for r in engines_table()][:6] == ["fw", "fw-epic", "bg", "fr", "eredan", "conquest"]


# ------------------------------------------------------------------ SIM-SEATS-1
def test_SIM_SEATS_1_a_three_seat_game_plays_to_a_standing_and_replays_exactly():
    r = play_match("race", [None, None, None], ["roller", "cautious", "random"], seed=4, first=1, record=True)
    assert r.num_seats == 3 and r.first == "b" and r.end_reason in ("finish", "turn-cap")
    assert r.places == places_from_scores(r.scores)   # places follow the final steps
    assert r.record is not None and r.record.first == 1
    again = dice_race.replay(r.record)
    assert again.outcome == r.outcome and again.steps == list(r.scores)


def test_SIM_SEATS_1_seat_counts_and_setups_are_checked():
    with pytest.raises(ValueError, match="race is played by 3 to 4 seats, not 2"):
        play_match("race", [None, None])
    with pytest.raises(ValueError, match="without decks"):
        play_match("race", [None, ["x"], None])
    with pytest.raises(ValueError, match="3 seats need 3 bots"):
        play_match("race", [None] * 3, ["roller"])


def test_SIM_SEATS_1_seats_rotate_first_and_results_do_not_depend_on_the_workers():
    bots = ["roller", "cautious", "roller"]
    one = simulate_match([None] * 3, "race", n=90, seed=8, bots=bots, batch_size=20)
    two = simulate_match([None] * 3, "race", n=90, seed=8, bots=bots, batch_size=20, workers=2)
    threads = simulate_match([None] * 3, "race", n=90, seed=8, bots=bots, batch_size=20,
                             executor=ThreadPoolExecutor(3))
    assert one.to_seats_dict() == two.to_seats_dict() == threads.to_seats_dict()
    assert one.first_games == [30, 30, 30]             # each seat starts equally often
    assert one.games == 90 and all(90 <= p <= 3 * 90 for p in one.place_sum)


def test_SIM_SEATS_1_win_rates_count_shared_wins_as_shares_and_sum_to_one():
    res = simulate_match([None] * 4, "race", n=400, seed=3, bots=["roller", "cautious", "roller", "random"])
    d = res.to_seats_dict(bots=["roller", "cautious", "roller", "random"])
    assert d["draws"] > 0, "the race has shared wins; this test needs some"
    assert sum(s["win_rate"] for s in d["seats"]) == pytest.approx(1.0)
    assert sum(o["win_rate"] for o in d["seat_order"]) == pytest.approx(1.0)
    assert sum(s["shared"] for s in d["seats"]) >= 2 * d["draws"]
    for s, seat in zip(d["seats"], range(4)):
        assert s["win_rate"] * 400 == pytest.approx(res.win_share[seat])
        assert s["win_rate"] >= s["wins"] / 400 and s["ci95"] == list(wilson(res.win_share[seat], 400))
    # the always-rolling seats beat the one that rests while ahead
    assert d["seats"][0]["win_rate"] > d["seats"][1]["win_rate"]


def test_SIM_SEATS_1_cli_simulate_with_players_and_bots_gives_the_documented_json(capsys):
    code = main(["simulate", "--ruleset", "race", "--players", "3", "--bots", "roller,cautious,random",
                 "-n", "60", "--seed", "2", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert {"games", "draws", "mean_turns", "end_reasons", "seats", "seat_order"} <= set(out)
    assert [s["seat"] for s in out["seats"]] == ["a", "b", "c"]
    assert [s["bot"] for s in out["seats"]] == ["roller", "cautious", "random"]
    assert set(out["seats"][0]) == {"seat", "deck", "bot", "wins", "shared", "win_rate", "ci95", "mean_place"}
    assert [o["position"] for o in out["seat_order"]] == [1, 2, 3]
    assert set(out["seat_order"][0]) == {"position", "win_rate", "ci95"}


@pytest.mark.parametrize("argv, message", [
    (["--ruleset", "race", "--players", "5"], "race is played by 3 to 4 players, not 5"),
    (["--ruleset", "race", "--players", "3", "--bots", "roller,roller"], "--bots names 2 bots for 3 seats"),
    (["--ruleset", "race", "--players", "3", "--bots", "roller,roller,chess"], "unknown bot 'chess'"),
    (["--ruleset", "noengine", "--players", "3"], "no rules engine for noengine yet"),
    (["--ruleset", "nope"], "unknown ruleset 'nope'"),
])
def test_SIM_SEATS_1_cli_refuses_bad_seat_counts_and_bots_clearly(argv, message, capsys, engineless):
    assert engineless == "noengine"
    assert main(["simulate", *argv, "-n", "2"]) == 2
    assert message in capsys.readouterr().err


def test_SIM_SEATS_1_a_plugin_engine_runs_from_a_fresh_process():
    env = dict(os.environ, FWLAB_PLUGINS="dice_race", PYTHONPATH=str(SUPPORT))
    out = subprocess.run([sys.executable, "-m", "fwlab.cli", "simulate", "--ruleset", "race", "--players", "4",
                          "-n", "20", "--json"], env=env, capture_output=True, text=True, check=True)
    d = json.loads(out.stdout)
    assert d["games"] == 20 and len(d["seats"]) == 4


def test_CORE_DECKS_1_a_deck_is_compiled_once_per_catalog_and_checked_before():
    from fwlab.catalog import CatalogError, load_catalog
    from fwlab.rules.engines import DeckCache

    calls = []

    def compile_deck(names, cat):
        calls.append(names)
        return [n.upper() for n in names]

    cache = DeckCache(compile_deck)
    cat = load_catalog("eredan")
    names = tuple(list(cat.cards)[:3])
    first = cache(cat, names)
    assert cache(cat, names) is first and cache(cat, tuple(list(names))) is first  # same tuple, equal tuple
    assert len(calls) == 1
    other = copy.copy(cat)  # another catalog object (another data folder): compiled again for it
    assert cache(other, names) == first and cache(other, names) is not first and len(calls) == 2
    assert cache(cat, names) is first and len(calls) == 2
    with pytest.raises(CatalogError, match="unknown card"):
        cache(cat, (*names, "No Such Card"))
    assert len(calls) == 2
