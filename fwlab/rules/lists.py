"""List helpers every engine's hot path uses: membership, removal and the Fisher-Yates shuffle on
lists of card ids (or field numbers), written once for all the games.

Plain typed Python importing nothing of fwlab, so that any compiled build (:mod:`fwlab.native`)
can hold it: the pure-Python engines import this module, and each engine's build compiles a private
copy of it (``fwlab.rules._lists_<engine>``, its imports rewritten in the build's copy of the package:
:func:`fwlab.native.builder.vendor`) in the engine's own group, so the calls are native and the C
compiler inlines them as it would the engine's own helpers. The source lives here only.

Compiled, ``x in cards`` and ``cards.remove(x)`` box every int they compare; the loops below compare
them unboxed. :func:`shuffle` draws exactly one ``rng.random()`` per card but the first, from the last
place down, so a seed deals the same cards whichever engine, pure Python or compiled, shuffles
(``random.shuffle`` would spend most of a game's setup in its bit-level rejection sampling).

>>> cards = [5, 3, 8]
>>> has(cards, 3), has(cards, 4)
(True, False)
>>> remove(cards, 3); cards
[5, 8]
>>> import random
>>> deck = list(range(6)); shuffle(deck, random.Random(1)); deck
[1, 2, 5, 3, 4, 0]
"""

from __future__ import annotations

import random


def has(cards: list[int], x: int) -> bool:
    """Whether ``cards`` holds ``x`` (``x in cards`` with the ints compared unboxed)."""
    for c in cards:
        if c == x:
            return True
    return False


def remove(cards: list[int], x: int) -> None:
    """Remove the first ``x`` from ``cards`` (``cards.remove(x)`` with the ints compared unboxed);
    ``ValueError`` naming ``x`` when it is not there."""
    for i in range(len(cards)):
        if cards[i] == x:
            del cards[i]
            return
    raise ValueError(f"card {x} is not there")


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place (Fisher-Yates): for each place ``i`` from the last down to 1, swap
    it with a place ``j`` in ``0..i`` drawn as ``int(rng.random() * (i + 1))``."""
    rnd = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def xorshift_shuffle(cards: list[int], rng: random.Random) -> None:
    """Fisher-Yates from one 32-bit draw of ``rng``: a xorshift32 generator (Marsaglia 2003) in the
    compiled code, not a call into ``random`` per card. The search bots' re-deal (they determinize once
    an iteration); never the games' own shuffle (:func:`shuffle`), whose draws the seeds fix."""
    x = rng.getrandbits(32) | 1
    for i in range(len(cards) - 1, 0, -1):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
