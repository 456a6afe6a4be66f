"""The bot ladder (``fwlab bots ladder``; fwlab/sim/ladder.py plays it, fwlab/ratings/ladder.py rates
it): a fair round robin over the starter field, the same games for any worker count and on a Dask
cluster, rated with OpenSkill and logistic Elo with intervals, its JSON shape."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from fwlab.cli import main
from fwlab.ratings.ladder import bradley_terry, pairwise_scores, run_ladder
from fwlab.sim.ladder import deck_pairings, schedule


def test_a_two_seat_round_robin_swaps_seats_decks_and_the_first_player():
    games = schedule(3, 4, 40, seed=2)
    pairings = deck_pairings(4)
    assert len(games) == 3 * 40 and Counter(g.pair for g in games) == {(0, 1): 40, (0, 2): 40, (1, 2): 40}
    for pair in ((0, 1), (0, 2), (1, 2)):
        mine = [g for g in games if g.pair == pair]
        a, b = pair
        # each bot plays each seat, goes first, and takes each side of a deck pairing equally often
        assert Counter(g.bots.index(a) for g in mine) == {0: 20, 1: 20}
        assert Counter(g.bots[g.first] for g in mine) == {a: 20, b: 20}
        per_pairing = Counter((g.decks, g.bots.index(a)) for g in mine)
        assert all(per_pairing[(d, 0)] == per_pairing[(d, 1)] for d in pairings)
        assert {g.decks for g in mine} == set(pairings)   # 40 games: every pairing of the 10
    # the same deals for every pair of bots (common random numbers)
    assert [g.seed for g in games if g.pair == (0, 1)] == [g.seed for g in games if g.pair == (1, 2)]


def test_an_n_seat_ladder_puts_every_bot_in_every_seat_equally_often():
    games = schedule(3, 0, 8, seed=1, seats=4)   # 8 rounds up to 8 (two blocks of 4)
    assert len(games) == 6 * 8
    for g in games:
        assert Counter(g.bots)[g.pair[0]] == 1 and Counter(g.bots)[g.pair[1]] == 3 and g.decks == (None,) * 4
    for a in range(3):
        assert Counter(g.bots.index(a) for g in games if g.pair[0] == a) == {0: 4, 1: 4, 2: 4, 3: 4}
    for b in range(3):   # and the others' seats as often
        seats = Counter(s for g in games if g.pair[1] == b for s, x in enumerate(g.bots) if x == b)
        assert len(set(seats.values())) == 1


def test_bradley_terry_elo_follows_the_results():
    even = bradley_terry(np.array([[0.0, 50.0], [50.0, 0.0]]))
    assert even.tolist() == [1000.0, 1000.0]
    r = bradley_terry(np.array([[0.0, 90.0, 60.0], [10.0, 0.0, 30.0], [40.0, 70.0, 0.0]]))
    assert r[0] > r[2] > r[1] and abs(r.mean() - 1000.0) < 1e-9
    clean_sweep = bradley_terry(np.array([[0.0, 10.0], [0.0, 0.0]]))   # the virtual draw keeps it finite
    assert np.isfinite(clean_sweep).all() and clean_sweep[0] - clean_sweep[1] > 300
    # a game of four seats is its six pairwise results
    s = pairwise_scores([[2, 1, 4, 2]], [[0, 1, 1, 1]], 2)
    assert s.sum(axis=0).tolist() == [[0.0, 1.5], [1.5, 0.0]]


def test_ladder_json_shape_and_ratings(capsys):
    args = ["bots", "ladder", "--ruleset", "fr", "--bots", "random,heuristic,ismcts:iters=3,horizon=1",
            "-n", "4", "--seed", "3", "--json"]
    assert main(args) == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d) == {"ruleset", "seed", "seats", "bots", "games", "games_per_pair", "decks", "format",
                      "fair_score", "ratings", "matrix", "seconds", "options"}
    assert d["bots"] == ["random", "heuristic", "ismcts:iters=3,horizon=1"] and d["games"] == 12
    assert d["games_per_pair"] == 4 and d["seats"] == 2 and d["fair_score"] == 0.5 and len(d["decks"]) >= 2
    elos = [r["elo"]["rating"] for r in d["ratings"]]
    assert elos == sorted(elos, reverse=True) and {r["bot"] for r in d["ratings"]} == set(d["bots"])
    for r in d["ratings"]:
        lo, hi = r["elo"]["ci95"]
        assert lo <= r["elo"]["rating"] <= hi
        s = r["openskill"]
        assert s["ci95"][0] < s["mu"] < s["ci95"][1] and s["ordinal"] == pytest.approx(s["mu"] - 3 * s["sigma"])
        c = r["cost"]
        assert c["seat_games"] == 8 and c["decisions_per_game"] > 0 and c["ms_per_decision"] >= 0
    by = {r["bot"]: r for r in d["ratings"]}
    assert by["ismcts:iters=3,horizon=1"]["cost"]["iterations_per_game"] > 0
    assert by["heuristic"]["cost"]["iterations_per_game"] == 0
    m = d["matrix"]
    for a in d["bots"]:
        for b in d["bots"]:
            if a != b:
                assert m[a][b]["games"] == 4 and m[a][b]["score"] + m[b][a]["score"] == pytest.approx(1.0)
                assert m[a][b]["ci95"][0] <= m[a][b]["score"] <= m[a][b]["ci95"][1]
    assert "random" not in m["random"]
    assert main(args[:-1]) == 0   # the table
    out = capsys.readouterr().out
    assert "fr bot ladder, seed 3: 12 games (4 per pairing" in out and "head to head" in out


def _same(a, b) -> None:  # type: ignore[no-untyped-def]
    da, db = a.to_dict(), b.to_dict()
    for d in (da, db):
        d.pop("seconds")
        d.pop("workers", None)
        for r in d["ratings"]:
            r.pop("cost")
    assert da == db and a.places == b.places


def test_the_ladder_is_the_same_with_one_or_two_workers():
    bots = ["heuristic", "ismcts:iters=2,horizon=1"]
    one = run_ladder("eredan", bots, 8, seed=5, workers=1, batch_size=3)
    two = run_ladder("eredan", bots, 8, seed=5, workers=2, batch_size=3)
    _same(one, two)
    assert len(one.places) == 8


def test_a_conquest_ladder_rates_one_bot_against_the_others_in_every_seat():
    lad = run_ladder("conquest", ["random", "heuristic"], 3, seed=1, seats=3)
    d = lad.to_dict()
    assert d["seats"] == 3 and d["games"] == 6 and d["fair_score"] == pytest.approx(1 / 3)
    assert d["format"] == "one bot against 2 of another, in every seat" and d["decks"] == []
    assert d["matrix"]["heuristic"]["random"]["games"] == 3 and d["ratings"][0]["bot"] == "heuristic"


def test_the_ladder_on_a_dask_cluster_plays_the_same_games(cluster):  # type: ignore[no-untyped-def]
    from fwlab.cluster import ClusterExecutor

    bots = ["random", "ismcts:iters=2,horizon=1"]
    local = run_ladder("fr", bots, 4, seed=8, workers=1)
    ex = ClusterExecutor(cluster, "freerealms")
    try:
        remote = run_ladder("fr", bots, 4, seed=8, executor=ex, batch_size=1)
    finally:
        ex.shutdown()
    _same(local, remote)
