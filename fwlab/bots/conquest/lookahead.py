"""The strongest Conquest bot: determinized rollouts over the heuristic at the decisions that shape
a game (the free followers, hiring, and Complete Tasks).

At such a decision it takes a few candidate actions -- the heuristic's own, and for Complete Tasks
the richest conquests (one per field), one play of each other card name, and ``end`` -- and for each
plays ``rollouts`` futures from a copy of the game in which what the bot cannot see (the other
players' hands and the order of the deck) is reshuffled: the candidate first, then the heuristic for
every seat until the game ends. The rollouts of every candidate share their seeds (common random
numbers); a candidate other than the heuristic's replaces it only when its mean result beats the
heuristic's by ``margin``. A result is the seat's place against each other seat (+1 ahead, -1
behind, 0 tied, averaged) blended with its coin lead. It never sees hidden information.
"""

from __future__ import annotations

import math
import random

from ...rules.conquest.game import END, FOLLOWERS, HIRE, TASKS, Game
from ...rules.core import Action
from .heuristic import HeuristicBot


def evaluate(g: Game, p: int) -> float:
    """A finished (or cut-off) game's worth to seat ``p`` in [-1, 1]."""
    coins = [s.coins for s in g.seats]
    others = [c for i, c in enumerate(coins) if i != p]
    lead = coins[p] - max(others)
    if g.outcome is not None:
        place = g.outcome.returns()[p]
    else:
        place = sum((coins[p] > c) - (coins[p] < c) for c in others) / len(others)
    return 0.7 * place + 0.3 * math.tanh(lead / 10.0)


class LookaheadBot:
    name = "lookahead"

    def __init__(self, seed: int = 0, rollouts: int = 8, max_candidates: int = 6, margin: float = 0.05,
                 decisions: tuple[int, ...] = (FOLLOWERS, HIRE, TASKS)) -> None:
        self.rng = random.Random(seed)
        self.base = HeuristicBot(seed)
        self.rollouts = rollouts
        self.max_candidates = max_candidates
        self.margin = margin
        self.decisions = decisions   # the decisions it searches (the others are the heuristic's)

    def choose(self, g: Game) -> Action:
        plain = self.base.choose(g)
        d = g.decision
        if d not in self.decisions:
            return plain
        cands = [plain]
        for a in self._candidates(g):
            if a not in cands and len(cands) < self.max_candidates:
                cands.append(a)
        if len(cands) == 1:
            return plain
        p = g.decider
        seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts)]
        best, best_v = plain, sum(self._rollout(g, p, plain, s) for s in seeds) + self.margin * len(seeds)
        for a in cands[1:]:
            v = sum(self._rollout(g, p, a, s) for s in seeds)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _candidates(self, g: Game) -> list[Action]:
        legal = g.legal_actions()
        if g.decision != TASKS:
            return legal
        conquests: list[tuple[int, Action]] = []
        seen_fields: set[int] = set()
        others: list[Action] = []
        seen: set[tuple[str, str]] = set()
        for a in legal:
            if a.kind == "conquer":
                conquests.append((g.diff[a.b], a))
            elif a.kind != "end":
                key = (a.kind, g.defs[a.a].name)
                if key not in seen:
                    seen.add(key)
                    others.append(a)
        out: list[Action] = []
        conquests.sort(key=lambda x: (-x[0], g.defs[x[1].a].attack))   # the weakest troop that takes it
        for _, a in conquests:
            if a.b not in seen_fields:
                seen_fields.add(a.b)
                out.append(a)
            if len(seen_fields) >= 3:
                break
        out.extend(others)
        out.append(END)
        return out

    def _rollout(self, g: Game, p: int, first: Action, seed: int) -> float:
        c = g.clone(seed=seed)
        determinize(c, p, random.Random(seed))
        c.apply(first)
        bots = [HeuristicBot(0) for _ in range(c.num_seats)]
        while c.outcome is None:
            c.apply(bots[c.decider].choose(c))
        return evaluate(c, p)


def determinize(g: Game, p: int, rng: random.Random) -> None:
    """Reshuffle what seat ``p`` cannot see: the other seats' hands together with the deck (each
    keeps its hand size)."""
    pool = list(g.deck)
    for s in g.seats:
        if s.idx != p:
            pool.extend(s.hand)
    rng.shuffle(pool)
    i = 0
    for s in g.seats:
        if s.idx != p:
            k = len(s.hand)
            s.hand = pool[i:i + k]
            i += k
    g.deck = pool[i:]


__all__ = ["LookaheadBot", "determinize", "evaluate"]
