"""A whole attack: every attacker's fight at once, and what it costs each side.

Fights are independent (each uses its own dice), so the totals are exact convolutions of each
fight's distribution. Per fight the attacker's death and its target's death are independent too.

Capital: the defender loses each raider's Dmg + raider (no roll). With ``ruleset="bg"`` the owner of
every creature that dies also loses its Exp (the defender for dead blockers and destroyed Scenarios,
the attacker for its own dead attackers: text 002 "Resolution" and RULINGS "Exp"). In ``fw`` deaths
cost no Capital.

Not modelled: a ``guardian`` blocking several attackers (its fights would no longer be independent),
attackers that *aid* an ally, and card effects played during combat; give the stats after modifiers.

>>> a = Fighter(4, 3, 2, 3, exp=1)
>>> res = whole_attack([Attack(a, (Fighter(3, 3, 2, 2, exp=2),))], raiders=[Fighter(2, 2, 3, 2)], ruleset="bg")
>>> res.defender_capital_loss.support
[3, 5]
>>> [round(float(res.defender_capital_loss.probs[k]), 4) for k in (3, 5)]
[0.3333, 0.6667]
>>> res.attacker_capital_loss.mean   # the blocker cannot kill the 3-Hp attacker
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .combat import Pmf, fight, point, raid, scenario_fight
from .fighter import Fighter

RULESETS = ("fw", "fw-epic", "bg")
#: The rulesets whose whole attacks differ (fw-epic attacks as fw does).
DISTINCT_RULESETS = ("fw", "bg")
#: The ruleset in which the dead cost their owner their Exp in Capital.
EXP_LOSS_RULESET = "bg"


@dataclass(frozen=True)
class Attack:
    """One declared attacker and the creatures blocking it (empty: see ``scenario``/raiders).

    ``target``: index of the blocker it strikes (default: the one it is most likely to kill).
    ``scenario``: when unblocked and attacking a Scenario instead of raiding.
    """

    attacker: Fighter
    blockers: tuple[Fighter, ...] = ()
    target: int | None = None
    scenario: Fighter | None = None


@dataclass(frozen=True)
class Distribution:
    """An exact distribution over 0, 1, 2, … (``probs[k] = P(k)``)."""

    probs: Pmf

    @property
    def mean(self) -> float:
        return float(np.dot(np.arange(len(self.probs)), self.probs))

    @property
    def support(self) -> list[int]:
        return [int(k) for k in np.nonzero(self.probs > 1e-15)[0]]

    def p_at_least(self, k: int) -> float:
        return float(self.probs[k:].sum()) if k < len(self.probs) else 0.0

    def to_dict(self) -> dict[str, object]:
        return {"mean": self.mean, "p": {str(k): float(self.probs[k]) for k in self.support}}


@dataclass(frozen=True)
class AttackResult:
    """Exact distributions of what a whole attack costs each side."""

    defender_capital_loss: Distribution
    attacker_capital_loss: Distribution
    defender_creatures_lost: Distribution
    attacker_creatures_lost: Distribution
    defender_scenarios_lost: Distribution
    raid_damage: int
    fights: list[object] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"defender_capital_loss": self.defender_capital_loss.to_dict(),
                "attacker_capital_loss": self.attacker_capital_loss.to_dict(),
                "defender_creatures_lost": self.defender_creatures_lost.to_dict(),
                "attacker_creatures_lost": self.attacker_creatures_lost.to_dict(),
                "defender_scenarios_lost": self.defender_scenarios_lost.to_dict(),
                "raid_damage": self.raid_damage}


def _death_pmf(p: float, cost: int) -> Pmf:
    out = np.zeros(cost + 1)
    out[0] += 1.0 - p
    out[cost] += p
    return out


def _sum_of_bernoullis(ps: Sequence[float]) -> Pmf:
    out = point(0)
    for p in ps:
        out = np.convolve(out, np.array([1.0 - p, p]))
    return out


def whole_attack(attacks: Sequence[Attack], raiders: Sequence[Fighter] = (), *, ruleset: str = "fw",
                 literal_two: bool = False) -> AttackResult:
    """Exact distributions of Capital lost and creatures lost per side for a whole attack.

    An :class:`Attack` with no blockers and no scenario is a raid (same as listing it in ``raiders``).
    """
    if ruleset not in RULESETS:
        raise ValueError(f"ruleset {ruleset!r} has no dice combat; expected one of {', '.join(RULESETS)}")
    bg = ruleset == "bg"
    raid_total = 0
    def_capital: list[Pmf] = []
    att_capital: list[Pmf] = []
    def_deaths: list[float] = []
    att_deaths: list[float] = []
    scen_deaths: list[float] = []
    fights: list[object] = []
    for a in attacks:
        if not a.blockers and a.scenario is None:
            raiders = [*raiders, a.attacker]
            continue
        if a.blockers:
            res = fight(a.attacker, a.blockers, target=a.target, literal_two=literal_two)
            lost = res.p_blocker_dies
            def_deaths.extend(lost)
            if bg:
                def_capital.extend(_death_pmf(p, b.exp) for p, b in zip(lost, a.blockers) if p > 0)
        else:
            assert a.scenario is not None
            res = scenario_fight(a.attacker, a.scenario, literal_two=literal_two)
            scen_deaths.append(res.p_blocker_dies[0])
            if bg:
                def_capital.append(_death_pmf(res.p_blocker_dies[0], a.scenario.exp))
        fights.append(res)
        att_deaths.append(res.p_attacker_dies)
        if bg:
            att_capital.append(_death_pmf(res.p_attacker_dies, a.attacker.exp))
    for r in raiders:
        raid_total += raid(r)
    def_total = np.convolve(point(raid_total), _convolve_all(def_capital))
    return AttackResult(
        defender_capital_loss=Distribution(def_total),
        attacker_capital_loss=Distribution(_convolve_all(att_capital)),
        defender_creatures_lost=Distribution(_sum_of_bernoullis(def_deaths)),
        attacker_creatures_lost=Distribution(_sum_of_bernoullis(att_deaths)),
        defender_scenarios_lost=Distribution(_sum_of_bernoullis(scen_deaths)),
        raid_damage=raid_total,
        fights=fights,
    )


def _convolve_all(pmfs: Sequence[Pmf]) -> Pmf:
    out = point(0)
    for pmf in pmfs:
        out = np.convolve(out, pmf)
    return out
