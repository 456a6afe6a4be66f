"""One fight, the repeated duel and the whole attack: hand-worked cases, properties, Monte Carlo."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwlab.calc.attack import Attack, whole_attack
from fwlab.calc.combat import best_target, fight, raid, scenario_fight
from fwlab.calc.duel import duel
from fwlab.calc.fighter import Fighter
from fwlab.calc.montecarlo import simulate_duel, simulate_fight


def within_4_se(p_exact: float, hits: int, n: int) -> bool:
    se = math.sqrt(max(p_exact * (1 - p_exact), 1e-12) / n)
    return abs(hits / n - p_exact) <= 4 * se + 1e-9


def test_one_on_one_fight_worked_by_hand():
    # Att 3 vs Def 4 needs 5+ (1/3); Dmg 2 kills a 2-Hp blocker. Blocker Att 6 vs Def 4 needs 2+ (5/6).
    res = fight(Fighter(3, 4, 2, 2), [Fighter(6, 4, 3, 2)])
    assert res.p_blocker_dies[0] == pytest.approx(1 / 3)
    assert res.p_attacker_dies == pytest.approx(5 / 6)
    assert res.attacker_damage.tolist() == pytest.approx([1 / 6, 0, 0, 5 / 6])


def test_blockers_damage_is_a_convolution_and_shield_reduces_each_hit():
    attacker = Fighter(3, 3, 2, 5, shield=1)
    blockers = [Fighter(3, 1, 2, 2), Fighter(3, 1, 3, 2), Fighter(0, 1, 9, 2)]
    res = fight(attacker, blockers)
    # each of the first two hits on 4+ (1/2), dealing 1 and 2; the Att-0 blocker never strikes.
    assert res.attacker_damage.tolist() == pytest.approx([0.25, 0.25, 0.25, 0.25])
    assert res.p_attacker_dies == 0.0


def test_only_the_chosen_target_can_die():
    blockers = [Fighter(1, 1, 1, 1), Fighter(1, 1, 1, 1)]
    res = fight(Fighter(5, 5, 1, 5), blockers, target=1)
    assert res.p_blocker_dies == (0.0, pytest.approx(5 / 6))
    with pytest.raises(ValueError, match="out of range"):
        fight(Fighter(5, 5, 1, 5), blockers, target=2)


def test_default_target_is_the_likeliest_kill():
    attacker = Fighter(5, 3, 2, 4)
    assert best_target(attacker, [Fighter(1, 2, 1, 5), Fighter(1, 6, 1, 2)]) == 1
    assert best_target(attacker, [Fighter(1, 6, 1, 5), Fighter(1, 2, 1, 5)]) == 1  # no kill: likeliest hit


def test_damage_already_taken_counts():
    assert fight(Fighter(6, 4, 1, 3), [Fighter(1, 1, 1, 3, damage_taken=2)]).p_blocker_dies[0] == pytest.approx(5 / 6)
    assert fight(Fighter(6, 4, 1, 3), [Fighter(1, 1, 1, 3)]).p_blocker_dies[0] == 0.0


def test_raid_and_scenario_attack():
    assert raid(Fighter(3, 2, 2, 3, raider=2)) == 4
    res = scenario_fight(Fighter(4, 3, 2, 3, siege=1), Fighter(2, 2, 1, 3))
    assert res.p_blocker_dies[0] == pytest.approx(5 / 6)   # 2 + siege 1 = 3 >= 3 Hp
    assert res.attacker_damage.tolist() == pytest.approx([2 / 3, 1 / 3])  # Att 2 vs Def 3 needs 5+


def test_attack_zero_cannot_attack_and_bad_stats_are_errors():
    with pytest.raises(ValueError, match="Att 0"):
        fight(Fighter(0, 3, 2, 3), [Fighter(1, 1, 1, 1)])
    with pytest.raises(ValueError, match="Att 0"):
        raid(Fighter(0, 3, 2, 3))
    with pytest.raises(ValueError, match="must not be negative"):
        Fighter(-1, 3, 2, 3)
    with pytest.raises(ValueError, match="already have killed"):
        Fighter(1, 3, 2, 3, damage_taken=3)


fighters = st.builds(Fighter, st.integers(1, 12), st.integers(0, 12), st.integers(0, 6), st.integers(1, 8),
                     shield=st.integers(0, 2))


@given(fighters, st.lists(fighters, min_size=1, max_size=4))
@settings(max_examples=80)
def test_fight_distributions_sum_to_one(attacker, blockers):
    res = fight(attacker, blockers)
    assert res.attacker_damage.sum() == pytest.approx(1.0)
    for pmf in res.blocker_damage:
        assert pmf.sum() == pytest.approx(1.0)
    assert all(0 <= p <= 1 for p in (res.p_attacker_dies, *res.p_blocker_dies))


@given(fighters, fighters)
@settings(max_examples=80)
def test_more_attack_never_lowers_the_kill_chance_and_more_defence_never_raises_it(a, b):
    base = fight(a, [b], target=0).p_blocker_dies[0]
    assert fight(a.modified(att=1), [b], target=0).p_blocker_dies[0] >= base - 1e-12
    assert fight(a, [b.modified(defense=1)], target=0).p_blocker_dies[0] <= base + 1e-12
    assert fight(a.modified(defense=1), [b], target=0).p_attacker_dies <= fight(a, [b], target=0).p_attacker_dies + 1e-12


@pytest.mark.parametrize("seed", [1, 2])
def test_fight_matches_a_seeded_simulation(seed):
    rng = np.random.default_rng(seed)
    attacker = Fighter(4, 3, 2, 4, shield=1)
    blockers = [Fighter(3, 2, 2, 2), Fighter(5, 4, 3, 3), Fighter(2, 5, 1, 2)]
    exact = fight(attacker, blockers, target=1)
    n = 40_000
    taken, dealt = simulate_fight(attacker, blockers, 1, n, rng)
    for k, p in enumerate(exact.attacker_damage):
        assert within_4_se(float(p), int((taken == k).sum()), n)
    assert within_4_se(exact.p_attacker_dies, int((taken >= attacker.remaining_hp).sum()), n)
    assert within_4_se(exact.p_blocker_dies[1], int((dealt[:, 1] >= 3).sum()), n)


def test_duel_worked_by_hand_with_healing():
    # Attacker always-hit-ish: Att 10 vs Def 1 hits on 2+ (5/6) for 2; blocker has 3 Hp and heals 1.
    # Round 1 a hit leaves it at 1 -> heals to 2; two hits in a row are needed unless ...
    d = duel(Fighter(10, 1, 2, 3), Fighter(0, 1, 0, 3), horizon=3)
    p = 5 / 6
    # round 1: 3-2=1>0 alive. After heal: hit->2, miss->3. Round 2: from 2 a hit kills; from 3 not.
    r2 = p * p
    # round 3: states after round 2 (alive): (hit,miss)->3, (miss,hit)->2, (miss,miss)->3.
    r3 = (1 - p) * p * p
    assert d.blocker_death == pytest.approx([0.0, r2, r3])
    assert d.attacker_survives == 1.0
    assert d.blocker_survives == pytest.approx(1 - r2 - r3)


@given(fighters, fighters)
@settings(max_examples=60)
def test_duel_masses_add_up(a, b):
    d = duel(a, b, horizon=10)
    assert d.p_attacker_dies + d.attacker_survives == pytest.approx(1.0)
    assert d.p_blocker_dies + d.blocker_survives == pytest.approx(1.0)
    assert 0 <= d.p_undecided <= 1 + 1e-9


def test_duel_matches_a_seeded_simulation():
    rng = np.random.default_rng(7)
    a, b = Fighter(4, 3, 2, 5), Fighter(3, 3, 3, 4, shield=1)
    exact = duel(a, b, horizon=8)
    n = 40_000
    a_round, b_round = simulate_duel(a, b, n, rng, horizon=8)
    for r in range(1, 9):
        assert within_4_se(exact.attacker_death[r - 1], int((a_round == r).sum()), n)
        assert within_4_se(exact.blocker_death[r - 1], int((b_round == r).sum()), n)


def test_whole_attack_in_fw_and_bg():
    a1 = Fighter(4, 3, 2, 3, exp=1)
    a2 = Fighter(3, 4, 2, 2, exp=2)
    b1 = Fighter(3, 3, 2, 2, exp=2)
    b2 = Fighter(6, 4, 3, 2, exp=1)
    scen = Fighter(0, 2, 0, 3, exp=3)
    attacks = [Attack(a1, (b1,)), Attack(a2, (b2,)), Attack(Fighter(5, 2, 3, 2), scenario=scen),
               Attack(Fighter(2, 2, 1, 2, raider=1))]
    fw = whole_attack(attacks, ruleset="fw")
    assert fw.raid_damage == 2
    assert fw.defender_capital_loss.probs.tolist() == pytest.approx([0, 0, 1.0])
    p_b1, p_b2, p_a2 = 2 / 3, 1 / 3, 5 / 6
    assert fw.defender_creatures_lost.mean == pytest.approx(p_b1 + p_b2)
    assert fw.defender_creatures_lost.probs[2] == pytest.approx(p_b1 * p_b2)
    assert fw.attacker_creatures_lost.mean == pytest.approx(p_a2)
    assert fw.defender_scenarios_lost.mean == pytest.approx(5 / 6)   # 3 Dmg vs 3 Hp, needs 2+
    assert fw.attacker_capital_loss.probs.tolist() == [1.0]
    bg = whole_attack(attacks, ruleset="bg")
    assert bg.defender_capital_loss.mean == pytest.approx(2 + 2 * p_b1 + 1 * p_b2 + 3 * 5 / 6)
    assert bg.attacker_capital_loss.mean == pytest.approx(2 * p_a2)
    assert bg.defender_capital_loss.probs.sum() == pytest.approx(1.0)


def test_whole_attack_rejects_a_ruleset_without_dice():
    with pytest.raises(ValueError, match="no dice combat"):
        whole_attack([], ruleset="fr")


def test_whole_attack_matches_a_seeded_simulation():
    rng = np.random.default_rng(5)
    attacks = [Attack(Fighter(4, 3, 2, 3, exp=1), (Fighter(3, 3, 2, 2, exp=2), Fighter(2, 2, 1, 3, exp=1))),
               Attack(Fighter(3, 4, 2, 2, exp=2), (Fighter(6, 4, 3, 2, exp=1),)),
               Attack(Fighter(5, 2, 3, 2, siege=1), scenario=Fighter(1, 2, 1, 4, exp=3))]
    exact = whole_attack(attacks, [Fighter(2, 2, 2, 2, raider=1)], ruleset="bg")
    n = 30_000
    def_cap = np.full(n, 3)
    att_lost = np.zeros(n, dtype=np.int64)
    for a in attacks:
        foes = list(a.blockers) if a.blockers else [a.scenario]
        target = exact.fights[attacks.index(a)].target
        bonus = a.attacker.siege if a.scenario is not None else 0
        taken, dealt = simulate_fight(a.attacker, foes, target, n, rng, strike_bonus=bonus)
        for i, f in enumerate(foes):
            def_cap += (dealt[:, i] >= f.remaining_hp) * f.exp
        att_lost += taken >= a.attacker.remaining_hp
    for k in range(len(exact.defender_capital_loss.probs)):
        assert within_4_se(float(exact.defender_capital_loss.probs[k]), int((def_cap == k).sum()), n)
    for k in range(len(exact.attacker_creatures_lost.probs)):
        assert within_4_se(float(exact.attacker_creatures_lost.probs[k]), int((att_lost == k).sum()), n)


@given(st.lists(st.tuples(fighters, st.lists(fighters, max_size=3)), min_size=1, max_size=6),
       st.sampled_from(["fw", "bg"]))
@settings(max_examples=40)
def test_whole_attack_distributions_sum_to_one(plan, ruleset):
    attacks = [Attack(a, tuple(bs)) for a, bs in plan]
    res = whole_attack(attacks, ruleset=ruleset)
    for dist in (res.defender_capital_loss, res.attacker_capital_loss, res.defender_creatures_lost,
                 res.attacker_creatures_lost):
        assert dist.probs.sum() == pytest.approx(1.0)
        assert (dist.probs >= -1e-15).all()
