"""Free Realms through the registry: ``fwlab simulate`` on fr decks, the same results for 1 and 2
workers (SIM-SEED-1), a mirror match even within its interval (SIM-MIRROR-1), the match-log facts
(FR-LOG-1) and a replay of a simulated game (CORE-REPLAY-1)."""

from __future__ import annotations

import json

from fwlab.cli import main
from fwlab.decks.starters import starter_decks
from fwlab.paths import decks_dir
from fwlab.rules.core import GameRecord
from fwlab.rules.engines import bots_for, engine_for
from fwlab.sim import play_game, simulate
from fwlab.stats import wilson

FR = {d.name: d for d in starter_decks("fr")}
A, B = FR["Blazing Gears"], FR["Wild Oath"]


def test_FR_LOG_1_fr_is_played_through_the_registry_with_its_bots_and_end_reasons():
    eng = engine_for("fr")
    assert eng.name == "freerealms" and eng.rulesets == ("fr",)
    assert bots_for("fr") == ("random", "heuristic", "lookahead", "ismcts")
    assert set(eng.end_reasons) == {"score", "turn-cap"} and eng.track == "scored"


def test_FR_LOG_1_cli_simulate_fr_decks_gives_the_fw_json(capsys):
    a, b = (str(decks_dir() / "fr" / f) for f in ("blazing_gears.txt", "wild_oath.txt"))
    assert main(["simulate", a, b, "-n", "200", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 200 and out["ruleset"] == "fr"
    assert out["wins_a"] + out["wins_b"] + out["draws"] == 200
    assert set(out["end_reasons"]) <= {"score", "turn-cap"}
    assert {"win_rate_a", "ci95_a", "mean_turns", "first_player_win_rate"} <= set(out)


def test_SIM_SEED_1_fr_results_are_identical_for_one_and_two_workers():
    one = simulate(A, B, n=80, seed=5, ruleset="fr", workers=1, batch_size=20)
    two = simulate(A, B, n=80, seed=5, ruleset="fr", workers=2, batch_size=20)
    assert one.to_dict() == two.to_dict()
    rnd = simulate(A, B, n=40, seed=5, ruleset="fr", bots=("random", "heuristic"), workers=2, batch_size=10)
    assert rnd.to_dict() == simulate(A, B, n=40, seed=5, ruleset="fr", bots=("random", "heuristic"),
                                     workers=1, batch_size=10).to_dict()


def test_SIM_MIRROR_1_an_fr_mirror_match_is_even_within_its_interval():
    res = simulate(A, A, n=400, seed=2024, ruleset="fr", workers=1)
    lo, hi = wilson(res.wins_a + 0.5 * res.draws, res.games, z=2.5758)
    assert lo <= 0.5 <= hi


def test_FR_LOG_1_card_events_and_scored_cards_per_turn_for_the_match_logs():
    r = play_game(A, B, ruleset="fr", seed=5, log_cards=True)
    names_a = set(A.counts())
    rows_a = [e for e in r.card_events if e["seat"] == "a"]
    assert {e["card"] for e in rows_a} == names_a
    assert sum(e["in_opening_hand"] for e in r.card_events) >= 6   # one row per distinct card
    for e in r.card_events:
        assert {"drawn_turn", "deployed_turn", "killed_turn", "damage_dealt", "scored", "flipped",
                "powerup_fired"} <= set(e)
        if e["deployed_turn"] is not None:
            assert e["drawn_turn"] is not None and e["drawn_turn"] <= e["deployed_turn"]
        if e["in_opening_hand"]:
            assert e["drawn_turn"] == 0
    assert [t for t, _, _ in r.capital] == list(range(1, len(r.capital) + 1)) and len(r.capital) == r.turns
    for seat in (1, 2):   # score piles only grow
        series = [row[seat] for row in r.capital]
        assert series == sorted(series)
    assert r.scores is not None and max(r.scores) == 12 and r.capital[-1][1:] == r.scores


def test_CORE_REPLAY_1_an_fr_game_replays_from_its_record():
    r = play_game(A, B, ruleset="fr", bot_a="heuristic", bot_b="random", seed=3, record=True)
    rec = GameRecord.from_dict(json.loads(json.dumps(r.record.to_dict())))
    from fwlab.catalog import load_catalog

    g = engine_for("fr").replay(rec, load_catalog("fr"))
    assert g.outcome == r.outcome
