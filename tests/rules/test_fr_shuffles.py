"""Every shuffle of the Free Realms engine is a shuffle (issue 26): the setup's (FR-SETUP-1), the
mulligan's (FR-SETUP-3) and the rebuilt deck's (FR-DECK-1, both when the deck runs out and when a
card is needed from an empty one). Each test checks that the order changes, and that over a fixed set
of seeds every card lands in every place about equally often: a chi-square test of the card x place
counts against the uniform table, failing below p = 1e-4 (with fixed seeds the result is the same on
every run; a fair shuffle fails it once in 10,000 seed sets). The situations are positions
(docs/positions.md, "Free Realms") over the test catalog, read back with ``position_of``; the setup
shuffle, which happens before any position, is read from a new game's opening hand and deck."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from scipy.stats import chi2

from fwlab.catalog import load_catalog_from
from fwlab.rules.core import Action
from fwlab.rules.engines import load_position, position_of
from fwlab.rules.freerealms.cards import compile_deck
from fwlab.rules.freerealms.game import new_game

CATALOG = load_catalog_from(Path(__file__).with_name("fr_test_catalog.toml"), "freerealms")
NAMES = sorted(CATALOG.cards)
P_MIN = 1e-4
#: ten distinct cards (none with an action or a power-up that could fire on the way)
TEN = ["Ox", "Mouse", "Giant", "Goblin", "Collector", "Warden", "Nirvi", "Lantern", "Push", "Guard"]


def chi_square_p(orders: Sequence[Sequence[Any]]) -> float:
    """p-value of the hypothesis that each of k distinct cards is in each of the k places with the same
    chance 1/k, over ``orders`` (each a full order of the same k cards).

    The statistic is Pearson's over the k x k table of counts, scaled by (k - 1)/k: a uniformly random
    permutation matrix, centred, has the covariance 1/(k - 1) in each of the (k - 1)^2 directions where
    its rows and columns sum to 0 (not the 1/k of a free multinomial cell), so the scaled statistic is
    chi-square with (k - 1)^2 degrees of freedom."""
    k = len(orders[0])
    cards = sorted(orders[0])
    assert len(set(cards)) == k
    at = {c: i for i, c in enumerate(cards)}
    counts = [[0] * k for _ in range(k)]
    for order in orders:
        assert sorted(order) == cards                       # the same cards every time: nothing lost or added
        for j, c in enumerate(order):
            counts[at[c]][j] += 1
    exp = len(orders) / k
    stat = sum((o - exp) ** 2 for row in counts for o in row) / exp * (k - 1) / k
    return float(chi2.sf(stat, (k - 1) ** 2))


def changed(orders: Sequence[Sequence[Any]], before: Sequence[Any]) -> float:
    """The share of orders that are neither the order before nor its reverse."""
    same = sum(1 for o in orders if list(o) == list(before) or list(o) == list(reversed(before)))
    return 1.0 - same / len(orders)


def fr_position(a: dict[str, Any], b: dict[str, Any], seed: int, **top: Any) -> Any:
    data = {"ruleset": "fr", "turn": 9, "active": 0, "decision": "go", "seats": [a, b], "seed": seed, **top}
    return load_position(data, CATALOG)


#: the first seed of every test's fixed seed set. Not 0: over seeds 0..1999 a 12-card Fisher-Yates driven
#: by ``random.Random(seed).random()`` gives p = 4e-5 even written out by hand outside the engine (the next
#: blocks of 2000 seeds: 0.22, 0.47, 0.13, 0.81, 0.49), a weakness of small consecutive seeds or a rare
#: draw, not of the shuffle; every test passes at seed blocks 10,000 and 20,000 and 30,000 alike
FIRST_SEED = 10_000


def orders_over_seeds(make: Callable[[int], list[Any]], n: int, first: int = FIRST_SEED) -> list[list[Any]]:
    return [make(seed) for seed in range(first, first + n)]


def test_FR_SETUP_1_the_setup_shuffle_puts_every_card_anywhere_uniformly():
    # a legal 40-card deck (every test card once, twelve of them twice), followed by instance: seat a's cards
    # are 0..39 in the deck's order before the shuffle
    deck_names = NAMES + NAMES[:12]
    deck = compile_deck(deck_names, CATALOG)

    def order(seed: int) -> list[int]:
        g = new_game(deck, deck, seed)
        a = g.seats[0]
        assert [c["id"] for c in position_of("fr", g)["seats"][0]["hand"]] == a.hand
        return list(a.hand) + list(reversed(a.deck))         # drawn top first, then the rest top first

    orders = orders_over_seeds(order, 1500)
    # unshuffled, the hand would be the deck list's last six cards (39, 38, ...)
    before = list(range(len(deck_names)))
    assert changed(orders, before) > 0.99
    assert len({tuple(o) for o in orders}) == len(orders)     # no two seeds deal the same game
    assert chi_square_p(orders) > P_MIN


def test_FR_SETUP_3_the_mulligan_shuffles_the_hand_back_into_the_deck_uniformly():
    hand, deck = TEN[:6], TEN[6:] + ["Ember", "Truce"]

    def order(seed: int) -> list[str]:
        g = fr_position({"hand": ["Blank"] * 6}, {"hand": hand, "deck": deck}, seed, turn=0, active=1,
                        decision="mulligan")
        g.apply(Action("mulligan"))
        b = position_of("fr", g, deck=True)["seats"][1]
        return [c["card"] for c in b["hand"]] + b["deck"]

    orders = orders_over_seeds(order, 2000)
    # neither the same hand back (reversed or not) nor the deck's own order kept
    assert changed(orders, hand + deck) > 0.99
    assert sum(1 for o in orders if sorted(o[:6]) == sorted(hand)) < 20    # C(12, 6) = 924: about 2 in 2000
    assert chi_square_p(orders) > P_MIN


def test_FR_DECK_1_the_deck_rebuilt_when_it_runs_out_is_shuffled_uniformly():
    def order(seed: int) -> list[str]:
        g = fr_position({"spaces": ["Ox", "Ox", None], "deck": ["Blank"], "discard": TEN},
                        {"spaces": [None, None, "Ox"], "deck": ["Blank"] * 3}, seed)
        g.apply(Action("hunt", g.seats[0].spaces[0].iid))    # scores the last card: the deck is rebuilt now
        a = position_of("fr", g, deck=True)["seats"][0]
        assert a["discard"] == [] and a["piles"][0] == ["Blank"]
        return a["deck"]

    orders = orders_over_seeds(order, 2000)
    assert changed(orders, TEN) > 0.99
    assert chi_square_p(orders) > P_MIN


def test_FR_DECK_1_the_deck_rebuilt_when_a_card_is_needed_from_an_empty_one_is_shuffled_uniformly():
    def order(seed: int) -> list[str]:
        g = fr_position({"spaces": ["Ox", "Ox", None], "deck": [], "discard": TEN},
                        {"spaces": [None, None, "Ox"], "deck": ["Blank"] * 3}, seed)
        g.apply(Action("hunt", g.seats[0].spaces[0].iid))    # needs a card: the discard pile is the deck first
        a = position_of("fr", g, deck=True)["seats"][0]
        return a["piles"][0] + a["deck"]                     # the scored card was the new deck's top

    orders = orders_over_seeds(order, 2000)
    assert changed(orders, TEN) > 0.99
    assert chi_square_p(orders) > P_MIN


def test_the_chi_square_check_rejects_orders_that_are_not_uniform():
    # the check itself: a fair set of orders passes, one rotation of a card set (always a cycle) fails
    import random

    rng = random.Random(7)
    fair = []
    for _ in range(2000):
        o = list(TEN)
        rng.shuffle(o)
        fair.append(o)
    assert chi_square_p(fair) > P_MIN
    cyc = []
    for _ in range(2000):   # Sattolo's algorithm: a uniformly random cyclic permutation, no card stays put
        o = list(TEN)
        for i in range(len(o) - 1, 0, -1):
            j = rng.randrange(i)
            o[i], o[j] = o[j], o[i]
        cyc.append(o)
    assert chi_square_p(cyc) < P_MIN
