"""The Tiny Duel heuristic bot (fwlab's ``random`` bot comes free with every engine).

It looks one action ahead with plain rules of thumb, in this order:

1. lethal: when its ready fighters and bolts can take the enemy seat's last Life, it goes for the
   seat (a bolt at the seat, a strike at the seat, or a strike that clears the last blocker);
2. a bolt that destroys the most expensive enemy fighter it can;
3. strikes worth making: what a strike destroys minus what it loses, by cost; a strike that
   survives and leaves its target for the other ready fighters to finish counts half; strikes
   the seat when the enemy line is empty;
4. the most expensive fighter it can play, then Life when low (mend) or cards when few (draw);
5. otherwise ``end``.

It uses no randomness, so it is the same bot whatever its seed (the engine may reuse it).
"""

from __future__ import annotations

from fwlab.rules.core import Action

from .cards import FIGHTER
from .game import END, Fighter, Game

LOW_LIFE = 6       #: below this the bot casts a mend spell
FEW_CARDS = 2      #: with this many cards or fewer in hand it casts a draw spell


def _hit(f: Fighter, amount: int) -> int:
    return max(0, amount - 1) if f.d.sturdy else amount


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, g: Game) -> Action:
        acts = g.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me, foe = g.seats[g.active], g.seats[1 - g.active]
        d = g.defs
        plays = [a for a in acts if a.kind == "play"]
        casts = [a for a in acts if a.kind == "cast"]
        strikes = [a for a in acts if a.kind == "strike"]

        # 1. lethal at the seat
        bolts_at_seat = [a for a in casts if d[a.a].effect == "bolt" and a.b == -1]
        reach = sum(d[a.a].amount for a in bolts_at_seat[:1])
        if not foe.line:
            reach += sum(f.d.power for f in me.line if f.ready)
            at_seat = [a for a in strikes if a.b == -1]
            if at_seat and reach >= foe.life:
                return at_seat[0]
        if bolts_at_seat and d[bolts_at_seat[0].a].amount >= foe.life:
            return bolts_at_seat[0]

        # 2. a bolt that destroys the best enemy fighter it can
        best: tuple[int, Action] | None = None
        for a in casts:
            if d[a.a].effect != "bolt" or a.b == -1:
                continue
            t = next(f for f in foe.line if f.iid == a.b)
            if t.damage + _hit(t, d[a.a].amount) >= t.d.guard and (best is None or t.d.cost > best[0]):
                best = (t.d.cost, a)
        if best is not None and best[0] >= d[best[1].a].cost:
            return best[1]

        # 3. strikes worth making: each valued as what it destroys minus what it loses (a fighter
        #    is worth twice its cost plus one), a strike that survives and lets the other ready
        #    fighters finish its target counted as half a kill; the seat when the line is empty
        good: tuple[float, Action] | None = None
        for a in strikes:
            f = next(x for x in me.line if x.iid == a.a)
            if a.b == -1:
                return a
            t = next(x for x in foe.line if x.iid == a.b)
            left = t.d.guard - t.damage - _hit(t, f.d.power)
            dies = f.damage + _hit(f, t.d.power) >= f.d.guard
            others = sum(_hit(t, x.d.power) for x in me.line if x.ready and x is not f)
            value = 0.0
            if left <= 0:
                value += 2 * t.d.cost + 1
            elif not dies and others >= left:
                value += t.d.cost + 0.5
            if dies:
                value -= 2 * f.d.cost + 1
            if len(foe.line) == 1 and left <= 0:
                value += 1   # clears the way to the seat
            if value > 0 and (good is None or value > good[0]):
                good = (value, a)
        if good is not None:
            return good[1]

        # 4. develop: the most expensive fighter, then mend when low, draw when short of cards
        if plays:
            return max(plays, key=lambda a: (d[a.a].cost, d[a.a].power + d[a.a].guard, -a.a))
        for a in casts:
            eff = d[a.a].effect
            if (eff == "mend" and me.life < LOW_LIFE) or (eff == "draw" and len(me.hand) <= FEW_CARDS + 1):
                return a
        # a spare bolt at the seat late in the game, when nothing else needs the sparks
        if bolts_at_seat and not any(d[i].kind == FIGHTER for i in me.hand) and g.sparks >= d[bolts_at_seat[0].a].cost:
            return bolts_at_seat[0]
        return END
