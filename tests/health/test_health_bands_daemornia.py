"""The shipped Daemornia catalog, starter decks and heuristic bot keep their game-health bands in
``fw``, ``fw-epic`` and ``bg`` (issue 27 part 3, docs/game-health.md "After part 3: fw, fw-epic,
bg"): each starter field (every pairing, mirrors included) played at a fixed seed through
``fwlab.health.run.simulate_health``. A band counts as broken only when the figure's whole 95%
interval lies outside it (``clear``), so sampling noise at this size does not fail a test; a
catalog, deck or bot change that moves a figure clearly out does.

What is held:

* ``fw-epic``: every band, the first player's (``position.*``, 0.42-0.58) included.
* ``fw`` and ``bg`` with the default rules: every band but the first player's over the field, the
  every-pairing band (0.35-0.65) included. The first player wins about 0.60 of either field: the
  floor the rules as written put there (a raid race in which going first is worth about one card;
  docs/game-health.md measures it, ``bench/first_player.py`` reproduces it), named here as the only
  figures allowed outside their bands.
* ``fw`` with ``scenario_res=0`` and ``bg`` with ``locking=false``, the rule options the doc names as
  bringing the first player inside 0.42-0.58: the first player's band (a catalog change that undid
  that would fail here), and under ``fw``'s every other band too. ``bg`` without locking is not a
  healthy game in every other figure: raids take under half the Capital lost (``raid_share`` ~0.39;
  killed creatures' Exp takes the rest), as the doc says."""

from __future__ import annotations

import pytest

from fwlab.health.report import per_pairing
from fwlab.health.run import simulate_health

SEED = 27
#: the figures the rules as written keep outside their bands at the default options (the doc's floor)
FLOOR = ("position.",)


def _report(ruleset, n, options=None):
    return simulate_health(ruleset, n=n, seed=SEED, options=options, workers=1)


@pytest.fixture(scope="module")
def fw():        # 28 pairings x 100 games
    return _report("fw", 100)


@pytest.fixture(scope="module")
def fw_epic():   # 3 pairings x 300 games
    return _report("fw-epic", 300)


@pytest.fixture(scope="module")
def bg():        # 6 pairings x 150 games
    return _report("bg", 150)


def _clear(report, allowed=()):
    return [f for f in report.flags() if f["clear"] and not f["figure"].startswith(allowed)]


def _group(report):
    (g,) = report.groups
    return g


def test_HEALTH_fw_epic_every_band_holds_first_player_included(fw_epic):
    assert not _clear(fw_epic), _clear(fw_epic)
    f = _group(fw_epic).figure("position.1")
    assert f is not None and f.band is not None and f.band.bounds(2) == pytest.approx((0.42, 0.58))
    assert f.low <= 0.58 and f.high >= 0.42, (f.value, f.low, f.high)


@pytest.mark.parametrize("name", ["fw", "bg"])
def test_HEALTH_fw_bg_no_band_but_the_first_players_is_clearly_broken(request, name):
    report = request.getfixturevalue(name)
    assert not _clear(report, FLOOR), _clear(report, FLOOR)


@pytest.mark.parametrize("name, pairings", [("fw", 28), ("bg", 6)])
def test_HEALTH_fw_bg_the_first_player_within_0_35_0_65_in_every_pairing(request, name, pairings):
    """The pairing band holds in every pairing, mirrors included (the Ashfang Raid mirror, the
    fastest race, is the one that leans furthest: about 0.65 to 0.67)."""
    g = _group(request.getfixturevalue(name))
    pairs = [f for f in g.figures if per_pairing(f.figure) and f.figure.startswith("pairing.")]
    assert len(pairs) == pairings
    for f in pairs:
        assert f.band is not None and f.band.bounds(2) == pytest.approx((0.35, 0.65)), f.figure
        assert not f.clear, (f.figure, f.value, f.low, f.high)


def test_HEALTH_fw_the_first_players_floor_is_where_the_doc_puts_it(fw):
    """FW-RES-1 / FW-DRAW-1 as written: the first player's edge over the field is about 0.60 with the
    heuristic bots; the doc reports it as a floor. Should a change bring it well under or push it well
    over, the doc's account is out of date: this fails and says so."""
    f = _group(fw).figure("position.1")
    assert f is not None
    assert 0.55 <= f.value <= 0.65, f"fw position.1 = {f.value}: update docs/game-health.md 'After part 3'"


@pytest.mark.parametrize("ruleset, n, options, held", [
    ("fw", 60, {"scenario_res": 0}, ""),               # FW-RES-2 off: Scenarios give no Res of their own
    ("bg", 150, {"locking": False}, "position."),      # FW-LOCK-1 off in bg (002 has no locking: BG-INHERIT-1)
])
def test_HEALTH_the_options_the_doc_names_bring_the_first_player_inside(ruleset, n, options, held):
    report = _report(ruleset, n, options)
    broken = [f for f in _clear(report) if f["figure"].startswith(held)]
    assert not broken, broken
    f = _group(report).figure("position.1")
    assert f is not None and f.low <= 0.58, (f.value, f.low, f.high)
