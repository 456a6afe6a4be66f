"""Draw odds (hypergeometric, per ruleset's draws) and fw deploy odds (exact enumeration)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fwlab.catalog import Card, Catalog
from fwlab.decks.decklist import parse_decklist
from fwlab.decks.odds import cards_seen, deploy_odds, draw_odds, p_at_least


def card(name, type_, cost):
    return Card(family="daemornia", name=name, type=type_, subtype=None, rarity="common", cost=cost,
                attack=None, defense=None, text="", fields={"name": name, "type": type_, "res": cost})


CAT = Catalog("daemornia", {c.name: c for c in [
    card("One", "creature", 1), card("Two", "creature", 2), card("Three", "creature", 3),
    card("Five", "creature", 5), card("Boost", "event", 1),
]})


def test_cards_seen_per_ruleset():
    assert [cards_seen("fw", t) for t in (1, 2, 10)] == [6, 7, 15]
    assert cards_seen("bg", 3, going_first=False) == 8
    assert [cards_seen("fr", t, going_first=True) for t in (1, 2)] == [6, 8]
    assert [cards_seen("fr", t, going_first=False) for t in (1, 2)] == [8, 10]
    assert [cards_seen("eredan", t) for t in (1, 2, 3)] == [5, 7, 9]
    with pytest.raises(ValueError, match="no player deck"):
        cards_seen("conquest", 1)


def test_p_at_least_matches_counting_by_hand():
    # 4 copies in 40, 6 seen: 1 - C(36,6)/C(40,6)
    assert p_at_least(1, copies=4, deck_size=40, seen=6) == pytest.approx(1 - comb(36, 6) / comb(40, 6))
    two = sum(comb(4, j) * comb(36, 6 - j) for j in range(2, 5)) / comb(40, 6)
    assert p_at_least(2, copies=4, deck_size=40, seen=6) == pytest.approx(two)
    assert p_at_least(1, copies=4, deck_size=40, seen=99) == 1.0


@given(st.integers(1, 60), st.integers(0, 60), st.integers(1, 60), st.integers(1, 4))
def test_p_at_least_is_a_probability_and_grows_with_cards_seen(size, copies, seen, k):
    copies = min(copies, size)
    p = p_at_least(k, copies=copies, deck_size=size, seen=seen)
    assert -1e-12 <= p <= 1 + 1e-12
    assert p_at_least(k, copies=copies, deck_size=size, seen=seen + 1) >= p - 1e-12


def test_draw_odds_for_a_card_and_a_group():
    deck = parse_decklist("ruleset: fw\n4 One\n4 Two\n4 Three\n28 Five\n")
    one = draw_odds(deck, "one", catalog=CAT, turns=3)     # names ignore case
    assert one.label == "One" and one.turn == [1, 2, 3] and one.seen == [6, 7, 8]
    assert one.p_at_least_one[0] == pytest.approx(1 - comb(36, 6) / comb(40, 6))
    cheap = draw_odds(deck, group=lambda c: c.type == "creature" and c.cost <= 2, catalog=CAT, turns=1)
    assert cheap.copies == 8
    with pytest.raises(ValueError, match="not in the deck"):
        draw_odds(deck, "Boost", catalog=CAT)
    with pytest.raises(ValueError, match="unknown card"):
        draw_odds(deck, "Nothing", catalog=CAT)


def test_free_realms_second_player_has_seen_more():
    deck = parse_decklist("ruleset: fr\n3 A\n37 B\n")
    fr = Catalog("freerealms", {n: Card("freerealms", n, "creature", None, "C", 1, 1, 1, "", {}) for n in "AB"})
    first = draw_odds(deck, "A", catalog=fr, turns=2, going_first=True)
    second = draw_odds(deck, "A", catalog=fr, turns=2, going_first=False)
    assert first.seen == [6, 8] and second.seen == [8, 10]
    assert second.p_at_least_one[0] > first.p_at_least_one[0]


def test_deploy_odds_worked_by_hand():
    # Only cost-3 cards and cost-1 cards: turn 1 (1 Res) needs a One among the 6 cards seen.
    deck = parse_decklist("ruleset: fw\n4 One\n36 Three\n")
    odds = deploy_odds(deck, 3, catalog=CAT)
    assert odds.resources == ["1", "2", "3"]
    assert odds.p_deploy[0] == pytest.approx(1 - comb(36, 6) / comb(40, 6))
    assert odds.p_deploy[2] == pytest.approx(1.0)
    assert odds.p_every_turn[2] <= odds.p_every_turn[1] <= odds.p_every_turn[0]


def simulate_deploy(counts_by_cost, turns, n, rng, cycle=(1, 2, 3)):
    """Seeded simulation of the same policy: draw, then spend the most Res (then fewest cards)."""
    from collections import Counter
    from itertools import product
    deck = np.repeat(list(counts_by_cost), list(counts_by_cost.values()))
    able = np.zeros((n, turns), dtype=bool)
    for g in range(n):
        order = rng.permutation(deck)
        hand = Counter(int(c) for c in order[:5])
        pos = 5
        for t in range(turns):
            if pos < len(order):
                hand[int(order[pos])] += 1
                pos += 1
            res = cycle[t % len(cycle)]
            able[g, t] = any(c <= res and k for c, k in hand.items())
            costs = sorted(c for c in hand if c <= res)
            best, choice = (-1, 0), ()
            for play in product(*(range(hand[c] + 1) for c in costs)):
                spent = sum(c * k for c, k in zip(costs, play))
                if spent <= res and (spent, -sum(play)) > best:
                    best, choice = (spent, -sum(play)), play
            for c, k in zip(costs, choice):
                hand[c] -= k
    return able


def test_deploy_odds_match_a_seeded_simulation():
    deck = parse_decklist("ruleset: fw\n3 One\n4 Two\n6 Three\n27 Five\n")
    exact = deploy_odds(deck, 4, catalog=CAT)
    n = 6000
    able = simulate_deploy({1: 3, 2: 4, 3: 6, 5: 27}, 4, n, np.random.default_rng(11))
    for t in range(4):
        p = exact.p_deploy[t]
        assert abs(able[:, t].mean() - p) <= 4 * (p * (1 - p) / n) ** 0.5 + 1e-9
        q = exact.p_every_turn[t]
        assert abs(able[:, : t + 1].all(axis=1).mean() - q) <= 4 * (q * (1 - q) / n) ** 0.5 + 1e-9


def test_deploy_odds_refuse_other_rulesets():
    with pytest.raises(ValueError, match="resource cycle"):
        deploy_odds(parse_decklist("ruleset: bg\n40 One\n"), catalog=CAT)


def test_turn_one_deploy_odds_equal_the_chance_of_a_one_cost_card_in_the_opening_six():
    from fwlab.decks.starters import starter_decks

    for deck in starter_decks("fw"):
        cheap = draw_odds(deck, group=lambda c: (c.cost or 0) <= 1, turns=1).p_at_least_one[0]
        assert deploy_odds(deck, 1).p_deploy[0] == pytest.approx(cheap)


def test_single_one_cost_card_is_there_on_turn_four_only_if_drawn_on_turn_three_or_four():
    # 1 One and 39 Three: drawn in the opening six or on turn 2 it is played at once; drawn on turn 3
    # (3 Res) a Three is played instead and the One waits for turn 4 (1 Res); drawn on turn 4 it is there.
    deck = parse_decklist("ruleset: fw\n1 One\n39 Three\n")
    odds = deploy_odds(deck, 4, catalog=CAT)
    assert odds.p_deploy[0] == pytest.approx(6 / 40)
    assert odds.p_deploy[3] == pytest.approx(2 / 40)
