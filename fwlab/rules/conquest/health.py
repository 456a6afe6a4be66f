"""The health figures of a Conquest game (``conquest``) and their bands (fwlab/rules/health.py).

Read from a finished game (``Engine.health``): the fields left untaken (``Game.owner`` -1) and
their difficulty, and how much of the final coins are the 25 each seat started with
(CQ-SETUP-1). The stored logs give the same for matches played on the ruled board (19 fields of
the ruled difficulties): the fields taken are the match's ``field_events``, the coins its seats'
scores. Not compiled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..health import MEAN, SHARE, Band, HealthFigure, Stored
from .game import DIFFICULTIES, START_COINS

FIGURES: tuple[HealthFigure, ...] = (
    HealthFigure("open_fields", "fields left untaken at the end of a game (CQ-END-1)", MEAN, "fields",
                 Stored("open_fields", (len(DIFFICULTIES),), own_rules=True)),
    HealthFigure("open_difficulty", "mean difficulty of the fields left untaken (games with any)", MEAN,
                 "difficulty", Stored("open_difficulty", (len(DIFFICULTIES), sum(DIFFICULTIES)), own_rules=True)),
    HealthFigure("any_open", "share of games ending with a field untaken", SHARE),
    HealthFigure("start_coin_share", f"the {START_COINS} starting coins of every seat over the final coins of "
                 "all seats (CQ-SETUP-1)", MEAN, "", Stored("start_share", (START_COINS,))),
)


def health(g: Any) -> dict[str, float]:
    """The figures of one finished game (see :data:`FIGURES`)."""
    open_diffs = [d for d, who in zip(g.diff, g.owner) if who < 0]
    out: dict[str, float] = {"open_fields": float(len(open_diffs)), "any_open": 1.0 if open_diffs else 0.0}
    if open_diffs:
        out["open_difficulty"] = sum(open_diffs) / len(open_diffs)
    coins = sum(s.coins for s in g.seats)
    if coins > 0:
        out["start_coin_share"] = START_COINS * len(g.seats) / coins
    return out


_ORDER = ("003 turns the first round counter-clockwise, so the player last in round 1 plays twice in a row "
          "(CQ-ORDER-1): RULINGS 'game health' asks that this edge be reported, and every position should "
          "stay within 0.08 of its fair share 1/n (the issue measured 0.47 / 0.36 / 0.32 for the last "
          "player at 3 / 4 / 5 players); the turn_order option tries the alternative")
_IDLE = ("003 ends a game 'when all of the fields of the gameboard have been conquered, or if each player goes "
         "through one turn without anyone conquering a field': the board taken is the main ending, the idle "
         "end the fallback; the issue's bound is under 25% of 4-player games (about 40% when it was set)")
_ROUNDS = ("003: 'a typical game ends in about an hour'; 19 fields are taken a few a round: under 4 rounds "
           "is faster than the board can be conquered, past 15 it is a stall")
BANDS: Mapping[str, tuple[Band, ...]] = {
    "conquest": (
        Band("position", -0.08, 0.08, _ORDER, relative=True),
        Band("seat", -0.08, 0.08, "the first player rotates over the seats, so a seat's own edge can only come "
             "from code that treats the seats apart", relative=True),
        Band("end.idle", None, 0.25, _IDLE),
        Band("end.all-taken", 0.75, None, _IDLE),
        Band("draws", None, 0.1, "003: 'The player with the greatest value of money wins': a shared first place "
             "needs equal coins"),
        Band("rounds", 4, 15, _ROUNDS),
        Band("turns", 12, 75, "the rounds band times 3 to 5 players: " + _ROUNDS),
        Band("open_fields", None, 2, "003's board is meant to be conquered: a game that ends with more than two "
             "fields open on average ends idle with the board unplayed (two fields of difficulty ~10 when the "
             "issue was set)"),
        Band("any_open", None, 0.25, _IDLE),
        Band("open_difficulty", None, 10, "003's hardest fields (10 to 12) are taken with support and magic: if "
             "the fields left open average above 10 the top of the board is out of reach"),
        Band("start_coin_share", None, 0.5, "coins come from the fields conquered (CQ-SCORE-1); the 25 a seat "
             "starts with should be less than half of the final coins, or the game hardly changes the "
             "standings (more than half when the issue was set)"),
    ),
}
