"""The exact calculators agree with the rules core: fights, duels and whole attacks played by the
engine (seeded, many times) land within sampling error of the exact distributions (FW-HIT-1,
FW-COMBAT-3, FW-RESOLVE-1, BG-EXP-1)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from harness import CATALOG, iid, position  # noqa: E402

from fwlab.calc import Attack, Fighter, duel, fight, whole_attack  # noqa: E402
from fwlab.rules.core import Action  # noqa: E402
from fwlab.rules.daemornia.decisions import ASSIGN, ATTACK, BLOCK, DEPLOY, DISCARD, TRICKS  # noqa: E402


def fighter(name: str) -> Fighter:
    c = CATALOG[name].fields
    return Fighter(c["att"], c["def"], c["dmg"], c["hp"], exp=c["exp"], name=name)


def within(p_exact: float, hits: int, n: int, k: float = 4.5) -> bool:
    se = math.sqrt(max(p_exact * (1 - p_exact), 1e-9) / n)
    return abs(hits / n - p_exact) <= k * se + 1e-9


def test_one_fight_matches_the_engine_FW_COMBAT_3_FW_RESOLVE_1():
    n = 2500
    a, b1, b2 = fighter("Brute"), fighter("Grunt"), fighter("Sentinel")
    exact = fight(a, [b1, b2], target=0)
    dmg_counts = np.zeros(len(exact.attacker_damage) + 2)
    a_dead = t_dead = 0
    for seed in range(n):
        g = position(a_board=["Brute"], b_board=["Grunt", "Sentinel"], seed=seed)
        br, gr, se = iid(g, "Brute", 0), iid(g, "Grunt", 1), iid(g, "Sentinel", 1)
        g.apply("pass")
        g.apply(Action("attack", br))
        if g.decision == ATTACK:
            g.apply("pass")
        g.apply(Action("block", gr, br))
        g.apply(Action("block", se, br))
        if g.decision == BLOCK:
            g.apply("pass")
        assert g.decision == ASSIGN
        g.apply(Action("strike", br, gr))
        while g.decision == TRICKS:
            g.apply("pass")
        taken = g.damage_dealt[gr] + g.damage_dealt[se]
        dmg_counts[taken] += 1
        a_dead += br not in g.units
        t_dead += gr not in g.units
    for k, p in enumerate(exact.attacker_damage):
        assert within(float(p), int(dmg_counts[k]), n), (k, p, dmg_counts[k])
    assert within(exact.p_attacker_dies, a_dead, n)
    assert within(exact.p_blocker_dies[0], t_dead, n)


def test_duel_round_of_death_matches_the_engine_FW_HEAL_1():
    """The duel model (fight, then each heals 1 in its own Resource phase) is what the engine does."""
    horizon, n = 5, 1500
    a, b = fighter("Grunt"), fighter("Sentinel")
    exact = duel(a, b, horizon=horizon)
    died_a = np.zeros(horizon + 1)
    died_b = np.zeros(horizon + 1)
    for seed in range(n):
        g = position(a_board=["Grunt"], b_board=["Sentinel"], seed=seed, a_deck=30, b_deck=30, pool=(0, 0))
        gr, se = iid(g, "Grunt", 0), iid(g, "Sentinel", 1)
        for rnd in range(1, horizon + 1):
            assert g.active == 0
            g.apply("pass")                       # A's deploy
            g.apply(Action("attack", gr))
            if g.decision == ATTACK:
                g.apply("pass")
            g.apply(Action("block", se, gr))
            while g.decision in (BLOCK, TRICKS):
                g.apply("pass")
            gone_a, gone_b = gr not in g.units, se not in g.units
            if gone_a:
                died_a[rnd] += 1
            if gone_b:
                died_b[rnd] += 1
            if gone_a or gone_b:
                break
            # the rest of A's turn and B's whole turn: nobody deploys or attacks; discard when over the limit
            while not (g.active == 0 and g.decision == DEPLOY):
                if g.decision == DISCARD:
                    g.apply(Action("discard", g.seats[g.decider].hand[0]))
                else:
                    g.apply("pass")
            # Resource phases have healed both creatures by 1 (FW-HEAL-1)
    for r in range(1, horizon + 1):
        assert within(exact.attacker_death[r - 1], int(died_a[r]), n), ("attacker", r)
        assert within(exact.blocker_death[r - 1], int(died_b[r]), n), ("blocker", r)


def test_whole_attack_matches_the_engine_in_bg_BG_EXP_1():
    n = 2000
    brute, reaver, grunt, filler, turtle = (fighter(x) for x in ("Brute", "Reaver", "Grunt", "Filler", "Turtle"))
    turtle = Fighter(turtle.att, turtle.defense, turtle.dmg, turtle.hp, shield=2, exp=turtle.exp)
    reaver = Fighter(reaver.att, reaver.defense, reaver.dmg, reaver.hp, raider=2, exp=reaver.exp)
    exact = whole_attack([Attack(brute, (grunt, filler), target=0), Attack(fighter("Watcher"), (turtle,), target=0)],
                         raiders=[reaver], ruleset="bg")
    loss = np.zeros(80)
    att_loss = np.zeros(80)
    lost = np.zeros(5)
    for seed in range(n):
        g = position("bg", a_board=["Brute", "Watcher", "Reaver"], b_board=["Grunt", "Filler", "Turtle"], seed=seed)
        br, wa, rv = iid(g, "Brute", 0), iid(g, "Watcher", 0), iid(g, "Reaver", 0)
        gr, fi, tu = iid(g, "Grunt", 1), iid(g, "Filler", 1), iid(g, "Turtle", 1)
        cap0 = (g.seats[0].capital, g.seats[1].capital)
        g.apply("pass")
        for x in (br, wa, rv):
            g.apply(Action("attack", x))
        if g.decision == ATTACK:
            g.apply("pass")
        for b, a in ((gr, br), (fi, br), (tu, wa)):
            g.apply(Action("block", b, a))
        if g.decision == BLOCK:
            g.apply("pass")
        while g.decision == ASSIGN:
            who = next(x for x in g.attackers if x not in g.assign)
            g.apply(Action("strike", who, gr) if who == br else Action("raid", who))
        while g.decision == TRICKS:
            g.apply("pass")
        loss[cap0[1] - g.seats[1].capital] += 1
        att_loss[cap0[0] - g.seats[0].capital] += 1
        lost[sum(x not in g.units for x in (gr, fi, tu))] += 1
    for k, p in enumerate(exact.defender_capital_loss.probs):
        assert within(float(p), int(loss[k]), n), ("defender capital", k)
    for k, p in enumerate(exact.attacker_capital_loss.probs):
        assert within(float(p), int(att_loss[k]), n), ("attacker capital", k)
    for k, p in enumerate(exact.defender_creatures_lost.probs):
        assert within(float(p), int(lost[k]), n), ("creatures lost", k)
