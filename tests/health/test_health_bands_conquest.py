"""The shipped Conquest catalog and heuristic bots keep their game-health bands (issue 27 part 3,
docs/game-health.md "conquest"): 3, 4 and 5 heuristic seats played at a fixed seed through
``fwlab.health.run.simulate_health``. A band counts as broken only when the figure's whole 95%
interval lies outside it (``clear``), so sampling noise at this size does not fail the test; a
catalog or bot change that moves a figure clearly out does.

Part 3 targets the idle end: under a quarter of the games (end.idle, end.all-taken, any_open), few
fields left open (open_fields), and game lengths in band (rounds, turns, draws); each is checked
one by one so a failure names it. Three figures are outside their bands for reasons the catalog
and the bots cannot change, documented in docs/game-health.md and docs/rules.md (CQ-ORDER-1):

* ``position.*``: 003's turn order. The game ends the moment the last field is taken (CQ-END-1),
  so the seats that come first in the later rounds play one turn more; that edge is reported, and
  the ``turn_order`` option moves it to the first player rather than removing it
  (:func:`test_HEALTH_conquest_the_turn_order_edge_is_reported_under_both_orders`);
* ``start_coin_share``: 003's numbers. 25 coins a seat against a board worth 123 coins in all, less
  the 5 coins of every hire (about three a seat, and hiring wins: a heuristic that never invests in
  followers wins 0.06 of its 4-player games), cannot reach 0.5 at 4 and 5 players;
* ``open_difficulty`` (4 and 5 players): a game that ends idle now mostly leaves one field of 11 or
  12 open, so the mean of the few fields left open sits near 11.
"""

from __future__ import annotations

import pytest

from fwlab.health.run import simulate_health

#: games a seat count: 3 x 400 games, a few seconds compiled
N = 400
SEED = 27
SEATS = (3, 4, 5)
#: the bands outside which a figure may lie for a documented cause (see the module doc)
EXPLAINED = ("position.", "start_coin_share", "open_difficulty")


@pytest.fixture(scope="module")
def report():
    return simulate_health("conquest", n=N, seed=SEED, players=list(SEATS), workers=1)


#: games a seat count for the turn-order edge, per order: at 5 players position.2 is about 0.32
#: against the band's 0.28 (1,500 games put it 3.3 standard errors above); under clockwise the first
#: player's 0.37 is 4.5 standard errors above it at 600 games
N_EDGE = {"reverse-first-round": 1500, "clockwise": 600}


@pytest.fixture(scope="module")
def edge():
    return {order: simulate_health("conquest", n=n, seed=SEED, players=list(SEATS), workers=1,
                                   options={"turn_order": order})
            for order, n in N_EDGE.items()}


def figure(report, seats: int, name: str) -> dict:
    (group,) = [g for g in report.groups if g.seats == seats]
    f = group.figure(name)
    assert f is not None, (seats, name)
    return f.to_dict()


def test_HEALTH_conquest_no_band_is_clearly_broken_but_the_explained_ones(report):
    assert sorted(g.seats for g in report.groups) == list(SEATS)
    clear = [f for f in report.flags() if f["clear"] and not f["figure"].startswith(EXPLAINED)]
    assert not clear, clear


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("name, low, high", [
    ("end.idle", None, 0.25),          # CQ-END-2 is the fallback: under a quarter of the games
    ("end.all-taken", 0.75, None),     # CQ-END-1, the board taken, is the main ending
    ("any_open", None, 0.25),
    ("open_fields", None, 2),
    ("rounds", 4, 15),
    ("turns", 12, 75),
    ("draws", None, 0.1),
])
def test_HEALTH_conquest_part_3_figures_hold_their_bands(report, seats, name, low, high):
    f = figure(report, seats, name)
    band = f["band"]
    assert band is not None and band["low"] == low and band["high"] == high, band  # the documented band
    # the interval must reach into the band (a figure clearly outside fails)
    if low is not None:
        assert f["high"] >= low, f
    if high is not None:
        assert f["low"] <= high, f


@pytest.mark.parametrize("seats", SEATS)
def test_HEALTH_conquest_the_turn_order_edge_is_reported_under_both_orders(edge, seats):
    fair = 1 / seats
    # CQ-ORDER-1 as written: the last player of round 1 (position.2) plays first in every later
    # round and wins more than the band allows; the first player, last in every later round, less
    # than the fair share
    f2 = figure(edge["reverse-first-round"], seats, "position.2")
    f1 = figure(edge["reverse-first-round"], seats, "position.1")
    assert f2["flag"] == "above", f2
    assert f1["high"] < fair, f1
    # turn_order=clockwise: the first player plays first every round, and the edge is his
    c1 = figure(edge["clockwise"], seats, "position.1")
    c2 = figure(edge["clockwise"], seats, "position.2")
    assert c1["flag"] == "above", c1
    assert c1["low"] > c2["high"], (c1, c2)
