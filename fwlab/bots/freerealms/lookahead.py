"""The strongest Free Realms bot: determinized rollouts over the heuristic at the decisions that
matter most (the Set Phase, the Go Phase and the tricks of a battle).

At such a decision it takes the legal actions that differ (one per kind of card and space), and for
each plays ``rollouts`` futures from a copy of the game in which the hidden cards (the opponent's
hand and both decks) are reshuffled: the candidate first, then the heuristic for both players until
the game ends or ``horizon`` turns have passed. The rollouts of every candidate share their seeds
(common random numbers), and the candidate with the best mean result is played, though another than
the heuristic's own choice only when it beats it by ``margin`` on average (the estimates are noisy:
the best of several noisy means is biased upwards). Hunting is always taken as the heuristic takes it, and the inventory
choice is compared over heuristic styles (a target of 3, 5 or 8 inventory cards). It never sees
hidden information.
"""

from __future__ import annotations

import random
from typing import Any

from ...rules.core import Action
from ...rules.freerealms.game import GO, INVENTORY, SET, TRICKS, Game
from ..rollouts import determinize
from .heuristic import HeuristicBot, creature_value


def evaluate(g: Game, p: int) -> float:
    """A game's worth to player ``p`` in [-1, 1]: the result if over, else scored cards and board."""
    out = g.outcome
    if out is not None:
        return out.returns()[p]
    me, opp = g.seats[p], g.seats[1 - p]
    board = 0.0
    for c in me.spaces:
        if c is not None:
            board += creature_value(c.d)
    for c in opp.spaces:
        if c is not None:
            board -= creature_value(c.d)
    x = (me.scored - opp.scored) / 8.0 + board / 60.0 + (len(me.inventory) - len(opp.inventory)) / 40.0
    return max(-0.95, min(0.95, x))


#: The inventory styles compared (keyword arguments of HeuristicBot); the middle one is the plain heuristic.
INVENTORY_STYLES: tuple[dict[str, Any], ...] = ({"inventory_target": 3}, {}, {"inventory_target": 8})


class LookaheadBot:
    name = "lookahead"

    def __init__(self, seed: int = 0, rollouts: int = 16, horizon: int = 30, margin: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.base = HeuristicBot(seed)
        self.rollouts = rollouts
        self.horizon = horizon
        self.margin = margin   # another action must beat the heuristic's by this much on average

    def choose(self, g: Game) -> Action:
        d = g.decision
        plain = self.base.choose(g)
        if d == INVENTORY:
            cands = [HeuristicBot(0, **st).choose(g) for st in INVENTORY_STYLES]
        elif d in (GO, SET, TRICKS):
            if plain.kind == "hunt":
                return plain
            cands = self._candidates(g)
        else:
            return plain
        distinct: list[Action] = [plain]
        for a in cands:
            if a not in distinct:
                distinct.append(a)
        if len(distinct) == 1:
            return plain
        p = g.decider
        seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts)]
        base_v = 0.0
        for s in seeds:
            base_v += self._rollout(g, p, plain, s)
        best, best_v = plain, base_v + self.margin * len(seeds)
        for a in distinct[1:]:
            v = 0.0
            for s in seeds:
                v += self._rollout(g, p, a, s)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _candidates(self, g: Game) -> list[Action]:
        """The legal actions, one per kind of card (and space): copies of a card play alike."""
        out: list[Action] = []
        seen: set[tuple[str, str, int, int]] = set()
        for a in g.legal_actions():
            name = g.defs[a.a].name if a.a >= 0 else ""
            key = (a.kind, name, a.b, a.c)
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out

    def _rollout(self, g: Game, p: int, first: Action, seed: int) -> float:
        c = g.clone(seed=seed)
        determinize(c, p, random.Random(seed))
        c.apply(first)
        stop = c.turn + self.horizon
        bots = (HeuristicBot(0), HeuristicBot(0))
        while not c.is_terminal() and c.turn < stop:
            c.apply(bots[c.decider].choose(c))
        return evaluate(c, p)
