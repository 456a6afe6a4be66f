"""The Conquest engine's search hooks (``conquest``, 3 to 5 seats) for the engine-neutral
``ismcts`` bot (:mod:`fwlab.bots.ismcts`). Compiled with the engine (fwlab/rulesets.py).

Hidden from seat ``p``: the other seats' hands (their sizes are known) and the order of the shared
deck. The board (its fields and difficulties are laid out face up, CQ-BOARD-1), the followers, the
coins and the discard pile are public.
"""

from __future__ import annotations

import math
import random

from fwlab.rules.lists import xorshift_shuffle as _shuffle

from ...rules.conquest.game import Game
from ...rules.core import Action
from ...rules.engines import SearchHooks
from .heuristic import HeuristicBot


def determinize(g: Game, p: int, rng: random.Random) -> None:
    """Re-deal, in place, what seat ``p`` cannot see: the other seats' hands together with the
    deck, each hand keeping its size."""
    pool: list[int] = list(g.deck)
    for s in g.seats:
        if s.idx != p:
            pool.extend(s.hand)
    pool.sort()   # the same pool whatever its hidden order: the deal depends on what p knows only
    _shuffle(pool, rng)
    k = 0
    for s in g.seats:
        if s.idx != p:
            n = len(s.hand)
            s.hand = pool[k:k + n]
            k += n
    g.deck = pool[k:]


def evaluate(g: Game) -> list[float]:
    """Each seat's value in [-1, 1]: 0.7 x its standing against each other seat (+1 ahead, -1
    behind, 0 tied, averaged; from the outcome's places once the game is over, else from the coins)
    plus 0.3 x tanh(its coin lead over the best other seat / 10) (the lookahead bot's evaluation)."""
    coins = [s.coins for s in g.seats]
    n = len(coins)
    out = g.outcome
    ret = out.returns() if out is not None else None
    vals: list[float] = []
    for p in range(n):
        best = -1_000_000
        place = 0.0
        for q in range(n):
            if q != p:
                if coins[q] > best:
                    best = coins[q]
                if ret is None:
                    place += (coins[p] > coins[q]) - (coins[p] < coins[q])
        standing = ret[p] if ret is not None else place / (n - 1)
        vals.append(0.7 * standing + 0.3 * math.tanh((coins[p] - best) / 10.0))
    return vals


def clock(g: Game) -> int:
    """Turns played (every player's turn counts one)."""
    return g.turn


def apply(g: Game, a: Action) -> None:
    g.apply(a)


def rollout(g: Game, bots: list[HeuristicBot], stop_turn: int) -> None:
    """Play on with the rollout bots (one per seat) until the game ends or, when ``stop_turn`` is
    0 or more, until the turn counter reaches it: the ``ismcts`` bot's leaf rollout, compiled."""
    while not g.is_terminal() and (stop_turn < 0 or g.turn < stop_turn):
        a = bots[g.current_player()].choose(g)
        g.apply(a)


#: the actions on a card in hand (its instance in the ``a`` slot)
HAND_KINDS: frozenset[str] = frozenset(("conquer", "fortify", "magic"))


def keys(g: Game, actions: list[Action]) -> list[object]:
    """The search tree's key of each action: a hand card's task by the card's name with its field
    and targets, an exchange by the two cards' names in either order (the engine lists each pair
    both ways, CQ-DRAW-2: one move), any other action by itself. Copies of a card in hand are one
    move, and an opponent's move is the same child in every determinization whichever re-dealt
    instance it uses (as Free Realms' keys, docs/bots.md)."""
    name_of = g.name_of
    out: list[object] = []
    for a in actions:
        k = a.kind
        if k == "exchange":
            x, y = name_of[a.a], name_of[a.b]
            out.append(("exchange", x, y) if x <= y else ("exchange", y, x))
        elif k in HAND_KINDS:
            out.append((k, name_of[a.a], a.b, a.c))
        else:
            out.append(a)
    return out


#: rollouts to the end of the game: the coins mid-game (what evaluate reads) say little of who wins,
#: as conquests spend coins that the fields only repay later (ismcts with horizon 4 won 0.02 of the
#: games one against three heuristics, horizon 0 far more: docs/bots.md); 400 iterations, as a
#: decision here costs a third of fw's and 200 left most of a tasks or exchange decision's 20-90
#: moves untried (one against three heuristics, 200 games on the same seeds: 0.37 at 200, 0.455 at
#: 400 with the keys; docs/bots.md)
HOOKS = SearchHooks(determinize=determinize, evaluate=evaluate, clock=clock, rollout_bot="heuristic",
                    rollout=rollout, keys=keys, defaults={"horizon": 0, "iters": 400})
