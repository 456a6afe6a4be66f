"""Every shuffle of the Eredan engine is a shuffle (issue 26). The engine shuffles card order in one
place: each deck at the setup (ER-SETUP-1, ``fwlab.rules.lists.shuffle``; nothing is shuffled after it, and the
only other draw of the game's generator is the initiative, tested here too). Each test checks that
the order changes, and that over a fixed set of seeds every card lands in every place about equally
often: a chi-square test of the card x place counts against the uniform table, failing below
p = 1e-4 (with fixed seeds the result is the same on every run; a fair shuffle fails it once in
10,000 seed sets). The order is read back as a position (docs/positions.md, "Eredan"):
``position_of(game, deck=True)`` gives the opening hand in the order drawn and then the deck, top
first, each card with its instance id, so the 20 cards of a deck are 20 distinct things even when
the decklist repeats a name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scipy.stats import binomtest, chi2

from fwlab.catalog import load_catalog
from fwlab.rules.eredan.cards import compile_deck
from fwlab.rules.eredan.game import new_game
from fwlab.rules.eredan.position import position_of

CAT = load_catalog("eredan")
P_MIN = 1e-4
#: a legal deck: three Mercenaries and 20 cards, some of them more than once (ids tell them apart)
CHARS = ["Zephrin the Unbound", "Old Gorran", "Hrolf Ironpelt"]
CARDS = (["Sidestep"] * 3 + ["Ambush"] * 3 + ["Battle Cry"] * 2 + ["Flame Dart"] * 2 + ["Iron Longsword"] * 2
         + ["Healing Draught", "Tinker's Gauntlet", "Field Repair", "Quick Reflexes", "Evasion", "Rummage",
            "Ring of Vigour", "Leather Jerkin"])
#: the first seed of the fixed seed set (the Free Realms tests' choice, tests/rules/test_fr_shuffles.py)
FIRST_SEED = 10_000
N = 2000


def chi_square_p(orders: Sequence[Sequence[int]]) -> float:
    """p-value of the hypothesis that each of k distinct cards is in each of the k places with the same
    chance 1/k, over ``orders`` (each a full order of the same k cards): Pearson's statistic over the
    k x k table, scaled by (k - 1)/k for a table of permutations (as tests/rules/test_fr_shuffles.py
    explains), chi-square with (k - 1)^2 degrees of freedom."""
    k = len(orders[0])
    cards = sorted(orders[0])
    assert len(set(cards)) == k
    at = {c: i for i, c in enumerate(cards)}
    counts = [[0] * k for _ in range(k)]
    for order in orders:
        assert sorted(order) == cards  # the same cards every time: nothing lost or added
        for j, c in enumerate(order):
            counts[at[c]][j] += 1
    exp = len(orders) / k
    stat = sum((o - exp) ** 2 for row in counts for o in row) / exp * (k - 1) / k
    return float(chi2.sf(stat, (k - 1) ** 2))


def dealt(seed: int) -> tuple[list[int], list[int], int]:
    """Each seat's 20 cards by instance id as the new game holds them, top first (the opening hand
    in the order drawn, then the deck), and the seat that won the initiative."""
    deck = compile_deck(CHARS + CARDS, CAT)
    pos = position_of(new_game(deck, deck, seed), deck=True)
    orders = [[c["id"] for c in s["hand"]] + [c["id"] for c in s["deck"]] for s in pos["seats"]]
    return orders[0], orders[1], pos["initiative"]


def over_seeds(make: Callable[[int], Any], n: int = N) -> list[Any]:
    return [make(seed) for seed in range(FIRST_SEED, FIRST_SEED + n)]


GAMES = over_seeds(dealt)


def test_ER_SETUP_1_each_deck_is_shuffled_the_order_changes_and_no_two_seeds_deal_alike():
    for p in (0, 1):
        orders = [g[p] for g in GAMES]
        base = 20 * p
        # before the shuffle seat p's cards are base..base+19 in the decklist's order, the top card last
        unshuffled = list(range(base + 19, base - 1, -1))
        same = sum(1 for o in orders if o in (unshuffled, unshuffled[::-1]))
        assert same == 0, (p, same)
        # the top card (the first one drawn) is not the decklist's last card more than its share (1/20)
        assert sum(1 for o in orders if o[0] == unshuffled[0]) < N / 20 * 1.5
        assert len({tuple(o) for o in orders}) == N
    # the two decks are shuffled apart: seat b's order is not seat a's (its ids are seat a's + 20)
    assert sum(1 for a, b, _ in GAMES if [c - 20 for c in b] == a) == 0


def test_ER_SETUP_1_the_setup_shuffle_puts_every_card_anywhere_uniformly():
    for p in (0, 1):
        assert chi_square_p([g[p] for g in GAMES]) > P_MIN, p
    # and the opening hand (the five top cards) holds each card of the deck with chance 5/20
    for p in (0, 1):
        held = [0] * 40
        for g in GAMES:
            for c in g[p][:5]:
                held[c] += 1
        counts = held[20 * p:20 * p + 20]
        exp = N * 5 / 20
        stat = sum((o - exp) ** 2 / exp for o in counts) * (20 - 1) / (20 - 5)  # 5 of 20 drawn without return
        assert chi2.sf(stat, 19) > P_MIN, (p, counts)


def test_ER_SETUP_1_the_initiative_is_drawn_even():
    firsts = sum(g[2] for g in GAMES)
    assert binomtest(firsts, N, 0.5).pvalue > P_MIN, firsts
