"""A health report depends on its inputs only (HEALTH-SEED-1): each game's seed comes from the run
seed, its pairing and its index, so chunk sizes, worker processes and a Dask cluster give the same
report, and a pairing plays the same games alone or within a field; decks change seats and the
first seat alternates within a pairing (HEALTH-SEATS-1)."""

from __future__ import annotations

import json

import pytest

from fwlab.cli import main
from fwlab.health.run import simulate_health, starter_field
from fwlab.sim.health import field_pairings, game_seed, pairing_key, play_chunk, play_field


def _plain(report) -> dict:  # type: ignore[no-untyped-def]
    d = report.to_dict()
    d.pop("seconds")
    return d


def test_HEALTH_SEED_1_chunks_and_workers_give_the_same_report():
    decks = starter_field("fw", ["ashfang-raid", "grave-tide"])
    pairings = field_pairings("fw", decks)
    tables = [play_field("fw", pairings, 9, seed=4, chunk=c) for c in (1, 4, 200)]
    tables.append(play_field("fw", pairings, 9, seed=4, workers=2, chunk=2))
    first = tables[0]
    for t in tables[1:]:
        for name in ("seats", "pairing", "first", "places", "turns", "reason", "weight"):
            assert (getattr(t, name) == getattr(first, name)).all(), name
        assert t.figures == first.figures          # the engine's figures, summed in game order
    one = _plain(simulate_health("fw", n=9, seed=4, decks=["ashfang-raid", "grave-tide"]))
    two = _plain(simulate_health("fw", n=9, seed=4, decks=["ashfang-raid", "grave-tide"], workers=2))
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    other = _plain(simulate_health("fw", n=9, seed=5, decks=["ashfang-raid", "grave-tide"]))
    assert other["groups"] != one["groups"]          # the seed matters


def test_HEALTH_SEED_1_a_pairing_plays_the_same_games_alone_or_in_a_field():
    alone = simulate_health("bg", n=6, seed=1, decks=["gate-assault", "iron-wall"])
    field = simulate_health("bg", n=6, seed=1)
    label = "pairing." + alone.params["pairings"][1]          # Gate Assault vs Iron Wall
    assert alone.groups[0].figure(label).value == field.groups[0].figure(label).value
    assert field.groups[0].figure(label).n == 6


def test_HEALTH_SEED_1_game_seeds_come_from_seed_pairing_and_index():
    seeds = {game_seed(s, pairing_key(p), g) for s in (0, 1) for p in ("fw|A vs B", "fw|A vs A") for g in range(50)}
    assert len(seeds) == 200 and all(0 <= x < 2**63 for x in seeds)
    assert game_seed(3, 9, 7) == game_seed(3, 9, 7)


def test_HEALTH_SEATS_1_decks_change_seats_and_the_first_seat_alternates():
    """Game g: seat g mod 2 first, deck order swapped every 2 games; with two different decks each
    deck holds each seat, first and second, equally often (seen in the games' places: a replay of
    the same setup gives the same result)."""
    decks = starter_field("fw", ["ashfang-raid", "grave-tide"])
    a, b = (tuple(e.name for e in d.entries for _ in range(e.count)) for d in decks)
    out = play_chunk(("fw", (a, b), ["heuristic", "heuristic"], 7, 123, 0, 8, {}))
    assert out["first"] == [0, 1, 0, 1, 0, 1, 0, 1]
    from fwlab.sim.play import play_match

    for g in range(8):
        shift = (g // 2) % 2
        setups = [(a, b)[(s + shift) % 2] for s in range(2)]
        seed = game_seed(7, 123, g)
        r = play_match("fw", setups, ["heuristic", "heuristic"], seed=seed, first=g % 2)
        assert tuple(r.places) == out["places"][g] and r.turns == out["turns"][g]


@pytest.mark.slow
def test_HEALTH_SEED_1_the_cluster_gives_the_same_report(cluster, capsys):  # type: ignore[no-untyped-def]
    pytest.importorskip("distributed")
    argv = ["health", "--ruleset", "fw", "--decks", "ashfang-raid", "grave-tide", "-n", "30", "--seed", "3", "--json"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--cluster", cluster]) == 0
    remote = json.loads(capsys.readouterr().out)
    for d in (local, remote):
        d.pop("seconds")
    assert remote == local
