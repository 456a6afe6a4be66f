"""Simulations that stop when they know enough (SIM-UNTIL-1): batches in a fixed order until the
headline figure's 95% interval is at most ±H, or the cap; the games played are exactly those of
``-n <games it took>``, whatever the number of workers; Karsten's rule of thumb sets the default cap."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import dice_race  # noqa: F401  (registers the toy 3-4 seat ruleset "race")
import pytest

from fwlab.cli import main
from fwlab.decks.starters import starter_decks
from fwlab.sim.runner import headline_half_width, karsten_games, simulate_match, simulate_until
from fwlab.stats import wilson


def _same_seats(got: dict, ref: dict) -> None:
    """Two N-seat results agree: counts exactly, shares (sums of 1/k) to rounding."""
    assert got["games"] == ref["games"] and got["draws"] == ref["draws"]
    for g, r in zip(got["seats"] + got["seat_order"], ref["seats"] + ref["seat_order"], strict=True):
        assert {k: v for k, v in g.items() if k not in ("win_rate", "ci95", "mean_place")} == \
            {k: v for k, v in r.items() if k not in ("win_rate", "ci95", "mean_place")}
        assert g["win_rate"] == pytest.approx(r["win_rate"]) and g["ci95"] == pytest.approx(r["ci95"])


def test_SIM_UNTIL_1_karsten_rule_of_thumb_four_over_width_squared():
    # "a 95% interval no wider than L needs about 4/L^2 games": ±0.01 is L = 0.02, 10,000 games
    assert karsten_games(0.01) == 10_000 and karsten_games(0.05) == 400 and karsten_games(0.1) == 100
    # and it is enough: a 50% win rate over that many games has a Wilson interval within ±H
    for h in (0.01, 0.03, 0.05, 0.1):
        n = karsten_games(h)
        lo, hi = wilson(n / 2, n)
        assert (hi - lo) / 2 <= h
    with pytest.raises(ValueError, match="half width"):
        karsten_games(0.0)


def test_SIM_UNTIL_1_stops_with_the_interval_it_promised_and_equals_n_games_of_the_same_seed():
    """Two seats (fw): it stops as soon as seat A's interval is within ±H, checked after each batch in
    order (one batch earlier was still too wide), and its result is -n <games> of the same seed."""
    a, b = starter_decks("fw")[:2]
    h, batch, bots = 0.05, 20, ("heuristic", "random")   # a lopsided matchup: known well before the cap
    u = simulate_until([a, b], "fw", h, seed=5, bots=bots, batch_size=batch, log_cards=True)
    assert u.reached and u.half_width <= h and u.games % batch == 0
    lo, hi = u.result.ci95_a
    assert (hi - lo) / 2 == pytest.approx(u.half_width) and (hi - lo) / 2 <= h
    assert 100 <= u.games < karsten_games(h) == u.max_games == 400
    shorter = simulate_match([a, b], "fw", n=u.games - batch, seed=5, bots=bots)
    assert u.games == 100 or headline_half_width(shorter) > h       # it did not stop late
    same = simulate_match([a, b], "fw", n=u.games, seed=5, bots=bots, log_cards=True)
    assert same.to_dict() == u.result.to_dict()   # every figure, the card statistics too
    s = u.summary()
    assert s["games"] == u.games and s["until_ci"] == h and s["reached"] and s["karsten_games"] == 400


def test_SIM_UNTIL_1_n_seats_stop_on_the_widest_seat_and_do_not_depend_on_the_workers():
    """With more seats every seat's win rate must be within ±H; a process pool (which plays batches
    ahead and throws the extra ones away) and any executor stop at the same game as one process."""
    h = 0.08
    one = simulate_until([None] * 3, "race", h, seed=2, batch_size=25)
    assert one.reached and one.games >= 100     # never before the minimum of games
    widths = [(hi - lo) / 2 for lo, hi in (one.result.ci95(s) for s in range(3))]
    assert max(widths) == pytest.approx(one.half_width) and one.half_width <= h
    pool = simulate_until([None] * 3, "race", h, seed=2, batch_size=25, workers=2)
    with ThreadPoolExecutor(3) as ex:
        threads = simulate_until([None] * 3, "race", h, seed=2, batch_size=25, executor=ex)
    ref = simulate_match([None] * 3, "race", n=one.games, seed=2).to_seats_dict()
    for res in (one, pool, threads):
        assert res.games == one.games
        got = res.result.to_seats_dict()
        _same_seats(got, ref)
        assert got["turns"] == ref["turns"] and got["end_reasons"] == ref["end_reasons"]


def test_SIM_UNTIL_1_stops_at_the_cap_and_says_the_interval_is_wider():
    u = simulate_until([None] * 4, "race", 0.01, max_games=60, seed=1, batch_size=25)
    assert u.games == 60 and not u.reached and u.half_width > 0.01
    assert "cap of 60 games" in u.sentence() and "wider" in u.sentence()
    assert simulate_match([None] * 4, "race", n=60, seed=1).wins == u.result.wins


def test_SIM_UNTIL_1_cli_says_how_many_games_it_took(capsys):
    assert main(["simulate", "--ruleset", "race", "--players", "3", "--until-ci", "0.08", "--seed", "2",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["until"]["reached"] and d["until"]["half_width"] <= 0.08 and d["until"]["games"] == d["games"]
    assert d["until"]["karsten_games"] == 157 and d["until"]["max_games"] == 157
    assert main(["simulate", "--ruleset", "race", "--players", "3", "-n", str(d["games"]), "--seed", "2",
                 "--json"]) == 0
    _same_seats(json.loads(capsys.readouterr().out), d)
    assert main(["simulate", "--ruleset", "race", "--players", "3", "--until-ci", "0.08", "--max-games", "40"]) == 0
    text = capsys.readouterr().out
    assert "3 seats, 40 games" in text and "stopped at the cap of 40 games" in text


@pytest.mark.parametrize("argv, message", [
    (["--until-ci", "0.7"], "between 0 and 0.5"),
    (["--max-games", "100"], "--max-games is the cap of --until-ci"),
    (["--until-ci", "0.05", "--max-games", "0"], "at least 1"),
])
def test_SIM_UNTIL_1_cli_refuses_bad_stopping_flags(argv, message, capsys):
    assert main(["simulate", "--ruleset", "race", "--players", "3", *argv]) == 2
    assert message in capsys.readouterr().err
