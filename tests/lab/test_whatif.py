"""What-if over a field: common random numbers, paired intervals, reproducible for any number of workers."""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from fwlab.decks.starters import starter_decks
from fwlab.lab import Cancelled, sweep, whatif
from fwlab.lab.whatif import pair_seed, pairings
from fwlab.sim.runner import simulate_match

FIELD = ["fw/ashfang-raid", "fw/iron-bastion", "fw/grave-tide"]
#: Ashfang Raid's raiders and skirmishers made harmless
NERF = {"Ashfang Raider": {"att": 0, "dmg": 0}, "Imp Skirmisher": {"att": 0, "dmg": 0},
        "Abyssal Wisp": {"att": 0, "dmg": 0}, "Carrion Vulture": {"att": 0, "dmg": 0}}


def test_an_empty_change_set_gives_deltas_of_exactly_zero():
    res = whatif("fw", {}, FIELD, n=40, seed=3)
    assert res.games == 2 * 40 * 6
    for row in res.decks:
        assert row.delta == 0.0 and row.delta_ci95 == [0.0, 0.0] and row.before == row.after
    assert res.matrix_before == res.matrix_after
    assert all(x == 0.0 for r in res.matrix_delta for x in r)
    # and no cell is -0.0, which the text and the pages print as "-0.00"
    assert not any(math.copysign(1.0, x) < 0 for r in res.matrix_delta for x in r)
    assert res.equilibrium_before == res.equilibrium_after


def test_a_strong_nerf_of_a_decks_key_cards_lowers_its_field_win_rate_with_an_interval_excluding_zero():
    res = whatif("fw", NERF, FIELD, n=60, seed=5)
    ash = next(r for r in res.decks if r.deck == "fw/ashfang-raid")
    assert ash.delta < 0 and ash.delta_ci95[1] < 0, ash
    assert ash.after == pytest.approx(ash.before + ash.delta)
    # the others gain what Ashfang Raid lost against them (mirrors count 0.5 either way)
    assert sum(r.delta for r in res.decks) == pytest.approx(0.0, abs=1e-12)
    assert res.matrix_before[0][0] == res.matrix_after[0][0] == 0.5
    assert set(res.equilibrium_after) == set(FIELD) and sum(res.equilibrium_after.values()) == pytest.approx(1.0)


def test_the_json_has_the_documented_keys_and_reads_back():
    res = whatif("fw", {"Firebolt": {"res": 2}}, FIELD, n=10, seed=1, meta={"ashfang-raid": 2, "fw/grave-tide": 1})
    d = res.to_dict()
    assert {"decks", "matrix_before", "matrix_after", "equilibrium_before", "equilibrium_after", "games"} <= set(d)
    assert {"deck", "before", "after", "delta", "delta_ci95"} <= set(d["decks"][0])
    assert [r["deck"] for r in d["decks"]] == FIELD
    assert d["meta"] == pytest.approx({"fw/ashfang-raid": 2 / 3, "fw/iron-bastion": 0.0, "fw/grave-tide": 1 / 3})
    assert type(res).from_dict(d).to_dict() == d


def test_a_pairings_games_before_the_change_are_the_simulators_games():
    res = whatif("fw", {"Firebolt": {"res": 2}}, FIELD[:2], n=30, seed=9, batch_size=16)
    decks = {d.name: d for d in starter_decks("fw")}
    sim = simulate_match([decks["Ashfang Raid"], decks["Iron Bastion"]], "fw", n=30,
                         seed=pair_seed(9, FIELD[0], FIELD[1]), batch_size=16)
    assert res.matrix_before[0][1] == pytest.approx(sim.win_rate(0))
    assert len(pairings(7)) == 28


def test_overrides_give_identical_results_with_one_and_two_workers():
    one = whatif("fw", NERF, FIELD, n=20, seed=2, batch_size=8, workers=1).to_dict()
    two = whatif("fw", NERF, FIELD, n=20, seed=2, batch_size=8, workers=2).to_dict()
    one.pop("seconds"), two.pop("seconds")
    assert one == two
    # any executor (the app's long-lived pool, a cluster's) plays the same games
    with ProcessPoolExecutor(max_workers=2) as pool:
        on_pool = whatif("fw", NERF, FIELD, n=20, seed=2, batch_size=8, executor=pool).to_dict()
    on_pool.pop("seconds")
    assert on_pool == one
    decks = starter_decks("fw")[:2]
    a = simulate_match(decks, "fw", n=40, seed=4, batch_size=10, workers=1, overrides=NERF).to_dict()
    b = simulate_match(decks, "fw", n=40, seed=4, batch_size=10, workers=2, overrides=NERF).to_dict()
    assert a == b


def test_simulate_match_without_overrides_is_unchanged_and_with_them_plays_the_changed_cards():
    decks = [d for d in starter_decks("fw") if d.name in ("Ashfang Raid", "Iron Bastion")]
    plain = simulate_match(decks, "fw", n=40, seed=4).to_dict()
    assert simulate_match(decks, "fw", n=40, seed=4, overrides=None).to_dict() == plain
    assert simulate_match(decks, "fw", n=40, seed=4, overrides={}).to_dict() == plain
    assert simulate_match(decks, "fw", n=40, seed=4, overrides=NERF).to_dict() != plain


def test_a_sweep_reports_each_value_and_the_value_nearest_half():
    res = sweep("fw", "Ashfang Raider.attack=2..4", FIELD, n=10, seed=1)
    assert res.values == [2, 3, 4] and [p.value for p in res.points] == [2, 3, 4]
    rates = res.win_rates()
    assert set(rates) == set(FIELD) and all(len(v) == 3 for v in rates.values())
    for deck, v in res.nearest_50.items():
        assert abs(rates[deck][res.values.index(v)] - 0.5) == min(abs(x - 0.5) for x in rates[deck])
    # att 3 is the card as printed: the same games as the base
    at3 = res.points[1]
    assert all(r.delta == 0.0 for r in at3.decks)
    assert type(res).from_dict(res.to_dict()).to_dict() == res.to_dict()


def test_progress_counts_games_and_should_stop_cancels_between_batches():
    seen: list[tuple[int, int]] = []
    whatif("fw", {}, FIELD[:2], n=8, seed=1, batch_size=4, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (2 * 8 * 3, 2 * 8 * 3) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    with pytest.raises(Cancelled):
        whatif("fw", {}, FIELD, n=8, seed=1, batch_size=4, should_stop=stop)


def test_a_field_needs_two_distinct_legal_decks_of_a_two_seat_game():
    with pytest.raises(ValueError, match="twice"):
        whatif("fw", {}, ["fw/ashfang-raid", "ashfang-raid"], n=2)
    with pytest.raises(ValueError, match="2-seat"):
        whatif("conquest", {}, None, n=2)
    assert np.isfinite(pair_seed(1, "a", "b"))


def test_common_random_numbers_make_the_paired_interval_narrower_than_two_independent_samples():
    # a change to one card of one deck: most games end as before, and their paired differences are 0
    res = whatif("fw", {"Ashfang Raider": {"att": 2}}, FIELD, n=60, seed=7)
    for r in res.decks:
        paired = (r.delta_ci95[1] - r.delta_ci95[0]) / 2
        independent = np.hypot(r.before_ci95[1] - r.before_ci95[0], r.after_ci95[1] - r.after_ci95[0]) / 2
        assert paired < 0.6 * independent, (r.deck, paired, independent)


@pytest.mark.parametrize("bots", [None, ["ismcts:iters=12", "ismcts:iters=12"]])
def test_a_pairing_without_a_changed_card_is_played_once_with_exactly_the_results_of_playing_it_twice(
        monkeypatch, bots):
    """Only Ashfang Raid holds NERF's cards: Iron Bastion v Grave Tide (and the two mirrors without
    Ashfang Raid) play the same games before and after, so the lab plays them once
    (fwlab.lab.batch.same_games); every figure equals the run that plays every variant."""
    from fwlab.lab import batch

    n = 6 if bots else 20
    reused = whatif("fw", NERF, FIELD, n=n, seed=11, bots=bots, batch_size=8).to_dict()
    monkeypatch.setattr(batch, "REUSE_GAMES", False)
    played = whatif("fw", NERF, FIELD, n=n, seed=11, bots=bots, batch_size=8).to_dict()
    reused.pop("seconds"), played.pop("seconds")
    assert reused == played
    ash = next(r for r in reused["decks"] if r["deck"] == "fw/ashfang-raid")
    assert ash["delta"] != 0.0   # the changed deck's games did change: both variants were played there


def test_same_games_names_the_variants_whose_decks_see_no_change():
    from fwlab.lab.batch import same_games

    a, b = ("Ashfang Raider", "Firebolt"), ("Firebolt", "Nominod")
    other = ("Nominod",)
    cases = [
        (a, b, None), (a, b, {"Ashfang Raider": {"att": 0}}),          # a card of deck A changed
        (other, b, None), (other, b, {"Ashfang Raider": {"att": 0}}),  # no card of these decks changed
        (other, b, None, {"capital": 30}),                             # a rule changed: every game may differ
        (None, None, {"Ashfang Raider": {"att": 0}}), (None, None, None),  # no decks: the whole catalog counts
    ]
    assert same_games(cases) == [0, 1, 2, 2, 4, 5, 6]
