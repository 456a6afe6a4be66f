"""Free Realms battle odds: hand-worked flips, properties and a seeded simulation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwlab.calc.gems import SPHERES, FlipDeck, PowerUp, battle_odds


def test_hand_worked_battle():
    # attacker deck: half 0-gem, half 2-gem; defender deck: all 1-gem. Attack 3 vs defense 4.
    a = FlipDeck.from_gem_lists([[]] * 2 + [["chaos", "chaos"]] * 2)
    b = FlipDeck.from_gem_lists([["order"]] * 5)
    odds = battle_odds(3, 4, a, b)
    # totals: attacker 3 or 5 (1/2 each); defender 5 always
    assert (odds.p_win, odds.p_tie, odds.p_lose) == (0.0, 0.5, 0.5)


def test_attack_power_up_is_counted_only_when_its_sphere_is_flipped():
    a = FlipDeck.from_gem_lists([["nature"], ["chaos"], ["chaos"], []])
    b = FlipDeck.from_gem_lists([[]])
    odds = battle_odds(2, 3, a, b, attacker_powerups=[PowerUp("nature", "attack", 2)])
    # totals: nature 2+1+2=5 win, chaos 3 tie (x2), blank 2 lose
    assert (odds.p_win, odds.p_tie, odds.p_lose) == (0.25, 0.5, 0.25)
    assert odds.attacker_triggers["nature"] == 0.25
    assert odds.attacker_triggers["chaos"] == 0.5


def test_defense_power_up_helps_the_defender_only():
    a = FlipDeck.from_gem_lists([["order"]])
    b = FlipDeck.from_gem_lists([["order"]])
    assert battle_odds(3, 3, a, b, defender_powerups=[PowerUp("order", "defense", 1)]).p_lose == 1.0
    assert battle_odds(3, 3, a, b, attacker_powerups=[PowerUp("order", "defense", 1)]).p_tie == 1.0


def test_average_gems_and_histogram():
    deck = FlipDeck.from_gem_lists([["machine"] * 4, ["machine"] * 2, [], ["machine"] * 2])
    assert deck.average_gems == 2.0
    assert deck.gem_count_distribution() == {0: 0.25, 2: 0.5, 4: 0.25}


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="attack"):
        battle_odds(-1, 2, FlipDeck.from_gem_lists([[]]), FlipDeck.from_gem_lists([[]]))
    with pytest.raises(ValueError, match="no cards"):
        battle_odds(1, 2, FlipDeck({}), FlipDeck.from_gem_lists([[]]))
    with pytest.raises(ValueError, match="SPHERE"):
        PowerUp.parse("fire:attack:1")


gem_lists = st.lists(st.lists(st.sampled_from(SPHERES), max_size=4), min_size=1, max_size=12)


@given(st.integers(0, 10), st.integers(0, 10), gem_lists, gem_lists)
@settings(max_examples=80)
def test_outcomes_sum_to_one_and_more_attack_never_hurts(att, dfn, ga, gb):
    a, b = FlipDeck.from_gem_lists(ga), FlipDeck.from_gem_lists(gb)
    odds = battle_odds(att, dfn, a, b)
    assert odds.p_win + odds.p_tie + odds.p_lose == pytest.approx(1.0)
    assert battle_odds(att + 1, dfn, a, b).p_win >= odds.p_win - 1e-12
    assert battle_odds(att, dfn + 1, a, b).p_win <= odds.p_win + 1e-12


def test_battle_odds_match_a_seeded_simulation():
    rng = np.random.default_rng(3)
    ga = [["nature"] * k for k in (0, 1, 2, 3, 4, 2, 2, 1)] + [["chaos"]]
    gb = [["order"] * k for k in (1, 1, 3, 0, 2)]
    pu = [PowerUp("chaos", "attack", 3)]
    exact = battle_odds(4, 5, FlipDeck.from_gem_lists(ga), FlipDeck.from_gem_lists(gb), attacker_powerups=pu)
    n = 60_000
    ia = rng.integers(0, len(ga), n)
    ib = rng.integers(0, len(gb), n)
    tot_a = np.array([4 + len(g) + (3 if "chaos" in g else 0) for g in ga])[ia]
    tot_b = np.array([5 + len(g) for g in gb])[ib]
    for p, hits in ((exact.p_win, (tot_a > tot_b).sum()), (exact.p_tie, (tot_a == tot_b).sum())):
        se = (p * (1 - p) / n) ** 0.5
        assert abs(hits / n - p) <= 4 * se
