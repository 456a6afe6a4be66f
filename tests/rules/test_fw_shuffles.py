"""Every shuffle of the Daemornia engine (``fw``, ``fw-epic``, ``bg``) is a shuffle (issue 26).

The engine randomises order in two places: each deck at the setup (FW-SETUP-2, ``fwlab.rules.lists.shuffle``;
nothing is shuffled after it, positions give their decks in order) and the card an opponent
discards "at random" (the ``discard`` action, FW-EVENT-4). Each test checks that the order changes
and that, over a fixed set of seeds, each card lands in each place about equally often: a
chi-square test of the card x place counts against the uniform table, failing below p = 1e-4. The
seeds are fixed, so the result is the same on every run; a fair shuffle fails such a test about
once in 10,000 seed sets, and a shuffle that favours some places fails it at once.

The setup's order is read from the new game itself: draws take the deck's last card (its top), so
the hand in the order drawn followed by the deck from its top is the shuffled order, whatever the
first turn has drawn by then.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from harness import CATALOG
from scipy.stats import chi2

from fwlab.catalog import load_catalog
from fwlab.decks.starters import starter_decks
from fwlab.rules.core import Action
from fwlab.rules.daemornia import compile_deck, new_game
from fwlab.rules.daemornia.game import Game
from fwlab.rules.engines import load_position

P_MIN = 1e-4
#: the fixed seed set (the other engines' shuffle tests start theirs at the same place)
FIRST_SEED = 10_000
N = 2000


def chi_square_p(orders: Sequence[Sequence[int]], bins: int | None = None) -> float:
    """p-value of "each of k distinct cards is in each place with chance 1/k" over ``orders`` (each a
    full order of the same k cards), the places grouped into ``bins`` runs of equal length (None:
    every place its own bin).

    Pearson's statistic over the k x b table, scaled by (k - 1)/k: the table of a uniformly random
    permutation, centred, has the covariance 1/(k - 1) in each direction where its rows and columns
    sum to 0, not the 1/k of a free multinomial cell (tests/rules/test_fr_shuffles.py derives it),
    so the scaled statistic is chi-square with (k - 1)(b - 1) degrees of freedom."""
    k = len(orders[0])
    b = bins or k
    assert k % b == 0
    width = k // b
    cards = sorted(orders[0])
    assert len(set(cards)) == k
    at = {c: i for i, c in enumerate(cards)}
    counts = [[0] * b for _ in range(k)]
    for order in orders:
        assert sorted(order) == cards  # a permutation: nothing lost, nothing added
        for j, c in enumerate(order):
            counts[at[c]][j // width] += 1
    exp = len(orders) * width / k
    stat = sum((o - exp) ** 2 for row in counts for o in row) / exp * (k - 1) / k
    return float(chi2.sf(stat, (k - 1) * (b - 1)))


def shuffled(g: Game, seat: int) -> list[int]:
    """Seat ``seat``'s deck as the setup shuffled it, top first, by instance id."""
    s = g.seats[seat]
    assert not s.graveyard and not s.units and not s.scenarios
    return list(s.hand) + s.deck[::-1]


def setups(ruleset: str) -> list[Game]:
    """New games of ``ruleset`` over the fixed seeds: the first starter deck against the second."""
    cat = load_catalog(ruleset)
    decks = starter_decks(ruleset)
    da, db = compile_deck(list(decks[0].cards()), cat), compile_deck(list(decks[1].cards()), cat)
    return [new_game(ruleset, da, db, seed, first=seed % 2, log_cards=False, record=False)
            for seed in range(FIRST_SEED, FIRST_SEED + N)]


@pytest.fixture(scope="module")
def fw_games() -> list[Game]:
    return setups("fw")


@pytest.mark.parametrize("seat", [0, 1])
def test_FW_SETUP_2_each_deck_is_shuffled_uniformly_over_every_place(fw_games, seat):
    """Every card of a 40-card deck in each of the 40 places about 1/40 of the time (1521 degrees of
    freedom), for each seat: a shuffle that leaves a card where it was (or never does), or shuffles
    one seat only, fails."""
    orders = [shuffled(g, seat) for g in fw_games]
    p = chi_square_p(orders)
    assert p > P_MIN, f"seat {'ab'[seat]}: the card x place table is not uniform (p = {p:.2g})"


@pytest.mark.parametrize("seat", [0, 1])
def test_FW_SETUP_2_each_card_is_in_the_opening_hand_and_at_the_bottom_as_often(fw_games, seat):
    """The same table in 8 runs of 5 places: the first run is the opening hand, the last the bottom
    of the deck (a shuffle biased towards the top or bottom shows here first)."""
    orders = [shuffled(g, seat) for g in fw_games]
    p = chi_square_p(orders, bins=8)
    assert p > P_MIN, f"seat {'ab'[seat]}: the card x run-of-places table is not uniform (p = {p:.2g})"


def test_FW_SETUP_2_the_order_changes_every_game_and_the_seats_are_shuffled_apart(fw_games):
    """The decklist's own order never comes back, every seed gives another order, and the two
    seats' decks (one generator, one after the other) are not shuffled alike: with the same deck
    on both sides the two orders differ."""
    for seat in (0, 1):
        orders = [tuple(shuffled(g, seat)) for g in fw_games]
        start = tuple(sorted(orders[0]))                 # instance ids follow the decklist's order
        unshuffled = start[::-1]                          # ... whose last card is the top
        assert orders.count(unshuffled) == 0 and orders.count(start) == 0
        assert len(set(orders)) == N                      # 40! orders: two alike would be a broken shuffle
    cat = load_catalog("fw")
    deck = compile_deck(list(starter_decks("fw")[0].cards()), cat)
    apart = 0
    for seed in range(FIRST_SEED, FIRST_SEED + 200):
        g = new_game("fw", deck, deck, seed, log_cards=False, record=False)
        a = [i for i in shuffled(g, 0)]
        b = [i - 40 for i in shuffled(g, 1)]             # seat b's ids are 40..79
        apart += a != b
    assert apart == 200


@pytest.mark.parametrize("ruleset", ["fw-epic", "bg"])
def test_FW_SETUP_2_BG_INHERIT_1_fw_epic_and_bg_decks_are_shuffled_uniformly_too(ruleset):
    """The same shuffle for the other rulesets (bg's dice come after it), in 8 runs of places."""
    games = setups(ruleset)
    for seat in (0, 1):
        p = chi_square_p([shuffled(g, seat) for g in games], bins=8)
        assert p > P_MIN, f"{ruleset} seat {'ab'[seat]}: p = {p:.2g}"


def test_FW_EVENT_4_discard_takes_a_card_at_random_uniformly_from_the_hand():
    """``discard`` (Spite: "the opponent discards 1 at random") takes each card of a five-card hand
    about one time in five over the fixed seeds (a position's seed seeds its generator), never the
    same card every time: a chi-square of which card went, 4 degrees of freedom."""
    hand = ["Filler", "Grunt", "Brute", "Tax", "Boon"]
    gone: Counter[str] = Counter()
    n = 1000
    for seed in range(FIRST_SEED, FIRST_SEED + n):
        g = load_position({"ruleset": "fw", "turn": 5, "active": 0, "decision": "deploy", "seed": seed,
                           "seats": [{"pool": 10, "hand": ["Spite", "Boon"], "deck": ["Filler"] * 10},
                                     {"pool": 0, "hand": hand, "deck": ["Filler"] * 10}]}, CATALOG)
        spite = next(i for i in g.seats[0].hand if g.defs[i].name == "Spite")
        g.apply(Action("event", spite, -1))
        assert len(g.seats[1].graveyard) == 1 and g.active == 0  # resolved: b cannot pay an answer (FW-PASS-1)
        (card,) = [g.defs[i].name for i in g.seats[1].graveyard]
        assert sorted([g.defs[i].name for i in g.seats[1].hand] + [card]) == sorted(hand)
        gone[card] += 1
    assert set(gone) == set(hand)
    stat = sum((gone[c] - n / 5) ** 2 / (n / 5) for c in hand)
    p = float(chi2.sf(stat, 4))
    assert p > P_MIN, f"discarded {dict(gone)}: p = {p:.2g}"
