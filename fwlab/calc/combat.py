"""Exact outcome of one Fallen Worlds / Battlegrounds fight: one attacker against its blockers.

The rules (RULINGS "Blocking", "To-hit"): every blocker with Att > 0 strikes the attacker once
(one D6 each); the attacker strikes ONE of its blockers, chosen by the attacking player. All strikes
are rolled, then all damage is applied together; a hit deals the striker's Dmg minus the target's
``shield`` (not below 0); a creature with Hp <= 0 after damage dies. An unblocked attacker may raid
(the Capital loses its Dmg + raider, no roll) or attack a Scenario (a fight in which the scenario
strikes back if its Att > 0 and the attacker deals +siege Dmg). A card with Att 0 cannot attack.

Distributions are numpy arrays indexed by the amount (``pmf[k] = P(amount == k)``).

>>> res = fight(Fighter(3, 3, 2, 4), [Fighter(3, 4, 2, 2), Fighter(2, 2, 1, 3)])
>>> res.target
0
>>> round(res.p_blocker_dies[0], 4), res.p_blocker_dies[1]
(0.3333, 0.0)
>>> [round(float(p), 4) for p in res.attacker_damage]
[0.3333, 0.1667, 0.3333, 0.1667]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .fighter import Fighter
from .tohit import p_hit

Pmf = npt.NDArray[np.float64]


def point(k: int = 0) -> Pmf:
    """The distribution that is ``k`` for sure."""
    out = np.zeros(k + 1)
    out[k] = 1.0
    return out


def bernoulli(p: float, amount: int) -> Pmf:
    """``amount`` with chance ``p``, else 0 (no trailing zero mass when it cannot happen)."""
    if p <= 0.0 or amount == 0:
        return point(0)
    out = np.zeros(amount + 1)
    out[0] += 1.0 - p
    out[amount] += p
    return out


def convolve(*pmfs: Pmf) -> Pmf:
    """The distribution of the sum of independent amounts."""
    out = point(0)
    for pmf in pmfs:
        out = np.convolve(out, pmf)
    return out


def hit_damage(striker: Fighter, target: Fighter, bonus: int = 0) -> int:
    """Damage one hit deals: striker's Dmg (+bonus) minus the target's shield, not below 0.

    >>> hit_damage(Fighter(3, 3, 2, 4), Fighter(1, 1, 1, 5, shield=1))
    1
    """
    return max(0, striker.dmg + bonus - target.shield)


def p_kill(striker: Fighter, target: Fighter, *, bonus: int = 0, literal_two: bool = False) -> float:
    """Chance that one strike kills the target (a hit that leaves it at Hp <= 0)."""
    dealt = hit_damage(striker, target, bonus)
    if dealt == 0 or dealt < target.remaining_hp:
        return 0.0
    return p_hit(striker.att, target.defense, literal_two=literal_two)


def best_target(attacker: Fighter, blockers: Sequence[Fighter], *, literal_two: bool = False) -> int:
    """Default target: the blocker the attacker is most likely to kill; on a tie (e.g. it can kill
    none) the one it is most likely to hit, then the first listed.

    >>> best_target(Fighter(5, 3, 2, 4), [Fighter(1, 2, 1, 5), Fighter(1, 6, 1, 2)])
    1
    """
    if not blockers:
        raise ValueError("a blocked attacker needs at least one blocker")
    scores = [(p_kill(attacker, b, literal_two=literal_two), p_hit(attacker.att, b.defense, literal_two=literal_two))
              for b in blockers]
    best = max(scores)
    return scores.index(best)


@dataclass(frozen=True)
class FightResult:
    """One fight's exact outcome.

    ``attacker_damage``: distribution of the damage the attacker takes (sum of its blockers' hits).
    ``blocker_damage[i]``: distribution of the damage blocker i takes (only the target can be hit).
    ``p_attacker_dies``/``p_blocker_dies[i]``: chance each dies in Resolution. The attacker's death
    and its target's death are independent (different dice).
    """

    target: int | None
    attacker_damage: Pmf
    blocker_damage: tuple[Pmf, ...]
    p_attacker_dies: float
    p_blocker_dies: tuple[float, ...]

    def to_dict(self) -> dict[str, object]:
        return {"target": self.target, "attacker_damage": [float(p) for p in self.attacker_damage],
                "blocker_damage": [[float(p) for p in pmf] for pmf in self.blocker_damage],
                "p_attacker_dies": self.p_attacker_dies, "p_blocker_dies": list(self.p_blocker_dies)}


def _p_at_least(pmf: Pmf, k: int) -> float:
    return float(pmf[k:].sum()) if k < len(pmf) else 0.0


def fight(attacker: Fighter, blockers: Sequence[Fighter], *, target: int | None = None,
          strike_bonus: int = 0, literal_two: bool = False) -> FightResult:
    """Exact outcome of ``attacker`` blocked by ``blockers`` (attacker strikes ``blockers[target]``;
    default :func:`best_target`). ``strike_bonus`` adds to the attacker's Dmg (e.g. siege).

    With no blockers the attacker takes and deals nothing here (see :func:`raid`).

    >>> r = fight(Fighter(3, 4, 2, 2), [Fighter(6, 1, 2, 2)])
    >>> round(r.p_attacker_dies, 4), round(r.p_blocker_dies[0], 4)
    (0.8333, 0.8333)
    """
    if attacker.att == 0:
        raise ValueError(f"{attacker.name or 'the attacker'} has Att 0 and cannot attack")
    if not blockers:
        return FightResult(None, point(0), (), 0.0, ())
    if target is None:
        target = best_target(attacker, blockers, literal_two=literal_two)
    if not 0 <= target < len(blockers):
        raise ValueError(f"target index {target} is out of range for {len(blockers)} blocker(s)")
    strikes = [bernoulli(p_hit(b.att, attacker.defense, literal_two=literal_two), hit_damage(b, attacker))
               for b in blockers]
    attacker_damage = convolve(*strikes)
    blocker_damage = []
    deaths = []
    for i, b in enumerate(blockers):
        if i == target:
            pmf = bernoulli(p_hit(attacker.att, b.defense, literal_two=literal_two),
                            hit_damage(attacker, b, strike_bonus))
        else:
            pmf = point(0)
        blocker_damage.append(pmf)
        deaths.append(_p_at_least(pmf, b.remaining_hp))
    return FightResult(target, attacker_damage, tuple(blocker_damage),
                       _p_at_least(attacker_damage, attacker.remaining_hp), tuple(deaths))


def scenario_fight(attacker: Fighter, scenario: Fighter, *, literal_two: bool = False) -> FightResult:
    """An unblocked attacker strikes a Scenario (+siege Dmg); the scenario strikes back if Att > 0.

    >>> r = scenario_fight(Fighter(4, 3, 2, 3, siege=1), Fighter(0, 2, 0, 3))
    >>> round(r.p_blocker_dies[0], 4), r.p_attacker_dies
    (0.8333, 0.0)
    """
    return fight(attacker, [scenario], target=0, strike_bonus=attacker.siege, literal_two=literal_two)


def raid(attacker: Fighter) -> int:
    """Capital the defender loses to a raid: Dmg + raider, no roll.

    >>> raid(Fighter(3, 2, 2, 3, raider=1))
    3
    """
    if attacker.att == 0:
        raise ValueError(f"{attacker.name or 'the raider'} has Att 0 and cannot attack")
    return attacker.dmg + attacker.raider
