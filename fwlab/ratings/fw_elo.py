"""Elo as Fallen Worlds Online defines it (seed ``000_…``, "Elo Ranking", and RULINGS.md).

Everyone starts at 1000. The winner gains G and the loser loses G, with

    G = clamp(10 + trunc((R_loser - R_winner) / 50), 5, 20)

where trunc rounds toward zero: one point more (or less) per full 50 points of difference.
Only games that reached four turns count; a draw changes nothing. A forfeit (``forfeit`` or
``timeout`` end reason) after four turns is an ordinary loss for the forfeiter, which the
``winner`` column of the match log already records; before four turns it changes nothing.
"""

from __future__ import annotations

from typing import Final

#: Every new player's rating.
FW_START: Final[int] = 1000
#: The base gain, the per-difference step, and the clamp of the gain.
FW_BASE: Final[int] = 10
FW_STEP: Final[int] = 50
FW_MIN_GAIN: Final[int] = 5
FW_MAX_GAIN: Final[int] = 20
#: Games shorter than this many turns (one player's turn each) do not change ratings.
RATED_MIN_TURNS: Final[int] = 4


def trunc_div(numerator: int, denominator: int) -> int:
    """Integer division rounding toward zero (Python's ``//`` rounds toward minus infinity).

    >>> trunc_div(75, 50), trunc_div(-75, 50), -75 // 50
    (1, -1, -2)
    """
    q = abs(numerator) // abs(denominator)
    return q if (numerator >= 0) == (denominator > 0) else -q


def fw_gain(winner_rating: int, loser_rating: int) -> int:
    """Points the winner gains (and the loser loses) under the game's rule.

    >>> fw_gain(1000, 1100)   # the text's example: the lower-rated player wins
    12
    >>> fw_gain(1100, 1000)   # the higher-rated player wins
    8
    >>> fw_gain(1000, 1075), fw_gain(1075, 1000)   # trunc toward zero: 1.5 -> 1, -1.5 -> -1
    (11, 9)
    >>> fw_gain(1000, 2000), fw_gain(2000, 1000)   # clamped to [5, 20]
    (20, 5)
    """
    gain = FW_BASE + trunc_div(loser_rating - winner_rating, FW_STEP)
    return min(FW_MAX_GAIN, max(FW_MIN_GAIN, gain))


def is_rated(turns: int) -> bool:
    """Whether a game of ``turns`` turns can change ratings (forfeits and wins alike).

    >>> is_rated(3), is_rated(4)
    (False, True)
    """
    return turns >= RATED_MIN_TURNS
