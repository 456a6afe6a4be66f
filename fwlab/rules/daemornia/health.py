"""The health figures of a Daemornia game (``fw``, ``fw-epic``, ``bg``) and their bands (fwlab/rules/health.py).

Read from a finished game (``Engine.health``): the Capital each cause took (``Game.capital_lost``,
counted by seat and cause: raids, Scenarios' card effects, other card effects, Exp lost with a
card, draws from an empty deck), and whether a deck ran out. The stored match logs keep Capital
per turn but not its cause, so these need a simulation; the end reasons (``deck-out``: the last
Capital loss was a draw from an empty deck, FW-END-2) come from the logs too. Not compiled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..health import MEAN, SHARE, Band, HealthFigure
from .state import LOST_CAUSES, LOST_DECKOUT, LOST_EFFECT, LOST_EXP, LOST_RAID, LOST_SCENARIO

FIGURES: tuple[HealthFigure, ...] = (
    HealthFigure("lost_raid", "Capital lost to raids a game, both seats (FW-RAID-1)", MEAN, "Capital"),
    HealthFigure("lost_scenario", "Capital lost to Scenarios' card effects a game (drains)", MEAN, "Capital"),
    HealthFigure("lost_effect", "Capital lost to other card effects a game (events, creatures, last gasps)", MEAN,
                 "Capital"),
    HealthFigure("lost_exp", "Capital lost with the Exp of killed or destroyed cards a game (BG-EXP-1)", MEAN,
                 "Capital"),
    HealthFigure("lost_deckout", "Capital lost to draws from an empty deck a game (FW-DRAW-2)", MEAN, "Capital"),
    HealthFigure("raid_share", "share of the Capital lost in a game that raids took (games with any lost)", MEAN),
    HealthFigure("deck_ran_out", "share of games in which a seat drew from an empty deck", SHARE),
)

_CAUSES = (("lost_raid", LOST_RAID), ("lost_scenario", LOST_SCENARIO), ("lost_effect", LOST_EFFECT),
           ("lost_exp", LOST_EXP), ("lost_deckout", LOST_DECKOUT))


def health(g: Any) -> dict[str, float]:
    """The figures of one finished game (see :data:`FIGURES`)."""
    lost = g.capital_lost
    out: dict[str, float] = {}
    total = 0
    for name, cause in _CAUSES:
        n = lost[cause] + lost[LOST_CAUSES + cause]
        out[name] = float(n)
        total += n
    if total:
        out["raid_share"] = out["lost_raid"] / total
    out["deck_ran_out"] = 1.0 if out["lost_deckout"] > 0 else 0.0
    return out


_FIRST = ("000 passes the first turn to a random player and nothing in the rules makes up for it, so the "
          "coin toss should not decide the game; RULINGS 'game health': no seat wins far beyond its share. "
          "Within 0.08 of the fair share is the issue's target for every ruleset")
_SEAT = ("decks change seats and the first seat alternates within every pairing, so a seat's own edge can only "
         "come from code that treats seat a and b apart (a bot's seed, a tie-break): none is fair")
_PAIRING = ("one pairing may lean further than the field (a fast deck plays its first turn better), but a first "
            "player winning two games in three of a pairing is the turn order deciding it, not the decks")
_CAP = ("the turn cap (SIM-CAP-1) is the simulator's own stop: 000 ends a game only when a Capital reaches 0, so "
        "a capped game is one the text never describes; 2% leaves room for the rare stalled pair of decks")
_DRAWS = ("000 has no drawn game; fwlab's reading (both Capitals reach 0 in the same Resolution, or the cap) "
          "should stay rare")
_DECKOUT_END = ("000: a draw from an empty deck costs 1 Capital, so a deck-out only finishes a player already "
                "brought low; a field mostly decided that way is a stall, not the Capital race of raids 000 "
                "describes. Deck-outs must still be possible, so only an upper bound")
_RAID = ("000: on a Raid 'the opponent loses an amount of Capital equal to the damage of the raiding creature': "
         "raids are the way Capital is taken, so they should take most of it")
_DIAG = ("a breakdown of where Capital went; no text sets it, so only a bound that would mean a broken game: "
         "more than the starting Capital of both seats lost to one cause a game")


def _bands(capital: int, rounds: tuple[float, float], rounds_why: str) -> tuple[Band, ...]:
    both = 2.0 * capital
    return (
        Band("position", -0.08, 0.08, _FIRST, relative=True),
        Band("seat", -0.05, 0.05, _SEAT, relative=True),
        Band("pairing", 0.35, 0.65, _PAIRING),
        Band("turn_cap", None, 0.02, _CAP),
        Band("draws", None, 0.05, _DRAWS),
        Band("end.deck-out", None, 0.25, _DECKOUT_END),
        Band("end.turn-cap", None, 0.02, _CAP),
        Band("end.capital", 0.5, None, "000: 'If their Capital is reduced to zero ... they have lost': the way "
             "games should end (by raids, effects or Exp; the deck-out ending is counted apart)"),
        Band("rounds", rounds[0], rounds[1], rounds_why),
        Band("turns", 2 * rounds[0], 2 * rounds[1], "twice the rounds band (two seats): " + rounds_why),
        Band("raid_share", 0.5, None, _RAID),
        Band("lost_raid", capital / 2.0, None, _RAID + f"; at least half a starting Capital ({capital}) a game"),
        Band("lost_scenario", None, both, _DIAG),
        Band("lost_effect", None, both, _DIAG),
        Band("lost_exp", None, both, _DIAG),
        Band("lost_deckout", None, capital / 2.0, _DECKOUT_END + f"; at most half a starting Capital ({capital}) "
             "a game to empty decks"),
        Band("deck_ran_out", None, 0.5, "a deck that runs out in most games means the games outlast the decks "
             "000 builds (deck limits) instead of ending by raids"),
    )


_FW_ROUNDS = ("000's resource cycle gives 1, 2, 3 Res a turn, so the big creatures arrive from the third round; "
              "a game over in under 4 rounds is decided before most of a deck is playable, and one past 30 "
              "rounds has drawn most of a 40-card deck without a Capital race")
_EPIC_ROUNDS = ("the epic cycle rises to 6 Res, so games may run longer than fw's before the big cards land; "
                "under 4 rounds nothing of the cycle is played, past 35 the decks are drawn out")
_BG_ROUNDS = ("002 starts at 40 Capital, twice fw's, with resources from 2D6, so games run longer: under 6 "
              "rounds is faster than 40 Capital can be raided, past 45 the decks are drawn out")

BANDS: Mapping[str, tuple[Band, ...]] = {
    "fw": _bands(20, (4, 30), _FW_ROUNDS),
    "fw-epic": _bands(20, (4, 35), _EPIC_ROUNDS),
    "bg": _bands(40, (6, 45), _BG_ROUNDS),
}
