"""The Free Realms engine's search hooks (``fr``) for the engine-neutral ``ismcts`` bot
(:mod:`fwlab.bots.ismcts`). Compiled with the engine (fwlab/rulesets.py): plain typed Python.

Hidden from seat ``p``: the opponent's hand, deck order and face-down inventory cards (their number
and places are known, FR-INV-1), and every score pile (scored face down from the top of a deck,
FR-SCORE-1, so its owner has not seen them either); ``p``'s own deck order. ``p``'s own face-down
inventory cards, the discard piles, the cards in play and the battle's cards are known.
"""

from __future__ import annotations

import random

from fwlab.rules.lists import xorshift_shuffle as _shuffle

from ...rules.core import Action
from ...rules.engines import SearchHooks
from ...rules.freerealms.game import Game
from .heuristic import HeuristicBot, creature_value


def determinize(g: Game, p: int, rng: random.Random) -> None:
    """Re-deal, in place, what seat ``p`` cannot see. The opponent's hand, deck, face-down
    inventory cards and score piles are pooled and dealt back to the same places (each zone keeps
    its size; a face-down inventory place keeps its zapped state); then ``p``'s deck and score piles
    are pooled and dealt back the same way."""
    o = g.seats[1 - p]
    fd = g.face_down
    zapped = g.inv_zapped
    slots: list[int] = []   # indexes in o.inventory of its face-down cards
    pool: list[int] = list(o.hand)
    pool.extend(o.deck)
    for i in range(len(o.inventory)):
        iid = o.inventory[i]
        if fd[iid]:
            slots.append(i)
            pool.append(iid)
    for pile in o.piles:
        pool.extend(pile)
    pool.sort()   # the same pool whatever its hidden order: the deal depends on what p knows only
    _shuffle(pool, rng)
    k = 0
    for i in range(len(o.hand)):
        o.hand[i] = pool[k]
        k += 1
    for i in range(len(o.deck)):
        o.deck[i] = pool[k]
        k += 1
    states: list[bool] = []   # the zapped state of each face-down place, read before any is dealt
    for i in slots:
        old = o.inventory[i]
        states.append(zapped[old])
        fd[old] = False
        zapped[old] = False
    for j in range(len(slots)):
        new = pool[k]
        k += 1
        o.inventory[slots[j]] = new
        fd[new] = True
        zapped[new] = states[j]
    for pile in o.piles:
        for i in range(len(pile)):
            pile[i] = pool[k]
            k += 1
    me = g.seats[p]
    mine: list[int] = list(me.deck)
    for pile in me.piles:
        mine.extend(pile)
    mine.sort()
    _shuffle(mine, rng)
    k = 0
    for i in range(len(me.deck)):
        me.deck[i] = mine[k]
        k += 1
    for pile in me.piles:
        for i in range(len(pile)):
            pile[i] = mine[k]
            k += 1


def evaluate(g: Game) -> list[float]:
    """Each seat's value in [-1, 1]: the result once the game is over, else the score lead (per 8
    cards), the board lead (creatures in play, stat points / 60) and the inventory lead (per 40),
    clipped to +-0.95 (the lookahead bot's evaluation)."""
    out = g.outcome
    if out is not None:
        r = out.returns()
        return [r[0], r[1]]
    a, b = g.seats[0], g.seats[1]
    board = 0.0
    for c in a.spaces:
        if c is not None:
            board += creature_value(c.d)
    for c in b.spaces:
        if c is not None:
            board -= creature_value(c.d)
    x = (a.scored - b.scored) / 8.0 + board / 60.0 + (len(a.inventory) - len(b.inventory)) / 40.0
    x = -0.95 if x < -0.95 else 0.95 if x > 0.95 else x
    return [x, -x]


def clock(g: Game) -> int:
    """The game's turn counter (each player's turn counts one)."""
    return g.turn


def apply(g: Game, a: Action) -> None:
    g.apply(a)


def rollout(g: Game, bots: list[HeuristicBot], stop_turn: int) -> None:
    """Play on with the rollout bots (one per seat) until the game ends or, when ``stop_turn`` is
    0 or more, until the turn counter reaches it: the ``ismcts`` bot's leaf rollout, compiled."""
    while not g.is_terminal() and (stop_turn < 0 or g.turn < stop_turn):
        a = bots[g.current_player()].choose(g)
        g.apply(a)


#: the actions on a card in hand (its instance in the ``a`` slot): copies of a card play alike
HAND_KINDS: frozenset[str] = frozenset(("play", "trick", "resource", "facedown", "discard"))


def keys(g: Game, actions: list[Action]) -> list[object]:
    """The search tree's key of each action: a hand card's action by the card's name (two copies
    of a card in hand, or the opponent's re-dealt hand in another determinization, play alike;
    the lookahead bot compares them the same way), any other action by itself (creatures in play
    differ by their column and state)."""
    defs = g.defs
    out: list[object] = []
    for a in actions:
        if a.kind in HAND_KINDS and a.a >= 0:
            out.append((a.kind, defs[a.a].name, a.b, a.c))
        else:
            out.append(a)
    return out


#: 400 iterations a decision (docs/bots.md): at the general 200, ismcts beat the heuristic by 0.575
#: and tied lookahead over 400 games a pairing; at 400, 0.625 and 0.589 (fwlab bots ladder --ruleset
#: fr --bots heuristic,lookahead,ismcts:iters=400 -n 400 --seed 1 --workers 2), at 8 s a game
HOOKS = SearchHooks(determinize=determinize, evaluate=evaluate, clock=clock, rollout_bot="heuristic",
                    rollout=rollout, keys=keys, defaults={"iters": 400})
