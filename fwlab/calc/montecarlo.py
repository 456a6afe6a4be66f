"""Seeded Monte Carlo versions of the combat calculators, written independently from the exact code
(they roll dice instead of multiplying chances), used to cross-check it in tests.

>>> import numpy as np
>>> rng = np.random.default_rng(1)
>>> taken, dealt = simulate_fight(Fighter(3, 3, 2, 4), [Fighter(3, 4, 2, 2)], 0, 1000, rng)
>>> taken.shape, dealt.shape
((1000,), (1000, 1))
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .fighter import Fighter

IntArray = npt.NDArray[np.int64]


def roll_hits(att: int, defense: int, n: int, rng: np.random.Generator, literal_two: bool = False) -> npt.NDArray[np.bool_]:
    """Roll ``n`` D6 strikes: 1 always misses, 6 always hits, else roll >= 4 + Def - Att."""
    rolls = rng.integers(1, 7, size=n)
    if att == 0:
        return np.zeros(n, dtype=bool)
    hit = (rolls == 6) | ((rolls != 1) & (rolls >= 4 + defense - att))
    if literal_two:
        hit &= rolls != 2
    return hit


def simulate_fight(attacker: Fighter, blockers: Sequence[Fighter], target: int, n: int,
                   rng: np.random.Generator, *, strike_bonus: int = 0,
                   literal_two: bool = False) -> tuple[IntArray, IntArray]:
    """Damage the attacker takes (shape n) and damage each blocker takes (shape n x k)."""
    taken = np.zeros(n, dtype=np.int64)
    for b in blockers:
        hits = roll_hits(b.att, attacker.defense, n, rng, literal_two)
        taken += hits * max(0, b.dmg - attacker.shield)
    dealt = np.zeros((n, len(blockers)), dtype=np.int64)
    t = blockers[target]
    hits = roll_hits(attacker.att, t.defense, n, rng, literal_two)
    dealt[:, target] = hits * max(0, attacker.dmg + strike_bonus - t.shield)
    return taken, dealt


def simulate_duel(attacker: Fighter, blocker: Fighter, n: int, rng: np.random.Generator, *,
                  horizon: int = 20) -> tuple[IntArray, IntArray]:
    """Round each side dies in (0 = alive after the horizon), healing 1 between rounds."""
    ha = np.full(n, attacker.remaining_hp)
    hb = np.full(n, blocker.remaining_hp)
    a_round = np.zeros(n, dtype=np.int64)
    b_round = np.zeros(n, dtype=np.int64)
    alive = np.ones(n, dtype=bool)
    for r in range(1, horizon + 1):
        a_hit = roll_hits(attacker.att, blocker.defense, n, rng)
        b_hit = roll_hits(blocker.att, attacker.defense, n, rng)
        ha = ha - (alive & b_hit) * max(0, blocker.dmg - attacker.shield)
        hb = hb - (alive & a_hit) * max(0, attacker.dmg - blocker.shield)
        a_dead = alive & (ha <= 0)
        b_dead = alive & (hb <= 0)
        a_round[a_dead] = r
        b_round[b_dead] = r
        alive &= ~(a_dead | b_dead)
        ha = np.where(alive, np.minimum(attacker.hp, ha + 1), ha)
        hb = np.where(alive, np.minimum(blocker.hp, hb + 1), hb)
    return a_round, b_round
