"""The strongest bot: sampled rollouts over the heuristic at the decisions that matter most.

At each Deploy, Attack and Block decision it compares styles of the heuristic (eager or patient
with events, economy first or creatures first; cautious, normal or bold in combat). For each style
it plays ``rollouts`` short futures (``horizon`` turns) from a copy of the game in which the hidden
cards (the opponent's hand and both decks) are reshuffled, the style deciding this step and the
plain heuristic everything after, and keeps the style with the best mean result. Everything else
is the heuristic's. It never sees hidden information.
"""

from __future__ import annotations

import random
from typing import Any

from ...rules.core import Action
from ...rules.daemornia.game import ATTACK, BLOCK, DEPLOY, Game
from ..rollouts import determinize
from .heuristic import HeuristicBot, unit_value


def evaluate(g: Game, p: int) -> float:
    """A game's worth to player ``p`` in [-1, 1]: the result if over, else Capital and board balance."""
    out = g.outcome
    if out is not None:
        return out.returns()[p]
    me, opp = g.seats[p], g.seats[1 - p]
    cap = g.cfg.capital
    board = sum(unit_value(u) for u in me.units + me.scenarios) - sum(unit_value(u) for u in opp.units + opp.scenarios)
    x = (me.capital - opp.capital) / cap + board / 60.0
    return max(-0.95, min(0.95, x))


#: The styles compared at each decision kind (keyword arguments of HeuristicBot); the middle one is
#: the plain heuristic, used when every style makes the same first move.
STYLES: dict[int, tuple[dict[str, Any], ...]] = {
    ATTACK: ({"aggression": -1.0}, {}, {"aggression": 1.0}),
    BLOCK: ({"aggression": -1.0}, {}, {"aggression": 1.0}),
    DEPLOY: ({"event_threshold": -1.0}, {}, {"event_threshold": 4.0}, {"scenario_first": False}),
}


class LookaheadBot:
    name = "lookahead"

    def __init__(self, seed: int = 0, rollouts: int = 6, horizon: int = 6,
                 styles: dict[int, tuple[dict[str, Any], ...]] | None = None) -> None:
        self.rng = random.Random(seed)
        self.base = HeuristicBot(seed)
        self.styles = styles if styles is not None else STYLES
        self.rollouts = rollouts
        self.horizon = horizon
        self._plan: tuple[tuple[int, int], HeuristicBot] | None = None

    def choose(self, g: Game) -> Action:
        styles = self.styles.get(g.decision)
        if styles:
            key = (g.turn, g.decision)
            if self._plan is None or self._plan[0] != key:
                self._plan = (key, HeuristicBot(0, **self._pick(g, key, styles)))
            return self._plan[1].choose(g)
        return self.base.choose(g)

    def _pick(self, g: Game, key: tuple[int, int], styles: tuple[dict[str, Any], ...]) -> dict[str, Any]:
        # fresh bots for every look: choosing caches plans, which must not leak into the real game
        firsts = [str(HeuristicBot(0, **st).choose(g)) for st in styles]
        plain = styles[len(styles) // 2]
        if len(set(firsts)) == 1:
            return plain
        p = g.decider
        best, best_v = plain, -1e9
        seen: set[str] = set()
        for st, first in zip(styles, firsts):
            if first in seen:  # same first move as a style already tried: the rollouts would differ little
                continue
            seen.add(first)
            total = sum(self._rollout(g, p, st, key) for _ in range(self.rollouts))
            if total > best_v + 1e-9:
                best, best_v = st, total
        return best

    def _rollout(self, g: Game, p: int, style: dict[str, Any], key: tuple[int, int]) -> float:
        c = g.clone(seed=self.rng.getrandbits(32))
        determinize(c, p, c.rng)
        stop = c.turn + self.horizon
        variant = HeuristicBot(0, **style)
        base = HeuristicBot(0)
        while not c.is_terminal() and c.turn < stop:
            bot = variant if (c.decider == p and (c.turn, c.decision) == key) else base
            c.apply(bot.choose(c))
        return evaluate(c, p)
