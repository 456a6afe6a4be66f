"""The figures of a health report from games whose figures are known by construction
(HEALTH-FIG-1), and the bands' flags (HEALTH-FLAG-1)."""

from __future__ import annotations

import numpy as np
import pytest

from fwlab.health.report import apply_bands, build_report, group_figures
from fwlab.rules.health import Band, band_for
from fwlab.sim.health import FigureSums, GameTable
from fwlab.stats import wilson


def table(rows: list[tuple[int, int, tuple[int, ...], int, str]], ruleset: str = "fw",
          pairings: list[str] | None = None) -> GameTable:
    """Games as (pairing, first seat, places, turns, end reason), weight 1 each."""
    reasons = ["capital", "deck-out", "turn-cap"]
    n = len(rows)
    places = np.zeros((n, 5), np.int64)
    for i, r in enumerate(rows):
        places[i, :len(r[2])] = r[2]
    return GameTable(ruleset, np.array([len(r[2]) for r in rows]), np.array([r[0] for r in rows]),
                     np.array([r[1] for r in rows]), places, np.array([r[3] for r in rows]),
                     np.array([reasons.index(r[4]) for r in rows]), np.ones(n, np.int64),
                     pairings or ["A vs A", "A vs B"], reasons)


def test_HEALTH_FIG_1_win_rates_by_position_seat_and_pairing_split_a_shared_first_place():
    t = table([
        (0, 0, (1, 2), 10, "capital"),    # first player (a) wins
        (0, 1, (1, 2), 12, "capital"),    # first player b loses
        (1, 0, (1, 2), 20, "deck-out"),   # first player wins
        (1, 1, (1, 1), 30, "turn-cap"),   # a draw: half a win each
    ])
    g = group_figures(t, 2, [], ("capital", "deck-out", "turn-cap"))
    f = {x.figure: x for x in g.figures}
    assert f["position.1"].value == pytest.approx(2.5 / 4) and f["position.2"].value == pytest.approx(1.5 / 4)
    assert (f["position.1"].low, f["position.1"].high) == wilson(2.5, 4)
    assert f["seat.a"].value == pytest.approx(3.5 / 4) and f["seat.b"].value == pytest.approx(0.5 / 4)
    assert f["pairing.A vs A"].value == 0.5 and f["pairing.A vs B"].value == 0.75 and f["pairing.A vs B"].n == 2
    assert f["end.capital"].value == 0.5 and f["end.deck-out"].value == 0.25 and f["turn_cap"].value == 0.25
    assert f["turn_cap.A vs A"].value == 0 and f["turn_cap.A vs B"].value == 0.5 and f["turn_cap.A vs B"].n == 2
    assert f["draws"].value == 0.25
    assert f["turns"].value == 18 and f["rounds"].value == 9
    sd = np.std([10, 12, 20, 30], ddof=1)
    assert f["turns"].high - f["turns"].value == pytest.approx(1.959963984540054 * sd / 2)
    assert g.turns_histogram == {10: 1, 12: 1, 20: 1, 30: 1}
    assert g.end_reasons == {"capital": 2, "deck-out": 1, "turn-cap": 1}


def test_HEALTH_FIG_1_positions_of_more_seats_count_from_the_first_player_in_seat_order():
    # 3 seats: the seat after the first one (in seat order) always wins
    rows = [(0, first, tuple(1 if s == (first + 1) % 3 else 2 for s in range(3)), 9, "capital") for first in (0, 1, 2)]
    g = group_figures(table(rows), 3, [], ("capital",))
    f = {x.figure: x.value for x in g.figures}
    assert (f["position.1"], f["position.2"], f["position.3"]) == (0.0, 1.0, 0.0)
    assert f["seat.a"] == f["seat.b"] == f["seat.c"] == pytest.approx(1 / 3)
    assert not any(x.figure.startswith("pairing.") for x in g.figures)   # pairings are for 2-seat games
    assert f["rounds"] == 3


def test_HEALTH_FIG_1_engine_figures_are_means_or_shares_of_the_games_that_have_them():
    t = table([(0, 0, (1, 2), 10, "capital")] * 4)
    t.figures = {2: {"lost_raid": FigureSums(4, 40, 420), "deck_ran_out": FigureSums(4, 1, 1)}}
    report = build_report(t, "test")
    g = report.groups[0]
    raid, ran_out, share = g.figure("lost_raid"), g.figure("deck_ran_out"), g.figure("raid_share")
    assert raid.value == 10 and raid.kind == "engine" and raid.aggregate == "mean"
    assert raid.high - raid.value == pytest.approx(1.959963984540054 * np.sqrt((420 - 400) / 3 / 4))
    assert ran_out.value == 0.25 and (ran_out.low, ran_out.high) == wilson(1, 4)
    assert share.value is None and share.n == 0 and share.flag is None      # no game had it


def test_HEALTH_FLAG_1_a_figure_outside_its_band_is_flagged_and_clear_when_its_interval_is_too():
    b = Band("turn_cap", None, 0.02, "reason")
    t = table([(0, 0, (1, 1), 200, "turn-cap")] * 30 + [(0, 0, (1, 2), 20, "capital")] * 70)
    g = group_figures(t, 2, [], ("capital", "deck-out", "turn-cap"))
    apply_bands(g, [b, Band("position", -0.08, 0.08, "fair", relative=True)])
    cap = g.figure("turn_cap")
    assert cap.value == 0.3 and cap.flag == "above" and cap.clear and cap.band is b
    pos = g.figure("position.1")
    assert pos.value == pytest.approx(0.85) and pos.flag == "above" and pos.band.bounds(2) == (0.42, 0.58)
    assert g.figure("draws").flag is None and g.figure("draws").band is None     # no band: never flagged
    few = group_figures(table([(0, 0, (1, 1), 200, "turn-cap")] + [(0, 0, (1, 2), 20, "capital")] * 9), 2, [],
                        ("capital", "deck-out", "turn-cap"))
    apply_bands(few, [b])
    assert few.figure("turn_cap").flag == "above" and not few.figure("turn_cap").clear   # 1 in 10: maybe noise


def test_HEALTH_FLAG_1_bands_match_the_most_specific_figure_and_seat_count():
    bands = (Band("position", -0.08, 0.08, "any", relative=True), Band("position.1", 0.3, 0.5, "first"),
             Band("end.idle", None, 0.25, "four", seats=4), Band("end.idle", None, 0.5, "any seats"))
    assert band_for(bands, "position.2", 3).reason == "any"
    assert band_for(bands, "position.1", 3).reason == "first"
    assert band_for(bands, "end.idle", 4).reason == "four" and band_for(bands, "end.idle", 5).reason == "any seats"
    assert band_for(bands, "seat.a", 2) is None
    assert Band("x", 0.4, 0.6, "r").flag(0.61, 2) == "above" and Band("x", 0.4, 0.6, "r").flag(0.6, 2) is None
    assert Band("x", 0.4, None, "r").flag(0.39, 2) == "below" and Band("x", 0.4, 0.6, "r").flag(None, 2) is None
