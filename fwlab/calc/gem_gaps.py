"""What average gems buy: the exact chance of winning a Free Realms battle at each attack/defense gap.

A battle (text 001, "Battle Sequence") compares attack + the attacker's flipped gems with defense +
the defender's flipped gems; the higher total wins and a tie destroys both creatures. With the
printed stats fixed, only their difference matters: the **gap** is your creature's stat minus the
foe's (your attack − its defense when you attack, your defense − its attack when you defend), and
the rest is the gems both decks flip. This module gives, for every gap, the exact P(win / tie / lose)
of one deck ("mine") against an opponent deck or against several opponents taken with equal weight
(an opponent drawn at random from them), from :func:`fwlab.calc.gems.battle_odds`.

Attacking or defending makes no difference to these odds: either way my creature wins when my stat +
my gems beats the foe's stat + its gems (it matters for what a win brings: only an attacker scores).

Model (that of :mod:`fwlab.calc.gems`): each flip is a uniformly random card of the whole deck,
the two flips independent; gems only (no power-ups, tricks or star actions).

>>> ones = FlipDeck.from_gem_lists([["order"]] * 40)      # every card has one gem
>>> [(r.gap, r.p_win, r.p_tie) for r in gap_odds(ones, [ones])]
[(-1, 0.0, 0.0), (0, 0.0, 1.0), (1, 1.0, 0.0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from .gems import FlipDeck, battle_odds

__all__ = ["GapOdds", "gap_odds", "gap_range", "odds_at_gap"]


@dataclass(frozen=True)
class GapOdds:
    """P(win / tie / lose) of "my" creature at one gap (the same attacking or defending)."""

    gap: int
    p_win: float
    p_tie: float
    p_lose: float

    def to_dict(self) -> dict[str, float | int]:
        return asdict(self)


def _gem_bounds(deck: FlipDeck) -> tuple[int, int]:
    counts = deck.gem_count_distribution()
    return min(counts), max(counts)


def gap_range(mine: FlipDeck, opponents: Iterable[FlipDeck]) -> range:
    """The gaps worth showing: every gap whose outcome is not certain, and one more on each side
    (where the battle is a sure loss and a sure win).

    My flip adds m gems and the foe's f, so I win at gap g when g + m > f. The outcome is certain
    below ``min f - max m`` (never better than a tie there: a sure loss one lower) and above
    ``max f - min m``; over several opponents the widest range counts.

    >>> zero_or_four = FlipDeck.from_gem_lists([[], ["chaos"] * 4])
    >>> gap_range(zero_or_four, [zero_or_four])
    range(-5, 6)
    """
    lo_m, hi_m = _gem_bounds(mine)
    bounds = [_gem_bounds(o) for o in opponents]
    if not bounds:
        raise ValueError("need at least one opponent deck")
    lo = min(lo_f for lo_f, _ in bounds) - hi_m
    hi = max(hi_f for _, hi_f in bounds) - lo_m
    return range(lo - 1, hi + 2)


def odds_at_gap(gap: int, mine: FlipDeck, foe: FlipDeck) -> GapOdds:
    """Exact odds at one gap against one opponent deck: :func:`battle_odds` with my creature
    attacking, its attack ``max(gap, 0)`` against the foe's defense ``max(-gap, 0)`` (only their
    difference counts)."""
    odds = battle_odds(max(gap, 0), max(-gap, 0), mine, foe)
    return GapOdds(gap, odds.p_win, odds.p_tie, odds.p_lose)


def gap_odds(mine: FlipDeck, opponents: Sequence[FlipDeck], gaps: Iterable[int] | None = None) -> list[GapOdds]:
    """Odds at each gap (default :func:`gap_range`) for ``mine`` against an opponent drawn at random
    from ``opponents`` (equal weights; pass ``[mine]`` for the mirror: the foe flips from the same
    deck)."""
    if not opponents:
        raise ValueError("need at least one opponent deck")
    gs = list(gap_range(mine, opponents) if gaps is None else gaps)
    k = len(opponents)
    out = []
    for g in gs:
        rows = [odds_at_gap(g, mine, o) for o in opponents]
        if k == 1:
            out.append(rows[0])
            continue
        out.append(GapOdds(g, sum(r.p_win for r in rows) / k, sum(r.p_tie for r in rows) / k,
                           sum(r.p_lose for r in rows) / k))
    return out
