"""The Eredan engine's search hooks (``eredan``) for the engine-neutral ``ismcts`` bot
(:mod:`fwlab.bots.ismcts`). Compiled with the engine (fwlab/rulesets.py): plain typed Python.

Hidden from seat ``p``: the opponent's hand (its size is known) and deck order, and ``p``'s own
deck order. The characters, their items and Life, the discard piles and every card played in a
fight are public.
"""

from __future__ import annotations

import random

from fwlab.rules.lists import xorshift_shuffle as _shuffle

from ...rules.core import Action
from ...rules.engines import SearchHooks
from ...rules.eredan.game import Game
from .heuristic import HeuristicBot


def determinize(g: Game, p: int, rng: random.Random) -> None:
    """Re-deal, in place, what seat ``p`` cannot see: the opponent's hand with its deck (the hand
    keeps its size), then ``p``'s own deck order."""
    opp = g.seats[1 - p]
    pool = opp.hand + opp.deck
    pool.sort()   # the same pool whatever its hidden order: the deal depends on what p knows only
    _shuffle(pool, rng)
    k = len(opp.hand)
    opp.hand[:] = pool[:k]
    opp.deck[:] = pool[k:]
    mine = g.seats[p].deck
    mine.sort()
    _shuffle(mine, rng)


def evaluate(g: Game) -> list[float]:
    """Each seat's value in [-1, 1]: the result once the game is over, else the score lead (per 25)
    and 0.15 per living character more, clipped to +-0.95 (the lookahead bot's evaluation)."""
    out = g.outcome
    if out is not None:
        r = out.returns()
        return [r[0], r[1]]
    a, b = g.seats[0], g.seats[1]
    alive = 0
    for c in a.chars:
        if not c.dead:
            alive += 1
    for c in b.chars:
        if not c.dead:
            alive -= 1
    x = (a.score - b.score) / 25.0 + alive * 0.15
    x = -0.95 if x < -0.95 else 0.95 if x > 0.95 else x
    return [x, -x]


def clock(g: Game) -> int:
    """The game's turn counter."""
    return g.turn


def apply(g: Game, a: Action) -> None:
    """Apply an action the search took from ``legal_actions`` (so it is not checked again)."""
    g.apply_unchecked(a)


def rollout(g: Game, bots: list[HeuristicBot], stop_turn: int) -> None:
    """Play on with the rollout bots (one per seat) until the game ends or, when ``stop_turn`` is
    0 or more, until the turn counter reaches it: the ``ismcts`` bot's leaf rollout, compiled."""
    while not g.is_terminal() and (stop_turn < 0 or g.turn < stop_turn):
        a = bots[g.current_player()].choose(g)
        g.apply_unchecked(a)


HOOKS = SearchHooks(determinize=determinize, evaluate=evaluate, clock=clock, rollout_bot="heuristic",
                    rollout=rollout, apply=apply)
