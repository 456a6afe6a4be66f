"""The shipped Eredan catalog and heuristic bots keep their game-health bands (issue 27 part 3,
docs/game-health.md "eredan"): the starter field (every pairing of data/decks/eredan/, mirrors
included) played at a fixed seed through ``fwlab.health.run.health_flags``. A band counts as
broken only when the figure's whole 95% interval lies outside it (``clear``), so sampling noise at
this size does not fail the test; a catalog or bot change that moves a figure clearly out does.

The figures part 3 targets are also checked one by one against their bands, so a test failure
names them: kills end at least a quarter of the games (end.dead), deck-outs still happen
(end.deck-out), the first player within 0.42-0.58 (position.1), a side wiped and characters killed
per game, no turn cap."""

from __future__ import annotations

import pytest

from fwlab.health.run import health_flags, simulate_health

#: games a pairing: 15 pairings x 60 = 900 games, a few seconds compiled
N = 60
SEED = 27


@pytest.fixture(scope="module")
def report():
    return simulate_health("eredan", n=N, seed=SEED, workers=1)


def figure(report, name: str) -> dict:
    (group,) = report.groups
    f = group.figure(name)
    assert f is not None, name
    return f.to_dict()


def test_HEALTH_eredan_no_band_is_clearly_broken(report):
    clear = [f for f in report.flags() if f["clear"]]
    assert not clear, clear


def test_HEALTH_eredan_health_flags_is_the_reports_flags():
    # the helper a fixed-seed check calls gives this report's flags
    assert health_flags("eredan", seed=SEED, n=2) == simulate_health("eredan", n=2, seed=SEED).flags()


@pytest.mark.parametrize("name, low, high", [
    ("end.dead", 0.25, None),          # 004: eliminate the opponent's characters
    ("end.deck-out", 0.05, 0.75),      # or force a deck-out: it still happens
    ("position.1", 0.42, 0.58),        # the initiative does not decide the game
    ("side_wiped", 0.25, None),
    ("characters_killed", 1.0, None),
    ("turn_cap", None, 0.02),
])
def test_HEALTH_eredan_part_3_figures_hold_their_bands(report, name, low, high):
    f = figure(report, name)
    band = f["band"]
    assert band is not None and band["low"] == low and band["high"] == high, band  # the documented band
    # the interval must reach into the band (a figure clearly outside fails)
    if low is not None:
        assert f["high"] >= low, f
    if high is not None:
        assert f["low"] <= high, f
