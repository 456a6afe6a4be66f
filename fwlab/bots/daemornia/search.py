"""The Daemornia engine's search hooks (``fw``, ``fw-epic``, ``bg``) for the engine-neutral
``ismcts`` bot (:mod:`fwlab.bots.ismcts`): what a seat cannot see, re-dealt; a heuristic value of a
state; the turn clock. Compiled with the engine (fwlab/rulesets.py), so it is plain typed Python.

Hidden from seat ``p``: the opponent's hand (known: its size) and deck order, and ``p``'s own deck
order. Everything in play, both graveyards and the removed cards are public.
"""

from __future__ import annotations

import random

from fwlab.rules.lists import xorshift_shuffle as _shuffle

from ...rules.core import Action
from ...rules.daemornia.game import Game
from ...rules.engines import SearchHooks
from .heuristic import HeuristicBot, unit_value


def determinize(g: Game, p: int, rng: random.Random) -> None:
    """Re-deal, in place, what seat ``p`` cannot see: the opponent's hand with its deck (the hand
    keeps its size), then ``p``'s own deck order. Shuffled by :func:`_shuffle`."""
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
    """Each seat's value in [-1, 1]: the result once the game is over, else the Capital lead (per
    starting Capital) plus the board lead (creatures and Scenarios in play, in stat points / 60),
    clipped to +-0.95 (the lookahead bot's evaluation)."""
    out = g.outcome
    if out is not None:
        r = out.returns()
        return [r[0], r[1]]
    a, b = g.seats[0], g.seats[1]
    board = 0.0
    for u in a.units:
        board += unit_value(u)
    for u in a.scenarios:
        board += unit_value(u)
    for u in b.units:
        board -= unit_value(u)
    for u in b.scenarios:
        board -= unit_value(u)
    x = (a.capital - b.capital) / g.cfg.capital + board / 60.0
    x = -0.95 if x < -0.95 else 0.95 if x > 0.95 else x
    return [x, -x]


def clock(g: Game) -> int:
    """The game's turn counter (each player's turn counts one)."""
    return g.turn


def apply(g: Game, a: Action) -> None:
    """Apply an action known to be legal (from ``legal_actions``, or the heuristic's choice) without
    checking it again: ``Game.apply`` less its legality check (a search's copy records nothing)."""
    g._do(a)


def clone(g: Game, rng: random.Random) -> Game:
    """A copy for one iteration of the search, rolling its dice from the search's generator."""
    return g.clone(rng=rng)

def rollout(g: Game, bots: list[HeuristicBot], stop_turn: int) -> None:
    """Play on with the rollout bots (one per seat) until the game ends or, when ``stop_turn`` is
    0 or more, until the turn counter reaches it: the ``ismcts`` bot's leaf rollout, compiled."""
    while not g.is_terminal() and (stop_turn < 0 or g.turn < stop_turn):
        a = bots[g.current_player()].choose(g)
        g._do(a)


HOOKS = SearchHooks(determinize=determinize, evaluate=evaluate, clock=clock, rollout_bot="heuristic",
                    rollout=rollout, clone=clone, apply=apply)
