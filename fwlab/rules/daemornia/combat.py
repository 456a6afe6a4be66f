"""Combat: blocks, objectives of attackers, the D6 rolls and the simultaneous Resolution.

FW-COMBAT-2: each blocker blocks one attacker (a ``guardian`` may block several); every blocker
strikes the attacker it blocks; the attacker strikes one of its blockers, chosen by the attacking
player. FW-COMBAT-4: unchallenged attackers Raid, attack a Scenario, or aid an ally. FW-RESOLVE-1:
all strikes are rolled, then all damage is applied together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action
from . import effects
from .decisions import ASSIGN, BLOCK, DEFEND
from .state import LOST_RAID

if TYPE_CHECKING:
    from .game import Game
    from .state import Unit


def need_to_hit(att: int, dfn: int) -> int:
    """FW-HIT-1: the D6 roll needed, clamp(4 + Def - Att, 2, 6) (Att 0 never strikes: FW-HIT-3).

    >>> need_to_hit(3, 4), need_to_hit(6, 4), need_to_hit(1, 10)
    (5, 2, 6)
    """
    n = 4 + dfn - att
    return 2 if n < 2 else 6 if n > 6 else n


def hits(roll: int, att: int, dfn: int, literal_two: bool = False) -> bool:
    """FW-HIT-2: a natural 1 always misses and a natural 6 always hits (BG-HIT-2: optionally a 2 misses too)."""
    if roll == 1 or (literal_two and roll == 2):
        return False
    if roll == 6:
        return True
    return roll >= need_to_hit(att, dfn)


def can_block_any(g: Game) -> bool:
    """Whether the defender has any legal block left (FW-PASS-1: else the Block decision is skipped)."""
    blocking = g.blocking
    unit_at = g.unit_at
    for u in g.seats[1 - g.active].units:
        if u.locked:
            continue
        taken = blocking.get(u.iid)
        if taken is not None and len(taken) >= u.guardian:
            continue
        for a in g.attackers:
            au = unit_at[a]
            if au is not None and not au.elusive and (taken is None or a not in taken):
                return True
    return False


def do_block(g: Game, b: int, a: int) -> None:
    g.blocks.setdefault(a, []).append(b)
    g.blocking.setdefault(b, []).append(a)


def next_unassigned(g: Game) -> int | None:
    for a in g.attackers:
        if a not in g.assign and g.unit_at[a] is not None:
            return a
    return None


def auto_assign(g: Game) -> None:
    """Objectives with a single possible choice are taken without asking (no decision is recorded)."""
    opp = g.seats[1 - g.active]
    any_blocked = False
    for x in g.attackers:
        if g.blocks.get(x):
            any_blocked = True
            break
    for a in g.attackers:
        if a in g.assign or g.unit_at[a] is None:
            continue
        bl = g.blocks.get(a)
        if bl:
            if len(bl) == 1:
                g.assign[a] = ("strike", bl[0])
        elif not opp.scenarios and not any_blocked:
            g.assign[a] = ("raid", -1)


def attackers_of(g: Game, scenario: int) -> list[int]:
    """The living attackers whose objective is ``scenario``."""
    return [a for a in g.attackers if g.unit_at[a] is not None and g.assign.get(a) == ("scenario", scenario)]


def auto_strikeback(g: Game) -> None:
    """FW-SCEN-2: a Scenario (with Att > 0) attacked by one creature strikes back at it, no choice."""
    for sc in g.seats[1 - g.active].scenarios:
        if sc.att > 0 and sc.iid not in g.strikeback:
            attackers = attackers_of(g, sc.iid)
            if len(attackers) == 1:
                g.strikeback[sc.iid] = attackers[0]


def next_scenario_to_defend(g: Game) -> int | None:
    """The next attacked Scenario whose owner must choose which attacker it strikes back at."""
    for sc in g.seats[1 - g.active].scenarios:
        if sc.att > 0 and sc.iid not in g.strikeback and len(attackers_of(g, sc.iid)) > 1:
            return sc.iid
    return None


def why_illegal(g: Game, act: Action) -> str | None:
    k = act.kind
    if k == "strikeback":
        if g.decision != DEFEND:
            return "a Scenario's strike back is chosen after the attackers' objectives"
        sc = next_scenario_to_defend(g)
        if act.a != sc:
            return f"choose the strike back of Scenario {sc} first"
        if act.b not in attackers_of(g, act.a):
            return "a Scenario strikes back at one of the creatures attacking it (FW-SCEN-2)"
        return None
    if k == "block":
        if g.decision != BLOCK:
            return "blockers are declared after the attackers"
        b = g.unit(act.a)
        if b is None or b.owner != g.decider or not b.is_creature:
            return "only your creatures in play can block"
        if b.locked:
            return "a locked creature cannot block (FW-LOCK-1)"
        au = g.unit(act.b)
        if act.b not in g.attackers or au is None:
            return "that card is not attacking"
        if au.elusive:
            return "an elusive attacker cannot be blocked (KW-ELUSIVE)"
        taken = g.blocking.get(b.iid)
        if taken is not None and act.b in taken:
            return "it already blocks that attacker"
        if taken is not None and len(taken) >= b.guardian:
            return "a defender blocks only one attacker unless a card allows more (FW-COMBAT-2)"
        return None
    if g.decision != ASSIGN:
        return "objectives are chosen after the blocks"
    a = next_unassigned(g)
    if act.a != a:
        return f"choose the objective of attacker {a} first"
    bl = g.blocks.get(a, [])
    if k == "strike":
        return None if act.b in bl else "the attacker strikes one of its own blockers"
    if bl:
        return "a blocked attacker fights its blockers (FW-COMBAT-3)"
    if k == "raid":
        return None
    if k == "scenario":
        u = g.unit(act.b)
        if u is None or not u.is_scenario or u.owner == g.active:
            return "attack one of the opponent's Scenarios"
        return None
    if k == "aid":
        for other in g.attackers:
            ob = g.blocks.get(other)
            if other != a and ob is not None and act.b in ob:
                return None
        return "an aiding attacker strikes a blocker in an ally's fight (FW-COMBAT-4)"
    return f"unknown objective {k!r}"


def do_assign(g: Game, act: Action) -> None:
    # auto_assign ran when the Assign decision opened; nothing it looks at (blocks, Scenarios)
    # can change before the last objective is chosen, so it has nothing more to take
    g.assign[act.a] = (act.kind, act.b)


def _strike(g: Game, striker: Unit, target: Unit, pending: dict[int, int], bonus: int, lit2: bool) -> None:
    if striker.att <= 0:  # FW-HIT-3: Att 0 never strikes
        return
    if g.forced_dice is None:
        r = int(g.rng.random() * 6) + 1
        if g.recording:
            g.record.dice.append(r)
    else:
        r = g.roll()  # the dice given in order (positions)
    if r == 1 or (lit2 and r == 2):
        return
    if r != 6:
        n = 4 + target.dfn - striker.att
        if r < (2 if n < 2 else 6 if n > 6 else n):
            return
    dmg = striker.dmg + bonus - target.shield  # KW-SHIELD
    if dmg > 0:
        pending[target.iid] = pending.get(target.iid, 0) + dmg
        if g.log_cards:
            g.damage_dealt[striker.iid] += dmg


def roll_and_resolve(g: Game) -> None:
    """FW-RESOLVE-1: roll every strike, then apply all damage and raids at once, then remove the dead."""
    unit_at = g.unit_at
    lit2 = g.cfg.literal_two
    pending: dict[int, int] = {}
    raid = 0
    for a in g.attackers:
        au = unit_at[a]
        if au is None:
            continue
        obj = g.assign.get(a)
        kind, t = ("raid", -1) if obj is None else obj
        if kind == "raid":
            raid += au.dmg + au.raider  # FW-RAID-1, KW-RAIDER
            if g.log_cards:
                g.damage_dealt[a] += au.dmg + au.raider
        elif kind == "scenario":
            tu = unit_at[t] if t >= 0 else None
            if tu is not None:
                _strike(g, au, tu, pending, au.siege, lit2)  # KW-SIEGE
                if g.strikeback.get(t) == a:                 # FW-SCEN-1/2: it strikes back once, at this one
                    _strike(g, tu, au, pending, 0, lit2)
        else:  # strike or aid
            tu = unit_at[t] if t >= 0 else None
            if tu is not None:
                _strike(g, au, tu, pending, 0, lit2)
        bl = g.blocks.get(a)
        if bl is not None:
            for b in bl:
                bu = unit_at[b]
                if bu is not None:
                    _strike(g, bu, au, pending, 0, lit2)
    for iid, dmg in pending.items():
        du = unit_at[iid]
        assert du is not None
        du.damage += dmg
    if raid:
        g._lose_capital(1 - g.active, raid, check=False, cause=LOST_RAID)
    if pending:  # only a card that took damage now can have died
        effects.check_deaths(g, check_end=False)
    g._check_end()  # FW-END-1: raids, Exp losses and last gasps of this Resolution, together


def resolve(g: Game) -> None:
    """End of Resolution: temporary modifications end (FW-RESOLVE-2); Capital is checked (FW-END-1)."""
    if g.buffed:
        for iid in g.buffed:
            u = g.unit_at[iid]
            if u is not None:
                b = u.buff
                if b[0] or b[1] or b[2]:
                    b[0] = b[1] = b[2] = 0
                    u.refresh()
        g.buffed = []
    g.attackers.clear()   # emptied in place: a combat happens every turn
    g.blocks.clear()
    g.blocking.clear()
    g.assign.clear()
    g.strikeback.clear()
    g._check_end()
