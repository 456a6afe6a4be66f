"""Every shuffle of the Conquest engine is a shuffle (issue 26): the order changes, and over many
fixed seeds each item lands in each place about uniformly -- a chi-square test of the table item x
place (both margins fixed: (items - 1) x (places - 1) degrees of freedom), failed only below
p = 1e-4, so a fair shuffle fails it about once in ten thousand seed sets and these fixed seeds
pass it for good. The shuffles: the board's layout (CQ-BOARD-1), the deck at setup (CQ-SETUP-1),
the refill of an empty deck from the discards (CQ-DECK-1), and the deck a position leaves out
(shuffled by its seed like the setup, CQ-SETUP-1; its board is new_game's, CQ-BOARD-1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scipy.stats import chi2

from fwlab.catalog import load_catalog
from fwlab.rules.conquest import new_game, shared_deck
from fwlab.rules.conquest.game import DIFFICULTIES
from fwlab.rules.engines import engine_for, load_position

CAT = load_catalog("conquest")
DEFS = shared_deck(CAT)
ENG = engine_for("conquest")
ALPHA = 1e-4
FILL8 = ["Alchemy", "Moat", "Palisade", "Outpost", "Divination", "Watchtower", "Garrison", "Tribute"]


def uniformity(orders: Sequence[Sequence[int]], items: Sequence[int], bins: int | None = None) -> tuple[float, float]:
    """(chi-square, p) of where each of ``items`` lands over ``orders`` (each a permutation of
    ``items``): the table item x place, places grouped into ``bins`` runs of about equal length
    (None: every place its own)."""
    m = len(items)
    nb = bins or m
    edges = [round(k * m / nb) for k in range(nb + 1)]
    bin_of = [next(b for b in range(nb) if edges[b] <= i < edges[b + 1]) for i in range(m)]
    index = {x: k for k, x in enumerate(items)}
    table = [[0] * nb for _ in range(m)]
    for order in orders:
        assert sorted(order) == sorted(items)                 # a permutation: nothing lost, nothing added
        for place, x in enumerate(order):
            table[index[x]][bin_of[place]] += 1
    n = len(orders)
    stat = 0.0
    for row in table:
        for b in range(nb):
            expected = n * (edges[b + 1] - edges[b]) / m
            stat += (row[b] - expected) ** 2 / expected
    return stat, float(chi2.sf(stat, (m - 1) * (nb - 1)))


def changes(orders: Sequence[Sequence[int]], unshuffled: Sequence[int], chance: float) -> None:
    """The order changes: the unshuffled order comes up no more often than ``chance`` allows
    (generously), and the orders differ from one another."""
    n = len(orders)
    same = sum(1 for o in orders if list(o) == list(unshuffled))
    assert same <= 5 + 3 * chance * n, f"the unshuffled order came up {same} times in {n}"
    # distinct orders: about k (1 - (1 - 1/k)^n) of the k = 1/chance equally likely ones
    distinct = len({tuple(o) for o in orders})
    expected = n if chance < 1e-12 else (1 - (1 - chance) ** n) / chance
    assert distinct >= 0.9 * expected, f"{distinct} distinct orders in {n}, about {expected:.0f} expected"


# ---------------------------------------------------------------------- CQ-BOARD-1
def test_CQ_BOARD_1_the_board_is_laid_out_by_a_uniform_shuffle():
    """Seven distinct difficulties on the radius-1 board: every difficulty on every field alike."""
    diffs = [1, 2, 3, 4, 5, 6, 12]
    orders = [new_game(DEFS, 3, seed, 0, radius=1, difficulties=diffs, log_cards=False, record=False).diff
              for seed in range(2000)]
    changes(orders, diffs, 1 / 5040)
    stat, p = uniformity(orders, diffs)
    assert p > ALPHA, f"chi-square {stat:.1f} over 36 degrees of freedom, p = {p:.2g}"


def test_CQ_BOARD_1_the_ruled_board_puts_each_unique_difficulty_on_every_field_alike():
    """The ruled 19: where each difficulty that occurs once (1, 2, 3, 10, 11, 12) lies."""
    unique = [d for d, k in Counter(DIFFICULTIES).items() if k == 1]
    counts = {d: [0] * 19 for d in unique}
    n = 1900
    boards = [new_game(DEFS, 4, seed, 0, log_cards=False, record=False).diff for seed in range(n)]
    changes(boards, list(DIFFICULTIES), 1e-9)
    for board in boards:
        assert sorted(board) == sorted(DIFFICULTIES)
        for f, d in enumerate(board):
            if d in counts:
                counts[d][f] += 1
    stat = sum((c - n / 19) ** 2 / (n / 19) for row in counts.values() for c in row)
    p = float(chi2.sf(stat, len(unique) * 18))
    assert p > ALPHA, f"chi-square {stat:.1f}, p = {p:.2g}"


def test_CQ_BOARD_1_a_position_without_a_board_is_laid_out_as_new_game_lays_it_out():
    seats = [{"hand": FILL8} for _ in range(4)]
    for seed in range(40):
        pos = load_position({"ruleset": "conquest", "turn": 0, "active": 1, "decision": "followers", "seats": seats,
                             "seed": seed}, CAT)
        assert pos.diff == new_game(DEFS, 4, seed, 1).diff


# ---------------------------------------------------------------------- CQ-SETUP-1
def dealt(g) -> list[int]:
    """The shared deck as it was shuffled at setup: the hands in the order dealt (8 each, round-1
    order, each hand in the order drawn), then the deck top first."""
    order: list[int] = []
    for p in g.order1:
        order += g.seats[p].hand
    return order + list(reversed(g.deck))


def test_CQ_SETUP_1_the_shared_deck_is_shuffled_uniformly_before_the_deal():
    orders = [dealt(new_game(DEFS, 3 + seed % 3, seed, seed % 3, log_cards=False, record=False))
              for seed in range(2000)]
    ids = list(range(len(DEFS)))
    changes(orders, list(reversed(ids)), 1e-200)
    stat, p = uniformity(orders, ids, bins=8)
    assert p > ALPHA, f"chi-square {stat:.1f}, p = {p:.2g}"
    # the top of the deck alone (the first hand): each card of the deck in its first 8 places alike
    stat, p = uniformity(orders, ids, bins=16)
    assert p > ALPHA, f"chi-square {stat:.1f}, p = {p:.2g}"


def test_CQ_SETUP_1_a_position_without_its_deck_shuffles_the_rest_of_the_shared_deck_uniformly():
    seats = [{"hand": FILL8} for _ in range(4)]
    orders = []
    for seed in range(600):
        g = load_position({"ruleset": "conquest", "turn": 0, "active": 0, "decision": "followers", "seats": seats,
                           "seed": seed}, CAT)
        orders.append(list(reversed(g.deck)))
    rest = sorted(orders[0])
    held = {c for s in g.seats for c in s.hand}
    assert rest == [i for i in range(len(DEFS)) if i not in held]   # the rest of the shared deck, no more
    changes(orders, rest, 1e-100)
    stat, p = uniformity(orders, rest, bins=5)
    assert p > ALPHA, f"chi-square {stat:.1f}, p = {p:.2g}"


# ---------------------------------------------------------------------- CQ-DECK-1
def test_CQ_DECK_1_the_discards_are_shuffled_uniformly_into_the_empty_deck():
    """Eight distinct cards in the discard pile once the exchange's two are discarded, the deck
    empty: the refill is drawn from (one card for the exchange, seven left), in every order alike."""
    discard = ["Moat", "Keep", "Claim", "Alchemy", "Citadel", "Tribute"]
    board = [{"difficulty": d} for d in DIFFICULTIES]
    board[18] |= {"owner": 3, "turn": 8}
    pos = {"ruleset": "conquest", "turn": 9, "active": 0, "decision": "exchange", "deck": [], "discard": discard,
           "seats": [{"followers": {"warrior": 2}, "hand": ["Militia", "Scouts"]}, {"followers": {"warrior": 2}},
                     {"followers": {"warrior": 2}}, {"followers": {"warrior": 2}}], "board": board}
    g = load_position(pos, CAT)
    militia, scouts = g.seats[0].hand
    cards = sorted([*g.discard, militia, scouts])
    unshuffled = list(reversed([*g.discard, militia, scouts]))   # the discard pile drawn from its end
    orders = []
    for seed in range(1200):
        c = g.clone(seed=seed)
        c.apply(f"exchange {militia} {scouts}")   # no card left to choose: both discarded, one drawn: refilled
        assert c.discard == [] and len(c.seats[0].hand) == 1 and len(c.deck) == 7
        orders.append(c.seats[0].hand + list(reversed(c.deck)))
    changes(orders, unshuffled, 1 / 40320)
    stat, p = uniformity(orders, cards)
    assert p > ALPHA, f"chi-square {stat:.1f} over 49 degrees of freedom, p = {p:.2g}"
