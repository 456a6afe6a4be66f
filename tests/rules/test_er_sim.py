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


def _fresh_bots_game(a, b, seed: int, first: int):
    """One game as play_match plays it, but with bots made for it alone (no reuse)."""
    from fwlab.sim.play import bot_seed, start_match

    eng = engine_for("eredan")
    g = start_match("eredan", [a, b], seed, first, log_cards=False, record=True)
    eng.play_out(g, [eng.make_bot("heuristic", bot_seed(seed, s)) for s in range(2)])
    return [(p, str(x)) for p, x in g.record.actions]


def test_SIM_SEED_1_a_reused_heuristic_bot_decides_as_a_fresh_one_game_after_game():
    # The engine reuses its heuristic bots per thread and seat (Engine.reusable_bots): across
    # games of different decks and seats every action must equal that of bots made for the game.
    decks = starter_decks("eredan")
    eng = engine_for("eredan")
    assert "heuristic" in eng.reusable_bots
    first = eng.game_bots(["heuristic", "heuristic"], [1, 2])
    assert eng.game_bots(["heuristic", "heuristic"], [3, 4]) == first and first[0] is not first[1]
    for i in range(24):
        a, b = decks[i % len(decks)], decks[(i * 3 + 1) % len(decks)]
        r = play_game(a, b, "eredan", seed=100 + i, first="ab"[i % 2], log_cards=False, record=True)
        assert [(p, str(x)) for p, x in r.record.actions] == _fresh_bots_game(a, b, 100 + i, i % 2), i


def test_SIM_SEED_1_threads_playing_at_once_get_their_own_bots_and_the_same_games():
    import threading

    decks = starter_decks("eredan")
    jobs = [[(decks[(t + i) % len(decks)], decks[(t + 2 * i + 1) % len(decks)], 300 + 10 * t + i) for i in range(5)]
            for t in range(4)]

    def actions(a, b, seed):
        r = play_game(a, b, "eredan", seed=seed, log_cards=False, record=True)
        return [(p, str(x)) for p, x in r.record.actions]

    alone = [[actions(*j) for j in js] for js in jobs]
    got: dict[int, list] = {}
    bots: dict[int, list] = {}
    start = threading.Barrier(len(jobs))

    def run(t: int) -> None:
        start.wait()  # every thread plays at the same time
        got[t] = [actions(*j) for j in jobs[t]]
        bots[t] = engine_for("eredan").game_bots(["heuristic"] * 2, [0, 0])  # kept alive: ids stay apart

    threads = [threading.Thread(target=run, args=(t,)) for t in range(len(jobs))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert [got[t] for t in range(len(jobs))] == alone
    assert len({id(b) for bs in bots.values() for b in bs}) == 2 * len(jobs)  # each thread had its own bots
