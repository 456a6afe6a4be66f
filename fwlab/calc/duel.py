"""The duel: the same one-on-one fight repeated round after round, with healing between rounds.

Exact model (a Markov chain over the remaining Hp ``(hp_attacker, hp_blocker)``):

1. A round is one fight (:func:`fwlab.calc.combat.fight` with one blocker): each side with Att > 0
   rolls one D6 against the other's Def; all hits land together (Dmg minus shield).
2. Any side at Hp <= 0 dies in that round (both may die in the same round); the duel stops when
   either side is dead.
3. Otherwise both heal 1 Hp, never above printed Hp (RULINGS "Healing": each creature heals in its
   owner's Resource phase, and one of each player's Resource phases falls between two fights of the
   attacker's turns), then the next round starts.

Mass still alive after ``horizon`` rounds is reported as surviving.

>>> d = duel(Fighter(4, 3, 2, 4), Fighter(3, 3, 2, 4))
>>> round(d.p_attacker_dies + d.attacker_survives, 10)
1.0
>>> d.rounds[:3]
[1, 2, 3]
"""

from __future__ import annotations

from dataclasses import dataclass

from .fighter import Fighter
from .tohit import p_hit


@dataclass(frozen=True)
class DuelResult:
    """``attacker_death[r-1]`` / ``blocker_death[r-1]``: chance it dies in round r (1..horizon);
    ``both_die[r-1]``: chance both die in round r; ``*_survives``: alive after the horizon (including
    every path where the other one died first)."""

    horizon: int
    attacker_death: list[float]
    blocker_death: list[float]
    both_die: list[float]
    attacker_survives: float
    blocker_survives: float

    @property
    def rounds(self) -> list[int]:
        return list(range(1, self.horizon + 1))

    @property
    def p_attacker_dies(self) -> float:
        return sum(self.attacker_death)

    @property
    def p_blocker_dies(self) -> float:
        return sum(self.blocker_death)

    @property
    def p_undecided(self) -> float:
        """Chance both are still alive after the horizon."""
        return max(0.0, 1.0 - self.p_attacker_dies - self.p_blocker_dies + sum(self.both_die))

    def to_dict(self) -> dict[str, object]:
        return {"horizon": self.horizon, "round": self.rounds, "attacker_death": self.attacker_death,
                "blocker_death": self.blocker_death, "both_die": self.both_die,
                "attacker_survives": self.attacker_survives, "blocker_survives": self.blocker_survives,
                "p_undecided": self.p_undecided}


def duel(attacker: Fighter, blocker: Fighter, *, horizon: int = 20, literal_two: bool = False) -> DuelResult:
    """Round-by-round death distribution of a repeated one-on-one fight (see the module's model).

    >>> d = duel(Fighter(10, 1, 5, 3), Fighter(0, 1, 0, 5), horizon=3)
    >>> [round(p, 4) for p in d.blocker_death], d.attacker_survives
    ([0.8333, 0.1389, 0.0231], 1.0)
    """
    if horizon < 1:
        raise ValueError(f"horizon must be at least 1 round, got {horizon}")
    if attacker.att == 0:
        raise ValueError(f"{attacker.name or 'the attacker'} has Att 0 and cannot attack")
    pa = p_hit(attacker.att, blocker.defense, literal_two=literal_two)
    pb = p_hit(blocker.att, attacker.defense, literal_two=literal_two)
    da = max(0, attacker.dmg - blocker.shield)   # damage the attacker's hit deals to the blocker
    db = max(0, blocker.dmg - attacker.shield)
    outcomes = [(pa * pb, db, da), (pa * (1 - pb), 0, da), ((1 - pa) * pb, db, 0), ((1 - pa) * (1 - pb), 0, 0)]
    outcomes = [o for o in outcomes if o[0] > 0]
    states: dict[tuple[int, int], float] = {(attacker.remaining_hp, blocker.remaining_hp): 1.0}
    a_death, b_death, both = [], [], []
    for _ in range(horizon):
        nxt: dict[tuple[int, int], float] = {}
        ad = bd = bo = 0.0
        for (ha, hb), mass in states.items():
            for p, to_a, to_b in outcomes:
                m = mass * p
                na, nb = ha - to_a, hb - to_b
                a_dead, b_dead = na <= 0, nb <= 0
                if a_dead or b_dead:
                    ad += m if a_dead else 0.0
                    bd += m if b_dead else 0.0
                    bo += m if a_dead and b_dead else 0.0
                    continue
                key = (min(attacker.hp, na + 1), min(blocker.hp, nb + 1))
                nxt[key] = nxt.get(key, 0.0) + m
        a_death.append(ad)
        b_death.append(bd)
        both.append(bo)
        states = nxt
    return DuelResult(horizon, a_death, b_death, both, 1.0 - sum(a_death), 1.0 - sum(b_death))
