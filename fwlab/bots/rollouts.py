"""What the lookahead bots of the two-seat card games share: hiding what a player cannot see.

A determinized rollout plays a copy of the game in which the hidden cards are dealt anew: the
opponent's hand with its deck, and the player's own deck order. Any game whose seats have ``hand``
and ``deck`` lists of card instances works (fw/bg, fr, eredan).
"""

from __future__ import annotations

import random
from typing import Any


def determinize(g: Any, p: int, rng: random.Random) -> None:
    """Reshuffle what player ``p`` cannot see: the opponent's hand with its deck, and ``p``'s own deck."""
    opp = g.seats[1 - p]
    pool = opp.hand + opp.deck
    rng.shuffle(pool)
    k = len(opp.hand)
    opp.hand[:] = pool[:k]
    opp.deck[:] = pool[k:]
    rng.shuffle(g.seats[p].deck)
