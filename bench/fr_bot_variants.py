"""Free Realms heuristic variants for the first-player study (issue 27 part 3, docs/game-health.md
"After part 3: fr"), for bench/fr_explore.py:

    PYTHONPATH=bench FV_BLOCK=6 FWLAB_NATIVE=0 .venv/bin/python bench/fr_explore.py -n 100 --bot fr_bot_variants:Var

Parameters come from the environment (FV_NAME=value), defaults reproduce HeuristicBot exactly:
FV_HUNT (value of an empty column to hunt in, 4), FV_BLOCK (extra value of playing opposite a foe,
which stops it hunting, 0), FV_AGG (the bot's aggression, 0), FV_INV (inventory target for face-down
cards, 5), FV_KILL (weight of destroying the foe in the attack value, 1), FV_STAR (weight of the
inventory difference in the attack value, 0.05), FV_PLAN (1: the Set Phase plays the first of the best
set of plays the coins buy, one a column, by the sum of the same column values, instead of the best
single play; 0), FV_SEAT (-1: the variant plays both seats; 0: only
when it is the first player, the default heuristic otherwise; 1: only when second).
"""
from __future__ import annotations

import os

from fwlab.bots.freerealms import heuristic as H
from fwlab.bots.freerealms.heuristic import HAND_ENOUGH, PLAY_A, HeuristicBot, act, creature_value
from fwlab.rules.freerealms.cards import COLLECT_HUNT, CREATURE

P = {k[3:].lower(): float(v) for k, v in os.environ.items() if k.startswith("FV_")}
HUNT = P.get("hunt", 4.0)
BLOCK = P.get("block", 0.0)
AGG = P.get("agg", 0.0)
INV = int(P.get("inv", 5))
SEAT = int(P.get("seat", -1))
KILL = P.get("kill", 1.0)
STAR = P.get("star", 0.05)   # -1 both seats, 0 only when first, 1 only when second
PLAN = bool(P.get("plan", 0))


class Var(HeuristicBot):
    def __init__(self, seed=0):
        super().__init__(seed, aggression=AGG, inventory_target=INV)

    def choose(self, g):
        if SEAT >= 0 and (g.decider != g.first) != bool(SEAT):
            return self.base_choose(g)
        return super().choose(g)

    def base_choose(self, g):
        b = getattr(self, "_base", None)
        if b is None:
            b = self._base = HeuristicBot(self.seed)
        return b.choose(g)

    def _go(self, g):
        p = g.decider
        s = g.seats[p]
        opp = g.seats[1 - p]
        best = None
        best_v = -1e9
        for c in s.spaces:
            if c is None or c.zapped or c.stunned:
                continue
            foe = opp.spaces[c.col]
            if foe is None or foe.stunned:
                return act(H.HUNT_A, c.iid)
            w, t = self.battle(g, c, foe, 0, 0)
            lose = 1.0 - w - t
            mine, theirs = creature_value(c.d) / 8.0, KILL * creature_value(foe.d) / 8.0
            v = w * (1.0 + theirs) - lose * mine - t * (mine - theirs)
            v += STAR * (len(s.inventory) - len(opp.inventory))
            if v > best_v:
                best_v, best = v, c
        bold = self.aggression
        if len(s.deck) + len(s.discard) < 4:
            bold = 1e9
        elif g.turn > 60:
            bold += 1.5
        elif self.starved(g, p):
            bold += 0.5
        if best is not None and best_v > -bold:
            return act(H.ATTACK_A, best.iid)
        return H.PASS

    def _set(self, g):
        p = g.decider
        s = g.seats[p]
        opp = g.seats[1 - p]
        coins = s.coins
        mine_v = [-1.0] * 3
        foes = [None] * 3
        piles = [0] * 3
        for col in range(3):
            mine = s.spaces[col]
            if mine is not None:
                mine_v[col] = creature_value(mine.d)
            foe = opp.spaces[col]
            if foe is not None and not foe.stunned:
                foes[col] = foe
            piles[col] = len(s.piles[col])
        best_iid = best_col = -1
        best_v = 0.0
        seen = []
        options = [[], [], []]   # per column: (value, card, iid) of each play worth making
        margin = self.chase_margin
        starved = self.starved(g, p)
        chase_bonus = 0.0
        if len(s.deck) + len(s.discard) < 4:
            margin, chase_bonus = -1000, 2.0
        elif starved:
            margin, chase_bonus = -1, 2.0
        elif len(s.hand) >= HAND_ENOUGH:
            margin = min(margin, 1)
        for iid in s.hand:
            dd = g.defs[iid]
            if dd.type != CREATURE or dd.cost > coins or dd in seen:
                continue
            seen.append(dd)
            if dd.hero and g.hero_in_play(p, dd.name):
                continue
            base = creature_value(dd)
            for col in range(3):
                v = base
                mv = mine_v[col]
                if mv >= 0.0:
                    if base - mv < margin:
                        continue
                    v = base - mv - 2.0 + chase_bonus
                foe = foes[col]
                if foe is None:
                    v += HUNT
                    if dd.collect_op == COLLECT_HUNT:
                        v += 1.5 * piles[col]
                else:
                    v += self._fight(g, p, dd, foe)
                    if mv < 0.0:
                        v += BLOCK   # the foe can no longer hunt
                v += 0.3 * piles[col]
                if v > 0.0:
                    options[col].append((v, dd, iid))
                if v > best_v:
                    best_v, best_iid, best_col = v, iid, col
        if PLAN and best_iid >= 0:
            best_iid, best_col = _plan(g, s, coins, options)
        if best_iid >= 0:
            return act(PLAY_A, best_iid, best_col)
        moved = self._move(g, p, coins, foes)
        if moved is not None:
            return moved
        return _rest(self, g, p, coins, starved)


def _plan(g, s, coins, options):
    """The first play (iid, column) of the best set of plays, at most one a column, the coins buy
    (each card in hand used at most as often as it is held, one Hero of a name)."""
    held = {}
    for iid in s.hand:
        held[g.defs[iid].uid] = held.get(g.defs[iid].uid, 0) + 1
    best = [0.0, -1, -1]
    used = {}

    def rec(col, left, total, first):
        if col == 3:
            if total > best[0]:
                best[:] = [total, first[1], first[2]]
            return
        rec(col + 1, left, total, first)
        for v, dd, iid in options[col]:
            if dd.cost > left or used.get(dd.uid, 0) >= held[dd.uid] or (dd.hero and used.get(dd.name)):
                continue
            used[dd.uid] = used.get(dd.uid, 0) + 1
            if dd.hero:
                used[dd.name] = 1
            rec(col + 1, left - dd.cost, total + v, first if first[0] >= v else (v, iid, col))
            used[dd.uid] -= 1
            if dd.hero:
                used.pop(dd.name)

    rec(0, coins, 0.0, (-1.0, -1, -1))
    return best[1], best[2]


def _rest(self, g, p, coins, starved):
    s = g.seats[p]
    hand = len(s.hand)
    if hand >= HAND_ENOUGH or starved:
        return H.PASS
    for iid in s.inventory:
        dd = g.defs[iid]
        if dd.coin_actions and not g.face_down[iid]:
            for i, a in enumerate(dd.actions):
                if (not a.in_battle and a.coins <= coins and not (a.zap and g.inv_zapped[iid])
                        and H._worth_drawing(a, hand)):
                    return act(H.COIN_A, iid, i)
    for c in s.spaces:
        if c is not None and c.d.coin_actions:
            for i, a in enumerate(c.d.actions):
                if (not a.in_battle and a.eff.op == H.OP_DRAW and a.coins <= coins
                        and not (a.zap and (c.zapped or c.stunned)) and H._worth_drawing(a, hand)):
                    return act(H.COIN_A, c.iid, i)
    return H.PASS
