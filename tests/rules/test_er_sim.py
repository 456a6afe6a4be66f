"""Eredan through the registry: ``fwlab simulate`` on eredan decks, the same results for 1 and 2
workers (SIM-SEED-1), a mirror match even within its interval (SIM-MIRROR-1), the match-log facts
(ER-LOG-1: card and character events, each side's total Life and score per turn) and a replay of a
simulated game (CORE-REPLAY-1)."""

from __future__ import annotations

import json

from fwlab.catalog import load_catalog
from fwlab.cli import main
from fwlab.decks.starters import starter_decks
from fwlab.paths import decks_dir
from fwlab.rules.core import GameRecord
from fwlab.rules.engines import engine_for
from fwlab.sim import play_game, simulate
from fwlab.stats import wilson

ER = {d.name: d for d in starter_decks("eredan")}
A, B = ER["Ashen Pact Raiders"], ER["Ember Court Vanguard"]
CAT = load_catalog("eredan")


def test_ER_LOG_1_eredan_is_played_through_the_registry_with_its_end_reasons_and_tracks():
    eng = engine_for("eredan")
    assert eng.name == "eredan" and eng.rulesets == ("eredan",)
    assert set(eng.end_reasons) == {"dead", "deck-out", "turn-cap"} and (eng.track, eng.track2) == ("life", "score")


def test_ER_LOG_1_cli_simulate_eredan_decks_gives_the_two_seat_json(capsys):
    a, b = (str(decks_dir() / "eredan" / f) for f in ("ashen_pact.txt", "ember_court.txt"))
    assert main(["simulate", a, b, "-n", "100", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 100 and out["ruleset"] == "eredan"
    assert out["wins_a"] + out["wins_b"] + out["draws"] == 100
    assert set(out["end_reasons"]) <= {"dead", "deck-out", "turn-cap"}


def test_SIM_SEED_1_eredan_results_are_identical_for_one_and_two_workers():
    one = simulate(A, B, n=80, seed=5, ruleset="eredan", workers=1, batch_size=20)
    two = simulate(A, B, n=80, seed=5, ruleset="eredan", workers=2, batch_size=20)
    assert one.to_dict() == two.to_dict()
    assert one.to_dict() != simulate(A, B, n=80, seed=6, ruleset="eredan", workers=1, batch_size=20).to_dict()


def test_SIM_MIRROR_1_an_eredan_mirror_match_is_even_within_its_interval():
    res = simulate(A, A, n=400, seed=2024, ruleset="eredan", workers=1)
    lo, hi = wilson(res.wins_a + 0.5 * res.draws, res.games, z=2.5758)
    assert lo <= 0.5 <= hi


def test_ER_LOG_1_card_and_character_events_and_life_and_score_per_turn():
    r = play_game(A, B, ruleset="eredan", seed=5, log_cards=True)
    chars_a = {n for n in A.counts() if CAT.cards[n].type == "character"}
    rows_a = [e for e in r.card_events if e["seat"] == "a"]
    assert {e["card"] for e in rows_a} == set(A.counts())            # one row per distinct card and character
    picks = {e["card"]: e["picked"] for e in rows_a if e["card"] in chars_a}
    assert sum(picks.values()) == r.turns                             # one fighter a side every turn
    for e in r.card_events:
        if e["card"] in chars_a or CAT.cards[e["card"]].type == "character":
            assert e["picked"] is not None and e["drawn_turn"] is None
            assert (e["picked"] > 0) == (e["deployed_turn"] is not None)
        else:
            assert e["picked"] is None
            if e["deployed_turn"] is not None:
                assert e["drawn_turn"] is not None and e["drawn_turn"] <= e["deployed_turn"]
        assert e["scored"] >= e["damage_dealt"] >= 0
    # each side's score is the sum of what its cards and characters scored
    for seat, label in enumerate("ab"):
        assert sum(e["scored"] for e in r.card_events if e["seat"] == label) == r.scores[seat]
    assert [t for t, _, _ in r.capital] == list(range(1, len(r.capital) + 1)) and len(r.capital) == r.turns
    life_a = sum(CAT.cards[n].fields["life"] for n in chars_a)
    assert all(0 <= row[1] <= life_a for row in r.capital)
    # the second track: each side's score after every turn, never falling, ending at the final scores
    assert [t for t, _, _ in r.track2] == [t for t, _, _ in r.capital]
    for seat in (1, 2):
        series = [row[seat] for row in r.track2]
        assert series == sorted(series)
    assert r.track2[-1][1:] == r.scores


def test_CORE_REPLAY_1_an_eredan_game_replays_from_its_record():
    r = play_game(A, B, ruleset="eredan", bot_a="heuristic", bot_b="random", seed=3, record=True)
    rec = GameRecord.from_dict(json.loads(json.dumps(r.record.to_dict())))
    g = engine_for("eredan").replay(rec, CAT)
    assert g.outcome == r.outcome
