"""The strongest Eredan bot: determinized rollouts over the heuristic at the pairing (CHOOSE) and
at each card of a fight (PLAY).

At such a decision it takes the legal actions that differ (one per kind of card and ally target,
or per pair of characters), and for each plays ``rollouts`` futures from a copy of the game in which
what it cannot see is reshuffled (the opponent's hand with the opponent's deck, and the order of
its own deck): the candidate first, then the heuristic for both players until the game ends or
``horizon`` turns have passed. The rollouts of every candidate share their seeds (common random
numbers), and the candidate with the best mean result is played, though another than the
heuristic's own choice only when it beats it by ``margin`` on average (the best of several noisy
means is biased upwards). Discards are the heuristic's. It never sees hidden information.
"""

from __future__ import annotations

import random

from ...rules.core import Action
from ...rules.eredan.game import CHOOSE, PLAY, Game
from ..rollouts import determinize
from .heuristic import HeuristicBot


def evaluate(g: Game, p: int) -> float:
    """A game's worth to player ``p`` in [-1, 1]: the result if over, else the score and the living."""
    out = g.outcome
    if out is not None:
        return out.returns()[p]
    me, op = g.seats[p], g.seats[1 - p]
    alive = 0
    for c in me.chars:
        if not c.dead:
            alive += 1
    for c in op.chars:
        if not c.dead:
            alive -= 1
    x = (me.score - op.score) / 25.0 + alive * 0.15
    return max(-0.95, min(0.95, x))


class LookaheadBot:
    name = "lookahead"

    def __init__(self, seed: int = 0, rollouts: int = 12, horizon: int = 40, margin: float = 0.05,
                 at: str = "both") -> None:
        self.rng = random.Random(seed)
        self.base = HeuristicBot(seed)
        self.rollouts = rollouts
        self.horizon = horizon
        self.margin = margin  # another action must beat the heuristic's by this much on average
        self.at = at          # the decisions searched: both, choose or play

    def choose(self, g: Game) -> Action:
        plain = self.base.choose(g)
        if g.decision != CHOOSE and g.decision != PLAY:
            return plain
        if (self.at == "choose" and g.decision != CHOOSE) or (self.at == "play" and g.decision != PLAY):
            return plain
        distinct: list[Action] = [plain]
        for a in self._candidates(g):
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
        """The legal actions, one per kind of card and target (copies of a card play alike)."""
        out: list[Action] = []
        seen: set[tuple[str, str, int]] = set()
        for a in g.legal_actions():
            name = g.defs[a.a].name if a.kind == "play" else str(a.a)
            key = (a.kind, name, a.b)
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out

    def _rollout(self, g: Game, p: int, first: Action, seed: int) -> float:
        c = g.clone(seed=seed)
        determinize(c, p, random.Random(seed))
        c.apply_unchecked(first)
        stop = c.turn + self.horizon
        bots = (HeuristicBot(0), HeuristicBot(0))
        while not c.is_terminal() and c.turn < stop:
            c.apply_unchecked(bots[c.decider].choose(c))
        return evaluate(c, p)
