"""Reproducible by construction (issue 29 item 1, SIM-SEED-1): a game's seed comes from (run seed, game
index) alone, so a simulation's result depends on its inputs and never on the batch size, the number
of workers, a process pool or the Dask cluster; the what-if lab likewise."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("distributed")

from fwlab.cluster import executor_for  # noqa: E402
from fwlab.decks.starters import starter_decks  # noqa: E402
from fwlab.sim.runner import game_seed, simulate_match  # noqa: E402


def _run(ruleset: str, setups, n: int, **kw) -> str:
    res = simulate_match(setups, ruleset, n=n, seed=7, log_cards=True, **kw)
    out = res.to_dict() if len(setups) == 2 else res.to_seats_dict()
    return json.dumps(out, sort_keys=True)


@pytest.mark.parametrize("ruleset", ["fw", "fr", "conquest"])
def test_SIM_SEED_1_the_same_inputs_give_byte_identical_json_at_any_batch_size_worker_count_and_on_the_cluster(
        ruleset, cluster):
    setups = [None] * 4 if ruleset == "conquest" else starter_decks(ruleset)[:2]
    n = 60
    base = _run(ruleset, setups, n, batch_size=250)
    for size in (1, 7, 100):
        assert _run(ruleset, setups, n, batch_size=size) == base, f"batch size {size}"
    assert _run(ruleset, setups, n, batch_size=7, workers=2) == base, "2 workers"
    ex = executor_for(cluster, None, quiet=True)
    try:
        assert _run(ruleset, setups, n, batch_size=13, executor=ex) == base, "the Dask cluster"
    finally:
        ex.shutdown()


def test_SIM_SEED_1_a_longer_run_starts_with_the_games_of_a_shorter_one():
    decks = starter_decks("fw")[:2]
    short = simulate_match(decks, "fw", n=20, seed=3, batch_size=6)
    from fwlab.sim.play import _names
    from fwlab.sim.runner import run_batch

    first20 = run_batch(([_names(d) for d in decks], "fw", ["heuristic", "heuristic"], 3, 0, 20, False))
    assert (first20.wins, first20.turns) == (short.wins, short.turns)
    assert game_seed(3, 0) != game_seed(3, 1) != game_seed(4, 0)


def test_SIM_SEED_1_the_what_if_lab_does_not_depend_on_its_batch_size():
    from fwlab.lab.whatif import whatif

    def run(size: int) -> str:
        d = whatif("fr", changes=None, n=24, seed=5, batch_size=size, rules={"first_player_may_go_turn_1": False})
        out = d.to_dict()
        for k in ("seconds", "batch_size"):  # how it ran, not what it found
            out.pop(k, None)
        return json.dumps(out, sort_keys=True, default=str)

    assert run(5) == run(24)


def test_SIM_SEED_1_a_skill_check_on_the_cluster_is_the_one_on_local_workers(cluster):
    """Issue 28's skill check (a what-if at each level, the search level with fewer games) gives the
    same figures on the Dask cluster as on 2 local workers: the search bot's games, like the
    heuristic's, come from (seed, game index) alone."""
    from fwlab.lab.skill import skill_whatif

    decks = ["fw/ashfang-raid", "fw/iron-bastion", "fw/grave-tide"]
    changes = {"Ashfang Raider": {"att": 1}}

    def run(**kw) -> str:
        d = skill_whatif("fw", changes, ["heuristic", "ismcts:iters=8"], n=12, seed=4, costly_games=2,
                         decks=decks, batch_size=5, **kw).to_dict()
        d.pop("seconds")
        for r in d["runs"]:
            for k in ("seconds", "batch_size"):
                r.pop(k, None)
        return json.dumps(d, sort_keys=True, default=str)

    local = run(workers=2)
    ex = executor_for(cluster, None, quiet=True)
    sent = []
    submit = ex.submit
    ex.submit = lambda fn, *a, **k: (sent.append(fn), submit(fn, *a, **k))[1]   # type: ignore[method-assign]
    try:
        assert run(executor=ex) == local
    finally:
        ex.shutdown()
    assert sent, "the skill check ran nothing on the cluster"
    assert '"ismcts:iters=8"' in local
