"""The strongest Free Realms bot: sampled rollouts over styles of the heuristic at the decisions that
matter most (the Set Phase, the Go Phase and the tricks of a battle).

At each such decision it compares styles of the heuristic (cautious, plain or bold attacks; an
inventory target of 3, 5 or 7; tricks kept or spent freely). For each style it plays ``rollouts``
short futures (``horizon`` turns) from a copy of the game in which the hidden cards (the opponent's
hand and both decks) are reshuffled, the style deciding this step and the plain heuristic
everything after, and keeps the style with the best mean result. It never sees hidden information.
"""

from __future__ import annotations

import random
from typing import Any

from ...rules.core import Action
from ...rules.freerealms.game import GO, INVENTORY, SET, TRICKS, Game
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


#: The styles compared at each decision kind (keyword arguments of HeuristicBot); the middle one is
#: the plain heuristic, used when every style makes the same first move.
STYLES: dict[int, tuple[dict[str, Any], ...]] = {
    GO: ({"aggression": -0.3}, {}, {"aggression": 0.4}),
    SET: ({"chase_margin": 100}, {}, {"chase_margin": 1}),
    INVENTORY: ({"inventory_target": 3}, {}, {"inventory_target": 8}),
    TRICKS: ({"trick_threshold": 0.4}, {}, {"trick_threshold": -0.05}),
}


class LookaheadBot:
    name = "lookahead"

    def __init__(self, seed: int = 0, rollouts: int = 8, horizon: int = 4,
                 styles: dict[int, tuple[dict[str, Any], ...]] | None = None) -> None:
        self.rng = random.Random(seed)
        self.base = HeuristicBot(seed)
        self.styles = styles if styles is not None else STYLES
        self.rollouts = rollouts
        self.horizon = horizon

    def choose(self, g: Game) -> Action:
        styles = self.styles.get(g.decision)
        if not styles:
            return self.base.choose(g)
        firsts = [HeuristicBot(0, **st).choose(g) for st in styles]
        plain = len(styles) // 2
        if all(a == firsts[plain] for a in firsts):
            return firsts[plain]
        p = g.decider
        best, best_v = plain, -1e9
        seen: list[Action] = []
        for i in range(len(styles)):
            if firsts[i] in seen:
                continue
            seen.append(firsts[i])
            total = 0.0
            for _ in range(self.rollouts):
                total += self._rollout(g, p, firsts[i])
            if total > best_v + 1e-9:
                best, best_v = i, total
        return firsts[best]

    def _rollout(self, g: Game, p: int, first: Action) -> float:
        c = g.clone(seed=self.rng.getrandbits(32))
        _determinize(c, p, c.rng)
        c.apply(first)
        stop = c.turn + self.horizon
        bots = (HeuristicBot(0), HeuristicBot(0))
        while not c.is_terminal() and c.turn < stop:
            c.apply(bots[c.decider].choose(c))
        return evaluate(c, p)


def _determinize(g: Game, p: int, rng: random.Random) -> None:
    """Reshuffle what player ``p`` cannot see: the opponent's hand with its deck, and ``p``'s own deck."""
    opp = g.seats[1 - p]
    pool = opp.hand + opp.deck
    rng.shuffle(pool)
    k = len(opp.hand)
    opp.hand[:] = pool[:k]
    opp.deck[:] = pool[k:]
    rng.shuffle(g.seats[p].deck)
